"""めだまがえる (Medama-gaeru): the rules engine.

Implements ``shared/rules/medamagaeru.md`` (the authority; the original Japanese rules are in
``shared/seeds/002_198e613aa417ec7f.txt``). Every **[decision]** of the spec is followed here
and named in the docstring of the function that implements it.

Vocabulary used throughout:

* **square**: an ``int`` ``file * 10 + rank``, both 1..7, shogi style as seen by Green (file 1
  on the right, rank 1 at the top). ``43`` is written ``"43"`` in YAML and shown ``４三``.
* **piece**: :class:`Piece` ``(owner, eyes, promoted)``; ``owner`` is ``"green"`` or
  ``"white"``.
* **board**: a tuple of 49 entries, ``Piece`` or ``None``, in :data:`SQUARES` order.
* **move**: :class:`Move` ``(origin, target, capture, promote)``.
* **repetition key**: ``(board, side to move)``; promotion marks are part of the board.

Example::

    >>> game = MedamagaeruGame()
    >>> start = game.initial_state()
    >>> len(game.legal_moves(start))
    17
    >>> game.format_move(start, game.parse_move(start, "67-66"))
    '4 67-66'
"""

from __future__ import annotations

import copy
import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, NamedTuple

import pydantic
import yaml

from banmen.game import (
    BanmenError,
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

SPEC = "shared/rules/medamagaeru.md"
GREEN, WHITE, NONE = "green", "white", "none"
SIDES = (GREEN, WHITE)
ATTACKER_STATES = (NONE, GREEN, WHITE)
SIZE = 7
MAX_EYES = 5

#: every square, ascending (11, 12, ..., 17, 21, ..., 77); board tuples use this order.
SQUARES: tuple[int, ...] = tuple(f * 10 + r for f in range(1, SIZE + 1) for r in range(1, SIZE + 1))
_INDEX = {square: i for i, square in enumerate(SQUARES)}

_OWNER_LETTER = {GREEN: "G", WHITE: "W"}
_LETTER_OWNER = {letter: side for side, letter in _OWNER_LETTER.items()}
_FULLWIDTH_DIGITS = "０１２３４５６７８９"
_KANJI_DIGITS = "〇一二三四五六七八九"
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


# =========================================================================== squares


def square_of(file: int, rank: int) -> int:
    """Return the square on ``file`` and ``rank`` (both 1..7), e.g. ``square_of(4, 3) == 43``.

    Raises:
        ValueError: the file or rank is outside 1..7.
    """
    if not (1 <= file <= SIZE and 1 <= rank <= SIZE):
        raise ValueError(f"square ({file}, {rank}) is off the board")
    return file * 10 + rank


def file_rank(square: int | str) -> tuple[int, int]:
    """Return ``(file, rank)`` of a square given as ``43`` or ``"43"`` (or ``"４三"``).

    File 1 is the rightmost column and rank 1 the top row as seen by Green, so a renderer puts
    the square at column ``7 - file`` from the left and row ``rank - 1`` from the top.

    Raises:
        NotationError: the text is not a square on the board.
    """
    return divmod(parse_square(square), 10)


def parse_square(text: int | str) -> int:
    """Read a square written file then rank: ``43``, ``"43"``, ``"４３"`` or ``"４三"``.

    Returns:
        The square as an int ``file * 10 + rank``.

    Raises:
        NotationError: ``"expected a square written file then rank, like 43, got 'a1'"`` or
            ``"square 81 is off the board: expected file and rank 1-7"``.
    """
    raw = str(text)
    digits = _normalise_digits(raw).strip()
    if not re.fullmatch(r"\d+", digits):
        raise NotationError(f"expected a square written file then rank, like 43, got '{raw}'")
    if len(digits) != 2 or not all("1" <= d <= str(SIZE) for d in digits):
        raise NotationError(f"square {digits} is off the board: expected file and rank 1-{SIZE}")
    return int(digits)


def square_name(square: int) -> str:
    """Return the YAML/notation name of a square: ``43 -> "43"``."""
    return f"{square:02d}"


def square_ja(square: int | str) -> str:
    """Return a square in shogi style, full-width file digit then kanji rank: ``43 -> "４三"``.

    Raises:
        NotationError: not a square on the board.
    """
    file, rank = file_rank(square)
    return _FULLWIDTH_DIGITS[file] + _KANJI_DIGITS[rank]


def _normalise_digits(text: str) -> str:
    """Full-width forms to ASCII (NFKC) and kanji numerals 〇..九 to digits."""
    text = unicodedata.normalize("NFKC", text)
    return text.translate({ord(k): str(i) for i, k in enumerate(_KANJI_DIGITS)})


def _neighbours_of(square: int) -> tuple[int, ...]:
    file, rank = divmod(square, 10)
    return tuple(
        (file + df) * 10 + rank + dr
        for df in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (df or dr) and 1 <= file + df <= SIZE and 1 <= rank + dr <= SIZE
    )


#: square -> the up to eight adjacent squares (a shogi king's step), ascending.
NEIGHBOURS: dict[int, tuple[int, ...]] = {square: _neighbours_of(square) for square in SQUARES}


def are_adjacent(a: int, b: int) -> bool:
    """Return True when squares ``a`` and ``b`` touch (8 directions); a square is not
    adjacent to itself."""
    return b in NEIGHBOURS[a]


# =========================================================================== pieces


class Piece(NamedTuple):
    """One frog: ``owner`` (``"green"``/``"white"``), ``eyes`` (1..5), ``promoted`` (成り)."""

    owner: str
    eyes: int
    promoted: bool = False

    def text(self) -> str:
        """Return the YAML form: ``G4``, ``W2+``."""
        return f"{_OWNER_LETTER[self.owner]}{self.eyes}{'+' if self.promoted else ''}"


def other(side: str) -> str:
    """Return the opponent of ``"green"``/``"white"``."""
    return WHITE if side == GREEN else GREEN


def can_capture(eyes: int, target_eyes: int) -> bool:
    """Return True when a piece with ``eyes`` eyes may capture one with ``target_eyes``.

    ``shared/rules/medamagaeru.md`` "Moves": e takes e - 1, and 1 takes 5. Nothing takes its
    own count; 3 does not take 1.
    """
    return target_eyes == eyes - 1 or (eyes == 1 and target_eyes == MAX_EYES)


def promoted_eyes(eyes: int) -> int:
    """Return the eye count after promotion: one more, and 5 becomes 1
    (``shared/rules/medamagaeru.md`` "Moves")."""
    return eyes % MAX_EYES + 1


def original_eyes(piece: Piece) -> int:
    """Return the eye count ``piece`` started the game with (undoing its promotion)."""
    if not piece.promoted:
        return piece.eyes
    return MAX_EYES if piece.eyes == 1 else piece.eyes - 1


# =========================================================================== boards

Board = tuple[Piece | None, ...]
RepetitionKey = tuple[Board, str]


def board_from_pieces(pieces: Mapping[int, Piece]) -> Board:
    """Return a board tuple from ``{square: piece}`` (squares as ints)."""
    return tuple(pieces.get(square) for square in SQUARES)


def piece_at(board: Board, square: int) -> Piece | None:
    """Return the piece on ``square`` or ``None``."""
    return board[_INDEX[square]]


def pieces_of(board: Board, side: str | None = None) -> Iterator[tuple[int, Piece]]:
    """Yield ``(square, piece)`` for every piece (of ``side`` if given), squares ascending."""
    for square, piece in zip(SQUARES, board):
        if piece is not None and (side is None or piece.owner == side):
            yield square, piece


def attacks(board: Board, square: int) -> tuple[int, ...]:
    """Return the squares of the enemy pieces the piece on ``square`` attacks.

    ``shared/rules/medamagaeru.md`` "The attacker": A attacks X when A is adjacent to X and can
    capture X. Empty when ``square`` is empty.
    """
    piece = piece_at(board, square)
    if piece is None:
        return ()
    return tuple(
        near
        for near in NEIGHBOURS[square]
        if (target := piece_at(board, near)) is not None
        and target.owner != piece.owner
        and can_capture(piece.eyes, target.eyes)
    )


def attackers_of(board: Board, square: int) -> tuple[int, ...]:
    """Return the squares of the enemy pieces that attack the piece on ``square``."""
    piece = piece_at(board, square)
    if piece is None:
        return ()
    return tuple(
        near
        for near in NEIGHBOURS[square]
        if (enemy := piece_at(board, near)) is not None
        and enemy.owner != piece.owner
        and can_capture(enemy.eyes, piece.eyes)
    )


def is_free(board: Board, square: int) -> bool:
    """Return True when no enemy piece attacks the piece on ``square``
    (``shared/rules/medamagaeru.md``: a **free** piece)."""
    return not attackers_of(board, square)


def side_attacks_any(board: Board, side: str) -> bool:
    """Return True when some piece of ``side`` attacks some enemy piece."""
    return any(attacks(board, square) for square, _ in pieces_of(board, side))


def capturable_count(board: Board, side: str) -> int:
    """Return the 2-2 judgement count of ``side``: enemy pieces that at least one piece of
    ``side`` could capture by eye count, anywhere on the board (adjacency does not matter).

    ``shared/rules/medamagaeru.md`` "Winning and drawing".
    """
    own_eyes = {piece.eyes for _, piece in pieces_of(board, side)}
    return sum(
        1
        for _, enemy in pieces_of(board, other(side))
        if any(can_capture(eyes, enemy.eyes) for eyes in own_eyes)
    )


def judgement(board: Board) -> str:
    """Return what the 2-2 judgement says about ``board``, whatever the captures are.

    Returns:
        ``"green"`` or ``"white"`` (the winner: the other side's count is 0 and its own is
        not), ``"draw"`` (both counts 0) or ``"continue"`` (both non-zero).
    """
    green, white = capturable_count(board, GREEN), capturable_count(board, WHITE)
    if green == 0 and white == 0:
        return "draw"
    if white == 0:
        return GREEN
    if green == 0:
        return WHITE
    return "continue"


def changed_squares(before: Board | MedamagaeruState, after: Board | MedamagaeruState) -> list[str]:
    """Return the names of the squares whose contents differ (for the change marks of a
    diagram), sorted. Accepts boards or states."""
    before_board = before.board if isinstance(before, MedamagaeruState) else before
    after_board = after.board if isinstance(after, MedamagaeruState) else after
    return [
        square_name(square)
        for square, old, new in zip(SQUARES, before_board, after_board)
        if old != new
    ]


# =========================================================================== rules


class MedamagaeruRules(Rules):
    """The rule parameters of ``shared/rules/medamagaeru.md`` (defaults = the current rules)."""

    reposition_counts: bool = pydantic.Field(
        True,
        strict=True,
        description=(
            "A piece that already attacked an enemy piece and moves to another square next to "
            "it also aims at it (the current rule; the author may drop it)."
        ),
        json_schema_extra={
            "ja": "相手駒に当てている駒を、その相手駒のまわりの別のマスへ動かしても「当てる」とみなす（現行ルール）"
        },
    )
    capture_resets: bool = pydantic.Field(
        False,
        strict=True,
        description=(
            "When a player captures a piece of the attacker, the attacker state becomes none "
            "(announced as a possible future rule)."
        ),
        json_schema_extra={
            "ja": "相手が仕掛け方の駒を取ったら、仕掛け方を「なし」に戻す（将来追加の可能性があるルール）"
        },
    )
    captures_to_win: int = pydantic.Field(
        3,
        strict=True,
        ge=1,
        le=MAX_EYES,
        description=(
            "Captures that win at once; the judgement happens when both sides are one short "
            "(2-2 with the default)."
        ),
        json_schema_extra={"ja": "勝ちになる獲得駒数（判定はお互いにあと１匹の時、既定では２対２）"},
    )
    draw_plies_after_2_2: int = pydantic.Field(
        50,
        strict=True,
        ge=1,
        description="Plies after the first 2-2 position without a winning capture that draw.",
        json_schema_extra={"ja": "獲得駒数が２対２になった局面から引分けになるまでの手数"},
    )


# =========================================================================== state and moves


@dataclass(frozen=True)
class MedamagaeruState:
    """An immutable, hashable position with everything the rules need.

    Attributes:
        board: 49 entries in :data:`SQUARES` order, each a :class:`Piece` or ``None``.
        to_move: ``"green"`` or ``"white"``.
        captures: ``(captured by green, captured by white)``.
        attacker: ``"none"``, ``"green"`` or ``"white"`` (仕掛け方).
        window: the repetition keys ``(board, to_move)`` from the position one ply before the
            last change of attacker up to and including this position (oldest first).
        plies_since_2_2: plies played since the first 2-2 position, or ``None`` before it
            (and after a winning capture).
    """

    board: Board
    to_move: str
    captures: tuple[int, int]
    attacker: str
    window: tuple[RepetitionKey, ...]
    plies_since_2_2: int | None

    def piece_at(self, square: int | str) -> Piece | None:
        """Return the piece on ``square`` (int or name) or ``None``."""
        return piece_at(self.board, parse_square(square))

    def captured_by(self, side: str) -> int:
        """Return how many enemy pieces ``side`` has captured."""
        return self.captures[SIDES.index(side)]


def repetition_key(state: MedamagaeruState) -> RepetitionKey:
    """Return what the repetition duty compares: the board (promotion marks included) and the
    side to move (``shared/rules/medamagaeru.md`` "Repetition duty")."""
    return (state.board, state.to_move)


class Move(NamedTuple):
    """A move: ``origin`` and ``target`` squares (ints), whether it captures, whether the
    capturing piece promotes."""

    origin: int
    target: int
    capture: bool = False
    promote: bool = False


def pseudo_legal_moves(state: MedamagaeruState) -> list[Move]:
    """Return the moves of the side to move before the repetition duty filters them.

    Order: origin square ascending, target ascending, plain capture before promotion.
    ``shared/rules/medamagaeru.md`` "Moves": one king step to an empty square or onto an enemy
    piece it can capture; after a capture an unpromoted piece may promote.
    """
    moves = []
    for origin, piece in pieces_of(state.board, state.to_move):
        for target in NEIGHBOURS[origin]:
            occupant = piece_at(state.board, target)
            if occupant is None:
                moves.append(Move(origin, target))
            elif occupant.owner != piece.owner and can_capture(piece.eyes, occupant.eyes):
                moves.append(Move(origin, target, capture=True))
                if not piece.promoted:
                    moves.append(Move(origin, target, capture=True, promote=True))
    return moves


def board_after(board: Board, move: Move) -> Board:
    """Return the board after ``move`` (assumed possible on ``board``)."""
    cells = list(board)
    piece = cells[_INDEX[move.origin]]
    if move.promote:
        piece = Piece(piece.owner, promoted_eyes(piece.eyes), True)
    cells[_INDEX[move.origin]] = None
    cells[_INDEX[move.target]] = piece
    return tuple(cells)


def aimed_squares(rules: MedamagaeruRules, board: Board, move: Move) -> tuple[int, ...]:
    """Return the squares of the enemy pieces that ``move`` (played on ``board``) aims at.

    ``shared/rules/medamagaeru.md`` "The attacker": the moved piece attacks X after the move;
    with ``reposition_counts`` false it must also not have attacked X before the move (judged
    with its eye count before the move, i.e. before any promotion).
    """
    after = attacks(board_after(board, move), move.target)
    if rules.reposition_counts:
        return after
    before = set(attacks(board, move.origin))
    return tuple(square for square in after if square not in before)


def attacker_after(rules: MedamagaeruRules, state: MedamagaeruState, move: Move) -> str:
    """Return the attacker state after ``move`` (``"none"``, ``"green"`` or ``"white"``).

    ``shared/rules/medamagaeru.md`` "The attacker", rules 1-3, in this order:

    2. the attacker captures: ``none`` unless afterwards one of its pieces attacks an enemy;
    3. (``capture_resets``) the other player captures a piece of the attacker: ``none``;
    1. a mover who was not the attacker before the move and whose move aims at an enemy piece
       becomes the attacker when the moved piece is free after the move ([decision]).
    """
    mover = state.to_move
    after = board_after(state.board, move)
    attacker = state.attacker
    if move.capture:
        if attacker == mover and not side_attacks_any(after, mover):
            attacker = NONE
        elif attacker == other(mover) and rules.capture_resets:
            attacker = NONE
    if (
        state.attacker != mover
        and aimed_squares(rules, state.board, move)
        and is_free(after, move.target)
    ):
        attacker = mover
    return attacker


def under_repetition_duty(state: MedamagaeruState) -> bool:
    """Return True when the side to move is the attacker and this position already occurred
    earlier in the repetition window (``shared/rules/medamagaeru.md`` "Repetition duty")."""
    return state.attacker == state.to_move and state.window.count(repetition_key(state)) > 1


def repeats_window(state: MedamagaeruState, move: Move) -> bool:
    """Return True when the position after ``move`` already occurred in the window of
    ``state`` (the window as it stands before the move) [decision]."""
    return (board_after(state.board, move), other(state.to_move)) in state.window


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
        """Return the start position read from ``banmen/games/data/medamagaeru_setup.yaml``
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
        return _MoveReader(self, state, text).read()

    # ---- positions

    def position_from_yaml(self, data: Mapping[str, Any]) -> MedamagaeruState:
        """Build a state from a position mapping (README.md, "Position files")::

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
        """Return the JSON Schema of the position mapping (README.md, "Position files")."""
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


# =========================================================================== setup


def setup_data() -> dict[str, Any]:
    """Return (a fresh copy of) the start position mapping from
    ``banmen/games/data/medamagaeru_setup.yaml``."""
    return copy.deepcopy(_setup_mapping())


@functools.lru_cache(maxsize=1)
def _setup_mapping() -> dict[str, Any]:
    setup_file = resources.files("banmen.games").joinpath("data/medamagaeru_setup.yaml")
    return yaml.safe_load(setup_file.read_text("utf-8"))


@functools.lru_cache(maxsize=1)
def material() -> dict[str, Counter[int]]:
    """Return each side's material: the multiset of eye counts its pieces start with, as the
    setup file gives them (so correcting the setup corrects validation too)."""
    counts: dict[str, Counter[int]] = {side: Counter() for side in SIDES}
    for key, value in _setup_mapping()["board"].items():
        piece = _read_piece(value, ("board", key))
        counts[piece.owner][piece.eyes] += 1
    return counts


# =========================================================================== notation reader

_MOVE_RE = re.compile(
    r"(?:(?P<eyes>\d+)(?P<promoted>\+)?\s+)?"
    r"(?P<origin>\d+)\s*(?P<kind>[-x])\s*(?P<target>\d+)(?P<promote>\+)?"
)
_DASHES = {ord(c): "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2212\u30fc"}


class _MoveReader:
    """Reads one move text against one state, raising the first reason it is not legal."""

    def __init__(self, game: MedamagaeruGame, state: MedamagaeruState, text: str):
        self.game = game
        self.state = state
        self.text = text

    def read(self) -> Move:
        match = _MOVE_RE.fullmatch(self._normalised())
        if match is None:
            raise NotationError(
                f"cannot read move '{self.text}': expected like '5 63-52', '2 44x45' or '2 44x45+'"
            )
        origin, target = parse_square(match["origin"]), parse_square(match["target"])
        eyes = self._read_eyes(match["eyes"])
        over = self.game._decided(self.state)
        if over is not None:
            raise IllegalMoveError(f"the game is over: {_result_text(over)}")
        piece = self._moving_piece(origin, eyes, match["promoted"] is not None)
        if not are_adjacent(origin, target):
            raise IllegalMoveError(
                f"{square_name(origin)} and {square_name(target)} are not adjacent"
            )
        capture = self._check_target(piece, origin, target, match["kind"] == "x")
        promote = match["promote"] is not None
        if promote:
            self._check_promotion(piece, origin, capture)
        move = Move(origin, target, capture, promote)
        if move not in self.game.legal_moves(self.state):
            written = self.game.format_move(self.state, move)
            raise IllegalMoveError(
                f"the repetition duty forbids {written}: that position already occurred"
            )
        return move

    def _normalised(self) -> str:
        text = _normalise_digits(self.text).translate(_DASHES)
        text = text.replace("×", "x").replace("X", "x")
        return " ".join(text.split())

    @staticmethod
    def _read_eyes(digits: str | None) -> int | None:
        if digits is None:
            return None
        eyes = int(digits)
        if not 1 <= eyes <= MAX_EYES:
            raise NotationError(f"eye count must be 1-{MAX_EYES}, got {digits}")
        return eyes

    def _moving_piece(self, origin: int, eyes: int | None, says_promoted: bool) -> Piece:
        mover = self.state.to_move
        piece = piece_at(self.state.board, origin)
        if piece is None or piece.owner != mover:
            raise IllegalMoveError(f"no {mover} piece on {square_name(origin)}")
        if eyes is not None and eyes != piece.eyes:
            raise IllegalMoveError(
                f"the {mover} piece on {square_name(origin)} has {piece.eyes} eyes, not {eyes}"
            )
        if says_promoted and not piece.promoted:
            raise IllegalMoveError(f"the piece on {square_name(origin)} is not promoted")
        return piece

    def _check_target(self, piece: Piece, origin: int, target: int, says_capture: bool) -> bool:
        """Return whether the move captures; raise when the target forbids the move."""
        occupant = piece_at(self.state.board, target)
        name = square_name(target)
        if occupant is None:
            if says_capture:
                raise IllegalMoveError(f"there is no piece to capture on {name}")
            return False
        if occupant.owner == piece.owner:
            raise IllegalMoveError(f"{name} holds a {occupant.owner} piece")
        if not can_capture(piece.eyes, occupant.eyes):
            raise IllegalMoveError(f"a {piece.eyes} cannot capture a {occupant.eyes}")
        if not says_capture:
            raise IllegalMoveError(
                f"{name} holds a {occupant.owner} {occupant.eyes}: "
                f"write {piece.eyes} {square_name(origin)}x{name} to capture it"
            )
        return True

    @staticmethod
    def _check_promotion(piece: Piece, origin: int, capture: bool) -> None:
        if not capture:
            raise IllegalMoveError("only a capture can promote")
        if piece.promoted:
            raise IllegalMoveError(
                f"the piece on {square_name(origin)} is already promoted: "
                "a piece promotes only once"
            )


def _result_text(result: Outcome) -> str:
    if result.winner is None:
        return f"draw ({result.reason})"
    return f"{result.winner} won ({result.reason})"


# =========================================================================== position reader

_POSITION_KEYS = (
    "game", "to_move", "board", "captures", "attacker", "window", "plies_since_2_2", "history",
)
_PIECE_RE = re.compile(r"(?P<owner>[GW])(?P<eyes>\d+)(?P<promoted>\+)?")
_PIECE_EXPECTED = "expected a piece like G4 or W2+ (owner G or W, eyes 1-5, + when promoted)"


def position_text(key: RepetitionKey) -> str:
    """Return the one-line form of a repetition key used in YAML ``window`` lists:
    side to move, then square+piece tokens by square, e.g. ``"white 42W2 43G3"``."""
    board, to_move = key
    tokens = [f"{square_name(sq)}{piece.text()}" for sq, piece in pieces_of(board)]
    return " ".join([to_move, *tokens])


def _read_piece(value: Any, path: tuple) -> Piece:
    """Read ``G4`` / ``W2+``; raise PositionError at ``path``."""
    if not isinstance(value, str):
        raise PositionError(_PIECE_EXPECTED + f", got {value!r}", path)
    match = _PIECE_RE.fullmatch(value.strip())
    if match is None:
        raise PositionError(_PIECE_EXPECTED + f", got '{value}'", path)
    eyes = int(match["eyes"])
    if not 1 <= eyes <= MAX_EYES:
        raise PositionError(f"expected eyes 1-{MAX_EYES}, got {eyes}", path)
    return Piece(_LETTER_OWNER[match["owner"]], eyes, match["promoted"] is not None)


def _read_board_square(key: Any, path: tuple) -> int:
    if isinstance(key, bool) or not isinstance(key, (int, str)):
        raise PositionError(f"expected a square written file then rank, like 43, got {key!r}", path,
                            key=True)
    try:
        return parse_square(key)
    except NotationError as err:
        raise PositionError(str(err), path, key=True) from None


def _read_side(value: Any, path: tuple, what: str, choices: tuple[str, ...] = SIDES) -> str:
    if value not in choices:
        raise PositionError(f"expected {what} {' or '.join(choices)}, got {value!r}", path)
    return value


class _PositionReader:
    """Reads and validates one position mapping; every error names its path.

    Validation [decision] (``shared/rules/medamagaeru.md`` gives material but no diagram
    rules): a position may show only some pieces (puzzles and the worked examples do), so a
    side's pieces on the board plus the captures against it may be fewer than its material,
    never more. Each piece must come from the setup's material: its original eye count (the
    count before promotion; a promoted 1 started as a 5) may not be used twice. Promoted
    pieces are not checked against the side's captures, because partial diagrams (and the
    README example ``45: W2+`` with white captures 0) show promoted pieces freely.
    """

    def __init__(self, game: MedamagaeruGame, data: Any):
        self.game = game
        self.data = data
        self.goal = game.rules.captures_to_win

    def read(self) -> MedamagaeruState:
        data = self.data
        if not isinstance(data, Mapping):
            raise PositionError("expected a mapping with to_move and board")
        for key in data:
            if key not in _POSITION_KEYS:
                raise PositionError(
                    f"unknown key '{key}': expected {', '.join(_POSITION_KEYS[:-1])} or history",
                    (key,),
                )
        if "game" in data and data["game"] != self.game.id:
            raise PositionError(f"expected game: {self.game.id}, got {data['game']!r}", ("game",))
        for required in ("to_move", "board"):
            if required not in data:
                raise PositionError(f"missing {required}", ())
        to_move = _read_side(data["to_move"], ("to_move",), "to_move")
        board = self._board(data["board"])
        captures = self._captures(data.get("captures", {}), board)
        attacker = data.get("attacker", NONE)
        attacker = _read_side(
            NONE if attacker is None else attacker, ("attacker",), "attacker", ATTACKER_STATES
        )
        key = (board, to_move)
        window = self._window(data.get("window", []), to_move) + (key,)
        plies = self._plies_since_2_2(data.get("plies_since_2_2"), captures)
        state = MedamagaeruState(board, to_move, captures, attacker, window, plies)
        return self._replay(state, data.get("history", []))

    # ---- board

    def _board(self, value: Any) -> Board:
        if not isinstance(value, Mapping):
            raise PositionError(
                'expected board as a mapping of square to piece, like {"43": G3}', ("board",)
            )
        pieces: dict[int, Piece] = {}
        paths: dict[int, tuple] = {}
        for key, text in value.items():
            path = ("board", key)
            square = _read_board_square(key, path)
            if square in pieces:
                raise PositionError(f"square {square_name(square)} is given twice", path, key=True)
            pieces[square] = _read_piece(text, path)
            paths[square] = path
        self._check_material(pieces, paths)
        return board_from_pieces(pieces)

    @staticmethod
    def _check_material(pieces: Mapping[int, Piece], paths: Mapping[int, tuple]) -> None:
        for side in SIDES:
            owned = sorted((sq, p) for sq, p in pieces.items() if p.owner == side)
            limit = sum(material()[side].values())
            if len(owned) > limit:
                raise PositionError(
                    f"{side} has {len(owned)} pieces on the board: expected at most {limit}",
                    ("board",),
                )
            used: Counter[int] = Counter()
            for square, piece in owned:
                start = original_eyes(piece)
                used[start] += 1
                if used[start] > material()[side][start]:
                    raise PositionError(_origin_message(side, start), paths[square])

    # ---- captures, window, plies

    def _captures(self, value: Any, board: Board) -> tuple[int, int]:
        if not isinstance(value, Mapping):
            raise PositionError("expected captures as {green: N, white: N}", ("captures",))
        for key in value:
            if key not in SIDES:
                raise PositionError(
                    f"unknown side '{key}': expected green or white", ("captures", key)
                )
        counts = []
        for side in SIDES:
            count = value.get(side, 0)
            path = ("captures", side)
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= self.goal:
                raise PositionError(
                    f"expected a number of captures 0-{self.goal}, got {count!r}", path
                )
            enemy = other(side)
            on_board = sum(1 for _ in pieces_of(board, enemy))
            gone = sum(material()[enemy].values()) - on_board
            if count > gone:
                raise PositionError(
                    f"{side} cannot have captured {count}: {on_board} {enemy} pieces are on the "
                    f"board, so at most {gone} are gone",
                    path,
                )
            counts.append(count)
        if counts == [self.goal, self.goal]:
            raise PositionError(
                f"both sides cannot have captured {self.goal} pieces", ("captures",)
            )
        return (counts[0], counts[1])

    def _window(self, value: Any, to_move: str) -> tuple[RepetitionKey, ...]:
        if not isinstance(value, list):
            raise PositionError(
                "expected window as a list of positions like 'white 42W2 43G3'", ("window",)
            )
        keys = tuple(self._window_entry(text, ("window", i)) for i, text in enumerate(value))
        # the window is a run of consecutive plies ending just before this position
        expected = other(to_move)
        for i in range(len(keys) - 1, -1, -1):
            if keys[i][1] != expected:
                raise PositionError(
                    f"expected {expected} to move here: window positions alternate and the last "
                    f"one has the side not to move now",
                    ("window", i),
                )
            expected = other(expected)
        return keys

    @staticmethod
    def _window_entry(text: Any, path: tuple) -> RepetitionKey:
        if not isinstance(text, str) or not text.split():
            raise PositionError("expected a position like 'white 42W2 43G3'", path)
        side, *tokens = text.split()
        _read_side(side, path, "the side to move first:")
        pieces: dict[int, Piece] = {}
        for token in tokens:
            match = re.fullmatch(r"(\d\d)(.+)", token)
            if match is None:
                raise PositionError(f"expected square then piece like 43G3, got '{token}'", path)
            square = _read_board_square(match[1], path)
            if square in pieces:
                raise PositionError(f"square {square_name(square)} is given twice", path)
            pieces[square] = _read_piece(match[2], path)
        return (board_from_pieces(pieces), side)

    def _plies_since_2_2(self, value: Any, captures: tuple[int, int]) -> int | None:
        at_score = self.game._at_judgement_score(captures)
        if value is None:
            return 0 if at_score else None
        path = ("plies_since_2_2",)
        short = self.goal - 1
        if not at_score:
            raise PositionError(
                f"expected plies_since_2_2 only when both sides have captured {short}", path
            )
        limit = self.game.rules.draw_plies_after_2_2
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
            raise PositionError(f"expected plies_since_2_2 0-{limit}, got {value!r}", path)
        return value

    # ---- history

    def _replay(self, state: MedamagaeruState, history: Any) -> MedamagaeruState:
        if not isinstance(history, list):
            raise PositionError("expected history as a list of moves like '3 44-43'", ("history",))
        for i, text in enumerate(history):
            path = ("history", i)
            if not isinstance(text, str):
                raise PositionError(f"expected a move like '3 44-43', got {text!r}", path)
            try:
                move = self.game.parse_move(state, text)
            except BanmenError as err:
                raise PositionError(f"history move {i + 1} '{text}': {err}", path) from None
            state = self.game.play(state, move)
        return state


def _origin_message(side: str, start: int) -> str:
    promoted_as = promoted_eyes(start)
    return (
        f"expected at most one {side} piece that started as a {start} "
        f"(a {start}, or a promoted {promoted_as})"
    )


# =========================================================================== queries


def _square_arg(state: MedamagaeruState, square: Any, need_piece: bool = True) -> int:
    try:
        parsed = parse_square(square)
    except NotationError as err:
        raise QueryError(str(err)) from None
    if need_piece and piece_at(state.board, parsed) is None:
        raise QueryError(f"no piece on {square_name(parsed)}")
    return parsed


def _move_arg(game: MedamagaeruGame, state: MedamagaeruState, move: Any) -> Move:
    if isinstance(move, Move):
        return move
    return game.parse_move(state, str(move))


def _side_arg(side: Any) -> str:
    if side not in SIDES:
        raise QueryError(f"expected side green or white, got {side!r}")
    return side


def _names(squares: Iterable[int]) -> list[str]:
    return sorted(square_name(square) for square in squares)


def _texts(game: MedamagaeruGame, state: MedamagaeruState, moves: Iterable[Move]) -> list[str]:
    return sorted(game.format_move(state, move) for move in moves)


def query_attacker(game: MedamagaeruGame, state: MedamagaeruState) -> str:
    """The attacker state (仕掛け方) now: none, green or white.

    ``shared/rules/medamagaeru.md`` "The attacker (仕掛け方) and repetition".
    """
    return state.attacker


def query_attacker_after(game: MedamagaeruGame, state: MedamagaeruState, move: Any) -> str:
    """The attacker state after the given legal move: none, green or white.

    ``shared/rules/medamagaeru.md`` "The attacker", rules 1-3 with the game's parameters.
    """
    return attacker_after(game.rules, state, _move_arg(game, state, move))


def query_aims(game: MedamagaeruGame, state: MedamagaeruState, move: Any) -> list[str]:
    """Squares of the enemy pieces the given move aims at (当てる).

    ``shared/rules/medamagaeru.md`` "The attacker": depends on ``reposition_counts``.
    """
    return _names(aimed_squares(game.rules, state.board, _move_arg(game, state, move)))


def query_is_free(game: MedamagaeruGame, state: MedamagaeruState, square: Any) -> bool:
    """Whether the piece on the square is free (no enemy piece attacks it).

    ``shared/rules/medamagaeru.md`` "The attacker": a **free** piece.
    """
    return is_free(state.board, _square_arg(state, square))


def query_attacks(game: MedamagaeruGame, state: MedamagaeruState, square: Any) -> list[str]:
    """Squares of the enemy pieces the piece on the square attacks (adjacent and capturable).

    ``shared/rules/medamagaeru.md`` "The attacker": A **attacks** X.
    """
    return _names(attacks(state.board, _square_arg(state, square)))


def query_attacked_by(game: MedamagaeruGame, state: MedamagaeruState, square: Any) -> list[str]:
    """Squares of the enemy pieces that attack the piece on the square.

    ``shared/rules/medamagaeru.md`` "The attacker".
    """
    return _names(attackers_of(state.board, _square_arg(state, square)))


def query_capture_moves(game: MedamagaeruGame, state: MedamagaeruState) -> list[str]:
    """Every legal capture of the side to move, with and without promotion.

    ``shared/rules/medamagaeru.md`` "Moves".
    """
    return _texts(game, state, (m for m in game.legal_moves(state) if m.capture))


def query_can_capture(
    game: MedamagaeruGame, state: MedamagaeruState, eyes: int, target: int
) -> bool:
    """Whether a piece with ``eyes`` eyes may capture one with ``target`` eyes (e takes e-1,
    1 takes 5). ``shared/rules/medamagaeru.md`` "Moves"."""
    for value in (eyes, target):
        if not isinstance(value, int) or not 1 <= value <= MAX_EYES:
            raise QueryError(f"expected an eye count 1-{MAX_EYES}, got {value!r}")
    return can_capture(eyes, target)


def query_eyes_after_promotion(game: MedamagaeruGame, state: MedamagaeruState, square: Any) -> int:
    """The eye count the piece on the square would have after promoting (5 becomes 1).

    ``shared/rules/medamagaeru.md`` "Moves". Raises QueryError for a promoted piece (a piece
    promotes only once).
    """
    parsed = _square_arg(state, square)
    piece = piece_at(state.board, parsed)
    if piece.promoted:
        raise QueryError(f"the piece on {square_name(parsed)} is already promoted")
    return promoted_eyes(piece.eyes)


def query_capturable_count(game: MedamagaeruGame, state: MedamagaeruState, side: Any) -> int:
    """The 2-2 judgement count of the side: enemy pieces at least one of its pieces could
    capture by eye count, anywhere on the board.

    ``shared/rules/medamagaeru.md`` "Winning and drawing".
    """
    return capturable_count(state.board, _side_arg(side))


def query_judgement(game: MedamagaeruGame, state: MedamagaeruState) -> str:
    """What the 2-2 judgement says for these pieces (whatever the captures): green, white
    (the winner), draw, or continue.

    ``shared/rules/medamagaeru.md`` "Winning and drawing".
    """
    return judgement(state.board)


def query_repetition_duty(game: MedamagaeruGame, state: MedamagaeruState) -> bool:
    """Whether the side to move is the attacker in a position that already occurred in the
    repetition window. ``shared/rules/medamagaeru.md`` "Repetition duty"."""
    return under_repetition_duty(state)


def query_repetition_moves(game: MedamagaeruGame, state: MedamagaeruState) -> list[str]:
    """Moves of the side to move that reach a position new in the repetition window (the
    moves that satisfy the repetition duty). ``shared/rules/medamagaeru.md`` "Repetition
    duty"."""
    if game._decided(state) is not None:
        return []
    new = (m for m in pseudo_legal_moves(state) if not repeats_window(state, m))
    return _texts(game, state, new)


def query_forbidden_by_repetition(game: MedamagaeruGame, state: MedamagaeruState) -> list[str]:
    """Moves the repetition duty forbids now (empty when the duty does not apply).

    ``shared/rules/medamagaeru.md`` "Repetition duty".
    """
    if game._decided(state) is not None or not under_repetition_duty(state):
        return []
    return _texts(game, state, (m for m in pseudo_legal_moves(state) if repeats_window(state, m)))


def _square_param(doc: str) -> tuple[QueryParam, ...]:
    return (QueryParam("square", "square", doc),)


def _queries() -> list[Query]:
    move = (QueryParam("move", "move", "a legal move"),)
    side = (QueryParam("side", "side", "green or white"),)
    eyes = (
        QueryParam("eyes", "int", "eye count of the capturing piece"),
        QueryParam("target", "int", "eye count of the piece to capture"),
    )
    table = [
        ("attacker", query_attacker, "text", ()),
        ("attacker_after", query_attacker_after, "text", move),
        ("aims", query_aims, "squares", move),
        ("is_free", query_is_free, "boolean", _square_param("a square with a piece")),
        ("attacks", query_attacks, "squares", _square_param("a square with a piece")),
        ("attacked_by", query_attacked_by, "squares", _square_param("a square with a piece")),
        ("capture_moves", query_capture_moves, "moves", ()),
        ("can_capture", query_can_capture, "boolean", eyes),
        (
            "eyes_after_promotion",
            query_eyes_after_promotion,
            "number",
            _square_param("an unpromoted piece"),
        ),
        ("capturable_count", query_capturable_count, "number", side),
        ("judgement", query_judgement, "text", ()),
        ("repetition_duty", query_repetition_duty, "boolean", ()),
        ("repetition_moves", query_repetition_moves, "moves", ()),
        ("forbidden_by_repetition", query_forbidden_by_repetition, "moves", ()),
    ]
    return [
        Query(name, func, returns, params, func.__doc__ or "")
        for name, func, returns, params in table
    ]
