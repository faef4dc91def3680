"""What a ルドー diagram's caption says the board shows, the drawn board shows.

Checked where a caption's claim can be read mechanically (``banmen/games/ludo/drawing.py`` draws the
marks named here):

* pieces sent back: a piece sent back is drawn as a faded ghost with a dashed arrow to its yard.
  A caption that counts faded pieces (「薄い2個」), dashed arrows (「2本の点線の矢印」) or pieces
  sent back together (「2個ともまとめて陣地へ戻ります」) must name the number of ghosts drawn,
  and the number of ghosts drawn is the number of pieces the engine sends back;
* counts on a square: the renderer writes a count (``+N``) only on a square holding more than
  four pieces, so a caption promising a number that gives how many pieces stand on a square
  (「右上の数字は駒の数」, 「数字は駒の数」, a badge) needs such a square.

Other games' captions state counts of pieces in prose the renderer has no single mark for, so
they are not part of this check.
"""

from __future__ import annotations

import re

import pytest

from banmen.games.ludo.paths import occupants, sent_back
from banmen.render import render_svg
from conftest import checked_project

_NUMBER = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8,
           "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8}
_N = r"([1-8一二三四五六七八])"
_GHOST_CLAIMS = [re.compile(r"薄い" + _N + "個"), re.compile(_N + r"本の点線の矢印"),
                 re.compile(_N + r"個(?:とも)?まとめて陣地へ戻")]
_COUNT_CLAIM = re.compile(r"(?:右上|左上|右下|左下)?の?(?:数字|バッジ)[はが]?.{0,4}駒の(?:数|個数)")


def caption_problems(caption: str, ghosts: int, crowded: bool) -> list[str]:
    """Return what ``caption`` claims that a board with ``ghosts`` faded pieces sent back, and
    (``crowded``) a square of more than four pieces or not, does not show."""
    problems = []
    for claim in _GHOST_CLAIMS:
        for match in claim.finditer(caption):
            stated = _NUMBER[match.group(1)]
            if stated != ghosts:
                problems.append(f"「{match.group(0)}」 but {ghosts} piece(s) sent back are drawn")
    if "薄い" in caption and not ghosts:
        problems.append("speaks of faded pieces but none is drawn")
    if _COUNT_CLAIM.search(caption) and not crowded:
        problems.append("promises a count of pieces, drawn only on a square of more than 4")
    return problems


def test_the_claims_reader_flags_the_old_wrong_captions():
    assert caption_problems("赤と青が同じマスに並びます（右上の数字は駒の数）。", 0, False) == \
        ["promises a count of pieces, drawn only on a square of more than 4"]
    assert caption_problems("2個まとめて陣地へ戻ります（薄い2個の駒が、戻された青1と青2です）。",
                            1, False) == [
        "「薄い2個」 but 1 piece(s) sent back are drawn",
        "「2個まとめて陣地へ戻」 but 1 piece(s) sent back are drawn"]
    assert caption_problems("2個ともまとめて陣地へ戻ります。2本の点線の矢印で示しています。",
                            2, False) == []
    assert caption_problems("薄い駒が戻された駒です。", 0, False) == \
        ["speaks of faded pieces but none is drawn"]


def _ludo_diagrams():
    content = checked_project()
    return sorted((ident, item) for ident, item in content.diagrams.items()
                  if ident.startswith("ludo/"))


_CIRCLE = r'--{kind}[^"]*"><circle cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)"'


def _circles(svg: str, kind: str) -> list[tuple[float, float, float]]:
    return [tuple(map(float, found)) for found in re.findall(_CIRCLE.format(kind=kind), svg)]


@pytest.mark.parametrize("ident, item", [d for d in _ludo_diagrams() if d[1].spec.move],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_no_change_badge_covers_a_piece_sent_back(ident, item):
    svg = render_svg(item.game, item.spec)
    badges = _circles(svg, "left-badge") + _circles(svg, "arrived-badge")
    for gx, gy, gr in _circles(svg, "ghost-"):
        for bx, by, br in badges:
            assert ((gx - bx) ** 2 + (gy - by) ** 2) ** 0.5 >= gr + br, ident


@pytest.mark.parametrize("ident, item", _ludo_diagrams(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_ludo_caption_claims_only_what_the_board_draws(ident, item):
    spec = item.spec
    svg = render_svg(item.game, spec)
    ghosts = len(re.findall(r'id="[^"]*--ghost-[rybg][1-4]"', svg))
    expected = len(sent_back(spec.before, spec.move)) if spec.move is not None else 0
    assert ghosts == expected, ident
    crowded = any(len(names) > 4 for names in occupants(spec.state).values())
    assert caption_problems(item.caption or "", ghosts, crowded) == [], ident
