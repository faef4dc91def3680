"""``banmen perft``: the count on the last line, progress on standard error, ``--max-nodes``,
and Ctrl-C in a real process (partial count, exit 130, no traceback)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

from click.testing import CliRunner

from banmen.cli import main
from banmen.perft import PerftRun
from banmen.game import get_game

START = 'game: suicide-checkers\nfen: "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"\n'
#: perft from the start (shared/rules/suicide-checkers.md, "Reference facts").
PUBLISHED = [1, 7, 49, 302, 1469, 7361, 36768, 179740]


def _start_file(tmp_path: Path) -> Path:
    path = tmp_path / "start.yaml"
    path.write_text(START, encoding="utf-8")
    return path


def test_the_split_count_equals_the_engine_count_for_every_depth():
    game = get_game("suicide-checkers")
    state = game.initial_state()
    assert [PerftRun(game, state, d).run() for d in range(8)] == PUBLISHED
    ukejalayer = get_game("ukejalayer")
    start = ukejalayer.initial_state()
    assert [PerftRun(ukejalayer, start, d).run() for d in range(4)] == [
        ukejalayer.perft(start, d) for d in range(4)]


def test_max_nodes_stops_with_one_line_and_no_count(tmp_path):
    path = _start_file(tmp_path)
    result = CliRunner().invoke(main, ["perft", "suicide-checkers", str(path), "7",
                                       "--max-nodes", "1000"])
    assert result.exit_code == 1 and result.stdout == ""
    assert re.fullmatch(
        r"perft budget of 1000 nodes exceeded after \d+\.\d s "
        r"\(\d+ leaves counted, \d of 7 first moves done\); lower DEPTH or raise --max-nodes\n",
        result.stderr), result.stderr
    within = CliRunner().invoke(main, ["perft", "suicide-checkers", str(path), "4",
                                       "--max-nodes", "1469"])
    assert within.exit_code == 0 and within.stdout.splitlines()[-1] == "1469"


def test_divide_lines_then_the_total(tmp_path):
    result = CliRunner().invoke(main, ["perft", "suicide-checkers", str(_start_file(tmp_path)),
                                       "3", "--divide"])
    lines = result.stdout.splitlines()
    assert lines[-1] == "302" and len(lines) == 8
    assert sum(int(line.split(": ")[1]) for line in lines[:-1]) == 302


def test_ctrl_c_prints_the_partial_count_and_exits_130(tmp_path):
    banmen = Path(sys.executable).parent / "banmen"
    process = subprocess.Popen([str(banmen), "perft", "suicide-checkers",
                                str(_start_file(tmp_path)), "20"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               # a shell's background job inherits SIGINT ignored; Ctrl-C at a
                               # terminal does reach the process, so restore the default
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    killer = threading.Timer(120, process.kill)  # never hang the suite
    killer.start()
    try:
        first = process.stderr.readline()
        assert re.fullmatch(r"banmen: perft\(20\): \d+ leaves so far, \d of 7 first moves "
                            r"done, \d+ s\n", first), first
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        killer.cancel()
    assert process.returncode == 130
    assert out == ""
    assert "Traceback" not in err
    last = err.splitlines()[-1]
    match = re.fullmatch(r"banmen: perft\(20\) interrupted after (\d+\.\d) s: (\d+) leaves "
                         r"counted so far \(\d of 7 first moves done\)", last)
    assert match, err
    assert int(match.group(2)) >= int(first.split()[2])  # at least what was reported
