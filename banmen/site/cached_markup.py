"""Allow-list checks for markup read back from the build cache (data, never trusted as markup).

The build cache (:mod:`banmen.site.cache`) binds each entry to its name, but anyone who can
write ``.cache/banmen/`` can also seal an entry through the cache's own API. The entries
whose text goes into a page as markup are therefore checked when read, and an entry that
fails is damage: dropped and computed again, never served. The checks are allow-lists of
what banmen itself writes, so a forged entry cannot bring script or foreign markup:

* :func:`drawn_svg`: a board (``svg:`` entries, the play board's parts): one ``<svg>`` of the
  elements and attributes matplotlib and :mod:`banmen.render` write, references to ids
  inside the document only (``href="#..."``), no comments, no entity tricks in styles.
* :func:`search_markup`: a search entry's title or text holds only the tags Material's search
  parser keeps (``<p>``, ``<code>``... without attributes) and escaped text.
* :func:`plain_markdown`: a parameter or preset table: Markdown without raw HTML, links,
  references, attribute lists or character references.

They are linear scans in C (``re``): checking every board of a page costs far less than
drawing it; the page expansions a warm build reads (mostly boards, ~24 MB) are not scanned
(see :meth:`banmen.site.build.SiteBuild._read_expansion`).
"""

from __future__ import annotations

import re

#: SVG elements banmen's boards use (matplotlib's SVG backend and banmen.render).
_SVG_TAGS = ("svg|g|path|use|circle|ellipse|rect|line|polyline|polygon|defs|clipPath|symbol"
             "|title|desc|text|tspan|linearGradient|radialGradient|stop|pattern|mask|marker")
#: attributes whose values are plain (no reference, no style).
_SVG_PLAIN = ("id|class|d|x|y|x1|y1|x2|y2|cx|cy|r|rx|ry|width|height|viewBox|version|xmlns"
              "|xmlns:xlink|transform|role|aria-labelledby|aria-label|aria-hidden|focusable"
              "|overflow|points|offset|preserveAspectRatio|patternUnits|gradientUnits"
              "|markerWidth|markerHeight|refX|refY|orient|font-size|font-family|text-anchor"
              "|stroke-linecap|stroke-linejoin|stroke-width|stroke-dasharray|stroke-miterlimit"
              "|opacity|fill-opacity|stroke-opacity|fill-rule|clip-rule|stop-color|stop-opacity")
#: attributes that may hold CSS (``url(#id)`` only, see :data:`_FOREIGN_URL`).
_SVG_STYLE = "style|clip-path|fill|stroke|mask|marker-start|marker-mid|marker-end"
_SVG_TAG = re.compile(
    rf"</?(?:{_SVG_TAGS})"
    rf'(?:\s+(?:(?:{_SVG_PLAIN})="[^"<>&]*"|(?:{_SVG_STYLE})="[^"<>&\\]*"'
    rf'|(?:xlink:href|href)="#[^"<>&]*"))*\s*/?>')
#: a CSS ``url(...)`` that is not a reference inside the document.
_FOREIGN_URL = re.compile(r"url\((?!#)", re.IGNORECASE)
#: Material's search parser keeps these tags, without attributes, and escapes all text.
_SEARCH_TAG = re.compile(r"</?(?:p|code|pre|li|ol|ul|sub|sup)>")
_SEARCH_BAD = re.compile(r"[<>]|&(?!(?:amp|lt|gt|quot|#x27);)")
#: what lets Markdown write markup: raw HTML, character references, attribute lists,
#: links, images and reference definitions (``](``, ``][``, ``]:``), backslash escapes.
_MARKDOWN_BAD = re.compile(r"[<>&{}\\]|\]\s*[(\[:]")


def drawn_svg(text: str) -> bool:
    """Whether ``text`` is a board as banmen draws it: starts with ``<svg``, ends with
    ``</svg>``, and every tag is an SVG element and attribute of the allow-list, with
    double-quoted values, ``href`` pointing inside the document and CSS ``url()`` too.

    Args:
        text: the SVG text read from the cache.

    Returns:
        ``False`` for anything else (script, ``foreignObject``, event attributes,
        ``javascript:`` or outside links, comments, text that is not SVG).
    """
    if not (text.startswith("<svg") and text.endswith("</svg>")):
        return False
    if "<" in _SVG_TAG.sub("", text):
        return False
    return "url(" not in text.lower() or _FOREIGN_URL.search(text) is None


def search_markup(text: str) -> bool:
    """Whether a search entry's ``text`` or ``title`` is what Material's parser writes: the
    tags it keeps (``<p>``, ``<code>``, ``<pre>``, ``<li>``, ``<ol>``, ``<ul>``, ``<sub>``,
    ``<sup>``, no attributes) around text whose ``<``, ``>`` and ``&`` are escaped."""
    return _SEARCH_BAD.search(_SEARCH_TAG.sub("", text)) is None


def plain_markdown(text: str) -> bool:
    """Whether ``text`` (a table banmen writes from rule data) is Markdown that cannot write
    markup: no ``<``, ``>``, ``&``, ``{``, ``}``, backslash, and no ``]`` followed by ``(``,
    ``[`` or ``:`` (links, images, references)."""
    return _MARKDOWN_BAD.search(text) is None
