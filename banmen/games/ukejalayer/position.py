"""Ukeja Layer position YAML I/O (a mixin of :class:`UkejalayerGame`).

Reads and writes the position mapping described in guide/positions.md, checking it
against ``shared/rules/ukejalayer.md`` (material, hands, ``white_wait``: section "Eliminate
(排除) and its unlock (解禁)").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from banmen.errors import brief_repr, shorten
from banmen.game import PositionError
from banmen.games.ukejalayer.moves import _is_int, UkejalayerState
from banmen.games.ukejalayer.rules import MAX_HAND
from banmen.games.ukejalayer.rules import PIECE, SIDES

#: Tallest stack a position may hold: every piece of both sides at the largest material.
MAX_STACK_HEIGHT = 2 * MAX_HAND


class PositionMixin:
    """Position YAML methods of :class:`UkejalayerGame` (schema, read, write)."""

    def position_schema(self) -> dict[str, Any]:
        """Return the JSON Schema of the position mapping (guide/positions.md)."""
        last_file = chr(ord("a") + self.rules.size - 1)
        return {
            "type": "object",
            "additionalProperties": False,
            "required": ["to_move", "hands"],
            "properties": {
                "game": {"const": self.id},
                "to_move": {"enum": list(SIDES)},
                "hands": {
                    "type": "object", "additionalProperties": False,
                    "required": list(SIDES),
                    "properties": {side: {"type": "integer", "minimum": 0} for side in SIDES},
                },
                "white_wait": {"type": "integer", "minimum": 0,
                               "description": "White turns still barred from eliminating"},
                "board": {
                    "type": "object", "additionalProperties": False,
                    "description": "square -> stack of W/B, bottom to top",
                    "patternProperties": {
                        f"^[a-{last_file}][1-{self.rules.size}]$": {
                            "type": ["string", "null"], "pattern": "^[WB]*$"},
                    },
                },
            },
        }

    # ---- positions

    _KEYS = ("game", "to_move", "hands", "white_wait", "board")

    def position_from_yaml(self, data: Mapping[str, Any]) -> UkejalayerState:
        """Build a state from the position mapping (guide/positions.md).

        Form::

            game: ukejalayer
            to_move: white            # or black
            hands: {white: 0, black: 0}
            white_wait: 0             # optional, see below
            board: {c2: WBWW, b3: BW} # optional; stacks bottom to top, "" = empty

        ``white_wait`` (White turns still barred from eliminating) defaults to 0. It may be
        given only once some hand is empty; it must be 0 under ``unlock: self`` and under
        ``unlock: both`` until both hands are empty, and at most ``white_delay`` otherwise.

        Raises:
            PositionError: with the path of the offending key or value: an unknown key, a
                missing ``game``/``to_move``/``hands``, another game, a bad side, bad hand
                counts, a square name that is malformed or off the board, a stack with letters
                other than W/B, more pieces of a colour on the board and in hand than the
                material, or a ``white_wait`` that the rules cannot produce.
        """
        if not isinstance(data, Mapping):
            raise PositionError("position must be a mapping")
        for key in data:
            if key not in self._KEYS:
                raise PositionError(
                    f"unknown key '{shorten(str(key))}' (expected {', '.join(self._KEYS)})", (key,)
                )
        for key in ("game", "to_move", "hands"):
            if key not in data:
                raise PositionError(f"missing key '{key}'")
        if data["game"] != self.id:
            raise PositionError(f"game must be '{self.id}' (got '{data['game']}')", ("game",))
        to_move = data["to_move"]
        if to_move not in SIDES:
            raise PositionError(
                f"to_move must be 'white' or 'black' (got '{to_move}')", ("to_move",)
            )
        hands = self._read_hands(data["hands"])
        board = self._read_board({} if data.get("board") is None else data["board"])
        self._check_material(board, hands)
        wait = self._read_white_wait(data, hands)
        return UkejalayerState(board, hands, to_move, wait)

    def _read_hands(self, value: Any) -> tuple[int, int]:
        if not isinstance(value, Mapping):
            raise PositionError("hands must be a mapping like {white: 8, black: 8}", ("hands",))
        for side in value:
            if side not in SIDES:
                raise PositionError(
                    f"unknown side '{side}' in hands (expected white, black)", ("hands", side)
                )
        counts = []
        for side in SIDES:
            if side not in value:
                raise PositionError(f"hands must give {side}", ("hands",))
            count = value[side]
            if not _is_int(count):
                raise PositionError(
                    f"hand count must be a whole number (got {brief_repr(count)})", ("hands", side)
                )
            if count < 0:
                raise PositionError(f"hand count must be 0 or more (got {count})", ("hands", side))
            if count > self.rules.material:
                raise PositionError(
                    f"hand count must be at most {self.rules.material} (the material)",
                    ("hands", side),
                )
            counts.append(count)
        return (counts[0], counts[1])

    def _read_board(self, value: Any) -> tuple[str, ...]:
        if not isinstance(value, Mapping):
            raise PositionError(
                "board must be a mapping of squares to stacks like {c2: WBWW}", ("board",)
            )
        board = [""] * self.geometry.count
        for name, stack in value.items():
            path = ("board", name)
            if not isinstance(name, str) or not re.fullmatch(r"[a-z][0-9]+", name):
                raise PositionError(
                    f"'{shorten(str(name))}' is not a square (expected a file letter then a "
                    "rank, like 'c2')",
                    path, key=True,
                )
            if name not in self.geometry.index:
                raise PositionError(f"square {name} is off the {self.geometry.describe()}", path,
                                    key=True)
            if stack is None:
                stack = ""
            if isinstance(stack, str) and len(stack) > MAX_STACK_HEIGHT:
                raise PositionError(f"a stack of {len(stack)} pieces is taller than the "
                                    f"engine's limit of {MAX_STACK_HEIGHT}", path)
            if not isinstance(stack, str) or not re.fullmatch(r"[WB]*", stack):
                raise PositionError(
                    f"stack must be a string of W and B, bottom to top (got {brief_repr(stack)})", path
                )
            board[self.geometry.index[name]] = stack
        return tuple(board)

    def _check_material(self, board: tuple[str, ...], hands: tuple[int, int]) -> None:
        material = self.rules.material
        for side, in_hand in zip(SIDES, hands):
            on_board = sum(stack.count(PIECE[side]) for stack in board)
            if on_board + in_hand > material:
                path = ("board",) if on_board > material else ("hands", side)
                raise PositionError(
                    f"too many {side} pieces: {on_board} on the board and {in_hand} in hand, "
                    f"expected at most {material} in all",
                    path,
                )

    def _read_white_wait(self, data: Mapping[str, Any], hands: tuple[int, int]) -> int:
        if "white_wait" not in data:
            return 0
        wait = data["white_wait"]
        path = ("white_wait",)
        if not _is_int(wait):
            raise PositionError(f"white_wait must be a whole number (got {brief_repr(wait)})", path)
        if wait < 0:
            raise PositionError(f"white_wait must be 0 or more (got {wait})", path)
        # 0 is true of every position before the unlock too, so scripts may always write it.
        if wait and 0 not in hands:
            raise PositionError("white_wait must be 0 until a hand is empty", path)
        if wait and self.rules.unlock == "self":
            raise PositionError(
                "white_wait must be 0 under unlock 'self' (white_delay is ignored)", path
            )
        if wait and not self._moment_passed(hands):
            raise PositionError(
                "white_wait must be 0 until both hands are empty (unlock 'both')", path
            )
        if wait > self.rules.white_delay:
            raise PositionError(
                f"white_wait must be at most white_delay ({self.rules.white_delay})", path
            )
        return wait

    def position_to_yaml(self, state: UkejalayerState) -> dict[str, Any]:
        """Return the position mapping of ``state`` (read back by :meth:`position_from_yaml`).

        Occupied squares only, in index order; ``white_wait`` only when above 0.
        """
        data: dict[str, Any] = {
            "game": self.id,
            "to_move": state.to_move,
            "hands": {"white": state.hands[0], "black": state.hands[1]},
        }
        if state.white_wait:
            data["white_wait"] = state.white_wait
        data["board"] = {
            name: stack for name, stack in zip(self.geometry.names, state.board) if stack
        }
        return data
