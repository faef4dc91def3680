"""バブーシュカ states, moves and jump chains.

``shared/rules/babuschka.md`` "A turn: one action, move or jump", "Goal and end".

A **move** is :class:`Move` ``(path)``: the squares the moving doll visits, origin first, then
every landing; a step has two squares, a jump chain one more square per jump, and the pass is
the empty path :data:`PASS`.

Jump chains and revisits ([decision], documented on the site): the doll is lifted first, so
during a chain the board is the board without the mover (its origin square shows what it
covered, and may be jumped over or landed on like any other square). Nothing else changes
during a chain, so which jumps are possible from a square never depends on how the doll got
there. Therefore:

* a chain **may** land again on a square it already visited (its origin included); such a loop
  changes nothing, and the final square alone identifies the move ("distinct final squares are
  distinct moves"); a chain that ends on its origin is no move;
* the moves of a doll are: each step target, and each square other than the origin reachable
  by one or more jumps (a breadth-first search over landing squares);
* the canonical chain of a jump move (its notation and :func:`move_path`) is the shortest one,
  and among the shortest the one whose landing squares come first in board order;
* :func:`longest_chain` counts the jumps of the longest chain that lands on no square twice
  (a loop would make every chain with a loop unbounded and adds nothing).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from banmen.game import IllegalMoveError
from banmen.games.babuschka import board as geo
from banmen.games.babuschka.rules import PER_SIZE, SEATS, L, M, S, doll

Nest = tuple[int, ...]
Board = tuple[Nest, ...]


class Move(NamedTuple):
    """One action: ``path`` = (origin, landing, ..., final) square numbers; ``()`` is the pass."""

    path: tuple[int, ...]

    @property
    def is_pass(self) -> bool:
        """True for the pass."""
        return not self.path

    @property
    def origin(self) -> int:
        """The square the doll leaves."""
        return self.path[0]

    @property
    def target(self) -> int:
        """The final square."""
        return self.path[-1]

    @property
    def is_jump(self) -> bool:
        """True for a jump chain (the first landing is two squares away)."""
        if not self.path:
            return False
        a, b = self.path[0], self.path[1]
        return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8)) == 2

    @property
    def jumps(self) -> int:
        """Number of jumps (0 for a step or the pass)."""
        return len(self.path) - 1 if self.is_jump else 0


PASS = Move(())


@dataclass(frozen=True)
class BabuschkaState:
    """An immutable, hashable position.

    Attributes:
        players: 2 or 4.
        board: 64 nests indexed by square number (off-board squares always empty); each nest a
            tuple of dolls bottom to top (see :mod:`banmen.games.babuschka.rules`).
        to_move: index of the side to move (see ``sides_of(players)``).
        passes: consecutive passes just played (0 after any move).
        finished: side indices that have all their nests home, in the order they finished
            (four players with ``rank_all``; otherwise at most one: the winner).
    """

    players: int
    board: Board
    to_move: int
    passes: int = 0
    finished: tuple[int, ...] = ()

    def nest(self, square: int) -> Nest:
        """Return the nest on ``square`` (bottom to top; empty tuple when empty)."""
        return self.board[square]


def empty_board() -> list[Nest]:
    """Return a mutable board with every square empty."""
    return [()] * 64


def start_board(players: int) -> Board:
    """Return the start position's board: a full nest S, M, L of its owner on each start square
    (``shared/rules/babuschka.md`` "Material")."""
    cells = empty_board()
    for side, seat in enumerate(SEATS[players]):
        for square in geo.START[players][seat]:
            cells[square] = (doll(S, side), doll(M, side), doll(L, side))
    return tuple(cells)


def home_nest(side: int) -> Nest:
    """Return the complete own nest of ``side``: its S, M, L bottom to top."""
    return (doll(S, side), doll(M, side), doll(L, side))


def goal_squares(players: int, side: int) -> tuple[int, ...]:
    """Return the goal squares of side index ``side``."""
    return geo.goal_squares(players, SEATS[players][side])


def complete_nests(state: BabuschkaState, side: int) -> int:
    """Return how many goal squares of ``side`` hold its complete own nest (S, M, L, nothing
    else)."""
    home = home_nest(side)
    return sum(1 for sq in goal_squares(state.players, side) if state.board[sq] == home)


def is_home(board: Board, players: int, side: int) -> bool:
    """Return True when every goal square of ``side`` holds its complete own nest, i.e. (with
    its full material of 4 or 2 of each size) all its dolls stand home in the right order:
    the win of ``shared/rules/babuschka.md`` "Goal and end"."""
    home = home_nest(side)
    return all(board[sq] == home for sq in goal_squares(players, side))


#: (players, side) -> the squares that side may not land on: the goal squares of the others
#: (four players only; ``shared/rules/babuschka.md`` "A turn").
FORBIDDEN: dict[tuple[int, int], frozenset[int]] = {
    (2, 0): frozenset(),
    (2, 1): frozenset(),
    **{
        (4, side): frozenset(
            sq for other in range(4) if other != side for sq in goal_squares(4, other)
        )
        for side in range(4)
    },
}


def heights(board: Board) -> list[int]:
    """Return per square 0 when empty, else the top doll's size + 1."""
    return [(nest[-1] >> 2) + 1 if nest else 0 for nest in board]


class Reach(NamedTuple):
    """What the top doll of one square can do: step targets and jump finals with their
    canonical chains (both in board order)."""

    steps: tuple[int, ...]
    chains: dict[int, tuple[int, ...]]


def reach(state: BabuschkaState, origin: int, fly_over_goals: bool = False,
          tops: list[int] | None = None) -> Reach:
    """Return where the top doll on ``origin`` can go, as its owner moving (whoever is to move).

    Args:
        state: the position.
        origin: a square number holding a doll.
        fly_over_goals: four players: whether a jump may fly over another player's goal square.
        tops: :func:`heights` of ``state.board`` if already computed.

    Returns:
        :class:`Reach`; ``chains`` maps each jump final (never ``origin``) to its canonical
        chain (origin, landings..., final): shortest, then first in board order.
    """
    nest = state.board[origin]
    mover = nest[-1]
    size, owner = mover >> 2, mover & 3
    seat = SEATS[state.players][owner]
    forbidden = FORBIDDEN[(state.players, owner)]
    h = list(tops) if tops is not None else heights(state.board)
    h[origin] = (nest[-2] >> 2) + 1 if len(nest) > 1 else 0  # the doll is lifted
    steps = tuple(t for t in geo.STEPS[seat][origin] if h[t] <= size and t not in forbidden)
    no_fly = forbidden if not fly_over_goals else frozenset()
    parent: dict[int, int] = {origin: -1}
    frontier = [origin]
    jumps = geo.JUMPS[seat]
    while frontier:
        following = []
        for here in frontier:
            for over, land in jumps[here]:
                if h[over] and h[land] <= size and land not in parent \
                        and land not in forbidden and over not in no_fly:
                    parent[land] = here
                    following.append(land)
        frontier = following
    chains: dict[int, tuple[int, ...]] = {}
    for final in sorted(parent):
        if final == origin:
            continue
        chain = [final]
        while parent[chain[-1]] != -1:
            chain.append(parent[chain[-1]])
        chains[final] = tuple(reversed(chain))
    return Reach(steps, chains)


def jump_possible(state: BabuschkaState, origin: int, here: int, land: int,
                  fly_over_goals: bool = False) -> IllegalMoveError | None:
    """Check one jump of the top doll of ``origin`` (lifted) from ``here`` to ``land``.

    Returns:
        ``None`` when the jump is allowed, else the error (not raised) whose English text,
        code and values give the reason (for notation errors).
    """
    nest = state.board[origin]
    mover = nest[-1]
    size, owner = mover >> 2, mover & 3
    seat = SEATS[state.players][owner]
    pairs = dict((b, a) for a, b in geo.JUMPS[seat][here])
    name = geo.square_name
    jump = {"square": name(here), "target": name(land)}
    if land not in pairs:
        dx, dy = land % 8 - here % 8, land // 8 - here // 8
        if {dx, dy} <= {-2, 0, 2} and (dx, dy) != (0, 0):
            return IllegalMoveError(f"{name(here)}x{name(land)} goes backward: a doll jumps "
                                    "forward, diagonally forward or sideways",
                                    code="jump_backward", values=jump)
        return IllegalMoveError(f"{name(here)}x{name(land)} is not a jump: a jump lands two "
                                "squares away in a straight line", code="not_a_jump",
                                values=jump)
    over = pairs[land]
    board = list(state.board)
    board[origin] = nest[:-1]
    if not board[over]:
        return IllegalMoveError(f"{name(here)}x{name(land)}: there is no doll on {name(over)} "
                                "to jump over", code="nothing_to_jump",
                                values={**jump, "over": name(over)})
    forbidden = FORBIDDEN[(state.players, owner)]
    if over in forbidden and not fly_over_goals:
        return IllegalMoveError(f"{name(here)}x{name(land)} flies over {name(over)}, a goal "
                                "square of another player", code="flies_over_goal",
                                values={**jump, "over": name(over)})
    return _landing_problem(board, land, size, forbidden)


def step_possible(state: BabuschkaState, origin: int, target: int) -> IllegalMoveError | None:
    """Check a step of the top doll of ``origin`` to ``target``; ``None`` when allowed, else
    the error (not raised) that gives the reason, as :func:`jump_possible`."""
    mover = state.board[origin][-1]
    size, owner = mover >> 2, mover & 3
    seat = SEATS[state.players][owner]
    name = geo.square_name
    step = {"square": name(origin), "target": name(target)}
    if target not in geo.STEPS[seat][origin]:
        if _distance(origin, target) == 1:
            return IllegalMoveError(f"{name(origin)}-{name(target)} goes backward: a doll "
                                    "moves forward, diagonally forward or sideways",
                                    code="step_backward", values=step)
        return IllegalMoveError(f"{name(origin)}-{name(target)} is not a step: write jumps "
                                f"with x (like {name(origin)}x...)", code="not_a_step",
                                values=step)
    return _landing_problem(state.board, target, size, FORBIDDEN[(state.players, owner)])


def _landing_problem(board, land: int, size: int,
                     forbidden: frozenset[int]) -> IllegalMoveError | None:
    name = geo.square_name(land)
    if land in forbidden:
        return IllegalMoveError(f"cannot land on {name}: it is a goal square of another player",
                                code="goal_of_other", values={"square": name})
    nest = board[land]
    if nest and nest[-1] >> 2 >= size:
        top, mover = "SML"[nest[-1] >> 2], "SML"[size]
        return IllegalMoveError(f"cannot land on {name}: its top doll ({top}) is not smaller "
                                f"than the mover ({mover})", code="not_smaller",
                                values={"square": name, "size": top, "mover": mover})
    return None


def _distance(a: int, b: int) -> int:
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def longest_chain(state: BabuschkaState, origin: int, fly_over_goals: bool = False) -> int:
    """Return the most jumps in one legal chain of the top doll on ``origin`` that lands on no
    square twice and does not end on its origin (0 when it cannot jump).

    Depth-first over simple paths; landings keep the parity of the origin in both coordinates,
    so at most 16 squares take part and the search stays small.
    """
    nest = state.board[origin]
    mover = nest[-1]
    size, owner = mover >> 2, mover & 3
    seat = SEATS[state.players][owner]
    forbidden = FORBIDDEN[(state.players, owner)]
    no_fly = forbidden if not fly_over_goals else frozenset()
    h = heights(state.board)
    h[origin] = (nest[-2] >> 2) + 1 if len(nest) > 1 else 0
    jumps = geo.JUMPS[seat]
    best = 0
    visited = {origin}

    def search(here: int, depth: int) -> None:
        nonlocal best
        for over, land in jumps[here]:
            if h[over] and h[land] <= size and land not in visited \
                    and land not in forbidden and over not in no_fly:
                best = max(best, depth + 1)
                visited.add(land)
                search(land, depth + 1)
                visited.discard(land)

    search(origin, 0)
    return best


def moves_of_side(state: BabuschkaState, side: int, fly_over_goals: bool = False
                  ) -> Iterator[Move]:
    """Yield every action of ``side``'s top dolls (no pass): origins in board order, for each
    the steps then the jump chains, finals in board order."""
    tops = heights(state.board)
    board = state.board
    for origin in geo.SQUARES:
        nest = board[origin]
        if nest and nest[-1] & 3 == side:
            found = reach(state, origin, fly_over_goals, tops)
            for target in found.steps:
                yield Move((origin, target))
            for chain in found.chains.values():
                yield Move(chain)


def has_action(state: BabuschkaState, side: int, fly_over_goals: bool = False) -> bool:
    """Return True when ``side`` has at least one action (so need not pass)."""
    return next(moves_of_side(state, side, fly_over_goals), None) is not None


def board_after(board: Board, move: Move) -> Board:
    """Return the board after ``move`` (the pass changes nothing): the top doll of the origin
    is lifted, uncovering what it covered, and covers the final square's nest."""
    if move.is_pass:
        return board
    cells = list(board)
    origin, target = move.path[0], move.path[-1]
    mover = cells[origin][-1]
    cells[origin] = cells[origin][:-1]
    cells[target] = cells[target] + (mover,)
    return tuple(cells)


def material_limit(players: int) -> int:
    """Return the dolls of each size each side owns (4 with two players, 2 with four)."""
    return PER_SIZE[players]


__all__ = [
    "Board", "BabuschkaState", "Move", "Nest", "PASS", "Reach", "board_after", "complete_nests",
    "empty_board", "goal_squares", "has_action", "heights", "home_nest", "is_home",
    "jump_possible", "longest_chain", "material_limit", "moves_of_side", "reach", "start_board",
    "step_possible", "L", "M", "S",
]
