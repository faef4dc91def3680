"""What a rule change does to the content: ``banmen diff`` (issue 21).

Both sides go through the site pipeline (:class:`banmen.site.build.SiteBuild`) and its
build cache: today's rules (usually all cached by the last build), then the changed rules
with ``keep_going`` (a file that breaks is listed with its errors instead of stopping the
run; files of games whose rules did not change come from the cache). The two sides are then
compared file by file:

* a file that breaks under the changed rules: its errors (a stated answer that no longer
  holds: stated vs computed), and for files that play moves (sequences, sample games,
  puzzles with ``moves``, diagrams with ``move``) the first move that became illegal, with
  its ply, the engine's reason and the position at that ply drawn under the changed rules;
* a board whose drawing changes: both SVGs and the squares that look different
  (:mod:`banmen.site.diff_svg`);
* a move puzzle whose solution tree changes: the main line and the winning moves at each of
  the reader's turns, before and after.

:func:`compute_diff` returns a :class:`RuleDiff`; :mod:`banmen.site.diff_report` writes it
as one self-contained HTML page.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from banmen.content.errors import ContentError, ContentErrors
from banmen.site.build import SiteBuild
from banmen.site.drawing import draw_boards
from banmen.site.diff_probe import drawing_reads, today_reads
from banmen.site.diff_svg import SquareChanges, square_changes
from banmen.site.views import KINDS
from banmen.wording import counted

#: checker messages that state an answer and the engine's own (banmen.content.answers).
_STATED = re.compile(r"^(?P<what>.*?): stated (?P<stated>.*), engine computes (?P<computed>.*)$")


@dataclass(frozen=True)
class RuleChange:
    """One rule parameter of one game that differs between the two sides.

    Attributes:
        game: game id.
        param: parameter name.
        before, after: the effective values (JSON-ready).
    """

    game: str
    param: str
    before: Any
    after: Any


@dataclass(frozen=True)
class BoardDiff:
    """One board drawn differently under the changed rules.

    Attributes:
        label: Japanese name of the board within its item (``図``, ``3手目``...).
        line, column: where the board is defined in the item's YAML file.
        before, after: the SVGs (``after`` is ``None`` when the board is gone).
        changes: what differs (``None`` when a side is missing).
    """

    label: str
    line: int
    column: int
    before: str | None
    after: str | None
    changes: SquareChanges | None


@dataclass(frozen=True)
class AnswerDiff:
    """A stated answer that no longer holds.

    Attributes:
        what: what was checked (``wrong answer for query 'movable_pieces'``).
        stated: the answer the file states.
        computed: what the engine computes under the changed rules.
    """

    what: str
    stated: str
    computed: str


@dataclass(frozen=True)
class IllegalPly:
    """The first move of a file that the changed rules refuse.

    Attributes:
        ply: 1-based number of the move in the file's list (``steps``, ``moves``, ``move``).
        move: the move as written.
        reason: the engine's reason.
        line, column: where the move is written.
        board: SVG of the position the move is played from, under the changed rules.
        board_before: today's board at that ply (sequences: the frame before the move;
            diagrams: today's figure, after the move).
        before_label: the caption of ``board_before``.
    """

    ply: int
    move: str
    reason: str
    line: int
    column: int
    board: str | None
    board_before: str | None = None
    before_label: str = ""


@dataclass(frozen=True)
class TreeDiff:
    """A move puzzle whose solution tree changes (its stated line still holds).

    Attributes:
        before_line, after_line: the main line, move texts in order.
        turns: the reader's turns along the main line where the tree differs.
    """

    before_line: tuple[str, ...]
    after_line: tuple[str, ...]
    turns: tuple[TreeTurn, ...]


@dataclass(frozen=True)
class TreeTurn:
    """One reader's turn of a move puzzle's main line, under both rules.

    Attributes:
        turn: 1-based number of the reader's move.
        right: the moves that win in time (before, after).
        reply: the opponent's reply to the main move (before, after).
        legal: how many legal moves the reader has (before, after).
        refutations: each losing move whose refutation changes: (move, reply before, reply
            after); ``None`` where the move is not refuted (not legal, or winning).
    """

    turn: int
    right: tuple[tuple[str, ...], tuple[str, ...]]
    reply: tuple[str | None, str | None]
    legal: tuple[int, int]
    refutations: tuple[tuple[str, str | None, str | None], ...]


@dataclass
class ItemDiff:
    """Everything that changes for one content file.

    Attributes:
        kind: ``diagrams``, ``puzzles``, ``sequences`` or ``lessons``.
        ident: ``<game>/<name>``.
        game: game id.
        source: the file, relative to the project root.
        title: the item's title or caption (authored text; escape it), or ``""``.
        errors: the file's problems under the changed rules (it breaks when not empty).
        answer: the stated answer that no longer holds, if any.
        answer_boards: for a broken file with no refused move, its first board (before,
            after; after is ``None`` when it cannot be drawn under the changed rules, e.g.
            an impossible position). Puzzles: the puzzle's board.
        illegal: the first move the changed rules refuse, if any.
        boards: boards drawn differently.
        tree: the solution tree change of a move puzzle, if any.
    """

    kind: str
    ident: str
    game: str
    source: str
    title: str
    errors: list[ContentError] = field(default_factory=list)
    answer: AnswerDiff | None = None
    answer_boards: tuple[str | None, str | None] | None = None
    illegal: IllegalPly | None = None
    boards: list[BoardDiff] = field(default_factory=list)
    tree: TreeDiff | None = None

    @property
    def broken(self) -> bool:
        """Whether the file no longer holds under the changed rules."""
        return bool(self.errors)

    @property
    def changed(self) -> bool:
        """Whether anything about the file changes."""
        return bool(self.errors or self.boards or self.tree)


@dataclass(frozen=True)
class GameSummary:
    """Counts of one game: items checked (under both rules), changed, broken."""

    game: str
    name_ja: str
    checked: int
    changed: int
    broken: int

    def line(self) -> str:
        """The summary line printed on the terminal."""
        return (f"{self.game}: {self.checked} checked, {self.changed} changed, "
                f"{self.broken} broken")


@dataclass
class RuleDiff:
    """The result of :func:`compute_diff`.

    Attributes:
        changes: the rule parameters that differ, by game then name.
        items: the files that change, by game (site order) then file.
        summaries: one per game that has content, in site order.
    """

    changes: list[RuleChange]
    items: list[ItemDiff]
    summaries: list[GameSummary]

    @property
    def breaks(self) -> bool:
        """Whether some stated answer or sequence no longer holds."""
        return any(item.broken for item in self.items)


def _progress(enabled: bool, message: str) -> None:
    if enabled:
        print(f"banmen diff: {message}", file=sys.stderr, flush=True)


def _explicit(root: Path, rules_file: Path | None) -> dict[str, dict[str, Any]]:
    """game id -> the parameters a rules file states (read after it was checked)."""
    from banmen.content.yamlmarks import load_marked_file

    path = root / "rules.yaml" if rules_file is None else rules_file
    if not path.exists():
        return {}
    data = load_marked_file(path, str(path)).data or {}
    return {g: dict(p) for g, p in data.items() if isinstance(p, dict)}


def _same(a: Any, b: Any) -> bool:
    import json

    return json.dumps(a, sort_keys=True, default=list) == json.dumps(b, sort_keys=True,
                                                                     default=list)


def rule_changes(root: Path, overrides: Mapping[str, Mapping[str, Any]] | None,
                 rules_file: Path | None) -> list[RuleChange]:
    """Return the rule parameters that differ between today's rules and the changed ones.

    A parameter differs when its effective value differs, or when the changed rules state
    it explicitly where today's do not (or the other way round): an item's own ``rules``
    (a ludo ``preset``) may then resolve it differently.

    Raises:
        ContentErrors: ``rules.yaml``, ``rules_file`` or an override is invalid (one located
            error each: ``--set ukejalayer.white_delay=x: ...`` or ``file:line:col: ...``).
    """
    from banmen.content.check import load_site_rules

    today, errors = load_site_rules(root)
    if errors:
        raise ContentErrors(errors)
    changed, errors = load_site_rules(root, overrides, rules_file)
    if errors:
        raise ContentErrors(errors)
    stated_today = _explicit(root, None)
    stated = _explicit(root, rules_file) if rules_file is not None else {
        g: dict(p) for g, p in stated_today.items()}
    for game_id, params in (overrides or {}).items():
        stated.setdefault(game_id, {}).update(params)
    result = []
    for game_id in today:
        old = today[game_id].rules.to_json()
        new = changed[game_id].rules.to_json()
        old_stated, new_stated = stated_today.get(game_id, {}), stated.get(game_id, {})
        for param in sorted(set(old) | set(new)):
            if (not _same(old.get(param), new.get(param))
                    or (param in old_stated) != (param in new_stated)
                    or not _same(old_stated.get(param), new_stated.get(param))):
                result.append(RuleChange(game_id, param, old.get(param), new.get(param)))
    return result


def _views(build: SiteBuild) -> dict[str, tuple[str, Any]]:
    """source -> (kind, view) of every item the build holds."""
    return {view.source: (kind, view) for kind in KINDS
            for view in getattr(build.content, kind).values()}


def _board_keys(view: Any) -> list[Any]:
    if hasattr(view, "boards"):  # a lesson: every board of every step
        return list(view.boards)
    if hasattr(view, "model"):
        return [view.spec, *view.frames]
    if hasattr(view, "frames"):
        return [frame.spec for frame in view.frames]
    return [view.spec]


def _board_label(kind: str, index: int) -> str:
    if kind == "diagrams":
        return "図"
    if kind == "sequences":
        return "最初の局面" if index == 0 else f"{index}手目のあと"
    if kind == "lessons":
        return f"盤面{index + 1}"
    return "問題図" if index == 0 else f"解答の盤面{index}"


def _board_place(kind: str, index: int, view: Any) -> tuple[int, int]:
    marks = view.marks or {}
    if kind == "sequences" and index > 0:
        path: tuple = ("steps", index - 1)
    else:
        path = ("position",)
    return marks.get(path) or marks.get(("game",)) or (1, 1)


def _title(kind: str, view: Any) -> str:
    if kind == "puzzles":
        return view.model.title
    if kind in ("sequences", "lessons"):
        return view.title
    return view.caption or ""


def _main_line(tree: Mapping[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """(main line texts, the solver's nodes along it) of a move puzzle's tree."""
    line: list[str] = []
    nodes: list[dict[str, Any]] = []
    node = tree.get("root")
    while isinstance(node, dict) and len(nodes) < 64:
        nodes.append(node)
        move = node.get("main")
        edge = (node.get("right") or {}).get(move)
        if move is None or not isinstance(edge, dict):
            break
        line.append(move)
        if edge.get("reply"):
            line.append(edge["reply"])
        node = edge.get("next")
    return line, nodes


def _tree_diff(before: Mapping[str, Any], after: Mapping[str, Any]) -> TreeDiff | None:
    if before == after:
        return None
    old_line, old_nodes = _main_line(before)
    new_line, new_nodes = _main_line(after)
    turns = []
    for turn, (old, new) in enumerate(zip(old_nodes, new_nodes), start=1):
        if old == new:
            continue

        def reply(node: dict[str, Any]) -> str | None:
            return ((node.get("right") or {}).get(node.get("main")) or {}).get("reply")

        old_wrong, new_wrong = old.get("wrong") or {}, new.get("wrong") or {}

        def refutation(wrong: dict[str, Any], move: str) -> str | None:
            return (wrong.get(move) or {}).get("reply") if move in wrong else None

        # a refutation changes when its reply does (the page data around it, such as which
        # boards show it, is not a rule's doing)
        refutations = tuple(
            (move, refutation(old_wrong, move), refutation(new_wrong, move))
            for move in sorted(set(old_wrong) | set(new_wrong))
            if move not in old_wrong or move not in new_wrong
            or refutation(old_wrong, move) != refutation(new_wrong, move))
        turns.append(TreeTurn(turn, (tuple(sorted(old.get("right") or {})),
                                     tuple(sorted(new.get("right") or {}))),
                              (reply(old), reply(new)),
                              (len(old.get("moves") or ()), len(new.get("moves") or ())),
                              refutations))
    return TreeDiff(tuple(old_line), tuple(new_line), tuple(turns))


@dataclass
class _Replay:
    """A broken file played again under the changed rules (see :func:`_replay`)."""

    illegal: tuple[int, str, str, int, int] | None = None
    board: tuple[Any, Any] | None = None  # (engine, spec) to draw at the illegal ply
    puzzle_board: tuple[Any, Any] | None = None  # (engine, spec) of a puzzle's own board


def _replay(root: Path, kind: str, source: str, ident: str, games: Mapping[str, Any]
            ) -> _Replay:
    """Play a broken file's moves under the changed rules up to the first refused one."""
    from banmen.content import steps
    from banmen.content.models import CONTENT_KINDS, Marks
    from banmen.content.move_text import fold_move_text
    from banmen.content.validate import ContentErrorGroup, validate
    from banmen.content.yamlmarks import load_marked_file
    from banmen.game import BanmenError

    result = _Replay()
    if kind == "lessons":  # its check errors say which step breaks, at their lines
        return result
    try:
        document = load_marked_file(root / source, source)
        model = validate(document, CONTENT_KINDS[kind])
        check = steps.FileCheck(document)
        game = steps.engine_for(check, games[model.game], model.rules)
        state = steps.read_position(check, game, model.position)
    except (ContentError, ContentErrorGroup, steps.FileCheck.Stop, BanmenError, KeyError):
        return result
    if kind == "sequences":
        moves = [(("steps", i, "move"), s.move) for i, s in enumerate(model.steps)]
    elif kind == "puzzles":
        moves = [(("moves", i), text) for i, text in enumerate(model.moves)]
    else:
        moves = [(("move",), model.move)] if model.move is not None else []
    before = last = None
    for i, (path, text) in enumerate(moves):
        try:
            move = game.parse_move(state, fold_move_text(text))
        except BanmenError as err:
            mark = document.marks.get(path)
            line, column = (mark.line, mark.column) if mark else (1, 1)
            result.illegal = (i + 1, text, str(err), line, column)
            if kind == "sequences" and i > 0:  # drawn as the sequence draws frame i
                spec = steps.make_spec(f"{ident}-{i}", state, model.steps[i - 1],
                                       model.options, before, last)
            else:
                frame = f"{ident}-0" if kind == "sequences" else ident
                spec = steps.make_spec(frame, state, Marks(), model.options)
            result.board = (game, spec)
            return result
        try:
            before, last, state = state, move, game.play(state, move)
        except BanmenError:
            return result
    if kind == "puzzles":
        result.puzzle_board = (game, steps.make_spec(ident, state, model, model.options,
                                                     before, last))
    return result


def compute_diff(root: Path, overrides: Mapping[str, Mapping[str, Any]] | None = None,
                 rules_file: Path | None = None, *, jobs: int | None = None,
                 cache: bool = True, progress: bool = True) -> RuleDiff:
    """Check and draw every content file under today's rules and under the changed ones, and
    compare them.

    Args:
        root: the project root.
        overrides: game id -> parameter overrides on top of ``rules.yaml`` (``--set``).
        rules_file: the changed rules as a whole file, instead of ``rules.yaml``.
        jobs: drawing processes (``None``: one per core).
        cache: use the build cache (``root/.cache/banmen``) for both sides.
        progress: progress lines and bars on standard error.

    Returns:
        The comparison; ``changes`` is empty when the rules are the same (nothing else is
        computed then).

    Raises:
        ContentErrors: the rules or an override are invalid, or today's content has
            problems (fix those first: ``banmen check``).
    """
    changes = rule_changes(root, overrides, rules_file)
    if not changes:
        return RuleDiff([], [], [])
    _progress(progress, "checking and drawing under today's rules")
    # the practice sets are left out (no page draws them): `banmen check --set` names the
    # practice puzzles a rule change breaks
    today = SiteBuild(root, progress=progress, cache=cache, jobs=jobs, tables=False,
                      practice=False)
    today.prepare()
    _progress(progress, f"{counted(len(today.stats.checked), 'file')} checked and "
                        f"{counted(len(today.stats.drawn), 'board')} drawn anew "
                        "(the rest came from the build cache); "
                        "now under the changed rules")
    reads_today = today_reads(root, {c.game for c in changes}, cache)
    reused: list[str] = []

    def reuse(board_key: str, game: Any, spec: Any) -> str | None:
        old = reads_today.get(board_key)
        if old is not None and old == drawing_reads(game, spec) and board_key in today.svgs:
            reused.append(board_key)
            return today.svgs[board_key]
        return None

    changed = SiteBuild(root, overrides, progress=progress, cache=cache, jobs=jobs,
                        rules_file=rules_file, keep_going=True, reuse=reuse, tables=False,
                        practice=False)
    changed.prepare()
    _progress(progress, f"{counted(len(changed.stats.checked), 'file')} checked and "
                        f"{counted(len(changed.stats.drawn), 'board')} drawn anew, "
                        f"{counted(len(reused), 'board')} "
                        "unchanged by the rule change (not drawn); comparing")
    from banmen.content.check import load_site_rules

    games_after, _ = load_site_rules(root, overrides, rules_file)
    before_views, after_views = _views(today), _views(changed)
    problems: dict[str, list[ContentError]] = {}
    for error in changed.problems:
        problems.setdefault(error.source, []).append(error)
    items: list[ItemDiff] = []
    to_draw: list[tuple[str, Any, Any]] = []
    attach: list[tuple[str, ItemDiff, Callable[[str], None]]] = []
    for source in sorted(before_views):
        kind, view = before_views[source]
        item = ItemDiff(kind, view.ident, view.game.id, source, _title(kind, view))
        old_keys = _board_keys(view)
        if source in problems:
            item.errors = problems[source]
            _broken(root, item, view, today.svgs, games_after, to_draw, attach)
        elif source in after_views:
            _, new_view = after_views[source]
            new_keys = {b.key: b for b in _board_keys(new_view)}
            for index, board in enumerate(old_keys):
                old_svg = today.svgs[board.key]
                new_svg = changed.svgs.get(board.key) if board.key in new_keys else None
                if new_svg == old_svg:
                    continue
                line, column = _board_place(kind, index, view)
                item.boards.append(BoardDiff(
                    _board_label(kind, index), line, column, old_svg, new_svg,
                    None if new_svg is None else square_changes(old_svg, new_svg)))
            for index, board in enumerate(_board_keys(new_view)):
                if index >= len(old_keys):
                    line, column = _board_place(kind, index, new_view)
                    item.boards.append(BoardDiff(_board_label(kind, index), line, column, None,
                                                 changed.svgs[board.key], None))
            if kind == "puzzles" and view.answer.get("kind") == "move":
                item.tree = _tree_diff(view.answer, new_view.answer)
                if item.tree is not None:
                    # the solution's boards are shown with the tree, not one by one
                    item.boards = [b for b in item.boards if b.label == "問題図"]
        items.append(item)
    if to_draw:
        svgs = _draw_cached(root, to_draw, cache, jobs, progress)
        for board_key, _item, put in attach:
            put(svgs[board_key])
    from banmen.game import get_game

    order = {g: i for i, g in enumerate(today.content.game_ids)}
    items.sort(key=lambda i: (order.get(i.game, len(order)), i.source))
    summaries = []
    for game_id in today.content.game_ids:
        mine = [i for i in items if i.game == game_id]
        if mine:
            summaries.append(GameSummary(game_id, get_game(game_id).name_ja, len(mine),
                                         sum(i.changed for i in mine),
                                         sum(i.broken for i in mine)))
    return RuleDiff(changes, [i for i in items if i.changed], summaries)


def _draw_cached(root: Path, todo: list[tuple[str, Any, Any]], use_cache: bool,
                 jobs: int | None, progress: bool) -> dict[str, str]:
    """Draw the boards of broken files (through the build cache, keyed on what they draw)."""
    from banmen.site.build import board_inputs
    from banmen.site.cache import BuildCache, code_digest, key, tool_versions

    store = BuildCache(root, enabled=use_cache)
    try:
        names = {k: "diff-board:" + key("banmen-diff-board-1", code_digest(), tool_versions(),
                                        board_inputs(game, spec)) for k, game, spec in todo}
        svgs: dict[str, str] = {}
        for board_key, name in names.items():
            stored = store.get_bytes(name)
            if stored is not None:
                svgs[board_key] = stored.decode("utf-8")
        missing = [t for t in todo if t[0] not in svgs]
        if missing:
            _progress(progress, f"drawing {counted(len(missing), 'board')} of broken files")
            drawn = draw_boards(missing, jobs=jobs, progress=progress)
            for board_key, svg in drawn.items():
                store.set_bytes(names[board_key], svg.encode("utf-8"))
            svgs.update(drawn)
        return svgs
    finally:
        store.close()


def _broken(root: Path, item: ItemDiff, view: Any, svgs: Mapping[str, str],
            games: Mapping[str, Any], to_draw: list, attach: list) -> None:
    """Fill in what a broken file's errors say, and queue its boards under the new rules."""
    for error in item.errors:
        found = _STATED.match(error.message)
        if found and item.answer is None:
            item.answer = AnswerDiff(found["what"], found["stated"], found["computed"])
    replay = _replay(root, item.kind, item.source, item.ident, games)
    if replay.illegal is not None:
        ply, move, reason, line, column = replay.illegal
        before_board = None
        label = f"今のルール：{ply}手目の前"
        if item.kind == "sequences":
            frames = _board_keys(view)
            before_board = svgs.get(frames[ply - 1].key) if ply - 1 < len(frames) else None
        elif item.kind == "diagrams":
            before_board, label = svgs.get(view.spec.key), "今のルール：図（手のあと）"
        item.illegal = IllegalPly(ply, move, reason, line, column, None, before_board, label)
        key = f"diff:{item.source}:illegal"
        to_draw.append((key, *replay.board))

        def put(svg: str, item: ItemDiff = item) -> None:
            assert item.illegal is not None
            item.illegal = dataclasses.replace(item.illegal, board=svg)
        attach.append((key, item, put))
    if item.kind == "puzzles" or replay.illegal is None:
        before = svgs.get(_board_keys(view)[0].key)
        item.answer_boards = (before, None)
        if replay.puzzle_board is not None:
            key = f"diff:{item.source}:puzzle"
            to_draw.append((key, *replay.puzzle_board))

            def put_board(svg: str, item: ItemDiff = item, before: str | None = before) -> None:
                item.answer_boards = (before, svg)
            attach.append((key, item, put_board))
