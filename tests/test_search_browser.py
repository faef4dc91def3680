"""Search as a reader uses it: Japanese words typed without spaces find their game's section."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from test_browser import browser, page  # noqa: F401 (the shared Chromium fixtures)

pytestmark = pytest.mark.slow

#: A word or heading as a reader types it, and the page its first result must be on.
TERMS = [
    ("めだまがえる", "medamagaeru/"),
    ("バブーシュカ", "babuschka/"),
    ("駒の動き", "suicide-checkers/rules/"),
    ("連続跳び", "suicide-checkers/rules/"),
    ("マスの名前", "ukejalayer/rules/"),
    ("仕掛け方", "medamagaeru/"),
    ("千日手", "medamagaeru/rules/"),
    ("解禁", "ukejalayer/rules/"),
    ("飛行棋", "ludo/rules/"),
    ("入れ子", "babuschka/rules/"),
]


def test_japanese_terms_typed_without_spaces_find_their_section(page, site_url):  # noqa: F811
    page.goto(f"{site_url}/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    # Wait for the worker's idle prompt (it has read the index), as in test_browser.py.
    expect(page.locator(".md-search-result__meta")).to_have_text(
        "検索キーワードを入力してください", timeout=30000)
    box = page.locator(".md-search__input")
    first = page.locator(".md-search-result__item a").first
    for term, where in TERMS:
        box.fill(term)
        box.press("End")
        expect(first).to_have_attribute(
            "href", re.compile(rf"^{re.escape(site_url)}/{re.escape(where)}"), timeout=30000)
