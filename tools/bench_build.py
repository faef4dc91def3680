"""Benchmark: site builds against a bare MkDocs build of the same Markdown, plus weights.

The bare build uses the same pages with every banmen marker removed and no hook, so each
ratio is what checking, drawing and embedding cost on top of MkDocs itself. Every build runs
in a fresh process on a scratch copy of the project (its own build cache), in this order,
``--runs`` times, alternating with bare builds:

* cold: empty build cache (check everything, draw every board in parallel);
* warm: nothing changed since the last build;
* one puzzle edited: one puzzle file's text changed (re-check it, redraw its boards);
* one rule changed: a parameter in rules.yaml (that game's items re-checked and redrawn).

Then the weights of the last site: median and largest board (inline SVG as shipped), and
the largest page, raw and gzipped. Targets (issue 7): cold <= 8x, warm <= 1.5x, one puzzle
edited <= 2x the bare build; median board <= 30 KB; no page over 200 KB gzipped.

    python tools/bench_build.py [--runs 3] [--jobs N]
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
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

MARKER = re.compile(r"\{\{\s*\w+\s+[^\s}]+\s*\}\}")
PUZZLE = "puzzles/ukejalayer/p01-movable-count.yaml"
#: a rule change every page still holds under (suicide-checkers' items are re-checked).
RULE = "suicide-checkers:\n  quiet_move_limit: 30\n"


def bare_project(target: Path) -> Path:
    """A copy of the project whose pages have no markers and whose config has no hook."""
    copy_project(target)
    for page in (target / "docs").rglob("*.md"):
        page.write_text(MARKER.sub("", page.read_text(encoding="utf-8")), encoding="utf-8")
    config_text = (target / "mkdocs.yml").read_text(encoding="utf-8")
    config_text = re.sub(r"(?ms)^hooks:\n(  - .*\n)+", "", config_text)
    (target / "mkdocs.yml").write_text(config_text, encoding="utf-8")
    assert "hooks:" not in config_text
    return target


def timed_build(project: Path, site: Path, jobs: int | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the build and its drawing processes) for one
    ``mkdocs build --strict`` of ``project`` in a fresh process."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("BANMEN_NO_CACHE", None)
    if jobs:
        env["BANMEN_JOBS"] = str(jobs)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir",
                    str(site)], cwd=project, env=env, check=True, capture_output=True)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def weights(site: Path) -> tuple[float, int, int, int, str]:
    """(median board bytes, largest board bytes, largest page bytes, its gzipped bytes, page)."""
    boards: list[int] = []
    largest = (0, 0, "")
    for page in site.rglob("index.html"):
        data = page.read_bytes()
        boards += [len(s) for s in re.findall(rb'<svg[^>]*class="banmen-board".*?</svg>', data,
                                               flags=re.S)]
        packed = len(gzip.compress(data))
        if packed > largest[1]:
            largest = (len(data), packed, str(page.relative_to(site)))
    return statistics.median(boards), max(boards), largest[0], largest[1], largest[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds of builds (default 3)")
    parser.add_argument("--jobs", type=int, default=None, help="drawing processes (default: all)")
    args = parser.parse_args()
    kinds = ["bare", "cold", "warm", "puzzle", "rule"]
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in kinds}
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        bare = bare_project(tmp_path / "bare")
        for run in range(args.runs):
            project = copy_project(tmp_path / f"full-{run}")
            site = tmp_path / f"site-{run}"
            times["bare"].append(timed_build(bare, tmp_path / f"bare-site-{run}"))
            times["cold"].append(timed_build(project, site, args.jobs))
            times["warm"].append(timed_build(project, site, args.jobs))
            edit(project / PUZZLE, "title: ", "title: （改）")
            times["puzzle"].append(timed_build(project, site, args.jobs))
            with (project / "rules.yaml").open("a", encoding="utf-8") as rules:
                rules.write(RULE)
            times["rule"].append(timed_build(project, site, args.jobs))
            if run < args.runs - 1:
                shutil.rmtree(project)
                shutil.rmtree(site)
        median_board, largest_board, page_raw, page_gz, page_name = weights(site)
    med = {k: statistics.median(w for w, _ in v) for k, v in times.items()}
    cpu = {k: statistics.median(c for _, c in v) for k, v in times.items()}
    print(f"builds, median of {args.runs} (machine: {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}); wall time, and CPU time (all processes) in brackets:")
    print(f"  bare MkDocs build, same Markdown: {med['bare']:.2f} s [{cpu['bare']:.2f} s]")
    targets = {"cold": 8.0, "warm": 1.5, "puzzle": 2.0, "rule": None}
    labels = {"cold": "cold (empty cache)", "warm": "warm (nothing changed)",
              "puzzle": "one puzzle edited", "rule": "one rule changed"}
    for kind in ("cold", "warm", "puzzle", "rule"):
        target = f" (target <= {targets[kind]}x)" if targets[kind] else ""
        print(f"  {labels[kind]:<24} {med[kind]:.2f} s  ratio {med[kind] / med['bare']:.2f}"
              f"  [{cpu[kind]:.2f} s, ratio {cpu[kind] / cpu['bare']:.2f}]{target}")
    print(f"boards: median {median_board / 1024:.1f} KB, largest {largest_board / 1024:.1f} KB "
          "(target: median <= 30 KB)")
    print(f"largest page: {page_name} {page_raw / 1024:.0f} KB raw, {page_gz / 1024:.0f} KB "
          "gzipped (target <= 200 KB gzipped)")


if __name__ == "__main__":
    main()
