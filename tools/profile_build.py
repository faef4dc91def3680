#!/usr/bin/env python3
"""Where a site build's time goes: one ``mkdocs build`` in this process, phase by phase.

Wraps (without changing) the MkDocs events of every plugin and hook, and the banmen steps
inside them, with wall-clock timers, then prints each phase's seconds, the time MkDocs spends
outside every event (reading, Markdown, templates, writing), and the interpreter's imports.
Run it on a scratch copy of the project (``--copy``, the default) so the build cache is that
copy's own, and build once first for a warm profile (``--warm``, the default) or start from an
empty cache (``--cold``). ``--bare`` profiles the bare MkDocs build of the same pages that
``tools/bench_build.py`` compares against (markers removed, no banmen plugin).

    python tools/profile_build.py [--cold | --warm] [--bare] [--runs 3]

Each figure is the median over ``--runs`` builds (warm: after one unmeasured build). The
figures are wall time on whatever load the machine has: compare phases within one run, and
take ratios against the bare build from ``tools/bench_build.py``.
"""

from __future__ import annotations

import argparse
import collections
import functools
import importlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: banmen steps timed inside the events: (module, attribute), dotted for a class method.
STEPS = [
    ("banmen.site.build", "SiteBuild.prepare"),
    ("banmen.site.build", "SiteBuild.expand"),
    ("banmen.site.build", "SiteBuild.fill"),
    ("banmen.site.build", "defer_boards"),
    ("banmen.site.build", "restore_boards"),
    ("banmen.site.links", "LinkCheck.page"),
    ("banmen.site.links", "LinkCheck.check_anchors"),
    ("banmen.site.tables", "scrollable_tables"),
    ("banmen.site.scripts", "bundle"),
    ("banmen.site.play_assets", "write_play_assets"),
    ("banmen.site.play_assets", "write_play_parts"),
    ("banmen.site.play_assets", "engine_zip"),
    ("banmen.site.search", "segment_index"),
    ("banmen.content.check", "load_site_rules"),
    ("banmen.site.cache", "BuildCache.get_bytes"),
    ("banmen.site.cache", "BuildCache.set_bytes"),
    ("banmen.site.drawing", "BoardDrawing.wait"),
    ("banmen.site.build", "SiteBuild._finish_site_entry"),
    ("banmen.site.build", "SiteBuild.finish_drawing"),
    ("banmen.site.drawing", "BoardDrawing.get"),
    ("banmen.site.search", "_cut_pages"),
    ("banmen.content.check", "check_project"),
    ("banmen.site.search_entries", "prefetch_search_entries"),
    ("banmen.site.search", "precut_page"),
]


def _timed(times: collections.Counter, label: str, fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            times[label] += time.perf_counter() - started
    return wrapper


def _patch_steps(times: collections.Counter) -> None:
    """Wrap each of :data:`STEPS` where it is defined and where the plugin module imported it."""
    plugin = importlib.import_module("banmen.site.plugin")
    for module_name, dotted in STEPS:
        module = importlib.import_module(module_name)
        owner_name, _, attr = dotted.rpartition(".")
        owner = getattr(module, owner_name) if owner_name else module
        wrapped = _timed(times, dotted, getattr(owner, attr))
        setattr(owner, attr, wrapped)
        if not owner_name and hasattr(plugin, attr):
            setattr(plugin, attr, wrapped)


def profile_once(project: Path, site: Path, bare: bool) -> dict[str, float]:
    """Build ``project`` into ``site`` once in a fresh interpreter; return phase seconds."""
    done = subprocess.run([sys.executable, __file__, "--worker", str(project), str(site),
                           "bare" if bare else "full"], capture_output=True, text=True,
                          cwd=project, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    if done.returncode != 0:
        raise SystemExit(f"profile_build: the build failed:\n{done.stderr[-2000:]}")
    figures = {}
    for line in done.stdout.splitlines():
        label, _, seconds = line.rpartition(" ")
        figures[label] = float(seconds)
    return figures


def worker(project: Path, site: Path, bare: bool) -> None:
    """Run one build here, print ``label seconds`` lines."""
    started = time.perf_counter()
    sys.path.insert(0, str(ROOT))
    import mkdocs.commands.build as mkdocs_build
    import mkdocs.plugins as plugins
    from mkdocs.config import load_config

    times: collections.Counter = collections.Counter()
    if not bare:
        _patch_steps(times)
    imported = time.perf_counter()
    # not strict: the bare pages' links to puzzle anchors the markers made are dangling
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(site), strict=not bare)
    # time every handler of every event (plugins' bound methods, the hooks' functions)
    for event, handlers in config.plugins.events.items():
        for i, handler in enumerate(handlers):
            owner = getattr(handler, "__self__", None)
            name = type(owner).__module__ if owner is not None else handler.__module__
            handlers[i] = _timed(times, f"event {event}: {name}", handler)
    configured = time.perf_counter()
    mkdocs_build.build(config)
    finished = time.perf_counter()
    events = sum(v for k, v in times.items() if k.startswith("event "))
    print(f"imports and config {configured - started:.4f}")
    print(f"build total {finished - configured:.4f}")
    print(f"MkDocs outside events {finished - configured - events:.4f}")
    for label, seconds in times.items():
        print(f"{label} {seconds:.4f}")
    print(f"process total {finished - started:.4f}")
    del plugins, imported


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--cold", action="store_true", help="empty build cache each run")
    mode.add_argument("--warm", action="store_true", help="nothing changed (the default)")
    parser.add_argument("--bare", action="store_true",
                        help="the bare MkDocs build of the same pages (no markers, no banmen plugin)")
    parser.add_argument("--runs", type=int, default=3, help="measured builds (median)")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(Path(args.worker[0]), Path(args.worker[1]), args.worker[2] == "bare")
        return 0
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_build import bare_project
    from conftest import copy_project

    runs: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        project = (bare_project if args.bare else copy_project)(Path(tmp) / "project")
        site = Path(tmp) / "site"
        if not args.cold:
            profile_once(project, site, args.bare)
        for _ in range(args.runs):
            if args.cold:
                shutil.rmtree(project / ".cache", ignore_errors=True)
            runs.append(profile_once(project, site, args.bare))
    labels = list(dict.fromkeys(label for run in runs for label in run))
    kind = "cold" if args.cold else "warm"
    print(f"{'bare ' if args.bare else ''}{kind} build, median of {len(runs)} runs "
          f"(load average {os.getloadavg()[0]:.1f}):")
    for label in sorted(labels, key=lambda lb: -statistics.median(r.get(lb, 0) for r in runs)):
        seconds = statistics.median(run.get(label, 0.0) for run in runs)
        if seconds >= 0.002:
            print(f"  {seconds * 1000:8.1f} ms  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
