"""Shared fixtures: the built site (once per test session), a local web server for it, one
headless Chromium for every browser test, the checked project, and warm copies of the project.

Speed (issue 19, item 5): the site is built once per session (per xdist worker, the first one
builds it and the others wait for it and read the same folder); a copy of the project gets the
build cache of that build (:func:`copy_project` with ``cache=``), so a test that breaks one
file or stops a build does not draw all ~400 boards again; every browser test shares one
Playwright driver and one Chromium (:func:`shared_browser`), each test opening its own
context or page.
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What a copy of the project needs to build its site.
PROJECT_PARTS = ["mkdocs.yml", "rules.yaml", "docs", "diagrams", "puzzles", "sequences", "lessons",
                 "courses", "practice"]
#: The build cache of a project, relative to its root (``banmen.site.cache.CACHE_DIR``).
CACHE_PARTS = (".cache", "banmen")
#: Debian's Chromium, driven by Playwright (no browser download), and its launch flags.
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]


#: put a copy of every shared part back in the boards that use it (ids made the board's, as
#: the page script does for the parts that hold squares): for tests that read what a board
#: draws from the DOM (colours, texts over shapes), which does not look into a <use>.
INLINE_PARTS_JS = r"""() => {
  const xlink = "http://www.w3.org/1999/xlink";
  for (const use of document.querySelectorAll("svg.banmen-board use")) {
    const href = use.getAttributeNS(xlink, "href") || use.getAttribute("href") || "";
    if (!href.startsWith("#bm-pt-")) continue;
    const part = document.getElementById(href.slice(1));
    const board = use.closest("svg.banmen-board");
    const copy = part.cloneNode(true);
    copy.removeAttribute("id");
    for (const el of copy.querySelectorAll("[id]")) {
      el.id = el.id.replace(href.slice(1) + "--", board.id + "--");
    }
    use.replaceWith(copy);
  }
}"""


def build_site(project: Path, site_dir: Path) -> subprocess.CompletedProcess:
    """Run ``mkdocs build --strict`` for ``project`` into ``site_dir``; return the process."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
        cwd=project, env=env, capture_output=True, text=True, timeout=600,
    )


def copy_project(target: Path, cache: Path | None = None) -> Path:
    """Copy the parts of the project that the site build reads into ``target``.

    Args:
        target: the folder of the copy (made if missing).
        cache: a build cache folder (the :func:`warm_cache` fixture) to copy as the copy's
            own ``.cache/banmen``, so its build checks and draws only what the test changed;
            ``None`` (default) leaves the copy without a cache (a cold build).

    Returns:
        ``target``.
    """
    target.mkdir(parents=True, exist_ok=True)
    for part in PROJECT_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.exists():
            shutil.copy2(source, target / part)
    if cache is not None and cache.is_dir():
        shutil.copytree(cache, target.joinpath(*CACHE_PARTS))
    return target


def _shared_folder(tmp_path_factory, name: str) -> tuple[Path, Path]:
    """(folder, lock file) shared by every xdist worker of this run (this session's own
    temporary folder when there are no workers)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder, above each worker's own
    return base / name, base / f"{name}.lock"


def _built(tmp_path_factory) -> tuple[Path, Path]:
    """(site, snapshot of the build cache): the project's site built once per run with
    ``mkdocs build --strict`` (with xdist the first worker builds it while the others wait
    on a lock), and a copy of ``ROOT/.cache/banmen`` taken right after that build, so copies
    of the project never read a cache that another test is writing."""
    site, lock = _shared_folder(tmp_path_factory, "site")
    snapshot = site.with_name("cache-snapshot")
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        done = site.with_name(site.name + ".built")
        if not done.exists():
            for folder in (site, snapshot):  # a build that failed in another worker
                if folder.exists():
                    shutil.rmtree(folder)
            result = build_site(ROOT, site)
            assert result.returncode == 0, result.stderr[-3000:]
            cache = ROOT.joinpath(*CACHE_PARTS)
            if cache.is_dir():
                shutil.copytree(cache, snapshot)
            done.write_text("", encoding="utf-8")
    return site, snapshot


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The project's site, built once per run with ``mkdocs build --strict``."""
    return _built(tmp_path_factory)[0]


@pytest.fixture(scope="session")
def warm_cache(tmp_path_factory) -> Path | None:
    """A copy of the build cache the session's site build filled, for :func:`copy_project`
    (``None`` when that build ran without one, ``BANMEN_NO_CACHE``)."""
    snapshot = _built(tmp_path_factory)[1]
    return snapshot if snapshot.is_dir() else None


@functools.cache
def checked_project() -> Any:
    """``check_project(ROOT)`` but the practice sets (hundreds of mined puzzles, proved again
    in tens of milliseconds each: tests/test_practice.py and the site build check them),
    checked once per session (tests only read it)."""
    from banmen.content.check import check_project
    from banmen.content.models import CONTENT_KINDS

    return check_project(ROOT, paths=[ROOT / kind for kind in CONTENT_KINDS
                                      if kind != "practice" and (ROOT / kind).is_dir()])


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


# --------------------------------------------------------------------------- browser

class _Shared:
    """The session's Playwright driver and Chromium, started on first use."""

    manager: Any = None
    playwright: Any = None
    browser: Any = None


def shared_playwright() -> Any:
    """The Playwright instance of this test process (one driver for every browser test)."""
    if _Shared.playwright is None:
        _Shared.manager = _real_sync_playwright()
        _Shared.playwright = _Shared.manager.start()
    return _Shared.playwright


def shared_browser() -> Any:
    """The Chromium of this test process (Debian's, :data:`LAUNCH_ARGS`), launched once."""
    if _Shared.browser is None or not _Shared.browser.is_connected():
        _Shared.browser = shared_playwright().chromium.launch(executable_path=CHROMIUM,
                                                              args=LAUNCH_ARGS)
    return _Shared.browser


class _SharedSyncPlaywright:
    """What ``sync_playwright()`` gives inside the tests: the shared driver, not stopped on
    exit. Playwright's sync API cannot start a second driver while one runs in the same
    thread, so a test module that opens its own ``with sync_playwright() as p:`` gets the
    shared one (and may launch and close its own browsers with it)."""

    def __enter__(self) -> Any:
        return shared_playwright()

    def __exit__(self, *exc: object) -> None:
        return None

    def start(self) -> Any:
        return shared_playwright()


def pytest_configure(config):
    """Inside pytest (not in the tools that import this file), ``sync_playwright()`` gives
    the shared driver (:class:`_SharedSyncPlaywright`); set before the test modules load."""
    global _real_sync_playwright  # noqa: PLW0603 - the real one, kept for shared_playwright
    try:
        import playwright.sync_api as sync_api
    except ImportError:  # the browser tests then fail on their own import
        return
    if sync_api.sync_playwright is not _SharedSyncPlaywright:
        _real_sync_playwright = sync_api.sync_playwright
        sync_api.sync_playwright = _SharedSyncPlaywright


_real_sync_playwright: Any = None


#: Fixtures that make a test slow by the marker's definition (``pyproject.toml``): the whole
#: site's build and the browser.
SLOW_FIXTURES = frozenset({"built_site", "warm_cache", "browser"})


def pytest_collection_modifyitems(config, items):
    """Mark every test that builds the whole site or drives the browser (it uses one of
    :data:`SLOW_FIXTURES`, directly or through another fixture) as ``slow``, whether or not
    its module says so: ``-m "not slow"`` stays the quick edit-test loop."""
    for item in items:
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


def pytest_sessionfinish(session, exitstatus):
    """Close the shared Chromium and stop the driver at the end of the session."""
    if _Shared.browser is not None:
        try:
            _Shared.browser.close()
        except Exception:  # noqa: BLE001 (already gone)
            pass
    if _Shared.manager is not None:
        _Shared.manager.__exit__(None, None, None)
    _Shared.manager = _Shared.playwright = _Shared.browser = None


@pytest.fixture(scope="session")
def browser():
    """The shared headless Chromium (:func:`shared_browser`); a test opens its own page or
    context on it and closes it."""
    return shared_browser()


def play_randomly(game, state, rng, plies: int):
    """Return ``state`` after up to ``plies`` random legal moves drawn with ``rng`` (fewer
    when the game ends first): the random playouts of the engine and play-board tests."""
    for _ in range(plies):
        if game.outcome(state) is not None:
            break
        state = game.play(state, rng.choice(game.legal_moves(state)))
    return state
