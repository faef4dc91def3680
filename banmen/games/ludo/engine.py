"""The turn state machine of the Ludo family: tables, states, moves, play, end and ranking.

Implements ``shared/rules/ludo.md`` ("A turn", "Sending back", "End and ranking").

Model of a turn (the roll is input; randomness lives only in :mod:`.simulate`):

* A state with ``roll == 0`` waits for a die: its legal moves are the six chance moves
  ``roll 1`` .. ``roll 6`` (so perft and the generic tools work through the contract).
* A state with a roll (1..6) offers the piece moves for that roll, or the single move
  ``pass`` when no piece can use it. When the roll is the third consecutive 6 of the turn it is
  void: ``pass`` is then the only move and applies the ``third_six`` penalty.
* After the move (or pass) the same colour rolls again (a 6 with ``extra_roll_on_six``; a
  failed try from the yard under ``three_tries``) or the turn passes to the next unfinished
  colour in seat order; either way the new state has no roll yet.

Speed: the per-rule work is precomputed per rule set (:class:`Variant`): for every progress
and roll the waypoints of the move, the final progress and the landings where a send-back is
checked; for every colour and progress the loop square a piece there can be hit on. The
simulation drives the same mutable core (:class:`Turn`) as :meth:`LudoGame.play`.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from banmen.games.ludo.rules import LudoRules
from banmen.games.ludo.track import (
    COLOURS,
    FLIGHT_FROM,
    FLIGHT_TO,
    JUMP,
    JUMP_LIMIT,
    SAFE_T,
    SEATED,
    YARD,
    geometry,
    loop_t,
)

#: waypoint kinds of a move: how the piece reached that progress.
ENTER, MOVE, JUMP_KIND, FLIGHT, BOUNCE = "enter", "move", "jump", "flight", "bounce"


# =========================================================================== tables


class Variant:
    """Precomputed tables of one rule set (hashable and equal by its rules).

    Attributes:
        rules: the :class:`LudoRules`.
        start, loop_end, goal: progress of the entry square, the last loop square, the goal.
        waypoints: ``waypoints[d][roll]`` (``d`` from -1 = yard to goal, negative index works)
            -> ``None`` when that piece cannot use the roll, else a tuple of ``(progress,
            kind)`` in order: the normal arrival (``"enter"`` or ``"move"``), then ``"jump"``
            / ``"flight"`` landings, or for a bounce the goal (``"move"``) then the bounce.
        final: ``final[d][roll]`` -> the progress after the whole move, or ``None``.
        landings: ``landings[d][roll]`` -> the progresses (loop squares only) where pieces of
            other colours are sent back, in order.
        hit: colour -> list indexed by progress (-1 = yard last) -> the loop square T where a
            piece at that progress can be sent back, or -1 (yard, take-off, home column, goal,
            safe square).
    """

    __slots__ = ("rules", "start", "loop_end", "goal", "enter", "extra", "waypoints", "final",
                 "landings", "hit", "_seat_hits")

    def __init__(self, rules: LudoRules):
        self.rules = rules
        self.start, self.loop_end, self.goal = geometry(rules.entry_square)
        self.enter = frozenset(rules.enter_on)
        self.extra = rules.extra_roll_on_six
        size = self.goal + 2  # 0..goal, then the yard at index -1
        self.waypoints = [[None] * 7 for _ in range(size)]
        self.final = [[None] * 7 for _ in range(size)]
        self.landings = [[()] * 7 for _ in range(size)]
        for d in [*range(self.goal + 1), YARD]:
            for roll in range(1, 7):
                path = self._path(d, roll)
                if path is None:
                    continue
                self.waypoints[d][roll] = path
                self.final[d][roll] = path[-1][0]
                self.landings[d][roll] = tuple(p for p, kind in path if kind != BOUNCE
                                               and 1 <= p <= self.loop_end)
        self.hit = {colour: self._hit_list(colour) for colour in COLOURS}
        self._seat_hits: dict[tuple[str, ...], tuple[list[int], ...]] = {}

    def _path(self, d: int, roll: int) -> tuple[tuple[int, str], ...] | None:
        """The waypoints of a piece at ``d`` using ``roll`` (``shared/rules/ludo.md``,
        "Moving"; jumps and flights only after a normal arrival on the loop)."""
        rules, goal = self.rules, self.goal
        if d == YARD:
            return ((self.start, ENTER),) if roll in self.enter else None
        if d == goal:
            return None
        target = d + roll
        if target > goal:
            if rules.overshoot == "forbid":
                return None
            if rules.overshoot == "finish":
                return ((goal, MOVE),)
            return ((goal, MOVE), (2 * goal - target, BOUNCE))
        path = [(target, MOVE)]
        if 1 <= target <= self.loop_end:
            if rules.flights and target == FLIGHT_FROM:
                path.append((FLIGHT_TO, FLIGHT))
            elif rules.jumps and target % 4 == 2 and target <= JUMP_LIMIT:
                path.append((target + JUMP, JUMP_KIND))
                if rules.flights and target + JUMP == FLIGHT_FROM:
                    path.append((FLIGHT_TO, FLIGHT))
        return tuple(path)

    def _hit_list(self, colour: str) -> list[int]:
        hits = [-1] * (self.goal + 2)
        for d in range(1, self.loop_end + 1):
            t = loop_t(colour, d)
            if not (self.rules.safe_squares and t in SAFE_T):
                hits[d] = t
        return hits

    def seat_hits(self, colours: tuple[str, ...]) -> tuple[list[int], ...]:
        """Return the :attr:`hit` lists of ``colours`` in seat order (cached)."""
        hits = self._seat_hits.get(colours)
        if hits is None:
            hits = self._seat_hits[colours] = tuple(self.hit[c] for c in colours)
        return hits

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and (self is other or self.rules == other.rules)

    def __hash__(self) -> int:
        return hash(self.rules)

    def __repr__(self) -> str:
        return f"Variant({self.rules!r})"


@functools.lru_cache(maxsize=64)
def variant_for(rules: LudoRules) -> Variant:
    """Return the (cached) :class:`Variant` of ``rules``."""
    return Variant(rules)


# =========================================================================== states, moves


class Move(NamedTuple):
    """A move: ``kind`` ``"roll"`` (``value`` = the die, a chance move), ``"move"``
    (``value`` = the 0-based index of the side to move's piece) or ``"pass"`` (``value`` 0)."""

    kind: str
    value: int = 0


ROLL_MOVES: tuple[Move, ...] = tuple(Move("roll", n) for n in range(1, 7))
PASS = Move("pass", 0)
PIECE_MOVES: tuple[Move, ...] = tuple(Move("move", i) for i in range(4))


class LudoState(NamedTuple):
    """An immutable, hashable position.

    Attributes:
        variant: the rule tables the position is played under (the position's preset).
        colours: the colours in play, in seat order (``("red", "blue")``).
        pieces: per seat, each piece's progress (-1 yard, ``goal`` = reached the goal).
        to_move: the seat index of the side to move.
        roll: the stated roll 1..6, or 0 while the die is still to be rolled.
        sixes: consecutive sixes already rolled this turn, before ``roll`` (0..2).
        tries: failed rolls from the yard already used this turn (three tries; 0..2).
        last: index of the side to move's piece last moved this turn, or -1.
        finished: seats that have finished, in finishing order.
        send_backs: per seat, how many opponent pieces it has sent back so far.
    """

    variant: Variant
    colours: tuple[str, ...]
    pieces: tuple[tuple[int, ...], ...]
    to_move: int
    roll: int = 0
    sixes: int = 0
    tries: int = 0
    last: int = -1
    finished: tuple[int, ...] = ()
    send_backs: tuple[int, ...] = ()


def initial_state(rules: LudoRules) -> LudoState:
    """Return the start: ``rules.colours`` colours (red, blue / red, yellow, blue / all four),
    every piece in its yard, red to roll."""
    colours = SEATED[rules.colours]
    return LudoState(variant_for(rules), colours,
                     tuple((YARD,) * rules.pieces for _ in colours), 0,
                     send_backs=(0,) * len(colours))


def is_over(state: LudoState) -> bool:
    """Return True when the game has ended: every rank is decided (at most one colour has not
    finished) or, with ``stop_at_first``, some colour has finished."""
    done = len(state.finished)
    return done >= len(state.colours) - 1 or (done > 0 and state.variant.rules.stop_at_first)


def is_void_six(state: LudoState) -> bool:
    """Return True when the stated roll is the third consecutive 6 of the turn (void)."""
    return state.roll == 6 and state.sixes >= 2


def movable(state: LudoState) -> list[int]:
    """Return the indices of the side to move's pieces that can use the stated roll (none for
    a void third six or when no roll is stated)."""
    roll = state.roll
    if roll == 0 or is_void_six(state):
        return []
    final = state.variant.final
    return [i for i, d in enumerate(state.pieces[state.to_move]) if final[d][roll] is not None]


def legal_moves(state: LudoState) -> list[Move]:
    """Return the legal moves: ``[]`` when the game is over; the six rolls when no roll is
    stated; else the piece moves by piece index, or ``[pass]``."""
    if is_over(state):
        return []
    if state.roll == 0:
        return list(ROLL_MOVES)
    indices = movable(state)
    if not indices:
        return [PASS]
    return [PIECE_MOVES[i] for i in indices]


# =========================================================================== the core


class Turn:
    """The mutable core of play, shared by :func:`play` and the simulation.

    Attributes mirror :class:`LudoState` (``pieces`` as lists, ``finished`` and
    ``send_backs`` as lists). After :meth:`apply`, ``sent`` is the number of pieces the move
    sent back, ``returned`` the index of a piece the third-six penalty returned (or -1) and
    ``bounced`` whether the move bounced off the goal.
    """

    __slots__ = ("v", "colours", "hits", "pieces", "seat", "roll", "sixes", "tries", "last",
                 "finished", "send_backs", "sent", "returned", "bounced")

    def __init__(self, state: LudoState):
        self.v = state.variant
        self.colours = state.colours
        self.hits = self.v.seat_hits(state.colours)
        self.pieces = [list(p) for p in state.pieces]
        self.seat = state.to_move
        self.roll = state.roll
        self.sixes = state.sixes
        self.tries = state.tries
        self.last = state.last
        self.finished = list(state.finished)
        self.send_backs = list(state.send_backs)
        self.sent = 0
        self.returned = -1
        self.bounced = False

    def state(self) -> LudoState:
        """Return the immutable state of this turn."""
        return LudoState(self.v, self.colours, tuple(tuple(p) for p in self.pieces), self.seat,
                         self.roll, self.sixes, self.tries, self.last, tuple(self.finished),
                         tuple(self.send_backs))

    def movable(self) -> list[int]:
        """Indices of the side to move's pieces that can use ``roll`` (see :func:`movable`)."""
        roll = self.roll
        if roll == 6 and self.sixes >= 2:
            return []
        final = self.v.final
        return [i for i, d in enumerate(self.pieces[self.seat]) if final[d][roll] is not None]

    def sends(self, index: int) -> int:
        """Return how many pieces moving piece ``index`` with ``roll`` would send back."""
        seat, hits = self.seat, self.hits
        d = self.pieces[seat][index]
        count = 0
        seen = set()
        mine = hits[seat]
        for land in self.v.landings[d][self.roll]:
            t = mine[land]
            if t < 0 or t in seen:
                continue
            seen.add(t)
            for s, own in enumerate(self.pieces):
                if s != seat:
                    hs = hits[s]
                    for p in own:
                        if hs[p] == t:
                            count += 1
        return count

    def apply(self, index: int | None) -> None:
        """Play piece ``index`` (or pass when ``None``) with the stated roll, then decide who
        rolls next (``shared/rules/ludo.md``, "A turn")."""
        v, seat, roll = self.v, self.seat, self.roll
        own = self.pieces[seat]
        self.sent, self.returned, self.bounced = 0, -1, False
        if roll == 6 and self.sixes >= 2:  # the third six: void, maybe a penalty, turn over
            last = self.last
            if v.rules.third_six == "return_last" and last >= 0 and own[last] != v.goal:
                own[last] = YARD
                self.returned = last
            self._end_turn()
            return
        if index is not None:
            d = own[index]
            final = v.final[d][roll]
            own[index] = final
            self.bounced = v.waypoints[d][roll][-1][1] == BOUNCE
            mine = self.hits[seat]
            for land in v.landings[d][roll]:
                t = mine[land]
                if t >= 0:
                    self._send_back(t)
            self.last = index
            if all(p == v.goal for p in own):
                self.finished.append(seat)
                self._end_turn()
                return
        if roll == 6 and v.extra:
            self.sixes += 1
            self.roll = 0
            if index is not None:  # a piece left the yard or moved: no more yard tries
                self.tries = 0
            return
        if (index is None and v.rules.three_tries and self.tries < 2
                and all(p == YARD or p == v.goal for p in own)):
            self.tries += 1
            self.sixes = 0
            self.roll = 0
            return
        self._end_turn()

    def _send_back(self, t: int) -> None:
        seat, hits = self.seat, self.hits
        for s, own in enumerate(self.pieces):
            if s == seat:
                continue
            hs = hits[s]
            for i, p in enumerate(own):
                if hs[p] == t:
                    own[i] = YARD
                    self.sent += 1
                    self.send_backs[seat] += 1

    def _end_turn(self) -> None:
        n = len(self.pieces)
        seat = self.seat
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if nxt not in self.finished:
                self.seat = nxt
                break
        self.roll = self.sixes = self.tries = 0
        self.last = -1


def play(state: LudoState, move: Move) -> LudoState:
    """Return the state after ``move`` (assumed legal): a roll states the die; a piece move or
    pass applies the roll (see :meth:`Turn.apply`)."""
    if move.kind == "roll":
        return state._replace(roll=move.value)
    turn = Turn(state)
    turn.apply(move.value if move.kind == "move" else None)
    return turn.state()


def sends(state: LudoState, move: Move) -> int:
    """Return how many pieces ``move`` sends back in ``state`` (0 for rolls and passes)."""
    if move.kind != "move":
        return 0
    return Turn(state).sends(move.value)


def waypoints(state: LudoState, move: Move) -> tuple[tuple[int, str], ...]:
    """Return the ``(progress, kind)`` waypoints of a piece move (empty for rolls, passes)."""
    if move.kind != "move":
        return ()
    d = state.pieces[state.to_move][move.value]
    return state.variant.waypoints[d][state.roll] or ()


# =========================================================================== ranking


def progress_sum(state: LudoState, seat: int) -> int:
    """Return the sum of a seat's progress (yard = 0, goal = the goal's d)."""
    return sum(max(p, 0) for p in state.pieces[seat])


def ranking(state: LudoState) -> list[tuple[str, int]]:
    """Return ``(colour, rank)`` for every colour, best first (``shared/rules/ludo.md``, "End
    and ranking"): finished colours in finishing order (1, 2, ...), then the others by the sum
    of their progress, largest first; equal sums share a rank (1, 2, 2, 4)."""
    ranks = [(state.colours[s], i + 1) for i, s in enumerate(state.finished)]
    rest = sorted((s for s in range(len(state.colours)) if s not in state.finished),
                  key=lambda s: (-progress_sum(state, s), s))
    base = len(ranks)
    previous, rank = None, 0
    for i, s in enumerate(rest):
        total = progress_sum(state, s)
        if total != previous:
            rank, previous = base + i + 1, total
        ranks.append((state.colours[s], rank))
    return ranks
