"""The static evaluation of a スーサイドチェッカー position, for the engine opponents of the
play board (:mod:`banmen.games.evaluation`; standard library only).

Rules leaned on: ``shared/rules/suicide-checkers.md``: losing every piece wins; a capture is
compulsory. Its own, since fewer pieces are good: one point per piece fewer than the
opponent, a king counting 1.5 (kings are harder to give away); one point
(:data:`GIVEAWAY_CAPTURE`) to the side not to move when the side to move has a capture to
make (a piece about to be given away); and a tenth of a point (:data:`GIVEAWAY_MOBILITY`) per
own move more than the opponent has (pieces able to capture, or else steps), as measured
with the ladder (``python tools/bench_play.py --ladder``; the opposite sign lost to random
play).
"""

from __future__ import annotations

from typing import Any

from banmen.games.suicide_checkers import bitboard as bb

#: what a capture the side to move must make is worth to the other side (about one piece
#: given away), and the weight of each move of own mobility.
GIVEAWAY_CAPTURE = 1.0
GIVEAWAY_MOBILITY = 0.1


def evaluate(game: Any, state: Any, side: str) -> float:
    """Return the static score of ``state`` for ``side`` (see the module documentation;
    higher is better for ``side``)."""
    black, white = bb.to_inner(state.black), bb.to_inner(state.white)
    kings = bb.to_inner(state.kings)
    own, other = (black, white) if side == "black" else (white, black)

    def weight(mask: int) -> float:
        return bin(mask).count("1") + 0.5 * bin(mask & kings).count("1")

    score = weight(other) - weight(own)
    black_to_move = state.black_to_move
    to_move = "black" if black_to_move else "white"
    if bb.jumpers(black, white, kings, black_to_move):
        # a capture to make (compulsory): the side to move is about to take a piece,
        # i.e. the other side is about to give one away
        score += -GIVEAWAY_CAPTURE if to_move == side else GIVEAWAY_CAPTURE
    mine = bb.mobility(black, white, kings, side == "black")
    theirs = bb.mobility(black, white, kings, side != "black")
    return score + GIVEAWAY_MOBILITY * (mine - theirs)
