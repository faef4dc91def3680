"""`banmen serve` as an author uses it: a save re-checks and redraws only the saved file, and a
broken file shows one located line while the last good page stays served; MkDocs' warnings
about a page's links name the line of the link."""

from __future__ import annotations

import logging
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from conftest import copy_project

from banmen.site.links import LocatedWarnings, link_positions


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A ``banmen serve`` process whose log lines are read by a thread into a queue."""

    def __init__(self, project: Path):
        self.port = _free_port()
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "banmen.cli", "serve", "--dev-addr", f"127.0.0.1:{self.port}"],
            cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, pattern: str, timeout: float = 600) -> tuple[re.Match[str], list[str]]:
        """Read log lines until one matches ``pattern``; return it and the lines before it."""
        seen: list[str] = []
        while True:
            line = self.lines.get(timeout=timeout)
            match = re.search(pattern, line)
            if match:
                return match, seen
            seen.append(line)

    def page(self, path: str) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=60) as reply:
            return reply.read().decode("utf-8")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def _rebuilt(server: Server) -> list[str]:
    """Wait for the end of a rebuild; return its log lines, the last one saying how it ended
    (MkDocs without banmen's ``on_serve`` says a failed rebuild leaves the server stuck)."""
    match, seen = server.wait_for(r"Reloading browsers|The server will appear stuck")
    return [*seen, match.string]


def _failed(lines: list[str]) -> None:
    """Assert that ``lines`` (:func:`_rebuilt`) are a failed rebuild that kept the last good
    pages and showed no traceback."""
    assert "Reloading browsers" in lines[-1], lines
    assert any(line.startswith("banmen: the rebuild failed (Aborted with ") and line.endswith(
        "); the last good pages stay served until the next good save") for line in lines), lines
    assert not any("Traceback" in line for line in lines), lines


def _succeeded(lines: list[str]) -> None:
    assert "Reloading browsers" in lines[-1] and any("Documentation built" in line
                                                      for line in lines), lines
    assert not any("rebuild failed" in line for line in lines), lines


def _place(text: str, written: str) -> tuple[int, int]:
    """The 1-based line and column where ``text`` (once) has ``written``."""
    assert text.count(written) == 1, written
    number, line = next((n, line) for n, line in enumerate(text.splitlines(), 1) if written in line)
    return number, line.index(written) + 1


@pytest.mark.slow
def test_a_save_rechecks_one_file_and_an_error_keeps_the_last_good_page(tmp_path, warm_cache):
    project = copy_project(tmp_path / "project", cache=warm_cache)
    server = Server(project)
    try:
        server.wait_for(r"banmen: \d+ content files checked")
        server.wait_for(r"Serving on")
        puzzle = project / "puzzles" / "ukejalayer" / "p01-movable-count.yaml"
        text = puzzle.read_text(encoding="utf-8")
        title = re.search(r"^title: (.*)$", text, flags=re.M)
        assert server.page("/ukejalayer/puzzles/").count(title.group(1)) >= 1

        puzzle.write_text(text.replace(title.group(0), "title: 改めた題"), encoding="utf-8")
        match, _ = server.wait_for(r"banmen: (\d+) content files checked, (\d+) boards to draw")
        assert match.groups() == ("1", "0")  # a new title: re-checked, its board from the cache
        server.wait_for(r"Reloading browsers")
        assert "改めた題" in server.page("/ukejalayer/puzzles/")

        broken = text.replace(title.group(0), "title: 改めた題").replace("\nquestion:", "\nquestion: [")
        puzzle.write_text(broken, encoding="utf-8")
        match, _ = server.wait_for(r"^banmen: (puzzles/ukejalayer/p01-movable-count\.yaml:\d+:\d+: .*)")
        _, after = server.wait_for(r"Reloading browsers")
        assert not any("p01-movable-count" in line or "Traceback" in line for line in after), after
        assert "改めた題" in server.page("/ukejalayer/puzzles/")  # the last good page

        puzzle.write_text(text.replace(title.group(0), "title: 直した題"), encoding="utf-8")
        _succeeded(_rebuilt(server))  # the next good save brings the new page
        assert "直した題" in server.page("/ukejalayer/puzzles/")
    finally:
        server.stop()


@pytest.mark.slow
def test_a_renamed_puzzle_keeps_the_last_good_site_answering_until_its_link_is_fixed(
        tmp_path, warm_cache):
    """Issue 33: a puzzle's anchor is its file name, so renaming it kills a rules page's link
    ``puzzles.md#p05-bounce``; MkDocs' strict check fails the rebuild. The link's line is
    printed and the last good site answers every request until the link is fixed."""
    project = copy_project(tmp_path / "project", cache=warm_cache)
    rules = project / "docs" / "ludo" / "rules.md"
    text = rules.read_text(encoding="utf-8")
    line, column = _place(text, "puzzles.md#p05-bounce)")
    server = Server(project)
    try:
        server.wait_for(r"Serving on")
        assert 'href="../puzzles/#p05-bounce"' in server.page("/ludo/rules/")
        assert 'id="p05-bounce"' in server.page("/ludo/puzzles/")

        puzzles = project / "puzzles" / "ludo"
        (puzzles / "p05-bounce.yaml").rename(puzzles / "p05-renamed.yaml")
        lines = _rebuilt(server)
        assert (f"WARNING -  docs/ludo/rules.md:{line}:{column}: dead link 'puzzles.md#p05-bounce': "
                "the doc 'ludo/puzzles.md' does not contain an anchor '#p05-bounce'.") in lines
        _failed(lines)
        assert 'href="../puzzles/#p05-bounce"' in server.page("/ludo/rules/")  # the last good site
        puzzles_page = server.page("/ludo/puzzles/")
        assert 'id="p05-bounce"' in puzzles_page and 'id="p05-renamed"' not in puzzles_page

        rules.write_text(text.replace("puzzles.md#p05-bounce)", "puzzles.md#p05-renamed)"),
                         encoding="utf-8")
        _succeeded(_rebuilt(server))
        assert 'href="../puzzles/#p05-renamed"' in server.page("/ludo/rules/")
        puzzles_page = server.page("/ludo/puzzles/")
        assert 'id="p05-renamed"' in puzzles_page and 'id="p05-bounce"' not in puzzles_page
    finally:
        server.stop()


@pytest.mark.slow
def test_each_failed_rebuild_prints_its_line_and_the_last_good_site_stays_up(tmp_path, warm_cache):
    """A dead link, a dead anchor, a bad marker and a page deleted: each prints its located
    line, the last good pages keep answering, and the next good save shows the new page."""
    project = copy_project(tmp_path / "project", cache=warm_cache)
    rules = project / "docs" / "ludo" / "rules.md"
    text = rules.read_text(encoding="utf-8")
    server = Server(project)
    try:
        server.wait_for(r"Serving on")
        steps = [  # (saved with an error, the located problem's text after the place, fixed)
            ("段落一[規則](nosuch.md)", "nosuch.md",
             "dead link 'nosuch.md': the target 'ludo/nosuch.md' is not found among documentation "
             "files.", "段落一[規則](parameters.md)"),
            ("段落二[問題](puzzles.md#nosuch)", "puzzles.md#nosuch",
             "dead link 'puzzles.md#nosuch': the doc 'ludo/puzzles.md' does not contain an "
             "anchor '#nosuch'.", "段落二[問題](puzzles.md#p05-bounce)"),
            ("段落三\n\n{{ diagram ludo/no-such }}", "ludo/no-such",
             "unknown diagram id 'ludo/no-such'", "段落三"),
        ]
        for broken, written, problem, fixed in steps:
            word = broken[:3]
            rules.write_text(f"{text}\n{broken}\n", encoding="utf-8")
            line, column = _place(f"{text}\n{broken}\n", written)
            lines = _rebuilt(server)
            assert any(entry.endswith(f"docs/ludo/rules.md:{line}:{column}: {problem}")
                       for entry in lines), (problem, lines)
            _failed(lines)
            assert word not in server.page("/ludo/rules/")  # the last good page
            rules.write_text(f"{text}\n{fixed}\n", encoding="utf-8")
            _succeeded(_rebuilt(server))
            assert word in server.page("/ludo/rules/")

        parameters = project / "docs" / "ludo" / "parameters.md"
        page = parameters.read_text(encoding="utf-8")
        parameters.unlink()
        lines = _rebuilt(server)
        nav_line, nav_column = _place((project / "mkdocs.yml").read_text(encoding="utf-8"),
                                      ": ludo/parameters.md")
        assert (f"WARNING -  mkdocs.yml:{nav_line}:{nav_column + 2}: A reference to "
                "'ludo/parameters.md' is included in the 'nav' configuration, which is not found "
                "in the documentation files.") in lines
        for number, entry in enumerate(text.splitlines(), 1):  # each link of the rules page
            if "](parameters.md)" in entry:
                assert any(shown.endswith(
                    f"docs/ludo/rules.md:{number}:{entry.index('](parameters.md)') + 3}: dead "
                    "link 'parameters.md': the target 'ludo/parameters.md' is not found among "
                    "documentation files.") for shown in lines), (number, lines)
        _failed(lines)
        assert "ルールの設定" in server.page("/ludo/parameters/")  # the deleted page's last version
        parameters.write_text(page + "\n段落四\n", encoding="utf-8")
        _succeeded(_rebuilt(server))
        assert "段落四" in server.page("/ludo/parameters/")
    finally:
        server.stop()


def test_mkdocs_link_warnings_name_the_line_and_column_of_each_link(tmp_path):
    docs = tmp_path / "docs"
    (docs / "g").mkdir(parents=True)
    (docs / "g" / "rules.md").write_text(
        "# 題\n\n本文[a](puzzles.md#gone)と[b](nosuch.md)。\n[c](nosuch.md)\n[d](nosuch.md#x)\n",
        encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("nav:\n  - ルール: g/rules.md\n  - 問題: g/gone.md\n",
                                         encoding="utf-8")
    located = LocatedWarnings()
    located.start(str(tmp_path), str(docs), str(tmp_path / "mkdocs.yml"))
    logger = logging.getLogger("banmen.test.located")
    logger.propagate = False
    logger.addFilter(located)
    shown: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: shown.append(record.getMessage())
    logger.addHandler(handler)
    try:
        missing = ("Doc file 'g/rules.md' contains a link 'nosuch.md', but the target "
                   "'g/nosuch.md' is not found among documentation files.")
        logger.warning("Doc file 'g/rules.md' contains a link 'puzzles.md#gone', but the doc "
                       "'g/puzzles.md' does not contain an anchor '#gone'.")
        logger.warning(missing)
        logger.warning(missing)  # MkDocs warns once for each place: the repeat is dropped
        logger.warning("A reference to 'g/gone.md' is included in the 'nav' configuration, "
                       "which is not found in the documentation files.")
        logger.warning("Building documentation...")
        located.start(str(tmp_path), str(docs), str(tmp_path / "mkdocs.yml"))  # the next build
        logger.warning(missing)
    finally:
        logger.removeHandler(handler)
        logger.removeFilter(located)
    nosuch = ("docs/g/rules.md:3:28: dead link 'nosuch.md': the target 'g/nosuch.md' is not "
              "found among documentation files.\n"
              "docs/g/rules.md:4:5: dead link 'nosuch.md': the target 'g/nosuch.md' is not found "
              "among documentation files.")
    assert shown == [
        "docs/g/rules.md:3:7: dead link 'puzzles.md#gone': the doc 'g/puzzles.md' does not "
        "contain an anchor '#gone'.",
        nosuch,
        "mkdocs.yml:3:9: A reference to 'g/gone.md' is included in the 'nav' configuration, "
        "which is not found in the documentation files.",
        "Building documentation...",
        nosuch,
    ]


def test_a_link_is_found_only_as_a_whole_link_target():
    text = "[a](x.md) [b](x.md#y) <x.md>\n<a href=\"x.md\">ax.md</a> `x.md`\n[r]: x.md\n"
    assert link_positions(text, "x.md") == [(1, 5), (1, 24), (2, 10), (3, 6)]  # not `x.md`
    assert link_positions(text, "x.md#y") == [(1, 15)]
    assert link_positions(text, "nothere.md") == []


def test_a_rebuild_error_saved_again_prints_its_line_again_and_a_broken_mkdocs_yml_is_one_line(
        tmp_path, monkeypatch, capsys):
    """MkDocs logs each build error once per process (its DuplicateFilter): the same bad
    marker saved a second time used to fail the rebuild with no located line. A mkdocs.yml
    that no longer parses used to print a traceback; now it is one located line."""
    from mkdocs.commands import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort
    from mkdocs.utils import DuplicateFilter

    from banmen.site.plugin import BanmenPlugin

    plugin = BanmenPlugin()
    monkeypatch.setattr(mkdocs_build.log, "filters", [DuplicateFilter()])  # as `mkdocs serve`
    seen: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: seen.append(record.getMessage())
    monkeypatch.setattr(mkdocs_build.log, "handlers", [handler])
    problem = "docs/ludo/rules.md:3:1: unknown diagram id 'ludo/no-such'"

    def bad_marker() -> None:
        mkdocs_build.log.error(f"banmen: page check failed\n{problem}")
        raise Abort("Aborted with a BuildError!")

    server = plugin.on_serve(type("Server", (), {"root": str(tmp_path / "site")})(), bad_marker)
    server.builder()
    server.builder()
    assert seen == [f"banmen: page check failed\n{problem}"] * 2
    failed = ("banmen: the rebuild failed (Aborted with a BuildError!); the last good pages "
              "stay served until the next good save\n")
    assert capsys.readouterr().err == failed * 2

    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\nnav: [\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    server = plugin.on_serve(type("Server", (), {"root": str(tmp_path / "site")})(),
                             lambda: load_config(config_file=str(config)))
    server.builder()
    assert capsys.readouterr().err == (
        "mkdocs.yml:3:1: invalid YAML: expected the node content, but found '<stream end>'\n"
        "banmen: the rebuild failed (Aborted with a configuration error!); the last good pages "
        "stay served until the next good save\n")
