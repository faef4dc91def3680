"""Drawing pieces shared by every board: the figure, square cells, and the marks that all
games use in the same way (highlights, arrows, labels, red/green change tints, a caption line
for the side to move and the hands).

Coordinates are in "cell units": one square is 1 × 1, the centre of a square is given by the
game's :class:`Geometry`. Every square patch carries the gid ``sq-<name>`` so that pages can
make squares clickable (the SVG step prefixes it with the diagram id).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle
from matplotlib.path import Path as MplPath
from matplotlib.text import Text

from banmen.render import style
from banmen.render.spec import DiagramSpec


@dataclass(frozen=True)
class Geometry:
    """Where each square sits, in cell units.

    Attributes:
        centers: square name -> (x, y) of its centre (not to be changed once the geometry
            has drawn a board: :attr:`replay_key` is worked out once).
        width: figure width in cell units (board plus margins).
        height: figure height in cell units.
        inches_per_cell: drawing scale.
    """

    centers: Mapping[str, tuple[float, float]]
    width: float
    height: float
    inches_per_cell: float = 0.6

    @property
    def replay_key(self) -> tuple:
        """The geometry as plain data (:func:`banmen.render.replay.grouped` keys by it);
        worked out once."""
        key = self.__dict__.get("_replay_key")
        if key is None:
            data = (tuple(sorted(self.centers.items())), self.width, self.height,
                    self.inches_per_cell)
            # a short key for the same data (keys are compared on every replayed group)
            key = ("geometry", _GEOMETRIES.setdefault(data, len(_GEOMETRIES)))
            object.__setattr__(self, "_replay_key", key)
        return key

    def center(self, square: str) -> tuple[float, float]:
        """Return the centre of ``square``.

        Raises:
            KeyError: the square is not on this board.
        """
        return self.centers[square]


#: geometry data -> its number in replay keys (:attr:`Geometry.replay_key`).
_GEOMETRIES: dict[tuple, int] = {}


class BoardAxes(Axes):
    """Axes whose limits are fixed by the board: adding a patch skips matplotlib's data-limit
    bookkeeping, which otherwise took about a third of the drawing time, and its clip path:
    a patch clipped to the axes, which cover the whole figure, is not clipped at all (the
    SVG step dropped that clip path anyway, so the output is the same)."""

    def add_patch(self, p):  # noqa: D102 - same contract as Axes.add_patch
        p.axes = self
        self._children.append(p)
        p._remove_method = self._children.remove
        self._set_artist_props(p)
        p.set_clip_on(False)
        self.stale = True
        return p

    def add_line(self, line):  # noqa: D102 - same contract as Axes.add_line
        # as add_patch: no data-limit bookkeeping (the limits are fixed); the clip path is
        # kept (it covers the whole figure and the SVG step drops it)
        self._set_artist_props(line)
        if line.get_clip_path() is None:
            line.set_clip_path(self.patch)
        if not line.get_label():
            line.set_label(f"_child{len(self._children)}")
        self._children.append(line)
        line._remove_method = self._children.remove
        self.stale = True
        return line

    def text(self, x, y, s, fontdict=None, **kwargs):
        """Add a text as ``Axes.text`` does, with no clip path.

        A text with the same arguments on an earlier board of the same size is not laid out
        again: its recorded SVG is written again (:mod:`banmen.render.replay`), and ``None``
        is returned instead of the :class:`~matplotlib.text.Text` (no renderer uses it).
        Texts with arguments that cannot be compared (path effects, transforms) are always
        drawn."""
        key = _text_key(x, y, s, fontdict, kwargs)
        if key is None:
            return self._make_text(x, y, s, fontdict, kwargs)
        from banmen.render.replay import replay

        text = replay(self, key, self._make_text, x, y, s, fontdict, kwargs)
        return text if text is not None and text.axes is self else None

    def _make_text(self, x, y, s, fontdict, kwargs):
        # Axes.text clips texts to the axes patch, but with clip_on False (its default),
        # so the clip path is never used; computing it cost a tenth of a board's time.
        effective = {"verticalalignment": "baseline", "horizontalalignment": "left",
                     "transform": self.transData, "clip_on": False,
                     **(fontdict if fontdict is not None else {}), **kwargs}
        return self._add_text(Text(x, y, text=s, **effective))


def _frozen(value: Any) -> Any:
    """``value`` as a hashable key part (dicts as sorted items), or raise TypeError."""
    if isinstance(value, (str, int, float, bool, type(None))):
        return value
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, *map(_frozen, value))
    raise TypeError(type(value).__name__)


def _text_key(x: Any, y: Any, s: Any, fontdict: Any, kwargs: dict[str, Any]) -> Any:
    """The replay key of a text, or ``None`` when an argument is not plain data."""
    try:
        return ("text", _frozen(x), _frozen(y), _frozen(s), _frozen(fontdict), _frozen(kwargs))
    except TypeError:
        return None


#: (width, height, inches per cell) -> figures with their axes, free to draw again.
_FREE_FIGURES: dict[tuple[float, float, float], list[tuple[Figure, Any]]] = {}
#: Free figures kept per board size.
_FREE_PER_SIZE = 2


def new_figure(geometry: Geometry) -> tuple[Figure, Any]:
    """Return a figure and its single axes spanning (0, 0)–(width, height), axes hidden.

    A figure given back by :func:`release_figure` (the SVG step does, once it has written a
    board) is reused for the next board of the same size, with its axes emptied: setting
    up a figure and its axes took a fifth of the drawing time.
    """
    key = (geometry.width, geometry.height, geometry.inches_per_cell)
    free = _FREE_FIGURES.get(key)
    if free:
        return free.pop()
    figure = Figure(
        figsize=(geometry.width * geometry.inches_per_cell, geometry.height * geometry.inches_per_cell)
    )
    ax = figure.add_axes((0, 0, 1, 1), axes_class=BoardAxes)
    ax.set_xlim(0, geometry.width)
    ax.set_ylim(0, geometry.height)
    ax.set_aspect("equal")
    ax.axis("off")
    figure._banmen_size = key
    return figure, ax


def release_figure(figure: Figure) -> bool:
    """Empty a figure of :func:`new_figure` once it is written and keep it for the next board
    of its size; returns False for other figures (the caller closes them)."""
    key = getattr(figure, "_banmen_size", None)
    if key is None:
        return False
    ax = figure.axes[0]
    for artist in ax._children:
        artist.axes = None
        artist._remove_method = None
    ax._children.clear()
    ax.stale = True
    free = _FREE_FIGURES.setdefault(key, [])
    if len(free) < _FREE_PER_SIZE:
        free.append((figure, ax))
    return True


def draw_cell(ax: Any, geometry: Geometry, square: str, color: str, *, gid: bool = True) -> None:
    """Draw the square cell of ``square`` (with the gid ``sq-<square>`` for clicks)."""
    x, y = geometry.center(square)
    patch = Rectangle(
        (x - 0.5, y - 0.5), 1, 1, facecolor=color, edgecolor=style.GRID, linewidth=1.0, zorder=1
    )
    if gid:
        patch.set_gid(f"sq-{square}")
    ax.add_patch(patch)


def tint(ax: Any, geometry: Geometry, square: str, color: str, alpha: float) -> None:
    """Tint a square's cell with a translucent colour, under the pieces."""
    x, y = geometry.center(square)
    ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=color, alpha=alpha,
                           linewidth=0, zorder=2))


def draw_change_badge(ax: Any, center: tuple[float, float], delta: int, square: str) -> None:
    """Draw the "−" (``delta < 0``, a piece left) or "+" (arrived) badge in the lower-right
    corner of the square centred at ``center``: a white disc of radius 0.09 cell whose nearest
    point to the centre is 0.46 cell away, clear of pieces up to that radius (gid
    ``left-badge-<square>`` / ``arrived-badge-<square>``; its bar ``left-bar-``/``arrived-bar-``
    and the "+" stem ``arrived-stem-<square>``)."""
    x, y = center[0] + 0.39, center[1] - 0.39
    left = delta < 0
    edge = style.REMOVED_EDGE if left else style.ADDED_EDGE
    disc = Circle((x, y), 0.09, facecolor="white", edgecolor=edge, linewidth=1.1, zorder=36)
    disc.set_gid(f"{'left' if left else 'arrived'}-badge-{square}")
    ax.add_patch(disc)
    bar = Rectangle((x - 0.056, y - 0.013), 0.112, 0.026, facecolor=edge, linewidth=0, zorder=37)
    bar.set_gid(f"{'left' if left else 'arrived'}-bar-{square}")
    ax.add_patch(bar)
    if not left:
        stem = Rectangle((x - 0.013, y - 0.056), 0.026, 0.112, facecolor=edge, linewidth=0,
                         zorder=37)
        stem.set_gid(f"arrived-stem-{square}")
        ax.add_patch(stem)


def draw_change_cue(ax: Any, center: tuple[float, float], delta: int, square: str) -> None:
    """Draw the colour-independent cue of a change on a square cell centred at ``center``: a
    dashed dark-red outline for "left" (``delta < 0``) or a solid dark-green one for "arrived",
    inset 0.025 cell so that it runs along the edge, clear of corner numbers (gid ``left-outline-<square>`` / ``arrived-outline-<square>``), and the
    −/+ badge of :func:`draw_change_badge`."""
    x, y = center
    left = delta < 0
    outline = Rectangle((x - 0.475, y - 0.475), 0.95, 0.95, facecolor="none",
                        edgecolor=style.REMOVED_EDGE if left else style.ADDED_EDGE,
                        linewidth=1.8, linestyle=style.LEFT_DASHES if left else "solid",
                        zorder=2.6)
    outline.set_gid(f"{'left' if left else 'arrived'}-outline-{square}")
    ax.add_patch(outline)
    draw_change_badge(ax, center, delta, square)


def draw_changes(ax: Any, geometry: Geometry, changes: Mapping[str, int]) -> None:
    """Tint squares whose piece count went down red and up green (guidebook convention), each
    with the colour-independent cue of :func:`draw_change_cue` (dashed outline and "−" for
    left, solid outline and "+" for arrived)."""
    from banmen.render.replay import replay

    for square, delta in sorted(changes.items()):
        if delta:  # the same change on the same square looks the same on every board
            replay(ax, ("change", geometry.center(square), delta, square), _draw_change, ax,
                   geometry, square, delta)


def _draw_change(ax: Any, geometry: Geometry, square: str, delta: int) -> None:
    tint(ax, geometry, square, style.REMOVED if delta < 0 else style.ADDED, style.CHANGE_ALPHA)
    draw_change_cue(ax, geometry.center(square), delta, square)


def draw_highlights(ax: Any, geometry: Geometry, squares: Iterable[str]) -> None:
    """Tint the given squares with the highlight colour."""
    from banmen.render.replay import replay

    for square in squares:
        replay(ax, ("highlight", geometry.center(square)), tint, ax, geometry, square,
               style.HIGHLIGHT, style.HIGHLIGHT_ALPHA)


def draw_arrow(ax: Any, geometry: Geometry, squares: Sequence[str], color: str = style.ARROW) -> None:
    """Draw one arrow through the centres of ``squares`` (a polyline with a head at the end)."""
    points = [geometry.center(s) for s in squares]
    if len(points) < 2:
        return
    from banmen.render.replay import replay

    replay(ax, ("arrow", tuple(points), color, geometry.inches_per_cell), _draw_arrow, ax,
           geometry, points, color)


def _draw_arrow(ax: Any, geometry: Geometry, points: list[tuple[float, float]],
                color: str) -> None:
    codes = [MplPath.MOVETO] + [MplPath.LINETO] * (len(points) - 1)
    arrow = FancyArrowPatch(
        path=MplPath(points, codes),
        arrowstyle="-|>,head_length=0.35,head_width=0.22",
        mutation_scale=geometry.inches_per_cell * 72 / 2.2,
        linewidth=3.2,
        color=color,
        alpha=0.85,
        zorder=20,
        shrinkA=0,
        shrinkB=4,
        joinstyle="round",
        capstyle="round",
    )
    ax.add_patch(arrow)


def draw_labels(ax: Any, geometry: Geometry, labels: Iterable[tuple[str, str]]) -> None:
    """Write a short label in the upper-right corner of each square, on a white disc."""
    for square, text in labels:
        x, y = geometry.center(square)
        ax.text(x + 0.3, y + 0.3, text, ha="center", va="center", fontsize=11, zorder=30,
                color=style.LABEL,
                bbox={"boxstyle": "circle,pad=0.18", "facecolor": "white",
                      "edgecolor": style.LABEL, "linewidth": 1.0})


def draw_marks(ax: Any, geometry: Geometry, spec: DiagramSpec, changes: Mapping[str, int],
               move_path: Sequence[str] | None) -> None:
    """Draw the shared marks of ``spec``: change tints, highlights, arrows and labels.

    Args:
        changes: square -> change in piece count caused by the move (empty without a move).
        move_path: squares of the move's arrow, or ``None`` for no move arrow.
    """
    draw_changes(ax, geometry, changes)
    draw_highlights(ax, geometry, spec.highlight)
    if spec.arrows:
        for arrow in spec.arrows:
            draw_arrow(ax, geometry, arrow)
    elif move_path and spec.move_arrow:
        draw_arrow(ax, geometry, move_path)
    draw_labels(ax, geometry, spec.labels)
