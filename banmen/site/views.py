"""What pages need from checked content, without engine objects (cheap to cache and reload).

A checked item (:mod:`banmen.content.items`) holds engines, positions and a pydantic model;
building a page needs only texts, the answer data and which boards to show. The views here
carry exactly that, with the same attribute names the fragment writers
(:mod:`banmen.site.html`) read. The build cache keeps them as JSON (:func:`view_to_data`) and
reads them back through :func:`view_from_data`, which checks every field's type and refuses
anything else (a view of another kind, of another file, with missing or extra fields), so a
damaged entry is recomputed, never half-used; neither imports matplotlib, pydantic or an
engine.

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
    #: the setups of its 「この局面から指す」 button (:mod:`banmen.site.play_page`).
    play: list = field(default_factory=list, compare=False, repr=False)


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
    #: the setups of its 「この局面から指す」 button (:mod:`banmen.site.play_page`).
    play: list = field(default_factory=list, compare=False, repr=False)


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
    #: the setups of its 「この局面から指す」 button (:mod:`banmen.site.play_page`).
    play: list = field(default_factory=list, compare=False, repr=False)


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
    from banmen.site.play_page import play_setup

    singular = kind[:-1]
    boards: list[tuple[Board, Any, Any]] = []

    def board(spec: Any) -> Board:
        ref = Board(f"{singular}:{item.ident}:{len(boards)}", spec.ident)
        boards.append((ref, item.game, spec))
        return ref

    game = GameRef(item.game.id)
    if kind == "diagrams":
        view: View = DiagramView(item.ident, game, board(item.spec), item.caption, item.source,
                                 item.marks, play=[play_setup(item.game, item.spec.state)])
    elif kind == "puzzles":
        model = item.model
        text = PuzzleText(model.title, model.level, model.question, tuple(model.hints),
                          model.explanation)
        main = board(item.spec)
        frames = tuple(board(spec) for spec in item.frames)
        view = PuzzleView(item.ident, game, text, main, item.answer, item.source, frames,
                          item.marks, play=[play_setup(item.game, item.spec.state)])
    elif kind == "lessons":
        model = item.model
        texts = tuple(LessonStepText(step.text, step.done) for step in model.steps)
        view = LessonView(item.ident, game, model.title, model.intro, texts, item.data,
                          tuple(board(spec) for spec in item.frames), item.source, item.marks)
    else:
        frames = tuple(FrameView(board(f.spec), f.move, f.comment) for f in item.frames)
        view = SequenceView(item.ident, game, item.title, item.intro, frames, item.source,
                            item.marks, play=[play_setup(item.game, item.frames[-1].spec.state)])
    return view, boards


#: answer kinds a puzzle view may carry (as ``banmen.content.models``).
ANSWER_KINDS = ("number", "boolean", "choice", "squares", "move")


def _board_data(board: Board) -> list[str]:
    return [board.key, board.ident]


#: the fields whose marks a page uses (``file:line:col`` of authored text, for dead links).
TEXT_FIELDS = ("caption", "question", "explanation", "hints", "intro", "steps")


def _marks_data(marks: dict[tuple, tuple[int, int]]) -> list[list[Any]]:
    """The marks of authored text only (a file has a mark for every value; pages need few)."""
    return [[list(path), line, column] for path, (line, column) in marks.items()
            if path and path[0] in TEXT_FIELDS
            and (path[0] != "steps" or path[-1] in ("comment", "text", "done"))]


def view_to_data(view: View) -> dict[str, Any]:
    """Return ``view`` as JSON-ready data (read back by :func:`view_from_data`)."""
    data: dict[str, Any] = {"ident": view.ident, "game": view.game.id, "source": view.source,
                            "marks": _marks_data(view.marks)}
    if isinstance(view, DiagramView):
        data.update(kind="diagrams", spec=_board_data(view.spec), caption=view.caption,
                    play=view.play)
    elif isinstance(view, PuzzleView):
        model = view.model
        data.update(kind="puzzles", spec=_board_data(view.spec), answer=view.answer,
                    play=view.play,
                    frames=[_board_data(b) for b in view.frames],
                    model={"title": model.title, "level": model.level,
                           "question": model.question, "hints": list(model.hints),
                           "explanation": model.explanation})
    elif isinstance(view, LessonView):
        data.update(kind="lessons", title=view.title, intro=view.intro,
                    texts=[[t.text, t.done] for t in view.texts], data=view.data,
                    boards=[_board_data(b) for b in view.boards])
    else:
        data.update(kind="sequences", title=view.title, intro=view.intro, play=view.play,
                    frames=[{"spec": _board_data(f.spec), "move": f.move, "comment": f.comment}
                            for f in view.frames])
    return data


def _expect(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(f"cached view: {what}")


def _text(value: Any, what: str, optional: bool = False) -> Any:
    _expect(isinstance(value, str) or (optional and value is None), f"{what} is not text")
    return value


def _fields(data: Any, names: set[str], what: str) -> dict[str, Any]:
    _expect(isinstance(data, dict) and set(data) == names, f"{what} has other fields")
    return data


def _board_from(data: Any) -> Board:
    _expect(isinstance(data, list) and len(data) == 2, "a board is not [key, id]")
    return Board(_text(data[0], "board key"), _text(data[1], "board id"))


def _marks_from(data: Any) -> dict[tuple, tuple[int, int]]:
    _expect(isinstance(data, list), "marks are not a list")
    marks: dict[tuple, tuple[int, int]] = {}
    for entry in data:
        _expect(isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], list)
                and all(type(p) in (str, int) for p in entry[0])
                and all(type(n) is int and n > 0 for n in entry[1:]), "a mark is malformed")
        marks[tuple(entry[0])] = (entry[1], entry[2])
    return marks


def _answer_from(data: Any) -> dict[str, Any]:
    _expect(isinstance(data, dict) and data.get("kind") in ANSWER_KINDS, "unknown answer kind")
    if data["kind"] == "choice":
        _expect(isinstance(data.get("options"), list)
                and all(isinstance(o, str) for o in data["options"]), "choice labels")
    return data


def _play_from(data: Any, game_id: str) -> list[dict[str, Any]]:
    """The setups of a play button, checked (see :mod:`banmen.site.play_page`)."""
    _expect(isinstance(data, list) and len(data) == 1, "play setups")
    for setup in data:
        _fields(setup, {"label", "game", "rules", "position", "sides"}, "a play setup")
        _expect(setup["game"] == game_id and isinstance(setup["label"], str)
                and isinstance(setup["rules"], dict) and isinstance(setup["position"], dict)
                and isinstance(setup["sides"], list)
                and all(isinstance(s, str) for s in setup["sides"]), "a play setup's fields")
    return data


def view_from_data(data: Any, kind: str | None = None, ident: str | None = None,
                   source: str | None = None) -> View:
    """Return the view written by :func:`view_to_data`, checking every field.

    Args:
        data: parsed JSON.
        kind, ident, source: when given, what the view must be (``puzzles``,
            ``ukejalayer/p01``, ``puzzles/ukejalayer/p01.yaml``): a view of another file or
            kind is refused.

    Raises:
        ValueError: ``data`` is not such a view (a field missing, extra or of another type).
    """
    common = {"kind", "ident", "game", "source", "marks"}
    _expect(isinstance(data, dict) and data.get("kind") in KINDS, "not a view")
    _expect(kind is None or data["kind"] == kind, "a view of another kind")
    view_ident = _text(data.get("ident"), "ident")
    _expect(ident is None or view_ident == ident, "a view of another item")
    _expect(source is None or data.get("source") == source, "a view of another file")
    game = GameRef(_text(data.get("game"), "game"))
    _expect(view_ident.split("/", 1)[0] == game.id, "ident and game disagree")
    view_source = _text(data.get("source"), "source")
    if data["kind"] == "diagrams":
        _fields(data, common | {"spec", "caption", "play"}, "a diagram view")
        return DiagramView(view_ident, game, _board_from(data["spec"]),
                           _text(data["caption"], "caption", optional=True), view_source,
                           _marks_from(data["marks"]), play=_play_from(data["play"], game.id))
    if data["kind"] == "puzzles":
        _fields(data, common | {"spec", "answer", "frames", "model", "play"}, "a puzzle view")
        model = _fields(data["model"], {"title", "level", "question", "hints", "explanation"},
                        "a puzzle's texts")
        _expect(model["level"] in (1, 2, 3) and type(model["level"]) is int and isinstance(model["hints"], list), "level, hints")
        text = PuzzleText(_text(model["title"], "title"), model["level"],
                          _text(model["question"], "question"),
                          tuple(_text(h, "hint") for h in model["hints"]),
                          _text(model["explanation"], "explanation"))
        _expect(isinstance(data["frames"], list), "frames are not a list")
        return PuzzleView(view_ident, game, text, _board_from(data["spec"]),
                          _answer_from(data["answer"]), view_source,
                          tuple(_board_from(b) for b in data["frames"]),
                          _marks_from(data["marks"]), play=_play_from(data["play"], game.id))
    if data["kind"] == "lessons":
        _fields(data, common | {"title", "intro", "texts", "data", "boards"}, "a lesson view")
        _expect(isinstance(data["texts"], list) and all(
            isinstance(t, list) and len(t) == 2 for t in data["texts"]), "step texts")
        _expect(isinstance(data["data"], dict), "the lesson's page data is not an object")
        _expect(isinstance(data["boards"], list), "boards are not a list")
        return LessonView(view_ident, game, _text(data["title"], "title"),
                          _text(data["intro"], "intro"),
                          tuple(LessonStepText(_text(t[0], "step text"), _text(t[1], "done"))
                                for t in data["texts"]),
                          data["data"], tuple(_board_from(b) for b in data["boards"]),
                          view_source, _marks_from(data["marks"]))
    _fields(data, common | {"title", "intro", "frames", "play"}, "a sequence view")
    _expect(isinstance(data["frames"], list), "frames are not a list")
    frames = []
    for frame in data["frames"]:
        _fields(frame, {"spec", "move", "comment"}, "a frame")
        frames.append(FrameView(_board_from(frame["spec"]),
                                _text(frame["move"], "move", optional=True),
                                _text(frame["comment"], "comment")))
    return SequenceView(view_ident, game, _text(data["title"], "title"),
                        _text(data["intro"], "intro"), tuple(frames), view_source,
                        _marks_from(data["marks"]), play=_play_from(data["play"], game.id))


def boards_of(view: View) -> list[Board]:
    """The boards a view shows, in page order."""
    if isinstance(view, PuzzleView):
        return [view.spec, *view.frames]
    if isinstance(view, SequenceView):
        return [frame.spec for frame in view.frames]
    if isinstance(view, LessonView):
        return list(view.boards)
    return [view.spec]
