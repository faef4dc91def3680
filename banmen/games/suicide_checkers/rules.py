"""Suicide-checkers rule parameters: sides, piece counts and :class:`SuicideCheckersRules`.

Implements the parameters of ``shared/rules/suicide-checkers.md`` (section "End of the game
(reversed)": repetition and the quiet-move draw).
"""

from __future__ import annotations

from banmen.params import Param, Rules


SPEC = "shared/rules/suicide-checkers.md"
SIDES = ("black", "white")
MAX_PIECES_PER_SIDE = 12

#: A move: the start square then every landing square, e.g. ``(15, 24, 31)``.
Move = tuple[int, ...]

# --------------------------------------------------------------------------- rules


class SuicideCheckersRules(Rules):
    """Rule parameters of suicide checkers (``shared/rules/suicide-checkers.md``, "End of the
    game"): the two draw rules. 0 switches a rule off."""

    repetition_draw = Param(
        3,
        ge=0,
        description=(
            "Occurrences of the same position with the same side to move that make a draw "
            "(3 = draw on the third occurrence); 0 = no repetition draw; 1 is not allowed, "
            "so the value is 0 or at least 2."
        ),
        ja="同じ局面が何回目に現れたら引分けか",
        allowed_ja="0（なし）または 2 以上の整数",
    )
    quiet_move_limit = Param(
        40,
        ge=0,
        description=(
            "Moves by each side without a capture or a man's move after which the game is "
            "drawn (40 = 80 plies); 0 = no such draw."
        ),
        ja="駒取りもメンの前進もない手が、黒と白それぞれ何手続いたら引分けか（0 = なし）",
    )

    def _complete(self) -> None:
        if self.repetition_draw == 1:
            raise self._reject("repetition_draw",
                               "0 (off) or at least 2 (a position always occurs once)")
