"""Progress storage trusts nothing it reads (issue 15, item 10): whatever another site on the
same origin left under the progress key, the page raises no error, shows empty progress,
still answers a wrong move, and replaces the foreign value with valid progress."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from banmen.render.ids import html_id
from test_browser import _page_of, _puzzles_of, browser, content, page  # noqa: F401

pytestmark = pytest.mark.slow

KEY = "banmen-progress"
GAME = "medamagaeru"

#: Raw texts under the key: JSON of another type, malformed entries, text that is no JSON.
FOREIGN = {
    "number": "5",
    "string": '"x"',
    "true": "true",
    "array": "[]",
    "null": "null",
    "not-json": "{",
    "entry-is-number": '{"medamagaeru/p01": 5}',
    "entry-fields-wrong": '{"IDENT": {"solved": "yes", "tried": -1}}',
    "entry-tried-text": '{"IDENT": {"solved": true, "tried": "3"}}',
    "proto-key": '{"__proto__": {"solved": true, "tried": 1}, "IDENT": []}',
}


@pytest.mark.parametrize("name", sorted(FOREIGN))
def test_a_foreign_value_is_ignored_and_replaced(page, site_url, built_site, content, name):
    number = _puzzles_of(content, GAME, "number")[0]
    move = _puzzles_of(content, GAME, "move")[0]
    raw = FOREIGN[name].replace("IDENT", number.ident)
    puzzles = [p for p in content.puzzles.values() if p.game.id == GAME]
    number_id, move_id = f"{html_id(number.ident)}-puzzle", f"{html_id(move.ident)}-puzzle"
    assert _page_of(built_site, number_id) == _page_of(built_site, move_id)
    # the foreign value is in storage before any script of the page runs
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{"
                         f" sessionStorage.setItem('seeded', '1');"
                         f" localStorage.setItem({json.dumps(KEY)}, {json.dumps(raw)}); }}")
    page.goto(site_url + _page_of(built_site, number_id))
    assert page.evaluate(f"localStorage.getItem({json.dumps(KEY)})") == raw
    expect(page.locator(".bm-progress").first).to_contain_text(f"0 / {len(puzzles)} 解いた")
    expect(page.locator(f"#{number_id} .bm-status")).to_have_text("")
    # a wrong legal move still gets its feedback (it threw a TypeError before)
    block = page.locator(f"#{move_id}")
    block.scroll_into_view_if_needed()
    wrong = next(iter(move.answer["root"]["wrong"]))
    block.locator(".bm-input").fill(wrong)
    block.locator(".bm-check").click()
    expect(block.locator(".bm-feedback")).to_contain_text(wrong)
    assert "bm-wrong" in block.locator(".bm-feedback").get_attribute("class")
    expect(block.locator(".bm-status")).to_have_text("挑戦中")
    # the stored value is now valid progress, holding only what this page recorded
    stored = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))
    assert stored == {move.ident: {"solved": False, "tried": 1}}
    # and solving works and survives a reload
    page.locator(f"#{number_id} .bm-input").fill(str(number.answer["answer"]))
    page.locator(f"#{number_id} .bm-check").click()
    expect(page.locator(f"#{number_id} .bm-status")).to_have_text("解いた")
    page.reload()
    expect(page.locator(f"#{number_id} .bm-status")).to_have_text("解いた")
    expect(page.locator(".bm-progress").first).to_contain_text(f"1 / {len(puzzles)} 解いた")
    assert page.evaluate("Object.prototype.solved") is None
