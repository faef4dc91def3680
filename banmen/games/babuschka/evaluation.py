"""The static evaluation of a バブーシュカ position, for the engine opponents of the play
board (:mod:`banmen.games.evaluation`; standard library only).

Rules leaned on: ``shared/rules/babuschka.md``, "Goal and end": complete own nests, small at
the bottom, on the goal squares; "A turn": never backward. Score: the rows each own doll has
advanced toward the far side, plus :data:`BABUSCHKA_NEST` for each doll that extends a
correctly built nest on a goal square (own S at the bottom, then own M, then own L) and minus
:data:`BABUSCHKA_WRONG` for an own doll above a wrong base there (it has to leave again);
minus the mean of the other sides. Then, for ``side`` alone, the risks:
:data:`BABUSCHKA_HOME` for each own doll on another side's goal square (at first its own
start square: a doll covered there by the other side, which may never leave its goal, is
lost for good and nobody can win any more), and :data:`BABUSCHKA_COVERABLE` more when it is
on top there and a bigger doll of another side can step onto it; counted from the start
position's 12 (four players: 6) dolls there, so that the start scores 0. They do not count
for the other sides, or a search would keep the other side's doll covered there. Each move
forward counts, so that play goes on to the end instead of stalling.
"""

from __future__ import annotations

from typing import Any

from banmen.games.babuschka.board import FORWARD, SIZE, STEPS, goal_squares
from banmen.games.babuschka.rules import SEATS, sides_of

#: the bonus of each doll of a correctly built nest on a goal square, the cost of an own doll
#: above a wrong base there, the cost of each doll on another side's goal square (at first
#: its own start square), and the extra cost when it is on top there and a bigger doll of
#: another side can cover it with one step.
BABUSCHKA_NEST = 4
BABUSCHKA_WRONG = 3
BABUSCHKA_HOME = 3
BABUSCHKA_COVERABLE = 3


def evaluate(game: Any, state: Any, side: str) -> float:
    """Return the static score of ``state`` for ``side`` (see the module documentation;
    higher is better for ``side``)."""
    sides = sides_of(state.players)
    seats = SEATS[state.players]
    score = [0.0] * len(sides)
    # counted for ``side`` only (see below); from the start, where every doll of a side
    # (12 of two players', 6 of four) stands on another side's goal square, so that the
    # start scores 0
    risk = [-BABUSCHKA_HOME * 24 / state.players] * len(sides)
    board = state.board
    for square, nest in enumerate(state.board):
        if not nest:
            continue
        file, rank = square % SIZE, square // SIZE
        for doll in nest:
            owner = doll & 3
            dx, dy = FORWARD[seats[owner]]
            # rows from the own edge: 0 at the start, 7 at the far edge
            score[owner] += (file if dx > 0 else SIZE - 1 - file) if dx else \
                (rank if dy > 0 else SIZE - 1 - rank)
    goals = [goal_squares(state.players, seat) for seat in seats]
    for owner, squares in enumerate(goals):
        for square in squares:
            # another side's doll on this goal square (first of all on its own start square)
            # can be covered by this side's bigger dolls, which may then never leave
            nest = state.board[square]
            for doll in nest:
                if doll & 3 != owner:
                    risk[doll & 3] += BABUSCHKA_HOME
            if nest and nest[-1] & 3 != owner:
                top = nest[-1]
                for near in (square - 9, square - 8, square - 7, square - 1, square + 1,
                             square + 7, square + 8, square + 9):
                    if 0 <= near < 64 and board[near] and board[near][-1] & 3 != top & 3 \
                            and board[near][-1] >> 2 > top >> 2 \
                            and square in STEPS[seats[board[near][-1] & 3]][near]:
                        # ... above all when a bigger doll of another side can cover it now
                        risk[top & 3] += BABUSCHKA_COVERABLE
                        break
    for owner, squares in enumerate(goals):
        for square in squares:
            # the part of a complete nest already built (own S, then own M, then own L) counts;
            # an own doll above a wrong base has to leave again, so it counts against.
            built = True
            for size, doll in enumerate(state.board[square]):
                built = built and doll == size * 4 + owner
                if built:
                    score[owner] += BABUSCHKA_NEST
                elif doll & 3 == owner:
                    score[owner] -= BABUSCHKA_WRONG
    me = sides.index(side)
    others = [value for index, value in enumerate(score) if index != me]
    # the risks count against ``side`` only, not for the others: a search that counted them
    # for the other side would keep its dolls there, covered for good (a game no one wins)
    return score[me] - risk[me] - sum(others) / len(others)
