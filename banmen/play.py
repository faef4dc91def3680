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
from banmen.errors import BanmenError, brief_repr, one_line
from banmen.game import Game, game_ids, get_game
from banmen.games.views import view

#: (game id, rules as sorted JSON) -> engine; a page asks the same game again and again.
#: At most :data:`MAX_ENGINES` are kept (the oldest goes first), so requests with ever new
#: rules cannot grow the worker's memory without bound.
_ENGINES: dict[tuple[str, str], Game] = {}
MAX_ENGINES = 16

#: The longest request text read (characters); a position of any game is far shorter.
MAX_REQUEST = 100_000
#: Bounds of the reply fields: ``ms`` (milliseconds ``strong`` may think), ``nodes`` (its
#: node budget) and ``seed``.
MAX_MS = 60_000
MAX_NODES = 10_000_000
MAX_SEED = 2**63 - 1
#: The longest error text answered (an error may quote the bad input).
MAX_ERROR = 300

def engine(game_id: str, rules: Mapping[str, Any] | None = None) -> Game:
    """Return the engine of ``game_id`` under the rule overrides ``rules`` (cached).

    Raises:
        BanmenError: an unknown game id; RulesError: a bad override.
    """
    if not isinstance(game_id, str):
        raise BanmenError(f"game must be a game id such as {game_ids()[0]!r}")
    if rules is not None and not isinstance(rules, Mapping):
        raise BanmenError("rules must be a mapping of rule parameters")
    key = (game_id, json.dumps(rules or {}, sort_keys=True))
    if key not in _ENGINES:
        if len(_ENGINES) >= MAX_ENGINES:
            del _ENGINES[next(iter(_ENGINES))]
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
    if not isinstance(request["position"], Mapping):
        raise BanmenError("position must be the game's position mapping")
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
    if op in ("play", "reply") and game.outcome(state) is not None:
        raise BanmenError("the game is over in this position: no move can be played")
    if op == "play":
        if not isinstance(request["move"], str):
            raise BanmenError("move must be a text in the game's notation")
        after = game.play(state, game.parse_move(state, request["move"]))
        return {"position": game.position_to_yaml(after), "to_move": game.side_to_move(after),
                "outcome": _outcome(game, after), "view": view(game, after)}
    if op == "view":
        return view(game, state)
    if op == "reply":
        return {"move": reply(game, state, request)}
    raise BanmenError(f"unknown operation {brief_repr(op)} (known: start, legal, play, reply, view)")


def reply(game: Game, state: Hashable, request: Mapping[str, Any]) -> str:
    """Return the engine's move in ``state`` in canonical notation (fields of a ``reply``
    request: ``strength``, ``seed``, ``ms``, ``nodes``).

    Raises:
        BanmenError: the game is over or the strength is unknown.
    """
    nodes = request.get("nodes")
    move = opponent.choose(game, state, str(request.get("strength", "easy")),
                           _whole(request.get("seed", 0), "seed", 0, MAX_SEED),
                           time_limit=_number(request.get("ms", 1000), "ms", 1, MAX_MS) / 1000,
                           max_nodes=None if nodes is None
                           else _whole(nodes, "nodes", 1, MAX_NODES))
    return game.format_move(state, move)


def _whole(value: Any, name: str, low: int, high: int) -> int:
    """Return ``value`` if it is a whole number from ``low`` to ``high``.

    Raises:
        BanmenError: another type (``true`` and ``1.5`` included) or out of range.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BanmenError(f"{name} must be a whole number from {low} to {high}")
    return value


def _number(value: Any, name: str, low: float, high: float) -> float:
    """Return ``value`` as a float if it is a finite number from ``low`` to ``high``.

    Raises:
        BanmenError: another type, NaN, an infinity or out of range.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not low <= value <= high:  # NaN fails every comparison
        raise BanmenError(f"{name} must be a number from {low:g} to {high:g}")
    return float(value)


def _error(message: str) -> str:
    # every character that is not printable written as an escape: a lone surrogate quoted
    # from the request ("\ud800") is not valid UTF-8, and a line break would split the line
    message = one_line(message)
    if len(message) > MAX_ERROR:
        message = message[:MAX_ERROR - 1] + "…"
    return json.dumps({"error": message}, ensure_ascii=False)


def handle(request_text: str) -> str:
    """Answer one request given as JSON text with JSON text; never raises for bad input.

    A request longer than :data:`MAX_REQUEST` characters, nested too deeply, with a field of
    the wrong type or out of its bounds (``ms``, ``nodes``, ``seed``), or on a finished game
    (``play``, ``reply``) answers ``{"error": "one line"}`` of at most :data:`MAX_ERROR`
    characters.
    """
    if not isinstance(request_text, str) or len(request_text) > MAX_REQUEST:
        return _error(f"a request is JSON text of at most {MAX_REQUEST} characters")
    try:
        request = json.loads(request_text)
        if not isinstance(request, dict):
            raise BanmenError("a request is a JSON object")
        return json.dumps(answer(request), ensure_ascii=False, sort_keys=True)
    except KeyError as err:
        return _error(f"the request has no field {_quoted(err)}")
    except (BanmenError, ValueError, TypeError) as err:
        return _error(_quoted(err, plain=True))
    except RecursionError:
        return _error("the request is nested too deeply")
    except Exception as err:  # noqa: BLE001 - the worker answers every request with JSON
        return _error(f"the request could not be answered ({type(err).__name__})")


def _quoted(err: BaseException, plain: bool = False) -> str:
    """The error's text (or, for a KeyError, the missing field quoted), safe to build even for
    a deeply nested value."""
    try:
        text = str(err) if plain else repr(err.args[0]) if err.args else "?"
    except RecursionError:
        text = "a deeply nested value"
    return " ".join(text.split())
