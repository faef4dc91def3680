"""Fixed inputs whose SVG output is kept byte for byte in tests/golden/ (see test_render.py).

Regenerate after an intended drawing change with:  python tools/update_golden.py
"""

from __future__ import annotations

from banmen.game import get_game
from banmen.render.spec import DiagramSpec


def ukejalayer_chain():
    """A link chain with drops: a1(3)b1(2)c1(1)d1, plus a highlight and a label."""
    game = get_game("ukejalayer")
    before = game.position_from_yaml({
        "game": "ukejalayer", "to_move": "white", "hands": {"white": 4, "black": 5},
        "board": {"a1": "WWW", "d1": "B", "c3": "BWB"},
    })
    move = game.parse_move(before, "a1(3)b1(2)c1(1)d1")
    spec = DiagramSpec("golden/ukejalayer-chain", game.play(before, move), before=before,
                       move=move, highlight=("c3",), labels=(("b1", "1"),))
    return game, spec


GOLDEN = {"ukejalayer-chain.svg": ukejalayer_chain}
