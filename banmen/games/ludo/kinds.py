"""ルドー・飛行棋 move kinds and click reasons for lessons (``shared/rules/ludo.md``,
"A turn": entering, moving, jump, flight, bounce, sending back, reaching the goal)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banmen.games.ludo import paths
from banmen.games.ludo.notation import _why_not
from banmen.games.ludo.track import YARD

#: Move kind id -> Japanese name.
KIND_NAMES = {"roll": "サイコロを振る", "pass": "パス", "enter": "陣地から出す手",
              "move": "進める手", "jump": "ジャンプ", "flight": "飛行", "bounce": "跳ね返り",
              "send_back": "相手の駒を陣地へ戻す手", "finish": "ゴールに入る手"}
COLOUR_JA = {"red": "赤", "yellow": "黄", "blue": "青", "green": "緑"}


def move_kinds(game: Any, state: Any, move: Any) -> tuple[str, ...]:
    """Return the kinds of a move, most specific first: ``finish``, ``send_back``,
    ``flight``, ``jump``, ``bounce``, then ``enter`` or ``move``; a roll is ``("roll",)``,
    a pass ``("pass",)``."""
    if move.kind in ("roll", "pass"):
        return (move.kind,)
    legs = {kind for _, _, kind in paths.move_legs(state, move)}
    after = game.play(state, move)
    kinds = []
    if after.pieces[state.to_move][move.value] == state.variant.goal:
        kinds.append("finish")
    if paths.sent_back(state, move):
        kinds.append("send_back")
    kinds += [k for k in ("flight", "jump", "bounce") if k in legs]
    kinds.append("enter" if "enter" in legs else "move")
    return tuple(kinds)


def click_reason(game: Any, state: Any, clicks: Sequence[str], square: str) -> str:
    """Say which rule stops a click on ``square`` (after ``clicks``) from entering a move."""
    colour = state.colours[state.to_move]
    if not clicks:
        here = paths.occupants(state).get(square, [])
        own = [n for n in here if n[0] == colour[0]]
        if not here:
            return f"そのマスには駒がありません。動かす{COLOUR_JA[colour]}の駒をクリックしてください。"
        if not own:
            return f"今は{COLOUR_JA[colour]}の番です。動かせるのは{COLOUR_JA[colour]}の駒だけです。"
        index = int(own[0][1:]) - 1
        d = state.pieces[state.to_move][index]
        v = state.variant
        if d == YARD:
            rolls = "か".join(str(r) for r in sorted(v.enter))
            return f"陣地の駒は、{rolls}が出たときだけ出せます。今の目は{state.roll}です。"
        if d == v.goal:
            return "その駒はもうゴールに入っています。"
        if _why_not(state, d, own[0]).code == "overshoot":
            return f"ゴールまでの残りより大きい目では、その駒は動かせません（今の目は{state.roll}）。"
        return "その駒は、今の目では動かせません。"
    return "その駒がこの目で行けるのは、色で示したマスだけです。そのマスへは行けません。"
