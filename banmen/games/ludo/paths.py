"""What a drawing needs to know about positions and moves, by square name: the path of a move
(the convention every game follows: ``move_path``) with the kind of each leg (``move_legs``),
the pieces on each square, the squares a move changed, and the pieces it sends back.

Source: ``shared/rules/ludo.md``, "Moving" (normal arrival, jump, flight, bounce, entering).
"""

from __future__ import annotations

from banmen.games.ludo.engine import LudoState, Move, play, waypoints
from banmen.games.ludo.notation import piece_name
from banmen.games.ludo.track import YARD, square_of


def move_legs(state: LudoState, move: Move) -> list[tuple[str, str, str]]:
    """Return the legs of ``move`` as ``(from square, to square, kind)``.

    Kinds: ``"enter"`` (yard spot to the take-off or start square), ``"move"`` (the normal
    arrival, counted square by square along the track), ``"jump"`` (4 squares to the next
    own-colour square), ``"flight"`` (along the dashed line, 18 -> 30), ``"bounce"`` (back from
    the goal by the excess). A bounce is two legs: ``move`` to the goal, then ``bounce``.
    Rolls and passes have no legs (``[]``).

    Example: aeroplane, red at 12 with a 2: ``[("t11", "t13", "move"), ("t13", "t17",
    "jump"), ("t17", "t29", "flight")]``.
    """
    points = waypoints(state, move)
    if not points:
        return []
    colour = state.colours[state.to_move]
    rules = state.variant.rules
    index = move.value
    here = square_of(rules, colour, state.pieces[state.to_move][index], index)
    legs = []
    for progress, kind in points:
        there = square_of(rules, colour, progress, index)
        legs.append((here, there, kind))
        here = there
    return legs


def move_path(state: LudoState, move: Move) -> list[str]:
    """Return the squares the moving piece visits in order: its origin, then the end of each
    leg of :func:`move_legs` (for a bounce the goal, then the square it comes back to);
    ``[]`` for rolls and passes."""
    legs = move_legs(state, move)
    if not legs:
        return []
    return [legs[0][0]] + [to for _, to, _ in legs]


def occupants(state: LudoState) -> dict[str, list[str]]:
    """Return square name -> the names of the pieces on it (``{"t11": ["r2"], ...}``), every
    piece of every colour included (yard spots and goals too), names in seat then piece
    order."""
    rules = state.variant.rules
    squares: dict[str, list[str]] = {}
    for seat, own in enumerate(state.pieces):
        colour = state.colours[seat]
        for index, progress in enumerate(own):
            square = square_of(rules, colour, progress, index)
            squares.setdefault(square, []).append(piece_name(state, seat, index))
    return squares


def changed_squares(before: LudoState, after: LudoState) -> list[str]:
    """Return the squares whose occupants differ between two positions, sorted (for the
    red/green change marks of a diagram)."""
    old, new = occupants(before), occupants(after)
    return sorted(square for square in set(old) | set(new) if old.get(square) != new.get(square))


def sent_back(state: LudoState, move: Move) -> list[tuple[str, str, str]]:
    """Return ``(piece name, square it stood on, yard spot it goes to)`` for every piece that
    ``move`` sends back (the third-six penalty included), in seat and piece order."""
    after = play(state, move)
    rules = state.variant.rules
    result = []
    for seat, (old_own, new_own) in enumerate(zip(state.pieces, after.pieces)):
        colour = state.colours[seat]
        for index, (old, new) in enumerate(zip(old_own, new_own)):
            if new == YARD and old != YARD:
                result.append((piece_name(state, seat, index),
                               square_of(rules, colour, old, index),
                               square_of(rules, colour, YARD, index)))
    return result
