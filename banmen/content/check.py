"""Check every content file against its model and its rules engine.

``check_project`` finds the files, validates each one, replays it through the engine and
returns the checked items; every problem becomes one ``file:line:col: message`` line and all
of them are raised together (:class:`ContentErrors`), so an author sees every broken puzzle of
a rule change at once.

Layout (relative to the project root):
    rules.yaml                 site-wide rule parameters per game
    diagrams/<game>/<name>.yaml
    puzzles/<game>/<name>.yaml
    sequences/<game>/<name>.yaml
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping
from pathlib import Path
from typing import Any

from banmen.content import items
from banmen.content.errors import ContentError, ContentErrors
from banmen.content.models import (
    CONTENT_KINDS,
    DiagramFile,
    Marks,
    MoveAnswer,
    PuzzleFile,
    SequenceFile,
)
from banmen.content.validate import ContentErrorGroup, validate
from banmen.content.yamlmarks import DataPath, MarkedDocument, load_marked_file
from banmen.game import (
    BanmenError,
    Game,
    PositionError,
    RulesError,
    game_ids,
    get_game,
)
from banmen.query import QueryArgError, find_query, run_query
from banmen.render import board_squares
from banmen.render.board import DiagramSpec

RULES_FILE = "rules.yaml"


class _FileCheck:
    """Collects the errors of one file; ``fail`` records one and stops that file's check."""

    class Stop(Exception):
        pass

    def __init__(self, document: MarkedDocument):
        self.document = document
        self.errors: list[ContentError] = []

    def add(self, path: DataPath, message: str, *, key: bool = False) -> None:
        self.errors.append(self.document.error(path, message, key=key))

    def fail(self, path: DataPath, message: str, *, key: bool = False) -> None:
        self.add(path, message, key=key)
        raise self.Stop


def normalise_move_text(text: str) -> str:
    """Fold move text the way pages compare it: NFKC (full-width digits), no spaces, lower."""
    return "".join(unicodedata.normalize("NFKC", text).split()).lower()


# --------------------------------------------------------------------------- site rules


def load_site_rules(root: Path, overrides: Mapping[str, Mapping[str, Any]] | None = None
                    ) -> tuple[dict[str, Game], list[ContentError]]:
    """Read ``rules.yaml`` and return an engine per game with the site's rules.

    Args:
        root: the project root.
        overrides: game id -> parameter overrides applied on top of the file (``--set``).

    Returns:
        (engines by game id, errors found in the file).
    """
    errors: list[ContentError] = []
    configured: dict[str, dict[str, Any]] = {}
    path = root / RULES_FILE
    if path.exists():
        try:
            document = load_marked_file(path, RULES_FILE)
        except ContentError as err:
            return {g: get_game(g) for g in game_ids()}, [err]
        data = document.data or {}
        if not isinstance(data, dict):
            errors.append(document.error((), "expected a mapping: game id -> rule parameters"))
            data = {}
        for game_id, params in data.items():
            if game_id not in game_ids():
                errors.append(document.error((game_id,), f"unknown game '{game_id}' "
                                             f"(known: {', '.join(game_ids())})", key=True))
            elif not isinstance(params, dict):
                errors.append(document.error((game_id,), "expected a mapping of rule parameters"))
            else:
                configured[game_id] = params
    games: dict[str, Game] = {}
    for game_id in game_ids():
        params = {**configured.get(game_id, {}), **(overrides or {}).get(game_id, {})}
        try:
            games[game_id] = get_game(game_id, params)
        except RulesError as err:
            where = (game_id,) + err.path
            if path.exists() and game_id in configured:
                errors.append(document.error(where, str(err)))
            else:
                errors.append(ContentError("--set", 1, 1, f"{game_id}: {err}"))
            games[game_id] = get_game(game_id)
    return games, errors


# --------------------------------------------------------------------------- shared steps


def _engine(check: _FileCheck, site_game: Game, overrides: Mapping[str, Any]) -> Game:
    if not overrides:
        return site_game
    try:
        return site_game.with_rules(overrides)
    except RulesError as err:
        check.fail(("rules",) + err.path, str(err))
    raise AssertionError("unreachable")


def _position(check: _FileCheck, game: Game, position: Mapping[str, Any] | None) -> Hashable:
    if position is None:
        return game.initial_state()
    stated = position.get("game", game.id)
    if stated != game.id:
        check.fail(("position", "game"), f"position is for '{stated}', the file is for '{game.id}'")
    try:
        return game.position_from_yaml({**position, "game": game.id})
    except PositionError as err:
        check.fail(("position",) + err.path, f"impossible position: {err}")
    except BanmenError as err:
        check.fail(("position",), f"impossible position: {err}")
    raise AssertionError("unreachable")


def _move(check: _FileCheck, game: Game, state: Hashable, text: str, path: DataPath) -> Hashable:
    try:
        return game.parse_move(state, text)
    except BanmenError as err:
        check.fail(path, f"move '{text}': {err}")
    raise AssertionError("unreachable")


def _check_marks(check: _FileCheck, game: Game, marks: Marks, base: DataPath = ()) -> None:
    squares = board_squares(game)

    def known(square: str, path: DataPath) -> None:
        if square not in squares:
            check.add(path, f"'{square}' is not a square of the {game.id} board")

    for i, square in enumerate(marks.highlight):
        known(square, base + ("highlight", i))
    for i, arrow in enumerate(marks.arrows):
        if len(arrow) < 2:
            check.add(base + ("arrows", i), "an arrow needs at least two squares")
        for j, square in enumerate(arrow):
            known(square, base + ("arrows", i, j))
    for square in marks.labels:
        known(square, base + ("labels", square))


def _spec(ident: str, state: Hashable, marks: Marks, options: Mapping[str, Any],
          before: Hashable | None = None, move: Hashable | None = None,
          move_arrow: bool = True) -> DiagramSpec:
    return DiagramSpec(
        ident=ident,
        state=state,
        before=before,
        move=move,
        highlight=tuple(marks.highlight),
        arrows=tuple(tuple(a) for a in marks.arrows),
        labels=tuple(sorted(marks.labels.items())),
        options=dict(options),
        move_arrow=move_arrow,
    )


# --------------------------------------------------------------------------- diagrams


def _check_diagram(check: _FileCheck, ident: str, model: DiagramFile, site_game: Game
                   ) -> items.Diagram:
    game = _engine(check, site_game, model.rules)
    state = _position(check, game, model.position)
    _check_marks(check, game, model)
    if model.move is None:
        spec = _spec(ident, state, model, model.options)
    else:
        move = _move(check, game, state, model.move, ("move",))
        spec = _spec(ident, game.play(state, move), model, model.options, state, move,
                     model.move_arrow)
    return items.Diagram(ident, game, spec, model.caption, check.document.source)


# --------------------------------------------------------------------------- puzzles


def _stated_vs_computed(stated: Any, computed: Any) -> str:
    def show(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(v) + "]" if v else "[] (none)"
        return str(v)

    return f"stated {show(stated)}, engine computes {show(computed)}"


def _check_query_answer(check: _FileCheck, game: Game, state: Hashable, model: PuzzleFile
                        ) -> dict[str, Any]:
    answer = model.answer
    try:
        query = find_query(game, answer.query)
    except QueryArgError as err:
        check.fail(("answer", "query"), str(err))
    try:
        computed = run_query(game, state, answer.query, answer.args)
    except QueryArgError as err:
        path = ("answer", "args") + ((err.argument,) if err.argument else ())
        check.fail(path, str(err))
    except BanmenError as err:
        check.fail(("answer", "args"), f"query '{answer.query}': {err}")
    expected_kind = {"number": "number", "boolean": "boolean", "squares": "squares"}
    if answer.kind in expected_kind and query.returns != expected_kind[answer.kind]:
        check.fail(("answer", "query"), f"query '{query.name}' answers {query.returns}, "
                   f"not {answer.kind}")
    stated: Any = answer.value
    if answer.kind == "squares":
        stated = sorted(answer.value)
    if answer.kind == "choice":
        computed = "true" if computed is True else "false" if computed is False else str(computed)
        values = [o.value for o in answer.options]
        if answer.value not in values:
            check.fail(("answer", "value"), f"'{answer.value}' is none of the options' values "
                       f"({', '.join(values)})")
        if computed not in values:
            check.fail(("answer", "options"), f"the engine computes '{computed}', "
                       f"which no option offers (options: {', '.join(values)})")
    if stated != computed:
        check.fail(("answer", "value"), f"wrong answer for query '{query.name}': "
                   + _stated_vs_computed(stated, computed))
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


def _check_move_answer(check: _FileCheck, ident: str, game: Game, state: Hashable,
                       model: PuzzleFile) -> tuple[dict[str, Any], tuple, tuple]:
    answer = model.answer
    assert isinstance(answer, MoveAnswer)
    solver_side = game.side_to_move(state)
    frames: list[DiagramSpec] = []
    steps: list[items.PuzzleStep] = []
    for i, step in enumerate(answer.solution):
        base = ("answer", "solution", i)
        remaining = answer.plies - 2 * i
        if remaining < 1:
            check.fail(base, f"the solution is longer than answer.plies = {answer.plies}")
        move = _move(check, game, state, step.move, base + ("move",))
        also = [_move(check, game, state, t, base + ("also", j)) for j, t in enumerate(step.also)]
        fmt = lambda m, s=state: game.format_move(s, m)  # noqa: E731
        stated = sorted({fmt(move), *map(fmt, also)})
        computed = sorted(fmt(m) for m in game.winning_moves(state, remaining))
        if stated != computed:
            check.fail(base + ("move",), f"winning moves within {_plies(remaining)}: "
                       + _stated_vs_computed(stated, computed))
        accept = _accept_table(game, state)
        after = game.play(state, move)
        frames.append(_spec(f"{ident}-m{i}", after, Marks(), model.options, state, move))
        result = game.outcome(after)
        last = i == len(answer.solution) - 1
        reply_text = None
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
            reply = _move(check, game, after, step.reply, base + ("reply",))
            reply_text = game.format_move(after, reply)
            state = game.play(after, reply)
            frames.append(_spec(f"{ident}-r{i}", state, Marks(), model.options, after, reply))
            result = game.outcome(state)
            if last and (result is None or result.winner != solver_side):
                check.fail(base + ("reply",), f"the solution must end in a win; after "
                           f"{fmt(move)} {reply_text} the game is not won")
        steps.append(items.PuzzleStep(accept, computed, fmt(move), reply_text, step.comment or ""))
    payload = {"kind": "move", "steps": [s.__dict__ for s in steps]}
    return payload, tuple(frames), tuple(steps)


def _check_puzzle(check: _FileCheck, ident: str, model: PuzzleFile, site_game: Game
                  ) -> items.Puzzle:
    game = _engine(check, site_game, model.rules)
    state = _position(check, game, model.position)
    _check_marks(check, game, model)
    before = last_move = None
    for i, text in enumerate(model.moves):
        before, last_move = state, _move(check, game, state, text, ("moves", i))
        state = game.play(state, last_move)
    spec = _spec(ident, state, model, model.options, before, last_move)
    if model.answer.kind == "move":
        payload, frames, steps = _check_move_answer(check, ident, game, state, model)
        return items.Puzzle(ident, game, model, spec, payload, check.document.source,
                            frames, steps)
    payload = _check_query_answer(check, game, state, model)
    return items.Puzzle(ident, game, model, spec, payload, check.document.source)


# --------------------------------------------------------------------------- sequences


def _check_sequence(check: _FileCheck, ident: str, model: SequenceFile, site_game: Game
                    ) -> items.Sequence:
    game = _engine(check, site_game, model.rules)
    state = _position(check, game, model.position)
    frames = [items.Frame(_spec(f"{ident}-0", state, Marks(), model.options), None, model.intro)]
    for i, step in enumerate(model.steps):
        base = ("steps", i)
        _check_marks(check, game, step, base)
        move = _move(check, game, state, step.move, base + ("move",))
        text = game.format_move(state, move)
        after = game.play(state, move)
        frames.append(items.Frame(_spec(f"{ident}-{i + 1}", after, step, model.options, state,
                                        move), text, step.comment))
        state = after
    return items.Sequence(ident, game, model.title, model.intro, tuple(frames),
                          check.document.source)


# --------------------------------------------------------------------------- the project

_CHECKERS: dict[str, Callable[..., Any]] = {
    "diagrams": _check_diagram,
    "puzzles": _check_puzzle,
    "sequences": _check_sequence,
}


def content_files(root: Path) -> list[tuple[str, str, Path]]:
    """Return (kind, game id, file) for every content file under ``root``, sorted.

    Files sit at ``<kind>/<game>/<name>.yaml``; anything else under a kind folder is reported
    by :func:`check_project`.
    """
    found = []
    for kind in CONTENT_KINDS:
        folder = root / kind
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    game_id = path.parent.name if path.parent.parent == folder else ""
                    found.append((kind, game_id, path))
    return found


def _selected(path: Path, selection: Iterable[Path] | None) -> bool:
    if selection is None:
        return True
    resolved = path.resolve()
    return any(resolved == s or s in resolved.parents for s in selection)


def check_project(root: Path, *, paths: Iterable[Path] | None = None,
                  rule_overrides: Mapping[str, Mapping[str, Any]] | None = None,
                  progress: Callable[[str], None] | None = None) -> items.Content:
    """Check every content file of the project at ``root``.

    Args:
        root: the project root (where ``rules.yaml``, ``diagrams/``, ``puzzles/`` live).
        paths: only check files at or below these paths (default: everything).
        rule_overrides: game id -> parameter overrides on top of ``rules.yaml``.
        progress: called with each file name before it is checked.

    Returns:
        The checked content.

    Raises:
        ContentErrors: every problem found, each as ``file:line:col: message``.
    """
    root = root.resolve()
    selection = [p.resolve() for p in paths] if paths is not None else None
    games, errors = load_site_rules(root, rule_overrides)
    content = items.Content(games=games)
    for kind, game_id, path in content_files(root):
        if not _selected(path, selection):
            continue
        source = str(path.relative_to(root))
        if progress:
            progress(source)
        if path.suffix != ".yaml":
            errors.append(ContentError(source, 1, 1, "content files must end in .yaml"))
            continue
        if game_id not in game_ids():
            errors.append(ContentError(source, 1, 1, f"expected {kind}/<game>/<name>.yaml with "
                                       f"a game of: {', '.join(game_ids())}"))
            continue
        errors.extend(_check_file(content, kind, game_id, path, source))
    if errors:
        raise ContentErrors(errors)
    return content


def _check_file(content: items.Content, kind: str, game_id: str, path: Path, source: str
                ) -> list[ContentError]:
    try:
        document = load_marked_file(path, source)
        model = validate(document, CONTENT_KINDS[kind])
    except ContentError as err:
        return [err]
    except ContentErrorGroup as group:
        return group.errors
    check = _FileCheck(document)
    if model.game != game_id:
        return [document.error(("game",), f"game '{model.game}' does not match the folder "
                               f"'{kind}/{game_id}/'")]
    ident = f"{game_id}/{path.stem}"
    try:
        item = _CHECKERS[kind](check, ident, model, content.games[game_id])
    except _FileCheck.Stop:
        return check.errors
    if check.errors:
        return check.errors
    getattr(content, kind)[ident] = item
    return []



def check_single_diagram(document: MarkedDocument, game_id: str | None = None
                         ) -> tuple[Game, DiagramSpec]:
    """Check one diagram or bare position document (``banmen render``) with default rules.

    A document with a ``position`` or ``move`` field is a diagram file; any other mapping is
    a position in the game's YAML form. The game comes from the ``game`` field or ``game_id``.

    Returns:
        (engine, what to draw); the diagram id is ``render/<file stem>``.

    Raises:
        ContentErrors: the file is not a valid diagram or position.
    """
    data = document.data
    if not isinstance(data, dict):
        raise ContentErrors([document.error((), "expected a diagram or position mapping")])
    game_id = data.get("game", game_id)
    if game_id not in game_ids():
        raise ContentErrors([document.error(("game",), f"unknown game '{game_id}' (give 'game:' "
                                            f"or --game; known: {', '.join(game_ids())})")])
    stem = Path(document.source).stem if document.source != "<stdin>" else "stdin"
    ident = f"render/{stem}"
    check = _FileCheck(document)
    is_diagram = any(k in data for k in DiagramFile.model_fields if k not in ("game", "rules"))
    try:
        site_game = get_game(game_id)
        if is_diagram:
            try:
                model = validate(document, DiagramFile)
            except ContentErrorGroup as group:
                raise ContentErrors(group.errors) from None
            return site_game, _check_diagram(check, ident, model, site_game).spec
        state = _position_document(check, site_game, data)
        return site_game, DiagramSpec(ident=ident, state=state)
    except _FileCheck.Stop:
        raise ContentErrors(check.errors) from None


def _position_document(check: _FileCheck, game: Game, data: Mapping[str, Any]) -> Hashable:
    try:
        return game.position_from_yaml(data)
    except PositionError as err:
        check.fail(err.path, f"impossible position: {err}")
    except BanmenError as err:
        check.fail((), f"impossible position: {err}")
    raise AssertionError("unreachable")
