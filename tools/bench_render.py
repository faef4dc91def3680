#!/usr/bin/env python3
"""Benchmark board drawing against the drawing code before the speed work, in the same run.

The baseline is ``banmen/render`` as it was at commit :data:`BASELINE` (before issue 19),
read from git into a temporary package ``render_baseline`` (its imports of
``banmen.render`` point there; the rules objects' ``model_dump(mode="json")`` of that time
reads ``to_json()`` now), so no copy of old code lives in the tree.

Draws every board of the project (diagrams, puzzles with their solution frames, sequence
frames) serially, old and new alternating board by board (old first on even boards), and
prints per game: boards, median and 90th-percentile milliseconds of each, the speed-up, and
how many boards differ in bytes between old and new (boards redrawn on purpose since, e.g.
the バブーシュカ nests, differ; byte-identity of the drawing is tested by the golden SVGs).
Target (issue 19): median <= 15 ms for every game on an idle machine.

Usage: ``python tools/bench_render.py [--rounds 1] [--game G] [--baseline REV]``.
"""

from __future__ import annotations

import argparse
import importlib
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from banmen import render  # noqa: E402
from banmen.content.check import check_project  # noqa: E402

#: main before the speed work of issue 19.
BASELINE = "fd38774"


def load_baseline(rev: str, folder: Path):
    """Write ``banmen/render`` at git revision ``rev`` into ``folder/render_baseline`` and
    import it (its own imports of ``banmen.render`` rewritten to point there)."""
    package = folder / "render_baseline"
    package.mkdir()
    names = subprocess.run(["git", "ls-tree", "--name-only", f"{rev}:banmen/render"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    for name in names:
        if name.endswith(".py"):
            text = subprocess.run(["git", "show", f"{rev}:banmen/render/{name}"], cwd=ROOT,
                                  capture_output=True, text=True, check=True).stdout
            text = re.sub(r"\bbanmen\.render\b", "render_baseline", text)
            text = text.replace('rules.model_dump(mode="json")', "rules.to_json()")
            (package / name).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))
    return importlib.import_module("render_baseline")


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
    parser.add_argument("--baseline", default=BASELINE, help="git revision of the old drawing")
    args = parser.parse_args()
    render_baseline = load_baseline(args.baseline, Path(tempfile.mkdtemp()))
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
