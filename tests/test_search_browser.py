"""Search as a reader uses it: Japanese words typed without spaces find the page that defines
them first, and only a handful of pages (issue 17, item 2)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from test_browser import browser, page  # noqa: F401 (the shared Chromium fixtures)

pytestmark = pytest.mark.slow

#: A term as a reader types it and the page that must be its first result; each of them
#: is found on at most MAX_PAGES pages, at most MAX_OTHERS of them outside the page's game
#: (other games' pages and the shared ones: the forms of a word find the pages of its game
#: that write it otherwise, such as 成っ for 成り, issue 35 item 4).
TERMS = [
    ("外側", "babuschka/rules/"),
    ("短縮", "ludo/rules/"),
    ("見えている人形", "babuschka/rules/"),
    ("進める向き", "babuschka/rules/"),
    ("千日手", "medamagaeru/rules/"),
    ("打開", "medamagaeru/rules/"),
    ("目玉", "medamagaeru/rules/"),
    ("当てる", "medamagaeru/rules/"),
    ("フリーな駒", "medamagaeru/rules/"),
    ("上がり", "ludo/rules/"),
    ("中継", "ukejalayer/rules/"),
    ("余った駒", "ukejalayer/rules/"),
    ("連続跳び", "suicide-checkers/rules/"),
    ("義務", "suicide-checkers/rules/"),
    ("差し出す", "suicide-checkers/rules/"),
    ("勝ち負けが逆", "suicide-checkers/rules/"),
    ("席", "babuschka/rules/"),
    ("跳ね返る", "ludo/rules/"),
    ("近道", "ludo/rules/"),
]
MAX_PAGES = 8
MAX_OTHERS = 4  # 余った駒: both words are on the ludo pages that say 余った目

#: Words that run through all of a game's pages: the rules page comes first, and no page of
#: another game is found (the home page and the authors' page mention every game).
GAME_WIDE = [
    ("めだまがえる", "medamagaeru"),
    ("ウケジャレイヤー", "ukejalayer"),
    ("バブーシュカ", "babuschka"),
    ("入れ子", "babuschka"),       # its rules, puzzles, lesson and four sample-game pages
    ("人形", "babuschka"),
    ("成り", "medamagaeru"),      # its rules, puzzles, sample game and every lesson of the course
    ("召喚", "ukejalayer"),
    ("飛行棋", "ludo"),
    ("連携", "ukejalayer"),
    ("排除", "ukejalayer"),
    ("手駒", "ukejalayer"),
    ("キング", "suicide-checkers"),
]
SHARED_PAGES = {"", "authoring/"}
#: Another game's page that names a game on purpose: the checkers rules page's reading of
#: 「40手」 points at めだまがえる's opposite reading of 「50手」.
CROSS_REFERENCES = {"めだまがえる": {"suicide-checkers/rules/"}}

#: Texts of controls (buttons, labels, level line) that must not reach the search index.
CONTROLS = ["難しさ：", "はいいいえ", "次の問題へ", "解答を見る", "記録を消す", "最初へ", "はじめの局面"]


def _open_search(page, site_url):
    page.goto(f"{site_url}/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    # Wait for the worker's idle prompt (it has read the index), as in test_browser.py.
    expect(page.locator(".md-search-result__meta")).to_have_text(
        "検索キーワードを入力してください", timeout=30000)
    return page.locator(".md-search__input")


def _type(page, box, term) -> None:
    """Clear the search box, type ``term`` and wait until the results are counted."""
    meta = page.locator(".md-search-result__meta")
    box.fill("")
    box.press("End")
    expect(meta).to_have_text("検索キーワードを入力してください", timeout=30000)
    box.fill(term)
    box.press("End")
    expect(meta).to_have_text(re.compile(r"\d+件見つかりました"), timeout=30000)


def _results(page, site_url, box, term, first):
    """Type ``term``; wait until the first result is on page ``first``; return the pages."""
    _type(page, box, term)
    expect(page.locator(".md-search-result__item > a").first).to_have_attribute(
        "href", re.compile(rf"^{re.escape(site_url)}/{re.escape(first)}"), timeout=30000)
    meta = page.locator(".md-search-result__meta").inner_text()
    count = int(re.match(r"(\d+)件", meta).group(1))
    # Material lists ten pages and adds the rest as the list is scrolled to its end (a slow
    # machine may need another scroll: a few more tries than batches)
    for _ in range(count // 10 + 4):
        pages = []
        hrefs = page.eval_on_selector_all(".md-search-result__item > a",
                                          "links => links.map(a => a.getAttribute('href'))")
        for href in hrefs:
            path = href[len(site_url) + 1:].split("?")[0].split("#")[0]
            if path not in pages:
                pages.append(path)
        if len(pages) >= count:
            break
        page.eval_on_selector(".md-search__scrollwrap", "w => { w.scrollTop = w.scrollHeight; }")
        page.wait_for_timeout(300)
    # Material may leave the last results of a long list unrendered however far it is
    # scrolled (16 counted, 14 listed): the first batch of ten must be there
    assert min(count, 10) <= len(pages) <= count, (term, meta, pages)
    return pages


def test_terms_find_their_defining_page_first_and_few_pages(page, site_url):  # noqa: F811
    box = _open_search(page, site_url)
    for term, where in TERMS:
        pages = _results(page, site_url, box, term, where)
        assert pages[0] == where, (term, pages)
        assert len(pages) <= MAX_PAGES, (term, pages)
        game = where.split("/")[0]
        others = [p for p in pages if not p.startswith(f"{game}/")]
        assert len(others) <= MAX_OTHERS, (term, pages)


def test_game_wide_words_stay_within_their_game(page, site_url):  # noqa: F811
    box = _open_search(page, site_url)
    for term, game in GAME_WIDE:
        pages = _results(page, site_url, box, term, f"{game}/rules/")
        others = [p for p in pages if not p.startswith(f"{game}/") and p not in SHARED_PAGES
                  and p not in CROSS_REFERENCES.get(term, set())]
        assert not others, (term, pages)


def test_query_is_cut_into_index_words(page, site_url):  # noqa: F811
    """The query the worker receives: index words, lone kana dropped, each word required and
    a prefix; Han characters escaped past Material's experimental Chinese segmentation."""
    _open_search(page, site_url)
    cases = {
        "めだまがえる": "+めだまがえる*",
        "駒の動き": "+駒* +動き*",
        "千日手": "+千\\日\\手*",
        "六の目": "+6* +目*",  # a numeral is searched in digits, as the pages write it
        "の": "",
        "c1-c2": "c1-c2",
    }
    for typed, sent in cases.items():
        assert page.evaluate("q => window.banmenSearchQuery(q)", typed) == sent, typed


def test_section_results_name_game_and_page(page, site_url):  # noqa: F811
    box = _open_search(page, site_url)
    box.fill("千日手")
    box.press("End")
    page_title = page.locator(".md-search-result__item a[href*='/medamagaeru/puzzles/'] h1").first
    page_title.wait_for(state="attached", timeout=30000)
    assert page_title.evaluate("h => h.textContent.replace(/\\u200b/g, '')") == "めだまがえる 練習問題"
    section = page.locator(".md-search-result__item a[href*='#p08'] h2").first
    section.wait_for(state="attached", timeout=30000)
    # The index marks word boundaries with zero-width spaces; the reader sees none.
    title = section.evaluate("h => h.textContent.replace(/\\u200b/g, '')")
    assert title.startswith("めだまがえる 練習問題 問題8"), title


def test_index_has_no_controls_and_no_single_kana_words(built_site):
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = re.compile(index["config"]["separator"])
    texts = [(doc["location"], f"{doc['title']} {doc['text']}") for doc in index["docs"]]
    for location, text in texts:
        plain = text.replace("\u200b", "")
        for control in CONTROLS:
            # the authors' page names the buttons in its prose (「記録を消す」を押すと…)
            assert control not in plain or location.startswith("authoring/"), (location, control)
        words = [w for w in separator.split(re.sub(r"<[^>]*>", " ", text)) if w]
        lone = [w for w in words if re.fullmatch(r"[\u3041-\u3096\u30a1-\u30fa\u30fc]", w)]
        assert not lone, (location, lone[:5])
    assert any("\u200b入れ子\u200b" in text for _, text in texts)


#: Search that forgives (issue 35, item 4): a form the page does not write, the page it finds
#: among the first RANKED results, and the word that page writes instead.
VARIANTS = [
    ("引き分け", "suicide-checkers/rules/", "引分け"),       # Sudachi's normalised form
    ("三回連続", "ludo/rules/", "3回連続"),                  # a numeral: its digits
    ("きんぐ", "suicide-checkers/rules/", "キング"),         # readings in hiragana
    ("しょうかん", "ukejalayer/rules/", "召喚"),
    ("はねかえり", "ludo/rules/", "跳ね返る"),
    ("ludo", "ludo/rules/", "ルドー"),                       # the games' synonym tables
    ("checkers", "suicide-checkers/rules/", "スーサイドチェッカー"),
    ("てっぺん", "ukejalayer/rules/", "一番上"),
    ("跳ね返り", "ludo/rules/", "跳ね返る"),                 # a verb's noun finds the verb
    ("跳ね返る", "ludo/lesson/", "跳ね返り"),                # and the other way round
]
RANKED = 3


def _page_text(built_site, page: str) -> str:
    """The text of every search entry of ``page`` (title and text, word boundaries out)."""
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    return " ".join(f"{d['title']} {d['text']}" for d in index["docs"]
                    if d["location"].split("#")[0] == page).replace("\u200b", "")


def _first_pages(page, site_url, box, term, count):
    """Type ``term``; return the first ``count`` pages of the results, in order, once the
    worker has answered this very query."""
    _type(page, box, term)
    hrefs = page.eval_on_selector_all(".md-search-result__item > a",
                                      "links => links.map(a => a.getAttribute('href'))")
    pages: list[str] = []
    for href in hrefs:
        path = href[len(site_url) + 1:].split("?")[0].split("#")[0]
        if path not in pages:
            pages.append(path)
    return pages[:count]


def test_variants_find_the_page_that_writes_the_word_otherwise(page, site_url,  # noqa: F811
                                                                built_site):
    box = _open_search(page, site_url)
    for typed, where, written in VARIANTS:
        text = _page_text(built_site, where)
        # the page writes the word otherwise, not as typed: only the forms can find it
        assert written in text and typed not in text.lower(), (typed, where)
        pages = _first_pages(page, site_url, box, typed, RANKED)
        assert where in pages, (typed, pages)


def test_query_forms_as_the_worker_receives_them(page, site_url):  # noqa: F811
    """Forms the index does not hold are replaced by its words; its own words stay."""
    _open_search(page, site_url)
    cases = {
        "引き分け": "+引\\分け*",
        "三回連続": "+3* +回* +連\\続*",
        "きんぐ": "+キング*",
        "しょうかん": "+召\\喚*",
        "ludo": "+ルドー*",
        "checkers": "+スーサイドチェッカー*",
        "てっぺん": "+一\\番* +上*",
        "跳ね返り": "+跳ね返り*",
        "跳ね返る": "+跳ね返る*",
        "c1-c2": "c1-c2",
    }
    for typed, sent in cases.items():
        assert page.evaluate("q => window.banmenSearchQuery(q)", typed) == sent, typed


def _contrast(pair: dict) -> float:
    """The WCAG contrast ratio of ``{"color", "background"}`` (computed ``rgb(...)`` values,
    both opaque)."""
    def luminance(css: str) -> float:
        values = [float(v) for v in re.findall(r"[\d.]+", css)]
        assert len(values) == 3 or values[3] == 1, css  # an opaque colour
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
                  for c in (v / 255 for v in values[:3])]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(pair["color"]), luminance(pair["background"])),
                         reverse=True)
    return (light + 0.05) / (dark + 0.05)


_MARK_COLOURS = """selector => [...document.querySelectorAll(selector)].slice(0, 3).map(m => {
    const style = getComputedStyle(m);
    return {color: style.color, background: style.backgroundColor};
})"""


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_search_hits_are_marked_at_4_5_to_1(page, site_url, scheme):  # noqa: F811
    # the page's marks (search.highlight: the result link carries the terms in ?h=)
    page.goto(f"{site_url}/ludo/rules/?h=%E8%B7%B3%E3%81%AD%E8%BF%94%E3%82%8B")  # 跳ね返る
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    page.locator(".md-content mark").first.wait_for(state="attached", timeout=30000)
    marks = page.evaluate(_MARK_COLOURS, ".md-content mark")
    assert marks and all(_contrast(m) >= 4.5 for m in marks), marks
    # the marks of the search results
    box = _open_search(page, site_url)
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    box.fill("跳ね返る")
    box.press("End")
    page.locator(".md-search-result mark").first.wait_for(state="attached", timeout=30000)
    marks = page.evaluate(_MARK_COLOURS, ".md-search-result mark")
    assert marks and all(_contrast(m) >= 4.5 for m in marks), marks
