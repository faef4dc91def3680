"""One trainer for every game (issue 17, items 3 and 4), in headless Chromium: a wrong legal
move is played, its refutation shown, the words say why it fails, then it is taken back; a
legend names every colour a board uses; a well-formed illegal typed move gets the engine's
reason; questions lead with the board."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from banmen.site.html import BOARD_COLOURS_JA, MOVE_LEAD_JA, PLAY_COLOURS_JA
from banmen.site.reasons import reason_ja
from conftest import INLINE_PARTS_JS
from test_browser import (  # noqa: F401
    GAMES,
    MOVE_PUZZLE_GAMES,
    _open_puzzle,
    _puzzles_of,
    browser,
    content,
    page,
)
from test_play import ARTIFACTS, _click_token, _clicks, _feedback

pytestmark = pytest.mark.slow

#: Records the index of the shown frame each time it changes (frames are shown and hidden
#: through their hidden attribute).
WATCH_FRAMES_JS = """(block) => {
  window.__shown = [];
  const frames = () => Array.from(block.querySelectorAll('.bm-boards .bm-frame'));
  new MutationObserver(() => {
    const at = frames().findIndex((f) => !f.hidden);
    if (window.__shown[window.__shown.length - 1] !== at) window.__shown.push(at);
  }).observe(block.querySelector('.bm-boards'), {attributes: true, subtree: true,
                                                 attributeFilter: ['hidden']});
}"""


def _why(text: str, wrong: dict) -> str:
    """The words a refutation must say (see banmen/site/assets/js/puzzle-trainer.js)."""
    if wrong["replyWins"]:
        return f"{text}では勝てません。相手が{wrong['reply']}と応じて、相手の勝ちになります。"
    if wrong["left"]:
        return (f"{text}では勝てません。相手が{wrong['reply']}と応じると、そのあと{wrong['left']}"
                "手（両者の手を合わせて）のうちに勝つ手がなくなります。")
    return f"{text}では勝てません。この手では勝ちが決まらず、相手は{wrong['reply']}と応じます。"


def _wrong_by_clicks(root: dict) -> tuple[str, dict]:
    """A wrong move with a reply whose clicks enter it without 「ここで指す」 (no longer
    click path starts with them)."""
    paths = [clicks for _, clicks in root["moves"]]

    def ends_its_path(move: str) -> bool:
        path = _clicks(root, move)
        return not any(len(p) > len(path) and p[:len(path)] == path for p in paths)

    return next((t, w) for t, w in root["wrong"].items() if w["reply"] and ends_its_path(t))


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_legal_move_is_played_refuted_explained_and_taken_back(
        page, site_url, built_site, content, game):
    puzzles = _puzzles_of(content, game, "move")
    if game == "ludo":
        # ludo has no move puzzles: the dice decide, so no move forces a win
        assert puzzles == []
        return
    # the puzzle with the most wrong moves (in ukejalayer and medamagaeru these were only
    # coloured on the board before)
    puzzle = max(puzzles, key=lambda p: len(p.answer["root"]["wrong"]))
    answer = puzzle.answer
    root = answer["root"]
    text, wrong = _wrong_by_clicks(root)
    assert wrong["frame"] is not None and wrong["replyFrame"] is not None
    block = _open_puzzle(page, site_url, built_site, puzzle)
    block.evaluate(WATCH_FRAMES_JS)
    for token in _clicks(root, text):
        _click_token(block, answer, token)
    feedback = _feedback(block)
    expect(feedback).to_have_text(_why(text, wrong))
    assert "bm-wrong" in feedback.get_attribute("class")
    expect(feedback).to_have_text(_why(text, wrong) + "手を戻しました。別の手を考えましょう。",
                                  timeout=10000)
    # played, refuted, taken back: the board after the move, after the reply, then the start
    assert page.evaluate("window.__shown") == [wrong["frame"], wrong["replyFrame"], 0]
    expect(block.locator(".bm-boards .bm-frame").nth(0)).to_be_visible()
    # and the right move is still taken
    for token in _clicks(root, root["main"]):
        _click_token(block, answer, token)
    expect(feedback).to_contain_text(f"正解です！{root['main']}")
    # a legend names every colour of this board
    legend = block.locator(".bm-legend")
    expect(legend).to_have_count(1)
    for mark in ("origin", "target", "cursor"):
        expect(legend).to_contain_text(PLAY_COLOURS_JA[mark])
    page.evaluate(INLINE_PARTS_JS)  # the colours its parts draw
    boards = block.locator(".bm-boards").inner_html()
    used = [label for colour, label in BOARD_COLOURS_JA if f"fill:{colour}" in boards
            or f"stroke:{colour}" in boards]
    assert used, "the frames after a move show its changes"
    for label in used:
        expect(legend).to_contain_text(label)
    assert legend.locator("li").count() == len(used) + 3


#: Typed moves the notation reads but that are not legal, in real puzzles, with the engine's
#: reason the page must give (banmen/content/typed.py, banmen/site/assets/js/typed-move.js).
TYPED_ILLEGAL = {
    "suicide-checkers/p10-feed-king": [  # black men 14, 19, 22; a white king on 29
        ("13-18", "13には駒がありません。"),
        ("14-10", "14から10へは後ろ向きです。キングになっていない駒は、前にしか進めず、"
                  "前にしか取れません。"),
        ("14x23", "18には飛び越える駒がありません。跳べるのは、相手の駒を飛び越えるときだけです。"),
        ("22x25", "書き方がちがいます。そのマスを通る手は「22-25」と書きます。"),
        ("99-100", "99番のマスはありません（マスの番号は1〜32です）。"),
        ("14x33x0", "33番のマスはありません（マスの番号は1〜32です）。"),
    ],
    "suicide-checkers/p11-quiet-move": [  # black men 6, 13, 14; white 21, 29, 30
        ("14-21", "21にはもう駒があります。駒が進めるのは空いたマスだけです。"),
        ("14-15", "14から15へは斜めになっていません。駒は斜めにしか動けません。"),
    ],
    "ukejalayer/p13-win-cover": [  # the reviewer's examples
        ("a2a3", "a2には駒がないので、そこから駒は運び出せません。"),
        ("d4c4", "d4の一番上は相手の駒なので、そこから駒は運び出せません。"),
        ("b2(3)c2", "b2から運べるのは1枚です。"),
        ("d3(1)b3", "d3からそのマスへは運べません。駒は縦か横のとなりのマスへ、1マスずつ運びます。"),
    ],
    "ukejalayer/p14-win-chain": [
        ("a1(4)b1", "a1から運べるのは1枚か2枚か3枚です。"),
        ("b2(3)c2", "b2には駒がないので、そこから駒は運び出せません。"),
        ("d4", "d4の山には相手の駒が入っていないので、排除できません。"),
        # a legal route other than the one the notation writes (the engine reads it as
        # 3a1a2b2b1): the page names that move instead of calling it illegal
        ("a1(3)b1(2)b2(1)a2", "書き方がちがいます。そのマスを通る手は「3a1a2b2b1」と書きます。"),
    ],
    "medamagaeru/p12-win-in-one": [
        ("54-66", "かえるが動けるのは、まわり8方向のとなりのマスへ1マスだけです。"),
        ("34x35", "目玉4のかえるが取れるのは、目玉3の相手だけです。目玉4のかえるは取れません。"),
        ("3 23-22", "23の緑のかえるは目玉1です。"),
        ("22-21", "それは相手のかえるです。今は緑の番です。"),
    ],
    "babuschka/p07-finish-the-nest": [
        ("f6-e5", "人形は前・ななめ前・よこにしか進めません。後ろやななめ後ろへは行けません。"),
        ("c1-c2", "そのマスの一番上は相手の人形です。動かせるのは、一番上が自分の人形のマスだけです。"),
        ("S f6xf8", "f6の一番上の人形は中（M）です。"),
        ("pass", "まだ動かせる人形があるので、パスはできません。"),
    ],
}


@pytest.mark.parametrize("ident", sorted(TYPED_ILLEGAL))
def test_a_well_formed_illegal_typed_move_says_why(page, site_url, built_site, content, ident):
    """Each game: typed moves its notation reads but the position refuses get the engine's
    reason (never 表記を確かめてください); text the notation cannot read gets the notation
    message with an example of the form."""
    puzzle = content.puzzles[ident]
    root = puzzle.answer["root"]
    block = _open_puzzle(page, site_url, built_site, puzzle)
    for text, reason in TYPED_ILLEGAL[ident]:
        assert text not in root["accept"]
        block.locator(".bm-input").fill(text)
        block.locator(".bm-check").click()
        expect(_feedback(block)).to_have_text(f"「{text}」は指せません。{reason}")
    # the page shows the first wrong move (the data keeps its keys sorted)
    example = min(root["wrong"], default=root["moves"][0][0])
    # squares out of canonical order are a notation error of ukejalayer's height changes
    malformed = ("zz9", "13--18", "a1(0)b1") + (("b1a1c1d1",) if ident.startswith("uke") else ())
    for text in malformed:
        block.locator(".bm-input").fill(text)
        block.locator(".bm-check").click()
        expect(_feedback(block)).to_have_text(
            f"「{text}」は指し手の書き方として読めません。表記を確かめてください。"
            f"たとえば「{example}」のように書きます。")


def test_every_game_with_move_puzzles_has_typed_cases():
    assert {ident.split("/")[0] for ident in TYPED_ILLEGAL} == set(MOVE_PUZZLE_GAMES)


@pytest.mark.parametrize("game", MOVE_PUZZLE_GAMES)
def test_a_click_the_board_refuses_says_why(page, site_url, built_site, content, game):
    """A square that starts no move, then a destination the piece cannot reach: each gets
    the engine's reason after the board's own words."""
    puzzle = _puzzles_of(content, game, "move")[0]
    answer = puzzle.answer
    root = answer["root"]
    clicks = root["illegalClicks"]
    origin, (_, why_origin) = next((k, v) for k, v in clicks.items() if " " not in k)
    block = _open_puzzle(page, site_url, built_site, puzzle)
    _click_token(block, answer, origin)
    assert reason_ja(game, why_origin)
    expect(_feedback(block)).to_have_text("そのマスからは指せません。" + reason_ja(game, why_origin))
    starts = {path[0] for _, path in root["moves"]}  # a click there starts another move
    pairs = [(k.split(" "), v[1]) for k, v in clicks.items()
             if " " in k and k.split(" ")[1] not in starts]
    if game == "ukejalayer":
        # moves there need a button between the squares: no two-square click paths
        assert pairs == []
        return
    (start, target), why_target = pairs[0]
    _click_token(block, answer, start)
    _click_token(block, answer, target)
    assert reason_ja(game, why_target)
    expect(_feedback(block)).to_have_text("そのマスには動かせません。" + reason_ja(game, why_target))


@pytest.mark.parametrize("game", MOVE_PUZZLE_GAMES)
def test_move_questions_lead_with_the_board(page, site_url, built_site, content, game):
    for puzzle in _puzzles_of(content, game, "move"):
        block = _open_puzzle(page, site_url, built_site, puzzle)
        lead = block.locator(".bm-lead")
        expect(lead).to_have_text(MOVE_LEAD_JA)
        # the board line comes before the typing help and the input
        order = block.evaluate("""(b) => [b.querySelector('.bm-lead'), b.querySelector('.bm-help'),
            b.querySelector('.bm-input')].map((e) => e.getBoundingClientRect().top)""")
        assert order == sorted(order)
        help_text = block.locator(".bm-help").inner_text()
        assert help_text.index("クリック") < help_text.index("入力")
        question = block.locator(".bm-question").inner_text()
        assert "入力します" not in question, puzzle.ident


@pytest.mark.parametrize("width", [1280, 390])
def test_the_trainer_fits_desktop_and_phone_widths(browser, site_url, built_site, content, width):
    """At 1280 and 390 px: the legend stays inside the page, and a wrong move clicked on the
    board is refuted and taken back."""
    puzzle = _puzzles_of(content, "medamagaeru", "move")[0]
    answer = puzzle.answer
    root = answer["root"]
    text, wrong = _wrong_by_clicks(root)
    screen = browser.new_page(viewport={"width": width, "height": 900})
    try:
        block = _open_puzzle(screen, site_url, built_site, puzzle)
        legend = block.locator(".bm-legend").bounding_box()
        assert legend["x"] >= 0 and legend["x"] + legend["width"] <= width
        for token in _clicks(root, text):
            _click_token(block, answer, token)
        expect(_feedback(block)).to_contain_text(_why(text, wrong) + "手を戻しました。",
                                                 timeout=10000)
        block.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        screen.screenshot(path=str(ARTIFACTS / f"trainer-wrong-move-{width}.png"))
    finally:
        screen.close()


#: For each width the feedback line is given: the rectangles (line boxes) of each notation
#: span, and whether the same words as plain text would break the span's text.
LINES_JS = """(feedback) => {
  const widths = [];
  for (let w = 120; w <= 360; w += 2) widths.push(w);
  const plain = document.createElement('p');
  plain.className = feedback.className;
  plain.textContent = feedback.textContent;
  feedback.after(plain);
  const out = widths.map((w) => {
    feedback.style.width = plain.style.width = w + 'px';
    const spans = Array.from(feedback.querySelectorAll('.bm-notation'));
    // the plain copy: a range over the example's characters
    const text = plain.firstChild, at = plain.textContent.indexOf(spans[0].textContent);
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + spans[0].textContent.length);
    const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
    return {width: w, rects: spans.map((s) => s.getClientRects().length),
            plainLines: tops.size};
  });
  plain.remove();
  feedback.style.width = '';
  return out;
}"""


def test_a_notation_example_in_the_feedback_stays_on_one_line(browser, site_url, built_site,
                                                               content):
    """At 390 px the feedback line's move texts (「22-25」, the form's example) sit in a
    span.bm-notation that never breaks at its hyphen, at any width of the line from 120 to
    360 px, where the same words as plain text do break there."""
    puzzle = content.puzzles["suicide-checkers/p10-feed-king"]
    screen = browser.new_page(viewport={"width": 390, "height": 900})
    try:
        block = _open_puzzle(screen, site_url, built_site, puzzle)
        block.locator(".bm-input").fill("22x25")
        block.locator(".bm-check").click()
        feedback = _feedback(block)
        expect(feedback).to_have_text(
            "「22x25」は指せません。書き方がちがいます。そのマスを通る手は「22-25」と書きます。")
        spans = feedback.locator(".bm-notation")
        expect(spans).to_have_text(["22-25"])  # 22x25 has no sign a line breaks at
        assert spans.first.evaluate("(s) => getComputedStyle(s).whiteSpace") == "nowrap"
        assert spans.first.evaluate("(s) => s.children.length") == 0
        lines = feedback.evaluate(LINES_JS)
        assert all(line["rects"] == [1] for line in lines), lines
        assert any(line["plainLines"] == 2 for line in lines), "the check never saw a break"
        # the example of an unreadable text likewise
        example = min(puzzle.answer["root"]["wrong"])
        block.locator(".bm-input").fill("zz9")
        block.locator(".bm-check").click()
        expect(feedback).to_have_text("「zz9」は指し手の書き方として読めません。表記を確かめてください。"
                                      f"たとえば「{example}」のように書きます。")
        expect(spans).to_have_text([example])
        assert "-" in example or "x" in example
        lines = feedback.evaluate(LINES_JS)
        assert all(line["rects"] == [1] for line in lines), lines
    finally:
        screen.close()


def test_the_legend_knows_the_colours_of_ludo_legs_and_send_backs():
    from banmen.games.ludo import drawing as ludo

    colours = dict(BOARD_COLOURS_JA)
    for leg, label in (("jump", "ジャンプ"), ("flight", "飛行"), ("bounce", "跳ね返り")):
        assert label in colours[ludo.LEG_STYLE[leg][0]]
    assert "戻される" in colours[ludo.SEND_BACK]
    assert ludo.LEG_STYLE["move"][0] in colours  # plain moves use the shared blue arrow


def test_a_move_typed_while_a_refutation_is_shown_is_answered_after_it(
        page, site_url, built_site, content):
    """The reviewer's case (ukejalayer 問題13): a wrong legal move is played and refuted; a
    move typed and entered meanwhile must not be lost under the refutation's last words: the
    check button waits, and the typed move is answered once the board is free."""
    puzzle = content.puzzles["ukejalayer/p13-win-cover"]
    root = puzzle.answer["root"]
    wrong = min(root["wrong"])
    block = _open_puzzle(page, site_url, built_site, puzzle)
    block.locator(".bm-input").fill(wrong)
    block.locator(".bm-check").click()
    expect(block.locator(".bm-check")).to_be_disabled()
    block.locator(".bm-input").fill("b2(3)c2")
    block.locator(".bm-input").press("Enter")
    expect(_feedback(block)).to_have_text("「b2(3)c2」は指せません。b2から運べるのは1枚です。",
                                          timeout=15000)
    expect(block.locator(".bm-check")).to_be_enabled()
