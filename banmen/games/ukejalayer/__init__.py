"""ウケジャレイヤー (Ukeja Layer): the rules engine.

Implements ``shared/rules/ukejalayer.md`` (the authority; the guidebook is
``shared/seeds/000_6d38f74851f7647b.txt``) through the contract of :mod:`banmen.game`.

Squares and stacks
    Squares are named file then rank (``a1`` bottom-left, ``d4`` top-right on the default 4x4
    board). Internally a square is an index ``rank * size + file`` (``a1`` = 0, ``b1`` = 1, ...,
    ``a2`` = size); :func:`square_names` lists the names in that order. A stack is a string of
    ``"W"``/``"B"``, bottom to top; the top decides who controls the square.

Moves
    A move is a :class:`UkejalayerMove`: its ``kind`` (``"summon"``, ``"move"`` or
    ``"eliminate"``) and the height change of every square it touches. Because pieces of one
    colour are interchangeable and a chain only ever lifts the mover's own pieces from the top
    and puts them back on top, those height changes determine the resulting position exactly,
    and different results have different changes: moves compare equal exactly when their
    results are equal ("legal moves are distinct resulting positions", spec "Move"). Each chain
    move has one representative chain (``a1(3)b1(2)c1(1)d1``), the one with the fewest steps
    and, among those, the smallest when steps are compared as (from square in a1, a2, ...,
    b1, ... order, pieces carried, to square); see :meth:`UkejalayerGame.format_chain`.

    Revisits make the number of distinct moves grow fast with stack height: 30,416 for a
    lone 8-high stack on b2 (the most the default material allows), 248,925 for a 10-high one.

Unlock (解禁) and ``white_wait``  [decision, spec "Eliminate (排除) and its unlock"]
    Hands never refill, so whether the unlock moment has passed can be read off the hands:
    ``guidebook`` mode — some hand is empty; ``both`` — both hands are empty; ``self`` — the
    player's own hand is empty. The state keeps ``white_wait``, the number of White turns still
    barred from eliminating: at the end of the turn that makes the unlock moment pass it is set
    to ``white_delay`` (N); every White turn played while it is above 0 takes 1 off it (the turn
    itself was barred). White may eliminate when its hand is empty, the moment has passed and
    ``white_wait`` is 0; Black when its hand is empty and the moment has passed. In ``self``
    mode N is ignored and ``white_wait`` stays 0. A YAML position without ``white_wait`` is read
    with 0: a position with an empty hand is already unlocked with no White turns blocked.

Package layout (one file per concern): :mod:`.rules` (parameters), :mod:`.moves` (geometry,
state, move, chain search), :mod:`.game` (the engine class), :mod:`.notation` and
:mod:`.position` (mixins of the engine class: notation, position YAML I/O), :mod:`.queries`
(named queries).
"""

from banmen.games.ukejalayer.game import GAME, UkejalayerGame
from banmen.games.ukejalayer.moves import (
    height_changes,
    own_run,
    square_names,
    UkejalayerMove,
    UkejalayerState,
)
from banmen.games.ukejalayer.rules import FILES, OTHER, PIECE, SIDES, SPEC, UkejalayerRules

__all__ = [
    "FILES",
    "GAME",
    "height_changes",
    "OTHER",
    "own_run",
    "PIECE",
    "SIDES",
    "SPEC",
    "square_names",
    "UkejalayerGame",
    "UkejalayerMove",
    "UkejalayerRules",
    "UkejalayerState",
]
