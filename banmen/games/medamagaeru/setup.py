"""めだまがえる: the start position, as a position mapping (guide/positions.md).

[decision] ``shared/rules/medamagaeru.md`` "Board, material, setup": the source gives no
squares; each player lines up 4, 2, 1, 3, 5 from their own left on their back rank, middle
five files. The engine also derives each side's material (the eye counts it owns) from this
board, so correcting the setup here corrects position validation too. No promoted pieces.

Kept as Python data rather than a YAML file so that the engine imports with the standard
library alone (it also runs in the browser under Pyodide).
"""

SETUP = {
    "game": "medamagaeru",
    "to_move": "green",
    "board": {
        # Green (緑), rank 7, moves first toward rank 1
        "67": "G4", "57": "G2", "47": "G1", "37": "G3", "27": "G5",
        # White (白), rank 1
        "21": "W4", "31": "W2", "41": "W1", "51": "W3", "61": "W5",
    },
    "captures": {"green": 0, "white": 0},
    "attacker": "none",
}
