"""「この局面から指す」 after a move puzzle, in real Chromium: play goes on from the position the
puzzle's board shows, the solved one once the reader has played the solution.

The reader solves a two-move puzzle by clicking (its main line: move, reply, move, reply, as
the solution tree on the page gives it), presses the button, and the play board must show
the position the Python engine reaches by playing that line from the puzzle's position, with
the line in its move list (the reader's moves and the replies), the end of the game said as
for any game, and 「一手戻す」 going back to before the reader's winning move. Before the
reader has played anything (a puzzle solved on an earlier visit) the hint says that play
starts from the puzzle's own position; 「解答を見る」 hands the button the shown line too.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from banmen import play
from banmen.render.svg import html_id
from banmen.site.play_page import FROM_START_JA
from banmen.site.play_words import SIDES_JA, reader_outcome_ja
from test_browser import _page_of, content  # noqa: F401 (fixture)
from test_play_board import (  # noqa: F401 (fixtures)
    browser,
    page,
    position,
    served,
    status,
    wait_ready,
)

PUZZLE = "ukejalayer/p15-win-double"
#: a seat prefix of the notation ("s: "), which the move list leaves out
SEAT = re.compile(r"^[a-z]:\s*")
FROM_LINE_JA = "ここまでの手順を指したあとの局面から始めます。「一手戻す」で手を戻せます。"


def _click(block, answer: dict, token: str) -> None:
    if token.startswith("#"):
        block.locator(".bm-choices button", has_text=answer["labels"][token]).click()
    else:
        block.locator(f'.bm-frame:not([hidden]) g[id$="--sq-{token}"]').click()


def _main_line(puzzle) -> list[tuple[str, str]]:
    """The main line of the solution tree: [(move, "reader" | "engine"), ...]."""
    line, node = [], puzzle.answer["root"]
    while node is not None:
        edge = node["right"][node["main"]]
        line.append((node["main"], "reader"))
        if edge["reply"] is not None:
            line.append((edge["reply"], "engine"))
        node = edge["next"]
    return line


def _replayed(puzzle, moves: list[str]) -> list:
    """The engine's positions from the puzzle's along ``moves`` (the start first)."""
    game = puzzle.game
    states = [puzzle.spec.state]
    for text in moves:
        states.append(game.play(states[-1], game.parse_move(states[-1], text)))
    return states


def _mapping(puzzle, state) -> dict:
    return json.loads(json.dumps(puzzle.game.position_to_yaml(state)))


def test_a_solved_move_puzzle_plays_on_from_the_solved_position(page, served, built_site,  # noqa: F811
                                                                content):  # noqa: F811
    puzzle = content.puzzles[PUZZLE]
    answer = puzzle.answer
    line = _main_line(puzzle)
    assert [by for _, by in line] == ["reader", "engine", "reader"]  # the last move wins
    states = _replayed(puzzle, [move for move, _ in line])
    game = puzzle.game
    assert states[-1] != states[0]

    element = f"{html_id(puzzle.ident)}-puzzle"
    page.goto(served + _page_of(built_site, element))
    block = page.locator(f"#{element}")
    block.scroll_into_view_if_needed()
    play_block = block.locator(".bm-play")
    assert play_block.locator(".bm-play-from").text_content() == FROM_START_JA
    node = answer["root"]
    while node is not None:
        clicks = next(c for m, c in node["moves"] if m == node["main"])
        for token in clicks:
            _click(block, answer, token)
        edge = node["right"][node["main"]]
        expect(block.locator(".bm-feedback")).to_contain_text(f"正解です！{node['main']}")
        if edge["reply"] is not None:  # the reply is shown on the board
            expect(block.locator(".bm-feedback")).to_contain_text(f"相手が{edge['reply']}" if
                                                                  edge["next"] is None else
                                                                  f"相手は{edge['reply']}")
        node = edge["next"]
    expect(block.locator(".bm-play-start")).to_be_visible()
    assert play_block.locator(".bm-play-from").text_content() == FROM_LINE_JA

    play_block.evaluate("(b) => { b.dataset.testid = 'solved'; b.dataset.pause = '0'; }")
    play_block.locator(".bm-play-start").click()
    opened = page.locator('[data-testid="solved"]')
    opened.locator(".bm-play-panel").wait_for(timeout=120_000)
    wait_ready(opened, -1)
    # the engine's position after the line, not the puzzle's own
    assert position(opened) != _mapping(puzzle, states[0])
    assert position(opened) == _mapping(puzzle, states[-1])
    view = play.answer({"op": "view", "game": game.id, "rules": {}, "position":
                        {k: v for k, v in _mapping(puzzle, states[-1]).items() if k != "game"}})
    shown = opened.evaluate("""(b) => [...b.querySelectorAll('.bm-play-pieces use')].map(
        (u) => [u.dataset.square, u.getAttribute('href').slice(1)])""")
    assert shown == [[p["square"], p["symbol"]] for p in view["pieces"]]
    # the line in the move list, each move by the side that made it
    entries = opened.locator(".bm-play-moves li").all_text_contents()
    assert entries == [f"{SIDES_JA[game.side_to_move(state)]}：{SEAT.sub('', move)}"
                       for state, (move, _) in zip(states, line)]
    # the solved line wins: the game is over, won by the reader's side
    over = game.outcome(states[-1])
    assert over is not None and over.winner == game.side_to_move(states[0])
    me = game.side_to_move(states[0])
    assert status(opened) == "対局が終わりました。" + reader_outcome_ja(
        over.winner, over.reason, me)[0]
    assert status(opened).startswith(f"対局が終わりました。あなた（{SIDES_JA[me]}）の勝ちです。")
    # 「一手戻す」: back to before the reader's winning move (and the reply after it)
    opened.locator(".bm-play-undo").click()
    page.wait_for_function(
        "(b) => b.querySelector('.bm-play-status').textContent.includes('クリックしてください')",
        arg=opened.element_handle(), timeout=60_000)
    assert position(opened) == _mapping(puzzle, states[2])
    assert opened.locator(".bm-play-moves li").count() == 2
    # 「最初から」: the puzzle's own position
    opened.locator(".bm-play-restart").click()
    wait_ready(opened, -1)
    assert position(opened) == _mapping(puzzle, states[0])
    assert opened.locator(".bm-play-moves li").count() == 0
    assert not page.errors  # type: ignore[attr-defined]


def test_the_hint_says_where_play_starts(page, served, built_site, content):  # noqa: F811
    puzzle = content.puzzles[PUZZLE]
    element = f"{html_id(puzzle.ident)}-puzzle"
    url = served + _page_of(built_site, element)
    page.goto(url)
    # solved on an earlier visit: the button shows, the board the puzzle's position
    page.evaluate("(ident) => localStorage.setItem('banmen-progress', JSON.stringify("
                  "{[ident]: {solved: true, tried: 1}}))", puzzle.ident)
    page.goto(url)
    block = page.locator(f"#{element}")
    block.scroll_into_view_if_needed()
    hint = block.locator(".bm-play-from")
    expect(block.locator(".bm-play-start")).to_be_visible()
    assert hint.text_content() == FROM_START_JA
    # 「解答を見る」 plays the line on the board: the button goes on after it
    block.locator(".bm-show").click()
    expect(block.locator(".bm-feedback")).to_contain_text("これで勝ちです", timeout=20_000)
    assert hint.text_content() == FROM_LINE_JA
    line = json.loads(block.locator(".bm-play").get_attribute("data-line"))
    assert [(step["move"], step["by"]) for step in line] == _main_line(puzzle)
    # 「最初から」 on the puzzle: back to its own position
    block.locator(".bm-reset").click()
    assert hint.text_content() == FROM_START_JA
    assert json.loads(block.locator(".bm-play").get_attribute("data-line")) == []
    # a puzzle never solved: its button appears once 「解答を見る」 has played the line
    page.evaluate("() => localStorage.removeItem('banmen-progress')")
    page.goto(url)
    block = page.locator(f"#{element}")
    block.scroll_into_view_if_needed()
    expect(block.locator(".bm-play-start")).to_be_hidden()
    block.locator(".bm-show").click()
    expect(block.locator(".bm-feedback")).to_contain_text("これで勝ちです", timeout=20_000)
    expect(block.locator(".bm-play-start")).to_be_visible()
    assert block.locator(".bm-play-from").text_content() == FROM_LINE_JA
    block.locator(".bm-reset").click()
    expect(block.locator(".bm-play-start")).to_be_hidden()
    # a puzzle answered without moves carries no hint (its board never changes)
    other = page.locator('.banmen-puzzle:not([data-kind="move"]) .bm-play').first
    assert other.locator(".bm-play-from").count() == 0
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", ["number", "boolean", "choice", "squares"])
def test_puzzles_without_moves_have_no_start_hint(kind, content):  # noqa: F811
    from banmen.site.html import puzzle_html

    puzzle = next(p for p in content.puzzles.values() if p.answer["kind"] == kind)
    block = puzzle_html(puzzle, 1, lambda spec: "<svg></svg>")
    assert 'class="bm-play-from"' not in block
    move = next(p for p in content.puzzles.values() if p.answer["kind"] == "move")
    assert f'<span class="bm-play-from">{FROM_START_JA}</span>' in puzzle_html(
        move, 1, lambda spec: "<svg></svg>")
