"""The pages as a reader uses them, in headless Chromium (Debian's package, via Playwright):
puzzles give right/wrong feedback, hints and explanations open on demand, clickable squares,
move puzzles replay their solution, sequences step, and search finds Japanese words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from banmen.render.ids import html_id
from conftest import CHROMIUM, LAUNCH_ARGS, ROOT, browser, checked_project  # noqa: F401 (re-exported)

pytestmark = pytest.mark.slow

GAMES = ["ukejalayer", "medamagaeru", "suicide-checkers", "babuschka", "ludo"]
#: games with move puzzles (ludo has none: the dice decide, so no move forces a win).
MOVE_PUZZLE_GAMES = ["ukejalayer", "medamagaeru", "suicide-checkers", "babuschka"]


@pytest.fixture
def page(browser):
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    page.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture(scope="module")
def content():
    return checked_project()


def _puzzles_of(content, game, kind):
    return [p for p in content.puzzles.values() if p.game.id == game and p.answer["kind"] == kind]


def _page_of(built_site, element_id):
    """The URL path of the built page that holds the element with ``element_id``."""
    for path in sorted(built_site.rglob("index.html")):
        if f'id="{element_id}"' in path.read_text(encoding="utf-8"):
            return "/" + path.parent.relative_to(built_site).as_posix() + "/"
    raise AssertionError(f"no page holds #{element_id}")


def _open_puzzle(page, site_url, built_site, puzzle):
    element_id = f"{html_id(puzzle.ident)}-puzzle"
    page.goto(site_url + _page_of(built_site, element_id))
    block = page.locator(f"#{element_id}")
    block.scroll_into_view_if_needed()
    return block


def _feedback(block):
    return block.locator(".bm-feedback")


@pytest.mark.parametrize("game", GAMES)
def test_number_puzzles_say_wrong_then_right(page, site_url, built_site, content, game):
    puzzles = _puzzles_of(content, game, "number")
    assert puzzles
    for puzzle in puzzles:
        block = _open_puzzle(page, site_url, built_site, puzzle)
        right = puzzle.answer["answer"]
        block.locator(".bm-input").fill(str(right + 1))
        block.locator(".bm-check").click()
        assert "bm-wrong" in _feedback(block).get_attribute("class")
        block.locator(".bm-input").fill(str(right))
        block.locator(".bm-input").press("Enter")
        assert "bm-right" in _feedback(block).get_attribute("class")
        assert "正解" in _feedback(block).inner_text()


@pytest.mark.parametrize("game", GAMES)
def test_boolean_and_choice_puzzles(page, site_url, built_site, content, game):
    puzzles = _puzzles_of(content, game, "boolean") + _puzzles_of(content, game, "choice")
    assert puzzles
    for puzzle in puzzles:
        block = _open_puzzle(page, site_url, built_site, puzzle)
        answer = puzzle.answer["answer"]
        if puzzle.answer["kind"] == "boolean":
            right, wrong = ("true", "false") if answer else ("false", "true")
        else:
            right = str(answer)
            wrong = str((answer + 1) % len(puzzle.answer["options"]))
        block.locator(f'.bm-choice[data-value="{wrong}"]').click()
        assert "bm-wrong" in _feedback(block).get_attribute("class")
        block.locator(f'.bm-choice[data-value="{right}"]').click()
        assert "bm-right" in _feedback(block).get_attribute("class")


@pytest.mark.parametrize("game", GAMES)
def test_squares_puzzles_are_answered_by_clicking(page, site_url, built_site, content, game):
    puzzles = _puzzles_of(content, game, "squares")
    assert puzzles
    for puzzle in puzzles:
        block = _open_puzzle(page, site_url, built_site, puzzle)
        prefix = html_id(puzzle.ident)
        for square in puzzle.answer["answer"]:
            block.locator(f'[id="{prefix}--sq-{square}"]').click()
        block.locator(".bm-check").click()
        assert "bm-right" in _feedback(block).get_attribute("class"), _feedback(block).inner_text()
        block.locator(".bm-reset").click()
        assert block.locator("g.bm-selected").count() == 0


@pytest.mark.parametrize("game", MOVE_PUZZLE_GAMES)
def test_move_puzzles_replay_their_solution(page, site_url, built_site, content, game):
    puzzles = _puzzles_of(content, game, "move")
    assert puzzles
    for puzzle in puzzles:
        block = _open_puzzle(page, site_url, built_site, puzzle)
        block.locator(".bm-input").fill("zz9")
        block.locator(".bm-check").click()
        assert "読めません" in _feedback(block).inner_text()
        frames = block.locator(".bm-boards .bm-frame")
        node = puzzle.answer["root"]
        for step in puzzle.steps:  # the author's line, typed
            assert node["main"] == step.move
            block.locator(".bm-input").fill(step.move)
            block.locator(".bm-check").click()
            assert "bm-right" in _feedback(block).get_attribute("class")
            edge = node["right"][step.move]
            if step.reply is not None:  # the reply is shown after a pause: wait for it
                expect(frames.nth(edge["replyFrame"])).to_be_visible(timeout=10000)
                expect(_feedback(block)).to_contain_text(step.reply)
            node = edge["next"]
        expect(_feedback(block)).to_contain_text("勝ち")
        assert block.locator(".bm-input").is_disabled()


def test_hints_open_one_by_one_and_explanations_on_demand(page, site_url, built_site, content):
    puzzle = next(p for p in content.puzzles.values() if len(p.model.hints) >= 2)
    block = _open_puzzle(page, site_url, built_site, puzzle)
    hints = block.locator(".bm-hint")
    assert hints.nth(0).is_hidden() and hints.nth(1).is_hidden()
    block.locator(".bm-hint-button").click()
    assert hints.nth(0).is_visible() and hints.nth(1).is_hidden()
    explanation = block.locator(".bm-explanation")
    assert explanation.get_attribute("open") is None
    explanation.locator("summary").click()
    assert explanation.get_attribute("open") is not None


@pytest.mark.parametrize("game", GAMES)
def test_sequences_step_forward_and_back(page, site_url, built_site, content, game):
    sequence = next(s for s in content.sequences.values() if s.game.id == game)
    element_id = f"{html_id(sequence.ident)}-sequence"
    page.goto(site_url + _page_of(built_site, element_id))
    block = page.locator(f"#{element_id}")
    last = len(sequence.frames) - 1
    counter = block.locator(".bm-counter")
    assert counter.inner_text() == f"0 / {last}"
    assert block.locator(".bm-prev").is_disabled()
    block.locator(".bm-next").click()
    assert counter.inner_text() == f"1 / {last}"
    frames = block.locator(".bm-frame")
    assert frames.nth(1).is_visible() and frames.nth(0).is_hidden()
    assert sequence.frames[1].move in frames.nth(1).inner_text()
    block.locator(".bm-last").click()
    assert counter.inner_text() == f"{last} / {last}"
    assert block.locator(".bm-next").is_disabled()
    block.locator(".bm-prev").click()
    assert counter.inner_text() == f"{last - 1} / {last}"


def test_search_finds_a_japanese_rule_term(page, site_url):
    page.goto(f"{site_url}/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    # Material reads the box on its worker's "ready" message, on keyup and on focus. Wait for
    # the state that proves the worker answered (the idle prompt replaces 「検索を初期化」),
    # then fill the box and send a real key (kanji are inserted without key events), so the
    # query is read whatever the timing.
    meta = page.locator(".md-search-result__meta")
    expect(meta).to_have_text("検索キーワードを入力してください", timeout=30000)
    box = page.locator(".md-search__input")
    box.fill("連携")
    box.press("End")
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible(timeout=30000)
    assert "ukejalayer" in results.first.locator("a").first.get_attribute("href")
