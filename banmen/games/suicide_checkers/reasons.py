"""Why a click or a typed move enters no legal suicide-checkers move, in Japanese.

Implements the reasons of ``shared/rules/suicide-checkers.md``, "Moves": a man steps one
square diagonally forward to an empty square, a king in any diagonal direction; a capture
jumps an adjacent enemy piece diagonally, landing on the empty square right behind it; a
capture sequence goes on while the same piece can jump; capturing is compulsory; a man that
reaches the far rank is crowned and its move ends there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banmen.games.suicide_checkers.board import (
    is_capture,
    piece_at,
    rowcol_to_square,
    square_to_rowcol,
)

SIDE_JA = {"black": "黒", "white": "白"}


def _capture_starts(legal: Sequence[Any]) -> str:
    return "、".join(str(s) for s in sorted({m[0] for m in legal}))


def click_reason(game: Any, state: Any, clicks: Sequence[str], square: str) -> str:
    """Return the rule that stops a click on ``square`` after ``clicks`` from entering a move.

    Args:
        game: the :class:`~banmen.games.suicide_checkers.game.SuicideCheckersGame`.
        state: the position (a ``CheckersState``).
        clicks: the squares entered so far (the origin, then the landings of a capture).
        square: the square clicked (a number as text), one that continues no legal move.

    Returns:
        One or two sentences: an empty square, the opponent's piece, a compulsory capture, a
        blocked piece; for a destination: an occupied square, not diagonal, too far, backward
        for a man, a step in the middle of a capture or while a capture is compulsory, a jump
        over nothing or over one's own piece (spec "Moves").
    """
    side = game.side_to_move(state)
    legal = game.legal_moves(state)
    captures = bool(legal) and is_capture(legal[0])
    if square.startswith("#"):
        return "この局面では、その手は指せません。"
    target = int(square)
    letter = piece_at(state, target)
    if not clicks:
        if letter is None:
            return f"{target}には駒がありません。"
        if letter.lower() != side[0]:
            return f"{target}は相手の駒です。今は{SIDE_JA[side]}の番です。"
        if captures:
            return (f"取れる駒があるときは、必ず取らなければいけません。{target}の駒には取る手が"
                    f"なく、取る手があるのは{_capture_starts(legal)}の駒です。")
        if letter.islower():
            return f"{target}の駒は、斜め前のマスがどちらもふさがっていて動けません。"
        return f"{target}のキングは、斜めのとなりのマスがすべてふさがっていて動けません。"
    origin, last = int(clicks[0]), int(clicks[-1])
    mover = piece_at(state, origin) or ""
    (r1, c1), (r2, c2) = square_to_rowcol(last), square_to_rowcol(target)
    dr, dc = r2 - r1, c2 - c1
    if letter is not None and target != origin:
        return f"{target}にはもう駒があります。駒が進めるのは空いたマスだけです。"
    if abs(dr) != abs(dc):
        return f"{last}から{target}へは斜めになっていません。駒は斜めにしか動けません。"
    if abs(dr) > 2:
        return (f"{target}までは遠すぎます。駒は斜めに1マス進むか、となりの相手の駒を1枚飛び"
                "越えて、そのすぐ先に着地します。")
    forward = 1 if mover.lower() == "b" else -1
    if mover.islower() and dr * forward < 0:
        return (f"{last}から{target}へは後ろ向きです。キングになっていない駒は、前にしか進めず、"
                "前にしか取れません。")
    if abs(dr) == 1:
        if len(clicks) > 1:
            return ("跳んでいる途中で、1マスだけ進むことはできません。続けて跳ぶなら、相手の駒を"
                    "飛び越えた先のマスです。")
        if captures:
            return (f"取れる駒があるときは、必ず取らなければいけません（取る手があるのは"
                    f"{_capture_starts(legal)}の駒）。1マス進む手は指せません。")
        return f"{last}から{target}へは進めません。"
    middle = rowcol_to_square((r1 + r2) // 2, (c1 + c2) // 2)
    assert middle is not None
    jumped = piece_at(state, middle)
    if jumped is None or middle == origin:
        return f"{middle}には飛び越える駒がありません。跳べるのは、相手の駒を飛び越えるときだけです。"
    if jumped.lower() == side[0]:
        return f"{middle}は自分の駒なので、飛び越えられません。飛び越えて取れるのは相手の駒だけです。"
    path = [int(c) for c in clicks]
    for a, b in zip(path, path[1:]):
        (ra, ca), (rb, cb) = square_to_rowcol(a), square_to_rowcol(b)
        if rowcol_to_square((ra + rb) // 2, (ca + cb) // 2) == middle:
            return f"{middle}の駒はこの手ですでに飛び越えています。同じ駒を2回は飛び越せません。"
    if mover.islower() and r1 == (7 if mover == "b" else 0):
        return f"{last}でキングになったので、この手はそこで終わります。"
    return f"{last}から{target}へは跳べません。"


def typed_reason(game: Any, state: Any, squares: Sequence[int], separator: str) -> str:
    """Return the rule that stops typed move squares from naming a legal move, or ``""``.

    The squares are walked as board clicks along the legal moves' click paths (as the page
    does with a typed move, ``banmen/site/assets/js/typed-move.js``): the first square that
    continues no legal path gets :func:`click_reason`; squares that stop inside a capture
    that must go on get :func:`stop_reason`.

    Args:
        game: the :class:`~banmen.games.suicide_checkers.game.SuicideCheckersGame`.
        state: the position (a ``CheckersState``).
        squares: the typed squares (``[14, 10]`` for ``14-10``), each 1..32.
        separator: ``"-"`` (a step) or ``"x"`` (a capture).

    Returns:
        One or two Japanese sentences (spec "Moves"), or ``""`` when the squares follow a
        legal move (the text writes it another way) or skip landings (the short form
        ``15x31``), where the engine's English reason says more.
    """
    paths = [game.move_clicks(state, move) for move in game.legal_moves(state)]
    prefix: list[str] = []
    for square in (str(s) for s in squares):
        step = prefix + [square]
        if any(path[:len(step)] == step for path in paths):
            prefix = step
            continue
        if prefix and separator == "x":
            (r1, _), (r2, _) = square_to_rowcol(int(prefix[-1])), square_to_rowcol(int(square))
            if abs(r2 - r1) > 2:
                return ""  # a landing skipped: the short form, not a click
        return click_reason(game, state, prefix, square)
    if prefix and prefix not in paths and any(path[:len(prefix)] == prefix for path in paths):
        return stop_reason(game, state, prefix)
    return ""


def stop_reason(game: Any, state: Any, clicks: Sequence[str]) -> str:
    """Return why a capture written up to ``clicks`` is not finished (spec "Moves": after a
    jump the same piece must go on jumping while it can)."""
    return (f"{clicks[-1]}からはまだ続けて跳べます。跳べるあいだは、最後まで跳び続けなければ"
            "いけません。")
