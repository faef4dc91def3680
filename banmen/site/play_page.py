"""The 「この局面から指す」 button: what a page carries so the reader can play on from a board.

Every diagram, the last frame of every sequence and every puzzle (shown once solved) get a
button; each game's 「対局する」 page gets one for the start position (``{{ play <game> }}``).
The button's block carries, escaped in its ``data-play`` attribute, a list of setups (one,
or, on a game's 対局する page, each start its package offers: the player counts of バブーシュカ),
each::

    {"label": "4人", "game": "babuschka", "rules": {"players": 4},
     "position": {... the game's position mapping ...}, "sides": ["south", ...]}

A game's 対局する page (:func:`start_setups`) adds ``"view"``: the play board's view of the
setup's position (:func:`banmen.games.views.view`: ``{"variant", "pieces", "info"}``), so
the page draws the board the moment the button is pressed and the reader sees it while the
engine is still loading; play itself waits for the engine. Diagrams and puzzles show their
board on the page already and carry no view (it would add kilobytes to every button).

``rules`` holds only the parameters that differ from the engine's defaults (what
:func:`banmen.play.engine` takes), ``position`` is what
:meth:`banmen.game.Game.position_to_yaml` writes (so the engine in the browser reads the same
position the page shows), ``sides`` the side ids in turn order, from which the reader picks.
The page module ``banmen/site/assets/js/play-button.js`` reads it and loads the play board only
when the button is pressed.

A move puzzle's button plays on from the position its board shows: once the reader has
played the solution (or watched it with 「解答を見る」), the page's puzzle script hands the
button the moves shown so far (the reader's and the replies, texts from the solution tree
already on the page); the play board starts from the puzzle's position and has the engine
replay them, so it shows the solved position with the line in its move list (a solved line
usually ends the game: 「一手戻す」 takes the last move back to try another). A hint beside the
button (``bm-play-from``, :data:`FROM_START_JA` until moves are shown) says which position
play starts from. Puzzles answered without moves (a number, a choice, squares) keep their
position: their board never changes.
"""

from __future__ import annotations

import html
import json
from collections.abc import Hashable
from typing import Any

#: the button's text.
BUTTON_JA = "この局面から指す"
#: the button's text on a game's 対局する page, where no board is shown before it opens.
PAGE_BUTTON_JA = "対局を始める"
#: a move puzzle's hint beside the button while its board shows the puzzle's own position
#: (banmen/site/assets/js/play-button.js writes the other one).
FROM_START_JA = "問題の最初の局面から始めます。"


def rule_overrides(game: Any) -> dict[str, Any]:
    """Return the rule parameters of ``game`` that differ from its engine's defaults, as JSON
    values (tuples as lists)."""
    defaults = game.rules_model().to_json()
    return {name: value for name, value in game.rules.to_json().items()
            if defaults.get(name) != value}


def sides_of(game: Any, position: dict[str, Any]) -> list[str]:
    """Return the side ids of ``position`` in turn order (the seats a reader may take), from
    the game's play view (:func:`banmen.games.views.seats`).

    Raises:
        BanmenError: a game without a play view.
    """
    from banmen.games.views import seats

    return seats(game, position)


def play_setup(game: Any, state: Hashable, label: str = "") -> dict[str, Any]:
    """Return one setup of a play button (see the module documentation) for ``state``.

    Args:
        game: the engine with the rules the board uses.
        state: the position to play on from.
        label: the setup's name where a page offers more than one (「4人」), else ``""``.
    """
    position = json.loads(json.dumps(game.position_to_yaml(state)))
    position.pop("game", None)
    return {"label": label, "game": game.id, "rules": rule_overrides(game),
            "position": position, "sides": sides_of(game, position)}


def start_setups(game: Any) -> list[dict[str, Any]]:
    """Return the setups of a game's 対局する page: the start positions of the engines its
    package's ``play_setups(game)`` hook returns (:mod:`banmen.contract`, ``site.py``: for
    バブーシュカ both player counts, 「2人」 and 「4人」), else its start position under the
    site's rules. Each carries ``"view"``, the play board's view of its start position (drawn
    at once on the page).

    Raises:
        BanmenError: the game has no play view.
    """
    from banmen.game import game_module
    from banmen.games.views import view

    hook = getattr(game_module(game.id, "site"), "play_setups", None)
    engines: list[tuple[Any, str]] = [(game, "")] if hook is None else list(hook(game))
    setups = []
    for engine, label in engines:
        state = engine.initial_state()
        setup = play_setup(engine, state, label)
        setup["view"] = json.loads(json.dumps(view(engine, state)))
        setups.append(setup)
    return setups


def play_html(setups: list[dict[str, Any]], where: str = "", hint: str = "") -> str:
    """Return the button block for ``setups`` (data escaped into ``data-play``).

    Args:
        setups: from :func:`play_setup` or :func:`start_setups`.
        where: a class naming the place (``bm-play-diagram``, ``bm-play-sequence``,
            ``bm-play-puzzle``, ``bm-play-page``); CSS shows a sequence's button at its last
            frame and a puzzle's once it is solved or its answer shown; on ``bm-play-page``
            the button reads :data:`PAGE_BUTTON_JA`.
        hint: plain text beside the button saying where play starts (a move puzzle's
            :data:`FROM_START_JA`), escaped; ``""`` for none.
    """
    note = f'<span class="bm-play-from">{html.escape(hint)}</span>' if hint else ""
    label = PAGE_BUTTON_JA if where == "bm-play-page" else BUTTON_JA
    data = json.dumps(setups, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return (f'<div class="bm-play {where}" data-play="{html.escape(data, quote=True)}" '
            'data-search-exclude><p class="bm-play-open">'
            f'<button type="button" class="md-button bm-play-start">{label}</button>{note}'
            '<span class="bm-play-note" aria-live="polite"></span></p></div>')
