"""Screen-reader text for board SVGs: ``role="img"``, a ``<title>`` and a ``<desc>``.

The title is the diagram's caption when it has one, as its figure caption shows it
(Markdown emphasis marks removed, ``&amp;`` read as ``&``: see :func:`plain_title`), else
「<game>の盤面」; the description is the renderer's ``describe(game, state)`` (a Japanese
account of the position: side to move, hands or captures, each occupied square). Both are
XML-escaped, so untrusted YAML text cannot add markup. The root ``<svg>`` gets
``aria-labelledby`` naming the two elements, whose ids carry the diagram's prefix like every
other id (see :mod:`banmen.render.svg`).
"""

from __future__ import annotations

import html
import re
from xml.sax.saxutils import escape, quoteattr

_SVG_OPEN = re.compile(r"<svg\b[^>]*>")
_MARKUP = re.compile(r"\*\*|__|`")
#: a code span: its text is shown as written.
_CODE = re.compile(r"(`+)(.+?)\1")
#: a Markdown backslash escape of an ASCII punctuation character.
_BACKSLASH = re.compile(r"\\([!-/:-@\[-`{-~])")


def _plain(text: str) -> str:
    """Markdown text outside code spans as the reader sees it: emphasis marks and stray
    backticks removed, backslash escapes and character references (``&amp;``) read."""
    return html.unescape(_BACKSLASH.sub(r"\1", _MARKUP.sub("", text)))


def plain_title(caption: str) -> str:
    """Return the Markdown ``caption`` as the one plain line its figure caption shows:
    emphasis marks removed, character references (``&amp;``, ``&lt;``) and backslash escapes
    read as the characters they stand for (escaped once again only when written into the
    SVG), code spans kept as written without their backticks, runs of whitespace made one
    space, ends trimmed. ``'A &amp; B < C `&amp;`'`` -> ``'A & B < C &amp;'``."""
    parts: list[str] = []
    at = 0
    for code in _CODE.finditer(caption):
        parts += [_plain(caption[at:code.start()]), code.group(2)]
        at = code.end()
    parts.append(_plain(caption[at:]))
    return " ".join("".join(parts).split())


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
