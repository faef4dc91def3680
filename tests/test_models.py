"""Content models: YAML marks, validation messages, and the exported JSON Schemas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from banmen.content.errors import ContentError
from banmen.content.models import PuzzleFile
from banmen.content.schemas import COURSE_SCHEMA_FILE, SCHEMA_FILES, course_schema_text, schema_text
from banmen.content.validate import ContentErrorGroup, validate
from banmen.content.yamlmarks import Mark, load_marked_text

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("kind", sorted(SCHEMA_FILES))
def test_committed_schemas_are_up_to_date(kind):
    committed = (ROOT / "schemas" / SCHEMA_FILES[kind]).read_text(encoding="utf-8")
    assert committed == schema_text(kind), "run: banmen schema"


def test_the_committed_course_schema_is_up_to_date_and_every_course_satisfies_it():
    import jsonschema
    import yaml

    committed = (ROOT / "schemas" / COURSE_SCHEMA_FILE).read_text(encoding="utf-8")
    assert committed == course_schema_text(), "run: banmen schema"
    schema = json.loads(committed)
    courses = sorted((ROOT / "courses").glob("*.yaml"))
    assert courses
    for path in courses:
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), schema)
    with pytest.raises(jsonschema.ValidationError, match="'lesson' was unexpected"):
        jsonschema.validate({"game": "ludo", "lessons": ["first-game"], "lesson": []}, schema)


def test_marks_point_at_values_and_keys():
    doc = load_marked_text("game: x\nboard: {c2: WBWW, 43: G1}\nlist:\n  - 1\n  - a: 2\n", "t")
    assert doc.data == {"game": "x", "board": {"c2": "WBWW", "43": "G1"}, "list": [1, {"a": 2}]}
    assert doc.marks[("board", "43")] == Mark(2, 23)
    assert doc.key_marks[("board", "43")] == Mark(2, 19)
    assert doc.marks[("list", 1, "a")] == Mark(5, 8)
    assert doc.mark_of(("list", 1, "missing")) == Mark(5, 5)


@pytest.mark.parametrize("text, message", [
    ("a: 1\na: 2\n", "t.yaml:2:1: duplicate key 'a' (first at line 1, column 1)"),
    ("a: [1\n", "t.yaml:2:1: invalid YAML: expected ',' or ']', but got '<stream end>'"),
    ("a: !!python/object:os.system x\n", "t.yaml:1:4: unsupported YAML value: could not "
     "determine a constructor for the tag 'tag:yaml.org,2002:python/object:os.system'"),
    ("<<: {a: 1}\n", "t.yaml:1:1: YAML merge keys (<<) are not supported here"),
])
def test_yaml_errors_are_located(text, message):
    with pytest.raises(ContentError) as caught:
        load_marked_text(text, "t.yaml")
    assert str(caught.value) == message


def test_validation_errors_map_to_lines():
    text = ("game: ukejalayer\ntitle: x\nquestion: q\nexplanation: e\nposiiton: {}\n"
            "answer:\n  kind: number\n  query: movable_pieces\n  value: three\nhints: [a, [3]]\n")
    with pytest.raises(ContentErrorGroup) as caught:
        validate(load_marked_text(text, "p.yaml"), PuzzleFile)
    assert [str(e) for e in caught.value.errors] == [
        "p.yaml:9:10: answer.value: input should be a valid integer, got 'three'",
        "p.yaml:10:12: hints[1]: input should be a valid string",
        "p.yaml:5:1: unknown field 'posiiton' (check the spelling; see the schema in schemas/)",
    ]


def _content_files():
    for kind in SCHEMA_FILES:
        for path in sorted((ROOT / kind).glob("*/*.yaml")):
            yield kind, path


@pytest.mark.parametrize("kind, path", list(_content_files()),
                         ids=lambda v: v if isinstance(v, str) else v.name)
def test_every_content_file_satisfies_its_schema(kind, path):
    import jsonschema
    import yaml

    schema = json.loads((ROOT / "schemas" / SCHEMA_FILES[kind]).read_text(encoding="utf-8"))
    jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), schema)


@pytest.mark.parametrize("position, field", [
    ({"to_move": "white", "hands": {"white": 0, "black": 0}, "board": {"e5": "W"}}, "e5"),
    ({"to_move": "white", "hands": {"white": 0, "black": 0}, "board": {"a1": "WX"}}, "WX"),
    ({"to_move": "red", "hands": {"white": 0, "black": 0}}, "red"),
])
def test_schema_rejects_a_bad_ukejalayer_position(position, field):
    import jsonschema

    schema = json.loads((ROOT / "schemas" / "puzzle.schema.json").read_text(encoding="utf-8"))
    document = {"game": "ukejalayer", "title": "t", "question": "q", "explanation": "e",
                "answer": {"kind": "number", "query": "move_count", "value": 1},
                "position": position}
    with pytest.raises(jsonschema.ValidationError) as caught:
        jsonschema.validate(document, schema)
    assert field in str(caught.value.message)


def test_choice_values_write_lists_joined_and_empty_lists_as_none():
    from banmen.content.answers import choice_value

    assert choice_value(["L g7-f8", "M f7-f8"]) == "L g7-f8, M f7-f8"
    assert choice_value([]) == "none"
    assert (choice_value(True), choice_value(False), choice_value(3)) == ("true", "false", "3")
