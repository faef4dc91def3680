#!/usr/bin/env python3
"""Benchmark: a board composed from its parts against the same board drawn the old way.

Every board a site build draws (:func:`render_reference.site_boards`) is drawn once to
record its parts (as a build worker does on its first boards), then board by board twice,
alternating which goes first: composed (:func:`banmen.render.render_svg`, the parts
replayed without matplotlib) and drawn the old way (every artist drawn by matplotlib,
:mod:`banmen.render.replay` switched off). Prints per game the boards, the median and 90th
percentile milliseconds of each, the speed-up, and whether the composed median meets the
target (issue 37: <= 1 ms a board), with the machine's load average (run it on a quiet
machine: load under 0.5).

    python tools/bench_compose.py [--game G]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from render_reference import site_boards  # noqa: E402

from banmen.render import render_svg, replay  # noqa: E402

#: composed board, median milliseconds (issue 37).
TARGET_MS = 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only the boards of this game")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    boards = [b for b in site_boards() if args.game in (None, b[1].id)]
    if not boards:
        print(f"no board of game '{args.game}'", file=sys.stderr)
        return 1
    for _key, game, spec in boards:  # record every part once
        render_svg(game, spec)
    times: dict[str, tuple[list[float], list[float]]] = {}
    for n, (_key, game, spec) in enumerate(boards):
        composed, drawn = times.setdefault(game.id, ([], []))
        for side in ((0, 1) if n % 2 == 0 else (1, 0)):
            started = time.perf_counter()
            if side == 0:
                render_svg(game, spec)
            else:
                with replay.off():
                    render_svg(game, spec)
            (composed if side == 0 else drawn).append((time.perf_counter() - started) * 1000)
    print(f"{len(boards)} boards, composed and drawn the old way in turn, one process "
          f"(load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after, this "
          f"process included; {os.cpu_count()} cores):")
    print(f"  {'game':<17} {'boards':>6}  {'composed ms (median/p90)':>25}  "
          f"{'old way ms (median/p90)':>24}  speed-up")
    for game_id, (composed, drawn) in sorted(times.items()):
        c50, d50 = statistics.median(composed), statistics.median(drawn)
        c90 = statistics.quantiles(composed, n=10)[-1] if len(composed) > 1 else c50
        d90 = statistics.quantiles(drawn, n=10)[-1] if len(drawn) > 1 else d50
        met = "met" if c50 <= TARGET_MS else "MISSED"
        print(f"  {game_id:<17} {len(composed):>6}  {c50:>14.2f} / {c90:<8.2f}  "
              f"{d50:>13.2f} / {d90:<8.2f}  {d50 / c50:>6.1f}x  target <= {TARGET_MS:g} ms: {met}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
