"""The play board (この局面から指す) in real Chromium: whole games, undo, restart, sides.

One browser and the session's built site (``tests/conftest.py``) for the module, served with
the MIME types a module worker and Pyodide need. For each game the 対局する page's button
opens the board; the reader's moves are entered by clicking the squares (and the choice,
roll and pass buttons) only, each one the move ``banmen.opponent`` at ``normal`` chooses
under CPython, so the game goes somewhere. After 20 clicked plies the test picks
「コンピューター同士」 in the side menu, a choice every reader has: the engine at 「ふつう」 then
plays every side to the end. The page's pause before engine moves is switched off through
the block's ``data-pause="0"`` attribute (test-only; readers get 350 ms).

The outcome sentence is checked against :func:`banmen.site.play_words.outcome_ja` of the
engine's own outcome of the final position (read from the board's position data, which the
engine in CPython replays); 「一手戻す」 must restore the position before the reader's last move
and shorten the move list; 「最初から」 the start; taking the other side makes the engine move
first.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading

import pytest
from playwright.sync_api import expect

from banmen import opponent, play
from banmen.site.play_words import SIDES_JA, outcome_ja
from conftest import ROOT
from test_play_engine import CHROMIUM_ARGS, _Handler

CLICKED_PLIES = 20
READY = ("クリックしてください", "サイコロを振る", "下のボタン", "対局が終わりました")


@pytest.fixture(scope="module")
def served(built_site):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Handler, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture()
def page(browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    yield page
    page.close()


def open_board(page, url: str, block: str = ".bm-play-page"):
    """Open the play board of ``block`` on ``url``; return the block's locator."""
    page.goto(url)
    locator = page.locator(block).first
    locator.evaluate("(b) => { b.dataset.pause = '0'; }")
    locator.locator(".bm-play-start").click()
    locator.locator(".bm-play-panel").wait_for(timeout=120_000)
    wait_ready(locator, -1)
    assert_references_resolve(locator)
    return locator


def assert_references_resolve(block) -> None:
    """Every ``<use>`` of the open play board (pieces, and the coordinates and square numbers
    the empty board draws with glyphs) points at an element of the page, and the board draws
    its coordinate or number glyphs at all."""
    hrefs = block.locator(".bm-play-svg").evaluate(
        "(svg) => [...svg.querySelectorAll('use')].map((u) => u.getAttribute('href')"
        " || u.getAttribute('xlink:href'))")
    missing = block.evaluate(
        "(b, refs) => refs.filter((r) => !document.getElementById(r.slice(1)))", hrefs)
    assert not missing, missing[:5]


def moves_shown(block) -> int:
    return block.locator(".bm-play-moves li").count()


def wait_ready(block, more_than: int, timeout: float = 60_000) -> None:
    """Wait until the move list has more than ``more_than`` entries and the board waits for
    the reader (or the game is over)."""
    block.page.wait_for_function(
        """([block, n, ready]) => {
            const status = block.querySelector('.bm-play-status').textContent;
            return block.querySelectorAll('.bm-play-moves li').length > n &&
                ready.some((word) => status.includes(word));
        }""", arg=[block.element_handle(), more_than, list(READY)], timeout=timeout)


def position(block) -> dict:
    return json.loads(block.locator(".bm-play-position-text").text_content())


def status(block) -> str:
    return block.locator(".bm-play-status").text_content()


def legal(game_id: str, rules: dict, pos: dict) -> dict:
    return play.answer({"op": "legal", "game": game_id, "rules": rules, "position": pos})


def click_move(block, entry: dict) -> None:
    """Enter one legal move by clicking its path: squares on the board, ``#`` tokens with
    their buttons, then 「ここで指す」 when the path is the prefix of a longer one."""
    before = moves_shown(block)
    if not entry["clicks"]:
        label = "パスする" if entry["move"] == "pass" else entry["move"]
        block.locator(".bm-play-extra button", has_text=label).click()
        return
    for token in entry["clicks"]:
        if token.startswith("#"):
            block.locator(".bm-choices button",
                          has_text=entry["labels"].get(token, token[1:])).first.click()
        else:
            block.locator(f'.bm-boards g[id$="--sq-{token}"]').first.click()
    here = block.locator(".bm-choices button", has_text="ここで指す")
    if moves_shown(block) == before and here.count():
        here.click()


def reader_ply(block, game_id: str, rules: dict, seed: int) -> None:
    """Make the reader's move (or roll) by clicking, and wait for the board to wait again."""
    count = moves_shown(block)
    pos = position(block)
    answer = legal(game_id, rules, pos)
    if answer["chance"]:
        block.locator(".bm-play-roll").click()
    else:
        game = play.engine(game_id, rules)
        state = game.position_from_yaml({"game": game_id, **pos})
        choice = game.format_move(state, opponent.choose(game, state, "normal", seed))
        click_move(block, next(e for e in answer["moves"] if e["move"] == choice))
    wait_ready(block, count)


def expected_end(game_id: str, rules: dict, pos: dict) -> str:
    outcome = legal(game_id, rules, pos)["outcome"]
    assert outcome is not None
    return "対局が終わりました。" + outcome_ja(outcome["winner"], outcome["reason"])


#: the 対局する pages: (game, [(players to pick in the 人数 menu or None, rules), ...])
GAMES = [
    ("ukejalayer", [(None, {})]),
    ("medamagaeru", [(None, {})]),
    ("suicide-checkers", [(None, {})]),
    ("babuschka", [("2人", {}), ("4人", {"players": 4})]),
    ("ludo", [(None, {})]),
]


#: the 遊び方 menu of the pages that offer more than one setup (the first is the default)
SETUP_LABELS = {
    "babuschka": ["2人", "4人"],
    "ludo": ["飛行棋・2人", "飛行棋・4人", "かんたん・2人", "ルドー・2人", "ルドー・4人"],
}


def whole_game(block, game_id: str, rules: dict, setup: dict) -> None:
    """Play one game: 20 clicked plies (one taken back), then the engine for every side to
    the end; check the outcome, 「最初から」 and the engine moving first for the other side."""
    page = block.page
    start = position(block)
    assert start == {"game": game_id, **setup["position"]}
    assert block.locator(".bm-play-strength").input_value() == "normal"
    me = setup["sides"][0]
    block.locator(".bm-play-side").select_option(f"side:{me}")
    # a fixed seed (the die, the engine's ties): the run replays
    block.locator(".bm-play-seed-input").evaluate("(field) => { field.value = '2026'; }")
    chance = legal(game_id, rules, start)["chance"]

    plies, undone = 0, False
    while plies < CLICKED_PLIES and not status(block).startswith("対局が終わりました"):
        before_pos, before_count = position(block), moves_shown(block)
        was_roll = legal(game_id, rules, before_pos)["chance"]
        reader_ply(block, game_id, rules, plies)
        plies += 1
        if plies == 1:
            first_entry = block.locator(".bm-play-moves li").first.text_content()
            if chance:  # the die rolled in the page, its value and the seed shown
                assert block.locator(".bm-play-seed").is_visible()
                roll = first_entry.rsplit(" ", 1)[1]
                assert block.locator(".bm-play-die").text_content() == \
                    f"{'⚀⚁⚂⚃⚄⚅'[int(roll) - 1]}サイコロの目：{roll}（{SIDES_JA[me]}）"
        if not undone and not was_roll and plies >= 3 \
                and not status(block).startswith("対局が終わりました"):
            block.locator(".bm-play-undo").click()
            wait_ready(block, before_count - 1)
            # the reader's move and the engine's reply are gone
            assert position(block) == before_pos
            assert moves_shown(block) == before_count
            undone = True
    assert undone

    # the engine at ふつう plays on for every side to the end
    block.locator(".bm-play-side").select_option("watch")
    page.wait_for_function(
        "(b) => b.querySelector('.bm-play-status').textContent.startsWith('対局が終わりました')",
        arg=block.element_handle(), timeout=150_000)
    assert status(block) == expected_end(game_id, rules, position(block))

    # 「最初から」 with the reader on the second side: the engine (first side) moves first
    block.locator(".bm-play-side").select_option(f"side:{setup['sides'][1]}")
    block.locator(".bm-play-restart").click()
    wait_ready(block, 0)
    first = block.locator(".bm-play-moves li").first.text_content()
    assert first.startswith(SIDES_JA[me] + "：")
    if chance:  # the same seed rolls the same die
        assert first == first_entry
    game = play.engine(game_id, rules)
    now = position(block)
    assert game.side_to_move(game.position_from_yaml({"game": game_id, **now})) == \
        setup["sides"][1]
    # and 「最初から」 again: the start position, nothing played when the engine's side
    # is not the first to move
    block.locator(".bm-play-side").select_option(f"side:{me}")
    block.locator(".bm-play-restart").click()
    wait_ready(block, -1)
    assert position(block) == start and moves_shown(block) == 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id, setups", GAMES, ids=[g for g, _ in GAMES])
def test_a_whole_game_by_clicks_undo_restart_and_sides(page, served, game_id, setups):
    block = open_board(page, f"{served}/{game_id}/play/")
    embedded = json.loads(block.get_attribute("data-play"))
    labels = [s["label"] for s in embedded]
    assert labels == SETUP_LABELS.get(game_id, [""])
    for players, rules in setups:
        index = labels.index(players) if players else 0
        if players:
            block.locator(".bm-play-setup").select_option(label=players)
            wait_ready(block, -1)
        assert embedded[index]["rules"] == rules
        whole_game(block, game_id, rules, embedded[index])
    assert not page.errors  # type: ignore[attr-defined]


def _embedded(block) -> dict:
    return json.loads(block.get_attribute("data-play"))[0]


def _pieces_shown(block) -> list[list[str]]:
    return block.evaluate("""(b) => [...b.querySelectorAll('.bm-play-pieces use')].map(
        (u) => [u.dataset.square, u.getAttribute('href').slice(1)])""")


def _engine_pieces(setup: dict) -> list[list[str]]:
    view = play.answer({"op": "view", "game": setup["game"], "rules": setup["rules"],
                        "position": setup["position"]})
    return [[p["square"], p["symbol"]] for p in view["pieces"]]


def open_here(block) -> None:
    """Press the button of ``block`` (on the page already shown) and wait for the board."""
    block.evaluate("(b) => { b.dataset.pause = '0'; }")
    block.locator(".bm-play-start").click()
    block.locator(".bm-play-panel").wait_for(timeout=120_000)
    wait_ready(block, -1)


def shows_its_own_position(block, game_id: str) -> None:
    setup = _embedded(block)
    assert position(block) == {"game": game_id, **setup["position"]}
    assert _pieces_shown(block) == _engine_pieces(setup)
    assert _pieces_shown(block)  # something is on the board


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = ROOT / "test-artifacts"


def accessible_at_both_widths(page, block) -> None:
    """axe-core on the open board (1280 and 390 px, light and dark palette): no serious or
    critical violation; the move list beside the board, below it at 390 px; screenshots."""
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
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
            assert violations == [], (width, scheme, violations)
            block.screenshot(path=str(ARTIFACTS / f"play-board-{width}-{scheme}.png"))
        board = block.locator(".bm-play-main .bm-boards").bounding_box()
        record = block.locator(".bm-play-record").bounding_box()
        assert board["x"] >= 0 and board["x"] + board["width"] <= width
        if width == 1280:  # the move list beside the board
            assert record["x"] >= board["x"] + board["width"] - 1
        else:  # below it
            assert record["y"] >= board["y"] + board["height"] - 1
    page.set_viewport_size({"width": 1280, "height": 900})
    assert block.locator(".bm-play-undo").text_content() == "一手戻す"
    assert block.locator(".bm-play-restart").text_content() == "最初から"
    # the keyboard reaches the squares (board-input.js)
    board = block.locator(".bm-play-main .bm-boards")
    board.focus()
    page.keyboard.press("ArrowRight")
    assert "--sq-" in (board.get_attribute("aria-activedescendant") or "")


@pytest.mark.slow
def test_diagram_sequence_end_and_solved_puzzle_open_their_own_position(page, served):
    # a diagram: the board shows the engine's view of the embedded position
    page.goto(f"{served}/ukejalayer/rules/")
    diagram = page.locator(".bm-play-diagram").first
    open_here(diagram)
    shows_its_own_position(diagram, "ukejalayer")
    accessible_at_both_widths(page, diagram)

    # a sequence on the same page: the button shows at the last frame only
    sequence = page.locator(".banmen-sequence").first
    assert not sequence.locator(".bm-play-start").is_visible()
    sequence.locator(".bm-last").click()
    assert sequence.locator(".bm-play-start").is_visible()
    sequence.locator(".bm-play").evaluate("(b) => { b.dataset.testid = 'sequence'; }")
    open_here(page.locator('[data-testid="sequence"]'))
    # the open board sits right after the sequence (whose script steers frames and keys)
    assert sequence.locator(".bm-play").count() == 0
    shows_its_own_position(page.locator('[data-testid="sequence"]'), "ukejalayer")

    # a number puzzle: the button shows once it is solved
    page.goto(f"{served}/medamagaeru/puzzles/")
    puzzle = page.locator('.banmen-puzzle[data-kind="number"]').first
    assert not puzzle.locator(".bm-play-start").is_visible()
    answer = json.loads(puzzle.get_attribute("data-answer"))
    puzzle.locator(".bm-input").fill(str(answer["answer"]))
    puzzle.locator(".bm-check").click()
    assert puzzle.locator(".bm-play-start").is_visible()
    puzzle.locator(".bm-play").evaluate("(b) => { b.dataset.testid = 'puzzle'; }")
    open_here(page.locator('[data-testid="puzzle"]'))
    shows_its_own_position(page.locator('[data-testid="puzzle"]'), "medamagaeru")
    # the puzzle's board is untouched by the play board (its frame still shown)
    assert puzzle.locator(".bm-frame").first.is_visible()
    assert not page.errors  # type: ignore[attr-defined]


def test_a_page_opened_from_a_file_says_in_one_line_why_it_cannot_play(page, built_site):
    page.goto((built_site / "ukejalayer" / "play" / "index.html").as_uri())
    page.locator(".bm-play-start").click()
    note = page.locator(".bm-play-note")
    note.wait_for()
    assert note.text_content() == ("ファイルから直接開いたページでは対局できません。"
                                   "サイトをサーバーで開いてください（python3 -m http.server など）。")
    assert page.locator(".bm-play-panel").count() == 0



def test_a_browser_without_webassembly_is_told_so_in_one_line(page, served):
    page.add_init_script("delete globalThis.WebAssembly;")
    page.goto(f"{served}/suicide-checkers/play/")
    page.locator(".bm-play-start").click()
    expect(page.locator(".bm-play-note")).to_have_text(
        "このブラウザはWebAssemblyに対応していないため、対局を始められません。")
    assert page.locator(".bm-play-panel").count() == 0
    assert not page.errors  # type: ignore[attr-defined]
