"""Board drawing with matplotlib: shared marks and SVG output; each game draws its boards in
the ``drawing`` module of its package (``<package>/drawing.py``, :mod:`banmen.contract`).

Use :func:`render_svg`; it picks the game's drawing module (:func:`renderer`). Importing
this package is cheap: matplotlib and the engines are imported only when a board is drawn.
"""

from __future__ import annotations

import json
import warnings
from typing import TYPE_CHECKING

from banmen.render.spec import DiagramSpec

if TYPE_CHECKING:
    from banmen.game import Game

def renderer_name(game_id: str) -> str:
    """Return the import name of ``game_id``'s drawing module (``<package>.drawing``),
    without importing that module (nor matplotlib).

    Raises:
        BanmenError: the id is unknown.
    """
    from banmen.game import game_package

    return f"{game_package(game_id).__name__}.drawing"


def renderer(game_id: str):
    """Return ``game_id``'s drawing module (``draw(game, spec) -> Figure``,
    ``geometry_for``, ``describe``, ``OPTIONS``, ``play_board``, ``play_look``; see
    :mod:`banmen.contract`).

    Raises:
        BanmenError: the id is unknown, or its package has no drawing module.
    """
    from banmen.game import BanmenError, game_module

    module = game_module(game_id, "drawing")
    if module is None:
        raise BanmenError(f"no board drawing for game '{game_id}' yet")
    return module


def _renderer(game: Game):
    return renderer(game.id)


#: (game id, its rules as JSON) -> square names drawn; the site build preloads it from its
#: cache, so checking content does not import matplotlib just to learn the squares.
SQUARES: dict[tuple[str, str], frozenset[str]] = {}


def squares_key(game: Game) -> tuple[str, str]:
    """Return the key of ``game`` in :data:`SQUARES`: its id and its rules as JSON."""
    return game.id, json.dumps(game.rules.to_json(), sort_keys=True)


def board_squares(game: Game) -> frozenset[str]:
    """Return the names of the squares drawn for ``game`` (what marks may point at).

    Raises:
        BanmenError: the game has no renderer yet.
    """
    name = squares_key(game)
    if name not in SQUARES:
        SQUARES[name] = frozenset(_renderer(game).geometry_for(game).centers)
    return SQUARES[name]


def describe(game: Game, state, options: dict | None = None) -> str:
    """Return the Japanese screen-reader description of ``state`` from ``game``'s renderer
    (``describe(game, state)`` of its module).

    Args:
        game: the game.
        state: the position described.
        options: the drawing options of the board described, handed to a renderer whose
            ``describe`` takes ``options`` (so it says only what the board shows: a
            babuschka board in the table view hides the dolls inside a nest).

    Raises:
        BanmenError: the game has no renderer yet.
    """
    import inspect

    told = _renderer(game).describe
    if options is not None and "options" in inspect.signature(told).parameters:
        return told(game, state, options=options)
    return told(game, state)


def render_svg(game: Game, spec: DiagramSpec) -> str:
    """Draw ``spec`` with ``game``'s renderer and return deterministic, compact inline SVG.

    The SVG has ``role="img"``, a ``<title>`` (``spec.title`` or 「<game>の盤面」) and a
    ``<desc>`` from the renderer's ``describe`` (see :mod:`banmen.render.a11y`). It is
    composed from the board's parts (:mod:`banmen.render.replay`), those a page shares
    wrapped in ``<g class="bm-pt">``; :func:`banmen.render.replay.plain_svg` of it is the
    board drawn with every artist real.

    Raises:
        BanmenError: the game has no renderer yet, or a text needs a glyph the font lacks.
    """
    from banmen.game import BanmenError
    from banmen.render import replay
    from banmen.render.a11y import add_accessibility, plain_title
    from banmen.render.ids import html_id
    from banmen.render.svg import figure_to_svg

    # A character the font lacks would be drawn as an empty box: refuse it instead (content
    # checking reports labels at their line first; this guards every other text).
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=r"Glyph .* missing from font",
                                category=UserWarning)
        try:
            with replay.on():  # groups drawn on earlier boards are written again
                figure = _renderer(game).draw(game, spec)
                if replay.recording(figure):
                    # a group seen for the first time is recorded by saving the board;
                    # the board is then drawn again from its parts, so it comes out the
                    # same whichever boards a process drew before
                    figure_to_svg(figure, spec.ident)
                    figure = _renderer(game).draw(game, spec)
            svg = figure_to_svg(figure, spec.ident)
        except UserWarning as warning:
            raise BanmenError(f"{spec.ident}: {warning}") from None
    title = plain_title(spec.title) if spec.title else f"{game.name_ja}の盤面"
    return add_accessibility(svg, html_id(spec.ident), title,
                             describe(game, spec.state, dict(spec.options or {})))


__all__ = ["DiagramSpec", "board_squares", "describe", "render_svg", "renderer", "renderer_name"]
