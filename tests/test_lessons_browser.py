"""Lessons (手ほどき) as a reader plays them, in headless Chromium: every lesson of every
game's course is completed by clicking only, in the order of the course map; one legal but
wrong move and one illegal click per lesson get their explanation (the engine's words, read
from the page data the build wrote); each lesson is scored in stars by its wrong tries and
the map shows them; progress survives a reload and Material's instant navigation; damaged
storage is ignored; screenshots of each lesson at 1280 and 390 px go to test-artifacts/."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from conftest import ROOT
from test_browser import GAMES

pytestmark = pytest.mark.slow

ARTIFACTS = ROOT / "test-artifacts"
STORE = "banmen-lessons"


def new_page(browser, width=1280):
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def lesson_data(block):
    return json.loads(block.get_attribute("data-answer"))


def click_square(block, name):
    """Click the square ``name`` of the board shown in ``block``."""
    handle = block.evaluate_handle(
        """(block, name) => {
             const frame = [...block.querySelectorAll('.bm-frame')].find(f => !f.hidden);
             return [...frame.querySelectorAll('g[id*="--sq-"]')]
               .find(g => g.id.slice(g.id.lastIndexOf('--sq-') + 5) === name);
           }""", name)
    element = handle.as_element()
    assert element is not None, f"no square {name} on the shown board"
    element.click()


def enter(block, clicks, labels):
    """Enter a click path: squares on the board, '#' tokens through their buttons; a path
    that longer paths continue is played with 「ここで指す」."""
    for token in clicks:
        if token.startswith("#"):
            block.locator("button.bm-choice-button", has_text=labels[token]).first.click()
        else:
            click_square(block, token)
    here = block.locator(".bm-choices button.bm-choice-button", has_text="ここで指す")
    if here.count():
        # the lesson says how to stop on a square the move could go on from
        expect(block.locator(".bm-feedback")).to_have_text(
            "ここで止めるなら「ここで指す」を押します。先のマスをクリックすれば、さらに進めます。")
        here.click()


def feedback(block):
    return block.locator(".bm-feedback")


def answer_question(block, question):
    """Answer a question step wrong (「次へ」 stays off), then right."""
    controls = block.locator(".bm-step-answer:visible")
    expect(controls).to_have_count(1)
    if question["kind"] == "number":
        field = controls.locator(".bm-input")
        field.fill(str(question["answer"] + 1))
        controls.locator(".bm-check").click()
        expect(feedback(block)).to_have_text(
            f"{question['answer'] + 1}ではありません。もう一度考えてみましょう。")
        expect(block.locator(".bm-next")).to_be_disabled()
        field.fill(str(question["answer"]))
        field.press("Enter")
        expect(feedback(block)).to_have_text(
            f"正解です！答えは{question['answer']}です。「次へ」で進みましょう。")
    else:
        values = (["true", "false"] if question["kind"] == "boolean"
                  else [str(i) for i in range(len(question["options"]))])
        right = (str(question["answer"]).lower() if question["kind"] == "boolean"
                 else str(question["answer"]))
        wrong = next(v for v in values if v != right)
        controls.locator(f".bm-choice[data-value='{wrong}']").click()
        expect(feedback(block)).to_have_text("ちがいます。もう一度考えてみましょう。")
        expect(block.locator(".bm-feedback.bm-wrong")).to_have_count(1)
        expect(block.locator(".bm-next")).to_be_disabled()
        controls.locator(f".bm-choice[data-value='{right}']").click()
        expect(feedback(block)).to_have_text("正解です！「次へ」で進みましょう。")
    expect(block.locator(".bm-feedback.bm-right")).to_have_count(1)
    expect(block.locator(".bm-counter")).to_contain_text("（できた）")


def roll_die(block, step, checks):
    """Press the step's 「サイコロを振る」 button; before it no other button (a pass) is
    offered, and on the first dice step of a lesson whose move starts on a square, a click
    on the board before it only asks for the die and does nothing."""
    button = block.locator(".bm-lesson-actions button", has_text="サイコロを振る")
    expect(button).to_have_count(1)
    expect(block.locator(".bm-lesson-actions button")).to_have_count(1)
    text = sorted(step["right"])[0] if step.get("moves") else None
    clicks = next((m[1] for m in step["moves"] if m[0] == text), []) if text else []
    square = next((t for t in clicks if not t.startswith("#")), None)
    if "roll" not in checks and square is not None:
        click_square(block, square)
        expect(feedback(block)).to_have_text("まず「サイコロを振る」を押しましょう。")
        expect(block.locator(".bm-counter")).not_to_contain_text("（できた）")
        checks["roll"] = step["roll"]
    button.click()
    expect(feedback(block)).to_have_text(f"{step['roll']}が出ました。")
    expect(button).to_have_count(0)


def play_through(page, block, data, checks):
    """Complete every step by clicking; on the first step that allows them, try one legal
    but wrong move and one illegal click and check their explanations (``checks`` records
    what was checked)."""
    labels = data["labels"]
    steps = data["steps"]
    for index, step in enumerate(steps):
        expect(block.locator(".bm-counter")).to_contain_text(f"ステップ {index + 1} / {len(steps)}")
        if "roll" in step:  # a dice step: the board waits for 「サイコロを振る」
            roll_die(block, step, checks)
        if "squares" in step:
            actions = block.locator(".bm-lesson-actions button")
            click_square(block, step["squares"][0])
            actions.filter(has_text="答え合わせ").click()
            if len(step["squares"]) > 1:
                expect(feedback(block)).to_have_text(
                    f"まだちがいます。足りないマスが{len(step['squares']) - 1}つあります。")
                checks["mistakes"] = checks.get("mistakes", 0) + 1
            for square in step["squares"][1:]:
                click_square(block, square)
            actions.filter(has_text="答え合わせ").click()
            expect(feedback(block)).to_have_text("できました！" + "、".join(step["squares"]) + "です。")
            checks["squares"] = index
        if "question" in step:
            answer_question(block, step["question"])  # wrong once, then right
            checks["question"] = index
            checks["mistakes"] = checks.get("mistakes", 0) + 1
        if "moves" in step:
            if "wrong" not in checks and step["wrong"]:
                text, answer = sorted(step["wrong"].items())[0]
                clicks = next(m[1] for m in step["moves"] if m[0] == text)
                enter(block, clicks, labels)
                # every wrong move alike: shown, explained, then taken back
                expect(feedback(block)).to_have_text(answer + "手を戻しました。別の手を指してみましょう。")
                expect(block.locator(".bm-feedback.bm-wrong")).to_have_count(1)
                checks["wrong"] = (index, text, answer)
                checks["mistakes"] = checks.get("mistakes", 0) + 1
            if "illegal" not in checks and step["why"].get(""):
                reason, squares = sorted(step["why"][""].items())[0]
                click_square(block, squares[0])
                expect(feedback(block)).to_have_text(reason)
                checks["illegal"] = (index, squares[0], reason)
            text, right = sorted(step["right"].items())[0]
            clicks = next(m[1] for m in step["moves"] if m[0] == text)
            enter(block, clicks, labels)
            expect(feedback(block)).to_contain_text("できました！" + right["says"])
            if right["replies"]:
                expect(feedback(block)).to_contain_text(f"相手は{right['replies'][-1][0]}と指しました",
                                                        timeout=5000)
        if index < len(steps) - 1:
            expect(block.locator(".bm-next")).to_be_enabled()
            block.locator(".bm-next").click()
    expect(block.locator(".bm-counter")).to_contain_text("（できた）")
    expect(block).to_have_class("banmen-lesson bm-solved")


def stars_for(mistakes):
    """The score lesson-progress.js gives: 3 stars without a wrong try, 2 for one or two."""
    return 3 if mistakes == 0 else 2 if mistakes <= 2 else 1


def course_pages(page):
    """The lesson pages of the course map on ``page``, in course order (absolute URLs)."""
    return page.evaluate("""() => [...document.querySelectorAll('.bm-course li')].map(
        li => li.querySelector('a') ? li.querySelector('a').href : location.href)""")


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_is_completed_by_clicking_and_scored_on_the_map(browser, site_url, game):
    page, errors = new_page(browser)
    page.goto(f"{site_url}/{game}/lesson/")
    pages = course_pages(page)
    assert len(pages) >= 3, pages  # issue 35: a course of three lessons or more
    page.evaluate("localStorage.clear()")  # the first step, text only, was done on sight
    scores = []
    for number, url in enumerate(pages, start=1):
        page.goto(url)
        block = page.locator(".banmen-lesson")
        ident = block.get_attribute("data-ident")
        data = lesson_data(block)
        # the map shows this lesson as the current one, unlinked
        expect(page.locator(".bm-course li").nth(number - 1)).to_contain_text("（このページ）")
        if number == 1:
            assert sum("moves" in s or "squares" in s or "question" in s
                       for s in data["steps"]) >= 8
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"lesson-{game}-{number}-1280.png"), full_page=False)
        checks: dict = {}
        play_through(page, block, data, checks)
        if number == 1:
            assert {"wrong", "illegal"} <= set(checks), checks
            if game in ("ukejalayer", "ludo"):  # each asks a question (a number, a choice)
                assert "question" in checks, checks
        if game == "ludo":  # every ludo lesson has a step whose die the reader rolls
            assert "roll" in checks, checks
        mistakes = checks.get("mistakes", 0)
        stars = stars_for(mistakes)
        expect(block.locator(".bm-lesson-score")).to_have_text(
            f"このレッスンの評価：{'★' * stars}{'☆' * (3 - stars)}（星{stars}つ。"
            f"まちがえた手や答え：{mistakes}回）")
        stored = page.evaluate(f"JSON.parse(localStorage.getItem('{STORE}'))")
        assert stored[ident] == {"done": list(range(len(data["steps"]))), "complete": True,
                                 "mistakes": mistakes, "stars": stars}
        scores.append(stars)
    # the map shows each lesson's stars; a reload keeps them
    page.reload()
    expect(page.locator(".banmen-lesson .bm-counter")).to_contain_text("（できた）")
    marks = page.locator(".bm-course-mark")
    expect(marks).to_have_text([f"{'★' * s}{'☆' * (3 - s)}" for s in scores])
    expect(page.locator(".bm-lesson-progress")).to_have_count(0)
    # instant navigation to the home page shows the course next to the puzzle progress
    page.locator("a.md-header__button.md-logo").first.click()
    line = page.locator(f'.bm-progress[data-game="{game}"] .bm-lesson-progress')
    expect(line).to_have_text(f"手ほどき：修了 ★{sum(scores)} / {3 * len(scores)}")
    assert page.evaluate("typeof window.document$") != "undefined"
    # and on the game's puzzle page
    page.goto(f"{site_url}/{game}/puzzles/")
    expect(page.locator(".bm-lesson-progress")).to_have_text(
        f"手ほどき：修了 ★{sum(scores)} / {3 * len(scores)}")
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_lesson_at_390_px(browser, site_url, game):
    page, errors = new_page(browser, width=390)
    page.goto(f"{site_url}/{game}/lesson/")
    block = page.locator(".banmen-lesson")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways at 390 px ({width} px wide)"
    board = block.locator(".bm-boards").bounding_box()
    side = block.locator(".bm-lesson-side").bounding_box()
    assert side["y"] >= board["y"] + board["height"] - 1, "the text goes below the board"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lesson-{game}-390.png"), full_page=True)
    assert not errors, errors
    page.close()


def test_damaged_or_foreign_storage_is_ignored(browser, site_url):
    page, errors = new_page(browser)
    page.goto(f"{site_url}/ukejalayer/lesson/")
    steps = len(lesson_data(page.locator(".banmen-lesson"))["steps"])
    for value in ["not json", "[1, 2]", json.dumps({"ukejalayer/first-game": {"done": "x"}}),
                  json.dumps({"ukejalayer/first-game": {"done": [-1, 999, 1.5, "2", 1],
                                                        "complete": "yes"}})]:
        page.evaluate(f"localStorage.setItem('{STORE}', {json.dumps(value)})")
        page.reload()
        # the first step (text only) is done on sight; a valid stored step 1 is kept
        expect(page.locator(".banmen-lesson .bm-counter")).to_contain_text("ステップ 1 / ")
        # the map counts the steps done: 1, or 2 with the valid stored step 1
        mark = page.locator(".bm-course-mark[data-lesson='ukejalayer/first-game']")
        expect(mark).to_have_text(f"{2 if '999' in value else 1} / {steps} ステップ")
        page.goto(f"{site_url}/")
        expect(page.locator('.bm-progress[data-game="ukejalayer"] .bm-lesson-progress')
               ).to_contain_text("手ほどき：0 / ")
        page.goto(f"{site_url}/ukejalayer/lesson/")
    assert not errors, errors
    page.close()


def test_a_lesson_step_is_played_with_the_keyboard(browser, site_url):
    page, errors = new_page(browser)
    page.goto(f"{site_url}/ukejalayer/lesson/")
    block = page.locator(".banmen-lesson")
    # step 1 is text only: 「次へ」 by Enter on the focused button
    block.locator(".bm-next").focus()
    page.keyboard.press("Enter")
    expect(block.locator(".bm-counter")).to_contain_text("ステップ 2 / ")
    # on the board the focus ring starts at the top-left square (a4); an arrow moves it
    block.locator(".bm-boards").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(feedback(block)).to_contain_text("できました！b4：召喚です。")
    # outside the board, the arrow keys change steps
    block.locator(".bm-again").focus()
    page.keyboard.press("ArrowRight")
    expect(block.locator(".bm-counter")).to_contain_text("ステップ 3 / ")
    page.keyboard.press("ArrowLeft")
    expect(block.locator(".bm-counter")).to_contain_text("ステップ 2 / ")
    assert not errors, errors
    page.close()


def test_the_reset_button_forgets_the_lesson_progress_of_its_line(browser, site_url):
    page, errors = new_page(browser)
    page.goto(f"{site_url}/ukejalayer/lesson/")
    block = page.locator(".banmen-lesson")
    data = lesson_data(block)
    total = len(data["steps"])
    block.locator(".bm-next").click()  # step 1 is text only, done on sight
    step = data["steps"][1]
    text = sorted(step["right"])[0]
    enter(block, next(m[1] for m in step["moves"] if m[0] == text), data["labels"])
    expect(feedback(block)).to_contain_text("できました！")
    # another game's lesson progress, which this game's line must keep
    page.evaluate(f"""() => {{ const all = JSON.parse(localStorage.getItem('{STORE}'));
        all['medamagaeru/first-game'] = {{done: [0, 1], complete: true, mistakes: 0, stars: 3}};
        localStorage.setItem('{STORE}', JSON.stringify(all)); }}""")
    page.goto(f"{site_url}/")
    line = page.locator('.bm-progress[data-game="ukejalayer"]')
    mark = line.locator(".bm-lesson-progress")
    lessons = len(json.loads(mark.get_attribute("data-lessons")))
    expect(mark).to_have_text(f"手ほどき：0 / {lessons} レッスン")
    reset = line.locator(".bm-progress-reset")
    expect(reset).to_be_visible()  # no puzzle tried: the lesson progress alone shows it
    reset.click()
    expect(reset).to_be_hidden()
    other = page.locator('.bm-progress[data-game="medamagaeru"] .bm-lesson-progress')
    expect(other).to_have_text(
        f"手ほどき：1 / {len(json.loads(other.get_attribute('data-lessons')))} レッスン")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))
    assert stored == {"medamagaeru/first-game": {"done": [0, 1], "complete": True,
                                                 "mistakes": 0, "stars": 3}}
    page.reload()
    expect(page.locator('.bm-progress[data-game="ukejalayer"] .bm-lesson-progress')
           ).to_have_text(f"手ほどき：0 / {lessons} レッスン")
    # the lesson starts over: step 2 is not done any more
    page.goto(f"{site_url}/ukejalayer/lesson/")
    block = page.locator(".banmen-lesson")
    # (step 1 is text only: nothing was done, so no 「（できた）」 either)
    expect(block.locator(".bm-counter")).to_have_text(f"ステップ 1 / {total}")
    block.locator(".bm-next").click()
    expect(block.locator(".bm-counter")).to_have_text(f"ステップ 2 / {total}")
    expect(block.locator(".bm-next")).to_be_disabled()
    assert not errors, errors
    page.close()


def test_a_click_off_the_path_is_a_new_first_click_and_nothing_is_done_before_it(
        browser, site_url):
    """The reviewer's case: in the 「移動」 step, b2 then a1 (empty, where a summon could go)
    is no summon of the wrong kind: a1 does not continue b2's move, and the engine says why;
    a click on a1 with nothing selected is then the summon (a legal move of another kind).
    The counter shows 「（できた）」 only for a step the reader did."""
    page, errors = new_page(browser)
    page.goto(f"{site_url}/ukejalayer/lesson/")
    block = page.locator(".banmen-lesson")
    counter = block.locator(".bm-counter")
    # step 1 is text only: nothing was done there
    expect(counter).to_have_text(f"ステップ 1 / {len(lesson_data(block)['steps'])}")
    block.locator(".bm-next").click()
    expect(counter).to_have_text(f"ステップ 2 / {len(lesson_data(block)['steps'])}")
    click_square(block, "b4")
    expect(counter).to_have_text(f"ステップ 2 / {len(lesson_data(block)['steps'])}（できた）")
    block.locator(".bm-next").click()
    click_square(block, "b2")
    click_square(block, "a1")
    expect(feedback(block)).to_have_text(
        "b2からそのマスへは運べません。駒は縦か横のとなりのマスへ、1マスずつ運びます。")
    assert "bm-wrong" in feedback(block).get_attribute("class")
    # the selection was dropped: a1 alone now enters the summon, answered as the wrong kind
    click_square(block, "a1")
    expect(feedback(block)).to_contain_text("a1は指せる手（召喚）ですが、このステップで指すのは移動です。")
    expect(feedback(block)).to_contain_text("別の手を指してみましょう。", timeout=10000)
    # and b2 then b3 is the move the step asks for
    click_square(block, "b2")
    click_square(block, "b3")
    expect(feedback(block)).to_contain_text("できました！b2b3")
    assert not errors, errors
    page.close()
