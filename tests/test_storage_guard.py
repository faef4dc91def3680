"""Material's own settings in storage cannot break a page (issue 33, item 9).

Material keeps the reader's palette in localStorage under ``<site path>.__palette`` and reads
it as JSON before and while the page starts; junk there (text that is no JSON, another
shape) threw uncaught errors from the theme's code on every page, and the palette toggle
stopped working. ``banmen/site/assets/storage-guard.js`` reads it first: junk reads as nothing and
is removed. Each case puts the junk in storage before any script of the page runs, then the
page must raise no error, show the default palette, switch palettes with the toggle and
leave a palette Material wrote itself in storage.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.slow

#: The key Material reads (``__md_scope.pathname + ".__palette"``; the site is served at /).
#: Each value broke the page before the guard: an uncaught error, or a page in the dark
#: palette the reader never picked (an index out of range, which Material clamps).
KEY = "/.__palette"
JUNK = {
    "not-json": "{",
    "number": "5",
    "array": "[]",
    "text-index": '{"index": "x"}',
    "index-out-of-range": '{"index": 7}',
}


@pytest.fixture()
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    yield context
    context.close()


@pytest.mark.parametrize("name", sorted(JUNK))
def test_junk_under_the_palette_key_breaks_no_page(context, site_url, name):
    raw = JUNK[name]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{"
                         f" sessionStorage.setItem('seeded', '1');"
                         f" localStorage.setItem({json.dumps(KEY)}, {json.dumps(raw)}); }}")
    page.goto(f"{site_url}/ukejalayer/rules/")
    page.wait_for_load_state("load")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
    # the junk is gone (repaired: Material writes its own palette on the next toggle)
    stored = page.evaluate(f"localStorage.getItem({json.dumps(KEY)})")
    assert stored is None or json.loads(stored)["index"] in (0, 1), stored
    # the toggle works and Material stores the palette it switched to
    page.locator("label.md-header__button[for='__palette_1']").click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
    stored = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))
    assert stored["index"] == 1 and stored["color"]["scheme"] == "slate"
    # the next page starts in the palette picked
    page.goto(f"{site_url}/medamagaeru/rules/")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    assert errors == [], errors
    page.close()


def test_refused_storage_breaks_no_page(context, site_url):
    """A browser that refuses storage (reading localStorage throws, as with cookies blocked)
    shows the pages in the default palette without an error."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('storage refused', 'SecurityError'); }});""")
    page.goto(f"{site_url}/ukejalayer/rules/")
    page.wait_for_load_state("load")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
    page.locator("label.md-header__button[for='__palette_1']").click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
    assert errors == [], errors
    page.close()
