"""The solvers as they were before the speed work (issue 19), kept for benchmarks and the
equivalence test only: ``tools/bench_solver.py`` times them against today's solvers in the
same run and ``tests/test_solver_equivalence.py`` checks that every proof gives the same
verdicts and solution trees. Not imported by banmen itself.

``BaselineSolver`` is the old generic ``banmen.analysis.Solver`` (it counts one budget node
per move it plays); ``BaselineGiveawaySolver`` the old suicide-checkers solver (one budget
node per position it expands). For the benchmark only, both also count the positions they
*reach* by playing a move (``reached``; what today's solvers count against the budget) and
the positions they *expand* (``nodes``), so both solvers can be compared in the same unit;
the counting changes no search.
"""

from __future__ import annotations

from collections.abc import Hashable

from banmen.analysis import count_node
from banmen.games.suicide_checkers import bitboard as bb
from banmen.games.suicide_checkers.board import _inner

class BaselineSolver:
    """A bounded win-in-N solver with a transposition table, usable for every game.

    Args:
        game: the engine; ``game.position_key(state)`` identifies positions in the table.

    The table maps (position key, remaining plies) to a boolean "side to move wins within
    that many plies"; it lives as long as the solver, so reuse one solver for related
    questions about the same game.
    """

    def __init__(self, game):
        self.game = game
        self._table: dict[tuple[Hashable, int], bool] = {}
        self.nodes = 0
        self.reached = 0

    def _mover_wins_after(self, state: Hashable, mover: str) -> bool | None:
        result = self.game.outcome(state)
        if result is None:
            return None
        return result.winner == mover

    def wins_within(self, state: Hashable, plies: int) -> bool:
        """Return True when the side to move in ``state`` can force a win within ``plies``."""
        if plies <= 0:
            return False
        key = (self.game.position_key(state), plies)
        cached = self._table.get(key)
        if cached is not None:
            return cached
        self.nodes += 1
        won = any(self._move_wins(state, m, plies) for m in self.game.legal_moves(state))
        self._table[key] = won
        return won

    def _move_wins(self, state: Hashable, move: Hashable, plies: int) -> bool:
        mover = self.game.side_to_move(state)
        count_node()
        self.reached += 1
        after = self.game.play(state, move)
        decided = self._mover_wins_after(after, mover)
        if decided is not None:
            return decided
        if plies < 2:
            return False
        replies = self.game.legal_moves(after)
        if not replies:
            return False
        for reply in replies:
            count_node()
            self.reached += 1
            answer = self.game.play(after, reply)
            decided = self._mover_wins_after(answer, mover)
            if decided is True:
                continue  # the reply itself loses (e.g. it takes a giveaway player's last piece)
            if decided is False or plies < 3 or not self.wins_within(answer, plies - 2):
                return False
        return True

    def winning_moves(self, state: Hashable, plies: int) -> list[Hashable]:
        """Return the moves of the side to move that force a win within ``plies`` plies.

        The list keeps the order of ``game.legal_moves(state)``; it is empty when no move wins.
        """
        if self.game.outcome(state) is not None:
            return []
        return [m for m in self.game.legal_moves(state) if self._move_wins(state, m, plies)]


#: "fewest own moves known to win" of a position whose win is not proven.
_UNKNOWN_WIN = 1 << 30


class BaselineGiveawaySolver:
    """A win-in-N proof search for suicide checkers on the bitboard core.

    An AND/OR depth-first search with a transposition table of proven bounds (fewest own
    moves known to win, most known not to win, per position), iterative deepening, and move
    ordering: the winner's moves that leave the opponent the fewest replies first (a forced
    capture is the usual giveaway), the opponent's replies that capture the fewest pieces
    first (the likeliest refutation), and the moves that worked before first.

    Draw rules are applied exactly along the searched line (quiet-ply counter and
    repetitions, the state's history included). Table entries that a repetition influenced
    are not stored, and positions near the quiet-move limit are keyed with their counter.

    Args:
        game: the engine; its rules give the draw parameters.
    """

    def __init__(self, game):
        self.game = game
        self.repetition_draw = game.rules.repetition_draw
        self.quiet_limit = 2 * game.rules.quiet_move_limit
        self.table: dict[tuple, list[int]] = {}
        self.best: dict[tuple, tuple] = {}
        self.nodes = 0
        self.reached = 0
        self._seen: dict[tuple, int] = {}
        self._repetition_hits = 0

    # ---- public

    def winning_moves(self, state, plies: int) -> list:
        """Return the moves of ``state``'s side to move that win within ``plies`` plies.

        Args:
            state: the position; its history and quiet counter count for the draws.
            plies: the horizon, the winning move included (see :func:`own_moves_within`).

        Returns:
            The winning moves in :meth:`SuicideCheckersGame.legal_moves` order; empty when the
            game is over or nothing wins.
        """
        depth = max(0, plies // 2)
        if depth <= 0 or self.game.outcome(state) is not None:
            return []
        black, white, kings, black_to_move = _inner(state)
        self._seen = {}
        for key in state.history:
            inner_key = (bb.to_inner(key[0]), bb.to_inner(key[1]), bb.to_inner(key[2]), key[3])
            self._seen[inner_key] = self._seen.get(inner_key, 0) + 1
        root = (black, white, kings, black_to_move)
        self._seen[root] = self._seen.get(root, 0) + 1
        moves = sorted(
            (tuple(bb.BIT_SQUARE[i] for i in path), path, captured)
            for path, captured in bb.legal_paths(*root)
        )
        winners: set = set()
        for level in range(1, depth + 1):
            for move, path, captured in moves:
                if move in winners:
                    continue
                child = bb.apply_path(*root, path, captured)
                self.reached += 1
                quiet = 0 if self._irreversible(root, child) else state.quiet_plies + 1
                if self._move_wins(child, not black_to_move, quiet, level):
                    winners.add(move)
        return [move for move, _, _ in moves if move in winners]

    # ---- search

    @staticmethod
    def _irreversible(before: tuple, after: tuple) -> bool:
        """True when the move from ``before`` to ``after`` captured or moved a man."""
        men_before = (before[0] | before[1]) & ~before[2]
        men_after = (after[0] | after[1]) & ~after[2]
        return men_before != men_after or (
            (before[0] | before[1]).bit_count() != (after[0] | after[1]).bit_count()
        )

    def _is_draw(self, key: tuple, quiet: int) -> bool:
        """True when the position ``key`` reached with counter ``quiet`` is a draw."""
        if self.quiet_limit and quiet >= self.quiet_limit:
            return True
        if self.repetition_draw and self._seen.get(key, 0) + 1 >= self.repetition_draw:
            self._repetition_hits += 1
            return True
        return False

    def _table_key(self, key: tuple, quiet: int, depth: int) -> tuple:
        """The table key: the position, plus its counter when a quiet draw is within reach."""
        if self.quiet_limit and quiet + 2 * depth >= self.quiet_limit:
            return key + (quiet,)
        return key

    def _wins(self, key: tuple, quiet: int, depth: int) -> bool:
        """True when the side to move in ``key`` (not finished) wins within ``depth`` own moves."""
        table_key = self._table_key(key, quiet, depth)
        bounds = self.table.get(table_key)
        if bounds is not None:
            if bounds[0] <= depth:
                return True
            if bounds[1] >= depth:
                return False
        self.nodes += 1
        count_node()
        hits_before = self._repetition_hits
        self._seen[key] = self._seen.get(key, 0) + 1
        try:
            won = self._some_move_wins(key, quiet, depth)
        finally:
            self._seen[key] -= 1
        if hits_before == self._repetition_hits:
            bounds = self.table.setdefault(table_key, [_UNKNOWN_WIN, 0])
            if won:
                bounds[0] = min(bounds[0], depth)
            else:
                bounds[1] = max(bounds[1], depth)
        return won

    def _some_move_wins(self, key: tuple, quiet: int, depth: int) -> bool:
        black, white, kings, black_to_move = key
        replier = not black_to_move
        candidates = bb.children(black, white, kings, black_to_move)
        self.reached += len(candidates)
        if depth > 1:
            # Fewest replies first: forcing moves (a giveaway leaves only captures) prove fast.
            # Not worth it on the last own move, where each move is cheap to try anyway.
            candidates.sort(key=lambda child: bb.count_moves(*child, replier))
        remembered = self.best.get(key)
        if remembered is not None:
            candidates.sort(key=lambda child: child != remembered)
        for child in candidates:
            child_quiet = 0 if self._irreversible(key, child) else quiet + 1
            if self._move_wins(child, replier, child_quiet, depth):
                self.best[key] = child
                return True
        return False

    def _move_wins(self, child: tuple, replier: bool, quiet: int, depth: int) -> bool:
        """True when, after the winner's move to ``child`` (``replier`` to move), every reply
        leaves the winner finished (a win) or winning within ``depth - 1`` own moves."""
        child_key = child + (replier,)
        if not bb.has_move(*child_key):
            return False  # the opponent has no move: the opponent wins
        if self._is_draw(child_key, quiet):
            return False
        winner = not replier
        if depth <= 1:
            # Last own move: every reply must leave the winner without a move (or piece).
            # Usually the first reply already leaves it a move, hence the lazy generation.
            for reply in bb.iter_children(*child_key):
                self.reached += 1
                if bb.has_move(*reply, winner):
                    return False
            return True
        replies = bb.children(*child_key)
        self.reached += len(replies)
        # Refutations first: the remembered one, then replies capturing the fewest pieces.
        own_index = 0 if winner else 1
        replies.sort(key=lambda pos: -pos[own_index].bit_count())
        remembered = self.best.get(child_key)
        if remembered is not None:
            replies.sort(key=lambda pos: pos != remembered)
        self._seen[child_key] = self._seen.get(child_key, 0) + 1
        try:
            for reply in replies:
                reply_key = reply + (winner,)
                if not bb.has_move(*reply_key):
                    continue  # the winner has no piece or no move: won
                reply_quiet = 0 if self._irreversible(child, reply) else quiet + 1
                if self._is_draw(reply_key, reply_quiet) or not self._wins(
                    reply_key, reply_quiet, depth - 1
                ):
                    self.best[child_key] = reply
                    return False
            return True
        finally:
            self._seen[child_key] -= 1

