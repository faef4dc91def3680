"""スーサイドチェッカー (suicide / giveaway checkers): English draughts with the result reversed.

Implements ``shared/rules/suicide-checkers.md``. The move generation is exactly English
draughts (the bitboard core lives in :mod:`.bitboard`); only the end of the game
differs: the side to move that has no pieces or no legal move **wins**. Draws come
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

Package layout (one file per concern): :mod:`.rules` (parameters), :mod:`.board` (state,
numbering, pieces), :mod:`.position` (FEN), :mod:`.notation` (move text, PDN), :mod:`.game`
(the engine class), :mod:`.solver` (forced wins), :mod:`.queries` (named queries),
:mod:`.bitboard` (the move generator), :mod:`.evaluation` (the opponents' score),
:mod:`.view` (the play board's view) and :mod:`.drawing` (the boards, build time only).
"""

from banmen.games.suicide_checkers.board import (
    captured_squares,
    CheckersState,
    initial_position,
    is_capture,
    jumped_squares,
    move_path,
    piece_at,
    pieces,
    rowcol_to_square,
    square_to_rowcol,
)
from banmen.games.suicide_checkers.game import GAME, SuicideCheckersGame
from banmen.games.suicide_checkers.notation import format_move_text, parse_pdn_moves, read_move
from banmen.games.suicide_checkers.position import format_fen, parse_fen
from banmen.games.suicide_checkers.queries import (
    q_capture_count,
    q_captured_squares,
    q_capturing_moves,
    q_crowning_moves,
    q_forced_captures,
    q_giveaway_moves,
    q_king_squares,
    q_kings_left,
    q_max_capture_count,
    q_min_capture_count,
    q_movable_pieces,
    q_must_capture,
    q_only_winning_move,
    q_pieces_left,
    q_win_in_moves,
    q_winning_move_count,
)
from banmen.games.suicide_checkers.rules import (
    MAX_PIECES_PER_SIDE,
    Move,
    SIDES,
    SPEC,
    SuicideCheckersRules,
)
from banmen.games.suicide_checkers.solver import GiveawaySolver, own_moves_within

__all__ = [
    "captured_squares",
    "CheckersState",
    "format_fen",
    "format_move_text",
    "GAME",
    "GiveawaySolver",
    "initial_position",
    "is_capture",
    "jumped_squares",
    "MAX_PIECES_PER_SIDE",
    "Move",
    "move_path",
    "own_moves_within",
    "parse_fen",
    "parse_pdn_moves",
    "piece_at",
    "pieces",
    "q_capture_count",
    "q_captured_squares",
    "q_capturing_moves",
    "q_crowning_moves",
    "q_forced_captures",
    "q_giveaway_moves",
    "q_king_squares",
    "q_kings_left",
    "q_max_capture_count",
    "q_min_capture_count",
    "q_movable_pieces",
    "q_must_capture",
    "q_only_winning_move",
    "q_pieces_left",
    "q_win_in_moves",
    "q_winning_move_count",
    "read_move",
    "rowcol_to_square",
    "SIDES",
    "SPEC",
    "square_to_rowcol",
    "SuicideCheckersGame",
    "SuicideCheckersRules",
]
