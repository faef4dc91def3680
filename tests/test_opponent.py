"""The play board's engine opponents (banmen/opponent.py) and evaluations
(banmen/games/evaluation.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from banmen import opponent, play
from banmen.errors import BanmenError
from banmen.game import get_game
from banmen.games.evaluation import evaluate

ROOT = Path(__file__).resolve().parent.parent
MOVE_PUZZLES = ["babuschka/p07-finish-the-nest", "medamagaeru/p12-win-in-one",
                "medamagaeru/p13-fork", "suicide-checkers/p10-feed-king",
                "suicide-checkers/p11-quiet-move", "ukejalayer/p13-win-cover",
                "ukejalayer/p14-win-chain", "ukejalayer/p15-win-double"]


def _puzzle(name: str):
    data = yaml.safe_load((ROOT / "puzzles" / f"{name}.yaml").read_text("utf-8"))
    game = get_game(data["game"], data.get("rules", {}))
    return game, _position(game, data["position"]), data["answer"]["plies"]


def _position(game, mapping: dict):
    return game.position_from_yaml({"game": game.id, **mapping})


@pytest.mark.parametrize("name", MOVE_PUZZLES)
def test_strong_finds_the_forced_win_of_every_move_puzzle(name):
    game, state, plies = _puzzle(name)
    winning = set(game.winning_moves(state, plies))
    assert winning  # the puzzle's premise
    for seed in (0, 1):
        move = opponent.choose(game, state, "strong", seed, time_limit=60, max_nodes=200_000)
        assert move in winning, game.format_move(state, move)


@pytest.mark.parametrize("name", [n for n in MOVE_PUZZLES if _puzzle(n)[2] == 1])
def test_normal_takes_a_win_in_one(name):
    game, state, _ = _puzzle(name)
    assert opponent.choose(game, state, "normal", 5) in set(game.winning_moves(state, 1))


def test_easy_is_a_seeded_random_legal_move():
    game = get_game("ukejalayer")
    state = game.initial_state()
    picks = [opponent.choose(game, state, "easy", seed) for seed in range(8)]
    assert set(picks) <= set(game.legal_moves(state))
    assert picks == [opponent.choose(game, state, "easy", seed) for seed in range(8)]
    assert len(set(picks)) > 1


def test_strength_and_finished_games_are_refused_in_one_line():
    game = get_game("suicide-checkers")
    with pytest.raises(BanmenError, match=r"^unknown strength 'hard' \(known: easy, normal, "
                                          r"strong\)$"):
        opponent.choose(game, game.initial_state(), "hard")
    won = _position(game, {"fen": "B:W21:B"})
    with pytest.raises(BanmenError, match="the game is over"):
        opponent.choose(game, won, "normal")


def test_a_die_still_to_roll_is_a_chance_position():
    game = get_game("ludo")
    state = game.initial_state()
    assert game.is_chance(state)
    rolled = game.play(state, game.parse_move(state, "roll 6"))
    assert not game.is_chance(rolled)
    assert not get_game("babuschka").is_chance(get_game("babuschka").initial_state())


def test_every_start_position_is_even_for_every_side():
    for game_id, rules in [("ukejalayer", {}), ("medamagaeru", {}), ("suicide-checkers", {}),
                           ("babuschka", {}), ("babuschka", {"players": 4}),
                           ("ludo", {"colours": 4})]:
        game = get_game(game_id, rules)
        state = game.initial_state()
        sides = {game.side_to_move(state)}
        for move in game.legal_moves(state)[:1]:
            sides.add(game.side_to_move(game.play(state, move)))
        for side in sides:
            assert evaluate(game, state, side) == 0, (game_id, side)


def test_evaluations_score_what_their_docstrings_say():
    uk = get_game("ukejalayer")
    state = _position(uk, {"to_move": "white", "hands": {"white": 2, "black": 0},
                                   "board": {"a1": "W", "b1": "BW", "c1": "B"}})
    assert evaluate(uk, state, "white") == 2 - 1 + 0.25 * 2
    assert evaluate(uk, state, "black") == -(2 - 1 + 0.25 * 2)
    sc = get_game("suicide-checkers")
    state = _position(sc, {"fen": "B:W21,22,K30:B1"})
    assert evaluate(sc, state, "black") == 3.5 - 1
    md = get_game("medamagaeru")
    state = _position(md, {"to_move": "green", "board": {"64": "G4", "44": "G1",
                                   "45": "W2+"}, "captures": {"green": 1, "white": 0},
                                   "attacker": "none"})
    assert evaluate(md, state, "green") == 10 + 1
    bb = get_game("babuschka")
    state = _position(bb, {"players": 2, "to_move": "black",
                                   "board": {"c8": ["bS", "bM"], "d8": ["bM"], "c1": ["gS"]}})
    # black: rows 7 + 7 + 7 (c8 S, M; d8 M), +4 +4 for the nest begun on c8, -3 for d8's M
    # above no S; grey: its S on c1 has advanced 7 rows, and c1 is a goal square of grey
    assert evaluate(bb, state, "black") == (21 + 8 - 3) - (7 + 4)
    ld = get_game("ludo")
    state = _position(ld, {"preset": "aeroplane", "colours": ["red", "blue"],
                                   "to_move": "red",
                                   "pieces": {"red": ["yard", 12, 30, "goal"],
                                              "blue": ["yard", "yard", 5, 55]}})
    assert evaluate(ld, state, "red") == (-6 + 12 + 30 + 62) - (-6 - 6 + 5 + 55)


def test_reply_requests_use_the_strengths():
    position = {"fen": "B:W21,22,K30:B1,2,K12"}
    for strength in opponent.STRENGTHS:
        answer = json.loads(play.handle(json.dumps({
            "op": "reply", "game": "suicide-checkers", "position": position,
            "strength": strength, "seed": 3, "nodes": 5000})))
        assert answer["move"] in ("1-5", "1-6", "2-6", "2-7", "12-8", "12-16", "12-15")
    assert json.loads(play.handle(json.dumps({"op": "reply", "game": "suicide-checkers",
                                              "position": position, "strength": "hard"}))) == {
        "error": "unknown strength 'hard' (known: easy, normal, strong)"}
