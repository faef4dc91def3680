"""`banmen serve` as an author uses it: a save re-checks and redraws only the saved file, and a
broken file shows one located line while the last good page stays served."""

from __future__ import annotations

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

pytestmark = pytest.mark.slow


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
        match, _ = server.wait_for(r"banmen: (\d+) content files checked, (\d+) boards drawn")
        assert match.groups() == ("1", "0")  # a new title: re-checked, its board from the cache
        server.wait_for(r"Reloading browsers")
        assert "改めた題" in server.page("/ukejalayer/puzzles/")

        broken = text.replace(title.group(0), "title: 改めた題").replace("\nquestion:", "\nquestion: [")
        puzzle.write_text(broken, encoding="utf-8")
        match, _ = server.wait_for(r"^banmen: (puzzles/ukejalayer/p01-movable-count\.yaml:\d+:\d+: .*)")
        _, after = server.wait_for(r"Reloading browsers")
        assert not any("p01-movable-count" in line or "Traceback" in line for line in after), after
        assert "改めた題" in server.page("/ukejalayer/puzzles/")  # the last good page
    finally:
        server.stop()
