"""The suicide-checkers engine class, :class:`SuicideCheckersGame` (contract of
:mod:`banmen.game`).

Implements ``shared/rules/suicide-checkers.md``: moves ("Moves", via :mod:`.bitboard`), the
reversed end of the game ("End of the game (reversed)") and the position YAML mapping; the
solver lives in :mod:`.solver`, named queries in :mod:`.queries`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from banmen.errors import brief_repr
from banmen.game import Game, IllegalMoveError, Outcome, PositionError, Query, check_move_text
from banmen.games.suicide_checkers import bitboard as bb
from banmen.games.suicide_checkers import kinds, reasons
from banmen.games.suicide_checkers.board import (
    _inner,
    CheckersState,
    initial_position,
    is_capture,
    move_path,
)
from banmen.games.suicide_checkers.notation import (
    format_move_text,
    listing,
    read_move,
    read_move_squares,
)
from banmen.games.suicide_checkers.position import _FEN_EXAMPLE, format_fen, parse_fen
from banmen.games.suicide_checkers.queries import _QUERIES
from banmen.games.suicide_checkers.rules import Move, SIDES, SPEC, SuicideCheckersRules
from banmen.games.suicide_checkers.solver import GiveawaySolver


# --------------------------------------------------------------------------- the game


class SuicideCheckersGame(Game):
    """Suicide checkers under ``shared/rules/suicide-checkers.md``.

    Args:
        rules: a :class:`SuicideCheckersRules`, a mapping of overrides
            (``{"repetition_draw": 0}``), or ``None`` for the defaults.

    Raises:
        RulesError: an override is unknown or out of range.
    """

    id = "suicide-checkers"
    name_ja = "スーサイドチェッカー"
    rules_model = SuicideCheckersRules
    spec = SPEC
    sides = SIDES

    # ---- state and moves

    def initial_state(self) -> CheckersState:
        """Return the start position (Black on 1..12, White on 21..32, Black to move)."""
        return initial_position()

    def side_to_move(self, state: CheckersState) -> str:
        """Return ``"black"`` or ``"white"``."""
        return "black" if state.black_to_move else "white"

    def legal_moves(self, state: CheckersState) -> list[Move]:
        """Return every legal move, sorted by its squares (start, then landings).

        Only captures when any capture exists (compulsory capture); every jump path is its own
        move. Pure move generation: the draw rules are :meth:`outcome`'s business, so a drawn
        position still lists its moves.
        """
        paths = bb.legal_paths(*_inner(state))
        return sorted(tuple(bb.BIT_SQUARE[i] for i in path) for path, _ in paths)

    def play(self, state: CheckersState, move: Move) -> CheckersState:
        """Return the state after ``move`` (assumed legal), with the draw counters updated."""
        path = tuple(bb.SQUARE_BIT[s] for s in move)
        captured = 0
        if is_capture(move):
            for start, land in zip(path, path[1:]):
                captured |= 1 << ((start + land) // 2)
        black, white, kings, black_to_move = _inner(state)
        was_king = kings >> path[0] & 1
        black, white, kings = bb.apply_path(black, white, kings, black_to_move, path, captured)
        if captured or not was_king:
            quiet, history = 0, ()
        else:
            quiet, history = state.quiet_plies + 1, state.history + (state.key,)
        return CheckersState(bb.to_square_mask(black), bb.to_square_mask(white),
                             bb.to_square_mask(kings), not black_to_move, quiet, history)

    def outcome(self, state: CheckersState) -> Outcome | None:
        """Return the result, or ``None`` while the game goes on.

        The side to move with no pieces or no legal move wins (reason ``"no pieces"`` /
        ``"no legal move"``); this is checked before the draws. Draws: the position occurs for
        the ``repetition_draw``-th time (reason ``"repetition"``), or ``quiet_move_limit``
        moves per side have passed without capture or man move (reason ``"quiet moves"``).
        """
        own = state.black if state.black_to_move else state.white
        if not own:
            return Outcome(self.side_to_move(state), "no pieces")
        if not bb.has_move(*_inner(state)):
            return Outcome(self.side_to_move(state), "no legal move")
        return self._draw(state)

    def _draw(self, state: CheckersState) -> Outcome | None:
        repeat = self.rules.repetition_draw
        if repeat and state.history.count(state.key) + 1 >= repeat:
            return Outcome(None, "repetition")
        limit = self.rules.quiet_move_limit
        if limit and state.quiet_plies >= 2 * limit:
            return Outcome(None, "quiet moves")
        return None

    # ---- lessons: move kinds and why a click enters no move (see .kinds)

    move_kind_names = kinds.KIND_NAMES

    def move_kinds(self, state, move) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
        """Return the kinds of a legal move, most specific first (see :mod:`.kinds`;
        ``shared/rules/suicide-checkers.md``)."""
        return kinds.move_kinds(self, state, move)

    def click_reason(self, state, clicks, square) -> str:  # type: ignore[no-untyped-def]
        """Return in Japanese the rule that stops ``square`` (after ``clicks``) from entering
        a legal move (see :mod:`.reasons`; ``shared/rules/suicide-checkers.md``, "Moves")."""
        return reasons.click_reason(self, state, clicks, square)

    def stop_reason(self, state, clicks) -> str:  # type: ignore[no-untyped-def]
        """Return in Japanese why a capture entered up to ``clicks`` is not finished (see
        :mod:`.reasons`; ``shared/rules/suicide-checkers.md``, "Moves")."""
        return reasons.stop_reason(self, state, clicks)

    # ---- notation

    def parse_move(self, state: CheckersState, text: str) -> Move:
        """Read ``11-15``, ``22x15``, ``15x24x31`` or the unambiguous short form ``15x31``.

        Raises:
            NotationError / IllegalMoveError: see :func:`read_move`; an illegal move's
                ``explained`` line names the rule that forbids it where
                :func:`.reasons.typed_reason` finds one: ``'14-10' is not legal here:
                14から10へは後ろ向きです。… (legal: 9-13, 9-14, ...)``.
        """
        check_move_text(text)
        legal = self.legal_moves(state)
        try:
            return read_move(legal, text)
        except IllegalMoveError as err:
            squares, separator = read_move_squares(text)
            why = reasons.typed_reason(self, state, squares, separator)
            if not why:
                raise
            captures = [m for m in legal if is_capture(m)]
            choices = (f"captures: {listing(captures)}" if captures
                       else f"legal: {listing(legal)}")
            raise IllegalMoveError(str(err), f"{brief_repr(text)} is not legal here: {why} ({choices})",
                                   code=err.code, values=err.values) from None

    def format_move(self, state: CheckersState, move: Move) -> str:
        """Return the full notation of ``move`` (every landing square)."""
        return format_move_text(move)

    def move_path(self, state: CheckersState, move: Move) -> list[str]:
        """Return the start square then every landing square, as square numbers.

        ``(15, 24, 31)`` gives ``["15", "24", "31"]`` (``shared/rules/suicide-checkers.md``
        "Moves": a jump chain visits each landing in turn); a step gives its two squares.
        ``state`` is not consulted: a move already lists every landing.
        """
        return [str(square) for square in move_path(move)]

    def notations(self, state: CheckersState, move: Move) -> list[str]:
        """Return the full notation, plus the short form ``15x31`` of a multi-jump when no
        other legal move shares its first and last squares (``shared/rules/suicide-checkers.md``
        "Notation and formats")."""
        texts = [format_move_text(move)]
        if len(move) > 2:
            ends = (move[0], move[-1])
            if sum((m[0], m[-1]) == ends for m in self.legal_moves(state)) == 1:
                texts.append(f"{move[0]}x{move[-1]}")
        return texts

    # ---- positions

    _POSITION_KEYS = ("game", "fen", "quiet_plies", "window")

    def position_schema(self) -> dict[str, Any]:
        """Return the JSON Schema of the position mapping (guide/positions.md)."""
        fen = {"type": "string", "pattern": "^\\s*[BWbw]\\s*:"}
        return {
            "type": "object",
            "additionalProperties": False,
            "required": ["fen"],
            "properties": {
                "game": {"const": self.id},
                "fen": {**fen, "description": "checkers FEN, e.g. B:W21,22,K30:B1,2,K12"},
                "quiet_plies": {"type": "integer", "minimum": 0,
                                "description": "plies since the last capture or man move"},
                "window": {"type": "array", "items": fen,
                           "description": "earlier positions (FEN) since the last capture or "
                                          "man move, oldest first, without this one"},
            },
        }

    def position_from_yaml(self, data: Mapping[str, Any]) -> CheckersState:
        """Build a state from ``{game: suicide-checkers, fen: "B:W21,22,K30:B1,2,K12"}``.

        Optional keys, for the draw rules (``shared/rules/suicide-checkers.md``, "End of the
        game (reversed)"):

        * ``quiet_plies`` (int >= 0): plies already played without capture or man move, for
          the quiet-move draw; default 0, or the length of ``window`` when that is given.
        * ``window`` (list of FENs, oldest first): the earlier positions since the last capture
          or man move, without this one, for the repetition draw; default empty (no earlier
          position counts). ``fen: "B:WK28,K31:BK1,K2"`` with ``window: ["W:WK31,K32:BK1,K2"]``
          is the position after ``32-28`` from ``W:WK31,K32:BK1,K2``; :meth:`position_to_yaml`
          writes it, so a position copied from the play board keeps its past.

        Raises:
            PositionError: a missing ``fen`` (path ``()``), an unknown key (path ``(key,)``),
                a wrong ``game`` or ``quiet_plies``, a bad FEN (see :func:`parse_fen`), or a
                ``window`` that play cannot leave: not a list, an entry that is no FEN (path
                ``("window", i)``), more entries than ``quiet_plies``, an entry that is not
                one king move (no capture) before the next position, or an entry after which
                the game was already drawn (see :meth:`_read_window`).
        """
        if not isinstance(data, Mapping):
            raise PositionError("a suicide-checkers position is a mapping with a 'fen' key")
        for key in data:
            if key not in self._POSITION_KEYS:
                raise PositionError(
                    f"unknown key {brief_repr(key)} in a suicide-checkers position "
                    f"(known: {', '.join(self._POSITION_KEYS)})", (key,))
        if "game" in data and data["game"] != self.id:
            raise PositionError(f"game must be {self.id!r}, not {data['game']!r}", ("game",))
        if "fen" not in data:
            raise PositionError(f"a suicide-checkers position needs 'fen', e.g. {_FEN_EXAMPLE!r}")
        state = parse_fen(data["fen"])
        earlier = self._read_fens(data.get("window", []))
        quiet = data.get("quiet_plies", len(earlier))
        if isinstance(quiet, bool) or not isinstance(quiet, int) or quiet < 0:
            raise PositionError(f"quiet_plies must be a whole number >= 0, not {brief_repr(quiet)}",
                                ("quiet_plies",))
        if quiet < len(earlier):
            raise PositionError(
                f"quiet_plies {quiet} is less than the number of positions in window "
                f"({len(earlier)}): each of them was left by a quiet ply", ("quiet_plies",))
        state = state._replace(quiet_plies=quiet)
        return state._replace(history=self._read_window(earlier, state))

    @staticmethod
    def _read_fens(value: Any) -> list[CheckersState]:
        """Read the ``window`` list: one FEN per earlier position (errors at ``("window", i)``)."""
        if not isinstance(value, list):
            raise PositionError(
                "window must be a list of the earlier positions as FENs, oldest first, "
                f"like [{_FEN_EXAMPLE!r}]", ("window",))
        states = []
        for i, text in enumerate(value):
            try:
                states.append(parse_fen(text))
            except PositionError as err:
                raise PositionError(f"window entry {i + 1}: {err}", ("window", i)) from None
        return states

    def _read_window(self, earlier: list[CheckersState], state: CheckersState) -> tuple:
        """Return the keys of ``earlier`` (the ``window`` positions, oldest first) once they
        are checked to be a past that play can give ``state`` (its ``quiet_plies`` set).

        Each entry is left by one king move without capture (any other move empties the
        window), the last one to ``state``; and no entry was already a draw (its
        ``repetition_draw``-th occurrence, or ``quiet_move_limit`` reached).

        Raises:
            PositionError: at ``("window", i)``, naming the entry (1-based).
        """
        chain = [*earlier, state]
        repeat, limit = self.rules.repetition_draw, self.rules.quiet_move_limit
        keys: list = []
        for i, before in enumerate(earlier):
            after = chain[i + 1].key
            if not any(not is_capture(m) and before.kings >> (m[0] - 1) & 1
                       and self.play(before, m).key == after for m in self.legal_moves(before)):
                following = f"entry {i + 2}" if i + 1 < len(earlier) else "the position (fen)"
                raise PositionError(
                    f"window entry {i + 1} {format_fen(before)!r} is not one king move without "
                    f"capture before {following}: the window holds the positions since the "
                    "last capture or man move, oldest first", ("window", i))
            seen = keys.count(before.key) + 1
            plies = state.quiet_plies - len(earlier) + i
            if repeat and seen >= repeat:
                raise PositionError(
                    f"window entry {i + 1} {format_fen(before)!r} occurs for the {_nth(seen)} "
                    f"time: the game was drawn there by repetition (repetition_draw {repeat})",
                    ("window", i))
            if limit and plies >= 2 * limit:
                raise PositionError(
                    f"window entry {i + 1} comes {plies} quiet plies after the last capture or "
                    f"man move: the game was drawn there (quiet_move_limit {limit})",
                    ("window", i))
            keys.append(before.key)
        return tuple(keys)

    def position_to_yaml(self, state: CheckersState) -> dict[str, Any]:
        """Return ``{game, fen}``, plus ``quiet_plies`` when non-zero and ``window`` (the
        earlier positions since the last capture or man move, oldest first, as FENs) when
        there are any: :meth:`position_from_yaml` gives ``state`` back."""
        data: dict[str, Any] = {"game": self.id, "fen": format_fen(state)}
        if state.quiet_plies:
            data["quiet_plies"] = state.quiet_plies
        if state.history:
            data["window"] = [format_fen(CheckersState(*key)) for key in state.history]
        return data

    # ---- analysis

    def position_key(self, state: CheckersState) -> tuple[int, int, int, bool]:
        """Return ``(black, white, kings, black_to_move)``: no counters, no history."""
        return state.key

    def perft(self, state: CheckersState, depth: int) -> int:
        """Count the leaf nodes ``depth`` plies deep with the bitboard core (bulk counting).

        Like the generic perft it ignores the draw rules and counts distinct jump paths
        separately; from the start it gives 7, 49, 302, 1469, 7361, ... (spec, "Reference
        facts").
        """
        return bb.perft(*_inner(state), depth)

    def winning_moves(self, state: CheckersState, plies: int) -> list[Move]:
        """Return the moves that force a win within ``plies`` plies, in legal-move order.

        Same answer as :class:`banmen.analysis.Solver` (see :class:`GiveawaySolver` for the
        ply convention), much faster.
        """
        return GiveawaySolver(self).winning_moves(state, plies)

    def game_queries(self) -> dict[str, Query]:
        """Return the suicide-checkers queries (see the ``q_*`` functions), by name."""
        return {q.name: q for q in _QUERIES}


def _nth(count: int) -> str:
    """Return ``2nd``, ``3rd``, ``4th``, ... (the English ordinal of ``count`` >= 1)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(count % 10, "th")
    if count % 100 in (11, 12, 13):
        suffix = "th"
    return f"{count}{suffix}"


GAME = SuicideCheckersGame
