"""Assertions every board drawing must pass, shared by the renderer tests."""

from __future__ import annotations

import re

from banmen.render.ids import html_id


def ids_of(svg: str) -> list[str]:
    """Every ``id`` attribute in ``svg``, in document order."""
    return re.findall(r'\bid="([^"]+)"', svg)


def assert_self_contained(svg: str, ident: str) -> None:
    """Ids are unique and prefixed with the diagram's id, references point inside the SVG,
    glyphs are paths (no <text>), and no date is written (byte-identical rebuilds)."""
    prefix = html_id(ident)
    ids = ids_of(svg)
    assert ids and len(ids) == len(set(ids))
    assert all(i == prefix or i.startswith(prefix + "--") for i in ids)
    refs = re.findall(r"url\(#([^)]+)\)", svg) + re.findall(r'href="#([^"]+)"', svg)
    assert set(refs) <= set(ids)
    assert "<text" not in svg and "<dc:date>" not in svg
