"""The engine opponents of the play board: 「やさしい」, 「ふつう」 and 「つよい」.

Every strength works for every game through the engine contract (:class:`banmen.game.Game`)
and the game's static evaluation (:mod:`banmen.games.evaluation`); standard library only, so
the page's worker runs the same code under Pyodide.

* ``easy`` (やさしい): a legal move at random.
* ``normal`` (ふつう): one ply greedy: the move whose resulting position the evaluation
  scores best for the mover (a move that wins at once first); ties broken at random.
* ``strong`` (つよい): iterative deepening on plies with alpha-beta pruning, the previous
  depth's best move searched first, until a time limit (about a second in the browser) or a
  node budget; a quarter of each move's evaluation at once (:data:`NOW`) is added to its
  score, so that progress is made now, not put off beyond the horizon again and again. With more than two sides it is "paranoid" (every other
  side plays against the mover); a chance position (a die still to roll, :meth:`banmen.game.Game.is_chance`)
  averages its outcomes and takes no depth of its own (a ply is the roll and the move, so
  every leaf is scored before a roll). The move of the deepest completed depth is played.

:func:`play_game` plays one whole game between two strengths (the ladder of
``tools/bench_play.py --ladder`` and the tests).

Randomness comes from the ``seed`` alone: the same position, strength and seed give the
same move (``strong`` also needs the same depth reached, so tests give it a node budget
instead of a time limit).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Any

from banmen.errors import BanmenError, brief_repr
from banmen.games.evaluation import evaluate

STRENGTHS = ("easy", "normal", "strong")
#: the score of a won position (beyond any evaluation); faster wins score higher.
WIN = 1_000_000.0
#: ``strong``: the share of a root move's evaluation at once added to its search score.
NOW = 0.25
#: the margin below which a root move's score is only a bound (see :meth:`_Search.best`).
TIE = 1e-6


class _OutOfTime(Exception):
    pass


def choose(game: Any, state: Hashable, strength: str, seed: int = 0, *,
           time_limit: float = 1.0, max_nodes: int | None = None) -> Hashable:
    """Return the move the opponent of ``strength`` plays in ``state``.

    Args:
        game: the engine.
        state: a position with at least one legal move.
        strength: ``"easy"``, ``"normal"`` or ``"strong"``.
        seed: the random seed of ties and of ``easy``.
        time_limit: seconds ``strong`` may search (wall clock).
        max_nodes: a node budget for ``strong`` instead of (or besides) the time limit;
            deterministic.

    Returns:
        one of ``game.legal_moves(state)``.

    Raises:
        BanmenError: an unknown strength, or a position without a legal move.
    """
    if strength not in STRENGTHS:
        raise BanmenError(f"unknown strength {brief_repr(strength)} (known: {', '.join(STRENGTHS)})")
    moves = game.legal_moves(state)
    if not moves:
        raise BanmenError("the game is over: there is no move to reply with")
    rng = random.Random(seed)
    if strength == "easy" or len(moves) == 1 or game.is_chance(state):
        return rng.choice(moves)
    mover = game.side_to_move(state)
    if strength == "normal":
        scored = [(_leaf(game, game.play(state, move), mover, 0), index)
                  for index, move in enumerate(moves)]
        best = max(score for score, _ in scored)
        return moves[rng.choice([index for score, index in scored if score == best])]
    return _Search(game, mover, time_limit, max_nodes).best(state, moves, rng)


def _leaf(game: Any, state: Hashable, root: str, ply: int) -> float:
    outcome = game.outcome(state)
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return WIN - ply if outcome.winner == root else -WIN + ply
    return evaluate(game, state, root)


class _Search:
    """Depth-limited alpha-beta from the root mover's point of view (see the module doc)."""

    def __init__(self, game: Any, root: str, time_limit: float, max_nodes: int | None):
        self.game, self.root = game, root
        self.deadline = time.monotonic() + time_limit
        self.max_nodes = max_nodes
        self.nodes = 0

    def best(self, state: Hashable, moves: list[Hashable], rng: random.Random) -> Hashable:
        order = list(range(len(moves)))
        rng.shuffle(order)  # ties between equal moves go to a seeded random one
        children = [self.game.play(state, move) for move in moves]
        # a share of the evaluation at once is added to the search's score, so that progress
        # made now wins over the same progress put off beyond the horizon again and again
        # (a stalled game), and so do ties
        static = [_leaf(self.game, child, self.root, 1) * NOW for child in children]
        order.sort(key=lambda index: -static[index])  # stable: ties keep their order
        best = order[0]
        for depth in range(1, 64):
            try:
                scores = {}
                top = -float("inf")
                for index in order:
                    # a window just wide enough for this move to come out exact if it can
                    # overtake the best so far
                    scores[index] = self.value(children[index], depth - 1, 1,
                                               top - static[index] - TIE, float("inf"))
                    top = max(top, scores[index] + static[index])
            except _OutOfTime:
                break
            order.sort(key=lambda index: -(scores[index] + static[index]))  # stable
            best = order[0]
            if scores[best] >= WIN - depth:  # a forced win found: no need to look deeper
                break
        return moves[best]

    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfTime
        if self.nodes % 256 == 0 and time.monotonic() > self.deadline:
            raise _OutOfTime

    def value(self, state: Hashable, depth: int, ply: int, alpha: float, beta: float) -> float:
        self._tick()
        game = self.game
        if depth <= 0 or game.outcome(state) is not None:
            return _leaf(game, state, self.root, ply)
        moves = game.legal_moves(state)
        if game.is_chance(state):  # a die roll: part of the ply, it takes no depth
            return sum(self.value(game.play(state, move), depth, ply,
                                  -float("inf"), float("inf")) for move in moves) / len(moves)
        if game.side_to_move(state) == self.root:
            best = -float("inf")
            for move in moves:
                best = max(best, self.value(game.play(state, move), depth - 1, ply + 1,
                                            alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best
        best = float("inf")
        for move in moves:
            best = min(best, self.value(game.play(state, move), depth - 1, ply + 1, alpha, beta))
            beta = min(beta, best)
            if alpha >= beta:
                break
        return best


def play_game(game: Any, strengths: tuple[str, str], seed: int, *,
              max_nodes: int | None = None, time_limit: float = 1.0,
              max_plies: int = 400) -> tuple[Any, int]:
    """Play one game between two strengths from the start position; return its result.

    The side to move first plays ``strengths[0]``, every other side ``strengths[1]`` (a
    four-seat game is one against the rest). Die rolls (:meth:`banmen.game.Game.is_chance`)
    come from a random generator of their own, seeded from ``seed``, so that both players
    see the same dice whatever they choose; each player's own seed changes with the ply.

    Args:
        game: the engine.
        strengths: the strengths of the first side and of the others (see :data:`STRENGTHS`).
        seed: the game's seed; the same seed, strengths and budget replay the same game.
        max_nodes: the node budget of ``strong`` (deterministic); ``None`` for the time limit.
        time_limit: seconds ``strong`` may search when there is no node budget.
        max_plies: the plies after which an unfinished game stops (a stalled game).

    Returns:
        ``(outcome, plies)``: the :class:`banmen.game.Outcome`, or ``None`` if the game was
        still going after ``max_plies`` plies (die rolls are not counted as plies).

    Raises:
        BanmenError: an unknown strength.
    """
    state = game.initial_state()
    first = game.side_to_move(state)
    dice = random.Random(seed * 7919 + 1)
    plies = 0
    while game.outcome(state) is None:
        if game.is_chance(state):
            state = game.play(state, dice.choice(game.legal_moves(state)))
            continue
        if plies >= max_plies:
            return None, plies
        strength = strengths[0] if game.side_to_move(state) == first else strengths[1]
        move = choose(game, state, strength, seed * 1000 + plies, time_limit=time_limit,
                      max_nodes=max_nodes)
        state = game.play(state, move)
        plies += 1
    return game.outcome(state), plies
