"""バブーシュカ move notation ([decision] of ``shared/rules/babuschka.md`` "Notation").

* a step: size letter, origin, ``-``, target: ``L c1-c2``;
* a jump chain: size letter, origin, then ``x`` before each landing: ``M d2xd4xf4``;
* the pass: ``pass``;
* four-player records prefix the seat letter (S, W, N, E) and a colon: ``W: S a4-b4``,
  ``N: pass``.

The canonical text of a jump move writes its canonical chain (the shortest, then the first in
board order; see :mod:`banmen.games.babuschka.moves`). Reading accepts any legal chain to the
same final square (revisits included), the seat prefix or none, and the size letter or none.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from banmen.errors import shorten
from banmen.game import IllegalMoveError, NotationError, Outcome
from banmen.games.babuschka import board as geo
from banmen.games.babuschka import moves as mv
from banmen.games.babuschka.rules import SEAT_LETTERS, SEATS, SIZES, sides_of

if TYPE_CHECKING:
    from banmen.games.babuschka.game import BabuschkaGame

_MOVE_RE = re.compile(
    r"(?:(?P<seat>[^\s:]+)\s*:\s*)?"
    r"(?:(?P<pass>pass)|(?:(?P<size>[A-Za-z])\s+)?(?P<origin>[a-z]\d+)"
    r"(?P<rest>(?:\s*[-x]\s*[a-z]\d+)+))"
)
_STEP_RE = re.compile(r"\s*([-x])\s*([a-z]\d+)")
EXPECTED = "expected like 'L c1-c2', 'M d2xd4xf4', 'W: S a4-b4' or 'pass'"


def seat_letter(players: int, side: int) -> str:
    """Return the seat letter of side index ``side`` (S, W, N, E)."""
    return SEAT_LETTERS[SEATS[players][side]]


def format_move(state: mv.BabuschkaState, move: mv.Move) -> str:
    """Return the canonical notation of ``move`` in ``state``: ``"L c1-c2"``,
    ``"M d2xd4xf4"``, ``"pass"``; with four players prefixed ``"W: "``."""
    prefix = f"{seat_letter(4, state.to_move)}: " if state.players == 4 else ""
    return prefix + _body(state, move)


def _body(state: mv.BabuschkaState, move: mv.Move, size: bool = True) -> str:
    if move.is_pass:
        return "pass"
    names = [geo.square_name(sq) for sq in move.path]
    joined = f"{names[0]}-{names[1]}" if not move.is_jump else "x".join(names)
    if not size:
        return joined
    letter = SIZES[state.board[move.origin][-1] >> 2]
    return f"{letter} {joined}"


def notations(state: mv.BabuschkaState, move: mv.Move) -> list[str]:
    """Return every text naming ``move``, canonical first: the canonical text, then (four
    players) without the seat prefix, then without the size letter."""
    texts = [format_move(state, move)]
    for variant in (_body(state, move), _body(state, move, size=False)):
        if variant not in texts:
            texts.append(variant)
    return texts


def result_text(result: Outcome) -> str:
    """Return ``"black won (all nests home)"`` or ``"draw (...)"``."""
    if result.winner is None:
        return f"draw ({result.reason})"
    return f"{result.winner} won ({result.reason})"


def parse_move(game: BabuschkaGame, state: mv.BabuschkaState, text: str) -> mv.Move:
    """Read ``text`` as a legal action of the side to move in ``state``.

    Raises:
        NotationError: malformed text (``"cannot read move 'foo': expected like 'L c1-c2',
            ..."``), an unknown seat or size letter, a square off the board, a seat prefix with
            two players, a chain mixing ``-`` and ``x``.
        IllegalMoveError: e.g. ``"the game is over: black won (all nests home)"``, ``"the seat
            to move is S (south), not W (west)"``, ``"c3 is empty"``, ``"the top doll on c8 is
            grey's, not black's"``, ``"the top doll on c1 is L, not M"``, ``"c1-c2 goes
            backward: ..."``, ``"cannot land on c2: its top doll (M) is not smaller than the
            mover (M)"``, ``"cannot land on d8: it is a goal square of another player"``,
            ``"c1xc3: there is no doll on c2 to jump over"``, ``"the chain ends on c1, where it
            started: that is no move"``, ``"black cannot pass: it has a legal action"``,
            ``"black has no legal action and must pass"``.
    """
    raw = text
    match = _MOVE_RE.fullmatch(" ".join(str(text).split()))
    if match is None:
        raise NotationError(f"cannot read move '{shorten(raw)}': {EXPECTED}")
    result = game.outcome(state)
    if result is not None:
        raise IllegalMoveError(f"the game is over: {result_text(result)}", code="game_over",
                               values={"result": result_text(result)})
    side = state.to_move
    side_name = sides_of(state.players)[side]
    _check_seat(state, match["seat"])
    legal = game.legal_moves(state)
    if match["pass"]:
        if legal != [mv.PASS]:
            raise IllegalMoveError(f"{side_name} cannot pass: it has a legal action "
                                   f"(e.g. {_body(state, legal[0])})", code="cannot_pass",
                                   values={"side": side_name, "example": _body(state, legal[0])})
        return mv.PASS
    if legal == [mv.PASS]:
        raise IllegalMoveError(f"{side_name} has no legal action and must pass",
                               code="must_pass", values={"side": side_name})
    path = [_square(match["origin"])]
    separators = []
    for sep, name in _STEP_RE.findall(match["rest"]):
        separators.append(sep)
        path.append(_square(name))
    origin = path[0]
    nest = state.board[origin]
    if not nest:
        raise IllegalMoveError(f"{geo.square_name(origin)} is empty", code="empty",
                               values={"square": geo.square_name(origin)})
    top = nest[-1]
    if top & 3 != side:
        owner = sides_of(state.players)[top & 3]
        raise IllegalMoveError(f"the top doll on {geo.square_name(origin)} is {owner}'s, "
                               f"not {side_name}'s", code="not_own_doll",
                               values={"square": geo.square_name(origin), "owner": owner,
                                       "side": side_name})
    if match["size"] is not None:
        letter = match["size"]
        if letter not in SIZES:
            raise NotationError(f"unknown size '{letter}': expected S, M or L")
        if SIZES.index(letter) != top >> 2:
            raise IllegalMoveError(f"the top doll on {geo.square_name(origin)} is "
                                   f"{SIZES[top >> 2]}, not {letter}", code="wrong_size",
                                   values={"square": geo.square_name(origin),
                                           "size": SIZES[top >> 2], "written": letter})
    fly = game.rules.fly_over_goals
    if separators == ["-"]:
        problem = mv.step_possible(state, origin, path[1])
    elif set(separators) == {"x"}:
        problem = None
        for here, land in zip(path, path[1:]):
            problem = mv.jump_possible(state, origin, here, land, fly)
            if problem:
                break
        if problem is None and path[-1] == origin:
            problem = IllegalMoveError(f"the chain ends on {geo.square_name(origin)}, where it "
                                       "started: that is no move", code="chain_returns",
                                       values={"square": geo.square_name(origin)})
    else:
        raise NotationError(f"cannot read move '{shorten(raw)}': a step is one '-', a jump chain "
                            "writes 'x' before every landing")
    if problem:
        raise problem
    for move in legal:
        if move.path and move.origin == origin and move.target == path[-1]:
            return move
    raise IllegalMoveError(f"'{shorten(raw)}' is not a legal action here",  # pragma: no cover
                           code="not_legal", values={"move": shorten(raw)})


def _check_seat(state: mv.BabuschkaState, seat: str | None) -> None:
    if seat is None:
        return
    if state.players == 2:
        raise NotationError(f"seat prefix '{seat}:' is for four-player records; "
                            "two-player moves have none")
    if seat not in SEAT_LETTERS:
        raise NotationError(f"unknown seat '{seat}': expected S, W, N or E")
    expected = seat_letter(4, state.to_move)
    if seat != expected:
        names = dict(zip(SEAT_LETTERS, geo.SEAT_NAMES))
        raise IllegalMoveError(f"the seat to move is {expected} ({names[expected]}), "
                               f"not {seat} ({names[seat]})", code="wrong_seat",
                               values={"side": names[expected], "written": names[seat]})


def _square(name: str) -> int:
    return geo.parse_square(name)
