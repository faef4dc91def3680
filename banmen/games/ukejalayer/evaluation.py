"""The static evaluation of a ウケジャレイヤー position, for the engine opponents of the play
board (:mod:`banmen.games.evaluation`; standard library only).

Rule leaned on: ``shared/rules/ukejalayer.md``, "End of the game": a player with no square
topped by them and nothing to summon has no action and loses. Score: squares topped by the
side minus squares topped by the opponent, plus a quarter point per piece of hand advantage
(a piece in hand is a future summon).
"""

from __future__ import annotations

from typing import Any


def evaluate(game: Any, state: Any, side: str) -> float:
    """Return the static score of ``state`` for ``side`` (see the module documentation;
    higher is better for ``side``)."""
    tops = {"W": 0, "B": 0}
    for stack in state.board:
        if stack:
            tops[stack[-1]] += 1
    me, other = ("W", "B") if side == "white" else ("B", "W")
    hand_me, hand_other = state.hands if side == "white" else state.hands[::-1]
    return tops[me] - tops[other] + 0.25 * (hand_me - hand_other)
