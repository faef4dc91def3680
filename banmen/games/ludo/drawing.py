"""ルドー / 飛行棋 boards: the standard cross-shaped board of 15 × 15 cells.

Layout (``shared/rules/ludo.md``, "Track geometry"; the shared drawing conventions of
``banmen/render/board.py``). Grid cells are (row, column), row 0 at the top:

* The four arms of the cross are 3 cells wide; the 52 loop squares run clockwise around them.
  Red's yard is the top-left corner, then clockwise yellow (top-right), blue (bottom-right),
  green (bottom-left): the seat order of the spec. Each colour's home column is the middle row
  or column of the arm next to its yard, and its goal is the triangle of the 3 × 3 centre
  that touches that column.
* Ludo geometry (start on the loop): red's start square ``t0`` is cell (6, 1), the second cell
  of the left arm's upper row, and the last loop square before the home column (d = 51,
  ``t50``) is the end cell (7, 0) of the arm. The take-off geometry (飛行棋, かんたん) puts
  ``t0`` one cell further on, (6, 2), so that there too the last loop square (d = 50, ``t49``)
  is the end cell of the arm; the take-off square sits in the yard's corner at (5, 1).
  The other colours' squares are the same cells turned by a quarter turn per seat.
* Aeroplane and easy: loop squares painted by ``T mod 4`` (1 red, 2 yellow, 3 blue, 0 green)
  and, per colour, a dashed flight line from its flight square (d 18) across the next arm to
  its landing square (d 30). Ludo: plain loop squares, the four start squares painted in
  their colours and the four star squares marked with a star (the eight safe squares).
* Pieces are discs in their colour with their number (``r2`` shows 2). Up to four pieces on
  one square are drawn smaller side by side; with more than four, three are drawn and the
  fourth slot says how many more stand there (``+N``). No other count is drawn.
* Below the board: the side to move, the die face of the stated roll (pips), the sixes
  already rolled this turn, the preset's name; and, when a move has jumps, flights or a
  bounce, a legend of the leg styles.
* After a move: the move is drawn leg by leg along its path, each kind in its own style:
  ``move``/``enter`` solid blue with a filled head, ``jump`` dotted orange with an open head,
  ``flight`` dashed purple along a curve, ``bounce`` solid dark red. Squares that lost a
  piece get a red ring and tint, squares that gained one a green ring and tint (the yard spot
  of a piece sent back counts as gained). A piece sent back leaves a faded ghost on the square
  where it was hit, with a grey dashed arrow to its yard spot.

Stable ids (prefixed by the SVG step): every square ``sq-<name>`` (the engine's names:
``t0``..``t51``, ``r-takeoff``, ``r-h1``..``r-h5``, ``r-goal``, ``r-yard1``..``r-yard4``,
for all four colours whatever the colours in play); every piece ``piece-<name>`` (``r2``);
the die ``die`` and each pip ``pip-<k>``; each leg of a move ``leg-<i>-<kind>``; each ghost
``ghost-<piece>``; the flight lines ``flight-<colour>`` (aeroplane, easy); the safe-square
stars ``star-t<T>`` (ludo).

Options (``spec.options``):

* ``info`` (bool, default True): the line with the side to move, the die and the preset.
* ``numbers`` (a colour, default none): write that colour's progress d on the loop and home
  squares (small), to explain counting.

The renderer reads positions through the engine's documented helpers (``square_of``,
``occupants``, ``sent_back``, ``waypoints``, ``position_to_yaml``), not its internals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from matplotlib import patheffects
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import (Circle, FancyArrowPatch, FancyBboxPatch, PathPatch, Polygon,
                                Rectangle)
from matplotlib.path import Path as MplPath

from banmen.game import Game
from banmen.games.ludo import (
    PRESET_NAMES_JA,
    all_squares,
    occupants,
    sent_back,
    square_of,
)
from banmen.games.ludo.engine import is_over, waypoints
from banmen.games.ludo.track import (
    COLOURS,
    FLIGHT_FROM,
    FLIGHT_TO,
    INITIALS,
    SAFE_T,
    loop_square_colour,
    loop_t,
)
from banmen.render import style
from banmen.render.board import DiagramSpec, Geometry, draw_change_badge, draw_labels, new_figure
from banmen.render.replay import grouped, replay

SIZE = 15
_MARGIN = 0.3
_INFO_H = 1.9
_LEGEND_H = 0.8
_PLAIN = 0.3
#: the smallest text drawn: 12 pt is 9.3 CSS px when the board (15 cells plus margins) is
#: shrunk into the 350 px column of a 390 px phone.
TEXT_PT = 12

#: piece colour, dark edge, pastel cell colour, text colour on the piece (each number at least
#: 4.5:1 against its piece: white on red 4.5 and blue 5.0, dark on yellow and green).
PIECE_FACE = {"red": "#d83c3c", "yellow": "#f4c21f", "blue": "#326fc7", "green": "#35a35a"}
PIECE_EDGE = {"red": "#7a1414", "yellow": "#7a5b00", "blue": "#163f78", "green": "#145a2c"}
CELL = {"red": "#f6c4c0", "yellow": "#fbe6a2", "blue": "#c3d8f4", "green": "#c5e6c9"}
HOME = {"red": "#ec8d86", "yellow": "#f7d565", "blue": "#88b2ea", "green": "#86c896"}
PIECE_INK = {"red": "#ffffff", "yellow": "#3a2a00", "blue": "#ffffff", "green": "#0f2616"}
NAME_JA = {"red": "赤", "yellow": "黄", "blue": "青", "green": "緑"}
PLAIN_CELL = "#fbf7ee"
#: the pale face of a ghost (a piece just sent back): its colour at 45 % over the plain cell.
GHOST_FACE = {
    colour: "#" + "".join(f"{round(0.45 * int(face[i:i + 2], 16) + 0.55 * int(PLAIN_CELL[i:i + 2], 16)):02x}"
                          for i in (1, 3, 5))
    for colour, face in PIECE_FACE.items()
}
YARD_BOX = "#fffdf7"
STAR = "#d4a017"

#: leg kind -> (colour, line style, arrow style, curvature of the connection).
LEG_STYLE: dict[str, tuple[str, Any, str, float]] = {
    "enter": (style.ARROW, "-", "-|>,head_length=0.5,head_width=0.3", 0.0),
    "move": (style.ARROW, "-", "-|>,head_length=0.5,head_width=0.3", 0.0),
    "bounce": ("#b71c1c", "-", "-|>,head_length=0.5,head_width=0.3", 0.0),
    "jump": ("#e65100", (0, (1, 1.6)), "->,head_length=0.55,head_width=0.35", -0.45),
    "flight": ("#6a1b9a", (0, (4, 2.5)), "-|>,head_length=0.7,head_width=0.45", -0.3),
}
LEG_JA = {"move": "進む", "jump": "ジャンプ", "flight": "飛行", "bounce": "跳ね返り"}
SEND_BACK = "#616161"

#: die pip positions (x, y in die-size units from the centre) for each face.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-0.25, 0.25), (0.25, -0.25)),
    3: ((-0.25, 0.25), (0.0, 0.0), (0.25, -0.25)),
    4: ((-0.25, 0.25), (0.25, 0.25), (-0.25, -0.25), (0.25, -0.25)),
    5: ((-0.25, 0.25), (0.25, 0.25), (0.0, 0.0), (-0.25, -0.25), (0.25, -0.25)),
    6: ((-0.25, 0.27), (0.25, 0.27), (-0.25, 0.0), (0.25, 0.0), (-0.25, -0.27),
        (0.25, -0.27)),
}

# --------------------------------------------------------------------------- grid cells

#: red's quarter of the loop in the ludo geometry, t0..t12, as (row, column).
_RED_QUARTER = ((6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (5, 6), (4, 6), (3, 6), (2, 6),
                (1, 6), (0, 6), (0, 7), (0, 8))
_RED_HOME = ((7, 1), (7, 2), (7, 3), (7, 4), (7, 5))
_RED_TAKEOFF = (5, 1)
_RED_GOAL = ((5.5, 5.5), (8.5, 5.5), (7.0, 7.0))
_YARD_CENTRE = {"red": (2.5, 2.5), "yellow": (2.5, 11.5), "blue": (11.5, 11.5),
                "green": (11.5, 2.5)}
_YARD_SPOTS = ((-0.9, -0.9), (-0.9, 0.9), (0.9, -0.9), (0.9, 0.9))


def _turn(cell: tuple[float, float], quarters: int) -> tuple[float, float]:
    """Turn a (row, column) cell clockwise around the board's centre by ``quarters``."""
    r, c = cell
    for _ in range(quarters % 4):
        r, c = c, SIZE - 1 - r
    return r, c


def _loop_cells(entry_square: str) -> dict[int, tuple[float, float]]:
    """Return T -> (row, column) of the 52 loop squares for a geometry."""
    ludo = {13 * k + i: _turn(cell, k) for k in range(4) for i, cell in enumerate(_RED_QUARTER)}
    if entry_square == "loop":
        return ludo
    return {t: ludo[(t + 1) % 52] for t in range(52)}


def _cells(entry_square: str, pieces: int) -> dict[str, tuple[float, float]]:
    """Return square name -> (row, column) centre for every square of a geometry."""
    cells: dict[str, tuple[float, float]] = {f"t{t}": rc for t, rc in _loop_cells(entry_square).items()}
    for seat, colour in enumerate(COLOURS):
        c = INITIALS[colour]
        if entry_square == "takeoff":
            cells[f"{c}-takeoff"] = _turn(_RED_TAKEOFF, seat)
        for i, cell in enumerate(_RED_HOME, start=1):
            cells[f"{c}-h{i}"] = _turn(cell, seat)
        cells[f"{c}-goal"] = _turn((7.0, 6.05), seat)
        yr, yc = _YARD_CENTRE[colour]
        for i in range(pieces):
            dr, dc = _YARD_SPOTS[i]
            cells[f"{c}-yard{i + 1}"] = (yr + dr, yc + dc)
    return cells


def _bottom(info: bool, legend: bool) -> float:
    return (_INFO_H if info else _PLAIN) + (_LEGEND_H if legend else 0.0)


def geometry(entry_square: str = "takeoff", pieces: int = 4, info: bool = True,
             legend: bool = False) -> Geometry:
    """Return the board geometry in cell units (x right, y up).

    Args:
        entry_square: ``"takeoff"`` (飛行棋, かんたん) or ``"loop"`` (ルドー).
        pieces: pieces per colour (4, or 2 in the short game): the yard spots drawn.
        info: leave room for the information line under the board.
        legend: leave room for the legend of leg styles.
    """
    bottom = _bottom(info, legend)
    centers = {
        name: (_MARGIN + c + 0.5, bottom + (SIZE - 1 - r) + 0.5)
        for name, (r, c) in _cells(entry_square, pieces).items()
    }
    return Geometry(centers, _MARGIN * 2 + SIZE, bottom + SIZE + _MARGIN, inches_per_cell=0.4)


def geometry_for(game: Game) -> Geometry:
    """Return the board geometry for ``game``'s rules (its entry square and piece count)."""
    return geometry(game.rules.entry_square, game.rules.pieces)


def _xy(geo: Geometry, cell: tuple[float, float], bottom: float) -> tuple[float, float]:
    r, c = cell
    return _MARGIN + c + 0.5, bottom + (SIZE - 1 - r) + 0.5


# --------------------------------------------------------------------------- the board


def _square_patch(ax: Any, geo: Geometry, name: str, face: str) -> None:
    x, y = geo.center(name)
    patch = Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=face, edgecolor=style.GRID,
                      linewidth=0.8, zorder=1)
    patch.set_gid(f"sq-{name}")
    ax.add_patch(patch)


def _goal_polygon(geo: Geometry, colour: str, bottom: float) -> list[tuple[float, float]]:
    seat = COLOURS.index(colour)
    return [_xy(geo, _turn(p, seat), bottom) for p in _RED_GOAL]


class _SquareRules(NamedTuple):
    """What :func:`square_of` reads of the rules (and the goal distance): the arguments of
    a replayed group are plain data (:func:`banmen.render.replay.grouped`)."""

    entry_square: str
    pieces: int
    goal: int = 0


#: the star of a safe square: matplotlib's "*" marker of 15 pt, as a shape of the board
#: (a marker's definition is named after the board, so it could not be a shared part).
_STAR_POINTS = 15 / 2


def _star(ax: Any, x: float, y: float, colour: str, gid: str, inches_per_cell: float) -> None:
    scale = _STAR_POINTS / (inches_per_cell * 72)
    star = MplPath.unit_regular_star(5, 0.381966)
    patch = PathPatch(MplPath(star.vertices * scale + (x, y), star.codes), facecolor=colour,
                      edgecolor="#5b4636", linewidth=0.6, joinstyle="miter", zorder=3)
    patch.set_gid(gid)
    ax.add_patch(patch)


def _draw_stars(ax: Any, geo: Geometry) -> None:
    """The star of each safe square of the ludo preset (its start squares' stars white)."""
    starts = {loop_t(colour, 1) for colour in COLOURS}
    for t in range(52):
        if t in SAFE_T:
            x, y = geo.center(f"t{t}")
            _star(ax, x, y, "#ffffff" if t in starts else STAR, f"star-t{t}",
                  geo.inches_per_cell)


def _draw_board(ax: Any, geo: Geometry, rules: Any, bottom: float) -> None:
    """Draw yards, loop, take-off squares, home columns and goals for ``rules``' preset.

    The patches and texts are the same on every board of a preset and size: drawn once and
    replayed (:mod:`banmen.render.replay`); the stars and flight lines (lines with markers,
    which matplotlib gives ids salted by the board) are drawn every time, after them (they
    lie above them, so the SVG is the same as drawing them in between)."""
    aeroplane = rules.entry_square == "takeoff"
    replay(ax, ("ludo-board", rules.entry_square, rules.pieces, bottom), _draw_fixed_board,
           ax, geo, aeroplane, rules.pieces, bottom)
    if not aeroplane:
        grouped(ax, _draw_stars, geo)
    if aeroplane:
        grouped(ax, _draw_flight_lines, geo, rules.entry_square, rules.pieces)


def _draw_fixed_board(ax: Any, geo: Geometry, aeroplane: bool, pieces: int,
                      bottom: float) -> None:
    """The patches and texts of :func:`_draw_board` (``pieces``: yard spots per colour)."""
    # yards: the coloured corner and a white box holding the spots
    for colour in COLOURS:
        yr, yc = _YARD_CENTRE[colour]
        x, y = _xy(geo, (yr, yc), bottom)
        ax.add_patch(Rectangle((x - 3, y - 3), 6, 6, facecolor=PIECE_FACE[colour],
                               edgecolor=style.GRID, linewidth=0.8, zorder=0.5))
        ax.add_patch(FancyBboxPatch((x - 2.05, y - 2.05), 4.1, 4.1,
                                    boxstyle="round,pad=0,rounding_size=0.4",
                                    facecolor=YARD_BOX, edgecolor=PIECE_EDGE[colour],
                                    linewidth=1.2, zorder=0.6))
        for i in range(1, pieces + 1):
            name = f"{INITIALS[colour]}-yard{i}"
            sx, sy = geo.center(name)
            spot = Circle((sx, sy), 0.55, facecolor=CELL[colour], edgecolor=PIECE_EDGE[colour],
                          linewidth=1.0, zorder=1)
            spot.set_gid(f"sq-{name}")
            ax.add_patch(spot)
    # loop squares
    starts = {loop_t(colour, 1): colour for colour in COLOURS}
    for t in range(52):
        if aeroplane:
            face = CELL[loop_square_colour(t)]
        else:
            face = PIECE_FACE[starts[t]] if t in starts else PLAIN_CELL
        _square_patch(ax, geo, f"t{t}", face)
    # take-off squares, home columns, goals
    for colour in COLOURS:
        c = INITIALS[colour]
        if aeroplane:
            x, y = geo.center(f"{c}-takeoff")
            patch = Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=YARD_BOX,
                              edgecolor=PIECE_EDGE[colour], linewidth=2.0, zorder=1)
            patch.set_gid(f"sq-{c}-takeoff")
            ax.add_patch(patch)
            ax.text(x, y, "出", ha="center", va="center", fontsize=TEXT_PT, color=PIECE_EDGE[colour],
                    zorder=1.5)
        for i in range(1, 6):
            _square_patch(ax, geo, f"{c}-h{i}", HOME[colour])
        goal = Polygon(_goal_polygon(geo, colour, bottom), closed=True,
                       facecolor=PIECE_FACE[colour], edgecolor=style.GRID, linewidth=0.8,
                       zorder=1)
        goal.set_gid(f"sq-{c}-goal")
        ax.add_patch(goal)


def _draw_flight_lines(ax: Any, geo: Geometry, entry_square: str, pieces: int) -> None:
    """The dashed flight line of every colour, flight square (d 18) to landing (d 30), for
    the rules of an ``entry_square`` and a number of ``pieces``."""
    rules = _SquareRules(entry_square, pieces)
    for colour in COLOURS:
        a = square_of(rules, colour, FLIGHT_FROM, 0)
        b = square_of(rules, colour, FLIGHT_TO, 0)
        (x1, y1), (x2, y2) = geo.center(a), geo.center(b)
        line = ax.add_line(Line2D([x1, x2], [y1, y2], linestyle=(0, (3, 2)),
                                  color=PIECE_EDGE[colour], linewidth=1.6, zorder=3,
                                  solid_capstyle="round"))
        line.set_clip_on(False)  # the board's own clip covers the figure: none, as patches
        line.set_gid(f"flight-{colour}")
        ax.add_patch(Circle((x1, y1), 0.14, facecolor=PIECE_EDGE[colour], linewidth=0,
                            zorder=3))


def _draw_numbers(ax: Any, geo: Geometry, entry_square: str, pieces: int, goal: int,
                  colour: str) -> None:
    """Write ``colour``'s progress d on each loop and home square it passes (rules of an
    ``entry_square``, ``pieces`` and a ``goal`` distance)."""
    rules = _SquareRules(entry_square, pieces, goal)
    start = 0 if rules.entry_square == "takeoff" else 1
    for d in range(start, rules.goal):
        x, y = geo.center(square_of(rules, colour, d, 0))
        # a light halo keeps the digits readable on every square colour (the coloured start
        # squares of the ludo preset included) and over arrows
        ax.text(x - 0.44, y + 0.45, str(d), ha="left", va="top", fontsize=TEXT_PT,
                color=style.TEXT, zorder=21,
                path_effects=[patheffects.withStroke(linewidth=2.5, foreground=YARD_BOX)],
                gid=f"number-{d}")


# --------------------------------------------------------------------------- pieces


def _slots(count: int) -> tuple[float, tuple[tuple[float, float], ...]]:
    """Return (radius, offsets) for ``count`` pieces on one square (cell units)."""
    if count == 1:
        return 0.36, ((0.0, 0.0),)
    if count == 2:
        return 0.27, ((-0.19, 0.19), (0.19, -0.19))
    return 0.24, ((-0.23, 0.23), (0.23, 0.23), (-0.23, -0.23), (0.23, -0.23))


def draw_piece(ax: Any, x: float, y: float, colour: str, label: str, radius: float = 0.36,
               gid: str | None = None, alpha: float = 1.0, ghost: bool = False,
               zorder: float = 10) -> None:
    """Draw one piece: a disc of ``colour`` with ``label`` (its number) in it; a ghost (a piece
    sent back) is a pale disc (:data:`GHOST_FACE`, opaque, so that whatever square it stands
    on its number keeps 4.5:1) with a dashed rim, its number in the piece's dark edge colour."""
    disc = Circle((x, y), radius, facecolor=GHOST_FACE[colour] if ghost else PIECE_FACE[colour],
                  edgecolor=PIECE_EDGE[colour], linewidth=1.3 if not ghost else 1.0, alpha=alpha,
                  linestyle="-" if not ghost else (0, (2, 1.5)), zorder=zorder)
    if gid:
        disc.set_gid(gid)
    ax.add_patch(disc)
    ax.text(x, y - 0.01, label, ha="center", va="center", fontsize=TEXT_PT,
            color=PIECE_EDGE[colour] if ghost else PIECE_INK[colour], alpha=alpha,
            zorder=zorder + 1)


def _colour_of_piece(name: str) -> str:
    return {v: k for k, v in INITIALS.items()}[name[0]]


def _draw_pieces(ax: Any, geo: Geometry, squares: Mapping[str, list[str]]) -> None:
    for square in sorted(squares):
        names = squares[square]
        center = geo.center(square)
        # the same pieces on the same square look the same on every board: replayed
        replay(ax, ("ludo-square", center, tuple(names)), _draw_square_pieces, ax, center,
               names)


def _draw_square_pieces(ax: Any, center: tuple[float, float], names: list[str]) -> None:
    """The pieces ``names`` standing on the square centred at ``center``."""
    x, y = center
    shown = names if len(names) <= 4 else names[:3]
    radius, offsets = _slots(len(shown) if len(names) <= 4 else 4)
    for name, (dx, dy) in zip(shown, offsets):
        draw_piece(ax, x + dx, y + dy, _colour_of_piece(name), name[1:], radius,
                   gid=f"piece-{name}")
    if len(names) > 4:
        # the fourth slot tells how many more stand there (a badge would hide pieces)
        dx, dy = offsets[3]
        ax.text(x + dx, y + dy, f"+{len(names) - 3}", ha="center", va="center",
                fontsize=TEXT_PT, color=style.TEXT, zorder=11)


# --------------------------------------------------------------------------- moves


def leg_paths(state: Any, move: Any) -> list[tuple[str, list[str]]]:
    """Return the legs of ``move`` as ``(kind, squares)``: the squares each leg passes, in
    order (a ``move`` or ``bounce`` leg counted square by square along the track, a ``jump``,
    ``flight`` or ``enter`` leg as its two ends). Empty for rolls and passes.

    Source: ``shared/rules/ludo.md``, "Moving"; the waypoints are the engine's.
    """
    points = waypoints(state, move)
    if not points:
        return []
    rules = state.variant.rules
    colour = state.colours[state.to_move]
    index = move.value
    here = state.pieces[state.to_move][index]

    def name(d: int) -> str:
        return square_of(rules, colour, d, index)

    legs: list[tuple[str, list[str]]] = []
    for progress, kind in points:
        if kind == "move":
            squares = [name(d) for d in range(here, progress + 1)]
        elif kind == "bounce":
            squares = [name(d) for d in range(here, progress - 1, -1)]
        else:
            squares = [name(here), name(progress)]
        legs.append((kind, squares))
        here = progress
    return legs


def _draw_leg(ax: Any, geo: Geometry, kind: str, squares: list[str], index: int,
              end_pieces: int = 0) -> None:
    """Draw one leg of a move under the pieces (so that no leg hides a piece's number); its
    head stops at the rim of a lone piece on the leg's last square (``end_pieces``).
    Replayed when the same leg was drawn on an earlier board of the same size."""
    centers = tuple(geo.center(s) for s in squares)
    replay(ax, ("ludo-leg", centers, kind, index, end_pieces, geo.inches_per_cell),
           _draw_leg_now, ax, geo, kind, squares, index, end_pieces)


def _draw_leg_now(ax: Any, geo: Geometry, kind: str, squares: list[str], index: int,
                  end_pieces: int) -> None:
    colour, linestyle, arrowstyle, rad = LEG_STYLE[kind]
    points = [geo.center(s) for s in squares]
    if kind == "bounce" and len(points) > 1:
        # drawn beside the track so that it does not hide the leg to the goal
        (x0, y0), (x1, y1) = points[0], points[1]
        length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-9)
        ox, oy = -(y1 - y0) / length * 0.24, (x1 - x0) / length * 0.24
        points = [(x + ox, y + oy) for x, y in points]
    points_per_cell = geo.inches_per_cell * 72
    shrink = (0.42 if end_pieces == 1 else 0.3) * points_per_cell
    common = dict(arrowstyle=arrowstyle, mutation_scale=points_per_cell / 2.2, color=colour,
                  linewidth=2.6, linestyle=linestyle, alpha=0.92, zorder=9,
                  joinstyle="round", capstyle="round")
    if len(points) == 2:
        arrow = FancyArrowPatch(points[0], points[1], connectionstyle=f"arc3,rad={rad}",
                                shrinkA=3, shrinkB=shrink, **common)
    else:
        codes = [MplPath.MOVETO] + [MplPath.LINETO] * (len(points) - 1)
        # a path arrow ignores shrinkB: its last point is moved back by hand
        (px, py), (qx, qy) = points[-2], points[-1]
        length = max(math.hypot(qx - px, qy - py), 1e-9)
        back = min(shrink / points_per_cell, length * 0.6) / length
        points[-1] = (qx - (qx - px) * back, qy - (qy - py) * back)
        arrow = FancyArrowPatch(path=MplPath(points, codes), shrinkA=0, **common)
    arrow.set_gid(f"leg-{index}-{kind}")
    ax.add_patch(arrow)


#: where the ghosts of pieces sent back from one square stand (the count badge is top right;
#: the change badge is bottom right, so that corner is taken last).
_GHOST_CORNERS = ((-0.32, -0.32), (-0.32, 0.32), (0.0, -0.36), (0.32, -0.32))


def _draw_send_back_marks(ax: Any, geo: Geometry, sent: Iterable[tuple[str, str, str]]) -> None:
    """Ghost of each piece sent back where it was hit, and a dashed arrow to its yard
    (``sent``: ``(piece, square, yard)`` of :func:`sent_back`)."""
    seen: dict[str, int] = {}
    for name, square, yard in sent:
        colour = _colour_of_piece(name)
        x, y = geo.center(square)
        k = seen[square] = seen.get(square, -1) + 1   # several ghosts of one square: corners
        dx, dy = _GHOST_CORNERS[k % len(_GHOST_CORNERS)]
        gx, gy = x + dx, y + dy
        draw_piece(ax, gx, gy, colour, name[1:], 0.21, gid=f"ghost-{name}",
                   ghost=True, zorder=14)
        ax.add_patch(FancyArrowPatch(
            (gx, gy), geo.center(yard), arrowstyle="-|>,head_length=0.45,head_width=0.28",
            mutation_scale=geo.inches_per_cell * 72 / 2.2, color=SEND_BACK, linewidth=1.8,
            linestyle=(0, (3, 2)), connectionstyle="arc3,rad=0.25",
            shrinkA=0.21 * geo.inches_per_cell * 72,     # from the ghost's rim, off its number
            shrinkB=0.42 * geo.inches_per_cell * 72, zorder=9))


def change_marks(before: Any, after: Any) -> dict[str, int]:
    """Return square -> -1 (a piece left: red) or +1 (a piece arrived: green) for every
    square whose occupants differ between two positions."""
    old, new = occupants(before), occupants(after)
    marks = {}
    for square in set(old) | set(new):
        was, now = old.get(square, []), new.get(square, [])
        if was != now:
            marks[square] = 1 if set(now) - set(was) else -1
    return marks


def _shape(geo: Geometry, square: str, bottom: float, **kwargs: Any) -> Any:
    x, y = geo.center(square)
    if square.endswith("-goal"):
        colour = _colour_of_piece(square[0])
        return Polygon(_goal_polygon(geo, colour, bottom), closed=True, **kwargs)
    if "-yard" in square:
        return Circle((x, y), 0.55, **kwargs)
    return Rectangle((x - 0.5, y - 0.5), 1, 1, **kwargs)


def _draw_changes(ax: Any, geo: Geometry, marks: Mapping[str, int], bottom: float) -> None:
    for square, delta in sorted(marks.items()):
        colour = style.REMOVED if delta < 0 else style.ADDED
        ax.add_patch(_shape(geo, square, bottom, facecolor=colour, alpha=style.CHANGE_ALPHA,
                            linewidth=0, zorder=2))
        # The second cue (not colour alone): dashed outline and "−" for left, solid and "+".
        ax.add_patch(_shape(geo, square, bottom, facecolor="none",
                            edgecolor=style.REMOVED_EDGE if delta < 0 else style.ADDED_EDGE,
                            linewidth=2.6, zorder=2.5,
                            linestyle=style.LEFT_DASHES if delta < 0 else "solid"))
        draw_change_badge(ax, _badge_anchor(geo, square, bottom), delta, square)


def _badge_anchor(geo: Geometry, square: str, bottom: float) -> tuple[float, float]:
    """The point whose lower-right corner gets the change badge of ``square``: its centre, or
    for a goal triangle a point such that the badge sits in the corner of the triangle
    farthest from every slot a piece may stand on, off the pieces' numbers."""
    x, y = geo.center(square)
    if not square.endswith("-goal"):
        return x, y
    polygon = _goal_polygon(geo, _colour_of_piece(square[0]), bottom)
    cx = sum(px for px, _ in polygon) / len(polygon)
    cy = sum(py for _, py in polygon) / len(polygon)
    slots = [(x + dx, y + dy) for count in (1, 2, 4) for dx, dy in _slots(count)[1]]
    corners = [(px + (cx - px) * 0.3, py + (cy - py) * 0.3) for px, py in polygon]
    best = max(corners, key=lambda c: (min(math.dist(c, s) for s in slots), c))
    return best[0] - 0.39, best[1] + 0.39


def _draw_highlights(ax: Any, geo: Geometry, squares: Iterable[str], bottom: float) -> None:
    for square in squares:
        ax.add_patch(_shape(geo, square, bottom, facecolor=style.HIGHLIGHT,
                            alpha=style.HIGHLIGHT_ALPHA, linewidth=0, zorder=2))


def _draw_arrows(ax: Any, geo: Geometry, arrows: Iterable[tuple[str, ...]]) -> None:
    for i, squares in enumerate(arrows):
        _draw_leg(ax, geo, "move", list(squares), 100 + i)


# --------------------------------------------------------------------------- info line


def draw_die(ax: Any, x: float, y: float, roll: int, size: float = 1.1) -> None:
    """Draw a die face showing ``roll`` (1..6) centred at (x, y); ``0`` draws a blank die with
    a question mark (the die is still to be rolled)."""
    die = FancyBboxPatch((x - size / 2, y - size / 2), size, size,
                         boxstyle=f"round,pad=0,rounding_size={size * 0.18}",
                         facecolor="white", edgecolor=style.TEXT, linewidth=1.5, zorder=5)
    die.set_gid("die")
    ax.add_patch(die)
    if not roll:
        ax.text(x, y, "?", ha="center", va="center", fontsize=15, color=style.TEXT, zorder=6)
        return
    for k, (dx, dy) in enumerate(PIPS[roll], start=1):
        pip = Circle((x + dx * size, y + dy * size), size * (0.1 if roll > 1 else 0.13),
                     facecolor="#c62828" if roll == 1 else style.TEXT, linewidth=0, zorder=6)
        pip.set_gid(f"pip-{k}")
        ax.add_patch(pip)


def _badge(ax: Any, x: float, y: float, text: str, colour: str | None) -> float:
    face = PIECE_FACE[colour] if colour else "#e6e0d6"
    edge = PIECE_EDGE[colour] if colour else "#9e9486"
    ink = PIECE_INK[colour] if colour else style.TEXT
    ax.text(x, y, text, ha="left", va="center", fontsize=12, color=ink, zorder=5,
            bbox={"boxstyle": "round,pad=0.3,rounding_size=0.3", "facecolor": face,
                  "edgecolor": edge, "linewidth": 1.2})
    return x + 0.42 * len(text) + 0.35


def status_text(state: Any) -> tuple[str, str | None]:
    """Return the status word and its colour: ``("赤の番", "red")``, or when the game is over
    the first finisher ``("赤の上がり", "red")``."""
    if is_over(state):
        first = state.colours[state.finished[0]]
        return f"{NAME_JA[first]}の上がり", first
    mover = state.colours[state.to_move]
    return f"{NAME_JA[mover]}の番", mover


def next_text(before: Any, after: Any) -> str:
    """Return what happens after a piece move or pass: 「赤の上がり」 when the game ended,
    「もう1回振る」 when the same colour rolls again, else 「次は青の番」."""
    if is_over(after):
        return status_text(after)[0]
    if after.to_move == before.to_move:
        return "もう1回振る"
    return f"次は{NAME_JA[after.colours[after.to_move]]}の番"


def _draw_info(ax: Any, spec: DiagramSpec, width: float, y: float) -> None:
    """The side to move (or the mover of the move drawn), the die, the sixes, what comes
    next after a move, and the preset's name."""
    state = spec.state
    shown, after = state, None
    if spec.before is not None and spec.move is not None and spec.before.roll:
        shown, after = spec.before, state   # a piece move or pass: show the roll it used
    text, colour = status_text(shown)
    x = grouped(ax, _badge, _MARGIN + 0.1, y, text, colour)
    if not is_over(shown):
        ax.text(x + 0.2, y, "出目", ha="left", va="center", fontsize=12, color=style.TEXT)
        replay(ax, ("ludo-die", x + 2.0, y, shown.roll), draw_die, ax, x + 2.0, y, shown.roll)
        x += 2.9
        notes = []
        if shown.sixes:
            notes.append(f"この番ですでに6が{shown.sixes}回")
        if after is not None:
            notes.append(f"→ {next_text(shown, after)}")
        if notes:
            # upper half of the line; the rule name sits in the lower half at the right
            ax.text(x, y + 0.27, "　".join(notes), ha="left", va="center", fontsize=TEXT_PT,
                    color=style.TEXT)
    rules = state.variant.rules
    ax.text(width - _MARGIN - 0.1, y - 0.3, f"ルール：{PRESET_NAMES_JA[rules.preset]}", ha="right",
            va="center", fontsize=TEXT_PT, color=style.COORD)


def _draw_legend(ax: Any, kinds: list[str], y: float) -> None:
    x = _MARGIN + 0.2
    for kind in kinds:
        colour, linestyle, arrowstyle, _ = LEG_STYLE[kind]
        ax.add_patch(FancyArrowPatch((x, y), (x + 1.4, y), arrowstyle=arrowstyle,
                                     mutation_scale=0.4 * 72 / 2.2, color=colour, linewidth=2.4,
                                     linestyle=linestyle, shrinkA=0, shrinkB=0, zorder=5))
        ax.text(x + 1.6, y, LEG_JA[kind], ha="left", va="center", fontsize=TEXT_PT,
                color=style.TEXT)
        x += 1.9 + 0.45 * len(LEG_JA[kind]) + 0.4


# --------------------------------------------------------------------------- draw


def _legend_kinds(legs: list[tuple[str, list[str]]]) -> list[str]:
    kinds = {"move" if kind == "enter" else kind for kind, _ in legs}
    if kinds <= {"move"}:
        return []
    return [k for k in ("move", "jump", "flight", "bounce") if k in kinds]


def draw(game: Game, spec: DiagramSpec) -> Figure:
    """Draw ``spec`` for the ludo engine and return the figure.

    The board follows the preset of the position drawn (``spec.state``), not the site's
    rules. Options: ``info`` (default True), ``numbers`` (a colour; default none). See the
    module docstring for what is drawn and the stable ids.
    """
    state = spec.state
    rules = state.variant.rules
    info = bool(spec.options.get("info", True))
    legs: list[tuple[str, list[str]]] = []
    if spec.before is not None and spec.move is not None:
        legs = leg_paths(spec.before, spec.move)
    kinds = _legend_kinds(legs) if spec.move_arrow and not spec.arrows else []
    geo = geometry(rules.entry_square, rules.pieces, info, bool(kinds))
    bottom = _bottom(info, bool(kinds))
    figure, ax = new_figure(geo)
    _draw_board(ax, geo, rules, bottom)
    numbers = spec.options.get("numbers")
    if numbers in COLOURS:
        grouped(ax, _draw_numbers, geo, rules.entry_square, rules.pieces, rules.goal, numbers)
    if spec.before is not None:
        grouped(ax, _draw_changes, geo, change_marks(spec.before, state), bottom)
    grouped(ax, _draw_highlights, geo, spec.highlight, bottom)
    standing = occupants(state)
    _draw_pieces(ax, geo, standing)
    if spec.before is not None and spec.move is not None:
        grouped(ax, _draw_send_back_marks, geo, sent_back(spec.before, spec.move))
    if spec.arrows:
        _draw_arrows(ax, geo, spec.arrows)
    elif spec.move_arrow:
        for i, (kind, squares) in enumerate(legs):
            _draw_leg(ax, geo, kind, squares, i, len(standing.get(squares[-1], ())))
    draw_labels(ax, geo, spec.labels)
    if info:
        _draw_info(ax, spec, geo.width, (_LEGEND_H if kinds else 0.0) + _INFO_H / 2)
    if kinds:
        legend_y = _LEGEND_H / 2 + (0.0 if info else _PLAIN / 2)
        replay(ax, ("ludo-legend", tuple(kinds), legend_y), _draw_legend, ax, kinds, legend_y)
    return figure


# --------------------------------------------------------------------------- describe


def describe(game: Game, state: Any) -> str:
    """Return a Japanese description of ``state`` for screen readers: the preset, the side to
    move, the roll and sixes, then each colour's pieces with the square names, e.g.
    「飛行棋ルール。赤の番、出目2。赤：r1 陣地、r2 t11（12マス目）、r3 t29（30マス目）、
    r4 ゴール。青：…」."""
    rules = state.variant.rules
    parts = [f"{PRESET_NAMES_JA[rules.preset]}ルール。"]
    text, _ = status_text(state)
    if is_over(state):
        parts.append(f"{text}。")
    else:
        roll = f"出目{state.roll}" if state.roll else "これからサイコロを振る"
        sixes = f"（この番ですでに6が{state.sixes}回）" if state.sixes else ""
        parts.append(f"{text}、{roll}{sixes}。")
    for seat, colour in enumerate(state.colours):
        items = []
        for i, d in enumerate(state.pieces[seat]):
            name = f"{INITIALS[colour]}{i + 1}"
            square = square_of(rules, colour, d, i)
            if "-yard" in square:
                items.append(f"{name} 陣地")
            elif square.endswith("-goal"):
                items.append(f"{name} ゴール")
            else:
                items.append(f"{name} {square}（{d}マス目）")
        parts.append(f"{NAME_JA[colour]}：{'、'.join(items)}。")
    return "".join(parts)


def square_names(rules: Any) -> list[str]:
    """Return every square drawn for ``rules``: the engine's :func:`all_squares` for the four
    colours."""
    return all_squares(rules, COLOURS)


__all__ = [
    "change_marks",
    "describe",
    "draw",
    "draw_die",
    "draw_piece",
    "geometry",
    "geometry_for",
    "leg_paths",
    "square_names",
    "status_text",
]


# --------------------------------------------------------------------------- options, play board

_BOOL: dict[str, Any] = {"type": "boolean"}
#: the drawing options :func:`draw` reads (``spec.options``), each with the values it takes as
#: a JSON-schema fragment (:mod:`banmen.render.options` checks content files against it).
OPTIONS: dict[str, dict[str, Any]] = {"info": _BOOL, "numbers": {"enum": list(COLOURS)}}


def play_board(game: Game) -> tuple[Figure, Geometry]:
    """Return the empty board of the play board (information line and legend off) for
    ``game``'s start square and piece count, and its geometry (cell units)."""
    rules = game.initial_state().variant.rules
    geo = geometry(rules.entry_square, rules.pieces, False, False)
    figure, ax = new_figure(geo)
    _draw_board(ax, geo, rules, _bottom(False, False))
    return figure, geo


def play_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    """Return ``draw_look(ax, look, center)``, which draws one look of the play view
    (the look keys of ``banmen/games/ludo/view.py``) centred at ``center`` (cell units)
    as :func:`draw` draws that piece."""
    from banmen.games.ludo.track import COLOUR_OF_INITIAL

    def draw_look(ax: Any, look: str, center: tuple[float, float]) -> None:
        x, y = center
        if look.startswith("die"):
            draw_die(ax, x, y, int(look[3:]))
            return
        if look.startswith("more"):
            _, offsets = _slots(4)
            dx, dy = offsets[3]
            ax.text(x + dx, y + dy, f"+{look[4:]}", ha="center", va="center",
                    fontsize=TEXT_PT, color=style.TEXT, zorder=11)
            return
        name, _, slot = look.partition("-")
        count = int(slot[0]) if slot else 1
        radius, offsets = _slots(count)
        dx, dy = offsets["abcd".index(slot[1])] if slot else offsets[0]
        draw_piece(ax, x + dx, y + dy, COLOUR_OF_INITIAL[name[0]], name[1:], radius)

    return draw_look
