#!/usr/bin/env python3
"""Benchmark the ludo simulation (``banmen simulate ludo``) against the Game contract.

Target (issue 9): 10,000 aeroplane games of the default two colours (red, blue), every ply
checked against the invariants, in under a minute on this 2-core machine.

Measures, in one run:

* baseline: the same games played through the engine contract only (``legal_moves`` /
  ``play`` / ``outcome`` on immutable states, :func:`play_game_contract`) on a sample, to give
  the per-game cost of the straightforward way; the sample's records must equal the fast
  loop's (same seeds, same strategy);
* ours: :func:`play_games` (the mutable core with precomputed tables, invariants checked on
  every ply) for all the games, with one process and with ``--jobs`` processes.

Prints games per second, the ratio against the baseline and the projected/measured time for
10,000 games. Exit status 1 when the sample differs or the target is missed.

Usage::

    python tools/bench_ludo.py                   # 10,000 games, jobs 1 and 2
    python tools/bench_ludo.py --games 2000 --jobs 2 --preset easy
"""

from __future__ import annotations

import argparse
import sys
import time

from banmen.games.ludo.simulate import (
    game_rng,
    play_game_contract,
    play_games,
    rules_for,
    summarise,
)

TARGET_GAMES, TARGET_SECONDS = 10_000, 60.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="aeroplane")
    parser.add_argument("--games", type=int, default=TARGET_GAMES)
    parser.add_argument("--sample", type=int, default=300, help="games for the baseline")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = rules_for(args.preset)
    colours = ("red", "blue")

    started = time.perf_counter()
    reference = [play_game_contract(rules, game_rng(args.seed, i)) for i in range(args.sample)]
    base_rate = args.sample / (time.perf_counter() - started)
    print(f"baseline (contract, {args.sample} games): {base_rate:,.0f} games/s, "
          f"{TARGET_GAMES / base_rate:.1f} s projected for {TARGET_GAMES:,}")

    ok = True
    results = {}
    projected = {}
    for jobs in sorted({1, args.jobs}):
        started = time.perf_counter()
        records = play_games(rules, args.games, args.seed, jobs)
        seconds = time.perf_counter() - started
        rate = args.games / seconds
        results[jobs] = records
        projected[jobs] = TARGET_GAMES / rate
        print(f"ours, jobs {jobs} ({args.games:,} games): {seconds:.1f} s, {rate:,.0f} games/s, "
              f"x{rate / base_rate:.1f} the baseline, "
              f"{TARGET_GAMES / rate:.1f} s for {TARGET_GAMES:,}")
        if records[: args.sample] != reference[: len(records)]:
            print("MISMATCH: the fast loop and the contract disagree", file=sys.stderr)
            ok = False
    if len({tuple(r) for r in results.values()}) != 1:
        print("MISMATCH: different job counts gave different games", file=sys.stderr)
        ok = False
    best = min(projected.values())
    verdict = "met" if best <= TARGET_SECONDS else "MISSED"
    print(f"target {TARGET_GAMES:,} games in {TARGET_SECONDS:.0f} s: {verdict} "
          f"({best:.1f} s at best)")
    ok = ok and best <= TARGET_SECONDS
    stats = summarise(results[max(results)], colours)
    print(f"average plies {stats.average_plies:.1f}, send-backs per game "
          f"{stats.send_backs_per_game:.2f}, first-seat win rate {stats.first_seat_win_rate:.1%}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
