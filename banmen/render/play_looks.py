"""Per game: the empty play board and how each piece look of the play view is drawn, with
the renderers' own functions (so the play board looks like the static diagrams).

The look keys are the engine's (``banmen/games/<game>/view.py``, see
:mod:`banmen.games.views`); :mod:`banmen.render.parts` turns the drawings into SVG.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from matplotlib.figure import Figure

from banmen.game import BanmenError, Game
from banmen.render import style
from banmen.render.board import Geometry
from banmen.render.spec import DiagramSpec

#: the options of the play board (no information lines: the page writes them as text).
BOARD_OPTIONS = {"info": False}


# --------------------------------------------------------------------------- ukejalayer


def _ukejalayer_board(game: Game) -> tuple[Figure, Geometry]:
    from banmen.render import ukejalayer

    empty = game.position_from_yaml({"game": game.id, "to_move": "white",
                                     "hands": {"white": 0, "black": 0}, "board": {}})
    figure = ukejalayer.draw(game, DiagramSpec("play/board", empty, options=BOARD_OPTIONS))
    return figure, ukejalayer.geometry_for(game, info=False)


def _ukejalayer_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    from banmen.render import ukejalayer

    def draw(ax: Any, look: str, center: tuple[float, float]) -> None:
        if look.startswith("n"):
            ukejalayer.draw_stack_count(ax, center, int(look[1:]))
            return
        colour, rest = look[0], look[1:]
        level, _, height = rest.partition("h")
        ukejalayer.draw_stack_piece(ax, center, colour, int(level), int(height or 4))

    return draw


# --------------------------------------------------------------------------- suicide checkers


def _checkers_board(game: Game) -> tuple[Figure, Geometry]:
    from banmen.render import suicide_checkers
    from banmen.render.board import new_figure

    geometry = suicide_checkers.geometry(info=False)
    figure, ax = new_figure(geometry)
    suicide_checkers._draw_board(ax, geometry, False, True)
    return figure, geometry


def _checkers_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    from banmen.render import suicide_checkers

    def draw(ax: Any, look: str, center: tuple[float, float]) -> None:
        suicide_checkers.draw_piece(ax, center, look)

    return draw


# --------------------------------------------------------------------------- medamagaeru


def _medamagaeru_board(game: Game) -> tuple[Figure, Geometry]:
    from banmen.render import medamagaeru

    empty = game.position_from_yaml({"game": game.id, "to_move": "green", "board": {},
                                     "captures": {"green": 0, "white": 0}, "attacker": "none"})
    figure = medamagaeru.draw(game, DiagramSpec("play/board", empty, options=BOARD_OPTIONS))
    return figure, medamagaeru.geometry(True, False)


def _medamagaeru_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    from banmen.render import medamagaeru

    def draw(ax: Any, look: str, center: tuple[float, float]) -> None:
        text = look[:2] + ("+" if look.endswith("p") else "")
        medamagaeru.draw_piece(ax, center, medamagaeru.parse_piece(text))

    return draw


# --------------------------------------------------------------------------- babuschka


def _babuschka_board(game: Game) -> tuple[Figure, Geometry]:
    from banmen.render import babuschka

    position = game.position_to_yaml(game.initial_state())
    empty = game.position_from_yaml({**position, "board": {}})
    spec = DiagramSpec("play/board", empty, options={**BOARD_OPTIONS, "view": "cutaway"})
    return babuschka.draw(game, spec), babuschka.geometry(True, False)


def _babuschka_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    from banmen.render import babuschka

    def draw(ax: Any, look: str, center: tuple[float, float]) -> None:
        if look == "rim":
            babuschka.draw_nest_rim(ax, center, 2)
            return
        owner, size, rest = look[0], look[1], look[3:]
        if not rest:
            babuschka.draw_nest(ax, center, [look], "look", "cutaway")
            return
        k, _, count = rest.partition("of")
        babuschka.draw_shell(ax, center, owner, size, int(count) - int(k), int(count))

    return draw


# --------------------------------------------------------------------------- ludo


def _ludo_board(game: Game) -> tuple[Figure, Geometry]:
    from banmen.render import ludo
    from banmen.render.board import new_figure

    rules = game.initial_state().variant.rules
    geometry = ludo.geometry(rules.entry_square, rules.pieces, False, False)
    figure, ax = new_figure(geometry)
    ludo._draw_board(ax, geometry, rules, ludo._bottom(False, False))
    return figure, geometry


def _ludo_look(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    from banmen.games.ludo.track import COLOUR_OF_INITIAL
    from banmen.render import ludo

    def draw(ax: Any, look: str, center: tuple[float, float]) -> None:
        x, y = center
        if look.startswith("die"):
            ludo.draw_die(ax, x, y, int(look[3:]))
            return
        if look.startswith("more"):
            _, offsets = ludo._slots(4)
            dx, dy = offsets[3]
            ax.text(x + dx, y + dy, f"+{look[4:]}", ha="center", va="center",
                    fontsize=ludo.TEXT_PT, color=style.TEXT, zorder=11)
            return
        name, _, slot = look.partition("-")
        count = int(slot[0]) if slot else 1
        radius, offsets = ludo._slots(count)
        dx, dy = offsets["abcd".index(slot[1])] if slot else offsets[0]
        ludo.draw_piece(ax, x + dx, y + dy, COLOUR_OF_INITIAL[name[0]], name[1:], radius)

    return draw


_BOARDS: dict[str, Callable[[Game], tuple[Figure, Geometry]]] = {
    "ukejalayer": _ukejalayer_board,
    "suicide-checkers": _checkers_board,
    "medamagaeru": _medamagaeru_board,
    "babuschka": _babuschka_board,
    "ludo": _ludo_board,
}
_LOOKS: dict[str, Callable[[Game], Callable[[Any, str, tuple[float, float]], None]]] = {
    "ukejalayer": _ukejalayer_look,
    "suicide-checkers": _checkers_look,
    "medamagaeru": _medamagaeru_look,
    "babuschka": _babuschka_look,
    "ludo": _ludo_look,
}


def empty_board(game: Game) -> tuple[Figure, Geometry]:
    """Return the figure of ``game``'s empty play board and its geometry (cell units).

    Raises:
        BanmenError: no play board for this game.
    """
    return _drawing(_BOARDS, game)(game)


def look_drawer(game: Game) -> Callable[[Any, str, tuple[float, float]], None]:
    """Return ``draw(ax, look, center)`` that draws one look of ``game`` centred at
    ``center`` (cell units) as the static renderer draws that piece.

    Raises:
        BanmenError: no play board for this game.
    """
    return _drawing(_LOOKS, game)(game)


def _drawing(table: dict[str, Callable], game: Game) -> Callable:
    """The entry of ``game`` in ``table`` (:data:`_BOARDS` or :data:`_LOOKS`).

    Raises:
        BanmenError: no play board for this game.
    """
    try:
        return table[game.id]
    except KeyError:
        raise BanmenError(f"no play board drawing for game '{game.id}'") from None
