"""スーサイドチェッカー (suicide / giveaway checkers): English draughts with the result reversed.

Implements ``shared/rules/suicide-checkers.md``. The move generation is exactly English
draughts (the bitboard core lives in :mod:`banmen.games.checkers_bitboard`); only the end of
the game differs: the side to move that has no pieces or no legal move **wins**. Draws come
from repetition and from a run of quiet moves, both rule parameters.

Board and numbering (the standard checkers diagram, ``shared/rules/suicide-checkers.md``
"Board and setup"): Black at the top, White at the bottom, squares 1..32 numbered row by row
from Black's side, left to right as the diagram is seen. Row 0 is Black's back rank (squares
1..4, on columns 1, 3, 5, 7), row 7 White's (29..32, on columns 0, 2, 4, 6): square 29 is the
bottom-left corner (White's single corner), 4 the top-right one, and the long diagonal is
29-25-22-18-15-11-8-4. See :func:`square_to_rowcol`.

Values:

* a **state** is a :class:`CheckersState`: square masks (bit ``s - 1`` = square ``s``) of the
  black pieces, the white pieces and the kings (both colours), the side to move, and what
  the draw rules need (the quiet-ply counter and the keys of the earlier positions since the
  last capture or man move);
* a **move** is a tuple of square numbers: start, then every landing square, e.g.
  ``(11, 15)`` or ``(15, 24, 31)``. Distinct jump paths are distinct moves.

Example::

    >>> game = SuicideCheckersGame()
    >>> state = game.position_from_yaml({"fen": "B:W21,22,K30:B1,2,K12"})
    >>> [game.format_move(state, m) for m in game.legal_moves(state)][:3]
    ['1-5', '1-6', '2-6']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

import pydantic

from banmen.game import (
    Game,
    IllegalMoveError,
    NotationError,
    Outcome,
    PositionError,
    Query,
    QueryError,
    QueryParam,
    Rules,
)
from banmen.games import checkers_bitboard as bb

SPEC = "shared/rules/suicide-checkers.md"
SIDES = ("black", "white")
MAX_PIECES_PER_SIDE = 12

#: A move: the start square then every landing square, e.g. ``(15, 24, 31)``.
Move = tuple[int, ...]

# --------------------------------------------------------------------------- rules


class SuicideCheckersRules(Rules):
    """Rule parameters of suicide checkers (``shared/rules/suicide-checkers.md``, "End of the
    game"): the two draw rules. 0 switches a rule off."""

    repetition_draw: int = pydantic.Field(
        3,
        ge=0,
        description=(
            "Occurrences of the same position with the same side to move that make a draw "
            "(3 = draw on the third occurrence); 0 = no repetition draw; 1 is not allowed, "
            "so the value is 0 or at least 2."
        ),
        json_schema_extra={"ja": "同じ局面が何回目に現れたら引分けか",
                           "allowed_ja": "0（なし）または 2 以上の整数"},
    )
    quiet_move_limit: int = pydantic.Field(
        40,
        ge=0,
        description=(
            "Moves by each side without a capture or a man's move after which the game is "
            "drawn (40 = 80 plies); 0 = no such draw."
        ),
        json_schema_extra={"ja": "駒取りもメンの前進もない手が、黒と白それぞれ何手続いたら引分けか（0 = なし）"},
    )

    @pydantic.field_validator("repetition_draw")
    @classmethod
    def _repetition_needs_two(cls, value: int) -> int:
        if value == 1:
            raise ValueError("must be 0 (off) or at least 2 (a position always occurs once)")
        return value


# --------------------------------------------------------------------------- state


class CheckersState(NamedTuple):
    """An immutable, hashable suicide-checkers position.

    Attributes:
        black: square mask of the black pieces, men and kings (bit ``s - 1`` = square ``s``).
        white: square mask of the white pieces.
        kings: square mask of the kings of both colours.
        black_to_move: True when Black is to move.
        quiet_plies: plies played since the last capture or man move (the quiet-move draw).
        history: position keys (see :meth:`SuicideCheckersGame.position_key`) of the earlier
            positions since the last capture or man move, oldest first (the repetition draw).
            Only positions in this window can ever recur, since captures and man moves cannot
            be undone.
    """

    black: int
    white: int
    kings: int
    black_to_move: bool
    quiet_plies: int = 0
    history: tuple = ()

    @property
    def key(self) -> tuple[int, int, int, bool]:
        """The position without counters or history: ``(black, white, kings, black_to_move)``."""
        return (self.black, self.white, self.kings, self.black_to_move)


def _inner(state: CheckersState) -> tuple[int, int, int, bool]:
    """Return the state's position in the bitboard core's inner layout."""
    return (bb.to_inner(state.black), bb.to_inner(state.white), bb.to_inner(state.kings),
            state.black_to_move)


def initial_position() -> CheckersState:
    """Return the start position: Black on 1..12, White on 21..32, Black to move."""
    return CheckersState(bb.square_mask(range(1, 13)), bb.square_mask(range(21, 33)), 0, True)


# --------------------------------------------------------------------------- geometry


def square_to_rowcol(square: int) -> tuple[int, int]:
    """Return the ``(row, col)`` of a square on the 8×8 board of the standard diagram.

    Row 0 is the top row, Black's back rank (squares 1..4); row 7 is White's (29..32).
    Column 0 is the left edge as the diagram is seen (White at the bottom). Dark squares are
    those with ``row + col`` odd: square 1 is ``(0, 1)``, 4 is ``(0, 7)``, 5 is ``(1, 0)``,
    29 is ``(7, 0)`` and 32 is ``(7, 6)``.

    Raises:
        ValueError: ``square`` is not in 1..32.
    """
    if not 1 <= square <= 32:
        raise ValueError(f"square {square} is off the board (squares are 1..32)")
    row, index = divmod(square - 1, 4)
    return row, 2 * index + (1 if row % 2 == 0 else 0)


def rowcol_to_square(row: int, col: int) -> int | None:
    """Return the square number at ``(row, col)`` (see :func:`square_to_rowcol`), or ``None``
    for a light square or a point off the board."""
    if not (0 <= row < 8 and 0 <= col < 8) or (row + col) % 2 == 0:
        return None
    return row * 4 + col // 2 + 1


def is_capture(move: Move) -> bool:
    """Return True when ``move`` is a capture (its first step spans two rows)."""
    return abs(square_to_rowcol(move[1])[0] - square_to_rowcol(move[0])[0]) == 2


def move_path(move: Move) -> list[int]:
    """Return the squares a move visits: its start, then every landing square.

    ``(15, 24, 31)`` gives ``[15, 24, 31]``; the jumped squares are given by
    :func:`captured_squares`.
    """
    return list(move)


def jumped_squares(move: Move) -> list[int]:
    """Return the squares jumped over by a capture, in jump order (empty for a step)."""
    if not is_capture(move):
        return []
    jumped = []
    for start, land in zip(move, move[1:]):
        (r1, c1), (r2, c2) = square_to_rowcol(start), square_to_rowcol(land)
        jumped.append(rowcol_to_square((r1 + r2) // 2, (c1 + c2) // 2))
    return jumped


def captured_squares(state: CheckersState, move: Move) -> list[int]:
    """Return the squares of the pieces ``move`` captures in ``state``, ascending.

    In English draughts a piece jumps only an adjacent piece, so these are the jumped squares;
    ``state`` is accepted for symmetry with the other games and not otherwise needed.
    """
    return sorted(jumped_squares(move))


def piece_at(state: CheckersState, square: int) -> str | None:
    """Return the piece on ``square``: ``"b"``/``"w"`` for a man, ``"B"``/``"W"`` for a king,
    ``None`` when empty."""
    bit = 1 << (square - 1)
    if state.black & bit:
        letter = "b"
    elif state.white & bit:
        letter = "w"
    else:
        return None
    return letter.upper() if state.kings & bit else letter


def pieces(state: CheckersState) -> dict[int, str]:
    """Return every occupied square with its piece letter (see :func:`piece_at`)."""
    found = {}
    for square in bb.mask_squares(state.black | state.white):
        found[square] = piece_at(state, square)
    return found


# --------------------------------------------------------------------------- FEN

_FEN_EXAMPLE = "B:W21,22,K30:B1,2,K12"


def _fen_error(text: str, reason: str) -> PositionError:
    return PositionError(f"bad FEN {text!r}: {reason}", ("fen",))


def _read_fen_squares(text: str, field: str) -> tuple[list[int], list[int]]:
    """Read one colour's field body (``"21,22,K30"``, ranges ``"1-12"`` allowed) into
    (men, kings) square lists, in the order written."""
    men: list[int] = []
    kings: list[int] = []
    for token in field.split(","):
        if not token:
            continue
        target = men
        if token[0] in "Kk":
            target, token = kings, token[1:]
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", token)
        if not match:
            raise _fen_error(text, f"cannot read square {token!r}")
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if last < first:
            raise _fen_error(text, f"range {token!r} runs backwards")
        for square in (first, last):
            if not 1 <= square <= 32:
                raise _fen_error(text, f"square {square} is off the board (squares are 1..32)")
        target.extend(range(first, last + 1))
    return men, kings


def parse_fen(text: str) -> CheckersState:
    """Read a checkers FEN such as ``"B:W21,22,K30:B1,2,K12"``.

    Side to move first (``B`` or ``W``), then a ``W`` field and a ``B`` field in either order;
    ``K`` marks a king; ranges such as ``1-12`` (or ``K1-3``) are accepted; spaces and a
    trailing ``.`` are ignored (``shared/rules/suicide-checkers.md``, "Notation and formats").

    Returns:
        The state, with no history and ``quiet_plies`` 0.

    Raises:
        PositionError: with path ``("fen",)`` and a message ``bad FEN '<text>': <reason>``,
            for malformed text, a square off the board or listed twice, more than 12 pieces
            of a side, a man on its crowning rank, or a side that has just moved without
            having any piece.
    """
    if not isinstance(text, str):
        raise PositionError(f"bad FEN {text!r}: expected a text such as {_FEN_EXAMPLE!r}",
                            ("fen",))
    compact = re.sub(r"\s+", "", text).removesuffix(".")
    parts = compact.split(":")
    if len(parts) != 3 or not parts[0]:
        raise _fen_error(text, f"expected the side to move, then the White and the Black "
                               f"squares, as in {_FEN_EXAMPLE!r}")
    side = parts[0].upper()
    if side not in ("B", "W"):
        raise _fen_error(text, f"the side to move must be B or W, not {parts[0]!r}")
    fields = {field[:1].upper(): field[1:] for field in parts[1:]}
    if sorted(fields) != ["B", "W"]:
        raise _fen_error(text, "needs one field starting with W and one starting with B")
    colours = {}
    for colour in ("W", "B"):
        colours[colour] = _read_fen_squares(text, fields[colour])
    _check_fen_squares(text, colours)
    (w_men, w_kings), (b_men, b_kings) = colours["W"], colours["B"]
    black = bb.square_mask(b_men + b_kings)
    white = bb.square_mask(w_men + w_kings)
    # The side that has just moved still has the piece it moved.
    if side == "B" and not white:
        raise _fen_error(text, "White has just moved but has no piece")
    if side == "W" and not black:
        raise _fen_error(text, "Black has just moved but has no piece")
    return CheckersState(black, white, bb.square_mask(b_kings + w_kings), side == "B")


def _check_fen_squares(text: str, colours: dict[str, tuple[list[int], list[int]]]) -> None:
    seen: set[int] = set()
    for colour, name in (("W", "White"), ("B", "Black")):
        men, kings = colours[colour]
        for square in men + kings:
            if square in seen:
                raise _fen_error(text, f"square {square} is listed twice")
            seen.add(square)
        if len(men) + len(kings) > MAX_PIECES_PER_SIDE:
            raise _fen_error(text, f"{name} has {len(men) + len(kings)} pieces; "
                                   f"a side has at most {MAX_PIECES_PER_SIDE}")
        crown = range(29, 33) if colour == "B" else range(1, 5)
        for square in men:
            if square in crown:
                raise _fen_error(text, f"{name.lower()} man on {square} stands on its crowning "
                                       f"rank ({crown.start}..{crown.stop - 1}); write K{square}")


def format_fen(state: CheckersState) -> str:
    """Return the checkers FEN of ``state``: side to move, the ``W`` field, the ``B`` field,
    squares ascending, ``K`` before kings, no ranges (``"B:W21,22,K30:B1,2,K12"``)."""

    def field(mask: int) -> str:
        return ",".join(
            ("K" if state.kings >> (s - 1) & 1 else "") + str(s) for s in bb.mask_squares(mask)
        )

    side = "B" if state.black_to_move else "W"
    return f"{side}:W{field(state.white)}:B{field(state.black)}"


# --------------------------------------------------------------------------- notation

_MOVE_TEXT = re.compile(r"\d+(?:[-x]\d+)+")


def format_move_text(move: Move) -> str:
    """Return the full notation of ``move``: ``11-15``, ``22x15``, ``15x24x31``."""
    return ("x" if is_capture(move) else "-").join(str(s) for s in move)


def _read_move_squares(text: str) -> tuple[list[int], str]:
    """Split move text into its squares and its separator (``"-"`` or ``"x"``).

    Raises:
        NotationError: malformed text, mixed separators, a square off the board, or a
            non-capturing move with more than two squares.
    """
    compact = re.sub(r"\s+", "", str(text)).lower()
    if not _MOVE_TEXT.fullmatch(compact):
        raise NotationError(
            f"cannot read move {text!r}: expected squares 1..32 joined by '-' (a move) or "
            f"'x' (a capture), e.g. 11-15, 22x15 or 15x24x31"
        )
    separators = set(re.findall(r"[-x]", compact))
    if len(separators) > 1:
        raise NotationError(f"cannot read move {text!r}: it mixes '-' and 'x'")
    squares = [int(s) for s in re.split(r"[-x]", compact)]
    for square in squares:
        if not 1 <= square <= 32:
            raise NotationError(
                f"cannot read move {text!r}: square {square} is off the board (squares are 1..32)"
            )
    separator = separators.pop()
    if separator == "-" and len(squares) != 2:
        raise NotationError(
            f"cannot read move {text!r}: a move without capture has two squares (11-15); "
            f"write captures with 'x'"
        )
    return squares, separator


def _follows(given: list[int], path: Move) -> bool:
    """True when ``given`` starts and ends like ``path`` and its squares appear in order."""
    if given[0] != path[0] or given[-1] != path[-1]:
        return False
    rest = iter(path)
    return all(square in rest for square in given)


def _listing(moves: list[Move]) -> str:
    return ", ".join(format_move_text(m) for m in moves)


def read_move(legal: list[Move], text: str) -> Move:
    """Find the move that ``text`` names among ``legal`` (the legal moves of a position).

    Accepts the full form (``15x24x31``), the short form first-last (``15x31``) and any
    form in between, as long as exactly one capture matches
    (``shared/rules/suicide-checkers.md``, "Notation and formats").

    Raises:
        NotationError: malformed text (see :func:`_read_move_squares`), or an ambiguous short
            form: ``15x31 is ambiguous: 15x22x31 or 15x24x31; write every landing square``.
        IllegalMoveError: ``'11-16' is not a legal move here (legal: 9-13, ...)``, or
            ``'11-15' is not legal: a capture is compulsory here (captures: 22x15)``, or
            ``'15x24' is not legal: there is no capture here (legal: ...)``.
    """
    squares, separator = _read_move_squares(text)
    captures = [m for m in legal if is_capture(m)]
    if separator == "-":
        if tuple(squares) in legal:
            return tuple(squares)
        if captures:
            raise IllegalMoveError(f"{text!r} is not legal: a capture is compulsory here "
                                   f"(captures: {_listing(captures)})")
        raise IllegalMoveError(f"{text!r} is not a legal move here (legal: {_listing(legal)})")
    if tuple(squares) in captures:
        return tuple(squares)
    candidates = [m for m in captures if _follows(squares, m)]
    if len(candidates) == 1:
        return candidates[0]
    if len(candidates) > 1:
        raise NotationError(
            f"{text!r} is ambiguous: {' or '.join(format_move_text(m) for m in candidates)}; "
            f"write every landing square"
        )
    if not captures:
        raise IllegalMoveError(f"{text!r} is not legal: there is no capture here "
                               f"(legal: {_listing(legal)})")
    raise IllegalMoveError(f"{text!r} is not a legal capture here (captures: {_listing(captures)})")


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

    # ---- notation

    def parse_move(self, state: CheckersState, text: str) -> Move:
        """Read ``11-15``, ``22x15``, ``15x24x31`` or the unambiguous short form ``15x31``.

        Raises:
            NotationError / IllegalMoveError: see :func:`read_move`.
        """
        return read_move(self.legal_moves(state), text)

    def format_move(self, state: CheckersState, move: Move) -> str:
        """Return the full notation of ``move`` (every landing square)."""
        return format_move_text(move)

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

    _POSITION_KEYS = ("game", "fen", "quiet_plies")

    def position_schema(self) -> dict[str, Any]:
        """Return the JSON Schema of the position mapping (README.md, "Position files")."""
        return {
            "type": "object",
            "additionalProperties": False,
            "required": ["fen"],
            "properties": {
                "game": {"const": self.id},
                "fen": {"type": "string", "pattern": "^\\s*[BWbw]\\s*:",
                        "description": "checkers FEN, e.g. B:W21,22,K30:B1,2,K12"},
                "quiet_plies": {"type": "integer", "minimum": 0},
            },
        }

    def position_from_yaml(self, data: Mapping[str, Any]) -> CheckersState:
        """Build a state from ``{game: suicide-checkers, fen: "B:W21,22,K30:B1,2,K12"}``.

        Optional key ``quiet_plies`` (int >= 0): plies already played without capture or man
        move, for the quiet-move draw. The repetition history always starts empty.

        Raises:
            PositionError: a missing ``fen`` (path ``()``), an unknown key (path ``(key,)``),
                a wrong ``game`` or ``quiet_plies``, or a bad FEN (see :func:`parse_fen`).
        """
        if not isinstance(data, Mapping):
            raise PositionError("a suicide-checkers position is a mapping with a 'fen' key")
        for key in data:
            if key not in self._POSITION_KEYS:
                raise PositionError(
                    f"unknown key {key!r} in a suicide-checkers position "
                    f"(known: {', '.join(self._POSITION_KEYS)})", (key,))
        if "game" in data and data["game"] != self.id:
            raise PositionError(f"game must be {self.id!r}, not {data['game']!r}", ("game",))
        if "fen" not in data:
            raise PositionError(f"a suicide-checkers position needs 'fen', e.g. {_FEN_EXAMPLE!r}")
        state = parse_fen(data["fen"])
        quiet = data.get("quiet_plies", 0)
        if isinstance(quiet, bool) or not isinstance(quiet, int) or quiet < 0:
            raise PositionError(f"quiet_plies must be a whole number >= 0, not {quiet!r}",
                                ("quiet_plies",))
        return state._replace(quiet_plies=quiet)

    def position_to_yaml(self, state: CheckersState) -> dict[str, Any]:
        """Return ``{game, fen}`` plus ``quiet_plies`` when non-zero (history is not kept)."""
        data: dict[str, Any] = {"game": self.id, "fen": format_fen(state)}
        if state.quiet_plies:
            data["quiet_plies"] = state.quiet_plies
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


# --------------------------------------------------------------------------- solver


def own_moves_within(plies: int) -> int:
    """Return how many of its own moves the winner may play within ``plies`` plies.

    In suicide checkers the win arrives on the loser's ply: after the winner's k-th move the
    loser's forced reply leaves the winner without pieces or moves, so a win after k own moves
    takes ``2k`` plies, as the generic solver (``banmen.analysis``) counts them.
    """
    return max(0, plies // 2)


#: "fewest own moves known to win" of a position whose win is not proven.
_UNKNOWN_WIN = 1 << 30


class GiveawaySolver:
    """A win-in-N proof search for suicide checkers on the bitboard core.

    An AND/OR depth-first search with a transposition table of proven bounds (fewest own
    moves known to win, most known not to win, per position), iterative deepening, and move
    ordering: the winner's moves that leave the opponent the fewest replies first (a forced
    capture is the usual giveaway), the opponent's replies that capture the fewest pieces
    first (the likeliest refutation), and the moves that worked before first.

    Draw rules are applied exactly along the searched line (quiet-ply counter and
    repetitions, the state's history included). Table entries that a repetition influenced
    are not stored, and positions near the quiet-move limit are keyed with their counter.

    Args:
        game: the engine; its rules give the draw parameters.
    """

    def __init__(self, game: SuicideCheckersGame):
        self.game = game
        self.repetition_draw = game.rules.repetition_draw
        self.quiet_limit = 2 * game.rules.quiet_move_limit
        self.table: dict[tuple, list[int]] = {}
        self.best: dict[tuple, tuple] = {}
        self.nodes = 0
        self._seen: dict[tuple, int] = {}
        self._repetition_hits = 0

    # ---- public

    def winning_moves(self, state: CheckersState, plies: int) -> list[Move]:
        """Return the moves of ``state``'s side to move that win within ``plies`` plies.

        Args:
            state: the position; its history and quiet counter count for the draws.
            plies: the horizon, the winning move included (see :func:`own_moves_within`).

        Returns:
            The winning moves in :meth:`SuicideCheckersGame.legal_moves` order; empty when the
            game is over or nothing wins.
        """
        depth = own_moves_within(plies)
        if depth <= 0 or self.game.outcome(state) is not None:
            return []
        black, white, kings, black_to_move = _inner(state)
        self._seen = {}
        for key in state.history:
            inner_key = (bb.to_inner(key[0]), bb.to_inner(key[1]), bb.to_inner(key[2]), key[3])
            self._seen[inner_key] = self._seen.get(inner_key, 0) + 1
        root = (black, white, kings, black_to_move)
        self._seen[root] = self._seen.get(root, 0) + 1
        moves = sorted(
            (tuple(bb.BIT_SQUARE[i] for i in path), path, captured)
            for path, captured in bb.legal_paths(*root)
        )
        winners: set[Move] = set()
        for level in range(1, depth + 1):
            for move, path, captured in moves:
                if move in winners:
                    continue
                child = bb.apply_path(*root, path, captured)
                quiet = 0 if self._irreversible(root, child) else state.quiet_plies + 1
                if self._move_wins(child, not black_to_move, quiet, level):
                    winners.add(move)
        return [move for move, _, _ in moves if move in winners]

    # ---- search

    @staticmethod
    def _irreversible(before: tuple, after: tuple) -> bool:
        """True when the move from ``before`` to ``after`` captured or moved a man."""
        men_before = (before[0] | before[1]) & ~before[2]
        men_after = (after[0] | after[1]) & ~after[2]
        return men_before != men_after or (
            (before[0] | before[1]).bit_count() != (after[0] | after[1]).bit_count()
        )

    def _is_draw(self, key: tuple, quiet: int) -> bool:
        """True when the position ``key`` reached with counter ``quiet`` is a draw."""
        if self.quiet_limit and quiet >= self.quiet_limit:
            return True
        if self.repetition_draw and self._seen.get(key, 0) + 1 >= self.repetition_draw:
            self._repetition_hits += 1
            return True
        return False

    def _table_key(self, key: tuple, quiet: int, depth: int) -> tuple:
        """The table key: the position, plus its counter when a quiet draw is within reach."""
        if self.quiet_limit and quiet + 2 * depth >= self.quiet_limit:
            return key + (quiet,)
        return key

    def _wins(self, key: tuple, quiet: int, depth: int) -> bool:
        """True when the side to move in ``key`` (not finished) wins within ``depth`` own moves."""
        table_key = self._table_key(key, quiet, depth)
        bounds = self.table.get(table_key)
        if bounds is not None:
            if bounds[0] <= depth:
                return True
            if bounds[1] >= depth:
                return False
        self.nodes += 1
        hits_before = self._repetition_hits
        self._seen[key] = self._seen.get(key, 0) + 1
        try:
            won = self._some_move_wins(key, quiet, depth)
        finally:
            self._seen[key] -= 1
        if hits_before == self._repetition_hits:
            bounds = self.table.setdefault(table_key, [_UNKNOWN_WIN, 0])
            if won:
                bounds[0] = min(bounds[0], depth)
            else:
                bounds[1] = max(bounds[1], depth)
        return won

    def _some_move_wins(self, key: tuple, quiet: int, depth: int) -> bool:
        black, white, kings, black_to_move = key
        replier = not black_to_move
        candidates = bb.children(black, white, kings, black_to_move)
        if depth > 1:
            # Fewest replies first: forcing moves (a giveaway leaves only captures) prove fast.
            # Not worth it on the last own move, where each move is cheap to try anyway.
            candidates.sort(key=lambda child: bb.count_moves(*child, replier))
        remembered = self.best.get(key)
        if remembered is not None:
            candidates.sort(key=lambda child: child != remembered)
        for child in candidates:
            child_quiet = 0 if self._irreversible(key, child) else quiet + 1
            if self._move_wins(child, replier, child_quiet, depth):
                self.best[key] = child
                return True
        return False

    def _move_wins(self, child: tuple, replier: bool, quiet: int, depth: int) -> bool:
        """True when, after the winner's move to ``child`` (``replier`` to move), every reply
        leaves the winner finished (a win) or winning within ``depth - 1`` own moves."""
        child_key = child + (replier,)
        if not bb.has_move(*child_key):
            return False  # the opponent has no move: the opponent wins
        if self._is_draw(child_key, quiet):
            return False
        winner = not replier
        if depth <= 1:
            # Last own move: every reply must leave the winner without a move (or piece).
            # Usually the first reply already leaves it a move, hence the lazy generation.
            return not any(bb.has_move(*reply, winner) for reply in bb.iter_children(*child_key))
        replies = bb.children(*child_key)
        # Refutations first: the remembered one, then replies capturing the fewest pieces.
        own_index = 0 if winner else 1
        replies.sort(key=lambda pos: -pos[own_index].bit_count())
        remembered = self.best.get(child_key)
        if remembered is not None:
            replies.sort(key=lambda pos: pos != remembered)
        self._seen[child_key] = self._seen.get(child_key, 0) + 1
        try:
            for reply in replies:
                reply_key = reply + (winner,)
                if not bb.has_move(*reply_key):
                    continue  # the winner has no piece or no move: won
                reply_quiet = 0 if self._irreversible(child, reply) else quiet + 1
                if self._is_draw(reply_key, reply_quiet) or not self._wins(
                    reply_key, reply_quiet, depth - 1
                ):
                    self.best[child_key] = reply
                    return False
            return True
        finally:
            self._seen[child_key] -= 1


# --------------------------------------------------------------------------- queries


def _side(side: str) -> bool:
    """Return True for black, False for white; raise QueryError otherwise."""
    if side not in SIDES:
        raise QueryError(f"side must be 'black' or 'white', not {side!r}")
    return side == "black"


def _capture_sizes(game: SuicideCheckersGame, state: CheckersState) -> list[int]:
    return [len(m) - 1 for m in game.legal_moves(state) if is_capture(m)]


def q_must_capture(game: SuicideCheckersGame, state: CheckersState) -> bool:
    """Whether the side to move must capture (``shared/rules/suicide-checkers.md``, "Moves":
    capturing is compulsory)."""
    return bool(_capture_sizes(game, state))


def q_forced_captures(game: SuicideCheckersGame, state: CheckersState) -> int:
    """Number of capturing moves available to the side to move, 0 when none (each jump path
    counts once; spec "Moves")."""
    return len(_capture_sizes(game, state))


def q_capture_count(game: SuicideCheckersGame, state: CheckersState, move: Move) -> int:
    """How many pieces ``move`` captures (0 for a step; spec "Moves": a capture sequence is one
    move)."""
    return len(jumped_squares(move))


def q_captured_squares(game: SuicideCheckersGame, state: CheckersState, move: Move) -> list[str]:
    """The squares of the pieces ``move`` captures, ascending (spec "Moves")."""
    return [str(s) for s in captured_squares(state, move)]


def q_min_capture_count(game: SuicideCheckersGame, state: CheckersState) -> int:
    """The fewest pieces the side to move can get away with capturing this turn: 0 when no
    capture is forced, else the smallest capture ("白は何枚取らされる？"; spec "Moves":
    capturing is compulsory, any capture may be chosen)."""
    sizes = _capture_sizes(game, state)
    return min(sizes) if sizes else 0


def q_max_capture_count(game: SuicideCheckersGame, state: CheckersState) -> int:
    """The most pieces one legal move of the side to move captures (0 when none; spec
    "Moves": no majority rule, so this is a choice, not an obligation)."""
    sizes = _capture_sizes(game, state)
    return max(sizes) if sizes else 0


def q_capturing_moves(game: SuicideCheckersGame, state: CheckersState) -> list[str]:
    """Every capturing move, canonical and sorted (spec "Moves")."""
    return sorted(format_move_text(m) for m in game.legal_moves(state) if is_capture(m))


def q_giveaway_moves(game: SuicideCheckersGame, state: CheckersState) -> list[str]:
    """The moves after which the opponent must capture: the giveaways that force a capture
    (spec "Moves": capturing is compulsory; "End of the game": losing every piece wins)."""
    found = []
    for move in game.legal_moves(state):
        after = game.play(state, move)
        if bb.jumpers(*_inner(after)):
            found.append(format_move_text(move))
    return sorted(found)


def q_crowning_moves(game: SuicideCheckersGame, state: CheckersState) -> list[str]:
    """The moves that crown a man (spec "Moves": a man reaching the far rank becomes a king and
    its move ends there)."""
    found = []
    for move in game.legal_moves(state):
        was_man = piece_at(state, move[0]) in ("b", "w")
        if was_man and piece_at(game.play(state, move), move[-1]) in ("B", "W"):
            found.append(format_move_text(move))
    return sorted(found)


def q_movable_pieces(game: SuicideCheckersGame, state: CheckersState) -> list[str]:
    """The squares of the pieces that have a legal move, ascending (compulsory capture
    included; spec "Moves")."""
    return [str(s) for s in sorted({m[0] for m in game.legal_moves(state)})]


def q_pieces_left(game: SuicideCheckersGame, state: CheckersState, side: str) -> int:
    """Number of pieces (men and kings) ``side`` has on the board (spec "End of the game": the
    side to move with none wins)."""
    return (state.black if _side(side) else state.white).bit_count()


def q_kings_left(game: SuicideCheckersGame, state: CheckersState, side: str) -> int:
    """Number of kings ``side`` has (spec "Moves": kings move and capture both ways)."""
    return ((state.black if _side(side) else state.white) & state.kings).bit_count()


def q_king_squares(game: SuicideCheckersGame, state: CheckersState, side: str) -> list[str]:
    """The squares of ``side``'s kings, ascending (spec "Moves")."""
    own = state.black if _side(side) else state.white
    return [str(s) for s in bb.mask_squares(own & state.kings)]


def q_only_winning_move(game: SuicideCheckersGame, state: CheckersState, plies: int) -> str:
    """The unique move that wins within ``plies`` plies, ``"none"`` if no move wins, or
    ``"several"`` ("黒番、勝ち筋は？"; spec "End of the game", reversed result)."""
    moves = game.winning_moves(state, plies)
    if not moves:
        return "none"
    if len(moves) > 1:
        return "several"
    return format_move_text(moves[0])


def q_winning_move_count(game: SuicideCheckersGame, state: CheckersState, plies: int) -> int:
    """Number of moves that win within ``plies`` plies (spec "End of the game")."""
    return len(game.winning_moves(state, plies))


def q_win_in_moves(game: SuicideCheckersGame, state: CheckersState, max_moves: int) -> int:
    """The fewest own moves with which the side to move forces a win, counting the move after
    which the opponent's forced reply leaves it without pieces or moves; 0 when there is no
    such win within ``max_moves`` own moves (spec "End of the game")."""
    solver = GiveawaySolver(game)
    for moves in range(1, max_moves + 1):
        if solver.winning_moves(state, 2 * moves + 1):
            return moves
    return 0


_PLIES = QueryParam("plies", "int", "horizon in plies, the winning move included")
_SIDE = QueryParam("side", "side", "black or white")
_MOVE = QueryParam("move", "move", "a legal move, e.g. 15x24x31")

_QUERIES = (
    Query("must_capture", q_must_capture, "boolean", (), q_must_capture.__doc__),
    Query("forced_captures", q_forced_captures, "number", (), q_forced_captures.__doc__),
    Query("capture_count", q_capture_count, "number", (_MOVE,), q_capture_count.__doc__),
    Query("captured_squares", q_captured_squares, "squares", (_MOVE,), q_captured_squares.__doc__),
    Query("min_capture_count", q_min_capture_count, "number", (), q_min_capture_count.__doc__),
    Query("max_capture_count", q_max_capture_count, "number", (), q_max_capture_count.__doc__),
    Query("capturing_moves", q_capturing_moves, "moves", (), q_capturing_moves.__doc__),
    Query("giveaway_moves", q_giveaway_moves, "moves", (), q_giveaway_moves.__doc__),
    Query("crowning_moves", q_crowning_moves, "moves", (), q_crowning_moves.__doc__),
    Query("movable_pieces", q_movable_pieces, "squares", (), q_movable_pieces.__doc__),
    Query("pieces_left", q_pieces_left, "number", (_SIDE,), q_pieces_left.__doc__),
    Query("kings_left", q_kings_left, "number", (_SIDE,), q_kings_left.__doc__),
    Query("king_squares", q_king_squares, "squares", (_SIDE,), q_king_squares.__doc__),
    Query("only_winning_move", q_only_winning_move, "text", (_PLIES,), q_only_winning_move.__doc__),
    Query("winning_move_count", q_winning_move_count, "number", (_PLIES,),
          q_winning_move_count.__doc__),
    Query("win_in_moves", q_win_in_moves, "number",
          (QueryParam("max_moves", "int", "most own moves to look at"),), q_win_in_moves.__doc__),
)


# --------------------------------------------------------------------------- PDN

_PDN_RESULTS = {"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*"}


def _strip_nested(text: str, opening: str, closing: str) -> str:
    """Remove every (possibly nested) ``opening ... closing`` group from ``text``."""
    out, level = [], 0
    for char in text:
        if char == opening:
            level += 1
        elif char == closing and level:
            level -= 1
        elif not level:
            out.append(char)
    return "".join(out)


def parse_pdn_moves(game: SuicideCheckersGame, state: CheckersState, text: str) -> list[Move]:
    """Read PDN movetext (``1. 11-15 23-19 2. 8-11 22-17 {comment} 1-0``) into moves.

    Ignores tag pairs ``[...]``, comments ``{...}``, variations ``(...)``, move numbers
    (``1.``, ``1...``), NAGs (``$1``, ``!``, ``?``) and results (``1-0``, ``0-1``, ``1/2-1/2``,
    ``2-0``, ``0-2``, ``1-1``, ``*``). Each move is read with
    :meth:`SuicideCheckersGame.parse_move` in the position it is played from.

    Returns:
        The moves in order, starting from ``state``.

    Raises:
        NotationError / IllegalMoveError: naming the move number and the token, e.g.
            ``PDN move 3 ('11-16'): '11-16' is not a legal move here (legal: ...)``.
    """
    body = _strip_nested(_strip_nested(_strip_nested(text, "{", "}"), "(", ")"), "[", "]")
    moves: list[Move] = []
    for token in body.split():
        token = re.sub(r"^\d+\.+", "", token).rstrip("!?")
        if not token or token in _PDN_RESULTS or token.startswith("$"):
            continue
        try:
            move = game.parse_move(state, token)
        except (NotationError, IllegalMoveError) as err:
            raise type(err)(f"PDN move {len(moves) + 1} ({token!r}): {err}") from None
        moves.append(move)
        state = game.play(state, move)
    return moves


GAME = SuicideCheckersGame
