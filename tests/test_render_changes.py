"""Change marks that do not rely on colour alone (issue 11, item 4).

Red = a piece left, green = a piece arrived (the guidebook's convention) stay; under a
deuteranopia simulation (Machado, Oliveira & Fernandes 2009, severity 1.0, applied in linear
RGB) the two tints are close, so every renderer adds a structural cue: "left" squares have a
dashed outline and a "−" badge, "arrived" squares a solid outline and a "+" badge. The test
checks the structure in the SVG of every game and that the cue's ink stays visible against
the tinted square under the simulation (CIELAB ΔE76 ≥ 20).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from banmen.games.babuschka import drawing as babuschka
from banmen.games.suicide_checkers import drawing as suicide_checkers
from banmen.render import render_svg, style
from banmen.render.svg import html_id

sys.path.insert(0, str(Path(__file__).parent))
from golden_specs import GOLDEN  # noqa: E402

# Machado et al. 2009, deuteranomaly at severity 1.0 (linear RGB).
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968),
                (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))


def rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def over(top: str, alpha: float, bottom: str) -> tuple[float, float, float]:
    """sRGB alpha blending, as browsers composite a translucent fill."""
    return tuple(alpha * t + (1 - alpha) * b for t, b in zip(rgb(top), rgb(bottom)))


def to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(c: float) -> float:
    c = min(max(c, 0.0), 1.0)
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(colour: tuple[float, float, float]) -> tuple[float, float, float]:
    lin = [to_linear(c) for c in colour]
    return tuple(to_srgb(sum(m * c for m, c in zip(row, lin))) for row in DEUTERANOPIA)


def lab(colour: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (to_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def test_reference_colours_of_the_simulation():
    """Sanity of the implementation: pure sRGB red and green become near-identical olive
    tones, and white stays white (the rows of the Machado matrix sum to 1)."""
    assert simulate((1.0, 1.0, 1.0)) == pytest.approx((1.0, 1.0, 1.0), abs=1e-3)
    assert delta_e((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)) == pytest.approx(100.0, abs=0.01)
    assert delta_e(simulate(rgb("#ff0000")), simulate(rgb("#00ff00"))) < 0.5 * delta_e(
        rgb("#ff0000"), rgb("#00ff00"))


@pytest.mark.parametrize("board,alpha", [
    (style.BOARD_LIGHT, style.CHANGE_ALPHA), (style.BOARD_DARK, style.CHANGE_ALPHA),
    (suicide_checkers.BOARD_DARK, suicide_checkers.CHANGE_ALPHA),
    (style.BOARD_LIGHT, babuschka.CHANGE_ALPHA),  # babuschka draws on the shared light squares
])
def test_tints_alone_are_too_close_so_the_cue_ink_must_stand_out(board, alpha):
    left = over(style.REMOVED, alpha, board)
    arrived = over(style.ADDED, alpha, board)
    tints = delta_e(simulate(left), simulate(arrived))
    # The tints alone do not separate under deuteranopia (the issue measured 3.9) ...
    assert tints < 20
    # ... so the outline/badge ink carries the difference and must be visible on its tint.
    assert delta_e(simulate(rgb(style.REMOVED_EDGE)), simulate(left)) >= 20
    assert delta_e(simulate(rgb(style.ADDED_EDGE)), simulate(arrived)) >= 20
    assert delta_e(simulate(rgb(style.REMOVED_EDGE)), simulate(rgb("#ffffff"))) >= 20
    assert delta_e(simulate(rgb(style.ADDED_EDGE)), simulate(rgb("#ffffff"))) >= 20


def _group(svg: str, gid: str) -> str | None:
    match = re.search(rf'<g id="{re.escape(gid)}">(.*?)</g>', svg, re.DOTALL)
    return match.group(1) if match else None


def _specs():
    """One move diagram per game: the goldens plus a capture in medamagaeru and checkers."""
    from banmen.game import get_game
    from banmen.render.board import DiagramSpec

    specs = [make() for make in GOLDEN.values()]
    medama = get_game("medamagaeru")
    before = medama.position_from_yaml({"to_move": "green", "attacker": "green",
                                        "board": {"43": "G3", "42": "W2", "31": "W3"}})
    move = medama.parse_move(before, "3 43x42+")
    specs.append((medama, DiagramSpec("test/cue-medama", medama.play(before, move),
                                      before=before, move=move)))
    checkers = get_game("suicide-checkers")
    before = checkers.position_from_yaml({"fen": "B:W6,15,23,K30:B1,K12"})
    move = checkers.parse_move(before, "1x10x19x26")
    specs.append((checkers, DiagramSpec("test/cue-checkers", checkers.play(before, move),
                                        before=before, move=move)))
    return specs


@pytest.mark.parametrize("game,spec", _specs(), ids=lambda v: getattr(v, "id", ""))
def test_left_and_arrived_differ_in_structure_not_only_in_colour(game, spec):
    svg = render_svg(game, spec)
    prefix = html_id(spec.ident)
    lefts = re.findall(rf'id="{prefix}--left-badge-([^"]+)"', svg)
    arrivals = re.findall(rf'id="{prefix}--arrived-badge-([^"]+)"', svg)
    assert lefts and arrivals
    for square in lefts:
        assert f'id="{prefix}--left-bar-{square}"' in svg
        assert f'id="{prefix}--arrived-stem-{square}"' not in svg   # "−", not "+"
        outline = _group(svg, f"{prefix}--left-outline-{square}") or ""
        if game.id != "ludo":
            assert "stroke-dasharray" in outline and style.REMOVED_EDGE in outline
    for square in arrivals:
        assert f'id="{prefix}--arrived-bar-{square}"' in svg
        assert f'id="{prefix}--arrived-stem-{square}"' in svg        # "+"
        outline = _group(svg, f"{prefix}--arrived-outline-{square}") or ""
        if game.id != "ludo":
            assert "stroke-dasharray" not in outline and style.ADDED_EDGE in outline
