"""The Ukeja Layer engine class, :class:`UkejalayerGame` (contract of :mod:`banmen.game`).

Implements ``shared/rules/ukejalayer.md``: turn order, the unlock (section "Eliminate (排除) and
its unlock (解禁)"), legal moves ("A turn", "Summon", "Move (including 連携, linking)"), the end of
the game ("End of the game") and the helpers puzzles and renderers ask. Notation and position
I/O come from the mixins in :mod:`.notation` and :mod:`.position`; named queries live in
:mod:`.queries`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from banmen.game import Game, IllegalMoveError, Outcome, Query, Rules
from banmen.games.memo import weighted_lru
from banmen.games.ukejalayer import kinds, reasons
from banmen.games.ukejalayer.moves import (
    _ChainSearch,
    _eliminate_from,
    _gc_paused,
    _geometry,
    height_changes,
    own_run,
    UkejalayerMove,
    UkejalayerState,
)
from banmen.games.ukejalayer.notation import _pieces, NotationMixin
from banmen.games.ukejalayer.position import PositionMixin
from banmen.games.ukejalayer.queries import _queries
from banmen.games.ukejalayer.rules import OTHER, PIECE, SIDES, SPEC, UkejalayerRules


# --------------------------------------------------------------------------- the game


class UkejalayerGame(NotationMixin, PositionMixin, Game):
    """The Ukeja Layer engine (``shared/rules/ukejalayer.md``), bound to one rules object.

    Args:
        rules: a :class:`UkejalayerRules`, a mapping of overrides, or ``None`` for defaults.

    Raises:
        RulesError: an override is unknown or out of range.

    States are :class:`UkejalayerState`, moves :class:`UkejalayerMove`. Legal moves are cached
    per state (LRU), so asking the same position again is cheap.
    """

    id = "ukejalayer"
    name_ja = "ウケジャレイヤー"
    rules_model = UkejalayerRules
    spec = SPEC
    sides = SIDES

    rules: UkejalayerRules

    def __init__(self, rules: Rules | Mapping[str, Any] | None = None):
        super().__init__(rules)
        self.geometry = _geometry(self.rules.size)
        # Per-position memos (perft, the solver and notation checks ask a position again and
        # again), bounded by the number of moves / chain states they hold: tall stacks give
        # 10^5..10^7 of them, and a result heavier than the whole bound is simply not kept.
        self._analyse = weighted_lru(self._analyse_uncached, 500_000, lambda a: 1 + len(a[0]))
        self._search = weighted_lru(self._search_uncached, 400_000, lambda s: 1 + len(s.order))


    # ---- helpers for other modules (renderer, content checks)

    def square_names(self) -> list[str]:
        """Return this board's square names in index order (see :func:`square_names`)."""
        return list(self.geometry.names)

    def height_changes(
        self, before: UkejalayerState, after: UkejalayerState
    ) -> dict[str, int]:
        """Return {square: height after - height before} for squares whose height changed.

        What the diagrams tint (spec "Diagram conventions": down red, up green).
        """
        return height_changes(before, after)

    # ---- state

    def initial_state(self) -> UkejalayerState:
        """Return the empty board, both hands full (``material``), White to move."""
        m = self.rules.material
        return UkejalayerState(("",) * self.geometry.count, (m, m), "white", 0)

    def side_to_move(self, state: UkejalayerState) -> str:
        """Return ``"white"`` or ``"black"``."""
        return state.to_move

    # ---- unlock (spec "Eliminate (排除) and its unlock")

    def _moment_passed(self, hands: tuple[int, int]) -> bool:
        """Whether the unlock moment lies behind positions with these hands (not for 'self')."""
        if self.rules.unlock == "both":
            return hands[0] == 0 and hands[1] == 0
        return hands[0] == 0 or hands[1] == 0

    def elimination_allowed(self, state: UkejalayerState) -> bool:
        """Whether the side to move is allowed to eliminate now, targets aside.

        True when its hand is empty, the unlock moment has passed for it (``self``: its own hand
        is empty), and, for White outside ``self`` mode, ``white_wait`` is 0.
        """
        side = state.to_move
        if state.hand(side) != 0:
            return False
        if self.rules.unlock == "self":
            return True
        if not self._moment_passed(state.hands):
            return False
        return side == "black" or state.white_wait == 0

    def _why_no_elimination(self, state: UkejalayerState) -> IllegalMoveError:
        """The error (not raised) saying why the side to move may not eliminate yet."""
        side = state.to_move
        in_hand = state.hand(side)
        if in_hand:
            return IllegalMoveError(
                f"{side} cannot eliminate while it still has {_pieces(in_hand)} in hand",
                code="hand_not_empty", values={"side": side, "count": in_hand})
        if self.rules.unlock != "self" and not self._moment_passed(state.hands):
            return IllegalMoveError("elimination is not unlocked yet (both hands must be empty)",
                                    code="not_unlocked")
        wait = state.white_wait
        turns = "1 more white turn" if wait == 1 else f"{wait} more white turns"
        return IllegalMoveError(f"white may not eliminate yet: {turns} blocked after the unlock",
                                code="white_waits", values={"turns": wait})

    def _wait_after(self, state: UkejalayerState, hands_after: tuple[int, int]) -> int:
        """``white_wait`` after a turn of ``state.to_move`` that leaves ``hands_after``."""
        if self.rules.unlock == "self":
            return 0
        wait = state.white_wait
        if state.to_move == "white" and wait > 0:
            wait -= 1  # this White turn was one of the barred ones
        if not self._moment_passed(state.hands) and self._moment_passed(hands_after):
            wait = self.rules.white_delay  # the unlock moment is the end of this turn
        return wait

    # ---- move generation

    def _runs(self, state: UkejalayerState, side: str | None = None) -> list[int]:
        piece = PIECE[side or state.to_move]
        return [own_run(stack, piece) for stack in state.board]

    def _analyse_uncached(
        self, state: UkejalayerState
    ) -> tuple[tuple[UkejalayerMove, ...], frozenset[UkejalayerMove]]:
        with _gc_paused():
            moves = self._summons(state) + self._chain_moves(state) + self._eliminations(state)
            return tuple(moves), frozenset(moves)

    def _summons(self, state: UkejalayerState) -> list[UkejalayerMove]:
        if state.hand(state.to_move) == 0:
            return []
        names = self.geometry.names
        return [
            UkejalayerMove("summon", ((names[sq], 1),))
            for sq, stack in enumerate(state.board)
            if not stack
        ]

    def _eliminations(self, state: UkejalayerState) -> list[UkejalayerMove]:
        if not self.elimination_allowed(state):
            return []
        names = self.geometry.names
        return [
            UkejalayerMove("eliminate", ((names[sq], -1),))
            for sq in range(self.geometry.count)
            if self._eliminable(state.board[sq], state.to_move)
        ]

    @staticmethod
    def _eliminable(stack: str, side: str) -> bool:
        return bool(stack) and stack[-1] == PIECE[side] and PIECE[OTHER[side]] in stack

    def _search_uncached(self, state: UkejalayerState, start: int | None) -> _ChainSearch:
        runs = self._runs(state)
        starts = self.geometry.name_order if start is None else (start,)
        return _ChainSearch(self.geometry, runs, [s for s in starts if runs[s]])

    def _chain_moves(
        self, state: UkejalayerState, start: int | None = None
    ) -> list[UkejalayerMove]:
        """The distinct chain moves (from ``start`` only, when given), in discovery order."""
        search = self._search(state, start)
        changes, new = search.changes, tuple.__new__  # the fast NamedTuple constructor
        return [new(UkejalayerMove, ("move", changes(code))) for code in search.result_codes()]

    def _move_of(self, changes: Iterable[tuple[int, int]]) -> UkejalayerMove:
        """Build the chain move with these ``(square index, change)`` pairs, any order."""
        names = self.geometry.names
        return UkejalayerMove("move", tuple((names[sq], d) for sq, d in sorted(changes) if d))

    def legal_moves(self, state: UkejalayerState) -> list[UkejalayerMove]:
        """Return every legal action of the side to move, one per distinct result.

        Order (deterministic): summons by square index; chain moves by their representative
        chain (fewer steps first, then step order (from, count, to), squares in name order);
        eliminations by square index. Empty when the side to move has lost.
        """
        return list(self._analyse(state)[0])

    def perft(self, state: UkejalayerState, depth: int) -> int:
        """Return the leaf count of the legal-move tree ``depth`` plies deep (as the generic
        perft; the last ply is counted without building move objects)."""
        if depth == 0:
            return 1
        if depth == 1:
            return self._count_moves(state)
        return sum(self.perft(self.play(state, m), depth - 1) for m in self.legal_moves(state))

    def _count_moves(self, state: UkejalayerState) -> int:
        side = state.to_move
        summons = state.board.count("") if state.hand(side) else 0
        chains = len(_ChainSearch(self.geometry, self._runs(state), self.geometry.name_order)
                     .result_codes())
        eliminations = 0
        if self.elimination_allowed(state):
            eliminations = sum(self._eliminable(stack, side) for stack in state.board)
        return summons + chains + eliminations

    def play(self, state: UkejalayerState, move: UkejalayerMove) -> UkejalayerState:
        """Return the position after ``move`` (assumed legal in ``state``).

        Summon puts a piece on an empty square and takes one from the hand; a chain move adds
        or removes the mover's pieces at the top of each changed square; eliminate removes the
        highest enemy piece under the mover's top. Then ``white_wait`` is updated and the turn
        passes.
        """
        side = state.to_move
        board = list(state.board)
        hands = list(state.hands)
        index = self.geometry.index
        for name, change in move.changes:
            sq = index[name]
            if move.kind == "eliminate":
                board[sq] = _eliminate_from(board[sq], side)
            elif change > 0:
                board[sq] += PIECE[side] * change
            else:
                board[sq] = board[sq][:change]
        if move.kind == "summon":
            hands[SIDES.index(side)] -= 1
        hands_after = (hands[0], hands[1])
        return UkejalayerState(
            tuple(board), hands_after, OTHER[side], self._wait_after(state, hands_after)
        )

    def outcome(self, state: UkejalayerState) -> Outcome | None:
        """Return the result when the side to move has no legal action (spec "End of the game").

        That is exactly when no square is topped by it and it cannot summon (empty hand or no
        empty square): it loses, ``Outcome(winner=<other side>, reason="no legal action")``.
        No draws. ``None`` while the game goes on.
        """
        side = state.to_move
        piece = PIECE[side]
        if any(stack.endswith(piece) for stack in state.board):
            return None  # one piece can always step to a neighbour: a real move
        if state.hand(side) and not all(state.board):
            return None
        return Outcome(OTHER[side], "no legal action")


    # ---- questions puzzles ask (see game_queries)

    def movable_pieces(self, state: UkejalayerState) -> int:
        """Return how many pieces the side to move can move: its own run summed over squares.

        Spec reference fact 1: c2 WBWW + b3 BW gives 3 for White.
        """
        return sum(self._runs(state))

    def reachable_squares(self, state: UkejalayerState, square: str) -> list[str]:
        """Return the squares some legal chain starting at ``square`` ends on (sorted names).

        Chains whose result equals the position before are not legal and do not count; the
        start square itself counts when a chain can come back to it. Empty when ``square`` is
        not topped by the side to move.

        Raises:
            NotationError: ``square`` is not a square of this board.
        """
        ends = self._search(state, self._square(square)).end_squares()
        return sorted(self.geometry.names[sq] for sq in ends)

    def can_reach(self, state: UkejalayerState, start: str, target: str) -> bool:
        """Return whether a legal chain starting at ``start`` can end with pieces on ``target``.

        Spec reference fact 2 (a1 with 3 whites reaches d1, with 2 it does not).

        Raises:
            NotationError: a square is not on this board.
        """
        self._square(target)
        return target in self.reachable_squares(state, start)

    def moves_from(self, state: UkejalayerState, square: str) -> list[UkejalayerMove]:
        """Return the distinct chain moves whose chain can start at ``square`` (legal order).

        Raises:
            NotationError: ``square`` is not on this board.
        """
        return self._chain_moves(state, self._square(square))

    def eliminate_targets(self, state: UkejalayerState) -> list[str]:
        """Return the squares where the side to move may eliminate now (sorted names)."""
        return sorted(m.changes[0][0] for m in self.legal_moves(state) if m.kind == "eliminate")

    def summon_squares(self, state: UkejalayerState) -> list[str]:
        """Return the squares where the side to move may summon now (sorted names)."""
        return sorted(m.changes[0][0] for m in self._summons(state))

    def stack_after_eliminate(self, state: UkejalayerState, square: str) -> str:
        """Return the stack on ``square`` after the side to move eliminates there.

        Only the geometry is checked (own top, an enemy piece below), not the hand or unlock:
        the question "which piece goes" (spec reference fact 3: BWBW -> BWW).

        Raises:
            NotationError: ``square`` is not on this board.
            IllegalMoveError: the square has no own top over an enemy piece.
        """
        sq = self._square(square)
        stack = state.board[sq]
        if not self._eliminable(stack, state.to_move):
            raise IllegalMoveError(
                f"{square} has no {OTHER[state.to_move]} piece under a {state.to_move} top",
                code="nothing_to_eliminate",
                values={"square": square, "other": OTHER[state.to_move],
                        "side": state.to_move},
            )
        return _eliminate_from(stack, state.to_move)

    # ---- lessons: move kinds and why a click enters no move (see .kinds)

    move_kind_names = kinds.KIND_NAMES

    def move_kinds(self, state, move) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
        """Return the kinds of a legal move, most specific first (see :mod:`.kinds`;
        ``shared/rules/ukejalayer.md``)."""
        return kinds.move_kinds(self, state, move)

    def click_reason(self, state, clicks, square) -> str:  # type: ignore[no-untyped-def]
        """Return in Japanese the rule that stops ``square`` (after ``clicks``) from entering
        a legal move (see :mod:`.reasons`; ``shared/rules/ukejalayer.md``, "A turn")."""
        return reasons.click_reason(self, state, clicks, square)

    def stop_reason(self, state, clicks) -> str:  # type: ignore[no-untyped-def]
        """Return in Japanese why the text of ``clicks`` is no move (see :mod:`.reasons`;
        ``shared/rules/ukejalayer.md``, "Notation")."""
        return reasons.stop_reason(self, state, clicks)

    def typed_tables(self, state) -> dict[str, Any]:  # type: ignore[no-untyped-def]
        """Return the reasons for height-change texts (see :func:`.reasons.typed_tables`;
        ``shared/rules/ukejalayer.md``, "Notation")."""
        return reasons.typed_tables(self, state)

    def game_queries(self) -> dict[str, Query]:
        """Return the Ukeja Layer queries (see :func:`_queries`), by name."""
        return {q.name: q for q in _queries()}


GAME = UkejalayerGame
