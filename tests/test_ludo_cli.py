"""The command line with ludo positions: moves for the stated roll, queries, --set, and bad
positions reported as one located line (shared/rules/ludo.md; guide/positions.md)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from banmen.cli import main

DESIGN_EXAMPLE = """\
game: ludo
preset: aeroplane
colours: [red, blue]
to_move: red
roll: 2
pieces: {red: [yard, 12, 30, goal], blue: [yard, yard, 5, 55]}
"""


@pytest.fixture
def runner():
    return CliRunner()


def test_moves_lists_the_moves_for_the_stated_roll(runner):
    result = runner.invoke(main, ["moves", "ludo", "-"], input=DESIGN_EXAMPLE)
    assert (result.exit_code, result.output) == (0, "r2 12-30\nr3 30-32\n")


def test_moves_without_a_roll_are_the_six_rolls(runner):
    text = DESIGN_EXAMPLE.replace("roll: 2\n", "")
    result = runner.invoke(main, ["moves", "ludo", "-"], input=text)
    assert result.output == "".join(f"roll {n}\n" for n in range(1, 7))


def test_set_changes_a_parameter(runner):
    text = DESIGN_EXAMPLE.replace("roll: 2", "roll: 5")
    result = runner.invoke(main, ["moves", "ludo", "-"], input=text)
    assert result.output == "r2 12-17\nr3 30-35\n"
    result = runner.invoke(main, ["moves", "ludo", "-", "--set", "enter_on=[5, 6]"], input=text)
    assert result.output == "r1 yard-0\nr2 12-17\nr3 30-35\n"


def test_query_and_perft(runner):
    result = runner.invoke(main, ["query", "ludo", "landing", "-", "r2"], input=DESIGN_EXAMPLE)
    assert (result.exit_code, result.output) == (0, "30\n")
    result = runner.invoke(main, ["perft", "ludo", "-", "2"], input=DESIGN_EXAMPLE)
    # r2 12-30 and r3 30-32 both end the turn: six rolls for blue after each
    assert result.stdout.splitlines()[-1] == "12"


@pytest.mark.parametrize("line, replacement, where, message", [
    ("roll: 2", "roll: 7", "5:7", "roll 7: expected 1-6"),
    ("colours: [red, blue]", "colours: [red, green]", "3:16",
     "green is not seated with 2 colours: expected red, blue"),
    ("blue: [yard, yard, 5, 55]", "blue: [yard, yard, 5, 58]", "6:59",
     "progress 58 is past the goal: expected yard, 0-56 or goal (0 take-off, 1-50 loop, "
     "51-55 home column, 56 goal)"),
    ("red: [yard, 12, 30, goal]", "red: [yard, 12, 30]", "6:15", "red has 3 pieces: expected 4"),
    ("roll: 2", "roll: 2\nsixes: 3", "6:8", "sixes 3: expected 0-2"),
])
def test_bad_positions_are_one_located_line(runner, tmp_path, line, replacement, where, message):
    path = tmp_path / "bad.yaml"
    path.write_text(DESIGN_EXAMPLE.replace(line, replacement), encoding="utf-8")
    result = runner.invoke(main, ["moves", "ludo", str(path)])
    assert result.exit_code == 1
    assert result.output == f"{path}:{where}: {message}\n"


def test_an_illegal_query_move_is_one_line(runner):
    result = runner.invoke(main, ["query", "ludo", "send_backs", "-", "r2 12-14"],
                           input=DESIGN_EXAMPLE)
    assert result.exit_code == 1
    assert result.output == "argument 'move': r2 12 with a 2 ends on 30, not 14\n"


def test_the_documented_example_reads(runner):
    from pathlib import Path

    guide = (Path(__file__).resolve().parent.parent / "guide" / "positions.md").read_text(
        encoding="utf-8")
    start = guide.index("game: ludo\n")
    example = guide[start:guide.index("```", start)]
    result = runner.invoke(main, ["moves", "ludo", "-"], input=example)
    assert (result.exit_code, result.output) == (0, "r2 12-30\nr3 30-32\n")
