"""The one rule every authored text of a content file follows, whether a page renders it as
Markdown or shows it as plain text (issue 33): links and images only to http(s) addresses and
pages of this site, and no images (the pages' sanitiser keeps none; they would vanish).

It lives apart from the page writer :mod:`banmen.site.html` because it decides whether a file
passes the check: the build cache keys checked files on the code that can change a check
result (:func:`banmen.site.cache.code_digest`), which leaves out the page-writing modules.
The text is read by the pages' own Markdown converter (``banmen.site.html._markdown``), so
both see the same links.
"""

from __future__ import annotations

import html
import re

#: Link schemes allowed besides relative links to pages of the site.
URL_SCHEMES = {"http", "https"}

_TARGET = re.compile(r'<(a|img)\b[^>]*?\b(?:href|src)="([^"]*)"')
#: what a browser's URL parser drops or reads as a slash before it looks for a scheme
_URL_EDGES = "".join(chr(c) for c in range(0x21))


def _as_browser_reads(target: str) -> str:
    """Return ``target`` as a browser's URL parser sees it: C0 controls and spaces stripped
    at both ends, tabs and line breaks removed anywhere, backslashes read as slashes."""
    return re.sub(r"[\t\n\r]", "", target.strip(_URL_EDGES)).replace("\\", "/")


def _targets(text: str) -> list[tuple[str, str, bool]]:
    """Return (``link`` or ``image``, target, refused) for each link and image target in
    authored Markdown ``text``, in order; ``refused`` as :func:`refused_targets` decides."""
    if "[" not in text and "<" not in text:
        # links and images come only from [..] and <..> (raw HTML is off, bare addresses
        # are not linked): most prose needs no Markdown pass here
        return []
    found = []
    for tag, raw in _TARGET.findall(_convert(text)):
        target = html.unescape(raw)
        seen = _as_browser_reads(target)
        scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", seen)
        refused = bool((scheme and scheme.group(1).lower() not in URL_SCHEMES)
                       or seen.startswith("//") or (not scheme and not target.isprintable()))
        found.append(("image" if tag == "img" else "link", target, refused))
    return found


def refused_targets(text: str) -> list[tuple[str, str]]:
    """Return (``link`` or ``image``, target) for each link and image target in authored
    Markdown ``text`` that is neither http(s) nor a relative link to this site: another
    scheme (``javascript:``, ``data:``, ``mailto:``), also when hidden behind control
    characters, line breaks or tabs (``\x01javascript:``, ``java&#10;script:``), a
    protocol-relative address (``//host/path``, ``\\\\host``), or a relative target holding
    control characters."""
    return [(kind, target) for kind, target, refused in _targets(text) if refused]


def refused_links(text: str) -> list[str]:
    """Return the targets of :func:`refused_targets` (links and images alike)."""
    return [target for _kind, target in refused_targets(text)]


def text_problems(text: str, plain: bool = False) -> list[str]:
    """Return what is wrong with one authored text (any text field of a content file, shown
    as Markdown or as plain text alike: one rule for all), one message per problem, in order.

    * a link or image target :func:`refused_targets` refuses: ``link to 'javascript:x':
      only http(s) links and links to pages of this site are allowed``;
    * any other image: the sanitiser keeps no ``<img>`` (:data:`ALLOWED_TAGS`; the site
      works offline and loads nothing from elsewhere), so it would vanish from the page:
      ``image 'https://x.org/p.png': ...`` asks for a diagram or a link instead;
    * with ``plain`` (a text the page shows as written: titles, option labels, lesson
      ``feedback``, solution ``comment``s), any other link: it would show as its Markdown.
    """
    problems = []
    for kind, target, refused in _targets(text):
        if refused:
            problems.append(f"{kind} {'to ' if kind == 'link' else ''}'{target}': only http(s) "
                            "links and links to pages of this site are allowed")
        elif kind == "image":
            problems.append(f"image '{target}': texts show no images (the page would leave "
                            "it out); draw a board with a diagram file, or link to the image "
                            "with [text](address)")
        elif plain:
            problems.append(f"link to '{target}': this text is shown as written, so the link "
                            "would show as its Markdown; put it in a Markdown text (question, "
                            "explanation, hints, step text)")
    return problems


def _convert(text: str) -> str:
    """``text`` through the pages' Markdown converter (raw HTML off), unsanitised."""
    from banmen.site.html import _markdown

    return _markdown().convert(text)
