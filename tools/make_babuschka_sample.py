"""Play a complete two-player バブーシュカ game with a simple greedy policy and print its moves.

Used once to write the sample game (``sequences/babuschka/sample-game-*.yaml``); the moves it
prints are plain data that the sequence checker then verifies move by move against the engine.

Policy (both sides): play the move after which (own score − opponent's score) is largest,
ties broken by a seeded random choice. A side's score adds, per doll: a large bonus when it
stands in a correct home nest (own dolls, small at the bottom, from the bottom of a goal
square), otherwise minus twice its distance to the nearest goal square that is ready for a
doll of its size or still waiting for a smaller one; a doll covered by another player's doll
loses a little.

    python tools/make_babuschka_sample.py [--seed N] [--max-plies N]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from banmen.games.babuschka import BabuschkaGame  # noqa: E402

SIZES = "SML"
GOALS = {"b": ["c8", "d8", "e8", "f8"], "g": ["c1", "d1", "e1", "f1"]}


def coords(square: str) -> tuple[int, int]:
    """Return (file index 0-7, rank 1-8) of a square name like ``"c1"``."""
    return "abcdefgh".index(square[0]), int(square[1:])


def distance(owner: str, here: str, there: str) -> int:
    """Return the fewest steps for ``owner`` (``"b"`` moves up, ``"g"`` down) from ``here`` to
    ``there`` ignoring other dolls; 20 when ``there`` is behind (dolls never go back)."""
    (f, r), (gf, gr) = coords(here), coords(there)
    forward = gr - r if owner == "b" else r - gr
    if forward < 0:
        return 20  # behind: a doll never goes back
    return max(abs(gf - f), forward)


def score(board: dict, owner: str) -> float:
    """The policy's value of ``board`` (square -> list of dolls bottom to top) for ``owner``."""
    other = "g" if owner == "b" else "b"
    need = {}
    for goal in GOALS[owner]:
        nest = board.get(goal, [])
        k = 0
        while k < len(nest) and nest[k] == owner + SIZES[k]:
            k += 1
        need[goal] = k if k == len(nest) else -1   # -1: something else sits on it
    total = 0.0
    for square, nest in board.items():
        for i, doll in enumerate(nest):
            if doll[0] != owner:
                continue
            size = SIZES.index(doll[1])
            if square in need:
                if all(nest[j] == owner + SIZES[j] for j in range(i + 1)):
                    total += 40 + size
                else:
                    total -= 30   # out of order on the goal row: it can only slide sideways
                continue
            fits = [g for g in GOALS[owner] if need[g] == size]
            wait = [g for g in GOALS[owner] if need[g] == -1 or need[g] < size]
            best = min((distance(owner, square, g) for g in fits), default=None)
            if best is None:
                # nothing ready for this size: come close but stay off the goal row
                best = min(max(1, distance(owner, square, g)) for g in wait or GOALS[owner]) + 1
            total -= 2 * best
            if square in GOALS[other]:
                total -= 4        # still on the start squares, which the opponent needs
            if i < len(nest) - 1 and nest[-1][0] != owner:
                total -= 4        # covered by the opponent
    return total


def play(seed: int, max_plies: int) -> tuple[list[str], object]:
    """Play one two-player game from the start; return its moves (canonical notation) and the
    engine's outcome (``None`` if ``max_plies`` was reached first). A position already reached
    costs 5 per earlier visit, so the greedy players do not shuffle forever."""
    game = BabuschkaGame()
    state = game.initial_state()
    rng = random.Random(seed)
    moves = []
    seen: dict = {}
    while game.outcome(state) is None and len(moves) < max_plies:
        owner = game.side_to_move(state)[0]
        other = "g" if owner == "b" else "b"
        best, choice = None, []
        for move in game.legal_moves(state):
            after = game.play(state, move)
            board = {sq: list([n] if isinstance(n, str) else n)
                     for sq, n in game.position_to_yaml(after)["board"].items()}
            key = tuple(sorted((sq, tuple(n)) for sq, n in board.items()))
            value = score(board, owner) - score(board, other) - 5 * seen.get(key, 0)
            if best is None or value > best:
                best, choice = value, [move]
            elif value == best:
                choice.append(move)
        move = rng.choice(choice)
        moves.append(game.format_move(state, move))
        state = game.play(state, move)
        board = game.position_to_yaml(state)["board"]
        key = tuple(sorted((sq, tuple([n] if isinstance(n, str) else n))
                           for sq, n in board.items()))
        seen[key] = seen.get(key, 0) + 1
    return moves, game.outcome(state)


def main() -> None:
    """Print the game for ``--seed``: a header line, then one ``<ply> <move>`` line per move."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()
    moves, outcome = play(args.seed, args.max_plies)
    print(f"# seed {args.seed}: {len(moves)} plies, outcome {outcome}")
    for ply, move in enumerate(moves, 1):
        print(ply, move)


if __name__ == "__main__":
    main()
