"""Which positions of a self-play game make move puzzles, proved by the solver.

A position is kept when (see guide/mining.md):

* the side to move has more than one legal move and wins within the horizon;
* at each of its turns along the line exactly one move wins within the plies left (the
  solver proves it with :meth:`banmen.game.Game.winning_moves`, as ``banmen check`` does);
  after the first turn, moves along the same squares that differ only in a choice (with or
  without promotion) count as one and are listed as ``also``;
* the opponent's replies are its best defences: the reply that delays the loss longest
  (the first in legal-move order on ties).

Positions right after a losing mistake (the opponent had a move that did not lose within
the horizon, and played another) are preferred, as lichess-puzzler prefers them.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from banmen.analysis import Solver, SolverBudgetError, solver_budget
from banmen.game import Game

#: Solver nodes past which a proof counts as hard (one level up).
HARD_NODES = 20_000
#: Wrong first moves scored at least as well as the solution (by the static evaluation)
#: from which a puzzle counts as tempting (one level up).
TEMPTING_MANY = 3


@dataclass(frozen=True)
class Refutation:
    """Why a wrong first move fails.

    Attributes:
        move: the wrong move.
        end: ``"lose"`` or ``"draw"`` when the move itself ends the game so, else ``None``.
        reply: the opponent's refuting reply, or ``None``.
        reply_wins: the reply wins the game for the opponent at once.
    """

    move: Hashable
    end: str | None
    reply: Hashable | None
    reply_wins: bool


@dataclass(frozen=True)
class MovePuzzle:
    """A proved move puzzle.

    Attributes:
        state: the position (the solver's side to move), as read back from its YAML.
        plies: the shortest horizon the side to move wins within.
        line: ``(move, reply)`` per turn of the solver's side; the reply is ``None`` when the
            move ends the game.
        nodes: solver nodes the proof used.
        tempting: how many wrong first moves the evaluation scores at least as well as the
            solution.
        refutation: the most tempting wrong first move and its refutation.
        after_mistake: the opponent's last move in the game was a losing mistake.
        ply: the position's ply in its game.
        level: 1 to 3 (:func:`level_of`).
        also: per turn of ``line``, the other winning moves accepted there: after the first
            turn, moves along the same squares as the line's move that differ only in a
            choice (a medamagaeru capture with or without promotion).
    """

    state: Hashable
    plies: int
    line: tuple[tuple[Hashable, Hashable | None], ...]
    nodes: int
    tempting: int
    refutation: Refutation | None
    after_mistake: bool = False
    ply: int = 0
    level: int = field(default=1)
    also: tuple[tuple[Hashable, ...], ...] = ()


def _score(game: Game, state: Hashable, side: str) -> float:
    """The static evaluation of ``state`` for ``side`` (0 where the game has none)."""
    from banmen.games.evaluation import evaluate

    outcome = game.outcome(state)
    if outcome is not None:
        return 0.0 if outcome.winner is None else (1e9 if outcome.winner == side else -1e9)
    try:
        return float(evaluate(game, state, side))
    except (KeyError, NotImplementedError):
        return 0.0


def _delay(solver: Solver, state: Hashable, plies: int) -> int:
    """Plies the side to move in ``state`` needs to win, ``plies + 1`` when more."""
    for k in range(1, plies + 1):
        if solver.wins_within(state, k):
            return k
    return plies + 1


def _best_defence(game: Game, solver: Solver, after: Hashable, plies: int, mover: str
                  ) -> Hashable:
    """The reply in ``after`` that delays ``mover``'s win longest (first on ties)."""
    best, best_delay = None, -1
    for reply in game.legal_moves(after):
        answer = game.play(after, reply)
        outcome = game.outcome(answer)
        if outcome is not None:
            delay = 0 if outcome.winner == mover else plies + 2
        else:
            delay = _delay(solver, answer, plies)
        if delay > best_delay:
            best, best_delay = reply, delay
    assert best is not None
    return best


def refute(game: Game, solver: Solver, state: Hashable, move: Hashable, plies: int
           ) -> Refutation:
    """Return how the opponent refutes ``move`` (not winning within ``plies``) in ``state``:
    the first reply (legal-move order) that wins for the opponent at once, else the first
    after which the mover no longer wins within ``plies - 2``."""
    mover = game.side_to_move(state)
    after = game.play(state, move)
    outcome = game.outcome(after)
    if outcome is not None:
        return Refutation(move, "draw" if outcome.winner is None else "lose", None, False)
    chosen = None
    for reply in game.legal_moves(after):
        answer = game.play(after, reply)
        ended = game.outcome(answer)
        if ended is not None and ended.winner != mover:
            return Refutation(move, None, reply, ended.winner is not None)
        if ended is None and chosen is None and (plies < 3
                                                 or not solver.wins_within(answer, plies - 2)):
            chosen = reply
    return Refutation(move, None, chosen, False)


def level_of(plies: int, nodes: int, tempting: int) -> int:
    """The puzzle's level, 1 to 3: the solver's turns (1 for a win in one move), plus one for
    a proof of at least :data:`HARD_NODES` nodes and one for at least :data:`TEMPTING_MANY`
    tempting wrong first moves."""
    turns = (plies + 1) // 2
    return max(1, min(3, turns + (nodes >= HARD_NODES) + (tempting >= TEMPTING_MANY)))


def prove(game: Game, state: Hashable, max_plies: int, nodes: int,
          spent: list[int] | None = None) -> MovePuzzle | None:
    """Prove that ``state`` is a move puzzle within ``max_plies`` (see the module docstring).

    Args:
        game: the engine.
        state: the position, the puzzle's side to move.
        max_plies: the longest horizon tried (odd horizons 1, 3, ... up to it).
        nodes: the solver budget of the whole proof; past it the position is given up.
        spent: when given, the nodes the proof used are appended to it (also when the
            position is given up).

    Returns:
        The puzzle, or ``None`` when the position is not one (or the budget ran out).
    """
    if game.outcome(state) is not None or game.is_chance(state):
        return None
    legal = game.legal_moves(state)
    if len(legal) < 2:
        return None
    solver = Solver(game)
    budget = None
    try:
        with solver_budget("a mined position", nodes=nodes, progress=False) as budget:
            plies = next((k for k in range(1, max_plies + 1)
                          if solver.wins_within(state, k)), None)
            if plies is None:
                return None
            mover = game.side_to_move(state)
            line: list[tuple[Hashable, Hashable | None]] = []
            also: list[tuple[Hashable, ...]] = []
            here, left = state, plies
            while True:
                winning = game.winning_moves(here, left)
                move = winning[0] if winning else None
                others = tuple(m for m in winning[1:]
                               if game.move_path(here, m) == game.move_path(here, move))
                if not winning or len(winning) != 1 + (len(others) if line else 0):
                    return None  # later turns: the same path with another choice is accepted
                also.append(others)
                after = game.play(here, move)
                if game.outcome(after) is not None:
                    line.append((move, None))
                    break
                reply = _best_defence(game, solver, after, left - 2, mover)
                line.append((move, reply))
                here = game.play(after, reply)
                if game.outcome(here) is not None:
                    break
                left -= 2
            solution = line[0][0]
            base = _score(game, game.play(state, solution), mover)
            scored = sorted(((-_score(game, game.play(state, m), mover), i, m)
                             for i, m in enumerate(legal) if m != solution),
                            key=lambda t: (t[0], t[1]))
            tempting = sum(1 for s, _, _ in scored if -s >= base)
            refutation = refute(game, solver, state, scored[0][2], plies)
            used = budget.used
    except SolverBudgetError:
        return None
    finally:
        if spent is not None and budget is not None:
            spent.append(budget.used)
    return MovePuzzle(state, plies, tuple(line), used, tempting, refutation,
                      level=level_of(plies, used, tempting), also=tuple(also))


def after_mistake(game: Game, before: Hashable, played: Hashable, plies: int, nodes: int
                  ) -> bool:
    """Whether ``played`` in ``before`` was a losing mistake: some other move of the same
    side leaves the opponent no win within ``plies`` (proved under a budget of ``nodes``;
    ``False`` when the budget runs out)."""
    if game.is_chance(before):
        return False
    solver = Solver(game)
    try:
        with solver_budget("a mined mistake", nodes=nodes, progress=False):
            for move in game.legal_moves(before):
                if move == played:
                    continue
                after = game.play(before, move)
                if game.outcome(after) is None and not solver.wins_within(after, plies):
                    return True
    except SolverBudgetError:
        return False
    return False
