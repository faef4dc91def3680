"""Diagrams legible at phone width (issue 11, item 3).

At 390 px the content column is about 350 CSS px wide; a board whose SVG is W CSS px wide is
shown at min(W, 350) px, so a text of font size F pt (viewBox units) becomes
F · min(W, 350) / viewBox width CSS px. Every text of every renderer must reach 9 CSS px, and
the texts that sit on squares (square numbers, stack counts, coordinates) must have a WCAG
contrast of at least 4.5:1 against what is behind them, tints included.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextPath

from banmen.game import get_game
from banmen.render import ludo, render_svg, style, suicide_checkers, ukejalayer
from banmen.render.board import DiagramSpec
from banmen.render.ids import html_id
from banmen.render.svg import SVG_RC

sys.path.insert(0, str(Path(__file__).parent))
from test_render_changes import _specs, over, rgb, to_linear  # noqa: E402

COLUMN = 350.0    # CSS px of the content column on a 390 px wide phone
MIN_PX = 9.0

# Size letters on the dolls of an opened nest (babuschka's cut-away view): the doll's height
# already tells its size; the letter repeats it and is as large as the small doll allows.
EXEMPT = {"babuschka": {"S", "M", "L"}}


def _ratio(svg: str) -> float:
    """CSS px per viewBox unit at 390 px."""
    width = float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))
    view = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    return min(width, COLUMN) / view


def text_sizes(game, spec) -> list[tuple[str, float]]:
    """(text, CSS px at 390 px) of every text the renderer draws, read from the figure's text
    artists (the compact SVG keeps glyph outlines only): a text of F pt is F viewBox units
    tall, and the viewBox is the figure's width in points."""
    from matplotlib.text import Text

    from banmen.render import _renderer

    figure = _renderer(game).draw(game, spec)
    view = figure.get_figwidth() * 72
    ratio = min(view * 4 / 3, COLUMN) / view
    return [(t.get_text(), t.get_fontsize() * ratio) for t in figure.findobj(Text)
            if t.get_visible() and t.get_text().strip()]


def _ink_height_per_pt(text: str) -> float:
    """Height of ``text``'s ink per point of font size in the board font (IPAexGothic)."""
    path = TextPath((0, 0), text, size=100, prop=FontProperties(family=SVG_RC["font.family"]))
    return path.get_extents().height / 100


def number_sizes(game, spec) -> dict[str, float]:
    """number -> font size in CSS px at 390 px of the square numbers (texts with the gid
    ``number-<n>``), read from the figure like :func:`text_sizes`."""
    from matplotlib.text import Text

    from banmen.render import _renderer

    figure = _renderer(game).draw(game, spec)
    view = figure.get_figwidth() * 72
    ratio = min(view * 4 / 3, COLUMN) / view
    return {t.get_gid().removeprefix("number-"): t.get_fontsize() * ratio
            for t in figure.findobj(Text) if (t.get_gid() or "").startswith("number-")}


def _legibility_specs():
    specs = _specs()
    uke6 = get_game("ukejalayer", {"size": 6})
    state = uke6.position_from_yaml({"game": "ukejalayer", "to_move": "black",
                                     "hands": {"white": 5, "black": 6},
                                     "board": {"a1": "WBW", "f6": "BWBW"}})
    specs.append((uke6, DiagramSpec("test/legible-uke6", state)))
    lud = get_game("ludo")
    state = lud.position_from_yaml({"preset": "aeroplane", "colours": ["red", "blue"],
                                    "to_move": "red", "pieces": {"red": [0, 9, 9, 9],
                                                                 "blue": ["yard"] * 4}})
    specs.append((lud, DiagramSpec("test/legible-ludo-numbers", state,
                                   options={"numbers": "red"})))
    return specs


SPECS = _legibility_specs()


@pytest.mark.parametrize("game,spec", SPECS, ids=[s.ident for _, s in SPECS])
def test_every_text_is_at_least_9_css_px_at_390(game, spec):
    sizes = text_sizes(game, spec)
    assert sizes, "no text measured"
    small = {text: round(px, 1) for text, px in sizes
             if px < MIN_PX and text not in EXEMPT.get(game.id, set())}
    assert small == {}


@pytest.mark.parametrize("game,spec", [s for s in SPECS if s[0].id in ("suicide-checkers", "ludo")
                                       and s[1].ident != "golden/ludo-turn"],
                         ids=lambda v: getattr(v, "ident", ""))
def test_square_numbers_are_at_least_9_css_px_at_390(game, spec):
    sizes = number_sizes(game, spec)
    expected = {"suicide-checkers": {str(n) for n in range(1, 33)},
                "ludo": {str(d) for d in range(0, 56)}}[game.id]
    assert set(sizes) == expected
    assert min(sizes.values()) >= MIN_PX


def test_size_measure_matches_a_known_text():
    """The checkers numbers are 9 pt on a 454 px board: 9 · 350/454 · 4/3 = 9.25 CSS px."""
    game = get_game("suicide-checkers")
    spec = DiagramSpec("test/legible-known", game.initial_state())
    svg = render_svg(game, spec)
    assert re.search(r'<svg[^>]* width="454"', svg)
    sizes = number_sizes(game, spec)
    assert sizes["32"] == pytest.approx(9 * 350 / 454 * 4 / 3, rel=0.03)


def luminance(colour: tuple[float, float, float]) -> float:
    r, g, b = (to_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _backgrounds(square: str, alphas: dict[str, float]) -> list[tuple[float, float, float]]:
    """A square colour alone and under each tint the diagrams put on it."""
    tints = [(style.REMOVED, alphas["change"]), (style.ADDED, alphas["change"]),
             (style.HIGHLIGHT, style.HIGHLIGHT_ALPHA)]
    return [rgb(square)] + [over(colour, alpha, square) for colour, alpha in tints]


CONTRAST_CASES = [
    # checkers square numbers: ink on the dark squares, tinted or not
    ("checkers numbers", suicide_checkers.NUMBER_INK,
     _backgrounds(suicide_checkers.BOARD_DARK, {"change": suicide_checkers.CHANGE_ALPHA})),
    # ukejalayer stack counts on the plain squares
    ("ukejalayer stack count", style.TEXT,
     _backgrounds(style.BOARD_LIGHT, {"change": style.CHANGE_ALPHA})),
    # coordinates (a..f, 1..8, ０..７/一..七) in the white margin
    ("coordinates", style.COORD, [rgb("#ffffff")]),
    # ludo progress numbers: ink on their light halo
    ("ludo numbers", style.TEXT, [rgb(ludo.YARD_BOX)]),
    # ludo take-off squares' 出 on the yard box colour
    *[(f"ludo 出 {c}", ludo.PIECE_EDGE[c], [rgb(ludo.YARD_BOX)]) for c in ludo.COLOURS],
]


@pytest.mark.parametrize("name,ink,backgrounds", CONTRAST_CASES, ids=[c[0] for c in CONTRAST_CASES])
def test_text_on_squares_has_contrast_4_5(name, ink, backgrounds):
    worst = min(contrast(rgb(ink), background) for background in backgrounds)
    assert worst >= 4.5, f"{name}: {worst:.2f}"


def test_the_svg_uses_the_checked_inks():
    """The inks checked above are the ones drawn: checkers numbers (default black
    fill) as glyphs shared on the page, ukejalayer counts in style.TEXT."""
    checkers = get_game("suicide-checkers")
    spec = DiagramSpec("test/legible-ink", checkers.initial_state())
    svg = render_svg(checkers, spec)
    group = re.search(rf'<g id="{html_id(spec.ident)}--number-5"[^>]*>', svg)
    assert suicide_checkers.NUMBER_INK == "#000000"
    assert group and "<use" in svg[group.end():svg.index("</g>", group.end())]
    uke = get_game("ukejalayer")
    state = uke.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                                    "hands": {"white": 6, "black": 7}, "board": {"b2": "WBW"}})
    from matplotlib.colors import to_hex
    from matplotlib.text import Text

    figure = ukejalayer.draw(uke, DiagramSpec("test/legible-count", state))
    counts = [t for t in figure.findobj(Text) if t.get_text() == "3"]
    # the stack count of b2 (the other "3" is the rank coordinate, in style.COORD)
    assert any(to_hex(t.get_color()) == style.TEXT for t in counts)
    assert ukejalayer.COUNT_PT == 9
