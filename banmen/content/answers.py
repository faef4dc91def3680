"""Checking a puzzle's answer against its engine: named-query answers (number, boolean,
choice, squares) and move answers, whose solution line the solver must prove move by move.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.content import items
from banmen.content.models import (BooleanAnswer, ChoiceAnswer, MoveAnswer, NumberAnswer,
                                    PuzzleFile, SquaresAnswer)
from banmen.content import solution, steps
from banmen.content.steps import FileCheck, normalise_move_text
from banmen.analysis import solver_budget
from banmen.game import BanmenError, EngineLimitError, Game
from banmen.query import QueryArgError, find_query, query_evidence, run_query

#: The answers a named engine query computes.
QueryAnswer = NumberAnswer | BooleanAnswer | ChoiceAnswer | SquaresAnswer


def _stated_vs_computed(stated: Any, computed: Any) -> str:
    def show(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(v) + "]" if v else "[] (none)"
        return str(v)

    return f"stated {show(stated)}, engine computes {show(computed)}"


def choice_value(computed: Any) -> str:
    """Write a query's answer the way a ``choice`` option's ``value`` states it.

    Booleans are ``true``/``false``; a list (squares, moves) is its items joined by ``", "``
    in the query's sorted order, or ``none`` when empty; anything else is its text.
    """
    if isinstance(computed, bool):
        return "true" if computed else "false"
    if isinstance(computed, list):
        return ", ".join(str(v) for v in computed) or "none"
    return str(computed)


def check_query_answer(check: FileCheck, game: Game, state: Hashable, answer: QueryAnswer,
                       base: tuple = ("answer",)) -> dict[str, Any]:
    """Check a named-query answer (number, boolean, choice, squares) against the engine.

    Args:
        check: collects the file's located errors.
        game: the engine (with the file's rules).
        state: the position the question is asked about.
        answer: the validated answer (a puzzle's ``answer`` or a lesson step's ``expect``).
        base: the data path of ``answer`` in the file; errors are located below it
            (``base + ("value",)`` for a wrong value).

    Returns:
        The answer as the page's script reads it: ``{"kind", "answer"}`` (for ``choice``
        also ``"options"``, the labels, and ``"answer"`` is the right option's index).

    Raises:
        FileCheck.Stop: an unknown query, bad arguments, a query of another type, a choice
            value no option offers, or a stated value the engine does not compute.
    """
    try:
        query = find_query(game, answer.query)
    except QueryArgError as err:
        check.fail(base + ("query",), str(err))
    try:
        with solver_budget(f"{check.document.source}, query '{answer.query}'",
                           hint="lower the query's plies or simplify the position"):
            computed = run_query(game, state, answer.query, answer.args)
    except QueryArgError as err:
        path = base + ("args",) + ((err.argument,) if err.argument else ())
        check.fail(path, str(err))
    except BanmenError as err:
        check.fail(base + ("args",), f"query '{answer.query}': {err}")
    expected_kind = {"number": "number", "boolean": "boolean", "squares": "squares"}
    if answer.kind in expected_kind and query.returns != expected_kind[answer.kind]:
        check.fail(base + ("query",), f"query '{query.name}' answers {query.returns}, "
                   f"not {answer.kind}")
    stated: Any = answer.value
    if answer.kind == "squares":
        stated = sorted(answer.value)
    if answer.kind == "choice":
        computed = choice_value(computed)
        values = [o.value for o in answer.options]
        if answer.value not in values:
            check.fail(base + ("value",), f"'{answer.value}' is none of the options' values "
                       f"({', '.join(values)})")
        if computed not in values:
            check.fail(base + ("options",), f"the engine computes '{computed}', "
                       f"which no option offers (options: {', '.join(values)})")
    if stated != computed:
        evidence = query_evidence(game, state, answer.query, answer.args)
        check.fail(base + ("value",), f"wrong answer for query '{query.name}': "
                   + _stated_vs_computed(stated, computed)
                   + (f" ({evidence})" if evidence else ""))
    payload: dict[str, Any] = {"kind": answer.kind}
    if answer.kind == "choice":
        payload["options"] = [o.label for o in answer.options]
        payload["answer"] = [o.value for o in answer.options].index(computed)
    else:
        payload["answer"] = computed
    return payload


def _accept_table(game: Game, state: Hashable) -> dict[str, str]:
    table: dict[str, str] = {}
    for move in game.legal_moves(state):
        canonical = game.format_move(state, move)
        for text in game.notations(state, move):
            table.setdefault(normalise_move_text(text), canonical)
    return table


def _plies(count: int) -> str:
    return f"{count} ply" if count == 1 else f"{count} plies"


def _check_move_answer(check: FileCheck, ident: str, game: Game, state: Hashable,
                       model: PuzzleFile) -> tuple[dict[str, Any], tuple, tuple]:
    answer = model.answer
    assert isinstance(answer, MoveAnswer)
    solver_side = game.side_to_move(state)
    reader_steps: list[items.PuzzleStep] = []
    main: list[solution.MainStep] = []
    start = state
    for i, step in enumerate(answer.solution):
        base = ("answer", "solution", i)
        remaining = answer.plies - 2 * i
        if remaining < 1:
            check.fail(base, f"the solution is longer than answer.plies = {answer.plies}")
        move = steps.read_move(check, game, state, step.move, base + ("move",))
        also = [steps.read_move(check, game, state, t, base + ("also", j)) for j, t in enumerate(step.also)]
        fmt = lambda m, s=state: game.format_move(s, m)  # noqa: E731
        stated = sorted({fmt(move), *map(fmt, also)})
        try:
            with solver_budget(f"{check.document.source}, solution step {i + 1} (a win "
                               f"within {_plies(remaining)})",
                               hint="lower answer.plies or simplify the position"):
                computed = sorted(fmt(m) for m in game.winning_moves(state, remaining))
        except EngineLimitError as err:
            check.fail(("answer", "plies"), str(err))
        if stated != computed:
            check.fail(base + ("move",), f"winning moves within {_plies(remaining)}: "
                       + _stated_vs_computed(stated, computed))
        accept = _accept_table(game, state)
        after = game.play(state, move)
        result = game.outcome(after)
        last = i == len(answer.solution) - 1
        reply_text = None
        reply = None
        if result is not None:
            if not last:
                check.fail(base + ("move",), f"the game ends after {fmt(move)}; "
                           "remove the steps after it")
            if step.reply is not None:
                check.fail(base + ("reply",), f"the game ends after {fmt(move)}; remove the reply")
            if result.winner != solver_side:
                check.fail(base + ("move",), f"after {fmt(move)} the game is lost, not won")
        else:
            # Giveaway games are won on the loser's ply, so the last step may have a reply.
            if step.reply is None:
                check.fail(base, f"missing field 'reply': after {fmt(move)} the game goes on")
            reply = steps.read_move(check, game, after, step.reply, base + ("reply",))
            reply_text = game.format_move(after, reply)
            state = game.play(after, reply)
            result = game.outcome(state)
            if last and (result is None or result.winner != solver_side):
                check.fail(base + ("reply",), f"the solution must end in a win; after "
                           f"{fmt(move)} {reply_text} the game is not won")
        reader_steps.append(items.PuzzleStep(accept, computed, fmt(move), reply_text, step.comment or ""))
        main.append(solution.MainStep(move, reply,
                                      step.comment or ""))
    tree, tree_frames = solution.solution_tree(game, ident, model.options, start,
                                               answer.plies, main)
    payload = {"kind": "move", **tree}
    return payload, tuple(tree_frames), tuple(reader_steps)


def check_puzzle(check: FileCheck, ident: str, model: PuzzleFile, site_game: Game
                  ) -> items.Puzzle:
    game = steps.engine_for(check, site_game, model.rules)
    steps.check_marks(check, game, model)  # first: the board's squares, whatever the position
    state = steps.read_position(check, game, model.position)
    before = last_move = None
    for i, text in enumerate(model.moves):
        before, last_move = state, steps.read_move(check, game, state, text, ("moves", i))
        state = game.play(state, last_move)
    spec = steps.make_spec(ident, state, model, model.options, before, last_move)
    if model.answer.kind == "move":
        payload, frames, reader_steps = _check_move_answer(check, ident, game, state, model)
        return items.Puzzle(ident, game, model, spec, payload, check.document.source,
                            frames, reader_steps)
    payload = check_query_answer(check, game, state, model.answer)
    return items.Puzzle(ident, game, model, spec, payload, check.document.source)
