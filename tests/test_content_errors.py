"""The bad-content corpus: every file under tests/bad/ is broken in one way, and
tests/bad/EXPECTED.txt holds the exact lines `banmen check` must print for it."""

from __future__ import annotations

import re

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
        "rules.yaml:3:1: unknown game 'chess' (known: babuschka, ludo, medamagaeru, suicide-checkers, "
        "ukejalayer)",
    ]


# ---- hostile input beyond the corpus (each class of issue 10 at its root)

import re  # noqa: E402

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from banmen import analysis  # noqa: E402
from banmen.content.yamlmarks import MAX_FILE_BYTES, load_marked_text  # noqa: E402

POSITION = ("position:\n  to_move: white\n  hands: {white: 0, black: 0}\n"
            "  board: {c2: WBWW, b3: BW, d1: B}\n")


def _project_errors(root: Path, relative: str, text: str) -> list[str]:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        check_project(root, paths=[path])
    return [str(e) for e in caught.value.errors]


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path):
    text = "game: ukejalayer\ntitle: " + "あ" * (MAX_FILE_BYTES // 3 + 10) + "\n"
    assert _project_errors(tmp_path, "puzzles/ukejalayer/huge.yaml", text) == [
        f"puzzles/ukejalayer/huge.yaml:1:1: file too large (more than {MAX_FILE_BYTES} bytes)"]


def test_squares_labels_and_text_keep_the_characters_written(tmp_path):
    path = tmp_path / "diagrams" / "ukejalayer" / "labels.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("game: ukejalayer\ncaption: 010\n"
                    "labels: {a1: 010, b1: 0x0A, c1: yes, d1: 3:4, a2: NO, b2: 1e3}\n",
                    encoding="utf-8")
    diagram = check_project(tmp_path).diagrams["ukejalayer/labels"]
    assert diagram.caption == "010"
    assert dict(diagram.spec.labels) == {"a1": "010", "b1": "0x0A", "c1": "yes", "d1": "3:4",
                                         "a2": "NO", "b2": "1e3"}


@pytest.mark.parametrize("yaml_text, value", [
    ("a: 010", 10), ("a: 0x0A", 10), ("a: 0o17", 15), ("a: 3:4", "3:4"), ("a: yes", "yes"),
    ("a: on", "on"), ("a: NO", "NO"), ("a: 2024-01-02", "2024-01-02"), ("a: 1_000", "1_000"),
    ("a: true", True), ("a: ~", None), ("a: 1e3", 1000.0),
])
def test_scalars_follow_the_yaml_1_2_core_schema(yaml_text, value):
    data = load_marked_text(yaml_text, "t.yaml").data["a"]
    assert data == value and isinstance(data, type(value))
    assert (type(data) is bool) == (type(value) is bool)


def test_a_move_puzzle_beyond_the_solver_budget_fails_at_answer_plies(tmp_path, monkeypatch,
                                                                        capsys):
    monkeypatch.setattr(analysis, "SOLVER_NODES", 3000)
    monkeypatch.setattr(analysis, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(analysis.SolverBudget, "_CHECK_EVERY", 1000)
    text = ("game: ukejalayer\ntitle: 長い\nposition:\n  to_move: white\n"
            "  hands: {white: 4, black: 4}\n"
            "  board: {a1: W, b1: B, c1: WB, d2: BW, b3: W, c3: B}\n"
            "question: 勝てる？\nanswer:\n  kind: move\n  plies: 40\n"
            "  solution: [{move: a1a2, reply: b1b2}]\nexplanation: なし\n")
    errors = _project_errors(tmp_path, "puzzles/ukejalayer/long.yaml", text)
    assert len(errors) == 1
    assert re.fullmatch(
        r"puzzles/ukejalayer/long\.yaml:10:10: solver budget of 3000 nodes exceeded after "
        r"\d+\.\d s while proving puzzles/ukejalayer/long\.yaml, solution step 1 \(a win "
        r"within 40 plies\); lower answer\.plies or simplify the position", errors[0]), errors
    assert "banmen: proving puzzles/ukejalayer/long.yaml, solution step 1 (a win within 40 " \
        "plies): " in capsys.readouterr().err


def test_a_dead_javascript_reference_link_is_refused(tmp_path):
    text = ("game: ukejalayer\ntitle: t\n" + POSITION + "question: \"[x][r]\\n\\n[r]: "
            "javascript:alert(1)\"\nanswer: {kind: number, query: movable_pieces, value: 3}\n"
            "explanation: \"<a href='javascript:alert(2)'>raw</a> is text\"\n")
    assert _project_errors(tmp_path, "puzzles/ukejalayer/ref.yaml", text) == [
        "puzzles/ukejalayer/ref.yaml:7:11: link to 'javascript:alert(1)': only http(s) links "
        "and links to pages of this site are allowed"]


# ---- random scalars into every field kind: only success or located one-line errors

_TEMPLATE = ("game: ukejalayer\ntitle: {title}\nlevel: {level}\nrules: {{white_delay: {rule}}}\n"
             "position:\n  to_move: {side}\n  hands: {{white: {hand}, black: 0}}\n"
             "  board: {{c2: {stack}, {square}: B}}\nmoves: [{move}]\nhighlight: [{highlight}]\n"
             "labels: {{{label_square}: {label}}}\nquestion: {question}\n"
             "answer: {{kind: number, query: movable_pieces, value: {value}}}\n"
             "hints: [{hint}]\nexplanation: {explanation}\n")
_DEFAULTS = {"title": "t", "level": "1", "rule": "1", "side": "white", "hand": "0",
             "stack": "WBWW", "square": "d1", "move": "c2c3", "highlight": "c2",
             "label_square": "a1", "label": "x", "question": "q", "value": "3", "hint": "h",
             "explanation": "e"}
_TRICKY = ["010", "0x0A", "0o7", "3:4", "yes", "on", "NO", "~", "null", ".inf", ".nan", "-0",
           "1e3", "2024-01-02", "true", "''", '""', "[]", "{}", "[", "{", "*x", "&a x", "!!str 1",
           "!!python/object/apply:os.system [ls]", "!!binary aGk=", "<<", "=", "? x", "- x",
           "|", ">", "%", "@", "`", "#", "'\\x00'", "\"\\0\"", "\"\\u0007\"", "1" * 400,
           "'" + "ß" * 50 + "'", "c2", "e9", "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"]
_LINE = re.compile(r"^puzzles/ukejalayer/r\.yaml:\d+:\d+: \S.*$")


@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(field=st.sampled_from(sorted(_DEFAULTS)),
       scalar=st.one_of(st.sampled_from(_TRICKY), st.text(max_size=12),
                        st.integers(-10**6, 10**6).map(str),
                        st.floats(allow_nan=True).map(repr)))
def test_random_scalars_in_every_field_give_success_or_located_lines(tmp_path, field, scalar):
    text = _TEMPLATE.format(**{**_DEFAULTS, field: scalar})
    path = tmp_path / "puzzles" / "ukejalayer" / "r.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    try:
        check_project(tmp_path, paths=[path])
    except ContentErrors as err:
        for line in (str(e) for e in err.errors):
            assert _LINE.match(line) and "\n" not in line, line


_DIAGRAM = ("game: ukejalayer\ncaption: {caption}\nmove: {move}\nmove_arrow: {arrow}\n"
            "arrows: [[{a}, b1]]\noptions: {{coordinates: {option}}}\n")
_SEQUENCE = ("game: ukejalayer\ntitle: {title}\nintro: {intro}\n"
             "steps:\n  - {{move: {move}, comment: {comment}}}\n")
_PLACES = {"diagrams": (_DIAGRAM, {"caption": "c", "move": "a1", "arrow": "true", "a": "a1",
                                   "option": "false"}),
           "sequences": (_SEQUENCE, {"title": "t", "intro": "i", "move": "a1",
                                     "comment": "c"})}


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(kind_field=st.sampled_from([(k, f) for k, (_, d) in sorted(_PLACES.items())
                                   for f in sorted(d)]),
       scalar=st.one_of(st.sampled_from(_TRICKY), st.text(max_size=12),
                        st.integers(-10**6, 10**6).map(str)))
def test_random_scalars_in_diagram_and_sequence_fields(tmp_path, kind_field, scalar):
    kind, field = kind_field
    template, defaults = _PLACES[kind]
    path = tmp_path / kind / "ukejalayer" / "r.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(template.format(**{**defaults, field: scalar}), encoding="utf-8")
    try:
        check_project(tmp_path, paths=[path])
    except ContentErrors as err:
        for line in (str(e) for e in err.errors):
            assert re.match(rf"^{kind}/ukejalayer/r\.yaml:\d+:\d+: \S", line), line
            assert "\n" not in line, line
