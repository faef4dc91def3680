"""The Ludo family engine behind the :class:`banmen.game.Game` contract
(``shared/rules/ludo.md``): presets 飛行棋 (aeroplane), かんたん (easy), ルドー (ludo).

Example::

    >>> game = LudoGame()
    >>> state = game.position_from_yaml({"colours": ["red", "blue"], "to_move": "red",
    ...     "roll": 2, "pieces": {"red": ["yard", 12, 30, "goal"],
    ...                           "blue": ["yard", "yard", 5, 55]}})
    >>> [game.format_move(state, m) for m in game.legal_moves(state)]
    ['r2 12-30', 'r3 30-32']
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from banmen.game import Game, Outcome, Query, QueryError, Rules, check_move_text
from banmen.games.ludo import kinds
from banmen.games.ludo import engine, notation, paths, position, queries
from banmen.games.ludo.engine import LudoState, Move
from banmen.games.ludo.rules import LudoRules, merge_rules

SPEC = "shared/rules/ludo.md"


class LudoGame(Game):
    """The Ludo family engine bound to one :class:`LudoRules` object.

    A state carries the rule tables it is played under (a position's ``preset`` may differ
    from the engine's; see :mod:`banmen.games.ludo.position`), so every method reads the rules
    from the state, and the engine's rules decide only the start position and how positions
    are read.

    Args:
        rules: a rules object, a mapping of overrides, or ``None`` for the defaults (the
            aeroplane preset).

    Raises:
        RulesError: an override is unknown or out of range.
    """

    id: ClassVar[str] = "ludo"
    name_ja: ClassVar[str] = "ルドー"
    rules_model: ClassVar[type[Rules]] = LudoRules
    spec: ClassVar[str] = SPEC
    sides: ClassVar[tuple[str, ...]] = ("red", "yellow", "blue", "green")
    rules: LudoRules

    def with_rules(self, overrides: Mapping[str, Any]) -> LudoGame:
        """Return an engine with ``overrides`` on top of these rules; a new ``preset`` keeps
        the explicitly set parameters and takes the others from the new preset.

        Raises:
            RulesError: an override is unknown or out of range.
        """
        return LudoGame(merge_rules(self.rules, overrides))

    # ---- state and moves

    def initial_state(self) -> LudoState:
        """Return the start: every piece in its yard, red to roll (no roll stated)."""
        return engine.initial_state(self.rules)

    def side_to_move(self, state: LudoState) -> str:
        """Return the colour to move (``"red"``, ...)."""
        return state.colours[state.to_move]

    def legal_moves(self, state: LudoState) -> list[Move]:
        """Return the six chance moves ``roll 1..6`` when no roll is stated, else the piece
        moves for the roll in piece order, or ``[pass]``; ``[]`` once the game is over."""
        return engine.legal_moves(state)

    def play(self, state: LudoState, move: Move) -> LudoState:
        """Return the state after ``move`` (assumed legal); see :mod:`.engine`."""
        return engine.play(state, move)

    def is_chance(self, state: LudoState) -> bool:
        """Return True while the die is still to be rolled (the moves are ``roll 1..6``)."""
        return state.roll == 0 and not engine.is_over(state)

    def outcome(self, state: LudoState) -> Outcome | None:
        """Return ``None`` while the game goes on; else the first finisher as the winner and
        the ranking as the reason, e.g. ``"ranking: red 1, blue 2"``."""
        if not engine.is_over(state):
            return None
        ranks = engine.ranking(state)
        text = ", ".join(f"{colour} {rank}" for colour, rank in ranks)
        return Outcome(state.colours[state.finished[0]], f"ranking: {text}")

    def ranking(self, state: LudoState) -> list[tuple[str, int]]:
        """Return ``(colour, rank)`` best first (see :func:`.engine.ranking`)."""
        return engine.ranking(state)

    # ---- lessons: move kinds and why a click enters no move (see .kinds)

    move_kind_names = kinds.KIND_NAMES

    def move_kinds(self, state, move) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
        """Return the kinds of a legal move, most specific first (see :mod:`.kinds`;
        ``shared/rules/ludo.md``)."""
        return kinds.move_kinds(self, state, move)

    def click_reason(self, state, clicks, square) -> str:  # type: ignore[no-untyped-def]
        """Return in Japanese the rule that stops ``square`` (after ``clicks``) from entering
        a legal move (see :mod:`.kinds`; ``shared/rules/ludo.md``)."""
        return kinds.click_reason(self, state, clicks, square)

    # ---- notation

    def format_move(self, state: LudoState, move: Move) -> str:
        """Return ``r2 12-30``, ``r1 yard-0``, ``b3 54-goal``, ``pass`` or ``roll 3``."""
        return notation.format_move(state, move)

    def say_move(self, state: LudoState, move: Move) -> str:
        """Return the move in words: 「赤2を10マス目から13マス目へ」, 「赤1を陣地から出す」,
        「赤3をゴールへ」, 「パス」, 「サイコロを振る（3）」."""
        return notation.say_move(state, move)

    def notations(self, state: LudoState, move: Move) -> list[str]:
        """Return the canonical text, then the piece alone for piece moves."""
        return notation.notations(state, move)

    def parse_move(self, state: LudoState, text: str) -> Move:
        """Read a move (see :func:`.notation.parse_move` for the messages).

        Raises:
            NotationError: malformed text.
            IllegalMoveError: well formed but not legal here, with the reason.
        """
        check_move_text(text)
        return notation.parse_move(state, text)

    def move_path(self, state: LudoState, move: Move) -> list[str]:
        """Return the squares the moving piece visits (see :func:`.paths.move_path`)."""
        return paths.move_path(state, move)

    def move_legs(self, state: LudoState, move: Move) -> list[tuple[str, str, str]]:
        """Return ``(from, to, kind)`` legs of the move (see :func:`.paths.move_legs`)."""
        return paths.move_legs(state, move)

    # ---- positions

    def position_from_yaml(self, data: Mapping[str, Any]) -> LudoState:
        """Build a state from a position mapping (see :mod:`.position`).

        Raises:
            PositionError: with the path of the offending key or value.
        """
        return position.read_position(self.rules, data)

    def position_to_yaml(self, state: LudoState) -> dict[str, Any]:
        """Return the position mapping of ``state``."""
        return position.write_position(state)

    def position_schema(self) -> dict[str, Any]:
        """Return the JSON Schema of the position mapping."""
        return position.position_schema()

    # ---- queries and analysis

    def queries(self) -> dict[str, Query]:
        """Return the named queries: the generic ones but ``winning_moves`` (dice decide
        ludo games), and the ludo queries of :mod:`.queries`."""
        return {name: query for name, query in super().queries().items()
                if name != "winning_moves"}

    def game_queries(self) -> dict[str, Query]:
        """Return the ludo queries by name (see :mod:`.queries`)."""
        return {query.name: query for query in queries.queries()}

    def winning_moves(self, state: Hashable, plies: int) -> list[Hashable]:
        """Not available: the dice decide, so no move forces a win.

        Raises:
            QueryError: always.
        """
        raise QueryError("ludo is a dice game: no move forces a win, so winning_moves "
                         "does not apply")


GAME = LudoGame
