"""Lessons: the engines' move kinds and click reasons, ``banmen check`` of lesson files
(located errors) and the page data the build exports."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from banmen.content.check import check_project
from banmen.content.errors import ContentErrors
from banmen.game import get_game, game_ids
from banmen.site.html import lesson_html
from banmen.site.views import view_of
from conftest import ROOT

LESSON = "lessons/ukejalayer/first-game.yaml"


def kinds_of(game_id, position, text):
    game = get_game(game_id)
    state = game.position_from_yaml({"game": game_id, **position})
    return game.move_kinds(state, game.parse_move(state, text))


# ---- move kinds (spec facts of shared/rules/<game>.md)


def test_every_game_names_its_move_kinds_in_japanese():
    names = {g: get_game(g).move_kind_names for g in game_ids()}
    assert names["ukejalayer"] == {"summon": "召喚", "move": "移動", "link": "連携",
                                   "eliminate": "排除"}
    assert set(names["medamagaeru"]) == {"move", "capture", "promote"}
    assert set(names["suicide-checkers"]) == {"move", "capture", "crown", "chain"}
    assert set(names["babuschka"]) == {"step", "jump", "chain", "cover", "pass"}
    assert set(names["ludo"]) == {"roll", "pass", "enter", "move", "jump", "flight", "bounce",
                                  "send_back", "finish"}


def test_ukejalayer_kinds():
    start = {"to_move": "white", "hands": {"white": 5, "black": 5}}
    # spec fact 2: three pieces from a1 reach d1 over empty b1 and c1: a move, no link
    relay = {**start, "board": {"a1": "WWW", "d1": "B"}}
    assert kinds_of("ukejalayer", relay, "a1(3)b1(2)c1(1)d1") == ("move",)
    linked = {**start, "board": {"a1": "W", "b1": "W", "d4": "B"}}
    assert kinds_of("ukejalayer", linked, "a1(1)b1(1)c1") == ("link", "move")
    assert kinds_of("ukejalayer", linked, "a1b1") == ("move",)
    assert kinds_of("ukejalayer", linked, "c3") == ("summon",)
    empty = {"to_move": "white", "hands": {"white": 0, "black": 0}, "board": {"b2": "BW"}}
    assert kinds_of("ukejalayer", empty, "b2") == ("eliminate",)


def test_medamagaeru_checkers_babuschka_and_ludo_kinds():
    frogs = {"to_move": "green", "board": {"44": "G3", "43": "W2", "21": "W4", "31": "W5",
                                           "41": "W1", "51": "W3", "67": "G4", "57": "G2",
                                           "47": "G1", "27": "G5"},
             "captures": {"green": 0, "white": 0}, "attacker": "none"}
    assert kinds_of("medamagaeru", frogs, "3 44x43") == ("capture",)
    assert kinds_of("medamagaeru", frogs, "3 44x43+") == ("promote", "capture")
    assert kinds_of("medamagaeru", frogs, "3 44-45") == ("move",)
    assert kinds_of("suicide-checkers", {"fen": "B:W9:B27"}, "27-31") == ("crown", "move")
    # a capture of two jumps is a 連続跳び too (last: the lessons read the first kind)
    assert kinds_of("suicide-checkers", {"fen": "B:W18,27:B14"}, "14x23x32") == (
        "crown", "capture", "chain")
    assert kinds_of("suicide-checkers", {"fen": "B:W18:B14"}, "14x23") == ("capture",)
    assert kinds_of("suicide-checkers", {"fen": "B:W18,27:B14"}, "14x23x32") != ("move",)
    nests = {"players": 2, "to_move": "black",
             "board": {"d2": ["bL"], "d3": ["gS"], "e4": ["gM"], "c6": ["gL"]}}
    assert kinds_of("babuschka", nests, "L d2xd4xf4") == ("chain", "jump")
    assert kinds_of("babuschka", nests, "L d2xd4") == ("jump",)
    assert kinds_of("babuschka", nests, "L d2-d3") == ("cover", "step")
    blocked = {"players": 2, "to_move": "black",
               "board": {"c8": ["bS"], "d8": ["gM"], "e8": ["gL"], "c3": ["gS"]}}
    assert kinds_of("babuschka", blocked, "pass") == ("pass",)
    dice = {"preset": "aeroplane", "colours": ["red", "blue"], "to_move": "red"}
    # spec facts: 12 with a 2 lands on 14 (own colour), jumps to 18, flies to 30
    assert kinds_of("ludo", {**dice, "roll": 2, "pieces": {"red": [12, "yard", "yard", "yard"],
                                                            "blue": ["yard"] * 4}},
                    "r1 12-30") == ("flight", "jump", "move")
    # 54 with a 6 bounces back to 52
    assert kinds_of("ludo", {**dice, "roll": 6, "pieces": {"red": [54, "yard", "yard", "yard"],
                                                            "blue": ["yard"] * 4}},
                    "r1 54-52") == ("bounce", "move")
    hit = {**dice, "roll": 3, "pieces": {"red": [5, "yard", "yard", "yard"],
                                        "blue": [34, "yard", "yard", "yard"]}}
    assert kinds_of("ludo", hit, "r1 5-8") == ("send_back", "move")
    home = {**dice, "roll": 3, "pieces": {"red": [53, "goal", "goal", "goal"],
                                         "blue": ["yard"] * 4}}
    assert kinds_of("ludo", home, "r1 53-goal") == ("finish", "move")
    assert kinds_of("ludo", {**dice, "roll": 6, "pieces": {"red": ["yard"] * 4,
                                                            "blue": ["yard"] * 4}},
                    "r1 yard-0") == ("enter",)


def test_click_reasons_name_the_rule():
    game = get_game("medamagaeru")
    state = game.position_from_yaml({"game": "medamagaeru", "to_move": "green",
                                     "board": {"44": "G3", "43": "W1", "35": "W2", "21": "W4",
                                               "61": "W5", "51": "W3", "67": "G4", "57": "G2",
                                               "47": "G1", "27": "G5"},
                                     "captures": {"green": 0, "white": 0}, "attacker": "none"})
    assert game.click_reason(state, ["44"], "43") == ("目玉3のかえるが取れるのは、目玉2の相手だけです。"
                                                      "目玉1のかえるは取れません。")
    assert game.click_reason(state, [], "43") == "それは相手のかえるです。今は緑の番です。"
    checkers = get_game("suicide-checkers")
    forced = checkers.position_from_yaml({"game": "suicide-checkers",
                                          "fen": "B:W18,30,31,32:B9,14,1"})
    assert checkers.click_reason(forced, [], "9") == ("取れる駒があるときは、必ず取らなければ"
                                                      "いけません。9の駒には取る手がなく、"
                                                      "取る手があるのは14の駒です。")
    uke = get_game("ukejalayer")
    state = uke.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                                    "hands": {"white": 6, "black": 6},
                                    "board": {"b2": "W", "c2": "B"}})
    assert uke.click_reason(state, [], "c2") == ("その山の一番上は相手の駒です。動かせるのは、"
                                                 "一番上が自分の駒の山だけです。")


# ---- banmen check of lessons


def test_the_lessons_check_and_each_first_game_has_eight_expect_steps():
    content = check_project(ROOT, paths=[ROOT / "lessons"])
    # every game's course starts with its first game; later lessons (a course, issue #35)
    # are shorter, one idea each
    assert {f"{g}/first-game" for g in game_ids()} <= set(content.lessons)
    for lesson in content.lessons.values():
        least = 8 if lesson.ident.endswith("/first-game") else 4
        assert sum(s.expect is not None for s in lesson.model.steps) >= least, lesson.ident
        assert lesson.model.steps[-1].claim is not None or any(
            s.claim for s in lesson.model.steps if s.expect is not None)


def _project(tmp_path: Path, text: str, name: str = "ukejalayer") -> Path:
    folder = tmp_path / "lessons" / name
    folder.mkdir(parents=True)
    (folder / "first-game.yaml").write_text(text, encoding="utf-8")
    shutil.copy2(ROOT / "rules.yaml", tmp_path / "rules.yaml")
    return tmp_path


def _errors(root: Path) -> list[str]:
    with pytest.raises(ContentErrors) as caught:
        check_project(root)
    return [str(e) for e in caught.value.errors]


def _place(text: str, needle: str) -> tuple[int, int]:
    before = text[:text.index(needle)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def test_an_accepted_move_made_illegal_fails_at_its_line(tmp_path):
    text = (ROOT / LESSON).read_text(encoding="utf-8").replace("{moves: [a1a2]}",
                                                              "{moves: [a1a5]}")
    line, col = _place(text, "a1a5")
    assert _errors(_project(tmp_path, text)) == [
        f"{LESSON}:{line}:{col}: move 'a1a5': square a5 is off the 4x4 board (a1 to d4)"]


def test_a_kind_no_legal_move_has_is_an_error(tmp_path):
    text = (ROOT / LESSON).read_text(encoding="utf-8").replace("{kind: link}",
                                                              "{kind: eliminate}")
    line, col = _place(text, "eliminate}")
    assert _errors(_project(tmp_path, text)) == [
        f"{LESSON}:{line}:{col}: no legal move here is of kind 'eliminate' (排除); legal kinds: "
        "link, move, summon"]


BASE = """game: ukejalayer
title: t
intro: i
steps:
  - text: a
    position: {to_move: white, hands: {white: 1, black: 1}, board: {a1: W, d4: B}}
    expect: {kind: STEP1}
  - text: b
    expect: {moves: [a2b2]}
    claim: win
"""


def test_unknown_kind_and_a_step_continuing_from_several_results(tmp_path):
    assert _errors(_project(tmp_path / "a", BASE.replace("STEP1", "jump"))) == [
        f"{LESSON}:7:20: unknown move kind 'jump' for ukejalayer (known: summon, move, link, "
        "eliminate)"]
    assert _errors(_project(tmp_path / "b", BASE.replace("STEP1", "move"))) == [
        f"{LESSON}:8:5: this step continues from step 1, whose result depends on the reader's "
        "move (2 moves are accepted there); give it a 'position'"]


def test_a_false_claim_and_a_missing_claim_are_errors(tmp_path):
    text = BASE.replace("{kind: STEP1}", "{moves: [a1a2]}\n    reply: d4d3").replace(
        "[a2b2]", "[a2a3]")
    assert _errors(_project(tmp_path / "a", text)) == [
        f"{LESSON}:11:12: claim 'win' does not hold after a2a3: the game goes on"]
    text = text.replace("    claim: win\n", "")
    assert _errors(_project(tmp_path / "b", text)) == [
        f"{LESSON}:10:13: the last step with 'expect' must state its 'claim' (win or finish), "
        "so that the lesson ends with a checked result"]


def test_feedback_for_an_accepted_or_illegal_move_is_an_error(tmp_path):
    text = BASE.replace("{kind: STEP1}", "{moves: [a1a2]}\n    feedback: {a1a2: x}")
    assert _errors(_project(tmp_path / "a", text))[0] == (
        f"{LESSON}:8:16: feedback move 'a1a2' is an accepted move of this step")
    text = BASE.replace("{kind: STEP1}", "{moves: [a1a2]}\n    feedback: {a1c3: x}")
    assert _errors(_project(tmp_path / "b", text))[0].startswith(
        f"{LESSON}:8:16: feedback move 'a1c3': ")


# ---- page data and HTML


@pytest.fixture(scope="module")
def ukejalayer_lesson():
    return check_project(ROOT, paths=[ROOT / LESSON]).lessons["ukejalayer/first-game"]


def test_wrong_legal_moves_are_answered_from_the_engine_kinds(ukejalayer_lesson):
    step = ukejalayer_lesson.data["steps"][2]  # 「移動」 asked, b2 and c3 on the board
    assert sorted(step["right"]) == ["b2a2", "b2b1", "b2b3", "b2c2"]
    assert step["wrong"]["a1"] == "a1は指せる手（召喚）ですが、このステップで指すのは移動です。"
    assert step["right"]["b2a2"]["says"] == "b2a2：移動です。"
    # after b2, a click on an empty square is no summon (a one-click move does not restart
    # the path): the engine says why b2's pieces cannot go there
    why_b2 = step["why"]["b2"]
    assert why_b2["b2からそのマスへは運べません。駒は縦か横のとなりのマスへ、1マスずつ運びます。"][:3] == [
        "a1", "a3", "a4"]
    four = ukejalayer_lesson.data["steps"][4]  # a1(2)b1 asked, a1(1)b1 has its own feedback
    assert four["wrong"]["a1b1"] == ("それは1枚だけ運ぶ手です。a1をクリックしたら「2枚運ぶ」を"
                                     "選びましょう。")
    assert four["why"][""]["その山の一番上は相手の駒です。動かせるのは、一番上が自分の駒の山だけです。"] == [
        "c3", "d4"]


def test_each_step_continues_on_the_board_the_previous_one_ended_with(ukejalayer_lesson):
    steps = ukejalayer_lesson.data["steps"]
    frames = ukejalayer_lesson.frames
    eight, nine = steps[8], steps[9]  # a1a2 then black eliminates c2; white eliminates next
    assert eight["right"]["a1a2"]["replies"][0][0] == "c2"
    after = frames[eight["end"]].state
    assert frames[nine["board"]].state == after
    assert list(nine["right"]) == ["b2"]


def test_lesson_html_escapes_the_title_and_is_deterministic(ukejalayer_lesson, tmp_path):
    import dataclasses

    lesson = dataclasses.replace(ukejalayer_lesson, model=ukejalayer_lesson.model.model_copy(
        update={"title": "<b>x</b>"}))
    view, boards = view_of("lessons", lesson)
    svg = {b.key: f"<svg id='{b.ident}'></svg>" for b, _, _ in boards}
    first = lesson_html(view, lambda b: svg[b.key])
    assert '<p class="bm-title">&lt;b&gt;x&lt;/b&gt;</p>' in first
    assert first == lesson_html(view, lambda b: svg[b.key])
    assert first.count('class="bm-frame"') == len(lesson.frames)
    assert 'data-steps="11"' in first


def test_a_squares_step_is_checked_against_its_query(tmp_path):
    text = BASE.replace("{kind: STEP1}", "{squares: [a2], query: reachable_squares, "
                        "args: {from: a1}}")
    # a squares step keeps the board: the next step is checked from it too (issue 33)
    assert _errors(_project(tmp_path, text)) == [
        f"{LESSON}:7:23: wrong answer for query 'reachable_squares': stated [a2], engine "
        "computes [a2, b1]",
        f"{LESSON}:9:22: move 'a2b2': a2 has no white piece on top, cannot lose 1"]
    good = check_project(ROOT, paths=[ROOT / "lessons/babuschka"]).lessons[
        "babuschka/first-game"].data["steps"][4]
    assert good["squares"] == ["d4", "f4"] and "moves" not in good


# ---- question steps (the puzzle answer kinds)


def test_question_steps_are_checked_like_puzzle_answers(tmp_path):
    question = ("{kind: number, query: movable_pieces, value: 2}\n"
                "  - text: c\n    expect: {moves: [a1a2]}\n    claim: win")
    text = BASE.replace("{kind: STEP1}\n  - text: b\n    expect: {moves: [a2b2]}\n    claim: win",
                        question)
    line, col = _place(text, "2}")
    # a question keeps the board: the next step is checked from it too (issue 33)
    assert _errors(_project(tmp_path / "a", text)) == [
        f"{LESSON}:{line}:{col}: wrong answer for query 'movable_pieces': stated 2, engine computes 1 "
        "(movable: a1 (1))",
        f"{LESSON}:10:12: claim 'win' does not hold after a1a2: the game goes on"]
    # the board the question keeps is checked on: the last step gets a position of its own
    base = BASE.replace("    expect: {moves: [a2b2]}", "    position: {to_move: white, hands: "
                        "{white: 0, black: 0}, board: {b2: WW, c2: B, c3: B, a1: BW}}\n"
                        "    expect: {moves: [\"b2(2)c2(1)c3\"]}")
    choice = ("{kind: choice, query: can_eliminate, options: [{label: できる, value: true}, "
              "{label: できない, value: false}], value: true}")
    text = base.replace("{kind: STEP1}", choice)
    line, col = _place(text, "true}\n")
    assert _errors(_project(tmp_path / "b", text)) == [
        f"{LESSON}:{line}:{col}: wrong answer for query 'can_eliminate': stated true, engine computes "
        "false"]
    boolean = "{kind: boolean, query: summon_squares, value: true}"
    text = base.replace("{kind: STEP1}", boolean)
    line, col = _place(text, "summon_squares")
    assert _errors(_project(tmp_path / "c", text)) == [
        f"{LESSON}:{line}:{col}: query 'summon_squares' answers squares, not boolean"]
    reply = base.replace("{kind: STEP1}", "{kind: boolean, query: can_eliminate, value: false}"
                         "\n    reply: d4d3")
    assert _errors(_project(tmp_path / "d", reply)) == [
        f"{LESSON}:8:12: 'reply' needs an 'expect' with moves or kind"]


def test_question_steps_export_the_puzzle_answer_and_keep_the_board():
    content = check_project(ROOT, paths=[ROOT / "lessons/ukejalayer", ROOT / "lessons/ludo"])
    steps = content.lessons["ukejalayer/first-game"].data["steps"]
    number = steps[5]
    assert number["question"] == {"kind": "number", "answer": 3}
    assert number["end"] == number["board"] and "moves" not in number
    ludo = content.lessons["ludo/first-game"]
    choice = next(s for s in ludo.data["steps"] if "question" in s)
    assert choice["question"] == {"kind": "choice", "answer": 1, "options": [
        "ゴールに入る", "ゴールの4マス手前まで戻る", "動かせない"]}
    after = ludo.data["steps"][ludo.data["steps"].index(choice) + 1]
    frames = ludo.frames
    assert frames[after["board"]].state == frames[choice["end"]].state
    assert sorted(after["right"]) == ["r1 54-52"]  # the bounce the question asked about


def test_question_controls_are_the_puzzle_answer_markup(ukejalayer_lesson):
    view, boards = view_of("lessons", ukejalayer_lesson)
    page = lesson_html(view, lambda b: "<svg></svg>")
    assert ('<div class="bm-controls bm-step-answer" data-search-exclude data-step="5" '
            'data-kind="number" hidden>'
            '<input class="bm-input" type="number" inputmode="numeric" aria-label="答え">'
            '<button type="button" class="md-button bm-check">答え合わせ</button></div>') in page
    assert page.count("bm-step-answer") == 1


def test_no_engine_names_a_move_kind_like_a_question_kind():
    from banmen.content.models import QUESTION_KINDS

    for game_id in game_ids():
        assert not set(QUESTION_KINDS) & set(get_game(game_id).move_kind_names), game_id


@pytest.mark.parametrize("doc, heading", [("guide/lessons.md", "## Add a lesson"),
                                          ("docs/authoring.md", "## 手ほどきを書く")])
def test_the_documented_lesson_example_passes_banmen_check(tmp_path, doc, heading):
    text = (ROOT / doc).read_text(encoding="utf-8")
    section = text[text.index(heading):]
    example = section[section.index("```yaml\n") + 8:section.index("\n```", section.index("```yaml"))]
    assert "kind: number" in example
    root = _project(tmp_path, example + "\n")
    lesson = check_project(root).lessons["ukejalayer/first-game"]
    assert any("question" in s for s in lesson.data["steps"])


# ---- bounds: a lesson page draws every legal move's result, so lessons are bounded


def _summon_steps(count: int) -> str:
    step = ("  - text: a\n    position: {to_move: white, hands: {white: 8, black: 8}, board: {}}\n"
            "    expect: {kind: summon}\n")
    return ("game: ukejalayer\ntitle: t\nintro: i\nsteps:\n" + step * count
            + "  - text: w\n    position: {to_move: white, hands: {white: 0, black: 0}, "
              "board: {b2: WW, c2: B, c3: B, a1: BW}}\n"
              '    expect: {moves: ["b2(2)c2(1)c3"]}\n    claim: win\n')


def test_a_lesson_has_at_most_60_steps(tmp_path):
    assert _errors(_project(tmp_path, _summon_steps(60))) == [
        f"{LESSON}:5:3: steps: list should have at most 60 items after validation, not 61"]


def test_a_lesson_draws_at_most_300_boards(tmp_path):
    # each summon step on the empty 4x4 board draws its position and 16 results
    assert _errors(_project(tmp_path, _summon_steps(20))) == [
        f"{LESSON}:5:3: the lesson shows more than 300 boards (each step draws the result of "
        "every legal move it offers): expected fewer steps or positions with fewer moves; "
        "split it into several lessons"]


@pytest.mark.parametrize("roll, shown", [("true", "true"), ("1.0", "1.0"), ('"1"', "'1'")])
def test_a_ludo_step_roll_is_a_whole_number(tmp_path, roll, shown):
    text = ("game: ludo\ntitle: t\nintro: i\nsteps:\n  - text: a\n"
            "    position: {colours: [red, blue], to_move: red, "
            "pieces: {red: [5, yard, yard, yard], blue: [yard, yard, yard, yard]}}\n"
            f"    roll: {roll}\n    expect: {{moves: [r1 5-6]}}\n    claim: finish\n")
    assert _errors(_project(tmp_path, text, "ludo")) == [
        f"lessons/ludo/first-game.yaml:7:11: steps[0].roll: input should be a valid integer, "
        f"got {shown}"]
