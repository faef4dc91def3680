"""スーサイドチェッカー boards: the 8 × 8 checkers board in the standard diagram orientation.

Layout (``shared/rules/suicide-checkers.md``, "Board and setup"; the shared drawing conventions
of ``banmen/render/board.py``):

* Black's back rank at the top, White's at the bottom, as :func:`square_to_rowcol` of the
  engine says: square 1 is the second square of the top row, 4 the top-right corner, 29 the
  bottom-left corner, 32 the seventh square of the bottom row.
* Only the 32 dark squares are playing squares: they alone are in the geometry, named
  ``"1"`` .. ``"32"``, and carry the gid ``sq-<n>``; the light squares are plain decoration
  without an id. Each dark square shows its standard number small in its upper-left corner;
  on an occupied square the number stands on a plate of the square's own colour (its tint
  included), drawn over the piece's rim, so that no digit is lost against a piece.
* A man is a single disc with an inner groove; a king is two stacked discs (the classic
  crowned checker) with a gold crown on top. Black pieces are dark, White pieces are ivory
  with a dark outline.
* Above the board: the side to move (黒番 / 白番; when the game is over, the winner or 引分け)
  and each side's piece count, with its kings.
* After a move: the start square and the squares of the captured pieces are tinted red
  (gid ``left-<n>``), the landing square green (``arrived-<n>``); the captured pieces are
  drawn as faint ghosts; an arrow runs through the start and *every* landing square of a
  multi-jump (the engine's ``move_path``).

Stable ids (prefixed by the SVG step): every dark square ``sq-<n>``; every man ``man-<n>``,
every king ``king-<n>`` and its crown ``crown-<n>``; a captured piece's ghost ``ghost-<n>``;
the move's arrow ``move-arrow``; the arrows of ``spec.arrows`` ``arrow-<i>`` (i from 1).

Options (``spec.options``):

* ``numbers`` (bool, default True): the square numbers.
* ``info`` (bool, default True): the line above the board (side to move, piece counts).
* ``result`` (bool, default True): when the game is over, the info line names the result
  (黒の勝ち / 白の勝ち / 引分け) instead of the side to move; ``false`` keeps the side to move.

The renderer reads positions only through the engine's documented helpers (``pieces``,
``move_path``, ``captured_squares``, ``square_to_rowcol``) and ``outcome``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch, Polygon, Rectangle
from matplotlib.path import Path as MplPath

from banmen.game import Game
from banmen.games.suicide_checkers import (
    captured_squares,
    pieces,
    square_to_rowcol,
)
from banmen.render import style
from banmen.render.board import (
    draw_change_cue,
    DiagramSpec,
    Geometry,
    draw_highlights,
    draw_labels,
    new_figure,
)
from banmen.render.replay import grouped, replay

SIZE = 8
_MARGIN = 0.3       # plain margin around the board
_INFO_H = 0.8       # the info line above the board
_FRAME = 0.12       # the wooden frame drawn around the board

PIECE_R = 0.34
KING_LIFT = 0.075   # how far the top disc of a king sits above the bottom one

BOARD_LIGHT = style.BOARD_LIGHT   # the shared colours, so that all games look like one book
BOARD_DARK = style.BOARD_DARK
FRAME = "#6b4a30"
NUMBER_INK = "#000000"   # on the dark squares: contrast 6.9:1 (5.2:1 under a red tint)

BLACK_FACE = "#2a2a2a"
BLACK_RIM = "#0d0d0d"
BLACK_GROOVE = "#555555"
WHITE_FACE = "#fbf8ef"
WHITE_RIM = "#2b2b2b"
WHITE_GROOVE = "#b9b2a2"
CROWN = "#e8b923"
CROWN_EDGE = "#6d4c00"

CHANGE_ALPHA = 0.6
NUMBER_PT = 9
NUMBER_DIGIT_W = 0.14   # width of one 9 pt digit, in cell units (with a little room)

SIDE_JA = {"black": "黒", "white": "白"}


# --------------------------------------------------------------------------- geometry


def _layout(info: bool) -> tuple[float, float, float, float]:
    """Return (board left, board bottom, figure width, figure height) in cell units."""
    left = bottom = _MARGIN
    top = _INFO_H if info else _MARGIN
    return left, bottom, left + SIZE + _MARGIN, bottom + SIZE + top


def _cell_center(left: float, bottom: float, row: int, col: int) -> tuple[float, float]:
    return left + col + 0.5, bottom + (SIZE - 1 - row) + 0.5


def geometry(info: bool = True) -> Geometry:
    """Return the board geometry: the 32 dark squares ``"1"``..``"32"`` (row 0 at the top)."""
    left, bottom, width, height = _layout(info)
    centers = {}
    for square in range(1, 33):
        row, col = square_to_rowcol(square)
        centers[str(square)] = _cell_center(left, bottom, row, col)
    return Geometry(centers, width, height, inches_per_cell=0.55)


def geometry_for(game: Game) -> Geometry:
    """Return the board geometry for ``game`` (always the 8 × 8 board)."""
    return geometry()


# --------------------------------------------------------------------------- board


def _draw_board(ax: Any, geo: Geometry, info: bool, numbers: bool) -> None:
    left, bottom, _, _ = _layout(info)
    ax.add_patch(Rectangle((left - _FRAME, bottom - _FRAME), SIZE + 2 * _FRAME,
                           SIZE + 2 * _FRAME, facecolor=FRAME, edgecolor="none", zorder=0))
    for row in range(SIZE):
        for col in range(SIZE):
            if (row + col) % 2 == 0:
                x, y = _cell_center(left, bottom, row, col)
                ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=BOARD_LIGHT,
                                       edgecolor="none", zorder=1))
    for square in range(1, 33):
        x, y = geo.center(str(square))
        cell = Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=BOARD_DARK, edgecolor="none",
                         zorder=1)
        cell.set_gid(f"sq-{square}")
        ax.add_patch(cell)
    ax.add_patch(Rectangle((left, bottom), SIZE, SIZE, facecolor="none", edgecolor=style.GRID,
                           linewidth=1.2, zorder=3))
    if numbers:
        for square in range(1, 33):
            x, y = geo.center(str(square))
            # 9 pt: 9.3 CSS px when the board is shrunk to a 390 px phone's column; in the
            # corner, clear of the pieces, above tints, ghosts and arrows (a diagonal arrow
            # crosses the corner). Plain glyphs, no halo: a halo turns every digit into a
            # path of its own, which tripled the weight of a game record's page; glyphs are
            # defined once per page and reused.
            ax.text(x - 0.44, y + 0.45, str(square), ha="left", va="top", fontsize=NUMBER_PT,
                    color=NUMBER_INK, zorder=21, gid=f"number-{square}")


# --------------------------------------------------------------------------- pieces


def _crown(ax: Any, x: float, y: float, size: float, name: str | None) -> None:
    """A three-pointed crown centred on (x, y), ``size`` wide."""
    w, h = size, size * 0.62
    x0, y0 = x - w / 2, y - h / 2
    points = [
        (x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0 + 0.75 * w, y0 + 0.45 * h),
        (x, y0 + h * 1.08), (x0 + 0.25 * w, y0 + 0.45 * h), (x0, y0 + h),
    ]
    crown = Polygon(points, closed=True, facecolor=CROWN, edgecolor=CROWN_EDGE, linewidth=0.9,
                    joinstyle="round", zorder=14)
    if name:
        crown.set_gid(f"crown-{name}")
    ax.add_patch(crown)
    for px in (x0, x, x0 + w):
        top = y0 + h * 1.08 if px == x else y0 + h
        ax.add_patch(Circle((px, top), size * 0.07, facecolor=CROWN, edgecolor=CROWN_EDGE,
                            linewidth=0.7, zorder=15))


def draw_piece(ax: Any, center: tuple[float, float], letter: str, *, radius: float = PIECE_R,
               name: str | None = None, alpha: float = 1.0) -> None:
    """Draw the piece ``letter`` (``b``/``w`` man, ``B``/``W`` king) at ``center``.

    Args:
        name: the square's number; when given, the piece gets the gid ``man-<name>`` or
            ``king-<name>`` (and the crown ``crown-<name>``).
        alpha: opacity (ghosts of captured pieces are faint).
    """
    x, y = center
    scale = radius / PIECE_R
    black = letter in "bB"
    king = letter.isupper()
    face, rim, groove = ((BLACK_FACE, BLACK_RIM, BLACK_GROOVE) if black
                         else (WHITE_FACE, WHITE_RIM, WHITE_GROOVE))
    lw = 1.4 * scale
    if king:
        lift = KING_LIFT * scale
        ax.add_patch(Circle((x, y - lift), radius, facecolor=face, edgecolor=rim, linewidth=lw,
                            alpha=alpha, zorder=10))
        y += lift
    disc = Circle((x, y), radius, facecolor=face, edgecolor=rim, linewidth=lw, alpha=alpha,
                  zorder=11)
    if name:
        disc.set_gid(f"{'king' if king else 'man'}-{name}")
    ax.add_patch(disc)
    ax.add_patch(Circle((x, y), radius * 0.68, facecolor="none", edgecolor=groove,
                        linewidth=1.1 * scale, alpha=alpha, zorder=12))
    if king:
        _crown(ax, x, y - radius * 0.04, radius * 0.95, name if alpha == 1.0 else None)


def number_plate(ax: Any, center: tuple[float, float], number: str,
                 tints: Sequence[tuple[str, float]] = ()) -> None:
    """Lay a plate behind the square number of an occupied square, over the piece's rim.

    The plate fills the square's upper-left corner behind the number's digits with the dark
    square's colour and, over it, the square's tints, so the number keeps its contrast on
    the square (6.9:1 on a plain dark square) where a piece would come under its digits.

    Args:
        center: the square's centre.
        number: the square's number, ``"1"`` .. ``"32"`` (its length sets the plate's width).
        tints: the ``(colour, alpha)`` tints the square carries, bottom first.
    """
    x, y = center
    left, top = x - 0.48, y + 0.48   # inside the square: the board's outline stays whole
    width = 0.07 + NUMBER_DIGIT_W * len(number)
    height = 0.26
    for colour, alpha in [(BOARD_DARK, 1.0), *tints]:
        plate = Rectangle((left, top - height), width, height, facecolor=colour, alpha=alpha,
                          linewidth=0, zorder=16)
        ax.add_patch(plate)


def _draw_ghost(ax: Any, center: tuple[float, float], letter: str, name: str) -> None:
    """A captured piece: faint, with a dashed outline."""
    x, y = center
    ghost = Circle((x, y), PIECE_R, facecolor=BLACK_FACE if letter in "bB" else WHITE_FACE,
                   edgecolor=WHITE_RIM, linewidth=1.2, linestyle=(0, (3, 2)), alpha=0.35,
                   zorder=9)
    ghost.set_gid(f"ghost-{name}")
    ax.add_patch(ghost)


# --------------------------------------------------------------------------- marks


def draw_change_tints(ax: Any, geo: Geometry, changes: dict[str, int]) -> None:
    """Tint squares red (-1: a piece left or was captured) or green (+1: a piece arrived).

    The shared colours of :mod:`banmen.render.style`, a little stronger than on light boards
    so that they read on the dark squares; each tint has the gid ``left-<n>`` or
    ``arrived-<n>``.
    """
    for square, delta in sorted(changes.items()):
        x, y = geo.center(square)
        colour, word = (style.REMOVED, "left") if delta < 0 else (style.ADDED, "arrived")
        patch = Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=colour, alpha=CHANGE_ALPHA,
                          linewidth=0, zorder=2)
        patch.set_gid(f"{word}-{square}")
        ax.add_patch(patch)
        draw_change_cue(ax, (x, y), delta, square)


# --------------------------------------------------------------------------- arrows


def _pull(point: tuple[float, float], towards: tuple[float, float], distance: float
          ) -> tuple[float, float]:
    """Move ``point`` by ``distance`` towards ``towards`` (at most 40 % of the way)."""
    (x1, y1), (x2, y2) = point, towards
    length = math.hypot(x2 - x1, y2 - y1)
    step = min(distance, length * 0.4) / length if length else 0.0
    return x1 + (x2 - x1) * step, y1 + (y2 - y1) * step


def draw_path_arrow(ax: Any, geo: Geometry, squares: Sequence[str], gid: str,
                    start_on_piece: bool = False, end_on_piece: bool = True) -> None:
    """Draw one arrow through the centres of ``squares`` (every corner of a multi-jump).

    With ``end_on_piece`` the head stops at the rim of the piece on the last square instead of
    hiding it (otherwise just short of the centre); with ``start_on_piece`` the tail starts at
    the rim of the piece on the first square. Every other vertex of the arrow's path is a
    square centre.
    """
    points = [geo.center(s) for s in squares]
    if len(points) < 2:
        return
    points[-1] = _pull(points[-1], points[-2], PIECE_R * 0.8 if end_on_piece else 0.12)
    if start_on_piece:
        points[0] = _pull(points[0], points[1], PIECE_R * 0.9)
    codes = [MplPath.MOVETO] + [MplPath.LINETO] * (len(points) - 1)
    arrow = FancyArrowPatch(
        path=MplPath(points, codes),
        arrowstyle="-|>,head_length=0.4,head_width=0.25",
        mutation_scale=geo.inches_per_cell * 72 / 2.2,
        linewidth=3.4, color=style.ARROW, alpha=0.85, zorder=20, shrinkA=0, shrinkB=0,
        joinstyle="round", capstyle="round",
    )
    arrow.set_gid(gid)
    ax.add_patch(arrow)


# --------------------------------------------------------------------------- info line


def _badge(ax: Any, x: float, y: float, text: str, side: str | None) -> None:
    face, edge, ink = {
        "black": (BLACK_FACE, BLACK_RIM, "#ffffff"),
        "white": (WHITE_FACE, WHITE_RIM, style.TEXT),
        None: ("#e6e0d6", "#9e9486", style.TEXT),
    }[side]
    ax.text(x, y, text, ha="left", va="center", fontsize=11.5, color=ink, zorder=5,
            bbox={"boxstyle": "round,pad=0.3,rounding_size=0.35", "facecolor": face,
                  "edgecolor": edge, "linewidth": 1.2})


def _count_text(letters: list[str], side: str) -> str:
    kings = sum(1 for letter in letters if letter.isupper())
    text = f"{SIDE_JA[side]} {len(letters)}枚"
    return text + (f"（キング{kings}）" if kings else "")


def _draw_info(ax: Any, game: Game, spec: DiagramSpec, on_board: dict[int, str]) -> None:
    left, bottom, _, height = _layout(True)
    y = height - _INFO_H / 2 + 0.02
    result = game.outcome(spec.state) if spec.options.get("result", True) else None
    if result is None:
        mover = game.side_to_move(spec.state)
        grouped(ax, _badge, left + 0.08, y, f"{SIDE_JA[mover]}番", mover)
    elif result.winner is None:
        grouped(ax, _badge, left + 0.08, y, "引分け", None)
    else:
        grouped(ax, _badge, left + 0.08, y, f"{SIDE_JA[result.winner]}の勝ち", result.winner)
    right = left + SIZE
    # White's count at the far right, Black's left of it, each after a small piece.
    white = [p for p in on_board.values() if p in "wW"]
    black = [p for p in on_board.values() if p in "bB"]
    white_text = _count_text(white, "white")
    black_text = _count_text(black, "black")
    ax.text(right, y, white_text, ha="right", va="center", fontsize=11, color=style.TEXT)
    x_white = right - _text_width(white_text) - 0.3
    grouped(ax, draw_piece, (x_white, y), "w", radius=0.17)
    x_black_end = x_white - 0.45
    ax.text(x_black_end, y, black_text, ha="right", va="center", fontsize=11, color=style.TEXT)
    grouped(ax, draw_piece, (x_black_end - _text_width(black_text) - 0.3, y), "b", radius=0.17)


def _text_width(text: str) -> float:
    """Estimated width of ``text`` at 11 pt, in cell units (full-width 1, digits ½)."""
    em = 11 / 72 / 0.55  # one em in cell units (0.55 inch per cell)
    return sum(em * (0.55 if ord(c) < 0x2000 else 1.0) for c in text)


# --------------------------------------------------------------------------- draw


def draw(game: Game, spec: DiagramSpec) -> Figure:
    """Draw ``spec`` for a スーサイドチェッカー engine and return the figure.

    Options: ``numbers`` (default True), ``info`` (default True), ``result`` (default True);
    see the module docstring.
    """
    options = spec.options
    info = bool(options.get("info", True))
    numbers = bool(options.get("numbers", True))
    geo = geometry(info)
    figure, ax = new_figure(geo)
    # the empty board and the pieces repeat from board to board: drawn once, then replayed
    replay(ax, ("suicide-checkers-board", info, numbers), _draw_board, ax, geo, info, numbers)
    on_board = pieces(spec.state)
    path: list[str] | None = None
    changes: dict[str, int] = {}
    if spec.before is not None and spec.move is not None:
        visited = [int(s) for s in game.move_path(spec.before, spec.move)]
        taken = captured_squares(spec.before, spec.move)
        # red where a piece left or was captured, green where it arrived (a king's circuit
        # back to its own square counts as arrived)
        changes = {str(visited[0]): -1, **{str(s): -1 for s in taken}}
        changes[str(visited[-1])] = 1
        grouped(ax, draw_change_tints, geo, changes)
        before = pieces(spec.before)
        for square in taken:
            if square not in on_board and square in before:
                grouped(ax, _draw_ghost, geo.center(str(square)), before[square], str(square))
        path = [str(s) for s in visited]
    draw_highlights(ax, geo, spec.highlight)
    for square, letter in sorted(on_board.items()):
        center = geo.center(str(square))
        replay(ax, ("suicide-checkers-piece", center, letter, str(square)), draw_piece, ax,
               center, letter, name=str(square))
    if numbers:
        for square in sorted(on_board):
            name = str(square)
            tints = []
            if name in changes:
                tints.append((style.REMOVED if changes[name] < 0 else style.ADDED, CHANGE_ALPHA))
            if name in spec.highlight:
                tints.append((style.HIGHLIGHT, style.HIGHLIGHT_ALPHA))
            grouped(ax, number_plate, geo.center(name), name, tints)
    if spec.arrows:
        for i, arrow in enumerate(spec.arrows, start=1):
            occupied = [s.isdigit() and int(s) in on_board for s in (arrow[0], arrow[-1])]
            grouped(ax, draw_path_arrow, geo, arrow, f"arrow-{i}", *occupied)
    elif path and spec.move_arrow:
        # a king's circuit ends where it started: its tail starts at the rim too
        grouped(ax, draw_path_arrow, geo, path, "move-arrow",
                start_on_piece=int(path[0]) in on_board)
    draw_labels(ax, geo, spec.labels)
    if info:
        _draw_info(ax, game, spec, on_board)
    return figure


__all__ = ["draw", "draw_path_arrow", "draw_piece", "geometry", "geometry_for"]


# --------------------------------------------------------------------------- description


def describe(game: Game, state: Any) -> str:
    """Return a Japanese description of ``state`` for screen readers: the side to move (or
    the result), the men and kings on the board per side, then each occupied square by its
    number 1..32, e.g. 「黒番。盤上：黒2枚（キング1）、白1枚。1：黒。6：黒のキング。30：白。」
    (``shared/rules/suicide-checkers.md``).
    """
    result = game.outcome(state)
    if result is None:
        head = f"{SIDE_JA[game.side_to_move(state)]}番"
    elif result.winner is None:
        head = "引分け"
    else:
        head = f"{SIDE_JA[result.winner]}の勝ち"
    on_board = pieces(state)
    black = [p for p in on_board.values() if p in "bB"]
    white = [p for p in on_board.values() if p in "wW"]
    parts = [head, f"盤上：{_count_text(black, 'black').replace(' ', '')}、"
                   f"{_count_text(white, 'white').replace(' ', '')}"]
    for square in sorted(on_board):
        letter = on_board[square]
        side = SIDE_JA["black" if letter in "bB" else "white"]
        parts.append(f"{square}：{side}のキング" if letter.isupper() else f"{square}：{side}")
    return "。".join(parts) + "。"


# --------------------------------------------------------------------------- options, play board

_BOOL: dict[str, Any] = {"type": "boolean"}
#: the drawing options :func:`draw` reads (``spec.options``), each with the values it takes as
#: a JSON-schema fragment (:mod:`banmen.render.options` checks content files against it).
OPTIONS: dict[str, dict[str, Any]] = {"numbers": _BOOL, "info": _BOOL, "result": _BOOL}


def play_board(game: Game) -> tuple[Figure, Geometry]:
    """Return the empty board of the play board (information line off, square numbers on)
    and its geometry (cell units)."""
    geo = geometry(info=False)
    figure, ax = new_figure(geo)
    _draw_board(ax, geo, False, True)
    return figure, geo


def play_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    """Return ``draw_look(ax, look, center)``, which draws one look of the play view
    (the look keys of ``banmen/games/suicide_checkers/view.py``) centred at ``center`` (cell units)
    as :func:`draw` draws that piece."""

    def draw_look(ax: Any, look: str, center: tuple[float, float]) -> None:
        draw_piece(ax, center, look)

    return draw_look
