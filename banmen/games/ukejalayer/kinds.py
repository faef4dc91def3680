"""ウケジャレイヤー move kinds and click reasons for lessons (``shared/rules/ukejalayer.md``,
"A turn": summon, move including 連携, eliminate)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banmen.games.ukejalayer.rules import PIECE

#: Move kind id -> Japanese name.
KIND_NAMES = {"summon": "召喚", "move": "移動", "link": "連携", "eliminate": "排除"}


def move_kinds(game: Any, state: Any, move: Any) -> tuple[str, ...]:
    """Return ``("summon",)``, ``("eliminate",)``, ``("move",)``, or ``("link", "move")``
    for a chain whose representative chain passes through a square already topped by the
    mover (連携: going on through one's own linked squares)."""
    if move.kind in ("summon", "eliminate"):
        return (move.kind,)
    piece = PIECE[state.to_move]
    index = game.geometry.index
    through = game.move_path(state, move)[1:-1]
    if any(state.board[index[sq]].endswith(piece) for sq in through):
        return ("link", "move")
    return ("move",)


def _adjacent(a: str, b: str) -> bool:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1


def click_reason(game: Any, state: Any, clicks: Sequence[str], square: str) -> str:
    """Say which rule stops a click on ``square`` (after ``clicks``) from entering a move."""
    side = state.to_move
    stack = state.board[game.geometry.index[square]]
    if not clicks:
        if not stack:
            return "手駒がもう残っていないので、空いたマスに召喚することはできません。"
        if stack[-1] != PIECE[side]:
            return ("その山の一番上は相手の駒です。動かせるのは、一番上が自分の駒の山"
                    "だけです。")
        return "その駒は、今は動かせません。"
    last = next(c for c in reversed(clicks) if not c.startswith("#"))
    if square == last:
        return "同じマスにとどまることはできません。"
    if not _adjacent(last, square):
        return (f"{last}からそのマスへは運べません。駒は縦か横のとなりのマスへ、1マスずつ"
                "運びます。")
    return (f"{last}からそのマスへは続けられません。通ったマスには自分の駒を1枚以上残す"
            "ので、1枚だけで入ったマスが連携でなければ、そこで止まります。")
