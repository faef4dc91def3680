"""The static evaluation of a ルドー position, for the engine opponents of the play board
(:mod:`banmen.games.evaluation`; standard library only).

Rules leaned on: ``shared/rules/ludo.md``. Score: each own piece's progress (a piece in the
yard counts −12, :data:`LUDO_YARD`; one at the goal its goal progress plus 6); minus each own
piece's danger: the share of the six rolls with which some piece of another colour would land
on it ("Sending back", jumps and flights included), times what it would lose (its progress
plus 12); plus half (:data:`LUDO_THREAT`) the same danger of the other colours' pieces from
the own pieces; minus the mean of the other colours.
"""

from __future__ import annotations

import functools
from typing import Any

from banmen.games.ludo.track import YARD, loop_t

#: what a piece in the yard costs (below the take-off square's 0), and the weight of the
#: threats on the other colours' pieces (the own pieces' dangers weigh 1).
LUDO_YARD = 12
LUDO_THREAT = 0.5


@functools.lru_cache(maxsize=64)
def _reach(variant: Any, colour: str) -> dict[int, tuple[frozenset[int], ...]]:
    """progress of a ``colour`` piece -> per roll 1..6, the loop squares T where that move
    sends pieces back (its normal arrival and its jump and flight landings)."""
    return {d: tuple(frozenset(loop_t(colour, p) for p in variant.landings[d][roll])
                     for roll in range(1, 7))
            for d in [*range(variant.goal + 1), YARD]}


def evaluate(game: Any, state: Any, side: str) -> float:
    """Return the static score of ``state`` for ``side`` (see the module documentation;
    higher is better for ``side``)."""
    variant, colours = state.variant, state.colours
    goal = variant.goal

    def progress(pieces: tuple[int, ...]) -> float:
        return sum(-LUDO_YARD if p < 0 else (p + 6 if p >= goal else p) for p in pieces)

    def danger(victim: int, attackers: list[int]) -> float:
        # each piece of ``victim`` that some roll of an attacker sends back: the share of
        # the six rolls that do, times what the piece loses (its progress and the yard's cost)
        rolls: dict[int, set[int]] = {}
        for seat in attackers:
            reach = _reach(variant, colours[seat])
            for d in state.pieces[seat]:
                for roll, squares in enumerate(reach[d]):
                    for t in squares:
                        rolls.setdefault(t, set()).add(roll)
        if not rolls:
            return 0.0
        hits = variant.hit[colours[victim]]
        total = 0.0
        for d in state.pieces[victim]:
            t = hits[d]
            if t >= 0 and t in rolls:
                total += len(rolls[t]) / 6 * (d + LUDO_YARD)
        return total

    me = colours.index(side)
    others = [seat for seat in range(len(colours)) if seat != me]
    score = progress(state.pieces[me]) - sum(progress(state.pieces[s]) for s in others) \
        / len(others)
    threatened = sum(danger(seat, [me]) for seat in others) / len(others)
    return score - danger(me, others) + LUDO_THREAT * threatened
