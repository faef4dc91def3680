#!/usr/bin/env python3
"""Benchmark the solvers against the ones before the speed work (tools/solver_baseline.py).

Cases, each run in a fresh interpreter (so peak memory is the case's own), old and new
solver alternating pair by pair (old first in odd pairs, new first in even ones):

* ``budget``: a suicide-checkers move puzzle with ``plies: 40`` from the starting position,
  proved under the 500,000-node budget exactly as ``banmen check`` does it, until the budget
  error. Prints nodes/s and the seconds until the budget is spent. The old solver counted
  one node per position it *expanded*; today every solver counts one per position it
  *reaches* (each generated move), so its nodes are smaller units: the figure that compares
  equal work is the next one.
* ``proof``: a complete proof (no budget) of the same kind, suicide-checkers from the start
  with ``plies: 18``: both solvers do the same search, so the time ratio is the real speed-up.
* ``generic-budget`` / ``generic-proof``: the generic solver (ukejalayer) in the same two ways.

Targets (issue 19): >= 20x nodes/s and >= 400,000 nodes/s on ``budget``, the budget spent in
under 3 s, on the wall clock of a quiet machine; on a loaded one the CPU figures (process time)
come closer. Usage: ``python tools/bench_solver.py [--pairs 2] [--cases budget,proof]``.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

UKEJALAYER = {"game": "ukejalayer", "to_move": "white", "hands": {"white": 4, "black": 4},
              "board": {"a1": "W", "b1": "B", "c1": "WB", "d2": "BW", "b3": "W", "c3": "B"}}
#: case -> (game, position or None for the start, plies, budget or None)
CASES = {
    "budget": ("suicide-checkers", None, 40, 500_000),
    "proof": ("suicide-checkers", None, 18, None),
    "generic-budget": ("ukejalayer", UKEJALAYER, 40, 500_000),
    "generic-proof": ("ukejalayer", UKEJALAYER, 5, None),
}


def worker(case: str, which: str) -> dict:
    """Run one case with the ``old`` or ``new`` solver; return its figures."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tools"))
    from banmen.analysis import SolverBudgetError, solver_budget
    from banmen.game import get_game
    from solver_baseline import BaselineGiveawaySolver, BaselineSolver

    game_id, position, plies, budget = CASES[case]
    game = get_game(game_id)
    state = game.initial_state() if position is None else game.position_from_yaml(position)
    if which == "new":
        solve = game.winning_moves
    elif game_id == "suicide-checkers":
        solve = lambda s, p: BaselineGiveawaySolver(game).winning_moves(s, p)  # noqa: E731
    else:
        solve = lambda s, p: BaselineSolver(game).winning_moves(s, p)  # noqa: E731
    start, cpu_start = time.perf_counter(), time.process_time()
    result = "proved"
    with solver_budget(f"{case} ({which})", nodes=budget or 10**12, progress=False) as spent:
        try:
            moves = solve(state, plies)
            result = f"proved: {len(moves)} winning moves"
        except SolverBudgetError:
            result = "budget spent"
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return {"nodes": spent.used, "seconds": seconds, "cpu": cpu, "result": result,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def run(case: str, which: str) -> dict:
    """Run :func:`worker` in a fresh interpreter."""
    done = subprocess.run([sys.executable, __file__, "--worker", case, which],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2, help="old/new pairs per case")
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated cases")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(*args.worker)))
        return 0
    met = True
    for case in args.cases.split(","):
        runs: dict[str, list[dict]] = {"old": [], "new": []}
        for pair in range(args.pairs):
            for which in (("old", "new") if pair % 2 == 0 else ("new", "old")):
                runs[which].append(run(case, which))
        game_id, _, plies, budget = CASES[case]
        print(f"{case}: {game_id}, plies {plies}, "
              f"{'budget ' + format(budget, ',') if budget else 'no budget'}")
        med = {}
        for which in ("old", "new"):
            seconds = statistics.median(r["seconds"] for r in runs[which])
            cpu = statistics.median(r["cpu"] for r in runs[which])
            nodes = runs[which][0]["nodes"]
            med[which] = (seconds, cpu, nodes)
            print(f"  {which}: {seconds:6.2f} s wall {cpu:6.2f} s CPU {nodes:>10,} nodes  "
                  f"{nodes / seconds:>9,.0f} nodes/s wall {nodes / cpu:>9,.0f} CPU  "
                  f"peak {runs[which][0]['peak_mb']:.0f} MB ({runs[which][0]['result']}; "
                  f"wall times {', '.join(format(r['seconds'], '.2f') for r in runs[which])})")
        (old_s, old_c, old_n), (new_s, new_c, new_n) = med["old"], med["new"]
        speed = (new_n / new_s) / (old_n / old_s)
        speed_cpu = (new_n / new_c) / (old_n / old_c)
        print(f"  new/old: nodes/s {speed:.1f}x wall, {speed_cpu:.1f}x CPU; time "
              f"{old_s / new_s:.1f}x faster wall, {old_c / new_c:.1f}x CPU")
        if case == "budget":
            for label, secs, ratio in (("wall", new_s, speed), ("CPU", new_c, speed_cpu)):
                ok = ratio >= 20 and new_n / secs >= 400_000 and secs < 3
                met &= ok or label == "CPU"
                print(f"  target by {label} time (>= 20x, >= 400,000 nodes/s, budget spent in "
                      f"< 3 s): {'met' if ok else 'NOT met'}")
    print("(CPU time stands in for the wall time of a quiet machine when others load it)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
