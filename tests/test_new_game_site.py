"""A new game, end to end, as its author would make it (issue 32, "Done when"): `banmen
new-game` writes the 三目並べ package, pip installs it (into a folder of its own, found
through PYTHONPATH, so banmen's environment keeps its five games), `banmen new-site` writes a
site about it, and `banmen build` builds that site strict, with no edit to banmen. In real
Chromium the rules page shows its diagram, the puzzle is solved by a click and a wrong move
gets the refutation, the lesson runs to its end, and the play page plays a game to its end.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from site_routes import SITE_ORIGIN, serve_at_site_url
from test_lessons_browser import lesson_data, play_through

pytestmark = pytest.mark.slow

BANMEN = [sys.executable, "-m", "banmen.cli"]
#: the squares the reader takes, first free one first
ORDER = ("b2", "a1", "c3", "a3", "c1", "b1", "a2", "c2", "b3")
PLAYABLE = ("((b) => ((b.querySelector('.bm-play-status') || {}).textContent || '')"
            ".includes('クリックしてください'))")


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{args}: {done.stderr[-2000:]}"
    return done


@pytest.fixture(scope="module")
def new_site(tmp_path_factory) -> Path:
    """Return the built site of a new 三目並べ package's new site."""
    base = tmp_path_factory.mktemp("new-game")
    env = dict(os.environ)
    _run([*BANMEN, "new-game", "tic-tac-toe", "--dir", str(base / "package")], base, env)
    _run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
          str(base / "installed"), str(base / "package")], base, env)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(base / "installed"), *filter(None, [os.environ.get("PYTHONPATH")])])
    _run([*BANMEN, "new-site", str(base / "site"), "--game", "tic-tac-toe"], base, env)
    _run([*BANMEN, "check"], base / "site", env)
    _run([*BANMEN, "build"], base / "site", env)
    return base / "site" / "site"


@pytest.fixture()
def page(browser, new_site):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    serve_at_site_url(page, new_site)
    yield page
    page.close()
    assert errors == []


def test_the_site_lists_the_games_pages_in_the_readers_order(new_site):
    config = (new_site.parent / "mkdocs.yml").read_text(encoding="utf-8")
    assert config.index("tic-tac-toe/rules.md") < config.index("tic-tac-toe/lesson.md") \
        < config.index("tic-tac-toe/puzzles.md") < config.index("tic-tac-toe/play.md")
    assert "hooks:" not in config and "- banmen" in config


def test_the_rules_page_shows_the_diagram(page):
    page.goto(f"{SITE_ORIGIN}/tic-tac-toe/rules/")
    expect(page.locator("h1")).to_contain_text("三目並べのルール")
    figure = page.locator("figure", has=page.locator("svg[role=img]")).first
    expect(figure.locator("svg[role=img]")).to_be_visible()
    expect(figure.locator("figcaption")).to_contain_text("斜めに3つそろいました")


def test_the_puzzle_refutes_a_wrong_move_and_accepts_the_winning_one(page):
    page.goto(f"{SITE_ORIGIN}/tic-tac-toe/puzzles/")
    block = page.locator(".banmen-puzzle").first
    block.locator('.bm-frame:not([hidden]) g[id$="--sq-c2"]').click()
    expect(block.locator(".bm-feedback.bm-wrong")).to_have_count(1)
    expect(block.locator(".bm-feedback")).to_contain_text("c2")
    block.locator(".bm-reset").click()
    block.locator('.bm-frame:not([hidden]) g[id$="--sq-c1"]').click()
    expect(block.locator(".bm-feedback")).to_contain_text("正解です！c1")
    expect(block).to_have_class("banmen-puzzle bm-solved")


def test_a_typed_occupied_square_gets_the_engines_reason(page):
    page.goto(f"{SITE_ORIGIN}/tic-tac-toe/puzzles/")
    block = page.locator(".banmen-puzzle").first
    block.locator(".bm-input").fill("a2")
    block.locator(".bm-check").click()
    expect(block.locator(".bm-feedback")).to_have_text("「a2」は指せません。a2にはもう印があります。")


@pytest.mark.parametrize("text", ["__proto__", "constructor"])
def test_a_typed_name_of_an_object_property_is_text_the_notation_does_not_read(page, text):
    page.goto(f"{SITE_ORIGIN}/tic-tac-toe/puzzles/")
    block = page.locator(".banmen-puzzle").first
    block.locator(".bm-input").fill(text)
    block.locator(".bm-check").click()
    expect(block.locator(".bm-feedback")).to_contain_text(
        f"「{text}」は指し手の書き方として読めません。")


def test_the_lesson_runs_to_its_end_and_explains_mistakes(page):
    page.goto(f"{SITE_ORIGIN}/tic-tac-toe/lesson/")
    block = page.locator(".banmen-lesson")
    checks: dict = {}
    play_through(page, block, lesson_data(block), checks)
    assert {"wrong", "illegal"} <= set(checks), checks


def test_the_play_page_plays_a_game_to_its_end(page):
    page.goto(f"{SITE_ORIGIN}/tic-tac-toe/play/")
    block = page.locator(".bm-play-page")
    block.locator(".bm-play-start").click()
    status = block.locator(".bm-play-status")
    over = "(b) => b.querySelector('.bm-play-over') !== null"
    for _ in range(5):  # x moves at most five times
        page.wait_for_function(f"(b) => {PLAYABLE}(b) || ({over})(b)",
                               arg=block.element_handle(), timeout=120_000)
        if "bm-play-over" in (status.get_attribute("class") or ""):
            break
        taken = block.evaluate("(b) => [...b.querySelectorAll('.bm-play-pieces use')]"
                               ".map((u) => u.dataset.square)")
        free = next(sq for sq in ORDER if sq not in taken)
        block.locator(f'.bm-boards g[id$="--sq-{free}"]').first.click()
        page.wait_for_function(f"(b) => !{PLAYABLE}(b) || ({over})(b)",
                               arg=block.element_handle(), timeout=30_000)
    expect(status).to_contain_text("対局が終わりました", timeout=30_000)
    assert status.text_content().count("の勝ちです") + status.text_content().count("引分け") \
        + status.text_content().count("引き分け") >= 1
