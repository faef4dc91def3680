"""The play board's view of a めだまがえる position (standard library only; see
:mod:`banmen.games.views`).

Looks: ``G1``..``G5`` and ``W1``..``W5`` (owner and eyes, as in the position mapping),
``G1p``..``W5p`` the promoted frogs (``G1+`` in the mapping; ``+`` is kept out of element
ids). Info: the status word, the attacker and both sides' captures, as the static diagrams'
status line and capture bands.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.game import Game
from banmen.games.medamagaeru.board import SIDES
from banmen.games.views import status_word

SIDE_JA = {"green": "緑", "white": "白"}
ATTACKER_JA = {"green": "緑", "white": "白", "none": "なし"}


def seats(game: Game, position: dict[str, Any]) -> list[str]:
    """Return the side ids of ``position`` (the position mapping, see
    :meth:`banmen.game.Game.position_to_yaml`) in turn order: the seats a reader may take
    on the play board, ``SIDES`` of the board (緑, 白)."""
    return list(SIDES)


def variant(game: Game, state: Hashable) -> str:
    """Return ``medamagaeru`` (one board for every rule setting)."""
    return "medamagaeru"


def look_of(text: str) -> str:
    """Return the look of a piece of the position mapping (``"W2+"`` -> ``"W2p"``)."""
    return text[:2] + ("p" if text.endswith("+") else "")


def looks(game: Game, state: Hashable) -> list[str]:
    """Return the 20 frog looks: each owner, eyes 1..5, plain then promoted."""
    return [f"{owner}{eyes}{mark}" for mark in ("", "p") for owner in "GW"
            for eyes in range(1, 6)]


def pieces(game: Game, state: Hashable) -> tuple[list[tuple[str, str, str]], list[str],
                                                   dict[str, Any]]:
    """Return ``([(square, look, label)], info, {})``: squares sorted, label the mapping's
    piece text; info 「緑番」 (or the result), 「仕掛け方：なし」, 「緑が取った駒　なし」,
    「白が取った駒　1個」."""
    position = game.position_to_yaml(state)
    placed = [(square, look_of(text), text) for square, text in sorted(position["board"].items())]
    captures = position["captures"]
    info = [status_word(game, state, SIDE_JA), f"仕掛け方：{ATTACKER_JA[position['attacker']]}"]
    for side in ("green", "white"):
        count = captures[side]
        info.append(f"{SIDE_JA[side]}が取った駒　{f'{count}個' if count else 'なし'}")
    return placed, info, {}
