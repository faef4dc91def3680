"""The めだまがえる engine class, :class:`MedamagaeruGame` (contract of :mod:`banmen.game`).

Implements ``shared/rules/medamagaeru.md``: legal moves ("Moves", "The attacker (仕掛け方) and
repetition (千日手)"), the end of the game ("Winning and drawing"); notation and positions are
delegated to :mod:`.notation` and :mod:`.position`, named queries to :mod:`.queries`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from banmen.game import Game, Outcome, Query, Rules, check_move_text
from banmen.games.medamagaeru import kinds
from banmen.games.medamagaeru.board import (
    _ORDINALS,
    ATTACKER_STATES,
    judgement,
    other,
    piece_at,
    pieces_of,
    SIDES,
    SPEC,
    square_name,
)
from banmen.games.medamagaeru.moves import (
    attacker_after,
    board_after,
    MedamagaeruState,
    Move,
    pseudo_legal_moves,
    repeats_window,
    repetition_key,
    under_repetition_duty,
)
from banmen.games.medamagaeru.notation import _MoveReader
from banmen.games.medamagaeru.position import _PositionReader, position_text, setup_data
from banmen.games.medamagaeru.queries import _queries
from banmen.games.medamagaeru.rules import MedamagaeruRules


# =========================================================================== the game


class MedamagaeruGame(Game):
    """The めだまがえる engine bound to one :class:`MedamagaeruRules` object.

    Args:
        rules: a rules object, a mapping of overrides, or ``None`` for the defaults.

    Raises:
        RulesError: an override is unknown or out of range.
    """

    id: ClassVar[str] = "medamagaeru"
    name_ja: ClassVar[str] = "めだまがえる"
    rules_model: ClassVar[type[Rules]] = MedamagaeruRules
    spec: ClassVar[str] = SPEC
    sides: ClassVar[tuple[str, str]] = SIDES
    rules: MedamagaeruRules

    # ---- state and moves

    def initial_state(self) -> MedamagaeruState:
        """Return the start position read from ``banmen/games/medamagaeru/setup.py``
        (the [decision] setup of ``shared/rules/medamagaeru.md``)."""
        return self.position_from_yaml(setup_data())

    def side_to_move(self, state: MedamagaeruState) -> str:
        """Return ``"green"`` or ``"white"``."""
        return state.to_move

    def legal_moves(self, state: MedamagaeruState) -> list[Move]:
        """Return every legal move (see :func:`pseudo_legal_moves` for the order); empty when
        the game is over. Under the repetition duty only moves to positions new in the window
        remain."""
        if self._decided(state) is not None:
            return []
        moves = pseudo_legal_moves(state)
        if under_repetition_duty(state):
            moves = [move for move in moves if not repeats_window(state, move)]
        return moves

    def play(self, state: MedamagaeruState, move: Move) -> MedamagaeruState:
        """Return the state after ``move`` (assumed legal): board, captures, attacker state,
        repetition window and the 2-2 ply count all updated."""
        board = board_after(state.board, move)
        mover = state.to_move
        captures = state.captures
        if move.capture:
            i = SIDES.index(mover)
            captures = captures[:i] + (captures[i] + 1,) + captures[i + 1 :]
        attacker = attacker_after(self.rules, state, move)
        key = (board, other(mover))
        if attacker != state.attacker:
            # the window restarts one ply before the change: at the position we leave
            window = (repetition_key(state), key)
        else:
            window = state.window + (key,)
        return MedamagaeruState(
            board=board,
            to_move=other(mover),
            captures=captures,
            attacker=attacker,
            window=window,
            plies_since_2_2=self._next_plies_since_2_2(state, captures),
        )

    def _next_plies_since_2_2(
        self, state: MedamagaeruState, captures: tuple[int, int]
    ) -> int | None:
        if not self._at_judgement_score(captures):
            return None
        return 0 if state.plies_since_2_2 is None else state.plies_since_2_2 + 1

    def _at_judgement_score(self, captures: tuple[int, int]) -> bool:
        """Both sides one capture short of winning (2-2 by default)."""
        short = self.rules.captures_to_win - 1
        return captures == (short, short)

    def outcome(self, state: MedamagaeruState) -> Outcome | None:
        """Return the result, checked in this order (``shared/rules/medamagaeru.md``
        "Winning and drawing"):

        1. a side has captured ``captures_to_win`` pieces: it wins (``"third capture"``);
        2. at 2-2, the judgement: ``"2-2 judgement: white can capture nothing"`` (green wins),
           or a draw ``"2-2 judgement: neither side can capture anything"``;
        3. at 2-2, ``draw_plies_after_2_2`` plies played: draw;
        4. the side to move has no legal move: it loses ([decision]); the reason says
           ``"repetition duty: no move to a new position"`` when the duty removed every move.
        """
        decided = self._decided(state)
        if decided is not None:
            return decided
        if self.legal_moves(state):
            return None
        winner = other(state.to_move)
        if pseudo_legal_moves(state):
            return Outcome(winner, "repetition duty: no move to a new position")
        return Outcome(winner, "no legal move")

    def _decided(self, state: MedamagaeruState) -> Outcome | None:
        """The outcomes that do not depend on move generation."""
        goal = self.rules.captures_to_win
        for side, count in zip(SIDES, state.captures):
            if count >= goal:
                return Outcome(side, f"{_ORDINALS.get(goal, str(goal))} capture")
        if not self._at_judgement_score(state.captures):
            return None
        score = f"{goal - 1}-{goal - 1}"
        verdict = judgement(state.board)
        if verdict == "draw":
            return Outcome(None, f"{score} judgement: neither side can capture anything")
        if verdict in SIDES:
            return Outcome(verdict, f"{score} judgement: {other(verdict)} can capture nothing")
        limit = self.rules.draw_plies_after_2_2
        if state.plies_since_2_2 is not None and state.plies_since_2_2 >= limit:
            return Outcome(None, f"no winning capture within {limit} plies of {score}")
        return None

    def position_key(self, state: MedamagaeruState) -> tuple:
        """Return the transposition-table identity of ``state``: everything that decides its
        future. The window matters only as a set plus whether this position is a repeat."""
        repeated = state.window.count(repetition_key(state)) > 1
        return (
            state.board,
            state.to_move,
            state.captures,
            state.attacker,
            frozenset(state.window),
            repeated,
            state.plies_since_2_2,
        )

    # ---- lessons: move kinds and why a click enters no move (see .kinds)

    move_kind_names = kinds.KIND_NAMES

    def move_kinds(self, state, move) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
        """Return the kinds of a legal move, most specific first (see :mod:`.kinds`;
        ``shared/rules/medamagaeru.md``)."""
        return kinds.move_kinds(self, state, move)

    def click_reason(self, state, clicks, square) -> str:  # type: ignore[no-untyped-def]
        """Return in Japanese the rule that stops ``square`` (after ``clicks``) from entering
        a legal move (see :mod:`.kinds`; ``shared/rules/medamagaeru.md``)."""
        return kinds.click_reason(self, state, clicks, square)

    def typed_tables(self, state) -> dict[str, Any]:  # type: ignore[no-untyped-def]
        """Return the reasons for a typed move's annotations (see :func:`.kinds.typed_tables`;
        ``shared/rules/medamagaeru.md``, "Notation")."""
        return kinds.typed_tables(self, state)

    # ---- notation

    def format_move(self, state: MedamagaeruState, move: Move) -> str:
        """Return the canonical notation ([decision] ``shared/rules/medamagaeru.md``
        "Notation"): ``"5 63-52"``, ``"2 44x45"``, ``"2 44x45+"`` (eyes before the move)."""
        piece = piece_at(state.board, move.origin)
        separator = "x" if move.capture else "-"
        promotion = "+" if move.promote else ""
        return (
            f"{piece.eyes} {square_name(move.origin)}{separator}"
            f"{square_name(move.target)}{promotion}"
        )

    def move_path(self, state: MedamagaeruState, move: Move) -> list[str]:
        """Return ``[origin, target]`` as two-digit square names, e.g. ``["67", "66"]``.

        A frog moves one step (``shared/rules/medamagaeru.md`` "Moves"), capturing or not, so
        its path is its origin and its target. ``state`` is not consulted.
        """
        return [square_name(move.origin), square_name(move.target)]

    def move_clicks(self, state: MedamagaeruState, move: Move) -> list[str]:
        """Return origin and target, plus the promotion choice where a capture offers one.

        ``shared/rules/medamagaeru.md`` "Moves": after a capture an unpromoted piece may
        promote, so both moves share their squares; the page then asks with the choices
        ``#promote`` (「成る」) and ``#stay`` (「成らない」): ``["44", "45", "#promote"]``.
        """
        clicks = self.move_path(state, move)
        if move.promote:
            return clicks + ["#promote"]
        if move.capture and move._replace(promote=True) in self.legal_moves(state):
            return clicks + ["#stay"]
        return clicks

    def click_label(self, token: str) -> str:
        """Label a choice of :meth:`move_clicks`: 「成る」 or 「成らない」."""
        return {"#promote": "成る", "#stay": "成らない"}.get(token, token[1:])

    def notations(self, state: MedamagaeruState, move: Move) -> list[str]:
        """Return the canonical text and the short form without the eye count
        (``["5 63-52", "63-52"]``); puzzle pages accept both."""
        canonical = self.format_move(state, move)
        return [canonical, canonical.split(" ", 1)[1]]

    def parse_move(self, state: MedamagaeruState, text: str) -> Move:
        """Read a move: ``"5 63-52"``, ``"2 44x45"``, ``"2 44x45+"``; the eye count may be
        left out (``"63-52"``), may carry ``+`` for a promoted piece (``"3+ 44-43"``), and
        full-width forms and kanji ranks are accepted (``"５ ６三－５二"``, ``×`` for ``x``).

        Raises:
            NotationError: malformed text (``"cannot read move 'foo': expected like '5 63-52',
                '2 44x45' or '2 44x45+'"``), a square off the board, an eye count outside 1-5.
            IllegalMoveError: a reason such as ``"no green piece on 63"``, ``"the green piece
                on 63 has 4 eyes, not 5"``, ``"63 and 51 are not adjacent"``, ``"a 3 cannot
                capture a 1"``, ``"52 holds a green piece"``, ``"there is no piece to capture
                on 52"``, ``"52 holds a white 2: write 3 63x52 to capture it"``, ``"only a
                capture can promote"``, ``"the piece on 63 is already promoted: a piece
                promotes only once"``, ``"the repetition duty forbids 3 43-33: that position
                already occurred"``, ``"the game is over: green won (third capture)"``.
        """
        check_move_text(text)
        return _MoveReader(self, state, text).read()

    # ---- positions

    def position_from_yaml(self, data: Mapping[str, Any]) -> MedamagaeruState:
        """Build a state from a position mapping (guide/positions.md)::

            game: medamagaeru          # optional; must be medamagaeru
            to_move: green             # required
            board: {"64": G4, "44": G1, "45": W2+}   # required; squares as strings or ints
            captures: {green: 1, white: 0}           # optional, default 0 each
            attacker: none             # optional: none | green | white
            window: ["white 43G3 42W2", ...]  # optional: earlier positions of the repetition
                                       # window, oldest first, without this one
            plies_since_2_2: 12        # optional, only at 2-2; default 0 there
            history: ["3 44-43", ...]  # optional: moves played from this position; the
                                       # result is the position after them

        A position may show only some pieces; see :class:`_PositionReader` for what is
        checked ([decision]). ``captures`` count the enemy pieces each side has taken.

        Raises:
            PositionError: one short lower-case message and the path of the offending key or
                value, e.g. ``"square 81 is off the board: expected file and rank 1-7"`` at
                ``("board", "81")``, ``"expected eyes 1-5, got 6"``, ``"green has 6 pieces on
                the board: expected at most 5"``, ``"expected at most one green piece that
                started as a 3 (a 3, or a promoted 4)"``, ``"green cannot have captured 3: 3
                white pieces are on the board, so at most 2 are gone"``, ``"unknown key
                'foo': expected game, ..."``, ``"history move 2 '3 43-42': no white piece on
                43"`` at ``("history", 1)``.
        """
        return _PositionReader(self, data).read()

    def position_schema(self) -> dict[str, Any]:
        """Return the JSON Schema of the position mapping (guide/positions.md)."""
        count = {"type": "integer", "minimum": 0, "maximum": 5}
        return {
            "type": "object",
            "additionalProperties": False,
            "required": ["to_move", "board"],
            "properties": {
                "game": {"const": self.id},
                "to_move": {"enum": list(SIDES)},
                "board": {
                    "type": "object", "additionalProperties": False,
                    "description": "square (file then rank, e.g. 43) -> G4, W2+, ...",
                    "patternProperties": {"^[1-7][1-7]$": {
                        "type": "string", "pattern": "^[GW][1-5]\\+?$"}},
                },
                "captures": {"type": "object", "additionalProperties": False,
                             "properties": {side: count for side in SIDES}},
                "attacker": {"enum": [*ATTACKER_STATES, None]},
                "window": {"type": "array", "items": {"type": "string"}},
                "plies_since_2_2": {"type": "integer", "minimum": 0},
                "history": {"type": "array", "items": {"type": "string"},
                            "description": "moves played from this position"},
            },
        }

    def position_to_yaml(self, state: MedamagaeruState) -> dict[str, Any]:
        """Return the position mapping of ``state``; ``window`` appears only when the window
        holds earlier positions and ``plies_since_2_2`` only when non-zero."""
        data: dict[str, Any] = {
            "game": self.id,
            "to_move": state.to_move,
            "board": {square_name(sq): piece.text() for sq, piece in pieces_of(state.board)},
            "captures": dict(zip(SIDES, state.captures)),
            "attacker": state.attacker,
        }
        if len(state.window) > 1:
            data["window"] = [position_text(key) for key in state.window[:-1]]
        if state.plies_since_2_2:
            data["plies_since_2_2"] = state.plies_since_2_2
        return data

    # ---- queries

    def game_queries(self) -> dict[str, Query]:
        """Return the めだまがえる queries by name (see :func:`_queries`)."""
        return {query.name: query for query in _queries()}


GAME = MedamagaeruGame
