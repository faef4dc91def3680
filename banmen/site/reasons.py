"""The engines' reasons for an illegal move, said in Japanese on the page.

The engines refuse a move with :class:`banmen.game.IllegalMoveError`: an English text (what
the command line prints), a reason ``code`` and its ``values``. Move puzzles export, per
position, the reasons for the well-formed illegal moves a reader may type
(:mod:`banmen.content.solution`, as :meth:`~banmen.game.IllegalMoveError.as_data`);
:func:`reason_ja` says each from the game's words (``WORDS["reasons"][code]`` of the game
package's ``words.py``, :class:`banmen.contract.Words`) filled with the values. A reason
without a code, or with a code the words have no sentence for, gets no sentence (the page
then only says that the move cannot be played), never the English text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from banmen.contract import Words, words_of
from banmen.game import game_package

#: A field of a template: ``{name}`` or ``{name|how}``.
_FIELD = re.compile(r"\{(\w+)(?:\|(\w+))?\}")


@lru_cache(maxsize=None)
def game_words(game_id: str) -> Words:
    """Return the ``WORDS`` of ``game_id``'s package (``{}`` when it has none).

    Raises:
        BanmenError: the id is unknown.
    """
    return words_of(game_package(game_id))


def fill(words: Words, template: str, values: Mapping[str, Any]) -> str:
    """Return ``template`` with its fields filled from ``values``: ``{name}`` the value as
    given, ``{name|side}`` a side name (``words["sides"]``, the id itself when unknown),
    ``{name|list}`` a list joined with 、, ``{name|<table>}`` the value looked up in
    ``words["values"][<table>]`` (the value itself when the table lacks it).

    Raises:
        KeyError: a field names a value that ``values`` lacks, or a table the words lack.
    """
    sides = words.get("sides", {})
    tables = words.get("values", {})

    def one(match: re.Match[str]) -> str:
        value, how = values[match.group(1)], match.group(2)
        if how is None:
            return str(value)
        if how == "side":
            return sides.get(str(value), str(value))
        if how == "list":
            return "、".join(str(part) for part in value)
        return tables[how].get(str(value), str(value))

    return _FIELD.sub(one, template)


def reason_ja(game_id: str, reason: Mapping[str, Any]) -> str:
    """Return why a move is illegal, in Japanese.

    The sentence does not name the move; the page puts 「<typed text>」は指せません。 in front.

    Args:
        game_id: the game whose engine refused the move.
        reason: ``{"code": code or None, "values": {...}}`` (and the English ``"text"``,
            unused), as :meth:`banmen.game.IllegalMoveError.as_data` gives it.

    Returns:
        One or two Japanese sentences, or ``""`` for a reason without a code or a code the
        game's words have no sentence for.

    Raises:
        BanmenError: the game id is unknown.
        KeyError: the sentence names a value the reason lacks (an engine bug).
    """
    words = game_words(game_id)
    template = words.get("reasons", {}).get(reason.get("code") or "")
    if template is None:
        return ""
    return fill(words, template, reason.get("values") or {})
