"""バブーシュカ's hooks of the site build (:mod:`banmen.contract`, ``site.py``): the game is
played by 2 or 4 players (``shared/rules/babuschka.md``), each with its own board look."""

from __future__ import annotations

from typing import Any

#: the player counts a 対局する page offers, the two-player game first.
PLAYER_COUNTS = (2, 4)


def play_setups(game: Any) -> list[tuple[Any, str]]:
    """Return the start setups of the 対局する page: ``game`` with each player count, labelled
    「2人」 and 「4人」."""
    return [(game.with_rules({"players": n}), f"{n}人") for n in PLAYER_COUNTS]


def board_variants(game: Any) -> list[Any]:
    """Return ``game`` as the site sets it, then with each player count (a page may start
    play with either)."""
    return [game, *(game.with_rules({"players": n}) for n in PLAYER_COUNTS)]
