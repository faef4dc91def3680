"""Check and rewrite the links of authored YAML text on the built pages (MkDocs glue).

Authored text is rendered by :func:`banmen.site.html.md` after MkDocs has converted the page,
so MkDocs never sees its links. Each link leaves the renderer as
``<a data-bm-where="file:line:col" href="...">``; here, per page, a relative link is resolved
against the page that shows the text, rewritten the way MkDocs rewrites page links
(``rules.md#x`` -> ``../rules/#x``), and a link to no page or file, or to an anchor no element
of the target page has, becomes a located problem ``file:line:col: dead link ...``. The
attribute is removed from the published HTML.
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

_LINK = re.compile(r'<a data-bm-where="([^"]*)"(?: href="([^"]*)")?')
_ID = re.compile(r'\bid="([^"]+)"')


@dataclass
class LinkCheck:
    """Links of authored text across the pages of one build.

    Attributes:
        problems: located one-line messages, in the order found.
        ids: page source path (``ukejalayer/rules.md``) -> the element ids on that page.
        anchors: (where, href as written, target page source path, anchor) still to check.
    """

    problems: list[str] = field(default_factory=list)
    ids: dict[str, set[str]] = field(default_factory=dict)
    anchors: list[tuple[str, str, str, str]] = field(default_factory=list)

    def page(self, page_html: str, src_uri: str, files: Any) -> str:
        """Resolve, check and rewrite the authored links of one page; return its HTML.

        Args:
            page_html: the page's HTML with its fragments filled in.
            src_uri: the page's path under ``docs/`` (``ukejalayer/puzzles.md``).
            files: MkDocs' ``Files`` (``get_file_from_path``, ``url_relative_to``).
        """
        self.ids[src_uri] = set(_ID.findall(page_html))
        source = files.get_file_from_path(src_uri)

        def rewrite(match: re.Match) -> str:
            where, href = html.unescape(match.group(1)), match.group(2)
            if href is None:
                return "<a"
            target = self._resolve(where, html.unescape(href), src_uri, source, files)
            return f'<a href="{html.escape(target)}"'

        return _LINK.sub(rewrite, page_html)

    def _resolve(self, where: str, href: str, src_uri: str, source: Any, files: Any) -> str:
        parts = urlsplit(href)
        if parts.scheme:
            return href  # http(s): the sanitiser allowed nothing else
        if parts.netloc or href.replace("\\", "/").lstrip().startswith("//"):
            self.problems.append(f"{where}: link '{href}': a link without a scheme to another "
                                 "host; write http(s):// or a page of this site")
            return href
        if parts.path.startswith("/"):
            self.problems.append(f"{where}: link '{href}': write in-site links relative to the "
                                 f"page (docs/{src_uri}), e.g. 'rules.md#section'")
            return href
        if not parts.path:
            if parts.fragment:
                self.anchors.append((where, href, src_uri, unquote(parts.fragment)))
            return href
        path = posixpath.normpath(posixpath.join(posixpath.dirname(src_uri),
                                                 unquote(parts.path)))
        target = files.get_file_from_path(path) if not path.startswith("..") else None
        if target is None:
            self.problems.append(f"{where}: dead link '{href}': no page or file docs/{path} "
                                 f"(links are relative to docs/{src_uri}, the page that shows "
                                 "this text)")
            return href
        url = target.url_relative_to(source) if source is not None else target.url
        if parts.fragment:
            if target.is_documentation_page():
                self.anchors.append((where, href, path, unquote(parts.fragment)))
            url += "#" + parts.fragment
        return url

    def check_anchors(self) -> list[str]:
        """Check the anchors of every page's links once all pages are known; return (and
        keep) the problems found, one located line each."""
        for where, href, page, anchor in self.anchors:
            if anchor not in self.ids.get(page, set()):
                self.problems.append(f"{where}: dead link '{href}': docs/{page} has no "
                                     f"element with id '{anchor}'")
        self.anchors.clear()
        return self.problems
