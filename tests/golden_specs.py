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


def babuschka_chain():
    """A three-jump chain M d2xd4xf6xh6 in the cut-away view, with a nest of three dolls."""
    game = get_game("babuschka")
    before = game.position_from_yaml({
        "game": "babuschka", "players": 2, "to_move": "black",
        "board": {"d2": ["bM"], "d3": ["gL"], "e5": ["bS"], "g6": ["gM"],
                  "c4": ["bS", "gM", "bL"]},
    })
    move = game.parse_move(before, "M d2xd4xf6xh6")
    spec = DiagramSpec("golden/babuschka-chain", game.play(before, move), before=before,
                       move=move, labels=(("c5", "A"),), options={"view": "cutaway"})
    return game, spec


GOLDEN = {"ukejalayer-chain.svg": ukejalayer_chain, "babuschka-chain.svg": babuschka_chain}


def ludo_turn():
    """Aeroplane: red 8 rolls a second 6: 14 (own colour), jump to 18, fly to 30, sending back
    the blue piece there; shows legs of three kinds, a ghost, the die and the sixes count."""
    game = get_game("ludo")
    before = game.position_from_yaml({
        "game": "ludo", "colours": ["red", "blue"], "to_move": "red", "roll": 6, "sixes": 1,
        "last_moved": "r1", "pieces": {"red": [0, 8, 31, "yard"], "blue": [4, 9, 20, "yard"]},
    })
    move = game.parse_move(before, "r2 8-30")
    spec = DiagramSpec("golden/ludo-turn", game.play(before, move), before=before, move=move)
    return game, spec


GOLDEN["ludo-turn.svg"] = ludo_turn
