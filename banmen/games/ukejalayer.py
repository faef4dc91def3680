"""ウケジャレイヤー (Ukeja Layer): the rules engine.

Implements ``shared/rules/ukejalayer.md`` (the authority; the guidebook is
``shared/seeds/000_6d38f74851f7647b.txt``) through the contract of :mod:`banmen.game`.

Squares and stacks
    Squares are named file then rank (``a1`` bottom-left, ``d4`` top-right on the default 4x4
    board). Internally a square is an index ``rank * size + file`` (``a1`` = 0, ``b1`` = 1, ...,
    ``a2`` = size); :func:`square_names` lists the names in that order. A stack is a string of
    ``"W"``/``"B"``, bottom to top; the top decides who controls the square.

Moves
    A move is a :class:`UkejalayerMove`: its ``kind`` (``"summon"``, ``"move"`` or
    ``"eliminate"``) and the height change of every square it touches. Because pieces of one
    colour are interchangeable and a chain only ever lifts the mover's own pieces from the top
    and puts them back on top, those height changes determine the resulting position exactly,
    and different results have different changes: moves compare equal exactly when their
    results are equal ("legal moves are distinct resulting positions", spec "Move"). Each chain
    move also carries one representative chain (``a1(3)b1(2)c1(1)d1``), the one with the fewest
    steps and, among those, the smallest when steps are compared as (from square in
    a1, a2, ..., b1, ... order, pieces carried, to square); see :meth:`UkejalayerGame.format_chain`.

Unlock (解禁) and ``white_wait``  [decision, spec "Eliminate (排除) and its unlock"]
    Hands never refill, so whether the unlock moment has passed can be read off the hands:
    ``guidebook`` mode — some hand is empty; ``both`` — both hands are empty; ``self`` — the
    player's own hand is empty. The state keeps ``white_wait``, the number of White turns still
    barred from eliminating: at the end of the turn that makes the unlock moment pass it is set
    to ``white_delay`` (N); every White turn played while it is above 0 takes 1 off it (the turn
    itself was barred). White may eliminate when its hand is empty, the moment has passed and
    ``white_wait`` is 0; Black when its hand is empty and the moment has passed. In ``self``
    mode N is ignored and ``white_wait`` stays 0. A YAML position without ``white_wait`` is read
    with 0: a position with an empty hand is already unlocked with no White turns blocked.
"""

from __future__ import annotations

import functools
import inspect
import math
import re
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import Field

from banmen.game import (
    Game,
    IllegalMoveError,
    NotationError,
    Outcome,
    PositionError,
    Query,
    QueryError,
    QueryParam,
    Rules,
)

SPEC = "shared/rules/ukejalayer.md"
SIDES = ("white", "black")
#: side id -> the letter of its pieces in a stack
PIECE = {"white": "W", "black": "B"}
OTHER = {"white": "black", "black": "white"}
FILES = "abcdefgh"

# --------------------------------------------------------------------------- rules


class UkejalayerRules(Rules):
    """Rule parameters of ``shared/rules/ukejalayer.md`` (immutable, validated).

    Fields:
        size: board side length, 3..8 (files a.., ranks 1..); default 4.
        hand: pieces each player starts with in hand, >= 1; ``None`` (default) means
            ``size * size // 2``. Read :attr:`material` for the effective number.
        unlock: when elimination is unlocked: ``"guidebook"`` (default), ``"both"``, ``"self"``.
        white_delay: N, the White turns after the unlock moment on which White may not yet
            eliminate, >= 0; default 1 (ignored under ``unlock="self"``).
    """

    size: int = Field(
        4,
        ge=3,
        le=8,
        strict=True,
        description="Board side length (files a.., ranks 1..); the guidebook board is 4x4.",
        json_schema_extra={"ja": "盤の大きさ"},
    )
    hand: int | None = Field(
        None,
        ge=1,
        strict=True,
        description="Pieces each player starts with in hand; empty means size*size // 2 (8 on 4x4).",
        json_schema_extra={"ja": "手駒の数"},
    )
    unlock: Literal["guidebook", "both", "self"] = Field(
        "guidebook",
        description=(
            "When elimination is unlocked: 'guidebook' = once some hand is empty (White then "
            "waits N turns); 'both' = once both hands are empty (White waits N turns); "
            "'self' = once the player's own hand is empty (N ignored)."
        ),
        json_schema_extra={"ja": "排除の解禁"},
    )
    white_delay: int = Field(
        1,
        ge=0,
        strict=True,
        description="N: White turns after the unlock moment on which White may not eliminate yet.",
        json_schema_extra={"ja": "白の排除の待ち手数 N"},
    )

    @property
    def material(self) -> int:
        """The effective number of pieces each player starts with (``hand`` or size*size//2)."""
        return self.hand if self.hand is not None else self.size * self.size // 2


# --------------------------------------------------------------------------- board geometry


def square_names(size: int = 4) -> list[str]:
    """Return the square names of a ``size`` x ``size`` board in index order.

    Index order is rank by rank from the bottom, files left to right: ``["a1", "b1", ...,
    "d1", "a2", ...]`` on 4x4; a state's ``board[i]`` is the stack on ``square_names(size)[i]``.
    """
    return [f"{FILES[i % size]}{i // size + 1}" for i in range(size * size)]


@dataclass(frozen=True)
class _Board:
    """Everything about a board of one size that never changes (built once per size)."""

    size: int
    names: tuple[str, ...]
    index: dict[str, int]
    #: orthogonal neighbours of each square, in name order (a1, a2, ..., b1, ...)
    neighbours: tuple[tuple[int, ...], ...]
    #: squares in name order: the order chain steps are tried in
    name_order: tuple[int, ...]
    #: squares in canonical notation order: rank high to low, then file a to d
    canonical_order: tuple[int, ...]
    canonical_rank: dict[int, int]

    @property
    def count(self) -> int:
        return self.size * self.size

    def describe(self) -> str:
        """``'4x4 board (a1 to d4)'`` for error messages."""
        return f"{self.size}x{self.size} board (a1 to {self.names[-1]})"


@functools.cache
def _board(size: int) -> _Board:
    names = tuple(square_names(size))

    def name_key(i: int) -> tuple[int, int]:
        return (i % size, i // size)

    def neighbours_of(i: int) -> tuple[int, ...]:
        f, r = i % size, i // size
        around = [(f - 1, r), (f + 1, r), (f, r - 1), (f, r + 1)]
        found = [rr * size + ff for ff, rr in around if 0 <= ff < size and 0 <= rr < size]
        return tuple(sorted(found, key=name_key))

    canonical = tuple(sorted(range(size * size), key=lambda i: (-(i // size), i % size)))
    return _Board(
        size=size,
        names=names,
        index={n: i for i, n in enumerate(names)},
        neighbours=tuple(neighbours_of(i) for i in range(size * size)),
        name_order=tuple(sorted(range(size * size), key=name_key)),
        canonical_order=canonical,
        canonical_rank={sq: k for k, sq in enumerate(canonical)},
    )


def _board_of(board: tuple[str, ...]) -> _Board:
    return _board(math.isqrt(len(board)))


def own_run(stack: str, piece: str) -> int:
    """Return how many ``piece`` letters lie contiguously at the top of ``stack``.

    The spec's "own run" (``own_run("WBWW", "W") == 2``, ``own_run("BW", "B") == 0``).
    """
    return len(stack) - len(stack.rstrip(piece))


# --------------------------------------------------------------------------- state and move


@dataclass(frozen=True)
class UkejalayerState:
    """An immutable, hashable Ukeja Layer position.

    Attributes:
        board: one stack per square in index order (see :func:`square_names`), each a string
            of ``"W"``/``"B"`` bottom to top, ``""`` when empty.
        hands: pieces still in hand, ``(white, black)``.
        to_move: ``"white"`` or ``"black"``.
        white_wait: White turns still barred from eliminating by the delay N after the unlock
            moment (0 before that moment and under ``unlock="self"``); see the module docstring.
    """

    board: tuple[str, ...]
    hands: tuple[int, int]
    to_move: str
    white_wait: int = 0

    def hand(self, side: str) -> int:
        """Return the number of pieces ``side`` (``"white"``/``"black"``) still has in hand."""
        return self.hands[SIDES.index(side)]

    def stack(self, square: str) -> str:
        """Return the stack on ``square`` (a name such as ``"c2"``), bottom to top."""
        return self.board[_board_of(self.board).index[square]]


@dataclass(frozen=True)
class UkejalayerMove:
    """One legal action, identified by its resulting position.

    Attributes:
        kind: ``"summon"``, ``"move"`` (a chain, 連携 included) or ``"eliminate"``.
        changes: ``(square name, height change)`` for every square whose height changes, in
            canonical notation order (decreased squares first, then increased; each group by
            rank high to low, then file a to d). Summon ``(("b2", 1),)``, eliminate
            ``(("c3", -1),)``.
        chain: the representative chain text of a chain move (``"a1(3)b1(2)c1(1)d1"``), or the
            square of a summon/elimination. Not part of equality: two chains with the same
            result are the same move.
    """

    kind: Literal["summon", "move", "eliminate"]
    changes: tuple[tuple[str, int], ...]
    chain: str = field(default="", compare=False)


# --------------------------------------------------------------------------- chain search


class _ChainSearch:
    """Breadth-first search over every chain of the mover's pieces from some start squares.

    A chain state is the mover's own run on every square plus the square the last step landed
    on: that is all the rest of a chain depends on (the next step may carry up to run - 1
    pieces from there), so each state is expanded once however many chains reach it. A state is
    packed into one integer ``key``: the runs in fixed-width bit fields ("code"), the current
    square above them. The search is breadth first and tries steps in (from, count, to) order,
    so the first time a state is met its chain is the shortest and, among those, the smallest.

    Args:
        board: the geometry.
        runs: the mover's own run on each square before the move.
        starts: the squares step 1 may start from (each needs a run >= 1 to yield anything).
    """

    def __init__(self, board: _Board, runs: list[int], starts: Iterable[int]):
        self.board = board
        self.runs = runs
        self.width = max(1, sum(runs).bit_length())  # no run ever exceeds the total
        self.mask = (1 << self.width) - 1
        self.top = board.count * self.width
        self.code_mask = (1 << self.top) - 1
        self.code0 = sum(r << (i * self.width) for i, r in enumerate(runs))
        #: key -> (previous key or None, square the step left, pieces carried); insertion
        #: order is discovery order
        self.parent: dict[int, tuple[int | None, int, int]] = {}
        self._search(list(starts))

    def _unit(self, square: int) -> int:
        return 1 << (square * self.width)

    def _search(self, starts: list[int]) -> None:
        parent, top, width, mask = self.parent, self.top, self.width, self.mask
        queue: list[int] = []
        for s in starts:  # step 1 may take every piece of the run
            for carried in range(1, self.runs[s] + 1):
                for u in self.board.neighbours[s]:
                    key = (self.code0 + carried * (self._unit(u) - self._unit(s))) | (u << top)
                    if key not in parent:
                        parent[key] = (None, s, carried)
                        queue.append(key)
        # (square change in the key, run change per piece carried) for each step t -> u
        steps = [
            [((u - t) << top, self._unit(u) - self._unit(t)) for u in self.board.neighbours[t]]
            for t in range(self.board.count)
        ]
        for key in queue:  # the list grows while we walk it: a FIFO queue
            here = key >> top
            run = (key >> (here * width)) & mask
            for carried in range(1, run):  # at least one piece stays behind
                for square_change, run_change in steps[here]:
                    after = key + square_change + carried * run_change
                    if after not in parent:
                        parent[after] = (key, here, carried)
                        queue.append(after)

    def results(self) -> dict[int, int]:
        """Return {resulting runs code: key of its first (representative) chain state}.

        In discovery order; the unchanged position (an effective pass) is left out.
        """
        found: dict[int, int] = {}
        for key in self.parent:
            code = key & self.code_mask
            if code != self.code0 and code not in found:
                found[code] = key
        return found

    def end_squares(self) -> set[int]:
        """Return the squares some chain changing the position ends on."""
        return {key >> self.top for key in self.parent if key & self.code_mask != self.code0}

    def changes(self, code: int) -> list[tuple[int, int]]:
        """Return ``(square, height change)`` for each square the result ``code`` changes."""
        width, mask = self.width, self.mask
        return [
            (sq, d)
            for sq, before in enumerate(self.runs)
            if (d := ((code >> (sq * width)) & mask) - before)
        ]

    def chain_text(self, key: int) -> str:
        """Return the chain notation (``a1(3)b1(2)c1(1)d1``) of the chain that found ``key``."""
        names = self.board.names
        parts = [names[key >> self.top]]
        step: int | None = key
        while step is not None:
            previous, square, carried = self.parent[step]
            parts.append(f"{names[square]}({carried})")
            step = previous
        return "".join(reversed(parts))


# --------------------------------------------------------------------------- notation parsing

_SQUARE = r"[a-z][0-9]"  # ranks are one digit: size <= 8
_CANONICAL_RE = re.compile(rf"(?:[0-9]*{_SQUARE})+")
_CANONICAL_TOKEN = re.compile(rf"([0-9]*)({_SQUARE})")
_CHAIN_RE = re.compile(rf"(?:{_SQUARE}\([0-9]+\))+{_SQUARE}")
_CHAIN_TOKEN = re.compile(rf"({_SQUARE})(?:\(([0-9]+)\))?")
_NOTATION_HELP = (
    "expected a square like 'b2', a canonical move like '3a22a3b3' "
    "or a chain like 'a1(3)b1(2)c1(1)d1'"
)


def _pieces(count: int) -> str:
    return f"{count} piece" if count == 1 else f"{count} pieces"


# --------------------------------------------------------------------------- the game


class UkejalayerGame(Game):
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
        self.board = _board(self.rules.size)
        self._analyse = functools.lru_cache(maxsize=256)(self._analyse_uncached)

    # ---- helpers for other modules (renderer, content checks)

    def square_names(self) -> list[str]:
        """Return this board's square names in index order (see :func:`square_names`)."""
        return list(self.board.names)

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
        return UkejalayerState(("",) * self.board.count, (m, m), "white", 0)

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

    def _why_no_elimination(self, state: UkejalayerState) -> str:
        side = state.to_move
        in_hand = state.hand(side)
        if in_hand:
            return f"{side} cannot eliminate while it still has {_pieces(in_hand)} in hand"
        if self.rules.unlock != "self" and not self._moment_passed(state.hands):
            return "elimination is not unlocked yet (both hands must be empty)"
        turns = "1 more white turn" if state.white_wait == 1 else f"{state.white_wait} more white turns"
        return f"white may not eliminate yet: {turns} blocked after the unlock"

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

    def _analyse_uncached(self, state: UkejalayerState) -> tuple[tuple[UkejalayerMove, ...], dict]:
        moves = self._summons(state) + self._chain_moves(state) + self._eliminations(state)
        return tuple(moves), {m: m for m in moves}

    def _summons(self, state: UkejalayerState) -> list[UkejalayerMove]:
        if state.hand(state.to_move) == 0:
            return []
        names = self.board.names
        return [
            UkejalayerMove("summon", ((names[sq], 1),), names[sq])
            for sq, stack in enumerate(state.board)
            if not stack
        ]

    def _eliminations(self, state: UkejalayerState) -> list[UkejalayerMove]:
        if not self.elimination_allowed(state):
            return []
        names = self.board.names
        return [
            UkejalayerMove("eliminate", ((names[sq], -1),), names[sq])
            for sq in range(self.board.count)
            if self._eliminable(state.board[sq], state.to_move)
        ]

    @staticmethod
    def _eliminable(stack: str, side: str) -> bool:
        return bool(stack) and stack[-1] == PIECE[side] and PIECE[OTHER[side]] in stack

    def _chain_moves(
        self, state: UkejalayerState, starts: Iterable[int] | None = None
    ) -> list[UkejalayerMove]:
        runs = self._runs(state)
        if starts is None:
            starts = self.board.name_order
        search = _ChainSearch(self.board, runs, [s for s in starts if runs[s]])
        return [
            self._move_of(search.changes(code), search.chain_text(key))
            for code, key in search.results().items()
        ]

    def _move_of(self, changes: list[tuple[int, int]], chain: str) -> UkejalayerMove:
        """Build the chain move with these ``(square index, change)`` pairs, any order."""
        rank = self.board.canonical_rank
        ordered = sorted(changes, key=lambda c: (c[1] > 0, rank[c[0]]))
        names = self.board.names
        return UkejalayerMove("move", tuple((names[sq], d) for sq, d in ordered), chain)

    def legal_moves(self, state: UkejalayerState) -> list[UkejalayerMove]:
        """Return every legal action of the side to move, one per distinct result.

        Order (deterministic): summons by square index; chain moves by their representative
        chain (fewer steps first, then step order (from, count, to), squares in name order);
        eliminations by square index. Empty when the side to move has lost.
        """
        return list(self._analyse(state)[0])

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
        index = self.board.index
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

    # ---- notation

    def format_move(self, state: UkejalayerState, move: UkejalayerMove) -> str:
        """Return the canonical notation (spec "Notation"): ``b2``, ``c3``, ``a1b1``, ``3a22a3b3``.

        Decreased squares, then increased ones, each by rank high to low then file a to d; a
        change of 2 or more is written before its square.
        """
        return "".join(
            f"{abs(d)}{name}" if abs(d) >= 2 else name for name, d in move.changes
        )

    def format_chain(self, state: UkejalayerState, move: UkejalayerMove) -> str:
        """Return the chain notation of ``move`` in ``state``: ``a1(3)b1(2)c1(1)d1``.

        The representative chain (fewest steps, then smallest steps) for a chain move; the
        square alone for a summon or an elimination. ``parse_move`` reads it back.

        Raises:
            IllegalMoveError: ``move`` is not legal in ``state``.
        """
        legal = self._analyse(state)[1].get(move)
        if legal is None:
            raise IllegalMoveError(
                f"{self.format_move(state, move)} is not a legal move of {state.to_move} here"
            )
        return legal.chain

    def parse_move(self, state: UkejalayerState, text: str) -> UkejalayerMove:
        """Read canonical (``a1b1``, ``3a22a3b3``, ``b2``) or chain (``a1(2)b1(1)c1``) text.

        A single square is a summon when the square is empty, an elimination otherwise.

        Returns:
            The legal :class:`UkejalayerMove` (carrying the representative chain).

        Raises:
            NotationError: malformed text, a square off the board, a repeated square, a count
                below 2 in canonical text, squares out of canonical order, heights that do not
                balance, or a chain step carrying 0 pieces.
            IllegalMoveError: well formed but not legal here, with the reason (e.g. ``"a1 has
                only 2 white pieces on top, cannot carry 3"``).
        """
        text = text.strip()
        if not text:
            raise NotationError("empty move text")
        if "(" in text:
            if not _CHAIN_RE.fullmatch(text):
                raise NotationError(f"cannot read chain '{text}': {_NOTATION_HELP}")
            return self._parse_chain(state, text)
        if not _CANONICAL_RE.fullmatch(text):
            raise NotationError(f"cannot read move '{text}': {_NOTATION_HELP}")
        return self._parse_canonical(state, text)

    def _square(self, name: str) -> int:
        try:
            return self.board.index[name]
        except KeyError:
            raise NotationError(f"square {name} is off the {self.board.describe()}") from None

    def _lookup(self, state: UkejalayerState, move: UkejalayerMove) -> UkejalayerMove | None:
        return self._analyse(state)[1].get(move)

    def _parse_canonical(self, state: UkejalayerState, text: str) -> UkejalayerMove:
        tokens = []
        for count_text, name in _CANONICAL_TOKEN.findall(text):
            sq = self._square(name)
            if count_text and int(count_text) < 2:
                raise NotationError(f"a height prefix must be 2 or more (got '{count_text}{name}')")
            tokens.append((sq, int(count_text) if count_text else 1))
        seen = [sq for sq, _ in tokens]
        for sq in seen:
            if seen.count(sq) > 1:
                raise NotationError(f"square {self.board.names[sq]} appears twice")
        if len(tokens) == 1:
            return self._parse_single(state, *tokens[0])
        return self._parse_height_changes(state, text, tokens)

    def _parse_single(self, state: UkejalayerState, sq: int, count: int) -> UkejalayerMove:
        name = self.board.names[sq]
        if count != 1:
            raise NotationError(
                f"a single square is a summon or an elimination and takes no count (got '{count}{name}')"
            )
        side = state.to_move
        if not state.board[sq]:
            move = UkejalayerMove("summon", ((name, 1),))
            if state.hand(side) == 0:
                raise IllegalMoveError(f"{side} has no pieces in hand to summon on {name}")
        else:
            move = UkejalayerMove("eliminate", ((name, -1),))
            stack = state.board[sq]
            if stack[-1] != PIECE[side]:
                raise IllegalMoveError(
                    f"{name} is topped by {OTHER[side]}, so {side} cannot eliminate there"
                )
            if PIECE[OTHER[side]] not in stack:
                raise IllegalMoveError(f"{name} holds no {OTHER[side]} piece under {side}'s top")
            if not self.elimination_allowed(state):
                raise IllegalMoveError(self._why_no_elimination(state))
        legal = self._lookup(state, move)
        if legal is None:  # not expected: the checks above mirror the generator
            raise IllegalMoveError(f"{name} is not a legal move of {side} here")
        return legal

    def _parse_height_changes(
        self, state: UkejalayerState, text: str, tokens: list[tuple[int, int]]
    ) -> UkejalayerMove:
        # Pieces are conserved, so the decreased group is the prefix holding half the total;
        # counts are >= 1, so at most one split point has that sum.
        total = sum(count for _, count in tokens)
        prefix, split = 0, None
        for k, (_, count) in enumerate(tokens[:-1], start=1):
            prefix += count
            if 2 * prefix == total:
                split = k
        if split is None:
            raise NotationError(
                f"cannot read '{text}' as decreased then increased squares with equal totals"
            )
        rank = self.board.canonical_rank
        for group in (tokens[:split], tokens[split:]):
            order = [rank[sq] for sq, _ in group]
            if order != sorted(order):
                raise NotationError(
                    f"squares in '{text}' must be ordered by rank from high to low, then file "
                    "from a, within the decreased and the increased group"
                )
        changes = [(sq, -count) for sq, count in tokens[:split]]
        changes += [(sq, count) for sq, count in tokens[split:]]
        move = self._move_of(changes, "")
        legal = self._lookup(state, move)
        if legal is not None:
            return legal
        raise IllegalMoveError(self._why_not_changes(state, changes))

    def _why_not_changes(self, state: UkejalayerState, changes: list[tuple[int, int]]) -> str:
        side = state.to_move
        runs = self._runs(state)
        names = self.board.names
        for sq, d in changes:
            if d < 0 and runs[sq] < -d:
                return f"{names[sq]} has {self._run_phrase(runs[sq], side)}, cannot lose {-d}"
        listed = ", ".join(f"{names[sq]} {d:+d}" for sq, d in changes)
        return f"no chain of {side} pieces gives these height changes ({listed})"

    @staticmethod
    def _run_phrase(run: int, side: str) -> str:
        if run == 0:
            return f"no {side} piece on top"
        return f"only {run} {side} piece{'s' if run != 1 else ''} on top"

    def _parse_chain(self, state: UkejalayerState, text: str) -> UkejalayerMove:
        steps: list[tuple[int, int]] = []  # (square, pieces carried out of it; 0 for the end)
        for name, count_text in _CHAIN_TOKEN.findall(text):
            sq = self._square(name)
            if count_text and int(count_text) == 0:
                raise NotationError(f"a chain step must carry at least 1 piece (got '{name}(0)')")
            steps.append((sq, int(count_text) if count_text else 0))
        runs = self._simulate_chain(state, steps)
        before = self._runs(state)
        changes = [(sq, runs[sq] - before[sq]) for sq in range(self.board.count)]
        changes = [(sq, d) for sq, d in changes if d]
        if not changes:
            raise IllegalMoveError(
                "the chain leaves the position unchanged (an effective pass is illegal)"
            )
        legal = self._lookup(state, self._move_of(changes, ""))
        if legal is None:  # not expected: the simulation mirrors the generator
            raise IllegalMoveError(f"chain {text} is not a legal move of {state.to_move} here")
        return legal

    def _simulate_chain(self, state: UkejalayerState, steps: list[tuple[int, int]]) -> list[int]:
        """Play a chain on the runs, step by step; return the runs after it.

        Raises:
            IllegalMoveError: naming the first step that breaks a rule.
        """
        side = state.to_move
        names = self.board.names
        runs = self._runs(state)
        for k, ((here, carried), (there, _)) in enumerate(zip(steps, steps[1:])):
            limit = runs[here] if k == 0 else runs[here] - 1
            if carried > limit:
                phrase = self._run_phrase(runs[here], side)
                if k == 0:
                    raise IllegalMoveError(f"{names[here]} has {phrase}, cannot carry {carried}")
                raise IllegalMoveError(
                    f"{names[here]} has {phrase} after landing, cannot carry {carried} on "
                    "(at least one must stay behind)"
                )
            if there not in self.board.neighbours[here]:
                raise IllegalMoveError(
                    f"{names[there]} is not orthogonally next to {names[here]}"
                )
            runs[here] -= carried
            runs[there] += carried
        return runs

    # ---- positions

    _KEYS = ("game", "to_move", "hands", "white_wait", "board")

    def position_from_yaml(self, data: Mapping[str, Any]) -> UkejalayerState:
        """Build a state from the DESIGN.md mapping.

        Form::

            game: ukejalayer
            to_move: white            # or black
            hands: {white: 0, black: 0}
            white_wait: 0             # optional, see below
            board: {c2: WBWW, b3: BW} # optional; stacks bottom to top, "" = empty

        ``white_wait`` (White turns still barred from eliminating) defaults to 0. It may be
        given only once some hand is empty; it must be 0 under ``unlock: self`` and under
        ``unlock: both`` until both hands are empty, and at most ``white_delay`` otherwise.

        Raises:
            PositionError: with the path of the offending key or value: an unknown key, a
                missing ``game``/``to_move``/``hands``, another game, a bad side, bad hand
                counts, a square name that is malformed or off the board, a stack with letters
                other than W/B, more pieces of a colour on the board and in hand than the
                material, or a ``white_wait`` that the rules cannot produce.
        """
        if not isinstance(data, Mapping):
            raise PositionError("position must be a mapping")
        for key in data:
            if key not in self._KEYS:
                raise PositionError(
                    f"unknown key '{key}' (expected {', '.join(self._KEYS)})", (key,)
                )
        for key in ("game", "to_move", "hands"):
            if key not in data:
                raise PositionError(f"missing key '{key}'")
        if data["game"] != self.id:
            raise PositionError(f"game must be '{self.id}' (got '{data['game']}')", ("game",))
        to_move = data["to_move"]
        if to_move not in SIDES:
            raise PositionError(f"to_move must be 'white' or 'black' (got '{to_move}')", ("to_move",))
        hands = self._read_hands(data["hands"])
        board = self._read_board(data.get("board") or {})
        self._check_material(board, hands)
        wait = self._read_white_wait(data, hands)
        return UkejalayerState(board, hands, to_move, wait)

    def _read_hands(self, value: Any) -> tuple[int, int]:
        if not isinstance(value, Mapping):
            raise PositionError("hands must be a mapping like {white: 8, black: 8}", ("hands",))
        for side in value:
            if side not in SIDES:
                raise PositionError(
                    f"unknown side '{side}' in hands (expected white, black)", ("hands", side)
                )
        counts = []
        for side in SIDES:
            if side not in value:
                raise PositionError(f"hands must give {side}", ("hands",))
            count = value[side]
            if not _is_int(count):
                raise PositionError(
                    f"hand count must be a whole number (got {count!r})", ("hands", side)
                )
            if count < 0:
                raise PositionError(f"hand count must be 0 or more (got {count})", ("hands", side))
            if count > self.rules.material:
                raise PositionError(
                    f"hand count must be at most {self.rules.material} (the material)",
                    ("hands", side),
                )
            counts.append(count)
        return (counts[0], counts[1])

    def _read_board(self, value: Any) -> tuple[str, ...]:
        if not isinstance(value, Mapping):
            raise PositionError(
                "board must be a mapping of squares to stacks like {c2: WBWW}", ("board",)
            )
        board = [""] * self.board.count
        for name, stack in value.items():
            path = ("board", name)
            if not isinstance(name, str) or not re.fullmatch(r"[a-z][0-9]+", name):
                raise PositionError(
                    f"'{name}' is not a square (expected a file letter then a rank, like 'c2')",
                    path,
                )
            if name not in self.board.index:
                raise PositionError(f"square {name} is off the {self.board.describe()}", path)
            if stack is None:
                stack = ""
            if not isinstance(stack, str) or not re.fullmatch(r"[WB]*", stack):
                raise PositionError(
                    f"stack must be a string of W and B, bottom to top (got {stack!r})", path
                )
            board[self.board.index[name]] = stack
        return tuple(board)

    def _check_material(self, board: tuple[str, ...], hands: tuple[int, int]) -> None:
        material = self.rules.material
        for side, in_hand in zip(SIDES, hands):
            on_board = sum(stack.count(PIECE[side]) for stack in board)
            if on_board + in_hand > material:
                path = ("board",) if on_board > material else ("hands", side)
                raise PositionError(
                    f"too many {side} pieces: {on_board} on the board and {in_hand} in hand, "
                    f"expected at most {material} in all",
                    path,
                )

    def _read_white_wait(self, data: Mapping[str, Any], hands: tuple[int, int]) -> int:
        if "white_wait" not in data:
            return 0
        wait = data["white_wait"]
        path = ("white_wait",)
        if not _is_int(wait):
            raise PositionError(f"white_wait must be a whole number (got {wait!r})", path)
        if wait < 0:
            raise PositionError(f"white_wait must be 0 or more (got {wait})", path)
        if 0 not in hands:
            raise PositionError("white_wait is only allowed once a hand is empty", path)
        if wait and self.rules.unlock == "self":
            raise PositionError("white_wait must be 0 under unlock 'self' (white_delay is ignored)", path)
        if wait and not self._moment_passed(hands):
            raise PositionError("white_wait must be 0 until both hands are empty (unlock 'both')", path)
        if wait > self.rules.white_delay:
            raise PositionError(
                f"white_wait must be at most white_delay ({self.rules.white_delay})", path
            )
        return wait

    def position_to_yaml(self, state: UkejalayerState) -> dict[str, Any]:
        """Return the position mapping of ``state`` (read back by :meth:`position_from_yaml`).

        Occupied squares only, in index order; ``white_wait`` only when above 0.
        """
        data: dict[str, Any] = {
            "game": self.id,
            "to_move": state.to_move,
            "hands": {"white": state.hands[0], "black": state.hands[1]},
        }
        if state.white_wait:
            data["white_wait"] = state.white_wait
        data["board"] = {
            name: stack for name, stack in zip(self.board.names, state.board) if stack
        }
        return data

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
        start = self._square(square)
        runs = self._runs(state)
        if not runs[start]:
            return []
        ends = _ChainSearch(self.board, runs, [start]).end_squares()
        return sorted(self.board.names[sq] for sq in ends)

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
        return self._chain_moves(state, [self._square(square)])

    def eliminate_targets(self, state: UkejalayerState) -> list[str]:
        """Return the squares where the side to move may eliminate now (sorted names)."""
        return sorted(m.chain for m in self.legal_moves(state) if m.kind == "eliminate")

    def summon_squares(self, state: UkejalayerState) -> list[str]:
        """Return the squares where the side to move may summon now (sorted names)."""
        return sorted(m.chain for m in self._summons(state))

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
                f"{square} has no {OTHER[state.to_move]} piece under a {state.to_move} top"
            )
        return _eliminate_from(stack, state.to_move)

    def game_queries(self) -> dict[str, Query]:
        """Return the Ukeja Layer queries (see :func:`_queries`), by name."""
        return {q.name: q for q in _queries()}


# --------------------------------------------------------------------------- module helpers


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _eliminate_from(stack: str, side: str) -> str:
    """Remove the highest enemy piece of ``stack`` (which is topped by ``side``)."""
    at = stack.rfind(PIECE[OTHER[side]])
    return stack[:at] + stack[at + 1 :]


def height_changes(before: UkejalayerState, after: UkejalayerState) -> dict[str, int]:
    """Return {square name: height change} for the squares whose height differs.

    Args:
        before, after: two states on the same board (typically a position and the position
            after one move).

    Returns:
        e.g. ``{"a1": -1, "b1": 1}``; the renderer tints negatives red and positives green
        (spec "Diagram conventions").
    """
    names = _board_of(before.board).names
    return {
        name: len(b) - len(a)
        for name, a, b in zip(names, before.board, after.board)
        if len(a) != len(b)
    }


# --------------------------------------------------------------------------- queries


def _query_square(game: UkejalayerGame, value: Any) -> str:
    name = str(value).strip()
    if name not in game.board.index:
        raise QueryError(f"'{value}' is not a square of the {game.board.describe()}")
    return name


def _q_movable_pieces(game: UkejalayerGame, state: UkejalayerState) -> int:
    """How many of the side to move's pieces can be moved (shared/rules/ukejalayer.md).

    The guidebook's count: the own run of every square topped by the side to move, summed
    (spec reference fact 1).
    """
    return game.movable_pieces(state)


def _q_can_reach(game: UkejalayerGame, state: UkejalayerState, **args: Any) -> bool:
    """Whether a legal chain starting at `from` ends with pieces arriving on `to`.

    shared/rules/ukejalayer.md, "Move (including 連携, linking)"; reference fact 2.
    """
    return game.can_reach(state, _query_square(game, args["from"]), _query_square(game, args["to"]))


def _q_reachable_squares(game: UkejalayerGame, state: UkejalayerState, **args: Any) -> list[str]:
    """Squares a legal chain starting at `from` can end on (shared/rules/ukejalayer.md, "Move")."""
    return game.reachable_squares(state, _query_square(game, args["from"]))


def _q_moves_from(game: UkejalayerGame, state: UkejalayerState, **args: Any) -> list[str]:
    """Canonical texts of the distinct moves whose chain starts at `from`, sorted.

    shared/rules/ukejalayer.md, "Move" and "Notation".
    """
    start = _query_square(game, args["from"])
    return sorted(game.format_move(state, m) for m in game.moves_from(state, start))


def _q_can_eliminate(game: UkejalayerGame, state: UkejalayerState) -> bool:
    """Whether the side to move has a legal elimination now: allowed (hand empty, unlocked,
    not delayed) and some square with its top over an enemy piece.

    shared/rules/ukejalayer.md, "Eliminate (排除) and its unlock (解禁)".
    """
    return bool(game.eliminate_targets(state))


def _q_elimination_allowed(game: UkejalayerGame, state: UkejalayerState) -> bool:
    """Whether the side to move is allowed to eliminate now, whether or not a target exists.

    shared/rules/ukejalayer.md, "Eliminate (排除) and its unlock (解禁)" (the guidebook timeline
    "白はまだ排除できない").
    """
    return game.elimination_allowed(state)


def _q_eliminate_targets(game: UkejalayerGame, state: UkejalayerState) -> list[str]:
    """Squares where the side to move may eliminate now (shared/rules/ukejalayer.md, "Eliminate")."""
    return game.eliminate_targets(state)


def _q_stack_after_eliminate(game: UkejalayerGame, state: UkejalayerState, **args: Any) -> str:
    """The stack on `square` (bottom to top, W/B) after the side to move eliminates there.

    Geometry only (own top, enemy piece below); shared/rules/ukejalayer.md, "Eliminate",
    reference fact 3.
    """
    try:
        return game.stack_after_eliminate(state, _query_square(game, args["square"]))
    except IllegalMoveError as err:
        raise QueryError(str(err)) from None


def _q_summon_squares(game: UkejalayerGame, state: UkejalayerState) -> list[str]:
    """Squares where the side to move may summon now (shared/rules/ukejalayer.md, "Summon")."""
    return game.summon_squares(state)


def _q_white_turns_blocked(game: UkejalayerGame, state: UkejalayerState) -> int:
    """White turns still barred from eliminating by the delay N after the unlock moment.

    The state's ``white_wait``: 0 before the unlock moment (elimination is then locked by the
    hands, not by the delay) and under unlock 'self'. shared/rules/ukejalayer.md, "Eliminate
    (排除) and its unlock (解禁)" [decision].
    """
    return state.white_wait


def _q_controlled_squares(game: UkejalayerGame, state: UkejalayerState) -> list[str]:
    """Squares whose top is the side to move's (shared/rules/ukejalayer.md, "Board and material")."""
    piece = PIECE[state.to_move]
    return sorted(n for n, s in zip(game.board.names, state.board) if s.endswith(piece))


def _q_linked_squares(game: UkejalayerGame, state: UkejalayerState) -> list[str]:
    """Squares topped by the side to move with an orthogonal neighbour also topped by it (連携).

    shared/rules/ukejalayer.md, "Move (including 連携, linking)".
    """
    piece = PIECE[state.to_move]
    mine = [s.endswith(piece) for s in state.board]
    return sorted(
        game.board.names[sq]
        for sq in range(game.board.count)
        if mine[sq] and any(mine[n] for n in game.board.neighbours[sq])
    )


def _queries() -> list[Query]:
    from_param = QueryParam("from", "square", "the square the chain starts from")
    return [
        Query("movable_pieces", _q_movable_pieces, "number", (), inspect.getdoc(_q_movable_pieces)),
        Query(
            "can_reach",
            _q_can_reach,
            "boolean",
            (from_param, QueryParam("to", "square", "the square the chain must end on")),
            inspect.getdoc(_q_can_reach),
        ),
        Query("reachable_squares", _q_reachable_squares, "squares", (from_param,),
              inspect.getdoc(_q_reachable_squares)),
        Query("moves_from", _q_moves_from, "moves", (from_param,), inspect.getdoc(_q_moves_from)),
        Query("can_eliminate", _q_can_eliminate, "boolean", (), inspect.getdoc(_q_can_eliminate)),
        Query("elimination_allowed", _q_elimination_allowed, "boolean", (),
              inspect.getdoc(_q_elimination_allowed)),
        Query("eliminate_targets", _q_eliminate_targets, "squares", (),
              inspect.getdoc(_q_eliminate_targets)),
        Query(
            "stack_after_eliminate",
            _q_stack_after_eliminate,
            "text",
            (QueryParam("square", "square", "the square to eliminate on"),),
            inspect.getdoc(_q_stack_after_eliminate),
        ),
        Query("summon_squares", _q_summon_squares, "squares", (), inspect.getdoc(_q_summon_squares)),
        Query("white_turns_blocked", _q_white_turns_blocked, "number", (),
              inspect.getdoc(_q_white_turns_blocked)),
        Query("controlled_squares", _q_controlled_squares, "squares", (),
              inspect.getdoc(_q_controlled_squares)),
        Query("linked_squares", _q_linked_squares, "squares", (), inspect.getdoc(_q_linked_squares)),
    ]


GAME = UkejalayerGame
