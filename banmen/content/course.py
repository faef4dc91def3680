"""A game's course: its lessons in order, and which rules-page sections they practise.

``courses/<game>.yaml`` lists the game's lessons (``lessons/<game>/<id>.yaml``) in the order
the reader takes them, and the rules-page sections that no lesson step practises, each with
the reason::

    game: ukejalayer
    lessons: [first-game, linking, notation]
    not_practised:
      faq: restates rules practised in their own sections as questions and answers

A lesson step names the sections it practises (``covers: [summon, link-through]``): the ids of
the headings of ``docs/<game>/rules.md`` (``## 召喚 {#summon}``). The units of coverage are
the *leaf* sections: every ``###`` heading, and every ``##`` heading with no ``###`` under
it. :func:`course_coverage` says which leaf sections are practised, which are marked, and
which are neither (``banmen coverage``; ``banmen check`` warns about those).

Without a course file a game's course is its lessons in file-name order, nothing marked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

from pydantic import Field, StringConstraints

from banmen.content.course_data import COURSES_FOLDER, Course
from banmen.content.errors import ContentError, ContentErrors
from banmen.content.models import GameId, LessonFile, Strict
from banmen.content.validate import ContentErrorGroup, validate
from banmen.content.yamlmarks import load_marked_file

__all__ = ["COURSES_FOLDER", "Course", "CourseFile", "Coverage", "Section", "course_coverage",
           "load_course", "read_lessons", "rules_sections"]


#: A section or lesson id: lower-case ASCII words joined by hyphens.
_Ident = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$")]


class CourseFile(Strict):
    """``courses/<game>.yaml``: the order of a game's lessons and the rules-page sections
    that are not practised on the board, each with why."""

    game: GameId
    lessons: list[_Ident] = Field(
        min_length=1, description="the lesson files (lessons/<game>/<id>.yaml, without "
        ".yaml) in the order the reader takes them")
    not_practised: dict[_Ident, Annotated[str, StringConstraints(min_length=1)]] = Field(
        default_factory=dict, description="rules-page section id -> why no lesson step "
        "practises it")


@dataclass(frozen=True)
class Section:
    """One heading of a rules page.

    Attributes:
        ident: the heading's ``{#id}``, or ``""`` when it has none.
        title: the heading text without the attribute list.
        level: 2 or 3.
        line: its line in the page (1-based).
        leaf: a unit of coverage (a ``###``, or a ``##`` without ``###`` under it).
    """

    ident: str
    title: str
    level: int
    line: int
    leaf: bool


_HEADING = re.compile(r"^(#{2,3})\s+(.*?)\s*(?:\{([^}]*)\})?\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def rules_sections(markdown: str) -> list[Section]:
    """Return the ``##`` and ``###`` headings of a rules page in page order (headings inside
    fenced code are text, not headings).

    Args:
        markdown: the page's Markdown.

    Returns:
        The sections; ``ident`` is the ``#id`` of the heading's attribute list (``""``: none).
    """
    found: list[tuple[str, str, int, int]] = []
    fence = ""
    for number, line in enumerate(markdown.splitlines(), start=1):
        opened = _FENCE.match(line)
        if opened:
            fence = "" if fence == opened.group(1) else (fence or opened.group(1))
            continue
        match = None if fence else _HEADING.match(line)
        if match:
            attrs = match.group(3) or ""
            ident = next((a[1:] for a in attrs.split() if a.startswith("#")), "")
            found.append((ident, match.group(2), len(match.group(1)), number))
    sections = []
    for i, (ident, title, level, line) in enumerate(found):
        has_children = level == 2 and i + 1 < len(found) and found[i + 1][2] == 3
        sections.append(Section(ident, title, level, line, leaf=not has_children))
    return sections


def load_course(root: Path, game_id: str, lesson_names: list[str]) -> Course:
    """Read ``courses/<game>.yaml`` (if any) and check it against the game's lessons.

    Args:
        root: the project root.
        game_id: the game.
        lesson_names: the file names (without ``.yaml``) under ``lessons/<game>/``.

    Returns:
        The course; without a course file, the lessons in file-name order.

    Raises:
        ContentErrors: the file is not valid YAML or not a course of these lessons (a lesson
            listed that does not exist, a lesson file left out, another game), each error
            at its line and column.
    """
    relative = f"{COURSES_FOLDER}/{game_id}.yaml"
    path = root / relative
    if not path.exists() and not path.is_symlink():
        return Course(game_id, [f"{game_id}/{name}" for name in sorted(lesson_names)])
    if not path.is_file() or path.resolve().parent != path.parent.resolve():
        raise ContentErrors([ContentError(relative, 1, 1, "not a regular file: a course is a "
                                          "YAML file in courses/")])
    try:
        document = load_marked_file(path, relative)
        model = validate(document, CourseFile)
    except ContentError as err:
        raise ContentErrors(list(getattr(err, "errors", [err]))) from None
    except ContentErrorGroup as group:
        raise ContentErrors(group.errors) from None
    errors = []
    if model.game != game_id:
        errors.append(document.error(("game",), f"game '{model.game}' does not match the file "
                                     f"name (expected '{game_id}')"))
    known = ", ".join(sorted(lesson_names)) or "none"
    seen: set[str] = set()
    for i, name in enumerate(model.lessons):
        if name in seen:
            errors.append(document.error(("lessons", i), f"lesson '{name}' is listed twice"))
        elif name not in lesson_names:
            errors.append(document.error(("lessons", i), f"no lesson '{name}': expected one of "
                                         f"the files in lessons/{game_id}/ ({known})"))
        seen.add(name)
    for name in sorted(set(lesson_names) - set(model.lessons)):
        errors.append(document.error(("lessons",), f"lessons/{game_id}/{name}.yaml is not in "
                                     "the course: add it to 'lessons' where the reader takes it"))
    if errors:
        raise ContentErrors(errors)
    marks = {}
    for ident in model.not_practised:
        mark = document.mark_of(("not_practised", ident), key=True)
        marks[ident] = (mark.line, mark.column)
    return Course(game_id, [f"{game_id}/{name}" for name in model.lessons],
                  dict(model.not_practised), relative, marks)


@dataclass
class Coverage:
    """Which leaf sections of a game's rules page its lessons practise.

    Attributes:
        game: the game id.
        page: the rules page relative to the root (``docs/<game>/rules.md``).
        sections: the leaf sections with an id, in page order.
        covered: section id -> the steps that practise it (``lessons/g/x.yaml step 3``).
        marked: section id -> the reason it is not practised.
        errors: what is wrong: a ``covers`` or ``not_practised`` id that is no leaf section
            of the page, a heading without an id, a section both covered and marked.
    """

    game: str
    page: str
    sections: list[Section]
    covered: dict[str, list[str]] = field(default_factory=dict)
    marked: dict[str, str] = field(default_factory=dict)
    errors: list[ContentError] = field(default_factory=list)

    @property
    def left(self) -> list[Section]:
        """The leaf sections neither practised nor marked, in page order."""
        return [s for s in self.sections if s.ident not in self.covered
                and s.ident not in self.marked]

    def warnings(self) -> list[str]:
        """One ``page:line:1: warning: ...`` line per section left."""
        where = f"{COURSES_FOLDER}/{self.game}.yaml"
        return [f"{self.page}:{s.line}:1: warning: section '{s.ident}' ({s.title}) is "
                f"practised by no lesson step: name it in a step's 'covers', or under "
                f"'not_practised' in {where} with the reason" for s in self.left]


LessonSource = tuple[str, LessonFile, dict[tuple, tuple[int, int]]]


def course_coverage(root: Path, game_id: str, lessons: list[LessonSource],
                    course: Course) -> Coverage:
    """Compare the ``covers`` of a game's lesson steps with its rules page.

    Args:
        root: the project root (the page is ``docs/<game>/rules.md`` under it).
        game_id: the game.
        lessons: (source, validated file, data path -> (line, column)) of each lesson.
        course: the game's course (its ``not_practised`` marks).

    Returns:
        The coverage; a game without a rules page has no sections, and an error when a step
        or the course still names sections.
    """
    page = f"docs/{game_id}/rules.md"
    try:
        text = (root / page).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        coverage = Coverage(game_id, page, [])
        named = [(source, marks.get(("steps", i, "covers", 0), (1, 1)))
                 for source, model, marks in lessons
                 for i, step in enumerate(model.steps) if step.covers]
        if course.not_practised:
            named.append((course.source, (1, 1)))
        if named:  # sections are named, but there is no page to hold them
            source, (line, column) = named[0]
            coverage.errors.append(ContentError(source, line, column, f"names rules-page "
                                                f"sections, but {page} cannot be read"))
        return coverage
    every = rules_sections(text)
    first_line: dict[str, int] = {}
    for s in every:
        if s.ident in first_line:
            coverage_error = ContentError(page, s.line, 1, f"section id '{s.ident}' is used "
                                          f"twice (lines {first_line[s.ident]} and {s.line}): "
                                          "give each heading its own id")
            return Coverage(game_id, page, [], errors=[coverage_error])
        if s.ident:
            first_line[s.ident] = s.line
    coverage = Coverage(game_id, page, [s for s in every if s.leaf and s.ident])
    leaves = {s.ident for s in coverage.sections}
    parents = {s.ident: _children(every, i) for i, s in enumerate(every)
               if not s.leaf and s.ident}
    for s in every:
        if s.leaf and not s.ident:
            coverage.errors.append(ContentError(page, s.line, 1, f"section heading '{s.title}' "
                                                "has no id: add one ({#some-id}) so that lesson "
                                                "steps can name it in 'covers'"))
    known = ", ".join(sorted(leaves))

    def wrong(ident: str) -> str | None:
        if ident in leaves:
            return None
        if ident in parents:
            return (f"section '{ident}' has subsections: name the one practised "
                    f"({', '.join(parents[ident])})")
        return f"no section '{ident}' in {page} (its sections: {known})"

    for source, model, marks in lessons:
        for i, step in enumerate(model.steps):
            named: set[str] = set()
            for j, ident in enumerate(step.covers):
                problem = wrong(ident)
                if ident in named:
                    problem = f"section '{ident}' is named twice in this step's covers"
                named.add(ident)
                if problem:
                    line, column = marks.get(("steps", i, "covers", j), (1, 1))
                    coverage.errors.append(ContentError(source, line, column, problem))
                else:
                    coverage.covered.setdefault(ident, []).append(f"{source} step {i + 1}")
    for ident, reason in course.not_practised.items():
        line, column = course.marks.get(ident, (1, 1))
        problem = wrong(ident)
        if problem:
            coverage.errors.append(ContentError(course.source, line, column, problem))
        elif ident in coverage.covered:
            coverage.errors.append(ContentError(
                course.source, line, column, f"section '{ident}' is marked not practised, but "
                f"{coverage.covered[ident][0]} practises it: remove the mark"))
        else:
            coverage.marked[ident] = reason
    return coverage


def _children(sections: list[Section], index: int) -> list[str]:
    """The ids of the ``###`` sections under the ``##`` at ``index``."""
    children = []
    for s in sections[index + 1:]:
        if s.level == 2:
            break
        children.append(s.ident or s.title)
    return children


def read_lessons(root: Path, game_id: str) -> tuple[list[LessonSource], list[ContentError]]:
    """Read and validate (without replaying them) the lesson files of a game.

    Returns:
        (the valid lessons as :data:`LessonSource`, the errors of the others).
    """
    found: list[LessonSource] = []
    errors: list[ContentError] = []
    folder = root / "lessons" / game_id
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        source = path.relative_to(root).as_posix()
        try:
            document = load_marked_file(path, source)
            model = validate(document, LessonFile)
        except ContentError as err:
            errors.extend(getattr(err, "errors", [err]))
            continue
        except ContentErrorGroup as group:
            errors.extend(group.errors)
            continue
        marks = {p: (m.line, m.column) for p, m in document.marks.items()}
        found.append((source, model, marks))
    return found, errors


def project_coverage(root: Path, game_ids: list[str]
                     ) -> tuple[dict[str, Course], list[Coverage], list[ContentError]]:
    """The course and coverage of each game that has lessons or a course file.

    Lesson files are read and validated, not replayed (``banmen check`` replays them).

    Args:
        root: the project root.
        game_ids: the games to look at.

    Returns:
        (game id -> course, the coverage of each game in ``game_ids`` order, every error:
        of lesson files that do not validate, of course files, of ``covers`` ids).
    """
    from banmen.game import game_ids as known_games

    courses: dict[str, Course] = {}
    coverages: list[Coverage] = []
    errors: list[ContentError] = []
    folder = root / COURSES_FOLDER
    games = known_games()
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        if path.stem not in games:
            errors.append(ContentError(f"{COURSES_FOLDER}/{path.name}", 1, 1, f"no game "
                                       f"'{path.stem}': a course file is named after its game "
                                       f"({', '.join(games)})"))
    for game_id in game_ids:
        lessons, lesson_errors = read_lessons(root, game_id)
        errors.extend(lesson_errors)
        names = [Path(source).stem for source, _, _ in lessons] + [
            Path(e.source).stem for e in lesson_errors]
        if not names and not (root / COURSES_FOLDER / f"{game_id}.yaml").is_file():
            continue
        try:
            course = load_course(root, game_id, sorted(set(names)))
        except ContentErrors as err:
            errors.extend(err.errors)
            course = Course(game_id, [])
        courses[game_id] = course
        coverage = course_coverage(root, game_id, lessons, course)
        errors.extend(coverage.errors)
        coverages.append(coverage)
    return courses, coverages, errors
