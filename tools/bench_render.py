#!/usr/bin/env python3
"""Benchmark board drawing against the drawing code before the speed work
(tools/render_baseline/, a snapshot of banmen/render) in the same run.

Draws every board of the project (diagrams, puzzles with their solution frames, sequence
frames) serially, old and new alternating board by board (old first on even boards), and
prints per game: boards, median and 90th-percentile milliseconds of each, the speed-up, and
how many boards differ in bytes between old and new (0 is expected: the output is meant to
stay byte-identical). Target (issue 19): median <= 15 ms for every game on an idle machine.

Usage: ``python tools/bench_render.py [--rounds 1] [--game G]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import render_baseline  # noqa: E402

from banmen import render  # noqa: E402
from banmen.content.check import check_project  # noqa: E402


def project_boards(game: str | None = None) -> list:
    """Return ``(engine, spec)`` for every board the site draws, in content order."""
    content = check_project(ROOT)
    boards = []
    for diagram in content.diagrams.values():
        boards.append((diagram.game, diagram.spec))
    for puzzle in content.puzzles.values():
        boards.append((puzzle.game, puzzle.spec))
        boards += [(puzzle.game, frame) for frame in puzzle.frames]
    for sequence in content.sequences.values():
        boards += [(sequence.game, frame.spec) for frame in sequence.frames]
    return [b for b in boards if game is None or b[0].id == game]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="times to draw every board")
    parser.add_argument("--game", help="only this game's boards")
    args = parser.parse_args()
    boards = project_boards(args.game)
    times: dict[str, dict[str, list[float]]] = {}
    differ: dict[str, int] = {}
    for engine, spec in boards[:5]:  # warm up fonts and imports of both
        render.render_svg(engine, spec)
        render_baseline.render_svg(engine, spec)
    for round_ in range(args.rounds):
        for i, (engine, spec) in enumerate(boards):
            out = {}
            order = ("old", "new") if (i + round_) % 2 == 0 else ("new", "old")
            for which in order:
                draw = render_baseline.render_svg if which == "old" else render.render_svg
                start, cpu = time.perf_counter(), time.process_time()
                out[which] = draw(engine, spec)
                game_times = times.setdefault(engine.id, {"old": [], "new": [],
                                                          "old cpu": [], "new cpu": []})
                game_times[which].append(time.perf_counter() - start)
                game_times[which + " cpu"].append(time.process_time() - cpu)
            if round_ == 0:
                differ[engine.id] = differ.get(engine.id, 0) + (out["old"] != out["new"])
    print(f"{'game':18} {'boards':>6} {'old ms':>7} {'new ms':>7} {'old p90':>7} "
          f"{'new p90':>7} {'speed-up':>8} {'old CPU':>7} {'new CPU':>7} {'differ':>6}")
    worst = worst_cpu = 0.0
    for game, runs in times.items():
        old, new, old_cpu, new_cpu = (statistics.median(runs[w]) * 1000
                                      for w in ("old", "new", "old cpu", "new cpu"))
        p90 = [statistics.quantiles(runs[w], n=10)[-1] * 1000 if len(runs[w]) > 1 else 0
               for w in ("old", "new")]
        worst, worst_cpu = max(worst, new), max(worst_cpu, new_cpu)
        print(f"{game:18} {len(runs['new']) // args.rounds:6} {old:7.1f} {new:7.1f} "
              f"{p90[0]:7.1f} {p90[1]:7.1f} {old / new:7.1f}x {old_cpu:7.1f} {new_cpu:7.1f} "
              f"{differ[game]:6}")
    print(f"largest median (new): {worst:.1f} ms wall, {worst_cpu:.1f} ms CPU; target <= 15 ms: "
          f"{'met' if worst <= 15 else 'NOT met'} (wall), {'met' if worst_cpu <= 15 else 'NOT met'}"
          f" (CPU); boards differing from the old drawing: {sum(differ.values())}")
    print("(CPU time, the process time of each board, stands in for a quiet machine's wall "
          "time when others load it)")
    return 0 if not sum(differ.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
