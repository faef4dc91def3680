"""Static evaluations of positions, one per game, for the engine opponents of the play board.

``evaluate(game, state, side)`` returns a score in "pieces" from ``side``'s point of view:
higher is better for ``side``; 0 means even. It never looks ahead (the searches of
:mod:`banmen.opponent` do); a finished game is scored there from its outcome, not here.
Standard library only (the play board runs it in the browser under Pyodide).

Each game's evaluation, and the rule it leans on:

* ウケジャレイヤー (``shared/rules/ukejalayer.md``, "End of the game": a player with no
  square topped by them and nothing to summon has no action and loses): squares topped by
  the side minus squares topped by the opponent, plus a quarter point per piece of hand
  advantage (a piece in hand is a future summon).
* めだまがえる (``shared/rules/medamagaeru.md``, "Winning and drawing": captures win): ten
  points per capture ahead, plus one per piece ahead on the board.
* スーサイドチェッカー (``shared/rules/suicide-checkers.md``: losing every piece wins): one
  point per piece fewer than the opponent, a king counting 1.5 (kings are harder to give
  away, so keeping one is a burden).
* バブーシュカ (``shared/rules/babuschka.md``, "Goal and end": complete own nests, small at
  the bottom, on the goal squares): the rows each own doll has advanced toward the far side,
  plus 4 for each doll that extends a correctly built nest on a goal square (own S at the
  bottom, then own M, then own L) and minus 3 for an own doll above a wrong base there (it
  has to leave again), minus the mean of the other sides.
* ルドー (``shared/rules/ludo.md``): each own piece's progress (a piece in the yard counts
  −6, one at the goal its goal progress plus 6), minus the mean of the other colours.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

#: game id -> evaluation function (game, state, side) -> score for side.
Evaluation = Callable[[Any, Hashable, str], float]


def _ukejalayer(game: Any, state: Any, side: str) -> float:
    tops = {"W": 0, "B": 0}
    for stack in state.board:
        if stack:
            tops[stack[-1]] += 1
    me, other = ("W", "B") if side == "white" else ("B", "W")
    hand_me, hand_other = state.hands if side == "white" else state.hands[::-1]
    return tops[me] - tops[other] + 0.25 * (hand_me - hand_other)


def _medamagaeru(game: Any, state: Any, side: str) -> float:
    mine = 0 if side == "green" else 1
    captures = state.captures[mine] - state.captures[1 - mine]
    on_board = sum(1 if piece.owner == side else -1 for piece in state.board if piece is not None)
    return 10.0 * captures + on_board


def _suicide_checkers(game: Any, state: Any, side: str) -> float:
    own, other = (state.black, state.white) if side == "black" else (state.white, state.black)

    def weight(mask: int) -> float:
        return bin(mask).count("1") + 0.5 * bin(mask & state.kings).count("1")

    return weight(other) - weight(own)


def _babuschka(game: Any, state: Any, side: str) -> float:
    from banmen.games.babuschka.board import FORWARD, SIZE, goal_squares
    from banmen.games.babuschka.rules import SEATS, sides_of

    sides = sides_of(state.players)
    seats = SEATS[state.players]
    score = [0.0] * len(sides)
    for square, nest in enumerate(state.board):
        file, rank = square % SIZE, square // SIZE
        for doll in nest:
            owner = doll & 3
            dx, dy = FORWARD[seats[owner]]
            # rows from the own edge: 0 at the start, 7 at the far edge
            score[owner] += (file if dx > 0 else SIZE - 1 - file) if dx else \
                (rank if dy > 0 else SIZE - 1 - rank)
    for owner, seat in enumerate(seats):
        for square in goal_squares(state.players, seat):
            # the part of a complete nest already built (own S, then own M, then own L) counts;
            # an own doll above a wrong base has to leave again, so it counts against.
            built = True
            for size, doll in enumerate(state.board[square]):
                built = built and doll == size * 4 + owner
                if built:
                    score[owner] += 4
                elif doll & 3 == owner:
                    score[owner] -= 3
    me = sides.index(side)
    others = [value for index, value in enumerate(score) if index != me]
    return score[me] - sum(others) / len(others)


def _ludo(game: Any, state: Any, side: str) -> float:
    goal = state.variant.goal

    def score(progress: tuple[int, ...]) -> float:
        return sum(-6 if p < 0 else (p + 6 if p >= goal else p) for p in progress)

    scores = [score(pieces) for pieces in state.pieces]
    me = state.colours.index(side)
    others = [s for index, s in enumerate(scores) if index != me]
    return scores[me] - sum(others) / len(others)


EVALUATIONS: dict[str, Evaluation] = {
    "ukejalayer": _ukejalayer,
    "medamagaeru": _medamagaeru,
    "suicide-checkers": _suicide_checkers,
    "babuschka": _babuschka,
    "ludo": _ludo,
}


def evaluate(game: Any, state: Hashable, side: str) -> float:
    """Return the static score of ``state`` for ``side`` (see the module documentation).

    Args:
        game: the engine (:class:`banmen.game.Game`) the state belongs to.
        state: a position of that game.
        side: one of the game's side ids, e.g. ``"white"`` or ``"red"``.

    Raises:
        KeyError: the game has no evaluation.
    """
    return EVALUATIONS[game.id](game, state, side)
