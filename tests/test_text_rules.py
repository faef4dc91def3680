"""One rule for every authored text (issue 33, items 2 and 4): lone surrogates are refused at
their line, every text field of a content file follows the same link and image rule, and the
play protocol's errors never echo a character that is not valid UTF-8. Fast: no site build."""

from __future__ import annotations

import json

import pytest

from banmen import play
from banmen.content.errors import ContentError
from banmen.content.models import LessonFile, PuzzleFile, authored_texts
from banmen.content.yamlmarks import load_marked_text
from banmen.content.texts import text_problems


def test_a_lone_surrogate_in_any_text_is_refused_at_its_line():
    with pytest.raises(ContentError) as caught:
        load_marked_text('game: ukejalayer\ntitle: "x\\ud800y"\n', "p.yaml")
    assert str(caught.value) == (
        "p.yaml:2:8: the text holds the lone surrogate U+D800 (half of a UTF-16 pair, not a "
        "character; it cannot be written as UTF-8): remove it, or write the whole character")
    # a key too, and a low surrogate on its own
    with pytest.raises(ContentError) as caught:
        load_marked_text('labels:\n  "\\udc80": x\n', "d.yaml")
    assert str(caught.value).startswith("d.yaml:2:3: the text holds the lone surrogate U+DC80 ")


def test_a_surrogate_pair_names_the_character_it_stands_for():
    with pytest.raises(ContentError) as caught:
        load_marked_text('title: "a\\ud83d\\ude00"\n', "p.yaml")
    assert str(caught.value) == (
        "p.yaml:1:8: the text holds the surrogate pair U+D83D U+DE00 (UTF-16 halves, not "
        "characters): write the character itself, or the escape \\U0001F600")
    # the character written whole, or as one escape, is text like any other
    assert load_marked_text('title: "a\\U0001F600😀"\n', "p.yaml").data == {"title": "a😀😀"}


@pytest.mark.parametrize("request_value", [
    {"op": "start", "game": "x\ud800y"},
    {"op": "start", "game": "x\udbff"},  # a high surrogate with no low one after it
    {"op": "start", "game": "x\ude00\ud83d"},  # halves in the wrong order: two lone ones
])
def test_play_errors_never_echo_a_surrogate(request_value):
    answer = play.handle(json.dumps(request_value))
    answer.encode("utf-8")  # raises UnicodeEncodeError on a lone surrogate
    error = json.loads(answer)["error"]
    assert error.startswith(("unknown game 'x\\ud8", "unknown game 'x\\udb", "unknown game 'x\\ude"))
    assert "\n" not in error and error.isprintable()


def test_play_error_with_a_surrogate_is_escaped_exactly():
    answer = play.handle(json.dumps({"op": "start", "game": "x\ud800y"}))
    assert json.loads(answer) == {"error": "unknown game 'x\\ud800y' (known: babuschka, "
                                           "ludo, medamagaeru, suicide-checkers, ukejalayer)"}


def test_images_are_refused_whatever_their_address():
    assert text_problems("写真 ![盤](https://example.org/b.png) と ![i](p.png)") == [
        "image 'https://example.org/b.png': texts show no images (the page would leave it "
        "out); draw a board with a diagram file, or link to the image with [text](address)",
        "image 'p.png': texts show no images (the page would leave it out); draw a board with "
        "a diagram file, or link to the image with [text](address)"]
    assert text_problems("![x](javascript:alert(1)) [ok](rules.md) [w](https://x.org)") == [
        "image 'javascript:alert(1)': only http(s) links and links to pages of this site are "
        "allowed"]


LESSON = {
    "game": "ukejalayer", "title": "t", "intro": "i",
    "steps": [{"text": "s", "done": "d", "expect": {"moves": ["a1b1"]},
               "feedback": {"a1c1": "f"}, "claim": "win"},
              {"text": "q", "expect": {"kind": "choice", "query": "winner", "value": "white",
                                       "options": [{"label": "白", "value": "white"},
                                                   {"label": "黒", "value": "black"}]}}],
}


def test_every_text_a_reader_sees_is_found_by_its_type():
    texts = authored_texts(LessonFile.model_validate(LESSON))
    assert texts == [(("title",), "t", True), (("intro",), "i", False),
                     (("steps", 0, "text"), "s", False),
                     (("steps", 0, "feedback", "a1c1"), "f", True),
                     (("steps", 0, "done"), "d", False),
                     (("steps", 1, "text"), "q", False),
                     (("steps", 1, "expect", "options", 0, "label"), "白", True),
                     (("steps", 1, "expect", "options", 1, "label"), "黒", True),
                     (("steps", 1, "done"), "", False)]
    puzzle = PuzzleFile.model_validate({
        "game": "ukejalayer", "title": "t", "question": "q", "explanation": "e",
        "hints": ["h"], "answer": {"kind": "move", "plies": 1,
                                   "solution": [{"move": "a1b1", "comment": "c"}]}})
    assert authored_texts(puzzle) == [(("title",), "t", True), (("question",), "q", False),
                                      (("answer", "solution", 0, "comment"), "c", True),
                                      (("hints", 0), "h", False),
                                      (("explanation",), "e", False)]


def test_a_link_in_a_plain_text_is_refused_as_it_would_show_as_written():
    assert text_problems("[規則](rules.md) と <https://x.org>", plain=True) == [
        "link to 'rules.md': this text is shown as written, so the link would show as its "
        "Markdown; put it in a Markdown text (question, explanation, hints, step text)",
        "link to 'https://x.org': this text is shown as written, so the link would show as "
        "its Markdown; put it in a Markdown text (question, explanation, hints, step text)"]
    assert text_problems("[規則](rules.md) と <https://x.org>") == []
    # emphasis is dropped from plain texts, not refused
    assert text_problems("**c2** の山", plain=True) == []


# ---- an element the search leaves out must end (issue 33, item 4)

from banmen.content.errors import ContentErrors  # noqa: E402
from banmen.site.build import SiteBuild  # noqa: E402


def _page_errors(markdown: str) -> list[str]:
    try:
        SiteBuild(None, progress=False).expand(markdown, "docs/p.md")
    except ContentErrors as err:
        return [str(e) for e in err.errors]
    return []


def test_an_unclosed_search_exclusion_is_an_error_at_its_start_tag():
    assert _page_errors("# 題\n\n前の文。\n\n  <div class='x' data-search-exclude>\n\n隠す\n\n"
                        "後の文も検索から消える。\n") == [
        "docs/p.md:5:3: the <div> element marked data-search-exclude is not closed: the "
        "search would leave out all of the page after it; expected </div> where it ends"]
    # nested elements of the same name are counted; the outer one is the one left open
    assert _page_errors("<SECTION DATA-SEARCH-EXCLUDE><section>a</section>\n") == [
        "docs/p.md:1:1: the <section> element marked data-search-exclude is not closed: the "
        "search would leave out all of the page after it; expected </section> where it ends"]
    # a closing tag in code or in a comment closes nothing
    assert len(_page_errors("<div data-search-exclude>\n`</div>`\n<!-- </div> -->\n")) == 1
    assert len(_page_errors("<div data-search-exclude>\n```\n</div>\n```\n")) == 1


@pytest.mark.parametrize("markdown", [
    "<div data-search-exclude markdown>\n<div>x</div>\n\n**隠す**\n</div>\n\n本文\n",
    "<br data-search-exclude>\n<input data-search-exclude/>\n<p data-search-exclude/>\n",
    "`<div data-search-exclude>` の書き方\n\n```html\n<div data-search-exclude>\n```\n",
    "<!-- <div data-search-exclude> -->\n<p title='data-search-exclude'>本文</p>\n",
])
def test_closed_void_shown_or_commented_exclusions_are_fine(markdown):
    assert _page_errors(markdown) == []


def test_a_file_name_with_a_byte_that_is_not_utf8_is_refused(tmp_path):
    import os

    from banmen.content.check import check_project
    from banmen.content.errors import ContentErrors

    folder = tmp_path / "puzzles" / "ukejalayer"
    folder.mkdir(parents=True)
    # Python reads the byte 0xff of a name as the lone surrogate U+DCFF
    with open(os.fsencode(folder) + b"/p\xff.yaml", "w", encoding="utf-8") as out:
        out.write("game: ukejalayer\ntitle: t\nquestion: q\nexplanation: e\n"
                  "answer: {kind: number, query: movable_pieces, value: 0}\n")
    with pytest.raises(ContentErrors) as caught:
        check_project(tmp_path)
    assert [str(e) for e in caught.value.errors] == [
        '"puzzles/ukejalayer/p\\udcff.yaml":1:1: the file name holds the byte 0xFF, which is '
        "not UTF-8: rename the file (names are shown on pages and in messages)"]
