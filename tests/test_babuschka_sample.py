"""The バブーシュカ sample game (``sequences/babuschka/sample-game-1..4.yaml``) is one complete
game: part 1 starts from the start position, each later part from the position the previous
part reached, and the last move wins (``shared/rules/babuschka.md``, "Goal and end")."""

from __future__ import annotations

from collections import defaultdict

import yaml

from banmen.games.babuschka import BabuschkaGame
from conftest import ROOT

PARTS = [ROOT / "sequences" / "babuschka" / f"sample-game-{n}.yaml" for n in range(1, 5)]


def _replay():
    game = BabuschkaGame()
    state = game.initial_state()
    played = []
    for n, path in enumerate(PARTS, 1):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if n == 1:
            assert "position" not in data  # the real start
        else:
            assert game.position_from_yaml(data["position"]) == state, path.name
        for step in data["steps"]:
            assert game.outcome(state) is None
            move = game.parse_move(state, step["move"])
            played.append((game.side_to_move(state), game.move_path(state, move)))
            state = game.play(state, move)
    return game, state, played


def test_the_four_parts_are_one_complete_game_won_by_black():
    game, state, played = _replay()
    assert len(played) == 107
    assert game.outcome(state).winner == "black"


def test_from_each_start_square_the_large_doll_leaves_first_then_the_medium_then_the_small():
    game, _, played = _replay()
    start = {"black": ["c1", "d1", "e1", "f1"], "grey": ["c8", "d8", "e8", "f8"]}
    nests = {sq: ["S", "M", "L"] for squares in start.values() for sq in squares}
    left = defaultdict(list)
    for side, path in played:
        origin = path[0]
        if origin in start[side] and nests[origin]:
            left[origin].append(nests[origin].pop())
    assert {sq: order for sq, order in left.items()} == {
        sq: ["L", "M", "S"] for squares in start.values() for sq in squares}
