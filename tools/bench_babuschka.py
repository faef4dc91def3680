"""Benchmark: enumerating every legal action of バブーシュカ positions (target: well under 50 ms).

For each position, prints the number of legal actions, the longest chain of the side to move,
the engine's time for ``legal_moves`` (best of ``--repeat`` runs), and the time (best of as
many runs) of the deliberately naive generator of ``tests/test_babuschka_perft.py`` (every
chain that lands on no square twice enumerated as a path, then deduplicated by final square)
with the ratio naive / engine. The naive generator grows exponentially with the number of chains, so it runs
under a time budget (``--budget`` seconds) and reports ``>budget``.

Positions: the two start positions; a hand-built "lattice" where the side to move has a large
on a square whose jump landings are all empty and every square in between occupied (the
longest chains possible with the 24 dolls); and the worst of ``--samples`` random positions of
each player count (all dolls as single dolls on random squares, seeded, so the run is
repeatable), judged by the number of actions, then the longest chain.

Usage::

    python tools/bench_babuschka.py [--repeat 5] [--budget 10] [--samples 3000]
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from banmen.games.babuschka import BabuschkaGame  # noqa: E402
from banmen.games.babuschka import board as geo  # noqa: E402
from banmen.games.babuschka import moves as mv  # noqa: E402
from test_babuschka_perft import from_position, naive_moves  # noqa: E402

#: black L on d2; every square between its jump landings (b2 d2 f2 b4 d4 f4 h4 b6 d6 f6 h6 d8
#: f8) holds a doll: 23 more dolls within the material of two players.
LATTICE = {
    "d2": ["bL"],
    **{sq: ["gS"] for sq in ("c2", "e2", "b3", "c3")},
    **{sq: ["gM"] for sq in ("d3", "e3", "f3", "c4")},
    **{sq: ["gL"] for sq in ("e4", "g4", "b5", "c5")},
    **{sq: ["bS"] for sq in ("d5", "e5", "f5", "g5")},
    **{sq: ["bM"] for sq in ("c6", "e6", "g6", "c7")},
    **{sq: ["bL"] for sq in ("d7", "e7", "f7")},
}


class _OverBudget(Exception):
    pass


def _alarm(signum, frame):
    raise _OverBudget


def random_position(rng: random.Random, players: int) -> dict:
    """All dolls of ``players`` players as single dolls on distinct random squares."""
    owners = "bg" if players == 2 else "swne"
    per_size = 4 if players == 2 else 2
    dolls = [o + z for o in owners for z in "SML" for _ in range(per_size)]
    squares = rng.sample([geo.square_name(sq) for sq in geo.SQUARES], len(dolls))
    sides = ("black", "grey") if players == 2 else ("south", "west", "north", "east")
    return {"players": players, "to_move": rng.choice(sides),
            "board": {sq: [d] for sq, d in zip(squares, dolls)}}


def engine_time(game: BabuschkaGame, state, repeat: int) -> tuple[float, int]:
    best = float("inf")
    count = 0
    for _ in range(repeat):
        started = time.perf_counter()
        count = len(game.legal_moves(state))
        best = min(best, time.perf_counter() - started)
    return best, count


def naive_time(data: dict, players: int, budget: float, repeat: int) -> float | None:
    """Best of ``repeat`` runs of the naive generator, or ``None`` if one exceeds ``budget``."""
    owner = data["to_move"][0]
    board = from_position(data)
    signal.signal(signal.SIGALRM, _alarm)
    best = float("inf")
    for _ in range(repeat):
        signal.setitimer(signal.ITIMER_REAL, budget)
        try:
            started = time.perf_counter()
            naive_moves(board, owner, players)
            best = min(best, time.perf_counter() - started)
        except _OverBudget:
            return None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return best


def longest(game: BabuschkaGame, state) -> int:
    return max((mv.longest_chain(state, sq) for sq in geo.SQUARES
                if state.board[sq] and state.board[sq][-1] & 3 == state.to_move), default=0)


def worst_random(players: int, samples: int, seed: int) -> dict:
    """The random position with the most actions (then the longest chain) of ``samples``."""
    rng = random.Random(seed)
    game = BabuschkaGame({"players": players})
    worst, worst_key = None, (-1, -1)
    for _ in range(samples):
        data = random_position(rng, players)
        state = game.position_from_yaml(data)
        if game.outcome(state) is not None:
            continue
        key = (len(game.legal_moves(state)), longest(game, state))
        if key > worst_key:
            worst, worst_key = data, key
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--samples", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    two, four = BabuschkaGame(), BabuschkaGame({"players": 4})
    cases = [
        ("start, 2 players", two, two.position_to_yaml(two.initial_state())),
        ("start, 4 players", four, four.position_to_yaml(four.initial_state())),
        ("lattice, black L on d2", two, {"players": 2, "to_move": "black", "board": LATTICE}),
    ]
    for players, game in ((2, two), (4, four)):
        found = worst_random(players, args.samples, args.seed)
        cases.append((f"worst of {args.samples} random, {players} players", game, found))

    print(f"{'position':34} {'actions':>7} {'chain':>5} {'engine ms':>10} {'naive ms':>10} "
          f"{'naive/engine':>12}")
    worst_ms = 0.0
    for label, game, data in cases:
        state = game.position_from_yaml(data)
        elapsed, count = engine_time(game, state, args.repeat)
        worst_ms = max(worst_ms, elapsed * 1000)
        naive = naive_time(data, state.players, args.budget, args.repeat)
        naive_text = f">{args.budget * 1000:.0f}" if naive is None else f"{naive * 1000:.2f}"
        ratio = f">{args.budget / elapsed:.0f}" if naive is None else f"{naive / elapsed:.1f}"
        print(f"{label:34} {count:>7} {longest(game, state):>5} {elapsed * 1000:>10.3f} "
              f"{naive_text:>10} {ratio:>12}")
    print(f"worst engine time: {worst_ms:.3f} ms (target: well under 50 ms)")


if __name__ == "__main__":
    main()
