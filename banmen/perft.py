"""Perft with progress, a node budget and a partial count: what ``banmen perft`` runs.

The count is the engine's own ``Game.perft``, called on subtrees: the driver expands the
top plies itself (``legal_moves`` / ``play``, as the generic perft does) and hands each
subtree below a split depth to ``game.perft``, which for some games bulk-counts on
bitboards. The split depth adapts to the speed of the calls (each takes about 0.02 to 0.2 s),
so progress and the budget are checked several times a second whatever the game, and the
total is the same as one ``game.perft(state, depth)`` call.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from banmen.game import EngineLimitError

if TYPE_CHECKING:
    from banmen.game import Game

#: Seconds between progress reports.
PROGRESS_EVERY = 1.0
_FAST, _SLOW = 0.02, 0.2


class PerftBudgetError(EngineLimitError):
    """A perft counted more leaves than ``--max-nodes`` allows."""


class PerftRun:
    """One perft count with progress reports, a leaf budget and a readable partial count.

    Args:
        game: the engine.
        state: the root position.
        depth: plies, >= 0.
        max_nodes: most leaves to count before :class:`PerftBudgetError`, or ``None``.
        report: called with a progress line about once every :data:`PROGRESS_EVERY` seconds.

    Attributes:
        counted: leaves counted so far (the partial count after an interruption).
        first_moves_done / first_moves: first moves whose subtree is complete, of how many.
        started: ``time.monotonic()`` at creation.
    """

    def __init__(self, game: Game, state: Hashable, depth: int, *, max_nodes: int | None = None,
                 report: Callable[[str], None] | None = None):
        self.game = game
        self.state = state
        self.depth = depth
        self.max_nodes = max_nodes
        self.report = report
        self.counted = 0
        self.first_moves = 0
        self.first_moves_done = 0
        self.started = time.monotonic()
        self._next_report = self.started + PROGRESS_EVERY
        self._split = 2

    def elapsed(self) -> float:
        """Seconds since the run started."""
        return time.monotonic() - self.started

    def run(self) -> int:
        """Return the leaf count (``game.perft(state, depth)``).

        Raises:
            PerftBudgetError: more than ``max_nodes`` leaves; the message names the budget,
                the seconds spent and the leaves counted.
        """
        return self._count(self.state, self.depth)

    def divide(self) -> list[tuple[Hashable, int]]:
        """Return ``(first move, leaf count below it)`` for every first move, in engine order
        (``depth`` >= 1). Raises like :meth:`run`."""
        moves = self.game.legal_moves(self.state)
        self.first_moves = len(moves)
        rows = []
        for move in moves:
            rows.append((move, self._count(self.game.play(self.state, move), self.depth - 1)))
            self.first_moves_done += 1
        return rows

    def _count(self, state: Hashable, depth: int) -> int:
        if depth <= self._split:
            before = time.monotonic()
            count = self.game.perft(state, depth)
            now = time.monotonic()
            if now - before < _FAST:
                self._split += 1
            elif now - before > _SLOW and self._split > 1:
                self._split -= 1
            self._add(count, now)
            return count
        moves = self.game.legal_moves(state)
        top = state is self.state
        if top:
            self.first_moves = len(moves)
        total = 0
        for move in moves:
            total += self._count(self.game.play(state, move), depth - 1)
            if top:
                self.first_moves_done += 1
        return total

    def _add(self, count: int, now: float) -> None:
        self.counted += count
        if self.max_nodes is not None and self.counted > self.max_nodes:
            raise PerftBudgetError(
                f"perft budget of {self.max_nodes} nodes exceeded after {now - self.started:.1f}"
                f" s ({self.counted} leaves counted, {self.progress_text()}); lower DEPTH or "
                "raise --max-nodes")
        if self.report is not None and now >= self._next_report:
            self._next_report = now + PROGRESS_EVERY
            self.report(f"perft({self.depth}): {self.counted} leaves so far, "
                        f"{self.progress_text()}, {now - self.started:.0f} s")

    def progress_text(self) -> str:
        """``"3 of 7 first moves done"`` (or ``"first moves not started"`` before the split)."""
        if not self.first_moves:
            return "first moves not started"
        return f"{self.first_moves_done} of {self.first_moves} first moves done"
