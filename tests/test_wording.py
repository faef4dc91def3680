"""The command line's English counts (banmen/wording.py)."""

import pytest

from banmen.wording import counted


@pytest.mark.parametrize(("number", "expected"), [
    (0, "0 boards"), (1, "1 board"), (2, "2 boards"), (1156, "1156 boards"), (-1, "-1 boards"),
])
def test_a_count_takes_the_singular_only_for_one(number, expected):
    assert counted(number, "board") == expected


def test_an_irregular_plural_is_given():
    assert counted(2, "bus", "buses") == "2 buses"
    assert counted(1, "bus", "buses") == "1 bus"
