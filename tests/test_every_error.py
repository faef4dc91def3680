"""Every independent error of a file in one run (issue 33, item 10): a lesson step that fails
does not hide the steps after it that have their own position, and misspelt fields do not
hide the file's other errors. Fast: no site build."""

from __future__ import annotations

from pathlib import Path

import pytest

from banmen.content.check import check_project
from banmen.content.errors import ContentErrors

LESSON = "lessons/ukejalayer/l.yaml"


def _errors(root: Path, text: str, name: str = LESSON) -> list[str]:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        check_project(root, paths=[path])
    return [str(e) for e in caught.value.errors]


def test_an_impossible_first_position_does_not_hide_later_steps(tmp_path):
    text = ("game: ukejalayer\ntitle: t\nintro: i\n"
            "position: {to_move: white, hands: {white: 0, black: 0}, board: {e5: W}}\n"
            "steps:\n"
            "  - text: a\n    expect: {moves: [a1b1]}\n"            # from the bad position
            "  - text: b\n"
            "    position: {to_move: white, hands: {white: 0, black: 1}, board: {c1: W, d1: B}}\n"
            "    expect: {moves: [c1d1]}\n    claim: win\n")
    assert _errors(tmp_path, text) == [
        f"{LESSON}:4:65: impossible position: square e5 is off the 4x4 board (a1 to d4)",
        f"{LESSON}:11:12: claim 'win' does not hold after c1d1: the game goes on"]


def test_bad_feedback_moves_are_each_reported_and_the_claim_still_checked(tmp_path):
    text = ("game: ukejalayer\ntitle: t\nintro: i\nsteps:\n"
            "  - text: a\n"
            "    position: {to_move: white, hands: {white: 0, black: 1}, board: {c1: W, d1: B}}\n"
            "    expect: {moves: [c1d1]}\n"
            "    feedback: {a1a5: x, c1d1: y, c1c2: z}\n"
            "    claim: win\n")
    assert _errors(tmp_path, text) == [
        f"{LESSON}:8:16: feedback move 'a1a5': square a5 is off the 4x4 board (a1 to d4)",
        f"{LESSON}:8:25: feedback move 'c1d1' is an accepted move of this step",
        f"{LESSON}:9:12: claim 'win' does not hold after c1d1: the game goes on"]


def test_a_misspelt_field_does_not_hide_a_wrong_answer(tmp_path):
    text = ("game: ukejalayer\ntitle: t\n"
            "position: {to_move: white, hands: {white: 0, black: 0}, board: {c2: WBWW, b3: BW, "
            "d1: B}}\nquestion: q\nanswer: {kind: number, query: movable_pieces, value: 4}\n"
            "explanation: e\nhint: [h]\n")
    assert _errors(tmp_path, text, "puzzles/ukejalayer/p.yaml") == [
        "puzzles/ukejalayer/p.yaml:5:54: wrong answer for query 'movable_pieces': stated 4, "
        "engine computes 3 (movable: b3 (1), c2 (2))",
        "puzzles/ukejalayer/p.yaml:7:1: unknown field 'hint' (check the spelling; see the "
        "schema in schemas/)"]
    # a missing field leaves no model to check: the shape errors alone
    assert _errors(tmp_path, text.replace("explanation: e\n", ""),
                   "puzzles/ukejalayer/p.yaml") == [
        "puzzles/ukejalayer/p.yaml:1:1: missing field 'explanation'",
        "puzzles/ukejalayer/p.yaml:6:1: unknown field 'hint' (check the spelling; see the "
        "schema in schemas/)"]


BAD_STACK = "position: {to_move: white, hands: {white: 0, black: 0}, board: {c2: WX}}\n"


@pytest.mark.parametrize("name, text", [
    ("diagrams/ukejalayer/d.yaml", "game: ukejalayer\ncaption: c\n"),
    ("puzzles/ukejalayer/p.yaml", "game: ukejalayer\ntitle: t\nlevel: 1\nquestion: q\n"
     "answer: {kind: number, query: movable_pieces, value: 0}\nhints: [h]\nexplanation: e\n"),
])
def test_an_impossible_position_does_not_hide_bad_squares_of_the_marks(tmp_path, name, text):
    # before: only the position's error (the marks were checked after it)
    assert _errors(tmp_path, text + BAD_STACK + "highlight: [e9]\nlabels: {z9: x}\n", name) == [
        f"{name}:{text.count(chr(10)) + 1}:69: impossible position: stack must be a string of W "
        "and B, bottom to top (got 'WX')",
        f"{name}:{text.count(chr(10)) + 2}:13: 'e9' is not a square of the ukejalayer board",
        f"{name}:{text.count(chr(10)) + 3}:10: 'z9' is not a square of the ukejalayer board"]


def test_an_illegal_sequence_move_does_not_hide_bad_squares_of_later_steps(tmp_path):
    name = "sequences/ukejalayer/s.yaml"
    text = ("game: ukejalayer\ntitle: t\nintro: i\nsteps:\n  - move: z9z9\n    comment: c\n"
            "  - move: c3\n    highlight: [e5]\n    comment: c\n")
    assert _errors(tmp_path, text, name) == [
        f"{name}:5:11: move 'z9z9': square z9 is off the 4x4 board (a1 to d4)",
        f"{name}:8:17: 'e5' is not a square of the ukejalayer board"]


def test_a_hidden_character_does_not_hide_the_files_other_errors(tmp_path):
    text = ("game: ukejalayer\ntitle: t\n"
            "position: {to_move: white, hands: {white: 0, black: 0}, board: {c2: WBWW, b3: BW, "
            "d1: B}}\nquestion: q\nanswer: {kind: number, query: movable_pieces, value: 4}\n"
            "explanation: e\nhints: [\"x\\ud800y\"]\n")
    assert _errors(tmp_path, text, "puzzles/ukejalayer/p.yaml") == [
        "puzzles/ukejalayer/p.yaml:5:54: wrong answer for query 'movable_pieces': stated 4, "
        "engine computes 3 (movable: b3 (1), c2 (2))",
        "puzzles/ukejalayer/p.yaml:7:9: the text holds the lone surrogate U+D800 (half of a "
        "UTF-16 pair, not a character; it cannot be written as UTF-8): remove it, or write the "
        "whole character"]
