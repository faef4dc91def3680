"""Printing in Chromium (issue 17, item 7): a puzzle page prints as a puzzle sheet, questions
and boards with the controls gone and the answers collected at the end; a sequence prints as
its move list with its key boards. Saves the printed sheet to test-artifacts/."""

from __future__ import annotations

import pytest

from banmen.site.pdf import key_frames
from conftest import ROOT
from test_browser import browser, page  # noqa: F401 (the shared Chromium fixtures)

pytestmark = pytest.mark.slow

ARTIFACTS = ROOT / "test-artifacts"


def test_puzzle_page_prints_as_a_puzzle_sheet(page, site_url):  # noqa: F811
    page.goto(f"{site_url}/medamagaeru/puzzles/")
    answers = page.locator(".bm-answers")
    assert not answers.is_visible()  # on screen the answers stay hidden
    page.emulate_media(media="print")
    assert answers.is_visible()
    for hidden in [".bm-controls", ".bm-help", ".bm-feedback", ".bm-hints", ".bm-explanation",
                   ".bm-after", ".bm-progress", ".md-sidebar--primary", ".md-header",
                   # issue 35, item 5: the play board's buttons, the page's screen-only text
                   # and the legend entries of marks drawn only on a board being played
                   ".bm-play", ".bm-screen-only", "ul.bm-legend li:has(.bm-sw-cursor)"]:
        assert page.locator(hidden).count() > 0, hidden
        assert not page.locator(hidden).first.is_visible(), hidden
    article = page.locator("article").inner_text()
    assert [word for word in ("クリック", "この局面から指す", "キーボード") if word in article] == []
    first = page.locator(".banmen-puzzle").first
    assert first.locator(".bm-question").is_visible()
    assert first.locator("svg.banmen-board").first.is_visible()
    puzzles = page.locator(".banmen-puzzle").count()
    assert answers.locator("li").count() == puzzles
    assert answers.locator("li").first.inner_text().startswith("問題1：")
    # The answers follow the last puzzle, on a page of their own.
    last_bottom = page.locator(".banmen-puzzle").last.bounding_box()
    assert answers.bounding_box()["y"] > last_bottom["y"] + last_bottom["height"]
    assert answers.evaluate("e => getComputedStyle(e).breakBefore") == "page"
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.screenshot(path=str(ARTIFACTS / "print-puzzle-sheet.png"), full_page=True)
    pdf = page.pdf(path=str(ARTIFACTS / "print-puzzle-sheet.pdf"), format="A4")
    assert pdf.startswith(b"%PDF")


def test_sequence_prints_its_move_list_and_key_boards(page, site_url):  # noqa: F811
    page.goto(f"{site_url}/suicide-checkers/sample-game/")
    sequence = page.locator(".banmen-sequence").first
    frames = sequence.locator(".bm-frame")
    commented = frames.evaluate_all(
        "fs => fs.map(f => f.querySelector('.bm-comment').textContent.trim() !== '')")
    keys = key_frames(commented)
    assert 2 < len(keys) < frames.count()
    # The page's script chooses the same boards as the PDF builder.
    assert page.evaluate("c => window.banmenKeyFrames(c)", commented) == keys
    page.emulate_media(media="print")
    page.evaluate("window.banmenPrintKeyBoards()")  # what the beforeprint event runs
    shown = frames.evaluate_all("fs => fs.flatMap((f, i) => f.offsetParent !== null"
                                " && f.querySelector('svg.banmen-board') ? [i] : [])")
    assert shown == keys
    assert not sequence.locator(".bm-controls").is_visible()
    moves = sequence.locator(".bm-moves")
    assert moves.evaluate("e => getComputedStyle(e).maxHeight") == "none"
    assert moves.locator("li").count() == frames.count()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "print-sequence.png"), full_page=True)
