"""バブーシュカ move kinds and click reasons for lessons (``shared/rules/babuschka.md``,
"A turn": a step, a jump or a chain of jumps, the pass)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banmen.games.babuschka import board as geo
from banmen.games.babuschka import moves as mv
from banmen.games.babuschka.rules import SEATS

#: Move kind id -> Japanese name.
KIND_NAMES = {"step": "1マスの移動", "jump": "ジャンプ", "chain": "連続ジャンプ",
              "cover": "かぶせる手", "pass": "パス"}
SIZE_JA = "小中大"


def move_kinds(game: Any, state: Any, move: Any) -> tuple[str, ...]:
    """Return ``("pass",)``, ``("step",)`` or ``("jump",)`` / ``("chain", "jump")`` (two or
    more jumps), with ``"cover"`` first when the doll ends on top of a smaller one."""
    if move.is_pass:
        return ("pass",)
    kinds: tuple[str, ...] = ("step",)
    if move.is_jump:
        kinds = ("chain", "jump") if move.jumps > 1 else ("jump",)
    if state.board[move.target] and move.target != move.origin:
        kinds = ("cover",) + kinds
    return kinds


def click_reason(game: Any, state: Any, clicks: Sequence[str], square: str) -> str:
    """Say which rule stops a click on ``square`` (after ``clicks``) from entering a move."""
    own = state.to_move
    nest = state.board[geo.parse_square(square)]
    if not clicks:
        if not nest:
            return "そのマスには人形がありません。動かす自分の人形をクリックしてください。"
        if nest[-1] & 3 != own:
            mine = any(d & 3 == own for d in nest)
            return ("そのマスの一番上は相手の人形です。" +
                    ("下に自分の人形が入っていても、上の人形がどくまでは動かせません。"
                     if mine else "動かせるのは、一番上が自分の人形のマスだけです。"))
        return "その人形は、今は行けるマスがありません。"
    origin = geo.parse_square(next(c for c in reversed(clicks) if not c.startswith("#")))
    first = geo.parse_square(clicks[0])
    size = state.board[first][-1] >> 2
    target = geo.parse_square(square)
    if nest and nest[-1] >> 2 >= size and target != first:
        return (f"そのマスの一番上は{SIZE_JA[nest[-1] >> 2]}の人形です。かぶせられるのは、"
                f"自分（{SIZE_JA[size]}）より小さい人形だけです。")
    seat = SEATS[state.players][own]
    dx, dy = target % 8 - origin % 8, target // 8 - origin // 8
    forward = geo.directions(seat)
    step = (max(-1, min(1, dx)), max(-1, min(1, dy)))
    if step not in forward and (abs(dx) <= 2 and abs(dy) <= 2):
        return "人形は前・ななめ前・よこにしか進めません。後ろやななめ後ろへは行けません。"
    return ("人形はとなりのマスへ1マス動くか、となりの人形を飛び越えて、すぐ後ろのマスへ"
            "着地します。そのマスへは行けません。")



def typed_tables(game: Any, state: Any) -> dict[str, Any]:
    """The reasons for a size letter that does not match the doll moved and for a pass that
    is not allowed (spec "Notation": ``L c1-c2`` names the mover's size; "A turn": a player
    passes only when no action is possible).

    Returns:
        ``{"labels": {square: [size letter (lower case), reason]}, "words": {"pass": reason}}``
        for every nest topped by the side to move; ``words`` is empty where pass is legal.
    """
    own = state.to_move
    labels: dict[str, list[str]] = {}
    for square in geo.SQUARES:
        nest = state.board[square]
        if nest and nest[-1] & 3 == own:
            size = nest[-1] >> 2
            name = geo.square_name(square)
            labels[name] = ["sml"[size],
                            f"{name}の一番上の人形は{SIZE_JA[size]}（{'SML'[size]}）です。"]
    words = {}
    if game.legal_moves(state) != [mv.PASS]:
        words["pass"] = "まだ動かせる人形があるので、パスはできません。"
    return {"labels": labels, "words": words}
