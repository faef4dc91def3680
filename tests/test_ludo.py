"""The Ludo family engine against shared/rules/ludo.md: presets, entering, extra rolls, the
third six, three tries, moving (bounce / finish / forbid), jumps and flights, send-backs,
safe and take-off squares, finishing and ranking, notation, positions and queries."""

from __future__ import annotations

import pytest

from banmen.game import IllegalMoveError, NotationError, PositionError, QueryError, RulesError
from banmen.games.ludo import (
    LudoGame,
    LudoRules,
    all_squares,
    preset_names,
    preset_parameters,
    preset_rules,
    square_of,
)
from banmen.games.ludo.engine import PASS, Move
from banmen.query import run_query

GAME = LudoGame()


def pos(preset="aeroplane", roll=None, to_move="red", game=GAME, **fields):
    """A position mapping -> state; ``fields`` holds pieces, colours and the optional keys."""
    data = {"game": "ludo", "preset": preset, "to_move": to_move,
            "colours": fields.pop("colours", ["red", "blue"])}
    if roll is not None:
        data["roll"] = roll
    data.update(fields)
    return game.position_from_yaml(data)


def texts(state, game=GAME):
    return sorted(game.format_move(state, m) for m in game.legal_moves(state))


def play(state, text, game=GAME):
    return game.play(state, game.parse_move(state, text))


def yaml_of(state, game=GAME):
    return game.position_to_yaml(state)


def ask(state, name, *args, game=GAME):
    return run_query(game, state, name, list(args))


# =========================================================================== presets


def test_preset_values_follow_the_spec():
    aeroplane, easy, ludo = (preset_rules(n) for n in ("aeroplane", "easy", "ludo"))
    assert preset_names() == ("aeroplane", "easy", "ludo")
    assert (aeroplane.enter_on, easy.enter_on, ludo.enter_on) == ((6,), (5, 6), (6,))
    assert (aeroplane.overshoot, easy.overshoot, ludo.overshoot) == ("bounce", "finish", "forbid")
    assert (aeroplane.third_six, easy.third_six, ludo.third_six) == (
        "return_last", "void_only", "void_only")
    assert (aeroplane.three_tries, easy.three_tries, ludo.three_tries) == (True, True, False)
    assert (aeroplane.jumps, easy.jumps, ludo.jumps) == (True, True, False)
    assert (aeroplane.flights, easy.flights, ludo.flights) == (True, True, False)
    assert (aeroplane.safe_squares, easy.safe_squares, ludo.safe_squares) == (False, False, True)
    assert (aeroplane.entry_square, ludo.entry_square) == ("takeoff", "loop")
    assert all(r.extra_roll_on_six and r.pieces == 4 and r.colours == 2
               for r in (aeroplane, easy, ludo))
    assert LudoRules() == aeroplane
    assert preset_parameters()[0] == "colours" and "preset" not in preset_parameters()
    for name in preset_parameters():
        info = LudoRules.params()[name]
        assert info.description and info.ja


def test_any_parameter_overrides_its_preset_and_survives_a_preset_change():
    rules = LudoRules(preset="ludo", jumps=True, pieces=2)
    assert (rules.jumps, rules.pieces, rules.flights) == (True, 2, False)
    game = LudoGame({"pieces": 2}).with_rules({"preset": "easy"})
    assert (game.rules.preset, game.rules.pieces, game.rules.enter_on) == ("easy", 2, (5, 6))
    assert game.with_rules({"enter_on": [6, 1, 6]}).rules.enter_on == (1, 6)


@pytest.mark.parametrize("overrides, message", [
    ({"enter_on": [7]}, "rule parameter 'enter_on': expected a non-empty list of rolls 1-6, "
                        "got [7]"),
    ({"colours": 5}, "rule parameter 'colours': expected 2, 3 or 4, got 5"),
    ({"jumps": "yes"}, "rule parameter 'jumps': expected a valid boolean, got 'yes'"),
    ({"overshoot": "wrap"}, "rule parameter 'overshoot': expected 'bounce', 'finish' or "
                            "'forbid', got 'wrap'"),
])
def test_bad_rule_values_are_refused(overrides, message):
    with pytest.raises(RulesError) as err:
        LudoGame(overrides)
    assert str(err.value) == message


def test_unknown_parameter_lists_the_known_ones():
    with pytest.raises(RulesError, match=r"^unknown rule parameter 'blocks' \(known: preset, "
                                         r"colours, pieces, entry_square"):
        LudoGame({"blocks": True})


# =========================================================================== reference facts


def test_reference_aeroplane_jump_then_flight():
    state = pos(roll=2, pieces={"red": [12, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    assert texts(state) == ["r1 12-30"]
    assert ask(state, "landing", "r1") == "30"
    move = GAME.parse_move(state, "r1 12-30")
    assert GAME.move_legs(state, move) == [("t11", "t13", "move"), ("t13", "t17", "jump"),
                                           ("t17", "t29", "flight")]
    assert GAME.move_path(state, move) == ["t11", "t13", "t17", "t29"]


def test_reference_aeroplane_bounce():
    state = pos(roll=6, pieces={"red": [54, "goal", "goal", "goal"], "blue": ["yard"] * 4})
    assert texts(state) == ["r1 54-52"]
    move = GAME.parse_move(state, "r1 54-52")
    assert GAME.move_legs(state, move) == [("r-h4", "r-goal", "move"),
                                           ("r-goal", "r-h2", "bounce")]
    assert GAME.move_path(state, move) == ["r-h4", "r-goal", "r-h2"]


def test_reference_ludo_exact_goal():
    three = pos("ludo", roll=3, pieces={"red": [55, "yard", "yard", "yard"],
                                        "blue": ["yard"] * 4})
    assert texts(three) == ["pass"]
    assert ask(three, "landing", "r1") == "none"
    two = pos("ludo", roll=2, pieces={"red": [55, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    assert texts(two) == ["r1 55-goal"]
    assert ask(two, "landing_square", "r1") == ["r-goal"]


# =========================================================================== entering


@pytest.mark.parametrize("preset, roll, expected", [
    ("aeroplane", 5, ["pass"]),
    ("aeroplane", 6, ["r1 yard-0", "r2 yard-0"]),
    ("easy", 5, ["r1 yard-0", "r2 yard-0"]),
    ("easy", 4, ["pass"]),
    ("ludo", 6, ["r1 yard-1", "r2 yard-1"]),
    ("ludo", 5, ["pass"]),
])
def test_entering_numbers(preset, roll, expected):
    state = pos(preset, roll=roll, pieces={"red": ["yard", "yard", "goal", "goal"],
                                           "blue": ["yard"] * 4})
    assert texts(state) == expected


def test_entering_uses_the_whole_roll_and_stands_on_the_take_off_square():
    state = pos(roll=6, pieces={"red": ["yard"] * 4, "blue": ["yard"] * 4})
    after = play(state, "r3 yard-0")
    assert yaml_of(after)["pieces"]["red"] == ["yard", "yard", 0, "yard"]
    move = GAME.parse_move(state, "r3")
    assert GAME.move_legs(state, move) == [("r-yard3", "r-takeoff", "enter")]


def test_ludo_entering_sends_back_only_off_safe_squares():
    # blue at d 27 stands on red's start square T 0
    pieces = {"red": ["yard"] * 4, "blue": [27, "yard", "yard", "yard"]}
    safe = pos("ludo", roll=6, pieces=pieces)
    assert ask(safe, "send_backs", "r1 yard-1") == 0
    unsafe = pos("ludo", roll=6, pieces=pieces, game=LudoGame({"safe_squares": False}))
    assert ask(unsafe, "send_backs", "r1 yard-1", game=LudoGame({"safe_squares": False})) == 1
    after = play(unsafe, "r1 yard-1")
    assert yaml_of(after)["pieces"]["blue"] == ["yard"] * 4
    assert yaml_of(after)["send_backs"] == {"red": 1}


def test_a_take_off_move_may_jump():
    state = pos(roll=6, pieces={"red": [0, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    assert texts(state) == ["r1 0-10", "r2 yard-0", "r3 yard-0", "r4 yard-0"]


# =========================================================================== the turn


def test_a_six_gives_an_extra_roll():
    state = pos(roll=6, pieces={"red": [3, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    after = play(state, "r1 3-9")
    assert (GAME.side_to_move(after), after.roll, after.sixes) == ("red", 0, 1)
    assert texts(after) == [f"roll {n}" for n in range(1, 7)]
    assert play(after, "roll 2").roll == 2


def test_the_extra_roll_is_given_even_when_the_six_cannot_be_used():
    state = pos("ludo", roll=6, pieces={"red": [55, 54, "goal", "goal"], "blue": ["yard"] * 4})
    assert texts(state) == ["pass"]
    after = GAME.play(state, PASS)
    assert (GAME.side_to_move(after), after.sixes) == ("red", 1)


def test_easy_five_enters_without_an_extra_roll():
    state = pos("easy", roll=5, pieces={"red": [3, "yard", "yard", "yard"],
                                        "blue": ["yard"] * 4})
    after = play(state, "r2 yard-0")
    assert (GAME.side_to_move(after), after.sixes) == ("blue", 0)


def test_other_rolls_end_the_turn():
    state = pos(roll=3, pieces={"red": [3, "yard", "yard", "yard"], "blue": [5] + ["yard"] * 3})
    after = play(state, "r1 3-10")  # 6 is an own-colour square: jump to 10
    assert yaml_of(after)["pieces"]["red"] == [10, "yard", "yard", "yard"]
    assert GAME.side_to_move(after) == "blue"


THIRD_SIX = {"sixes": 2, "last_moved": "r2",
             "pieces": {"red": [7, 20, "yard", "goal"], "blue": ["yard"] * 4}}


def test_third_six_return_last_sends_the_last_moved_piece_home():
    state = pos(roll=6, **THIRD_SIX)
    assert texts(state) == ["pass"]
    assert ask(state, "after_roll") == "void, r2 back to yard"
    assert ask(state, "movable_pieces") == 0
    after = GAME.play(state, PASS)
    assert yaml_of(after)["pieces"]["red"] == [7, "yard", "yard", "goal"]
    assert (GAME.side_to_move(after), after.sixes) == ("blue", 0)


def test_third_six_void_only_keeps_the_piece():
    state = pos("easy", roll=6, **THIRD_SIX)
    assert ask(state, "after_roll") == "void"
    after = GAME.play(state, PASS)
    assert yaml_of(after)["pieces"]["red"] == [7, 20, "yard", "goal"]
    assert GAME.side_to_move(after) == "blue"


def test_third_six_spares_a_piece_that_reached_the_goal():
    state = pos(roll=6, sixes=2, last_moved="r4",
                pieces={"red": [7, 20, "yard", "goal"], "blue": ["yard"] * 4})
    assert ask(state, "after_roll") == "void"
    assert yaml_of(GAME.play(state, PASS))["pieces"]["red"] == [7, 20, "yard", "goal"]


def test_third_six_returns_the_last_moved_piece_only_not_an_earlier_unfinished_one():
    # docs/ludo/rules.md 「この解説での解釈」: the piece moved last this turn goes back unless it
    # finished; an earlier moved, unfinished piece (r1 here) is not returned in its place
    state = pos(pieces={"red": [19, 50, "yard", "yard"], "blue": [40, "yard", "yard", "yard"]})
    for text in ("roll 6", "r1 19-25", "roll 6", "r2 50-goal", "roll 6"):
        state = play(state, text)
    assert yaml_of(state)["last_moved"] == "r2"
    assert ask(state, "after_roll") == "void"
    after = play(state, "pass")
    assert yaml_of(after)["pieces"]["red"] == [25, "goal", "yard", "yard"]
    assert GAME.side_to_move(after) == "blue"


def test_square_18_flies_without_jumping_and_the_flight_passes_blues_home_column_harmlessly():
    # shared/rules/ludo.md: on the flight square the flight comes first, no jump (18 -> 30, not
    # 22); the flight line crosses the inner end of blue's home column (blue d 55), which sends
    # nothing back
    state = pos(roll=3, pieces={"red": ["yard", 15, "yard", "yard"],
                                "blue": [55, 40, "yard", "yard"]})
    assert texts(state) == ["r2 15-30"]
    after = play(state, "r2 15-30")
    assert yaml_of(after)["pieces"] == {"red": ["yard", 30, "yard", "yard"],
                                        "blue": [55, 40, "yard", "yard"]}


def test_third_six_refuses_piece_moves():
    state = pos(roll=6, **THIRD_SIX)
    with pytest.raises(IllegalMoveError, match="^the third six is void: the only move is pass$"):
        GAME.parse_move(state, "r1 7-13")


def test_the_sixes_count_through_a_turn():
    state = pos(roll=6, pieces={"red": [3, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    state = play(state, "r1 3-9")
    state = play(play(state, "roll 6"), "r1 9-15")
    assert (state.sixes, state.last) == (2, 0)
    state = play(state, "roll 6")
    assert ask(state, "after_roll") == "void, r1 back to yard"
    assert yaml_of(GAME.play(state, PASS))["pieces"]["red"] == ["yard"] * 4


@pytest.mark.parametrize("preset, tries, next_side", [
    ("aeroplane", 0, "red"), ("aeroplane", 1, "red"), ("aeroplane", 2, "blue"),
    ("easy", 0, "red"), ("ludo", 0, "blue"),
])
def test_three_tries_from_the_yard(preset, tries, next_side):
    extra = {"tries": tries} if tries else {}
    state = pos(preset, roll=2, pieces={"red": ["yard", "yard", "yard", "goal"],
                                        "blue": [10, "yard", "yard", "yard"]}, **extra)
    after = GAME.play(state, PASS)
    assert GAME.side_to_move(after) == next_side
    if next_side == "red":
        assert after.tries == tries + 1


def test_no_tries_when_a_piece_is_on_the_board():
    state = pos(roll=2, pieces={"red": [52, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    assert texts(state) == ["r1 52-54"]
    state = pos(roll=5, pieces={"red": [52, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    assert GAME.side_to_move(play(state, "r1 52-55")) == "blue"


# =========================================================================== moving


@pytest.mark.parametrize("preset, start, roll, expected", [
    ("aeroplane", 54, 6, "r1 54-52"),
    ("aeroplane", 55, 6, "r1 55-51"),
    ("aeroplane", 50, 6, "r1 50-goal"),
    ("easy", 54, 6, "r1 54-goal"),
    ("easy", 55, 1, "r1 55-goal"),
    ("ludo", 53, 4, "r1 53-goal"),
    ("ludo", 53, 5, "pass"),
])
def test_overshoot(preset, start, roll, expected):
    state = pos(preset, roll=roll, pieces={"red": [start, "goal", "goal", "goal"],
                                           "blue": ["yard"] * 4})
    assert texts(state) == [expected]


def test_bounce_and_the_home_column_never_jump():
    state = pos(roll=4, pieces={"red": [50, "goal", "goal", "goal"], "blue": ["yard"] * 4})
    assert texts(state) == ["r1 50-54"]  # 54 is d = 2 mod 4 but in the home column


@pytest.mark.parametrize("start, roll, expected", [
    (1, 1, "r1 1-6"),       # own colour 2 -> jump to 6
    (8, 2, "r1 8-14"),      # 10 -> 14, one jump only (14 is own colour too)
    (15, 3, "r1 15-30"),    # the flight square directly: fly, no jump after
    (26, 4, "r1 26-34"),    # own colour 30 by a normal move jumps on (no flight from 30)
    (44, 2, "r1 44-50"),    # 46 is the last square that jumps
    (48, 2, "r1 48-50"),    # 50 is own colour but does not jump
    (17, 2, "r1 17-19"),    # 19 plain
])
def test_jumps_and_flights(start, roll, expected):
    state = pos(roll=roll, pieces={"red": [start, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    assert texts(state)[0] == expected


def test_easy_jumps_and_ludo_does_not():
    pieces = {"red": [12, "yard", "yard", "yard"], "blue": ["yard"] * 4}
    assert texts(pos("easy", roll=2, pieces=pieces)) == ["r1 12-30"]
    assert texts(pos("ludo", roll=2, pieces=pieces)) == ["r1 12-14"]


def test_jumps_and_flights_are_separate_parameters():
    pieces = {"red": [12, 15, "yard", "yard"], "blue": ["yard"] * 4}
    no_flights = LudoGame({"flights": False})
    assert texts(pos(roll=2, pieces=pieces, game=no_flights), no_flights) == [
        "r1 12-18", "r2 15-17"]
    no_jumps = LudoGame({"jumps": False})
    assert texts(pos(roll=3, pieces=pieces, game=no_jumps), no_jumps) == [
        "r1 12-15", "r2 15-30"]


# =========================================================================== sending back


def blue_at(*reds):
    """Blue progress on the loop square of each red progress (T = d - 1 for red)."""
    return [(r - 1 - 25) % 52 for r in reds]


def test_send_back_at_every_landing_of_the_chain():
    # red 12 with a 2: lands on 14, jumps to 18, flies to 30; a blue piece on each
    blues = blue_at(14, 18, 30)
    state = pos(roll=2, pieces={"red": [12, "yard", "yard", "yard"],
                                "blue": blues + ["yard"]})
    assert ask(state, "send_backs", "r1 12-30") == 3
    assert ask(state, "most_send_backs") == ["r1 12-30"]
    after = play(state, "r1 12-30")
    assert yaml_of(after)["pieces"]["blue"] == ["yard"] * 4
    assert after.send_backs == (3, 0)


def test_passing_over_does_not_send_back_and_stacks_do_not_protect():
    blues = blue_at(13, 13) + blue_at(21)  # two blues on red's 13, one on red's 21
    state = pos(roll=1, pieces={"red": [12, 20, "yard", "yard"], "blue": blues + ["yard"]})
    assert ask(state, "send_backs", "r1 12-13") == 2
    assert ask(state, "send_backs", "r2 20-21") == 1
    assert ask(state, "most_send_backs") == ["r1 12-13"]
    jumped = pos(roll=2, pieces={"red": [12, "yard", "yard", "yard"],
                                 "blue": blue_at(13, 15, 16) + ["yard"]})
    assert ask(jumped, "send_backs", "r1 12-30") == 0


def test_ludo_safe_squares_share_and_protect():
    # red d 9 is T 8, a star square; blue there at d 35
    state = pos("ludo", roll=3, pieces={"red": [6, "yard", "yard", "yard"],
                                        "blue": [35, "yard", "yard", "yard"]})
    assert ask(state, "send_backs", "r1 6-9") == 0
    after = play(state, "r1 6-9")
    assert yaml_of(after)["pieces"]["blue"][0] == 35
    assert ask(after, "safe_pieces") == ["b-yard2", "b-yard3", "b-yard4", "t8"]


def test_no_move_sends_back_gives_an_empty_list():
    state = pos(roll=1, pieces={"red": [12, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    assert ask(state, "most_send_backs") == []


# =========================================================================== end and ranking


def test_finishing_ends_a_two_colour_game():
    state = pos(roll=6, pieces={"red": [50, "goal", "goal", "goal"], "blue": [30, 5, 5, "yard"]})
    after = play(state, "r1 50-goal")
    result = GAME.outcome(after)
    assert (result.winner, result.reason) == ("red", "ranking: red 1, blue 2")
    assert GAME.legal_moves(after) == []
    assert ask(after, "winner") == "red"


def test_three_colours_play_on_and_skip_the_finished():
    colours = ["red", "yellow", "blue"]
    pieces = {"red": [55, "goal", "goal", "goal"], "yellow": [10, 20, "yard", "yard"],
              "blue": [30, "yard", "yard", "yard"]}
    state = pos(roll=1, colours=colours, pieces=pieces)
    after = play(state, "r1 55-goal")
    assert GAME.outcome(after) is None
    assert GAME.side_to_move(after) == "yellow"
    assert GAME.ranking(after) == [("red", 1), ("yellow", 2), ("blue", 2)]
    stop = LudoGame({"stop_at_first": True})
    stopped = play(pos(roll=1, colours=colours, pieces=pieces, game=stop), "r1 55-goal", stop)
    assert stop.outcome(stopped).reason == "ranking: red 1, yellow 2, blue 2"


def test_ranking_of_four_by_progress_sums():
    state = pos(colours=["red", "yellow", "blue", "green"], to_move="blue", finished=["yellow"],
                pieces={"red": [10, 10, "yard", "yard"], "yellow": ["goal"] * 4,
                        "blue": [20, "yard", "yard", "yard"], "green": [19, "yard", "yard", 0]})
    assert GAME.ranking(state) == [("yellow", 1), ("red", 2), ("blue", 2), ("green", 4)]
    assert GAME.outcome(state) is None


def test_a_finishing_six_gives_no_extra_roll():
    colours = ["red", "yellow", "blue"]
    state = pos(roll=6, colours=colours, pieces={
        "red": [50, "goal", "goal", "goal"], "yellow": ["yard"] * 4, "blue": ["yard"] * 4})
    assert GAME.side_to_move(play(state, "r1 50-goal")) == "yellow"


# =========================================================================== start, perft


def test_start_and_perft():
    start = GAME.initial_state()
    assert yaml_of(start) == {"game": "ludo", "preset": "aeroplane", "colours": ["red", "blue"],
                              "to_move": "red", "pieces": {"red": ["yard"] * 4,
                                                           "blue": ["yard"] * 4}}
    # depth 2: rolls 1-5 pass, a 6 enters one of four pieces
    assert [GAME.perft(start, d) for d in (1, 2)] == [6, 9]
    four = LudoGame({"colours": 4, "pieces": 2, "preset": "ludo"}).initial_state()
    assert four.colours == ("red", "yellow", "blue", "green") and four.pieces[3] == (-1, -1)


# =========================================================================== notation


@pytest.mark.parametrize("text, message", [
    ("r2 12-14", "r2 12 with a 2 ends on 30, not 14"),
    ("r2 13-30", "r2 is at 12, not 13"),
    ("b1 yard-0", "it is red's turn, not blue's"),
    ("r1 yard-0", "r1 cannot use a 2: a piece leaves the yard only on 6"),
    ("r4 goal-goal", "r4 cannot use a 2: it has reached the goal"),
    ("pass", "pass is not legal: r2, r3 can use the 2"),
    ("roll 3", "a roll is already stated (2): play a piece or pass"),
])
def test_illegal_moves_say_why(text, message):
    state = pos(roll=2, pieces={"red": ["yard", 12, 30, "goal"], "blue": ["yard", "yard", 5, 55]})
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, text)
    assert str(err.value) == message


def test_unreadable_moves():
    state = pos(roll=2, pieces={"red": ["yard", 12, 30, "goal"], "blue": ["yard"] * 4})
    with pytest.raises(NotationError, match=r"^cannot read move 'r5 1-2': expected like "
                                            r"'r2 12-30', 'r1 yard-0', 'b3 54-goal', 'pass' "
                                            r"or 'roll 3'$"):
        GAME.parse_move(state, "r5 1-2")
    two = pos(roll=2, game=LudoGame({"pieces": 2}), pieces={"red": ["yard", 12],
                                                            "blue": ["yard", "yard"]})
    with pytest.raises(IllegalMoveError, match="^red has 2 pieces: there is no r3$"):
        GAME.parse_move(two, "r3")


def test_move_texts_round_trip_and_short_forms():
    state = pos(roll=6, pieces={"red": ["yard", 12, 30, 50], "blue": ["yard", "yard", 5, 55]})
    for move in GAME.legal_moves(state):
        for text in GAME.notations(state, move):
            assert GAME.parse_move(state, text) == move
    assert GAME.parse_move(state, " R4  50 - GOAL ") == Move("move", 3)
    assert GAME.notations(state, Move("move", 0)) == ["r1 yard-0", "r1"]
    waiting = GAME.initial_state()
    assert GAME.parse_move(waiting, "roll 4") == Move("roll", 4)
    with pytest.raises(IllegalMoveError, match="^no roll is stated: the moves here are roll 1 "
                                               "to roll 6$"):
        GAME.parse_move(waiting, "pass")


# =========================================================================== squares


def test_square_names():
    aeroplane, ludo = preset_rules("aeroplane"), preset_rules("ludo")
    assert square_of(aeroplane, "red", 0, 0) == "r-takeoff"
    assert square_of(aeroplane, "red", 1, 0) == "t0"
    assert square_of(aeroplane, "blue", 12, 0) == "t37"
    assert square_of(aeroplane, "green", 50, 0) == "t36"
    assert square_of(aeroplane, "yellow", 51, 0) == "y-h1"
    assert square_of(aeroplane, "yellow", 55, 0) == "y-h5"
    assert square_of(aeroplane, "yellow", 56, 0) == "y-goal"
    assert square_of(aeroplane, "green", "yard", 3) == "g-yard4"
    assert square_of(ludo, "blue", 1, 0) == "t26"
    assert square_of(ludo, "blue", 51, 0) == "t24"
    assert square_of(ludo, "blue", 52, 0) == "b-h1"
    assert square_of(ludo, "blue", "goal", 0) == "b-goal"
    assert len(all_squares(aeroplane)) == 52 + 4 * (1 + 5 + 1 + 4)
    assert len(all_squares(ludo)) == 52 + 4 * (5 + 1 + 4)


# =========================================================================== positions


@pytest.mark.parametrize("change, path, message", [
    ({"roll": 7}, ("roll",), "roll 7: expected 1-6"),
    ({"roll": True}, ("roll",), "expected roll 1-6, got True"),
    ({"sixes": 3}, ("sixes",), "sixes 3: expected 0-2"),
    ({"colours": ["red", "yellow"]}, ("colours", 1),
     "yellow is not seated with 2 colours: expected red, blue"),
    ({"colours": ["blue", "red"]}, ("colours",), "expected the colours in seat order: red, blue"),
    ({"pieces": {"red": ["yard", 57, 30, "goal"], "blue": ["yard"] * 4}}, ("pieces", "red", 1),
     "progress 57 is past the goal: expected yard, 0-56 or goal (0 take-off, 1-50 loop, "
     "51-55 home column, 56 goal)"),
    ({"pieces": {"red": ["yard", 12, 30], "blue": ["yard"] * 4}}, ("pieces", "red"),
     "red has 3 pieces: expected 4"),
    ({"pieces": {"red": ["yard"] * 4, "blue": ["yard"] * 3 + ["home"]}}, ("pieces", "blue", 3),
     "expected yard, 0-56 or goal (0 take-off, 1-50 loop, 51-55 home column, 56 goal), "
     "got 'home'"),
    ({"pieces": {"red": [13, "yard", "yard", "yard"], "blue": [39, "yard", "yard", "yard"]}},
     ("pieces", "blue", 0), "b1 and r1 share t12: pieces of different colours cannot share a "
                            "loop square that is not safe"),
    ({"last_moved": "r2"}, ("last_moved",),
     "last_moved needs sixes or tries: a piece moved earlier in this turn means an earlier "
     "roll in it"),
    ({"tries": 1}, ("tries",),
     "tries 1: tries are only for a colour whose unfinished pieces are all in the yard"),
    ({"preset": "chinese"}, ("preset",), "unknown preset 'chinese': expected aeroplane, easy, "
                                         "ludo"),
    ({"to_move": "green"}, ("to_move",), "expected to_move one of red, blue, got 'green'"),
    ({"colours": ["red", "red"]}, ("colours", 1), "red is listed twice: each colour plays once"),
    ({"pieces": {"red": ["yard", 12, 18, "goal"], "blue": ["yard"] * 4}}, ("pieces", "red", 2),
     "r3 cannot rest at 18: progress 18 is its flight square: a piece arriving there flies to "
     "30, so it never stops there"),
    ({"pieces": {"red": ["yard", 12, 30, "goal"], "blue": ["yard", 2, "yard", "yard"]}},
     ("pieces", "blue", 1), "b2 cannot rest at 2: progress 2 is a square of its own colour: a "
                            "piece arriving there jumps to 6, so it never stops there"),
    ({"preset": "easy", "pieces": {"red": ["yard", 12, 30, "goal"], "blue": [18] + ["yard"] * 3}},
     ("pieces", "blue", 0), "b1 cannot rest at 18: progress 18 is its flight square: a piece "
                            "arriving there flies to 30, so it never stops there"),
    ({"pieces": {"red": ["yard", 12], "blue": ["yard"] * 4}}, ("pieces", "red"),
     "red has 2 pieces but blue has 4: every colour has 4 pieces, or 2 in the short game"),
])
def test_impossible_positions(change, path, message):
    data = {"game": "ludo", "preset": "aeroplane", "colours": ["red", "blue"], "to_move": "red",
            "roll": 2, "pieces": {"red": ["yard", 12, 30, "goal"], "blue": ["yard"] * 4}}
    data.update(change)
    with pytest.raises(PositionError) as err:
        GAME.position_from_yaml(data)
    assert (str(err.value), err.value.path) == (message, path)


def test_ludo_geometry_has_no_progress_zero():
    with pytest.raises(PositionError, match=r"^progress 0 is not on the track: expected yard, "
                                            r"1-57 or goal \(1-51 loop, 52-56 home column, "
                                            r"57 goal\)$"):
        pos("ludo", pieces={"red": [0, "yard", "yard", "yard"], "blue": ["yard"] * 4})


def test_the_position_preset_picks_the_rules_and_explicit_overrides_stay():
    game = LudoGame({"overshoot": "finish"})
    state = pos("ludo", roll=3, game=game, pieces={"red": [55, "yard", "yard", "yard"],
                                                   "blue": ["yard"] * 4})
    assert state.variant.rules.preset == "ludo" and not state.variant.rules.jumps
    assert texts(state, game) == ["r1 55-goal"]


def test_position_round_trip_with_every_field():
    data = {"game": "ludo", "preset": "easy",
            "colours": ["red", "yellow", "blue", "green"], "to_move": "yellow", "roll": 6,
            "sixes": 2, "last_moved": "y1", "finished": ["green", "red"],
            "send_backs": {"blue": 2}, "pieces": {
                "red": ["goal"] * 4, "yellow": [3, "yard", "yard", "yard"],
                "blue": ["yard", "yard", 40, 52], "green": ["goal"] * 4}}
    state = GAME.position_from_yaml(data)
    assert GAME.position_to_yaml(state) == data
    assert GAME.position_from_yaml(GAME.position_to_yaml(state)) == state


# =========================================================================== queries


def test_queries_on_the_design_example():
    state = pos(roll=2, pieces={"red": ["yard", 12, 30, "goal"], "blue": ["yard", "yard", 5, 55]})
    assert ask(state, "legal_moves") == ["r2 12-30", "r3 30-32"]
    assert ask(state, "movable_pieces") == 2
    assert ask(state, "landing", "r2") == "30"
    assert ask(state, "landing", "r4") == "none"
    assert ask(state, "landing_square", "r3") == ["t31"]
    assert ask(state, "landing_square", "r1") == []
    assert ask(state, "safe_pieces") == ["r-goal", "r-yard1"]
    assert ask(state, "after_roll") == "move"
    assert ask(state, "legal_under", "ludo", "r2 12-14") is True
    assert ask(state, "legal_under", "ludo", "r2 12-30") is False
    assert ask(state, "legal_under", "easy", "r2 12-30") is True
    blocked = pos(roll=3, pieces={"red": ["yard"] * 4, "blue": ["yard"] * 4})
    assert ask(blocked, "after_roll") == "pass"
    with pytest.raises(QueryError, match=r"^b1 is not a piece of the side to move \(red\)$"):
        ask(state, "landing", "b1")
    with pytest.raises(QueryError, match="^the position states no roll: add 'roll: N'"):
        ask(GAME.initial_state(), "movable_pieces")
    with pytest.raises(QueryError, match="^unknown query 'winning_moves' for ludo"):
        ask(state, "winning_moves", "3")
    with pytest.raises(QueryError, match="^ludo is a dice game"):
        GAME.winning_moves(state, 3)


def test_legal_under_a_preset_where_the_position_is_impossible():
    state = pos(roll=2, pieces={"red": [0, "yard", "yard", "yard"], "blue": ["yard"] * 4})
    with pytest.raises(QueryError, match="^the position is not possible under ludo: progress 0 "
                                         "is not on the track"):
        ask(state, "legal_under", "ludo", "r1 0-2")


def test_drawing_helpers_name_squares_changes_and_send_backs():
    from banmen.games.ludo import changed_squares, occupants, sent_back

    state = pos(roll=2, pieces={"red": [12, 12, "yard", "yard"],
                                "blue": blue_at(18) + ["yard"] * 3})
    assert occupants(state) == {"t11": ["r1", "r2"], "r-yard3": ["r3"], "r-yard4": ["r4"],
                                "t17": ["b1"], "b-yard2": ["b2"], "b-yard3": ["b3"],
                                "b-yard4": ["b4"]}
    move = GAME.parse_move(state, "r1 12-30")
    assert sent_back(state, move) == [("b1", "t17", "b-yard1")]
    assert changed_squares(state, GAME.play(state, move)) == ["b-yard1", "t11", "t17", "t29"]
    penalty = pos(roll=6, **THIRD_SIX)
    assert sent_back(penalty, PASS) == [("r2", "t19", "r-yard2")]


def test_an_entering_six_ends_the_tries():
    state = pos(roll=6, tries=1, pieces={"red": ["yard"] * 4, "blue": ["yard"] * 4})
    after = play(state, "r1 yard-0")
    assert (GAME.side_to_move(after), after.sixes, after.tries) == ("red", 1, 0)
    moved = play(play(after, "roll 3"), "r1 0-3")
    assert GAME.side_to_move(moved) == "blue"


def test_which_preset_allows_entering_on_a_five():
    state = pos(roll=5, pieces={"red": ["yard"] * 4, "blue": ["yard"] * 4})
    assert ask(state, "legal_under", "easy", "r1 yard-0") is True
    assert ask(state, "legal_under", "aeroplane", "r1 yard-0") is False
    assert ask(state, "legal_under", "ludo", "r1 yard-1") is False
    assert ask(state, "legal_under", "ludo", "pass") is True


def test_the_preset_table_comes_from_the_presets():
    from banmen.games.ludo.rules import preset_table

    rows = {name: values for name, _, values in preset_table()}
    assert rows["enter_on"] == {"aeroplane": "6", "easy": "5・6", "ludo": "6"}
    assert rows["overshoot"] == {"aeroplane": "余りの分だけ戻る", "easy": "ゴール扱い",
                                 "ludo": "ぴったりのみ（超える駒は動かせない）"}
    assert rows["third_six"]["aeroplane"] == "無効＋最後に動かした駒が陣地へ"
    assert rows["jumps"] == {"aeroplane": "あり", "easy": "あり", "ludo": "なし"}
    assert rows["pieces"] == {"aeroplane": "4個", "easy": "4個", "ludo": "4個"}
    assert list(rows) == list(preset_parameters())


def test_site_rules_and_set_options_reach_the_engine(tmp_path):
    from banmen.content.check import load_site_rules

    (tmp_path / "rules.yaml").write_text("ludo:\n  preset: easy\n  pieces: 2\n", encoding="utf-8")
    games, errors = load_site_rules(tmp_path, {"ludo": {"third_six": "return_last"}})
    rules = games["ludo"].rules
    assert errors == []
    assert (rules.preset, rules.pieces, rules.overshoot, rules.third_six) == (
        "easy", 2, "finish", "return_last")
    puzzle = games["ludo"].with_rules({"preset": "ludo"}).rules
    assert (puzzle.pieces, puzzle.overshoot, puzzle.third_six) == (2, "forbid", "return_last")
    (tmp_path / "rules.yaml").write_text("ludo:\n  overshoot: wrap\n", encoding="utf-8")
    _, errors = load_site_rules(tmp_path)
    assert [str(e) for e in errors] == [
        "rules.yaml:2:14: rule parameter 'overshoot': expected 'bounce', 'finish' or 'forbid', "
        "got 'wrap'"]


@pytest.mark.parametrize("colours", [["red", "blue"], ["red", "yellow", "blue", "green"]])
def test_each_colours_flight_square_is_unreachable_and_reachable_without_flights(colours):
    # progress counts from each colour's own start: every colour's 18 is its flight square
    for colour in colours:
        pieces = {c: ["yard"] * 4 for c in colours}
        pieces[colour] = [18, "yard", "yard", "yard"]
        with pytest.raises(PositionError) as err:
            pos(colours=colours, pieces=pieces, to_move=colours[0])
        assert err.value.path == ("pieces", colour, 0)
        assert str(err.value).startswith(f"{colour[0]}1 cannot rest at 18: progress 18 is its "
                                         "flight square")
        # the ludo preset has no flights: the same progress is an ordinary square
        state = pos("ludo", colours=colours, pieces=pieces, to_move=colours[0])
        assert state.pieces[colours.index(colour)][0] == 18


def test_a_short_game_is_inferred_when_every_colour_has_two_pieces():
    state = pos(roll=2, pieces={"red": ["yard", 12], "blue": ["yard", 5]})
    assert state.variant.rules.pieces == 2
    assert texts(state) == ["r2 12-30"]
    assert GAME.position_to_yaml(state)["pieces"] == {"red": ["yard", 12], "blue": ["yard", 5]}
    with pytest.raises(PositionError) as err:  # rules that ask for 4 pieces say so
        pos(roll=2, game=LudoGame({"pieces": 4}), pieces={"red": ["yard", 12], "blue": ["yard", 5]})
    assert str(err.value) == ("red has 2 pieces: expected 4 (the rules set pieces: 4; without it "
                              "a position with 2 pieces a colour is the short game)")
