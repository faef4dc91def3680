"""Placing fragments on a page: ids unique on the page, glyph shapes defined once per page.

Both run on each fragment as it is placed, in page order, with the page's running state
(:class:`banmen.site.build.PageExpansion`), so a page never depends on the order in which
boards were drawn or read from the cache.
"""

from __future__ import annotations

import functools
import hashlib
import re

from banmen.render.groups import group_end

#: the ids that name a whole block or board: the fragment's first element and each <svg>
#: (two patterns: each starts with a literal, so the search skips ahead instead of trying
#: every position of a long fragment).
_FIRST_ID = re.compile(r'<[a-z]+\b[^>]*?\bid="([^"]+)"')
_SVG_ID = re.compile(r'<svg\b[^>]*?\bid="([^"]+)"')
#: a glyph shape matplotlib defines in an SVG's <defs> (``svg.fonttype = "path"``).
_GLYPH_DEF = re.compile(r'<path id="([^"]+--[^"]+)"(?: d="([^"]*)")?(?: transform="([^"]*)")?/>')
_EMPTY_DEFS = re.compile(r"<defs></defs>")


def unique_ids(fragment: str, used: set[str],
               renames: list[tuple[str, str]] | None = None) -> str:
    """Return ``fragment`` with ids that are unique on its page, and record them in ``used``.

    The fragment's root ids (those without ``--``: its block and each SVG board; an SVG's own
    elements are ``<root>--<name>``) that the page already uses get the first free instance
    suffix ``_2``, ``_3``..., together with every id and reference under them. Ids never hold
    ``_`` otherwise (:func:`banmen.render.ids.html_id`), so a suffixed id is new on the page.

    Args:
        fragment: HTML of one block (figure, puzzle, sequence).
        used: ids already on the page; updated.
        renames: when given, each (root, new root) applied is appended to it, in order:
            :func:`rename_ids` applies them again to a board put in later (see
            :mod:`banmen.site.standins`).
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
        if renames is not None:
            renames.append((root, new))
        fragment = rename_ids(fragment, [(root, new)])
    return fragment


def rename_ids(text: str, renames: list[tuple[str, str]]) -> str:
    """Apply :func:`unique_ids`' renames, in order, to ``text``: each root id and every id
    and reference under it (``="root"``, ``="root--``, ``#root--``, ``#root"``, ``#root)``).
    """
    for root, new in renames:
        for before, after in (('="{}"', '="{}"'), ('="{}--', '="{}--'), ("#{}--", "#{}--"),
                              ('#{}"', '#{}"'), ("#{})", "#{})")):
            text = text.replace(before.format(root), after.format(new))
    return text


@functools.lru_cache(maxsize=1 << 12)
def _glyph_id(data: str, transform: str) -> str:
    """The shared id of a glyph shape: ``bm-glyph-`` and 12 hex digits of the SHA-256 of its
    path data and transform (memoised: a page repeats its characters on every board)."""
    return "bm-glyph-" + hashlib.sha256(f"{data}|{transform}".encode()).hexdigest()[:12]


def glyph_place(fragment: str) -> int:
    """Where :func:`share_glyphs` puts a fragment's glyph definitions: just inside its first
    element (before a fragment that is itself a board, so they never nest in it)."""
    if fragment.startswith("<") and not fragment.startswith("<svg"):
        return fragment.index(">") + 1
    return 0


def share_glyphs(fragment: str, defined: set[str]) -> str:
    """Define each glyph shape once per page and point every board's text at it.

    Every board repeats the outline of each character it writes (coordinates, info lines).
    The outlines are moved out of the boards into one hidden ``<svg class="bm-glyphs">``, the
    first child of the first fragment that needs them (see :func:`glyph_place`), under ids
    made from a digest of the shape (``bm-glyph-<12 hex>``), and the boards' ``<use>``
    elements point there. Boards kept in ``<template>`` for later frames also point there,
    so the shared definitions stay outside any template.

    Args:
        fragment: HTML of one block, its ids already unique on the page.
        defined: glyph ids already defined on the page; updated.

    Returns:
        The fragment, its block holding first the glyph definitions it is the first to need.
    """
    fragment, shared = lift_glyphs(fragment, defined)
    if not shared:
        return fragment
    inside = glyph_place(fragment)
    return fragment[:inside] + shared + fragment[inside:]


def lift_glyphs(text: str, defined: set[str], referenced_in: str = "") -> tuple[str, str]:
    """:func:`share_glyphs` without placing the definitions: (``text`` with its glyph
    outlines lifted out and its references pointed at the shared ids, the hidden ``<svg>``
    of the definitions new on the page or ``""`` when there is none).

    Args:
        text: the fragment, or its boards one after another.
        defined: glyph ids already defined on the page; updated.
        referenced_in: more of the fragment (its text around the boards), whose
            ``href="#..."`` references count as uses too (they are not rewritten: only
            boards refer to glyphs).
    """
    renamed: dict[str, str] = {}
    new_defs: list[str] = []
    referenced = set(re.findall(r'href="#([^"]+)"', text))
    if referenced_in:
        referenced.update(re.findall(r'href="#([^"]+)"', referenced_in))

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

    text = _GLYPH_DEF.sub(lift, text)
    if renamed:
        text = _EMPTY_DEFS.sub("", text)
        text = re.sub(r'href="#([^"]+)"',
                      lambda m: f'href="#{renamed.get(m.group(1), m.group(1))}"', text)
    text = lift_parts(text, defined, new_defs)
    if not new_defs:
        return text, ""
    shared = ('<svg class="bm-glyphs" width="0" height="0" aria-hidden="true" focusable="false" '
              'style="position:absolute;overflow:hidden" xmlns="http://www.w3.org/2000/svg" '
              'xmlns:xlink="http://www.w3.org/1999/xlink">'
              f"<defs>{''.join(new_defs)}</defs></svg>")
    return text, shared


#: the start of a board part the page shares (:class:`banmen.render.replay.Run`).
PART_OPEN = '<g class="bm-pt">'
#: an id under a board's root id (``bm-...-1a2b3c4d--sq-a1``; root ids hold no ``--``).
_BOARD_ID = re.compile(r'id="[^"\s]*?--')
#: stands for the part's id in its ids while it is digested (never in markup; not the
#: "\0" that joins boards in :meth:`banmen.site.build.SiteBuild.resolve`).
_OWNER = "\x01"
#: what a shared part's id starts with; ``<part id>--<name>`` for the ids inside it.
PART_PREFIX = "bm-pt-"


def _part_id(content: str) -> str:
    """The shared id of a part: ``bm-pt-`` and 10 hex digits of the SHA-256 of its content
    with the ids inside it made board-free."""
    return PART_PREFIX + hashlib.sha256(content.encode()).hexdigest()[:10]


def lift_parts(text: str, defined: set[str], new_defs: list[str]) -> str:
    """Define each board part once per page and point the boards at it.

    A board's parts (the empty board, a piece on a square, a mark: each ``<g class="bm-pt">``
    of :mod:`banmen.render.replay`) repeat from board to board. Each becomes a ``<g>`` under
    the id ``bm-pt-<10 hex>`` (a digest of what it draws) in the page's hidden definitions,
    the ids inside it ``bm-pt-<hex>--<name>`` (such as the squares, ``--sq-a1``), and every
    board that draws it a ``<use>`` of it. Scripts that need a board's squares put a copy of
    the part back in the board under the board's ids (``materialize`` in
    ``banmen/site/assets/js/frames.js``), and the PDFs each board's copies
    (:mod:`banmen.site.pdf`).

    Args:
        text: boards (their glyph outlines already lifted, so a part is the same on every
            board).
        defined: ids already defined on the page; updated.
        new_defs: receives the definitions new on the page, in page order.

    Returns:
        ``text`` with every part a ``<use>``.
    """
    if PART_OPEN not in text:
        return text
    out: list[str] = []
    at = 0
    while True:
        start = text.find(PART_OPEN, at)
        if start < 0:
            out.append(text[at:])
            return "".join(out)
        end = group_end(text, start)
        if end is None:  # never closed (not markup banmen wrote): left as it is
            out.append(text[at:])
            return "".join(out)
        # the ids inside, board-free: the part is the same on every board that draws it
        inside = text[start + len(PART_OPEN):end - len("</g>")]
        content = _BOARD_ID.sub(f'id="{_OWNER}--', inside)
        ident = _part_id(content)
        if ident not in defined:
            defined.add(ident)
            new_defs.append(f'<g id="{ident}">{content.replace(_OWNER, ident)}</g>')
        out.append(text[at:start])
        out.append(f'<use xlink:href="#{ident}"/>')
        at = end


_PART_DEF = re.compile(r'<g id="(bm-pt-[0-9a-f]{10})">')
_PART_USE = re.compile(r'<use xlink:href="#(bm-pt-[0-9a-f]{10})"/>')
_ROOT_ID = re.compile(r'<svg\b[^>]*?\bid="([^"]+)"')


def page_parts(page: str) -> dict[str, str]:
    """Return part id -> what it draws, for every part :func:`lift_parts` defined in
    ``page`` (its ids under the part's id)."""
    parts: dict[str, str] = {}
    for match in _PART_DEF.finditer(page):
        end = group_end(page, match.start())
        if end is not None:
            parts[match.group(1)] = page[match.end():end - len("</g>")]
    return parts


def inline_parts(board: str, parts: dict[str, str]) -> str:
    """Return ``board`` (one ``<svg>`` of a page) with a copy of each part it uses in place
    of its ``<use>``, the ids inside under the board's id: the board as it was drawn, for
    readers of SVG that do not follow references out of a board (WeasyPrint's PDFs).

    A ``<use>`` of a part not in ``parts`` is left as it is.
    """
    root = _ROOT_ID.match(board)
    board_id = root.group(1) if root else "bm-board"

    def copy(match: re.Match[str]) -> str:
        ident = match.group(1)
        if ident not in parts:
            return match.group(0)
        return "<g>" + parts[ident].replace(f'id="{ident}--', f'id="{board_id}--') + "</g>"

    return _PART_USE.sub(copy, board)
