"""Track geometry and square names of the Ludo family (``shared/rules/ludo.md``, "Track
geometry").

Progress ``d`` is measured from a piece's own seat; internally the yard is ``-1`` (:data:`YARD`)
and the goal is the goal's ``d`` (56 with a take-off square, 57 with the start on the loop).
A loop square's number is ``T = (offset + d - 1) mod 52`` in both geometries.

Square names (fixed: the renderer and pages use them):

* loop squares ``t0`` .. ``t51`` (the spec's T numbering, clockwise, red's seat at T = 0);
* take-off squares (take-off geometry only) ``r-takeoff``, ``y-takeoff``, ``b-takeoff``,
  ``g-takeoff``;
* home columns ``r-h1`` .. ``r-h5`` (first to last before the goal), goals ``r-goal``;
* yard spots ``r-yard1`` .. ``r-yard4``: the piece with index ``i`` (0-based, piece ``r{i+1}``)
  stands on spot ``i + 1`` while it is in the yard.

Example::

    >>> from banmen.games.ludo.rules import preset_rules
    >>> square_of(preset_rules("aeroplane"), "blue", 12, 0)
    't37'
    >>> square_of(preset_rules("ludo"), "red", "yard", 2)
    'r-yard3'
"""

from __future__ import annotations

from typing import Any

from banmen.errors import brief_repr
from banmen.game import BanmenError

#: every colour in seat order (clockwise; turns follow this order).
COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "green")
#: colour -> notation initial.
INITIALS: dict[str, str] = {"red": "r", "yellow": "y", "blue": "b", "green": "g"}
#: initial -> colour.
COLOUR_OF_INITIAL: dict[str, str] = {v: k for k, v in INITIALS.items()}
#: colour -> seat offset on the loop (T of its start square).
OFFSETS: dict[str, int] = {"red": 0, "yellow": 13, "blue": 26, "green": 39}
#: number of colours -> the colours seated, in seat order.
SEATED: dict[int, tuple[str, ...]] = {
    2: ("red", "blue"),
    3: ("red", "yellow", "blue"),
    4: ("red", "yellow", "blue", "green"),
}
LOOP = 52
YARD = -1
#: the loop squares that are safe under ``safe_squares`` (start and star squares).
SAFE_T: frozenset[int] = frozenset({0, 8, 13, 21, 26, 34, 39, 47})
#: progress of the flight square and of the flight's landing (aeroplane geometry, any colour).
FLIGHT_FROM, FLIGHT_TO = 18, 30
#: a jump happens from own-colour squares with progress at most this.
JUMP_LIMIT = 46
JUMP = 4


def geometry(entry_square: str) -> tuple[int, int, int]:
    """Return ``(start, loop_end, goal)`` progress values for a geometry.

    ``"takeoff"`` (aeroplane, easy): start 0 (take-off square), loop 1..50, goal 56.
    ``"loop"`` (ludo): start 1 (start square on the loop), loop 1..51, goal 57.
    The home column is ``loop_end + 1 .. goal - 1`` (five squares) in both.
    """
    if entry_square == "takeoff":
        return 0, 50, 56
    return 1, 51, 57


def loop_t(colour: str, d: int) -> int:
    """Return the loop square number T of progress ``d`` (on the loop) for ``colour``."""
    return (OFFSETS[colour] + d - 1) % LOOP


def is_own_colour_square(d: int) -> bool:
    """Return True when loop progress ``d`` is a square of the piece's own colour
    (d = 2, 6, ..., 50 for every colour; ``shared/rules/ludo.md``, aeroplane presets)."""
    return d % 4 == 2


def loop_square_colour(t: int) -> str:
    """Return the colour painted on loop square ``t`` in the aeroplane presets:
    T mod 4 = 1 red, 2 yellow, 3 blue, 0 green."""
    return ("green", "red", "yellow", "blue")[t % 4]


def flight_squares(colour: str) -> tuple[str, str]:
    """Return ``(flight square, landing square)`` names of ``colour``'s flight (d 18 -> 30)."""
    return f"t{loop_t(colour, FLIGHT_FROM)}", f"t{loop_t(colour, FLIGHT_TO)}"


def start_square(colour: str) -> str:
    """Return the name of ``colour``'s start square on the loop (ludo geometry), ``t{offset}``."""
    return f"t{OFFSETS[colour]}"


def safe_square_names() -> list[str]:
    """Return the names of the eight safe loop squares (start and star squares), by T."""
    return [f"t{t}" for t in sorted(SAFE_T)]


def star_square_names() -> list[str]:
    """Return the names of the four star squares (safe squares that are not start squares)."""
    starts = set(OFFSETS.values())
    return [f"t{t}" for t in sorted(SAFE_T - starts)]


def _rules_geometry(rules: Any) -> str:
    return rules.entry_square


def square_of(rules: Any, colour: str, progress: int | str, piece_index: int) -> str:
    """Return the name of the square where a piece stands.

    Args:
        rules: a :class:`~banmen.games.ludo.rules.LudoRules` (only ``entry_square`` matters).
        colour: ``"red"``, ``"yellow"``, ``"blue"`` or ``"green"``.
        progress: ``"yard"``, ``"goal"``, or the progress ``d`` as an int (``-1`` is the yard,
            the goal's ``d`` is the goal).
        piece_index: the piece's 0-based index in its colour's list; it only chooses the yard
            spot (``r-yard{piece_index + 1}``).

    Returns:
        ``"t0"``..``"t51"``, ``"r-takeoff"``, ``"r-h1"``..``"r-h5"``, ``"r-goal"`` or
        ``"r-yard1"``..``"r-yard4"`` (with the colour's initial).

    Raises:
        BanmenError: an unknown colour, or a progress outside the track.
    """
    if colour not in INITIALS:
        raise BanmenError(f"unknown colour '{colour}' (known: {', '.join(COLOURS)})")
    c = INITIALS[colour]
    start, loop_end, goal = geometry(_rules_geometry(rules))
    if progress == "yard" or progress == YARD:
        return f"{c}-yard{piece_index + 1}"
    if progress == "goal":
        return f"{c}-goal"
    if isinstance(progress, bool) or not isinstance(progress, int) or not start <= progress <= goal:
        raise BanmenError(f"progress {brief_repr(progress)} is not on the track: expected yard, "
                          f"{start}-{goal} or goal")
    if progress == goal:
        return f"{c}-goal"
    if progress == 0:
        return f"{c}-takeoff"
    if progress <= loop_end:
        return f"t{loop_t(colour, progress)}"
    return f"{c}-h{progress - loop_end}"


def all_squares(rules: Any, colours: tuple[str, ...] = COLOURS) -> list[str]:
    """Return every square name under ``rules`` for ``colours``: the 52 loop squares, then per
    colour its take-off square (take-off geometry), home column, goal and yard spots (as many
    as ``rules.pieces``)."""
    names = [f"t{t}" for t in range(LOOP)]
    for colour in colours:
        c = INITIALS[colour]
        if rules.entry_square == "takeoff":
            names.append(f"{c}-takeoff")
        names += [f"{c}-h{i}" for i in range(1, 6)]
        names.append(f"{c}-goal")
        names += [f"{c}-yard{i}" for i in range(1, rules.pieces + 1)]
    return names
