"""Property tests of the バブーシュカ engine (shared/rules/babuschka.md): no doll lost or created,
nests always strictly growing, notation and position YAML round-trips, and every move list
equal to the independent generator's."""

from __future__ import annotations

from collections import Counter

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banmen.games.babuschka import BabuschkaGame
from banmen.games.babuschka import board as geo
from test_babuschka_perft import from_position, naive_moves

SIZES = "SML"


def dolls(game, state) -> Counter:
    board = game.position_to_yaml(state)["board"]
    return Counter(d for nest in board.values() for d in nest)


def nests_grow(game, state) -> bool:
    board = game.position_to_yaml(state)["board"]
    return all(
        [SIZES.index(d[1]) for d in nest] == sorted({SIZES.index(d[1]) for d in nest})
        and 1 <= len(nest) <= 3
        for nest in board.values()
    )


def yaml_round_trip(game, state):
    text = yaml.safe_dump(game.position_to_yaml(state), allow_unicode=True)
    return game.position_from_yaml(yaml.safe_load(text))


def check_notation(game, state):
    for move in game.legal_moves(state):
        for text in game.notations(state, move):
            assert game.parse_move(state, text) == move, text
        path = game.move_path(state, move)
        if path:
            chain = (f"{'SML'[state.board[move.origin][-1] >> 2]} "
                     + ("x" if move.is_jump else "-").join(path))
            assert game.parse_move(state, chain) == move


def engine_moves(game, state) -> set:
    moves = game.legal_moves(state)
    if len(moves) == 1 and moves[0].is_pass:
        return {"pass"}
    return {(geo.square_name(m.origin), geo.square_name(m.target)) for m in moves}


def check_against_naive(game, state):
    if game.outcome(state) is not None:
        return
    data = game.position_to_yaml(state)
    owner = data["to_move"][0]
    expected = naive_moves(from_position(data), owner, state.players,
                           game.rules.fly_over_goals)
    assert engine_moves(game, state) == expected


game_configs = st.sampled_from([
    {"players": 2},
    {"players": 4},
    {"players": 4, "rank_all": True},
    {"players": 4, "fly_over_goals": True},
])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=game_configs, choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=150))
def test_random_playouts_keep_every_doll_and_every_nest_in_order(rules, choices):
    game = BabuschkaGame(rules)
    state = game.initial_state()
    material = dolls(game, state)
    for ply, choice in enumerate(choices):
        moves = game.legal_moves(state)
        if game.outcome(state) is not None:
            assert moves == []
            break
        assert moves
        if ply % 10 == 0:
            check_notation(game, state)
            check_against_naive(game, state)
            assert yaml_round_trip(game, state) == state
        move = moves[choice % len(moves)]
        after = game.play(state, move)
        assert dolls(game, after) == material
        assert nests_grow(game, after)
        assert after.passes == (state.passes + 1 if move.is_pass else 0)
        state = after
    assert yaml_round_trip(game, state) == state


@st.composite
def positions(draw, players):
    """Random positions within the material: nests built bottom to top, strictly growing."""
    owners = "bg" if players == 2 else "swne"
    per_size = 4 if players == 2 else 2
    stock = [o + z for o in owners for z in SIZES for _ in range(per_size)]
    chosen = draw(st.lists(st.sampled_from(range(len(stock))), unique=True, max_size=24))
    squares = [geo.square_name(sq) for sq in geo.SQUARES]
    board: dict[str, list[str]] = {}
    for index in chosen:
        item = stock[index]
        square = draw(st.sampled_from(squares))
        nest = board.setdefault(square, [])
        if nest and SIZES.index(nest[-1][1]) >= SIZES.index(item[1]):
            continue
        nest.append(item)
    sides = ("black", "grey") if players == 2 else ("south", "west", "north", "east")
    return {"game": "babuschka", "players": players, "to_move": draw(st.sampled_from(sides)),
            "board": board}


def load_or_none(game, data):
    from banmen.game import PositionError

    try:
        return game.position_from_yaml(data)
    except PositionError as err:
        # the only refusals of such positions: two or more sides already home, or (four
        # players) a doll on another player's goal square it cannot have landed on
        assert "home" in str(err) or "is a goal square of" in str(err), str(err)
        return None


@settings(max_examples=120, deadline=None)
@given(data=st.sampled_from([2, 4]).flatmap(positions), fly=st.booleans())
def test_random_positions_round_trip_and_match_the_naive_generator(data, fly):
    game = BabuschkaGame({"players": data["players"], "fly_over_goals": fly})
    state = load_or_none(game, data)
    if state is None:
        return
    assert yaml_round_trip(game, state) == state
    check_notation(game, state)
    check_against_naive(game, state)
    material = dolls(game, state)
    for move in game.legal_moves(state):
        after = game.play(state, move)
        assert dolls(game, after) == material
        assert nests_grow(game, after)
        assert yaml_round_trip(game, after) == after
