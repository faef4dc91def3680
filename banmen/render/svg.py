"""Turn a matplotlib figure into a deterministic, inline-ready SVG string.

Determinism: a fixed ``svg.hashsalt`` per diagram, no date, a fixed creator, glyphs drawn as
paths (``svg.fonttype = "path"``) in the bundled IPAexGothic font (matplotlib-fontja), so the
same input gives the same bytes on every machine and the text looks the same everywhere.

Inlining: many SVGs share one HTML page and matplotlib reuses ids (``figure_1``, ``patch_3``,
glyph and clip-path ids). Every id is prefixed with the diagram's id and every internal
reference (``url(#...)``, ``href="#..."``) is rewritten to match, so each SVG only ever points
inside itself.
"""

from __future__ import annotations

import io
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
}

_ID_ATTR = re.compile(r'\bid="([^"]+)"')
_URL_REF = re.compile(r"url\(#([^)]+)\)")
_HREF_REF = re.compile(r'(xlink:href|href)="#([^"]+)"')
_HEADER = re.compile(r"^.*?(?=<svg\b)", re.DOTALL)
_SIZE_ATTR = re.compile(r'<svg([^>]*?) width="([\d.]+)pt" height="([\d.]+)pt"')


def html_id(diagram_id: str) -> str:
    """Return an id usable in HTML and SVG for a content id such as ``ukejalayer/p001``."""
    return "bm-" + re.sub(r"[^A-Za-z0-9_-]+", "-", diagram_id).strip("-")


def figure_to_svg(figure: Figure, diagram_id: str) -> str:
    """Serialise ``figure`` to SVG with every id prefixed by ``html_id(diagram_id)``.

    Args:
        figure: a finished figure; it is closed afterwards.
        diagram_id: the content id (``game/name``); seeds the hash salt and prefixes ids.

    Returns:
        The ``<svg>`` element as text (no XML declaration or doctype), with a ``viewBox``,
        ``width``/``height`` in CSS pixels and ``class="banmen-board"``.
    """
    prefix = html_id(diagram_id)
    buffer = io.StringIO()
    with matplotlib.rc_context({**SVG_RC, "svg.hashsalt": diagram_id, "svg.id": prefix}):
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": "banmen"})
    plt.close(figure)
    return prefix_ids(_HEADER.sub("", buffer.getvalue(), count=1), prefix)


def prefix_ids(svg: str, prefix: str) -> str:
    """Prefix every id in ``svg`` with ``prefix--`` and rewrite the references to them.

    The root element's id (already ``prefix``) is kept as it is.
    """

    def rename(name: str) -> str:
        return name if name == prefix else f"{prefix}--{name}"

    svg = _ID_ATTR.sub(lambda m: f'id="{rename(m.group(1))}"', svg)
    svg = _URL_REF.sub(lambda m: f"url(#{rename(m.group(1))})", svg)
    svg = _HREF_REF.sub(lambda m: f'{m.group(1)}="#{rename(m.group(2))}"', svg)
    # Points to CSS pixels (96/72) so the board has a sensible natural size; CSS may shrink it.
    return _SIZE_ATTR.sub(
        lambda m: (
            f'<svg{m.group(1)} class="banmen-board" width="{float(m.group(2)) * 4 / 3:.0f}"'
            f' height="{float(m.group(3)) * 4 / 3:.0f}"'
        ),
        svg,
        count=1,
    )
