"""Turn a matplotlib figure into a deterministic, inline-ready SVG string.

Determinism: a fixed ``svg.hashsalt`` per diagram, no date, a fixed creator, glyphs drawn as
paths (``svg.fonttype = "path"``) in the bundled IPAexGothic font (matplotlib-fontja), so the
same input gives the same bytes on every machine and the text looks the same everywhere.

Inlining: many SVGs share one HTML page and matplotlib reuses ids (``figure_1``, ``patch_3``,
glyph and clip-path ids). Every id is prefixed with the diagram's id and every internal
reference (``url(#...)``, ``href="#..."``) is rewritten to match, so each SVG only ever points
inside itself.

Weight (:func:`compact_svg`): matplotlib writes metadata, one wrapper group with an id per
artist, a clip path that covers the whole figure on every patch, coordinates with six
decimals and a page-wide ``<style>*{...}</style>`` rule. None of that changes what a screen
shows, so it is dropped: the ``*{}`` rule becomes attributes of the root ``<svg>`` (inherited
by its children only, so it never restyles the page), path coordinates keep one decimal
(0.1 pt, about 0.13 CSS pixel), translations two, and styles lose their spaces.

Speed: a board is compacted before its ids are prefixed (the two steps commute: compaction
reads no id but the numbered ones of the wrapper groups it drops), so most of a board is the
same text from board to board, whatever its id. Each artist of the axes is compacted on its
own and the result kept (:func:`_compact_artist`): the empty board, the pieces and the
characters that boards share cost a dictionary look-up after their first board (about 40%
of the time a board spent after ``savefig``). A board made only of replayed parts is not saved
by matplotlib at all: its parts are written into the frame of its size (:func:`_composed`,
:mod:`banmen.render.replay`), the same text as saving and compacting it.
"""

from __future__ import annotations

import contextlib
import functools
import io
import math
import re

import matplotlib

matplotlib.use("Agg")  # no display on build machines; must precede pyplot

import matplotlib.pyplot as plt  # noqa: E402
import matplotlib_fontja  # noqa: E402,F401  (registers IPAexGothic as the default family)
from matplotlib.figure import Figure  # noqa: E402

#: rcParams that make SVG output reproducible and self-contained.
SVG_RC = {
    "svg.fonttype": "path",
    "svg.image_inline": True,
    "font.family": "IPAexGothic",
    "path.simplify": False,
    # matplotlib's defaults, pinned: a matplotlibrc on the machine cannot change a board, and
    # boards written without savefig (_print_board) are written as savefig writes them
    "savefig.facecolor": "auto",
    "savefig.edgecolor": "auto",
    "savefig.transparent": False,
    "savefig.bbox": None,
    "savefig.dpi": "figure",
}

# Patterns start with a literal, which the regex engine looks for quickly (a leading \b
# made it try every position); the word boundary before is checked by the replacement.
_ID_ATTR = re.compile(r'id="([^"]+)"')
_URL_REF = re.compile(r"url\(#([^)]+)\)")
_HREF_REF = re.compile(r'href="#([^"]+)"')  # also the end of xlink:href
_HEADER = re.compile(r"^.*?(?=<svg\b)", re.DOTALL)
_SIZE_ATTR = re.compile(r'<svg([^>]*?) width="([\d.]+)pt" height="([\d.]+)pt"')
_METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.DOTALL)
_STAR_STYLE = re.compile(r'\s*<style type="text/css">\*\{([^}]*)\}</style>')
_EMPTY_DEFS = re.compile(r"<defs>\s*</defs>")
_VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')
_CLIP = re.compile(r'\s*<clipPath id="([^"]+)">\s*<rect x="([-\d.]+)" y="([-\d.]+)" '
                   r'width="([\d.]+)" height="([\d.]+)"/>\s*</clipPath>')
_PATH_DATA = re.compile(r'd="([^"]*)"')
_PATH_TOKEN = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")
_TRANSLATE = re.compile(r"translate\(([-\d.e]+) ([-\d.e]+)\)")
_STYLE_ATTR = re.compile(r'style="([^"]*)"')
#: a wrapper group matplotlib numbers (``patch_3``), with or without the board's id prefix
_G_TAG = re.compile(r'<g id="(?:[^"]*--)?(?:[A-Za-z][A-Za-z0-9.]*_\d+)">|<g\b[^>]*>|</g>')
_BETWEEN_TAGS = re.compile(r">\s+<")

_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)

from banmen.render.ids import html_id  # noqa: E402,F401  (re-exported for older imports)


@contextlib.contextmanager
def _svg_settings(diagram_id: str, prefix: str):
    """:data:`SVG_RC` and the diagram's hash salt and id prefix while a figure is saved, then
    the settings as they were. ``matplotlib.rc_context`` does the same by copying every
    setting twice, which took 7% of drawing a board; savefig changes no other setting."""
    changes = {**SVG_RC, "svg.hashsalt": diagram_id, "svg.id": prefix}
    before = {name: matplotlib.rcParams[name] for name in changes}
    matplotlib.rcParams.update(changes)
    try:
        yield
    finally:
        matplotlib.rcParams.update(before)


def figure_to_svg(figure: Figure, diagram_id: str) -> str:
    """Serialise ``figure`` to SVG with every id prefixed by ``html_id(diagram_id)``.

    Args:
        figure: a finished figure; it is closed afterwards (a board figure is kept for the
            next board of its size, see :func:`banmen.render.board.release_figure`).
        diagram_id: the content id (``game/name``); seeds the hash salt and prefixes ids.

    Returns:
        The ``<svg>`` element as text (no XML declaration or doctype), with a ``viewBox``,
        ``width``/``height`` in CSS pixels and ``class="banmen-board"``.
    """
    prefix = html_id(diagram_id)
    buffer = io.StringIO()
    from banmen.render import replay
    from banmen.render.board import release_figure

    composed = _composed(figure)
    if composed is not None:
        replay.finish(figure, True)
        release_figure(figure)
        return prefix_ids(composed.replace(f'id="{_FRAME_ID}"', f'id="{prefix}"', 1), prefix)
    saved = False
    try:
        with _svg_settings(diagram_id, prefix):
            if getattr(figure, "_banmen_size", None) is None:
                figure.savefig(buffer, format="svg", metadata=dict(_METADATA_VALUES))
            else:
                _print_board(figure, buffer)
        saved = True
    finally:
        replay.finish(figure, saved)

    if not release_figure(figure):
        plt.close(figure)
    return prefix_ids(compact_svg(_HEADER.sub("", buffer.getvalue(), count=1)), prefix)


#: the root id of a frame (:func:`_frame`) until a board's id replaces it.
_FRAME_ID = "bm-frame"
#: (board size, figure background) -> the compacted SVG of a board with nothing drawn.
_FRAMES: dict[tuple, tuple[str, str]] = {}


def _composed(figure: Figure) -> str | None:
    """The compacted SVG of a board figure whose axes hold only replayed parts, composed
    from them without matplotlib (its root id :data:`_FRAME_ID`); ``None`` for any other
    figure. The same text as :func:`compact_svg` of the figure saved (tested on every
    board of the site)."""
    if getattr(figure, "_banmen_size", None) is None or len(figure.get_children()) != 2:
        return None
    from banmen.render import replay

    body = replay.compose_body(figure.axes[0])
    if body is None:
        return None
    before, after = _frame(figure)
    return before + body + after


#: what the one artist of a frame writes, where the parts go.
_BODY_MARK = "<bmbody/>"


def _frame(figure: Figure) -> tuple[str, str]:
    """The compacted SVG of ``figure`` around what its axes hold (its background), as the
    text before and after the parts; kept per board size and background."""
    patch = figure.patch
    key = (figure._banmen_size, tuple(patch.get_facecolor()), tuple(patch.get_edgecolor()),
           patch.get_linewidth(), patch.get_visible(), patch.get_alpha(), figure.dpi)
    frame = _FRAMES.get(key)
    if frame is None:
        from banmen.render.replay import Run, _Stand

        ax = figure.axes[0]
        children, ax._children = ax._children, [_Stand(Run(0, [_BODY_MARK], {}))]
        buffer = io.StringIO()
        try:
            with _svg_settings(_FRAME_ID, _FRAME_ID):
                _print_board(figure, buffer)
        finally:
            ax._children = children
        text = compact_svg(_HEADER.sub("", buffer.getvalue(), count=1))
        at = text.index(_BODY_MARK)
        frame = _FRAMES[key] = (text[:at], text[at + len(_BODY_MARK):])
    return frame


#: the SVG metadata matplotlib writes (dropped again by :func:`compact_svg`): no date
_METADATA_VALUES = {"Date": None, "Creator": "banmen"}


def _print_board(figure: Figure, buffer: io.StringIO) -> None:
    """Write a board figure (:func:`banmen.render.board.new_figure`: one axes, no layout
    engine, nothing rasterised) as SVG into ``buffer``: what ``figure.savefig(buffer,
    format="svg")`` does for such a figure, the same bytes (every site board is compared in
    ``tools/render_reference.py``), without the canvas switch and the settings it makes and
    undoes on every call (about 5% of drawing a board)."""
    from matplotlib.backends.backend_mixed import MixedModeRenderer
    from matplotlib.backends.backend_svg import RendererSVG

    dpi = figure.dpi
    figure.dpi = 72  # SVG user units are points, as FigureCanvasSVG.print_svg sets them
    try:
        width, height = figure.get_size_inches()
        renderer = MixedModeRenderer(
            figure, width, height, dpi,
            RendererSVG(width * 72, height * 72, buffer, image_dpi=dpi,
                        metadata=dict(_METADATA_VALUES)))
        figure.draw(renderer)
        renderer.finalize()
    finally:
        figure.dpi = dpi


def _after_word(match: re.Match[str]) -> bool:
    """Whether ``match`` starts inside a word (``id="`` in ``gid="``, ``d="`` in ``id="``)."""
    start = match.start()
    if start == 0:
        return False
    before = match.string[start - 1]
    return before.isalnum() or before == "_"


def _number(value: float, digits: int) -> str:
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")
_AROUND_LETTER = re.compile(r"\s*([A-Za-z])\s*")
_SPACES = re.compile(r"\s+")


def _round_number(match: re.Match[str]) -> str:
    return _number(float(match.group(0)), 1)


@functools.lru_cache(maxsize=1 << 16)
def _path_data(data: str) -> str:
    """Path data with numbers to one decimal, commands glued to their numbers and single
    spaces between numbers (``"M 10.25 -3.04 L 0 1e-05 z"`` -> ``"M10.2 -3L0 0z"``).

    Memoised: glyph outlines and many shapes repeat from board to board."""
    data = _NUMBER.sub(_round_number, data)  # leaves no exponent: no letter but commands
    return _SPACES.sub(" ", _AROUND_LETTER.sub(r"\1", data)).strip()


_PATH_ELEMENT = re.compile(r'<path d="([^"]*)"((?:\s+(?:style|clip-path)="[^"]*")*)\s*/>')
#: distance of a 45° cubic arc's control points from the centre, in radii (4/3·tan(π/16)).
_CONTROL_RADIUS = math.hypot(1.0, 4.0 / 3.0 * math.tan(math.pi / 16))


@functools.lru_cache(maxsize=1 << 14)
def _as_circle(data: str) -> tuple[float, float, float] | None:
    """Return (cx, cy, r) when path data is matplotlib's circle (a move and eight 45° cubic
    arcs, closed), else ``None``."""
    tokens = _PATH_TOKEN.findall(data)
    if len(tokens) != 3 + 8 * 7 + 1 or tokens[0] != "M" or tokens[-1] not in ("z", "Z"):
        return None
    if any(tokens[3 + 7 * i] != "C" for i in range(8)):
        return None
    values = [float(t) for i, t in enumerate(tokens[:-1]) if i != 0 and (i - 3) % 7 != 0]
    points = list(zip(values[0::2], values[1::2]))  # start, then (c1, c2, end) × 8
    ends = [points[0]] + points[3::3]
    cx = sum(x for x, _ in ends[1:]) / 8
    cy = sum(y for _, y in ends[1:]) / 8
    radius = sum(math.hypot(x - cx, y - cy) for x, y in ends[1:]) / 8
    if radius <= 0 or math.dist(ends[0], ends[-1]) > 1e-3 * radius:
        return None
    tolerance = 2e-3 * radius + 1e-4
    for i, (x, y) in enumerate(points):
        expected = radius if i % 3 == 0 else radius * _CONTROL_RADIUS
        if abs(math.hypot(x - cx, y - cy) - expected) > tolerance:
            return None
    return cx, cy, radius


def _circles(svg: str) -> str:
    """Write matplotlib's eight-arc circle paths as ``<circle>`` elements (same shape)."""

    def replace(match: re.Match[str]) -> str:
        circle = _as_circle(match.group(1))
        if circle is None:
            return match.group(0)
        cx, cy, radius = circle
        return (f'<circle cx="{_number(cx, 1)}" cy="{_number(cy, 1)}" r="{_number(radius, 2)}"'
                f"{match.group(2)}/>")

    return _PATH_ELEMENT.sub(replace, svg)


_AUTO_GROUP = re.compile(r'<g id="(?:[^"]*--)?[A-Za-z][A-Za-z0-9.]*_\d+">')


def _unwrap_auto_groups(svg: str) -> str:
    """Drop the ``<g id="...--patch_3">`` wrappers matplotlib puts around each artist (the
    groups renderers named with a gid, such as ``sq-a1``, stay)."""
    out: list[str] = []
    dropped: list[bool] = []
    pos = 0
    for match in _G_TAG.finditer(svg):
        tag = match.group(0)
        out.append(svg[pos:match.start()])
        pos = match.end()
        if tag == "</g>":
            if not dropped.pop():
                out.append(tag)
        elif tag.endswith("/>"):  # an empty group: opens nothing
            out.append(tag)
        elif tag.startswith('<g id="') and tag.endswith('">') and '" ' not in tag:
            auto = _AUTO_GROUP.fullmatch(tag) is not None
            dropped.append(auto)
            if not auto:
                out.append(tag)
        else:
            dropped.append(False)
            out.append(tag)
    out.append(svg[pos:])
    return "".join(out)


@functools.lru_cache(maxsize=1 << 12)
def _style(declarations: str) -> str:
    """A ``style`` attribute without spaces (``"fill: #fff; stroke: none"`` ->
    ``style="fill:#fff;stroke:none"``); memoised, styles repeat."""
    return 'style="' + ";".join(":".join(p.strip() for p in decl.split(":", 1))
                                for decl in declarations.split(";") if decl.strip()) + '"'


#: where matplotlib starts an artist of the axes (an element three levels deep; the closing
#: tags of those elements are the only other lines indented so)
_AXES_CHILD = re.compile(r"\n   <(?!/)")
_AXES_OPEN = '<g id="axes_1">'
#: how matplotlib ends the axes and the figure, when nothing is drawn after them
_FIGURE_END = "\n  </g>\n </g>\n</svg>\n"
#: a group's start tag
_G_OPEN = re.compile(r"<g\b[^>]*>")
#: the root element's id (matplotlib's ``svg.id``)
_ROOT_ID = re.compile(r'<svg\b[^>]*? id="([^"\0]*)"')


def compact_svg(svg: str) -> str:
    """Return ``svg`` (matplotlib output, its ids prefixed or not) without what does not
    change how it looks.

    Drops metadata, comments (matplotlib repeats each text there), artist wrapper groups,
    clip paths that cover the whole view box, and whitespace between tags; rounds path
    coordinates to 0.1 and translations to 0.01 user units; writes circle paths as
    ``<circle>``; moves the ``*{...}`` style rule onto the root element as presentation
    attributes.

    A figure of one axes and no clip path is compacted artist by artist (the same result,
    each artist's text looked up in :func:`_compact_artist`'s memory); any other figure as
    one text.
    """
    start = svg.find(_AXES_OPEN)
    if start < 0 or "<clipPath" in svg or not svg.endswith(_FIGURE_END):
        return _compact_whole(svg)
    body_start = start + len(_AXES_OPEN)
    body_end = len(svg) - len(_FIGURE_END)
    body = svg[body_start:body_end]
    # a second axes or anything else two levels deep: not one artist per piece
    if "\n  <" in body:
        return _compact_whole(svg)
    pieces = _AXES_CHILD.split(body)
    if pieces[0].strip():
        return _compact_whole(svg)
    artists = "".join(_compact_artist(_numbered_as_one("<" + piece)) for piece in pieces[1:])
    frame = svg[:body_start] + svg[body_end:]
    if not all(_AUTO_GROUP.fullmatch(tag) for tag in _G_OPEN.findall(frame)):
        return _compact_whole(svg)  # a group kept around the axes: the artists go inside
    root = _ROOT_ID.search(frame)
    if root is None:
        frame = _compact_whole(frame)
    else:  # the frame of every board of a size, but for the root's id
        frame = _compact_artist(frame[:root.start(1)] + "\0" + frame[root.end(1):]).replace(
            'id="\0"', f'id="{root.group(1)}"', 1)
    end = frame.rindex("</svg>")
    return frame[:end] + artists + frame[end:]


def _numbered_as_one(text: str) -> str:
    """``text`` with the numbered id of the wrapper group it starts with made ``auto_0``."""
    wrapper = _AUTO_GROUP.match(text)
    return text if wrapper is None else '<g id="auto_0">' + text[wrapper.end():]


@functools.lru_cache(maxsize=1 << 14)
def _compact_artist(text: str) -> str:
    """:func:`_compact_whole` of one artist's text, its numbered wrapper ids made one
    (``auto_0``: they are dropped, so the result is that of every numbering); memoised,
    boards share most of their artists."""
    return _compact_whole(text)


def _compact_whole(svg: str) -> str:
    """:func:`compact_svg` of ``svg`` in one piece."""
    svg = _COMMENT.sub("", _METADATA.sub("", svg, count=1))
    star = _STAR_STYLE.search(svg)
    if star:
        svg = svg[:star.start()] + svg[star.end():]
        attrs = "".join(f' {name.strip()}="{value.strip()}"' for name, value in
                        (part.split(":", 1) for part in star.group(1).split(";") if ":" in part))
        svg = svg.replace("<svg ", f"<svg{attrs} ", 1)
    # most boards have no clip path, and scanning for one took 40% of this function
    view = _VIEWBOX.search(svg) if "<clipPath" in svg else None
    if view:
        width, height = float(view.group(1)), float(view.group(2))
        for clip in list(_CLIP.finditer(svg)):
            x, y, w, h = (float(clip.group(i)) for i in range(2, 6))
            if x <= 0 and y <= 0 and x + w >= width and y + h >= height:
                svg = svg.replace(clip.group(0), "").replace(
                    f' clip-path="url(#{clip.group(1)})"', "")
    svg = _EMPTY_DEFS.sub("", svg)
    svg = _unwrap_auto_groups(svg)
    svg = _circles(svg)
    svg = _PATH_DATA.sub(lambda m: m.group(0) if _after_word(m) else
                         f'd="{_path_data(m.group(1))}"', svg)
    svg = _TRANSLATE.sub(lambda m: f"translate({_number(float(m.group(1)), 2)} "
                                   f"{_number(float(m.group(2)), 2)})", svg)
    svg = _STYLE_ATTR.sub(lambda m: _style(m.group(1)), svg)
    return _BETWEEN_TAGS.sub("><", svg).strip()


def prefix_ids(svg: str, prefix: str) -> str:
    """Prefix every id in ``svg`` with ``prefix--`` and rewrite the references to them.

    The root element's id (already ``prefix``) is kept as it is.
    """

    def rename(name: str) -> str:
        return name if name == prefix else f"{prefix}--{name}"

    svg = _ID_ATTR.sub(lambda m: m.group(0) if _after_word(m) else
                       f'id="{rename(m.group(1))}"', svg)
    svg = _URL_REF.sub(lambda m: f"url(#{rename(m.group(1))})", svg)
    svg = _HREF_REF.sub(lambda m: f'href="#{rename(m.group(1))}"', svg)
    # Points to CSS pixels (96/72) so the board has a sensible natural size; CSS may shrink it.
    return _SIZE_ATTR.sub(
        lambda m: (
            f'<svg{m.group(1)} class="banmen-board" width="{float(m.group(2)) * 4 / 3:.0f}"'
            f' height="{float(m.group(3)) * 4 / 3:.0f}"'
        ),
        svg,
        count=1,
    )
