"""バブーシュカ notation, position files, queries, the solver and the command line
(shared/rules/babuschka.md "Notation"; guide/positions.md)."""

from __future__ import annotations

import pytest
import yaml
from click.testing import CliRunner

from banmen.cli import main
from banmen.game import IllegalMoveError, NotationError, PositionError, QueryError
from banmen.games.babuschka import PASS, BabuschkaGame
from banmen.query import run_query

GAME = BabuschkaGame()
GAME4 = BabuschkaGame({"players": 4})

README_POSITION = """\
game: babuschka
players: 2
to_move: black
board: {c1: [bS, bM, bL], d2: [gS, bL]}
"""


def load(text, game=GAME):
    return game.position_from_yaml(yaml.safe_load(text))


def pos(board, to_move="black", players=2, **extra):
    game = GAME if players == 2 else GAME4
    return game.position_from_yaml({"players": players, "to_move": to_move, "board": board,
                                    **extra})


# =========================================================================== notation


def test_the_readme_position_and_its_moves():
    state = load(README_POSITION)
    assert sorted(GAME.format_move(state, m) for m in GAME.legal_moves(state)) == [
        "L c1-b2", "L c1-c2", "L c1-d1", "L c1xe3",
        "L d2-c2", "L d2-c3", "L d2-d3", "L d2-e2", "L d2-e3"]


def test_notation_forms_and_round_trip():
    state = pos({"d2": "bM", "d3": "gS", "e4": "gL", "c1": "bL"})
    move = GAME.parse_move(state, "M d2xd4xf4")
    assert GAME.format_move(state, move) == "M d2xd4xf4"
    assert GAME.move_path(state, move) == ["d2", "d4", "f4"]
    assert GAME.notations(state, move) == ["M d2xd4xf4", "d2xd4xf4"]
    step = GAME.parse_move(state, "L c1-c2")
    assert GAME.format_move(state, step) == "L c1-c2"
    assert GAME.parse_move(state, "c1-c2") == step  # the size letter may be left out
    assert GAME.parse_move(state, "  L  c1 - c2 ") == step
    assert GAME.move_path(state, step) == ["c1", "c2"]


def test_four_player_records_prefix_the_seat_and_it_may_be_left_out():
    state = pos({"a4": "wS", "c4": "sM"}, "west", 4)
    move = GAME4.parse_move(state, "W: S a4-b4")
    assert GAME4.format_move(state, move) == "W: S a4-b4"
    assert GAME4.parse_move(state, "S a4-b4") == move
    assert GAME4.parse_move(state, "W:S a4-b4") == move
    assert GAME4.notations(state, move) == ["W: S a4-b4", "S a4-b4", "a4-b4"]
    with pytest.raises(IllegalMoveError) as err:
        GAME4.parse_move(state, "S: S a4-b4")
    assert str(err.value) == "the seat to move is W (west), not S (south)"
    with pytest.raises(NotationError) as err:
        GAME4.parse_move(state, "Q: S a4-b4")
    assert str(err.value) == "unknown seat 'Q': expected S, W, N or E"
    passing = pos({}, "north", 4)
    assert GAME4.format_move(passing, PASS) == "N: pass"
    assert GAME4.parse_move(passing, "pass") == PASS == GAME4.parse_move(passing, "N: pass")


@pytest.mark.parametrize("text, error, message", [
    ("foo", NotationError, "cannot read move 'foo': expected like 'L c1-c2', 'M d2xd4xf4', "
                           "'W: S a4-b4' or 'pass'"),
    ("B: L c1-c2", NotationError, "seat prefix 'B:' is for four-player records; two-player "
                                  "moves have none"),
    ("X c1-c2", NotationError, "unknown size 'X': expected S, M or L"),
    ("M c1-c2", IllegalMoveError, "the top doll on c1 is L, not M"),
    ("L a1-b2", NotationError, "square a1 is off the board: expected one of the 52 squares: "
                               "b2-g7, c1-f1, c8-f8, a3-a6, h3-h6"),
    ("L c1-z9", NotationError, "expected a square like c1, got 'z9'"),
    ("L c3-c4", IllegalMoveError, "c3 is empty"),
    ("S d8-d7", IllegalMoveError, "the top doll on d8 is grey's, not black's"),
    ("L c1-c3", IllegalMoveError, "c1-c3 is not a step: write jumps with x (like c1x...)"),
    ("L c1xc2", IllegalMoveError, "c1xc2 is not a jump: a jump lands two squares away in a "
                                  "straight line"),
    ("L c1-c2xc4", NotationError, "cannot read move 'L c1-c2xc4': a step is one '-', a jump "
                                  "chain writes 'x' before every landing"),
    ("L c1-c2-c3", NotationError, "cannot read move 'L c1-c2-c3': a step is one '-', a jump "
                                  "chain writes 'x' before every landing"),
])
def test_bad_move_texts_give_the_reason(text, error, message):
    state = pos({"c1": "bL", "d8": "gS"})
    with pytest.raises(error) as err:
        GAME.parse_move(state, text)
    assert str(err.value) == message


def test_a_backward_jump_is_refused():
    state = pos({"d4": "bL", "d3": "gS"})
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "L d4xd2")
    assert str(err.value) == ("d4xd2 goes backward: a doll jumps forward, diagonally forward "
                              "or sideways")
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "L d4xe6")
    assert str(err.value) == ("d4xe6 is not a jump: a jump lands two squares away in a "
                              "straight line")


# =========================================================================== position files


def test_positions_round_trip_and_write_lists_in_board_order():
    state = load(README_POSITION)
    data = GAME.position_to_yaml(state)
    assert data == {"game": "babuschka", "players": 2, "to_move": "black",
                    "board": {"c1": ["bS", "bM", "bL"], "d2": ["gS", "bL"]}}
    assert GAME.position_from_yaml(data) == state


def test_a_single_doll_may_be_written_without_brackets_and_players_default_to_the_rules():
    state = GAME.position_from_yaml({"to_move": "grey", "board": {"d2": "gM", "e4": []}})
    assert GAME.position_to_yaml(state)["board"] == {"d2": ["gM"]}
    assert state.players == 2
    four = BabuschkaGame({"players": 4}).position_from_yaml({"to_move": "east", "board": {}})
    assert four.players == 4


@pytest.mark.parametrize("data, message, path", [
    ({"to_move": "black", "board": {"c1": ["bL", "bM"]}},
     "nest on c1 is out of order: bL is under bM (nests list dolls bottom to top, S < M < L)",
     ("board", "c1", 1)),
    ({"to_move": "black", "board": {"c1": ["bS", "gS"]}},
     "nest on c1 holds two S dolls: a nest grows strictly upward (S < M < L)",
     ("board", "c1", 1)),
    ({"to_move": "black", "board": {"a1": ["bS"]}},
     "square a1 is off the board: expected one of the 52 squares: b2-g7, c1-f1, c8-f8, "
     "a3-a6, h3-h6", ("board", "a1")),
    ({"to_move": "black", "board": {"z9": ["bS"]}},
     "expected a square like c1, got 'z9'", ("board", "z9")),
    ({"to_move": "black", "board": {sq: "bL" for sq in ("c2", "c3", "c4", "c5", "c6")}},
     "black has 5 L dolls: expected at most 4 with 2 players", ("board", "c6")),
    ({"players": 4, "to_move": "west", "board": {"c2": ["wS", "wL"], "c3": "wL", "c4": "wL"}},
     "west has 3 L dolls: expected at most 2 with 4 players", ("board", "c4")),
    ({"to_move": "black", "board": {"c1": ["sS"]}},
     "unknown owner 's' with 2 players: expected b or g", ("board", "c1", 0)),
    ({"to_move": "black", "board": {"c1": ["bX"]}},
     "expected a doll like bS (owner b or g, size S, M or L), got 'bX'", ("board", "c1", 0)),
    ({"to_move": "black", "board": {"c1": ["bS", "bM", "bL", "gL"]}},
     "nest on c1 has 4 dolls: a nest holds at most 3 (S, M, L)", ("board", "c1")),
    ({"to_move": "south", "board": {}},
     "expected to_move black or grey (or its letter: b, g) with 2 players, got 'south'", ("to_move",)),
    ({"players": 3, "to_move": "black", "board": {}},
     "expected players 2 or 4, got 3", ("players",)),
    ({"to_move": "black"}, "missing board", ()),
    ({"to_move": "black", "board": {}, "colour": 1},
     "unknown key 'colour': expected game, players, to_move, board, passes, finished",
     ("colour",)),
    ({"to_move": "black", "board": {}, "finished": ["black"]},
     "finished is for four players: a two-player game ends at the first win", ("finished",)),
    ({"to_move": "black", "board": {"c1": "bS"}, "game": "ukejalayer"},
     "expected game: babuschka, got 'ukejalayer'", ("game",)),
    # four players: no doll lands on another player's goal square (east's h4/h5 are west's goal)
    ({"players": 4, "to_move": "north", "board": {"h5": ["nS"]}},
     "nS on h5 cannot be reached: h5 is a goal square of west, where no other player's doll "
     "may land", ("board", "h5", 0)),
    ({"players": 4, "to_move": "north", "board": {"d1": ["sS", "wM"]}},
     "wM on d1 cannot be reached: d1 is a goal square of north, where no other player's doll "
     "may land", ("board", "d1", 1)),
    ({"players": 4, "to_move": "south", "board": {"a4": "nL"}},
     "nL on a4 cannot be reached: a4 is a goal square of east, where no other player's doll "
     "may land", ("board", "a4")),
])
def test_impossible_positions_are_refused_with_a_path(data, message, path):
    game = GAME4 if data.get("players") == 4 else GAME
    with pytest.raises(PositionError) as err:
        game.position_from_yaml(data)
    assert (str(err.value), err.value.path) == (message, path)


# =========================================================================== queries


def test_queries_about_one_doll():
    state = pos({"c2": ["gS", "bL"], "c3": "gS", "c5": "gM", "d2": "gL", "b2": "bM"})
    ask = lambda name, *args: run_query(GAME, state, name, list(args))  # noqa: E731
    # the large steps onto the medium on b2 and the small on c3, not the large on d2
    assert ask("step_targets", "c2") == ["b2", "b3", "c3", "d3"]
    assert ask("jump_targets", "c2") == ["c4", "c6", "e2"]
    assert ask("destinations", "c2") == ["b2", "b3", "c3", "c4", "c6", "d3", "e2"]
    assert ask("longest_jump", "c2") == 2
    assert ask("longest_jump", "c3") == 1  # grey's small jumps down over c2 to c1
    assert run_query(GAME, pos({"d4": "bM"}), "longest_jump", ["d4"]) == 0
    assert ask("hidden_under", "c2") == "gS"
    assert ask("hidden_under", "c3") == "none"
    assert ask("hidden_under", "e5") == "none"
    assert ask("top_doll", "c2") == "bL"
    assert ask("top_doll", "e5") == "empty"
    assert ask("movable_squares") == ["b2", "c2"]
    assert ask("must_pass") is False
    with pytest.raises(QueryError) as err:
        ask("destinations", "e5")
    assert str(err.value) == "e5 is empty: expected a square with a doll"
    with pytest.raises(QueryError) as err:
        ask("top_doll", "a1")
    assert str(err.value).startswith("square a1 is off the board")


def test_destinations_of_a_doll_not_to_move_follow_its_owner():
    state = pos({"d4": "gS"}, "black")
    assert run_query(GAME, state, "destinations", ["d4"]) == ["c3", "c4", "d3", "e3", "e4"]


def test_hidden_under_lists_bottom_to_top():
    state = pos({"e5": ["bS", "gM", "bL"]})
    assert run_query(GAME, state, "hidden_under", {"square": "e5"}) == "bS,gM"


def test_complete_nests_counts_only_own_full_nests_on_goal_squares():
    state = pos({"c8": ["bS", "bM", "bL"], "d8": ["bS", "bM"], "e8": ["gS", "bM", "bL"],
                 "f8": ["bS", "bM", "bL"], "d4": ["bS", "bL"]})
    assert run_query(GAME, state, "complete_nests", ["black"]) == 2
    assert run_query(GAME, state, "complete_nests", ["grey"]) == 0


# =========================================================================== solver


def test_the_solver_finds_the_winning_arrival():
    home = {sq: ["bS", "bM", "bL"] for sq in ("c8", "d8", "e8")}
    state = pos({**home, "f8": ["bS", "bM"], "f6": "bL", "b7": "gS"})
    assert run_query(GAME, state, "winning_moves", ["1"]) == []
    assert run_query(GAME, state, "winning_moves", ["3"]) == ["L f6-e7", "L f6-f7", "L f6-g7"]


def test_the_solver_wins_before_the_opponent_does():
    # both sides are one arrival from home; black to move wins at once, grey would next
    home = {sq: ["bS", "bM", "bL"] for sq in ("c8", "d8", "e8")}
    grey = {sq: ["gS", "gM", "gL"] for sq in ("c1", "d1", "e1")}
    state = pos({**home, **grey, "f8": ["bS", "bM"], "f7": "bL", "f1": ["gS", "gM"],
                 "g2": "gL"})
    assert run_query(GAME, state, "winning_moves", ["1"]) == ["L f7-f8"]
    # a grey L on g7 takes that square away; the other two approaches still win in 3
    slow = pos({**home, "f8": ["bS", "bM"], "f6": "bL", "g7": "gL", "b7": "gS"})
    assert run_query(GAME, slow, "winning_moves", ["3"]) == ["L f6-e7", "L f6-f7"]
    # grey to move in the first position: it wins at once too
    grey_turn = pos({**home, **grey, "f8": ["bS", "bM"], "f7": "bL", "f1": ["gS", "gM"],
                     "g2": "gL"}, "grey")
    assert run_query(GAME, grey_turn, "winning_moves", ["1"]) == ["L g2-f1"]


def test_the_four_player_solver():
    state = pos({"d8": ["sS", "sM", "sL"], "e8": ["sS", "sM"], "e6": "sL",
                 "c4": "wS", "d5": "nS", "f3": "eS"}, "south", 4)
    assert run_query(GAME4, state, "winning_moves", ["1"]) == []
    assert run_query(GAME4, state, "winning_moves", ["5"]) == [
        "S: L e6-d7", "S: L e6-e7", "S: L e6-f7"]


# =========================================================================== command line


@pytest.fixture
def runner():
    return CliRunner()


def test_cli_moves_and_perft(runner):
    result = runner.invoke(main, ["moves", "babuschka", "-"], input=README_POSITION)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "L c1-b2", "L c1-c2", "L c1-d1", "L c1xe3",
        "L d2-c2", "L d2-c3", "L d2-d3", "L d2-e2", "L d2-e3"]
    start = ("game: babuschka\nplayers: 2\nto_move: black\nboard: {c1: [bS, bM, bL], "
             "d1: [bS, bM, bL], e1: [bS, bM, bL], f1: [bS, bM, bL], c8: [gS, gM, gL], "
             "d8: [gS, gM, gL], e8: [gS, gM, gL], f8: [gS, gM, gL]}\n")
    result = runner.invoke(main, ["perft", "babuschka", "-", "3"], input=start)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "2928"


def test_cli_query(runner):
    result = runner.invoke(main, ["query", "babuschka", "hidden_under", "-", "d2"],
                           input=README_POSITION)
    assert (result.exit_code, result.stdout) == (0, "gS\n")


@pytest.mark.parametrize("board, message", [
    ("board:\n  c1: [bS, bL, bM]\n", "5:16: nest on c1 is out of order: bL is under bM "
                                     "(nests list dolls bottom to top, S < M < L)"),
    ("board:\n  c1: [bS]\n  a1: [gS]\n", "6:3: square a1 is off the board: expected one of "
                                        "the 52 squares: b2-g7, c1-f1, c8-f8, a3-a6, h3-h6"),
    ("board: {c2: [bS], c3: [bS], c4: [bS], c5: [gM], c6: [bS], c7: [bS]}\n",
     "4:64: black has 5 S dolls: expected at most 4 with 2 players"),
])
def test_cli_bad_positions_are_located_one_line_errors(runner, tmp_path, board, message):
    path = tmp_path / "bad.yaml"
    path.write_text("game: babuschka\nplayers: 2\nto_move: black\n" + board, encoding="utf-8")
    result = runner.invoke(main, ["moves", "babuschka", str(path)])
    assert result.exit_code == 1
    assert result.output == f"{path}:{message}\n"


def test_dolls_on_their_own_start_squares_or_their_own_goal_are_reachable():
    # south's start squares are north's goal: south's dolls stand there from the start, and
    # north's may arrive there
    state = GAME4.position_from_yaml({"players": 4, "to_move": "north",
                                      "board": {"d1": ["sS", "nL"], "e1": "sM", "d8": "nS"}})
    assert GAME4.position_to_yaml(state)["board"] == {"d1": ["sS", "nL"], "d8": ["nS"],
                                                      "e1": ["sM"]}
    # east on its own goal (west's start squares)
    assert GAME4.position_from_yaml({"players": 4, "to_move": "east", "board": {"a4": "eL"}})


@pytest.mark.parametrize("game, letter, side", [(GAME, "b", "black"), (GAME, "g", "grey"),
                                                (GAME4, "s", "south"), (GAME4, "w", "west"),
                                                (GAME4, "n", "north"), (GAME4, "e", "east")])
def test_to_move_may_be_the_seat_letter_the_dolls_use(game, letter, side):
    players = 4 if game is GAME4 else 2
    state = game.position_from_yaml({"players": players, "to_move": letter, "board": {}})
    assert game.position_to_yaml(state)["to_move"] == side
