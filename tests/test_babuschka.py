"""Tests of the バブーシュカ engine against shared/rules/babuschka.md (two and four players)."""

from __future__ import annotations

import pytest

from banmen.game import (
    IllegalMoveError,
    Outcome,
    PositionError,
    QueryError,
    RulesError,
    get_game,
)
from banmen.games.babuschka import PASS, BabuschkaGame
from banmen.games.babuschka import board as geo
from banmen.query import run_query

GAME = BabuschkaGame()
GAME4 = BabuschkaGame({"players": 4})


def pos(board, to_move="black", players=2, game=None, **extra):
    game = game or (GAME if players == 2 else GAME4)
    data = {"game": "babuschka", "players": players, "to_move": to_move, "board": board}
    data.update(extra)
    return game.position_from_yaml(data)


def texts(state, game=None):
    game = game or (GAME if state.players == 2 else GAME4)
    return [game.format_move(state, m) for m in game.legal_moves(state)]


def ask(state, name, *args, game=None):
    game = game or (GAME if state.players == 2 else GAME4)
    return run_query(game, state, name, list(args))


def play(state, *moves, game=None):
    game = game or (GAME if state.players == 2 else GAME4)
    for text in moves:
        state = game.play(state, game.parse_move(state, text))
    return state


def board_of(state, game=None):
    game = game or (GAME if state.players == 2 else GAME4)
    return game.position_to_yaml(state)["board"]


# =========================================================================== board


def test_the_board_has_52_squares_without_three_per_corner():
    names = {geo.square_name(sq) for sq in geo.SQUARES}
    assert len(names) == 52
    for corner in ("a1", "b1", "a2", "g1", "h1", "h2", "a7", "a8", "b8", "g8", "h8", "h7"):
        assert corner not in names
    arms = {"c1", "d1", "e1", "f1", "c8", "d8", "e8", "f8", "a3", "a4", "a5", "a6",
            "h3", "h4", "h5", "h6"}
    centre = {f"{f}{r}" for f in "bcdefg" for r in range(2, 8)}
    assert names == arms | centre


def test_identity_and_registry():
    assert GAME.id == "babuschka" and GAME.name_ja == "バブーシュカ"
    assert GAME.spec == "shared/rules/babuschka.md"
    assert isinstance(get_game("babuschka"), BabuschkaGame)


# =========================================================================== directions


@pytest.mark.parametrize("players, side, steps", [
    (2, "black", ["c4", "c5", "d5", "e4", "e5"]),
    (2, "grey", ["c3", "c4", "d3", "e3", "e4"]),
    (4, "south", ["c4", "c5", "d5", "e4", "e5"]),
    (4, "west", ["d3", "d5", "e3", "e4", "e5"]),
    (4, "north", ["c3", "c4", "d3", "e3", "e4"]),
    (4, "east", ["c3", "c4", "c5", "d3", "d5"]),
])
def test_each_seat_steps_in_its_five_directions_and_never_backward(players, side, steps):
    letter = side[0]
    state = pos({"d4": f"{letter}S"}, side, players)
    assert ask(state, "step_targets", "d4") == steps
    assert ask(state, "destinations", "d4") == steps
    prefix = f"{side[0].upper()}: " if players == 4 else ""
    assert sorted(texts(state)) == sorted(f"{prefix}S d4-{sq}" for sq in steps)


@pytest.mark.parametrize("players, side, lands", [
    (2, "black", ["b4", "b6", "d6", "f4", "f6"]),
    (2, "grey", ["b2", "b4", "d2", "f2", "f4"]),
    (4, "west", ["d2", "d6", "f2", "f4", "f6"]),
    (4, "east", ["b2", "b4", "b6", "d2", "d6"]),
])
def test_each_seat_jumps_in_its_five_directions_only(players, side, lands):
    # a ring of small dolls of the others around d4, in all eight directions
    if players == 2:
        others = ["g" if side == "black" else "b"] * 8
    else:
        others = [o for o in "swne" if o != side[0]][:2] * 4
    sizes = "SSMM" * 2
    squares = ("c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5")
    ring = {sq: f"{o}{z}" for sq, o, z in zip(squares, sorted(others), sizes)}
    state = pos({"d4": f"{side[0]}L", **ring}, side, players)
    assert ask(state, "jump_targets", "d4") == lands
    assert ask(state, "step_targets", "d4") == sorted(
        sq for sq in ring if sq in ask(pos({"d4": f"{side[0]}L"}, side, players),
                                       "step_targets", "d4"))


def test_a_backward_step_is_refused_with_the_reason():
    state = pos({"d4": "bS"})
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "S d4-d3")
    assert str(err.value) == ("d4-d3 goes backward: a doll moves forward, diagonally forward "
                              "or sideways")
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "S d4-c3")
    assert str(err.value).startswith("d4-c3 goes backward")


# =========================================================================== moves and landing


@pytest.mark.parametrize("size, target, allowed", [
    ("S", "gS", False), ("M", "gS", True), ("M", "gM", False), ("M", "gL", False),
    ("L", "gS", True), ("L", "gM", True), ("L", "gL", False), ("L", "bM", True),
    ("M", "bS", True), ("S", "bS", False),
])
def test_a_step_lands_on_empty_or_a_smaller_top_doll_of_any_owner(size, target, allowed):
    state = pos({"d4": f"b{size}", "d5": target})
    assert ("d5" in ask(state, "step_targets", "d4")) is allowed
    if allowed:
        after = play(state, f"{size} d4-d5")
        assert board_of(after) == {"d5": [target, f"b{size}"]}
    else:
        with pytest.raises(IllegalMoveError) as err:
            GAME.parse_move(state, f"{size} d4-d5")
        assert str(err.value) == (f"cannot land on d5: its top doll ({target[1]}) is not "
                                  f"smaller than the mover ({size})")


def test_only_the_top_doll_is_seen_for_landing():
    # d5 holds a large on a small: a medium cannot land there
    state = pos({"d4": "bM", "d5": ["gS", "gL"]})
    assert "d5" not in ask(state, "destinations", "d4")


@pytest.mark.parametrize("over", ["bS", "bM", "bL", "gS", "gM", "gL"])
@pytest.mark.parametrize("size", ["S", "M", "L"])
def test_jumps_go_over_own_and_enemy_dolls_of_every_size(size, over):
    state = pos({"d4": f"b{size}", "d5": over})
    assert ask(state, "jump_targets", "d4") == ["d6"]
    after = play(state, f"{size} d4xd6")
    assert board_of(after) == {"d5": [over], "d6": [f"b{size}"]}


@pytest.mark.parametrize("size, landing, allowed", [
    ("S", "gS", False), ("M", "gS", True), ("M", "bM", False), ("L", "gM", True),
    ("L", "bL", False),
])
def test_a_jump_lands_on_empty_or_smaller(size, landing, allowed):
    state = pos({"d4": f"b{size}", "d5": "gL", "d6": landing})
    assert (ask(state, "jump_targets", "d4") == ["d6"]) is allowed
    if not allowed:
        with pytest.raises(IllegalMoveError) as err:
            GAME.parse_move(state, f"{size} d4xd6")
        assert str(err.value) == (f"cannot land on d6: its top doll ({landing[1]}) is not "
                                  f"smaller than the mover ({size})")


def test_a_jump_needs_a_doll_to_jump_over():
    state = pos({"d4": "bS"})
    assert ask(state, "jump_targets", "d4") == []
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "S d4xd6")
    assert str(err.value) == "d4xd6: there is no doll on d5 to jump over"


def test_a_chain_may_stop_after_any_jump():
    state = pos({"c2": "bL", "c3": "gS", "c5": "gM", "c7": "bS"})
    assert ask(state, "jump_targets", "c2") == ["c4", "c6", "c8"]
    assert ask(state, "longest_jump", "c2") == 3
    moves = texts(state)
    assert {"L c2xc4", "L c2xc4xc6", "L c2xc4xc6xc8"} <= set(moves)
    after = play(state, "L c2xc4xc6")
    assert board_of(after) == {"c3": ["gS"], "c5": ["gM"], "c6": ["bL"], "c7": ["bS"]}


def test_direction_may_change_between_jumps():
    # forward over d3, right over e4, diagonal over g5: d2 -> d4 -> f4 -> h6
    state = pos({"d2": "bM", "d3": "gS", "e4": "gL", "g5": "bS"})
    assert ask(state, "jump_targets", "d2") == ["d4", "f4", "h6"]
    assert GAME.move_path(state, GAME.parse_move(state, "M d2xd4xf4xh6")) == [
        "d2", "d4", "f4", "h6"]


def test_distinct_final_squares_are_distinct_moves_and_the_shortest_chain_is_canonical():
    # two chains reach d4 (via b4 and via f4); only one move, written via b4 (board order)
    state = pos({"d2": "bS", "c3": "gM", "e3": "gM", "c4": "gL", "e4": "gL"})
    moves = [m for m in GAME.legal_moves(state) if m.target == geo.parse_square("d4")]
    assert len(moves) == 1
    assert GAME.format_move(state, moves[0]) == "S d2xb4xd4"
    assert GAME.parse_move(state, "S d2xf4xd4") == moves[0]
    assert GAME.move_path(state, moves[0]) == ["d2", "b4", "d4"]


def test_a_chain_may_revisit_squares_and_ending_on_the_start_is_no_move():
    # sideways over e4 to f4, back over e4 to d4 (the start), then forward over d5 to d6
    state = pos({"d4": "bS", "e4": "gM", "d5": "gS"})
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "S d4xf4xd4")
    assert str(err.value) == "the chain ends on d4, where it started: that is no move"
    move = GAME.parse_move(state, "S d4xf4xd4xd6")
    assert move == GAME.parse_move(state, "S d4xd6")
    assert GAME.format_move(state, move) == "S d4xd6"
    assert "d4" not in ask(state, "destinations", "d4")
    # the longest chain lands on no square twice: d4 -> f4 only, or d4 -> d6
    assert ask(state, "longest_jump", "d4") == 1


def test_a_chain_may_pass_through_its_start_square():
    # the lifted large leaves a small on d4; landing there mid-chain is allowed (smaller)
    state = pos({"d4": ["gS", "bL"], "e4": "gM", "c4": "gM"})
    assert ask(state, "jump_targets", "d4") == ["b4", "f4"]
    move = GAME.parse_move(state, "L d4xf4xd4xb4")
    assert GAME.format_move(state, move) == "L d4xb4"


def test_moving_uncovers_the_dolls_below_and_they_are_free_again():
    state = pos({"d2": ["gS", "bL"], "f6": "gM"})
    assert ask(state, "top_doll", "d2") == "bL"
    assert ask(state, "hidden_under", "d2") == "gS"
    after = play(state, "L d2-d3")
    assert ask(after, "top_doll", "d2") == "gS"
    assert ask(after, "hidden_under", "d2") == "none"
    assert ask(after, "movable_squares") == ["d2", "f6"]
    assert "S d2-d1" in texts(after)


def test_a_covered_own_doll_cannot_move():
    state = pos({"d4": ["bS", "gM"], "f4": "bM"})
    assert ask(state, "movable_squares") == ["f4"]
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "S d4-d5")
    assert str(err.value) == "the top doll on d4 is grey's, not black's"


# =========================================================================== four-player goals


def test_four_players_may_not_end_a_move_on_another_players_goal_square():
    # south on b4: a4 (east's goal) is a sideways step, forbidden; a5 also east's goal
    state = pos({"b4": "sS"}, "south", 4)
    assert ask(state, "step_targets", "b4") == ["b5", "c4", "c5"]
    with pytest.raises(IllegalMoveError) as err:
        GAME4.parse_move(state, "S: S b4-a4")
    assert str(err.value) == "cannot land on a4: it is a goal square of another player"
    # two players: no such restriction
    assert ask(pos({"b4": "bS"}), "step_targets", "b4") == ["a4", "a5", "b5", "c4", "c5"]


def test_four_players_may_not_land_in_the_middle_of_a_chain_on_another_goal():
    # f4 -> h4 (west's goal) -> h6 would be legal with two players
    board4 = {"f4": "sS", "g4": "nM", "h5": "eL"}
    state = pos(board4, "south", 4)
    assert ask(state, "jump_targets", "f4") == []
    with pytest.raises(IllegalMoveError) as err:
        GAME4.parse_move(state, "S: S f4xh4xh6")
    assert str(err.value) == "cannot land on h4: it is a goal square of another player"
    two = pos({"f4": "bS", "g4": "gM", "h5": "gL"})
    assert ask(two, "jump_targets", "f4") == ["h4", "h6"]


def test_four_players_may_not_fly_over_another_goal_square_unless_the_parameter_allows_it():
    # shared/rules/babuschka.md: by default no jump over another player's goal square
    start = GAME4.initial_state()
    assert "S: L e1xc1" not in texts(start)  # over d1, north's goal
    with pytest.raises(IllegalMoveError) as err:
        GAME4.parse_move(start, "S: L e1xc1")
    assert str(err.value) == "e1xc1 flies over d1, a goal square of another player"
    assert sorted(texts(start)) == ["S: L d1-c1", "S: L d1-c2", "S: L d1-d2", "S: L d1-e2",
                                    "S: L e1-d2", "S: L e1-e2", "S: L e1-f1", "S: L e1-f2"]
    flying = BabuschkaGame({"players": 4, "fly_over_goals": True})
    assert "S: L e1xc1" in texts(start, flying)
    assert "S: L d1xf1" in texts(start, flying)  # over e1, also north's goal


def test_own_goal_squares_are_allowed_with_four_players():
    state = pos({"d7": "sS"}, "south", 4)
    assert ask(state, "step_targets", "d7") == ["c7", "c8", "d8", "e7", "e8"]


# =========================================================================== passes and draw


def test_a_player_without_action_must_pass_and_the_pass_is_the_only_move():
    # black's only visible doll is boxed in on d8; grey can move
    state = pos({"d8": "bS", "c8": "gL", "e8": "gL", "f8": "gL", "d4": "gS"})
    assert GAME.legal_moves(state) == [PASS]
    assert texts(state) == ["pass"]
    assert ask(state, "must_pass") is True
    assert ask(state, "movable_squares") == []
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "S d8-e8")
    assert str(err.value) == "black has no legal action and must pass"
    after = play(state, "pass")
    assert (GAME.side_to_move(after), after.passes, after.board) == ("grey", 1, state.board)
    assert GAME.outcome(after) is None
    assert GAME.position_to_yaml(after)["passes"] == 1
    assert GAME.move_path(state, PASS) == []
    grey_move = play(after, "S d4-d3")
    assert grey_move.passes == 0


def test_a_player_may_not_pass_while_it_has_an_action():
    state = GAME.initial_state()
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "pass")
    assert str(err.value) == "black cannot pass: it has a legal action (e.g. L c1-b2)"


def test_a_player_whose_dolls_are_all_covered_passes():
    state = pos({"d4": ["bS", "gM"], "e5": "gS"})
    assert GAME.legal_moves(state) == [PASS]


DEADLOCK = {"c1": ["bS", "gL"], "d1": "gL", "e1": "gL", "f1": "gL"}


def test_every_player_passing_in_a_row_draws():
    state = pos(DEADLOCK)
    assert GAME.legal_moves(state) == [PASS]
    after = play(state, "pass")
    assert GAME.outcome(after) is None and texts(after) == ["pass"]
    final = play(after, "pass")
    assert GAME.outcome(final) == Outcome(None, "every player passed in a row")
    assert GAME.legal_moves(final) == []
    assert run_query(GAME, final, "winner") == "draw"


def test_four_players_draw_only_when_all_four_pass_in_a_row():
    # only east has dolls: south, west and north pass, east moves, and the count restarts
    state = pos({"e5": "eS"}, "south", 4)
    for side in ("south", "west", "north"):
        assert texts(state) == [f"{side[0].upper()}: pass"]
        state = play(state, f"{side[0].upper()}: pass")
        assert GAME4.outcome(state) is None
    assert state.passes == 3
    state = play(state, "E: S e5-d5")
    assert state.passes == 0
    # nobody can act at all: four passes in a row draw
    empty = pos({}, "west", 4)
    for side in ("west", "north", "east", "south"):
        assert GAME4.outcome(empty) is None
        empty = play(empty, "pass")
    assert GAME4.outcome(empty) == Outcome(None, "every player passed in a row")


def test_after_a_first_winner_the_others_passing_in_a_row_ends_the_ranking():
    ranked = BabuschkaGame({"players": 4, "rank_all": True})
    home = {"d8": ["sS", "sM", "sL"], "e8": ["sS", "sM", "sL"]}
    state = pos(home, "west", 4, game=ranked)
    assert state.finished == (0,)
    state = play(state, "W: pass", "N: pass", game=ranked)
    assert ranked.outcome(state) is None
    state = play(state, "E: pass", game=ranked)
    assert ranked.outcome(state) == Outcome(
        "south", "ranking: south; the others passed in a row and stay unranked")


def test_passes_in_a_position_file_are_checked_against_the_board():
    after = pos(DEADLOCK, "grey", passes=1)
    assert after.passes == 1
    with pytest.raises(PositionError) as err:
        pos({"c1": "bS", "c8": "gS"}, "black", passes=1)
    assert str(err.value) == ("passes: 1 is impossible: grey has a legal action here, so it "
                              "did not pass")
    assert err.value.path == ("passes",)
    with pytest.raises(PositionError) as err:
        pos(DEADLOCK, "grey", passes=3)
    assert str(err.value) == ("expected passes 0-2 (consecutive passes just played), got 3")


# =========================================================================== winning


HOME3 = {sq: ["bS", "bM", "bL"] for sq in ("c8", "d8", "e8")}


def test_all_nests_home_in_order_wins_at_once():
    state = pos({**HOME3, "f8": ["bS", "bM"], "f7": "bL", "d4": "gS"})
    assert ask(state, "complete_nests", "black") == 3
    after = play(state, "L f7-f8")
    assert GAME.outcome(after) == Outcome("black", "all nests home")
    assert GAME.legal_moves(after) == []
    assert ask(after, "complete_nests", "black") == 4
    assert ask(after, "winner") == "black"
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(after, "S d4-d3")
    assert str(err.value) == "the game is over: black won (all nests home)"


def test_a_wrong_order_arrival_is_allowed_but_does_not_win():
    # the large arrives on f8 before the medium: f8 holds S, L; the medium can no longer go in
    state = pos({**HOME3, "f8": "bS", "f7": "bL", "e6": "bM", "d4": "gS"})
    after = play(state, "L f7-f8")
    assert board_of(after)["f8"] == ["bS", "bL"]
    assert GAME.outcome(after) is None
    assert ask(after, "complete_nests", "black") == 3
    later = play(after, "S d4-d3", "M e6-e7")
    assert "f8" not in ask(later, "destinations", "e7")


def test_a_nest_with_an_enemy_doll_inside_does_not_count():
    state = pos({**HOME3, "f8": ["gS", "bM"], "f7": "bL", "d4": "gM"})
    after = play(state, "L f7-f8")
    assert board_of(after)["f8"] == ["gS", "bM", "bL"]
    assert GAME.outcome(after) is None
    assert ask(after, "complete_nests", "black") == 3


def test_a_position_already_won_is_over():
    state = pos({**HOME3, "f8": ["bS", "bM", "bL"], "d4": "gS"}, "grey")
    assert GAME.outcome(state) == Outcome("black", "all nests home")


def test_both_sides_home_is_an_impossible_position():
    home_grey = {sq: ["gS", "gM", "gL"] for sq in ("c1", "d1", "e1", "f1")}
    with pytest.raises(PositionError) as err:
        pos({**HOME3, "f8": ["bS", "bM", "bL"], **home_grey})
    assert str(err.value) == ("both black and grey have all their nests home: at most one "
                              "player can have won")


SOUTH_NEARLY = {"d8": ["sS", "sM", "sL"], "e8": ["sS", "sM"], "e7": "sL",
                "c4": "wS", "d5": "nS", "f3": "eS"}


def test_four_players_end_at_the_first_win_by_default():
    after = play(pos(SOUTH_NEARLY, "south", 4), "S: L e7-e8")
    assert GAME4.outcome(after) == Outcome("south", "all nests home")


def test_four_players_may_play_on_to_rank_the_others():
    ranked = BabuschkaGame({"players": 4, "rank_all": True})
    state = pos(SOUTH_NEARLY, "south", 4, game=ranked)
    after = play(state, "S: L e7-e8", game=ranked)
    assert ranked.outcome(after) is None
    assert ranked.position_to_yaml(after)["finished"] == ["south"]
    assert ask(after, "ranking", game=ranked) == "south"
    # south is skipped from now on: west, north, east, west, ...
    order = []
    for _ in range(4):
        order.append(ranked.side_to_move(after))
        after = ranked.play(after, ranked.legal_moves(after)[0])
    assert order == ["west", "north", "east", "west"]


def test_ranking_ends_when_one_player_is_left():
    ranked = BabuschkaGame({"players": 4, "rank_all": True})
    board = {"d8": ["sS", "sM", "sL"], "e8": ["sS", "sM", "sL"],
             "h4": ["wS", "wM", "wL"], "h5": ["wS", "wM", "wL"],
             "d1": ["nS", "nM", "nL"], "e1": ["nS", "nM"], "e2": "nL", "c4": "eS"}
    state = pos(board, "north", 4, game=ranked, finished=["west", "south"])
    assert ranked.outcome(state) is None
    after = play(state, "N: L e2-e1", game=ranked)
    assert ranked.outcome(after) == Outcome("west", "ranking: west, south, north, east")
    with pytest.raises(PositionError) as err:
        pos(board, "north", 4, game=ranked, finished=["west"])
    assert str(err.value) == "south is home but not listed in finished"
    with pytest.raises(PositionError) as err:
        pos(board, "north", 4, game=ranked)
    assert str(err.value) == ("south and west are all home: give finished, the order in which "
                              "they finished")
    with pytest.raises(PositionError) as err:
        pos(board, "west", 4, game=ranked, finished=["west", "south"])
    assert str(err.value) == "west is already home and takes no more turns"


# =========================================================================== start and perft


def test_start_positions():
    start = GAME.initial_state()
    assert GAME.position_to_yaml(start) == {
        "game": "babuschka", "players": 2, "to_move": "black",
        "board": {**{sq: ["bS", "bM", "bL"] for sq in ("c1", "d1", "e1", "f1")},
                  **{sq: ["gS", "gM", "gL"] for sq in ("c8", "d8", "e8", "f8")}},
    }
    start4 = GAME4.initial_state()
    assert GAME4.position_to_yaml(start4)["board"] == {
        "d1": ["sS", "sM", "sL"], "e1": ["sS", "sM", "sL"], "a4": ["wS", "wM", "wL"],
        "h4": ["eS", "eM", "eL"], "a5": ["wS", "wM", "wL"], "h5": ["eS", "eM", "eL"],
        "d8": ["nS", "nM", "nL"], "e8": ["nS", "nM", "nL"],
    }
    assert GAME.side_to_move(BabuschkaGame({"first_seat": "north"}).initial_state()) == "grey"
    assert GAME4.side_to_move(
        BabuschkaGame({"players": 4, "first_seat": "east"}).initial_state()) == "east"


def test_goal_squares_are_the_opposite_start_squares():
    start = GAME.initial_state()
    assert ask(start, "goal_squares", "black") == ["c8", "d8", "e8", "f8"]
    assert ask(start, "goal_squares", "grey") == ["c1", "d1", "e1", "f1"]
    start4 = GAME4.initial_state()
    assert [ask(start4, "goal_squares", s) for s in ("south", "west", "north", "east")] == [
        ["d8", "e8"], ["h4", "h5"], ["d1", "e1"], ["a4", "a5"]]
    with pytest.raises(QueryError) as err:
        ask(start4, "goal_squares", "black")
    assert str(err.value) == ("expected a side of this 4-player position (south, west, north, "
                              "east), got 'black'")


def test_start_moves():
    assert texts(GAME.initial_state()) == [
        "L c1-b2", "L c1-c2", "L c1-d2", "L d1-c2", "L d1-d2", "L d1-e2",
        "L e1-d2", "L e1-e2", "L e1-f2", "L f1-e2", "L f1-f2", "L f1-g2"]
    assert texts(GAME4.initial_state()) == [
        "S: L d1-c1", "S: L d1-c2", "S: L d1-d2", "S: L d1-e2",
        "S: L e1-f1", "S: L e1-d2", "S: L e1-e2", "S: L e1-f2"]


def test_rules_parameters_are_checked():
    with pytest.raises(RulesError) as err:
        BabuschkaGame({"first_seat": "west"})
    assert str(err.value) == ("rule parameter 'first_seat': expected south or north with 2 "
                              "players (west and east need 4 players), got 'west'")
    with pytest.raises(RulesError):
        BabuschkaGame({"players": 3})
    for name, field in GAME.rules_model.params().items():
        assert field.description and field.ja, name
