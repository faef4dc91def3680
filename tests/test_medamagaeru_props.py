"""Property tests of the めだまがえる engine (shared/rules/medamagaeru.md)."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banmen.games import medamagaeru as mg
from banmen.games.medamagaeru import MedamagaeruGame, Piece
from test_medamagaeru import naive_count  # the independent generator of the perft tests

GAME = MedamagaeruGame()
MATERIAL = 5  # pieces per side in the setup


def count_pieces(state, side):
    return sum(1 for _ in mg.pieces_of(state.board, side))


def yaml_round_trip(game, state):
    text = yaml.safe_dump(game.position_to_yaml(state), allow_unicode=True)
    return game.position_from_yaml(yaml.safe_load(text))


def check_notation(game, state):
    for move in game.legal_moves(state):
        text = game.format_move(state, move)
        assert game.parse_move(state, text) == move, text


def check_move_invariants(game, state, move, after):
    mover = state.to_move
    i = mg.SIDES.index(mover)
    # captures only count up, by one, for the capturing side
    assert after.captures[i] == state.captures[i] + (1 if move.capture else 0)
    assert after.captures[1 - i] == state.captures[1 - i]
    # pieces never appear: pieces on the board + captures against the side stay constant
    for side, j in ((mg.GREEN, 1), (mg.WHITE, 0)):
        assert count_pieces(after, side) + after.captures[j] == count_pieces(state, side) + state.captures[j]
    # promotion is never undone
    moved = after.piece_at(move.target)
    before = state.piece_at(move.origin)
    assert moved.promoted == (before.promoted or move.promote)
    # the attacker can only become the mover (rule 1) or none (rules 2 and 3)
    assert after.attacker in (state.attacker, mover, mg.NONE)
    if after.attacker == mover != state.attacker:
        assert mg.aimed_squares(game.rules, state.board, move)
        assert mg.is_free(after.board, move.target)
    if not move.capture:
        assert after.attacker in (state.attacker, mover)
    assert after.window[-1] == mg.repetition_key(after)


rule_sets = st.fixed_dictionaries(
    {"reposition_counts": st.booleans(), "capture_resets": st.booleans()}
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets, choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=160))
def test_random_playouts_from_the_start(rules, choices):
    game = MedamagaeruGame(rules)
    state = game.initial_state()
    for ply, choice in enumerate(choices):
        moves = game.legal_moves(state)
        if game.outcome(state) is not None:
            assert moves == []
            break
        assert moves
        if ply % 8 == 0:
            check_notation(game, state)
            assert yaml_round_trip(game, state) == state
        move = moves[choice % len(moves)]
        after = game.play(state, move)
        check_move_invariants(game, state, move, after)
        for side, captured in zip(mg.SIDES, (after.captures[1], after.captures[0])):
            assert count_pieces(after, side) + captured == MATERIAL
        state = after
    assert yaml_round_trip(game, state) == state


@st.composite
def positions(draw):
    """Random legal-looking positions: each side's pieces use distinct original eye counts."""
    squares = draw(st.lists(st.sampled_from(mg.SQUARES), unique=True, min_size=1, max_size=10))
    unused = {side: [1, 2, 3, 4, 5] for side in mg.SIDES}
    board = {}
    for square in squares:
        side = draw(st.sampled_from(mg.SIDES))
        if not unused[side]:
            continue
        start = draw(st.sampled_from(unused[side]))
        unused[side].remove(start)
        promoted = draw(st.booleans())
        eyes = mg.promoted_eyes(start) if promoted else start
        board[mg.square_name(square)] = Piece(side, eyes, promoted).text()
    gone = {side: len(unused[side]) for side in mg.SIDES}
    captures = {
        "green": draw(st.integers(0, min(2, gone["white"]))),
        "white": draw(st.integers(0, min(2, gone["green"]))),
    }
    return {
        "to_move": draw(st.sampled_from(mg.SIDES)),
        "board": board,
        "captures": captures,
        "attacker": draw(st.sampled_from(mg.ATTACKER_STATES)),
    }


@settings(max_examples=150, deadline=None)
@given(data=positions(), rules=rule_sets)
def test_random_positions_round_trip_and_keep_invariants(data, rules):
    game = MedamagaeruGame(rules)
    state = game.position_from_yaml(data)
    assert yaml_round_trip(game, state) == state
    check_notation(game, state)
    for move in game.legal_moves(state):
        after = game.play(state, move)
        check_move_invariants(game, state, move, after)
        assert yaml_round_trip(game, after) == after
        game.outcome(after)  # never raises


@settings(max_examples=60, deadline=None)
@given(data=positions())
def test_perft_matches_a_naive_generator(data):
    # with no captures yet and two plies, no game can end and nothing can repeat
    data = {**data, "captures": {"green": 0, "white": 0}}
    state = GAME.position_from_yaml(data)
    pieces = {divmod(sq, 10): tuple(p) for sq, p in mg.pieces_of(state.board)}
    for depth in (1, 2):
        assert GAME.perft(state, depth) == naive_count(pieces, state.to_move, depth)
