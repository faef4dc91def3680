"""Property tests of the ウケジャレイヤー engine (shared/rules/ukejalayer.md) on random
positions reached by random legal play from the start, under random rule parameters."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banmen.games.ukejalayer import PIECE, UkejalayerGame
from test_ukejalayer import successors, to_naive

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def reachable(draw):
    """(game, state): a position reached by random legal play under random rules."""
    size = draw(st.sampled_from([3, 4]))
    rules = {
        "size": size,
        "hand": draw(st.integers(1, 4 if size == 3 else 6)),
        "unlock": draw(st.sampled_from(["guidebook", "both", "self"])),
        "white_delay": draw(st.integers(0, 2)),
    }
    game = UkejalayerGame(rules)
    state = game.initial_state()
    for _ in range(draw(st.integers(0, 24))):
        moves = game.legal_moves(state)
        if not moves:
            break
        if draw(st.booleans()):  # now and then pile up: random play rarely builds tall stacks
            state = max((game.play(state, m) for m in moves), key=tallest)
        else:
            state = game.play(state, moves[draw(st.integers(0, len(moves) - 1))])
    return game, state


def tallest(state) -> int:
    return max(len(stack) for stack in state.board)


def material(state) -> Counter:
    """Pieces of each colour on the board plus in hand."""
    counts = Counter("".join(state.board))
    counts["W"] += state.hands[0]
    counts["B"] += state.hands[1]
    return counts


@SETTINGS
@given(reachable())
def test_every_move_round_trips_through_both_notations(position):
    game, state = position
    for move in game.legal_moves(state):
        assert game.parse_move(state, game.format_move(state, move)) == move
        assert game.parse_move(state, game.format_chain(state, move)) == move


@SETTINGS
@given(reachable())
def test_results_are_distinct_and_never_the_position_before(position):
    game, state = position
    moves = game.legal_moves(state)
    results = [game.play(state, m) for m in moves]
    assert len(set(results)) == len(moves)
    assert len({game.format_move(state, m) for m in moves}) == len(moves)
    for after in results:
        assert (after.board, after.hands) != (state.board, state.hands)
        assert after.to_move != state.to_move


@SETTINGS
@given(reachable())
def test_pieces_are_conserved_except_one_eliminated_enemy(position):
    game, state = position
    mover, enemy = PIECE[state.to_move], PIECE["black" if state.to_move == "white" else "white"]
    before = material(state)
    for move in game.legal_moves(state):
        after = game.play(state, move)
        now = material(after)
        if move.kind == "eliminate":
            assert (now[mover], now[enemy]) == (before[mover], before[enemy] - 1)
        else:
            assert now == before
        if move.kind == "summon":
            assert sum(after.hands) == sum(state.hands) - 1
        assert game.height_changes(state, after) == dict(move.changes)


@SETTINGS
@given(reachable())
def test_moves_agree_with_the_naive_generator_on_small_positions(position):
    game, state = position
    if game.movable_pieces(state) > 5:
        return  # the naive generator enumerates every path: keep it small
    expected = successors(to_naive(state), game.rules.size, game.rules.unlock,
                          game.rules.white_delay)
    got = {to_naive(game.play(state, m)) for m in game.legal_moves(state)}
    assert got == expected


@SETTINGS
@given(reachable())
def test_outcome_positions_and_white_wait_are_consistent(position):
    game, state = position
    moves = game.legal_moves(state)
    result = game.outcome(state)
    assert (result is None) == bool(moves)
    if result is not None:
        assert result.winner != state.to_move and result.reason == "no legal action"
    assert game.position_from_yaml(game.position_to_yaml(state)) == state
    assert moves == UkejalayerGame(game.rules).legal_moves(state)  # deterministic order
    assert 0 <= state.white_wait <= game.rules.white_delay
    if game.rules.unlock == "self" or 0 not in state.hands:
        assert state.white_wait == 0
