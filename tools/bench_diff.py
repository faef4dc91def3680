"""Benchmark: the ``banmen diff`` report for a one-parameter rule change against the cold
drawing time of the boards that change, plus 2 s (issue 21's target).

A scratch copy of the project gets a warm build cache for today's rules (as after a build).
Then, ``--runs`` times and alternating, for each change:

* report: ``banmen diff --set CHANGE -o report.html`` in a fresh process, on a fresh copy of
  that warm cache (so the changed side is never cached);
* baseline: cold drawing of exactly the boards the report shows under the changed rules
  (changed drawings, the boards of broken puzzles, the positions where sequences break):
  the time a fresh process takes to import the drawing code (matplotlib and the game's
  renderer), plus the time to draw those boards (``draw_boards``, one process per core)
  in a fresh process that checked the game's files first (the check is not timed).

Prints the medians and whether report <= baseline + 2 s.

    python tools/bench_diff.py [--runs 3] [--change GAME.PARAM=VALUE ...]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import copy_project  # noqa: E402

CHANGES = ["ukejalayer.white_delay=2", "medamagaeru.capture_resets=true",
           "babuschka.fly_over_goals=false", "medamagaeru.captures_to_win=4"]

#: run in a fresh process: print the keys of the boards the report draws under the change.
_LIST = r"""
import json, sys
from pathlib import Path
from banmen.cli_options import parse_set_options
from banmen.site.diff import compute_diff
diff = compute_diff(Path(sys.argv[1]), parse_set_options([sys.argv[2]]), progress=False)
boards = []
for item in diff.items:
    boards += [[item.source, b.label] for b in item.boards if b.after is not None]
    if item.answer_boards is not None and item.answer_boards[1] is not None \
            and item.illegal is None:
        boards.append([item.source, "puzzle"])
    if item.illegal is not None and item.illegal.board is not None:
        boards.append([item.source, "illegal"])
print(json.dumps(boards))
"""

#: run in a fresh process: check (untimed), then draw those boards cold (timed).
_DRAW = r"""
import json, sys, time
from pathlib import Path
from banmen.cli_options import parse_set_options
from banmen.content.check import check_project, load_site_rules
from banmen.site import diff as d
from banmen.site.views import KINDS, view_of
root, change, wanted = Path(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
overrides = parse_set_options([change])
game = next(iter(overrides))
content = check_project(root, paths=[root / k / game for k in KINDS if (root / k / game).is_dir()],
                        rule_overrides=overrides, strict=False)
games, _ = load_site_rules(root, overrides)
by_source = {}
for kind in KINDS:
    for item in getattr(content, kind).values():
        by_source[item.source] = (kind, view_of(kind, item))
todo = []
for n, (source, label) in enumerate(wanted):
    kind = source.split("/")[0]
    if label in ("puzzle", "illegal"):
        ident = game + "/" + Path(source).stem
        replay = d._replay(root, kind, source, ident, games)
        engine, spec = replay.puzzle_board if label == "puzzle" else replay.board
    else:
        view, boards = by_source[source][1]
        index = [d._board_label(kind, i) for i in range(len(boards))].index(label)
        _, engine, spec = boards[index]
    todo.append((str(n), engine, spec))
started = time.perf_counter()
from banmen.site.build import draw_boards
draw_boards(todo)
print(time.perf_counter() - started)
"""


#: run in a fresh process: how long importing the drawing code takes.
_IMPORT = r"""
import importlib, sys, time
from banmen.render import RENDERERS
started = time.perf_counter()
importlib.import_module(RENDERERS[sys.argv[1]])
import banmen.render.svg, banmen.render.a11y
print(time.perf_counter() - started)
"""


def _python(*args: str) -> str:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, *args], check=True, capture_output=True, text=True,
                          env=env).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--change", action="append", help="GAME.PARAM=VALUE (repeatable)")
    args = parser.parse_args()
    changes = args.change or CHANGES
    with tempfile.TemporaryDirectory(prefix="bench-diff-") as scratch:
        project = copy_project(Path(scratch) / "project")
        print("warming the build cache for today's rules...", file=sys.stderr)
        _python("-c", "import sys; from pathlib import Path; from banmen.site.build import "
                "SiteBuild; SiteBuild(Path(sys.argv[1]), progress=False).prepare()",
                str(project))
        warm = Path(scratch) / "warm-cache"
        shutil.copytree(project / ".cache", warm)
        wanted = {}
        for change in changes:
            wanted[change] = json.loads(_python("-c", _LIST, str(project), change))
        report: dict[str, list[float]] = {c: [] for c in changes}
        baseline: dict[str, list[float]] = {c: [] for c in changes}
        for run in range(args.runs):
            for change in changes:
                print(f"run {run + 1}: {change}", file=sys.stderr)
                shutil.rmtree(project / ".cache")
                shutil.copytree(warm, project / ".cache")
                started = time.perf_counter()
                subprocess.run([sys.executable, "-m", "banmen.cli", "diff", "-q", "--root",
                                str(project), "--set", change, "-o",
                                str(Path(scratch) / "report.html")], capture_output=True)
                report[change].append(time.perf_counter() - started)
                game = change.split(".")[0]
                baseline[change].append(float(_python("-c", _IMPORT, game))
                                        + float(_python("-c", _DRAW, str(project), change,
                                                        json.dumps(wanted[change]))))
    print(f"{'change':36} {'boards':>6} {'report s':>9} {'cold draw s':>11} {'+2 s':>6}  target")
    for change in changes:
        r, b = statistics.median(report[change]), statistics.median(baseline[change])
        verdict = "met" if r <= b + 2 else "MISSED"
        print(f"{change:36} {len(wanted[change]):6d} {r:9.2f} {b:11.2f} {b + 2:6.2f}  {verdict}"
              f"  (report runs: {', '.join(f'{x:.2f}' for x in report[change])})")


if __name__ == "__main__":
    main()
