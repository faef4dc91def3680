"""Checked content: what the checker hands to the renderer and the page generator.

Every item has been validated and replayed through its engine; the site build only draws and
writes what these objects hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: data path -> (line, column) of each value in an item's source file (for located messages
#: about its text, e.g. a dead link in an explanation).
SourceMarks = dict
from typing import Any

from banmen.content.models import LessonFile, PuzzleFile
from banmen.game import Game
from banmen.render.spec import DiagramSpec


@dataclass(frozen=True)
class Diagram:
    """A figure: ``diagrams/<game>/<name>.yaml``.

    Attributes:
        ident: ``<game>/<name>``.
        game: the engine, with the rules this figure uses.
        spec: what to draw.
        caption: Japanese caption, or ``None``.
        source: the file, relative to the project root.
        marks: data path -> (line, column) in ``source``.
    """

    ident: str
    game: Game
    spec: DiagramSpec
    caption: str | None
    source: str
    marks: SourceMarks = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class PuzzleStep:
    """One move of the reader's in a move puzzle, as the page needs it.

    Attributes:
        accept: normalised move text -> canonical text, for every legal move at this point.
        correct: canonical texts of the moves that count as right here.
        move: the canonical text of the solution's move.
        reply: canonical text of the opponent's reply, or ``None`` when the move ends the game
            (after the last move of a giveaway game the loser's reply ends it).
        comment: Japanese comment shown after the move, or ``""``.
    """

    accept: dict[str, str]
    correct: list[str]
    move: str
    reply: str | None
    comment: str


@dataclass(frozen=True)
class Puzzle:
    """A practice puzzle: ``puzzles/<game>/<name>.yaml``, its answer checked by the engine.

    Attributes:
        ident: ``<game>/<name>``.
        game: the engine with the puzzle's rules (site rules plus its own overrides).
        model: the validated file.
        spec: the starting diagram.
        answer: the answer as the page's script reads it (JSON-ready); for move puzzles the
            solution tree of :mod:`banmen.content.solution` (``root`` and ``labels``).
        frames: for move puzzles, the boards the solution tree refers to: board index ``k``
            is ``frames[k - 1]`` (index 0 is ``spec``).
        steps: for move puzzles, the reader's moves along the author's line.
        source: the file, relative to the project root.
        marks: data path -> (line, column) in ``source``.
    """

    ident: str
    game: Game
    model: PuzzleFile
    spec: DiagramSpec
    answer: dict[str, Any]
    source: str
    frames: tuple[DiagramSpec, ...] = ()
    steps: tuple[PuzzleStep, ...] = ()
    marks: SourceMarks = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Frame:
    """One frame of a sequence: the diagram, the move that led to it, and its comment."""

    spec: DiagramSpec
    move: str | None
    comment: str


@dataclass(frozen=True)
class Sequence:
    """A step-through sequence: ``sequences/<game>/<name>.yaml``."""

    ident: str
    game: Game
    title: str
    intro: str
    frames: tuple[Frame, ...]
    source: str
    marks: SourceMarks = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Lesson:
    """A lesson: ``lessons/<game>/<name>.yaml``, every step replayed by the engine.

    Attributes:
        ident: ``<game>/<name>``.
        game: the engine with the lesson's rules.
        model: the validated file (texts).
        frames: every board the page shows; the data refers to them by index.
        data: the page data (JSON-ready; see :mod:`banmen.content.lesson`).
        source: the file, relative to the project root.
        marks: data path -> (line, column) in ``source``.
    """

    ident: str
    game: Game
    model: LessonFile
    frames: tuple[DiagramSpec, ...]
    data: dict[str, Any]
    source: str
    marks: SourceMarks = field(default_factory=dict, compare=False, repr=False)


@dataclass
class Content:
    """Everything that was checked, by id, plus the site-wide engines.

    Attributes:
        games: game id -> engine with the site's rules (``rules.yaml``).
        diagrams, puzzles, sequences, lessons: id -> item, in file order.
        practice: id -> puzzle of the practice sets (``practice/<game>/``), in file order.
        problems: the errors of files left out (``check_project(strict=False)`` only).
    """

    games: dict[str, Game] = field(default_factory=dict)
    diagrams: dict[str, Diagram] = field(default_factory=dict)
    puzzles: dict[str, Puzzle] = field(default_factory=dict)
    sequences: dict[str, Sequence] = field(default_factory=dict)
    problems: list = field(default_factory=list)
    lessons: dict[str, Lesson] = field(default_factory=dict)
    practice: dict[str, Puzzle] = field(default_factory=dict)
