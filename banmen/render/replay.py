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
  collections, images), or that is not a patch or a text, is never replayed: its group is
  drawn for real on every board.

Keys must name everything the drawing function's output depends on besides the figure size
(which is added to the key): the caller passes the function's arguments in the key.
"""

from __future__ import annotations

import contextlib
import copy
import io
import re
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from matplotlib.patches import Patch
from matplotlib.text import Text

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


class _Stand:
    """What the axes hold in place of a recorded artist: enough of an artist for
    ``Axes.draw`` (z-order, visible, not animated) and a ``draw`` writing the recording."""

    __slots__ = ("zorder", "part", "axes", "_remove_method")

    def __init__(self, part: _Part):
        self.zorder = part.zorder
        self.part = part
        self.axes = None
        self._remove_method = None

    def get_visible(self) -> bool:
        return True

    def get_animated(self) -> bool:
        return False

    def draw(self, renderer: Any) -> None:
        _emit(getattr(renderer, "_renderer", renderer), self.part)


#: True while :func:`banmen.render.render_svg` draws a board (see :func:`on`): a figure
#: drawn by calling a renderer's ``draw`` directly holds only real artists.
_ON = False


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
    if not _ON or size is None or full in _NEVER:
        return function(*args, **kwargs)
    group = _GROUPS.get(full)
    if group is not None:
        parts, value = group
        children = ax._children
        for part in parts:
            stand = _Stand(part)
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
            isinstance(a, (Patch, Text)) and not isinstance(a, _Stand) for a in added):
        _NEVER.add(full)
        return value
    pending = _Pending(full, len(added), value)
    for index, artist in enumerate(added):
        artist.draw = _recorder(artist, pending, index)
    ax.figure.__dict__.setdefault("_banmen_pending", []).append(pending)
    return value


class _Pending:
    """A group being recorded while its figure is saved."""

    __slots__ = ("full", "parts", "value", "broken")

    def __init__(self, full: tuple[Any, Hashable], count: int, value: Any):
        self.full = full
        self.parts: list[_Part | None] = [None] * count
        self.value = value
        self.broken = False


def finish(figure: Any, saved: bool) -> None:
    """Keep the groups recorded while ``figure`` was saved (``saved``: the SVG was written
    without an error); called by the SVG step after ``savefig``."""
    pending = figure.__dict__.pop("_banmen_pending", None)
    if not pending or not saved:
        return
    for group in pending:
        if group.broken:
            _NEVER.add(group.full)
        elif all(part is not None for part in group.parts) and len(_GROUPS) < MAX_GROUPS:
            _GROUPS.setdefault(group.full, (list(group.parts), group.value))


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
