"""What the play board draws for a position: the board variant and the pieces to place.

Standard library only (it runs in the browser from the engine zip, see
:mod:`banmen.play`). Each game package has a ``view`` module (``<package>/view.py``,
:mod:`banmen.contract`) with ``variant(game, state) -> str``, ``pieces(game, state) ->
(pieces, info)``, ``looks(game, state) -> [look]`` and ``seats(game, position) -> [side
id]``; this module finds it (:func:`banmen.game.game_module`) and assembles the answer of
the ``view`` request.

The board itself and one SVG ``<symbol>`` per piece look are drawn at build time by the
game's drawing module (``<package>/drawing.py``, :mod:`banmen.render.parts`), written
into the site as ``assets/play/<variant>.json``. The page only places ``<use>`` elements: a piece
``{"square", "symbol", "look", "label"}`` is the symbol ``symbol`` (the full element id,
``bm-play-<variant>-<look>``) drawn at the centre of ``square``; several pieces on one
square are listed bottom to top (the order to append them). ``label`` is the piece's plain
text from the position mapping (``"W"``, ``"b"``, ``"G3+"``, ``"bS"``, ``"r2"``; a count
badge's number), for the page's accessible names; everything visible is in the symbol.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.errors import BanmenError
from banmen.game import Game, game_module


def _module(game: Game) -> Any:
    """The ``view`` module of ``game``'s package (``<package>/view.py``).

    Raises:
        BanmenError: the game is unknown or its package has no view module.
    """
    from banmen.contract import registry

    if game.id not in registry():  # an engine no package registers
        raise BanmenError(f"no play view for game '{game.id}'")
    module = game_module(game.id, "view")  # a view that fails to import says why
    if module is None:
        raise BanmenError(f"no play view for game '{game.id}'")
    return module


def symbol_id(variant: str, look: str) -> str:
    """Return the element id of ``look``'s symbol on boards of ``variant``:
    ``bm-play-<variant>-<look>`` (both hold only ``[A-Za-z0-9-]``)."""
    return f"bm-play-{variant}-{look}"


def play_variant(game: Game, state: Hashable | None = None) -> str:
    """Return the id of the board look of ``state`` (default: ``game``'s start position):
    what changes the empty board or the piece symbols, file-name safe, e.g.
    ``ukejalayer-4``, ``suicide-checkers``, ``medamagaeru``, ``babuschka-2``,
    ``babuschka-4``, ``ludo-takeoff-4``, ``ludo-loop-2``.

    Raises:
        BanmenError: the game has no play view.
    """
    module = _module(game)
    return module.variant(game, game.initial_state() if state is None else state)


def seats(game: Game, position: dict[str, Any]) -> list[str]:
    """Return the side ids of ``position`` (a position mapping as
    :meth:`banmen.game.Game.position_to_yaml` writes it) in turn order: the seats a reader
    may take on the play board (``["black", "white"]``; バブーシュカ by its player count;
    ludo its seated colours).

    Raises:
        BanmenError: the game has no play view.
    """
    return _module(game).seats(game, position)


def view(game: Game, state: Hashable) -> dict[str, Any]:
    """Return what the play board draws for ``state``:
    ``{"variant", "pieces": [{"square", "symbol", "look", "label"}], "info": [str]}``.

    ``info`` holds the lines the static diagrams write beside the board (side to move or the
    result, hands, captures, the die), in Japanese, for the page to show as text; game
    specific extra fields: ludo adds ``"die"`` (the roll, 0 before rolling; symbols
    ``die0``..``die6`` draw it).

    Raises:
        BanmenError: the game has no play view.
    """
    module = _module(game)
    variant = module.variant(game, state)
    placed, info, extra = module.pieces(game, state)
    pieces = [{"square": square, "symbol": symbol_id(variant, look), "look": look,
               "label": label} for square, look, label in placed]
    return {"variant": variant, "pieces": pieces, "info": info, **extra}


def looks(game: Game, state: Hashable | None = None) -> list[str]:
    """Return every look key the play board of ``state``'s variant may need (the symbols
    the build draws), in a fixed order.

    Raises:
        BanmenError: the game has no play view.
    """
    module = _module(game)
    return module.looks(game, game.initial_state() if state is None else state)


def status_word(game: Game, state: Hashable, names: dict[str, str],
                turn: str = "{side}番") -> str:
    """Return the status word the static diagrams write: ``turn`` with the side to move's
    Japanese name (``names``), or 「<winner>の勝ち」, or 「引分け」 when the game is over."""
    result = game.outcome(state)
    if result is None:
        return turn.format(side=names[str(game.side_to_move(state))])
    if result.winner is None:
        return "引分け"
    return f"{names[str(result.winner)]}の勝ち"
