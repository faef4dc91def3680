"""Shared fixtures: the built site (once per test session) and a local web server for it."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What a copy of the project needs to build its site.
PROJECT_PARTS = ["mkdocs.yml", "rules.yaml", "docs", "diagrams", "puzzles", "sequences", "lessons", "tools",
                 "overrides"]


def build_site(project: Path, site_dir: Path) -> subprocess.CompletedProcess:
    """Run ``mkdocs build --strict`` for ``project`` into ``site_dir``; return the process."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
        cwd=project, env=env, capture_output=True, text=True, timeout=600,
    )


def copy_project(target: Path) -> Path:
    """Copy the parts of the project that the site build reads into ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    for part in PROJECT_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.exists():
            shutil.copy2(source, target / part)
    return target


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The project's site, built once with ``mkdocs build --strict``."""
    site = tmp_path_factory.mktemp("site")
    result = build_site(ROOT, site)
    assert result.returncode == 0, result.stderr[-3000:]
    return site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


@pytest.fixture(scope="session")
def site_url(built_site):
    """Serve the built site on 127.0.0.1 (Material's search needs http, not file://)."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
