"""Each game's pages read as one course: every page's title (``h1``) names its game, every rules
page points at its game's lesson and play page near the top, the pages' footers lead to the
previous and next page, and the 「早わかり」 box is at body text size."""

from __future__ import annotations

import posixpath
import re

import pytest
import yaml

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


class _Loader(yaml.SafeLoader):
    """mkdocs.yml names a Python object (the slugify function); read it as nothing."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def _flat_nav(entries: list) -> list[tuple[str, str]]:
    """``(title, page path)`` of every page of a ``nav`` list in reading order, the pages of a
    nested section (a course's lessons) in their place."""
    pages: list[tuple[str, str]] = []
    for entry in entries:
        (title, value), = entry.items()
        if isinstance(value, list):
            pages += _flat_nav(value)
        else:
            pages.append((title, value))
    return pages


def _url(page: str) -> str:
    """The site folder of a page path: ``ukejalayer/rules.md`` -> ``ukejalayer/rules/``."""
    return "" if page == "index.md" else page[:-len(".md")] + "/"


def test_the_flat_nav_puts_a_nested_section_in_its_place():
    nav = [{"a": "x/lesson.md"}, {"b": [{"c": [{"d": "x/lesson-2.md"}]}, {"e": "x/rules.md"}]}]
    assert _flat_nav(nav) == [("a", "x/lesson.md"), ("d", "x/lesson-2.md"), ("e", "x/rules.md")]
    assert _url("x/rules.md") == "x/rules/" and _url("index.md") == ""


def test_page_footers_lead_to_the_previous_and_next_page(built_site):
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    pages = _flat_nav(config["nav"])
    assert len(pages) > 40
    for number, (_, page) in enumerate(pages):
        html = (built_site / _url(page) / "index.html").read_text(encoding="utf-8")
        expected = {}
        if number > 0:
            expected["prev"] = (_url(pages[number - 1][1]), pages[number - 1][0])
        if number + 1 < len(pages):
            expected["next"] = (_url(pages[number + 1][1]), pages[number + 1][0])
        found = {side: (posixpath.normpath(posixpath.join(_url(page) or ".", href)) + "/", title)
                 for side, (href, title) in _footer(html).items()}
        found = {side: ("" if href == "./" else href, title) for side, (href, title) in found.items()}
        assert found == expected, page
    # a lesson page of a nested course leads on to the next lesson, the last one to the rules
    nested = 0
    for section in config["nav"]:
        (_, entries), = section.items()
        if not isinstance(entries, list):
            continue
        lessons = next((value for entry in entries for title, value in entry.items()
                        if title == "手ほどき"), None)
        if not isinstance(lessons, list):
            continue
        nested += 1
        (first_title, first), = lessons[0].items()
        (second_title, second), = lessons[1].items()
        (last_title, last), = lessons[-1].items()
        game = first.split("/")[0]
        assert (first, first_title) == (f"{game}/lesson.md", "はじめての対局")
        rules = (built_site / game / "rules" / "index.html").read_text(encoding="utf-8")
        assert _footer(rules)["prev"] == (f"../{last.split('/')[1][:-3]}/", last_title)
        html = (built_site / game / "lesson" / "index.html").read_text(encoding="utf-8")
        assert _footer(html)["next"] == (f"../{second.split('/')[1][:-3]}/", second_title)
    assert nested >= 2  # めだまがえる and バブーシュカ at least


def test_the_quick_start_box_is_at_body_text_size(browser, site_url):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        for game in GAMES:
            page.goto(f"{site_url}/{game}/rules/")
            sizes = page.evaluate("""() => {
                const size = (el) => getComputedStyle(el).fontSize;
                const body = document.querySelector("article.md-content__inner > p");
                const box = document.querySelector(".admonition.abstract > ul > li");  // not the legend under its board
                return [size(body), size(box)];
            }""")
            assert sizes[0] == sizes[1], (game, sizes)
    finally:
        page.close()


def test_the_rules_page_shows_a_board_on_the_first_phone_screen(browser, site_url):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        for game in GAMES:
            page.goto(f"{site_url}/{game}/rules/")
            top, bottom, height = page.evaluate("""() => {
                // the board itself, not the zero-size sheet of glyph shapes before it
                const box = document.querySelector("article svg.banmen-board").getBoundingClientRect();
                return [box.top, box.bottom, window.innerHeight];
            }""")
            assert height == 844
            assert 0 < top < height - 100, (game, top)  # the board's top part is on the screen
            assert bottom - top > 250, (game, top, bottom)  # a real board, not an empty drawing
    finally:
        page.close()
