"""めだまがえる move kinds and click reasons for lessons (``shared/rules/medamagaeru.md``,
"Moves": a step, a capture, a capture with promotion; "The attacker": the repetition duty)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banmen.games.medamagaeru.board import SQUARES, can_capture, parse_square, square_name
from banmen.games.medamagaeru.moves import under_repetition_duty

#: Move kind id -> Japanese name.
KIND_NAMES = {"move": "移動", "capture": "取る手", "promote": "成り"}
SIDE_JA = {"green": "緑", "white": "白"}


def move_kinds(game: Any, state: Any, move: Any) -> tuple[str, ...]:
    """Return ``("promote", "capture")``, ``("capture",)`` or ``("move",)``."""
    if move.promote:
        return ("promote", "capture")
    return ("capture",) if move.capture else ("move",)


def _distance(a: str, b: str) -> int:
    return max(abs(int(a[0]) - int(b[0])), abs(int(a[1]) - int(b[1])))


def click_reason(game: Any, state: Any, clicks: Sequence[str], square: str) -> str:
    """Say which rule stops a click on ``square`` (after ``clicks``) from entering a move."""
    side = state.to_move
    piece = state.piece_at(parse_square(square))
    duty = under_repetition_duty(state) and state.attacker == side
    if not clicks:
        if piece is None:
            return "そのマスにはかえるがいません。動かす自分のかえるをクリックしてください。"
        if piece.owner != side:
            return f"それは相手のかえるです。今は{SIDE_JA[side]}の番です。"
        if duty:
            return ("仕掛け方には千日手の義務があります。このかえるの手は、どれも前と同じ局面に"
                    "戻ってしまいます。")
        return "そのかえるは、今は動けるマスがありません。"
    origin = clicks[0]
    mover = state.piece_at(parse_square(origin))
    if _distance(origin, square) != 1:
        return "かえるが動けるのは、まわり8方向のとなりのマスへ1マスだけです。"
    if piece is not None and piece.owner == side:
        return "自分のかえるがいるマスには入れません。"
    if piece is not None and mover is not None and not can_capture(mover.eyes, piece.eyes):
        prey = 5 if mover.eyes == 1 else mover.eyes - 1
        return (f"目玉{mover.eyes}のかえるが取れるのは、目玉{prey}の相手だけです。"
                f"目玉{piece.eyes}のかえるは取れません。")
    if duty:
        return ("仕掛け方には千日手の義務があります。その手では前と同じ局面に戻るので"
                "指せません。")
    return "そのマスへは動けません。"


def typed_tables(game: Any, state: Any) -> dict[str, Any]:
    """The reasons for an eye count that does not match the frog moved (spec "Notation":
    ``5 63-52`` names the mover's eyes, ``3+`` a promoted frog).

    Returns:
        ``{"labels": {square: [accepted label, ..., reason]}}`` for every frog of the side to
        move: the eye counts that may be written before its square (``"3"`` and ``"3+"`` for
        a promoted 3) and what to say when another is written.
    """
    side = state.to_move
    labels: dict[str, list[str]] = {}
    for square in SQUARES:
        piece = state.piece_at(square)
        if piece is None or piece.owner != side:
            continue
        name = square_name(square)
        shown = f"{piece.eyes}（成り）" if piece.promoted else f"{piece.eyes}"
        accepted = [str(piece.eyes)] + ([f"{piece.eyes}+"] if piece.promoted else [])
        labels[name] = accepted + [f"{name}の{SIDE_JA[side]}のかえるは目玉{shown}です。"]
    return {"labels": labels}
