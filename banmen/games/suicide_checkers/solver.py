"""The suicide-checkers win finder: :class:`GiveawaySolver` (forced wins within a horizon).

Implements the winning condition of ``shared/rules/suicide-checkers.md``, section "End of the
game (reversed)", with its draws (repetition, quiet moves) as a bounded search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from banmen import analysis
from banmen.games.suicide_checkers import bitboard as bb
from banmen.games.suicide_checkers.board import _inner, CheckersState
from banmen.games.suicide_checkers.rules import Move

if TYPE_CHECKING:
    from banmen.games.suicide_checkers.game import SuicideCheckersGame


# --------------------------------------------------------------------------- solver


def own_moves_within(plies: int) -> int:
    """Return how many of its own moves the winner may play within ``plies`` plies.

    In suicide checkers the win arrives on the loser's ply: after the winner's k-th move the
    loser's forced reply leaves the winner without pieces or moves, so a win after k own moves
    takes ``2k`` plies, as the generic solver (``banmen.analysis``) counts them.
    """
    return max(0, plies // 2)


def deepening_levels(depth: int) -> list[int]:
    """Return the horizons, in own moves, that the root searches in turn up to ``depth``:
    the powers of two up to half of ``depth``, then ``depth`` (``deepening_levels(9) == [1, 2,
    4, 9]``).

    A short win is found at a low level before the full horizon sends the search down long
    lines, and the levels below cost little next to the last one. Measured: the proof from
    the start with ``plies: 18`` reaches about the positions of one search at the full
    horizon (deepening one own move at a time: 1.7x, every non-win proved again at each
    level), while without deepening a puzzle's position asked with ``plies: 40`` (its wins are
    two own moves long) took half a million positions instead of about 5,000.
    """
    return [1 << i for i in range(depth.bit_length()) if 2 << i <= depth] + [depth]


#: the side-to-move bit of a packed position key (bits 0..104 hold black, white, kings).
_BLACK_TO_MOVE = 1 << 105
#: the quiet counter of a table key starts here (see :meth:`GiveawaySolver._table_key`).
_QUIET_SHIFT = 106


def _pack(black: int, white: int, kings: int, black_to_move: bool) -> int:
    """Return one int identifying a position (inner masks of 35 bits each, then the side)."""
    return black | white << 35 | kings << 70 | (_BLACK_TO_MOVE if black_to_move else 0)


class GiveawaySolver:
    """A win-in-N proof search for suicide checkers on the bitboard core.

    An AND/OR depth-first search straight on the bitboard words (positions are
    ``(black, white, kings)`` tuples of inner masks, keyed by one packed int), with
    transposition tables of proven bounds (fewest own moves known to win, most known not to
    win) for the positions where the winner is to move and for those where the opponent
    replies, and move ordering: the winner's moves that force the opponent to capture first
    (the usual giveaway), the opponent's replies that leave the winner the fewest moves first
    (the cheapest refutation: the winner's next choice is the narrowest), and the moves that
    worked before first. The root deepens by doubling horizons (:func:`deepening_levels`), so
    short wins are found first without proving every non-win again at each own move.

    Draw rules are applied exactly along the searched line (quiet-ply counter and
    repetitions, the state's history included). Table entries that a repetition influenced
    are not stored, and positions near the quiet-move limit are keyed with their counter.
    Only a position reached by a quiet move (a king's step, counter above 0) is looked up
    for a repetition: a capture or a man's move makes a position unlike every earlier one
    (pieces never come back, kings never turn into men, men only go forward), and the
    state's history holds only the positions since the last such move (as
    :meth:`SuicideCheckersGame.play` keeps it), so the look-up could find nothing.

    Budget: one node per position generated (each move of the winner and each reply it
    looks at; a reply shown to leave the winner a move without generating it counts one),
    counted against the active :func:`banmen.analysis.solver_budget`. Memory:
    each of its four tables (won, not won, replies, best moves) holds at most
    :data:`banmen.analysis.TABLE_MAX` positions.

    Args:
        game: the engine; its rules give the draw parameters.
    """

    def __init__(self, game: SuicideCheckersGame):
        self.game = game
        self.repetition_draw = game.rules.repetition_draw
        self.quiet_limit = 2 * game.rules.quiet_move_limit
        self._won: dict[int, int] = {}
        self._not_won: dict[int, int] = {}
        self._replies: dict[int, int] = {}
        self._best: dict[int, tuple] = {}
        self.nodes = 0
        self._seen: dict[int, int] = {}
        self._repetition_hits = 0
        self._budget = analysis.active_budget()

    # ---- public

    def winning_moves(self, state: CheckersState, plies: int) -> list[Move]:
        """Return the moves of ``state``'s side to move that win within ``plies`` plies.

        Args:
            state: the position; its history and quiet counter count for the draws.
            plies: the horizon, the winning move included (see :func:`own_moves_within`).

        Returns:
            The winning moves in :meth:`SuicideCheckersGame.legal_moves` order; empty when the
            game is over or nothing wins.

        Raises:
            SolverBudgetError: the active budget is spent.
        """
        depth = own_moves_within(plies)
        if depth <= 0 or self.game.outcome(state) is not None:
            return []
        self._budget = analysis.active_budget()
        black, white, kings, black_to_move = _inner(state)
        self._seen = {}
        for key in state.history:
            packed = _pack(bb.to_inner(key[0]), bb.to_inner(key[1]), bb.to_inner(key[2]), key[3])
            self._seen[packed] = self._seen.get(packed, 0) + 1
        root = (black, white, kings, black_to_move)
        root_key = _pack(*root)
        self._seen[root_key] = self._seen.get(root_key, 0) + 1
        moves = sorted(
            (tuple(bb.BIT_SQUARE[i] for i in path), path, captured)
            for path, captured in bb.legal_paths(*root)
        )
        men = (black | white) & ~kings
        pieces = (black | white).bit_count()
        winners: set[Move] = set()
        with analysis.gc_paused():
            for level in deepening_levels(depth):
                for move, path, captured in moves:
                    if move in winners:
                        continue
                    child = bb.apply_path(*root, path, captured)
                    self._budget.count(1)
                    quiet = 0 if self._irreversible(men, pieces, child) else state.quiet_plies + 1
                    if self._move_wins(child, not black_to_move, quiet, level):
                        winners.add(move)
        return [move for move, _, _ in moves if move in winners]

    # ---- search

    @staticmethod
    def _irreversible(men: int, pieces: int, after: tuple) -> bool:
        """True when the move to ``after`` from a position with men ``men`` (inner mask) and
        ``pieces`` pieces captured or moved a man."""
        both = after[0] | after[1]
        return men != both & ~after[2] or pieces != both.bit_count()

    def _table_key(self, key: int, quiet: int, depth: int) -> int:
        """The table key: the position, plus its counter when a quiet draw is within reach.

        The reference definition: :meth:`_wins` and :meth:`_move_wins` compute the same key
        inline (one method call less per searched position)."""
        if self.quiet_limit and quiet + 2 * depth >= self.quiet_limit:
            return key | (quiet + 1) << _QUIET_SHIFT
        return key

    def _wins(self, black: int, white: int, kings: int, black_to_move: bool, key: int,
              quiet: int, depth: int) -> bool:
        """True when the side to move in the position ``black, white, kings, black_to_move``
        (inner masks, not finished, packed ``key``) wins within ``depth`` own moves."""
        if self.quiet_limit and quiet + 2 * depth >= self.quiet_limit:  # _table_key inlined
            table_key = key | (quiet + 1) << _QUIET_SHIFT
        else:
            table_key = key
        won = self._won.get(table_key)
        if won is not None and won <= depth:
            return True
        not_won = self._not_won.get(table_key, 0)
        if not_won >= depth:
            return False
        self.nodes += 1
        hits_before = self._repetition_hits
        seen = self._seen
        seen[key] = seen.get(key, 0) + 1
        try:
            result = self._some_move_wins(black, white, kings, black_to_move, key, quiet,
                                          depth)
        finally:
            seen[key] -= 1
        if hits_before == self._repetition_hits:
            if result:
                if won is not None or len(self._won) < analysis.TABLE_MAX:
                    self._won[table_key] = depth
            elif not_won or len(self._not_won) < analysis.TABLE_MAX:
                self._not_won[table_key] = depth
        return result

    def _some_move_wins(self, black: int, white: int, kings: int, black_to_move: bool,
                        key: int, quiet: int, depth: int) -> bool:
        replier = not black_to_move
        candidates = bb.children(black, white, kings, black_to_move)
        budget = self._budget  # SolverBudget.count inlined (the same count, no call)
        budget.used += len(candidates)
        if budget.used >= budget.next_check:
            budget.check()
        if depth <= 1:
            return self._last_move_wins(candidates, replier, key, black | white, kings, quiet)
        if len(candidates) > 1:
            # Forcing moves first: a giveaway leaves the opponent only captures, and proves
            # fast. A cheap test (counting every child's replies cost more than it saved,
            # since most expanded positions are refuted whatever the order). Not worth it on
            # the last own move, where each move is cheap to try anyway.
            candidates.sort(key=bb.CANNOT_CAPTURE[replier])
        remembered = self._best.get(key)
        if remembered is not None and candidates[0] != remembered:
            candidates.sort(key=remembered.__ne__)
        men = (black | white) & ~kings
        pieces = (black | white).bit_count()
        move_wins = self._move_wins
        for child in candidates:
            both = child[0] | child[1]
            child_quiet = (0 if men != both & ~child[2] or pieces != both.bit_count()
                           else quiet + 1)
            if move_wins(child, replier, child_quiet, depth):
                if len(self._best) < analysis.TABLE_MAX or key in self._best:
                    self._best[key] = child
                return True
        return False

    def _last_move_wins(self, candidates: list, replier: bool, key: int, both: int,
                        kings: int, quiet: int) -> bool:
        """True when one of the winner's moves to ``candidates`` wins on the spot: every reply
        leaves the winner without a move or piece (:meth:`_move_wins` with one own move left,
        inlined for the positions most searched)."""
        moves_and_blocks = bb.moves_and_blocks
        quiet_limit = self.quiet_limit
        repetition = self.repetition_draw
        seen = self._seen
        side = 0 if replier is False else _BLACK_TO_MOVE
        men = both & ~kings
        pieces = both.bit_count()
        quiet_draw = quiet_limit and quiet + 1 >= quiet_limit
        generated = 0
        try:
            for child in candidates:
                black, white, child_kings = child
                # The opponent's move test and the blocking test in one call; the draws
                # below are tested after it, as in _move_wins, and the blocking answer of
                # a drawn move is not counted (nothing was generated for it there).
                answer = moves_and_blocks(black, white, child_kings, replier)
                if answer is None:
                    continue  # the opponent has no move: the opponent wins
                after = black | white
                if men == after & ~child_kings and pieces == after.bit_count():
                    # A quiet move: only then may a draw apply (class docstring).
                    if quiet_draw:
                        continue  # a draw by the quiet-move rule
                    if repetition and seen.get(black | white << 35 | child_kings << 70
                                               | side, 0) + 1 >= repetition:
                        self._repetition_hits += 1
                        continue
                generated += answer[1]
                if answer[0]:
                    if len(self._best) < analysis.TABLE_MAX or key in self._best:
                        self._best[key] = child
                    return True
            return False
        finally:
            budget = self._budget
            budget.used += generated
            if budget.used >= budget.next_check:
                budget.check()

    def _move_wins(self, child: tuple, replier: bool, quiet: int, depth: int) -> bool:
        """True when, after the winner's move to ``child`` (``replier`` to move), every reply
        leaves the winner finished (a win) or winning within ``depth - 1`` own moves."""
        black, white, kings = child
        quiet_limit = self.quiet_limit
        budget = self._budget
        if depth <= 1:
            # Last own move: every reply must leave the winner without a move (or piece).
            # Usually the first reply already leaves it a move, hence the lazy test.
            answer = bb.moves_and_blocks(black, white, kings, replier)
            if answer is None:
                return False  # the opponent has no move: the opponent wins
            if quiet_limit and quiet >= quiet_limit:
                return False
            if quiet and self.repetition_draw and self._seen.get(
                    _pack(black, white, kings, replier), 0) + 1 >= self.repetition_draw:
                self._repetition_hits += 1
                return False
            budget.used += answer[1]
            if budget.used >= budget.next_check:
                budget.check()
            return answer[0]
        # The draws and the table come before the opponent's move test: a drawn position
        # loses for the winner whether or not the opponent can move, except that only a
        # repetition the opponent reaches with a move counts as a repetition hit; and a
        # position without replies is never in the replies' table (it is stored only after
        # its replies were searched), so an empty list of replies stands for the test.
        if quiet_limit and quiet >= quiet_limit:
            return False
        child_key = black | white << 35 | kings << 70 | (_BLACK_TO_MOVE if replier else 0)
        repetition = self.repetition_draw
        seen = self._seen
        if quiet and repetition and seen.get(child_key, 0) + 1 >= repetition:
            if bb.has_move(black, white, kings, replier):
                self._repetition_hits += 1
            return False
        # The replies' table: +depth proven won within depth, -depth proven not won.
        if quiet_limit and quiet + 2 * depth >= quiet_limit:  # _table_key inlined
            table_key = child_key | (quiet + 1) << _QUIET_SHIFT
        else:
            table_key = child_key
        known = self._replies.get(table_key)
        if known is not None and (0 < known <= depth or -known >= depth):
            return known > 0
        replies = bb.children(black, white, kings, replier)
        if not replies:
            return False  # the opponent has no move: the opponent wins
        hits_before = self._repetition_hits
        budget.used += len(replies)
        if budget.used >= budget.next_check:
            budget.check()
        winner = not replier
        # Refutations first: the remembered one, then the replies that leave the winner the
        # fewest moves (a reply leaving none loses at once and is skipped below).
        if len(replies) > 1:
            replies.sort(key=bb.MOBILITY_OF[winner])
        remembered = self._best.get(child_key)
        if remembered is not None and replies[0] != remembered:
            replies.sort(key=remembered.__ne__)
        men = (black | white) & ~kings
        pieces = (black | white).bit_count()
        has_move = bb.has_move
        wins = self._wins
        side = _BLACK_TO_MOVE if winner else 0
        result = True
        seen[child_key] = seen.get(child_key, 0) + 1
        try:
            for reply in replies:
                reply_black, reply_white, reply_kings = reply
                if not has_move(reply_black, reply_white, reply_kings, winner):
                    continue  # the winner has no piece or no move: won
                both = reply_black | reply_white
                reply_quiet = (0 if men != both & ~reply_kings or pieces != both.bit_count()
                               else quiet + 1)
                reply_key = reply_black | reply_white << 35 | reply_kings << 70 | side
                if quiet_limit and reply_quiet >= quiet_limit:
                    refuted = True
                elif reply_quiet and repetition and seen.get(reply_key, 0) + 1 >= repetition:
                    self._repetition_hits += 1
                    refuted = True
                else:
                    refuted = not wins(reply_black, reply_white, reply_kings, winner,
                                       reply_key, reply_quiet, depth - 1)
                if refuted:
                    if len(self._best) < analysis.TABLE_MAX or child_key in self._best:
                        self._best[child_key] = reply
                    result = False
                    break
        finally:
            seen[child_key] -= 1
        if hits_before == self._repetition_hits and (
                known is not None or len(self._replies) < analysis.TABLE_MAX):
            if result:
                if known is None or known < 0 or known > depth:
                    self._replies[table_key] = depth
            elif known is None or -known < depth:
                self._replies[table_key] = -depth
        return result
