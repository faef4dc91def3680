"""Benchmark: enumerating the legal moves of ウケジャレイヤー positions with tall stacks.

For each position, prints the number of distinct legal moves, the engine's time to enumerate
them (best of ``--repeat`` runs, a fresh engine each run so no cache helps), moves per second,
and the time of the deliberately naive generator of ``tests/test_ukejalayer.py`` (every chain
as a path, no memo) with the ratio naive / engine. The naive generator grows exponentially
with stack height, so it runs under a time budget (``--budget``) and reports ``>budget``.

Usage::

    python tools/bench_ukejalayer_moves.py [--repeat 3] [--budget 20] [--huge]

``--huge`` adds a 10-high stack with four links (hand 16): about 3.9 million distinct moves,
minutes and several GB of memory.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from banmen.games.ukejalayer import UkejalayerGame  # noqa: E402
from test_ukejalayer import successors, to_naive  # noqa: E402

LINKS = {"a2": "W", "c2": "W", "b1": "W", "b3": "W"}

#: (label, rule overrides, board); White to move, hands empty, no enemy pieces needed
POSITIONS = [
    ("b2 4 high", {}, {"b2": "W" * 4}),
    ("b2 3 high + links a2 c2", {}, {"b2": "W" * 3, "a2": "W", "c2": "W"}),
    ("b2 5 high", {}, {"b2": "W" * 5}),
    ("b2 4 high + 4 links", {}, {"b2": "W" * 4, **LINKS}),
    ("b2 6 high", {}, {"b2": "W" * 6}),
    ("b2 7 high + link c2, enemy d1", {}, {"b2": "BW" + "W" * 6, "c2": "W", "d1": "B"}),
    ("b2 8 high (default maximum)", {}, {"b2": "W" * 8}),
    ("b2 10 high (hand 16)", {"hand": 16}, {"b2": "W" * 10}),
]
HUGE = ("b2 10 high + 4 links (hand 16)", {"hand": 16}, {"b2": "W" * 10, **LINKS})


class _OverBudget(Exception):
    pass


def _alarm(signum, frame):
    raise _OverBudget


def position(rules: dict, board: dict):
    """Return (engine, state) for a White-to-move position with empty hands."""
    game = UkejalayerGame(rules)
    state = game.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                                     "hands": {"white": 0, "black": 0}, "board": board})
    return game, state


def time_engine(rules: dict, board: dict, repeat: int) -> tuple[int, float]:
    """Return (move count, best seconds) for the engine, a fresh engine per run."""
    best, count = float("inf"), 0
    for _ in range(repeat):
        game, state = position(rules, board)
        started = time.perf_counter()
        count = len(game.legal_moves(state))
        best = min(best, time.perf_counter() - started)
    return count, best


def time_naive(rules: dict, board: dict, budget: int) -> tuple[int, float] | None:
    """Return (move count, seconds) for the naive generator, or None past ``budget`` seconds."""
    game, state = position(rules, board)
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(budget)
    try:
        started = time.perf_counter()
        count = len(successors(to_naive(state), game.rules.size))
        return count, time.perf_counter() - started
    except _OverBudget:
        return None
    finally:
        signal.alarm(0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="engine runs per position")
    parser.add_argument("--budget", type=int, default=20, help="naive seconds per position")
    parser.add_argument("--huge", action="store_true", help="add the 3.9M-move position")
    args = parser.parse_args(argv)
    positions = POSITIONS + ([HUGE] if args.huge else [])
    header = f"{'position':34} {'moves':>9} {'engine ms':>10} {'moves/s':>11} " \
             f"{'naive ms':>10} {'naive/engine':>12}"
    print(header)
    print("-" * len(header))
    for label, rules, board in positions:
        count, seconds = time_engine(rules, board, args.repeat)
        naive = time_naive(rules, board, args.budget)
        if naive is None:
            naive_ms, ratio = f">{args.budget * 1000}", "-"
        else:
            naive_count, naive_seconds = naive
            assert naive_count == count, (label, naive_count, count)
            naive_ms, ratio = f"{naive_seconds * 1000:.1f}", f"{naive_seconds / seconds:.1f}x"
        print(f"{label:34} {count:>9} {seconds * 1000:>10.1f} {count / seconds:>11,.0f} "
              f"{naive_ms:>10} {ratio:>12}", flush=True)


if __name__ == "__main__":
    main()
