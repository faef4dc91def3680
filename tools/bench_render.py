#!/usr/bin/env python3
"""Benchmark board drawing against the drawing code before the speed work, in the same run.

The baseline is ``banmen/render`` as it was at commit :data:`BASELINE` (before issue 19),
read from git into a temporary package ``render_baseline`` (its imports of
``banmen.render`` point there; the rules objects' ``model_dump(mode="json")`` of that time
reads ``to_json()`` now), so no copy of old code lives in the tree.

Draws every board a site build draws (diagrams, puzzles with their solution and refutation
frames, sequence frames, lesson boards; :func:`render_reference.site_boards`) serially, old
and new alternating board by board (old first on even boards), in one process as a build
worker does (so today's code replays what it recorded on earlier boards), and prints per
game: boards, median and 90th-percentile milliseconds (wall and CPU) of each, the speed-up,
whether the median is within the target (issue 19: <= 15 ms for every game, drawn serially)
and how many boards differ in bytes between old and new (boards redrawn on purpose since,
e.g. the バブーシュカ nests, differ). With ``--reference DIR`` (a set written by
``tools/render_reference.py write DIR`` from the code to compare with, e.g. main before a
change) it also counts the boards whose SVG differs from that set: that count must be 0
for a change that only makes drawing faster.

Usage: ``python tools/bench_render.py [--rounds 1] [--game G] [--baseline REV]
[--reference DIR]``.
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

sys.path.insert(0, str(ROOT / "tools"))

from render_reference import file_name, site_boards  # noqa: E402

from banmen import render  # noqa: E402
from banmen.render import replay  # noqa: E402

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
    """Return ``(board key, engine, spec)`` for every board the site draws, in content order."""
    return [b for b in site_boards(ROOT) if game is None or b[1].id == game]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="times to draw every board")
    parser.add_argument("--game", help="only this game's boards")
    parser.add_argument("--baseline", default=BASELINE, help="git revision of the old drawing")
    parser.add_argument("--reference", type=Path,
                        help="folder of tools/render_reference.py to compare today's SVG with")
    args = parser.parse_args()
    render_baseline = load_baseline(args.baseline, Path(tempfile.mkdtemp()))
    boards = project_boards(args.game)
    times: dict[str, dict[str, list[float]]] = {}
    differ: dict[str, int] = {}
    off_reference: dict[str, int] = {}
    for _key, engine, spec in boards[:5]:  # warm up fonts and imports of both
        render_baseline.render_svg(engine, spec)
    replay.clear()  # today's code starts from nothing recorded, as a build worker
    for round_ in range(args.rounds):
        for i, (board_key, engine, spec) in enumerate(boards):
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
                if args.reference is not None:
                    path = args.reference / file_name(board_key)
                    same = path.exists() and path.read_text(encoding="utf-8") == out["new"]
                    off_reference[engine.id] = off_reference.get(engine.id, 0) + (not same)
    print(f"{'game':18} {'boards':>6} {'old ms':>7} {'new ms':>7} {'old p90':>7} "
          f"{'new p90':>7} {'speed-up':>8} {'old CPU':>7} {'new CPU':>7} {'<=15 ms CPU':>11} "
          f"{'differ':>6}" + (f" {'vs ref':>6}" if args.reference else ""))
    missed = []
    for game, runs in times.items():
        old, new, old_cpu, new_cpu = (statistics.median(runs[w]) * 1000
                                      for w in ("old", "new", "old cpu", "new cpu"))
        p90 = [statistics.quantiles(runs[w], n=10)[-1] * 1000 if len(runs[w]) > 1 else 0
               for w in ("old", "new")]
        verdict = "met" if new_cpu <= 15 else "MISSED"
        if new_cpu > 15:
            missed.append(game)
        print(f"{game:18} {len(runs['new']) // args.rounds:6} {old:7.1f} {new:7.1f} "
              f"{p90[0]:7.1f} {p90[1]:7.1f} {old / new:7.1f}x {old_cpu:7.1f} {new_cpu:7.1f} "
              f"{verdict:>11} {differ[game]:6}"
              + (f" {off_reference.get(game, 0):6}" if args.reference else ""))
    wall_missed = [g for g, r in times.items() if statistics.median(r["new"]) * 1000 > 15]
    print(f"target median <= 15 ms per game: CPU {'met' if not missed else 'MISSED'}"
          f"{' (' + ', '.join(missed) + ')' if missed else ''}, wall "
          f"{'met' if not wall_missed else 'MISSED'}"
          f"{' (' + ', '.join(wall_missed) + ')' if wall_missed else ''}; boards differing "
          f"from the old drawing: {sum(differ.values())}"
          + (f"; from the reference: {sum(off_reference.values())}" if args.reference else ""))
    print("(CPU time, the process time of each board, stands in for a quiet machine's wall "
          "time when others load it)")
    return 1 if args.reference is not None and any(off_reference.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
