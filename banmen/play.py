"""The engine side of the play board (この局面から指す): JSON in, JSON out, standard library only.

The page's Web Worker runs this module under Pyodide, from the same files as ``banmen check``
(``banmen/game.py``, ``banmen/params.py``, ``banmen/analysis.py``, ``banmen/games/``, this
file), so the reader plays against exactly the rules that check every puzzle. No rule is
written again in JavaScript.

A request and its answer are JSON objects (text). A position crosses as the game's position
mapping, the one :meth:`banmen.game.Game.position_to_yaml` writes and ``banmen moves`` reads,
so any position shown in the browser can be pasted into the command line.

Requests (``op`` and its fields; ``rules`` is a mapping of rule overrides, may be empty):

* ``{"op": "start", "game", "rules"}`` -> ``{"position", "view"}``: the start position.
* ``{"op": "legal", "game", "rules", "position"}`` -> ``{"to_move", "outcome", "chance",
  "moves"}``:
  ``moves`` lists ``{"move", "clicks", "labels"}`` sorted by ``move`` (the canonical
  notation, exactly as ``banmen moves`` prints it); ``clicks`` are the click tokens of
  :meth:`banmen.game.Game.move_clicks`, ``labels`` the button labels of its ``#`` tokens;
  ``outcome`` is ``None`` or ``{"winner", "reason"}``; ``chance`` is true when the moves are
  the outcomes of a die still to roll (:meth:`banmen.game.Game.is_chance`: the page rolls it).
* ``{"op": "play", "game", "rules", "position", "move"}`` -> ``{"position", "to_move",
  "outcome", "view"}``: the position after the move (text in any notation the engine reads).
* ``{"op": "view", "game", "rules", "position"}`` -> ``{"variant", "pieces", "info"}``: what
  the play board draws (:func:`banmen.games.views.view`): ``variant`` names the board parts
  file ``assets/play/<variant>.json`` (built by :mod:`banmen.render.parts`); ``pieces``
  lists ``{"square", "symbol", "look", "label"}``, bottom to top on a square, ``symbol`` the
  full id ``bm-play-<variant>-<look>`` of the ``<symbol>`` to ``<use>`` at the square's
  centre; ``info`` the Japanese lines the static diagrams write beside the board (ludo adds
  ``"die"``, the roll or 0). ``start`` and ``play`` answer this as their ``"view"``.
* ``{"op": "reply", "game", "rules", "position", "strength", "seed", "ms"}`` ->
  ``{"move"}``: the engine's choice (:func:`banmen.opponent.choose`); ``strength`` is
  ``"easy"``, ``"normal"`` or ``"strong"``; ``ms`` is the time ``strong`` may think
  (default 1000), ``nodes`` optionally a node budget instead (deterministic).

Errors (unknown game, bad position, illegal move) answer ``{"error": "one line"}``.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping
from typing import Any

from banmen import opponent
from banmen.errors import BanmenError
from banmen.game import Game, get_game
from banmen.games.views import view

#: (game id, rules as sorted JSON) -> engine; a page asks the same game again and again.
_ENGINES: dict[tuple[str, str], Game] = {}

def engine(game_id: str, rules: Mapping[str, Any] | None = None) -> Game:
    """Return the engine of ``game_id`` under the rule overrides ``rules`` (cached).

    Raises:
        BanmenError: an unknown game id; RulesError: a bad override.
    """
    key = (game_id, json.dumps(rules or {}, sort_keys=True))
    if key not in _ENGINES:
        _ENGINES[key] = get_game(game_id, rules or {})
    return _ENGINES[key]


def legal_entries(game: Game, state: Hashable) -> list[dict[str, Any]]:
    """Return every legal move of ``state`` as ``{"move", "clicks", "labels"}``, sorted by the
    canonical notation (the order of ``banmen moves``)."""
    entries = []
    for move in game.legal_moves(state):
        try:
            clicks = game.move_clicks(state, move)
        except NotImplementedError:
            clicks = []
        entries.append({
            "move": game.format_move(state, move),
            "clicks": clicks,
            "labels": {token: game.click_label(token) for token in clicks
                       if token.startswith("#")},
        })
    return sorted(entries, key=lambda entry: entry["move"])


def _outcome(game: Game, state: Hashable) -> dict[str, Any] | None:
    outcome = game.outcome(state)
    return None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason}


def _state(game: Game, request: Mapping[str, Any]) -> Hashable:
    position = dict(request["position"])
    position.setdefault("game", game.id)
    return game.position_from_yaml(position)


def answer(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one request (see the module documentation) as a JSON-ready mapping.

    Raises:
        BanmenError: a bad game, rule, position or move (:func:`handle` turns it into
            ``{"error": ...}``); KeyError: a field the operation needs is missing.
    """
    op = request["op"]
    game = engine(request["game"], request.get("rules"))
    if op == "start":
        start = game.initial_state()
        return {"position": game.position_to_yaml(start), "view": view(game, start)}
    state = _state(game, request)
    if op == "legal":
        return {"to_move": game.side_to_move(state), "outcome": _outcome(game, state),
                "chance": game.is_chance(state), "moves": legal_entries(game, state)}
    if op == "play":
        after = game.play(state, game.parse_move(state, request["move"]))
        return {"position": game.position_to_yaml(after), "to_move": game.side_to_move(after),
                "outcome": _outcome(game, after), "view": view(game, after)}
    if op == "view":
        return view(game, state)
    if op == "reply":
        return {"move": reply(game, state, request)}
    raise BanmenError(f"unknown operation {op!r} (known: start, legal, play, reply, view)")


def reply(game: Game, state: Hashable, request: Mapping[str, Any]) -> str:
    """Return the engine's move in ``state`` in canonical notation (fields of a ``reply``
    request: ``strength``, ``seed``, ``ms``, ``nodes``).

    Raises:
        BanmenError: the game is over or the strength is unknown.
    """
    nodes = request.get("nodes")
    move = opponent.choose(game, state, str(request.get("strength", "easy")),
                           int(request.get("seed", 0)),
                           time_limit=float(request.get("ms", 1000)) / 1000,
                           max_nodes=int(nodes) if nodes is not None else None)
    return game.format_move(state, move)


def handle(request_text: str) -> str:
    """Answer one request given as JSON text with JSON text; never raises for bad input."""
    try:
        request = json.loads(request_text)
        if not isinstance(request, dict):
            raise BanmenError("a request is a JSON object")
        return json.dumps(answer(request), ensure_ascii=False, sort_keys=True)
    except KeyError as err:
        return json.dumps({"error": f"the request has no field {err}"}, ensure_ascii=False)
    except (BanmenError, ValueError, TypeError) as err:
        return json.dumps({"error": str(err)}, ensure_ascii=False)
