"""Each game's pages read as one course: every page's title (``h1``) names its game, every rules
page points at its game's lesson and play page near the top, the pages' footers lead to the
previous and next page, and the 「早わかり」 box is at body text size."""

from __future__ import annotations

import re

import pytest

from banmen.game import game_class
from conftest import ROOT

GAMES = ["ukejalayer", "medamagaeru", "suicide-checkers", "babuschka", "ludo"]


def _h1(markdown: str) -> str:
    """The page title: the first ATX heading of level 1 in ``markdown``."""
    found = re.search(r"^# (.+)$", markdown, flags=re.MULTILINE)
    return found.group(1) if found else ""


@pytest.mark.parametrize("game", GAMES)
def test_every_page_title_names_its_game(game):
    name = game_class(game).name_ja
    pages = sorted((ROOT / "docs" / game).glob("*.md"))
    assert len(pages) >= 5
    missing = [f"{p.relative_to(ROOT)}: {_h1(p.read_text(encoding='utf-8'))}" for p in pages
               if name not in _h1(p.read_text(encoding="utf-8"))]
    assert missing == [], f"page titles without {name}"


def test_the_title_checker_reads_the_first_level_one_heading():
    assert _h1("# ルールの設定\n\n## めだまがえる\n") == "ルールの設定"
    assert _h1("本文\n## 見出し\n") == ""


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_links_its_lesson_and_play_page_before_its_first_section(game):
    folder = ROOT / "docs" / game
    # the link targets are this game's lesson and play page
    assert f"{{{{ lesson {game}/" in (folder / "lesson.md").read_text(encoding="utf-8")
    assert f"{{{{ play {game} }}}}" in (folder / "play.md").read_text(encoding="utf-8")
    rules = (folder / "rules.md").read_text(encoding="utf-8")
    top = rules[:rules.index("\n## ")]
    assert re.search(r"\[[^\]]*手ほどき[^\]]*\]\(lesson\.md\)", top), "no link to lesson.md"
    assert re.search(r"\[[^\]]*対局[^\]]*\]\(play\.md\)", top), "no link to play.md"


# --------------------------------------------------------------------------- built pages

def _footer(html: str) -> dict[str, tuple[str, str]]:
    """``{"prev"|"next": (href, title)}`` of a built page's footer navigation."""
    found = {}
    for match in re.finditer(r'<a href="([^"]*)" class="md-footer__link md-footer__link--(prev|next)"'
                             r'.*?<div class="md-ellipsis">\s*(.*?)\s*</div>', html, flags=re.DOTALL):
        found[match.group(2)] = (match.group(1), match.group(3))
    return found


def test_page_footers_lead_to_the_previous_and_next_page(built_site):
    rules = (built_site / "ukejalayer" / "rules" / "index.html").read_text(encoding="utf-8")
    # the last lesson of the nested 手ほどき section comes just before the rules page
    assert _footer(rules) == {"prev": ("../lesson-strategy/", "はじめの作戦"),
                              "next": ("../puzzles/", "練習問題")}
    play = (built_site / "ludo" / "play" / "index.html").read_text(encoding="utf-8")
    assert _footer(play) == {"prev": ("../practice/", "もっと練習"), "next": ("../parameters/", "ルールの設定")}
    for page in sorted(built_site.glob("*/*/index.html")):
        footer = _footer(page.read_text(encoding="utf-8"))
        assert set(footer) & {"prev", "next"}, page.relative_to(built_site)


def test_the_quick_start_box_is_at_body_text_size(browser, site_url):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        for game in GAMES:
            page.goto(f"{site_url}/{game}/rules/")
            sizes = page.evaluate("""() => {
                const size = (el) => getComputedStyle(el).fontSize;
                const body = document.querySelector("article.md-content__inner > p");
                const box = document.querySelector(".admonition.abstract li");
                return [size(body), size(box)];
            }""")
            assert sizes[0] == sizes[1], (game, sizes)
    finally:
        page.close()
