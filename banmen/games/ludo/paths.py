"""The path of a move over named squares, for arrows and click-to-move (the convention every
game follows: ``move_path``), with the kind of each leg for drawing (``move_legs``).

Source: ``shared/rules/ludo.md``, "Moving" (normal arrival, jump, flight, bounce, entering).
"""

from __future__ import annotations

from banmen.games.ludo.engine import LudoState, Move, waypoints
from banmen.games.ludo.track import square_of


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
