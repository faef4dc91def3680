"""Benchmark: site builds against a bare MkDocs build of the same Markdown, plus weights.

The bare build uses the same pages with every banmen marker removed and no banmen plugin, so each
ratio is what checking, drawing and embedding cost on top of MkDocs itself. Every build runs
in a fresh process on a scratch copy of the project (its own build cache). Each banmen build
is paired with a bare build run right next to it, the order alternating from pair to pair
(bare first, then banmen first), and the reported ratio is the median of the pair ratios, so
a machine whose load changes during the run cannot flatter (or spoil) one side only:

* cold: empty build cache (check everything, draw every board in parallel);
* cold, no practice/: the same on a copy without the practice sets (proving their
  hundreds of puzzles again is most of a cold build);
* warm: nothing changed since the last build;
* one puzzle edited: one puzzle's explanation changed (re-check it; its boards are unchanged);
* one rule changed: a parameter in rules.yaml (that game's items re-checked and redrawn).

Then the weights of the last site: median and largest board (inline SVG as shipped, its
parts defined once on the page), and the largest page, raw and gzipped. Targets (issue 37,
boards composed from parts): cold <= 4x, warm <= 1.3x, one puzzle edited <= 1.5x the bare
build (wall, median of pair ratios); median board <= 30 KB; the largest page <= 1 MB raw and
<= 100 KB gzipped. Each target is printed as met or MISSED. A cold build also proves every
puzzle of the practice sets again (``practice/``, hundreds per game), which no drawing
change makes cheaper; board composition itself is timed by ``tools/bench_compose.py``.

    python tools/bench_build.py [--runs 3] [--pairs 5] [--jobs N] [--skip-cold]
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
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import copy_project  # noqa: E402

MARKER = re.compile(r"\{\{\s*\w+\s+[^\s}]+\s*\}\}")
PUZZLE = "puzzles/ukejalayer/p01-movable-count.yaml"
#: the marker of a practice page (left out with the practice sets).
PRACTICE_MARKER = re.compile(r"\{\{\s*practice\s+[^\s}]+\s*\}\}")
#: a rule change every page still holds under (めだまがえる's items are re-checked; the
#: checkers course's 40-move lesson no longer held under a shorter quiet-move limit).
RULE = "medamagaeru:\n  draw_plies_after_2_2: 60\n"


def bare_project(target: Path) -> Path:
    """A copy of the project whose pages have no markers and whose config has no banmen plugin."""
    copy_project(target)
    for page in (target / "docs").rglob("*.md"):
        page.write_text(MARKER.sub("", page.read_text(encoding="utf-8")), encoding="utf-8")
    config_text = (target / "mkdocs.yml").read_text(encoding="utf-8")
    config_text = re.sub(r"(?m)^  - banmen\n", "", config_text)
    (target / "mkdocs.yml").write_text(config_text, encoding="utf-8")
    assert "  - banmen\n" not in config_text
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


def pair(bare: Path, bare_site: Path, build: Callable[[], tuple[float, float]], first_bare: bool
         ) -> tuple[float, float, float, float]:
    """Run one bare build and one banmen build (``build()``) next to each other, in the given
    order; return (banmen wall, bare wall, banmen CPU, bare CPU)."""
    if first_bare:
        base = timed_build(bare, bare_site)
        mine = build()
    else:
        mine = build()
        base = timed_build(bare, bare_site)
    return mine[0], base[0], mine[1], base[1]


def verdict(ratio: float, target: float | None) -> str:
    if target is None:
        return ""
    return f"  target <= {target}x: {'met' if ratio <= target else 'MISSED'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3,
                        help="rounds (fresh project copies; one cold and one rule pair each)")
    parser.add_argument("--pairs", type=int, default=5,
                        help="warm and one-puzzle-edited pairs per round (default 5)")
    parser.add_argument("--jobs", type=int, default=None, help="drawing processes (default: all)")
    parser.add_argument("--skip-cold", action="store_true",
                        help="no cold or rule pairs: build the cache once, unpaired, then "
                             "measure warm and edited builds only")
    args = parser.parse_args()
    kinds = ["cold", "cold-bare-content", "warm", "puzzle", "rule"]
    pairs: dict[str, list[tuple[float, float, float, float]]] = {k: [] for k in kinds}
    order = iter(range(10 ** 6))  # pair counter: even pairs run the bare build first
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        bare = bare_project(tmp_path / "bare")
        bare_site = tmp_path / "bare-site"
        timed_build(bare, bare_site)  # warm up the bare side's files once
        for run in range(args.runs):
            project = copy_project(tmp_path / f"full-{run}")
            site = tmp_path / f"site-{run}"

            def build() -> tuple[float, float]:
                return timed_build(project, site, args.jobs)

            if args.skip_cold:
                build()
            else:
                pairs["cold"].append(pair(bare, bare_site, build, next(order) % 2 == 0))
                # the same without the practice sets, whose puzzles a cold build proves again
                lean = copy_project(tmp_path / f"lean-{run}")
                shutil.rmtree(lean / "practice", ignore_errors=True)
                for page in (lean / "docs").rglob("*.md"):  # the practice pages' markers
                    text = page.read_text(encoding="utf-8")
                    page.write_text(PRACTICE_MARKER.sub("", text), encoding="utf-8")
                pairs["cold-bare-content"].append(pair(
                    bare, bare_site, lambda: timed_build(lean, tmp_path / f"lean-site-{run}",
                                                         args.jobs), next(order) % 2 == 0))
                shutil.rmtree(lean)
            for _ in range(args.pairs):
                pairs["warm"].append(pair(bare, bare_site, build, next(order) % 2 == 0))
            for k in range(args.pairs):
                edit(project / PUZZLE, "explanation: |", f"explanation: |\n  改{run}-{k}。")

                pairs["puzzle"].append(pair(bare, bare_site, build, next(order) % 2 == 0))
            if not args.skip_cold:
                with (project / "rules.yaml").open("a", encoding="utf-8") as rules:
                    rules.write(RULE)
                pairs["rule"].append(pair(bare, bare_site, build, next(order) % 2 == 0))
            if run < args.runs - 1:
                shutil.rmtree(project)
                shutil.rmtree(site)
        median_board, largest_board, page_raw, page_gz, page_name = weights(site)
    bare_walls = [b for v in pairs.values() for _, b, _, _ in v]
    bare_cpus = [b for v in pairs.values() for _, _, _, b in v]
    print(f"builds in pairs with a bare MkDocs build of the same Markdown, alternating order "
          f"(machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}); ratio = "
          "median of the pair ratios, wall time (CPU time of all processes in brackets):")
    print(f"  bare MkDocs build: median {statistics.median(bare_walls):.2f} s "
          f"[{statistics.median(bare_cpus):.2f} s] over {len(bare_walls)} builds")
    targets = {"cold": 4.0, "cold-bare-content": 4.0, "warm": 1.3, "puzzle": 1.5, "rule": None}
    labels = {"cold": "cold (empty cache)", "cold-bare-content": "cold, no practice/",
              "warm": "warm (nothing changed)", "puzzle": "one puzzle edited",
              "rule": "one rule changed"}
    for kind in kinds:
        results = pairs[kind]
        if not results:
            continue
        wall = statistics.median(m / b for m, b, _, _ in results)
        cpu = statistics.median(m / b for _, _, m, b in results)
        spread = [m / b for m, b, _, _ in results]
        print(f"  {labels[kind]:<24} {statistics.median(m for m, _, _, _ in results):.2f} s  "
              f"ratio {wall:.2f} (pairs {min(spread):.2f}-{max(spread):.2f}, n={len(results)})"
              f"  [CPU ratio {cpu:.2f}]{verdict(wall, targets[kind])}")
    print(f"boards: median {median_board / 1024:.1f} KB, largest {largest_board / 1024:.1f} KB"
          f"{verdict(median_board / 1024 / 30, 1.0).replace('target <= 1.0x', 'target median <= 30 KB')}")
    raw_met = "met" if page_raw <= 1_000_000 else "MISSED"
    gz_met = "met" if page_gz <= 100_000 else "MISSED"
    print(f"largest page: {page_name} {page_raw / 1000:.0f} kB raw (target <= 1 MB: {raw_met}), "
          f"{page_gz / 1000:.0f} kB gzipped (target <= 100 kB: {gz_met})")


if __name__ == "__main__":
    main()
