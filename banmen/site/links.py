"""Check and rewrite the links of authored YAML text on the built pages (MkDocs glue).

Authored text is rendered by :func:`banmen.site.html.md` after MkDocs has converted the page,
so MkDocs never sees its links. Each link leaves the renderer as
``<a data-bm-where="file:line:col" href="...">``; here, per page, a relative link is resolved
against the page that shows the text, rewritten the way MkDocs rewrites page links
(``rules.md#x`` -> ``../rules/#x``), and a link to no page or file, or to an anchor no element
of the target page has, becomes a located problem ``file:line:col: dead link ...``. The
attribute is removed from the published HTML.

MkDocs checks the links of the Markdown pages themselves, but its warnings name only the page;
:class:`LocatedWarnings` puts the ``file:line:col`` of the link in front of them.
"""

from __future__ import annotations

import html
import logging
import os
import posixpath
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

from banmen.errors import display_name, one_line

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


#: MkDocs' warnings about a link of a page (``mkdocs.structure.pages``): a page or anchor that
#: does not exist, an absolute or unrecognized link
_DOC_LINK = re.compile(r"Doc file '(?P<page>.+?)' contains (?P<kind>a|an absolute|an unrecognized "
                       r"relative) link '(?P<link>.+?)', (?:but )?(?P<rest>.*)", re.S)
#: MkDocs' warning about a ``nav:`` entry whose page does not exist (``mkdocs.structure.nav``)
_NAV_LINK = re.compile(r"A reference to '(?P<link>.+?)' is included in the 'nav' configuration, "
                       r"which is not found", re.S)


def link_positions(text: str, link: str) -> list[tuple[int, int]]:
    """Return the 1-based (line, column) of each place ``text`` writes ``link`` as a whole
    link target: ``[x](link)``, ``<link>``, ``href="link"``, ``[ref]: link``, ``- title: link``
    (not ``link`` inside a longer target such as ``link#anchor``)."""
    pattern = re.compile(r"(?<![^\s(<\"'])" + re.escape(link) + r"(?![^\s)>\"'])")
    positions = []
    for match in pattern.finditer(text):
        start = match.start()
        line_start = text.rfind("\n", 0, start) + 1
        positions.append((text.count("\n", 0, start) + 1, start - line_start + 1))
    return positions


class LocatedWarnings(logging.Filter):
    """A filter for MkDocs' loggers ``mkdocs.structure.pages`` and ``mkdocs.structure.nav``
    that puts the place of the link in front of their warnings about a page's links and the
    ``nav:`` entries: ``docs/ludo/rules.md:225:95: dead link 'puzzles.md#p05-bounce': the doc
    'ludo/puzzles.md' does not contain an anchor '#p05-bounce'.`` A link written more than once
    on a page gives one located line for each place, in one warning (MkDocs warns once per
    anchor, but once per place for a missing page: the repeats are dropped). A link not found
    in the page's file (made by a marker) is named with the file only."""

    def __init__(self) -> None:
        super().__init__()
        self.root = self.docs_dir = self.config_file = ""
        self.seen: set[tuple[str, str]] = set()

    def start(self, root: str, docs_dir: str, config_file: str) -> None:
        """Begin a build of the project at ``root`` (the paths of ``docs/`` and mkdocs.yml)."""
        self.root, self.docs_dir, self.config_file = root, docs_dir, config_file
        self.seen.clear()

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite ``record`` located; False for the repeat of a link already reported."""
        message = record.getMessage()
        page = _DOC_LINK.match(message)
        nav = None if page else _NAV_LINK.match(message)
        if page is None and nav is None:
            return True
        if page is not None:
            path, link = os.path.join(self.docs_dir, page["page"]), page["link"]
            kind = "dead" if page["kind"] == "a" else page["kind"]
            what = f"{kind} link '{link}': {page['rest']}"
        else:
            path, link, what = self.config_file, nav["link"], message
        if (path, link) in self.seen:
            return False
        self.seen.add((path, link))
        name = display_name(os.path.relpath(path, self.root))
        try:
            with open(path, encoding="utf-8-sig") as file:
                places = link_positions(file.read(), link)
        except (OSError, UnicodeDecodeError):
            places = []
        lines = [f"{name}:{line}:{column}: {what}" for line, column in places] or [f"{name}: {what}"]
        record.msg, record.args = "\n".join(one_line(line) for line in lines), ()
        return True
