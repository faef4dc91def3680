"""バブーシュカ boards: the cross-shaped 52-square board, nests of S/M/L dolls, two views.

Layout (``shared/rules/babuschka.md``, "Board", "Material", "Hidden information"; the shared
drawing conventions of ``banmen/render/board.py``):

* Files ``a``..``h`` left to right along the bottom edge, ranks ``1``..``8`` bottom to top along
  the left edge, as in chess: south (black, or the south seat of four) sits at the bottom.
  Only the 52 squares on the board are drawn (an 8 × 8 grid without three squares at each
  corner); each cell carries the gid ``sq-<name>``.
* Start and goal squares: each seat's start squares get a bar in the seat's colour along their
  outer edge (gid ``start-<name>``), and a small flag in the corner of the seat that must reach
  them (its goal, gid ``goal-<name>``): the goal of a seat is the start of the seat opposite.
* A doll is a matryoshka silhouette: a round body with a head (a scarf ring around a face) on
  top, its size letter ``S``/``M``/``L`` on the body. The three sizes stand on one baseline and
  differ in height (about 0.45, 0.65 and 0.86 of a cell) and width. Two players: the body is the
  owner's skirt colour (black or grey); four players: head and body in the seat's colour (four
  hues that also differ in lightness).
* ``view: table`` (the default) draws only the top doll of each square, as a player sees it;
  ``view: cutaway`` opens every nest of two or three dolls as the toy opens: one shell inside
  the other, the top doll outermost and the bottom doll innermost, each shell in its owner's
  colour with its size letter in a band at its top (the innermost one in its middle), all
  letters 10 pt, so that owner and size of every doll read on a 390 px phone (gid
  ``nest-<name>`` for the outline of the whole nest).
* After a move: the origin square is tinted red (a doll left it), the final square green (a doll
  arrived); an arrow runs from the origin through every jump landing to the final square
  (``game.move_path``). A pass changes nothing on the board; the status line says who passed.
* No mark covers a size letter: a jump's arrow bends around the doll it jumps over, tails and
  heads stop clear of the letters on their squares (a step between two dolls runs beside
  them), labels sit on a small disc in the upper-right corner beside the doll, and the goal
  flags stay in the upper-left corner.
* Above the board: the side to move (黒番 / 灰番 / 南の番 ...), or the result when the game is
  over (黒の勝ち / 引分け), and whether the side to move has no action and must pass.

Stable ids (prefixed by the SVG step): every square ``sq-<name>``; the top doll of a square
``doll-<name>``; in the cut-away view every doll ``doll-<name>-<k>`` (k = 1 at the bottom of the
nest); the outline of an opened nest ``nest-<name>``; the move's arrow ``move-arrow``; the
arrows of ``spec.arrows`` ``arrow-<i>`` (i from 1); a label's disc ``label-<name>``; start bars
``start-<name>``, goal flags ``goal-<name>``.

Options (``spec.options``):

* ``view`` (``"table"`` default, or ``"cutaway"``): top dolls only, or whole nests.
* ``coordinates`` (bool, default True): the file letters and rank digits.
* ``info`` (bool, default True): the status line above the board.
* ``result`` (bool, default True): when the game is over the status line names the winner;
  ``false`` keeps the side to move (for a puzzle that asks who wins).
* ``marks`` (bool, default True): the start and goal marks.
* ``pass_notice`` (bool, default True): say on the status line that the side to move has no
  action and must pass; ``false`` hides it (for a puzzle that asks whether it must pass).

The renderer reads positions only through the engine's position mapping
(``position_to_yaml``: ``players``, ``to_move``, ``board`` with nests bottom to top, each doll
an owner letter and a size letter), ``outcome``, ``legal_moves``, ``format_move`` and
``move_path``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import (Circle, Ellipse, FancyArrowPatch, FancyBboxPatch, Polygon,
                                Rectangle)
from matplotlib.path import Path as MplPath

from banmen.errors import shorten
from banmen.game import BanmenError, Game
from banmen.render import style
from banmen.render.replay import grouped, replay
from banmen.render.board import (
    draw_change_cue,
    DiagramSpec,
    Geometry,
    draw_cell,
    draw_highlights,
    new_figure,
)

FILES = "abcdefgh"
SIZE = 8
_LEFT = 0.5        # room for the rank digits
_BOTTOM = 0.5      # room for the file letters
_RIGHT = 0.25
_INFO_H = 0.85     # the status line above the board
_PLAIN = 0.25      # margin when coordinates or the status line are off

#: height of a doll of each size, in cells (all stand on the same baseline).
DOLL_HEIGHT = {"S": 0.5, "M": 0.68, "L": 0.86}
#: width of the body relative to the height.
_BODY_RATIO = 0.78
_BASE = -0.44      # baseline of the dolls, relative to the square's centre

FACE = "#fbe9d7"
FACE_EDGE = "#3b2a20"
OUTLINE = "#1a1a1a"
CHANGE_ALPHA = 0.5

#: owner letter -> (body colour, head-scarf colour, letter ink) of its dolls.
DOLL_COLOURS: dict[str, tuple[str, str, str]] = {
    "b": ("#262626", "#262626", "#ffffff"),   # black skirt
    "g": ("#a7a7a7", "#a7a7a7", "#111111"),   # grey skirt
    "s": ("#3f51b5", "#1a237e", "#ffffff"),   # south: dark indigo
    "w": ("#e57373", "#c62828", "#111111"),   # west: red
    "n": ("#aed581", "#558b2f", "#111111"),   # north: green, lighter still
    "e": ("#fff59d", "#f9a825", "#111111"),   # east: yellow, the lightest
}

#: owner letter -> side id (the engine's ``to_move`` values) and Japanese name.
SIDES = {"b": "black", "g": "grey", "s": "south", "w": "west", "n": "north", "e": "east"}
LETTER_OF = {side: letter for letter, side in SIDES.items()}
SIDE_JA = {"black": "黒", "grey": "灰", "south": "南", "west": "西", "north": "北", "east": "東"}
SIZE_JA = {"S": "小", "M": "中", "L": "大"}

#: start squares of each side (``shared/rules/babuschka.md``, "Material").
START_SQUARES: dict[str, tuple[str, ...]] = {
    "black": ("c1", "d1", "e1", "f1"),
    "grey": ("c8", "d8", "e8", "f8"),
    "south": ("d1", "e1"),
    "west": ("a4", "a5"),
    "north": ("d8", "e8"),
    "east": ("h4", "h5"),
}
OPPOSITE = {"black": "grey", "grey": "black", "south": "north", "north": "south",
            "west": "east", "east": "west"}
#: which edge of its squares faces the seat (for the start bar).
SEAT_EDGE = {"black": "bottom", "south": "bottom", "grey": "top", "north": "top",
             "west": "left", "east": "right"}


# --------------------------------------------------------------------------- geometry


def on_board(name: str) -> bool:
    """Whether ``name`` (``"c1"``) is one of the 52 squares (the rule spec's "Board")."""
    if len(name) != 2 or name[0] not in FILES or not name[1].isdigit():
        return False
    f, r = FILES.index(name[0]), int(name[1]) - 1
    if not 0 <= r < SIZE:
        return False
    edge_file, edge_rank = f in (0, 7), r in (0, 7)
    inner_file, inner_rank = f in (1, 6), r in (1, 6)
    if edge_file and (edge_rank or inner_rank):
        return False
    if edge_rank and inner_file:
        return False
    return True


SQUARES: tuple[str, ...] = tuple(
    f"{f}{r}" for r in range(1, SIZE + 1) for f in FILES if on_board(f"{f}{r}")
)


def _layout(coordinates: bool, info: bool) -> tuple[float, float, float, float]:
    """Return (board left, board bottom, figure width, figure height) in cell units."""
    left = _LEFT if coordinates else _PLAIN
    bottom = _BOTTOM if coordinates else _PLAIN
    top = _INFO_H if info else _PLAIN
    return left, bottom, left + SIZE + _RIGHT, bottom + SIZE + top


def geometry(coordinates: bool = True, info: bool = True) -> Geometry:
    """Return the board geometry: the 52 squares ``a3``..``h6``, ``a3`` bottom left of centre.

    Returns:
        A :class:`Geometry` whose ``centers`` hold exactly the squares on the board.
    """
    left, bottom, width, height = _layout(coordinates, info)
    centers = {
        name: (left + FILES.index(name[0]) + 0.5, bottom + int(name[1]) - 0.5) for name in SQUARES
    }
    return Geometry(centers, width, height, inches_per_cell=0.55)


def geometry_for(game: Game) -> Geometry:
    """Return the board geometry for ``game`` (the same board for two and four players)."""
    return geometry()


# --------------------------------------------------------------------------- dolls


def parse_doll(text: str) -> tuple[str, str]:
    """Read a doll of the position mapping (``"bS"``) into (owner letter, size letter).

    Raises:
        BanmenError: the text is not an owner letter (b g s w n e) and a size (S M L).
    """
    if len(text) != 2 or text[0] not in DOLL_COLOURS or text[1] not in DOLL_HEIGHT:
        raise BanmenError(f"'{shorten(text)}' is not a doll (expected an owner b/g/s/w/n/e and a size "
                          "S/M/L, e.g. bS)")
    return text[0], text[1]


def draw_doll(ax: Any, x: float, base: float, owner: str, size: str, *, gid: str | None = None,
              scale: float = 1.0, letter: bool = True, z: float = 10.0) -> None:
    """Draw one doll standing at (``x``, ``base``): body, head with scarf and face, size letter.

    Args:
        owner: the owner letter (``b``, ``g``, ``s``, ``w``, ``n``, ``e``).
        size: ``S``, ``M`` or ``L``; sets the height (:data:`DOLL_HEIGHT`, cell units).
        gid: the id of the body patch.
        scale: a factor on the doll's size (the opened nests of the cut-away view).
        letter: write the size letter on the body.
        z: the z-order of the body (head and letter just above it).
    """
    body_colour, scarf, ink = DOLL_COLOURS[owner]
    height = DOLL_HEIGHT[size] * scale
    width = height * _BODY_RATIO
    body_h = height * 0.64
    head_r = height * 0.22
    edge = OUTLINE
    lw = 1.2 if scale == 1.0 else 0.9
    body = Ellipse((x, base + body_h / 2), width, body_h, facecolor=body_colour, edgecolor=edge,
                   linewidth=lw, zorder=z)
    if gid:
        body.set_gid(gid)
    ax.add_patch(body)
    head_y = base + height - head_r
    ax.add_patch(Circle((x, head_y), head_r, facecolor=scarf, edgecolor=edge, linewidth=lw,
                        zorder=z + 0.1))
    ax.add_patch(Circle((x, head_y - head_r * 0.12), head_r * 0.6, facecolor=FACE,
                        edgecolor=FACE_EDGE, linewidth=0.5, zorder=z + 0.2))
    if letter:
        ax.text(x, base + body_h * 0.42, size, ha="center", va="center",
                fontsize={"S": 9, "M": 10.5, "L": 13}[size] * max(scale, 0.75), color=ink,
                zorder=LETTER_ZORDER + z * 0.001)  # above arrows, as in opened nests


#: The cut-away view opens a nest of two or three dolls as the toy opens: one shell inside
#: the other, the top doll outermost (cell units, relative to the square's centre). Every
#: shell leaves a band of :data:`SHELL_BAND` at its top for its size letter and
#: :data:`SHELL_SIDE` / :data:`SHELL_FOOT` at its sides and foot for the owner's colour; the
#: innermost shell (the bottom doll) carries its letter in its middle.
SHELL_HALF_WIDTH = 0.37
SHELL_TOP = 0.44
SHELL_BOTTOM = -0.44
SHELL_BAND = 0.27
SHELL_SIDE = 0.075
SHELL_FOOT = 0.05
SHELL_ROUND = 0.12
#: font size (pt) of the size letters in an opened nest (10.1 CSS px on a 390 px phone).
SHELL_LETTER_PT = 10


def shell_boxes(count: int) -> list[tuple[float, float, float, float]]:
    """Return the shells of an opened nest of ``count`` dolls, outermost (the top doll) first,
    each as (left, bottom, right, top) relative to the square's centre."""
    boxes = []
    for j in range(count):
        boxes.append((-SHELL_HALF_WIDTH + j * SHELL_SIDE, SHELL_BOTTOM + j * SHELL_FOOT,
                      SHELL_HALF_WIDTH - j * SHELL_SIDE, SHELL_TOP - j * SHELL_BAND))
    return boxes


def letter_spots(nest: Sequence[str], view: str) -> list[tuple[float, float]]:
    """Return where the size letters of ``nest`` (bottom to top) stand, relative to the
    square's centre: one spot for a lone or table-view doll, one per doll of an opened nest."""
    if view == "table" or len(nest) == 1:
        size = parse_doll(nest[-1])[1]
        return [(0.0, _BASE + DOLL_HEIGHT[size] * 0.64 * 0.42)]
    spots = []
    boxes = shell_boxes(len(nest))
    for j, (_, bottom, _, top) in enumerate(boxes):
        inner = j == len(boxes) - 1
        spots.append((0.0, (bottom + top) / 2 if inner else top - SHELL_BAND / 2))
    return spots[::-1]       # the shells run outermost (top doll) first


def draw_nest(ax: Any, center: tuple[float, float], nest: Sequence[str], name: str,
              view: str) -> None:
    """Draw the nest ``nest`` (dolls bottom to top, e.g. ``["bS", "gM"]``) on one square.

    ``view="table"``: only the top doll (gid ``doll-<name>``). ``"cutaway"``: a nest of one
    doll as in the table view; a nest of two or three opened as the toy opens, one shell in
    the other, the top doll outermost and the bottom doll innermost (:func:`shell_boxes`),
    each shell in its owner's colour with its size letter in the band at its top (gids
    ``doll-<name>-<k>``, k = 1 at the bottom, except the top doll's shell: ``doll-<name>``;
    the outline around the whole nest ``nest-<name>``).
    """
    x, y = center
    base = y + _BASE
    if view == "table" or len(nest) == 1:
        owner, size = parse_doll(nest[-1])
        draw_doll(ax, x, base, owner, size, gid=f"doll-{name}")
        return
    count = len(nest)
    for j, text in enumerate(reversed(nest)):
        owner, size = parse_doll(text)
        k = count - j                    # position in the nest, 1 = bottom
        draw_shell(ax, center, owner, size, j, count,
                   gid=f"doll-{name}" if j == 0 else f"doll-{name}-{k}")
        if j == 0:
            draw_nest_rim(ax, center, count, gid=f"nest-{name}")


def draw_shell(ax: Any, center: tuple[float, float], owner: str, size: str, j: int,
               count: int, gid: str | None = None) -> None:
    """Draw shell ``j`` (0 = outermost, the top doll) of an opened nest of ``count`` dolls on
    the square centred at ``center``: the doll ``owner`` + ``size`` with its size letter
    (:func:`shell_boxes`, :func:`letter_spots`)."""
    x, y = center
    left, bottom, right, top = shell_boxes(count)[j]
    inner = j == count - 1
    ly = (bottom + top) / 2 if inner else top - SHELL_BAND / 2
    body_colour, _, ink = DOLL_COLOURS[owner]
    rounding = min(SHELL_ROUND, (top - bottom) / 2, (right - left) / 2)
    shell = FancyBboxPatch((x + left, y + bottom), right - left, top - bottom,
                           boxstyle=f"round,pad=0,rounding_size={rounding}",
                           facecolor=body_colour, edgecolor=OUTLINE,
                           linewidth=1.2 if j == 0 else 0.9, zorder=10.0 + j)
    if gid:
        shell.set_gid(gid)
    ax.add_patch(shell)
    # the size letters sit above move arrows and landing dots (zorder 40, 41): a chain
    # through a landing or a jump over a nest never hides which doll is which
    ax.text(x, y + ly, size, ha="center", va="center", fontsize=SHELL_LETTER_PT,
            color=ink, zorder=LETTER_ZORDER + 0.01 * j)


def draw_nest_rim(ax: Any, center: tuple[float, float], count: int,
                  gid: str | None = None) -> None:
    """Draw the outline around an opened nest of ``count`` dolls (over its shells)."""
    x, y = center
    left, bottom, right, top = shell_boxes(count)[0]
    rim = FancyBboxPatch((x + left, y + bottom), right - left, top - bottom,
                         boxstyle=f"round,pad=0,rounding_size={SHELL_ROUND}",
                         facecolor="none", edgecolor=OUTLINE, linewidth=1.2,
                         zorder=10.0 + count)
    if gid:
        rim.set_gid(gid)
    ax.add_patch(rim)


# --------------------------------------------------------------------------- board and marks


def _seats(players: int) -> tuple[str, ...]:
    return ("black", "grey") if players == 2 else ("south", "west", "north", "east")


def _draw_start_and_goal(ax: Any, geo: Geometry, players: int) -> None:
    """A bar in the seat's colour on the outer edge of its start squares, and a flag in the
    colour of the seat whose goal each of them is (the seat opposite)."""
    for side in _seats(players):
        _, scarf, _ = DOLL_COLOURS[LETTER_OF[side]]
        goal_of = OPPOSITE[side]
        _, goal_colour, _ = DOLL_COLOURS[LETTER_OF[goal_of]]
        edge = SEAT_EDGE[side]
        for name in START_SQUARES[side]:
            x, y = geo.center(name)
            t = 0.1
            if edge == "bottom":
                rect = (x - 0.5, y - 0.5), 1, t
            elif edge == "top":
                rect = (x - 0.5, y + 0.5 - t), 1, t
            elif edge == "left":
                rect = (x - 0.5, y - 0.5), t, 1
            else:
                rect = (x + 0.5 - t, y - 0.5), t, 1
            bar = Rectangle(*rect, facecolor=scarf, edgecolor="none", zorder=3)
            bar.set_gid(f"start-{name}")
            ax.add_patch(bar)
            # the goal flag in the upper-left corner (away from the doll's body and the
            # letters of an opened nest, above the nest's outer shell)
            fx, fy = x - 0.5 + 0.05, y + 0.5 - 0.05
            if edge == "top":
                fy = y + 0.5 - t - 0.03
            if edge == "left":
                fx = x - 0.5 + t + 0.03
            s = 0.24
            flag = Polygon([(fx, fy), (fx + s, fy), (fx, fy - s)], closed=True,
                           facecolor=goal_colour, edgecolor=OUTLINE, linewidth=0.7, zorder=15)
            flag.set_gid(f"goal-{name}")
            ax.add_patch(flag)


def _draw_cells(ax: Any, geo: Geometry) -> None:
    for square in SQUARES:
        draw_cell(ax, geo, square, style.BOARD_LIGHT)


def _draw_coordinates(ax: Any, info: bool) -> None:
    left, bottom, _, _ = _layout(True, info)
    for i, f in enumerate(FILES):
        ax.text(left + i + 0.5, bottom - _BOTTOM * 0.5, f, ha="center", va="center",
                fontsize=12, color=style.COORD)
    for r in range(1, SIZE + 1):
        ax.text(left - _LEFT * 0.5, bottom + r - 0.5, str(r), ha="center", va="center",
                fontsize=12, color=style.COORD)


def _draw_tints(ax: Any, geo: Geometry, changes: Mapping[str, int]) -> None:
    """Red (-1: a doll left) and green (+1: a doll arrived), gids ``left-``/``arrived-``."""
    for square, delta in sorted(changes.items()):
        x, y = geo.center(square)
        colour, word = (style.REMOVED, "left") if delta < 0 else (style.ADDED, "arrived")
        patch = Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=colour, alpha=CHANGE_ALPHA,
                          linewidth=0, zorder=2)
        patch.set_gid(f"{word}-{square}")
        ax.add_patch(patch)
        draw_change_cue(ax, (x, y), delta, square)


def _pull(point: tuple[float, float], towards: tuple[float, float], distance: float
          ) -> tuple[float, float]:
    (x1, y1), (x2, y2) = point, towards
    length = math.hypot(x2 - x1, y2 - y1)
    step = min(distance, length * 0.4) / length if length else 0.0
    return x1 + (x2 - x1) * step, y1 + (y2 - y1) * step


#: drawing order of an opened nest's size letters: above the move arrow (40) and the dots on
#: its landings (41), below nothing that marks a square.
LETTER_ZORDER = 42.0


#: a jump's arrow bends around the doll it jumps over: at its middle it passes this far from
#: the jumped square's centre (cell units), clear of the letters on the doll.
JUMP_BEND = 0.4


def _jump_control(a: tuple[float, float], b: tuple[float, float],
                  avoid: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The control point of the quadratic curve from ``a`` to ``b`` (two squares apart) that
    bends around the middle square: of the two sides, the one whose curve passes farther from
    the letters at ``avoid`` (absolute points); a tie goes to the left of the direction of
    travel."""
    (x1, y1), (x2, y2) = a, b
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length       # left of the direction of travel
    best = None
    for sign in (1, -1):
        px, py = mx + sign * nx * JUMP_BEND, my + sign * ny * JUMP_BEND
        clearance = min((math.hypot(px - lx, py - ly) for lx, ly in avoid), default=1.0)
        if best is None or clearance > best[0] + 1e-9:
            best = (clearance, sign)
    sign = best[1]
    return mx + sign * nx * 2 * JUMP_BEND, my + sign * ny * 2 * JUMP_BEND


#: how far (cell units) an arrow's tail and head keep from the centre of a size letter on
#: their square: half a letter (about 0.09 cell) plus half the stroke, or half the head.
_TAIL_CLEARANCE = 0.15
_HEAD_CLEARANCE = 0.2


def _segment_distance(p: tuple[float, float], a: tuple[float, float],
                      b: tuple[float, float]) -> float:
    (px, py), (ax_, ay), (bx, by) = p, a, b
    dx, dy = bx - ax_, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if not length2 else max(0.0, min(1.0, ((px - ax_) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax_ + t * dx), py - (ay + t * dy))


def _clear_pull(point: tuple[float, float], towards: tuple[float, float], distance: float,
                spots: Sequence[tuple[float, float]], clearance: float) -> tuple[float, float]:
    """``point`` moved ``distance`` towards ``towards``, or farther (up to the cell's edge)
    until the stretch from it to ``towards`` keeps ``clearance`` from every letter spot."""
    (x1, y1), (x2, y2) = point, towards
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    moved = _pull(point, towards, distance)
    for step in range(12):
        if all(_segment_distance(spot, moved, towards) >= clearance for spot in spots):
            break
        far = min(distance + 0.03 * (step + 1), length * 0.55)
        moved = x1 + (x2 - x1) * far / length, y1 + (y2 - y1) * far / length
    return moved


#: an arrow beside two dolls runs this far (cell units) from the line through their centres.
BESIDE = 0.36


def _beside(a: tuple[float, float], b: tuple[float, float],
            spots: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Tail and tip of an arrow from ``a`` to ``b`` shifted sideways by :data:`BESIDE`, on the
    side whose line passes farther from the letter ``spots`` (a tie: right of travel, away
    from the change badges in the squares' lower-right corners on a move downwards)."""
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    best = None
    for sign in (-1, 1):
        ox, oy = -uy * BESIDE * sign, ux * BESIDE * sign
        tail = (x1 + ox + ux * 0.1, y1 + oy + uy * 0.1)
        tip = (x2 + ox - ux * 0.2, y2 + oy - uy * 0.2)
        clearance = min((_segment_distance(p, tail, tip) for p in spots), default=1.0)
        if best is None or clearance > best[0] + 1e-9:
            best = (clearance, [tail, tip])
    return best[1]


def draw_path_arrow(ax: Any, geo: Geometry, squares: Sequence[str], gid: str, *,
                    start_on_doll: bool = False, end_on_doll: bool = False,
                    letters: Mapping[str, Sequence[tuple[float, float]]] | None = None) -> None:
    """Draw one arrow through the centres of ``squares`` (origin, every landing, final).

    A step between squares two apart is a jump: it bends around the square in between so
    that the letters of the doll jumped over stay readable (``letters``: square -> the
    letter spots of its nest relative to the centre, from :func:`letter_spots`). The head
    stops short of the last centre (at the cell's edge when ``end_on_doll``, so that the doll
    there stays readable); with ``start_on_doll`` the tail starts beside the doll on the first
    square instead of over it. Every landing in between gets a dot (gid ``landing-<name>``).
    """
    letters = letters or {}
    centres = [geo.center(s) for s in squares]
    if len(centres) < 2:
        return
    # each step: its end point and, for a jump, the control point of its curve
    controls: list[tuple[float, float] | None] = []
    for (a, b) in zip(centres, centres[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) == 2 and dx in (0, 2, -2) and dy in (0, 2, -2):
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            over = next((s for s, c in geo.centers.items() if c == (mx, my)), None)
            spots = [(mx + lx, my + ly) for lx, ly in letters.get(over, ())]
            controls.append(_jump_control(a, b, spots))
        else:
            controls.append(None)
    first_towards = controls[0] or centres[1]
    last_from = controls[-1] or centres[-2]
    points = list(centres)

    def spots_on(square: str) -> list[tuple[float, float]]:
        cx, cy = geo.center(square)
        return [(cx + lx, cy + ly) for lx, ly in letters.get(square, ())]

    points[-1] = _clear_pull(points[-1], last_from, 0.36 if end_on_doll else 0.2,
                             spots_on(squares[-1]), _HEAD_CLEARANCE)
    if start_on_doll:
        points[0] = _clear_pull(points[0], first_towards, 0.3, spots_on(squares[0]),
                                _TAIL_CLEARANCE)
    if len(points) == 2 and controls[0] is None and math.dist(points[0], points[1]) < 0.45:
        # a step between two dolls: cleared of both letters the arrow would be a stub, so it
        # runs beside them instead, on the side farther from their letters
        points = _beside(centres[0], centres[1], spots_on(squares[0]) + spots_on(squares[-1]))
    vertices = [points[0]]
    codes = [MplPath.MOVETO]
    for control, end in zip(controls, points[1:]):
        if control is None:
            vertices.append(end)
            codes.append(MplPath.LINETO)
        else:
            vertices.extend([control, end])
            codes.extend([MplPath.CURVE3, MplPath.CURVE3])
    arrow = FancyArrowPatch(
        path=MplPath(vertices, codes),
        arrowstyle="-|>,head_length=0.4,head_width=0.25",
        mutation_scale=geo.inches_per_cell * 72 / 2.2,
        linewidth=3.4, color=style.ARROW, alpha=0.85, zorder=40, shrinkA=0, shrinkB=0,
        joinstyle="round", capstyle="round",
    )
    arrow.set_gid(gid)
    ax.add_patch(arrow)
    for square in squares[1:-1]:   # a dot on every intermediate landing
        landing = Circle(geo.center(square), 0.09, facecolor=style.ARROW, edgecolor="white",
                         linewidth=1.0, zorder=41)
        landing.set_gid(f"landing-{square}")
        ax.add_patch(landing)


#: a label sits on a small disc in the upper-right corner of its square, clear of the doll
#: (a large doll's head reaches 0.42 cell above the centre, 0.19 to each side).
LABEL_AT = (0.33, 0.33)
LABEL_RADIUS = 0.15
LABEL_PT = 11


def draw_labels(ax: Any, geo: Geometry, labels: Sequence[tuple[str, str]]) -> None:
    """Write each label on a white disc in the upper-right corner of its square, beside the
    doll rather than over it (gid ``label-<name>``)."""
    for square, text in labels:
        x, y = geo.center(square)
        cx, cy = x + LABEL_AT[0], y + LABEL_AT[1]
        disc = Circle((cx, cy), LABEL_RADIUS, facecolor="white", edgecolor=style.LABEL,
                      linewidth=1.0, zorder=30)
        disc.set_gid(f"label-{square}")
        ax.add_patch(disc)
        ax.text(cx, cy, text, ha="center", va="center", fontsize=LABEL_PT, color=style.LABEL,
                zorder=30.1)


_SQUARE_RE = re.compile(r"[a-h][1-8]")


def path_of_move(game: Game, before: Hashable, move: Hashable) -> list[str]:
    """Return the squares the moving doll visits: origin, each landing, final square.

    Uses the engine's ``move_path(state, move)``; an engine without it is read from the
    canonical notation (``M d2xd4xf4`` -> d2, d4, f4). A pass visits nothing (``[]``).
    """
    finder = getattr(game, "move_path", None)
    if finder is not None:
        return [str(s) for s in finder(before, move)]
    text = game.format_move(before, move)
    return _SQUARE_RE.findall(text.split(":")[-1])


# --------------------------------------------------------------------------- status line


def _badge(ax: Any, x: float, y: float, text: str, side: str | None) -> None:
    if side is None:
        face, edge, ink = "#e6e0d6", "#9e9486", style.TEXT
    else:
        face, scarf, ink = DOLL_COLOURS[LETTER_OF[side]]
        edge = OUTLINE
    ax.text(x, y, text, ha="left", va="center", fontsize=12, color=ink, zorder=5,
            bbox={"boxstyle": "round,pad=0.3,rounding_size=0.35", "facecolor": face,
                  "edgecolor": edge, "linewidth": 1.2})


def _text_width(text: str, points: float = 12) -> float:
    """Estimated width of ``text`` in cell units (full-width 1 em, other characters ½ em)."""
    em = points / 72 / 0.55
    return sum(em * (0.55 if ord(c) < 0x2000 else 1.0) for c in text)


def _side_word(side: str) -> str:
    return f"{SIDE_JA[side]}番" if side in ("black", "grey") else f"{SIDE_JA[side]}の番"


def _is_pass(game: Game, before: Hashable, move: Hashable) -> bool:
    return game.format_move(before, move).split(":")[-1].strip() == "pass"


def status_text(game: Game, spec: DiagramSpec, position: Mapping[str, Any]
                ) -> tuple[str, str | None, str]:
    """Return (badge text, badge side or ``None``, the rest of the status line).

    The badge names the side to move, or the winner (``黒の勝ち``) or ``引分け`` when the game
    is over (unless ``result: false``); the rest says who just passed and whether the side to
    move has no action and must pass (unless ``pass_notice: false``).
    """
    notes = []
    if spec.before is not None and spec.move is not None and _is_pass(game, spec.before,
                                                                          spec.move):
        passer = game.side_to_move(spec.before)
        notes.append(f"{SIDE_JA[passer]}はパスしました")
    result = game.outcome(spec.state) if spec.options.get("result", True) else None
    if result is not None:
        if result.winner is None:
            return "引分け", None, "。".join(notes)
        return f"{SIDE_JA[result.winner]}の勝ち", result.winner, "。".join(notes)
    mover = str(position["to_move"])
    if not spec.options.get("pass_notice", True):
        return _side_word(mover), mover, "。".join(notes)
    moves = game.legal_moves(spec.state)
    if moves and all(_is_pass(game, spec.state, m) for m in moves):
        notes.append(f"{SIDE_JA[mover]}は動かせる人形がないのでパス")
    return _side_word(mover), mover, "。".join(notes)


def _draw_info(ax: Any, game: Game, spec: DiagramSpec, position: Mapping[str, Any],
               coordinates: bool) -> None:
    left, _, _, height = _layout(coordinates, True)
    y = height - _INFO_H / 2 + 0.02
    badge, side, rest = status_text(game, spec, position)
    grouped(ax, _badge, left + 0.1, y, badge, side)
    if rest:
        ax.text(left + 0.1 + _text_width(badge) + 0.5, y, rest, ha="left", va="center",
                fontsize=11, color=style.TEXT)


# --------------------------------------------------------------------------- draw

VIEWS = ("table", "cutaway")


def _as_nest(value: Any) -> list[str]:
    """A square's nest from the position mapping as a list (bottom to top; empty if none)."""
    if not value:
        return []
    return [value] if isinstance(value, str) else list(value)


def draw(game: Game, spec: DiagramSpec) -> Figure:
    """Draw ``spec`` for a バブーシュカ engine and return the figure.

    Options: ``view`` (``table`` default, ``cutaway``), ``coordinates``, ``info``, ``result``,
    ``marks``, ``pass_notice`` (each default True); see the module docstring.

    Raises:
        BanmenError: ``view`` is neither ``table`` nor ``cutaway``.
    """
    options = spec.options
    view = options.get("view", "table")
    if view not in VIEWS:
        raise BanmenError(f"option view: '{view}' is not a view (expected table or cutaway)")
    coordinates = bool(options.get("coordinates", True))
    info = bool(options.get("info", True))
    position = game.position_to_yaml(spec.state)
    players = int(position.get("players", 2))
    geo = geometry(coordinates, info)
    figure, ax = new_figure(geo)
    # the empty board and every nest repeat from board to board: drawn once, then replayed
    replay(ax, ("babuschka-cells", coordinates, info), _draw_cells, ax, geo)
    if options.get("marks", True):
        replay(ax, ("babuschka-marks", coordinates, info, players), _draw_start_and_goal, ax,
               geo, players)
    path: list[str] = []
    if spec.before is not None and spec.move is not None:
        path = path_of_move(game, spec.before, spec.move)
        if len(path) >= 2:
            grouped(ax, _draw_tints, geo, {path[0]: -1, path[-1]: 1})
    draw_highlights(ax, geo, spec.highlight)
    board = position.get("board") or {}
    for square in sorted(board):
        nest = _as_nest(board[square])
        if nest:
            center = geo.center(square)
            replay(ax, ("babuschka-nest", center, tuple(nest), square, view), draw_nest, ax,
                   center, nest, square, view)
    letters = {square: letter_spots(_as_nest(nest), view) for square, nest in board.items()
               if _as_nest(nest)}
    if spec.arrows:
        for i, arrow in enumerate(spec.arrows, start=1):
            grouped(ax, draw_path_arrow, geo, arrow, f"arrow-{i}",
                    start_on_doll=bool(board.get(arrow[0])),
                    end_on_doll=bool(board.get(arrow[-1])), letters=letters)
    elif len(path) >= 2 and spec.move_arrow:
        grouped(ax, draw_path_arrow, geo, path, "move-arrow",
                start_on_doll=bool(board.get(path[0])), end_on_doll=True, letters=letters)
    grouped(ax, draw_labels, geo, spec.labels)
    if coordinates:
        replay(ax, ("babuschka-coordinates", info), _draw_coordinates, ax, info)
    if info:
        _draw_info(ax, game, spec, position, coordinates)
    return figure


# --------------------------------------------------------------------------- description


def describe(game: Game, state: Hashable, view: str = "cutaway",
             options: Mapping[str, Any] | None = None) -> str:
    """Return a Japanese description of ``state`` for screen readers.

    Example: ``黒番。c1：下から黒の小・黒の中・黒の大。d2：灰の中。`` With ``view="table"``
    only the top doll of each square is named (``c1：黒の大。``), as a player sees the table.
    Squares are listed rank by rank from 1, files a..h.

    Args:
        options: a board's drawing options: when given, their ``view`` (default ``table``,
            as :func:`draw`) decides, so the description never names a doll the board
            hides inside a nest (rules: a nest is not looked into,
            ``shared/rules/babuschka.md``).
    """
    if options is not None:
        view = str(options.get("view", "table"))
    position = game.position_to_yaml(state)
    result = game.outcome(state)
    if result is None:
        head = _side_word(str(position["to_move"]))
    elif result.winner is None:
        head = "引分け"
    else:
        head = f"{SIDE_JA[result.winner]}の勝ち"
    parts = [head]
    board = position.get("board") or {}
    for square in SQUARES:
        nest = board.get(square)
        if not nest:
            continue
        if isinstance(nest, str):
            nest = [nest]
        words = []
        for text in nest:
            owner, size = parse_doll(text)
            words.append(f"{SIDE_JA[SIDES[owner]]}の{SIZE_JA[size]}")
        if view == "table" or len(words) == 1:
            parts.append(f"{square}：{words[-1]}")
        else:
            parts.append(f"{square}：下から{'・'.join(words)}")
    return "。".join(parts) + "。"


__all__ = [
    "SQUARES",
    "describe",
    "draw",
    "draw_doll",
    "draw_labels",
    "draw_nest",
    "draw_path_arrow",
    "geometry",
    "geometry_for",
    "letter_spots",
    "on_board",
    "parse_doll",
    "path_of_move",
    "shell_boxes",
    "status_text",
]


# --------------------------------------------------------------------------- options, play board

_BOOL: dict[str, Any] = {"type": "boolean"}
#: the drawing options :func:`draw` reads (``spec.options``), each with the values it takes as
#: a JSON-schema fragment (:mod:`banmen.render.options` checks content files against it).
OPTIONS: dict[str, dict[str, Any]] = {
    "view": {"enum": list(VIEWS)}, "coordinates": _BOOL, "info": _BOOL, "result": _BOOL,
    "marks": _BOOL, "pass_notice": _BOOL}


def play_board(game: Game) -> tuple[Figure, Geometry]:
    """Return the empty board of the play board (status line off, cutaway view) with the
    start and goal marks of ``game``'s player count, and its geometry (cell units)."""
    from banmen.render.play_looks import BOARD_OPTIONS

    position = game.position_to_yaml(game.initial_state())
    empty = game.position_from_yaml({**position, "board": {}})
    spec = DiagramSpec("play/board", empty, options={**BOARD_OPTIONS, "view": "cutaway"})
    return draw(game, spec), geometry(True, False)


def play_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    """Return ``draw_look(ax, look, center)``, which draws one look of the play view
    (the look keys of ``banmen/games/babuschka/view.py``) centred at ``center`` (cell units)
    as :func:`draw` draws that piece."""

    def draw_look(ax: Any, look: str, center: tuple[float, float]) -> None:
        if look == "rim":
            draw_nest_rim(ax, center, 2)
            return
        owner, size, rest = look[0], look[1], look[3:]
        if not rest:
            draw_nest(ax, center, [look], "look", "cutaway")
            return
        k, _, count = rest.partition("of")
        draw_shell(ax, center, owner, size, int(count) - int(k), int(count))

    return draw_look
