"""What a renderer draws: :class:`DiagramSpec` (kept apart from matplotlib, so checking
content and building pages from the cache never import it)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class DiagramSpec:
    """Everything a renderer needs to draw one board.

    Attributes:
        ident: the content id (``ukejalayer/summon``); prefixes SVG ids and seeds hashing.
        state: the position drawn.
        before: the position before ``move``; when set, changed squares are tinted.
        move: the move played from ``before`` (drawn as an arrow unless ``move_arrow`` is off).
        highlight: squares tinted yellow.
        arrows: each arrow as the squares it passes through.
        labels: square -> short text.
        options: renderer options (game specific, e.g. ``coordinates: false``).
        move_arrow: draw the arrow of ``move``.
        title: the screen-reader title of the SVG (the diagram's caption), or ``None`` for
            「<game>の盤面」.
    """

    ident: str
    state: Hashable
    before: Hashable | None = None
    move: Hashable | None = None
    highlight: tuple[str, ...] = ()
    arrows: tuple[tuple[str, ...], ...] = ()
    labels: tuple[tuple[str, str], ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    move_arrow: bool = True
    title: str | None = None
