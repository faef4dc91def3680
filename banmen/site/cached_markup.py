"""Allow-list checks for markup read back from the build cache (data, never trusted as markup).

The build cache (:mod:`banmen.site.cache`) binds each entry to its name, but anyone who can
write ``.cache/banmen/`` can also seal an entry through the cache's own API. The entries
whose text goes into a page as markup are therefore checked when read, and an entry that
fails is damage: dropped and computed again, never served. The checks are allow-lists of
what banmen itself writes, so a forged entry cannot bring script or foreign markup:

* :func:`drawn_svg`: a board (``svg:`` entries, the play board's parts, the simulation
  figures): one ``<svg>`` of the elements and attributes matplotlib and
  :mod:`banmen.render` write, references to ids inside the document only (``href="#..."``,
  CSS ``url(#...)``), no comments, no character references in attributes, no CSS escapes.
* :func:`search_markup`: a search entry's title or text holds only the tags Material's search
  parser keeps (``<p>``, ``<code>``... without attributes) and escaped text.
* :func:`plain_markdown`: a parameter or preset table: Markdown without raw HTML, links,
  references, attribute lists or character references.

They are scans in C (``re``, possessive, ~150 M characters a second): a warm build checks
the play board's parts (0.6 M characters, ~4 ms) and the search entries (~1 ms); a board is
checked when a page that shows it is expanded again (far less than drawing it). The page
expansions a warm build reads (~24 MB, mostly boards) are not scanned, only checked for
their form (see :meth:`banmen.site.build.SiteBuild._read_expansion`).
"""

from __future__ import annotations

import re

#: SVG elements banmen's boards use (matplotlib's SVG backend and banmen.render), the most
#: frequent first (the regular expression tries them in order).
_SVG_TAGS = ("g|path|use|circle|defs|symbol|svg|title|desc|clipPath|rect|ellipse|line|polyline"
             "|polygon|text|tspan|linearGradient|radialGradient|stop|pattern|mask|marker")
#: attributes whose values are plain (no reference, no style), the most frequent first.
_SVG_PLAIN = ("id|d|transform|cx|cy|r|x|y|stroke-linejoin|stroke-linecap|viewBox|overflow|width"
              "|height|class|version|xmlns|xmlns:xlink|role|aria-labelledby|aria-label"
              "|aria-hidden|focusable|x1|y1|x2|y2|rx|ry|points|offset|preserveAspectRatio"
              "|patternUnits|gradientUnits|markerWidth|markerHeight|refX|refY|orient|font-size"
              "|font-family|text-anchor|stroke-width|stroke-dasharray|stroke-miterlimit"
              "|opacity|fill-opacity|stroke-opacity|fill-rule|clip-rule|stop-color|stop-opacity")
#: attributes that may hold CSS: no function but ``url(#id)`` (lower case, a reference inside
#: the document), no character reference, no CSS escape.
_SVG_STYLE = "style|clip-path|fill|stroke|mask|marker-start|marker-mid|marker-end"
#: one allowed tag; possessive quantifiers (Python 3.11): ~200 M characters a second.
_SVG_TAG = re.compile(
    rf"</?(?:{_SVG_TAGS})"
    rf'(?:\s++(?:(?:{_SVG_STYLE})="(?:[^"<>&\\(]++|(?<=url)\(#)*+"|(?:{_SVG_PLAIN})="[^"<>&]*+"'
    rf'|(?:xlink:href|href)="#[^"<>&]*+"))*+\s*+/?>')
#: Material's search parser keeps these tags, without attributes, and escapes all text.
_SEARCH_TAG = re.compile(r"</?(?:p|code|pre|li|ol|ul|sub|sup)>")
_SEARCH_AMP = re.compile(r"&(?!(?:amp|lt|gt|quot|#x27);)")
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
    return "<" not in _SVG_TAG.sub("", text) and _groups_balance(text)


#: a group's start tag (not self-closed) or end tag; any other spelling of an end tag.
_G_OPEN_CLOSE = re.compile(r"<g\b[^>]*?(/?)>|</g>|</g\s")


def _groups_balance(text: str) -> bool:
    """Whether every ``<g>`` of a board is closed, in order, by a plain ``</g>``: the page
    lifts a board's shared parts by their groups (:func:`banmen.site.onpage.lift_parts`)."""
    depth = 0
    for tag in _G_OPEN_CLOSE.finditer(text):
        if tag.group(0) == "</g>":
            depth -= 1
            if depth < 0:
                return False
        elif tag.group(0).startswith("</g"):
            return False
        elif not tag.group(1):
            depth += 1
    return depth == 0


def search_markup(text: str) -> bool:
    """Whether a search entry's ``text`` or ``title`` is what Material's parser writes: the
    tags it keeps (``<p>``, ``<code>``, ``<pre>``, ``<li>``, ``<ol>``, ``<ul>``, ``<sub>``,
    ``<sup>``, no attributes) around text whose ``<``, ``>`` and ``&`` are escaped."""
    rest = _SEARCH_TAG.sub("", text) if "<" in text else text
    if "<" in rest or ">" in rest:
        return False
    return "&" not in rest or _SEARCH_AMP.search(rest) is None


def plain_markdown(text: str) -> bool:
    """Whether ``text`` (a table banmen writes from rule data) is Markdown that cannot write
    markup: no ``<``, ``>``, ``&``, ``{``, ``}``, backslash, and no ``]`` followed by ``(``,
    ``[`` or ``:`` (links, images, references)."""
    return _MARKDOWN_BAD.search(text) is None
