"""Move notation of the Ludo family (``shared/rules/ludo.md``, "Notation [decision]").

* A piece is its colour's initial and its 1-based number in the position's list: ``r1``.
* A piece move for the stated roll: piece, progress before and after the whole move (jumps and
  flights included): ``r2 12-30``; entering ``r1 yard-0`` (ludo geometry ``r1 yard-1``);
  reaching the goal ``b3 54-goal``.
* ``pass``: the roll cannot be used (or is a void third six).
* ``roll 3``: the chance move that states the die when the position has no roll yet.

Readers may also type the piece alone (``r2``): :func:`notations` lists it second.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from banmen.errors import shorten
from banmen.game import IllegalMoveError, NotationError
from banmen.games.ludo.engine import (
    PASS,
    PIECE_MOVES,
    ROLL_MOVES,
    LudoState,
    Move,
    is_over,
    is_void_six,
    movable,
)
from banmen.games.ludo.track import COLOUR_OF_INITIAL, INITIALS, YARD

_MOVE_RE = re.compile(r"(?P<piece>[rybg][1-4])(?:(?P<origin>yard|goal|\d+)-(?P<target>goal|\d+))?")
_ROLL_RE = re.compile(r"roll(?P<n>\d+)")
EXPECTED = "expected like 'r2 12-30', 'r1 yard-0', 'b3 54-goal', 'pass' or 'roll 3'"


def progress_text(state: LudoState, d: int) -> str:
    """Return a progress as written in notation and YAML: ``yard``, ``goal`` or the number."""
    if d == YARD:
        return "yard"
    if d == state.variant.goal:
        return "goal"
    return str(d)


def piece_name(state: LudoState, seat: int, index: int) -> str:
    """Return a piece's name: the colour's initial and its 1-based number (``r2``)."""
    return f"{INITIALS[state.colours[seat]]}{index + 1}"


def format_move(state: LudoState, move: Move) -> str:
    """Return the canonical text of ``move`` in ``state``: ``r2 12-30``, ``pass``, ``roll 3``."""
    if move.kind == "roll":
        return f"roll {move.value}"
    if move.kind == "pass":
        return "pass"
    seat = state.to_move
    d = state.pieces[seat][move.value]
    final = state.variant.final[d][state.roll]
    return (f"{piece_name(state, seat, move.value)} {progress_text(state, d)}-"
            f"{progress_text(state, final)}")


def say_move(state: LudoState, move: Move) -> str:
    """Return ``move`` in Japanese words, as lessons say it (the rules page teaches the
    moves in words, not the notation): 「赤2を10マス目から13マス目へ」, 「赤1を陣地から出す」,
    「赤3をゴールへ」, 「パス」, 「サイコロを振る（3）」."""
    from banmen.games.ludo.words import WORDS

    if move.kind == "roll":
        return f"サイコロを振る（{move.value}）"
    if move.kind == "pass":
        return "パス"
    seat = state.to_move
    colour = WORDS["sides"].get(state.colours[seat], state.colours[seat])
    piece = f"{colour}{move.value + 1}"
    d = state.pieces[seat][move.value]
    final = state.variant.final[d][state.roll]
    if d == YARD:
        return f"{piece}を陣地から出す"
    if final == state.variant.goal:
        return f"{piece}をゴールへ"
    return f"{piece}を{d}マス目から{final}マス目へ"


def notations(state: LudoState, move: Move) -> list[str]:
    """Return every text naming ``move``: the canonical one, then for a piece move the piece
    alone (``["r2 12-30", "r2"]``)."""
    canonical = format_move(state, move)
    if move.kind == "move":
        return [canonical, canonical.split(" ", 1)[0]]
    return [canonical]


def _normalised(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split()).lower().replace("–", "-")


def parse_move(state: LudoState, text: str) -> Move:
    """Read ``text`` as a move in ``state`` (spaces and case do not matter; full-width forms
    are accepted).

    Raises:
        NotationError: ``"cannot read move 'x': expected like 'r2 12-30', ..."``.
        IllegalMoveError: e.g. ``"the game is over"``, ``"no roll is stated: the moves here
            are roll 1 to roll 6"``, ``"a roll is already stated (2): play a piece or pass"``,
            ``"it is red's turn, not blue's"``, ``"red has 2 pieces: there is no r3"``,
            ``"r2 is at 12, not 14"``, ``"r2 12 with a 2 ends on 30, not 14"``, ``"r1 cannot
            use a 3: a piece leaves the yard only on 6"``, ``"r4 cannot use a 3: a piece at 55
            may not overshoot the goal"``, ``"pass is not legal: r2 can use the 2"``, ``"the
            third six is void: the only move is pass"``.
    """
    raw = text
    norm = _normalised(str(text))
    if norm == "pass":
        return _check_pass(state)
    match = _ROLL_RE.fullmatch(norm)
    if match:
        return _check_roll(state, int(match["n"]))
    match = _MOVE_RE.fullmatch(norm)
    if match is None:
        raise NotationError(f"cannot read move '{shorten(raw)}': {EXPECTED}")
    return _check_piece_move(state, match)


def _common_checks(state: LudoState) -> None:
    if is_over(state):
        raise IllegalMoveError("the game is over", code="game_over")


def _check_roll(state: LudoState, n: int) -> Move:
    _common_checks(state)
    if not 1 <= n <= 6:
        raise NotationError(f"a die shows 1 to 6, not {n}")
    if state.roll:
        raise IllegalMoveError(f"a roll is already stated ({state.roll}): play a piece or pass",
                               code="roll_stated", values={"roll": state.roll})
    return ROLL_MOVES[n - 1]


def _check_pass(state: LudoState) -> Move:
    _common_checks(state)
    if not state.roll:
        raise IllegalMoveError("no roll is stated: the moves here are roll 1 to roll 6",
                               code="no_roll")
    pieces = movable(state)
    if pieces:
        names = [piece_name(state, state.to_move, i) for i in pieces]
        raise IllegalMoveError(f"pass is not legal: {', '.join(names)} can use the {state.roll}",
                               code="cannot_pass", values={"pieces": names, "roll": state.roll})
    return PASS


def _check_piece_move(state: LudoState, match: re.Match[str]) -> Move:
    _common_checks(state)
    if not state.roll:
        raise IllegalMoveError("no roll is stated: the moves here are roll 1 to roll 6",
                               code="no_roll")
    if is_void_six(state):
        raise IllegalMoveError("the third six is void: the only move is pass", code="void_six")
    name = match["piece"]
    colour = COLOUR_OF_INITIAL[name[0]]
    seat = state.to_move
    mover = state.colours[seat]
    if colour != mover:
        raise IllegalMoveError(f"it is {mover}'s turn, not {colour}'s", code="not_your_turn",
                               values={"side": mover, "written": colour})
    index = int(name[1]) - 1
    own = state.pieces[seat]
    if index >= len(own):
        raise IllegalMoveError(f"{mover} has {len(own)} pieces: there is no {name}",
                               code="no_such_piece",
                               values={"side": mover, "count": len(own), "piece": name})
    d = own[index]
    where = progress_text(state, d)
    origin = match["origin"]
    if origin is not None and origin not in ("yard", "goal"):
        origin = str(int(origin))
    if origin is not None and origin != where:
        raise IllegalMoveError(f"{name} is at {where}, not {origin}", code="piece_elsewhere",
                               values={"piece": name, "where": where, "written": origin})
    v = state.variant
    final = v.final[d][state.roll]
    if final is None:
        raise _why_not(state, d, name)
    if match["target"] is not None:
        target = match["target"]
        if target != "goal":
            target = str(int(target))
        if target != progress_text(state, final):
            raise IllegalMoveError(f"{name} {where} with a {state.roll} ends on "
                                   f"{progress_text(state, final)}, not {target}",
                                   code="wrong_end",
                                   values={"piece": name, "where": where, "roll": state.roll,
                                           "end": progress_text(state, final),
                                           "written": target})
    return PIECE_MOVES[index]


def _why_not(state: LudoState, d: int, name: str) -> IllegalMoveError:
    """The error (not raised) saying why piece ``name`` at progress ``d`` cannot use the
    roll."""
    v = state.variant
    head = f"{name} cannot use a {state.roll}"
    values: dict[str, Any] = {"piece": name, "roll": state.roll}
    if d == YARD:
        rolls = [str(r) for r in sorted(v.enter)]
        return IllegalMoveError(f"{head}: a piece leaves the yard only on {' or '.join(rolls)}",
                                code="yard_needs", values={**values, "rolls": rolls})
    if d == v.goal:
        return IllegalMoveError(f"{head}: it has reached the goal", code="at_goal",
                                values=values)
    return IllegalMoveError(f"{head}: a piece at {d} may not overshoot the goal",
                            code="overshoot", values={**values, "where": str(d)})
