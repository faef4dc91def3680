"""Drawing options (issue 33, item 3): every file's ``options`` is checked against the options
the game's renderer reads; an unknown option or a value it does not take is a located
error. Fast: no site build, no drawing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banmen.content.check import check_single_diagram
from banmen.content.errors import ContentErrors
from banmen.content.yamlmarks import load_marked_text
from banmen.game import game_ids
from banmen.render import renderer
from banmen.render.options import drawing_options, option_problems


@pytest.mark.parametrize("game_id", game_ids())
def test_the_table_names_exactly_the_options_each_renderer_reads(game_id):
    module = renderer(game_id)
    source = Path(module.__file__).read_text(encoding="utf-8")
    read = set(re.findall(r"options\.get\(\"(\w+)\"", source))
    assert read and read == set(module.OPTIONS) == set(drawing_options(game_id))
    # and each is documented in the renderer's docstring
    assert all(f"``{name}``" in source for name in read)


@pytest.mark.parametrize("game_id, options, problems", [
    ("ukejalayer", {"nosuch": 1, "coordinates": "maybe"}, [
        ("nosuch", True, "unknown drawing option 'nosuch' for ukejalayer (known: coordinates, "
                         "info)"),
        ("coordinates", False, "drawing option 'coordinates': expected true or false, got "
                               "'maybe'")]),
    ("babuschka", {"view": "side", "marks": 1, "result": None}, [
        ("view", False, "drawing option 'view': expected 'table' or 'cutaway', got 'side'"),
        ("marks", False, "drawing option 'marks': expected true or false, got 1"),
        ("result", False, "drawing option 'result': expected true or false, got nothing (null)")]),
    ("medamagaeru", {"cycle": 1, "info": [True]}, [
        ("cycle", False, "drawing option 'cycle': expected true, false, 'capture' or "
                         "'promotion', got 1"),
        ("info", False, "drawing option 'info': expected true or false, got a list")]),
    ("ludo", {"numbers": "purple", "info": "x" * 100}, [
        ("numbers", False, "drawing option 'numbers': expected 'red', 'yellow', 'blue' or "
                           "'green', got 'purple'"),
        ("info", False, "drawing option 'info': expected true or false, got a text of 100 "
                        "characters")]),
    ("suicide-checkers", {"numbers": False, "info": True, "result": False}, []),
    ("medamagaeru", {"cycle": "promotion", "coordinates": False}, []),
])
def test_options_are_checked_by_name_and_value(game_id, options, problems):
    assert option_problems(game_id, options) == problems


def test_render_refuses_a_bad_option_at_its_line():
    document = load_marked_text("game: ukejalayer\nposition: {to_move: white, hands: "
                                "{white: 1, black: 1}, board: {}}\noptions:\n  coordinate: no\n"
                                "  info: 'false'\n", "d.yaml")
    with pytest.raises(ContentErrors) as caught:
        check_single_diagram(document)
    # 'no' is text in YAML 1.2: reported as ambiguous first, as every free field
    assert [str(e) for e in caught.value.errors] == [
        "d.yaml:4:15: ambiguous YAML value no: YAML 1.1 reads it as false, YAML 1.2 as the "
        "text 'no'; quote it if it is text, else write it unambiguously"]
    document = load_marked_text("game: ukejalayer\noptions:\n  coordinate: false\n"
                                "  info: 'false'\nmove: a1b1\n", "d.yaml")
    with pytest.raises(ContentErrors) as caught:
        check_single_diagram(document)
    assert [str(e) for e in caught.value.errors] == [
        "d.yaml:3:3: unknown drawing option 'coordinate' for ukejalayer (known: coordinates, "
        "info)",
        "d.yaml:4:9: drawing option 'info': expected true or false, got 'false'",
        # every error of the file: the move is checked too (on the start position)
        "d.yaml:5:7: move 'a1b1': a1 has no white piece on top, cannot lose 1"]
