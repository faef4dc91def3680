"""Static evaluations of positions, one per game, for the engine opponents of the play board.

``evaluate(game, state, side)`` returns a score in "pieces" from ``side``'s point of view:
higher is better for ``side``; 0 means even. It does not search (the searches of
:mod:`banmen.opponent` do), though it may look at the moves of the position itself (what
can be captured or covered next); a finished game is scored there from its outcome, not
here. Standard library only (the play board runs it in the browser under Pyodide). The
weights are the module's constants; ``python tools/bench_play.py --ladder`` measures them.

Each game's evaluation, and the rule it leans on:

* ウケジャレイヤー (``shared/rules/ukejalayer.md``, "End of the game": a player with no
  square topped by them and nothing to summon has no action and loses): squares topped by
  the side minus squares topped by the opponent, plus a quarter point per piece of hand
  advantage (a piece in hand is a future summon).
* めだまがえる (``shared/rules/medamagaeru.md``, "Winning and drawing": captures win): ten
  points per capture ahead, plus one per piece ahead on the board.
* スーサイドチェッカー (``shared/rules/suicide-checkers.md``: losing every piece wins; a
  capture is compulsory): its own, since fewer pieces are good: one point per piece fewer
  than the opponent, a king counting 1.5 (kings are harder to give away); one point
  (:data:`GIVEAWAY_CAPTURE`) to the side not to move when the side to move has a capture to
  make (a piece about to be given away); and a tenth of a point (:data:`GIVEAWAY_MOBILITY`)
  per own move more than the opponent has (pieces able to capture, or else steps), as
  measured with the ladder (the opposite sign lost to random play).
* バブーシュカ (``shared/rules/babuschka.md``, "Goal and end": complete own nests, small at
  the bottom, on the goal squares; "A turn": never backward): the rows each own doll has
  advanced toward the far side, plus 4 for each doll that extends a correctly built nest on
  a goal square (own S at the bottom, then own M, then own L) and minus 3 for an own doll
  above a wrong base there (it has to leave again); minus the mean of the other sides.
  Then, for ``side`` alone, the risks: 3 for each own doll on another side's goal square
  (at first its own start square: a doll covered there by the other side, which may never
  leave its goal, is lost for good and nobody can win any more), and 3 more when it is on
  top there and a bigger doll of another side can step onto it; counted from the start
  position's 12 (four players: 6) dolls there, so that the start scores 0. They do not count
  for the other sides, or a search would keep the other side's doll covered there. Each
  move forward counts, so that play goes on to the end instead of stalling.
* ルドー (``shared/rules/ludo.md``): each own piece's progress (a piece in the yard counts
  −12, :data:`LUDO_YARD`; one at the goal its goal progress plus 6); minus each own piece's
  danger: the share of the six rolls with which some piece of another colour would land on
  it ("Sending back", jumps and flights included), times what it would lose (its progress
  plus 12); plus half (:data:`LUDO_THREAT`) the same danger of the other colours' pieces
  from the own pieces; minus the mean of the other colours.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any

#: game id -> evaluation function (game, state, side) -> score for side.
Evaluation = Callable[[Any, Hashable, str], float]

#: suicide checkers: what a capture the side to move must make is worth to the other side
#: (about one piece given away), and the weight of each move of own mobility.
GIVEAWAY_CAPTURE = 1.0
GIVEAWAY_MOBILITY = 0.1
#: babuschka: the bonus of each doll of a correctly built nest on a goal square, the cost of
#: an own doll above a wrong base there, the cost of each doll on another side's goal square
#: (at first its own start square), and the extra cost when it is on top there and a bigger
#: doll of another side can cover it with one step.
BABUSCHKA_NEST = 4
BABUSCHKA_WRONG = 3
BABUSCHKA_HOME = 3
BABUSCHKA_COVERABLE = 3
#: ludo: what a piece in the yard costs (below the take-off square's 0), and the weight of
#: the threats on the other colours' pieces (the own pieces' dangers weigh 1).
LUDO_YARD = 12
LUDO_THREAT = 0.5


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
    from banmen.games import checkers_bitboard as bb

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


def _babuschka(game: Any, state: Any, side: str) -> float:
    from banmen.games.babuschka.board import FORWARD, SIZE, STEPS, goal_squares
    from banmen.games.babuschka.rules import SEATS, sides_of

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


@functools.lru_cache(maxsize=64)
def _ludo_reach(variant: Any, colour: str) -> dict[int, tuple[frozenset[int], ...]]:
    """progress of a ``colour`` piece -> per roll 1..6, the loop squares T where that move
    sends pieces back (its normal arrival and its jump and flight landings)."""
    from banmen.games.ludo.track import YARD, loop_t

    return {d: tuple(frozenset(loop_t(colour, p) for p in variant.landings[d][roll])
                     for roll in range(1, 7))
            for d in [*range(variant.goal + 1), YARD]}


def _ludo(game: Any, state: Any, side: str) -> float:
    variant, colours = state.variant, state.colours
    goal = variant.goal

    def progress(pieces: tuple[int, ...]) -> float:
        return sum(-LUDO_YARD if p < 0 else (p + 6 if p >= goal else p) for p in pieces)

    def danger(victim: int, attackers: list[int]) -> float:
        # each piece of ``victim`` that some roll of an attacker sends back: the share of
        # the six rolls that do, times what the piece loses (its progress and the yard's cost)
        rolls: dict[int, set[int]] = {}
        for seat in attackers:
            reach = _ludo_reach(variant, colours[seat])
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
