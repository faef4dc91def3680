"""Draw a group of artists once, write its SVG again on later boards (same bytes, less work).

Most of a board repeats from board to board: the empty board of a game and size (cells,
coordinates, start and goal marks, the ludo track) and many pieces (the same doll on the same
square). :func:`replay` takes a key naming such a group and the function that draws it. The
first time, the function adds real matplotlib artists; while the figure is saved, each of
them is drawn by matplotlib's SVG renderer as usual and the text it writes is recorded. Later
boards with the same key (and the same figure size) get one small stand-in per recorded
artist, with the artist's z-order, that writes the recorded text at its place in the drawing
order. The saved SVG is the same, byte for byte, as if the artists had been drawn again:

- the stand-ins keep the z-order and insertion order of the artists, so matplotlib sorts them
  where the artists would have been;
- the outlines of characters (``<defs>`` of glyph paths, written by the first text that uses
  a character) are recorded one by one and written only when the board has not defined that
  character yet, in the same order as matplotlib would;
- the numbered ids of artists without a gid (``patch_12``) are counted as matplotlib counts
  them;
- an artist whose drawing touched any other renderer state (clip paths, markers, hatches,
  collections, images), or that is not a patch, a text or a line, is never replayed: its group is
  drawn for real on every board.

Keys must name everything the drawing function's output depends on besides the figure size
(which is added to the key): the caller passes the function's arguments in the key, or calls
:func:`grouped`, which keys by the function and its arguments.

Boards from parts (issue 37): a recorded group is kept as compacted SVG, one :class:`Run`
per z-order (a group's artists of one z-order are drawn one after the other), and its
stand-ins write that. A board whose axes hold stand-ins only is not drawn at all:
:func:`compose_body` puts the runs in z-order, and :mod:`banmen.render.svg` writes them into
the board's frame (about 0.5 ms a board, against 10-15 ms drawn). The runs of some weight
are wrapped in ``<g class="bm-pt">`` (:data:`PART_OPEN`), the parts a page defines once and
its boards ``<use>`` (:func:`banmen.site.onpage.lift_parts`); :func:`plain_svg` takes the
wrappers off again, giving the board as drawn with every artist real, byte for byte.
:func:`banmen.render.render_svg` draws a board again from its parts when it recorded a group,
so a board's bytes never depend on what the process drew before.
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import io
import re
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.text import Text

from banmen.render.groups import GROUP_TAG

#: (figure size, key) -> (recorded parts, the drawing function's return value).
_GROUPS: dict[tuple[Any, Hashable], tuple[list["_Part"], Any]] = {}
#: Keys whose drawing cannot be replayed (drawn for real every time).
_NEVER: set[tuple[Any, Hashable]] = set()
#: Recorded groups kept at most (a site has a few thousand).
MAX_GROUPS = 50_000

# (a glyph with no outline, such as a space, has no d attribute)
_GLYPH = r' *<path id="([^"]+)"(?: d="[^"]*")? transform="[^"]*"/>\n'
_DEFS = re.compile(r'( *)<defs>\n((?:' + _GLYPH.replace("(", "(?:", 1) + r')+)( *)</defs>\n')
_GLYPH_LINE = re.compile(_GLYPH)
_AUTO_ID = re.compile(r'id="([A-Za-z][A-Za-z0-9.]*)_(\d+)"')


class _Part:
    """One recorded artist: its z-order and its SVG as pieces — text, glyph-definition blocks
    ``("defs", indent, [(glyph id, line)], end indent)`` and numbered ids ``("id", name)``."""

    __slots__ = ("zorder", "pieces", "glyphs")

    def __init__(self, zorder: float, pieces: list[Any], glyphs: dict[str, Any]):
        self.zorder = zorder
        self.pieces = pieces
        self.glyphs = glyphs  # glyph id -> matplotlib's glyph-map value


class Run:
    """A board part: the artists of one recorded group at one z-order, in the order they
    were added, as compacted SVG (:func:`banmen.render.svg.compact_svg`, ids not yet
    prefixed).

    Attributes:
        zorder: the artists' z-order.
        pieces: text, and ``("defs", [(glyph key, compacted <path> line), ...])`` where the
            artists define character outlines (written only when the board has not yet).
        glyphs: glyph key -> matplotlib's glyph-map value, for the outlines it defines.
        shared: wrapped in ``<g class="bm-pt">`` so that a page defines it once and its
            boards point at it (:func:`banmen.site.onpage.lift_parts`): a part of some
            weight (:data:`SHARED_MIN`) that refers to nothing but glyphs.
    """

    __slots__ = ("zorder", "pieces", "glyphs", "shared")

    def __init__(self, zorder: float, pieces: list[Any], glyphs: dict[str, Any]):
        self.zorder = zorder
        self.pieces = pieces
        self.glyphs = glyphs
        text = "".join(p for p in pieces if isinstance(p, str))
        self.shared = len(text) >= SHARED_MIN and "url(#" not in text

    def write(self, write: Callable[[str], None], defined: Any,
              define: Callable[[str, Any], None]) -> None:
        """Write the part with ``write``: the outlines not in ``defined`` (a container of
        glyph keys) first get a ``<defs>`` block, each then ``define(key, value)``d."""
        if self.shared:
            write(PART_OPEN)
        for piece in self.pieces:
            if isinstance(piece, str):
                write(piece)
                continue
            missing = [line for glyph, line in piece[1] if glyph not in defined]
            if missing:
                write("<defs>" + "".join(missing) + "</defs>")
                for glyph, _line in piece[1]:
                    define(glyph, self.glyphs[glyph])
        if self.shared:
            write("</g>")


#: a part is shared on its page (see :class:`Run`) from this many bytes of SVG on.
SHARED_MIN = 64
#: the start tag of a shared part in a board's SVG (``</g>`` ends it).
PART_OPEN = '<g class="bm-pt">'


def plain_svg(svg: str) -> str:
    """``svg`` without the ``<g class="bm-pt">`` wrappers of its shared parts: the board as
    matplotlib draws it with every artist real (the tests compare the two)."""
    out: list[str] = []
    wrapped: list[bool] = []
    at = 0
    for tag in GROUP_TAG.finditer(svg):
        out.append(svg[at:tag.start()])
        at = tag.end()
        if tag.group(0) == "</g>":
            if not wrapped or not wrapped.pop():
                out.append("</g>")
        else:
            wrapped.append(tag.group(0) == PART_OPEN)
            if not wrapped[-1]:
                out.append(tag.group(0))
    out.append(svg[at:])
    return "".join(out)


class _Stand:
    """What the axes hold in place of a recorded run of artists: enough of an artist for
    ``Axes.draw`` (z-order, visible, not animated) and a ``draw`` writing the run's SVG
    (a board of stand-ins only is composed without matplotlib: :func:`compose_body`)."""

    __slots__ = ("zorder", "run", "axes", "_remove_method")

    def __init__(self, run: Run):
        self.zorder = run.zorder
        self.run = run
        self.axes = None
        self._remove_method = None

    def get_visible(self) -> bool:
        return True

    def get_animated(self) -> bool:
        return False

    def draw(self, renderer: Any) -> None:
        renderer = getattr(renderer, "_renderer", renderer)
        writer = renderer.writer
        writer._XMLWriter__flush()
        write = writer._XMLWriter__write
        glyph_map = renderer._glyph_map
        write("   ")
        self.run.write(write, glyph_map, glyph_map.setdefault)
        write("\n")


def compose_body(ax: Any) -> str | None:
    """The SVG of what ``ax`` holds when it holds only stand-ins (every group replayed),
    as matplotlib would draw and :func:`banmen.render.svg.compact_svg` compact it: the
    runs in z-order (a stable sort, as ``Axes.draw``), each character outline defined at
    its first use; ``None`` when the axes hold a real artist."""
    children = ax._children
    if not all(type(a) is _Stand for a in children):
        return None
    out: list[str] = []
    defined: dict[str, Any] = {}
    for stand in sorted(children, key=_zorder):
        stand.run.write(out.append, defined, defined.setdefault)
    return "".join(out)


def _zorder(artist: Any) -> float:
    return artist.zorder


#: True while :func:`banmen.render.render_svg` draws a board (see :func:`on`): a figure
#: drawn by calling a renderer's ``draw`` directly holds only real artists.
_ON = False
#: True while :func:`off` holds: nothing is replayed, :func:`on` or not.
_OFF = False


@contextlib.contextmanager
def on() -> Iterator[None]:
    """Replay recorded groups while the block draws a board (the SVG step records and
    replays; outside it every artist is real, for code that inspects the figure)."""
    global _ON
    before, _ON = _ON, True
    try:
        yield
    finally:
        _ON = before


@contextlib.contextmanager
def off() -> Iterator[None]:
    """Draw every artist for real while the block runs, :func:`banmen.render.render_svg`
    included: boards drawn the old way, with no part replayed (what the tests and
    ``tools/bench_compose.py`` compare composed boards with)."""
    global _OFF
    before, _OFF = _OFF, True
    try:
        yield
    finally:
        _OFF = before


def _size_of(ax: Any) -> Any:
    return getattr(ax.figure, "_banmen_size", None)


def _typed(key: Hashable) -> Hashable:
    """``key`` with each value paired with its type (floats by their exact hex form), so that
    keys equal in Python but drawn differently (``1``, ``1.0``, ``True``; ``0.0``, ``-0.0``)
    never share a recording."""
    if isinstance(key, tuple):
        return tuple(_typed(part) for part in key)
    if isinstance(key, frozenset):
        return frozenset(_typed(part) for part in key)
    if isinstance(key, float):
        return ("float", key.hex())
    return (type(key).__name__, key)


def replay(ax: Any, key: Hashable, function: Callable[..., Any], *args: Any,
           **kwargs: Any) -> Any:
    """Call ``function(*args, **kwargs)`` — which adds artists to ``ax`` — or, when a board
    of the same figure size drew the group ``key`` before, add stand-ins writing that
    drawing's SVG again.

    Args:
        ax: the axes of a figure from :func:`banmen.render.board.new_figure`.
        key: hashable; must determine every artist ``function`` adds (pass its arguments).
        function: adds artists to ``ax`` (patches and texts) and may return a value.

    Returns:
        What ``function`` returned (the recorded value on a replay).
    """
    size = _size_of(ax)
    full = (size, _typed(key))
    if not _ON or _OFF or size is None or full in _NEVER:
        return function(*args, **kwargs)
    group = _GROUPS.get(full)
    if group is not None:
        runs, value = group
        children = ax._children
        for run in runs:
            stand = _Stand(run)
            stand.axes = ax
            stand._remove_method = children.remove
            children.append(stand)
        ax.stale = True
        return value
    figure_artists = len(ax.figure.get_children())
    start = len(ax._children)
    value = function(*args, **kwargs)
    added = ax._children[start:]
    if len(ax.figure.get_children()) != figure_artists or not all(
            isinstance(a, (Patch, Text, Line2D)) and not isinstance(a, _Stand) for a in added):
        _NEVER.add(full)
        return value
    pending = _Pending(full, len(added), value)
    for index, artist in enumerate(added):
        artist.draw = _recorder(artist, pending, index)
    ax.figure.__dict__.setdefault("_banmen_pending", []).append(pending)
    return value


def grouped(ax: Any, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """:func:`replay` of ``function(ax, *args, **kwargs)`` keyed by the function and its
    arguments: for marks that depend on nothing else (a change tint on a square, an arrow
    along squares). Arguments are compared as data (numbers, strings, tuples, lists, dicts,
    sets, a :class:`~banmen.render.board.Geometry`); any other argument draws the group
    for real.

    Returns:
        What ``function`` returned (the recorded value on a replay).
    """
    if not _named(function):
        return function(ax, *args, **kwargs)
    try:
        key = ("grouped", function.__module__, function.__qualname__, _data(args),
               _data(kwargs))
    except TypeError:
        return function(ax, *args, **kwargs)
    return replay(ax, key, function, ax, *args, **kwargs)


def _named(function: Any) -> bool:
    """Whether its module and name say all a function draws: a plain function of a module
    (not a closure, a lambda or a function defined in another's body, a bound method or a
    ``functools.partial``, whose state the name does not tell)."""
    return (inspect.isfunction(function) and function.__closure__ is None
            and "<" not in function.__qualname__)


def _data(value: Any) -> Hashable:
    """``value`` as a hashable key of its data, or raise TypeError."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, *map(_data, value))
    if isinstance(value, dict):  # in its order: a function may draw in that order
        return ("dict", *((_data(k), _data(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):  # in its order too: equal sets may iterate apart
        return ("set", *map(_data, value))
    key = getattr(value, "replay_key", None)
    if key is not None:
        return key
    raise TypeError(type(value).__name__)


class _Pending:
    """A group being recorded while its figure is saved."""

    __slots__ = ("full", "parts", "value", "broken")

    def __init__(self, full: tuple[Any, Hashable], count: int, value: Any):
        self.full = full
        self.parts: list[_Part | None] = [None] * count
        self.value = value
        self.broken = False


def recording(figure: Any) -> bool:
    """Whether ``figure`` holds groups seen for the first time (recorded when it is saved)."""
    return bool(figure.__dict__.get("_banmen_pending"))


def finish(figure: Any, saved: bool) -> None:
    """Keep the groups recorded while ``figure`` was saved (``saved``: the SVG was written
    without an error); called by the SVG step after ``savefig``."""
    pending = figure.__dict__.pop("_banmen_pending", None)
    if not pending or not saved:
        return
    for group in pending:
        if group.broken:
            _NEVER.add(group.full)
        elif all(part is not None for part in group.parts):
            if len(_GROUPS) >= MAX_GROUPS:
                # memory stays bounded; the groups are recorded again when met again, the
                # same parts, so no board's bytes depend on what was drawn before
                _GROUPS.clear()
            if group.full not in _GROUPS:
                _GROUPS[group.full] = (_runs(group.parts), group.value)


def _runs(parts: list[_Part]) -> list[Run]:
    """The recorded artists of a group as runs, one per z-order, each holding its artists
    in the order they were added: matplotlib draws a group's artists of one z-order one
    after the other (a stable sort by z-order, and no other artist was added among them)."""
    by_zorder: dict[float, tuple[list[Any], dict[str, Any]]] = {}
    for part in parts:
        pieces, glyphs = by_zorder.setdefault(part.zorder, ([], {}))
        pieces += _compacted(part)
        glyphs.update(part.glyphs)
    return [Run(zorder, pieces, glyphs) for zorder, (pieces, glyphs) in by_zorder.items()]


_DEFS_MARK = re.compile(r'<bmdefs n="(\d+)"/>')


def _compacted(part: _Part) -> list[Any]:
    """One recorded artist as :func:`banmen.render.svg.compact_svg` writes it: text, and
    ``("defs", [(glyph key, compacted line)])`` where it defines character outlines."""
    from banmen.render.svg import _compact_artist, _compact_whole, _numbered_as_one

    raw: list[str] = []
    blocks: list[list[tuple[str, str]]] = []
    for piece in part.pieces:
        if isinstance(piece, str):
            raw.append(piece)
        elif piece[0] == "id":
            raw.append(f'id="{piece[1]}_1"')  # a wrapper's numbered id: compaction drops it
        else:
            raw.append(f'<bmdefs n="{len(blocks)}"/>')
            blocks.append([(glyph, _compact_whole(line)) for glyph, line in piece[2]])
    text = _compact_artist(_numbered_as_one("".join(raw).strip()))
    pieces: list[Any] = []
    at = 0
    for mark in _DEFS_MARK.finditer(text):
        pieces.append(text[at:mark.start()])
        pieces.append(("defs", blocks[int(mark.group(1))]))
        at = mark.end()
    pieces.append(text[at:])
    return [p for p in pieces if p != ""]


def _state(renderer: Any) -> tuple[Any, ...]:
    return (len(renderer._clipd), len(renderer._markers), len(renderer._hatchd),
            renderer._path_collection_id, renderer._n_gradients, renderer._has_gouraud,
            len(renderer._clip_path_ids))


def _recorder(artist: Any, pending: _Pending, index: int) -> Callable[[Any], None]:
    def draw(renderer: Any) -> None:
        # savefig hands artists a MixedModeRenderer, which forwards attribute reads to the
        # SVG renderer but would keep attributes set on it: work on the SVG renderer itself
        renderer = getattr(renderer, "_renderer", renderer)
        writer = getattr(renderer, "writer", None)
        if writer is None or writer._XMLWriter__data or pending.broken:
            pending.broken = True
            type(artist).draw(artist, renderer)
            return
        part = _record(artist, renderer, writer)
        if part is None:
            pending.broken = True
            return
        pending.parts[index] = part

    return draw


_STATE = ("_clipd", "_markers", "_hatchd", "_clip_path_ids", "_path_collection_id",
          "_n_gradients", "_has_gouraud", "_groupd")


def _record(artist: Any, renderer: Any, writer: Any) -> _Part | None:
    """Draw ``artist`` into a side buffer, with no glyph defined yet and the numbered-id
    counters saved, then write it to the real output through :func:`_emit`. Returns the
    part, or ``None`` when it cannot be replayed: the renderer is then put back as it was
    and the artist drawn as usual."""
    saved = {name: copy.copy(getattr(renderer, name)) for name in _STATE}
    main_write = writer._XMLWriter__write
    was_open = writer._XMLWriter__open
    depth = len(writer._XMLWriter__tags)
    state = _state(renderer)
    counters = dict(renderer._groupd)
    glyphs = renderer._glyph_map
    buffer = io.StringIO()
    writer._XMLWriter__write = buffer.write
    renderer._glyph_map = {}
    try:
        type(artist).draw(artist, renderer)
    finally:
        writer._XMLWriter__write = main_write
        new_glyphs = renderer._glyph_map
        renderer._glyph_map = glyphs
    text = buffer.getvalue()
    replayable = (_state(renderer) == state and not writer._XMLWriter__open
                  and not writer._XMLWriter__data
                  and len(writer._XMLWriter__tags) == depth
                  and (not (text and was_open) or text.startswith(">\n")))
    new_counts = {name: count - counters.get(name, 0)
                  for name, count in renderer._groupd.items() if count != counters.get(name, 0)}
    part = None
    if replayable:
        if text and was_open:
            text = text[2:]
        part = _parse(artist.get_zorder(), text, new_glyphs, counters, new_counts)
    writer._XMLWriter__open = was_open
    for name, value in saved.items():
        setattr(renderer, name, value)
    if part is None:
        if len(writer._XMLWriter__tags) != depth:
            raise RuntimeError("an artist left SVG elements open")
        type(artist).draw(artist, renderer)
        return None
    _emit(renderer, part)
    return part


def _parse(zorder: float, text: str, new_glyphs: dict[str, Any], counters: dict[str, int],
           new_counts: dict[str, int]) -> _Part | None:
    numbered = {f"{name}_{counters.get(name, 0) + i}": name
                for name, count in new_counts.items() for i in range(1, count + 1)}
    pieces: list[Any] = []
    seen: set[str] = set()
    # glyph id as written (matplotlib writes "%20" as "_") -> its key in the glyph map
    raw_of = {_adjusted(glyph): glyph for glyph in new_glyphs}

    def plain(chunk: str) -> None:
        pos = 0
        for match in _AUTO_ID.finditer(chunk):
            name = numbered.get(f"{match.group(1)}_{match.group(2)}")
            if name is None:
                continue
            pieces.append(chunk[pos:match.start()])
            pieces.append(("id", name))
            pos = match.end()
        pieces.append(chunk[pos:])

    pos = 0
    for match in _DEFS.finditer(text):
        plain(text[pos:match.start()])
        found = [(m.group(1), m.group(0)) for m in _GLYPH_LINE.finditer(match.group(2))]
        if any(glyph not in raw_of for glyph, _ in found):
            return None  # defs of something else than glyphs
        lines = [(raw_of[glyph], line) for glyph, line in found]
        seen.update(glyph for glyph, _ in lines)
        pieces.append(("defs", match.group(1), lines, match.group(3)))
        pos = match.end()
    plain(text[pos:])
    if "<defs" in "".join(p for p in pieces if isinstance(p, str)):
        return None
    if seen != set(new_glyphs):
        return None
    pieces = [p for p in pieces if p != ""]
    return _Part(zorder, pieces, dict(new_glyphs))


def _adjusted(glyph: str) -> str:
    # matplotlib writes a glyph's id with "%20" as "_" (RendererSVG._adjust_glyph_repr)
    return glyph.replace("%20", "_")


def _emit(renderer: Any, part: _Part) -> None:
    """Write ``part`` at the current place of ``renderer``'s output."""
    if not part.pieces:
        return
    writer = renderer.writer
    writer._XMLWriter__flush()
    write = writer._XMLWriter__write
    glyph_map = renderer._glyph_map
    counters = renderer._groupd
    for piece in part.pieces:
        if isinstance(piece, str):
            write(piece)
        elif piece[0] == "id":
            name = piece[1]
            counters[name] = counters.get(name, 0) + 1
            write(f'id="{name}_{counters[name]:d}"')
        else:
            _, indent, lines, end_indent = piece
            missing = [line for glyph, line in lines if glyph not in glyph_map]
            if missing:
                write(f"{indent}<defs>\n")
                write("".join(missing))
                write(f"{end_indent}</defs>\n")
                for glyph, _line in lines:
                    glyph_map.setdefault(glyph, part.glyphs[glyph])


def clear() -> None:
    """Forget every recorded group (tests, or a long-running process changing fonts)."""
    _GROUPS.clear()
    _NEVER.clear()
