"""Checking a lesson (``lessons/<game>/<name>.yaml``) against its engine, and the data its
page plays from.

Every step is replayed: a step's ``position`` (else the position after the previous step's
move and reply), its ``roll`` (ludo), each accepted move (legal here), the move ``kind`` (some
legal move has it), each reply (legal after every accepted move), the ``feedback`` moves
(legal, not accepted) and the ``claim`` (``win``: every accepted move wins the game;
``finish``: every accepted move reaches the goal). A lesson ends with a checked claim.

The page script knows no rule; per step the build exports (see :func:`lesson_data`)::

    {"board": k,                                 # board index at the start of the step
     "moves": [[canonical, [click tokens], [kind names]], ...],   # every legal move
     "right": {canonical: {"frame": k, "path": [...], "says": text,
                           "replies": [[text, frame, path], ...]}},
     "wrong": {canonical: Japanese answer},      # every other legal move
     "wrongFrame": {canonical: k},               # its board, when the step has few wrong moves
     "why":   {"clicks so far joined by a space": {reason: [squares]}},
     "end":   board index at the end of the step}

A step with a ``roll`` also exports ``"roll": n`` and ``"rollBoard": k`` (the board before
the die is rolled): the page shows that board and a 「サイコロを振る」 button first, and the
step's own board and moves only once the reader has pressed it.

A step whose ``expect`` is ``squares`` (checked against its ``query``) exports
``{"board": k, "squares": [...], "end": k}`` instead: the reader clicks them and checks.
A question step (``expect`` with ``kind`` number, boolean or choice, a puzzle answer checked
by :func:`banmen.content.answers.check_query_answer`) exports
``{"board": k, "question": {"kind": ..., "answer": ...[, "options": [labels]]}, "end": k}``.

Board ``k`` is ``frames[k]`` of the :class:`banmen.content.items.Lesson`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.content import items, steps
from banmen.content.answers import check_query_answer
from banmen.content.models import LessonExpect, LessonFile, LessonStep, Marks
from banmen.content.solution import plain_comment
from banmen.content.steps import FileCheck, fold_move_text
from banmen.errors import shorten
from banmen.game import BanmenError, Game, PositionError
from banmen.query import QueryArgError, find_query, run_query
from banmen.render import board_squares
from banmen.render.spec import DiagramSpec

#: Click prefixes per step whose wrong squares get the engine's reason (more get a plain one).
REASON_PREFIXES_MAX = 400
#: Moves one ``kind`` step may accept (each gets a drawn board).
KIND_MOVES_MAX = 40
#: Wrong moves of a step get a drawn board (played, then taken back) only up to this many;
#: beyond it the page marks their squares on the step's board.
WRONG_BOARDS_MAX = 8


def _read_position(check: FileCheck, game: Game, position: dict[str, Any],
                   base: tuple) -> Hashable:
    stated = position.get("game", game.id)
    if stated != game.id:
        check.fail(base + ("game",), f"position is for '{stated}', the file is for '{game.id}'")
    try:
        return game.position_from_yaml({**position, "game": game.id})
    except PositionError as err:
        check.fail(base + err.path, f"impossible position: {err}", key=err.key)
    except BanmenError as err:
        check.fail(base, f"impossible position: {err}")
    raise AssertionError("unreachable")


def _kind_ja(game: Game, kind: str) -> str:
    return game.move_kind_names.get(kind, kind)


def _replies(step: LessonStep) -> list[str]:
    if step.reply is None:
        return []
    return [step.reply] if isinstance(step.reply, str) else list(step.reply)


#: The most boards one lesson may draw (every legal move of every step has its result board),
#: so that a lesson page stays within the page budget; today's lessons draw 22 to 62.
MAX_LESSON_BOARDS = 300


class _Lesson:
    """Replays one lesson file, collecting the boards and the page data."""

    def __init__(self, check: FileCheck, ident: str, game: Game, options: dict[str, Any]):
        self.check = check
        self.ident = ident
        self.game = game
        self.options = options
        self.frames: list[DiagramSpec] = []
        self.squares = sorted(board_squares(game))
        self.labels: dict[str, str] = {}
        #: set once the lesson draws too many boards (no later step is checked then)
        self.over_budget = False

    def frame(self, state: Hashable, marks: Marks = Marks(), before: Hashable | None = None,
              move: Hashable | None = None) -> int:
        if len(self.frames) >= MAX_LESSON_BOARDS:  # the page draws every one of them
            self.over_budget = True
            self.check.fail(("steps",), f"the lesson shows more than {MAX_LESSON_BOARDS} boards "
                            "(each step draws the result of every legal move it offers): "
                            "expected fewer steps or positions with fewer moves; split it "
                            "into several lessons")
        self.frames.append(steps.make_spec(f"{self.ident}-b{len(self.frames)}", state, marks,
                                           self.options, before, move))
        return len(self.frames) - 1

    def clicks(self, state: Hashable, move: Hashable, text: str) -> list[str]:
        clicks = list(self.game.move_clicks(state, move)) or [f"#={text}"]
        for token in clicks:
            if token.startswith("#="):
                self.labels[token] = "パスする" if token == "#=pass" else token[2:]
            elif token.startswith("#"):
                self.labels[token] = self.game.click_label(token)
        return clicks

    def reasons(self, state: Hashable, rows: list[list[Any]]) -> dict[str, dict[str, list[str]]]:
        """Why each square continues no move, for every click prefix of the legal moves."""
        game = self.game
        # a click there starts a longer path anew (a one-click move, such as a summon, is
        # refused while another path is being entered: banmen/site/assets/js/lesson-player.js)
        starts = {row[1][0] for row in rows if len(row[1]) > 1}
        prefixes: dict[tuple[str, ...], None] = {(): None}
        for row in rows:
            for n in range(1, len(row[1])):
                prefixes.setdefault(tuple(row[1][:n]), None)
        why: dict[str, dict[str, list[str]]] = {}
        for prefix in list(prefixes)[:REASON_PREFIXES_MAX]:
            later = set()
            for row in rows:
                if tuple(row[1][:len(prefix)]) == prefix:
                    # nothing selected: only a move's first click; else any later click
                    # that the page completes the move from
                    later.update(row[1][len(prefix):] if prefix else row[1][:1])
            grouped: dict[str, list[str]] = {}
            for square in self.squares:
                if square in later or (prefix and square in starts):
                    continue
                if prefix and square == prefix[0]:
                    continue  # a second click on the origin clears the selection
                grouped.setdefault(game.click_reason(state, list(prefix), square),
                                   []).append(square)
            if grouped:
                why[" ".join(prefix)] = grouped
        return why

    def wrong_text(self, state: Hashable, move: Hashable, want_kind: str | None,
                   accepted: list[Hashable]) -> str:
        game = self.game
        text = _quoted(game.say_move(state, move))
        kind = _kind_ja(game, game.move_kinds(state, move)[0])
        if want_kind is not None:
            return (f"{text}は指せる手（{kind}）ですが、このステップで指すのは"
                    f"{_kind_ja(game, want_kind)}です。")
        names = "か".join(_quoted(game.say_move(state, m)) for m in accepted)
        wanted = {game.move_kinds(state, m)[0] for m in accepted}
        if game.move_kinds(state, move)[0] in wanted:
            return f"{text}も指せる{kind}ですが、このステップで指すのは{names}です。"
        want = "・".join(_kind_ja(game, k) for k in sorted(wanted))
        return f"{text}は指せる手（{kind}）ですが、このステップで指すのは{want}の{names}です。"

    def squares_step(self, i: int, step: LessonStep, state: Hashable, data: dict[str, Any]
                     ) -> tuple[dict[str, Any], list[Hashable]]:
        """A step where the reader clicks squares: they must be the query's answer."""
        check, game, base = self.check, self.game, ("steps", i)
        expect = step.expect
        assert isinstance(expect, LessonExpect)
        assert expect.squares is not None and expect.query is not None
        self.no_move_fields(i, step)
        try:
            query = find_query(game, expect.query)
        except QueryArgError as err:
            check.fail(base + ("expect", "query"), str(err))
        if query.returns != "squares":
            check.fail(base + ("expect", "query"), f"query '{query.name}' answers "
                       f"{query.returns}, not squares")
        try:
            computed = run_query(game, state, expect.query, expect.args)
        except QueryArgError as err:
            check.fail(base + ("expect", "args") + ((err.argument,) if err.argument else ()),
                       str(err))
        except BanmenError as err:
            check.fail(base + ("expect", "args"), f"query '{expect.query}': {err}")
        stated = sorted(set(expect.squares))
        if stated != sorted(computed):
            check.fail(base + ("expect", "squares"), f"wrong answer for query "
                       f"'{expect.query}': stated [{', '.join(stated)}], engine computes "
                       f"[{', '.join(sorted(computed)) or '(none)'}]")
        data["squares"] = stated
        data["end"] = data["board"]
        return data, [state]

    def no_move_fields(self, i: int, step: LessonStep) -> None:
        """Fail at a ``reply``, ``claim`` or ``feedback`` of a step that plays no move."""
        base = ("steps", i)
        for name in ("reply", "claim"):
            if getattr(step, name) is not None:
                self.check.fail(base + (name,), f"'{name}' needs an 'expect' with moves or kind")
        if step.feedback:
            self.check.fail(base + ("feedback",),
                            "'feedback' needs an 'expect' with moves or kind")

    def question_step(self, i: int, step: LessonStep, state: Hashable, data: dict[str, Any]
                      ) -> tuple[dict[str, Any], list[Hashable]]:
        """A question step: its stated value is checked like a puzzle answer's."""
        self.no_move_fields(i, step)
        data["question"] = check_query_answer(self.check, self.game, state, step.expect,
                                              ("steps", i, "expect"))
        data["end"] = data["board"]
        return data, [state]

    def step(self, i: int, step: LessonStep, state: Hashable) -> tuple[dict[str, Any],
                                                                     list[Hashable]]:
        """Check step ``i`` played from ``state``; return its page data and the positions it
        may end in (one per accepted move; ``[state]`` for a step without ``expect``)."""
        check, game, base = self.check, self.game, ("steps", i)
        steps.check_marks(check, game, step, base)
        data: dict[str, Any] = {"board": self.frame(state, step)}
        expect = step.expect
        if expect is None:
            for name in ("reply", "claim"):
                if getattr(step, name) is not None:
                    check.fail(base + (name,), f"'{name}' needs an 'expect' in the same step")
            if step.feedback:
                check.fail(base + ("feedback",), "'feedback' needs an 'expect' in the same step")
            data["end"] = data["board"]
            return data, [state]
        if game.outcome(state) is not None:
            check.fail(base + ("expect",), "the game is already over in this position")
        if not isinstance(expect, LessonExpect):
            return self.question_step(i, step, state, data)
        if expect.squares is not None:
            return self.squares_step(i, step, state, data)
        legal = game.legal_moves(state)
        kinds = {m: game.move_kinds(state, m) for m in legal}
        if expect.kind is not None:
            if expect.kind not in game.move_kind_names:
                check.fail(base + ("expect", "kind"), f"unknown move kind '{expect.kind}' for "
                           f"{game.id} (known: {', '.join(game.move_kind_names)})")
            accepted = [m for m in legal if expect.kind in kinds[m]]
            if not accepted:
                present = sorted({k for ks in kinds.values() for k in ks})
                check.fail(base + ("expect", "kind"), f"no legal move here is of kind "
                           f"'{expect.kind}' ({_kind_ja(game, expect.kind)}); legal kinds: "
                           f"{', '.join(present) or 'none'}")
            if len(accepted) > KIND_MOVES_MAX:
                check.fail(base + ("expect", "kind"), f"{len(accepted)} moves are of kind "
                           f"'{expect.kind}' here; a step may accept at most {KIND_MOVES_MAX}")
        else:
            accepted = []
            for j, text in enumerate(expect.moves or []):
                move = steps.read_move(check, game, state, text, base + ("expect", "moves", j))
                if move not in accepted:
                    accepted.append(move)
        fmt = {m: game.format_move(state, m) for m in legal}
        feedback = {}
        for text, said in step.feedback.items():
            # each feedback move is checked on its own: a bad one stops nothing else
            path = base + ("feedback", text)
            try:
                move = game.parse_move(state, fold_move_text(text))
            except BanmenError as err:
                check.add(path, f"feedback move '{shorten(text)}': {err}", key=True)
                continue
            if move in accepted:
                check.add(path, f"feedback move '{shorten(text)}' is an accepted move of this step",
                          key=True)
                continue
            feedback[fmt[move]] = plain_comment(said)
        rows = [[fmt[m], self.clicks(state, m, fmt[m]),
                 [_kind_ja(game, k) for k in kinds[m]]] for m in legal]
        data["moves"] = rows
        data["why"] = self.reasons(state, rows)
        data["right"] = {}
        ends = []
        mover = game.side_to_move(state)
        claim_failed = False
        for move in accepted:
            after = game.play(state, move)
            edge: dict[str, Any] = {"frame": self.frame(after, Marks(), state, move),
                                    "path": list(game.move_path(state, move)),
                                    "says": _says(game.say_move(state, move),
                                                  _kind_ja(game, kinds[move][0])),
                                    "replies": []}
            current = after
            for k, text in enumerate(_replies(step)):
                path = base + ("reply",) + ((k,) if not isinstance(step.reply, str) else ())
                if game.outcome(current) is not None:
                    check.fail(path, f"no reply: the game is over after {fmt[move]}")
                reply = steps.read_move(check, game, current, text, path)
                nxt = game.play(current, reply)
                edge["replies"].append([game.say_move(current, reply),
                                        self.frame(nxt, Marks(), current, reply),
                                        list(game.move_path(current, reply))])
                current = nxt
            # a false claim is one mistake: reported once, after the first move it fails for
            if step.claim == "win" and not claim_failed:
                result = game.outcome(current)
                if result is None or result.winner != mover:
                    said = "the game goes on" if result is None else (
                        f"the result is {result.winner or 'a draw'} ({result.reason})")
                    check.add(base + ("claim",), f"claim 'win' does not hold after "
                              f"{fmt[move]}: {said}")
                    claim_failed = True
            elif step.claim == "finish" and "finish" not in kinds[move] and not claim_failed:
                check.add(base + ("claim",), f"claim 'finish' does not hold: {fmt[move]} does "
                          "not reach the goal")
                claim_failed = True
            data["right"][fmt[move]] = edge
            ends.append(current)
        wrong = [m for m in legal if m not in accepted]
        data["wrong"] = {fmt[m]: feedback.get(fmt[m]) or self.wrong_text(
            state, m, expect.kind, accepted) for m in wrong}
        # the page shows a wrong move played, then takes it back, where few are possible
        data["wrongFrame"] = ({fmt[m]: self.frame(game.play(state, m), Marks(), state, m)
                               for m in wrong} if len(wrong) <= WRONG_BOARDS_MAX else {})
        last = data["right"][fmt[accepted[0]]]
        data["end"] = last["replies"][-1][1] if last["replies"] else last["frame"]
        return data, ends


def _quoted(said: str) -> str:
    """A move said in words (「赤2をゴールへ」) in quotes inside a sentence; notation as is."""
    return f"「{said}」" if any(ord(c) > 0x3000 for c in said) else said


def _says(said: str, kind: str) -> str:
    """What a lesson says after an accepted move: 「a1(2)b1：移動です。」, or only
    「パスです。」 when the move's words are its kind's."""
    return f"{kind}です。" if said == kind else f"{said}：{kind}です。"


def check_lesson(check: FileCheck, ident: str, model: LessonFile, site_game: Game
                 ) -> items.Lesson:
    """Check a lesson file step by step (see the module docstring).

    Args:
        check: collects the file's located errors.
        ident: ``<game>/<name>``.
        model: the validated file.
        site_game: the engine with the site's rules.

    Returns:
        The checked lesson with its boards and page data.

    Every independent error is recorded, as a compiler does: a step that fails is left, and
    the steps after it are checked from their own ``position``; a step that continues from
    a failed one is not checked (its position is unknown), nor is anything after the lesson
    draws too many boards. A step that keeps the board (a question, squares to click, no
    ``expect``) lets the next one continue even when it fails.

    Raises:
        FileCheck.Stop: after recording every error found (the lesson is not built then).
    """
    game = steps.engine_for(check, site_game, model.rules)
    ends: list[Hashable] | None  # the positions the previous step ends in; None: it failed
    try:
        state = steps.read_position(check, game, model.position)
        ends = [state]
    except FileCheck.Stop:  # steps with a position of their own are still checked
        state, ends = None, None
    lesson = _Lesson(check, ident, game, dict(model.options))
    pages: list[dict[str, Any]] = []
    before: tuple[int, ...] | None = None
    for i, step in enumerate(model.steps):
        base = ("steps", i)
        if step.expect is not None:
            before = (i,)
        if step.position is None and ends is None:
            continue  # continues from a step that failed: its position is unknown
        known = False
        try:
            if step.position is not None:
                state = _read_position(check, game, step.position, base + ("position",))
            elif len(ends) != 1:
                check.fail(base, f"this step continues from step {i}, whose result depends on "
                           f"the reader's move ({len(ends)} moves are accepted there); give it "
                           "a 'position'")
            else:
                state = ends[0]
                if game.outcome(state) is not None and step.expect is not None:
                    check.fail(base, f"the game is over after step {i}; give this step a "
                               "'position'")
            unrolled = state
            if step.roll is not None:
                state = game.play(state, steps.read_move(check, game, state,
                                                         f"roll {step.roll}", base + ("roll",)))
            known = True
            page, ends = lesson.step(i, step, state)
            if step.roll is not None:  # the reader rolls first: the die still to roll
                page["roll"] = step.roll
                page["rollBoard"] = lesson.frame(unrolled, step)
            pages.append(page)
        except FileCheck.Stop:
            if lesson.over_budget:
                raise
            keeps_board = step.expect is None or not isinstance(step.expect, LessonExpect) \
                or step.expect.squares is not None
            ends = [state] if known and keeps_board else None
    last = [s for s in model.steps if s.expect is not None]
    if not last:
        check.fail(("steps",), "a lesson needs at least one step with 'expect'")
    # a lesson that ends with a move ends with a checked result; one that ends with a
    # question (checked like a puzzle answer) or squares to click needs no claim
    ends_with_move = last and isinstance(last[-1].expect, LessonExpect) \
        and last[-1].expect.squares is None
    if ends_with_move and last[-1].claim is None:
        check.fail(("steps", before[0] if before else 0, "expect"),
                   "the last step with 'expect' must state its 'claim' (win or finish), "
                   "so that the lesson ends with a checked result")
    if check.errors:
        raise FileCheck.Stop
    data = {"steps": pages, "labels": dict(sorted(lesson.labels.items()))}
    return items.Lesson(ident, game, model, tuple(lesson.frames), data, check.document.source)

