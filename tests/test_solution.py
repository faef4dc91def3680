"""Playing on the board, the Python side: the click paths every game exports
(``Game.move_clicks``), the solution tree of move puzzles (banmen.content.solution) and the
one table that folds typed move text (banmen/content/move_text.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from banmen.content.solution import MainStep, solution_tree
from banmen.content.steps import MOVE_TEXT_TABLE, fold_move_text, normalise_move_text
from banmen.game import get_game
from banmen.site.html import puzzle_html
from conftest import ROOT, checked_project


@pytest.fixture(scope="module")
def content():
    return checked_project()


# ---------------------------------------------------------------- typed text


def test_the_table_is_the_packaged_json_and_lists_every_ime_dash():
    table = json.loads((ROOT / "banmen/content/move_text.json").read_text(encoding="utf-8"))
    assert MOVE_TEXT_TABLE == table
    for dash in "−ー‐‑―":  # NFKC already turns the full-width hyphen "－" into "-"
        assert table["replace"][dash] == "-"


@pytest.mark.parametrize("dash", ["－", "−", "ー", "‐", "―", "‑", "–", "ｰ", "-"])
def test_every_dash_and_full_width_digit_is_read(dash):
    assert normalise_move_text(f"５　６３{dash}５２") == "563-52"
    assert fold_move_text(f"５　６３{dash}５２") == "5 63-52"  # spaces kept for parsers


def test_yaml_moves_fold_before_parsing():
    game = get_game("suicide-checkers")
    state = game.position_from_yaml({"fen": "B:WK29:B14,19,22"})
    assert game.format_move(state, game.parse_move(state, fold_move_text("２２ー２５"))) == "22-25"
    medamagaeru = get_game("medamagaeru")
    start = medamagaeru.initial_state()
    move = medamagaeru.legal_moves(start)[0]
    text = medamagaeru.format_move(start, move)  # like "1 17-16"
    typed = text.replace("-", "−").translate(str.maketrans("0123456789 ", "０１２３４５６７８９　"))
    assert medamagaeru.parse_move(start, fold_move_text(typed)) == move


def test_the_page_embeds_the_same_table(content):
    puzzle = next(p for p in content.puzzles.values() if p.answer["kind"] == "move")
    page = puzzle_html(puzzle, 1, lambda spec: "<svg></svg>")
    assert 'data-answer="' in page
    import html as html_lib

    data = json.loads(html_lib.unescape(page.split('data-answer="', 1)[1].split('"', 1)[0]))
    assert data["fold"] == MOVE_TEXT_TABLE["replace"]


# ---------------------------------------------------------------- click paths


def test_ukejalayer_clicks_give_squares_and_counts():
    game = get_game("ukejalayer")
    state = game.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                                     "hands": {"white": 0, "black": 0},
                                     "board": {"a1": "WWW", "d1": "B", "a4": "BW", "b4": "BW",
                                               "c3": "BBW", "d4": "W"}})
    chain = game.parse_move(state, "a1(3)b1(2)c1(1)d1")
    assert game.move_clicks(state, chain) == ["a1", "#3", "b1", "#2", "c1", "#1", "d1"]
    eliminate = game.parse_move(state, "c3")
    assert eliminate.kind == "eliminate"
    assert game.move_clicks(state, eliminate) == ["c3", "#eliminate"]
    assert game.click_label("#3") == "3枚運ぶ"
    assert game.click_label("#eliminate") == "排除する"
    summon_state = game.initial_state()
    summon = game.parse_move(summon_state, "b2")
    assert game.move_clicks(summon_state, summon) == ["b2"]


def test_medamagaeru_asks_about_promotion_only_where_it_is_a_choice():
    game = get_game("medamagaeru")
    state = game.position_from_yaml({"to_move": "green", "board": {"44": "G2", "45": "W1",
                                                                 "71": "W5", "17": "G5"}})
    plain, promoted = game.parse_move(state, "2 44x45"), game.parse_move(state, "2 44x45+")
    assert game.move_clicks(state, plain) == ["44", "45", "#stay"]
    assert game.move_clicks(state, promoted) == ["44", "45", "#promote"]
    step = game.parse_move(state, "2 44-43")
    assert game.move_clicks(state, step) == ["44", "43"]
    assert (game.click_label("#promote"), game.click_label("#stay")) == ("成る", "成らない")


def test_checkers_clicks_are_the_default_move_path():
    game = get_game("suicide-checkers")
    state = game.position_from_yaml({"fen": "W:WK22:B18,11"})
    jump = game.parse_move(state, "22x15x8")
    assert game.move_clicks(state, jump) == game.move_path(state, jump) == ["22", "15", "8"]


def test_every_node_has_one_click_path_per_move(content):
    def check(node):
        paths = [tuple(clicks) for _, clicks in node["moves"]]
        assert len(paths) == len(set(paths))
        assert set(node["right"]) | set(node["wrong"]) == {text for text, _ in node["moves"]}
        for edge in node["right"].values():
            if edge["next"]:
                check(edge["next"])

    movers = [p for p in content.puzzles.values() if p.answer["kind"] == "move"]
    # every game with move puzzles (ludo has none: the dice decide what follows a move)
    assert {p.game.id for p in movers} == {"ukejalayer", "medamagaeru", "suicide-checkers",
                                           "babuschka"}
    for puzzle in movers:
        check(puzzle.answer["root"])


# ---------------------------------------------------------------- the tree


def test_checkers_tree_follows_the_authors_line_and_refutes_with_boards(content):
    puzzle = content.puzzles["suicide-checkers/p10-feed-king"]
    root = puzzle.answer["root"]
    assert root["main"] == "22-25" and list(root["right"]) == ["22-25"]
    edge = root["right"]["22-25"]
    assert (edge["reply"], edge["path"], edge["replyPath"]) == ("29x22", ["22", "25"],
                                                                ["29", "22"])
    second = edge["next"]["right"]["14-18"]
    assert second["reply"] == "22x15x24" and second["next"] is None
    assert sorted(root["wrong"]) == ["14-17", "14-18", "19-23", "19-24", "22-26"]
    wrong = root["wrong"]["14-17"]
    assert wrong["reply"] is not None and wrong["frame"] is not None
    frame = puzzle.frames[wrong["replyFrame"] - 1]
    assert frame.ident == f"{puzzle.ident}-f{wrong['replyFrame']}"
    assert len(puzzle.frames) == max(
        f for w in root["wrong"].values() for f in (w["frame"], w["replyFrame"]) if f)


def test_alternative_winning_moves_play_their_own_reply_lines():
    game = get_game("suicide-checkers")
    state = game.position_from_yaml({"fen": "B:WK30:B14,22"})
    winning = [game.format_move(state, m) for m in game.winning_moves(state, 4)]
    assert winning == ["22-25", "22-26"]
    main = [MainStep(game.parse_move(state, "22-25"), None, "")]
    after = game.play(state, main[0].move)
    main[0] = MainStep(main[0].move, game.legal_moves(after)[0], "本線")
    tree, frames = solution_tree(game, "suicide-checkers/t", {}, state, 4, main)
    right = tree["root"]["right"]
    assert list(right) == ["22-25", "22-26"]
    assert right["22-25"]["comment"] == "本線" and right["22-26"]["comment"] == ""
    # each line has its own boards and its own reply, chosen by the solver for 22-26
    assert right["22-25"]["replyFrame"] != right["22-26"]["replyFrame"]
    after_alt = game.play(state, game.parse_move(state, "22-26"))
    replies = [game.format_move(after_alt, r) for r in game.legal_moves(after_alt)]
    assert right["22-26"]["reply"] in replies
    assert right["22-26"]["next"]["main"] in right["22-26"]["next"]["right"]
    assert len(frames) >= 4


def test_comments_reach_the_feedback_line_as_plain_text():
    from banmen.content.solution import plain_comment

    assert plain_comment("黒の中が`f7`の灰の大を飛び越えて、**f8**の\n小の上に") == (
        "黒の中がf7の灰の大を飛び越えて、f8の小の上に")
    assert plain_comment("*a1*  から\n b2 へ") == "a1 から b2 へ"
