"""めだまがえる boards: 7 × 7, shogi-style coordinates as seen by Green.

Layout (``shared/rules/medamagaeru.md``, "Board"; the shared drawing conventions of
``banmen/render/board.py``):

* 筋 (files) 1..7 run from right to left and are written along the top edge in full-width
  digits (１..７); 段 (ranks) 一..七 run from top to bottom along the right edge, in kanji.
  A square's name is the engine's two-digit string, file then rank: ``"43"`` is ４三.
* A frog is a disc: green with a dark green rim for Green (緑), white with a dark rim for White
  (白). Its eyes (目玉) are drawn as 1 to 5 eyeballs in the pattern of a die. A promoted frog
  (成り) gets a gold ring and a small red 成 badge.
* Above the board: the pieces White has captured; below it: the pieces Green has captured,
  then a status line with the side to move (緑番 / 白番), the attacker state (仕掛け方) and, at
  2–2, the plies played since.
* After a move: the origin square is tinted red, the target square green (a capture square
  counts as arrived), and an arrow runs from origin to target.

Stable ids (prefixed by the SVG step): every square ``sq-<name>``; every piece ``piece-<name>``;
each of its eyes ``eye-<name>-<k>`` (k = 1..eyes); a promotion badge ``promoted-<name>``.

Options (``spec.options``):

* ``coordinates`` (bool, default True): the file and rank labels.
* ``info`` (bool, default True): captured pieces, side to move, attacker state.
* ``result`` (bool, default True): when the game is over, the status line names the winner
  (緑の勝ち / 白の勝ち / 引分け) instead of the side to move; ``false`` keeps the side to move
  (for a puzzle that asks who wins).
* ``cycle`` (default False): draw the capture cycle instead of the board. ``true`` or
  ``"capture"``: five frogs 1..5 in a ring with an arrow from each frog to the one it takes
  (2→1, 3→2, 4→3, 5→4, 1→5). ``"promotion"``: the same ring with the arrows of promotion
  (1→2, ..., 4→5, 5→1).

The renderer reads positions through the engine's position mapping (``position_to_yaml``) and
its documented helpers (``changed_squares``, ``material``, ``original_eyes``), not its internals.
"""

from __future__ import annotations

import dataclasses

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch

from banmen.game import Game
from banmen.games.medamagaeru import (
    Piece,
    changed_squares,
    material,
    original_eyes,
    square_ja,
    square_name,
)
from banmen.render import style
from banmen.render.board import DiagramSpec, Geometry, draw_cell, draw_marks, new_figure
from banmen.render.replay import grouped, replay

SIZE = 7
_LEFT = 0.35       # margin left of the board
_RIGHT = 0.6       # room for the rank kanji
_COORD_H = 0.5     # room for the file digits above the board
_BAND_H = 0.85     # one band of captured pieces
_STATUS_H = 0.6    # the status line
_PLAIN_MARGIN = 0.3

PIECE_R = 0.4
EYE_R = 0.115
PUPIL_R = 0.06

GREEN_FACE = "#7cc36b"
GREEN_EDGE = "#1f5a1a"
WHITE_FACE = "#fbfbf7"
WHITE_EDGE = "#3a3a3a"
EYE_WHITE = "#ffffff"
EYE_EDGE = "#1a1a1a"
PUPIL = "#111111"
PROMOTED_RING = "#e0a800"
PROMOTED_BADGE = "#c62828"

SIDE_JA = {"green": "緑", "white": "白"}
ATTACKER_JA = {"green": "緑", "white": "白", "none": "なし"}
FULLWIDTH = "０１２３４５６７８９"
KANJI = "〇一二三四五六七八九"

#: die-face patterns of 1..5 eyes, offsets in piece radii (x right, y up).
EYE_PATTERNS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-0.43, 0.0), (0.43, 0.0)),
    3: ((-0.48, 0.3), (0.0, -0.45), (0.48, 0.3)),
    4: ((-0.42, 0.42), (0.42, 0.42), (-0.42, -0.42), (0.42, -0.42)),
    5: ((-0.47, 0.47), (0.47, 0.47), (0.0, 0.0), (-0.47, -0.47), (0.47, -0.47)),
}


# --------------------------------------------------------------------------- geometry


def _layout(coordinates: bool, info: bool) -> tuple[float, float, float, float]:
    """Return (board left, board bottom, figure width, figure height) in cell units."""
    bottom = (_STATUS_H + _BAND_H) if info else _PLAIN_MARGIN
    top = (_COORD_H if coordinates else _PLAIN_MARGIN) + (_BAND_H if info else 0.0)
    right = _RIGHT if coordinates else _PLAIN_MARGIN
    return _LEFT, bottom, _LEFT + SIZE + right, bottom + SIZE + top


def geometry(coordinates: bool = True, info: bool = True) -> Geometry:
    """Return the 7 × 7 board geometry; square ``"11"`` (１一) is the top-right corner."""
    left, bottom, width, height = _layout(coordinates, info)
    centers = {
        square_name(f * 10 + r): (left + (SIZE - f) + 0.5, bottom + (SIZE - r) + 0.5)
        for f in range(1, SIZE + 1)
        for r in range(1, SIZE + 1)
    }
    return Geometry(centers, width, height, inches_per_cell=0.55)


def geometry_for(game: Game) -> Geometry:
    """Return the board geometry for ``game`` (the board is always 7 × 7)."""
    return geometry()


# --------------------------------------------------------------------------- pieces


def parse_piece(text: str) -> Piece:
    """Read a piece of the position mapping (``G4``, ``W2+``)."""
    owner = {"G": "green", "W": "white"}[text[0]]
    return Piece(owner, int(text[1]), text.endswith("+"))


def draw_piece(ax: Any, center: tuple[float, float], piece: Piece, *, radius: float = PIECE_R,
               name: str | None = None) -> None:
    """Draw one frog at ``center``: its disc, its eyes and, if promoted, ring and badge.

    Args:
        name: the square's name; when given, the disc gets the gid ``piece-<name>``, each eye
            ``eye-<name>-<k>`` and the badge ``promoted-<name>``.
    """
    x, y = center
    scale = radius / PIECE_R
    green = piece.owner == "green"
    if piece.promoted:
        ax.add_patch(Circle((x, y), radius + 0.045 * scale, facecolor="none",
                            edgecolor=PROMOTED_RING, linewidth=3.2 * scale, zorder=9))
    disc = Circle((x, y), radius, facecolor=GREEN_FACE if green else WHITE_FACE,
                  edgecolor=GREEN_EDGE if green else WHITE_EDGE, linewidth=1.6 * scale, zorder=10)
    if name:
        disc.set_gid(f"piece-{name}")
    ax.add_patch(disc)
    for k, (dx, dy) in enumerate(EYE_PATTERNS[piece.eyes], start=1):
        ex, ey = x + dx * radius, y + dy * radius
        eye = Circle((ex, ey), EYE_R * scale, facecolor=EYE_WHITE, edgecolor=EYE_EDGE,
                     linewidth=0.9 * scale, zorder=11)
        if name:
            eye.set_gid(f"eye-{name}-{k}")
        ax.add_patch(eye)
        ax.add_patch(Circle((ex, ey + 0.012 * scale), PUPIL_R * scale, facecolor=PUPIL,
                            linewidth=0, zorder=12))
    if piece.promoted:
        bx, by = x - 0.33 * scale, y + 0.33 * scale
        badge = Circle((bx, by), 0.17 * scale, facecolor=PROMOTED_BADGE, edgecolor="white",
                       linewidth=0.8 * scale, zorder=13)
        if name:
            badge.set_gid(f"promoted-{name}")
        ax.add_patch(badge)
        ax.text(bx, by - 0.005, "成", ha="center", va="center", fontsize=8.5 * scale,
                color="white", zorder=14)


# --------------------------------------------------------------------------- captured pieces


def captured_pieces(position: dict[str, Any], side: str) -> list[int] | None:
    """Return the eye counts (as they started) of the enemy pieces ``side`` has captured,
    ascending, or ``None`` when the position does not tell which they were.

    The setup's material minus the enemy pieces on the board are the pieces gone; when exactly
    ``captures[side]`` of them are gone, those are the captured ones. A diagram that leaves
    out some pieces has more gone than captured, and then only the count is known.
    """
    enemy = "white" if side == "green" else "green"
    letter = "W" if enemy == "white" else "G"
    on_board = Counter(
        original_eyes(parse_piece(text))
        for text in position["board"].values()
        if text.startswith(letter)
    )
    gone = material()[enemy] - on_board
    count = position["captures"][side]
    if sum(gone.values()) != count:
        return None
    return sorted(gone.elements())


def _draw_band(ax: Any, left: float, y: float, position: dict[str, Any], side: str) -> None:
    """One line of captured pieces: "緑が取った駒　1個" and the small pieces when known."""
    count = position["captures"][side]
    ax.text(left, y, f"{SIDE_JA[side]}が取った駒", ha="left", va="center", fontsize=11,
            color=style.TEXT)
    ax.text(left + 2.55, y, f"{count}個" if count else "なし", ha="left", va="center",
            fontsize=11, color=style.TEXT)
    pieces = captured_pieces(position, side)
    enemy = "white" if side == "green" else "green"
    x = left + 3.75
    for eyes in pieces or ():
        replay(ax, ("medamagaeru-captured", x, y, enemy, eyes), draw_piece, ax, (x, y),
               Piece(enemy, eyes), radius=0.28)
        x += 0.68


def _badge(ax: Any, x: float, y: float, text: str, side: str) -> float:
    """Write ``text`` in a rounded box coloured like ``side``'s frogs (or grey for none);
    return the x just right of it (an estimate, in cell units)."""
    face, edge, ink = {
        "green": (GREEN_FACE, GREEN_EDGE, "#0d2e0a"),
        "white": (WHITE_FACE, WHITE_EDGE, style.TEXT),
        "none": ("#e6e0d6", "#9e9486", style.TEXT),
    }[side]
    ax.text(x, y, text, ha="left", va="center", fontsize=11, color=ink, zorder=5,
            bbox={"boxstyle": "round,pad=0.28,rounding_size=0.35", "facecolor": face,
                  "edgecolor": edge, "linewidth": 1.2})
    return x + 0.28 * len(text) + 0.2


def _draw_status(ax: Any, game: Game, spec: DiagramSpec, position: dict[str, Any],
                 left: float, y: float) -> None:
    """The side to move (or the result), the attacker state and the 2–2 ply count."""
    result = game.outcome(spec.state) if spec.options.get("result", True) else None
    if result is None:
        mover = position["to_move"]
        x = grouped(ax, _badge, left, y, f"{SIDE_JA[mover]}番", mover)
    elif result.winner is None:
        x = grouped(ax, _badge, left, y, "引分け", "none")
    else:
        x = grouped(ax, _badge, left, y, f"{SIDE_JA[result.winner]}の勝ち", result.winner)
    ax.text(x + 0.35, y, "仕掛け方：", ha="left", va="center", fontsize=11, color=style.TEXT)
    attacker = position["attacker"]
    grouped(ax, _badge, x + 1.95, y, ATTACKER_JA[attacker], attacker)
    line = count_line(game, spec, position)
    if line is not None:
        ax.text(left + SIZE, y, line, ha="right", va="center", fontsize=11, color=style.TEXT)


#: rule fields this module reads only through :func:`rule_reads` (``banmen diff`` compares
#: what that returns instead of the fields' values; see ``banmen.site.diff_probe``).
RULE_READS_COVER = frozenset({"captures_to_win"})


def count_line(game: Game, spec: DiagramSpec, position: dict[str, Any]) -> str | None:
    """Return the status line's count of plies since 2–2 (「2対2から5手」), shown while the
    game goes on and each side is one capture short of winning, else ``None``
    (``shared/rules/medamagaeru.md``, "Winning"). The only place the drawing reads a rule.

    Args:
        game: the engine.
        spec: the board (its state and its ``result`` option).
        position: ``game.position_to_yaml(spec.state)``.
    """
    result = game.outcome(spec.state) if spec.options.get("result", True) else None
    short = game.rules.captures_to_win - 1
    captures = position["captures"]
    if result is None and captures["green"] == captures["white"] == short:
        return f"{short}対{short}から{position.get('plies_since_2_2', 0)}手"
    return None


def rule_reads(game: Game, spec: DiagramSpec) -> Any:
    """Return everything the drawing of ``spec`` reads from ``game.rules`` (the fields of
    :data:`RULE_READS_COVER`): two boards with the same value draw the same from them."""
    return count_line(game, spec, game.position_to_yaml(spec.state))


def _draw_info(ax: Any, game: Game, spec: DiagramSpec, position: dict[str, Any],
               coordinates: bool) -> None:
    left, bottom, _, height = _layout(coordinates, True)
    _draw_band(ax, left, height - _BAND_H / 2, position, "white")
    _draw_band(ax, left, bottom - _BAND_H / 2 + 0.05, position, "green")
    _draw_status(ax, game, spec, position, left + 0.1, _STATUS_H / 2 + 0.05)


def _draw_cells(ax: Any, geo: Geometry) -> None:
    for square in sorted(geo.centers):
        draw_cell(ax, geo, square, style.BOARD_LIGHT)


def _draw_named_piece(ax: Any, center: tuple[float, float], text: str, square: str) -> None:
    draw_piece(ax, center, parse_piece(text), name=square)


def _draw_coordinates(ax: Any, geo: Geometry, info: bool) -> None:
    left, bottom, _, _ = _layout(True, info)
    for f in range(1, SIZE + 1):
        x, _ = geo.center(square_name(f * 10 + 1))
        ax.text(x, bottom + SIZE + _COORD_H * 0.45, FULLWIDTH[f], ha="center", va="center",
                fontsize=12, color=style.COORD)
    for r in range(1, SIZE + 1):
        _, y = geo.center(square_name(10 + r))
        ax.text(left + SIZE + _RIGHT * 0.45, y, KANJI[r], ha="center", va="center", fontsize=12,
                color=style.COORD)


# --------------------------------------------------------------------------- changes


def change_tints(before: Any, after: Any, position: dict[str, Any]) -> dict[str, int]:
    """Return square -> -1 (a piece left: red) or +1 (a piece arrived: green) for the squares
    a move changed; a capture square counts as arrived."""
    return {
        square: (1 if square in position["board"] else -1)
        for square in changed_squares(before, after)
    }


def draw_move_arrow(ax: Any, geo: Geometry, origin: str, target: str, *,
                    from_piece: bool = False, to_piece: bool = True,
                    to_promoted: bool = False) -> None:
    """Draw the arrow of a move from the centre of ``origin`` to the rim of the frog on
    ``target`` (the shared arrow style of :func:`banmen.render.board.draw_arrow`). With
    ``from_piece`` (a frog still stands on ``origin``) the tail starts at its rim; without
    ``to_piece`` (an empty target) the head reaches nearly to the centre; with ``to_promoted`` the head stops beyond the 成 badge of the frog on ``target``, so that no
    arrow covers a frog's eyes or its badge."""
    points_per_cell = geo.inches_per_cell * 72
    ax.add_patch(FancyArrowPatch(
        geo.center(origin), geo.center(target),
        arrowstyle="-|>,head_length=0.35,head_width=0.22",
        mutation_scale=points_per_cell / 2.2, linewidth=3.2, color=style.ARROW, alpha=0.85,
        # stopped beyond a 成 badge, a diagonal arrow's head reaches the origin's corner: it
        # is drawn over that square's −/+ badge there
        zorder=38 if to_promoted else 20,
        shrinkA=(PIECE_R + 0.02) * points_per_cell if from_piece else 0,
        shrinkB=(0.66 if to_promoted else PIECE_R + 0.02) * points_per_cell if to_piece else 4,
        joinstyle="round", capstyle="round",
    ))


# --------------------------------------------------------------------------- the cycle


def draw_cycle(kind: str = "capture") -> Figure:
    """Draw the five frogs 1..5 in a ring with the capture arrows (2→1, ..., 1→5) or, for
    ``kind="promotion"``, the promotion arrows (1→2, ..., 5→1)."""
    geo = Geometry({}, 5.6, 5.5, inches_per_cell=0.6)
    figure, ax = new_figure(geo)
    cx, cy, ring = 2.8, 2.65, 1.75
    spots = {}
    for eyes in range(1, 6):
        angle = math.pi / 2 - (eyes - 1) * 2 * math.pi / 5
        spots[eyes] = (cx + ring * math.cos(angle), cy + ring * math.sin(angle))
        draw_piece(ax, spots[eyes], Piece("green", eyes), radius=0.45)
        # the count next to the frog, outside the ring
        lx = cx + (ring + 0.72) * math.cos(angle)
        ly = cy + (ring + 0.72) * math.sin(angle)
        ax.text(lx, ly, str(eyes), ha="center", va="center", fontsize=13, color=style.COORD)
    if kind == "capture":
        pairs = [(e % 5 + 1, e) for e in range(1, 6)]   # (taker, taken): 2→1 ... 1→5
        colour, word = "#c62828", "矢印の先の\n駒を取れる"
    else:
        pairs = [(e, e % 5 + 1) for e in range(1, 6)]   # (before, after): 1→2 ... 5→1
        colour, word = "#b07800", "成ると\n矢印の先へ"
    for source, target in pairs:
        arrow = FancyArrowPatch(
            spots[source], spots[target], arrowstyle="-|>,head_length=0.5,head_width=0.3",
            mutation_scale=16, linewidth=2.4, color=colour, shrinkA=27, shrinkB=27,
            connectionstyle="arc3,rad=-0.18", zorder=20)
        ax.add_patch(arrow)
    ax.text(cx, cy - 0.1, word, ha="center", va="center", fontsize=11, color=colour,
            linespacing=1.5)
    return figure


# --------------------------------------------------------------------------- draw


def draw(game: Game, spec: DiagramSpec) -> Figure:
    """Draw ``spec`` for a めだまがえる engine and return the figure.

    Options: ``coordinates`` (default True), ``info`` (default True), ``result`` (default
    True), ``cycle`` (default False; ``true``/``"capture"`` or ``"promotion"`` draws the cycle
    instead of the board). See the module docstring.
    """
    options = spec.options
    cycle = options.get("cycle", False)
    if cycle:
        kind = "promotion" if cycle == "promotion" else "capture"
        return draw_cycle(kind)
    coordinates = bool(options.get("coordinates", True))
    info = bool(options.get("info", True))
    position = game.position_to_yaml(spec.state)
    geo = geometry(coordinates, info)
    figure, ax = new_figure(geo)
    # the empty board and the frogs repeat from board to board: drawn once, then replayed
    replay(ax, ("medamagaeru-cells", coordinates, info), _draw_cells, ax, geo)
    changes: dict[str, int] = {}
    move_path = None
    if spec.before is not None:
        changes = change_tints(spec.before, spec.state, position)
        if spec.move is not None:
            move_path = game.move_path(spec.before, spec.move)
    # the move's arrow is drawn here, not by draw_marks, so that its head stops at the edge of
    # the frog that arrived instead of covering its eyes
    draw_marks(ax, geo, dataclasses.replace(spec, arrows=()), changes, None)
    board = position["board"]

    def promoted(square: str) -> bool:
        return square in board and parse_piece(board[square]).promoted

    for arrow in spec.arrows:
        for origin, target in zip(arrow, arrow[1:]):
            grouped(ax, draw_move_arrow, geo, origin, target, from_piece=origin in board,
                    to_piece=target in board, to_promoted=promoted(target))
    if move_path and spec.move_arrow and not spec.arrows:
        grouped(ax, draw_move_arrow, geo, *move_path, to_promoted=promoted(move_path[-1]))
    for square, text in sorted(position["board"].items()):
        center = geo.center(square)
        replay(ax, ("medamagaeru-piece", center, text, square), _draw_named_piece, ax, center,
               text, square)
    if coordinates:
        replay(ax, ("medamagaeru-coordinates", info), _draw_coordinates, ax, geo, info)
    if info:
        _draw_info(ax, game, spec, position, coordinates)
    return figure


__all__ = [
    "captured_pieces",
    "change_tints",
    "draw",
    "draw_cycle",
    "draw_piece",
    "geometry",
    "geometry_for",
]


# --------------------------------------------------------------------------- description


def describe(game: Game, state: Any) -> str:
    """Return a Japanese description of ``state`` for screen readers: the side to move (or
    the result), the attacker state, the captures, then each frog by square (shogi-style
    names as drawn, rank by rank from 一, files from １) with its owner and eyes, e.g.
    「緑番。仕掛け方：なし。取った駒：緑1個、白0個。４二：白の2。４三：緑の3（成り）。」
    (``shared/rules/medamagaeru.md``).
    """
    position = game.position_to_yaml(state)
    result = game.outcome(state)
    if result is None:
        head = f"{SIDE_JA[position['to_move']]}番"
    elif result.winner is None:
        head = "引分け"
    else:
        head = f"{SIDE_JA[result.winner]}の勝ち"
    captures = position["captures"]
    parts = [head, f"仕掛け方：{ATTACKER_JA[position['attacker']]}",
             f"取った駒：緑{captures['green']}個、白{captures['white']}個"]
    board = position["board"]
    for square in sorted(board, key=lambda s: (int(s[1]), int(s[0]))):
        piece = parse_piece(board[square])
        promoted = "（成り）" if piece.promoted else ""
        parts.append(f"{square_ja(square)}：{SIDE_JA[piece.owner]}の{piece.eyes}{promoted}")
    return "。".join(parts) + "。"


# --------------------------------------------------------------------------- options, play board

_BOOL: dict[str, Any] = {"type": "boolean"}
#: the drawing options :func:`draw` reads (``spec.options``), each with the values it takes as
#: a JSON-schema fragment (:mod:`banmen.render.options` checks content files against it).
OPTIONS: dict[str, dict[str, Any]] = {
    "coordinates": _BOOL, "info": _BOOL, "result": _BOOL,
    "cycle": {"enum": [True, False, "capture", "promotion"]}}


def play_board(game: Game) -> tuple[Figure, Geometry]:
    """Return the empty board of the play board (information lines off) and its geometry
    (cell units)."""
    from banmen.render.play_looks import BOARD_OPTIONS

    empty = game.position_from_yaml({"game": game.id, "to_move": "green", "board": {},
                                     "captures": {"green": 0, "white": 0}, "attacker": "none"})
    figure = draw(game, DiagramSpec("play/board", empty, options=BOARD_OPTIONS))
    return figure, geometry(True, False)


def play_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    """Return ``draw_look(ax, look, center)``, which draws one look of the play view
    (the look keys of ``banmen/games/medamagaeru/view.py``) centred at ``center`` (cell units)
    as :func:`draw` draws that piece."""

    def draw_look(ax: Any, look: str, center: tuple[float, float]) -> None:
        text = look[:2] + ("+" if look.endswith("p") else "")
        draw_piece(ax, center, parse_piece(text))

    return draw_look
