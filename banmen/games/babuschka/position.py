"""バブーシュカ position files: reading (with located errors) and writing.

The form (guide/positions.md)::

    game: babuschka            # optional; must be babuschka
    players: 2                 # optional: 2 or 4 (default: the rules' players)
    to_move: black             # required: black/grey, or south/west/north/east
                               # (or the dolls' letter: b/g, s/w/n/e)
    board: {c1: [bS, bM, bL], d2: [gS, bL]}   # required: nests bottom to top
    passes: 0                  # optional: consecutive passes just played (default 0)
    finished: [west]           # optional, four players: sides already home, in order

A doll is an owner letter and a size letter: ``b``/``g`` with two players, ``s``/``w``/``n``/``e``
with four; ``S``, ``M``, ``L``. A nest may also be written as one doll (``d2: gM``) or ``[]``
(empty). A position may show fewer dolls than the material (puzzles do); never more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from banmen.errors import brief_repr, shorten
from banmen.game import NotationError, PositionError
from banmen.games.babuschka import board as geo
from banmen.games.babuschka import moves as mv
from banmen.games.babuschka.rules import (
    OWNER_LETTERS,
    PER_SIZE,
    SIZES,
    doll,
    doll_text,
    sides_of,
)

KEYS = ("game", "players", "to_move", "board", "passes", "finished")


def read_position(game_id: str, default_players: int, data: Any, fly_over_goals: bool = False
                  ) -> mv.BabuschkaState:
    """Build a state from a position mapping (see the module docstring).

    Raises:
        PositionError: with the path of the offending key or value, e.g. ``"square a1 is off
            the board: expected one of the 52 squares: b2-g7, c1-f1, c8-f8, a3-a6, h3-h6"`` at
            ``("board", "a1")`` (the key), ``"nest on c1 is out of order: bL is under bM
            (nests list dolls bottom to top, S < M < L)"`` at ``("board", "c1", 1)``,
            ``"black has 5 S dolls: expected at most 4"`` at the fifth one, ``"unknown owner
            's' with 2 players: expected b or g"``.
    """
    if not isinstance(data, Mapping):
        raise PositionError("expected a mapping with players, to_move and board")
    for key in data:
        if key not in KEYS:
            raise PositionError(f"unknown key '{shorten(str(key))}': expected {', '.join(KEYS)}", (key,),
                                key=True)
    if "game" in data and data["game"] != game_id:
        raise PositionError(f"expected game: {game_id}, got {data['game']!r}", ("game",))
    players = data.get("players", default_players)
    # 2.0 == 2 in Python: a number must be written as a whole number to count.
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 4):
        raise PositionError(f"expected players 2 or 4, got {brief_repr(players)}", ("players",))
    for required in ("to_move", "board"):
        if required not in data:
            raise PositionError(f"missing {required}")
    sides = sides_of(players)
    to_move = data["to_move"]
    letters = OWNER_LETTERS[players]
    if isinstance(to_move, str) and len(to_move) == 1 and to_move in letters:
        to_move = sides[letters.index(to_move)]  # the seat letter the dolls use
    if to_move not in sides:
        raise PositionError(f"expected to_move {' or '.join(sides)} (or its letter: "
                            f"{', '.join(letters)}) with {players} players, got {brief_repr(to_move)}",
                            ("to_move",))
    board = _read_board(data["board"], players)
    finished = _read_finished(data, players, board)
    side = sides.index(to_move)
    if side in finished:
        raise PositionError(f"{to_move} is already home and takes no more turns",
                            ("to_move",))
    state = mv.BabuschkaState(players, board, side, 0, finished)
    passes = _read_passes(data, state, fly_over_goals)
    return mv.BabuschkaState(players, board, side, passes, finished)


def _read_board(value: Any, players: int) -> mv.Board:
    if not isinstance(value, Mapping):
        raise PositionError("expected board as a mapping of square to nest, like "
                            "{c1: [bS, bM, bL]}", ("board",))
    cells = mv.empty_board()
    used: Counter[tuple[int, int]] = Counter()
    limit = PER_SIZE[players]
    sides = sides_of(players)
    for key in sorted(value, key=str):  # deterministic order for the material count
        path = ("board", key)
        if isinstance(key, bool) or not isinstance(key, str):
            raise PositionError(f"expected a square like c1, got {brief_repr(key)}", path, key=True)
        try:
            square = geo.parse_square(key)
        except NotationError as err:
            raise PositionError(str(err), path, key=True) from None
        nest = _read_nest(value[key], players, path, key)
        for i, item in enumerate(nest):
            used[(item & 3, item >> 2)] += 1
            if used[(item & 3, item >> 2)] > limit:
                count = sum(1 for it in _all_dolls(value, players)
                            if (it & 3, it >> 2) == (item & 3, item >> 2))
                raise PositionError(
                    f"{sides[item & 3]} has {count} {SIZES[item >> 2]} dolls: expected at "
                    f"most {limit} with {players} players",
                    path + ((i,) if isinstance(value[key], list) else ()),
                )
        if players == 4:
            _check_goal_landings(nest, square, key, path, isinstance(value[key], list))
        cells[square] = nest
    return tuple(cells)


def _check_goal_landings(nest: mv.Nest, square: int, name: str, path: tuple,
                         listed: bool) -> None:
    """Four players: no doll lands on another player's goal square (``shared/rules/
    babuschka.md`` "A turn"), so a doll stands on one only if it started there (its own
    start squares are the goal of the player opposite)."""
    sides = sides_of(4)
    for i, item in enumerate(nest):
        owner = item & 3
        if square in geo.START[4][owner]:
            continue
        for other in range(4):
            if other != owner and square in geo.goal_squares(4, other):
                raise PositionError(
                    f"{doll_text(item, 4)} on {name} cannot be reached: {name} is a goal square "
                    f"of {sides[other]}, where no other player's doll may land",
                    path + ((i,) if listed else ()))


def _all_dolls(value: Mapping, players: int) -> list[int]:
    found = []
    for key, nest in value.items():
        items = [nest] if isinstance(nest, str) else nest
        for item in items:
            if isinstance(item, str) and len(item) == 2 and item[0] in OWNER_LETTERS[players] \
                    and item[1] in SIZES:
                found.append(doll(SIZES.index(item[1]), OWNER_LETTERS[players].index(item[0])))
    return found


def _read_nest(value: Any, players: int, path: tuple, name: str) -> mv.Nest:
    if value is None:
        return ()
    items = [value] if isinstance(value, str) else value
    single = isinstance(value, str)
    if not isinstance(items, list):
        raise PositionError(f"expected the nest on {name} as a list of dolls bottom to top, "
                            f"like [bS, bM, bL], got {brief_repr(value)}", path)
    if len(items) > 3:
        raise PositionError(f"nest on {name} has {len(items)} dolls: a nest holds at most 3 "
                            "(S, M, L)", path)
    nest: list[int] = []
    for i, item in enumerate(items):
        where = path if single else path + (i,)
        current = _read_doll(item, players, where)
        if nest and current >> 2 == nest[-1] >> 2:
            raise PositionError(
                f"nest on {name} holds two {SIZES[current >> 2]} dolls: a nest grows strictly "
                "upward (S < M < L)", where)
        if nest and current >> 2 < nest[-1] >> 2:
            raise PositionError(
                f"nest on {name} is out of order: {doll_text(nest[-1], players)} is under "
                f"{doll_text(current, players)} (nests list dolls bottom to top, S < M < L)",
                where)
        nest.append(current)
    return tuple(nest)


def _read_doll(item: Any, players: int, path: tuple) -> int:
    letters = OWNER_LETTERS[players]
    expected = f"expected a doll like {letters[0]}S (owner {' or '.join(letters)}, size S, M or L)"
    if not isinstance(item, str) or len(item.strip()) != 2:
        raise PositionError(f"{expected}, got {brief_repr(item)}", path)
    owner, size = item.strip()
    if owner not in letters:
        if owner in "bgswne":
            raise PositionError(f"unknown owner '{owner}' with {players} players: expected "
                                f"{' or '.join(letters)}", path)
        raise PositionError(f"{expected}, got {brief_repr(item)}", path)
    if size not in SIZES:
        raise PositionError(f"{expected}, got {brief_repr(item)}", path)
    return doll(SIZES.index(size), letters.index(owner))


def _read_finished(data: Mapping, players: int, board: mv.Board) -> tuple[int, ...]:
    sides = sides_of(players)
    home = [side for side in range(players) if mv.is_home(board, players, side)]
    if players == 2 and len(home) == 2:
        raise PositionError("both black and grey have all their nests home: at most one "
                            "player can have won", ("board",))
    if "finished" not in data:
        if len(home) > 1:
            raise PositionError(
                f"{' and '.join(sides[s] for s in home)} are all home: give finished, the "
                "order in which they finished", ("board",))
        return tuple(home)
    value = data["finished"]
    path = ("finished",)
    if players == 2:
        raise PositionError("finished is for four players: a two-player game ends at the "
                            "first win", path)
    if not isinstance(value, list):
        raise PositionError(f"expected finished as a list of sides, like [west], got "
                            f"{brief_repr(value)}", path)
    order: list[int] = []
    for i, name in enumerate(value):
        if name not in sides:
            raise PositionError(f"expected a side ({', '.join(sides)}), got {brief_repr(name)}",
                                path + (i,))
        side = sides.index(name)
        if side in order:
            raise PositionError(f"{name} is listed twice", path + (i,))
        if side not in home:
            raise PositionError(f"{name} is not home: its goal squares do not all hold its "
                                "complete nests", path + (i,))
        order.append(side)
    missing = [sides[s] for s in home if s not in order]
    if missing:
        raise PositionError(f"{missing[0]} is home but not listed in finished", path)
    return tuple(order)


def _read_passes(data: Mapping, state: mv.BabuschkaState, fly: bool) -> int:
    value = data.get("passes", 0)
    path = ("passes",)
    active = [s for s in _turn_order(state) if s not in state.finished]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= len(active):
        raise PositionError(f"expected passes 0-{len(active)} (consecutive passes just "
                            f"played), got {brief_repr(value)}", path)
    # a pass leaves the board as it is: each of the last `value` players had no action here
    sides = sides_of(state.players)
    for side in active[len(active) - value:]:
        if mv.has_action(state, side, fly):
            raise PositionError(f"passes: {value} is impossible: {sides[side]} has a legal "
                                "action here, so it did not pass", path)
    return value


def _turn_order(state: mv.BabuschkaState) -> list[int]:
    """Sides in turn order ending with the side just before ``to_move`` (oldest first)."""
    n = state.players
    return [(state.to_move - k) % n for k in range(n, 0, -1)]


def write_position(game_id: str, state: mv.BabuschkaState) -> dict[str, Any]:
    """Return the position mapping of ``state``: squares in board order, nests as lists;
    ``passes`` only when non-zero, ``finished`` only with four players when non-empty."""
    sides = sides_of(state.players)
    data: dict[str, Any] = {
        "game": game_id,
        "players": state.players,
        "to_move": sides[state.to_move],
        "board": {
            geo.square_name(sq): [doll_text(d, state.players) for d in state.board[sq]]
            for sq in geo.SQUARES
            if state.board[sq]
        },
    }
    if state.passes:
        data["passes"] = state.passes
    if state.players == 4 and state.finished:
        data["finished"] = [sides[s] for s in state.finished]
    return data


def position_schema(game_id: str) -> dict[str, Any]:
    """Return the JSON Schema of the position mapping (shape only)."""
    dolls = {"type": "string", "pattern": "^[bgswne][SML]$"}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["to_move", "board"],
        "properties": {
            "game": {"const": game_id},
            "players": {"enum": [2, 4]},
            "to_move": {"enum": [*sides_of(2), *sides_of(4)]},
            "board": {
                "type": "object",
                "additionalProperties": False,
                "description": "square (c1) -> nest, bottom to top: [bS, bM, bL]",
                "patternProperties": {"^[a-h][1-8]$": {"anyOf": [
                    dolls, {"type": "array", "items": dolls, "maxItems": 3}, {"type": "null"},
                ]}},
            },
            "passes": {"type": "integer", "minimum": 0, "maximum": 4},
            "finished": {"type": "array", "items": {"enum": list(sides_of(4))}},
        },
    }
