"""Tests of the めだまがえる engine against shared/rules/medamagaeru.md."""

from __future__ import annotations

import pytest
import yaml

from banmen.game import (
    IllegalMoveError,
    NotationError,
    Outcome,
    PositionError,
    QueryError,
    RulesError,
    get_game,
)
from banmen.games import medamagaeru as mg
from banmen.games.medamagaeru import MedamagaeruGame, MedamagaeruRules, Move, Piece

GAME = MedamagaeruGame()


def position(board, to_move="green", captures=None, attacker="none", game=GAME, **extra):
    data = {"game": "medamagaeru", "to_move": to_move, "board": board, "attacker": attacker}
    if captures is not None:
        data["captures"] = captures
    data.update(extra)
    return game.position_from_yaml(data)


def play_text(game, state, *texts):
    for text in texts:
        state = game.play(state, game.parse_move(state, text))
    return state


def move_texts(game, state):
    return [game.format_move(state, m) for m in game.legal_moves(state)]


# =========================================================================== capture table


def test_capture_table_matches_the_spec():
    takes = {(e, t) for e in range(1, 6) for t in range(1, 6) if mg.can_capture(e, t)}
    assert takes == {(2, 1), (3, 2), (4, 3), (5, 4), (1, 5)}


def test_three_does_not_take_one_and_nothing_takes_its_own_count():
    assert not mg.can_capture(3, 1)
    assert not any(mg.can_capture(e, e) for e in range(1, 6))


def test_capture_on_the_board_follows_the_table():
    state = position({"44": "G1", "43": "W5", "45": "W2", "34": "W1"})
    assert move_texts(GAME, state) == [
        "1 44-33", "1 44-35", "1 44x43", "1 44x43+", "1 44-53", "1 44-54", "1 44-55",
    ]


# =========================================================================== promotion


def test_promotion_adds_one_eye_and_five_becomes_one():
    assert [mg.promoted_eyes(e) for e in range(1, 6)] == [2, 3, 4, 5, 1]


def test_promoted_five_becomes_a_promoted_one():
    state = position({"44": "G5", "43": "W4"})
    after = play_text(GAME, state, "5 44x43+")
    assert after.piece_at("43") == Piece("green", 1, True)
    assert after.captures == (1, 0)
    plain = play_text(GAME, state, "5 44x43")
    assert plain.piece_at("43") == Piece("green", 5, False)


def test_promoted_piece_captures_by_its_new_count_and_never_promotes_again():
    # a promoted 3 (was a 2) takes a 2 but not a 1
    state = position({"44": "G3+", "43": "W2", "45": "W1"})
    assert move_texts(GAME, state) == [
        "3 44-33", "3 44-34", "3 44-35", "3 44x43", "3 44-53", "3 44-54", "3 44-55",
    ]
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "3 44x43+")
    assert str(err.value) == "the piece on 44 is already promoted: a piece promotes only once"
    after = play_text(GAME, state, "3 44x43")
    assert after.piece_at("43") == Piece("green", 3, True)


def test_capture_and_capture_with_promotion_are_distinct_moves():
    state = position({"44": "G2", "43": "W1"})
    captures = [m for m in GAME.legal_moves(state) if m.capture]
    assert captures == [Move(44, 43, True, False), Move(44, 43, True, True)]


# =========================================================================== setup and rules


def test_initial_state_is_the_decision_setup():
    start = GAME.initial_state()
    assert GAME.position_to_yaml(start) == {
        "game": "medamagaeru",
        "to_move": "green",
        "board": {
            "21": "W4", "27": "G5", "31": "W2", "37": "G3", "41": "W1",
            "47": "G1", "51": "W3", "57": "G2", "61": "W5", "67": "G4",
        },
        "captures": {"green": 0, "white": 0},
        "attacker": "none",
    }
    assert start.window == (mg.repetition_key(start),)
    assert start.plies_since_2_2 is None
    assert GAME.outcome(start) is None


def test_game_identity_and_registry():
    assert GAME.id == "medamagaeru"
    assert GAME.name_ja == "めだまがえる"
    assert GAME.spec == "shared/rules/medamagaeru.md"
    assert GAME.sides == ("green", "white")
    assert mg.GAME is MedamagaeruGame
    assert isinstance(get_game("medamagaeru"), MedamagaeruGame)


def test_rules_defaults_and_documentation():
    rules = MedamagaeruRules()
    assert rules.values() == {
        "reposition_counts": True,
        "capture_resets": False,
        "captures_to_win": 3,
        "draw_plies_after_2_2": 50,
    }
    for name, field in MedamagaeruRules.params().items():
        assert field.description, name
        assert field.ja, name


@pytest.mark.parametrize(
    "overrides, message",
    [
        ({"foo": 1}, "unknown rule parameter 'foo'"),
        ({"captures_to_win": 6}, "rule parameter 'captures_to_win'"),
        ({"draw_plies_after_2_2": 0}, "rule parameter 'draw_plies_after_2_2'"),
        ({"reposition_counts": "yes"}, "rule parameter 'reposition_counts'"),
    ],
)
def test_bad_rules_are_rejected(overrides, message):
    with pytest.raises(RulesError) as err:
        MedamagaeruGame(overrides)
    assert str(err.value).startswith(message)


# =========================================================================== worked attacker examples


@pytest.mark.parametrize("reposition_counts", [True, False])
def test_example_1_free_piece_aiming_makes_the_attacker(reposition_counts):
    game = MedamagaeruGame({"reposition_counts": reposition_counts})
    state = position({"44": "G3", "42": "W2"}, game=game)
    move = game.parse_move(state, "3 44-43")
    assert mg.aimed_squares(game.rules, state.board, move) == (42,)
    assert mg.is_free(mg.board_after(state.board, move), 43)
    assert game.play(state, move).attacker == "green"


@pytest.mark.parametrize("reposition_counts", [True, False])
def test_example_2_attacked_mover_is_not_free(reposition_counts):
    game = MedamagaeruGame({"reposition_counts": reposition_counts})
    state = position({"44": "G3", "42": "W2", "53": "W4"}, game=game)
    after = play_text(game, state, "3 44-43")
    assert mg.attackers_of(after.board, 43) == (53,)
    assert after.attacker == "none"


@pytest.mark.parametrize("reposition_counts", [True, False])
@pytest.mark.parametrize(
    "on_31, move, attacker",
    [
        ("W4", "3 43x42", "none"),
        ("W4", "3 43x42+", "none"),
        ("W3", "3 43x42+", "green"),
        ("W3", "3 43x42", "none"),
    ],
)
def test_example_3_attacker_capture(reposition_counts, on_31, move, attacker):
    game = MedamagaeruGame({"reposition_counts": reposition_counts})
    state = position({"43": "G3", "42": "W2", "31": on_31}, attacker="green", game=game)
    after = play_text(game, state, move)
    assert after.attacker == attacker
    assert after.captures == (1, 0)


@pytest.mark.parametrize("reposition_counts, attacker", [(True, "green"), (False, "white")])
def test_example_4_reposition_counts(reposition_counts, attacker):
    game = MedamagaeruGame({"reposition_counts": reposition_counts})
    state = position({"43": "G3", "42": "W2"}, attacker="white", game=game)
    move = game.parse_move(state, "3 43-33")
    expected_aims = (42,) if reposition_counts else ()
    assert mg.aimed_squares(game.rules, state.board, move) == expected_aims
    assert game.play(state, move).attacker == attacker


def test_example_4_reposition_that_is_not_free_keeps_the_attacker():
    # a white 4 on 23 attacks the green 3 arriving on 33
    state = position({"43": "G3", "42": "W2", "23": "W4"}, attacker="white")
    assert play_text(GAME, state, "3 43-33").attacker == "white"


def test_attacker_capture_stays_when_another_attacker_piece_attacks():
    # rule 2's exception: "one of the attacker's pieces", not only the capturing one
    state = position({"43": "G3", "42": "W2", "66": "G2", "65": "W1"}, attacker="green")
    assert play_text(GAME, state, "3 43x42").attacker == "green"


def test_attacker_moving_without_capture_stays_attacker():
    state = position({"43": "G3", "42": "W2", "77": "W5"}, attacker="green")
    assert play_text(GAME, state, "3 43-44").attacker == "green"


def test_aiming_at_a_non_capturable_piece_does_nothing():
    state = position({"44": "G3", "42": "W1"})
    assert play_text(GAME, state, "3 44-43").attacker == "none"


# =========================================================================== capture_resets


@pytest.mark.parametrize("capture_resets, attacker", [(False, "white"), (True, "none")])
def test_capture_resets_when_capturing_a_piece_of_the_attacker(capture_resets, attacker):
    game = MedamagaeruGame({"capture_resets": capture_resets})
    state = position({"44": "G3", "43": "W2", "77": "W5"}, attacker="white", game=game)
    after = play_text(game, state, "3 44x43")
    assert after.attacker == attacker


@pytest.mark.parametrize("capture_resets", [False, True])
def test_rule_1_still_applies_on_the_capturing_move(capture_resets):
    # after 44x43 the green 3 attacks the white 2 on 32 and is free
    game = MedamagaeruGame({"capture_resets": capture_resets})
    state = position({"44": "G3", "43": "W2", "32": "W2+"}, attacker="white", game=game)
    assert play_text(game, state, "3 44x43").attacker == "green"


def test_capture_resets_ignores_captures_by_the_attacker_itself():
    game = MedamagaeruGame({"capture_resets": True})
    state = position({"43": "G3", "42": "W2", "66": "G2", "65": "W1"}, attacker="green", game=game)
    assert play_text(game, state, "3 43x42").attacker == "green"


# =========================================================================== repetition


def repetition_start():
    # green is the attacker; the green 3 in the corner can reach 21 and 22 only (a white 1
    # it cannot take sits on 12); the white 5 shuffles and never aims at anything
    return position({"11": "G3", "12": "W1", "77": "W5"}, attacker="green")


def test_window_restarts_one_ply_before_a_change_of_attacker():
    state = position({"44": "G3", "42": "W2", "77": "W5"})
    after = play_text(GAME, state, "3 44-43")
    assert after.attacker == "green"
    assert after.window == (mg.repetition_key(state), mg.repetition_key(after))
    later = play_text(GAME, after, "5 77-76")
    assert later.window == after.window + (mg.repetition_key(later),)


def test_repetition_duty_restricts_the_attacker():
    state = play_text(GAME, repetition_start(), "3 11-21", "5 77-76", "3 21-11", "5 76-77")
    assert state.board == repetition_start().board
    assert mg.under_repetition_duty(state)
    assert move_texts(GAME, state) == ["3 11-22"]
    assert mg.pseudo_legal_moves(state) == [Move(11, 21), Move(11, 22)]
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(state, "3 11-21")
    assert str(err.value) == "the repetition duty forbids 3 11-21: that position already occurred"
    queries = GAME.queries()
    assert queries["repetition_duty"].func(GAME, state) is True
    assert queries["forbidden_by_repetition"].func(GAME, state) == ["3 11-21"]
    assert queries["repetition_moves"].func(GAME, state) == ["3 11-22"]


def test_repetition_duty_does_not_bind_the_other_side():
    state = play_text(
        GAME, repetition_start(), "3 11-21", "5 77-76", "3 21-11", "5 76-77", "3 11-22", "5 77-76", "3 22-11"
    )
    # white to move in a position first seen after the third ply
    assert state.to_move == "white"
    assert state.window.count(mg.repetition_key(state)) == 2
    assert not mg.under_repetition_duty(state)
    # white may return to an earlier position
    assert "5 76-77" in move_texts(GAME, state)


def test_attacker_loses_when_the_repetition_duty_leaves_no_move():
    state = play_text(
        GAME,
        repetition_start(),
        "3 11-21", "5 77-76", "3 21-11", "5 76-77",
        "3 11-22", "5 77-76", "3 22-11", "5 76-77",
    )
    assert GAME.legal_moves(state) == []
    assert GAME.outcome(state) == Outcome("white", "repetition duty: no move to a new position")
    assert GAME.queries()["repetition_moves"].func(GAME, state) == []
    assert GAME.queries()["forbidden_by_repetition"].func(GAME, state) == ["3 11-21", "3 11-22"]


def test_repetition_history_in_yaml_builds_the_window():
    data = {
        "to_move": "green",
        "board": {"11": "G3", "12": "W1", "77": "W5"},
        "attacker": "green",
        "history": ["3 11-21", "5 77-76", "3 21-11", "5 76-77"],
    }
    state = GAME.position_from_yaml(data)
    assert move_texts(GAME, state) == ["3 11-22"]
    assert len(state.window) == 5
    again = GAME.position_from_yaml(GAME.position_to_yaml(state))
    assert again == state
    assert GAME.position_to_yaml(state)["window"] == [
        "green 11G3 12W1 77W5",
        "white 12W1 21G3 77W5",
        "green 12W1 21G3 76W5",
        "white 11G3 12W1 76W5",
    ]


def test_capture_always_breaks_repetition():
    state = position({"11": "G3", "12": "W1", "22": "W2", "77": "W5"}, attacker="green")
    state = play_text(GAME, state, "3 11-21", "5 77-76", "3 21-11", "5 76-77")
    assert mg.under_repetition_duty(state)
    assert move_texts(GAME, state) == ["3 11x22", "3 11x22+"]


def test_position_key_identifies_transpositions():
    a = play_text(GAME, GAME.initial_state(), "4 67-66", "4 21-22", "2 57-56")
    b = play_text(GAME, GAME.initial_state(), "2 57-56", "4 21-22", "4 67-66")
    assert a != b  # the windows list the positions in different orders
    assert GAME.position_key(a) != GAME.position_key(b)  # and they hold different positions
    c = play_text(GAME, GAME.initial_state(), "4 67-66", "4 21-22", "4 66-67", "4 22-21")
    assert GAME.position_key(c) != GAME.position_key(GAME.initial_state())  # c is a repeat
    assert hash(GAME.position_key(c))


# =========================================================================== winning and drawing


def test_third_capture_wins_at_once():
    state = position({"44": "G3", "43": "W2", "11": "W1", "77": "G5"}, captures={"green": 2, "white": 1})
    after = play_text(GAME, state, "3 44x43")
    assert after.captures == (3, 1)
    assert GAME.outcome(after) == Outcome("green", "third capture")
    assert GAME.legal_moves(after) == []
    with pytest.raises(IllegalMoveError) as err:
        GAME.parse_move(after, "1 11-12")
    assert str(err.value) == "the game is over: green won (third capture)"


@pytest.mark.parametrize(
    "board, verdict, outcome",
    [
        ({"77": "G3", "11": "W2", "13": "W4"}, "continue", None),
        ({"77": "G3", "11": "W2", "13": "W5"}, "green",
         Outcome("green", "2-2 judgement: white can capture nothing")),
        ({"77": "G1", "11": "W2", "13": "W3"}, "white",
         Outcome("white", "2-2 judgement: green can capture nothing")),
        ({"77": "G3", "11": "W3", "13": "W1"}, "draw",
         Outcome(None, "2-2 judgement: neither side can capture anything")),
    ],
)
def test_2_2_judgement(board, verdict, outcome):
    state = position(board, captures={"green": 2, "white": 2})
    assert mg.judgement(state.board) == verdict
    assert GAME.outcome(state) == outcome
    assert GAME.queries()["judgement"].func(GAME, state) == verdict


def test_judgement_counts_pieces_anywhere_on_the_board():
    # nothing is adjacent; the counts go by eye counts only
    state = position({"77": "G3", "75": "G2", "11": "W2", "13": "W1", "15": "W4"},
                     captures={"green": 2, "white": 2})
    assert mg.capturable_count(state.board, "green") == 2  # W2 by the G3, W1 by the G2
    assert mg.capturable_count(state.board, "white") == 1  # the G3 by the W4
    assert GAME.outcome(state) is None
    assert GAME.queries()["capturable_count"].func(GAME, state, side="white") == 1


def test_judgement_happens_when_a_capture_makes_it_2_2():
    state = position({"44": "G3", "43": "W2", "11": "W5", "77": "G1+"}, captures={"green": 1, "white": 2})
    after = play_text(GAME, state, "3 44x43")
    assert after.captures == (2, 2)
    assert after.plies_since_2_2 == 0
    # green: G3 takes nothing left (W5), G1+ takes W5 -> 1; white: W5 takes a 4 -> 0
    assert GAME.outcome(after) == Outcome("green", "2-2 judgement: white can capture nothing")


def shuffle(state, plies):
    """Green 3 between 77 and 76, white 4 between 13 and 14: no capture, no aim."""
    for _ in range(plies):
        legal = move_texts(GAME, state)
        for text in ("3 77-76", "3 76-77", "4 13-14", "4 14-13"):
            if text in legal:
                state = play_text(GAME, state, text)
                break
    return state


def test_draw_50_plies_after_the_first_2_2_position():
    state = position({"77": "G3", "11": "W2", "13": "W4"}, captures={"green": 2, "white": 2})
    assert state.plies_since_2_2 == 0
    before = shuffle(state, 49)
    assert before.plies_since_2_2 == 49
    assert GAME.outcome(before) is None
    after = shuffle(before, 1)
    assert GAME.outcome(after) == Outcome(None, "no winning capture within 50 plies of 2-2")
    assert GAME.legal_moves(after) == []


def test_a_winning_capture_on_the_50th_ply_still_wins():
    state = position({"44": "G3", "43": "W2", "11": "W4"}, captures={"green": 2, "white": 2},
                     plies_since_2_2=49)
    assert GAME.outcome(state) is None
    after = play_text(GAME, state, "3 44x43")
    assert GAME.outcome(after) == Outcome("green", "third capture")


def test_draw_plies_parameter():
    game = MedamagaeruGame({"draw_plies_after_2_2": 2})
    state = position({"77": "G3", "11": "W2", "13": "W4"}, captures={"green": 2, "white": 2}, game=game)
    state = play_text(game, state, "3 77-76", "4 13-14")
    assert game.outcome(state) == Outcome(None, "no winning capture within 2 plies of 2-2")


def test_captures_to_win_parameter_moves_the_judgement():
    game = MedamagaeruGame({"captures_to_win": 4})
    state = position({"77": "G3", "11": "W3", "13": "W1"}, captures={"green": 2, "white": 2}, game=game)
    assert game.outcome(state) is None
    state = position({"77": "G3", "11": "W3"}, captures={"green": 3, "white": 3}, game=game)
    assert game.outcome(state) == Outcome(None, "3-3 judgement: neither side can capture anything")


def test_a_player_with_no_legal_move_loses():
    state = position({"11": "G1", "21": "W2", "12": "W3", "22": "W4"})
    assert GAME.legal_moves(state) == []
    assert GAME.outcome(state) == Outcome("white", "no legal move")


# =========================================================================== notation


def test_format_move_is_canonical():
    state = position({"63": "G5", "44": "G2", "45": "W1", "11": "W3"})
    assert GAME.format_move(state, Move(63, 52)) == "5 63-52"
    assert GAME.format_move(state, Move(44, 45, True)) == "2 44x45"
    assert GAME.format_move(state, Move(44, 45, True, True)) == "2 44x45+"


@pytest.mark.parametrize(
    "text, move",
    [
        ("5 63-52", Move(63, 52)),
        ("63-52", Move(63, 52)),
        ("  5   63 - 52 ", Move(63, 52)),
        ("５ ６３－５２", Move(63, 52)),
        ("５　６三－５二", Move(63, 52)),
        ("2 44x45", Move(44, 45, True)),
        ("44X45", Move(44, 45, True)),
        ("２ ４４×４５＋", Move(44, 45, True, True)),
        ("2 44x45+", Move(44, 45, True, True)),
    ],
)
def test_parse_move_accepts_the_documented_forms(text, move):
    state = position({"63": "G5", "44": "G2", "45": "W1", "11": "W3"})
    assert GAME.parse_move(state, text) == move


def test_parse_move_accepts_the_promoted_mark_on_the_eye_count():
    state = position({"44": "G3+", "11": "W3"})
    assert GAME.parse_move(state, "3+ 44-43") == Move(44, 43)


@pytest.mark.parametrize(
    "text, error, message",
    [
        ("hello", NotationError,
         "cannot read move 'hello': expected like '5 63-52', '2 44x45' or '2 44x45+'"),
        ("5 63-81", NotationError, "square 81 is off the board: expected file and rank 1-7"),
        ("5 063-52", NotationError, "square 063 is off the board: expected file and rank 1-7"),
        ("7 63-52", NotationError, "eye count must be 1-5, got 7"),
        ("5 53-52", IllegalMoveError, "no green piece on 53"),
        ("3 45x44", IllegalMoveError, "no green piece on 45"),
        ("4 63-52", IllegalMoveError, "the green piece on 63 has 5 eyes, not 4"),
        ("5 63-51", IllegalMoveError, "63 and 51 are not adjacent"),
        ("5 63-63", IllegalMoveError, "63 and 63 are not adjacent"),
        ("3 33x32", IllegalMoveError, "a 3 cannot capture a 1"),
        ("3 33-34", IllegalMoveError, "34 holds a green piece"),
        ("2 34-45", IllegalMoveError, "45 holds a white 1: write 2 34x45 to capture it"),
        ("5 63x52", IllegalMoveError, "there is no piece to capture on 52"),
        ("5 63-52+", IllegalMoveError, "only a capture can promote"),
        ("5+ 63-52", IllegalMoveError, "the piece on 63 is not promoted"),
    ],
)
def test_parse_move_errors_say_why(text, error, message):
    state = position({"63": "G5", "34": "G2", "33": "G3", "32": "W1", "45": "W1+"})
    with pytest.raises(error) as err:
        GAME.parse_move(state, text)
    assert str(err.value) == message


def notation_positions():
    yield GAME.initial_state()
    yield position({"44": "G3", "42": "W2", "53": "W4"})
    yield position({"44": "G1", "43": "W5", "45": "W2", "34": "W1", "54": "G5+"}, to_move="white")
    yield position({"64": "G4", "44": "G1", "45": "W2+"}, captures={"green": 1, "white": 0})
    state = GAME.initial_state()
    for i in range(40):  # a deterministic walk to a position with contact
        moves = GAME.legal_moves(state)
        if not moves:
            break
        state = GAME.play(state, moves[(7 * i) % len(moves)])
        yield state


def test_notation_round_trips_for_every_legal_move():
    count = 0
    for state in notation_positions():
        for move in GAME.legal_moves(state):
            text = GAME.format_move(state, move)
            assert GAME.parse_move(state, text) == move
            short = text.split(" ", 1)[1]
            assert GAME.parse_move(state, short) == move
            count += 1
    assert count > 200


# =========================================================================== squares and helpers


def test_square_helpers():
    assert mg.square_ja(43) == "４三"
    assert mg.square_ja("77") == "７七"
    assert mg.file_rank("43") == (4, 3)
    assert mg.file_rank("４三") == (4, 3)
    assert mg.square_of(4, 3) == 43
    assert mg.parse_square("１一") == 11
    assert mg.NEIGHBOURS[11] == (12, 21, 22)
    assert len(mg.NEIGHBOURS[44]) == 8
    with pytest.raises(NotationError) as err:
        mg.parse_square("a1")
    assert str(err.value) == "expected a square written file then rank, like 43, got 'a1'"
    with pytest.raises(ValueError):
        mg.square_of(8, 1)


def test_changed_squares_after_moves():
    start = GAME.initial_state()
    after = play_text(GAME, start, "4 67-66")
    assert mg.changed_squares(start, after) == ["66", "67"]
    state = position({"44": "G2", "45": "W1"})
    assert mg.changed_squares(state, play_text(GAME, state, "2 44x45+")) == ["44", "45"]
    assert mg.changed_squares(start.board, start.board) == []


# =========================================================================== positions


def test_design_example_position():
    text = """
game: medamagaeru
to_move: green
board: {"64": G4, "44": G1, "45": W2+}
captures: {green: 1, white: 0}
attacker: none
"""
    data = yaml.safe_load(text)
    state = GAME.position_from_yaml(data)
    assert state.piece_at(45) == Piece("white", 2, True)
    assert state.captures == (1, 0)
    assert GAME.position_to_yaml(state) == data


def test_int_squares_and_defaults_are_accepted():
    state = GAME.position_from_yaml({"to_move": "white", "board": {64: "G4", 45: "W2+"}})
    assert state.piece_at("64") == Piece("green", 4)
    assert state.captures == (0, 0)
    assert state.attacker == "none"
    assert state.to_move == "white"


def test_yaml_round_trip_of_plies_and_window():
    state = position({"77": "G3", "11": "W2", "13": "W4"}, captures={"green": 2, "white": 2})
    state = shuffle(state, 7)
    data = GAME.position_to_yaml(state)
    assert data["plies_since_2_2"] == 7
    assert len(data["window"]) == 7
    dumped = yaml.safe_load(yaml.safe_dump(data, allow_unicode=True))
    assert GAME.position_from_yaml(dumped) == state


@pytest.mark.parametrize(
    "data, message, path",
    [
        ([], "expected a mapping with to_move and board", ()),
        ({"to_move": "green", "board": {}, "color": 1},
         "unknown key 'color': expected game, to_move, board, captures, attacker, window, "
         "plies_since_2_2 or history", ("color",)),
        ({"game": "ludo", "to_move": "green", "board": {}}, "expected game: medamagaeru, got 'ludo'", ("game",)),
        ({"board": {}}, "missing to_move", ()),
        ({"to_move": "green"}, "missing board", ()),
        ({"to_move": "red", "board": {}}, "expected to_move green or white, got 'red'", ("to_move",)),
        ({"to_move": "green", "board": {"81": "G4"}},
         "square 81 is off the board: expected file and rank 1-7", ("board", "81")),
        ({"to_move": "green", "board": {80: "G4"}},
         "square 80 is off the board: expected file and rank 1-7", ("board", 80)),
        ({"to_move": "green", "board": {"a1": "G4"}},
         "expected a square written file then rank, like 43, got 'a1'", ("board", "a1")),
        ({"to_move": "green", "board": {"43": "G6"}}, "expected eyes 1-5, got 6", ("board", "43")),
        ({"to_move": "green", "board": {"43": "G0"}}, "expected eyes 1-5, got 0", ("board", "43")),
        ({"to_move": "green", "board": {"43": "B3"}},
         "expected a piece like G4 or W2+ (owner G or W, eyes 1-5, + when promoted), got 'B3'",
         ("board", "43")),
        ({"to_move": "green", "board": {"43": "G3", 43: "G2"}}, "square 43 is given twice", ("board", 43)),
        ({"to_move": "green", "board": {"11": "G1", "12": "G2", "13": "G3", "14": "G4", "15": "G5",
                                         "16": "G3+"}},
         "green has 6 pieces on the board: expected at most 5", ("board",)),
        ({"to_move": "green", "board": {"11": "G3", "12": "G3"}},
         "expected at most one green piece that started as a 3 (a 3, or a promoted 4)", ("board", "12")),
        ({"to_move": "green", "board": {"11": "W5", "12": "W1+"}},
         "expected at most one white piece that started as a 5 (a 5, or a promoted 1)", ("board", "12")),
        ({"to_move": "green", "board": {}, "captures": {"green": 4}},
         "expected a number of captures 0-3, got 4", ("captures", "green")),
        ({"to_move": "green", "board": {}, "captures": {"red": 1}},
         "unknown side 'red': expected green or white", ("captures", "red")),
        ({"to_move": "green", "board": {"11": "W1", "12": "W2", "13": "W3", "14": "W4"},
          "captures": {"green": 2}},
         "green cannot have captured 2: 4 white pieces are on the board, so at most 1 are gone",
         ("captures", "green")),
        ({"to_move": "green", "board": {}, "captures": {"green": 3, "white": 3}},
         "both sides cannot have captured 3 pieces", ("captures",)),
        ({"to_move": "green", "board": {}, "attacker": "black"},
         "expected attacker none or green or white, got 'black'", ("attacker",)),
        ({"to_move": "green", "board": {}, "plies_since_2_2": 3},
         "expected plies_since_2_2 only when both sides have captured 2", ("plies_since_2_2",)),
        ({"to_move": "green", "board": {}, "captures": {"green": 2, "white": 2}, "plies_since_2_2": 51},
         "expected plies_since_2_2 0-50, got 51", ("plies_since_2_2",)),
        ({"to_move": "green", "board": {}, "window": ["green 43G3"]},
         "expected white to move here: window positions alternate and the last one has the side "
         "not to move now", ("window", 0)),
        ({"to_move": "green", "board": {}, "window": ["white 43X3"]},
         "expected a piece like G4 or W2+ (owner G or W, eyes 1-5, + when promoted), got 'X3'",
         ("window", 0)),
        ({"to_move": "green", "board": {"44": "G3"}, "history": ["3 44-43", "3 43-42"]},
         "history move 2 '3 43-42': no white piece on 43", ("history", 1)),
        ({"to_move": "green", "board": {"44": "G3"}, "history": "3 44-43"},
         "expected history as a list of moves like '3 44-43'", ("history",)),
    ],
)
def test_impossible_positions_are_rejected(data, message, path):
    with pytest.raises(PositionError) as err:
        GAME.position_from_yaml(data)
    assert str(err.value) == message
    assert err.value.path == path


def test_promoted_one_is_a_possible_piece():
    state = GAME.position_from_yaml({"to_move": "green", "board": {"11": "G1+", "12": "G1"}})
    assert state.piece_at(11) == Piece("green", 1, True)


# =========================================================================== perft


def naive_count(pieces, to_move, depth):
    """Count move sequences with an independent generator: pieces is {(file, rank): (owner,
    eyes, promoted)}; king steps to empty squares or captures (e takes e-1, 1 takes 5), a
    capture by an unpromoted piece counting twice (with and without promotion)."""
    if depth == 0:
        return 1
    total = 0
    for (f, r), (owner, eyes, promoted) in list(pieces.items()):
        if owner != to_move:
            continue
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                to = (f + df, r + dr)
                if (df, dr) == (0, 0) or not (1 <= to[0] <= 7 and 1 <= to[1] <= 7):
                    continue
                target = pieces.get(to)
                options = []
                if target is None:
                    options.append((owner, eyes, promoted))
                elif target[0] != owner and (target[1] == eyes - 1 or (eyes == 1 and target[1] == 5)):
                    options.append((owner, eyes, promoted))
                    if not promoted:
                        options.append((owner, eyes % 5 + 1, True))
                for moved in options:
                    after = dict(pieces)
                    del after[(f, r)]
                    after[to] = moved
                    other = "white" if to_move == "green" else "green"
                    total += naive_count(after, other, depth - 1)
    return total


def test_perft_from_the_start():
    start = GAME.initial_state()
    pieces = {divmod(sq, 10): tuple(p) for sq, p in mg.pieces_of(start.board)}
    expected = [17, 289, 5644]
    for depth, value in enumerate(expected, start=1):
        assert GAME.perft(start, depth) == value
        assert naive_count(pieces, "green", depth) == value


def test_perft_with_captures_matches_the_naive_generator():
    state = position({"44": "G1", "43": "W5", "45": "W2", "34": "W1", "54": "G5+", "55": "W4"})
    pieces = {divmod(sq, 10): tuple(p) for sq, p in mg.pieces_of(state.board)}
    for depth in (1, 2):
        assert GAME.perft(state, depth) == naive_count(pieces, "green", depth)


# =========================================================================== queries


def test_every_query_is_documented_and_cites_the_spec():
    queries = GAME.game_queries()
    assert set(queries) == {
        "attacker", "attacker_after", "aims", "is_free", "attacks", "attacked_by",
        "capture_moves", "can_capture", "eyes_after_promotion", "capturable_count",
        "judgement", "repetition_duty", "repetition_moves", "forbidden_by_repetition",
    }
    for query in queries.values():
        assert "shared/rules/medamagaeru.md" in query.doc, query.name
    assert "legal_moves" in GAME.queries()


def test_queries_answer_the_worked_examples():
    q = GAME.queries()
    state = position({"44": "G3", "42": "W2", "53": "W4"})
    move = GAME.parse_move(state, "3 44-43")
    assert q["attacker"].func(GAME, state) == "none"
    assert q["attacker_after"].func(GAME, state, move=move) == "none"
    assert q["attacker_after"].func(GAME, state, move="3 44-45") == "none"
    assert q["aims"].func(GAME, state, move=move) == ["42"]
    assert q["is_free"].func(GAME, state, square="44") is False  # 53 touches 44 too
    assert q["is_free"].func(GAME, state, square="42") is True
    after = GAME.play(state, move)
    assert q["is_free"].func(GAME, after, square="43") is False
    assert q["attacked_by"].func(GAME, after, square="43") == ["53"]
    assert q["attacks"].func(GAME, after, square="43") == ["42"]
    assert q["attacks"].func(GAME, after, square="53") == ["43"]
    example1 = position({"44": "G3", "42": "W2"})
    assert q["attacker_after"].func(GAME, example1, move="3 44-43") == "green"


def test_queries_about_captures_and_promotion():
    q = GAME.queries()
    state = position({"44": "G5", "43": "W4", "45": "W3", "11": "G2+"}, captures={"green": 1})
    assert q["capture_moves"].func(GAME, state) == ["5 44x43", "5 44x43+"]
    assert q["eyes_after_promotion"].func(GAME, state, square="44") == 1
    with pytest.raises(QueryError) as err:
        q["eyes_after_promotion"].func(GAME, state, square="11")
    assert str(err.value) == "the piece on 11 is already promoted"
    with pytest.raises(QueryError) as err:
        q["is_free"].func(GAME, state, square="22")
    assert str(err.value) == "no piece on 22"
    assert q["can_capture"].func(GAME, state, eyes=1, target=5) is True
    assert q["can_capture"].func(GAME, state, eyes=3, target=1) is False
    assert q["capturable_count"].func(GAME, state, side="green") == 1  # the W4 by the G5
    assert q["capturable_count"].func(GAME, state, side="white") == 1  # W3 takes the G2+
    with pytest.raises(QueryError):
        q["capturable_count"].func(GAME, state, side="red")
    assert q["repetition_duty"].func(GAME, state) is False
    assert q["forbidden_by_repetition"].func(GAME, state) == []
    assert q["repetition_moves"].func(GAME, state) == sorted(move_texts(GAME, state))


# =========================================================================== move_path


def test_move_path_is_origin_then_target():
    state = position({"44": "G1", "43": "W5", "45": "W2", "34": "W1"})
    assert GAME.move_path(state, GAME.parse_move(state, "1 44x43")) == ["44", "43"]
    assert GAME.move_path(state, GAME.parse_move(state, "1 44x43+")) == ["44", "43"]
    assert GAME.move_path(state, GAME.parse_move(state, "1 44-53")) == ["44", "53"]
