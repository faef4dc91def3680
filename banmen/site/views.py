"""What pages need from checked content, without engine objects (cheap to cache and reload).

A checked item (:mod:`banmen.content.items`) holds engines, positions and a pydantic model;
building a page needs only texts, the answer data and which boards to show. The views here
carry exactly that, with the same attribute names the fragment writers
(:mod:`banmen.site.html`) read, so they can be pickled into the build cache and read back
without importing matplotlib, pydantic or any engine.

Every drawn board has a :class:`Board` whose ``key`` names its kind, item and place
(``sequence:ukejalayer/opening:1``), so a diagram named ``opening-1`` never shares a board
with frame 1 of the sequence ``opening``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: content folders, in the order the site checks them (as ``banmen.content.models``).
KINDS = ("diagrams", "puzzles", "sequences", "lessons")


@dataclass(frozen=True)
class GameRef:
    """The game of an item, by id only (``ukejalayer``)."""

    id: str


@dataclass(frozen=True)
class Board:
    """One drawn board of an item.

    Attributes:
        key: ``<kind>:<item id>:<n>``, unique across the site (n counts the item's boards).
        ident: the id the SVG was drawn with (prefixes its element ids).
    """

    key: str
    ident: str


@dataclass(frozen=True)
class PuzzleText:
    """The authored texts of a puzzle (the fields :mod:`banmen.site.html` reads)."""

    title: str
    level: int
    question: str
    hints: tuple[str, ...]
    explanation: str


@dataclass(frozen=True)
class DiagramView:
    """A figure as its page needs it (see :class:`banmen.content.items.Diagram`)."""

    ident: str
    game: GameRef
    spec: Board
    caption: str | None
    source: str
    marks: dict[tuple, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class PuzzleView:
    """A puzzle as its page needs it (see :class:`banmen.content.items.Puzzle`)."""

    ident: str
    game: GameRef
    model: PuzzleText
    spec: Board
    answer: dict[str, Any]
    source: str
    frames: tuple[Board, ...] = ()
    marks: dict[tuple, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class FrameView:
    """One step of a sequence: its board, the move text (``None`` first) and the comment."""

    spec: Board
    move: str | None
    comment: str


@dataclass(frozen=True)
class SequenceView:
    """A step-through sequence as its page needs it."""

    ident: str
    game: GameRef
    title: str
    intro: str
    frames: tuple[FrameView, ...]
    source: str
    marks: dict[tuple, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class LessonStepText:
    """The authored texts of one lesson step: ``text`` (shown with the step) and ``done``
    (shown once it is done, may be empty)."""

    text: str
    done: str


@dataclass(frozen=True)
class LessonView:
    """A lesson as its page needs it (see :class:`banmen.content.items.Lesson`).

    Attributes:
        boards: every board of the lesson; the data's board indices point into it.
        data: the page data of :mod:`banmen.content.lesson`.
    """

    ident: str
    game: GameRef
    title: str
    intro: str
    texts: tuple[LessonStepText, ...]
    data: dict[str, Any]
    boards: tuple[Board, ...]
    source: str
    marks: dict[tuple, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)


View = DiagramView | PuzzleView | SequenceView | LessonView


def view_of(kind: str, item: Any) -> tuple[View, list[tuple[Board, Any, Any]]]:
    """Return the view of a checked item and the boards it needs drawn.

    Args:
        kind: ``diagrams``, ``puzzles``, ``sequences`` or ``lessons``.
        item: the checked item of that kind.

    Returns:
        (view, [(board, engine, DiagramSpec), ...]) in the order the page shows the boards.
    """
    singular = kind[:-1]
    boards: list[tuple[Board, Any, Any]] = []

    def board(spec: Any) -> Board:
        ref = Board(f"{singular}:{item.ident}:{len(boards)}", spec.ident)
        boards.append((ref, item.game, spec))
        return ref

    game = GameRef(item.game.id)
    if kind == "diagrams":
        view: View = DiagramView(item.ident, game, board(item.spec), item.caption, item.source,
                                 item.marks)
    elif kind == "puzzles":
        model = item.model
        text = PuzzleText(model.title, model.level, model.question, tuple(model.hints),
                          model.explanation)
        main = board(item.spec)
        frames = tuple(board(spec) for spec in item.frames)
        view = PuzzleView(item.ident, game, text, main, item.answer, item.source, frames,
                          item.marks)
    elif kind == "lessons":
        model = item.model
        texts = tuple(LessonStepText(step.text, step.done) for step in model.steps)
        view = LessonView(item.ident, game, model.title, model.intro, texts, item.data,
                          tuple(board(spec) for spec in item.frames), item.source, item.marks)
    else:
        frames = tuple(FrameView(board(f.spec), f.move, f.comment) for f in item.frames)
        view = SequenceView(item.ident, game, item.title, item.intro, frames, item.source,
                            item.marks)
    return view, boards
