"""スーサイドチェッカー move kinds (``shared/rules/suicide-checkers.md``, "Moves": steps,
compulsory captures, crowning); the reasons for refused clicks are in :mod:`.reasons`."""

from __future__ import annotations

from typing import Any

from banmen.games.suicide_checkers.board import is_capture, piece_at

#: Move kind id -> Japanese name.
KIND_NAMES = {"move": "ふつうの移動", "capture": "取る手", "crown": "キングになる手",
              "chain": "連続跳び"}


def move_kinds(game: Any, state: Any, move: Any) -> tuple[str, ...]:
    """Return ``("capture",)`` or ``("move",)``, with ``"crown"`` first when a man ends on
    the far rank (the crowning ends the move) and ``"chain"`` last for a capture of two or
    more jumps (連続跳び)."""
    kinds: tuple[str, ...] = ("capture",) if is_capture(move) else ("move",)
    if is_capture(move) and len(move) > 2:
        kinds += ("chain",)
    letter = piece_at(state, move[0])
    end = move[-1]
    if letter in ("b", "w") and (end >= 29 if letter == "b" else end <= 4):
        kinds = ("crown",) + kinds
    return kinds
