"""Property tests of the ludo engine and simulation (shared/rules/ludo.md): pieces are
conserved, progress only falls by a send-back, a bounce or the third-six penalty, notation and
positions round-trip, and the same seed gives the same games."""

from __future__ import annotations

import random

import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banmen.cli import main
from banmen.games.ludo import LudoGame, square_of
from banmen.games.ludo.simulate import (
    game_lengths,
    game_rng,
    play_game,
    play_game_contract,
    play_games,
    rules_for,
    summarise,
)
from banmen.games.ludo.track import SAFE_T, YARD

rule_sets = st.fixed_dictionaries({
    "preset": st.sampled_from(["aeroplane", "easy", "ludo"]),
    "colours": st.integers(2, 4),
    "pieces": st.sampled_from([2, 4]),
}, optional={
    "overshoot": st.sampled_from(["bounce", "finish", "forbid"]),
    "third_six": st.sampled_from(["return_last", "void_only"]),
    "jumps": st.booleans(),
    "flights": st.booleans(),
    "safe_squares": st.booleans(),
    "three_tries": st.booleans(),
    "stop_at_first": st.booleans(),
    "enter_on": st.lists(st.integers(1, 6), min_size=1, max_size=3),
})


def yaml_round_trip(game, state):
    text = yaml.safe_dump(game.position_to_yaml(state), allow_unicode=True)
    return game.position_from_yaml(yaml.safe_load(text))


def check_ply(game, state, move, after):
    """Independent of the engine's own checks: compare squares before and after a ply."""
    rules = state.variant.rules
    seat = state.to_move
    assert [len(p) for p in after.pieces] == [len(p) for p in state.pieces]
    if move.kind == "roll":
        assert after.pieces == state.pieces and after.roll == move.value
        return
    legs = game.move_legs(state, move)
    landed = {to for _, to, kind in legs if kind != "bounce"}
    sent = 0
    for s, (old_own, new_own) in enumerate(zip(state.pieces, after.pieces)):
        colour = state.colours[s]
        for i, (old, new) in enumerate(zip(old_own, new_own)):
            if new >= old or old == YARD:
                if s != seat or move.kind != "move" or i != move.value:
                    assert new == old, (colour, i, old, new)
                continue
            # progress fell: a send-back, a bounce or the third-six penalty
            if s != seat:
                square = square_of(rules, colour, old, i)
                assert new == YARD and square in landed and square.startswith("t")
                assert not (rules.safe_squares and int(square[1:]) in SAFE_T)
                sent += 1
            elif move.kind == "move" and i == move.value:
                assert legs[-1][2] == "bounce"
            else:
                assert move.kind == "pass" and state.roll == 6 and state.sixes == 2
                assert rules.third_six == "return_last" and i == state.last and new == YARD
    assert after.send_backs[seat] - state.send_backs[seat] == sent
    assert game.move_path(state, move) == ([legs[0][0]] + [to for _, to, _ in legs]
                                           if legs else [])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets, st.integers(0, 2**32 - 1))
def test_random_walks_keep_the_invariants(overrides, seed):
    game = LudoGame(overrides)
    rng = random.Random(seed)
    state = game.initial_state()
    for ply in range(300):
        moves = game.legal_moves(state)
        if not moves:
            assert game.outcome(state) is not None
            break
        assert game.outcome(state) is None
        for move in moves:
            for text in game.notations(state, move):
                assert game.parse_move(state, text) == move
        assert game.position_from_yaml(game.position_to_yaml(state)) == state
        if ply % 50 == 0:
            assert yaml_round_trip(game, state) == state
        move = rng.choice(moves)
        after = game.play(state, move)
        check_ply(game, state, move, after)
        state = after


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets, st.integers(0, 10**6))
def test_the_fast_loop_plays_the_contract_game(overrides, seed):
    rules = rules_for(overrides.pop("preset"), overrides)
    fast = play_game(rules, game_rng(seed, 0))  # checks the invariants on every ply
    assert fast == play_game_contract(rules, game_rng(seed, 0))
    assert fast == play_game(rules, game_rng(seed, 0))


def test_the_same_seed_gives_the_same_games_whatever_the_jobs():
    rules = rules_for("easy", colours=3)
    one = play_games(rules, 40, seed=7)
    assert one == play_games(rules, 40, seed=7, jobs=2)
    assert one != play_games(rules, 40, seed=8)
    assert game_lengths("easy", 40, seed=7, colours=3) == [r.plies for r in one]


def test_games_played_without_the_invariant_checks_are_the_same_games():
    for preset in ("aeroplane", "easy", "ludo"):
        rules = rules_for(preset)
        checked = play_games(rules, 30, seed=3)
        assert play_games(rules, 30, seed=3, check=False) == checked
        assert game_lengths(preset, 30, seed=3, check=False) == [r.plies for r in checked]


def test_simulate_prints_the_statistics_of_its_games():
    rules = rules_for("aeroplane")
    records = play_games(rules, 30, seed=5)
    stats = summarise(records, ("red", "blue"))
    assert stats.average_plies == sum(r.plies for r in records) / 30
    assert stats.longest_plies == max(r.plies for r in records)
    assert stats.wins[0] + stats.wins[1] == 30
    result = CliRunner().invoke(main, ["simulate", "ludo", "--games", "30", "--seed", "5"])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "preset: aeroplane, colours: red, blue, pieces: 4, games: 30, seed: 5",
        f"average plies: {stats.average_plies:.1f}",
        f"send-backs per game: {stats.send_backs_per_game:.2f}",
        f"first-seat win rate: {stats.first_seat_win_rate:.1%} (red)",
        f"wins: red {stats.wins[0] / 30:.1%}, blue {stats.wins[1] / 30:.1%}",
        f"longest game: {stats.longest_plies} plies (game {stats.longest_game})",
    ]
    again = CliRunner().invoke(main, ["simulate", "ludo", "--games", "30", "--seed", "5",
                                      "--jobs", "2"])
    assert again.stdout == result.stdout


def test_simulate_errors_are_one_line():
    result = CliRunner().invoke(main, ["simulate", "ludo", "--games", "3", "--set", "pieces=3"])
    assert result.exit_code == 1
    assert result.output == ("rule parameter 'pieces': expected 4 or 2, got 3\n")
