"""めだまがえる rule parameters: :class:`MedamagaeruRules`.

Implements the parameters of ``shared/rules/medamagaeru.md`` (sections "Winning and drawing"
and "The attacker (仕掛け方) and repetition (千日手)").
"""

from __future__ import annotations

from banmen.params import Param, Rules
from banmen.games.medamagaeru.board import MAX_EYES


# =========================================================================== rules


class MedamagaeruRules(Rules):
    """The rule parameters of ``shared/rules/medamagaeru.md`` (defaults = the current rules)."""

    reposition_counts = Param(
        True,
        kind=bool,
        description=(
            "A piece that already attacked an enemy piece and moves to another square next to "
            "it also aims at it (the current rule; the author may drop it)."
        ),
        ja="相手駒に当てている駒を、その相手駒のまわりの別のマスへ動かしても「当てる」とみなす（現行ルール）",
    )
    capture_resets = Param(
        False,
        kind=bool,
        description=(
            "When a player captures a piece of the attacker, the attacker state becomes none "
            "(announced as a possible future rule)."
        ),
        ja="相手が仕掛け方の駒を取ったら、仕掛け方を「なし」に戻す（将来追加の可能性があるルール）",
    )
    captures_to_win = Param(
        3,
        ge=1,
        le=MAX_EYES,
        description=(
            "Captures that win at once; the judgement happens when both sides are one short "
            "(2-2 with the default)."
        ),
        ja="勝ちになる獲得駒数（判定はお互いにあと１匹の時、既定では２対２）",
    )
    draw_plies_after_2_2 = Param(
        50,
        ge=1,
        description="Plies after the first 2-2 position without a winning capture that draw.",
        ja="お互いに２匹ずつ取った局面から数えて、何手で引分けにするか",
    )
