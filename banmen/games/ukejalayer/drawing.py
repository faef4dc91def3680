"""ウケジャレイヤー boards: a size × size grid, files a.. left to right, ranks 1.. bottom up.

Guidebook conventions (``shared/rules/ukejalayer.md``, "Diagram conventions"): a stack is drawn
as its pieces slightly offset, the higher a piece the higher it is drawn; after a move, squares
whose piece count went down are tinted red and those that went up green; both hands and the
side to move are shown beside the board.

The renderer reads the engine's position mapping (``position_to_yaml``), so it depends only on
the documented position format, not on the engine's internal state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

from banmen.game import Game
from banmen.render import style
from banmen.render.board import DiagramSpec, Geometry, draw_cell, draw_marks, new_figure
from banmen.render.replay import replay

_LEFT = 0.6     # room for rank numbers
_BOTTOM = 0.55  # room for file letters
_TOP = 1.0      # room for the side to move and the hands
#: above the board when the information line is off (the play board): about the margin on
#: the right, chosen so that the squares fall on the same fractions of a pixel as under the
#: band (a whole number of pixels higher at the board's usual 289 px width). Chromium's
#: antialiasing is quantised to a quarter pixel, so with other values near 0.25 pieces of
#: some ranks land a quarter pixel off their static drawing (tests/test_play_parts.py).
_PLAIN_TOP = 0.26
_PIECE_W = 0.58
_PIECE_H = 0.19
COUNT_PT = 9      # stack count: ≥ 9 CSS px at 390 px wide up to size 6

SIDE_JA = {"white": "白", "black": "黒"}


def geometry(size: int, info: bool = True) -> Geometry:
    """Return the geometry of a ``size`` × ``size`` board (a1 bottom-left); with ``info``
    the figure keeps a band above the board for the side to move and the hands, without it
    only a plain margin (the play board, where the page writes those lines as text)."""
    centers = {
        f"{chr(ord('a') + f)}{r + 1}": (_LEFT + f + 0.5, _BOTTOM + r + 0.5)
        for f in range(size)
        for r in range(size)
    }
    top = _TOP if info else _PLAIN_TOP
    return Geometry(centers, _LEFT + size + 0.25, _BOTTOM + size + top, inches_per_cell=0.62)


def geometry_for(game: Game, info: bool = True) -> Geometry:
    """Return the board geometry for ``game``'s rules (its ``size``), with or without the
    information band (see :func:`geometry`)."""
    return geometry(game.rules.size, info)


def _heights(position: dict[str, Any]) -> dict[str, int]:
    return {square: len(stack) for square, stack in position["board"].items()}


def height_changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, int]:
    """Return square -> change in stack height between two position mappings (non-zero only)."""
    old, new = _heights(before), _heights(after)
    deltas = {s: new.get(s, 0) - old.get(s, 0) for s in set(old) | set(new)}
    return {s: d for s, d in deltas.items() if d}


def draw_stack_piece(ax: Any, center: tuple[float, float], colour: str, level: int,
                     height: int) -> None:
    """Draw the piece ``colour`` (``W``/``B``) at ``level`` (0 = bottom) of a stack of
    ``height`` on the square centred at ``center``."""
    x, y = center
    # Offsets shrink for tall stacks so that the top piece stays inside its square.
    step = min(0.13, 0.62 / max(height, 1))
    base = y - 0.36
    face = style.WHITE_PIECE if colour == "W" else style.BLACK_PIECE
    ax.add_patch(FancyBboxPatch(
        (x - _PIECE_W / 2, base + level * step), _PIECE_W, _PIECE_H,
        boxstyle="round,pad=0,rounding_size=0.07",
        facecolor=face, edgecolor=style.PIECE_EDGE, linewidth=1.1, zorder=10 + level,
    ))


def draw_stack_count(ax: Any, center: tuple[float, float], height: int) -> None:
    """Write a stack's ``height`` in the upper-left corner of its square."""
    x, y = center
    ax.text(x - 0.46, y + 0.38, str(height), ha="left", va="center", fontsize=COUNT_PT,
            color=style.TEXT, zorder=40)


def _draw_stack(ax: Any, center: tuple[float, float], stack: str) -> None:
    for level, colour in enumerate(stack):
        draw_stack_piece(ax, center, colour, level, len(stack))
    if len(stack) >= 3:
        draw_stack_count(ax, center, len(stack))


def _draw_cells(ax: Any, geo: Geometry) -> None:
    for square in sorted(geo.centers):
        draw_cell(ax, geo, square, style.BOARD_LIGHT)


def _draw_coordinates(ax: Any, geo: Geometry, size: int) -> None:
    for f in range(size):
        x, _ = geo.center(f"{chr(ord('a') + f)}1")
        ax.text(x, _BOTTOM / 2, chr(ord("a") + f), ha="center", va="center", fontsize=12,
                color=style.COORD)
    for r in range(size):
        _, y = geo.center(f"a{r + 1}")
        ax.text(_LEFT / 2, y, str(r + 1), ha="center", va="center", fontsize=12,
                color=style.COORD)


def _draw_info(ax: Any, geo: Geometry, position: dict[str, Any], size: int) -> None:
    hands = position["hands"]
    top = _BOTTOM + size + _TOP / 2
    mover = SIDE_JA[position["to_move"]]
    ax.text(_LEFT, top, f"{mover}番", ha="left", va="center", fontsize=13, color=style.TEXT)
    text = f"手駒　白 {hands['white']}　黒 {hands['black']}"
    ax.text(_LEFT + size, top, text, ha="right", va="center", fontsize=11, color=style.TEXT)


def draw(game: Game, spec: DiagramSpec) -> Figure:
    """Draw ``spec`` for a ウケジャレイヤー engine and return the figure.

    Options (``spec.options``): ``coordinates`` (bool, default True), ``info`` (bool: side to
    move and hands, default True).
    """
    position = game.position_to_yaml(spec.state)
    size = game.rules.size
    info = bool(spec.options.get("info", True))
    geo = geometry_for(game, info)
    figure, ax = new_figure(geo)
    # the empty board and the stacks repeat from board to board: drawn once, then replayed
    replay(ax, ("ukejalayer-cells", size), _draw_cells, ax, geo)
    changes: dict[str, int] = {}
    move_path = None
    if spec.before is not None:
        changes = height_changes(game.position_to_yaml(spec.before), position)
        if spec.move is not None:
            path = game.move_path(spec.before, spec.move)
            move_path = path if len(path) >= 2 else None
    draw_marks(ax, geo, spec, changes, move_path)
    for square, stack in sorted(position["board"].items()):
        center = geo.center(square)
        replay(ax, ("ukejalayer-stack", center, stack), _draw_stack, ax, center, stack)
    if spec.options.get("coordinates", True):
        replay(ax, ("ukejalayer-coordinates", size), _draw_coordinates, ax, geo, size)
    if info:
        _draw_info(ax, geo, position, size)
    return figure


def describe(game: Game, state: Any) -> str:
    """Return a Japanese description of ``state`` for screen readers: the side to move (or
    the result), both hands, then each occupied square rank by rank from 1, files a.., its
    stack from the bottom, e.g. 「白番。手駒：白3枚、黒2枚。a1：黒。c2：下から白・黒・白・白。」
    (``shared/rules/ukejalayer.md``, "Diagram conventions").
    """
    position = game.position_to_yaml(state)
    result = game.outcome(state)
    if result is None:
        head = f"{SIDE_JA[position['to_move']]}番"
    elif result.winner is None:
        head = "引分け"
    else:
        head = f"{SIDE_JA[result.winner]}の勝ち"
    hands = position["hands"]
    parts = [head, f"手駒：白{hands['white']}枚、黒{hands['black']}枚"]
    board = position["board"]
    for square in sorted(board, key=lambda s: (int(s[1:]), s[0])):
        words = [SIDE_JA["white" if c == "W" else "black"] for c in board[square]]
        if len(words) == 1:
            parts.append(f"{square}：{words[0]}")
        elif words:
            parts.append(f"{square}：下から{'・'.join(words)}")
    return "。".join(parts) + "。"


# --------------------------------------------------------------------------- options, play board

_BOOL: dict[str, Any] = {"type": "boolean"}
#: the drawing options :func:`draw` reads (``spec.options``), each with the values it takes as
#: a JSON-schema fragment (:mod:`banmen.render.options` checks content files against it).
OPTIONS: dict[str, dict[str, Any]] = {"coordinates": _BOOL, "info": _BOOL}


def play_board(game: Game) -> tuple[Figure, Geometry]:
    """Return the empty board of the play board (information line off) and its geometry
    (cell units)."""
    from banmen.render.play_looks import BOARD_OPTIONS

    empty = game.position_from_yaml({"game": game.id, "to_move": "white",
                                     "hands": {"white": 0, "black": 0}, "board": {}})
    figure = draw(game, DiagramSpec("play/board", empty, options=BOARD_OPTIONS))
    return figure, geometry_for(game, info=False)


def play_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    """Return ``draw_look(ax, look, center)``, which draws one look of the play view
    (the look keys of ``banmen/games/ukejalayer/view.py``) centred at ``center`` (cell units)
    as :func:`draw` draws that piece."""

    def draw_look(ax: Any, look: str, center: tuple[float, float]) -> None:
        if look.startswith("n"):
            draw_stack_count(ax, center, int(look[1:]))
            return
        colour, rest = look[0], look[1:]
        level, _, height = rest.partition("h")
        draw_stack_piece(ax, center, colour, int(level), int(height or 4))

    return draw_look
