"""The play board's view of a ludo position (standard library only; see
:mod:`banmen.games.views`).

Pieces stand as in the static diagrams: one piece on a square (yard spots included) in its
middle, look ``<name>`` (``r2``); two side by side, looks ``<name>-2a`` / ``-2b``; three
or four in the corners, ``<name>-4a``..``-4d``; more than four: the first three in the
corners and ``more<N>`` (「+N」) in the fourth. The die is off the board: ``die`` in the
answer is the roll (0 before rolling) and the symbols ``die0``..``die6`` draw it as the
static diagrams do. Info: the status word (「赤の番」), the roll, the sixes of this turn,
the preset's name.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.game import Game
from banmen.games.ludo.engine import is_over
from banmen.games.ludo.paths import occupants
from banmen.games.ludo.rules import PRESET_NAMES_JA
from banmen.games.ludo.track import COLOURS, INITIALS

NAME_JA = {"red": "赤", "yellow": "黄", "blue": "青", "green": "緑"}
#: slots per layout (the static diagrams' ``_slots``): layout -> slot letters.
SLOTS = {1: "", 2: "ab", 4: "abcd"}
#: most pieces on one square: every piece of four colours.
MAX_PIECES = 16


def seats(game: Game, position: dict[str, Any]) -> list[str]:
    """Return the side ids of ``position`` (the position mapping, see
    :meth:`banmen.game.Game.position_to_yaml`) in turn order: the seats a reader may take
    on the play board, the position's seated colours (``colours``)."""
    return list(position["colours"])


def variant(game: Game, state: Hashable) -> str:
    """Return ``ludo-<entry square>-<pieces>`` of the position's own preset
    (``ludo-takeoff-4``: 飛行棋 and かんたん; ``ludo-loop-4``: ルドー; ``-2`` the short
    game): what changes the board (take-off squares, flight lines, stars, yard spots)."""
    rules = state.variant.rules
    return f"ludo-{rules.entry_square}-{rules.pieces}"


def looks(game: Game, state: Hashable) -> list[str]:
    """Return every piece look (each colour's pieces in each slot), ``more2``..``more13``
    and ``die0``..``die6``."""
    pieces = state.variant.rules.pieces
    found = []
    for colour in COLOURS:
        for number in range(1, pieces + 1):
            name = f"{INITIALS[colour]}{number}"
            found.append(name)
            found += [f"{name}-{layout}{slot}" for layout in (2, 4) for slot in SLOTS[layout]]
    found += [f"more{n}" for n in range(2, MAX_PIECES - 2)]
    return found + [f"die{roll}" for roll in range(7)]


def _placed(squares: dict[str, list[str]]) -> list[tuple[str, str, str]]:
    placed = []
    for square in sorted(squares):
        names = squares[square]
        if len(names) == 1:
            placed.append((square, names[0], names[0]))
            continue
        shown = names if len(names) <= 4 else names[:3]
        layout = 2 if len(shown) == 2 else 4
        for name, slot in zip(shown, SLOTS[layout]):
            placed.append((square, f"{name}-{layout}{slot}", name))
        if len(names) > 4:
            placed.append((square, f"more{len(names) - 3}", f"+{len(names) - 3}"))
    return placed


def pieces(game: Game, state: Hashable) -> tuple[list[tuple[str, str, str]], list[str],
                                                   dict[str, Any]]:
    """Return ``([(square, look, label)], info, {"die": roll})``: squares sorted, pieces in
    seat then number order; info 「赤の番」 (or 「赤の上がり」), 「出目3」 or
    「これからサイコロを振る」, 「この番ですでに6が1回」 when so, 「ルール：飛行棋」."""
    if is_over(state):
        info = [f"{NAME_JA[state.colours[state.finished[0]]]}の上がり"]
    else:
        info = [f"{NAME_JA[state.colours[state.to_move]]}の番",
                f"出目{state.roll}" if state.roll else "これからサイコロを振る"]
        if state.sixes:
            info.append(f"この番ですでに6が{state.sixes}回")
    info.append(f"ルール：{PRESET_NAMES_JA[state.variant.rules.preset]}")
    return _placed(occupants(state)), info, {"die": state.roll}
