"""Tests of the suicide-checkers engine against ``shared/rules/suicide-checkers.md``.

Two independent references check the move generation: pydraughts (PyPI ``pydraughts``,
English variant; skipped when absent or when ``draughts`` is the unrelated py-draughts) and
a naive coordinate-based generator written below.
"""

from __future__ import annotations

import importlib.util
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banmen.analysis import Solver, generic_perft
from banmen.game import (
    IllegalMoveError,
    NotationError,
    PositionError,
    QueryError,
    RulesError,
    get_game,
)
from banmen.games.suicide_checkers import bitboard as bb
from banmen.games.suicide_checkers import (
    GAME,
    CheckersState,
    GiveawaySolver,
    SuicideCheckersGame,
    captured_squares,
    format_fen,
    move_path,
    parse_fen,
    parse_pdn_moves,
    pieces,
    rowcol_to_square,
    square_to_rowcol,
)
from conftest import play_randomly

PUBLISHED_PERFT = [7, 49, 302, 1469, 7361, 36768, 179740, 845931]


@pytest.fixture(scope="module")
def game() -> SuicideCheckersGame:
    return SuicideCheckersGame()


def texts(game, state, moves) -> list[str]:
    return [game.format_move(state, m) for m in moves]


def random_positions(game, count: int, seed: int,
                     plies: tuple[int, int] = (5, 121)) -> list[CheckersState]:
    """Positions met in random playouts from the start (fixed seed), the finished excluded."""
    rng = random.Random(seed)
    found: list[CheckersState] = []
    while len(found) < count:
        state = play_randomly(game, game.initial_state(), rng, rng.randrange(*plies))
        if game.outcome(state) is None:
            found.append(state)
    return found


# --------------------------------------------------------------------------- registry


def test_registry_and_identity():
    game = get_game("suicide-checkers")
    assert isinstance(game, SuicideCheckersGame)
    assert GAME is SuicideCheckersGame
    assert game.id == "suicide-checkers"
    assert game.name_ja == "スーサイドチェッカー"
    assert game.spec == "shared/rules/suicide-checkers.md"
    assert game.sides == ("black", "white")


def test_rules_defaults_and_validation():
    game = SuicideCheckersGame()
    assert game.rules.repetition_draw == 3
    assert game.rules.quiet_move_limit == 40
    assert game.with_rules({"repetition_draw": 0}).rules.repetition_draw == 0
    with pytest.raises(RulesError, match="unknown rule parameter 'draw'"):
        SuicideCheckersGame({"draw": 1})
    with pytest.raises(RulesError, match="repetition_draw"):
        SuicideCheckersGame({"repetition_draw": 1})
    with pytest.raises(RulesError, match="quiet_move_limit"):
        SuicideCheckersGame({"quiet_move_limit": -1})
    for field in SuicideCheckersGame.rules_model.params().values():
        assert field.description and field.ja


# --------------------------------------------------------------------------- perft


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_published(game, depth):
    assert game.perft(game.initial_state(), depth) == PUBLISHED_PERFT[depth - 1]


def test_generic_perft_agrees(game):
    """The generic perft goes through legal_moves/play, so this checks play() too."""
    start = game.initial_state()
    assert [generic_perft(game, start, d) for d in range(1, 5)] == PUBLISHED_PERFT[:4]
    for state in random_positions(game, 10, seed=3):
        assert generic_perft(game, state, 3) == game.perft(state, 3)


# --------------------------------------------------------------------------- geometry


def test_square_numbering_is_standard():
    assert square_to_rowcol(1) == (0, 1)
    assert square_to_rowcol(4) == (0, 7)
    assert square_to_rowcol(5) == (1, 0)
    assert square_to_rowcol(29) == (7, 0)
    assert square_to_rowcol(32) == (7, 6)
    # The long diagonal runs from White's single corner 29 to Black's single corner 4.
    diagonal = [rowcol_to_square(7 - i, i) for i in range(8)]
    assert diagonal == [29, 25, 22, 18, 15, 11, 8, 4]
    assert rowcol_to_square(0, 0) is None and rowcol_to_square(8, 1) is None
    for square in range(1, 33):
        assert rowcol_to_square(*square_to_rowcol(square)) == square


def test_move_path_and_captured_squares(game):
    state = parse_fen("B:W14,22,23:B9")
    assert move_path((9, 18, 25)) == [9, 18, 25]
    assert captured_squares(state, (9, 18, 25)) == [14, 22]
    assert captured_squares(state, (9, 13)) == []
    assert pieces(parse_fen("B:W21,K30:B1,K12")) == {1: "b", 12: "B", 21: "w", 30: "W"}


# --------------------------------------------------------------------------- FEN


def test_design_position_yaml(game):
    state = game.position_from_yaml({"game": "suicide-checkers", "fen": "B:W21,22,K30:B1,2,K12"})
    assert state.black_to_move
    assert pieces(state) == {1: "b", 2: "b", 12: "B", 21: "w", 22: "w", 30: "W"}
    assert game.position_to_yaml(state) == {"game": "suicide-checkers",
                                            "fen": "B:W21,22,K30:B1,2,K12"}


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("B:W21,22,K30:B1,2,K12", "B:W21,22,K30:B1,2,K12"),
        ("W:W21,22,K30:B1,2,K12", "W:W21,22,K30:B1,2,K12"),
        (" B : B1, 2, K12 : W21,22,K30 .", "B:W21,22,K30:B1,2,K12"),
        ("B:W21-32:B1-12", format_fen(SuicideCheckersGame().initial_state())),
        ("w:WK1-3:BK29,K30", "W:WK1,K2,K3:BK29,K30"),
        ("B:W5:B", "B:W5:B"),
    ],
)
def test_fen_round_trip(text, canonical):
    state = parse_fen(text)
    assert format_fen(state) == canonical
    assert parse_fen(canonical) == state


@pytest.mark.parametrize(
    "text, reason",
    [
        ("B:W21,21:B1", "square 21 is listed twice"),
        ("B:W21:B21", "square 21 is listed twice"),
        ("B:W33:B1", "square 33 is off the board (squares are 1..32)"),
        ("B:W0:B1", "square 0 is off the board (squares are 1..32)"),
        ("B:W1-13:B30", "White has 13 pieces; a side has at most 12"),
        ("B:W21:B30", "black man on 30 stands on its crowning rank (29..32); write K30"),
        ("B:W3:B12", "white man on 3 stands on its crowning rank (1..4); write K3"),
        ("B:W21", "expected the side to move, then the White and the Black squares, "
                  "as in 'B:W21,22,K30:B1,2,K12'"),
        ("X:W21:B1", "the side to move must be B or W, not 'X'"),
        ("B:W21:W22", "needs one field starting with W and one starting with B"),
        ("B:W2a:B1", "cannot read square '2a'"),
        ("B:W21-19:B1", "range '21-19' runs backwards"),
        ("B:W:B1", "White has just moved but has no piece"),
    ],
)
def test_bad_fen_messages(game, text, reason):
    with pytest.raises(PositionError) as caught:
        game.position_from_yaml({"fen": text})
    assert str(caught.value) == f"bad FEN {text!r}: {reason}"
    assert caught.value.path == ("fen",)


def test_position_yaml_errors_and_extras(game):
    with pytest.raises(PositionError) as caught:
        game.position_from_yaml({"fen": "B:W21:B1", "board": {}})
    assert caught.value.path == ("board",)
    assert "unknown key 'board'" in str(caught.value)
    with pytest.raises(PositionError) as caught:
        game.position_from_yaml({"game": "ludo", "fen": "B:W21:B1"})
    assert caught.value.path == ("game",)
    with pytest.raises(PositionError, match="needs 'fen'"):
        game.position_from_yaml({"game": "suicide-checkers"})
    with pytest.raises(PositionError) as caught:
        game.position_from_yaml({"fen": "B:W21:B1", "quiet_plies": -2})
    assert caught.value.path == ("quiet_plies",)
    state = game.position_from_yaml({"fen": "B:WK21:BK1", "quiet_plies": 7})
    assert state.quiet_plies == 7
    assert game.position_from_yaml(game.position_to_yaml(state)) == state


# --------------------------------------------------------------------------- moves


def test_start_moves(game):
    start = game.initial_state()
    assert texts(game, start, game.legal_moves(start)) == [
        "9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    assert game.side_to_move(start) == "black"


def test_compulsory_capture(game):
    # Black's man on 18 can take 22 (landing on 25); its quiet moves are not allowed.
    state = parse_fen("B:W22,30:B1,18")
    assert texts(game, state, game.legal_moves(state)) == ["18x25"]
    with pytest.raises(IllegalMoveError) as caught:
        game.parse_move(state, "1-5")
    assert str(caught.value) == "'1-5' is not legal: a capture is compulsory here (captures: 18x25)"


def test_men_capture_forward_only_kings_both_ways(game):
    # White moves up the board: a white man on 18 jumps 14 (forwards) but never 22
    # (backwards); a king jumps both.
    state = parse_fen("W:W18:B14,22")
    assert texts(game, state, game.legal_moves(state)) == ["18x9"]
    state = parse_fen("W:WK18:B14,22")
    assert texts(game, state, game.legal_moves(state)) == ["18x9", "18x25"]


def test_multi_jump_two_branches_are_two_moves(game):
    state = parse_fen("B:W14,22,23:B9")
    assert texts(game, state, game.legal_moves(state)) == ["9x18x25", "9x18x27"]
    assert game.parse_move(state, "9x25") == (9, 18, 25)
    assert game.parse_move(state, "9 x 18 x 27") == (9, 18, 27)


def test_distinct_jump_paths_to_one_square(game):
    state = parse_fen("B:W6,7,14,15:B2")
    assert texts(game, state, game.legal_moves(state)) == ["2x9x18", "2x11x18"]
    with pytest.raises(NotationError) as caught:
        game.parse_move(state, "2x18")
    assert str(caught.value) == (
        "'2x18' is ambiguous: 2x9x18 or 2x11x18; write every landing square")
    assert game.parse_move(state, "2x11x18") == (2, 11, 18)


def test_crowning_ends_the_jump_sequence(game):
    # The man on 23 jumps 26 and is crowned on 30; as a king it could go on over 25 to 21,
    # but crowning ends the move.
    state = parse_fen("B:W25,26:B23")
    assert texts(game, state, game.legal_moves(state)) == ["23x30"]
    after = game.play(state, (23, 30))
    assert pieces(after) == {25: "w", 30: "B"}
    # A king already crowned goes on jumping.
    state = parse_fen("B:W25,26:BK23")
    assert texts(game, state, game.legal_moves(state)) == ["23x30x21"]


def test_king_circuit_may_end_on_its_start(game):
    state = parse_fen("B:W6,7,14,15:BK2")
    moves = texts(game, state, game.legal_moves(state))
    assert "2x9x18x11x2" in moves and "2x11x18x9x2" in moves
    after = game.play(state, (2, 9, 18, 11, 2))
    assert pieces(after) == {2: "B"}


def test_play_keeps_the_state_and_counts_quiet_plies(game):
    state = parse_fen("B:WK32:BK1,9")
    after = game.play(state, (1, 6))
    assert state == parse_fen("B:WK32:BK1,9")
    assert (after.quiet_plies, after.history) == (1, (state.key,))
    man_move = game.play(after, (32, 28))
    man_move = game.play(man_move, (9, 13))
    assert (man_move.quiet_plies, man_move.history) == (0, ())


@pytest.mark.parametrize(
    "text, error, message",
    [
        ("11/15", NotationError, "cannot read move '11/15': expected squares 1..32 joined by "
                                 "'-' (a move) or 'x' (a capture), e.g. 11-15, 22x15 or 15x24x31"),
        ("11-33", NotationError, "move '11-33' names square 33, which does not exist "
                                 "(the squares are numbered 1..32)"),
        ("99-100", NotationError, "move '99-100' names square 99, which does not exist "
                                  "(the squares are numbered 1..32)"),
        ("0x9", NotationError, "move '0x9' names square 0, which does not exist "
                               "(the squares are numbered 1..32)"),
        ("11-15x19", NotationError, "cannot read move '11-15x19': it mixes '-' and 'x'"),
        ("11-15-19", NotationError, "cannot read move '11-15-19': a move without capture has "
                                    "two squares (11-15); write captures with 'x'"),
        ("11-14", IllegalMoveError, "'11-14' is not a legal move here (legal: 9-13, 9-14, "
                                    "10-14, 10-15, 11-15, 11-16, 12-16)"),
        ("11x18", IllegalMoveError, "'11x18' is not legal: there is no capture here (legal: "
                                    "9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16)"),
    ],
)
def test_bad_move_text_messages(game, text, error, message):
    with pytest.raises(error) as caught:
        game.parse_move(game.initial_state(), text)
    assert str(caught.value) == message


def test_incomplete_capture_is_illegal(game):
    state = parse_fen("B:W14,22,23:B9")
    with pytest.raises(IllegalMoveError) as caught:
        game.parse_move(state, "9x18")
    assert str(caught.value) == (
        "'9x18' is not a legal capture here (captures: 9x18x25, 9x18x27)")


@pytest.mark.parametrize("fen, text, message, explained", [
    ("B:W14,22,23:B9", "9x18", "'9x18' is not a legal capture here (captures: 9x18x25, 9x18x27)",
     "'9x18' is not legal here: 18からはまだ続けて跳べます。跳べるあいだは、最後まで跳び続け"
     "なければいけません。 (captures: 9x18x25, 9x18x27)"),
    ("B:W14,15:B11", "11-16", "'11-16' is not legal: a capture is compulsory here "
                              "(captures: 11x18)",
     "'11-16' is not legal here: 取れる駒があるときは、必ず取らなければいけません（取る手が"
     "あるのは11の駒）。1マス進む手は指せません。 (captures: 11x18)"),
    ("B:W14,15:B11", "11x20", "'11x20' is not a legal capture here (captures: 11x18)",
     "'11x20' is not legal here: 16には飛び越える駒がありません。跳べるのは、相手の駒を飛び"
     "越えるときだけです。 (captures: 11x18)"),
    ("B:WK29:B14,19,22", "14-10", "'14-10' is not a legal move here (legal: 14-17, 14-18, "
                                  "19-23, 19-24, 22-25, 22-26)",
     "'14-10' is not legal here: 14から10へは後ろ向きです。キングになっていない駒は、前に"
     "しか進めず、前にしか取れません。 (legal: 14-17, 14-18, 19-23, 19-24, 22-25, 22-26)"),
    ("B:WK29:B14,19,22", "29-25", "'29-25' is not a legal move here (legal: 14-17, 14-18, "
                                  "19-23, 19-24, 22-25, 22-26)",
     "'29-25' is not legal here: 29は相手の駒です。今は黒の番です。 (legal: 14-17, 14-18, "
     "19-23, 19-24, 22-25, 22-26)"),
    # the squares of a legal move written as a capture: the English reason says it all
    ("B:WK29:B14,19,22", "22x25", "'22x25' is not legal: there is no capture here (legal: "
                                  "14-17, 14-18, 19-23, 19-24, 22-25, 22-26)", None),
])
def test_an_illegal_move_explains_the_rule_for_the_command_line(game, fen, text, message,
                                                                 explained):
    """``str(err)`` stays the engine's English reason (the pages translate it); the command
    line's ``explained`` line adds the rule of reasons.py that forbids the move."""
    with pytest.raises(IllegalMoveError) as caught:
        game.parse_move(parse_fen(fen), text)
    assert str(caught.value) == message
    assert caught.value.explained == (message if explained is None else explained)


def test_parse_format_round_trip(game):
    for state in random_positions(game, 40, seed=11):
        for move in game.legal_moves(state):
            assert game.parse_move(state, game.format_move(state, move)) == move


# --------------------------------------------------------------------------- results


def test_losing_the_last_piece_wins(game):
    # White must take Black's last piece; Black, to move with no piece, wins.
    state = parse_fen("W:W18:B14")
    assert game.outcome(state) is None
    assert texts(game, state, game.legal_moves(state)) == ["18x9"]
    after = game.play(state, (18, 9))
    result = game.outcome(after)
    assert (result.winner, result.reason) == ("black", "no pieces")


def test_blocked_player_wins(game):
    state = parse_fen("B:W32:B28")
    assert game.legal_moves(state) == []
    result = game.outcome(state)
    assert (result.winner, result.reason) == ("black", "no legal move")


def _shuffle(game, state, times):
    cycle = [(1, 6), (32, 28), (6, 1), (28, 32)]
    for _ in range(times):
        for move in cycle:
            state = game.play(state, move)
    return state


def test_threefold_repetition_draw(game):
    start = parse_fen("B:WK32:BK1,5")
    once = _shuffle(game, start, 1)
    assert once.key == start.key and game.outcome(once) is None
    twice = _shuffle(game, start, 2)
    result = game.outcome(twice)
    assert (result.winner, result.reason) == (None, "repetition")
    assert game.with_rules({"repetition_draw": 0}).outcome(twice) is None
    assert game.with_rules({"repetition_draw": 2}).outcome(once).reason == "repetition"


def test_quiet_move_draw(game):
    state = game.position_from_yaml({"fen": "B:WK32:BK1,5", "quiet_plies": 79})
    assert game.outcome(state) is None
    after = game.play(state, (1, 6))
    assert game.outcome(after).reason == "quiet moves"
    assert game.with_rules({"quiet_move_limit": 0, "repetition_draw": 0}).outcome(after) is None
    short = game.with_rules({"quiet_move_limit": 2, "repetition_draw": 0})
    state = parse_fen("B:WK32:BK1,5")
    for move in [(1, 6), (32, 28), (6, 1)]:
        state = short.play(state, move)
        assert short.outcome(state) is None
    assert short.outcome(short.play(state, (28, 32))).reason == "quiet moves"
    # A man's move resets the count.
    assert short.play(state, (5, 9)).quiet_plies == 0


def test_win_takes_precedence_over_a_draw(game):
    state = game.position_from_yaml({"fen": "B:W32:B28", "quiet_plies": 80})
    assert game.outcome(state).winner == "black"


# --------------------------------------------------------------------------- solver


def test_fast_solver_finds_a_giveaway(game):
    # 13-9 offers White's last man; Black must take it, and White, left with nothing, wins.
    state = parse_fen("W:W13:B2,6,10,14,19,21,K26")
    # Two plies: White's 13-9 and Black's forced capture, after which White has nothing.
    assert texts(game, state, game.winning_moves(state, 2)) == ["13-9"]
    assert texts(game, state, Solver(game).winning_moves(state, 2)) == ["13-9"]
    assert game.winning_moves(state, 1) == Solver(game).winning_moves(state, 1) == []
    assert texts(game, state, game.winning_moves(state, 3)) == ["13-9"]
    assert game.queries()["only_winning_move"].func(game, state, plies=3) == "13-9"


def test_fast_solver_agrees_with_generic_on_known_positions(game):
    for fen, plies, expected in [
        ("B:W14,19,26,29,31:B3,4,7,12", 9, ["12-16"]),
        ("B:WK2,19,21,22,25,30:B4,5,12,14", 9, ["12-16", "14-17"]),
        ("W:WK2,19,26,29:B4,10,11,12,K30,K32", 7, []),
    ]:
        state = parse_fen(fen)
        fast = texts(game, state, game.winning_moves(state, plies))
        assert fast == expected
        assert texts(game, state, Solver(game).winning_moves(state, plies)) == expected


def _small_random_position(rng) -> CheckersState:
    while True:
        squares = rng.sample(range(1, 33), rng.randint(2, 7))
        split = rng.randint(1, len(squares) - 1)
        black, white = squares[:split], squares[split:]
        black_kings = [s for s in black if s >= 29 or rng.random() < 0.4]
        white_kings = [s for s in white if s <= 4 or rng.random() < 0.4]
        field = lambda own, kings: ",".join(("K" if s in kings else "") + str(s) for s in own)
        fen = f"{rng.choice('BW')}:W{field(white, white_kings)}:B{field(black, black_kings)}"
        return parse_fen(fen)


@pytest.mark.parametrize("rules", [{}, {"repetition_draw": 2, "quiet_move_limit": 3}])
def test_fast_solver_agrees_with_generic_on_small_positions(rules):
    game = SuicideCheckersGame(rules)
    rng = random.Random(2024)
    won = 0
    for _ in range(150):
        state = _small_random_position(rng)
        if game.outcome(state) is not None:
            continue
        plies = rng.choice([3, 4, 5, 7, 9])
        generic = Solver(game).winning_moves(state, plies)
        assert game.winning_moves(state, plies) == generic, (format_fen(state), plies)
        won += bool(generic)
    assert won >= 10  # the sample must contain wins, not only "nothing wins"


def test_fast_solver_on_playout_positions(game):
    for state in random_positions(game, 15, seed=5):
        state = state._replace(quiet_plies=0, history=())
        assert game.winning_moves(state, 7) == Solver(game).winning_moves(state, 7)


def test_solver_respects_the_history(game):
    # After one shuffle the start position has occurred twice; with repetition_draw 2 every
    # position is already a draw, so nothing wins.
    start = parse_fen("B:WK32:BK1,5")
    once = _shuffle(game, start, 1)
    strict = game.with_rules({"repetition_draw": 2})
    assert strict.winning_moves(once, 9) == []
    assert GiveawaySolver(strict).winning_moves(once, 9) == Solver(strict).winning_moves(once, 9)


def test_solver_ply_convention():
    from banmen.games.suicide_checkers import own_moves_within

    assert [own_moves_within(p) for p in range(0, 8)] == [0, 0, 1, 1, 2, 2, 3, 3]


# --------------------------------------------------------------------------- queries


def ask(game, name, state, **args):
    return game.queries()[name].func(game, state, **args)


def test_queries(game):
    state = parse_fen("B:W14,22,23,K30:B9,K12")
    assert ask(game, "must_capture", state) is True
    assert ask(game, "forced_captures", state) == 2
    assert ask(game, "capture_count", state, move=(9, 18, 25)) == 2
    assert ask(game, "captured_squares", state, move=(9, 18, 27)) == ["14", "23"]
    assert ask(game, "min_capture_count", state) == 2
    assert ask(game, "max_capture_count", state) == 2
    assert ask(game, "capturing_moves", state) == ["9x18x25", "9x18x27"]
    assert ask(game, "movable_pieces", state) == ["9"]
    assert ask(game, "pieces_left", state, side="white") == 4
    assert ask(game, "kings_left", state, side="black") == 1
    assert ask(game, "king_squares", state, side="white") == ["30"]
    with pytest.raises(QueryError):
        ask(game, "pieces_left", state, side="red")
    start = game.initial_state()
    assert ask(game, "must_capture", start) is False
    assert ask(game, "min_capture_count", start) == 0
    assert ask(game, "giveaway_moves", start) == []
    # 14-17 and 14-18 both put the man where a white man must take it.
    state = parse_fen("B:W22,23:B14,1")
    assert ask(game, "giveaway_moves", state) == ["14-17", "14-18"]
    state = parse_fen("B:W5:B26")
    assert ask(game, "crowning_moves", state) == ["26-30", "26-31"]


def test_winning_queries(game):
    state = parse_fen("W:W13:B2,6,10,14,19,21,K26")
    assert ask(game, "only_winning_move", state, plies=3) == "13-9"
    assert ask(game, "winning_move_count", state, plies=3) == 1
    assert ask(game, "win_in_moves", state, max_moves=3) == 1
    assert ask(game, "winning_moves", state, plies=3) == ["13-9"]
    state = parse_fen("B:WK2,19,21,22,25,30:B4,5,12,14")
    assert ask(game, "only_winning_move", state, plies=9) == "several"
    assert ask(game, "only_winning_move", game.initial_state(), plies=3) == "none"
    assert ask(game, "win_in_moves", game.initial_state(), max_moves=1) == 0


def test_every_query_is_documented(game):
    for query in game.game_queries().values():
        assert "suicide-checkers.md" in query.doc or "spec" in query.doc, query.name


# --------------------------------------------------------------------------- PDN


def test_parse_pdn_moves(game):
    text = """[Event "test"]
    1. 11-15 22-18 2. 15x22 {forced} 25x18 (2... 26x17) 3. 8-11! $1 29-25 *"""
    moves = parse_pdn_moves(game, game.initial_state(), text)
    assert moves == [(11, 15), (22, 18), (15, 22), (25, 18), (8, 11), (29, 25)]
    with pytest.raises(IllegalMoveError, match=r"^PDN move 2 \('11-16'\): "):
        parse_pdn_moves(game, game.initial_state(), "1. 11-15 11-16 1-0")


# --------------------------------------------------------------------------- references


def naive_legal_moves(state: CheckersState) -> list[tuple[int, ...]]:
    """English draughts moves computed on (row, col) coordinates, independently of the
    bitboards: the second reference."""
    board = {square_to_rowcol(s): p for s, p in pieces(state).items()}
    mine = "b" if state.black_to_move else "w"
    forward = 1 if state.black_to_move else -1
    crown_row = 7 if state.black_to_move else 0

    def directions(piece):
        rows = (1, -1) if piece.isupper() else (forward,)
        return [(dr, dc) for dr in rows for dc in (-1, 1)]

    def on_board(r, c):
        return 0 <= r < 8 and 0 <= c < 8

    def jumps(at, piece, board, path, out):
        extended = False
        for dr, dc in directions(piece):
            over, land = (at[0] + dr, at[1] + dc), (at[0] + 2 * dr, at[1] + 2 * dc)
            if not on_board(*land) or land in board:
                continue
            if over not in board or board[over].lower() == mine:
                continue
            extended = True
            rest = dict(board)
            del rest[over]
            if piece.islower() and land[0] == crown_row:
                out.append(path + [land])
            else:
                jumps(land, piece, rest, path + [land], out)
        if not extended and len(path) > 1:
            out.append(path)

    captures, steps = [], []
    for at, piece in board.items():
        if piece.lower() != mine:
            continue
        rest = dict(board)
        del rest[at]  # the moving piece has left its square
        jumps(at, piece, rest, [at], captures)
        for dr, dc in directions(piece):
            to = (at[0] + dr, at[1] + dc)
            if on_board(*to) and to not in board:
                steps.append([at, to])
    chosen = captures or steps
    return sorted(tuple(rowcol_to_square(*rc) for rc in path) for path in chosen)


def test_hundred_positions_against_naive_reference(game):
    for state in random_positions(game, 100, seed=7):
        assert game.legal_moves(state) == naive_legal_moves(state), format_fen(state)
        assert bb.count_moves(*(bb.to_inner(state.black), bb.to_inner(state.white),
                                bb.to_inner(state.kings), state.black_to_move)) == len(
            game.legal_moves(state))


def _inner_of(state):
    return (bb.to_inner(state.black), bb.to_inner(state.white), bb.to_inner(state.kings),
            state.black_to_move)


def test_every_child_blocks_and_mobility_against_the_children(game):
    states = random_positions(game, 150, seed=11)
    rng = random.Random(3)
    states += [_small_random_position(rng) for _ in range(150)]
    blocked = quiet = 0
    for state in states:
        black, white, kings, black_to_move = _inner_of(state)
        kids = bb.children(black, white, kings, black_to_move)
        mobility = bb.mobility(black, white, kings, black_to_move)
        found = bb.jumpers(black, white, kings, black_to_move)
        assert mobility == (found.bit_count() if found else len(kids)), format_fen(state)
        # the solver's sort keys, one function per colour on a position tuple
        position = (black, white, kings)
        assert bb.MOBILITY_OF[black_to_move](position) == mobility
        assert bb.CANNOT_CAPTURE[black_to_move](position) == (not found)
        if not kids:
            assert mobility == 0
            assert bb.moves_and_blocks(black, white, kings, black_to_move) is None
            continue  # every_child_blocks needs a side that can move
        leaves_a_move = [bb.has_move(*kid, not black_to_move) for kid in kids]
        answer, generated = bb.every_child_blocks(black, white, kings, black_to_move)
        assert bb.moves_and_blocks(black, white, kings, black_to_move) == (answer, generated)
        assert answer == (True not in leaves_a_move), format_fen(state)
        # the count is that of a lazy scan, the step shortcut included (it counts 1)
        assert generated == (leaves_a_move.index(True) + 1 if not answer else len(kids))
        blocked += answer
        quiet += not found
    assert blocked >= 5 and quiet >= 100


def _pydraughts():
    draughts = pytest.importorskip("draughts")
    if importlib.util.find_spec("draughts.core.variant") is None:
        pytest.skip("'draughts' is py-draughts here, not pydraughts")
    return draughts


def test_hundred_positions_against_pydraughts(game):
    draughts = _pydraughts()
    for state in random_positions(game, 100, seed=7):
        fen = format_fen(state)
        board = draughts.Board(variant="english", fen=fen)
        board_moves, _ = board._legal_moves_board()
        reference = sorted(tuple([m[0][0]] + [step[1] for step in m]) for m in board_moves)
        assert game.legal_moves(state) == reference, fen


@st.composite
def legal_looking_states(draw) -> CheckersState:
    """Any position the FEN accepts: disjoint squares, at most 12 a side, men off their
    crowning rank, the side that has just moved not empty."""
    squares = draw(st.lists(st.integers(1, 32), min_size=1, max_size=24, unique=True))
    split = draw(st.integers(0, min(12, len(squares))))
    black, white = squares[:split], squares[split:]
    if len(white) > 12:
        white = white[:12]
    kings = {s for s in squares if draw(st.booleans())}
    kings |= {s for s in black if s >= 29} | {s for s in white if s <= 4}
    black_to_move = bool(white) if not black else (draw(st.booleans()) if white else False)
    return CheckersState(bb.square_mask(black), bb.square_mask(white),
                         bb.square_mask(kings & set(black + white)), black_to_move)


@settings(max_examples=300, deadline=None)
@given(legal_looking_states())
def test_any_position_fen_round_trip_and_moves(state):
    assert parse_fen(format_fen(state)) == state
    game = SuicideCheckersGame()
    assert game.legal_moves(state) == naive_legal_moves(state)
    assert game.perft(state, 2) == generic_perft(game, state, 2)


def test_move_path_lists_every_landing_of_a_multi_jump(game):
    state = parse_fen("B:W14,22,23:B9")
    assert game.move_path(state, game.parse_move(state, "9x18x25")) == ["9", "18", "25"]
    state = parse_fen("B:W6,7,14,15:BK2")
    circuit = game.parse_move(state, "2x9x18x11x2")
    assert game.move_path(state, circuit) == ["2", "9", "18", "11", "2"]
    start = game.initial_state()
    assert game.move_path(start, game.parse_move(start, "11-15")) == ["11", "15"]


def test_move_path_default_of_the_base_class_is_not_implemented(game):
    from banmen.game import Game

    start = game.initial_state()
    with pytest.raises(NotImplementedError, match=r"^SuicideCheckersGame does not define move_path$"):
        Game.move_path(game, start, (11, 15))
