"""The drawing probe of ``banmen diff``: will a board look different under changed rules?

A board's SVG is a function of what its drawing code reads: the board's inputs (positions,
marks, options, ids), the rule fields the code reads, the states themselves and the engine's
answers to the methods the code calls. :func:`drawing_reads` writes all of that down without
drawing; when a board's text is the same under both rules its SVG is the same, so the rule
change need not draw it again. What the code reads is found in its source
(:func:`renderer_reads`); a drawing module that calls an engine method the probe cannot
answer turns the probe off for its game (every board is drawn). A drawing module may read
some rule fields only through a function ``rule_reads(game, spec)`` and name them in
``RULE_READS_COVER``; the probe then compares what that function returns instead of the
fields' values (めだまがえる reads ``captures_to_win`` only for its 2-2 count line).
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

from banmen.site.views import KINDS


#: engine methods the probe of :func:`drawing_reads` knows how to call for a board.
_PROBED = {"outcome", "side_to_move", "legal_moves", "move_path", "format_move",
           "position_to_yaml"}
#: renderer modules every game's drawing goes through besides its own.
_SHARED_RENDER = ("__init__", "board", "a11y", "svg", "glyphs", "style", "ids", "spec")


@functools.lru_cache(maxsize=None)
def _source(game_id: str) -> str:
    """The source text of ``game_id``'s own drawing module (read, not imported)."""
    import importlib.util

    from banmen.render import renderer_name

    spec = importlib.util.find_spec(renderer_name(game_id))
    return Path(spec.origin).read_text(encoding="utf-8") if spec and spec.origin else ""


#: functions of a drawing module that draw the play board, never a diagram (their engine
#: calls and rule reads are not a diagram's).
_PLAY_ONLY = ("play_board", "play_look")


def _diagram_source(text: str) -> str:
    """``text`` (a drawing module's source) without the functions of :data:`_PLAY_ONLY`."""
    import ast

    lines = text.splitlines(keepends=True)
    for node in reversed(ast.parse(text).body):
        if isinstance(node, ast.FunctionDef) and node.name in _PLAY_ONLY:
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            del lines[first - 1:node.end_lineno]
    return "".join(lines)


@functools.lru_cache(maxsize=None)
def renderer_reads(game_id: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """(engine methods, rule fields) that the drawing code of ``game_id`` reads, found in
    its source (``game.<method>(`` and ``rules.<field>``), or ``None`` when it calls a
    method :func:`drawing_reads` cannot probe (then no board of the game is ever reused)."""
    import importlib.util

    from banmen.render import renderer_name

    names = [renderer_name(game_id)] + [f"banmen.render.{n}" for n in _SHARED_RENDER]
    text = ""
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            return None
        text += _diagram_source(Path(spec.origin).read_text(encoding="utf-8"))
    methods = frozenset(re.findall(r"\bgame\.(\w+)\(", text))
    fields = frozenset(re.findall(r"\brules\.(\w+)", text)) - {"to_json", "values", "explicit", "replace", "params"}
    # a renderer may read some fields only through its rule_reads(game, spec) (whose value
    # the probe then compares): those fields are left out here
    covered = re.search(r"^RULE_READS_COVER = frozenset\(\{([^}]*)\}\)", text, re.M)
    if covered:
        fields -= frozenset(re.findall(r"\"(\w+)\"", covered.group(1)))
    return (methods, fields) if methods <= _PROBED else None


def drawing_reads(game: Any, spec: Any) -> str | None:
    """Everything the drawing of ``spec`` reads, as text: two boards with the same text draw
    the same SVG, whatever their rules (``banmen diff`` then draws only one of them).

    It holds the board's drawing inputs (:func:`banmen.site.build.board_inputs`) with the
    rules cut down to the fields the game's drawing code reads (:func:`renderer_reads`),
    the full states and move (``repr``; a ludo state carries its rules), and the engine's
    answers to each method the drawing code calls, for this board's positions and move.

    Returns:
        The text, or ``None`` when it cannot be told (the drawing code calls a method the
        probe does not know, or the engine refuses a call): the board is then drawn.
    """
    from banmen.site.build import board_inputs

    reads = renderer_reads(game.id)
    if reads is None:
        return None
    methods, fields = reads
    state, before, move = spec.state, spec.before, spec.move
    try:
        inputs = board_inputs(game, spec)
        inputs[1] = {k: v for k, v in inputs[1].items() if k in fields}
        answers: list[Any] = [repr(state), repr(before), repr(move)]
        if "outcome" in methods:
            answers.append(repr(game.outcome(state)))
        if "side_to_move" in methods:
            answers.append([game.side_to_move(state),
                            None if before is None else game.side_to_move(before)])
        if "legal_moves" in methods:
            answers.append(sorted(game.format_move(state, m) for m in game.legal_moves(state)))
        if "RULE_READS_COVER" in _source(game.id):
            from banmen.render import renderer

            answers.append(renderer(game.id).rule_reads(game, spec))
        if before is not None and move is not None:
            if "format_move" in methods:
                answers.append(game.format_move(before, move))
            if "move_path" in methods:
                answers.append(list(game.move_path(before, move)))
    except Exception:  # noqa: BLE001 - an engine that refuses: draw the board
        return None
    return json.dumps([inputs, answers], sort_keys=True, ensure_ascii=False, default=repr)


def today_reads(root: Path, games: set[str], use_cache: bool) -> dict[str, str]:
    """Return board key -> :func:`drawing_reads` of every board of ``games`` under today's
    rules (``root/rules.yaml``).

    Kept in the build cache as JSON text, keyed on the code, tool versions, ``rules.yaml``
    and the bytes of every file of those games (a state's ``repr`` is compared only within
    one Python version, which the tool versions name)."""
    from banmen.site.cache import BuildCache, code_digest, key, tool_versions

    paths = [root / kind / g for kind in KINDS for g in sorted(games) if (root / kind / g).is_dir()]
    if not paths:
        return {}
    rules = root / "rules.yaml"
    files = sorted(p for folder in paths for p in folder.rglob("*.yaml") if p.is_file())
    name = "diff-reads:" + key("banmen-diff-reads-1", code_digest(), tool_versions(),
                               rules.read_bytes() if rules.exists() else b"",
                               [[p.relative_to(root).as_posix(), p.read_bytes().hex()]
                                for p in files])
    store = BuildCache(root, enabled=use_cache)
    try:
        stored = store.get_bytes(name)
        if stored is not None:
            try:
                reads = json.loads(stored.decode("utf-8"))
                if isinstance(reads, dict) and all(isinstance(v, str) for v in reads.values()):
                    return reads
            except ValueError:
                pass
        reads = _check_reads(root, paths)
        store.set_bytes(name, json.dumps(reads, sort_keys=True).encode("utf-8"))
        return reads
    finally:
        store.close()


def _check_reads(root: Path, paths: list[Path]) -> dict[str, str]:
    from banmen.content.check import check_project
    from banmen.site.views import view_of

    content = check_project(root, paths=paths)
    reads: dict[str, str] = {}
    for kind in KINDS:
        for item in getattr(content, kind).values():
            for board, game, spec in view_of(kind, item)[1]:
                text = drawing_reads(game, spec)
                if text is not None:
                    reads[board.key] = text
    return reads
