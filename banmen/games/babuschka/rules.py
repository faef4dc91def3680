"""バブーシュカ rule parameters, sides and dolls.

``shared/rules/babuschka.md``: the defaults are the spec's rules and [decision]s.

Vocabulary: a **side** is a player's id (``"black"``/``"grey"`` with two players;
``"south"``/``"west"``/``"north"``/``"east"`` with four); inside states a side is its index in
:func:`sides_of` (turn order). A **doll** is an int ``size * 4 + owner`` (size 0/1/2 = S/M/L,
owner = side index), so ``doll >> 2`` is the size and ``doll & 3`` the owner. A **nest** is a
tuple of dolls, bottom to top, strictly growing in size.
"""

from __future__ import annotations

from banmen.params import Param, Rules
from banmen.games.babuschka.board import NORTH, SEAT_NAMES, SOUTH

SPEC = "shared/rules/babuschka.md"

SIZES = "SML"
S, M, L = 0, 1, 2
SIZE_NAMES = ("small", "medium", "large")

#: players -> side ids in turn order (clockwise for four: south, west, north, east).
SIDES: dict[int, tuple[str, ...]] = {2: ("black", "grey"), 4: SEAT_NAMES}
#: players -> the owner letter of each side, in side order (``bS``, ``wM``).
OWNER_LETTERS: dict[int, str] = {2: "bg", 4: "swne"}
#: players -> the seat of each side (black sits south, grey north).
SEATS: dict[int, tuple[int, ...]] = {2: (SOUTH, NORTH), 4: (0, 1, 2, 3)}
#: players -> dolls of each size per side (``shared/rules/babuschka.md`` "Material").
PER_SIZE: dict[int, int] = {2: 4, 4: 2}
#: seat prefixes of four-player records (``W: S a4-b4``), in side order.
SEAT_LETTERS = "SWNE"

ALL_SIDES: tuple[str, ...] = (*SIDES[2], *SIDES[4])


def sides_of(players: int) -> tuple[str, ...]:
    """Return the side ids for ``players`` (2 or 4) in turn order."""
    return SIDES[players]


def doll(size: int, owner: int) -> int:
    """Return the doll int of ``size`` (0..2 = S/M/L) owned by side index ``owner``."""
    return size * 4 + owner


def doll_text(value: int, players: int) -> str:
    """Return the position notation of a doll: owner letter + size letter (``"bS"``)."""
    return OWNER_LETTERS[players][value & 3] + SIZES[value >> 2]


class BabuschkaRules(Rules):
    """The rule parameters of ``shared/rules/babuschka.md`` (defaults = the spec).

    ``players`` and ``first_seat`` set the start position (:meth:`BabuschkaGame.initial_state`);
    a position file states its own ``players`` and ``to_move``.
    """

    players = Param(
        2,
        choices=(2, 4),
        description="Number of players of the start position: 2 (black and grey) or 4.",
        ja="遊ぶ人数。2人なら黒と灰が向かい合い、4人なら南・西・北・東の4席に分かれる",
    )
    first_seat = Param(
        "south",
        choices=SEAT_NAMES,
        description=(
            "Seat that moves first in the start position (chosen by the players; with two "
            "players south is black and north is grey)."
        ),
        ja="最初に手番をもつ席（2人では南が黒、北が灰）。だれから始めるかはプレイヤーが決める",
        allowed_ja="`south`、`west`、`north`、`east`（2人では`south`と`north`のみ）",
    )
    rank_all = Param(
        False,
        kind=bool,
        description=(
            "Four players: after the first winner, play goes on to rank the others "
            "(otherwise the game ends at the first win). Two-player games always end at the win."
        ),
        ja="4人プレイで、最初の勝者が出た後も残りの人で続けて2位以下の順位を決める",
    )
    fly_over_goals = Param(
        False,
        kind=bool,
        description=(
            "Four players: a jump may fly over a goal square of another player "
            "([decision]: off by default, since the original text forbids passing through those "
            "squares; landing there is forbidden either way)."
        ),
        ja="4人プレイで、ほかの人のゴールのマスにある人形を飛び越えるジャンプを認める（降りることはどちらでもできない）",
    )

    def _complete(self) -> None:
        if self.players == 2 and self.first_seat not in ("south", "north"):
            raise self._reject(
                "first_seat", "south or north with 2 players (west and east need 4 players)")

    def first_side(self) -> int:
        """Return the side index that moves first in the start position."""
        seat = SEAT_NAMES.index(self.first_seat)
        return SEATS[self.players].index(seat)
