"""スーサイドチェッカー move kinds and click reasons for lessons
(``shared/rules/suicide-checkers.md``, "Moves": steps, compulsory captures, crowning)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banmen.games.suicide_checkers.board import is_capture, piece_at

#: Move kind id -> Japanese name.
KIND_NAMES = {"move": "ふつうの移動", "capture": "取る手", "crown": "キングになる手"}
SIDE_JA = {"black": "黒", "white": "白"}


def move_kinds(game: Any, state: Any, move: Any) -> tuple[str, ...]:
    """Return ``("capture",)`` or ``("move",)``, with ``"crown"`` first when a man ends on
    the far rank (the crowning ends the move)."""
    kinds: tuple[str, ...] = ("capture",) if is_capture(move) else ("move",)
    letter = piece_at(state, move[0])
    end = move[-1]
    if letter in ("b", "w") and (end >= 29 if letter == "b" else end <= 4):
        kinds = ("crown",) + kinds
    return kinds


def click_reason(game: Any, state: Any, clicks: Sequence[str], square: str) -> str:
    """Say which rule stops a click on ``square`` (after ``clicks``) from entering a move."""
    side = game.side_to_move(state)
    legal = game.legal_moves(state)
    captures = bool(legal) and is_capture(legal[0])
    letter = piece_at(state, int(square))
    if not clicks:
        if letter is None:
            return "そのマスには駒がありません。動かす自分の駒をクリックしてください。"
        if letter.lower() != side[0]:
            return f"それは相手の駒です。今は{SIDE_JA[side]}の番です。"
        if captures:
            starts = "、".join(sorted({str(m[0]) for m in legal}, key=int))
            return (f"取れる駒があるときは、必ず取らなければいけません。取る手があるのは"
                    f"{starts}の駒です。")
        return "その駒は、前のマスがふさがっていて動けません。"
    if len(clicks) > 1:
        return "続けて跳べるときは、最後まで跳び続けなければいけません。次の着地点を選んでください。"
    if captures:
        return "取れるときは必ず取ります。この駒は相手の駒を跳び越えて取る手しか指せません。"
    return ("駒は斜め前の空いたマスへ1マス進みます（キングは斜め後ろへも進めます）。"
            "そのマスへは行けません。")
