"""The バブーシュカ engine: :class:`BabuschkaGame` ties board, moves, notation, positions and
queries together under the engine contract of :mod:`banmen.game`.

Implements ``shared/rules/babuschka.md`` for two and four players.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from banmen.game import Game, Outcome, Query, Rules, check_move_text
from banmen.games.babuschka import kinds
from banmen.games.babuschka import board as geo
from banmen.games.babuschka import moves as mv
from banmen.games.babuschka import notation, position, queries
from banmen.games.babuschka.rules import ALL_SIDES, SPEC, BabuschkaRules, sides_of


class BabuschkaGame(Game):
    """The バブーシュカ engine bound to one :class:`BabuschkaRules` object.

    States are :class:`~banmen.games.babuschka.moves.BabuschkaState`, moves
    :class:`~banmen.games.babuschka.moves.Move`.

    Args:
        rules: a rules object, a mapping of overrides, or ``None`` for the defaults.

    Raises:
        RulesError: an override is unknown or out of range.
    """

    id: ClassVar[str] = "babuschka"
    name_ja: ClassVar[str] = "バブーシュカ"
    rules_model: ClassVar[type[Rules]] = BabuschkaRules
    spec: ClassVar[str] = SPEC
    #: every side id of either player count (queries check them against the position).
    sides: ClassVar[tuple[str, ...]] = ALL_SIDES
    rules: BabuschkaRules

    # ---- state and moves

    def initial_state(self) -> mv.BabuschkaState:
        """Return the start position: ``rules.players`` players, full nests on every start
        square, ``rules.first_seat`` to move (``shared/rules/babuschka.md`` "Material")."""
        players = self.rules.players
        return mv.BabuschkaState(players, mv.start_board(players), self.rules.first_side())

    def side_to_move(self, state: mv.BabuschkaState) -> str:
        """Return the side id to move (``"black"``, ``"west"``, ...)."""
        return sides_of(state.players)[state.to_move]

    def legal_moves(self, state: mv.BabuschkaState) -> list[mv.Move]:
        """Return every legal action of the side to move: origins in board order, steps then
        jump chains, finals in board order; ``[PASS]`` when it has none
        (``shared/rules/babuschka.md``: a player with no legal action passes); ``[]`` when
        the game is over."""
        if self.outcome(state) is not None:
            return []
        found = list(mv.moves_of_side(state, state.to_move, self.rules.fly_over_goals))
        return found or [mv.PASS]

    def play(self, state: mv.BabuschkaState, move: mv.Move) -> mv.BabuschkaState:
        """Return the state after ``move`` (assumed legal). A move resets the pass count, the
        pass adds one; a side whose goal squares all hold its complete nests is added to
        ``finished``; the turn goes to the next side still playing (clockwise for four)."""
        if move.is_pass:
            return mv.BabuschkaState(state.players, state.board, self._next(state, state.finished),
                                     state.passes + 1, state.finished)
        board = mv.board_after(state.board, move)
        finished = state.finished
        if mv.is_home(board, state.players, state.to_move):
            finished = finished + (state.to_move,)
        return mv.BabuschkaState(state.players, board, self._next(state, finished), 0, finished)

    @staticmethod
    def _next(state: mv.BabuschkaState, finished: tuple[int, ...]) -> int:
        n = state.players
        for k in range(1, n + 1):
            side = (state.to_move + k) % n
            if side not in finished:
                return side
        return state.to_move  # pragma: no cover - everyone finished: the game is over

    def outcome(self, state: mv.BabuschkaState) -> Outcome | None:
        """Return the result (``shared/rules/babuschka.md`` "Goal and end"):

        * a side has all its nests home: it wins (``"all nests home"``); with four players and
          ``rank_all`` the game goes on until one side is left, and the reason gives the
          ranking (``"ranking: west, south, east, north"``);
        * every side still playing passed in a row: a draw ([decision]; reason ``"every player
          passed in a row"``); after a first winner with ``rank_all``, that winner stays the
          winner and the reason says the others were left unranked.
        """
        sides = sides_of(state.players)
        finished = state.finished
        if finished and (state.players == 2 or not self.rules.rank_all):
            return Outcome(sides[finished[0]], "all nests home")
        if finished and len(finished) >= state.players - 1:
            last = [s for s in range(state.players) if s not in finished]
            ranking = ", ".join(sides[s] for s in (*finished, *last))
            return Outcome(sides[finished[0]], f"ranking: {ranking}")
        if state.passes >= state.players - len(finished):
            if finished:
                ranked = ", ".join(sides[s] for s in finished)
                return Outcome(sides[finished[0]], f"ranking: {ranked}; the others passed in "
                                                   "a row and stay unranked")
            return Outcome(None, "every player passed in a row")
        return None

    def move_path(self, state: mv.BabuschkaState, move: mv.Move) -> list[str]:
        """Return the squares the moving doll visits: origin, each jump landing, final square
        (the canonical chain); ``[]`` for the pass."""
        return [geo.square_name(sq) for sq in move.path]

    def position_key(self, state: mv.BabuschkaState) -> Hashable:
        """Return the state itself (it holds exactly what decides the future)."""
        return state

    def winning_moves(self, state: mv.BabuschkaState, plies: int) -> list[mv.Move]:
        """Return the actions that force a win for the side to move within ``plies`` plies.

        Two players: the generic :class:`banmen.analysis.Solver` (passes are ordinary moves, a
        draw is no win). Four players: every other side is assumed to play against the side to
        move (a win is forced only if it happens whatever the others do); plies count every
        player's turns, the winning move included.
        """
        if state.players == 2:
            return super().winning_moves(state, plies)
        return queries.MultiSolver(self).winning_moves(state, plies)

    # ---- lessons: move kinds and why a click enters no move (see .kinds)

    move_kind_names = kinds.KIND_NAMES

    def move_kinds(self, state, move) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
        """Return the kinds of a legal move, most specific first (see :mod:`.kinds`;
        ``shared/rules/babuschka.md``)."""
        return kinds.move_kinds(self, state, move)

    def click_reason(self, state, clicks, square) -> str:  # type: ignore[no-untyped-def]
        """Return in Japanese the rule that stops ``square`` (after ``clicks``) from entering
        a legal move (see :mod:`.kinds`; ``shared/rules/babuschka.md``)."""
        return kinds.click_reason(self, state, clicks, square)

    def typed_tables(self, state) -> dict[str, Any]:  # type: ignore[no-untyped-def]
        """Return the reasons for a typed move's annotations (see :func:`.kinds.typed_tables`;
        ``shared/rules/babuschka.md``, "Notation")."""
        return kinds.typed_tables(self, state)

    # ---- notation

    def format_move(self, state: mv.BabuschkaState, move: mv.Move) -> str:
        """Return the canonical notation (``"L c1-c2"``, ``"M d2xd4xf4"``, ``"pass"``;
        four players ``"W: S a4-b4"``); see :mod:`banmen.games.babuschka.notation`."""
        return notation.format_move(state, move)

    def say_move(self, state: mv.BabuschkaState, move: mv.Move) -> str:
        """Return the canonical notation, a pass said 「パス」 (``"W: パス"`` for four)."""
        text = notation.format_move(state, move)
        return text[:-len("pass")] + "パス" if text.endswith("pass") else text

    def notations(self, state: mv.BabuschkaState, move: mv.Move) -> list[str]:
        """Return the canonical text, the text without seat prefix and without size letter."""
        return notation.notations(state, move)

    def parse_move(self, state: mv.BabuschkaState, text: str) -> mv.Move:
        """Read an action; see :func:`banmen.games.babuschka.notation.parse_move` for the
        accepted forms and the errors raised (NotationError, IllegalMoveError)."""
        check_move_text(text)
        return notation.parse_move(self, state, text)

    # ---- positions

    def position_from_yaml(self, data: Mapping[str, Any]) -> mv.BabuschkaState:
        """Build a state from a position mapping; see
        :func:`banmen.games.babuschka.position.read_position` (raises PositionError with a
        path)."""
        return position.read_position(self.id, self.rules.players, data,
                                      self.rules.fly_over_goals)

    def position_to_yaml(self, state: mv.BabuschkaState) -> dict[str, Any]:
        """Return the position mapping of ``state`` (read back by ``position_from_yaml``)."""
        return position.write_position(self.id, state)

    def position_schema(self) -> dict[str, Any]:
        """Return the JSON Schema of the position mapping."""
        return position.position_schema(self.id)

    # ---- queries

    def game_queries(self) -> dict[str, Query]:
        """Return the バブーシュカ queries by name (:mod:`banmen.games.babuschka.queries`)."""
        return queries.game_queries()


GAME = BabuschkaGame
