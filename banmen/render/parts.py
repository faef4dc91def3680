"""Board parts of the play board (この局面から指す): the empty board and one SVG symbol per
piece look, drawn at build time by the games' renderers so that play looks like the static
diagrams.

:func:`play_parts` returns, for one board variant (:func:`play_variant`, named by the
engine side, :mod:`banmen.games.views`), JSON-ready data::

    {"variant": "ukejalayer-4",
     "viewBox": "0 0 w h",               # of the board, in SVG user units (points)
     "board": "<svg ...>...</svg>",      # the empty board; squares are <g id="...--sq-<name>">;
                                         # it ends <g class="bm-play-pieces"></g> (put the
                                         # pieces' <use>s there) <g class="bm-play-overlay">
                                         # ...</g> (what the diagrams draw over pieces)
     "symbols": "<svg class=\"bm-play-symbols\" ...><defs>...<symbol id=\"bm-play-<variant>-<look>\"
                 viewBox=...>...</symbol>...</defs></svg>",
     "centers": {square: [x, y]},         # square centres in the board's viewBox units
     "symbol_size": [w, h],               # a <use> of a symbol is w × h, centred on a square
     "looks": [look, ...]}                # every look drawn, in the engine's order

A piece of the view (``{"square", "symbol", "look", "label"}``) is drawn as
``<use href="#<symbol>" x="cx - w/2" y="cy - h/2" width="w" height="h"/>``: each symbol's
viewBox is ``symbol_size`` centred on the point where the renderer drew the look, so the
piece lands where the static diagram draws it. The symbols' shared glyph outlines sit in the
``<defs>`` of the symbols' ``<svg>`` (put it in the page once, e.g. hidden, width 0).

Each look is drawn by the game's own piece function (``play_look`` of its drawing module,
:mod:`banmen.render.play_looks`); the board by its ``play_board``, the information lines off. Output is deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from matplotlib.figure import Figure

from banmen.game import Game
from banmen.games.views import looks as view_looks
from banmen.games.views import play_variant as _engine_variant
from banmen.games.views import symbol_id
from banmen.render.board import BoardAxes, Geometry
from banmen.render.groups import group_end

#: board artists from this z-order on are drawn above the pieces. The rule for every game's
#: drawing module: ``play_look`` draws each piece look at this z-order or above (a promotion
#: ring at 9, pieces at 10), ``play_board`` only what the diagrams show over the pieces.
OVERLAY_Z = 9.0
#: cells between two looks drawn on the same sheet (clear of each other).
_PITCH = 3.0
#: the side of a symbol's box, in cells (pieces stay inside their square; room to spare).
SYMBOL_CELLS = 2.0

_ROOT = re.compile(r"<svg\b([^>]*)>")
_ATTR = re.compile(r'([a-zA-Z:-]+)="([^"]*)"')
_VIEWBOX = re.compile(r'viewBox="([^"]+)"')
_DEFS = re.compile(r"<defs>(.*?)</defs>", re.DOTALL)
#: attributes of matplotlib's root element that are not presentation attributes.
_NOT_STYLE = {"xmlns", "xmlns:xlink", "width", "height", "viewBox", "version", "class", "id"}


def play_variant(game: Game) -> str:
    """Return the board variant of ``game``'s start position (the engine's
    :func:`banmen.games.views.play_variant`): the name of its parts file."""
    return _engine_variant(game)


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(geometry: Geometry, height: float, x: float, y: float) -> tuple[float, float]:
    """Cell units (y up) -> SVG user units (points, y down) on a figure ``height`` cells
    high."""
    scale = geometry.inches_per_cell * 72
    return x * scale, (height - y) * scale


def _groups(svg: str, prefix: str) -> dict[str, list[str]]:
    """Return look index -> the SVG text of its artists' groups (``<g id="<prefix>--lk-<i>-<n>">``),
    in document order (matplotlib's drawing order)."""
    found: dict[str, list[str]] = {}
    opener = re.compile(rf'<g id="{re.escape(prefix)}--lk-(\d+)-\d+">')
    pos = 0
    while True:
        match = opener.search(svg, pos)
        if match is None:
            return found
        end = group_end(svg, match.start())
        if end is None:  # matplotlib closes every group it opens
            return found
        inner = svg[match.end():end - len("</g>")]
        found.setdefault(match.group(1), []).append(inner)
        pos = end


def draw_symbols(variant: str, geometry: Geometry, looks: list[str],
                 draw_look: Callable[[Any, str, tuple[float, float]], None]) -> str:
    """Draw every look on one sheet and return the symbols' ``<svg>``.

    Args:
        variant: the board variant (names the symbols ``bm-play-<variant>-<look>``).
        geometry: the board's geometry (its scale, inches per cell, is the symbols' scale).
        looks: the look keys, in order.
        draw_look: ``(ax, look, center)`` draws one look centred at ``center`` (cell units).
    """
    from banmen.render.svg import figure_to_svg

    columns = max(1, int(len(looks) ** 0.5))
    rows = (len(looks) + columns - 1) // columns
    width, height = columns * _PITCH, rows * _PITCH
    figure = Figure(figsize=(width * geometry.inches_per_cell, height * geometry.inches_per_cell))
    figure.patch.set_visible(False)
    ax = figure.add_axes((0, 0, 1, 1), axes_class=BoardAxes)
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_aspect("equal")
    ax.axis("off")
    centers = []
    for i, look in enumerate(looks):
        center = ((i % columns + 0.5) * _PITCH, height - (i // columns + 0.5) * _PITCH)
        centers.append(center)
        before = len(ax._children)
        draw_look(ax, look, center)
        for n, artist in enumerate(ax._children[before:]):
            artist.set_gid(f"lk-{i}-{n}")
    ident = f"play/{variant}/symbols"
    svg = figure_to_svg(figure, ident)
    from banmen.render.ids import html_id

    prefix = html_id(ident)
    groups = _groups(svg, prefix)
    root = dict(_ATTR.findall(_ROOT.search(svg).group(1)))
    paint = "".join(f' {name}="{value}"' for name, value in root.items()
                    if name not in _NOT_STYLE)
    size = SYMBOL_CELLS * geometry.inches_per_cell * 72
    shared: list[str] = []
    symbols: list[str] = []
    for i, (look, (x, y)) in enumerate(zip(looks, centers)):
        content = "".join(groups.get(str(i), []))
        shared += _DEFS.findall(content)
        content = _DEFS.sub("", content)
        px, py = _points(geometry, height, x, y)
        box = " ".join(_number(v) for v in (px - size / 2, py - size / 2, size, size))
        symbols.append(f'<symbol id="{symbol_id(variant, look)}" viewBox="{box}" '
                       f'overflow="visible"><g{paint}>{content}</g></symbol>')
    return ('<svg class="bm-play-symbols" xmlns="http://www.w3.org/2000/svg" '
            'xmlns:xlink="http://www.w3.org/1999/xlink" width="0" height="0" '
            f'aria-hidden="true" focusable="false"><defs>{"".join(shared)}'
            f'{"".join(symbols)}</defs></svg>')


def _board(game: Game, variant: str) -> tuple[str, Geometry]:
    """The empty board's ``<svg>`` with its two layers for the page and its geometry.

    The board is drawn twice by the game's ``play_board``: once without the artists that the
    static diagrams draw above the pieces (z-order from :data:`OVERLAY_Z`, such as goal
    corners or square numbers), once with only those; the second comes last in a
    ``<g class="bm-play-overlay">``, after an empty ``<g class="bm-play-pieces">`` that
    receives the pieces.
    """
    from banmen.render import play_looks
    from banmen.render.svg import figure_to_svg

    figure, geometry = play_looks.empty_board(game)
    for artist in figure.axes[0]._children:
        if artist.get_zorder() >= OVERLAY_Z:
            artist.set_visible(False)
    under = figure_to_svg(figure, f"play/{variant}")
    figure, _ = play_looks.empty_board(game)
    for artist in figure.axes[0]._children:
        if artist.get_zorder() < OVERLAY_Z:
            artist.set_visible(False)
    figure.patch.set_visible(False)
    try:
        over = figure_to_svg(figure, f"play/{variant}/overlay")
    finally:
        figure.patch.set_visible(True)  # the figure is reused for static boards
    match = _ROOT.search(over)
    paint = "".join(f' {name}="{value}"' for name, value in _ATTR.findall(match.group(1))
                    if name not in _NOT_STYLE)
    layers = (f'<g class="bm-play-pieces"></g>'
              f'<g class="bm-play-overlay"{paint}>{over[match.end():over.rindex("</svg>")]}</g>')
    end = under.rindex("</svg>")
    return under[:end] + layers + "</svg>", geometry


def play_parts(game: Game) -> dict[str, Any]:
    """Return the parts of ``game``'s board variant (see the module documentation).

    Raises:
        BanmenError: the game has no play view or no board drawing.
    """
    from banmen.render import play_looks
    from banmen.render.svg import figure_to_svg

    variant = play_variant(game)
    board, geometry = _board(game, variant)
    looks = view_looks(game)
    symbols = draw_symbols(variant, geometry, looks, play_looks.look_drawer(game))
    centers = {square: [float(_number(v)) for v in
                        _points(geometry, geometry.height, *geometry.centers[square])]
               for square in sorted(geometry.centers)}
    size = float(_number(SYMBOL_CELLS * geometry.inches_per_cell * 72))
    return {"variant": variant, "viewBox": _VIEWBOX.search(board).group(1), "board": board,
            "symbols": symbols, "centers": centers, "symbol_size": [size, size],
            "looks": looks}


def compose(parts: dict[str, Any], view: dict[str, Any]) -> str:
    """Return the board of ``parts`` with the pieces of ``view`` placed, as one ``<svg>``:
    what the page builds (one ``<use>`` per piece at its square's centre, in the view's
    order, in the board's ``<g class="bm-play-pieces">``; here the symbols' ``<defs>`` go
    there too). Used by the tests to compare the play
    board with the static diagram of the same position.

    Raises:
        KeyError: a piece's square is not on the board.
    """
    width, height = parts["symbol_size"]
    defs = re.search(r"<defs>(.*)</defs></svg>$", parts["symbols"], re.DOTALL).group(1)
    uses = []
    for piece in view["pieces"]:
        x, y = parts["centers"][piece["square"]]
        uses.append(f'<use xlink:href="#{piece["symbol"]}" x="{_number(x - width / 2)}" '
                    f'y="{_number(y - height / 2)}" width="{_number(width)}" '
                    f'height="{_number(height)}"/>')
    board = parts["board"]
    layer = '<g class="bm-play-pieces">'
    at = board.index(layer) + len(layer)
    return f"{board[:at]}<defs>{defs}</defs>{''.join(uses)}{board[at:]}"
