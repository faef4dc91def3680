"""Courses and rules coverage (banmen/content/course.py, `banmen coverage`, `banmen check`):
the sections of a rules page, the steps' `covers`, the course file's order and marks, with
the exact messages for every mistake; and the committed courses: every game has at least
three lessons and every rules section practised or marked."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from banmen.cli import main
from banmen.content.course import project_coverage, rules_sections
from conftest import ROOT

RULES = """# ウケジャレイヤーのルール

## 召喚 {#summon}

手駒を置く。

## 移動 {#move}

### 1マスずつ {#step}

```
## 見出しではない {#code}
```

### 連携 {#link}

## まちがえやすいところ

## よくある質問 {#faq}
"""

LESSON = """game: ukejalayer
title: テスト
intro: はじめに
steps:
  - text: 召喚のステップ
    covers: [summon]
  - text: 移動のステップ
    covers: [step, move, nothing]
"""


def _project(tmp_path: Path, course: str | None = None, lesson: str = LESSON) -> Path:
    (tmp_path / "docs" / "ukejalayer").mkdir(parents=True)
    (tmp_path / "docs" / "ukejalayer" / "rules.md").write_text(RULES, encoding="utf-8")
    (tmp_path / "lessons" / "ukejalayer").mkdir(parents=True)
    (tmp_path / "lessons" / "ukejalayer" / "basics.yaml").write_text(lesson, encoding="utf-8")
    if course is not None:
        (tmp_path / "courses").mkdir()
        (tmp_path / "courses" / "ukejalayer.yaml").write_text(course, encoding="utf-8")
    return tmp_path


def test_the_sections_are_the_headings_with_their_ids_and_leaves():
    found = [(s.ident, s.title, s.level, s.line, s.leaf) for s in rules_sections(RULES)]
    assert found == [("summon", "召喚", 2, 3, True), ("move", "移動", 2, 7, False),
                     ("step", "1マスずつ", 3, 9, True), ("link", "連携", 3, 15, True),
                     ("", "まちがえやすいところ", 2, 17, True), ("faq", "よくある質問", 2, 19, True)]


def test_covers_name_leaf_sections_of_the_rules_page(tmp_path):
    root = _project(tmp_path)
    _, (coverage,), errors = project_coverage(root, ["ukejalayer"])
    assert [str(e) for e in errors] == [
        "docs/ukejalayer/rules.md:17:1: section heading 'まちがえやすいところ' has no id: add "
        "one ({#some-id}) so that lesson steps can name it in 'covers'",
        "lessons/ukejalayer/basics.yaml:8:20: section 'move' has subsections: name the one "
        "practised (step, link)",
        "lessons/ukejalayer/basics.yaml:8:26: no section 'nothing' in docs/ukejalayer/rules.md "
        "(its sections: faq, link, step, summon)",
    ]
    assert coverage.covered == {"summon": ["lessons/ukejalayer/basics.yaml step 1"],
                                "step": ["lessons/ukejalayer/basics.yaml step 2"]}
    assert [s.ident for s in coverage.left] == ["link", "faq"]


def test_the_course_file_orders_the_lessons_and_marks_sections(tmp_path):
    root = _project(tmp_path, "game: ukejalayer\nlessons: [basics]\nnot_practised:\n"
                              "  faq: questions about rules practised elsewhere\n")
    courses, (coverage,), _ = project_coverage(root, ["ukejalayer"])
    assert courses["ukejalayer"].lessons == ["ukejalayer/basics"]
    assert coverage.marked == {"faq": "questions about rules practised elsewhere"}
    assert [s.ident for s in coverage.left] == ["link"]


@pytest.mark.parametrize(("course", "message"), [
    ("game: ukejalayer\nlessons: [basics, extra]\n",
     "courses/ukejalayer.yaml:2:19: no lesson 'extra': expected one of the files in "
     "lessons/ukejalayer/ (basics)"),
    ("game: ukejalayer\nlessons: [basics, basics]\n",
     "courses/ukejalayer.yaml:2:19: lesson 'basics' is listed twice"),
    ("game: medamagaeru\nlessons: [basics]\n",
     "courses/ukejalayer.yaml:1:7: game 'medamagaeru' does not match the file name "
     "(expected 'ukejalayer')"),
    ("game: ukejalayer\nlessons: [basics]\nnot_practised: {summon: no reason}\n",
     "courses/ukejalayer.yaml:3:17: section 'summon' is marked not practised, but "
     "lessons/ukejalayer/basics.yaml step 1 practises it: remove the mark"),
    ("game: ukejalayer\nlessons: [basics]\nnot_practised: {rules: x}\n",
     "courses/ukejalayer.yaml:3:17: no section 'rules' in docs/ukejalayer/rules.md (its "
     "sections: faq, link, step, summon)"),
])
def test_a_wrong_course_file_is_an_error_at_its_place(tmp_path, course, message):
    root = _project(tmp_path, course)
    _, _, errors = project_coverage(root, ["ukejalayer"])
    assert message in [str(e) for e in errors]


def test_a_lesson_left_out_of_the_course_is_named(tmp_path):
    root = _project(tmp_path, "game: ukejalayer\nlessons: [basics]\n")
    (root / "lessons" / "ukejalayer" / "more.yaml").write_text(LESSON, encoding="utf-8")
    _, _, errors = project_coverage(root, ["ukejalayer"])
    assert "courses/ukejalayer.yaml:2:10: lessons/ukejalayer/more.yaml is not in the course: " \
           "add it to 'lessons' where the reader takes it" in [str(e) for e in errors]


def test_a_heading_id_used_twice_is_an_error_at_the_second(tmp_path):
    root = _project(tmp_path)
    (root / "docs" / "ukejalayer" / "rules.md").write_text(
        RULES.replace("### 連携 {#link}", "### 連携 {#step}"), encoding="utf-8")
    _, _, errors = project_coverage(root, ["ukejalayer"])
    assert [str(e) for e in errors] == [
        "docs/ukejalayer/rules.md:15:1: section id 'step' is used twice (lines 9 and 15): "
        "give each heading its own id"]


def test_a_section_named_twice_in_one_step_is_an_error(tmp_path):
    root = _project(tmp_path, lesson=LESSON.replace("[summon]", "[summon, summon]"))
    _, _, errors = project_coverage(root, ["ukejalayer"])
    assert ("lessons/ukejalayer/basics.yaml:6:22: section 'summon' is named twice in this "
            "step's covers") in [str(e) for e in errors]


def test_sections_named_without_a_rules_page_are_an_error(tmp_path):
    root = _project(tmp_path)
    (root / "docs" / "ukejalayer" / "rules.md").unlink()
    _, _, errors = project_coverage(root, ["ukejalayer"])
    assert [str(e) for e in errors] == [
        "lessons/ukejalayer/basics.yaml:6:14: names rules-page sections, but "
        "docs/ukejalayer/rules.md cannot be read"]


def test_a_course_file_of_no_game_or_not_a_file_is_an_error(tmp_path):
    root = _project(tmp_path, "game: ukejalayer\nlessons: [basics]\n")
    (root / "courses" / "nosuch.yaml").write_text("game: nosuch\n", encoding="utf-8")
    _, _, errors = project_coverage(root, ["ukejalayer"])
    assert str(errors[0]).startswith("courses/nosuch.yaml:1:1: no game 'nosuch': a course file "
                                     "is named after its game (")
    (root / "courses" / "ukejalayer.yaml").unlink()
    (root / "courses" / "ukejalayer.yaml").mkdir()
    _, _, errors = project_coverage(root, ["ukejalayer"])
    assert ("courses/ukejalayer.yaml:1:1: not a regular file: a course is a YAML file in "
            "courses/") in [str(e) for e in errors]


GOOD = """game: ukejalayer
title: テスト
intro: はじめに
steps:
  - text: 召喚のステップ（手ほどきは問題で終わってもよい：claim はいらない）
    expect: {kind: number, query: movable_pieces, value: 0}
    covers: [summon]
"""


def test_banmen_coverage_prints_the_sections_left_and_exits_1(tmp_path):
    root = _project(tmp_path, "game: ukejalayer\nlessons: [basics]\nnot_practised: {faq: x}\n",
                    GOOD)
    rules = RULES.replace("## まちがえやすいところ\n", "")
    (root / "docs" / "ukejalayer" / "rules.md").write_text(rules, encoding="utf-8")
    result = CliRunner().invoke(main, ["coverage", "ukejalayer", "--root", str(root)])
    assert result.exit_code == 1
    assert result.stdout == ("ukejalayer: 1/4 sections practised, 1 marked not practisable\n"
                             "  not practised: step (1マスずつ) docs/ukejalayer/rules.md:9\n"
                             "  not practised: link (連携) docs/ukejalayer/rules.md:15\n")
    assert result.stderr == "2 sections left\n"
    # every section practised or marked: exit 0
    done = GOOD.replace("covers: [summon]", "covers: [summon, step, link]")
    (root / "lessons" / "ukejalayer" / "basics.yaml").write_text(done, encoding="utf-8")
    result = CliRunner().invoke(main, ["coverage", "--root", str(root)])
    assert (result.exit_code, result.stdout) == (
        0, "ukejalayer: 3/4 sections practised, 1 marked not practisable\n")


def test_banmen_check_warns_about_sections_no_step_practises(tmp_path):
    root = _project(tmp_path, None, GOOD)
    result = CliRunner().invoke(main, ["check", "--root", str(root), str(root / "lessons")])
    assert result.exit_code == 1  # the heading without an id
    assert result.stdout.splitlines()[0] == (
        "docs/ukejalayer/rules.md:17:1: section heading 'まちがえやすいところ' has no id: add "
        "one ({#some-id}) so that lesson steps can name it in 'covers'")
    rules = RULES.replace("## まちがえやすいところ\n", "")
    (root / "docs" / "ukejalayer" / "rules.md").write_text(rules, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--root", str(root), str(root / "lessons")])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "docs/ukejalayer/rules.md:9:1: warning: section 'step' (1マスずつ) is practised by no "
        "lesson step: name it in a step's 'covers', or under 'not_practised' in "
        "courses/ukejalayer.yaml with the reason",
        "docs/ukejalayer/rules.md:15:1: warning: section 'link' (連携) is practised by no "
        "lesson step: name it in a step's 'covers', or under 'not_practised' in "
        "courses/ukejalayer.yaml with the reason",
        "docs/ukejalayer/rules.md:18:1: warning: section 'faq' (よくある質問) is practised by no "
        "lesson step: name it in a step's 'covers', or under 'not_practised' in "
        "courses/ukejalayer.yaml with the reason",
        "ok: 0 diagrams, 0 puzzles, 0 sequences, 1 lesson checked",
    ]


def test_a_covers_id_must_be_an_id():
    from banmen.content.models import LessonStep

    with pytest.raises(Exception, match="should match pattern"):
        LessonStep(text="x", covers=["Not An Id"])


# --------------------------------------------------------------------------- the site's courses

GAMES = ["ukejalayer", "medamagaeru", "suicide-checkers", "babuschka", "ludo"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_course_of_three_lessons_or_more(game):
    courses, _, errors = project_coverage(ROOT, [game])
    assert errors == []
    assert len(courses[game].lessons) >= 3
    assert courses[game].lessons[0] == f"{game}/first-game"


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_section_is_practised_or_marked(game):
    _, (coverage,), errors = project_coverage(ROOT, [game])
    assert errors == []
    assert [s.ident for s in coverage.left] == []
    # most sections are practised on the board, not marked away
    assert len(coverage.covered) >= 2 * len(coverage.marked), coverage.marked
