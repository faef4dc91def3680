"""Screen-reader text for board SVGs: ``role="img"``, a ``<title>`` and a ``<desc>``.

The title is the diagram's caption when it has one (Markdown emphasis marks removed), else
「<game>の盤面」; the description is the renderer's ``describe(game, state)`` (a Japanese
account of the position: side to move, hands or captures, each occupied square). Both are
XML-escaped, so untrusted YAML text cannot add markup. The root ``<svg>`` gets
``aria-labelledby`` naming the two elements, whose ids carry the diagram's prefix like every
other id (see :mod:`render_baseline.svg`).
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

_SVG_OPEN = re.compile(r"<svg\b[^>]*>")
_MARKUP = re.compile(r"\*\*|__|`")


def plain_title(caption: str) -> str:
    """Return ``caption`` as one plain line: emphasis marks and backticks removed, runs of
    whitespace made one space, ends trimmed."""
    return " ".join(_MARKUP.sub("", caption).split())


def add_accessibility(svg: str, prefix: str, title: str, desc: str) -> str:
    """Return ``svg`` with ``role="img"``, ``aria-labelledby`` and ``<title>``/``<desc>``.

    Args:
        svg: SVG text starting at its root ``<svg ...>`` element (as from ``figure_to_svg``).
        prefix: the diagram's id prefix (``html_id(ident)``); the ids become
            ``<prefix>--title`` and ``<prefix>--desc``.
        title: plain text (escaped here).
        desc: plain text (escaped here).

    Raises:
        ValueError: ``svg`` has no ``<svg>`` start tag.
    """
    match = _SVG_OPEN.search(svg)
    if match is None:
        raise ValueError("no <svg> start tag in the SVG text")
    title_id, desc_id = f"{prefix}--title", f"{prefix}--desc"
    tag = match.group(0)
    opened = (tag[:-1] + f' role="img" aria-labelledby="{title_id} {desc_id}">')
    children = (f"<title id={quoteattr(title_id)}>{escape(title)}</title>"
                f"<desc id={quoteattr(desc_id)}>{escape(desc)}</desc>")
    return svg[:match.start()] + opened + children + svg[match.end():]
