"""Ukeja Layer rule parameters: the sides, piece letters and :class:`UkejalayerRules`.

Implements ``shared/rules/ukejalayer.md``, sections "Board and material" and "Eliminate (排除)
and its unlock (解禁)" (board size, material, unlock mode, ``white_delay``).
"""

from __future__ import annotations

from banmen.params import Param, Rules


SPEC = "shared/rules/ukejalayer.md"
SIDES = ("white", "black")
#: side id -> the letter of its pieces in a stack
PIECE = {"white": "W", "black": "B"}
OTHER = {"white": "black", "black": "white"}
FILES = "abcdefgh"

# --------------------------------------------------------------------------- rules


#: Largest ``hand``: the default material of the 8x8 board. More pieces per side give stacks
#: whose moves no search can list in bounded time and memory (engine limit, not a rule).
MAX_HAND = 32


class UkejalayerRules(Rules):
    """Rule parameters of ``shared/rules/ukejalayer.md`` (immutable, validated).

    Fields:
        size: board side length, 3..8 (files a.., ranks 1..); default 4.
        hand: pieces each player starts with in hand, 1..:data:`MAX_HAND` (an engine limit,
            the default material of the largest board); ``None`` (default) means
            ``size * size // 2``. Read :attr:`material` for the effective number.
        unlock: when elimination is unlocked: ``"guidebook"`` (default), ``"both"``, ``"self"``.
        white_delay: N, the White turns after the unlock moment on which White may not yet
            eliminate, >= 0; default 1 (ignored under ``unlock="self"``).
    """

    size = Param(
        4,
        ge=3,
        le=8,
        description="Board side length (files a.., ranks 1..); the guidebook board is 4x4.",
        ja="盤の大きさ",
    )
    hand = Param(
        None,
        ge=1,
        le=MAX_HAND,
        optional=True,
        description="Pieces each player starts with in hand; unset means size*size // 2 "
        "(8 on 4x4).",
        ja="手駒の数",
    )
    unlock = Param(
        "guidebook",
        choices=("guidebook", "both", "self"),
        description=(
            "When elimination is unlocked: 'guidebook' = once some hand is empty (White then "
            "waits N turns); 'both' = once both hands are empty (White waits N turns); "
            "'self' = once the player's own hand is empty (N ignored)."
        ),
        ja="排除の解禁",
    )
    white_delay = Param(
        1,
        ge=0,
        description="N: White turns after the unlock moment on which White may not eliminate yet.",
        ja="白の排除の待ち手数 N",
    )

    @property
    def material(self) -> int:
        """The effective number of pieces each player starts with (``hand`` or size*size//2)."""
        return self.hand if self.hand is not None else self.size * self.size // 2
