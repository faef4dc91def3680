"""The empty play board and how each piece look of the play view is drawn, from the game's
drawing module (``play_board(game)`` and ``play_look(game)`` of ``<package>/drawing.py``,
:mod:`banmen.contract`), which draws them with its own functions (so the play board looks
like the static diagrams).

The look keys are the engine's (``<package>/view.py``, see :mod:`banmen.games.views`);
:mod:`banmen.render.parts` turns the drawings into SVG.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from matplotlib.figure import Figure

from banmen.game import BanmenError, Game
from banmen.render.board import Geometry

#: the options of the play board (no information lines: the page writes them as text).
BOARD_OPTIONS = {"info": False}


def empty_board(game: Game) -> tuple[Figure, Geometry]:
    """Return the figure of ``game``'s empty play board and its geometry (cell units).

    Raises:
        BanmenError: no play board for this game.
    """
    return _drawing(game, "play_board")(game)


def look_drawer(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    """Return ``draw(ax, look, center)`` that draws one look of ``game`` centred at
    ``center`` (cell units) as the static renderer draws that piece.

    Raises:
        BanmenError: no play board for this game.
    """
    return _drawing(game, "play_look")(game)


def _drawing(game: Game, name: str) -> Callable:
    """The function ``name`` of ``game``'s drawing module.

    Raises:
        BanmenError: no play board for this game (no drawing module, or it lacks ``name``).
    """
    from banmen.game import game_module

    function = getattr(game_module(game.id, "drawing"), name, None)
    if function is None:
        raise BanmenError(f"no play board drawing for game '{game.id}'")
    return function
