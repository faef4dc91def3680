"""Why a typed move is illegal: the tables a move puzzle's page reads for text the reader types.

The page (``banmen/site/assets/js/typed-move.js``) parses a typed move with the game's notation
only (no rule), given as data by the game package (:func:`typed_notation`), into the click
tokens that would enter it on the board, then walks the legal
click paths of the position (:meth:`banmen.game.Game.move_clicks`). The first token that
continues no legal path gets the engine's reason for that click; a text that stops before
its move is complete gets the engine's reason for stopping there. Both come from the engine
at build time, so every well-formed text gets a reason, and the tables stay bounded: one
entry per (legal click prefix, square), not one per possible text.

The table of one position::

    {"why":  {prefix (tokens joined by " "): {square or "#": Japanese reason}},
     "stop": {prefix of two or more tokens: Japanese reason},
     **game.typed_tables(state)}     # e.g. ukejalayer's "lose" (height-change notation)

``"#"`` is the reason for a count (a ``#<n>`` choice, ukejalayer's pieces carried) that the
prefix does not offer; it is there only where the prefix offers counts.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from typing import Any

from banmen.errors import BanmenError
from banmen.game import Game, game_module

#: At most this many click prefixes per position get reasons (the rest say the notation
#: message's fallback sentence on the page); the lessons use the same bound.
TYPED_PREFIXES_MAX = 400


def typed_reasons(game: Game, state: Hashable, paths: Sequence[Sequence[str]],
                  squares: Sequence[str]) -> dict[str, Any]:
    """Return the reason tables of ``state`` (the module docstring's shape).

    Args:
        game: the engine.
        state: the position the reader is to move in.
        paths: the click path of every legal move (:meth:`Game.move_clicks`, made unique
            with a trailing ``#=<move>`` choice where two moves share their clicks).
        squares: every square name of the board, sorted.

    Returns:
        ``{"why": ..., "stop": ..., **game.typed_tables(state)}``; keys sorted, so the page
        data stays deterministic.
    """
    tuples = [tuple(p) for p in paths]
    complete = set(tuples)
    prefixes: dict[tuple[str, ...], None] = {(): None}
    for path in tuples:
        for n in range(1, len(path) + 1):  # complete paths too: a text may go on past one
            prefixes.setdefault(path[:n], None)
    why: dict[str, dict[str, str]] = {}
    stop: dict[str, str] = {}
    for prefix in list(prefixes)[:TYPED_PREFIXES_MAX]:
        nexts = {p[len(prefix)] for p in tuples
                 if len(p) > len(prefix) and p[:len(prefix)] == prefix}
        table = {square: game.click_reason(state, list(prefix), square)
                 for square in squares if square not in nexts}
        if any(token[1:].isdigit() for token in nexts if token.startswith("#")):
            table["#"] = game.click_reason(state, list(prefix), "#")
        why[" ".join(prefix)] = table
        if len(prefix) > 1 and prefix not in complete and not prefix[-1].startswith("#"):
            stop[" ".join(prefix)] = game.stop_reason(state, list(prefix))
    return {"why": dict(sorted(why.items())), "stop": dict(sorted(stop.items())),
            **game.typed_tables(state)}


def typed_notation(game: Game) -> dict[str, Any] | None:
    """Return how the page reads a typed move of ``game``: the forms of its notation as plain
    data (the game package's ``typed.notation(game)``, see
    :class:`banmen.contract.TypedNotation`), or ``None`` when the package gives none (the
    page then reads no typed move other than the legal ones and asks the reader to check
    the notation).

    Args:
        game: the engine of the puzzle (the data may depend on its board, e.g. the order of
            its squares).

    Raises:
        BanmenError: the data is not of that shape (one line naming the package's
            ``typed.notation`` and the wrong key).
    """
    module = game_module(game.id, "typed")
    if module is None:
        return None
    notation = module.notation(game)
    _check_notation(notation, f"{module.__name__}.notation")
    return notation


_FORM_KINDS = ("word", "clicks", "changes")
_PART_KINDS = ("number", "count", "token", "each")


def _check_pattern(pattern: Any, where: str) -> None:
    if not isinstance(pattern, str):
        raise BanmenError(f"{where}: expected a regular expression (a string)")
    try:
        re.compile(pattern)
    except re.error as err:
        raise BanmenError(f"{where}: not a regular expression ({err})") from None


def _check_parts(parts: Any, where: str) -> None:
    if not isinstance(parts, list):
        raise BanmenError(f"{where}: expected a list of parts")
    for i, part in enumerate(parts):
        here = f"{where}[{i}]"
        if not isinstance(part, dict) or set(part) - {"group", "parts", *_PART_KINDS}:
            raise BanmenError(f"{here}: expected a part with keys among group, "
                              f"{', '.join(_PART_KINDS)}, parts")
        if sum(kind in part for kind in _PART_KINDS) > 1:
            raise BanmenError(f"{here}: at most one of {', '.join(_PART_KINDS)}")
        if "each" in part:
            _check_pattern(part["each"], f"{here}.each")
            _check_parts(part.get("parts", [{}]), f"{here}.parts")


def _check_notation(notation: Any, where: str) -> None:
    """Check the shape of a game's typed-move notation (:class:`banmen.contract.TypedNotation`).

    Raises:
        BanmenError: one line naming ``where`` and the wrong key.
    """
    if notation is None:
        return
    if not isinstance(notation, dict) or not isinstance(notation.get("forms"), list):
        raise BanmenError(f"{where}: expected a mapping with a list 'forms'")
    for i, form in enumerate(notation["forms"]):
        here = f"{where}: forms[{i}]"
        if not isinstance(form, dict) or sum(kind in form for kind in _FORM_KINDS) != 1:
            raise BanmenError(f"{here}: expected 'match' and one of {', '.join(_FORM_KINDS)}")
        _check_pattern(form.get("match"), f"{here}.match")
        if "changes" in form:
            _check_pattern(form["changes"], f"{here}.changes")
        if "clicks" in form:
            _check_parts(form["clicks"], f"{here}.clicks")
    if "order" in notation and not (isinstance(notation["order"], list) and all(
            isinstance(square, str) for square in notation["order"])):
        raise BanmenError(f"{where}: 'order' must be a list of square names")
