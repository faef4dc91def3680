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

Package layout (one file per concern): :mod:`.board` (squares, pieces, boards), :mod:`.rules`
(parameters), :mod:`.moves` (state, move generation, the attacker), :mod:`.game` (the engine
class), :mod:`.notation` (move reader), :mod:`.position` (setup data, position YAML reader),
:mod:`.queries` (named queries).
"""

from banmen.games.medamagaeru.board import (
    are_adjacent,
    ATTACKER_STATES,
    attackers_of,
    attacks,
    Board,
    board_from_pieces,
    can_capture,
    capturable_count,
    file_rank,
    GREEN,
    is_free,
    judgement,
    MAX_EYES,
    NEIGHBOURS,
    NONE,
    original_eyes,
    other,
    parse_square,
    Piece,
    piece_at,
    pieces_of,
    promoted_eyes,
    RepetitionKey,
    side_attacks_any,
    SIDES,
    SIZE,
    SPEC,
    square_ja,
    square_name,
    square_of,
    SQUARES,
    WHITE,
)
from banmen.games.medamagaeru.game import GAME, MedamagaeruGame
from banmen.games.medamagaeru.moves import (
    aimed_squares,
    attacker_after,
    board_after,
    changed_squares,
    MedamagaeruState,
    Move,
    pseudo_legal_moves,
    repeats_window,
    repetition_key,
    under_repetition_duty,
)
from banmen.games.medamagaeru.position import material, position_text, setup_data
from banmen.games.medamagaeru.queries import (
    query_aims,
    query_attacked_by,
    query_attacker,
    query_attacker_after,
    query_attacks,
    query_can_capture,
    query_capturable_count,
    query_capture_moves,
    query_eyes_after_promotion,
    query_forbidden_by_repetition,
    query_is_free,
    query_judgement,
    query_repetition_duty,
    query_repetition_moves,
)
from banmen.games.medamagaeru.rules import MedamagaeruRules

__all__ = [
    "aimed_squares",
    "are_adjacent",
    "attacker_after",
    "ATTACKER_STATES",
    "attackers_of",
    "attacks",
    "Board",
    "board_after",
    "board_from_pieces",
    "can_capture",
    "capturable_count",
    "changed_squares",
    "file_rank",
    "GAME",
    "GREEN",
    "is_free",
    "judgement",
    "material",
    "MAX_EYES",
    "MedamagaeruGame",
    "MedamagaeruRules",
    "MedamagaeruState",
    "Move",
    "NEIGHBOURS",
    "NONE",
    "original_eyes",
    "other",
    "parse_square",
    "Piece",
    "piece_at",
    "pieces_of",
    "position_text",
    "promoted_eyes",
    "pseudo_legal_moves",
    "query_aims",
    "query_attacked_by",
    "query_attacker",
    "query_attacker_after",
    "query_attacks",
    "query_can_capture",
    "query_capturable_count",
    "query_capture_moves",
    "query_eyes_after_promotion",
    "query_forbidden_by_repetition",
    "query_is_free",
    "query_judgement",
    "query_repetition_duty",
    "query_repetition_moves",
    "repeats_window",
    "repetition_key",
    "RepetitionKey",
    "setup_data",
    "side_attacks_any",
    "SIDES",
    "SIZE",
    "SPEC",
    "square_ja",
    "square_name",
    "square_of",
    "SQUARES",
    "under_repetition_duty",
    "WHITE",
]
