"""Placing fragments on a page: ids unique on the page, glyph shapes defined once per page.

Both run on each fragment as it is placed, in page order, with the page's running state
(:class:`banmen.site.build.PageExpansion`), so a page never depends on the order in which
boards were drawn or read from the cache.
"""

from __future__ import annotations

import functools
import hashlib
import re

#: the ids that name a whole block or board: the fragment's first element and each <svg>
#: (two patterns: each starts with a literal, so the search skips ahead instead of trying
#: every position of a long fragment).
_FIRST_ID = re.compile(r'<[a-z]+\b[^>]*?\bid="([^"]+)"')
_SVG_ID = re.compile(r'<svg\b[^>]*?\bid="([^"]+)"')
#: a glyph shape matplotlib defines in an SVG's <defs> (``svg.fonttype = "path"``).
_GLYPH_DEF = re.compile(r'<path id="([^"]+--[^"]+)"(?: d="([^"]*)")?(?: transform="([^"]*)")?/>')
_EMPTY_DEFS = re.compile(r"<defs></defs>")


def unique_ids(fragment: str, used: set[str]) -> str:
    """Return ``fragment`` with ids that are unique on its page, and record them in ``used``.

    The fragment's root ids (those without ``--``: its block and each SVG board; an SVG's own
    elements are ``<root>--<name>``) that the page already uses get the first free instance
    suffix ``_2``, ``_3``..., together with every id and reference under them. Ids never hold
    ``_`` otherwise (:func:`banmen.render.ids.html_id`), so a suffixed id is new on the page.

    Args:
        fragment: HTML of one block (figure, puzzle, sequence).
        used: ids already on the page; updated.
    """
    first = _FIRST_ID.match(fragment)
    roots = [*([first.group(1)] if first else []), *_SVG_ID.findall(fragment)]
    for root in dict.fromkeys(i for i in roots if "--" not in i):
        if root not in used:
            used.add(root)
            continue
        n = 2
        while f"{root}_{n}" in used:
            n += 1
        new = f"{root}_{n}"
        used.add(new)
        for before, after in (('="{}"', '="{}"'), ('="{}--', '="{}--'), ("#{}--", "#{}--"),
                              ('#{}"', '#{}"'), ("#{})", "#{})")):
            fragment = fragment.replace(before.format(root), after.format(new))
    return fragment


@functools.lru_cache(maxsize=1 << 12)
def _glyph_id(data: str, transform: str) -> str:
    """The shared id of a glyph shape: ``bm-glyph-`` and 12 hex digits of the SHA-256 of its
    path data and transform (memoised: a page repeats its characters on every board)."""
    return "bm-glyph-" + hashlib.sha256(f"{data}|{transform}".encode()).hexdigest()[:12]


def share_glyphs(fragment: str, defined: set[str]) -> str:
    """Define each glyph shape once per page and point every board's text at it.

    Every board repeats the outline of each character it writes (coordinates, info lines).
    The outlines are moved out of the boards into one hidden ``<svg class="bm-glyphs">``, the
    first child of the first fragment that needs them, under ids made from a digest of the
    shape (``bm-glyph-<12 hex>``), and the boards' ``<use>`` elements point there. Boards
    kept in ``<template>`` for later frames also point there, so the shared definitions
    stay outside any template.

    Args:
        fragment: HTML of one block, its ids already unique on the page.
        defined: glyph ids already defined on the page; updated.

    Returns:
        The fragment, its block holding first the glyph definitions it is the first to need.
    """
    renamed: dict[str, str] = {}
    new_defs: list[str] = []
    referenced = set(re.findall(r'href="#([^"]+)"', fragment))

    def lift(match: re.Match[str]) -> str:
        old, data, transform = match.group(1), match.group(2) or "", match.group(3) or ""
        if old not in referenced:
            return match.group(0)
        new = _glyph_id(data, transform)
        renamed[old] = new
        if new not in defined:
            defined.add(new)
            attrs = (f' d="{data}"' if data else "") + (
                f' transform="{transform}"' if transform else "")
            new_defs.append(f'<path id="{new}"{attrs}/>')
        return ""

    fragment = _GLYPH_DEF.sub(lift, fragment)
    if not renamed:
        return fragment
    fragment = _EMPTY_DEFS.sub("", fragment)
    fragment = re.sub(r'href="#([^"]+)"',
                      lambda m: f'href="#{renamed.get(m.group(1), m.group(1))}"', fragment)
    if not new_defs:
        return fragment
    shared = ('<svg class="bm-glyphs" width="0" height="0" aria-hidden="true" focusable="false" '
              'style="position:absolute;overflow:hidden" xmlns="http://www.w3.org/2000/svg">'
              f"<defs>{''.join(new_defs)}</defs></svg>")
    inside = fragment.index(">") + 1 if fragment.startswith("<") else 0
    return fragment[:inside] + shared + fragment[inside:]
