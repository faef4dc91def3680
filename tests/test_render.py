"""SVG output: byte-identical for identical input, ids prefixed and self-contained,
every square clickable by a stable id, glyphs as paths."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banmen.render import render_svg
from banmen.render.ids import html_id
from golden_specs import GOLDEN
from svg_checks import assert_self_contained

GOLDEN_DIR = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_svg_equals_the_golden_file(name):
    game, spec = GOLDEN[name]()
    expected = (GOLDEN_DIR / name).read_text(encoding="utf-8")
    assert render_svg(game, spec) == expected, "drawing changed: python tools/update_golden.py"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_rendering_twice_gives_the_same_bytes(name):
    game, spec = GOLDEN[name]()
    assert render_svg(game, spec) == render_svg(game, spec)


def test_ids_are_prefixed_and_references_stay_inside():
    game, spec = GOLDEN["ukejalayer-chain.svg"]()
    svg = render_svg(game, spec)
    assert_self_contained(svg, spec.ident)
    assert re.findall(r'href="#([^"]+)"', svg)  # glyph uses exist and were rewritten


def test_svg_carries_no_page_wide_style_and_no_noise():
    """The inline SVG has no <style> (it would restyle the whole page), no metadata, no
    comments, no clip path covering the whole figure, and path data with one decimal."""
    game, spec = GOLDEN["ukejalayer-chain.svg"]()
    svg = render_svg(game, spec)
    assert "<style" not in svg and "<metadata" not in svg and "<!--" not in svg
    assert svg.startswith('<svg stroke-linejoin="round" stroke-linecap="butt" ')
    assert "clip-path" not in svg and "\n" not in svg
    numbers = re.findall(r"\d+\.(\d+)", " ".join(re.findall(r' d="([^"]*)"', svg)))
    assert numbers and max(len(n) for n in numbers) == 1
    assert 'd="M26.8 223.2L71.4 223.2L71.4 178.6L26.8 178.6z"' in svg  # square a1
    assert not re.search(r'id="[^"]*--(patch|text|figure|axes)_\d+"', svg)


def test_every_square_has_a_stable_id():
    game, spec = GOLDEN["ukejalayer-chain.svg"]()
    svg = render_svg(game, spec)
    squares = re.findall(rf'id="{html_id(spec.ident)}--sq-([a-d][1-4])"', svg)
    assert sorted(squares) == sorted(f"{f}{r}" for f in "abcd" for r in "1234")


def test_no_date_and_text_drawn_as_paths():
    game, spec = GOLDEN["ukejalayer-chain.svg"]()
    svg = render_svg(game, spec)
    assert "<dc:date>" not in svg
    assert "<text" not in svg  # glyphs are paths: the board looks the same without fonts
    assert svg.startswith("<svg")
