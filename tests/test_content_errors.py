"""The bad-content corpus: every file under tests/bad/ is broken in one way, and
tests/bad/EXPECTED.txt holds the exact lines `banmen check` must print for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from banmen.content.check import check_project
from banmen.content.errors import ContentErrors

BAD = Path(__file__).parent / "bad"
EXPECTED = (BAD / "EXPECTED.txt").read_text(encoding="utf-8").splitlines()
BAD_FILES = sorted(p.relative_to(BAD).as_posix() for p in BAD.glob("*/*/*.yaml"))


def _errors(paths=None) -> list[str]:
    with pytest.raises(ContentErrors) as caught:
        check_project(BAD, paths=paths)
    return [str(e) for e in caught.value.errors]


def test_the_corpus_is_large_enough():
    assert len(BAD_FILES) >= 15


def test_whole_corpus_gives_exactly_the_expected_lines():
    assert _errors() == EXPECTED


@pytest.mark.parametrize("name", BAD_FILES)
def test_each_file_fails_on_its_own_with_its_lines(name):
    expected = [line for line in EXPECTED if line.startswith(name + ":")]
    assert expected, f"{name} has no expected error"
    assert _errors([BAD / name]) == expected


def test_every_line_has_file_line_column_and_message():
    for line in EXPECTED:
        source, line_no, column, message = line.split(":", 3)
        assert (BAD / source).is_file()
        assert int(line_no) >= 1 and int(column) >= 1
        assert message.startswith(" ") and len(message) > 5


def test_rules_file_errors_are_located(tmp_path):
    (tmp_path / "rules.yaml").write_text("ukejalayer:\n  white_delay: -1\nchess: {}\n",
                                         encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        check_project(tmp_path)
    assert [str(e) for e in caught.value.errors] == [
        "rules.yaml:2:16: rule parameter 'white_delay': expected greater than or equal to 0, got -1",
        "rules.yaml:3:1: unknown game 'chess' (known: ukejalayer, medamagaeru, suicide-checkers, "
        "babuschka)",
    ]
