"""The words of the play board (この局面から指す) in Japanese: side names and game outcomes.

The engine in the browser (:mod:`banmen.play` under Pyodide) reports a finished game as
``{"winner", "reason"}`` with the engine's short English reason (:class:`banmen.game.Outcome`:
``"no legal action"``, ``"third capture"``, ``"ranking: red 1, blue 2"``...). The page says it
in Japanese through the table here, exported at build time as ``assets/play-words.json``
(:func:`words_json`): the patterns are data, applied the same way by :func:`outcome_ja` in
Python and by ``banmen/site/assets/js/play/play-words.js`` in the page, so no rule and no sentence
is written twice.

A pattern is a regular expression over the whole reason with named groups (written
``(?P<name>...)`` here and exported as ``(?<name>...)``, which JavaScript reads) and a template whose ``{name}`` is the group as written, ``{name|side}`` the group as
a side name, ``{name|sides}`` a comma list of sides joined with 、, and ``{name|ranks}`` a list
``red 1, blue 2`` said as 「1位 赤、2位 青」.
"""

from __future__ import annotations

import json
import re

from banmen.site.reasons import SIDE_JA

#: Every side id of the engines, in Japanese (the four seats of 4-player バブーシュカ too).
SIDES_JA: dict[str, str] = {**SIDE_JA, "south": "南", "west": "西", "north": "北",
                            "east": "東"}

#: The dolls' colour of each seat of 4-player バブーシュカ, as the rules page names them (the
#: side menu says 「南（こい藍色）」, so that a reader knows which dolls are theirs).
SEAT_COLOURS_JA: dict[str, str] = {"south": "こい藍色", "west": "赤", "north": "緑",
                                   "east": "黄色"}

#: (pattern, template) for each outcome reason of the engines (``banmen/games/*/game.py``).
OUTCOMES: list[tuple[str, str]] = [
    # ukejalayer
    (r"^no legal action$", "相手に指せる手がなくなりました。"),
    # suicide-checkers (the side that runs out of pieces or moves wins)
    (r"^no pieces$", "自分の駒がすべてなくなりました。"),
    (r"^no legal move$", "指せる手がなくなりました。"),
    (r"^repetition$", "同じ局面がくり返されました。"),
    (r"^quiet moves$", "駒を取らない手が長く続きました。"),
    # medamagaeru
    (r"^repetition duty: no move to a new position$",
     "千日手の決まりで、前にない局面へ進める手がなくなりました。"),
    (r"^(?P<n>first|second|third|fourth|fifth|\d+) capture$", "決められた数の駒を取りました。"),
    (r"^(?P<s>\d+-\d+) judgement: neither side can capture anything$",
     "{s}の判定：どちらも相手の駒を取れません。"),
    (r"^(?P<s>\d+-\d+) judgement: (?P<side>\w+) can capture nothing$",
     "{s}の判定：{side|side}はもう相手の駒を取れません。"),
    (r"^no winning capture within (?P<n>\d+) plies of (?P<s>\d+-\d+)$",
     "{s}になってから{n}手のあいだに、勝ちを決める取りがありませんでした。"),
    # babuschka
    (r"^all nests home$", "人形をすべてゴールに入れました。"),
    (r"^ranking: (?P<l>[a-z, ]+); the others passed in a row and stay unranked$",
     "ゴールした順：{l|sides}。ほかの人は続けてパスしたので順位なしです。"),
    (r"^every player passed in a row$", "全員が続けてパスしました。"),
    # ludo (ranks) and babuschka (order) share the word
    (r"^ranking: (?P<l>[a-z]+ \d+(?:, [a-z]+ \d+)*)$", "順位：{l|ranks}。"),
    (r"^ranking: (?P<l>[a-z]+(?:, [a-z]+)*)$", "ゴールした順：{l|sides}。"),
]

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
    """Return ``assets/play-words.json``: ``{"sides": {id: name}, "seat_colours": {id:
    colour}, "outcomes": [[pattern, template], ...], "reader": READER_JA}`` with the patterns
    in JavaScript syntax (``(?<name>``); deterministic."""
    outcomes = [[pattern.replace("(?P<", "(?<"), template] for pattern, template in OUTCOMES]
    return json.dumps({"sides": SIDES_JA, "seat_colours": SEAT_COLOURS_JA,
                       "outcomes": outcomes, "reader": READER_JA}, ensure_ascii=False,
                      sort_keys=True, separators=(",", ":")) + "\n"
