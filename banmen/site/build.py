"""The site pipeline, independent of MkDocs: check -> render -> expand page markers.

Pages embed content with markers on a line of their own::

    {{ diagram ukejalayer/summon }}      one figure
    {{ puzzle ukejalayer/p001 }}         one puzzle
    {{ puzzles ukejalayer }}             every puzzle of a game, numbered, with headings
    {{ sequence ukejalayer/opening }}    a step-through sequence
    {{ parameters ukejalayer }}          the table of rule parameters
    {{ presets ludo }}                   the comparison table of a game's presets
    {{ simulation ludo }}                the figure of simulated game lengths per preset
    {{ progress ukejalayer }}            the reader's progress on a game's puzzles and lessons
    {{ lesson ukejalayer/first-game }}   a lesson (手ほどき) played on the board
    {{ course ukejalayer }}              the course map: the game's lessons, with the reader's stars
    {{ play ukejalayer }}                the 対局する button of a game
    {{ practice ukejalayer }}            the practice page of a game's practice set

Markers inside fenced code blocks and inline code are left as they are, so pages can show
them; any other ``{{`` that does not start a whole marker is an error.

:meth:`SiteBuild.expand` turns markers into Markdown (headings, tables) plus placeholder
tokens; :meth:`SiteBuild.fill` swaps the tokens in the finished HTML for the fragments. A
marker naming an unknown id is an error at the page's line and column.

:meth:`SiteBuild.prepare` goes through the build cache (:mod:`banmen.site.cache`): a content
file whose key is unchanged is neither checked nor drawn (its engine-free page view and its
boards are read back, :mod:`banmen.site.views`); the others are checked together and their
new boards drawn over all cores (:func:`draw_boards`). Placing a fragment on a page makes its
ids unique there and shares glyph outlines (:mod:`banmen.site.onpage`).
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import hashlib
import html
import json
import posixpath
import re
import secrets
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from banmen.content.errors import ContentError, ContentErrors
from banmen.errors import BanmenError, display_name
from banmen.render.ids import html_id
from banmen.site import html as fragments
from banmen.site.cache import BuildCache, code_digest, key, page_code_digest, tool_versions
from banmen.site.cached_markup import drawn_svg, plain_markdown
from banmen.site import standins
from banmen.site.drawing import BoardDrawing
from banmen.site.onpage import (glyph_place, lift_glyphs, rename_ids, share_glyphs,
                                unique_ids)
from banmen.site.play_page import play_html, start_setups
from banmen.site.practice import PracticeSet, practice_html, prepare_practice
from banmen.site.views import (KINDS, Board, View, boards_of, view_from_data, view_of,
                                view_to_data)

MARKER = re.compile(r"\{\{\s*(\w+)\s+([^\s}]+)\s*\}\}")
_MARKER_START = re.compile(r"\{\{")
_CODE_SPAN = re.compile(r"(`+).+?\1")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
#: Characters Python-Markdown lets a backslash escape, and other characters extensions read
#: (tables, attribute lists, footnotes); a title's are escaped so it stays text.
_BACKSLASH_ESCAPABLE = set("\\`*_{}[]()#+-.!")
_OTHER_SPECIALS = set(":=|~^$%")
_SAFE_ID = re.compile(r"[^A-Za-z0-9_-]+")
MARKER_KINDS = ("diagram", "puzzle", "puzzles", "sequence", "parameters", "presets",
                "simulation", "progress", "lesson", "course", "play", "practice")


@dataclass
class PageExpansion:
    """The result of expanding one page's markers.

    Attributes:
        markdown: the page text with markers replaced by Markdown and tokens.
        parked: token -> HTML fragment to put in its place, each board (and lazy frame) in
            it parked as an ``<!--bm-board-<marker>-<n>-->`` comment (see
            :func:`defer_boards`): MkDocs and the search plugin then handle the page's text
            only, and :func:`restore_boards` puts ``boards`` back into the written page.
        boards: the parked boards, by number.
        marker: the nonce of the parked boards' comments (the build's token prefix).
        ids: the element ids the page's fragments use so far (see
            :func:`banmen.site.onpage.unique_ids`).
        glyphs: ids of the glyph shapes already defined on the page (see
            :func:`banmen.site.onpage.share_glyphs`).
        anchors: puzzle heading id -> the puzzle file that has it on this page.
        source: the page's file name (``docs/ukejalayer/puzzles.md``).
        deferred: expanded with stand-ins for the boards this build draws
            (``SiteBuild.expand(..., defer=True)``, see :mod:`banmen.site.standins`).
        pending: the fragments whose boards, legend or glyph definitions wait for
            :meth:`SiteBuild.resolve`, in page order (empty once resolved).
        standins: the boards the stand-ins show, by stand-in number.
        standin_numbers: board key -> its stand-in number.
        cache_name: the build-cache name the expansion is kept under once resolved
            (``None``: not kept).
    """

    markdown: str
    source: str = ""
    parked: dict[str, str] = field(default_factory=dict)
    boards: list[str] = field(default_factory=list)
    marker: str = ""
    ids: set[str] = field(default_factory=set)
    glyphs: set[str] = field(default_factory=set)
    anchors: dict[str, str] = field(default_factory=dict)
    deferred: bool = False
    pending: list["_PendingFragment"] = field(default_factory=list)
    standins: list[Board] = field(default_factory=list)
    standin_numbers: dict[str, int] = field(default_factory=dict)
    cache_name: str | None = None

    @property
    def tokens(self) -> dict[str, str]:
        """token -> the whole HTML fragment to put in its place (boards included; stand-ins
        until :meth:`SiteBuild.resolve` when the expansion was deferred)."""
        return {token: restore_boards(text, self.marker, self.boards)
                for token, text in self.parked.items()}


@dataclass
class _PendingFragment:
    """A fragment of a deferred expansion: its token, its boards (``count`` of them from
    number ``first``, its glyph slot among them) and the id renames :func:`unique_ids` made
    in it (applied to each board put in)."""

    token: str
    first: int
    count: int
    renames: list[tuple[str, str]]


class _AnchorClash(Exception):
    """Two puzzle files would get the same heading id on one page."""


class _Views(MutableMapping):
    """Item id -> view, in file order; a view kept in the build cache can be put in as a
    loader instead (:meth:`defer`), read on first use: a warm build whose pages all come
    from the cache reads none (their JSON was most of its setup)."""

    def __init__(self) -> None:
        self._items: dict[str, Any] = {}

    def defer(self, ident: str, load: Callable[[], Any]) -> None:
        """Put in ``ident``, whose view ``load()`` returns when it is first asked for."""
        self._items[ident] = _Deferred(load)

    def __getitem__(self, ident: str) -> Any:
        value = self._items[ident]
        if isinstance(value, _Deferred):
            value = self._items[ident] = value.load()
        return value

    def __setitem__(self, ident: str, view: Any) -> None:
        self._items[ident] = view

    def __delitem__(self, ident: str) -> None:
        del self._items[ident]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, ident: object) -> bool:
        return ident in self._items

    def __repr__(self) -> str:
        return f"_Views({list(self._items)})"


@dataclass(frozen=True)
class _Deferred:
    """A view not read yet: ``load()`` reads it (see :meth:`SiteBuild._load_view`)."""

    load: Callable[[], Any]


def game_of(ident: str) -> str:
    """The game id of an item id (``"ukejalayer/p01"`` -> ``"ukejalayer"``): items sit in
    their game's folder (the checker holds a file's ``game:`` to it)."""
    return ident.partition("/")[0]


@dataclass
class SiteContent:
    """What pages show, by id, in file order (engine-free views, see :mod:`banmen.site.views`).

    Attributes:
        game_ids: every game id the site knows.
        parameters: game id -> Markdown table of its rule parameters.
        presets: game id -> Markdown table comparing its presets (games with presets only).
        simulations: game id -> HTML figure of simulated game lengths (games with presets).
        diagrams, puzzles, sequences, lessons: id -> view.
    """

    game_ids: tuple[str, ...] = ()
    parameters: dict[str, str] = field(default_factory=dict)
    presets: dict[str, str] = field(default_factory=dict)
    simulations: dict[str, str] = field(default_factory=dict)
    #: game id -> the setups of its 対局する page (:func:`banmen.site.play_page.start_setups`)
    starts: dict[str, list] = field(default_factory=dict)
    #: ``[variant, cache name]`` of the play board's parts files
    #: (:func:`banmen.site.play_assets.play_parts_names`)
    play_parts: list[list[str]] = field(default_factory=list)
    #: cache name -> parts file made by this build (also when the cache is off)
    play_texts: dict[str, str] = field(default_factory=dict)
    diagrams: MutableMapping[str, Any] = field(default_factory=_Views)
    puzzles: MutableMapping[str, Any] = field(default_factory=_Views)
    sequences: MutableMapping[str, Any] = field(default_factory=_Views)
    lessons: MutableMapping[str, Any] = field(default_factory=_Views)
    #: game id -> its course (the lessons in the reader's order; :mod:`banmen.content.course`)
    courses: dict[str, Any] = field(default_factory=dict)
    #: lesson id -> the page that shows it, from the root (``docs/ukejalayer/lesson.md``)
    lesson_pages: dict[str, str] = field(default_factory=dict)


@dataclass
class BuildStats:
    """What :meth:`SiteBuild.prepare` had to do (the rest came from the cache).

    Attributes:
        checked: ids (``kind/game/name``) of the content files checked by the engines.
        drawn: board keys drawn (see :class:`banmen.site.views.Board`).
        expanded: pages whose markers were expanded (the others came from the cache).
    """

    checked: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    expanded: list[str] = field(default_factory=list)


class SiteBuild:
    """Checks all content and renders every board once; then serves page fragments.

    Args:
        root: the project root.
        rule_overrides: game id -> rule parameter overrides on top of ``rules.yaml``.
        progress: show a progress bar while rendering (on standard error).
        cache: read and write the build cache in ``root/.cache/banmen`` (see
            :mod:`banmen.site.cache`); ``False`` checks and draws everything.
        jobs: processes drawing boards at once (``None``: one per core).
        rules_file: read the site rules from this file instead of ``root/rules.yaml``
            (``banmen diff --rules``).
        keep_going: a broken content file does not stop :meth:`prepare`: it is left out of
            :attr:`content` and its errors are listed in :attr:`problems` (``banmen diff``).
        reuse: called as ``reuse(board key, engine, spec)`` for each board that is not in
            the cache; an SVG it returns is used instead of drawing the board (and is not
            written to the cache). ``banmen diff`` passes today's drawing of a board whose
            drawing inputs the rule change leaves alone.
        tables: make the parameter and preset tables and the simulation figures pages show
            (``False``: only the content, as ``banmen diff`` needs; ludo's simulations take
            seconds).
        lazy_boards: leave cached boards unread until a page asks for one (:meth:`svg_of`).
        draw_behind: :meth:`prepare` returns once the boards are being drawn; a page that
            asks for a board waits for that board only, and :meth:`finish_drawing` waits for
            the rest and keeps them in the cache (the MkDocs hooks: a cold build writes its
            pages while the workers draw).

    Call :meth:`prepare` first; it raises :class:`ContentErrors` when content is broken.
    Content files and boards whose cache key has not changed are neither checked nor drawn;
    matplotlib and the engines are imported only when something must be checked or drawn.
    """

    def __init__(self, root: Path, rule_overrides: Mapping[str, Mapping[str, Any]] | None = None,
                 progress: bool = True, cache: bool = True, jobs: int | None = None,
                 rules_file: Path | None = None, keep_going: bool = False,
                 reuse: Callable[[str, Any, Any], str | None] | None = None,
                 tables: bool = True, lazy_boards: bool = False, draw_behind: bool = False,
                 practice: bool = True):
        self.root = root
        #: whether prepare() makes the practice sets (the rule-change report leaves them to
        #: ``banmen check --set``, which names each practice puzzle a change breaks)
        self.with_practice = practice
        self.lazy_boards = lazy_boards
        self.draw_behind = draw_behind
        #: the boards still being drawn (``draw_behind``) and what to keep once they are
        self._drawing: Any = None
        self._drawn_later: tuple[Any, ...] = ()
        #: board key -> (its cache name, its content file) for boards not read yet
        #: (``lazy_boards``: read by :meth:`svg_of` when a page needs them)
        self._unread: dict[str, tuple[str, Path]] = {}
        self._file_keys: dict[Path, str] = {}
        #: SHA-256 of each content file's bytes as prepare read them
        self._file_digests: dict[Path, bytes] = {}
        self.tables = tables
        self.reuse = reuse
        self.rules_file = rules_file
        self.keep_going = keep_going
        #: errors of the content files left out (``keep_going`` only), sorted.
        self.problems: list[ContentError] = []
        self.rule_overrides = rule_overrides
        self.progress = progress
        self.use_cache = cache
        self.jobs = jobs
        self.content = SiteContent()
        self.svgs: dict[str, str] = {}
        #: game id -> its practice set (banmen.site.practice), filled by prepare()
        self.practice: dict[str, PracticeSet] = {}
        self.stats = BuildStats()
        self._counter = 0
        #: the deferred expansion being made (the boards this build draws become stand-ins)
        self._deferring: PageExpansion | None = None
        self._cache: BuildCache | None = None
        #: the site entry waiting for its side work (:meth:`_site_entry`), else ``None``
        self._side: tuple[str, dict[str, Any], list[Any], Any] | None = None
        #: (kind, item id) -> the cache key of its file; "site" -> the rules entry's key
        self._item_keys: dict[tuple[str, str], str] = {}
        # Placeholder tokens carry a random nonce per build, so no authored text can forge one.
        self._token_prefix = f"BANMENEMBED{secrets.token_hex(8).upper()}X"
        self._token_re = re.compile(rf"(?:<p>)?({self._token_prefix}\d+)(?:</p>)?")

    # ---- check and render (through the cache)

    def _rules_inputs(self) -> tuple[bytes, dict[str, Any] | None]:
        """(bytes of rules.yaml, its mapping when it reads as one, else ``None``)."""
        import yaml

        path = self.root / "rules.yaml" if self.rules_file is None else self.rules_file
        data = path.read_bytes() if path.exists() else b""
        try:
            parsed = yaml.safe_load(data.decode("utf-8")) if data else {}
        except (yaml.YAMLError, UnicodeDecodeError):
            return data, None
        return data, parsed if isinstance(parsed, dict) else None

    def _site_entry(self, cache: BuildCache, rules_bytes: bytes, base: list[Any]) -> None:
        """Check rules.yaml (once per change of it) and keep the parameter tables."""
        if not self.tables:
            from banmen.content.check import load_site_rules

            games, errors = load_site_rules(self.root, self.rule_overrides, self.rules_file)
            if errors:
                raise ContentErrors(errors)
            self.content.game_ids = tuple(games)
            self.content.starts = {g: start_setups(e) for g, e in games.items()}
            return
        name = "site:" + key(*base, rules_bytes, self.rule_overrides or {})
        self._item_keys[("site", "")] = name
        entry = cache.get_json(name, _site_from_data)
        if entry is None:
            from banmen.content.check import load_site_rules
            from banmen.site.parameters import parameters_markdown
            from banmen.site.play_assets import cached_play_parts, play_parts_names
            from banmen.site.presets import has_presets, presets_markdown

            games, errors = load_site_rules(self.root, self.rule_overrides, self.rules_file)
            if errors:
                raise ContentErrors(errors)
            with_presets = [games[g] for g in games if has_presets(g)]
            parts_missing = [game for game, text in cached_play_parts(games, cache)
                             if text is None]
            side = None
            if with_presets or parts_missing:
                # the simulation figures and the play board's parts need no content: they
                # are made in a process of their own while this one checks the content
                # (finished by _finish_site_entry). It is forked once matplotlib and the
                # renderers are imported, which this process needs anyway (the check's
                # squares, the drawing workers): importing them in both took 0.5 s more CPU.
                # The simulations need no matplotlib: they run beside that import (about
                # as long: 0.5 s and 0.45 s; more simulated games would lengthen the wait).
                from banmen.site.forked import ForkedCall

                simulating = ForkedCall(_simulation_lengths, with_presets) if with_presets \
                    else None
                try:
                    _import_renderers()
                    lengths = simulating.result() if simulating is not None else {}
                finally:
                    if simulating is not None:
                        simulating.cancel()
                side = ForkedCall(_site_side_work, with_presets, parts_missing, lengths)
            try:
                entry = {"games": list(games),
                         "parameters": {g: parameters_markdown(e) for g, e in games.items()},
                         "presets": {g.id: presets_markdown(g) for g in with_presets},
                         "simulations": {},
                         "starts": {g: start_setups(e) for g, e in games.items()},
                         "play": play_parts_names(games)}
            except BaseException:
                if side is not None:
                    side.cancel()
                raise
            if side is not None:
                self._side = (name, entry, parts_missing, side)
            else:
                cache.set_json(name, entry)
        self._set_site_content(entry)

    def _set_site_content(self, entry: dict[str, Any]) -> None:
        self.content.game_ids = tuple(entry["games"])
        self.content.parameters = entry["parameters"]
        self.content.presets = entry["presets"]
        self.content.simulations = entry["simulations"]
        self.content.starts = entry["starts"]
        self.content.play_parts = entry["play"]

    def _finish_site_entry(self, cache: BuildCache) -> None:
        """Take the side work of :meth:`_site_entry` (if any) and keep the site entry."""
        if self._side is None:
            return
        from banmen.site.play_assets import parts_name

        name, entry, parts_missing, call = self._side
        self._side = None
        simulations, parts = call.result()
        entry["simulations"] = simulations
        for game, text in zip(parts_missing, parts):
            cache.set_text(parts_name(game), text)
            self.content.play_texts[parts_name(game)] = text
        cache.set_json(name, entry)
        self._set_site_content(entry)

    def finish_drawing(self) -> None:
        """Wait for the boards :meth:`prepare` left drawing (``draw_behind``) and keep them,
        and the views of their files, in the build cache (no-op when none are left).

        Raises:
            BanmenError: a board could not be drawn.
        """
        if self._drawing is None:
            return
        drawing, (made, drawn, reused, keys) = self._drawing, self._drawn_later
        try:
            self.svgs.update(drawing.wait())
        finally:
            self._cancel_drawing()
        cache = self._cache or BuildCache(self.root, enabled=False)
        self._keep_drawn(cache, made, drawn - drawing.stored, reused, keys, self.svgs)

    def _cancel_drawing(self) -> None:
        if self._drawing is not None:
            self._drawing.cancel()
            self._drawing = None
            self._drawn_later = ()

    def _cancel_side_work(self) -> None:
        if self._side is not None:
            self._side[-1].cancel()
            self._side = None

    def _files(self) -> list[tuple[str, str, Path]]:
        """(kind, game id, path) of every file under the content folders, sorted."""
        found = []
        for kind in KINDS:
            folder = self.root / kind
            if folder.is_dir():
                for path in sorted(folder.rglob("*")):
                    if path.is_file():
                        game_id = path.parent.name if path.parent.parent == folder else ""
                        found.append((kind, game_id, path))
        return found

    def prepare(self) -> None:
        """Check every content file, then render every board (both through the cache).

        Raises:
            ContentErrors: the content has problems; nothing is rendered.
        """
        self.close()
        cache = BuildCache(self.root, enabled=self.use_cache)
        try:
            self._prepare(cache)
        except BaseException:
            self._cancel_side_work()
            self._cancel_drawing()
            cache.close()
            raise
        # kept open for the pages (expansions are cached too) until close()
        self._cache = cache

    @property
    def cache(self) -> BuildCache | None:
        """The build cache while it is open (from :meth:`prepare` to :meth:`close`), for
        what the pages' hooks keep in it too (the cut search index); else ``None``."""
        return self._cache

    def close(self) -> None:
        """Close the build cache (after the last page; :meth:`prepare` opens it again). Boards
        still being drawn are given up (call :meth:`finish_drawing` first to keep them)."""
        self._cancel_drawing()
        if self._cache is not None:
            self._cache.close()
            self._cache = None

    def _prepare(self, cache: BuildCache) -> None:
        self.stats = BuildStats()
        self.svgs = {}
        self._cancel_drawing()
        self._unread = {}
        self._file_keys: dict[Path, str] = {}
        self._file_digests: dict[Path, bytes] = {}
        self.content = SiteContent()
        self.problems = []
        self._item_keys = {}
        self._course_keys: dict[str, str] = {}
        base = ["banmen-build-1", code_digest(), tool_versions()]
        rules_bytes, rules = self._rules_inputs()
        self._side = None
        self._site_entry(cache, rules_bytes, base)
        overrides = self.rule_overrides or {}
        files = self._files()
        keys: dict[Path, str] = {}
        found: dict[Path, tuple[View, dict[str, str]]] = {}
        deferred: dict[Path, tuple[str, str, str, str]] = {}
        missing: list[Path] = []
        for kind, game_id, path in files:
            # A file is served from the cache only when its view and every board are there.
            relative = path.relative_to(self.root).as_posix()
            file_key = None
            if rules is not None and path.suffix == ".yaml" and game_id in self.content.game_ids:
                data = path.read_bytes()
                file_key = key(*base, relative, data, rules.get(game_id),
                               overrides.get(game_id, {}))
                keys[path] = file_key
                self._file_digests[path] = hashlib.sha256(data).digest()
                self._item_keys[(kind, f"{game_id}/{path.stem}")] = file_key
                if self.lazy_boards and cache.contains("view:" + file_key):
                    # read when a page needs it (_load_view), its boards then too: a board
                    # or view that is not sound by then is made again, its file checked
                    deferred[path] = (kind, f"{game_id}/{path.stem}", relative,
                                      "view:" + file_key)
                    continue
                entry = cache.get_json("view:" + file_key, _view_entry_reader(
                    kind, f"{game_id}/{path.stem}", relative))
                if entry is not None:
                    view, svg_keys = entry
                    svgs = {b.key: cache.get_text("svg:" + svg_keys[b.key], drawn_svg)
                            for b in boards_of(view)}
                    if all(v is not None for v in svgs.values()):
                        found[path] = (view, svgs)
                        continue
            missing.append(path)
        self._file_keys = keys
        if missing:
            self._check_and_draw(cache, missing, keys, found, behind=self.draw_behind)
        # the practice sets: data for their pages, never drawn (banmen.site.practice)
        self.practice = prepare_practice(
            self.root, self.content.game_ids, rules, overrides, base,
            cache if cache.enabled else None, self.rules_file,
            self.jobs) if self.with_practice else {}
        for kind, _game_id, path in files:
            if path in deferred:
                _, ident, relative, name = deferred[path]
                getattr(self.content, kind).defer(ident, functools.partial(
                    self._load_view, kind, ident, path, relative, name))
                continue
            if path not in found:  # broken, left out (keep_going)
                continue
            view, svgs = found[path]
            getattr(self.content, kind)[view.ident] = view
            self.svgs.update(svgs)
        self._finish_site_entry(cache)
        self._prepare_courses(cache, base)

    def _prepare_courses(self, cache: BuildCache, base: list) -> None:
        """Read each game's course (``courses/<game>.yaml``, or its lessons in file order)
        and find the page that shows each lesson (its ``{{ lesson ... }}`` marker). A course
        that held is kept in the build cache under its file's bytes and the lesson names, so
        a warm build reads it without the validation library.

        Raises:
            ContentErrors: a course file does not hold (kept as problems with ``keep_going``).
        """
        from banmen.content.course_data import COURSES_FOLDER, Course

        errors: list[ContentError] = []
        for game in self.content.game_ids:
            folder = self.root / "lessons" / game
            names = sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []
            course_file = self.root / COURSES_FOLDER / f"{game}.yaml"
            if not names and not course_file.is_file():
                continue
            # what the course and its coverage depend on: the course file, the rules page
            # and the lesson files (their 'covers')
            inputs = [course_file, self.root / "docs" / game / "rules.md",
                      *(folder / f"{n}.yaml" for n in names)]
            try:
                data = [p.read_bytes() if p.is_file() else b"" for p in inputs]
            except OSError:
                data = None  # load_course reports it
            name = "course:" + key(*base, game, names, *data) if data is not None else None
            self._course_keys[game] = name or ""
            found = cache.get_json(name, Course.from_json) if name else None
            if found is not None:
                self.content.courses[game] = found
                continue
            from banmen.content.course import load_course, course_coverage, read_lessons

            try:
                course = load_course(self.root, game, names)
            except ContentErrors as err:
                errors.extend(err.errors)
                continue
            self.content.courses[game] = course
            problems = []
            if inputs[1].is_file():  # a site may leave out a rules page ('banmen check' says)
                lessons, _ = read_lessons(self.root, game)  # their errors: reported as lessons
                problems = course_coverage(self.root, game, lessons, course).errors
            errors.extend(problems)
            if name and not problems:
                cache.set_json(name, self.content.courses[game].to_json())
        docs = self.root / "docs"
        for page in sorted(docs.rglob("*.md")) if docs.is_dir() else []:
            try:
                text = page.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue  # reported when MkDocs reads the page
            for match in MARKER.finditer(text):
                if match.group(1) == "lesson":
                    self.content.lesson_pages.setdefault(
                        match.group(2), page.relative_to(self.root).as_posix())
        if errors and not self.keep_going:
            raise ContentErrors(errors)
        self.problems = sorted([*self.problems, *errors], key=ContentError.sort_key)

    def course_markdown(self, game_id: str, source: str) -> str | None:
        """The course map of a game (``{{ course GAME }}``): its lessons in order, each a
        link to its page (the current page's lesson in bold, not linked) with a progress
        mark the script fills from the reader's storage (stars, or steps done).

        Args:
            game_id: the game.
            source: the page's file from the root (``docs/ukejalayer/lesson.md``).

        Returns:
            Markdown (a ``div`` block of a numbered list), or ``None`` for a game without
            a course.
        """
        course = self.content.courses.get(game_id)
        if course is None:
            return None
        here = posixpath.dirname(source)
        rows = []
        for number, ident in enumerate(course.lessons, start=1):
            if ident not in self.content.lessons:  # left out (keep_going): its file is broken
                continue
            view = self.content.lessons[ident]
            title = markdown_text(view.title)
            page = self.content.lesson_pages.get(ident)
            if page == source:
                label = f"**{title}**（このページ）"
            elif page is None or any(c in page for c in "<>\n"):
                label = title
            else:
                label = f"[{title}](<{posixpath.relpath(page, here or '.')}>)"
            mark = (f'<span class="bm-course-mark" data-lesson="{html.escape(ident)}" '
                    f'data-steps="{len(view.texts)}">全{len(view.texts)}ステップ</span>')
            rows.append(f"{number}. {label}{mark}")  # the mark's CSS margin spaces it
        if not rows:
            return None
        return ('\n<div class="bm-course" markdown="1" data-search-exclude="">\n\n'
                '<p class="bm-course-title">コースの地図</p>\n\n' + "\n".join(rows) + "\n\n</div>\n\n")

    def _load_view(self, kind: str, ident: str, path: Path, relative: str, name: str) -> View:
        """The view :meth:`prepare` left in the build cache (``lazy_boards``), its boards
        then left unread too; an entry that is not sound any more gets the file checked and
        drawn again here (as a missing one in :meth:`prepare`).

        Raises:
            ContentErrors: the file does not check any more (changed since :meth:`prepare`).
        """
        with self._readable_cache() as cache:
            entry = None if cache is None else cache.get_json(
                name, _view_entry_reader(kind, ident, relative))
            if entry is not None:
                view, svg_keys = entry
                self._unread.update((b.key, ("svg:" + svg_keys[b.key], path))
                                    for b in boards_of(view))
                return view
            view, svgs = self._check_again(cache, path, relative)
            self.svgs.update(svgs)
            return view

    def _check_and_draw(self, cache: BuildCache, missing: list[Path], keys: dict[Path, str],
                        found: dict[Path, tuple[View, dict[str, str]]],
                        behind: bool = False) -> None:
        from banmen import render
        from banmen.content.check import check_project

        # the squares each game draws (marks are checked against them) without matplotlib
        squares_name = "squares:" + key(code_digest(), tool_versions())
        known = cache.get_json(squares_name, _squares_from_data)
        if known is not None:
            render.SQUARES.update(known)
        count = len(render.SQUARES)
        content = check_project(self.root, paths=missing, rule_overrides=self.rule_overrides,
                                rules_file=self.rules_file, strict=not self.keep_going)
        self.problems = sorted(content.problems, key=ContentError.sort_key)
        if len(render.SQUARES) != count:
            cache.set_json(squares_name, [[game, rules, sorted(names)] for (game, rules), names
                                          in sorted(render.SQUARES.items())])
        by_source = {}
        for kind in KINDS:
            for item in getattr(content, kind).values():
                by_source[(self.root / item.source).resolve()] = (kind, item)
        todo: list[tuple[str, Any, Any]] = []
        reused: set[str] = set()
        made: dict[Path, tuple[View, dict[str, str]]] = {}
        svgs: dict[str, str] = {}
        base = ["banmen-board-1", code_digest(), tool_versions()]
        front = self._front_items() if self.draw_behind else set()
        first: set[str] = set()  # the boards of the pages MkDocs writes first
        for path in missing:
            if path.resolve() not in by_source:  # broken, left out (keep_going)
                continue
            kind, item = by_source[path.resolve()]
            view, boards = view_of(kind, item)
            # what a later build reads back from the cache, so both give the same page
            data = view_to_data(view)
            view = view_from_data(json.loads(json.dumps(data)))
            self.stats.checked.append(f"{kind}/{item.ident}")
            svg_keys = {b.key: key(*base, board_inputs(game, spec)) for b, game, spec in boards}
            made[path] = (view, svg_keys)
            if (kind, item.ident) in front:
                first.update(svg_keys)
            for b, game, spec in boards:
                cached = cache.get_text("svg:" + svg_keys[b.key], drawn_svg)
                if cached is None and self.reuse is not None:
                    svg = self.reuse(b.key, game, spec)
                    if svg is not None:
                        svgs[b.key] = svg
                        reused.add(b.key)
                        continue
                if cached is None:
                    todo.append((b.key, game, spec))
                else:
                    svgs[b.key] = cached
        self.stats.drawn.extend(k for k, _, _ in todo)
        drawn = {k for k, _, _ in todo}
        if not todo:
            self._keep_drawn(cache, made, drawn, reused, keys, svgs, found)
            return
        # the drawing workers keep their boards in the cache themselves, beside the drawing
        names = {b: "svg:" + n for _, svg_keys in made.values() for b, n in svg_keys.items()}
        store = (self.root, [names[k] for k, _, _ in todo]) if cache.enabled else None
        drawing = BoardDrawing(todo, jobs=self.jobs, progress=self.progress, store=store,
                               first=first)
        if behind:
            # the pages are written meanwhile: svg_of() waits for the boards it needs and
            # finish_drawing() keeps the rest (the views, boards the workers did not write)
            self.svgs.update(svgs)
            self._drawing = drawing
            self._drawn_later = (made, drawn, reused, keys)
            for path, (view, svg_keys) in made.items():
                found[path] = (view, {k: svgs[k] for k in svg_keys if k in svgs})
            return
        try:
            svgs.update(drawing.wait())
        finally:
            drawing.cancel()
        self._keep_drawn(cache, made, drawn - drawing.stored, reused, keys, svgs, found)

    def _front_items(self) -> set[tuple[str, str]]:
        """(kind, id) of the items that the pages outside the game folders show (``docs/*.md``:
        the home page shows a board of every game). MkDocs writes those pages first, so their
        boards are drawn first: the pages do not wait for the last game's boards."""
        items: set[tuple[str, str]] = set()
        for page in sorted((self.root / "docs").glob("*.md")):
            try:
                text = page.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue  # reported when MkDocs reads the page
            items.update((match.group(1) + "s", match.group(2)) for match in MARKER.finditer(text)
                         if match.group(1) in ("diagram", "puzzle", "sequence", "lesson"))
        return items

    def _keep_drawn(self, cache: BuildCache, made: dict[Path, tuple[View, dict[str, str]]],
                    drawn: set[str], reused: set[str], keys: dict[Path, str],
                    svgs: dict[str, str],
                    found: dict[Path, tuple[View, dict[str, str]]] | None = None) -> None:
        """Write the boards drawn for ``made`` (path -> view and svg keys) that are in
        ``drawn`` (those not written yet) and the views of their files to the cache; with
        ``found``, put each file's view and boards there."""
        with cache.batch():
            for path, (view, svg_keys) in made.items():
                for board_key, svg_key in svg_keys.items():
                    if board_key in drawn:
                        cache.set_text("svg:" + svg_key, svgs[board_key])
                if keys.get(path) is not None and not reused.intersection(svg_keys):
                    cache.set_json("view:" + keys[path], {"view": view_to_data(view),
                                                          "svg_keys": svg_keys})
                if found is not None:
                    found[path] = (view, {k: svgs[k] for k in svg_keys})

    def svg_of(self, board: Board) -> str:
        """Return the drawn SVG of ``board`` (drawn or read during :meth:`prepare`; with
        ``draw_behind``, waited for while it is drawn; with ``lazy_boards``, read from the
        cache now, or drawn again if the entry is damaged).

        While a deferred expansion is made (``expand(..., defer=True)``), every board this
        build draws (drawn by now or not: the page does not depend on the timing) is a
        stand-in instead (:mod:`banmen.site.standins`), put in by :meth:`resolve`.

        Raises:
            KeyError: no such board.
            BanmenError: the board could not be drawn.
            ContentErrors: its file, checked again (its cache entry was damaged), no longer
                checks.
        """
        deferring = self._deferring
        if deferring is not None and self._drawing is not None and board.key in self._drawing:
            number = deferring.standin_numbers.get(board.key)
            if number is None:
                number = deferring.standin_numbers[board.key] = len(deferring.standins)
                deferring.standins.append(board)
            return standins.board(html_id(board.ident), self._token_prefix, number)
        svg = self.svgs.get(board.key)
        if svg is None and self._drawing is not None and board.key in self._drawing:
            svg = self.svgs[board.key] = self._drawing.get(board.key)
        if svg is None and board.key in self._unread:
            svg = self._read_board(board.key)
        if svg is None:
            raise KeyError(board.key)
        return svg

    def _read_board(self, board_key: str) -> str:
        """Read a board :meth:`prepare` left unread; a damaged or vanished entry gets its
        content file checked and drawn again (as a missing one in :meth:`prepare`)."""
        name, path = self._unread.pop(board_key)
        with self._readable_cache() as cache:
            return self._read_board_from(cache, board_key, name, path)

    @contextlib.contextmanager
    def _readable_cache(self) -> Iterator[BuildCache | None]:
        """The open build cache; after :meth:`close` (``mkdocs serve`` keeps the last good
        build when content breaks) one opened again for this read; ``None`` without a cache."""
        if self._cache is not None or not self.use_cache:
            yield self._cache
            return
        opened = BuildCache(self.root)
        try:
            yield opened
        finally:
            opened.close()

    def _check_again(self, cache: BuildCache | None, path: Path, relative: str
                     ) -> tuple[View, dict[str, str]]:
        """Check and draw one content file again, when its cached view or a board was not
        sound by the time a page needed it: (its view, board key -> SVG). The view is kept
        in the cache only under the key :meth:`prepare` gave the file, and only when the
        file still has the bytes it had then (``mkdocs serve`` keeps the last good build
        while files change).

        Raises:
            ContentErrors: the file does not check any more.
        """
        unchanged = (path in self._file_keys and path.is_file()
                     and self._file_digests.get(path) == hashlib.sha256(
                         path.read_bytes()).digest())
        keys = {path: self._file_keys[path]} if unchanged else {}
        found: dict[Path, tuple[View, dict[str, str]]] = {}
        problems = self.problems  # those of the whole content, found by prepare
        try:
            self._check_and_draw(cache or BuildCache(self.root, enabled=False), [path], keys,
                                 found)
            met = self.problems
        finally:
            self.problems = problems
        if path not in found:
            raise ContentErrors(met or [ContentError(relative, 1, 1,
                                                     "the file no longer gives a page item; "
                                                     "check it with `banmen check`")])
        return found[path]

    def _read_board_from(self, cache: BuildCache | None, board_key: str, name: str,
                         path: Path) -> str:
        svg = None if cache is None else cache.get_text(name, drawn_svg)
        if svg is None:
            _, svgs = self._check_again(cache, path, path.relative_to(self.root).as_posix())
            for other, _ in [(k, v) for k, v in self._unread.items() if v[1] == path]:
                self._unread.pop(other)
            self.svgs.update(svgs)
            if board_key not in svgs:
                raise BanmenError(f"{display_name(path.relative_to(self.root).as_posix())}: "
                                  f"no longer draws the board {board_key} (was it changed "
                                  "during the build?)")
            return self.svgs[board_key]
        self.svgs[board_key] = svg
        return svg

    # ---- pages

    def _token(self, expansion: PageExpansion, fragment: str) -> str:
        renames: list[tuple[str, str]] = []
        fragment = unique_ids(fragment, expansion.ids, renames)
        if expansion.deferred:
            # the glyphs wait for the boards: a slot where share_glyphs would put them
            inside = glyph_place(fragment)
            fragment = (fragment[:inside] + standins.glyph_slot(self._token_prefix)
                        + fragment[inside:])
        else:
            fragment = share_glyphs(fragment, expansion.glyphs)
        self._counter += 1
        token = f"{self._token_prefix}{self._counter}"
        expansion.marker = self._token_prefix
        first = len(expansion.boards)
        text, boards = defer_boards(fragment, self._token_prefix, first)
        expansion.parked[token] = text
        expansion.boards.extend(boards)
        if expansion.deferred:
            expansion.pending.append(_PendingFragment(token, first, len(boards), renames))
        return f"\n\n{token}\n\n"

    def resolve(self, expansion: PageExpansion) -> None:
        """Put the boards into a deferred expansion (``expand(..., defer=True)``), waiting for
        those still being drawn, with the legends and glyph definitions they make: the
        expansion is then the one :meth:`expand` makes with every board at hand, and is kept
        in the build cache. No-op for an expansion with nothing pending.

        Raises:
            BanmenError: a board could not be drawn.
        """
        if not expansion.pending:
            return
        tag = self._token_prefix
        slot = standins.glyph_slot(tag)
        pattern = standins.board_pattern(tag)
        drawn: dict[int, str] = {}

        def board(number: int) -> str:
            if number not in drawn:
                drawn[number] = self.svg_of(expansion.standins[number])
            return drawn[number]

        boards = expansion.boards
        for fragment in expansion.pending:
            numbers = range(fragment.first, fragment.first + fragment.count)
            for number in numbers:
                legend = standins.read_legend(boards[number], tag)
                if legend is not None:
                    colours, waited, play = legend
                    colours = colours + fragments.board_colours([board(n) for n in waited])
                    boards[number] = fragments.legend_of_colours(colours, play)
                elif boards[number] != slot:
                    boards[number] = pattern.sub(
                        lambda m: rename_ids(board(int(m.group(1))), fragment.renames),
                        boards[number])
            # the glyphs as share_glyphs lifts them from the whole fragment, in page order
            # ("\0" never occurs in markup: it splits the boards apart again)
            others = [n for n in numbers if boards[n] != slot]
            lifted, shared = lift_glyphs("\0".join(boards[n] for n in others),
                                         expansion.glyphs, expansion.parked[fragment.token])
            for number, text in zip(others, lifted.split("\0")):
                boards[number] = text
            for number in numbers:
                if boards[number] == slot:
                    boards[number] = shared
        expansion.pending = []
        if expansion.cache_name is not None and self._cache is not None:
            self._cache.set_text(expansion.cache_name, self._framed_expansion(expansion))

    def _anchor(self, expansion: PageExpansion, puzzle: Any) -> str:
        """The heading id of ``puzzle`` on this page (see :func:`safe_anchor`), unique there:
        the same puzzle shown again gets ``_2``, ``_3``...; two files whose ids collide are
        an error naming both."""
        anchor = safe_anchor(puzzle.ident.split("/", 1)[1])
        owner = expansion.anchors.get(anchor)
        if owner is not None and owner != puzzle.source:
            raise _AnchorClash(f"puzzles {display_name(owner)} and {display_name(puzzle.source)} "
                               f"get the same heading id '{anchor}' on this page: rename one")
        if owner is not None:
            n = 2
            while f"{anchor}_{n}" in expansion.anchors:
                n += 1
            anchor = f"{anchor}_{n}"
        expansion.anchors[anchor] = puzzle.source
        return anchor

    def _replacement(self, kind: str, ident: str, expansion: PageExpansion) -> str | None:
        content = self.content
        if kind == "diagram" and ident in content.diagrams:
            return self._token(expansion, fragments.diagram_html(content.diagrams[ident],
                                                                 self.svg_of))
        if kind == "puzzle" and ident in content.puzzles:
            return self._token(expansion, fragments.puzzle_html(content.puzzles[ident], 1,
                                                                self.svg_of))
        if kind == "sequence" and ident in content.sequences:
            return self._token(expansion, fragments.sequence_html(content.sequences[ident],
                                                                  self.svg_of))
        if kind == "lesson" and ident in content.lessons:
            return self._token(expansion, fragments.lesson_html(content.lessons[ident],
                                                                self.svg_of))
        if kind == "parameters" and ident in content.parameters:
            return "\n" + content.parameters[ident] + "\n"
        if kind == "presets" and ident in content.presets:
            return "\n" + content.presets[ident] + "\n"
        if kind == "play" and ident in content.starts:
            return self._token(expansion, play_html(content.starts[ident], "bm-play-page"))
        if kind == "practice" and ident in self.practice:
            return self._token(expansion, practice_html(ident))
        if kind == "simulation" and ident in content.simulations:
            return self._token(expansion, content.simulations[ident])
        if kind == "course" and ident in content.game_ids:
            return self.course_markdown(ident, expansion.source)
        if kind == "progress" and ident in content.game_ids:
            idents = [i for i in content.puzzles if game_of(i) == ident]
            return self._token(expansion, fragments.progress_html(ident, idents,
                                                                  self._lessons_of(ident)))
        if kind == "puzzles":
            game, _, page_text = ident.partition(":")
            if game not in content.game_ids or (page_text and not page_text.isdigit()):
                return None
            idents = [i for i in content.puzzles if game_of(i) == game]
            page = int(page_text or 1)
            pages = puzzle_page_count(len(idents))
            if not 1 <= page <= pages or (page_text and page == 1):
                return None
            first = (page - 1) * PUZZLES_PER_PAGE
            pager = _pager(expansion.source, page, pages, len(idents)) if pages > 1 else ""
            parts = [self._token(expansion, fragments.progress_html(
                game, idents, self._lessons_of(game))), pager]
            # only the puzzles this page shows are read (see _Views)
            shown = [content.puzzles[i] for i in idents[first:first + PUZZLES_PER_PAGE]]
            for number, puzzle in enumerate(shown, start=first + 1):
                anchor = self._anchor(expansion, puzzle)
                title = markdown_text(puzzle.model.title)
                # h2 under the page title: no heading level is skipped (axe-core heading-order).
                parts.append(f"\n## 問題{number}　{title} {{#{anchor}}}\n")
                parts.append(self._token(expansion,
                                         fragments.puzzle_html(puzzle, number, self.svg_of)))
            parts.append(self._token(expansion, fragments.answers_html(shown, first + 1)))
            parts.append(pager)
            return "".join(parts)
        return None

    def _lessons_of(self, game_id: str) -> list[tuple[str, int]]:
        """(id, number of steps) of the game's lessons, in course order (file order without
        a course)."""
        lessons = self.content.lessons
        course = self.content.courses.get(game_id)
        order = course.lessons if course is not None else [
            ident for ident in lessons if game_of(ident) == game_id]
        return [(ident, len(lessons[ident].texts)) for ident in order if ident in lessons]

    def expand(self, markdown: str, source: str, defer: bool = False) -> PageExpansion:
        """Replace the markers of one page.

        Args:
            markdown: the page's Markdown.
            source: the page's file name for messages (``docs/ukejalayer/rules.md``).
            defer: while boards are drawn behind the pages (``draw_behind``), show those
                this build draws as stand-ins instead of waiting for them: the expansion's
                Markdown and the text of its fragments are final, its boards are put in by
                :meth:`resolve` (see :mod:`banmen.site.standins`).

        Raises:
            ContentErrors: a marker has an unknown kind or names an unknown id.

        An expansion whose inputs are unchanged since an earlier build (the page text, the
        cache keys of every item its markers show, the page-writing code) is read back from
        the build cache instead of being written again.
        """
        name = self._page_name(markdown, source)
        if name is not None and self._cache is not None:
            text = self._cache.get_text(name)
            cached = None if text is None else self._read_expansion(text, source)
            if cached is not None:
                return cached
            if text is not None:
                self._cache.delete(name)
        expansion = self._expand(markdown, source, defer and self._drawing is not None)
        self.stats.expanded.append(source)
        if not expansion.pending:
            expansion.deferred = False
        if name is not None and self._cache is not None:
            if expansion.pending:
                expansion.cache_name = name  # kept once resolved
            else:
                self._cache.set_text(name, self._framed_expansion(expansion))
        return expansion

    def _page_name(self, markdown: str, source: str) -> str | None:
        """The cache name of a page's expansion, or ``None`` when some input has no key."""
        if ("site", "") not in self._item_keys:
            return None
        refs: list[Any] = []
        # every marker, also those in code (shown as text): an id that does not exist is
        # "absent" (an active marker naming it fails, and failures are not cached)
        for match in MARKER.finditer(markdown):
            kind, ident = match.group(1), match.group(2)
            if kind in ("diagram", "puzzle", "sequence", "lesson"):
                refs.append(self._item_keys.get((kind + "s", ident), "absent"))
            elif kind == "practice":  # the page holds no puzzle of the set, only its shell
                refs.append([self._item_keys[("site", "")], ident in self.practice])
            elif kind == "course":  # the course (its file, rules page, lessons) and pages
                course = self.content.courses.get(ident)
                lessons = course.lessons if course is not None else []
                refs.append([self._item_keys[("site", "")], self._course_keys.get(ident, ""),
                             [[self._item_keys.get(("lessons", i), "absent"),
                               self.content.lesson_pages.get(i)] for i in lessons]])
            elif kind in ("puzzles", "progress"):
                # both show the game's puzzles and its lessons (ids and numbers of steps)
                game = ident.partition(":")[0]
                refs.append([[self._item_keys.get((items, ident), "absent")
                              for ident in getattr(self.content, items) if game_of(ident) == game]
                             for items in ("puzzles", "lessons")])
            else:
                refs.append(self._item_keys[("site", "")])
        return "page:" + key("banmen-page-3", page_code_digest(), source, markdown, refs,
                             repr(fragments.MARKDOWN_EXTENSIONS), PUZZLES_PER_PAGE)

    def _framed_expansion(self, expansion: PageExpansion) -> str:
        """An expansion as the cache keeps it: one line of JSON (this build's token prefix,
        the token names, the length of each part in characters), then the parts (the
        Markdown, then each token's fragment) one after another. Fragments are mostly SVG,
        full of quotes: as JSON strings they were escaped and read back character by
        character, the slowest step of a warm build's page expansion."""
        parts = [expansion.markdown, *expansion.parked.values(), *expansion.boards]
        header = {"prefix": self._token_prefix, "tokens": list(expansion.parked),
                  "boards": len(expansion.boards), "lengths": [len(part) for part in parts]}
        return json.dumps(header, ensure_ascii=False) + "\n" + "".join(parts)

    def _read_expansion(self, text: str, source: str) -> PageExpansion | None:
        """An expansion read back from :meth:`_framed_expansion`'s text, its tokens given
        this build's nonce; ``None`` when the text is not of that form (damage): see
        :func:`_framed_parts_fit` for what the parts must hold.

        The fragments and boards are not scanned for markup: an expansion sealed through
        the cache's own API that keeps that form is trusted (an allow-list scan of the
        ~24 MB a warm build reads would cost more than the expansion saves)."""
        newline = text.find("\n")  # the parts are sliced out of text (24 MB: not copied twice)
        try:
            header = json.loads(text[:newline]) if newline >= 0 else None
        except (ValueError, RecursionError):
            return None
        if not (newline >= 0 and isinstance(header, dict)
                and set(header) == {"prefix", "tokens", "boards", "lengths"}):
            return None
        old, names, lengths = header["prefix"], header["tokens"], header["lengths"]
        count = header["boards"]
        if not (isinstance(old, str) and re.fullmatch(r"BANMENEMBED[0-9A-F]{16}X", old)
                and isinstance(names, list) and isinstance(lengths, list)
                and type(count) is int and count >= 0
                and len(lengths) == len(names) + 1 + count
                and all(type(n) is int and n >= 0 for n in lengths)
                and sum(lengths) == len(text) - newline - 1
                and all(isinstance(k, str) and k.startswith(old) and k[len(old):].isdigit()
                        for k in names) and len(set(names)) == len(names)):
            return None
        parts, position = [], newline + 1
        for length in lengths:
            parts.append(text[position:position + length])
            position += length
        if not _framed_parts_fit(parts, old, names, count):
            return None
        new = self._token_prefix
        expansion = PageExpansion(parts[0].replace(old, new), source=source, marker=new)
        # the fragments' board comments carry the old prefix too
        expansion.parked = {new + k[len(old):]: v.replace(old, new)
                            for k, v in zip(names, parts[1:1 + len(names)])}
        expansion.boards = parts[1 + len(names):]
        return expansion

    def _expand(self, markdown: str, source: str, deferred: bool = False) -> PageExpansion:
        expansion = PageExpansion(markdown, source=source, deferred=deferred)
        self._deferring = expansion if deferred else None
        try:
            return self._expand_markers(expansion, markdown, source)
        finally:
            self._deferring = None

    def _expand_markers(self, expansion: PageExpansion, markdown: str,
                        source: str) -> PageExpansion:
        errors: list[ContentError] = []
        out: list[str] = []
        fence: str | None = None
        # the page as HTML tags are read in it: code (fenced or in backticks) blanked
        markup: list[str] = []
        for line_no, line in enumerate(markdown.split("\n"), start=1):
            pos = 0
            # Markers inside fenced code blocks are shown, not expanded (authoring examples).
            opening = _FENCE.match(line)
            if opening and (fence is None or opening.group(1).startswith(fence)):
                fence = opening.group(1)[:3] if fence is None else None
            active = fence is None and not opening
            code = [m.span() for m in _CODE_SPAN.finditer(line)] if active else []
            markup.append("" if not active else _blanked(line, code))
            matches = [m for m in (MARKER.finditer(line) if active else ())
                       if not _inside(m.start(), code)]
            for start in (m.start() for m in _MARKER_START.finditer(line) if active):
                if not _inside(start, code) and not any(m.start() == start for m in matches):
                    errors.append(ContentError(source, line_no, start + 1,
                                               "unterminated or malformed marker: expected "
                                               "'{{ <kind> <id> }}' on one line"))
            for match in matches:
                kind, ident = match.group(1), match.group(2)
                out.append(line[pos:match.start()])
                pos = match.end()
                replacement = None
                if kind not in MARKER_KINDS:
                    errors.append(ContentError(source, line_no, match.start() + 1,
                                               f"unknown marker '{kind}' (expected one of: "
                                               f"{', '.join(MARKER_KINDS)})"))
                else:
                    try:
                        replacement = self._replacement(kind, ident, expansion)
                    except _AnchorClash as clash:
                        errors.append(ContentError(source, line_no, match.start(2) + 1,
                                                   str(clash)))
                        replacement = ""
                    indent = line[:match.start()]
                    if replacement and indent.isspace():
                        # an indented marker (inside an admonition or list) stays inside it
                        replacement = replacement.replace("\n\n", "\n\n" + indent)
                    if replacement is None:
                        errors.append(ContentError(source, line_no, match.start(2) + 1,
                                                   f"unknown {kind} id '{ident}'"))
                out.append(replacement or "")
            out.append(line[pos:] + "\n")
        errors.extend(unclosed_exclusions("\n".join(markup), source))
        if errors:
            raise ContentErrors(errors)
        expansion.markdown = "".join(out)[:-1]
        return expansion

    def fill(self, page_html: str, tokens: Mapping[str, str]) -> str:
        """Put each token's fragment into the page HTML (tokens end up in ``<p>`` tags).

        Only this build's tokens (with its nonce) are replaced, each by its own fragment.
        """
        if not tokens:
            return page_html
        return self._token_re.sub(lambda m: tokens.get(m.group(1), m.group(0)), page_html)


#: puzzles shown on one page by ``{{ puzzles <game> }}``; the rest go to generated pages
#: ``<page>-2.md``, ``<page>-3.md``... shown by ``{{ puzzles <game>:<n> }}`` (numbering kept).
PUZZLES_PER_PAGE = 50


def puzzle_page_count(count: int) -> int:
    """The pages ``count`` puzzles take (at least one)."""
    return max(1, -(-count // PUZZLES_PER_PAGE))


def _pager(source: str, page: int, pages: int, count: int) -> str:
    """Markdown links between the pages of one game's puzzles (relative to ``source``)."""
    stem = Path(source).stem
    base = stem.rsplit("-", 1)[0] if page > 1 else stem
    links = []
    for n in range(1, pages + 1):
        target = f"{base}.md" if n == 1 else f"{base}-{n}.md"
        last = min(n * PUZZLES_PER_PAGE, count)
        label = f"問題{(n - 1) * PUZZLES_PER_PAGE + 1}〜{last}"
        links.append(f"**{label}**" if n == page else f"[{label}]({target})")
    return f"\n\n{'・'.join(links)}\n\n"


def puzzle_listings(markdown: str) -> list[str]:
    """Return the game ids of the ``{{ puzzles <game> }}`` markers of a page (outside code),
    in page order: the pages that may need continuation pages."""
    found = []
    fence: str | None = None
    for line in markdown.split("\n"):
        opening = _FENCE.match(line)
        if opening and (fence is None or opening.group(1).startswith(fence)):
            fence = opening.group(1)[:3] if fence is None else None
            continue
        if fence is not None:
            continue
        code = [m.span() for m in _CODE_SPAN.finditer(line)]
        found += [m.group(2) for m in MARKER.finditer(line)
                  if m.group(1) == "puzzles" and ":" not in m.group(2)
                  and not _inside(m.start(), code)]
    return found


def continuation_pages(build: "SiteBuild", src_uri: str, markdown: str
                       ) -> list[tuple[str, str]]:
    """Return ``(src_uri, Markdown)`` of the pages that continue a page's puzzle listings
    beyond :data:`PUZZLES_PER_PAGE` (``ukejalayer/puzzles-2.md`` with
    ``{{ puzzles ukejalayer:2 }}``); none when every listing fits on its page."""
    stem, _, _ = src_uri.rpartition(".")
    title = next((line[2:].strip() for line in markdown.split("\n") if line.startswith("# ")),
                 "練習問題")
    pages = []
    for game in puzzle_listings(markdown):
        count = sum(1 for ident in build.content.puzzles if game_of(ident) == game)
        for n in range(2, puzzle_page_count(count) + 1):
            pages.append((f"{stem}-{n}.md",
                          f"# {title}（{n}ページ目）\n\n{{{{ puzzles {game}:{n} }}}}\n"))
    return pages


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


def safe_anchor(name: str) -> str:
    """Return an HTML id for a file name, from the alphabet ``A-Za-z0-9_-`` only, so a name can
    never add attributes. A name already in that alphabet is its own id (``p01-count``);
    otherwise runs of other characters become ``-`` and the first 8 hex digits of the
    SHA-256 of the whole name follow (``zz.1`` -> ``zz-1-<8 hex>``, ``問題`` ->
    ``item-<8 hex>``), so names that differ only in the characters lost stay apart."""
    slug = _SAFE_ID.sub("-", name).strip("-")
    if slug == name and name:
        return name
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    return f"{slug or 'item'}-{digest}"


def markdown_text(text: str) -> str:
    """Return Markdown that shows ``text`` literally on one line: HTML-escaped, every
    Markdown special character backslash-escaped or written as a character reference (no
    emphasis, links, attribute lists ``{: ...}`` or raw HTML), whitespace folded to a space."""
    out = []
    for char in " ".join(text.split()):
        if char in "<>&\"'":
            out.append(html.escape(char))
        elif char in _BACKSLASH_ESCAPABLE:
            out.append("\\" + char)
        elif char in _OTHER_SPECIALS:
            out.append(f"&#{ord(char)};")
        else:
            out.append(char)
    return "".join(out)

#: the start of a board or lazy frame (one literal-led pattern: the search skips ahead to
#: each ``<``; the end is then found with ``str.find``).
_BOARD_START = re.compile(r'<(?:template class="bm-lazy">|svg\b)')


def defer_boards(html: str, nonce: str, first: int = 0) -> tuple[str, list[str]]:
    """Swap each board (and lazy frame) of a finished page for a short HTML comment.

    MkDocs plugins that read the page's HTML (the search index parses every tag) then skip
    thousands of SVG elements that hold no words; :func:`restore_boards` puts them back into
    the written page. ``nonce`` (fresh for each build) makes the comments unforgeable.

    Args:
        html: the page (or fragment).
        nonce: the comments' nonce.
        first: the number of the first board (fragments of one page number on).

    Returns:
        (the page with ``<!--bm-board-<nonce>-<n>-->`` comments, the boards in order).
    """
    boards: list[str] = []
    out: list[str] = []
    position = 0
    while True:
        match = _BOARD_START.search(html, position)
        if match is None:
            break
        closing = "</template>" if match.group(0).startswith("<t") else "</svg>"
        end = html.find(closing, match.end())
        if end < 0:
            break
        end += len(closing)
        out.append(html[position:match.start()])
        out.append(f"<!--bm-board-{nonce}-{first + len(boards)}-->")
        boards.append(html[match.start():end])
        position = end
    out.append(html[position:])
    return "".join(out), boards


def restore_boards(html: str, nonce: str, boards: list[str]) -> str:
    """Put back the boards that :func:`defer_boards` took out of ``html`` (a comment whose
    number has no board is dropped)."""
    if not boards or not nonce:
        return html

    def board(match: re.Match) -> str:
        number = int(match.group(1))
        return boards[number] if number < len(boards) else ""

    return re.sub(rf"<!--bm-board-{re.escape(nonce)}-(\d+)-->", board, html)


#: a start tag, its attributes read as an HTML parser reads them (quoted values may hold
#: ``>`` or the attribute's name as text)
_START_TAG = re.compile(r"""<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'"""
                        r"""|[^\s"'=<>`]+))?)*)\s*(/?)>""")
_ATTRIBUTE_NAME = re.compile(r"""\s+([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?""")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_EXCLUDE_NAME = re.compile("data-search-exclude", re.I)
#: elements that have no content (and no closing tag)
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())


@functools.lru_cache(maxsize=64)
def _tag_pattern(tag: str) -> re.Pattern[str]:
    """Finds the start and end tags of ``tag`` (group 1: ``/`` for an end tag) and comments
    (group 1 ``None``, group 2 set), whose tags are no tags."""
    return re.compile(rf"<(/?){re.escape(tag)}(?=[\s/>])[^>]*>|(<!--.*?-->)", re.S | re.I)


def _excluded_start(html: str, at: int) -> re.Match[str] | None:
    """The start tag around position ``at`` of a ``data-search-exclude`` text, when the text
    is that attribute's name in a real start tag (not a comment's or a value's text)."""
    opening = html.rfind("<", 0, at)
    tag = _START_TAG.match(html, opening) if opening >= 0 else None
    if tag is None or tag.end() <= at:
        return None
    names = {m.group(1).lower() for m in _ATTRIBUTE_NAME.finditer(tag.group(2))}
    return tag if "data-search-exclude" in names else None


def _blanked(line: str, spans: list[tuple[int, int]]) -> str:
    """``line`` with each of ``spans`` (code spans) written over with spaces."""
    for start, end in spans:
        line = line[:start] + " " * (end - start) + line[end:]
    return line


def _element_end(html: str, name: str, after: int) -> int:
    """The end of the element ``name`` whose start tag ends at ``after`` (nested elements of
    the same name counted, comments skipped), or -1 when it is not closed."""
    depth = 1
    for inner in _tag_pattern(name).finditer(html, after):
        if inner.group(2) is not None:
            continue  # a comment
        depth += -1 if inner.group(1) else 1
        if depth == 0:
            return inner.end()
    return -1


def unclosed_exclusions(markup: str, source: str) -> list[ContentError]:
    """Return an error for each element marked ``data-search-exclude`` that a page's own
    HTML opens but never closes: the search would leave out all of the page after it, and
    :func:`park_search_excluded` could not park it.

    Args:
        markup: the page's Markdown with its code (fenced blocks, code spans) blanked out,
            line for line, so that only real tags are read (comments are skipped too).
        source: the page's file name for messages.

    Returns:
        ``docs/p.md:4:1: the <div> element marked data-search-exclude is not closed: ...``
        located at its start tag.
    """
    if not _EXCLUDE_NAME.search(markup):
        return []
    comments = [m.span() for m in _COMMENT.finditer(markup)]
    errors = []
    for found in _EXCLUDE_NAME.finditer(markup):
        at = found.start()
        if any(start <= at < end for start, end in comments):
            continue
        tag = _excluded_start(markup, at)
        if tag is None or tag.group(3) or tag.group(1).lower() in _VOID:
            continue
        name = tag.group(1).lower()
        if _element_end(markup, name, tag.end()) >= 0:
            continue
        line = markup.count("\n", 0, tag.start()) + 1
        column = tag.start() - (markup.rfind("\n", 0, tag.start()) + 1) + 1
        shown = name if len(name) <= 20 else name[:20] + "…"
        errors.append(ContentError(source, line, column, f"the <{shown}> element marked "
                                   "data-search-exclude is not closed: the search would leave "
                                   f"out all of the page after it; expected </{shown}> where "
                                   "it ends"))
    return errors


def park_search_excluded(html: str, nonce: str) -> tuple[str, list[str]]:
    """Swap each element marked ``data-search-exclude`` (answer controls, hidden frames,
    legends, explanations...) for an ``<!--bm-board-<nonce>-<n>-->`` comment, as
    :func:`defer_boards` does with boards: Material's search parser leaves such an element
    out but still reads every tag in it (most of a puzzle page's markup), so it gets the
    page's searchable text only; :func:`restore_boards` puts the elements back.

    The entries stay the same as long as no parked element holds a heading with an ``id``
    and a page does not begin with one (the parser would still open a section there): the
    fragments' excluded parts have neither, and pages begin with their title. Comments are
    skipped as the parser skips them, and so is the attribute's name written as text in a
    value. ``tests/test_search_entries.py`` compares the entries of pages parsed with and
    without parking.

    Args:
        html: the page, its links checked (the parked elements are not read again).
        nonce: the comments' nonce (not the boards' own: parked elements hold boards).

    Returns:
        (the page with the comments, the parked elements in order). An element whose
        closing tag cannot be found is left in place, and the rest of the page with it.
    """
    comments = [m.span() for m in _COMMENT.finditer(html)] if "<!--" in html else []
    starts = [start for start, _ in comments]
    parked: list[str] = []
    out: list[str] = []
    position = 0
    search = position
    while True:
        found = _EXCLUDE_NAME.search(html, search)
        if found is None:
            break
        at = found.start()
        search = at + 1
        before = bisect.bisect_right(starts, at) - 1
        if before >= 0 and at < comments[before][1]:
            continue  # in a comment
        tag = _excluded_start(html, at)
        if tag is None:
            continue
        name = tag.group(1).lower()
        if name in _VOID or tag.group(3):
            search = tag.end()
            continue
        end = _element_end(html, name, tag.end())
        if end < 0:
            break
        out.append(html[position:tag.start()])
        out.append(f"<!--bm-board-{nonce}-{len(parked)}-->")
        parked.append(html[tag.start():end])
        position = search = end
    out.append(html[position:])
    return "".join(out), parked


def board_inputs(game: Any, spec: Any) -> list[Any]:
    """Everything one drawing depends on besides code and tool versions, as JSON-ready data:
    the game and its effective rules, the positions (in the game's YAML form), the move's
    text, the marks and options, the id that prefixes the SVG's element ids and the
    screen-reader title."""
    before = spec.before
    return [
        game.id, game.rules.to_json(),
        game.position_to_yaml(spec.state),
        None if before is None else game.position_to_yaml(before),
        None if spec.move is None or before is None else game.format_move(before, spec.move),
        repr(spec.move) if spec.move is not None and before is None else None,
        list(spec.highlight), [list(a) for a in spec.arrows], [list(x) for x in spec.labels],
        dict(spec.options), spec.move_arrow, spec.ident, spec.title,
    ]


def _import_renderers() -> None:
    """Import matplotlib and every game's renderer (before a fork: the child shares them)."""
    import banmen.render.svg  # noqa: F401 - matplotlib, its settings
    from banmen.game import game_ids, game_module

    for game_id in game_ids():
        game_module(game_id, "drawing")


def _simulation_lengths(with_presets: list[Any]) -> dict[str, dict[str, list[int]]]:
    """game id -> :func:`banmen.site.presets.simulation_lengths` of each game with presets
    (engines only: run in a process of its own while the build imports matplotlib)."""
    from banmen.site.presets import simulation_lengths

    return {game.id: simulation_lengths(game) for game in with_presets}


def _site_side_work(with_presets: list[Any], parts_games: list[Any],
                    lengths: dict[str, dict[str, list[int]]]
                    ) -> tuple[dict[str, str], list[str]]:
    """The site entry's work that needs no content (run in a process of its own): game id ->
    simulation figure of each game with presets (from its simulated ``lengths``), and the
    parts file of each engine of ``parts_games``
    (:func:`banmen.site.play_assets.play_parts_text`), in order."""
    from banmen.site.play_assets import play_parts_text
    from banmen.site.presets import simulation_html

    return ({game.id: simulation_html(game, lengths=lengths[game.id]) for game in with_presets},
            [play_parts_text(game) for game in parts_games])


def _framed_parts_fit(parts: list[str], prefix: str, names: list[str], count: int) -> bool:
    """Whether the parts of a framed expansion (:meth:`SiteBuild._framed_expansion`) hold
    together: the Markdown holds each token of ``names`` once and no other text with the
    nonce ``prefix``; each fragment is markup (starts with ``<``, ends with ``>``), its board
    comments number the ``count`` boards in order, each once, and no other board comment
    or text with the nonce is there; each board is one ``<svg>`` (or a lazy ``<template>``
    of one), a colour legend or empty (a deferred expansion's legends and glyph slots, see
    :mod:`banmen.site.standins`: a legend without colours and a fragment without new glyphs
    leave empty ones wherever their comments stand; an empty part brings no markup). Parts whose lengths were moved, and comments that would
    drop a board or show one twice, fail."""
    markdown, fragments = parts[0], parts[1:1 + len(names)]
    boards = parts[1 + len(names):]
    found = re.findall(rf"{prefix}(\d*)", markdown)
    if sorted(found) != sorted(name[len(prefix):] for name in names):
        return False
    numbers = [int(n) for fragment in fragments
               for n in re.findall(rf"<!--bm-board-{prefix}-(\d+)-->", fragment)]
    if (numbers != list(range(count)) or sum(f.count(prefix) for f in fragments) != count
            or sum(f.count("<!--bm-board-") for f in fragments) != count):
        return False
    if not all(f.startswith("<") and f.endswith(">") for f in fragments):
        return False
    return all(b == "" or (b.startswith("<svg") and b.endswith("</svg>"))
               or (b.startswith('<template class="bm-lazy"><svg')
                   and b.endswith("</svg></template>"))
               or _LEGEND.fullmatch(b) is not None for b in boards)


#: a colour legend as the fragments write it (a deferred expansion parks its legends)
_LEGEND = fragments.LEGEND


def _site_from_data(data: Any) -> dict[str, Any]:
    """The site entry (game ids and tables) read back from the cache, checked."""
    if not (isinstance(data, dict) and set(data) == {"games", "parameters", "presets",
                                                      "simulations", "starts", "play"}):
        raise ValueError("not a site entry")
    play = data["play"]
    if not (isinstance(play, list) and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
            and re.fullmatch(r"[a-z0-9-]+", p[0]) and p[1].startswith("play-parts:")
            for p in play)):
        raise ValueError("play parts")
    games = data["games"]
    if not (isinstance(games, list) and all(isinstance(g, str) for g in games)):
        raise ValueError("game ids")
    for table, check in (("parameters", plain_markdown), ("presets", plain_markdown),
                         ("simulations", _simulation_figure)):
        value = data[table]
        # the tables and figures reach the page as Markdown and HTML: allow-listed
        # (banmen.site.cached_markup), so a forged entry cannot bring markup
        if not (isinstance(value, dict) and set(value) <= set(games)
                and all(isinstance(v, str) and check(v) for v in value.values())):
            raise ValueError(table)
    starts = data["starts"]
    if not (isinstance(starts, dict) and set(starts) == set(games) and all(
            isinstance(v, list) and v and all(isinstance(s, dict) for s in v)
            for v in starts.values())):
        raise ValueError("starts")
    return data


#: a simulation figure as :func:`banmen.site.presets.simulation_html` writes it.
_SIMULATION = re.compile(r'<figure class="banmen-diagram" id="[A-Za-z0-9_-]+-figure">'
                         r"(<svg.*</svg>)<figcaption>(?:[^<>&]|&(?:amp|lt|gt|quot|#x27);)*"
                         r"</figcaption></figure>", re.DOTALL)


def _simulation_figure(text: str) -> bool:
    """Whether ``text`` is a simulation figure: the figure, a board-like SVG
    (:func:`banmen.site.cached_markup.drawn_svg`) and an escaped caption."""
    match = _SIMULATION.fullmatch(text)
    return match is not None and drawn_svg(match.group(1))


def _squares_from_data(data: Any) -> dict[tuple[str, str], frozenset[str]]:
    """The squares each game draws, read back from the cache, checked."""
    if not isinstance(data, list):
        raise ValueError("not a squares entry")
    squares = {}
    for entry in data:
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)
                and isinstance(entry[1], str) and isinstance(entry[2], list)
                and all(isinstance(s, str) for s in entry[2])):
            raise ValueError("a squares row")
        squares[(entry[0], entry[1])] = frozenset(entry[2])
    return squares


def _view_entry_reader(kind: str, ident: str, source: str):
    """A reader for the cached ``{"view", "svg_keys"}`` entry of one content file: the view
    must be of that file, and name a board key for each of its boards (and no other)."""
    def read(data: Any) -> tuple[View, dict[str, str]]:
        if not (isinstance(data, dict) and set(data) == {"view", "svg_keys"}):
            raise ValueError("not a view entry")
        view = view_from_data(data["view"], kind, ident, source)
        svg_keys = data["svg_keys"]
        if not (isinstance(svg_keys, dict) and set(svg_keys) == {b.key for b in boards_of(view)}
                and all(isinstance(v, str) for v in svg_keys.values())):
            raise ValueError("board keys")
        return view, svg_keys
    return read
