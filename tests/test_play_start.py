"""Starting the play board in real Chromium (issue 34, item 3, and items 4 and 2's menu):
the board of a 対局する page shows within half a second of the press, before the engine is
up; a second play page reached by Material's instant navigation asks the engine that is
already up (Pyodide is not fetched again) and is playable in well under a second; the site's
own scripts, the engine zip and the play files are fetched under the build's version query;
the end of a game is said in the reader's terms, a loss in the colours of refusal; in
「コンピューター同士」 each side plays at its own strength.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from banmen import play
from banmen.site.play_words import SIDES_JA
from site_routes import SITE_ORIGIN, serve_at_site_url
from test_play_board import AXE, served  # noqa: F401 (fixture)

pytestmark = pytest.mark.slow

PLAYABLE = "(b) => (b.querySelector('.bm-play-status') || {}).textContent?.includes('クリックしてください')"


@pytest.fixture()
def page(browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    yield page
    page.close()


def _version(built_site: Path) -> str:
    found = re.search(r'assets/js/main\.js\?v=([0-9a-f]{12})"',
                      (built_site / "index.html").read_text(encoding="utf-8"))
    assert found, "the home page loads main.js without a version query"
    return found.group(1)


def _press_and_time_the_board(block) -> float:
    """Press the block's button; return the milliseconds (measured in the page) until its
    play board shows as many pieces as the setup's view lists (at least one)."""
    pieces = len(json.loads(block.get_attribute("data-play"))[0]["view"]["pieces"])
    assert pieces > 0
    block.evaluate("""(b, n) => {
        b.dataset.pause = '0';
        window.__bmBoardShown = new Promise((resolve) => {
            const start = performance.now();
            const seen = () => b.querySelectorAll('.bm-play-pieces use').length >= n;
            new MutationObserver((_, observer) => {
                if (seen()) { observer.disconnect(); resolve(performance.now() - start); }
            }).observe(b, { childList: true, subtree: true });
        });
    }""", pieces)
    block.locator(".bm-play-start").click()
    return block.page.evaluate("window.__bmBoardShown")


def test_the_board_shows_at_once_and_is_playable_once_the_engine_answers(page, served):
    page.goto(f"{served}/suicide-checkers/play/")
    block = page.locator(".bm-play-page")
    shown = _press_and_time_the_board(block)
    assert shown < 500, f"the board showed {shown:.0f} ms after the press"
    expect(block.locator(".bm-play-status")).to_have_text(
        "コンピューターの準備をしています。準備ができると指せます。")
    expect(block.locator(".bm-play-loading progress")).to_be_visible()
    setup = json.loads(block.get_attribute("data-play"))[0]
    # the start position's pieces, as the engine places them (the view came with the page)
    view = play.answer({"op": "view", "game": "suicide-checkers", "rules": {},
                        "position": setup["position"]})
    assert setup["view"] == view
    shown_pieces = block.evaluate("""(b) => [...b.querySelectorAll('.bm-play-pieces use')]
        .map((u) => [u.dataset.square, u.getAttribute('href').slice(1)])""")
    assert shown_pieces == [[p["square"], p["symbol"]] for p in view["pieces"]]
    page.wait_for_function(PLAYABLE, arg=block.element_handle(), timeout=120_000)
    expect(block.locator(".bm-play-loading")).to_have_count(0)
    expect(block.locator(".bm-play-status")).to_have_text("黒の番です。盤のマスをクリックしてください。")
    assert not page.errors  # type: ignore[attr-defined]


def test_a_second_play_page_reuses_the_engine_and_every_own_file_is_versioned(browser,
                                                                              built_site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    requests: list[str] = []
    serve_at_site_url(page.context, built_site, requests)
    try:
        page.goto(f"{SITE_ORIGIN}/ukejalayer/play/")
        page.evaluate("window.__stayed = 'yes'")  # survives only an instant navigation
        block = page.locator(".bm-play-page")
        block.evaluate("(b) => { b.dataset.pause = '0'; }")
        block.locator(".bm-play-start").click()
        page.wait_for_function(PLAYABLE, arg=block.element_handle(), timeout=120_000)
        # to another game's 対局する page by its link in the navigation: an instant navigation
        page.locator('.md-nav a[href$="suicide-checkers/play/"]').first.click()
        expect(page.locator("h1")).to_contain_text("スーサイドチェッカー")
        assert page.evaluate("window.__stayed") == "yes"
        block = page.locator(".bm-play-page")
        expect(block).to_have_attribute("data-ready", "1")
        block.evaluate("""(b) => {
            b.dataset.pause = '0';
            window.__bmPlayable = new Promise((resolve) => {
                const start = performance.now();
                new MutationObserver((_, observer) => {
                    const s = b.querySelector('.bm-play-status');
                    if (s && s.textContent.includes('クリックしてください')) {
                        observer.disconnect();
                        resolve(performance.now() - start);
                    }
                }).observe(b, { childList: true, subtree: true, characterData: true });
            });
        }""")
        block.locator(".bm-play-start").click()
        ready = page.evaluate("window.__bmPlayable")
        assert ready < 1000, f"the second play page was playable {ready:.0f} ms after the press"
        expect(block.locator(".bm-play-loading")).to_have_count(0)
        # Pyodide and the engine were fetched once, for the first page
        for name in ("pyodide.asm.wasm", "python_stdlib.zip", "banmen-engine.zip",
                     "play/worker.js"):
            assert len([u for u in requests if name in u]) == 1, (name, requests)
        # every file of banmen's own (scripts, styles, engine, words, board parts) carries
        # the build's version
        version = _version(built_site)
        own = [u for u in requests
               if re.search(r"/assets/(js/|banmen\.css|banmen-engine\.zip|play-words\.json|"
                            r"play/|print\.js|search-query\.js|storage-guard\.js)", u)]
        assert any("banmen-engine.zip" in u for u in own)
        assert any("/assets/play/" in u for u in own)
        unversioned = [u for u in own if not u.endswith(f"?v={version}")]
        assert not unversioned, unversioned
        assert not errors, errors
    finally:
        context.close()


#: a setup whose only move loses (the reader, black, takes White's last piece: in suicide
#: checkers the side without pieces wins) and one whose only replies win for the reader
LOSING = {"label": "", "game": "suicide-checkers", "rules": {}, "position": {"fen": "B:W14:B10"},
          "sides": ["black", "white"]}
WINNING = {**LOSING, "position": {"fen": "B:W18:B10"}}


def _click(block, squares) -> None:
    for square in squares:
        block.locator(f'.bm-boards g[id$="--sq-{square}"]').first.click()


@pytest.mark.parametrize("setup, clicks, text, result, colour", [
    (LOSING, ["10", "17"],
     "対局が終わりました。コンピューター（白）の勝ちです。あなたの負けです。自分の駒がすべてなくなりました。",
     "bm-play-lost", "rgb(198, 40, 40)"),
    (WINNING, ["10", "14"],
     "対局が終わりました。あなた（黒）の勝ちです。自分の駒がすべてなくなりました。",
     "bm-play-won", "rgb(46, 125, 50)"),
], ids=["lost", "won"])
def test_the_end_is_said_in_the_readers_terms_a_loss_in_the_colours_of_refusal(
        page, served, setup, clicks, text, result, colour):
    page.goto(f"{served}/suicide-checkers/play/")
    block = page.locator(".bm-play-page")
    block.evaluate("(b, s) => { b.dataset.pause = '0'; b.setAttribute('data-play', s); }",
                   json.dumps([setup]))
    block.locator(".bm-play-start").click()
    page.wait_for_function(PLAYABLE, arg=block.element_handle(), timeout=120_000)
    assert block.locator(".bm-play-side").input_value() == "side:black"
    _click(block, clicks)
    status = block.locator(".bm-play-status")
    expect(status).to_have_text(text, timeout=30_000)
    expect(status).to_have_class(re.compile(rf"\bbm-play-over\b.*\b{result}\b"))
    assert status.evaluate("(s) => getComputedStyle(s).color") == colour
    # the colours of the page's own refusal and success (a puzzle's wrong and right answers)
    refusal = page.evaluate("""(name) => { const p = document.createElement('p');
        p.className = 'bm-feedback ' + name; document.body.appendChild(p);
        const c = getComputedStyle(p).color; p.remove(); return c; }""",
                            "bm-wrong" if result == "bm-play-lost" else "bm-right")
    assert refusal == colour
    assert not page.errors  # type: ignore[attr-defined]


def _no_serious_axe_violation(page, block) -> None:
    """axe-core on the open play panel, in both palettes: no serious or critical violation.
    Transitions are switched off first: a colour measured mid-fade after the palette
    switch (a slow machine) is neither palette's colour."""
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
    for scheme in ("default", "slate"):
        page.evaluate("(s) => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        page.add_script_tag(path=str(AXE))
        violations = block.evaluate("""async (b) => {
            const result = await axe.run(b.querySelector('.bm-play-panel'),
                                         {resultTypes: ["violations"]});
            return result.violations
              .filter(v => v.impact === "serious" || v.impact === "critical")
              .map(v => `${v.id}: ` + v.nodes.slice(0, 3).map(n => n.target.join(" ")))
        }""")
        assert violations == [], (scheme, violations)
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")


def test_watching_the_computers_each_side_plays_at_its_own_strength(page, served):
    # every request the page sends the engine worker is noted; while __bmHold is set they
    # wait (the board stands still for the accessibility audit), __bmRelease() sends them
    page.add_init_script("""(() => {
        const send = Worker.prototype.postMessage;
        window.__bmSent = [];
        window.__bmHold = false;
        const held = [];
        Worker.prototype.postMessage = function (message, ...rest) {
            if (window.__bmHold) { held.push([this, message, rest]); return undefined; }
            if (message && message.request) window.__bmSent.push(message.request);
            return send.call(this, message, ...rest);
        };
        window.__bmRelease = () => {
            window.__bmHold = false;
            held.splice(0).forEach(([worker, message, rest]) => worker.postMessage(message, ...rest));
        };
    })()""")
    page.goto(f"{served}/suicide-checkers/play/")
    block = page.locator(".bm-play-page")
    block.evaluate("(b) => { b.dataset.pause = '0'; }")
    block.locator(".bm-play-start").click()
    page.wait_for_function(PLAYABLE, arg=block.element_handle(), timeout=120_000)
    # one strength menu for the computer while the reader plays a side; none per side
    expect(block.locator(".bm-play-strength")).to_be_visible()
    expect(block.locator(".bm-play-side-strength")).to_have_count(2)
    assert not block.locator(".bm-play-side-strength").first.is_visible()
    block.locator(".bm-play-seed-input").evaluate("(field) => { field.value = '2026'; }")
    page.evaluate("window.__bmHold = true")
    block.locator(".bm-play-side").select_option("watch")
    # 「コンピューター同士」: a menu per side, named by the side; the common one hidden
    expect(block.locator(".bm-play-strength")).to_be_hidden()
    labels = block.locator(".bm-play-strengths label span")
    expect(labels).to_have_text([f"{SIDES_JA['black']}の強さ", f"{SIDES_JA['white']}の強さ"])
    block.locator('.bm-play-side-strength[data-side="black"]').select_option("easy")
    block.locator('.bm-play-side-strength[data-side="white"]').select_option("strong")
    _no_serious_axe_violation(page, block)
    # from here on each reply is asked at the strength of the side to move
    page.evaluate("window.__bmSent.length = 0; window.__bmRelease()")
    count = block.locator(".bm-play-moves li").count()
    page.wait_for_function("([b, n]) => b.querySelectorAll('.bm-play-moves li').length >= n",
                           arg=[block.element_handle(), count + 6], timeout=120_000)
    sent = page.evaluate("window.__bmSent.filter((r) => r.op === 'reply')")
    assert len(sent) >= 5, sent
    game = play.engine("suicide-checkers", {})
    strengths = {"black": "easy", "white": "strong"}
    for request in sent:
        side = game.side_to_move(game.position_from_yaml({"game": "suicide-checkers",
                                                          **request["position"]}))
        assert request["strength"] == strengths[side], (side, request)
    assert {r["strength"] for r in sent} == {"easy", "strong"}
    # back to one side for the reader: the common menu again
    block.locator(".bm-play-side").select_option("side:black")
    expect(block.locator(".bm-play-strength")).to_be_visible()
    expect(block.locator(".bm-play-strengths")).to_be_hidden()
    assert not page.errors  # type: ignore[attr-defined]
