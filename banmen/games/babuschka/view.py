"""The play board's view of a バブーシュカ position (standard library only; see
:mod:`banmen.games.views`).

Nests are drawn as the static diagrams' cut-away view (``view: cutaway``): a lone doll
standing (look ``<owner><size>``, e.g. ``bS``); a nest of two or three opened, one shell
inside the other, the top doll outermost: looks ``<owner><size>-<k>of<n>`` (k = 1 for the
bottom doll, n dolls in the nest), listed outermost first, then ``rim``, the outline around
the whole nest. Info: the status word (「黒番」, 「南の番」, the winner or 「引分け」).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.game import Game
from banmen.games.babuschka.rules import sides_of
from banmen.games.views import status_word

SIDE_JA = {"black": "黒", "grey": "灰", "south": "南", "west": "西", "north": "北", "east": "東"}
#: owner letters of the dolls by player count (the position mapping's ``bS`` etc.).
OWNERS = {2: "bg", 4: "swne"}
SIZES = "SML"


def _players(game: Game, state: Hashable) -> int:
    return int(game.position_to_yaml(state).get("players", 2))


def seats(game: Game, position: dict[str, Any]) -> list[str]:
    """Return the side ids of ``position`` (the position mapping, see
    :meth:`banmen.game.Game.position_to_yaml`) in turn order: the seats a reader may take
    on the play board, by the position's player count (the rules' when it names none)."""
    return list(sides_of(int(position.get("players", game.rules.players))))


def variant(game: Game, state: Hashable) -> str:
    """Return ``babuschka-2`` or ``babuschka-4`` (the seats' start and goal marks differ)."""
    return f"babuschka-{_players(game, state)}"


def looks(game: Game, state: Hashable) -> list[str]:
    """Return every doll look of the variant's owners: lone dolls, the shells of nests of
    two and three, and ``rim``."""
    owners = OWNERS[_players(game, state)]
    found = [f"{o}{s}" for o in owners for s in SIZES]
    for count in (2, 3):
        found += [f"{o}{s}-{k}of{count}" for o in owners for s in SIZES
                  for k in range(1, count + 1)]
    return found + ["rim"]


def _nest(value: Any) -> list[str]:
    if not value:
        return []
    return [value] if isinstance(value, str) else list(value)


def pieces(game: Game, state: Hashable) -> tuple[list[tuple[str, str, str]], list[str],
                                                   dict[str, Any]]:
    """Return ``([(square, look, label)], info, {})``: squares sorted; a nest's shells
    outermost (top doll) first, then its ``rim``; label the doll text (``"bS"``; the rim's
    the whole nest bottom to top, ``"bS gM"``)."""
    position = game.position_to_yaml(state)
    placed = []
    for square, value in sorted((position.get("board") or {}).items()):
        nest = _nest(value)
        if len(nest) == 1:
            placed.append((square, nest[0], nest[0]))
        elif nest:
            count = len(nest)
            for j, doll in enumerate(reversed(nest)):
                placed.append((square, f"{doll}-{count - j}of{count}", doll))
            placed.append((square, "rim", " ".join(nest)))
    mover = str(position["to_move"])
    turn = "{side}番" if mover in ("black", "grey") else "{side}の番"
    return placed, [status_word(game, state, SIDE_JA, turn)], {}
