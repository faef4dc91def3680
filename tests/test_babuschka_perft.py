"""Perft of バブーシュカ from the start positions, cross-checked against an independent,
deliberately simple move generator (also used by the property tests).

The generator is written from ``shared/rules/babuschka.md`` alone, sharing no code with
``banmen/games/babuschka``: squares are (file, rank) pairs, nests lists of strings like ``"bS"``,
jump chains are enumerated depth-first over every chain that lands on no square twice (which
reaches the same final squares as chains with loops, since the board does not change during a
chain).
"""

from __future__ import annotations

import pytest

from banmen.games.babuschka import BabuschkaGame

SIZES = "SML"
FORWARD = {"south": (0, 1), "west": (1, 0), "north": (0, -1), "east": (-1, 0)}
SEAT_OF = {"b": "south", "g": "north", "s": "south", "w": "west", "n": "north", "e": "east"}
ORDER = {2: "bg", 4: "swne"}
#: four players: each seat's goal squares (the opposite seat's start squares)
GOALS4 = {"s": ["d8", "e8"], "w": ["h4", "h5"], "n": ["d1", "e1"], "e": ["a4", "a5"]}


def on_board(f: int, r: int) -> bool:
    if not (0 <= f < 8 and 0 <= r < 8):
        return False
    return (f, r) not in {
        (0, 0), (1, 0), (0, 1), (6, 0), (7, 0), (7, 1),
        (0, 6), (0, 7), (1, 7), (6, 7), (7, 7), (7, 6),
    }


def name(sq) -> str:
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def coords(text: str):
    return ("abcdefgh".index(text[0]), int(text[1:]) - 1)


def five_directions(seat: str):
    fx, fy = FORWARD[seat]
    result = [(fx, fy)]
    for sx, sy in ((fy, -fx), (-fy, fx)):
        result.append((fx + sx, fy + sy))
        result.append((sx, sy))
    return result


def forbidden_for(owner: str, players: int) -> set:
    if players == 2:
        return set()
    return {coords(sq) for other, squares in GOALS4.items() if other != owner for sq in squares}


def naive_moves(board: dict, owner: str, players: int, fly_over: bool = False) -> set:
    """Return {(origin name, final name)} of every action of ``owner``; {"pass"} if none.

    ``board``: {(f, r): [doll, ...]} bottom to top.
    """
    found = set()
    forbidden = forbidden_for(owner, players)
    for origin, nest in board.items():
        if not nest or nest[-1][0] != owner:
            continue
        size = SIZES.index(nest[-1][1])
        lifted = dict(board)
        lifted[origin] = nest[:-1]
        seat = SEAT_OF[owner]

        def may_land(sq):
            if not on_board(*sq) or sq in forbidden:
                return False
            there = lifted.get(sq)
            return not there or SIZES.index(there[-1][1]) < size

        for dx, dy in five_directions(seat):
            target = (origin[0] + dx, origin[1] + dy)
            if may_land(target):
                found.add((name(origin), name(target)))

        def chains(here, visited):
            for dx, dy in five_directions(seat):
                over = (here[0] + dx, here[1] + dy)
                land = (here[0] + 2 * dx, here[1] + 2 * dy)
                if not on_board(*over) or not lifted.get(over):
                    continue
                if not fly_over and over in forbidden:
                    continue
                if land in visited or not may_land(land):
                    continue
                found.add((name(origin), name(land)))
                chains(land, visited | {land})

        chains(origin, {origin})
    return found or {"pass"}


def naive_play(board: dict, move) -> dict:
    if move == "pass":
        return board
    origin, final = coords(move[0]), coords(move[1])
    after = dict(board)
    doll = after[origin][-1]
    after[origin] = after[origin][:-1]
    after[final] = list(after.get(final, [])) + [doll]
    return after


def naive_perft(board: dict, players: int, turn: int, depth: int, fly_over: bool = False) -> int:
    """Leaf count; no game ends within the depths used (no win, no all-pass)."""
    if depth == 0:
        return 1
    owner = ORDER[players][turn]
    moves = naive_moves(board, owner, players, fly_over)
    if depth == 1:
        return len(moves)
    return sum(naive_perft(naive_play(board, m), players, (turn + 1) % players, depth - 1,
                           fly_over)
               for m in moves)


def from_position(data: dict) -> dict:
    """Read the ``board`` of a position mapping into {(f, r): [doll, ...]}."""
    return {coords(sq): list([nest] if isinstance(nest, str) else nest)
            for sq, nest in data["board"].items()}


def start_board(players: int) -> dict:
    board = {}
    if players == 2:
        for f in "cdef":
            board[coords(f + "1")] = ["bS", "bM", "bL"]
            board[coords(f + "8")] = ["gS", "gM", "gL"]
    else:
        starts = {"s": ["d1", "e1"], "w": ["a4", "a5"], "n": ["d8", "e8"], "e": ["h4", "h5"]}
        for owner, squares in starts.items():
            for sq in squares:
                board[coords(sq)] = [owner + "S", owner + "M", owner + "L"]
    return board


# =========================================================================== perft tests

#: leaf counts from the start position (two players: black first; four: south first)
PERFT_2 = {1: 12, 2: 144, 3: 2928, 4: 59536}
#: four players under the default (no jump over another player's goal square): each seat's two
#: large dolls have 4 of the 5 moves they had when such jumps were allowed
PERFT_4 = {1: 8, 2: 64, 3: 512, 4: 4096, 5: 50432}
#: four players with ``fly_over_goals: true`` (e1xc1 over d1 and the like are moves again)
PERFT_4_FLY = {1: 10, 2: 100, 3: 1000, 4: 10000, 5: 140600}


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_two_players_from_the_start(depth):
    game = BabuschkaGame()
    assert game.perft(game.initial_state(), depth) == PERFT_2[depth]
    assert naive_perft(start_board(2), 2, 0, depth) == PERFT_2[depth]


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_perft_four_players_from_the_start(depth):
    game = BabuschkaGame({"players": 4})
    assert game.perft(game.initial_state(), depth) == PERFT_4[depth]
    assert naive_perft(start_board(4), 4, 0, depth) == PERFT_4[depth]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_four_players_flying_over_goal_squares(depth):
    game = BabuschkaGame({"players": 4, "fly_over_goals": True})
    assert game.perft(game.initial_state(), depth) == PERFT_4_FLY[depth]
    assert naive_perft(start_board(4), 4, 0, depth, fly_over=True) == PERFT_4_FLY[depth]


def test_the_first_moves_match_the_naive_generator_move_by_move():
    for players in (2, 4):
        game = BabuschkaGame({"players": players})
        start = game.initial_state()
        owner = ORDER[players][0]
        engine = {tuple(game.move_path(start, m)[::len(game.move_path(start, m)) - 1])
                  for m in game.legal_moves(start)}
        assert engine == naive_moves(start_board(players), owner, players)
