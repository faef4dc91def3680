"""Playing on the board, as a reader does, in headless Chromium: move puzzles solved by clicks
only, wrong moves refuted and taken back, squares puzzles by keyboard, the solution played
out, sequences as game records, progress kept across reloads, instant navigation.

Screenshots of each kind of page go to ``test-artifacts/`` (git-ignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from banmen.content.steps import MOVE_TEXT_TABLE
from banmen.render.svg import html_id
from banmen.site.reasons import reason_ja
from conftest import ROOT
from site_routes import SITE_ORIGIN, serve_at_site_url
from test_browser import (  # noqa: F401
    GAMES,
    MOVE_PUZZLE_GAMES,
    _open_puzzle,
    _page_of,
    _puzzles_of,
    browser,
    content,
    page,
)

pytestmark = pytest.mark.slow

ARTIFACTS = ROOT / "test-artifacts"


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


def _click_token(block, answer, token):
    """Click one token of a move's click path: a square of the shown board, or a choice."""
    if token.startswith("#"):
        block.locator(".bm-choices button", has_text=answer["labels"][token]).click()
    else:
        block.locator(f'.bm-frame:not([hidden]) g[id$="--sq-{token}"]').click()


def _clicks(node, text):
    return next(clicks for move, clicks in node["moves"] if move == text)


def _feedback(block):
    return block.locator(".bm-feedback")


def _first_move_puzzle(content, game):
    return _puzzles_of(content, game, "move")[0]


@pytest.mark.parametrize("game", MOVE_PUZZLE_GAMES)
def test_move_puzzle_is_solved_by_clicking_only(page, site_url, built_site, content, game):
    puzzle = _first_move_puzzle(content, game)
    answer = puzzle.answer
    block = _open_puzzle(page, site_url, built_site, puzzle)
    node = answer["root"]
    while node is not None:
        text = node["main"]
        clicks = _clicks(node, text)
        _click_token(block, answer, clicks[0])
        if len(clicks) > 1 and not clicks[1].startswith("#"):
            # the first click marks where the piece may go
            expect(block.locator(f'.bm-frame:not([hidden]) g.bm-target[id$="--sq-{clicks[1]}"]'
                                 )).to_have_count(1)
            expect(block.locator(".bm-frame:not([hidden]) g.bm-origin")).to_have_count(1)
        for token in clicks[1:]:
            _click_token(block, answer, token)
        expect(_feedback(block)).to_contain_text(f"正解です！{text}")
        edge = node["right"][text]
        if edge["reply"] is not None:
            expect(_feedback(block)).to_contain_text(edge["reply"])
        node = edge["next"]
    expect(_feedback(block)).to_contain_text("勝ち")
    expect(block).to_have_class("banmen-puzzle bm-solved")
    _shot(page, f"move-puzzle-solved-{game}")
    # once solved, more clicks leave the verdict alone
    block.locator('.bm-frame:not([hidden]) g[id*="--sq-"]').first.click()
    expect(_feedback(block)).to_contain_text("勝ち")
    assert "bm-right" in _feedback(block).get_attribute("class")


@pytest.mark.parametrize("game", MOVE_PUZZLE_GAMES)
def test_wrong_move_shows_the_refutation_then_takes_it_back(page, site_url, built_site,
                                                          content, game):
    puzzle = _first_move_puzzle(content, game)
    answer = puzzle.answer
    root = answer["root"]
    text, wrong = next((t, w) for t, w in root["wrong"].items() if w["reply"])
    block = _open_puzzle(page, site_url, built_site, puzzle)
    for token in _clicks(root, text):
        _click_token(block, answer, token)
    expect(_feedback(block)).to_contain_text(f"{text}では勝てません。")
    expect(_feedback(block)).to_contain_text(wrong["reply"])
    frames = block.locator(".bm-boards .bm-frame")
    if wrong["frame"] is not None:  # drawn: the move, the reply, then back to the start
        expect(frames.nth(wrong["replyFrame"])).to_be_visible()
        _shot(page, f"move-puzzle-refutation-{game}")
        expect(_feedback(block)).to_contain_text("手を戻しました")
        expect(frames.nth(0)).to_be_visible()
    else:  # too many wrong moves to draw: the same steps marked on the current board
        shown = block.locator(".bm-frame:not([hidden])")
        expect(shown.locator("g.bm-reply")).to_have_count(len(set(wrong["replyPath"])))
        _shot(page, f"move-puzzle-refutation-{game}")
        expect(_feedback(block)).to_contain_text("手を戻しました")
        expect(shown.locator("g.bm-tried, g.bm-reply")).to_have_count(0)
    assert "bm-wrong" in _feedback(block).get_attribute("class")
    # an illegal target says why, and the right move still works afterwards
    moves_from = [c for _, c in root["moves"] if c[0] == _clicks(root, root["main"])[0]]
    targets = {c[1] for c in moves_from if len(c) > 1}
    origin = _clicks(root, root["main"])[0]
    _click_token(block, answer, origin)
    if not any(t.startswith("#") for t in targets):
        squares = block.locator('.bm-frame:not([hidden]) g[id*="--sq-"]')
        names = [squares.nth(i).get_attribute("id").rsplit("--sq-", 1)[1]
                 for i in range(squares.count())]
        starts = {c[0] for _, c in root["moves"]}
        bad = next(n for n in names if n not in targets and n not in starts and n != origin)
        _click_token(block, answer, bad)
        known = root["illegalClicks"].get(f"{origin} {bad}")  # the engine's reason, if any
        expect(_feedback(block)).to_have_text(
            "そのマスには動かせません。" + (reason_ja(game, known[1]) if known else ""))


CENTRE_JS = "(g) => { const b = g.getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; }"


def _move_cursor_to(block, square: str) -> None:
    """Press arrow keys on the focused board until its focus ring is on ``square``: greedy
    towards the target, preferring squares not visited yet."""
    boards = block.locator(".bm-boards")
    target = block.locator(f'.bm-frame:not([hidden]) g[id$="--sq-{square}"]')
    tx, ty = target.evaluate(CENTRE_JS)
    keys = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}
    cursor = block.locator(".bm-frame:not([hidden]) g.bm-cursor")
    visited: set[str] = set()
    for _ in range(60):
        expect(cursor).to_have_count(1)
        here = cursor.get_attribute("id")
        if here.endswith(f"--sq-{square}"):
            return
        visited.add(here)
        cx, cy = cursor.evaluate(CENTRE_JS)
        order = sorted(keys, key=lambda k: -(keys[k][0] * (tx - cx) + keys[k][1] * (ty - cy)))
        for key in order:  # the best key that reaches a new square (others only wander)
            boards.press(key)
            if cursor.get_attribute("id") not in visited:
                break
    raise AssertionError(f"the focus ring never reached {square}")


@pytest.mark.parametrize("game", GAMES)
def test_squares_puzzle_by_keyboard_only(page, site_url, built_site, content, game):
    puzzle = _puzzles_of(content, game, "squares")[0]
    block = _open_puzzle(page, site_url, built_site, puzzle)
    boards = block.locator(".bm-boards")
    boards.focus()
    prefix = html_id(puzzle.ident)
    for square in puzzle.answer["answer"]:
        target = block.locator(f'[id="{prefix}--sq-{square}"]')
        _move_cursor_to(block, square)
        expect(target).to_have_class("bm-clickable bm-cursor")
        boards.press("Enter")
        expect(target).to_have_class("bm-clickable bm-selected bm-cursor")
    _shot(page, f"squares-puzzle-keyboard-{game}")
    block.locator(".bm-check").focus()
    page.keyboard.press("Enter")
    expect(_feedback(block)).to_contain_text("正解です！")


@pytest.mark.parametrize("game", MOVE_PUZZLE_GAMES)
def test_move_puzzle_by_keyboard_only(page, site_url, built_site, content, game):
    puzzle = _first_move_puzzle(content, game)
    answer = puzzle.answer
    block = _open_puzzle(page, site_url, built_site, puzzle)
    block.locator(".bm-boards").focus()
    node = answer["root"]
    clicks = _clicks(node, node["main"])
    for token in clicks:
        if token.startswith("#"):  # a choice: Tab to its button, then Enter
            button = block.locator(".bm-choices button", has_text=answer["labels"][token])
            button.focus()
            button.press("Enter")
            block.locator(".bm-boards").focus()
            continue
        _move_cursor_to(block, token)
        block.locator(".bm-boards").press(" " if token == clicks[0] else "Enter")
    expect(_feedback(block)).to_contain_text(f"正解です！{node['main']}")


@pytest.mark.parametrize("game", MOVE_PUZZLE_GAMES)
def test_show_solution_plays_it_move_by_move(page, site_url, built_site, content, game):
    puzzle = _puzzles_of(content, game, "move")[-1]
    block = _open_puzzle(page, site_url, built_site, puzzle)
    block.locator(".bm-show").click()
    expect(_feedback(block)).to_contain_text("解答：" + puzzle.answer["root"]["main"])
    expect(_feedback(block)).to_contain_text("これで勝ちです", timeout=15000)
    _shot(page, f"move-puzzle-solution-{game}")
    # watching the solution does not count as solving it
    expect(block.locator(".bm-status")).to_have_text("")
    block.locator(".bm-reset").click()
    expect(block.locator(".bm-boards .bm-frame").nth(0)).to_be_visible()
    assert block.locator(".bm-input").is_enabled()


@pytest.mark.parametrize("game", GAMES)
def test_sequence_is_a_game_record(page, site_url, built_site, content, game):
    sequence = next(s for s in content.sequences.values() if s.game.id == game)
    element_id = f"{html_id(sequence.ident)}-sequence"
    page.goto(site_url + _page_of(built_site, element_id))
    block = page.locator(f"#{element_id}")
    last = len(sequence.frames) - 1
    links = block.locator(".bm-move-link")
    expect(links).to_have_count(last + 1)
    expect(links.nth(0)).to_have_attribute("aria-current", "step")
    links.nth(2).click()
    expect(block.locator(".bm-counter")).to_have_text(f"2 / {last}")
    expect(links.nth(2)).to_have_attribute("aria-current", "step")
    expect(block.locator(".bm-frame").nth(2)).to_be_visible()
    expect(block.locator(".bm-announce")).to_contain_text(f"2手目：{sequence.frames[2].move}")
    block.press("ArrowRight")
    expect(block.locator(".bm-counter")).to_have_text(f"3 / {last}")
    expect(links.nth(3)).to_have_attribute("aria-current", "step")
    expect(block.locator(".bm-announce")).to_contain_text(f"3手目：{sequence.frames[3].move}")
    block.press("ArrowLeft")
    expect(block.locator(".bm-counter")).to_have_text(f"2 / {last}")
    block.scroll_into_view_if_needed()
    _shot(page, f"sequence-{game}")


def test_phone_width_puts_the_move_list_below_the_board(browser, site_url, built_site, content):
    sequence = next(iter(content.sequences.values()))
    element_id = f"{html_id(sequence.ident)}-sequence"
    phone = browser.new_page(viewport={"width": 390, "height": 800})
    phone.goto(site_url + _page_of(built_site, element_id))
    block = phone.locator(f"#{element_id}")
    board = block.locator(".bm-seq-boards").bounding_box()
    moves = block.locator(".bm-moves").bounding_box()
    assert moves["y"] >= board["y"] + board["height"] - 1
    block.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "sequence-phone.png"))
    phone.close()


def test_typed_moves_read_every_japanese_dash(page, site_url, built_site, content):
    """The page folds typed text with the same table as Python (move_text.json)."""
    puzzle = _first_move_puzzle(content, "suicide-checkers")
    main = puzzle.answer["root"]["main"]
    assert "-" in main
    block = _open_puzzle(page, site_url, built_site, puzzle)
    full = main.translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    dashes = [ch for ch, to in MOVE_TEXT_TABLE["replace"].items() if to == "-"] + ["－"]
    assert {"－", "−", "ー", "‐", "―", "‑"} <= set(dashes)
    for dash in dashes:
        block.locator(".bm-reset").click()
        block.locator(".bm-input").fill(full.replace("-", dash))
        block.locator(".bm-input").press("Enter")
        expect(_feedback(block)).to_contain_text(f"正解です！{main}")


def test_progress_is_kept_across_reloads_and_shown_on_the_home_page(page, site_url,
                                                                    built_site, content):
    game = "medamagaeru"
    puzzles = [p for p in content.puzzles.values() if p.game.id == game]
    puzzle = _puzzles_of(content, game, "number")[0]
    block = _open_puzzle(page, site_url, built_site, puzzle)
    line = page.locator(".bm-progress").first
    expect(line).to_contain_text(f"0 / {len(puzzles)} 解いた")
    block.locator(".bm-input").fill(str(puzzle.answer["answer"] + 1))
    block.locator(".bm-check").click()
    expect(block.locator(".bm-status")).to_have_text("挑戦中")
    block.locator(".bm-input").fill(str(puzzle.answer["answer"]))
    block.locator(".bm-check").click()
    expect(block.locator(".bm-status")).to_have_text("解いた")
    expect(line).to_contain_text(f"1 / {len(puzzles)} 解いた")
    page.reload()
    block = page.locator(f"#{html_id(puzzle.ident)}-puzzle")
    expect(block.locator(".bm-status")).to_have_text("解いた")
    expect(page.locator(".bm-progress").first).to_contain_text(f"1 / {len(puzzles)} 解いた")
    _shot(page, "puzzle-page-progress")
    # 「次の問題へ」 goes to an unsolved one: the next puzzle's board or input gets the focus
    block.locator(".bm-next-puzzle").click()
    focused = page.evaluate("document.activeElement.closest('.banmen-puzzle').id")
    assert focused != f"{html_id(puzzle.ident)}-puzzle"
    page.goto(f"{site_url}/")
    home = page.locator(f'.bm-progress[data-game="{game}"]')
    expect(home).to_contain_text(f"1 / {len(puzzles)} 解いた")
    _shot(page, "home-progress")
    home.locator(".bm-progress-reset").click()
    expect(home).to_contain_text(f"0 / {len(puzzles)} 解いた")
    page.reload()
    expect(page.locator(f'.bm-progress[data-game="{game}"]')).to_contain_text(
        f"0 / {len(puzzles)} 解いた")


def test_other_ports_navigate_normally(page, site_url, content):
    """Served elsewhere than site_url, links load pages the ordinary way and still work."""
    game = "suicide-checkers"
    page.goto(f"{site_url}/")
    page.locator(f'.md-content a[href*="{game}/puzzles"]').first.click()
    puzzle = _first_move_puzzle(content, game)
    block = page.locator(f"#{html_id(puzzle.ident)}-puzzle")
    expect(block).to_be_visible()
    block.locator(".bm-input").fill(puzzle.answer["root"]["main"])
    block.locator(".bm-check").click()
    expect(_feedback(block)).to_contain_text("正解です！")


def test_instant_navigation_keeps_puzzles_working(page, built_site, content):
    game = "suicide-checkers"
    puzzle = _first_move_puzzle(content, game)
    answer = puzzle.answer
    serve_at_site_url(page, built_site)
    page.goto(f"{SITE_ORIGIN}/")
    page.evaluate("window.__stayed = 'yes'")  # survives only an instant (in-page) navigation
    page.locator(f'.md-content a[href*="{game}/puzzles"]').first.click()
    block = page.locator(f"#{html_id(puzzle.ident)}-puzzle")
    expect(block).to_be_visible()
    assert page.evaluate("window.__stayed") == "yes"
    # back and forth, then every control has exactly one handler: one click, one hint
    page.go_back()
    expect(page.locator(".bm-progress").first).to_be_visible()
    page.go_forward()
    block = page.locator(f"#{html_id(puzzle.ident)}-puzzle")
    expect(block).to_be_visible()
    assert page.evaluate("window.__stayed") == "yes"
    hinted = next(p for p in content.puzzles.values()
                  if p.game.id == game and len(p.model.hints) >= 2)
    hint_block = page.locator(f"#{html_id(hinted.ident)}-puzzle")
    # the page is shown before its scripts run again: a click before then has no handler
    expect(hint_block).to_have_attribute("data-ready", "1")
    hint_block.locator(".bm-hint-button").click()
    expect(hint_block.locator(".bm-hint:not([hidden])")).to_have_count(1)
    block.scroll_into_view_if_needed()
    node = answer["root"]
    while node is not None:
        for token in _clicks(node, node["main"]):
            _click_token(block, answer, token)
        edge = node["right"][node["main"]]
        expect(_feedback(block)).to_contain_text(f"正解です！{node['main']}")
        if edge["reply"] is not None:
            expect(_feedback(block)).to_contain_text(edge["reply"])
        node = edge["next"]
    expect(_feedback(block)).to_contain_text("勝ち")
    _shot(page, "instant-navigation-puzzle")
    # a sequence reached the same way steps with one handler per button
    sequence = next(s for s in content.sequences.values() if s.game.id == game)
    page.go_back()
    page.locator(f'.md-content a[href*="{game}/sample-game"]').first.click()
    seq = page.locator(f"#{html_id(sequence.ident)}-sequence")
    expect(seq).to_be_visible()
    assert page.evaluate("window.__stayed") == "yes"
    expect(seq).to_have_attribute("data-ready", "1")  # its scripts ran again
    seq.locator(".bm-next").click()
    expect(seq.locator(".bm-counter")).to_have_text(f"1 / {len(sequence.frames) - 1}")


def test_progress_works_from_files_with_no_server(page, built_site, content):
    puzzle = _puzzles_of(content, "ukejalayer", "number")[0]
    element_id = f"{html_id(puzzle.ident)}-puzzle"
    url = (built_site / _page_of(built_site, element_id).strip("/") / "index.html").as_uri()
    page.goto(url)
    block = page.locator(f"#{element_id}")
    block.locator(".bm-input").fill(str(puzzle.answer["answer"]))
    block.locator(".bm-check").click()
    expect(block.locator(".bm-status")).to_have_text("解いた")
    page.reload()
    expect(page.locator(f"#{element_id} .bm-status")).to_have_text("解いた")
