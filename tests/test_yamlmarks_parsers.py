"""libyaml's parser under banmen's composer (banmen.content.yamlmarks): the same documents,
marks and YAML 1.1 ambiguities as PyYAML's pure-Python parser, and the pure parser's
messages for broken YAML."""

from __future__ import annotations

from pathlib import Path

import pytest

from banmen.content import yamlmarks
from banmen.content.errors import ContentError

ROOT = Path(__file__).resolve().parent.parent
TEXTS = [
    "a: yes\nb: 010\nc: 3:4\nd: 0x0A\ne: .inf\nf: ~\ng: -.5e3\nh: '010'\ni: \"yes\"",
    "board: {\"43\": G4, 45: W2+}\nlist: [1, 2.0, -0, on]\nblock: |\n  line one\n  line two\n",
    "a: &x [1, {b: 2}]\nc: *x\n",
    "a: \u2028",
    "- one\n- - two\n  - three\n",
]


def _read(text: str, fast: bool, monkeypatch) -> tuple:
    with monkeypatch.context() as m:
        if not fast:
            m.setattr(yamlmarks, "_FastCoreLoader", None)
        try:
            doc = yamlmarks.load_marked_text(text, "x.yaml")
        except ContentError as err:
            return ("error", str(err))
    return (repr(doc.data), doc.marks, doc.key_marks, repr(doc.ambiguous))


def _content_texts() -> list[str]:
    folders = ("diagrams", "puzzles", "sequences", "lessons", "tests/bad")
    return [p.read_text(encoding="utf-8", errors="replace") for folder in folders
            for p in sorted((ROOT / folder).rglob("*.yaml"))]


def test_libyaml_is_there_and_used():
    assert yamlmarks._FastCoreLoader is not None
    assert yamlmarks._fast_nodes("a: 1") is not None
    assert yamlmarks._fast_nodes("a: [1") is None  # a problem: the pure parser says what


@pytest.mark.parametrize("text", TEXTS)
def test_both_parsers_read_the_same_document(text, monkeypatch):
    assert _read(text, True, monkeypatch) == _read(text, False, monkeypatch)


def test_both_parsers_read_every_content_file_alike(monkeypatch):
    texts = _content_texts()
    assert len(texts) > 150
    for text in texts:
        assert _read(text, True, monkeypatch) == _read(text, False, monkeypatch), text[:200]


def test_ambiguous_plain_scalars_are_recorded_through_libyaml():
    doc = yamlmarks.load_marked_text("a: yes\nb: 010\nc: '010'\n", "x.yaml")
    assert doc.ambiguous == {("a",): ("yes", True), ("b",): ("010", 8)}


def test_broken_yaml_gets_the_pure_parser_s_message():
    with pytest.raises(ContentError) as info:
        yamlmarks.load_marked_text("a: [1, 2\nb: 3\n", "p.yaml")
    assert str(info.value) == "p.yaml:2:2: invalid YAML: expected ',' or ']', but got ':'"


@pytest.mark.parametrize("text", [
    "a: b\t", "- b\t", "a: 'b'\t", "a: b\t# c", "a:\t\n  b: 1", "[a,\tb]", "{a: 1,\tb: 2}",
    "a: [1,\n\t2]", "a: |#c\n  x", "a: >#\n  x", "a: {b: }", "? a", "---", "a: !", "- !",
    "a: 1\n---", "a: 1\n--- # c", "!::!", "!~...!!str a", "a:\n- ", "",  "# only a comment",
])
def test_texts_the_parsers_read_differently_get_the_pure_parser_s_reading(text, monkeypatch):
    assert _read(text, True, monkeypatch) == _read(text, False, monkeypatch)


def test_random_texts_read_the_same_through_both_parsers(monkeypatch):
    import random

    pieces = ["a", "b", "ゆ", "010", "yes", "3:4", "0x1F", "-", "- ", ": ", ":", "? ", "#", " #",
              "'", '"', "|", ">", "|-", ">+2", "!", "!!str ", "&x ", "*x", "[", "]", "{", "}",
              ", ", "\t", " ", "  ", "\n", "\n  ", "\n- ", "---\n", "...", "\\", "%", "@", "~"]
    rng = random.Random(19)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))
        assert _read(text, True, monkeypatch) == _read(text, False, monkeypatch), repr(text)
