"""Game-independent analysis through the engine contract: perft, a bounded solver, and the
named queries every game answers.

The solver searches "win within N plies" for the side to move: a move wins within N when the
position after it is won for the mover, or when N >= 2 and every reply of the opponent either
ends the game in the mover's favour (giveaway games are won on the opponent's ply) or, with
N >= 3, leads to a position where the mover again has a move that wins within N - 2. Ply
counts include the winning move itself (and the losing reply, where that decides the game). There is no draw by depth: a position not won within the horizon is
simply "not won" (``shared/rules/ukejalayer.md``: the engine invents no draw rule; analysis
uses depth limits).
"""

from __future__ import annotations

import contextlib
import gc
import sys
import time
from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING

from banmen.game import EngineLimitError, Query, QueryParam

if TYPE_CHECKING:
    from banmen.game import Game


# --------------------------------------------------------------------------- solver budget

#: Default solver budget: positions a proof may reach. Every solver counts one node per
#: position it reaches by playing a move (a child or a reply it generates), so budgets mean
#: the same for every game; 500,000 nodes take about a second on the suicide-checkers solver.
SOLVER_NODES = 500_000
#: Seconds of solving before progress lines appear on standard error, and between them.
PROGRESS_AFTER = 2.0
#: Most entries a solver's transposition table holds (positions with proven bounds); past it
#: the solver stops adding entries, so memory stays bounded (about 200 bytes an entry, some
#: 200 MB at worst) and answers stay the same, only slower.
TABLE_MAX = 1_000_000


class SolverBudgetError(EngineLimitError):
    """A proof needed more positions than its budget allows."""


class SolverBudget:
    """The node budget of one proof, and its progress reports on standard error.

    Solvers call :func:`count_node` (or :meth:`count`) for the positions they reach; the
    innermost active budget (see :func:`solver_budget`) counts them, raises
    :class:`SolverBudgetError` past its limit, and after :data:`PROGRESS_AFTER` seconds prints
    a line every few seconds.

    Attributes:
        limit: most nodes allowed.
        what: what is being proved, for messages (``"puzzles/x.yaml, move 1 (win within 9
            plies)"``).
        hint: what the user can do, ending the error message.
        used: nodes counted so far.
    """

    _CHECK_EVERY = 5_000

    def __init__(self, limit: int, what: str, hint: str, progress: bool):
        self.limit = limit
        self.what = what
        self.hint = hint
        self.progress = progress
        self.used = 0
        self.next_check = min(self._CHECK_EVERY, limit + 1)
        self.started = time.monotonic()
        self.last_report = self.started

    def count(self, nodes: int) -> None:
        """Count ``nodes`` reached positions (raises like :meth:`check` past the limit).

        The hottest solvers do the same inline (``budget.used += n`` and
        ``if budget.used >= budget.next_check: budget.check()``), which counts exactly
        alike without a method call per expanded position.
        """
        self.used += nodes
        if self.used >= self.next_check:
            self.check()

    def check(self) -> None:
        """Raise past the limit; print progress when due (called every few thousand nodes).

        Raises:
            SolverBudgetError: more than ``limit`` nodes were counted; the message names the
                budget, the seconds spent and what was being proved.
        """
        self.next_check = min(self.used + self._CHECK_EVERY, self.limit + 1)
        now = time.monotonic()
        if self.used > self.limit:
            raise SolverBudgetError(f"solver budget of {self.limit} nodes exceeded after "
                                    f"{now - self.started:.1f} s while proving {self.what}; "
                                    f"{self.hint}")
        if self.progress and now - self.last_report >= PROGRESS_AFTER:
            self.last_report = now
            print(f"banmen: proving {self.what}: {self.used} of at most {self.limit} nodes, "
                  f"{now - self.started:.0f} s", file=sys.stderr, flush=True)


class _NoBudget:
    """The budget of solver work outside any :func:`solver_budget` block: counts, never
    raises."""

    used = 0
    #: never reached, so hot loops may do ``used += n`` and compare with it as for a
    #: :class:`SolverBudget` (see :meth:`SolverBudget.count`) without a method call.
    next_check = float("inf")

    def count(self, nodes: int) -> None:
        self.used += nodes

    def check(self) -> None:
        """Nothing to check: there is no limit."""


_budgets: list[SolverBudget] = []


@contextlib.contextmanager
def solver_budget(what: str, *, nodes: int | None = None,
                  hint: str = "lower the number of plies or simplify the position",
                  progress: bool = True) -> Iterator[SolverBudget]:
    """Run the enclosed solver work under a node budget.

    Args:
        what: what is proved, named in messages.
        nodes: the budget in reached positions (default :data:`SOLVER_NODES`).
        hint: the advice that ends the error message.
        progress: print progress lines on standard error during long work.

    Raises:
        SolverBudgetError: from inside the block, when the work needs more than ``nodes``.
    """
    budget = SolverBudget(SOLVER_NODES if nodes is None else nodes, what, hint, progress)
    _budgets.append(budget)
    try:
        yield budget
    finally:
        _budgets.remove(budget)


def active_budget() -> SolverBudget | _NoBudget:
    """Return the innermost active budget, or a counter without limit when there is none.

    Solvers fetch it once per search and call its ``count(n)`` (cheaper than
    :func:`count_node` per position in hot loops).
    """
    return _budgets[-1] if _budgets else _NoBudget()


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector during a search (restored afterwards).

    Searches build hundreds of thousands of short-lived tuples without cycles, which
    trigger collection after collection over an ever larger transposition table (up to
    half the time); memory stays bounded by the budget and :data:`TABLE_MAX`.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def count_node() -> None:
    """Count one reached position against the active budget (no-op without one)."""
    if _budgets:
        budget = _budgets[-1]
        budget.used += 1
        if budget.used >= budget.next_check:
            budget.check()


# --------------------------------------------------------------------------- perft and solver


def generic_perft(game: Game, state: Hashable, depth: int) -> int:
    """Count the leaf nodes of the legal-move tree below ``state``.

    Args:
        game: the engine.
        state: the root position.
        depth: plies to expand, >= 0 (depth 0 counts the root itself: 1).

    Returns:
        The number of move sequences of exactly ``depth`` plies (finished games stop early and
        contribute nothing below them).
    """
    if depth == 0:
        return 1
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(generic_perft(game, game.play(state, m), depth - 1) for m in moves)


class Solver:
    """A bounded win-in-N solver with a transposition table, usable for every game.

    Args:
        game: the engine; ``game.position_key(state)`` identifies positions in the table.

    The table keeps proven bounds per position key: the fewest plies known to win and the
    most plies known not to win (a win within N plies is also a win within N + 1, see the
    module docstring), so a question at one horizon reuses answers found at another. Move
    ordering: in each position the move that won there before is tried first, and after
    each move the reply that refuted it before. The table lives as long as the solver (reuse
    one solver for related questions about the same game) and holds at most
    :data:`TABLE_MAX` positions. Every move played counts one node against the active
    :func:`solver_budget`; :attr:`nodes` counts the positions expanded.
    """

    def __init__(self, game: Game):
        self.game = game
        self._won: dict[Hashable, int] = {}
        self._not_won: dict[Hashable, int] = {}
        self._best: dict[Hashable, Hashable] = {}
        self._refutation: dict[Hashable, Hashable] = {}
        self.nodes = 0

    def _mover_wins_after(self, state: Hashable, mover: str) -> bool | None:
        result = self.game.outcome(state)
        if result is None:
            return None
        return result.winner == mover

    def _room(self) -> bool:
        return len(self._won) + len(self._not_won) < TABLE_MAX

    def wins_within(self, state: Hashable, plies: int) -> bool:
        """Return True when the side to move in ``state`` can force a win within ``plies``.

        Raises:
            SolverBudgetError: the active :func:`solver_budget` is spent.
        """
        with gc_paused():
            return self._wins_within(state, plies)

    def _wins_within(self, state: Hashable, plies: int) -> bool:
        if plies <= 0:
            return False
        key = self.game.position_key(state)
        won = self._won.get(key)
        if won is not None and won <= plies:
            return True
        not_won = self._not_won.get(key, 0)
        if not_won >= plies:
            return False
        self.nodes += 1
        moves = self.game.legal_moves(state)
        best = self._best.get(key)
        if best is not None and moves and moves[0] != best:
            moves = [best] + [m for m in moves if m != best]
        mover = self.game.side_to_move(state)
        result = False
        for move in moves:
            if self._move_wins(state, move, plies, mover):
                result = True
                if len(self._best) < TABLE_MAX:
                    self._best[key] = move
                break
        if result:
            if won is not None or self._room():
                self._won[key] = plies
        elif not_won or self._room():
            self._not_won[key] = plies
        return result

    def _move_wins(self, state: Hashable, move: Hashable, plies: int, mover: str) -> bool:
        game = self.game
        count_node()
        after = game.play(state, move)
        decided = self._mover_wins_after(after, mover)
        if decided is not None:
            return decided
        if plies < 2:
            return False
        replies = game.legal_moves(after)
        if not replies:
            return False
        after_key = game.position_key(after)
        known = self._refutation.get(after_key)
        if known is not None and replies[0] != known:
            replies = [known] + [r for r in replies if r != known]
        for reply in replies:
            count_node()
            answer = game.play(after, reply)
            decided = self._mover_wins_after(answer, mover)
            if decided is True:
                continue  # the reply itself loses (e.g. it takes a giveaway player's last piece)
            if decided is False or plies < 3 or not self._wins_within(answer, plies - 2):
                if len(self._refutation) < TABLE_MAX:
                    self._refutation[after_key] = reply
                return False
        return True

    def winning_moves(self, state: Hashable, plies: int) -> list[Hashable]:
        """Return the moves of the side to move that force a win within ``plies`` plies.

        Args:
            state: the position.
            plies: the horizon, the winning move included.

        Returns:
            The winning moves in ``game.legal_moves(state)`` order; empty when the game is
            over or no move wins.

        Raises:
            SolverBudgetError: the active :func:`solver_budget` is spent.
        """
        if self.game.outcome(state) is not None:
            return []
        mover = self.game.side_to_move(state)
        with gc_paused():
            return [m for m in self.game.legal_moves(state)
                    if self._move_wins(state, m, plies, mover)]


# --------------------------------------------------------------------------- generic queries


def _move_count(game: Game, state: Hashable) -> int:
    return len(game.legal_moves(state))


def _move_count_evidence(game: Game, state: Hashable) -> str:
    from banmen.query import list_evidence

    return list_evidence("the moves", _legal_moves(game, state))


def _legal_moves(game: Game, state: Hashable) -> list[str]:
    return sorted(game.format_move(state, m) for m in game.legal_moves(state))


def _is_legal(game: Game, state: Hashable, move: str) -> bool:
    from banmen.game import BanmenError

    try:
        game.parse_move(state, move)
    except BanmenError:
        return False
    return True


#: The longest horizon a ``winning_moves`` query may ask for (as ``answer.plies`` of a move
#: puzzle); deeper searches exceed the solver budget long before and recurse too deep.
MAX_QUERY_PLIES = 40


def _winning_moves(game: Game, state: Hashable, plies: int) -> list[str]:
    from banmen.game import QueryError

    if not 1 <= plies <= MAX_QUERY_PLIES:
        raise QueryError(f"argument 'plies' must be 1 to {MAX_QUERY_PLIES}, got {plies}")
    return sorted(game.format_move(state, m) for m in game.winning_moves(state, plies))


def _winner(game: Game, state: Hashable) -> str:
    result = game.outcome(state)
    if result is None:
        return "none"
    return result.winner or "draw"


def generic_queries() -> dict[str, Query]:
    """Return the queries every game answers through the contract, by name."""
    queries = [
        Query("move_count", _move_count, "number", (), "Number of legal moves of the side to move.",
              evidence=_move_count_evidence),
        Query("legal_moves", _legal_moves, "moves", (), "Every legal move, canonical, sorted."),
        Query(
            "is_legal",
            _is_legal,
            "boolean",
            (QueryParam("move", "text", "move text in any accepted notation"),),
            "Whether the given move text is a legal move here.",
        ),
        Query(
            "winning_moves",
            _winning_moves,
            "moves",
            (QueryParam("plies", "int", "horizon in plies, the winning move included"),),
            "Moves that force a win for the side to move within the given number of plies.",
        ),
        Query(
            "winner",
            _winner,
            "text",
            (),
            "The winning side's id if the game is over here, 'draw', or 'none'.",
        ),
    ]
    return {q.name: q for q in queries}
