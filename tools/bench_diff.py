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
import resource
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
           "babuschka.fly_over_goals=true", "medamagaeru.captures_to_win=4"]

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
import resource
def cpu():
    return sum(getattr(resource.getrusage(w), f) for w in (resource.RUSAGE_SELF,
               resource.RUSAGE_CHILDREN) for f in ("ru_utime", "ru_stime"))
started, cpu0 = time.perf_counter(), cpu()
from banmen.site.drawing import draw_boards
draw_boards(todo)
print(time.perf_counter() - started, cpu() - cpu0)
"""


#: run in a fresh process: how long importing the drawing code takes.
_IMPORT = r"""
import importlib, sys, time
from banmen.render import renderer_name
started, cpu0 = time.perf_counter(), time.process_time()
importlib.import_module(renderer_name(sys.argv[1]))
import banmen.render.svg, banmen.render.a11y
print(time.perf_counter() - started, time.process_time() - cpu0)
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
        report: dict[str, list[tuple[float, float]]] = {c: [] for c in changes}
        baseline: dict[str, list[tuple[float, float]]] = {c: [] for c in changes}
        for run in range(args.runs):
            for change in changes:
                print(f"run {run + 1}: {change}", file=sys.stderr)
                shutil.rmtree(project / ".cache")
                shutil.copytree(warm, project / ".cache")
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                started = time.perf_counter()
                subprocess.run([sys.executable, "-m", "banmen.cli", "diff", "-q", "--root",
                                str(project), "--set", change, "-o",
                                str(Path(scratch) / "report.html")], capture_output=True)
                wall = time.perf_counter() - started
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                report[change].append((wall, (after.ru_utime - before.ru_utime)
                                       + (after.ru_stime - before.ru_stime)))
                game = change.split(".")[0]
                imp = [float(x) for x in _python("-c", _IMPORT, game).split()]
                draw = [float(x) for x in _python("-c", _DRAW, str(project), change,
                                                  json.dumps(wanted[change])).split()]
                baseline[change].append((imp[0] + draw[0], imp[1] + draw[1]))
    print(f"{'change':34} {'boards':>6}  {'report wall/CPU s':>17}  {'cold draw wall/CPU s':>20}"
          "  target (report <= draw + 2 s): wall, CPU")
    for change in changes:
        r = [statistics.median(x[i] for x in report[change]) for i in (0, 1)]
        b = [statistics.median(x[i] for x in baseline[change]) for i in (0, 1)]
        verdict = ", ".join("met" if r[i] <= b[i] + 2 else "MISSED" for i in (0, 1))
        print(f"{change:34} {len(wanted[change]):6d}  {r[0]:8.2f} /{r[1]:7.2f}  "
              f"{b[0]:11.2f} /{b[1]:7.2f}  {verdict}"
              f"  (report wall per run: {', '.join(f'{x[0]:.2f}' for x in report[change])})")


if __name__ == "__main__":
    main()
