"""The words of the play board (この局面から指す) in Japanese: side names and game outcomes.

The engine in the browser (:mod:`banmen.play` under Pyodide) reports a finished game as
``{"winner", "reason"}`` with the engine's short English reason (:class:`banmen.game.Outcome`:
``"no legal action"``, ``"third capture"``, ``"ranking: red 1, blue 2"``...). The page says it
in Japanese through each game's words (``WORDS`` of the game package's ``words.py``:
``sides``, ``seat_colours``, ``outcomes``, see :class:`banmen.contract.Words`), exported at
build time as ``assets/play-words.json`` (:func:`words_json`): the patterns are data, applied
the same way by :func:`outcome_ja` in Python and by ``banmen/site/assets/js/play/play-words.js`` in
the page, so no rule and no sentence is written twice. This module names no game.

A pattern is a regular expression over the whole reason with named groups (written
``(?P<name>...)`` in the words and exported as ``(?<name>...)``, which JavaScript reads) and
a template whose ``{name}`` is the group as written, ``{name|side}`` the group as a side name,
``{name|sides}`` a comma list of sides joined with 、, and ``{name|ranks}`` a list
``red 1, blue 2`` said as 「1位 赤、2位 青」.
"""

from __future__ import annotations

import json
import re

from banmen.game import game_ids
from banmen.site.reasons import game_words


def _every_game() -> tuple[dict[str, str], dict[str, str], list[tuple[str, str]]]:
    sides: dict[str, str] = {}
    colours: dict[str, str] = {}
    outcomes: list[tuple[str, str]] = []
    for game_id in game_ids():
        words = game_words(game_id)
        sides.update(words.get("sides", {}))
        colours.update(words.get("seat_colours", {}))
        outcomes.extend((pattern, template) for pattern, template in words.get("outcomes", []))
    return sides, colours, outcomes


#: Every side id of the registered games, in Japanese (the union of the games' ``sides``:
#: a side id means the same in every game, e.g. ``white`` 白).
#: The dolls' colour of each seat, as the rules pages name them (the games' ``seat_colours``:
#: the side menu says 「南（こい藍色）」, so that a reader knows which dolls are theirs).
#: (pattern, template) for each outcome reason of the engines, game by game (sorted ids).
SIDES_JA, SEAT_COLOURS_JA, OUTCOMES = _every_game()

#: The head of the end sentence when the reader played one side (``{side}``: a side name):
#: the reader's win, the computer's win (the reader's loss), a draw; the reason follows.
READER_JA: dict[str, str] = {"won": "あなた（{side}）の勝ちです。",
                             "lost": "コンピューター（{side}）の勝ちです。あなたの負けです。",
                             "draw": "引き分けです。"}

_FIELD = re.compile(r"\{(\w+)(?:\|(side|sides|ranks))?\}")


def _side(name: str) -> str:
    return SIDES_JA.get(name, name)


def _fill(template: str, groups: dict[str, str]) -> str:
    def one(match: re.Match[str]) -> str:
        value, how = groups[match.group(1)], match.group(2)
        if how == "side":
            return _side(value)
        parts = [part.strip() for part in value.split(",")]
        if how == "sides":
            return "、".join(_side(part) for part in parts)
        if how == "ranks":
            return "、".join(f"{part.split()[1]}位 {_side(part.split()[0])}" for part in parts)
        return value

    return _FIELD.sub(one, template)


def outcome_ja(winner: str | None, reason: str) -> str:
    """Return the end of a game in Japanese: who won (or a draw), then why.

    Args:
        winner: the winning side's id, or ``None`` for a draw.
        reason: the engine's reason (:class:`banmen.game.Outcome`).

    Returns:
        e.g. 「黒の勝ちです。相手に指せる手がなくなりました。」; a reason no pattern knows adds
        no sentence (never the English text).
    """
    head = "引き分けです。" if winner is None else f"{_side(winner)}の勝ちです。"
    return head + _reason(reason)


def _reason(reason: str) -> str:
    """The sentence of the first pattern matching ``reason`` ("" when none does)."""
    for pattern, template in OUTCOMES:
        found = re.match(pattern, reason)
        if found:
            return _fill(template, found.groupdict())
    return ""


def reader_outcome_ja(winner: str | None, reason: str, me: str) -> tuple[str, str]:
    """Return the end of a game in the reader's terms when the reader played side ``me``:
    ``(sentence, result)``, result ``"won"``, ``"lost"`` or ``"draw"``, e.g.
    (「コンピューター（白）の勝ちです。あなたの負けです。自分の駒がすべてなくなりました。」, "lost").
    The page (``play-words.js``) says the same from :data:`READER_JA` in the words file."""
    result = "draw" if winner is None else "won" if winner == me else "lost"
    head = READER_JA[result].replace("{side}", _side(winner) if winner is not None else "")
    return head + _reason(reason), result


def words_json() -> str:
    """Return ``assets/play-words.json``: ``{"games": {game id: {"sides": {id: name},
    "seat_colours": {id: colour} (where the game has them), "outcomes": [[pattern, template],
    ...]}}, "reader": READER_JA}`` with the patterns in JavaScript syntax (``(?<name>``);
    deterministic."""
    games = {}
    for game_id in game_ids():
        words = game_words(game_id)
        entry = {"sides": words.get("sides", {}),
                 "outcomes": [[pattern.replace("(?P<", "(?<"), template]
                              for pattern, template in words.get("outcomes", [])]}
        if words.get("seat_colours"):
            entry["seat_colours"] = words["seat_colours"]
        games[game_id] = entry
    return json.dumps({"games": games, "reader": READER_JA}, ensure_ascii=False,
                      sort_keys=True, separators=(",", ":")) + "\n"
