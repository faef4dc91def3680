"""The dark palette and the layout fixes of issue 17 (items 5 and 6), in headless Chromium.

Dark palette: Material's toggle follows the system setting (``prefers-color-scheme``); boards
keep their own light paper. The contrast of every visible text of the page against what is
behind it (backgrounds composited up the tree, translucent inks blended) and of every text
drawn on the first boards of a page against what is drawn under it (the shapes found at the
text's centre, composited over the board's paper) must reach 4.5:1 (3:1 for large text,
WCAG 2 AA), on both palettes.

Layout: on a phone the site name is not cut off; at 1280 px the primary sidebar's title does
not stick over the navigation; a page without headings (the sample games) has no empty
table-of-contents column. Screenshots of the home page, a cut-away バブーシュカ board and a
dark page at 1280 and 390 px go to ``test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from banmen.render.ids import html_id
from conftest import INLINE_PARTS_JS

pytestmark = pytest.mark.slow

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
#: pages whose texts and boards are measured: the home page (a board per game), the rules of
#: バブーシュカ (opened nests) and ルドー (the simulation chart), a puzzle page.
PAGES = ["/", "/babuschka/rules/", "/ludo/rules/", "/medamagaeru/puzzles/"]
BOARDS_PER_PAGE = 6

#: JavaScript helpers: colours as [r, g, b, a], WCAG relative luminance and contrast, source-over
#: compositing.
_COLOUR_JS = r"""
const parse = (c) => {
  const m = /rgba?\(([^)]+)\)/.exec(c || "");
  if (!m) return null;
  const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
};
const lum = (c) => {
  const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
};
const ratio = (a, b) => { const [h, l] = [lum(a), lum(b)].sort((x, y) => y - x); return (h + 0.05) / (l + 0.05); };
const over = (top, bottom, alpha) => {
  const a = top[3] * alpha;
  return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat([1]);
};
const background = (el) => {
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] === 1) break; }
  }
  let colour = [255, 255, 255, 1];
  for (let i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour, 1);
  return colour;
};
"""

#: every element with its own visible text in the page (content, navigation, header, footer):
#: [what, contrast, required].
PAGE_TEXTS_JS = "() => {" + _COLOUR_JS + r"""
  const found = [];
  const all = document.querySelectorAll(".md-header, .md-sidebar, .md-content, .md-footer");
  const seen = new Set();
  for (const root of all) {
    for (const el of root.querySelectorAll("*")) {
      if (seen.has(el) || el.closest("svg, template, [hidden], .md-search")) continue;
      seen.add(el);
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!box.width || !box.height || style.visibility === "hidden" || style.display === "none") continue;
      let shown = 1;
      for (let e = el; e; e = e.parentElement) shown *= parseFloat(getComputedStyle(e).opacity);
      if (!shown) continue;
      const bg = background(el);
      const fg = over(parse(style.color), bg, 1);
      const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
      const large = size >= 24 || (bold && size >= 18.66);
      found.push([el.tagName.toLowerCase() + ": " + el.textContent.trim().slice(0, 24),
                  ratio(fg, bg), large ? 3 : 4.5]);
    }
  }
  return found;
}"""

#: every text (a group of glyph <use>s) of the first boards of the page: [board, text group,
#: contrast against what is drawn at its centre]. Each board is scrolled into view first.
BOARD_TEXTS_JS = "async (limit) => {" + _COLOUR_JS + r"""
  const boards = [...document.querySelectorAll("svg.banmen-board")]
    .filter((svg) => !svg.closest(".bm-playable, template")).slice(0, limit);
  const found = [];
  const shapes = "path, rect, circle, ellipse, polygon";
  for (const svg of boards) {
    svg.scrollIntoView({block: "center"});
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const paper = background(svg);
    for (const group of svg.querySelectorAll("g")) {
      const glyphs = [...group.children].filter((c) => c.tagName === "use");
      if (!glyphs.length) continue;
      const box = group.getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const at = document.elementsFromPoint(x, y)
        .filter((e) => svg.contains(e) && e !== svg && e.matches(shapes) && !group.contains(e));
      // shapes drawn after the text lie over it: a text hidden under a piece is not read
      const above = (e) => group.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (at.some((e) => above(e) && parse(getComputedStyle(e).fill))) continue;
      const stack = at.filter((e) => !above(e));
      let behind = paper;
      for (const shape of stack.reverse()) {
        const style = getComputedStyle(shape);
        const fill = parse(style.fill);
        if (!fill) continue;
        let alpha = parseFloat(style.fillOpacity);
        for (let e = shape; e && e !== svg; e = e.parentElement) alpha *= parseFloat(getComputedStyle(e).opacity);
        behind = over(fill, behind, alpha);
      }
      const style = getComputedStyle(glyphs[0]);
      let alpha = parseFloat(style.fillOpacity);
      for (let e = glyphs[0]; e && e !== svg; e = e.parentElement) alpha *= parseFloat(getComputedStyle(e).opacity);
      const ink = over(parse(style.fill), behind, alpha);
      const where = `${Math.round(x - svg.getBoundingClientRect().left)},${Math.round(y - svg.getBoundingClientRect().top)}`;
      found.push([svg.getAttribute("aria-labelledby").split(" ")[0].replace(/--title$/, ""),
                  `text at ${where} (${style.fill} on rgb(${behind.slice(0, 3).map(Math.round)}))`,
                  ratio(ink, behind)]);
    }
  }
  return found;
}"""


def _open(browser, url: str, width: int, scheme: str):
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return context, page, errors


@pytest.mark.parametrize("scheme,expected", [("dark", "slate"), ("light", "default")])
def test_the_palette_follows_the_system_setting_and_the_toggle_switches_it(browser, site_url,
                                                                           scheme, expected):
    context, page, errors = _open(browser, site_url + "/", 1280, scheme)
    body = page.locator("body")
    assert body.get_attribute("data-md-color-scheme") == expected
    other = "default" if expected == "slate" else "slate"
    label = "明るい配色に切り替える" if expected == "slate" else "暗い配色に切り替える"
    toggle = page.locator(f'label.md-header__button[title="{label}"]')
    assert toggle.count() == 1 and toggle.is_visible()
    toggle.click()
    assert body.get_attribute("data-md-color-scheme") == other
    context.close()
    assert not errors


@pytest.mark.parametrize("scheme", ["dark", "light"])
@pytest.mark.parametrize("path", PAGES)
def test_page_texts_and_board_texts_keep_their_contrast(browser, site_url, path, scheme):
    context, page, errors = _open(browser, site_url + path, 1280, scheme)
    texts = page.evaluate(PAGE_TEXTS_JS)
    assert len(texts) > 20
    low = sorted({(what, round(value, 2)) for what, value, needed in texts if value < needed})
    assert low == []
    page.evaluate(INLINE_PARTS_JS)  # what the boards draw, as elements of the page
    boards = page.evaluate(BOARD_TEXTS_JS, BOARDS_PER_PAGE)
    assert len({board for board, _, _ in boards}) >= min(BOARDS_PER_PAGE, 3)
    poor = sorted({(board, text, round(value, 2)) for board, text, value in boards if value < 4.5})
    assert poor == []
    if scheme == "dark":
        # the boards stand on their own light paper, not on the dark page
        paper = page.evaluate("() => getComputedStyle(document.querySelector("
                              "'svg.banmen-board')).backgroundColor")
        assert paper == "rgb(251, 248, 241)"
    context.close()
    assert not errors


#: every legend item of the page's puzzle blocks: its text's contrast, and the swatch's
#: colour beside the colour the boards draw (a board element with that style, or a square
#: given the page script's mark class).
LEGEND_JS = "() => {" + _COLOUR_JS + r"""
  const out = [];
  const square = document.querySelector('.bm-boards g[id*="--sq-"]');
  const mark = (name) => {
    square.classList.add(name);
    const path = square.querySelector("path");
    const cs = getComputedStyle(path);
    const found = name === "bm-cursor" ? cs.stroke : cs.fill;
    square.classList.remove(name);
    return found;
  };
  for (const li of document.querySelectorAll(".banmen-puzzle ul.bm-legend li")) {
    const sw = li.querySelector(".bm-swatch");
    const cs = getComputedStyle(sw);
    const item = {text: li.textContent, contrast: ratio(over(parse(getComputedStyle(li).color),
                  background(li), 1), background(li)), paper: cs.backgroundColor,
                  image: cs.backgroundImage, border: cs.borderTopColor};
    const name = [...sw.classList].find((c) => c.startsWith("bm-sw-"));
    item.cursor = name === "bm-sw-cursor";
    if (name) item.mark = mark("bm-" + name.slice(6));
    else {
      const hex = /rgba?\((\d+), (\d+), (\d+)/.exec(item.image).slice(1, 4)
        .map((v) => (+v).toString(16).padStart(2, "0")).join("");
      const drawn = document.querySelector(`.bm-boards [style*="fill:#${hex}"], ` +
                                           `.bm-boards [style*="stroke:#${hex}"]`);
      const ds = getComputedStyle(drawn);
      item.board = [hex, ds.opacity];
    }
    out.push(item);
  }
  return out;
}"""


@pytest.mark.parametrize("path", ["/ukejalayer/puzzles/", "/medamagaeru/puzzles/"])
def test_legends_read_in_the_dark_palette_and_match_the_boards(browser, site_url, path):
    """Legend text keeps 4.5:1 on the dark page; each swatch shows the board's colour as the
    board draws it (the same colour and opacity over the board's light paper), and a mark's
    swatch the colour the page script gives the square."""
    context, page, errors = _open(browser, site_url + path, 1280, "dark")
    # show the frames after a move (their changes are in the legend): reveal lazy frames
    page.evaluate("() => document.querySelectorAll('template.bm-lazy').forEach("
                  "(t) => t.replaceWith(t.content))")
    page.evaluate(INLINE_PARTS_JS)
    items = page.evaluate(LEGEND_JS)
    assert len(items) > 8
    assert {round(i["contrast"], 1) >= 4.5 for i in items} == {True}, items
    seen = set()
    for item in items:
        if "mark" in item:
            # the cursor is a frame on the board, and its swatch's border
            assert (item["border"] if item["cursor"] else item["paper"]) == item["mark"], item
            seen.add("mark")
            continue
        hex_colour, opacity = item["board"]
        r, g, b = (int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))
        alpha = float(opacity)
        tint = f"rgba({r}, {g}, {b}, {alpha:g})" if alpha < 1 else f"rgb({r}, {g}, {b})"
        assert item["image"] == f"linear-gradient({tint}, {tint})", item
        assert item["paper"] == "rgb(251, 248, 241)", item  # the boards' own paper
        seen.add("board")
    assert seen == {"mark", "board"}
    context.close()
    assert not errors


def test_the_site_name_is_not_cut_off_on_a_phone(browser, site_url):
    context, page, _ = _open(browser, site_url + "/", 390, "light")
    title = page.locator(".md-header__title .md-header__topic:first-child .md-ellipsis")
    assert title.inner_text() == "banmen ボードゲームのルールと練習問題"
    fits = page.evaluate("(e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight",
                         title.element_handle())
    assert fits
    context.close()


def test_the_sidebar_title_does_not_cover_the_navigation_at_1280(browser, site_url):
    context, page, _ = _open(browser, site_url + "/babuschka/rules/", 1280, "light")
    title = page.locator(".md-sidebar--primary .md-nav--primary > .md-nav__title")
    assert title.evaluate("(e) => getComputedStyle(e).position") == "static"
    # scrolled down, no navigation link lies under the title's box
    page.locator(".md-sidebar--primary .md-sidebar__scrollwrap").evaluate("(e) => e.scrollTop = 120")
    covered = page.evaluate("""() => {
      const t = document.querySelector('.md-sidebar--primary .md-nav--primary > .md-nav__title')
        .getBoundingClientRect();
      return [...document.querySelectorAll('.md-sidebar--primary .md-nav__link')].filter((a) => {
        const r = a.getBoundingClientRect();
        return r.height && r.bottom > t.top && r.top < t.bottom &&
          document.elementFromPoint(r.left + 5, (r.top + r.bottom) / 2) !== a &&
          !a.contains(document.elementFromPoint(r.left + 5, (r.top + r.bottom) / 2));
      }).length;
    }""")
    assert covered == 0
    context.close()


def test_a_page_without_headings_has_no_empty_contents_column(browser, site_url):
    context, page, _ = _open(browser, site_url + "/babuschka/sample-game-2/", 1280, "light")
    assert page.locator(".md-sidebar--secondary").evaluate(
        "(e) => getComputedStyle(e).display") == "none"
    content = page.locator(".md-content").bounding_box()
    assert content["width"] > 900
    rules, page_r, _ = _open(browser, site_url + "/babuschka/rules/", 1280, "light")
    assert page_r.locator(".md-sidebar--secondary").is_visible()
    rules.close()
    context.close()


def test_the_home_page_has_a_start_board_beside_each_game(browser, site_url):
    context, page, _ = _open(browser, site_url + "/", 1280, "light")
    blocks = page.locator(".bm-home-game")
    assert blocks.count() == 5
    for k in range(5):
        board = blocks.nth(k).locator(".bm-home-board svg.banmen-board").bounding_box()
        text = blocks.nth(k).locator(".bm-home-text").bounding_box()
        assert board["x"] + board["width"] <= text["x"]          # beside, on the left
        assert 250 <= board["width"] <= 320
    context.close()
    context, page, _ = _open(browser, site_url + "/", 390, "light")
    board = page.locator(".bm-home-game").first.locator("svg.banmen-board").bounding_box()
    text = page.locator(".bm-home-game").first.locator(".bm-home-text").bounding_box()
    assert board["y"] + board["height"] <= text["y"]              # stacked on a phone
    context.close()


CUTAWAY = f"#{html_id('babuschka/nest-cutaway')}-figure"
SHOTS = [
    ("home", "/", "light", None),
    ("babuschka-cutaway", "/babuschka/rules/", "light", CUTAWAY),
    ("dark-babuschka-rules", "/babuschka/rules/", "dark", CUTAWAY),
    ("dark-home", "/", "dark", None),
]


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name,path,scheme,anchor", SHOTS, ids=[s[0] for s in SHOTS])
def test_screenshots(browser, site_url, width, name, path, scheme, anchor):
    context, page, errors = _open(browser, site_url + path, width, scheme)
    if anchor:
        page.locator(anchor).scroll_into_view_if_needed()
        page.wait_for_timeout(800)        # the header's title change runs for 0.4 s
    ARTIFACTS.mkdir(exist_ok=True)
    target = ARTIFACTS / f"render-{name}-{width}.png"
    page.screenshot(path=str(target))
    assert target.stat().st_size > 10_000
    context.close()
    assert not errors
