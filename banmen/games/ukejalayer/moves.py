"""Ukeja Layer board geometry, state, move and the chain search behind move generation.

Implements ``shared/rules/ukejalayer.md``, sections "Board and material" and "Move (including
連携, linking)" (squares, stacks, the pieces a chain lifts and drops); the
:class:`UkejalayerGame` methods in :mod:`.game` drive the search.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from banmen.game import EngineLimitError
from banmen.games.ukejalayer.rules import FILES, OTHER, PIECE, SIDES

#: Most chain states one move generation may visit (a few seconds and a few hundred MB);
#: beyond it the position has too many ways to spread its pieces to list them all.
MAX_CHAIN_STATES = 500_000


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

    Raises:
        EngineLimitError: more than :data:`MAX_CHAIN_STATES` states (checked as the search
            grows, so memory stays bounded).

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
        limit = MAX_CHAIN_STATES
        for key in order:  # the list grows while we walk it: a FIFO queue
            if len(order) > limit:
                raise EngineLimitError(
                    f"more than {limit} chain states for one move (the move generator's "
                    f"limit): {self.total} movable pieces are too many to list every move")
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
