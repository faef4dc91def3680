"""Every game's rules page has what a boxed game's rulebook has: a 「早わかり」 box at the top
(goal, setup, a turn, the end, one board), 「よくある質問」 with at least six questions that each
point at the rule section answering them, and 「初心者のコツ」 whose tips each lead to a puzzle
or a sample game that backs them."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.slow

GAMES = ["ukejalayer", "medamagaeru", "suicide-checkers", "babuschka", "ludo"]


def _section(html: str, ident: str) -> str:
    """The HTML of the h2 section with id ``ident`` (up to the next h2)."""
    start = html.index(f'<h2 id="{ident}">')
    end = html.find("<h2", start + 4)
    return html[start:end if end >= 0 else len(html)]


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_opens_with_a_quick_start_box_with_a_board(built_site, game):
    html = (built_site / game / "rules" / "index.html").read_text(encoding="utf-8")
    box_at = html.index('<p class="admonition-title">早わかり</p>')
    first_h2 = html.index("<h2")
    assert box_at < first_h2, "the box stands before the first section"
    box = html[box_at:first_h2]
    for part in ("目的", "準備", "自分の番", "終わり"):
        assert f"<strong>{part}</strong>" in box, part
    inside = box[:box.index("</div>")]  # the box's own text and board, up to its end
    assert len(re.findall(r'<figure class="banmen-diagram"', inside)) == 1


@pytest.mark.parametrize("game", GAMES)
def test_the_faq_has_six_questions_each_pointing_at_a_rule_section(built_site, game):
    html = (built_site / game / "rules" / "index.html").read_text(encoding="utf-8")
    faq = _section(html, "faq")
    questions = re.findall(r'<details class="question">(.*?)</details>', faq, re.S)
    assert len(questions) >= 6
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    for question in questions:
        anchors = re.findall(r'<a href="#([^"]+)"', question)
        assert anchors, question[:80]
        assert set(anchors) <= ids, anchors


@pytest.mark.parametrize("game", GAMES)
def test_each_beginner_tip_is_backed_by_a_puzzle_or_a_sample_game(built_site, game):
    html = (built_site / game / "rules" / "index.html").read_text(encoding="utf-8")
    tips = re.findall(r"<li>(.*?)</li>", _section(html, "tips"), re.S)
    assert len(tips) >= 3
    for tip in tips:
        assert re.search(r'href="\.\./(?:puzzles/#p\d\d-[a-z0-9-]+|sample-game[0-9-]*/)"', tip), \
            tip[:80]
