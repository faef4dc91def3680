"""Engine self-play for the puzzle miner: one game from the start position between two
engine opponents of mixed strengths (:func:`banmen.opponent.choose`), fully determined by its
seed.

``strong`` searches under a node budget instead of a time limit, so the same seed gives the
same game on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

from banmen.game import Game
from banmen.opponent import choose

#: The strength pairings games are played with (one per game, chosen by the seed): a weak
#: side against a strong one makes the losing mistakes that puzzles start from.
PAIRINGS = (("easy", "strong"), ("normal", "strong"), ("strong", "normal"),
            ("strong", "easy"), ("normal", "normal"), ("strong", "strong"))
#: Nodes the ``strong`` opponent may search for one move (deterministic, fast).
STRONG_NODES = 400
#: The longest game played, in plies (decisions and dice rolls alike).
MAX_PLIES = 240


@dataclass(frozen=True)
class PlayedGame:
    """One self-play game.

    Attributes:
        seed: the game's own seed.
        strengths: side id -> strength of the engine that played it.
        states: the positions from the start, ``states[i + 1]`` after ``moves[i]``.
        moves: the moves played.
    """

    seed: int
    strengths: dict[str, str]
    states: list[Hashable]
    moves: list[Hashable]


def play_game(game: Game, seed: int, max_plies: int = MAX_PLIES) -> PlayedGame:
    """Play one engine game from the start position.

    Args:
        game: the engine (with the rules to mine under).
        seed: decides the pairing, who plays which side, and every random choice.
        max_plies: stop after this many plies even if the game goes on.

    Returns:
        The game; it ends when :meth:`Game.outcome` says so, at ``max_plies``, or when the
        side to move has no legal move.
    """
    rng = random.Random(seed)
    state = game.initial_state()
    pairing = PAIRINGS[rng.randrange(len(PAIRINGS))]
    strengths: dict[str, str] = {}
    states, moves = [state], []
    for ply in range(max_plies):
        if game.outcome(state) is not None:
            break
        legal = game.legal_moves(state)
        if not legal:
            break
        side = game.side_to_move(state)
        if side not in strengths:
            strengths[side] = pairing[len(strengths) % len(pairing)]
        move = choose(game, state, strengths[side], rng.randrange(1 << 30),
                      time_limit=1e9, max_nodes=STRONG_NODES)
        state = game.play(state, move)
        moves.append(move)
        states.append(state)
    return PlayedGame(seed, strengths, states, moves)
