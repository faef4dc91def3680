"""The Ludo family (ルドー / 飛行棋): ``shared/rules/ludo.md``.

Modules, one concern each: :mod:`.rules` (parameters and presets), :mod:`.track` (geometry and
square names), :mod:`.engine` (tables, states, the turn state machine, ranking),
:mod:`.notation`, :mod:`.position` (YAML), :mod:`.paths` (move paths for drawing),
:mod:`.queries`, :mod:`.game` (the :class:`~banmen.game.Game` contract), :mod:`.simulate`.
"""

from banmen.games.ludo.engine import LudoState, Move
from banmen.games.ludo.game import GAME, LudoGame
from banmen.games.ludo.paths import changed_squares, move_legs, move_path, occupants, sent_back
from banmen.games.ludo.rules import (
    PRESET_NAMES_JA,
    LudoRules,
    preset_names,
    preset_parameters,
    preset_rules,
    preset_table,
    value_ja,
)
from banmen.games.ludo.track import all_squares, square_of

__all__ = [
    "GAME", "PRESET_NAMES_JA", "LudoGame", "LudoRules", "LudoState", "Move", "all_squares",
    "changed_squares", "move_legs", "move_path", "occupants", "preset_names",
    "preset_parameters", "preset_rules", "preset_table", "sent_back", "square_of", "value_ja",
]
