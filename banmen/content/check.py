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
    lessons/<game>/<name>.yaml
    practice/<game>/<name>.yaml   puzzle files of the game's practice page
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping
from pathlib import Path
from typing import Any

from banmen.content import items, steps
from banmen.content.answers import check_puzzle
from banmen.content.lesson import check_lesson
from banmen.content.errors import ArgumentError, ContentError, ContentErrors
from banmen.content.models import (CONTENT_KINDS, FREE_FIELDS, DiagramFile, Marks, SequenceFile,
                                   authored_texts)
from banmen.content.steps import FileCheck, normalise_move_text
from banmen.content.validate import ContentErrorGroup, validate
from banmen.content.yamlmarks import MarkedDocument, load_marked_file
from banmen.game import BanmenError, Game, PositionError, RulesError, game_ids, get_game
from banmen.render.spec import DiagramSpec

__all__ = ["check_project", "check_single_diagram", "content_files", "load_site_rules",
           "normalise_move_text"]

RULES_FILE = "rules.yaml"


# --------------------------------------------------------------------------- site rules


def load_site_rules(root: Path, overrides: Mapping[str, Mapping[str, Any]] | None = None,
                    rules_file: Path | None = None
                    ) -> tuple[dict[str, Game], list[ContentError]]:
    """Read ``rules.yaml`` and return an engine per game with the site's rules.

    Args:
        root: the project root.
        overrides: game id -> parameter overrides applied on top of the file (``--set``).
        rules_file: read this file instead of ``root/rules.yaml`` (``banmen diff --rules``);
            its errors are located at the path as given.

    Returns:
        (engines by game id, errors found in the file).
    """
    errors: list[ContentError] = []
    configured: dict[str, dict[str, Any]] = {}
    path = root / RULES_FILE if rules_file is None else rules_file
    if path.exists():
        try:
            document = load_marked_file(path, RULES_FILE if rules_file is None else str(path))
        except ContentError as err:
            return {g: get_game(g) for g in game_ids()}, list(getattr(err, "errors", [err]))
        errors.extend(document.ambiguity_errors())
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
        own = configured.get(game_id, {})
        given = dict((overrides or {}).get(game_id, {}))
        games[game_id] = get_game(game_id)
        try:
            games[game_id] = get_game(game_id, own)
        except RulesError as err:
            errors.append(document.error((game_id,) + err.path, str(err)))
            continue
        if not given:
            continue
        try:
            games[game_id] = get_game(game_id, {**own, **given})
        except RulesError as err:
            param = str(err.path[0]) if err.path else None
            source = getattr(overrides, "source_of", lambda g, p: None)(game_id, param)
            errors.append(ArgumentError(source or f"--set {game_id}", str(err)))
    return games, errors


# --------------------------------------------------------------------------- diagrams


def _check_diagram(check: FileCheck, ident: str, model: DiagramFile, site_game: Game
                   ) -> items.Diagram:
    game = steps.engine_for(check, site_game, model.rules)
    steps.check_marks(check, game, model)  # first: the board's squares, whatever the position
    state = steps.read_position(check, game, model.position)
    if model.move is None:
        spec = steps.make_spec(ident, state, model, model.options)
    else:
        move = steps.read_move(check, game, state, model.move, ("move",))
        spec = steps.make_spec(ident, game.play(state, move), model, model.options, state, move,
                     model.move_arrow)
    spec = dataclasses.replace(spec, title=model.caption)  # the SVG's screen-reader title
    return items.Diagram(ident, game, spec, model.caption, check.document.source)


# --------------------------------------------------------------------------- sequences


def _check_sequence(check: FileCheck, ident: str, model: SequenceFile, site_game: Game
                    ) -> items.Sequence:
    game = steps.engine_for(check, site_game, model.rules)
    for i, step in enumerate(model.steps):  # first: an impossible position or an illegal
        steps.check_marks(check, game, step, ("steps", i))  # move hides no bad square
    state = steps.read_position(check, game, model.position)
    frames = [items.Frame(steps.make_spec(f"{ident}-0", state, Marks(), model.options), None, model.intro)]
    for i, step in enumerate(model.steps):
        base = ("steps", i)
        move = steps.read_move(check, game, state, step.move, base + ("move",))
        text = game.format_move(state, move)
        after = game.play(state, move)
        frames.append(items.Frame(steps.make_spec(f"{ident}-{i + 1}", after, step, model.options, state,
                                        move), text, step.comment))
        state = after
    return items.Sequence(ident, game, model.title, model.intro, tuple(frames),
                          check.document.source)


# --------------------------------------------------------------------------- the project

_CHECKERS: dict[str, Callable[..., Any]] = {
    "diagrams": _check_diagram,
    "puzzles": check_puzzle,
    "sequences": _check_sequence,
    "lessons": check_lesson,
    "practice": check_puzzle,
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


def _selected_by(path: Path, selection: set[Path] | None) -> list[Path]:
    """Return the selected paths (resolved) that cover ``path``: the file itself and the
    folders above it that are in ``selection`` (``[path]`` when all are selected; empty when
    none covers it). A set, not a scan of the selection per file: a cold site build selects
    every content file."""
    if selection is None:
        return [path]
    resolved = path.resolve()
    return [p for p in (resolved, *resolved.parents) if p in selection]


def check_project(root: Path, *, paths: Iterable[Path] | None = None,
                  rule_overrides: Mapping[str, Mapping[str, Any]] | None = None,
                  rules_file: Path | None = None, strict: bool = True) -> items.Content:
    """Check every content file of the project at ``root``.

    Args:
        root: the project root (where ``rules.yaml``, ``diagrams/``, ``puzzles/`` live).
        paths: only check files at or below these paths (default: everything); a path that
            holds no content file is itself an error.
        rule_overrides: game id -> parameter overrides on top of ``rules.yaml``.
        rules_file: read the site rules from this file instead of ``root/rules.yaml``.
        strict: raise when any file has a problem; ``False`` keeps going and lists the
            broken files' problems in ``Content.problems`` (those files have no item).

    Returns:
        The checked content.

    Raises:
        ContentErrors: every problem found, each as ``file:line:col: message`` (not
            strict: only problems of the site rules or of ``paths``).
    """
    root = root.resolve()
    selection = [p.resolve() for p in paths] if paths is not None else None
    selected = None if selection is None else set(selection)
    games, errors = load_site_rules(root, rule_overrides, rules_file)
    if errors and not strict:
        raise ContentErrors(errors)
    content = items.Content(games=games)
    matched: set[Path] = set()
    for kind, game_id, path in content_files(root):
        chosen = _selected_by(path, selected)
        if not chosen:
            continue
        matched.update(chosen)
        source = str(path.relative_to(root))
        # control and format characters (line breaks, escapes, bidi overrides) and lone
        # surrogates (bytes of a name that are not UTF-8); spaces pass
        hidden = next((c for c in source
                       if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs")), None)
        if hidden is not None:
            code = ord(hidden)
            what = (f"the byte 0x{code - 0xDC00:02X}, which is not UTF-8"
                    if 0xDC80 <= code <= 0xDCFF  # as Python reads such a byte of a name
                    else f"the control character U+{code:04X}")
            errors.append(ContentError(source, 1, 1, f"the file name holds {what}: rename "
                                       "the file (names are shown on pages and in messages)"))
            continue
        if path.suffix != ".yaml":
            errors.append(ContentError(source, 1, 1, "content files must end in .yaml"))
            continue
        if game_id not in game_ids():
            errors.append(ContentError(source, 1, 1, f"expected {kind}/<game>/<name>.yaml with "
                                       f"a game of: {', '.join(game_ids())}"))
            continue
        problems = _check_file(content, kind, game_id, path, source)
        (errors if strict else content.problems).extend(problems)
    for given, resolved in zip(paths or (), selection or ()):
        if resolved not in matched:
            errors.append(ContentError(str(given), 1, 1, "not a content file of this project: "
                                       "expected <kind>/<game>/<name>.yaml with <kind> one of "
                                       f"{', '.join(CONTENT_KINDS)}"))
    if errors:
        raise ContentErrors(errors)
    return content


def _text_errors(document: MarkedDocument, model: Any) -> list[ContentError]:
    """The errors of every text a reader sees (:func:`banmen.content.models.authored_texts`),
    each at its value: one rule for all of them (:func:`banmen.content.texts.text_problems`:
    links and images to anything but http(s) or this site; images, which no page shows)."""
    from banmen.content.texts import text_problems

    return [document.error(path, problem) for path, text, plain in authored_texts(model)
            for problem in text_problems(text, plain)]


def _option_errors(document: MarkedDocument, model: Any) -> list[ContentError]:
    """The errors of a file's drawing ``options`` (:func:`banmen.render.options.option_problems`),
    each at its key (an unknown option) or value (a value it does not take)."""
    from banmen.render.options import option_problems

    return [document.error(("options", name), message, key=at_key)
            for name, at_key, message in option_problems(model.game, model.options)]


def _check_file(content: items.Content, kind: str, game_id: str, path: Path, source: str
                ) -> list[ContentError]:
    unknown: list[ContentError] = []  # misspelt fields: the rest is checked without them
    try:
        # texts holding a hidden character are kept as errors and the rest of the file is
        # checked too, so that one run reports every independent error
        document = load_marked_file(path, source, keep_hidden=True)
    except ContentError as err:
        return list(getattr(err, "errors", [err]))
    hidden = document.hidden
    try:
        model = validate(document, CONTENT_KINDS[kind])
    except ContentError as err:
        return hidden + list(getattr(err, "errors", [err]))
    except ContentErrorGroup as group:
        if group.salvaged is None:
            return hidden + group.errors
        model, unknown = group.salvaged, group.errors
    # (a text with a hidden character is reported for it alone: the text rule would read it
    # again, such as a control character before a link's scheme)
    hidden_at = {(err.line, err.column) for err in hidden}
    texts = hidden + [err for err in unknown + _text_errors(document, model)
                      if (err.line, err.column) not in hidden_at]  # independent of what follows
    if model.game != game_id:  # the rest would be read by another game's rules
        return [document.error(("game",), f"game '{model.game}' does not match the folder "
                               f"'{kind}/{game_id}/'")] + texts
    ambiguous = document.ambiguity_errors(model.model_dump(), FREE_FIELDS)
    errors = texts + _option_errors(document, model) + ambiguous
    if ambiguous:  # the engine would read a value the author may have meant otherwise
        return errors
    check = FileCheck(document)
    ident = f"{game_id}/{path.stem}"
    try:
        item = _CHECKERS[kind](check, ident, model, content.games[game_id])
    except FileCheck.Stop:
        return errors + check.errors
    except BanmenError as err:  # an engine limit met while replaying the file
        return errors + check.errors + [document.error(("position",), str(err))]
    if errors or check.errors:
        return errors + check.errors
    marks = {path: (mark.line, mark.column) for path, mark in document.marks.items()}
    getattr(content, kind)[ident] = dataclasses.replace(item, marks=marks)
    return []



def check_single_diagram(document: MarkedDocument, game_id: str | None = None
                         ) -> tuple[Game, DiagramSpec]:
    """Check one diagram or bare position document (``banmen render``) with default rules.

    A document with a ``position`` or ``move`` field is a diagram file; any other mapping is
    a position in the game's YAML form. The game comes from the ``game`` field or ``game_id``;
    when both are given they must agree.

    Returns:
        (engine, what to draw); the diagram id is ``render/<file stem>``.

    Raises:
        ContentErrors: the file is not a valid diagram or position, or its ``game`` field
            names another game than ``game_id``.
    """
    data = document.data
    if not isinstance(data, dict):
        raise ContentErrors([document.error((), "expected a diagram or position mapping")])
    stated = data.get("game")
    if game_id is not None and stated is not None and stated != game_id:
        raise ContentErrors([document.error(("game",), f"the file is a '{stated}' file, but "
                                            f"--game says '{game_id}': expected the same game "
                                            "in both (or leave out --game)")])
    game_id = data.get("game", game_id)
    if game_id not in game_ids():
        raise ContentErrors([document.error(("game",), f"unknown game '{game_id}' (give 'game:' "
                                            f"or --game; known: {', '.join(game_ids())})")])
    stem = Path(document.source).stem if document.source != "<stdin>" else "stdin"
    ident = f"render/{stem}"
    check = FileCheck(document)
    is_diagram = any(k in data for k in DiagramFile.model_fields if k not in ("game", "rules"))
    try:
        site_game = get_game(game_id)
        if is_diagram:
            try:
                model = validate(document, DiagramFile)
            except ContentErrorGroup as group:
                raise ContentErrors(group.errors) from None
            ambiguous = document.ambiguity_errors(model.model_dump(), FREE_FIELDS)
            if ambiguous:
                raise ContentErrors(ambiguous)
            # the same rules as `banmen check`: texts and options, then the drawing itself,
            # every error of the file at once (the marks' errors do not stop the check, so
            # they were drawn: an off-board square failed in the drawing with a traceback)
            refused = _text_errors(document, model) + _option_errors(document, model)
            try:
                spec = _check_diagram(check, ident, model, site_game).spec
            except FileCheck.Stop:
                pass
            if refused or check.errors:
                raise ContentErrors(refused + check.errors)
            return site_game, spec
        if document.ambiguous:
            raise ContentErrors(document.ambiguity_errors())
        state = _position_document(check, site_game, data)
        return site_game, DiagramSpec(ident=ident, state=state)
    except FileCheck.Stop:
        raise ContentErrors(check.errors) from None


def _position_document(check: FileCheck, game: Game, data: Mapping[str, Any]) -> Hashable:
    try:
        return game.position_from_yaml(data)
    except PositionError as err:
        check.fail(err.path, f"impossible position: {err}", key=err.key)
    except BanmenError as err:
        check.fail((), f"impossible position: {err}")
    raise AssertionError("unreachable")
