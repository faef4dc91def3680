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
    move has one representative chain (``a1(3)b1(2)c1(1)d1``), the one with the fewest steps
    and, among those, the smallest when steps are compared as (from square in a1, a2, ...,
    b1, ... order, pieces carried, to square); see :meth:`UkejalayerGame.format_chain`.

    Revisits make the number of distinct moves grow fast with stack height: 30,416 for a
    lone 8-high stack on b2 (the most the default material allows), 248,925 for a 10-high one.

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

import contextlib
import functools
import gc
import inspect
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

import cachetools
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
        hand: pieces each player starts with in hand, 1..255; ``None`` (default) means
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
        le=255,
        strict=True,
        description="Pieces each player starts with in hand; unset means size*size // 2 "
        "(8 on 4x4).",
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
class _Geometry:
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
def _geometry(size: int) -> _Geometry:
    names = tuple(square_names(size))

    def name_key(i: int) -> tuple[int, int]:
        return (i % size, i // size)

    def neighbours_of(i: int) -> tuple[int, ...]:
        f, r = i % size, i // size
        around = [(f - 1, r), (f + 1, r), (f, r - 1), (f, r + 1)]
        found = [rr * size + ff for ff, rr in around if 0 <= ff < size and 0 <= rr < size]
        return tuple(sorted(found, key=name_key))

    canonical = tuple(sorted(range(size * size), key=lambda i: (-(i // size), i % size)))
    return _Geometry(
        size=size,
        names=names,
        index={n: i for i, n in enumerate(names)},
        neighbours=tuple(neighbours_of(i) for i in range(size * size)),
        name_order=tuple(sorted(range(size * size), key=name_key)),
        canonical_order=canonical,
        canonical_rank={sq: k for k, sq in enumerate(canonical)},
    )


def _geometry_of(board: tuple[str, ...]) -> _Geometry:
    return _geometry(math.isqrt(len(board)))


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
        return self.board[_geometry_of(self.board).index[square]]


class UkejalayerMove(NamedTuple):
    """One legal action, identified by its resulting position (an immutable, hashable tuple).

    Attributes:
        kind: ``"summon"``, ``"move"`` (a chain, 連携 included) or ``"eliminate"``.
        changes: ``(square name, height change)`` for every square whose height changes, in
            square index order (a1, b1, ..., a2, ...). Summon ``(("b2", 1),)``, eliminate
            ``(("c3", -1),)``, the chain ``a1(1)b1`` ``(("a1", -1), ("b1", 1))``.

    Two chains with the same result are the same move, so no chain is stored here: the
    representative chain comes from :meth:`UkejalayerGame.format_chain`.
    """

    kind: Literal["summon", "move", "eliminate"]
    changes: tuple[tuple[str, int], ...]


# --------------------------------------------------------------------------- chain search


#: bits per square in a packed chain state: one byte, so a code converts to the runs with
#: ``int.to_bytes`` (runs never exceed the material, at most 255 by the rules' bounds)
_FIELD = 8


@functools.cache
def _step_increments(size: int, largest_run: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Return ``table[t][run]``: the key increments of every step from square ``t``.

    A step from ``t`` where the mover's run is ``run`` may carry 1..run-1 pieces to any
    neighbour ``u``; in the packed key (see :class:`_ChainSearch`) that adds
    ``(u - t) << top`` (the current square) and ``carried * (unit(u) - unit(t))`` (the runs).
    Listed carried-major, neighbours in name order, which is the order chains are tried in.
    Step 1, which may carry the whole run, uses ``table[s][run + 1]``; hence runs up to
    ``largest_run + 1`` are listed.
    """
    geometry = _geometry(size)
    top = geometry.count * _FIELD

    def unit(square: int) -> int:
        return 1 << (square * _FIELD)

    return tuple(
        tuple(
            tuple(
                ((u - t) << top) + carried * (unit(u) - unit(t))
                for carried in range(1, run)
                for u in geometry.neighbours[t]
            )
            for run in range(largest_run + 2)
        )
        for t in range(geometry.count)
    )


class _ChainSearch:
    """Breadth-first search over every chain of the mover's pieces from some start squares.

    A chain state is the mover's own run on every square plus the square the last step landed
    on: that is all the rest of a chain depends on (the next step may carry up to run - 1
    pieces from there, spec "Move"), so each state is expanded once however many chains reach
    it, revisits included. A state is packed into one integer ``key``: the runs in fixed-width
    bit fields (the "code"), the current square above them. The search is breadth first and
    tries steps in (from, carried, to) order, so the first time a state is met its chain is the
    shortest one and, among those, the smallest in that order: the representative chain.

    Args:
        geometry: the board's squares and neighbours.
        runs: the mover's own run on each square before the move.
        starts: the squares step 1 may start from (in name order; squares with run 0 add
            nothing).
    """

    def __init__(self, geometry: _Geometry, runs: list[int], starts: Iterable[int]):
        self.geometry = geometry
        self.runs = bytes(runs)
        self.total = sum(runs)  # conserved along a chain: no run ever exceeds it
        self.top = geometry.count * _FIELD
        self.code_mask = (1 << self.top) - 1
        self.code0 = int.from_bytes(self.runs, "little")
        #: key -> key of the state the last step left, or ~square for step 1
        self.parent: dict[int, int] = {}
        #: keys in discovery order
        self.order: list[int] = []
        self._first_keys: dict[int, int] | None = None
        self._explore(list(starts))

    @staticmethod
    def _field(key: int, square: int) -> int:
        return (key >> (square * _FIELD)) & 0xFF

    def _explore(self, starts: list[int]) -> None:
        parent, order, top = self.parent, self.order, self.top
        table = _step_increments(self.geometry.size, self.total)
        for s in starts:
            base = self.code0 | (s << top)
            for increment in table[s][self.runs[s] + 1]:  # step 1 may take the whole run
                key = base + increment
                if key not in parent:
                    parent[key] = ~s
                    order.append(key)
        shifts = [sq * _FIELD for sq in range(self.geometry.count)]
        append = order.append
        for key in order:  # the list grows while we walk it: a FIFO queue
            here = key >> top
            for increment in table[here][(key >> shifts[here]) & 0xFF]:
                after = key + increment
                if after not in parent:
                    parent[after] = key
                    append(after)

    def result_codes(self) -> list[int]:
        """Return the distinct resulting runs codes in discovery order, without the unchanged
        position (an effective pass is illegal)."""
        codes = dict.fromkeys(map(self.code_mask.__and__, self.order))
        codes.pop(self.code0, None)
        return list(codes)

    def end_squares(self) -> set[int]:
        """Return the squares some chain changing the position ends on."""
        code0, code_mask, top = self.code0, self.code_mask, self.top
        return {key >> top for key in self.order if key & code_mask != code0}

    def changes(self, code: int) -> tuple[tuple[str, int], ...]:
        """Return ``(square name, height change)`` for each square the result ``code``
        changes, in square index order."""
        after = code.to_bytes(self.geometry.count, "little")
        return tuple(
            [(n, a - b) for n, a, b in zip(self.geometry.names, after, self.runs) if a != b]
        )

    def code_of(self, changes: Iterable[tuple[int, int]]) -> int:
        """Return the result code of ``(square index, height change)`` pairs."""
        return self.code0 + sum(d << (sq * _FIELD) for sq, d in changes)

    def chain_text(self, code: int) -> str:
        """Return the representative chain (``a1(3)b1(2)c1(1)d1``) of the result ``code``.

        Raises:
            KeyError: no chain gives ``code``.
        """
        if self._first_keys is None:
            first: dict[int, int] = {}
            for key in self.order:
                first.setdefault(key & self.code_mask, key)
            self._first_keys = first
        key = self._first_keys[code]
        names = self.geometry.names
        parts = [names[key >> self.top]]
        while True:
            previous = self.parent[key]
            if previous < 0:  # step 1, from square ~previous
                square = ~previous
                parts.append(f"{names[square]}({self.runs[square] - self._field(key, square)})")
                break
            square = previous >> self.top
            carried = self._field(previous, square) - self._field(key, square)
            parts.append(f"{names[square]}({carried})")
            key = previous
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
        self.geometry = _geometry(self.rules.size)
        # Per-position memos (perft, the solver and notation checks ask a position again and
        # again), bounded by the number of moves / chain states they hold: tall stacks give
        # 10^5..10^7 of them, and a result heavier than the whole bound is simply not kept.
        self._analyse = cachetools.cached(cachetools.LRUCache(
            maxsize=500_000, getsizeof=lambda a: 1 + len(a[0])))(self._analyse_uncached)
        self._search = cachetools.cached(cachetools.LRUCache(
            maxsize=400_000, getsizeof=lambda s: 1 + len(s.order)))(self._search_uncached)

    def position_schema(self) -> dict[str, Any]:
        """Return the JSON Schema of the position mapping (README.md, "Position files")."""
        last_file = chr(ord("a") + self.rules.size - 1)
        return {
            "type": "object",
            "additionalProperties": False,
            "required": ["to_move", "hands"],
            "properties": {
                "game": {"const": self.id},
                "to_move": {"enum": list(SIDES)},
                "hands": {
                    "type": "object", "additionalProperties": False,
                    "required": list(SIDES),
                    "properties": {side: {"type": "integer", "minimum": 0} for side in SIDES},
                },
                "white_wait": {"type": "integer", "minimum": 0,
                               "description": "White turns still barred from eliminating"},
                "board": {
                    "type": "object", "additionalProperties": False,
                    "description": "square -> stack of W/B, bottom to top",
                    "patternProperties": {
                        f"^[a-{last_file}][1-{self.rules.size}]$": {
                            "type": ["string", "null"], "pattern": "^[WB]*$"},
                    },
                },
            },
        }

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

    def _why_no_elimination(self, state: UkejalayerState) -> str:
        side = state.to_move
        in_hand = state.hand(side)
        if in_hand:
            return f"{side} cannot eliminate while it still has {_pieces(in_hand)} in hand"
        if self.rules.unlock != "self" and not self._moment_passed(state.hands):
            return "elimination is not unlocked yet (both hands must be empty)"
        wait = state.white_wait
        turns = "1 more white turn" if wait == 1 else f"{wait} more white turns"
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

    # ---- notation

    def format_move(self, state: UkejalayerState, move: UkejalayerMove) -> str:
        """Return the canonical notation (spec "Notation"): ``b2``, ``c3``, ``a1b1``, ``3a22a3b3``.

        Decreased squares, then increased ones, each by rank high to low then file a to d; a
        change of 2 or more is written before its square.
        """
        rank, index = self.geometry.canonical_rank, self.geometry.index
        ordered = sorted(move.changes, key=lambda c: (c[1] > 0, rank[index[c[0]]]))
        return "".join(f"{abs(d)}{name}" if abs(d) >= 2 else name for name, d in ordered)

    def format_chain(self, state: UkejalayerState, move: UkejalayerMove) -> str:
        """Return the chain notation of ``move`` in ``state``: ``a1(3)b1(2)c1(1)d1``.

        The representative chain (fewest steps, then smallest steps) for a chain move; the
        square alone for a summon or an elimination. ``parse_move`` reads it back.

        Raises:
            IllegalMoveError: ``move`` is not legal in ``state``.
        """
        if move not in self._analyse(state)[1]:
            raise IllegalMoveError(
                f"{self.format_move(state, move)} is not a legal move of {state.to_move} here"
            )
        if move.kind != "move":
            return move.changes[0][0]
        search = self._search(state, None)
        index = self.geometry.index
        return search.chain_text(search.code_of((index[n], d) for n, d in move.changes))

    def notations(self, state: UkejalayerState, move: UkejalayerMove) -> list[str]:
        """Return ``[canonical, chain]`` for a chain move, ``[canonical]`` otherwise.

        Both are accepted by :meth:`parse_move` (spec "Notation").

        Raises:
            IllegalMoveError: ``move`` is not legal in ``state``.
        """
        canonical = self.format_move(state, move)
        chain = self.format_chain(state, move)
        return [canonical] if chain == canonical else [canonical, chain]

    def parse_move(self, state: UkejalayerState, text: str) -> UkejalayerMove:
        """Read canonical (``a1b1``, ``3a22a3b3``, ``b2``) or chain (``a1(2)b1(1)c1``) text.

        A single square is a summon when the square is empty, an elimination otherwise.

        Returns:
            The legal :class:`UkejalayerMove`; every chain with the same result gives the
            same move.

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
            return self.geometry.index[name]
        except KeyError:
            raise NotationError(f"square {name} is off the {self.geometry.describe()}") from None

    def _lookup(self, state: UkejalayerState, move: UkejalayerMove) -> UkejalayerMove | None:
        return move if move in self._analyse(state)[1] else None

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
                raise NotationError(f"square {self.geometry.names[sq]} appears twice")
        if len(tokens) == 1:
            return self._parse_single(state, *tokens[0])
        return self._parse_height_changes(state, text, tokens)

    def _parse_single(self, state: UkejalayerState, sq: int, count: int) -> UkejalayerMove:
        name = self.geometry.names[sq]
        if count != 1:
            raise NotationError(
                "a single square is a summon or an elimination and takes no count "
                f"(got '{count}{name}')"
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
        rank = self.geometry.canonical_rank
        for group in (tokens[:split], tokens[split:]):
            order = [rank[sq] for sq, _ in group]
            if order != sorted(order):
                raise NotationError(
                    f"squares in '{text}' must be ordered by rank from high to low, then file "
                    "from a, within the decreased and the increased group"
                )
        changes = [(sq, -count) for sq, count in tokens[:split]]
        changes += [(sq, count) for sq, count in tokens[split:]]
        move = self._move_of(changes)
        legal = self._lookup(state, move)
        if legal is not None:
            return legal
        raise IllegalMoveError(self._why_not_changes(state, changes))

    def _why_not_changes(self, state: UkejalayerState, changes: list[tuple[int, int]]) -> str:
        side = state.to_move
        runs = self._runs(state)
        names = self.geometry.names
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
        changes = [(sq, runs[sq] - before[sq]) for sq in range(self.geometry.count)]
        changes = [(sq, d) for sq, d in changes if d]
        if not changes:
            raise IllegalMoveError(
                "the chain leaves the position unchanged (an effective pass is illegal)"
            )
        legal = self._lookup(state, self._move_of(changes))
        if legal is None:  # not expected: the simulation mirrors the generator
            raise IllegalMoveError(f"chain {text} is not a legal move of {state.to_move} here")
        return legal

    def _simulate_chain(self, state: UkejalayerState, steps: list[tuple[int, int]]) -> list[int]:
        """Play a chain on the runs, step by step; return the runs after it.

        Raises:
            IllegalMoveError: naming the first step that breaks a rule.
        """
        side = state.to_move
        names = self.geometry.names
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
            if there not in self.geometry.neighbours[here]:
                raise IllegalMoveError(
                    f"{names[there]} is not orthogonally next to {names[here]}"
                )
            runs[here] -= carried
            runs[there] += carried
        return runs

    # ---- positions

    _KEYS = ("game", "to_move", "hands", "white_wait", "board")

    def position_from_yaml(self, data: Mapping[str, Any]) -> UkejalayerState:
        """Build a state from the position mapping (README.md, "Position files").

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
            raise PositionError(
                f"to_move must be 'white' or 'black' (got '{to_move}')", ("to_move",)
            )
        hands = self._read_hands(data["hands"])
        board = self._read_board({} if data.get("board") is None else data["board"])
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
        board = [""] * self.geometry.count
        for name, stack in value.items():
            path = ("board", name)
            if not isinstance(name, str) or not re.fullmatch(r"[a-z][0-9]+", name):
                raise PositionError(
                    f"'{name}' is not a square (expected a file letter then a rank, like 'c2')",
                    path, key=True,
                )
            if name not in self.geometry.index:
                raise PositionError(f"square {name} is off the {self.geometry.describe()}", path,
                                    key=True)
            if stack is None:
                stack = ""
            if not isinstance(stack, str) or not re.fullmatch(r"[WB]*", stack):
                raise PositionError(
                    f"stack must be a string of W and B, bottom to top (got {stack!r})", path
                )
            board[self.geometry.index[name]] = stack
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
        # 0 is true of every position before the unlock too, so scripts may always write it.
        if wait and 0 not in hands:
            raise PositionError("white_wait must be 0 until a hand is empty", path)
        if wait and self.rules.unlock == "self":
            raise PositionError(
                "white_wait must be 0 under unlock 'self' (white_delay is ignored)", path
            )
        if wait and not self._moment_passed(hands):
            raise PositionError(
                "white_wait must be 0 until both hands are empty (unlock 'both')", path
            )
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
            name: stack for name, stack in zip(self.geometry.names, state.board) if stack
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
                f"{square} has no {OTHER[state.to_move]} piece under a {state.to_move} top"
            )
        return _eliminate_from(stack, state.to_move)

    def game_queries(self) -> dict[str, Query]:
        """Return the Ukeja Layer queries (see :func:`_queries`), by name."""
        return {q.name: q for q in _queries()}


# --------------------------------------------------------------------------- module helpers


@contextlib.contextmanager
def _gc_paused():
    """Pause the cyclic garbage collector while tens of thousands of move tuples are built.

    They hold no cycles, but their sheer number triggers collection after collection (a third
    of the time for a tall stack); the previous setting is restored afterwards.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


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
    names = _geometry_of(before.board).names
    return {
        name: len(b) - len(a)
        for name, a, b in zip(names, before.board, after.board)
        if len(a) != len(b)
    }


# --------------------------------------------------------------------------- queries


def _query_square(game: UkejalayerGame, value: Any) -> str:
    name = str(value).strip()
    if name not in game.geometry.index:
        raise QueryError(f"'{value}' is not a square of the {game.geometry.describe()}")
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
    """Whether the side to move has a legal elimination now.

    Allowed (hand empty, unlocked, not delayed) and some square with its top over an enemy
    piece.

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
    """Squares where the side to move may eliminate now.

    shared/rules/ukejalayer.md, "Eliminate (排除) and its unlock (解禁)".
    """
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
    """Squares whose top is the side to move's.

    shared/rules/ukejalayer.md, "Board and material" (the top decides who controls a square).
    """
    piece = PIECE[state.to_move]
    return sorted(n for n, s in zip(game.geometry.names, state.board) if s.endswith(piece))


def _q_linked_squares(game: UkejalayerGame, state: UkejalayerState) -> list[str]:
    """Squares topped by the side to move with an orthogonal neighbour also topped by it (連携).

    shared/rules/ukejalayer.md, "Move (including 連携, linking)".
    """
    piece = PIECE[state.to_move]
    mine = [s.endswith(piece) for s in state.board]
    return sorted(
        game.geometry.names[sq]
        for sq in range(game.geometry.count)
        if mine[sq] and any(mine[n] for n in game.geometry.neighbours[sq])
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
        Query("summon_squares", _q_summon_squares, "squares", (),
              inspect.getdoc(_q_summon_squares)),
        Query("white_turns_blocked", _q_white_turns_blocked, "number", (),
              inspect.getdoc(_q_white_turns_blocked)),
        Query("controlled_squares", _q_controlled_squares, "squares", (),
              inspect.getdoc(_q_controlled_squares)),
        Query("linked_squares", _q_linked_squares, "squares", (),
              inspect.getdoc(_q_linked_squares)),
    ]


GAME = UkejalayerGame
