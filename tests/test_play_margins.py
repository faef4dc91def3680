"""The play board (この局面から指す) keeps no empty band around the board, in real Chromium.

The board's SVG is the game's empty board drawn without its information lines (the page
writes them as text). Its paper (the figure's background, the SVG's first path) stays light
in the dark palette, so any room the drawing keeps beyond what it draws shows as an empty
light band on the dark page. For each game's 対局する page the test opens the board and
measures, at 1280 and 390 px wide and in both palettes (switched with Material's own toggle),
the gap in CSS px between the SVG's box and the box of everything drawn on it except the
paper (cells, coordinates, pieces). The ウケジャレイヤー board once kept a whole cell above the
board for the static diagrams' side-to-move and hands line: a top gap of 114 px at 1280 px.
"""

from __future__ import annotations

import pytest

from test_play_board import browser, open_board, served  # noqa: F401 (fixtures)

#: the 対局する page of every game with a play board.
GAMES = ["ukejalayer", "medamagaeru", "suicide-checkers", "babuschka", "ludo"]
#: the widest plain margin a board may keep on any side, as a share of the SVG's width
#: (the boards keep 0.25-0.3 cells: 2-6 % of the width; the old ukejalayer top was 20 %).
MOST_MARGIN = 0.07

#: [top, right, bottom, left] gaps (CSS px) between the SVG's box and its drawn content.
GAPS_JS = """(svg) => {
  const box = svg.getBoundingClientRect();
  const paper = svg.querySelector(':scope > path');
  let top = Infinity, right = -Infinity, bottom = -Infinity, left = Infinity;
  for (const node of svg.querySelectorAll('path, use, text, rect, circle, ellipse, polygon, polyline, line')) {
    if (node === paper || node.closest('defs, clipPath, symbol, mask')) continue;
    const r = node.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    top = Math.min(top, r.top); left = Math.min(left, r.left);
    bottom = Math.max(bottom, r.bottom); right = Math.max(right, r.right);
  }
  return {gaps: [top - box.top, box.right - right, box.bottom - bottom, left - box.left],
          width: box.width, scheme: document.body.getAttribute('data-md-color-scheme')};
}"""


def palette(page, scheme: str) -> None:
    """Switch to ``scheme`` (``default`` or ``slate``) with the header's palette toggle."""
    body = page.locator("body")
    if body.get_attribute("data-md-color-scheme") != scheme:
        label = "明るい配色に切り替える" if scheme == "default" else "暗い配色に切り替える"
        page.locator(f'label.md-header__button[title="{label}"]').click()
    assert body.get_attribute("data-md-color-scheme") == scheme


@pytest.fixture()
def page(browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    yield page
    context.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_play_board_keeps_no_empty_band_in_either_palette(page, served, game_id):  # noqa: F811
    block = open_board(page, f"{served}/{game_id}/play/")
    svg = block.locator("svg.bm-play-svg")
    seen = []
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        for scheme in ("default", "slate"):
            palette(page, scheme)
            found = svg.evaluate(GAPS_JS)
            assert found["scheme"] == scheme
            top, right, bottom, left = found["gaps"]
            # the drawing stays inside its SVG, and no side keeps more than a plain margin
            assert min(found["gaps"]) >= -1, (width, scheme, found)
            assert max(found["gaps"]) <= MOST_MARGIN * found["width"], (width, scheme, found)
            seen.append(round(top, 1))
    # the palette changes no size: the same gap in both
    assert seen[0] == seen[1] and seen[2] == seen[3], seen
    assert not page.errors  # type: ignore[attr-defined]
