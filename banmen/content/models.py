"""Typed models of the authored files: diagrams, puzzles, sequences, and the site rules file.

The models check the *shape* of a file (fields, types, ranges); whether a position is possible
or a stated answer is right is checked against the engine in :mod:`banmen.content.check`.
The same models export the JSON Schemas in ``schemas/`` for editors (``banmen schema``).

Game positions stay free-form mappings here: each engine reads its own position format
(guide/positions.md) and reports errors with a path into it.
"""

from __future__ import annotations

from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import (BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, StrictBool,
                      StringConstraints, Tag, WithJsonSchema, model_validator)

from banmen.content.yamlmarks import YamlFloat, YamlInt
from banmen.game import game_ids


def _as_text(value: Any) -> Any:
    """Let authors write square names, moves and text that YAML reads as numbers (``43``,
    ``15``, ``010``): the field gets the characters as written (:class:`YamlInt` keeps them)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (YamlInt, YamlFloat)):
        return value.source
    if isinstance(value, int):
        return str(value)
    return value


#: A square name in the game's own coordinates (``c2``, ``43``, ``15``).
Square = Annotated[str, BeforeValidator(_as_text), Field(min_length=1, max_length=8),
                   WithJsonSchema({"type": ["string", "integer"], "description": "a square"})]
#: Move text in one of the game's notations.
MoveText = Annotated[str, BeforeValidator(_as_text), Field(min_length=1),
                     WithJsonSchema({"type": ["string", "integer"], "description": "a move"})]
#: A game id; the registry decides which exist.
GameId = Annotated[str, Field(json_schema_extra={"enum": game_ids()})]


class _AuthoredText:
    """The mark of a field that readers see as text (see :func:`authored_texts`)."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: Marks a field's type as text shown to readers (``Annotated[str, ..., AUTHORED_TEXT]``):
#: every such text follows one rule (:func:`banmen.content.texts.text_problems`), whether
#: the page renders it as Markdown or shows it as plain text.
AUTHORED_TEXT = _AuthoredText("AUTHORED_TEXT")
#: Marks, besides :data:`AUTHORED_TEXT`, a text the page shows as plain text (titles, option
#: labels, lesson ``feedback``, solution ``comment``s): a link there would show as written.
PLAIN_TEXT = _AuthoredText("PLAIN_TEXT")
#: Japanese text shown to readers as Markdown, possibly empty.
Prose = Annotated[str, BeforeValidator(_as_text), AUTHORED_TEXT]
#: Japanese text shown to readers as Markdown.
Text = Annotated[str, BeforeValidator(_as_text), Field(min_length=1), AUTHORED_TEXT,
                 WithJsonSchema({"type": "string", "minLength": 1})]
#: Japanese text shown to readers as it is written (emphasis marks dropped at most).
PlainText = Annotated[str, BeforeValidator(_as_text), Field(min_length=1), AUTHORED_TEXT,
                      PLAIN_TEXT, WithJsonSchema({"type": "string", "minLength": 1})]

#: Paths of the fields whose values go to an engine unread (any YAML 1.1/1.2-ambiguous scalar
#: there is an error; see ``MarkedDocument.ambiguity_errors``).
FREE_FIELDS = (("rules",), ("position",), ("options",), ("answer", "args"),
               ("steps", "*", "position"), ("steps", "*", "expect", "args"))


class Strict(BaseModel):
    """Base model: unknown fields are errors (a typo must not pass silently)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Marks(Strict):
    """Marks drawn over a board."""

    highlight: list[Square] = Field(default_factory=list, description="squares to tint")
    arrows: list[list[Square]] = Field(
        default_factory=list,
        description="each arrow is the list of squares it passes through, first to last",
    )
    labels: dict[str, Annotated[str, BeforeValidator(_as_text),
                                WithJsonSchema({"type": ["string", "integer"]})]] = Field(
        default_factory=dict, description="square -> short text drawn on it"
    )


class DiagramFile(Marks):
    """``diagrams/<game>/<id>.yaml``: one figure used on the pages.

    A diagram is a position, optionally with a move: then the position after the move is drawn
    with the squares it changed tinted (red: fewer pieces, green: more), and an arrow along the
    move unless ``arrows`` is given.
    """

    game: GameId
    caption: Prose | None = Field(None, description="Japanese caption under the figure")
    rules: dict[str, Any] = Field(default_factory=dict, description="rule overrides")
    position: dict[str, Any] | None = Field(
        None, description="the game's position YAML; omitted: the start position"
    )
    move: MoveText | None = Field(None, description="a move played from the position")
    move_arrow: StrictBool = Field(True, description="draw the move's arrow when a move is given")
    options: dict[str, Any] = Field(
        default_factory=dict, description="drawing options of the game's renderer"
    )


class _QueryAnswer(Strict):
    query: str = Field(description="the named engine query that computes the answer")
    args: dict[str, Any] = Field(default_factory=dict, description="the query's arguments")


class NumberAnswer(_QueryAnswer):
    """The reader types a whole number."""

    kind: Literal["number"]
    value: int = Field(strict=True, description="the whole number the query must compute")


class BooleanAnswer(_QueryAnswer):
    """The reader answers はい / いいえ."""

    kind: Literal["boolean"]
    value: StrictBool


class ChoiceOption(Strict):
    """One option of a choice answer: its label and the query value it stands for."""

    label: PlainText
    value: Annotated[str, BeforeValidator(lambda v: str(v).lower() if isinstance(v, bool) else _as_text(v))]


class ChoiceAnswer(_QueryAnswer):
    """The reader picks one option; ``value`` names the option the engine must compute."""

    kind: Literal["choice"]
    options: list[ChoiceOption] = Field(min_length=2, max_length=8)
    value: Annotated[str, BeforeValidator(lambda v: str(v).lower() if isinstance(v, bool) else _as_text(v))]


class SquaresAnswer(_QueryAnswer):
    """The reader clicks squares on the board; the set must equal the query's answer."""

    kind: Literal["squares"]
    value: list[Square]


class SolutionStep(Strict):
    """One move of the solver's side in a move puzzle, and the opponent's reply to it."""

    move: MoveText = Field(description="the only winning move here (besides 'also')")
    also: list[MoveText] = Field(
        default_factory=list, description="other moves that win just as well, accepted too"
    )
    reply: MoveText | None = Field(None, description="the opponent's reply shown next")
    comment: Annotated[str, BeforeValidator(_as_text), AUTHORED_TEXT, PLAIN_TEXT] | None = None


class MoveAnswer(Strict):
    """The reader plays the winning line; each of their moves must be the only winning one."""

    kind: Literal["move"]
    plies: int = Field(ge=1, le=40, strict=True,
                       description="the win comes within this many plies")
    solution: list[SolutionStep] = Field(min_length=1)


Answer = Annotated[
    NumberAnswer | BooleanAnswer | ChoiceAnswer | SquaresAnswer | MoveAnswer,
    Field(discriminator="kind"),
]


class PuzzleFile(Marks):
    """``puzzles/<game>/<id>.yaml``: one practice puzzle."""

    game: GameId
    title: PlainText
    level: int = Field(1, ge=1, le=3, strict=True, description="difficulty, 1 (easy) to 3")
    source: Literal["mined"] | None = Field(
        None, description="'mined': written by 'banmen mine' (edit, keep or delete it freely)")
    themes: list[PlainText] = Field(
        default_factory=list, description="Japanese themes of the solution (連携, 成り...)")
    rules: dict[str, Any] = Field(default_factory=dict, description="rule overrides")
    position: dict[str, Any] | None = None
    moves: list[MoveText] = Field(
        default_factory=list,
        description="moves played from the position before the question is asked; the board "
        "shows the result with the last move marked",
    )
    question: Text
    answer: Answer
    hints: list[Text] = Field(default_factory=list)
    explanation: Text
    options: dict[str, Any] = Field(default_factory=dict)


class SequenceStep(Marks):
    """One move of a step-through sequence, with its Japanese comment."""

    move: MoveText
    comment: Prose = ""


class SequenceFile(Strict):
    """``sequences/<game>/<id>.yaml``: a position and moves, rendered as frames."""

    game: GameId
    title: PlainText
    rules: dict[str, Any] = Field(default_factory=dict)
    position: dict[str, Any] | None = None
    intro: Prose = ""
    steps: list[SequenceStep] = Field(min_length=1)
    options: dict[str, Any] = Field(default_factory=dict)


class LessonExpect(Strict):
    """What the reader must do on the board in one lesson step: play one of ``moves``, play
    any legal move of the engine's move ``kind``, or click ``squares`` (the answer of the
    named ``query``, as in a squares puzzle): exactly one of the three."""

    moves: list[MoveText] | None = Field(
        None, min_length=1, description="the accepted moves (any one of them)")
    kind: str | None = Field(
        None, min_length=1,
        description="a move kind the engine names (Game.move_kinds: summon, capture, ...)")
    squares: list[Square] | None = Field(
        None, description="the squares the reader must click (the query's answer)")
    query: str | None = Field(None, description="with 'squares': the query that computes them")
    args: dict[str, Any] = Field(default_factory=dict, description="the query's arguments")

    @model_validator(mode="after")
    def _one_of(self) -> LessonExpect:
        given = [n for n in ("moves", "kind", "squares") if getattr(self, n) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of 'moves', 'kind' or 'squares'")
        if (self.squares is None) != (self.query is None):
            raise ValueError("'squares' and 'query' go together")
        return self


#: A lesson question: a puzzle answer the reader gives without the board (a number, yes/no,
#: a choice), checked by :func:`banmen.content.answers.check_query_answer` like a puzzle's.
LessonQuestion = Annotated[NumberAnswer | BooleanAnswer | ChoiceAnswer,
                           Field(discriminator="kind")]
#: The ``kind`` values that make an ``expect`` a question (no engine names a move kind so).
QUESTION_KINDS = ("number", "boolean", "choice")


def _expect_tag(value: Any) -> str:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return "question" if kind in QUESTION_KINDS else "board"


#: A step's ``expect``: something done on the board, or a question with a puzzle answer kind.
Expect = Annotated[Annotated[LessonExpect, Tag("board")] | Annotated[LessonQuestion, Tag("question")],
                   Discriminator(_expect_tag)]


class LessonStep(Marks):
    """One step of a lesson: its text, optionally a new position, and what the reader does."""

    text: Text = Field(description="Japanese text shown beside the board (Markdown)")
    position: dict[str, Any] | None = Field(
        None, description="the game's position YAML; omitted: the position after the "
        "previous step's move and reply")
    roll: int | None = Field(None, ge=1, le=6, strict=True,
                             description="a dice game: the die of this step")
    expect: Expect | None = Field(
        None, description="what the reader must play, or a question (kind number, boolean or "
        "choice, as a puzzle answer)")
    reply: list[MoveText] | MoveText | None = Field(
        None, description="the other side's move (or moves, in order) shown after it")
    feedback: dict[Annotated[str, BeforeValidator(_as_text)], PlainText] = Field(
        default_factory=dict, description="legal move -> Japanese text for a likely wrong try")
    claim: Literal["win", "finish"] | None = Field(
        None, description="checked: every accepted move wins the game / reaches the goal")
    done: Prose = Field(
        "", description="Japanese text shown once the step is done")
    covers: list[Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$")]] = Field(
        default_factory=list, description="the ids of the rules-page sections "
        "(docs/<game>/rules.md, '## Title {#id}') this step practises: `banmen coverage`")


#: The most steps a lesson may have: every step exports the result board of each legal
#: move, so pages grow with the steps (a longer course is several lessons).
MAX_LESSON_STEPS = 60


class LessonFile(Strict):
    """``lessons/<game>/<id>.yaml``: a guided first game played on the board, step by step."""

    game: GameId
    title: PlainText
    intro: Text
    rules: dict[str, Any] = Field(default_factory=dict, description="rule overrides")
    position: dict[str, Any] | None = Field(
        None, description="the position of the first step; omitted: the start position")
    steps: list[LessonStep] = Field(min_length=1, max_length=MAX_LESSON_STEPS)
    options: dict[str, Any] = Field(default_factory=dict)


#: The kind of each content folder, and the model that checks its files.
#: ``practice`` holds puzzle files too (the mined practice sets, usually from ``banmen mine``):
#: checked like ``puzzles`` but shown only on the game's practice page
#: (:mod:`banmen.site.practice`), as data, not as inline boards.
CONTENT_KINDS: dict[str, type[Strict]] = {
    "diagrams": DiagramFile,
    "puzzles": PuzzleFile,
    "sequences": SequenceFile,
    "lessons": LessonFile,
    "practice": PuzzleFile,
}


def authored_texts(value: Any, path: tuple[str | int, ...] = ()
                   ) -> list[tuple[tuple[str | int, ...], str, bool]]:
    """Return (data path, text, plain) of every text a reader sees in a validated file: each
    value of a field whose type is marked :data:`AUTHORED_TEXT` (``Text``, ``Prose``,
    ``PlainText``), also inside lists, mappings (their values) and nested models, in field
    order; ``plain`` when the page shows it as plain text (:data:`PLAIN_TEXT`).

    Args:
        value: a validated model (``PuzzleFile``, ``LessonFile``...).
        path: the data path of ``value`` in its file.

    Returns:
        ``[(("title",), "...", True), (("intro",), "...", False), ...]``.
    """
    found: dict[tuple[str | int, ...], tuple[str, bool]] = {}
    _collect(value, None, path, found)
    return [(where, text, plain) for where, (text, plain) in found.items()]


def _collect(value: Any, annotation: Any, path: tuple[str | int, ...],
             found: dict[tuple[str | int, ...], tuple[str, bool]]) -> None:
    if isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            field_value = getattr(value, name)
            if AUTHORED_TEXT in info.metadata:
                if isinstance(field_value, str):
                    found[path + (name,)] = (field_value, PLAIN_TEXT in info.metadata)
                continue
            _collect(field_value, info.annotation, path + (name,), found)
        return
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        if AUTHORED_TEXT in args[1:]:
            if isinstance(value, str):
                found[path] = (value, PLAIN_TEXT in args[1:])
            return
        _collect(value, args[0], path, found)
    elif origin in (Union, UnionType):
        for member in args:
            _collect(value, member, path, found)
    elif origin is list and isinstance(value, list) and args:
        for i, item in enumerate(value):
            _collect(item, args[0], path + (i,), found)
    elif origin is dict and isinstance(value, dict) and len(args) == 2:
        for key, item in value.items():
            _collect(item, args[1], path + (key,), found)
