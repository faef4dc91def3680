"""Benchmark: a cold full site build against a bare MkDocs build of the same Markdown.

The bare build uses the same pages with every banmen marker removed and no hook, so the
ratio is what checking, drawing and embedding cost on top of MkDocs itself. Both builds run
in fresh processes (cold: no warm caches), alternating, several times in the same run.
Also prints the median milliseconds to draw one diagram (in-process, after a warm-up).

    python tools/bench_build.py [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import re
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


def timed_build(project: Path, site: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir",
                    str(site)], cwd=project, env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def per_diagram_ms() -> tuple[float, int]:
    from banmen.render import render_svg
    from banmen.site.build import SiteBuild

    build = SiteBuild(ROOT, progress=False)
    build.content = __import__("banmen.content.check", fromlist=["check_project"]).check_project(ROOT)
    specs = build.all_specs()
    game, spec = specs[0]
    render_svg(game, spec)  # warm-up: font loading and imports
    times = []
    for game, spec in specs:
        started = time.perf_counter()
        render_svg(game, spec)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), len(specs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="builds of each kind (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        bare = bare_project(tmp_path / "bare")
        full_times, bare_times = [], []
        for run in range(args.runs):
            full_times.append(timed_build(ROOT, tmp_path / f"full-site-{run}"))
            bare_times.append(timed_build(bare, tmp_path / f"bare-site-{run}"))
            shutil.rmtree(tmp_path / f"full-site-{run}")
            shutil.rmtree(tmp_path / f"bare-site-{run}")
    full, plain = statistics.median(full_times), statistics.median(bare_times)
    ms, count = per_diagram_ms()
    print(f"full build (check + draw + pages): median {full:.2f} s over {args.runs} runs")
    print(f"bare MkDocs build, same Markdown:  median {plain:.2f} s over {args.runs} runs")
    print(f"ratio full / bare: {full / plain:.2f}")
    print(f"boards drawn: {count}, median {ms:.1f} ms per diagram")


if __name__ == "__main__":
    main()
