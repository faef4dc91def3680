"""めだまがえる start position data and the position YAML reader.

Reads the start position of ``banmen/games/medamagaeru/setup.py`` (``shared/rules/medamagaeru.md``, section
"Board, material, setup") and the position mapping of guide/positions.md (board,
captures, attacker, window, plies since 2-2, history), checking it against
``shared/rules/medamagaeru.md``.
"""

from __future__ import annotations

import copy
import functools
import re
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any


from banmen.errors import brief_repr, shorten
from banmen.game import BanmenError, NotationError, PositionError
from banmen.games.medamagaeru.board import (
    _LETTER_OWNER,
    ATTACKER_STATES,
    Board,
    board_from_pieces,
    MAX_EYES,
    NONE,
    original_eyes,
    other,
    parse_square,
    Piece,
    pieces_of,
    promoted_eyes,
    RepetitionKey,
    SIDES,
    square_name,
)
from banmen.games.medamagaeru.moves import MedamagaeruState
from banmen.games.medamagaeru.setup import SETUP

if TYPE_CHECKING:
    from banmen.games.medamagaeru.game import MedamagaeruGame


# =========================================================================== setup


def setup_data() -> dict[str, Any]:
    """Return (a fresh copy of) the start position mapping of
    ``banmen/games/medamagaeru/setup.py``."""
    return copy.deepcopy(SETUP)


@functools.lru_cache(maxsize=1)
def material() -> dict[str, Counter[int]]:
    """Return each side's material: the multiset of eye counts its pieces start with, as the
    setup file gives them (so correcting the setup corrects validation too)."""
    counts: dict[str, Counter[int]] = {side: Counter() for side in SIDES}
    for key, value in SETUP["board"].items():
        piece = _read_piece(value, ("board", key))
        counts[piece.owner][piece.eyes] += 1
    return counts


# =========================================================================== position reader

_POSITION_KEYS = (
    "game", "to_move", "board", "captures", "attacker", "window", "plies_since_2_2", "history",
)
_PIECE_RE = re.compile(r"(?P<owner>[GW])(?P<eyes>\d{1,9})(?P<promoted>\+)?")  # int() refuses 4300+ digits
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
        raise PositionError(_PIECE_EXPECTED + f", got {brief_repr(value)}", path)
    match = _PIECE_RE.fullmatch(value.strip())
    if match is None:
        raise PositionError(_PIECE_EXPECTED + f", got '{shorten(str(value))}'", path)
    eyes = int(match["eyes"])
    if not 1 <= eyes <= MAX_EYES:
        raise PositionError(f"expected eyes 1-{MAX_EYES}, got {eyes}", path)
    return Piece(_LETTER_OWNER[match["owner"]], eyes, match["promoted"] is not None)


def _read_board_square(key: Any, path: tuple) -> int:
    if isinstance(key, bool) or not isinstance(key, (int, str)):
        raise PositionError(f"expected a square written file then rank, like 43, "
                            f"got {brief_repr(key)}", path, key=True)
    try:
        return parse_square(key)
    except NotationError as err:
        raise PositionError(str(err), path, key=True) from None


def _read_side(value: Any, path: tuple, what: str, choices: tuple[str, ...] = SIDES) -> str:
    if value not in choices:
        raise PositionError(f"expected {what} {' or '.join(choices)}, got {brief_repr(value)}", path)
    return value


class _PositionReader:
    """Reads and validates one position mapping; every error names its path.

    Validation [decision] (``shared/rules/medamagaeru.md`` gives material but no diagram
    rules): a position may show only some pieces (puzzles and the worked examples do), so a
    side's pieces on the board plus the captures against it may be fewer than its material,
    never more. Each piece must come from the setup's material: its original eye count (the
    count before promotion; a promoted 1 started as a 5) may not be used twice. Promoted
    pieces are not checked against the side's captures, because partial diagrams (and the
    guide example ``45: W2+`` with white captures 0) show promoted pieces freely.
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
                    f"unknown key '{shorten(str(key))}': expected "
                    f"{', '.join(_POSITION_KEYS[:-1])} or history",
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
                    f"unknown side '{shorten(str(key))}': expected green or white", ("captures", key)
                )
        counts = []
        for side in SIDES:
            count = value.get(side, 0)
            path = ("captures", side)
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= self.goal:
                raise PositionError(
                    f"expected a number of captures 0-{self.goal}, got {brief_repr(count)}", path
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
            raise PositionError(f"expected plies_since_2_2 0-{limit}, got {brief_repr(value)}", path)
        return value

    # ---- history

    def _replay(self, state: MedamagaeruState, history: Any) -> MedamagaeruState:
        if not isinstance(history, list):
            raise PositionError("expected history as a list of moves like '3 44-43'", ("history",))
        for i, text in enumerate(history):
            path = ("history", i)
            if not isinstance(text, str):
                raise PositionError(f"expected a move like '3 44-43', got {brief_repr(text)}", path)
            try:
                move = self.game.parse_move(state, text)
            except BanmenError as err:
                raise PositionError(f"history move {i + 1} '{shorten(text)}': {err}", path) from None
            state = self.game.play(state, move)
        return state


def _origin_message(side: str, start: int) -> str:
    promoted_as = promoted_eyes(start)
    return (
        f"expected at most one {side} piece that started as a {start} "
        f"(a {start}, or a promoted {promoted_as})"
    )
