"""The practice pages (「もっと練習」): a game's whole practice set, served as data.

A game's practice set is the puzzle files under ``practice/<game>/`` (usually mined with
``banmen mine`` and curated, see guide/mining.md). ``banmen check`` checks them like any
puzzle (:mod:`banmen.content.check`, kind ``practice``); the site never draws them. Hundreds
of inline boards would make a page of megabytes, so the page (``{{ practice <game> }}``,
:func:`practice_html`) is a small shell, and the puzzles are files the page script
(``banmen/site/assets/js/practice.js``) fetches when it needs them:

``assets/practice/<game>/index.json``
    ``{"game", "themes": [theme, ...], "puzzles": [{"id", "title", "level", "themes", "v"},
    ...]}`` (file order; themes in the order of the game's words, then of first use; ``v``
    a digest of the puzzle's file, fetched as ``<id>.json?v=<v>``: the index itself is
    fetched revalidated, so an edited puzzle is never served from an old cache).
``assets/practice/<game>/<id>.json``
    one puzzle: ``{"id", "ident", "title", "level", "themes", "kind", "question", "hints",
    "explanation", "answer", "boards"}``. ``question``, ``hints`` and ``explanation`` are
    sanitised HTML (:func:`banmen.site.html.md`); ``answer`` is what a puzzle page carries in
    its ``data-answer`` (the solution tree of a move puzzle, :mod:`banmen.content.solution`,
    without the tables of typed moves: the practice page is played by clicks);
    ``boards`` holds, for board index ``i`` of the tree, the play board's view of that
    position (:func:`banmen.games.views.view`), compacted: ``{"variant", "pieces": [[square,
    look, label], ...], "info": [line, ...], "label": the screen-reader description,
    "last": [squares of the move that led there], "highlight": [squares]}``. The page composes
    each board from the play board's parts (``assets/play/<variant>.json``) with ``<use>``
    elements, as the play board does.

Checking a mined puzzle means proving it again (tens of milliseconds to a few tenths of a
second each), so each file's puzzle data is kept in the build cache under a key of its bytes,
its game's rules and banmen's code (:func:`entry_key`); a cold build checks the missing files
in worker processes. An entry read back is data only, validated field by field
(:func:`read_entry`), its HTML fields re-sanitised: anything else is damage, made again.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from banmen.content.errors import ContentError, ContentErrors
from banmen.errors import BanmenError

if TYPE_CHECKING:
    from banmen.content.items import Puzzle
    from banmen.site.cache import BuildCache

#: the content folder of the practice sets, relative to the project root.
PRACTICE_DIR = "practice"
#: where the site serves them, relative to the site folder.
SITE_DIR = Path("assets") / "practice"
#: the fields of one puzzle's data, in the order written.
ENTRY_FIELDS = ("id", "ident", "title", "level", "themes", "kind", "question", "hints",
                "explanation", "answer", "boards")
#: tables of a move puzzle's tree that only typed moves read (the practice page takes clicks).
TYPED_ONLY = ("illegal", "typed", "accept")
#: below this many files to check, no worker processes are started.
POOL_FROM = 8


@dataclass
class PracticeSet:
    """One game's practice set as the site writes it.

    Attributes:
        game_id: the game.
        entries: puzzle id -> its data as JSON text (:data:`ENTRY_FIELDS`), in file order.
        index: the rows of ``index.json`` (``{"id", "title", "level", "themes"}``), in file order.
        variants: puzzle id -> the board variants its boards are composed of (the play
            board parts the site must hold), in order of first use.
    """

    game_id: str
    entries: dict[str, str] = field(default_factory=dict)
    index: list[dict[str, Any]] = field(default_factory=list)
    variants: dict[str, list[str]] = field(default_factory=dict)


def practice_files(root: Path, game_ids: Iterable[str]) -> dict[str, list[Path]]:
    """Return game id -> its practice files (``practice/<game>/*.yaml``, sorted by name) for
    each of ``game_ids`` that has a practice folder. Other files there are ``banmen check``'s
    business (it reports them)."""
    found = {}
    for game_id in sorted(game_ids):
        folder = root / PRACTICE_DIR / game_id
        if folder.is_dir():
            found[game_id] = sorted(p for p in folder.glob("*.yaml") if p.is_file())
    return {game_id: paths for game_id, paths in found.items() if paths}


def entry_key(base: list[Any], relative: str, data: bytes, rules: Any, overrides: Any) -> str:
    """The cache name of one practice file's data: its path and bytes, its game's section of
    ``rules.yaml`` and ``--set`` overrides, and ``base`` (the code digest and tool versions)."""
    from banmen.site.cache import key

    return "practice:" + key("banmen-practice-1", *base, relative, data, rules, overrides)


# --------------------------------------------------------------------------- one puzzle


def _answer_for_clicks(answer: dict[str, Any]) -> dict[str, Any]:
    """The page answer of a move puzzle without :data:`TYPED_ONLY` (in every node)."""
    def node(tree: dict[str, Any]) -> dict[str, Any]:
        right = {move: {**edge, "next": node(edge["next"]) if edge["next"] else None}
                 for move, edge in tree["right"].items()}
        return {k: v for k, v in tree.items() if k not in TYPED_ONLY} | {"right": right}

    out = {k: v for k, v in answer.items() if k not in ("fold", "notation")}
    return out | {"root": node(answer["root"])}


def board_view(game: Any, spec: Any) -> dict[str, Any]:
    """The compact play-board view of one board of a puzzle (see the module docstring).

    Args:
        game: the puzzle's engine.
        spec: the board's :class:`banmen.render.spec.DiagramSpec`.

    Raises:
        BanmenError: the game has no play view.
    """
    from banmen.game import game_module
    from banmen.games.views import view

    seen = view(game, spec.state)
    drawing = game_module(game.id, "drawing")
    label = drawing.describe(game, spec.state) if drawing is not None else ""
    last = []
    if spec.before is not None and spec.move is not None:
        last = list(game.move_path(spec.before, spec.move))
    extra = {k: v for k, v in seen.items() if k not in ("variant", "pieces", "info")}
    return {"variant": seen["variant"],
            "pieces": [[p["square"], p["look"], p["label"]] for p in seen["pieces"]],
            "info": [line if isinstance(line, str) else str(line.get("text", ""))
                     for line in seen["info"]],
            "label": label, "last": last, "highlight": list(spec.highlight), **extra}


def puzzle_entry(puzzle: Puzzle) -> dict[str, Any]:
    """One practice puzzle's data (:data:`ENTRY_FIELDS`), from the checked puzzle.

    Raises:
        BanmenError: the game has no play view.
    """
    from banmen.site.html import _page_data, md, md_inline

    model = puzzle.model
    answer = _page_data(puzzle)
    if answer["kind"] == "move":
        answer = _answer_for_clicks(answer)
    game_id, _, name = puzzle.ident.partition("/")
    return {"id": name, "ident": f"practice:{puzzle.ident}", "title": model.title,
            "level": model.level, "themes": list(model.themes or ()),
            "kind": answer["kind"], "question": md(model.question),
            "hints": [md_inline(hint) for hint in model.hints],
            "explanation": md(model.explanation),
            "answer": answer,
            "boards": [board_view(puzzle.game, spec) for spec in (puzzle.spec, *puzzle.frames)]}


def entry_text(entry: Mapping[str, Any]) -> str:
    """The JSON text of one puzzle's data, as the site serves it (keys in file order)."""
    return json.dumps({k: entry[k] for k in ENTRY_FIELDS}, ensure_ascii=False,
                      separators=(",", ":"))


def read_entry(text: str, game_id: str, name: str) -> dict[str, Any]:
    """Validate one puzzle's data read back from the build cache and return it.

    Raises:
        ValueError: the text is not such data for the puzzle ``game_id/name``, or one of
            its HTML fields holds markup that the sanitiser would change.
    """
    from banmen.site.html import sanitise

    data = json.loads(text)
    if not (isinstance(data, dict) and list(data) == list(ENTRY_FIELDS)):
        raise ValueError("not a practice entry")
    if data["id"] != name or data["ident"] != f"practice:{game_id}/{name}":
        raise ValueError("the entry of another puzzle")
    texts = [data["question"], data["explanation"], *data["hints"]]
    if not (isinstance(data["title"], str) and type(data["level"]) is int
            and isinstance(data["themes"], list) and isinstance(data["hints"], list)
            and all(isinstance(t, str) for t in [*texts, *data["themes"]])
            and isinstance(data["answer"], dict) and isinstance(data["boards"], list)
            and all(isinstance(b, dict) and isinstance(b.get("variant"), str)
                    for b in data["boards"])
            and data["answer"].get("kind") == data["kind"]):
        raise ValueError("a field of the wrong type")
    if any(sanitise(t) != t for t in texts):
        raise ValueError("markup the sanitiser does not keep")
    return data


def index_row(entry: Mapping[str, Any], text: str) -> dict[str, Any]:
    """The row of ``index.json`` for one puzzle's data (``text``: its JSON); ``v`` is a
    digest of that text, the version query the page fetches it with."""
    return {"id": entry["id"], "title": entry["title"], "level": entry["level"],
            "themes": entry["themes"],
            "v": hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]}


# --------------------------------------------------------------------------- the sets


def _check_chunk(root: str, paths: list[str], overrides: Any, rules_file: str | None
                 ) -> tuple[dict[str, str], list[tuple[str, int, int, str]]]:
    """Check practice files and make their data (in a worker process): (path -> JSON text,
    errors as ``(file, line, column, message)``: plain data, so that any error crosses back
    from the worker)."""
    from banmen.content.check import check_project
    from banmen.errors import BanmenError

    try:
        content = check_project(Path(root), paths=[Path(p) for p in paths],
                                rule_overrides=overrides,
                                rules_file=Path(rules_file) if rules_file else None)
    except ContentErrors as err:
        return {}, [(e.source, e.line, e.column, e.message) for e in err.errors]
    made, errors = {}, []
    by_ident = {f"{Path(p).parent.name}/{Path(p).stem}": p for p in paths}
    for ident, puzzle in content.practice.items():
        try:
            made[by_ident[ident]] = entry_text(puzzle_entry(puzzle))
        except BanmenError as err:
            errors.append((puzzle.source, 1, 1, str(err)))
    return made, errors


def _chunks(paths: list[Path], jobs: int) -> list[list[Path]]:
    """``paths`` in about ``4 * jobs`` interleaved chunks (a game's hard puzzles spread over
    the workers)."""
    count = max(1, min(len(paths), 4 * jobs))
    return [paths[i::count] for i in range(count)]


def check_missing(root: Path, paths: list[Path], overrides: Any = None,
                  rules_file: Path | None = None, jobs: int | None = None
                  ) -> dict[Path, str]:
    """Check the practice files ``paths`` and return path -> the puzzle's data (JSON text).

    Args:
        root: the project root.
        paths: practice files of the project.
        overrides: game id -> rule overrides (``--set``).
        rules_file: the rules file instead of ``root/rules.yaml``.
        jobs: worker processes (default: one per core; none below :data:`POOL_FROM` files).

    Raises:
        ContentErrors: every problem of every file, each ``file:line:col: message``.
        BanmenError: a worker process stopped.
    """
    jobs = jobs or os.cpu_count() or 1
    rules = str(rules_file) if rules_file else None
    work = [[str(p) for p in chunk] for chunk in _chunks(paths, jobs)]
    if jobs == 1 or len(paths) < POOL_FROM:
        results = [_check_chunk(str(root), [str(p) for p in paths], overrides, rules)]
    else:
        # spawn, not fork: the build may hold threads (the drawing's) and open databases; an
        # executor, not a Pool: a worker that dies is an error here, never a hang
        with ProcessPoolExecutor(min(jobs, len(work)),
                                 mp_context=multiprocessing.get_context("spawn")) as pool:
            try:
                results = list(pool.map(_check_chunk, [str(root)] * len(work), work,
                                        [overrides] * len(work), [rules] * len(work)))
            except BrokenProcessPool as err:
                raise BanmenError(f"checking the practice sets failed: a worker process "
                                  f"stopped ({err})") from None
    made: dict[Path, str] = {}
    errors: list[ContentError] = []
    for texts, problems in results:
        made.update((Path(p), text) for p, text in texts.items())
        errors.extend(ContentError(*problem) for problem in problems)
    if errors:
        raise ContentErrors(sorted(errors, key=ContentError.sort_key))
    return made


def prepare_practice(root: Path, game_ids: Iterable[str], rules: Mapping[str, Any] | None,
                     overrides: Mapping[str, Any], base: list[Any],
                     cache: BuildCache | None, rules_file: Path | None = None,
                     jobs: int | None = None) -> dict[str, PracticeSet]:
    """Return the practice set of every game of ``game_ids`` that has one, each file's data
    from the build cache or checked now (and kept there).

    Args:
        root: the project root.
        game_ids: the site's games.
        rules: game id -> its section of ``rules.yaml`` (part of each file's key).
        overrides: game id -> ``--set`` overrides.
        base: the cache key's code digest and tool versions.
        cache: the build cache, or ``None``.
        rules_file: the rules file instead of ``root/rules.yaml``.
        jobs: worker processes for the files to check.

    Raises:
        ContentErrors: a practice file does not check.
    """
    files = practice_files(root, game_ids)
    names: dict[Path, str] = {}
    texts: dict[Path, str] = {}
    #: the entries read back from the cache, parsed once (by their check)
    parsed: dict[Path, dict[str, Any]] = {}
    missing: list[Path] = []
    for game_id, paths in files.items():
        for path in paths:
            relative = path.relative_to(root).as_posix()
            names[path] = entry_key(base, relative, path.read_bytes(),
                                    (rules or {}).get(game_id), overrides.get(game_id, {}))
            text = None if cache is None else cache.get_text(
                names[path], _sound(game_id, path, parsed))
            if text is None:
                missing.append(path)
            else:
                texts[path] = text
    if missing:
        made = check_missing(root, missing, dict(overrides) or None, rules_file, jobs)
        if cache is not None:
            with cache.batch():
                for path, text in made.items():
                    cache.set_text(names[path], text)
        texts.update(made)
    sets = {}
    for game_id, paths in files.items():
        practice = sets[game_id] = PracticeSet(game_id)
        for path in paths:
            entry = parsed.get(path) or json.loads(texts[path])
            practice.entries[path.stem] = texts[path]
            practice.variants[path.stem] = list(dict.fromkeys(
                b["variant"] for b in entry["boards"]))
            practice.index.append(index_row(entry, texts[path]))
    return sets


def _sound(game_id: str, path: Path, parsed: dict[Path, dict[str, Any]]):
    """The check of a cached entry of ``path`` (see :func:`read_entry`); an entry that holds
    is kept in ``parsed``, so it is not parsed a second time."""
    def check(text: str) -> bool:
        try:
            parsed[path] = read_entry(text, game_id, path.stem)
        except (ValueError, TypeError, KeyError, RecursionError):
            parsed.pop(path, None)
            return False
        return True
    return check


def theme_order(game_id: str, rows: list[dict[str, Any]]) -> list[str]:
    """The themes of a set's puzzles: those of the game's words first, in its order, then any
    other in order of first use."""
    from banmen.site.reasons import game_words

    used = [t for row in rows for t in row["themes"]]
    known = [row[2] for row in game_words(game_id).get("themes", [])]
    order = [t for t in dict.fromkeys(known) if t in used]
    return order + [t for t in dict.fromkeys(used) if t not in order]


def write_practice(site_dir: Path, sets: Mapping[str, PracticeSet]) -> list[Path]:
    """Write every set's ``index.json`` and puzzle files into the built site; return the
    folders written. Unchanged files are left alone; files of puzzles no longer in a set are
    removed."""
    written = []
    for game_id, practice in sorted(sets.items()):
        folder = site_dir / SITE_DIR / game_id
        folder.mkdir(parents=True, exist_ok=True)
        index = {"game": game_id, "themes": theme_order(game_id, practice.index),
                 "puzzles": practice.index}
        wanted = {"index.json": json.dumps(index, ensure_ascii=False, separators=(",", ":"))}
        wanted.update((f"{name}.json", text) for name, text in practice.entries.items())
        for old in folder.iterdir():
            if old.name not in wanted and old.is_file():
                old.unlink()
        for name, text in wanted.items():
            data = text.encode("utf-8")
            path = folder / name
            if not path.is_file() or path.read_bytes() != data:
                path.write_bytes(data)
        written.append(folder)
    return written


# --------------------------------------------------------------------------- the page

#: how the reader plays a move puzzle here (by clicks only: the page has no typed moves).
MOVE_HELP_JA = ("動かす駒（マス）をクリックすると行き先が色で示され、行き先をクリックすれば指せます。"
                "盤を選んでから矢印キーとEnterキーでも指せます。")
#: the marks the page script draws on the boards (keys of banmen.site.html.PLAY_COLOURS_JA).
PLAY_MARKS = ("last", "highlight", "origin", "target", "tried", "reply", "cursor")


def practice_html(game_id: str) -> str:
    """Return the practice page's block for ``game_id``: the filters (難しさ, テーマ), the two
    ways to practise (順に解く, 連続正解), the status line, the place of the puzzle and the
    answer controls of each kind as templates. ``banmen/site/assets/js/practice.js`` fills it
    from ``assets/practice/<game>/`` (nothing of the set is in the page itself)."""
    import html

    from banmen.site.html import KIND_HELP_JA, LEVEL_JA, answer_controls, legend_of_colours

    levels = "".join(f'<option value="{n}">{name}</option>' for n, name in LEVEL_JA.items())
    move_controls = answer_controls({"kind": "move"}).replace(
        '<input class="bm-input bm-move-input"', '<input hidden class="bm-input bm-move-input"'
    ).replace('<button type="button" class="md-button bm-check">指す</button>',
              '<button hidden type="button" class="md-button bm-check">指す</button>')
    templates = {"move": move_controls, "number": answer_controls({"kind": "number"}),
                 "boolean": answer_controls({"kind": "boolean"}), "choice": "",
                 "squares": answer_controls({"kind": "squares"})}
    helps = {**KIND_HELP_JA, "move": MOVE_HELP_JA}
    parts = "".join(
        f'<template class="bm-practice-controls" data-kind="{kind}" '
        f'data-help="{html.escape(helps[kind])}">{markup}</template>'
        for kind, markup in templates.items())
    return (
        f'<div class="bm-practice" data-game="{html.escape(game_id)}" data-search-exclude>'
        '<div class="bm-practice-bar">'
        '<label>難しさ<select class="bm-practice-level"><option value="">すべて</option>'
        f"{levels}</select></label>"
        '<label>テーマ<select class="bm-practice-theme"><option value="">すべて</option>'
        "</select></label>"
        '<span class="bm-practice-modes" role="group" aria-label="練習のしかた">'
        '<button type="button" class="md-button bm-practice-mode" data-mode="list" '
        'aria-pressed="true">順に解く</button>'
        '<button type="button" class="md-button bm-practice-mode" data-mode="streak" '
        'aria-pressed="false">連続正解に挑戦</button></span></div>'
        '<p class="bm-practice-status" role="status">問題を読み込んでいます…</p>'
        '<div class="bm-practice-stage"></div>'
        '<p class="bm-practice-after"><button type="button" class="md-button '
        'bm-practice-next">次の問題</button></p>'
        # (the whole block is excluded from search: no excluded element inside it)
        f"{legend_of_colours([], PLAY_MARKS).replace(' data-search-exclude', '')}"
        "<noscript><p>このページの問題は、JavaScriptを有効にすると解けます。</p></noscript>"
        f"{parts}</div>")
