"""The play board's view of a ウケジャレイヤー position (standard library only; see
:mod:`banmen.games.views`).

A stack is drawn as in the static diagrams (``shared/rules/ukejalayer.md``, "Diagram
conventions"): its pieces bottom to top, each slightly higher than the one below. Looks:
``W<level>`` / ``B<level>`` (level 0 at the bottom) for stacks of up to four pieces, whose
offsets do not depend on the height; ``W<level>h<height>`` for taller stacks (the offsets
shrink so the top piece stays in its square); ``n<height>`` the height written in the corner
of a stack of three or more. The hands and the side to move are ``info`` lines.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.game import Game
from banmen.games.ukejalayer.rules import SIDES
from banmen.games.views import status_word

SIDE_JA = {"white": "白", "black": "黒"}
#: the tallest stack whose piece offsets do not depend on its height.
FIXED_STEP_MAX = 4
#: stacks from this height on carry their height in the corner.
COUNT_FROM = 3


def seats(game: Game, position: dict[str, Any]) -> list[str]:
    """Return the side ids of ``position`` (the position mapping, see
    :meth:`banmen.game.Game.position_to_yaml`) in turn order: the seats a reader may take
    on the play board, ``SIDES`` of the rules (白, 黒)."""
    return list(SIDES)


def variant(game: Game, state: Hashable) -> str:
    """Return ``ukejalayer-<size>``, or ``ukejalayer-<size>-m<material>`` when the pieces per
    side differ from the size's default (``size * size // 2``): the board size changes the
    board, the material the tallest stack and so the looks."""
    size, material = game.rules.size, game.rules.material
    return f"ukejalayer-{size}" + ("" if material == size * size // 2 else f"-m{material}")


def max_height(game: Game) -> int:
    """Return the tallest stack possible: every piece of both sides in one stack (each side
    has at most ``rules.material`` pieces, ``shared/rules/ukejalayer.md``)."""
    return 2 * game.rules.material


def piece_look(colour: str, level: int, height: int) -> str:
    """Return the look of the piece ``colour`` (``W``/``B``) at ``level`` (0 = bottom) of a
    stack of ``height``."""
    return f"{colour}{level}" if height <= FIXED_STEP_MAX else f"{colour}{level}h{height}"


def looks(game: Game, state: Hashable) -> list[str]:
    """Return every look a board of ``game`` can show (see the module documentation)."""
    top = max_height(game)
    found = [piece_look(c, level, FIXED_STEP_MAX) for c in "WB" for level in range(FIXED_STEP_MAX)]
    for height in range(FIXED_STEP_MAX + 1, top + 1):
        found += [piece_look(c, level, height) for c in "WB" for level in range(height)]
    return found + [f"n{height}" for height in range(COUNT_FROM, top + 1)]


def pieces(game: Game, state: Hashable) -> tuple[list[tuple[str, str, str]], list[str],
                                                   dict[str, Any]]:
    """Return ``([(square, look, label)], info, {})`` for ``state``: squares sorted, each
    stack bottom to top, then its height badge; info: the status word and the hands
    (「白番」, 「手駒　白 8　黒 8」)."""
    position = game.position_to_yaml(state)
    placed = []
    for square, stack in sorted(position["board"].items()):
        for level, colour in enumerate(stack):
            placed.append((square, piece_look(colour, level, len(stack)), colour))
        if len(stack) >= COUNT_FROM:
            placed.append((square, f"n{len(stack)}", str(len(stack))))
    hands = position["hands"]
    info = [status_word(game, state, SIDE_JA),
            f"手駒　白 {hands['white']}　黒 {hands['black']}"]
    return placed, info, {}
