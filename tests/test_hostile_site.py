"""Hostile and broken input against the built site (issue 10): payloads in authored YAML run
nothing in Chromium and break no other puzzle, dead links in YAML text fail the build at
their YAML line, a failed or interrupted build keeps the last good site, the sitemap does not
depend on the day, and stopping ``banmen serve`` stops its MkDocs server."""

from __future__ import annotations

import functools
import gzip
import http.server
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from banmen.content.check import check_project
from banmen.render.svg import html_id
from banmen.site.build import safe_anchor
from conftest import _QuietHandler, copy_project

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
#: 2020-01-02T00:00:00Z: every source file of the hostile project is dated so.
SOURCE_TIME = 1577923200
POSITION = ("position:\n  to_move: white\n  hands: {white: 0, black: 0}\n"
            "  board: {c2: WBWW, b3: BW, d1: B}\n")
PAYLOADS = {
    "zz tabindex=0 autofocus onfocus=alert(1).yaml": (
        "game: ukejalayer\n"
        "title: \"<script>alert('title')</script><img src=x onerror=alert('t2')> "
        "{: onfocus=alert('attr') tabindex=0 autofocus }\"\n" + POSITION +
        "question: \"<img src=x onerror=alert('question')> *強調* と [ルール](rules.md#notation)\"\n"
        "answer: {kind: number, query: movable_pieces, value: 3}\n"
        "hints:\n  - \"<svg><animate onbegin=alert('hint') attributeName=x dur=1s></svg>\"\n"
        "  - \"<!-- a comment that never ends\"\n"
        "explanation: \"<a href='javascript:alert(1)'>raw</a> <iframe src=javascript:alert(2)>"
        "</iframe> <style>*{display:none}</style>\"\n"),
    "zz-tokens.yaml": (
        "game: ukejalayer\ntitle: \"BANMENEMBED00001 BANMENEMBED00002 <!--\"\n" + POSITION +
        "question: \"BANMENEMBED00004 <!-- question\"\n"
        "answer: {kind: number, query: movable_pieces, value: 3}\n"
        "explanation: \"--> <script>alert('explanation')</script>\"\n"),
}


def _banmen(project: Path, *args: str, env: dict[str, str] | None = None,
            **kwargs) -> subprocess.Popen:
    env = env or {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.Popen([sys.executable, "-m", "banmen.cli", *args], cwd=project, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


def _old_site(site: Path) -> None:
    site.mkdir()
    (site / "index.html").write_text("OLD", encoding="utf-8")


def _no_staging_left(parent: Path) -> bool:
    return not [p for p in parent.iterdir() if ".staging-" in p.name or ".old-" in p.name]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory, warm_cache):
    """A project copy with payload puzzles, built by ``banmen build`` over an old site."""
    root = tmp_path_factory.mktemp("hostile")
    project = copy_project(root / "project", cache=warm_cache)
    for name, text in PAYLOADS.items():
        (project / "puzzles" / "ukejalayer" / name).write_text(text, encoding="utf-8")
    for path in [project, *project.rglob("*")]:
        os.utime(path, (SOURCE_TIME, SOURCE_TIME))
    site = root / "site"
    _old_site(site)
    (site / "stale.html").write_text("stale", encoding="utf-8")
    process = _banmen(project, "build", "-d", str(site))
    _, err = process.communicate(timeout=900)
    assert process.returncode == 0, err[-3000:]
    assert not (site / "stale.html").exists() and _no_staging_left(root)
    return project, site


@pytest.fixture(scope="module")
def hostile_url(hostile):
    handler = functools.partial(_QuietHandler, directory=str(hostile[1]))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_payloads_fire_nothing_and_every_puzzle_still_works(hostile, hostile_url):
    from playwright.sync_api import expect, sync_playwright

    project, _ = hostile
    content = check_project(project)
    puzzles = [p for p in content.puzzles.values() if p.game.id == "ukejalayer"]
    dialogs: list[str] = []
    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{hostile_url}/ukejalayer/puzzles/", wait_until="load")
        assert page.locator(".banmen-puzzle").count() == len(puzzles)
        heading = page.locator("h2#" + safe_anchor("zz tabindex=0 autofocus onfocus=alert(1)"))
        assert safe_anchor("zz tabindex=0 autofocus onfocus=alert(1)").startswith(
            "zz-tabindex-0-autofocus-onfocus-alert-1-")
        expect(heading).to_contain_text("<script>alert('title')</script><img src=x "
                                        "onerror=alert('t2')> {: onfocus=alert('attr')")
        assert heading.get_attribute("onfocus") is None and heading.get_attribute("tabindex") is None
        expect(page.locator("h2#zz-tokens")).to_contain_text("BANMENEMBED00001 BANMENEMBED00002 <!--")
        for puzzle in puzzles:
            block = page.locator(f"#{html_id(puzzle.ident)}-puzzle")
            block.scroll_into_view_if_needed()
            block.hover()
            kind, answer = puzzle.answer["kind"], puzzle.answer.get("answer")
            if kind == "number":
                block.locator(".bm-input").fill(str(answer))
                block.locator(".bm-check").click()
            elif kind == "boolean":
                block.locator(f'.bm-choice[data-value="{str(answer).lower()}"]').click()
            elif kind == "choice":
                block.locator(f'.bm-choice[data-value="{answer}"]').click()
            else:
                continue
            expect(block.locator(".bm-feedback")).to_have_class("bm-feedback bm-right")
            if puzzle.model.hints:
                block.locator(".bm-hint-button").click()
                block.locator(".bm-hint-button").click() if len(puzzle.model.hints) > 1 else None
            block.locator(".bm-explanation summary").click()
        hostile_block = page.locator(f"#{html_id('ukejalayer/zz tabindex=0 autofocus onfocus=alert(1)')}-puzzle")
        expect(hostile_block.locator(".bm-hint").nth(1)).to_have_text("<!-- a comment that never ends")
        # the in-site link is rewritten to the built page (Material's instant navigation then
        # writes hrefs as absolute URLs of this site)
        link = hostile_block.locator(".bm-question a").get_attribute("href")
        assert link in ("../rules/#notation", f"{hostile_url}/ukejalayer/rules/#notation"), link
        browser.close()
    assert dialogs == [] and errors == []


def test_the_sitemap_depends_on_the_sources_not_the_day(hostile):
    from banmen.site.plugin import source_date_epoch

    project, site = hostile
    assert source_date_epoch(project) == SOURCE_TIME
    raw = (site / "sitemap.xml.gz").read_bytes()
    assert int.from_bytes(raw[4:8], "little") == SOURCE_TIME  # the gzip header's date
    sitemap = gzip.decompress(raw).decode("utf-8")
    assert sitemap == (site / "sitemap.xml").read_text(encoding="utf-8")
    # site_url is empty, so the sitemap lists no pages; any date in it is the sources' date.
    assert sitemap.count("<lastmod>2020-01-02</lastmod>") == sitemap.count("<lastmod>")


def test_dead_links_in_yaml_text_fail_the_build_at_their_line_and_keep_the_old_site(tmp_path,
                                                                                   warm_cache):
    project = copy_project(tmp_path / "project", cache=warm_cache)
    path = project / "puzzles" / "ukejalayer" / "zz-links.yaml"
    path.write_text("game: ukejalayer\ntitle: リンク\n" + POSITION +
                    "question: \"[x](nosuch.md) と [y](#missing)\"\n"
                    "answer: {kind: number, query: movable_pieces, value: 3}\n"
                    "hints: [\"[z](rules.md#nowhere)\"]\nexplanation: \"[ok](rules.md)\"\n",
                    encoding="utf-8")
    site = tmp_path / "site"
    _old_site(site)
    process = _banmen(project, "build", "-d", str(site))
    _, err = process.communicate(timeout=900)
    assert process.returncode == 1
    source = "puzzles/ukejalayer/zz-links.yaml"
    for line in [
        f"{source}:7:11: dead link 'nosuch.md': no page or file docs/ukejalayer/nosuch.md "
        "(links are relative to docs/ukejalayer/puzzles.md, the page that shows this text)",
        f"{source}:7:11: dead link '#missing': docs/ukejalayer/puzzles.md has no element with "
        "id 'missing'",
        f"{source}:9:9: dead link 'rules.md#nowhere': docs/ukejalayer/rules.md has no element "
        "with id 'nowhere'",
    ]:
        assert line in err, err[-3000:]
    assert "Traceback" not in err
    assert (site / "index.html").read_text(encoding="utf-8") == "OLD"
    assert _no_staging_left(tmp_path)


def test_a_board_that_cannot_be_drawn_fails_the_build_in_one_line(tmp_path):
    # a cold build draws its boards while MkDocs writes the pages (draw_behind): a drawing
    # error reaches the build as one line, the old site stays, no worker is left behind
    project = copy_project(tmp_path / "project")
    patch = tmp_path / "patch"
    patch.mkdir()
    (patch / "sitecustomize.py").write_text(
        "import banmen.render as render\n"
        "from banmen.game import BanmenError\n"
        "_draw = render.render_svg\n"
        "def render_svg(game, spec):\n"
        "    if spec.ident.startswith('medamagaeru/'):\n"
        "        raise BanmenError(spec.ident + \": the glyph '\\u2603' is missing from the font\")\n"
        "    return _draw(game, spec)\n"
        "render.render_svg = render_svg\n", encoding="utf-8")
    site = tmp_path / "site"
    _old_site(site)
    process = _banmen(project, "build", "-d", str(site),
                      env={**os.environ, "NO_MKDOCS_2_WARNING": "1",
                           "PYTHONPATH": os.pathsep.join([str(patch), *sys.path])})
    _, err = process.communicate(timeout=900)
    assert process.returncode == 1, err[-3000:]
    failed = [line for line in err.splitlines() if "is missing from the font" in line]
    assert len(failed) == 1, err[-3000:]
    assert re.search(r"banmen: medamagaeru/[a-z0-9-]+: the glyph '\u2603' is missing from "
                     r"the font$", failed[0]), failed
    assert "Traceback" not in err
    assert (site / "index.html").read_text(encoding="utf-8") == "OLD"
    assert _no_staging_left(tmp_path)


@pytest.mark.parametrize("moment", ["staging folder made", "MkDocs running"])
def test_an_interrupted_build_keeps_the_old_site(tmp_path, moment, warm_cache):
    project = copy_project(tmp_path / "project", cache=warm_cache)
    site = tmp_path / "site"
    _old_site(site)
    process = _banmen(project, "build", "-d", str(site))
    deadline = time.monotonic() + 120
    # Wait for the state: the staging folder exists (and MkDocs has started, if asked).
    while _no_staging_left(tmp_path) or (moment == "MkDocs running"
                                         and not _mkdocs_child(process.pid)):
        assert time.monotonic() < deadline and process.poll() is None
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert err.strip().splitlines()[-1] == "banmen build: interrupted; " + str(site) + " is unchanged"
    assert "Traceback" not in err
    assert (site / "index.html").read_text(encoding="utf-8") == "OLD"
    assert _no_staging_left(tmp_path)


def _mkdocs_child(pid: int) -> int | None:
    """The process id of ``pid``'s child running MkDocs (exec done), or None."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return next((int(c) for c in children
                     if b"mkdocs" in Path(f"/proc/{c}/cmdline").read_bytes()), None)
    except OSError:
        return None


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_stopping_serve_by_its_pid_stops_the_mkdocs_server(tmp_path, stop, warm_cache):
    project = copy_project(tmp_path / "project", cache=warm_cache)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = _banmen(project, "serve", "-a", f"127.0.0.1:{port}")
    deadline = time.monotonic() + 120
    while not _mkdocs_child(process.pid):  # wait for the state: MkDocs has started
        assert time.monotonic() < deadline and process.poll() is None
    child = _mkdocs_child(process.pid)
    process.send_signal(stop)
    process.communicate(timeout=120)
    assert process.returncode == 128 + stop
    assert not Path(f"/proc/{child}").exists()


def test_a_page_deleted_during_the_build_is_one_line_not_a_traceback(tmp_path):
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "index.md").write_text("# はじめ\n", encoding="utf-8")
    (project / "docs" / "gone.md").write_text("# 消える\n", encoding="utf-8")
    # a hook that deletes a page after MkDocs listed the files, before it reads them
    (project / "deleter.py").write_text(
        "import os\n\ndef on_files(files, config):\n"
        "    os.remove(os.path.join(config['docs_dir'], 'gone.md'))\n    return files\n",
        encoding="utf-8")
    (project / "mkdocs.yml").write_text(
        "site_name: t\ndocs_dir: docs\nnav: [index.md, gone.md]\n"
        "plugins: [banmen]\nhooks: [deleter.py]\n", encoding="utf-8")
    site = tmp_path / "site"
    _old_site(site)
    process = _banmen(project, "build", "-d", str(site))
    _, err = process.communicate(timeout=300)
    assert process.returncode == 1
    assert "Traceback" not in err
    assert ("banmen: docs/gone.md: cannot read the page (No such file or directory); was it "
            "deleted or moved during the build?") in err
    assert (site / "index.html").read_text(encoding="utf-8") == "OLD"
    assert _no_staging_left(tmp_path)


def test_staging_folders_of_killed_builds_are_cleaned_at_the_start(tmp_path):
    from banmen.cli import _clean_stale_staging

    site = tmp_path / "site"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    other = subprocess.Popen(["sleep", "60"])  # a live process that is no build
    build = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "banmen"])
    try:
        # right after exec the child's command line can still read empty (the kernel fills
        # it in after the parent is woken), and an empty one is no build
        cmdline = Path(f"/proc/{build.pid}/cmdline")
        deadline = time.monotonic() + 10
        while b"banmen" not in cmdline.read_bytes() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert b"banmen" in cmdline.read_bytes(), "the child did not start"
        folders = {name: tmp_path / f".site.staging-{pid}" for name, pid in
                   (("dead", dead.pid), ("other", other.pid), ("build", build.pid),
                    ("mine", os.getpid()))}
        for folder in folders.values():
            (folder / "assets").mkdir(parents=True)
        removed = _clean_stale_staging(site)
        assert sorted(removed) == sorted(folders[n] for n in ("dead", "other", "mine"))
        assert [p.name for p in tmp_path.iterdir()] == [folders["build"].name]
    finally:
        other.kill()
        build.kill()
        other.wait()
        build.wait()
