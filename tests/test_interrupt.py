"""Ctrl-C on a long search (issue 33, item 8): ``banmen query ... winning_moves`` stops within
a second, as perft does (one line on standard error, exit status 130), in a real process."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

#: An empty ukejalayer board, eight pieces in each hand: no win within 15 plies is found
#: before the solver budget (500,000 nodes, several seconds) runs out.
OPENING = "game: ukejalayer\nto_move: white\nhands: {white: 8, black: 8}\nboard: {}\n"


def test_ctrl_c_stops_a_long_winning_moves_query_within_a_second(tmp_path):
    position = tmp_path / "opening.yaml"
    position.write_text(OPENING, encoding="utf-8")
    banmen = Path(sys.executable).parent / "banmen"
    process = subprocess.Popen([str(banmen), "query", "ukejalayer", "winning_moves",
                                str(position), "15"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               # a shell's background job inherits SIGINT ignored; Ctrl-C at a
                               # terminal does reach the process, so restore the default
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    killer = threading.Timer(120, process.kill)  # never hang the suite
    killer.start()
    try:
        # the first progress line comes after 2 s of search: the tables are large by then
        first = process.stderr.readline()
        assert re.fullmatch(r"banmen: proving query 'winning_moves': \d+ of at most 500000 "
                            r"nodes, \d+ s\n", first), first
        asked = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        took = time.monotonic() - asked
    finally:
        killer.cancel()
    # before: 0.6 s to the message and 2.2 s to the exit on an idle machine, 10-13 s loaded
    assert took < 1.0, f"took {took:.2f} s to stop"
    assert process.returncode == 130  # as perft: 128 + SIGINT
    assert out == ""
    lines = err.splitlines()
    assert all(line.startswith("banmen: proving query 'winning_moves': ") for line in lines[:-1])
    match = re.fullmatch(r"banmen: query 'winning_moves' interrupted after (\d+\.\d) s: (\d+) "
                         r"nodes searched", lines[-1])
    assert match, err
    assert float(match.group(1)) >= 2.0 and int(match.group(2)) >= int(first.split()[4])


#: A process that runs the ``banmen`` entry point with a Ctrl-C arriving while the command
#: line's modules are imported (an import hook raises it, as the signal would).
_CTRL_C_IN_IMPORT = """
import sys
class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "banmen.cli":
            raise KeyboardInterrupt
sys.meta_path.insert(0, CtrlC())
sys.argv = ["banmen", "--help"]
from banmen.launch import main
main()
"""


def test_ctrl_c_while_the_command_line_is_imported_is_one_line():
    result = subprocess.run([sys.executable, "-c", _CTRL_C_IN_IMPORT], capture_output=True,
                            text=True, timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (130, "",
                                                                 "banmen: interrupted\n")


def test_the_banmen_command_starts_from_the_launcher():
    script = (Path(sys.executable).parent / "banmen").read_text(encoding="utf-8")
    assert "from banmen.launch import main" in script
