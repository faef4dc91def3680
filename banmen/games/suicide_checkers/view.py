"""The play board's view of a スーサイドチェッカー position (standard library only; see
:mod:`banmen.games.views`).

Looks: ``b`` / ``w`` men, ``B`` / ``W`` kings (the letters of the position's pieces). Info:
the status word and each side's count, as the static diagrams' line above the board.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.game import Game
from banmen.games.suicide_checkers.board import pieces as pieces_on_board
from banmen.games.suicide_checkers.rules import SIDES
from banmen.games.views import status_word

SIDE_JA = {"black": "黒", "white": "白"}
LOOKS = ("b", "B", "w", "W")


def seats(game: Game, position: dict[str, Any]) -> list[str]:
    """Return the side ids of ``position`` (the position mapping, see
    :meth:`banmen.game.Game.position_to_yaml`) in turn order: the seats a reader may take
    on the play board, ``SIDES`` of the rules (黒, 白)."""
    return list(SIDES)


def variant(game: Game, state: Hashable) -> str:
    """Return ``suicide-checkers`` (one board for every rule setting)."""
    return "suicide-checkers"


def looks(game: Game, state: Hashable) -> list[str]:
    """Return the four piece looks (:data:`LOOKS`)."""
    return list(LOOKS)


def _count(letters: list[str], side: str) -> str:
    kings = sum(1 for letter in letters if letter.isupper())
    return f"{SIDE_JA[side]} {len(letters)}枚" + (f"（キング{kings}）" if kings else "")


def pieces(game: Game, state: Hashable) -> tuple[list[tuple[str, str, str]], list[str],
                                                   dict[str, Any]]:
    """Return ``([(square, look, label)], info, {})``: squares in number order, the look and
    label the piece letter; info 「黒番」 (or the result) and 「黒 12枚　白 12枚」."""
    on_board = pieces_on_board(state)
    placed = [(str(square), letter, letter) for square, letter in sorted(on_board.items())]
    black = [p for p in on_board.values() if p in "bB"]
    white = [p for p in on_board.values() if p in "wW"]
    info = [status_word(game, state, SIDE_JA), f"{_count(black, 'black')}　{_count(white, 'white')}"]
    return placed, info, {}
