"""The command line documented in guide/cli.md: output shapes, exit codes and one-line errors."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from banmen.cli import main

GUIDEBOOK_POSITION = """\
game: ukejalayer
to_move: white
hands: {white: 0, black: 0}
board: {c2: WBWW, b3: BW, d1: B}
"""


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def position_file(tmp_path) -> Path:
    path = tmp_path / "pos.yaml"
    path.write_text(GUIDEBOOK_POSITION, encoding="utf-8")
    return path


def test_moves_prints_sorted_canonical_moves(runner, position_file):
    result = runner.invoke(main, ["moves", "ukejalayer", str(position_file)])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines == sorted(lines)
    assert "b3a3" in lines and "2c22b2" in lines
    assert len(lines) == len(set(lines))


def test_moves_reads_standard_input(runner):
    result = runner.invoke(main, ["moves", "ukejalayer", "-"], input=GUIDEBOOK_POSITION)
    assert result.exit_code == 0
    assert "c2c3" in result.output.splitlines()


def test_perft_last_line_is_the_count(runner):
    start = "game: ukejalayer\nto_move: white\nhands: {white: 8, black: 8}\nboard: {}\n"
    result = runner.invoke(main, ["perft", "ukejalayer", "-", "2"], input=start)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "240"


def test_query_with_arguments(runner, position_file):
    result = runner.invoke(main, ["query", "ukejalayer", "movable_pieces", str(position_file)])
    assert (result.exit_code, result.stdout) == (0, "3\n")
    result = runner.invoke(main, ["query", "ukejalayer", "can_reach", str(position_file),
                                  "c2", "c4"])
    assert (result.exit_code, result.stdout) == (0, "true\n")


def test_query_errors_are_one_line(runner, position_file):
    result = runner.invoke(main, ["query", "ukejalayer", "nope", str(position_file)])
    assert result.exit_code == 1
    assert result.output.startswith("unknown query 'nope' for ukejalayer (known: ")
    assert len(result.output.splitlines()) == 1


def test_a_checkers_square_that_does_not_exist_is_named(runner):
    start = ('game: suicide-checkers\nfen: "B:W21,22,23,24,25,26,27,28,29,30,31,32:'
             'B1,2,3,4,5,6,7,8,9,10,11,12"\n')
    result = runner.invoke(main, ["query", "suicide-checkers", "capture_count", "-", "99-100"],
                           input=start)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.output == ("argument 'move': move '99-100' names square 99, which does not "
                             "exist (the squares are numbered 1..32)\n")


def test_an_illegal_checkers_move_says_which_rule_forbids_it(runner, tmp_path):
    """At its file:line:col in a diagram, and naming the argument in a query: the rule from
    the engine's reasons, then the legal moves."""
    position = 'game: suicide-checkers\nposition: {fen: "B:WK29:B14,19,22"}\n'
    path = tmp_path / "back.yaml"
    path.write_text(position + "move: 14-10\n", encoding="utf-8")
    out = tmp_path / "back.svg"
    result = runner.invoke(main, ["render", str(path), "-o", str(out)])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.output == (
        f"{path}:3:7: move '14-10': '14-10' is not legal here: 14から10へは後ろ向きです。"
        "キングになっていない駒は、前にしか進めず、前にしか取れません。 (legal: 14-17, 14-18, "
        "19-23, 19-24, 22-25, 22-26)\n")
    assert not out.exists()
    result = runner.invoke(main, ["query", "suicide-checkers", "capture_count", "-", "13-18"],
                           input='game: suicide-checkers\nfen: "B:WK29:B14,19,22"\n')
    assert result.exit_code == 1
    assert result.output == ("argument 'move': '13-18' is not legal here: 13には駒がありません。 "
                             "(legal: 14-17, 14-18, 19-23, 19-24, 22-25, 22-26)\n")


def test_bad_position_error_points_at_the_line(runner, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("game: ukejalayer\nto_move: white\nhands: {white: 0, black: 0}\n"
                    "board: {c2: WBWW, z9: B}\n", encoding="utf-8")
    result = runner.invoke(main, ["moves", "ukejalayer", str(path)])
    assert result.exit_code == 1
    assert result.output == f"{path}:4:19: square z9 is off the 4x4 board (a1 to d4)\n"


def test_wrong_game_in_file(runner, position_file):
    result = runner.invoke(main, ["moves", "medamagaeru", str(position_file)])
    assert result.exit_code == 1
    assert result.output == f"{position_file}:1:7: the file is a 'ukejalayer' position, not 'medamagaeru'\n"


def test_missing_file_is_one_line(runner, tmp_path):
    result = runner.invoke(main, ["moves", "ukejalayer", str(tmp_path / "none.yaml")])
    assert result.exit_code == 1
    assert result.output == f"{tmp_path / 'none.yaml'}:1:1: cannot read file: No such file or directory\n"


def test_render_writes_deterministic_svg(runner, position_file, tmp_path):
    out1, out2 = tmp_path / "a.svg", tmp_path / "b.svg"
    assert runner.invoke(main, ["render", str(position_file), "-o", str(out1)]).exit_code == 0
    assert runner.invoke(main, ["render", str(position_file), "-o", str(out2)]).exit_code == 0
    assert out1.read_bytes() == out2.read_bytes()
    assert out1.read_text(encoding="utf-8").startswith("<svg")


def test_render_refuses_a_file_of_another_game_than_game(runner, tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("game: ukejalayer\nposition: {to_move: white, hands: {white: 1, black: 1},"
                    " board: {}}\n", encoding="utf-8")
    out = tmp_path / "d.svg"
    result = runner.invoke(main, ["render", str(path), "--game", "medamagaeru", "-o", str(out)])
    assert result.exit_code == 1
    assert result.output == (f"{path}:1:7: the file is a 'ukejalayer' file, but --game says "
                             "'medamagaeru': expected the same game in both (or leave out "
                             "--game)\n")
    assert not out.exists()
    # the same game is fine
    result = runner.invoke(main, ["render", str(path), "--game", "ukejalayer", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").startswith("<svg")


def test_render_rejects_a_bad_diagram_without_output(runner, tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("game: ukejalayer\nmove: a1b1\n", encoding="utf-8")
    out = tmp_path / "d.svg"
    result = runner.invoke(main, ["render", str(path), "-o", str(out)])
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:2:7: move 'a1b1': ")
    assert not out.exists()


def test_render_refuses_what_check_refuses_every_error_in_one_line_each(runner, tmp_path):
    # before: an off-board highlight reached the drawing (KeyError traceback), a label the
    # font cannot draw was matplotlib's unlocated warning, a javascript: caption was drawn,
    # and only the first error of the file was printed
    path = tmp_path / "d.yaml"
    path.write_text("game: ukejalayer\ncaption: '[a](javascript:x)'\noptions: {info: 2}\n"
                    "highlight: [e9]\nlabels: {a1: \"\U0001F600\"}\n", encoding="utf-8")
    out = tmp_path / "d.svg"
    result = runner.invoke(main, ["render", str(path), "-o", str(out)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{path}:2:10: link to 'javascript:x': only http(s) links and links to pages of this "
        "site are allowed",
        f"{path}:3:17: drawing option 'info': expected true or false, got 2",
        f"{path}:4:13: 'e9' is not a square of the ukejalayer board",
        f"{path}:5:14: the board font (IPAexGothic) has no glyph for '\U0001F600' (U+1F600); use "
        "other characters"]
    assert not out.exists()


def test_check_reports_every_problem_and_exits_1(runner):
    bad = Path(__file__).parent / "bad"
    result = runner.invoke(main, ["check", "--root", str(bad)])
    assert result.exit_code == 1
    expected = (bad / "EXPECTED.txt").read_text(encoding="utf-8")
    assert result.stdout == expected


def test_check_with_a_rule_change_names_the_changed_puzzles(runner):
    root = Path(__file__).parent.parent
    result = runner.invoke(main, ["check", "--root", str(root), "--set",
                                  "ukejalayer.white_delay=2"])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert "puzzles/ukejalayer/p08-white-waits.yaml:15:10: wrong answer for query " \
        "'white_turns_blocked': stated 1, engine computes 2" in lines
    assert all(line.split(":")[0].endswith(".yaml") for line in lines)
    assert all(line.split(":", 3)[1].isdigit() for line in lines)


def test_set_option_must_name_a_game(runner):
    result = runner.invoke(main, ["check", "--set", "white_delay=2"])
    assert result.exit_code == 1
    assert result.output == "--set expects GAME.PARAM=VALUE, got 'white_delay=2'\n"


def test_every_command_has_help(runner):
    for command in ["moves", "perft", "query", "queries", "check", "render", "schema",
                    "build", "serve"]:
        result = runner.invoke(main, [command, "--help"])
        assert result.exit_code == 0 and "Usage:" in result.output


@pytest.mark.parametrize("argv, message", [
    (["perft", "ukejalayer", "x.yaml", "-1"],
     "banmen perft: Invalid value for 'DEPTH': -1 is negative; expected a whole number of "
     "plies from 0 to 30. (see 'banmen perft --help')\n"),
    (["perft", "ukejalayer", "x.yaml", "-12", "--divide"],
     "banmen perft: Invalid value for 'DEPTH': -12 is negative; expected a whole number of "
     "plies from 0 to 30. (see 'banmen perft --help')\n"),
    (["perft", "ukejalayer", "x.yaml", "2", "-q"],
     "banmen perft: No such option '-q'. (see 'banmen perft --help')\n"),
    (["perft", "ukejalayer", "x.yaml", "31"],
     "banmen perft: Invalid value for 'DEPTH': 31 is not in the range 0<=x<=30. "
     "(see 'banmen perft --help')\n"),
    (["moves", "chess", "x.yaml"],
     "banmen moves: Invalid value for 'GAME': 'chess' is not one of 'babuschka', "
     "'ludo', 'medamagaeru', 'suicide-checkers', 'ukejalayer'. (see 'banmen moves --help')\n"),
    (["nope"], "banmen: No such command 'nope'. (see 'banmen --help')\n"),
])
def test_usage_errors_are_one_line(runner, argv, message):
    result = runner.invoke(main, argv, prog_name="banmen")
    assert result.exit_code == 2
    assert result.output == message


def test_check_refuses_a_file_outside_the_content_folders(runner, tmp_path):
    stray = tmp_path / "stray.yaml"
    stray.write_text("a: 1\n", encoding="utf-8")
    root = Path(__file__).parent.parent
    result = runner.invoke(main, ["check", "--root", str(root), str(stray)])
    assert result.exit_code == 1
    assert result.stdout == (f"{stray}:1:1: not a content file of this project: expected "
                             "<kind>/<game>/<name>.yaml with <kind> one of diagrams, puzzles, "
                             "sequences, lessons, practice\n")


def test_check_takes_a_folder_and_a_file_inside_it_together(runner):
    root = Path(__file__).parent.parent
    folder = root / "puzzles" / "ukejalayer"
    inside = folder / "p01-movable-count.yaml"
    result = runner.invoke(main, ["check", "--root", str(root), str(folder), str(inside)])
    assert result.exit_code == 0, result.output
    count = len(list(folder.glob("*.yaml")))
    assert result.stderr.strip().startswith(f"ok: 0 diagrams, {count} puzzles,")


# ---- hostile and broken input (issue 10): one located line, exit 1, no traceback

def _stacks(tmp_path, height: int) -> Path:
    path = tmp_path / "tall.yaml"
    path.write_text(f"game: ukejalayer\nto_move: white\nhands: {{white: 0, black: 0}}\n"
                    f"board: {{a1: {'W' * height}, d4: {'B' * height}}}\n", encoding="utf-8")
    return path


def test_set_values_no_position_can_use_fail_naming_the_argument(runner, tmp_path):
    result = runner.invoke(main, ["moves", "ukejalayer", str(_stacks(tmp_path, 200)),
                                  "--set", "hand=255"])
    assert (result.exit_code, result.output) == (
        1, "--set hand=255: rule parameter 'hand': expected less than or equal to 32, got 255\n")


def test_a_stack_over_the_engine_limit_is_located(runner, tmp_path):
    path = _stacks(tmp_path, 200)
    result = runner.invoke(main, ["moves", "ukejalayer", str(path), "--set", "hand=32"])
    assert (result.exit_code, result.output) == (
        1, f"{path}:4:13: a stack of 200 pieces is taller than the engine's limit of 64\n")


def test_move_generation_stops_at_its_limit(runner, tmp_path):
    path = _stacks(tmp_path, 32)
    result = runner.invoke(main, ["moves", "ukejalayer", str(path), "--set", "hand=32"])
    assert (result.exit_code, result.output) == (
        1, f"{path}:1:1: more than 500000 chain states for one move (the move generator's "
           "limit): 32 movable pieces are too many to list every move\n")


def test_set_errors_blame_the_argument_not_rules_yaml(runner):
    root = Path(__file__).parent.parent
    result = runner.invoke(main, ["check", "--root", str(root), "--set",
                                  "ukejalayer.white_delay=-1"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == ("--set ukejalayer.white_delay=-1: rule parameter "
                                             "'white_delay': expected greater than or equal "
                                             "to 0, got -1")
    result = runner.invoke(main, ["check", "--root", str(root), "--set",
                                  "ukejalayer.unlock=yes"])
    assert (result.exit_code, result.output) == (
        1, "--set ukejalayer.unlock=yes: ambiguous YAML value yes: YAML 1.1 reads it as true, "
           "YAML 1.2 as the text 'yes'; quote it if it is text, else write it unambiguously\n")


def test_check_root_must_exist_and_hold_content(runner, tmp_path):
    result = runner.invoke(main, ["check", "--root", str(tmp_path / "none")])
    assert (result.exit_code, result.output) == (1, f"--root {tmp_path / 'none'}: no such folder\n")
    result = runner.invoke(main, ["check", "--root", str(tmp_path)])
    assert (result.exit_code, result.output) == (
        1, f"--root {tmp_path}: holds no content (expected diagrams/, puzzles/, sequences/, "
           "lessons/ or practice/ with <game>/<name>.yaml files)\n")


def test_a_control_character_is_a_located_line(runner, tmp_path):
    path = tmp_path / "nul.yaml"
    path.write_bytes(b"game: ukejalayer\nto_move: wh\x00ite\n")
    result = runner.invoke(main, ["moves", "ukejalayer", str(path)])
    assert (result.exit_code, result.output) == (
        1, f"{path}:2:12: invalid YAML: control character U+0000 is not allowed in a text file\n")


START = "game: ukejalayer\nto_move: white\nhands: {white: 8, black: 8}\nboard: {}\n"


def test_unwritable_outputs_are_one_line(runner, tmp_path):
    position = tmp_path / "start.yaml"
    position.write_text(START, encoding="utf-8")
    result = runner.invoke(main, ["render", str(position), "-o", str(tmp_path / "no" / "x.svg")])
    assert (result.exit_code, result.output) == (
        1, f"-o {tmp_path / 'no' / 'x.svg'}: cannot write (No such file or directory)\n")
    regular = tmp_path / "file"
    regular.write_text("x", encoding="utf-8")
    result = runner.invoke(main, ["build", "-d", str(regular)])
    assert (result.exit_code, result.output) == (1, f"-d {regular}: exists and is not a folder\n")
    result = runner.invoke(main, ["build", "-d", str(tmp_path / "no" / "site")])
    assert (result.exit_code, result.output) == (
        1, f"-d {tmp_path / 'no' / 'site'}: the folder {tmp_path / 'no'} does not exist\n")
    result = runner.invoke(main, ["schema", "-o", str(regular / "schemas")])
    assert (result.exit_code, result.output) == (
        1, f"-o {regular / 'schemas'}: cannot write (Not a directory)\n")


def test_serve_on_a_taken_port_says_so_in_one_line(runner):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        address = f"127.0.0.1:{taken.getsockname()[1]}"
        result = runner.invoke(main, ["serve", "-a", address])
    assert (result.exit_code, result.output) == (
        1, f"banmen serve: {address} is already in use; stop the other server or pass "
           "-a HOST:PORT\n")


def test_set_refuses_a_mapping_value_naming_the_argument(runner, position_file):
    result = runner.invoke(main, ["moves", "ukejalayer", str(position_file),
                                  "--set", "hand={a: 1}"])
    assert result.exit_code == 1
    assert result.stderr == ("--set hand={a: 1}: expected a single value or a flat list "
                             "such as [5, 6]\n")


def test_a_players_count_written_as_a_float_is_refused_at_its_line(runner, tmp_path):
    path = tmp_path / "b.yaml"
    path.write_text("game: babuschka\nplayers: 2.0\nto_move: black\nboard: {}\n", encoding="utf-8")
    result = runner.invoke(main, ["moves", "babuschka", str(path)])
    assert result.exit_code == 1
    assert result.stderr == f"{path}:2:10: expected players 2 or 4, got 2.0\n"


def test_winning_moves_refuses_a_horizon_beyond_40_plies(runner, position_file):
    result = runner.invoke(main, ["query", "ukejalayer", "winning_moves", str(position_file),
                                  "1000"])
    assert result.exit_code == 1
    assert result.stderr == "argument 'plies' must be 1 to 40, got 1000\n"


# ---- hardening round three: standard input, file names, --set for another game

def test_standard_input_stops_at_the_file_limit_without_reading_the_rest():
    import subprocess
    import sys

    # an endless stream: read until the limit, then one line (no MemoryError, no hang)
    feeder = subprocess.Popen(["yes", "a: 1"], stdout=subprocess.PIPE)
    try:
        result = subprocess.run([sys.executable, "-m", "banmen.cli", "moves", "ludo", "-"],
                                stdin=feeder.stdout, capture_output=True, text=True, timeout=120)
    finally:
        feeder.kill()
        feeder.wait()
    assert result.returncode == 1
    assert result.stderr == "<stdin>:1:1: file too large (more than 1000000 bytes)\n"


def test_standard_input_that_is_not_utf8_is_named_so(runner):
    result = runner.invoke(main, ["moves", "ludo", "-"], input=b"game: ludo\nx: \x8c\n")
    assert result.exit_code == 1
    assert result.stderr == "<stdin>:1:1: file is not UTF-8 text (invalid start byte)\n"


def test_a_file_name_cannot_forge_an_error_line(runner, tmp_path):
    name = tmp_path / "pos\nb:1:1: fake.yaml"
    name.write_text("game: ukejalayer\nto_move: purple\n", encoding="utf-8")
    result = runner.invoke(main, ["moves", "ukejalayer", str(name)])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f'"{tmp_path}/pos\\nb:1:1: fake.yaml":')


def test_content_file_names_with_control_characters_are_refused(runner, tmp_path):
    folder = tmp_path / "puzzles" / "ukejalayer"
    folder.mkdir(parents=True)
    (folder / "p\x1b[31m.yaml").write_text("game: ukejalayer\n", encoding="utf-8")
    result = runner.invoke(main, ["check", "--root", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stdout == ('"puzzles/ukejalayer/p\\x1b[31m.yaml":1:1: the file name holds the '
                             "control character U+001B: rename the file (names are shown on "
                             "pages and in messages)\n")


@pytest.mark.parametrize("option, message", [
    ("medamagaeru.nosuch=1", "--set medamagaeru.nosuch=1: unknown rule parameter 'nosuch' "
     "(known: reposition_counts, capture_resets, captures_to_win, draw_plies_after_2_2)"),
    ("ludo.pieces=3", "--set ludo.pieces=3: rule parameter 'pieces':"),
])
def test_a_set_option_for_another_game_is_checked_too(runner, position_file, option, message):
    result = runner.invoke(main, ["moves", "ukejalayer", str(position_file), "--set", option])
    assert result.exit_code == 1
    assert result.stderr.startswith(message)
    assert len(result.stderr.splitlines()) == 1


def test_format_characters_are_refused_in_content_file_names_but_spaces_are_shown_escaped(
        runner, tmp_path):
    folder = tmp_path / "puzzles" / "ukejalayer"
    folder.mkdir(parents=True)
    (folder / "p\u202egnp.yaml").write_text("game: ukejalayer\n", encoding="utf-8")
    (folder / "問題\u3000一.yaml").write_text("game: ukejalayer\n", encoding="utf-8")
    result = runner.invoke(main, ["check", "--root", str(tmp_path)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert '"puzzles/ukejalayer/p\\u202egnp.yaml":1:1: the file name holds the control character ' \
           "U+202E: rename the file (names are shown on pages and in messages)" in lines
    assert [line for line in lines if line.startswith('"puzzles/ukejalayer/問題\\u3000一.yaml":')
            and "file name" not in line]


def test_ctrl_c_in_any_command_is_one_line_and_status_130(tmp_path):
    # banmen diff checks and draws for a while after its first progress line
    banmen = Path(sys.executable).parent / "banmen"
    process = subprocess.Popen(
        [str(banmen), "diff", "--root", str(Path(__file__).resolve().parent.parent), "--no-cache", "-j", "1", "--set",
         "ukejalayer.white_delay=2", "-o", str(tmp_path / "r.html")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # a shell's background job inherits SIGINT ignored; at a terminal it arrives
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert process.stderr.readline() == ("banmen diff: checking and drawing under today's "
                                             "rules\n")
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, err[-3000:]
    assert "Traceback" not in err and err.splitlines()[-1] == "banmen: interrupted"
    assert not (tmp_path / "r.html").exists()


def test_a_server_that_ignores_the_stop_is_killed_with_its_workers(tmp_path):
    # `mkdocs serve` stopped during its first build can hang in its shutdown; banmen gives
    # it STOP_GRACE seconds after passing the signal on, then kills its process group
    import os

    import banmen.cli as cli

    fake = tmp_path / "fake" / "mkdocs"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("", encoding="utf-8")
    (fake / "__main__.py").write_text(
        "import os, signal, sys, time\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "worker = os.fork()\n"  # a drawing worker of the build, in the same group
        "if worker == 0:\n    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "    time.sleep(600)\n    os._exit(0)\n"
        f"open({str(tmp_path / 'pids')!r}, 'w').write(f'{{os.getpid()}} {{worker}}')\n"
        "time.sleep(600)\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "fake"), *sys.path])}
    process = subprocess.Popen([sys.executable, "-m", "banmen.cli", "serve", "-a",
                                "127.0.0.1:0"], cwd=tmp_path, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (tmp_path / "pids").exists() or not (tmp_path / "pids").read_text():
        assert time.monotonic() < deadline and process.poll() is None, process.stderr.read()
    server, worker = map(int, (tmp_path / "pids").read_text().split())
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    process.communicate(timeout=cli.STOP_GRACE + 30)
    assert process.returncode == 128 + signal.SIGTERM
    assert cli.STOP_GRACE <= time.monotonic() - started < cli.STOP_GRACE + 20
    time.sleep(0.5)
    for pid in (server, worker):
        assert not Path(f"/proc/{pid}").exists() or \
            Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"


def test_check_counts_each_kind_in_singular_or_plural(runner, tmp_path):
    """The summary says "1 diagram", not "1 diagrams" (banmen.wording.counted)."""
    (tmp_path / "diagrams" / "suicide-checkers").mkdir(parents=True)
    (tmp_path / "diagrams" / "suicide-checkers" / "one.yaml").write_text(
        'game: suicide-checkers\nposition: {fen: "B:W23:B10"}\n', encoding="utf-8")
    result = runner.invoke(main, ["check", "--root", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert result.stderr == "ok: 1 diagram, 0 puzzles, 0 sequences, 0 lessons checked\n"


def test_check_counts_one_problem_in_the_singular(runner, tmp_path):
    (tmp_path / "diagrams" / "suicide-checkers").mkdir(parents=True)
    (tmp_path / "diagrams" / "suicide-checkers" / "bad.yaml").write_text(
        'game: suicide-checkers\nposition: {fen: "B:W33:B10"}\n', encoding="utf-8")
    result = runner.invoke(main, ["check", "--root", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr == "1 problem found\n"


def test_a_page_that_is_not_utf8_is_reported_where_its_first_bad_byte_stands(tmp_path):
    from mkdocs.exceptions import PluginError

    from banmen.site.plugin import BanmenPlugin

    (tmp_path / "docs").mkdir()
    page_file = tmp_path / "docs" / "bad.md"
    page_file.write_bytes("# 見出し\n\n駒は\xff".encode("utf-8").replace(b"\xc3\xbf", b"\xff"))
    from types import SimpleNamespace

    fake = SimpleNamespace(file=SimpleNamespace(abs_src_path=str(page_file)))
    plugin = BanmenPlugin()
    assert plugin.load_config({}) == ([], [])
    with pytest.raises(PluginError) as raised:
        plugin.on_page_read_source(fake, {"config_file_path": str(tmp_path / "mkdocs.yml")})
    assert str(raised.value) == ("banmen: docs/bad.md:3:3: file is not UTF-8 text "
                                 "(invalid start byte)")


def test_render_refuses_to_write_over_its_own_input(tmp_path):
    position = tmp_path / "p.yaml"
    text = ("game: ukejalayer\nto_move: white\nhands: {white: 0, black: 0}\n"
            "board: {c2: WBWW, b3: BW, d1: B}\n")
    position.write_text(text, encoding="utf-8")
    same = tmp_path / "sub" / ".." / "p.yaml"
    (tmp_path / "sub").mkdir()
    result = CliRunner().invoke(main, ["render", str(position), "-o", str(same)])
    assert result.exit_code == 1
    assert result.output == (f"-o {same}: that is FILE itself; give the SVG another name "
                             "(FILE would be overwritten)\n")
    assert position.read_text(encoding="utf-8") == text


def test_queries_gives_each_querys_first_paragraph_whole_without_code_marks():
    result = CliRunner().invoke(main, ["queries", "medamagaeru"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    at = lines.index("can_capture eyes:int target:int  -> boolean")
    summary = lines[at + 1]
    assert summary.startswith("    Whether a piece with eyes eyes may capture one with target eyes")
    assert "``" not in result.output
    assert summary.count("(") == summary.count(")")
