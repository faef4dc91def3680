"""The site pipeline, independent of MkDocs: check -> render -> expand page markers.

Pages embed content with markers on a line of their own::

    {{ diagram ukejalayer/summon }}      one figure
    {{ puzzle ukejalayer/p001 }}         one puzzle
    {{ puzzles ukejalayer }}             every puzzle of a game, numbered, with headings
    {{ sequence ukejalayer/opening }}    a step-through sequence
    {{ parameters ukejalayer }}          the table of rule parameters
    {{ presets ludo }}                   the comparison table of a game's presets
    {{ simulation ludo }}                the figure of simulated game lengths per preset
    {{ progress ukejalayer }}            the reader's progress on a game's puzzles

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

import html
import os
import re
import secrets
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from banmen.content.errors import ContentError, ContentErrors
from banmen.site import html as fragments
from banmen.site.cache import BuildCache, code_digest, key, tool_versions
from banmen.site.onpage import share_glyphs, unique_ids
from banmen.site.views import KINDS, Board, View, view_of

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
                "simulation", "progress")


@dataclass
class PageExpansion:
    """The result of expanding one page's markers.

    Attributes:
        markdown: the page text with markers replaced by Markdown and tokens.
        tokens: token -> HTML fragment to put in its place.
        ids: the element ids the page's fragments use so far (see
            :func:`banmen.site.onpage.unique_ids`).
        glyphs: ids of the glyph shapes already defined on the page (see
            :func:`banmen.site.onpage.share_glyphs`).
    """

    markdown: str
    tokens: dict[str, str] = field(default_factory=dict)
    ids: set[str] = field(default_factory=set)
    glyphs: set[str] = field(default_factory=set)


@dataclass
class SiteContent:
    """What pages show, by id, in file order (engine-free views, see :mod:`banmen.site.views`).

    Attributes:
        game_ids: every game id the site knows.
        parameters: game id -> Markdown table of its rule parameters.
        presets: game id -> Markdown table comparing its presets (games with presets only).
        simulations: game id -> HTML figure of simulated game lengths (games with presets).
        diagrams, puzzles, sequences: id -> view.
    """

    game_ids: tuple[str, ...] = ()
    parameters: dict[str, str] = field(default_factory=dict)
    presets: dict[str, str] = field(default_factory=dict)
    simulations: dict[str, str] = field(default_factory=dict)
    diagrams: dict[str, Any] = field(default_factory=dict)
    puzzles: dict[str, Any] = field(default_factory=dict)
    sequences: dict[str, Any] = field(default_factory=dict)


@dataclass
class BuildStats:
    """What :meth:`SiteBuild.prepare` had to do (the rest came from the cache).

    Attributes:
        checked: ids (``kind/game/name``) of the content files checked by the engines.
        drawn: board keys drawn (see :class:`banmen.site.views.Board`).
    """

    checked: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)


class SiteBuild:
    """Checks all content and renders every board once; then serves page fragments.

    Args:
        root: the project root.
        rule_overrides: game id -> rule parameter overrides on top of ``rules.yaml``.
        progress: show a progress bar while rendering (on standard error).
        cache: read and write the build cache in ``root/.cache/banmen`` (see
            :mod:`banmen.site.cache`); ``False`` checks and draws everything.
        jobs: processes drawing boards at once (``None``: one per core).

    Call :meth:`prepare` first; it raises :class:`ContentErrors` when content is broken.
    Content files and boards whose cache key has not changed are neither checked nor drawn;
    matplotlib and the engines are imported only when something must be checked or drawn.
    """

    def __init__(self, root: Path, rule_overrides: Mapping[str, Mapping[str, Any]] | None = None,
                 progress: bool = True, cache: bool = True, jobs: int | None = None):
        self.root = root
        self.rule_overrides = rule_overrides
        self.progress = progress
        self.use_cache = cache
        self.jobs = jobs
        self.content = SiteContent()
        self.svgs: dict[str, str] = {}
        self.stats = BuildStats()
        self._counter = 0
        # Placeholder tokens carry a random nonce per build, so no authored text can forge one.
        self._token_prefix = f"BANMENEMBED{secrets.token_hex(8).upper()}X"
        self._token_re = re.compile(rf"(?:<p>)?({self._token_prefix}\d+)(?:</p>)?")

    # ---- check and render (through the cache)

    def _rules_inputs(self) -> tuple[bytes, dict[str, Any] | None]:
        """(bytes of rules.yaml, its mapping when it reads as one, else ``None``)."""
        import yaml

        path = self.root / "rules.yaml"
        data = path.read_bytes() if path.exists() else b""
        try:
            parsed = yaml.safe_load(data.decode("utf-8")) if data else {}
        except (yaml.YAMLError, UnicodeDecodeError):
            return data, None
        return data, parsed if isinstance(parsed, dict) else None

    def _site_entry(self, cache: BuildCache, rules_bytes: bytes, base: list[Any]) -> None:
        """Check rules.yaml (once per change of it) and keep the parameter tables."""
        name = "site:" + key(*base, rules_bytes, self.rule_overrides or {})
        entry = cache.get_object(name)
        if not (isinstance(entry, tuple) and len(entry) == 4):
            from banmen.content.check import load_site_rules
            from banmen.site.parameters import parameters_markdown
            from banmen.site.presets import has_presets, presets_markdown, simulation_html

            games, errors = load_site_rules(self.root, self.rule_overrides)
            if errors:
                raise ContentErrors(errors)
            with_presets = [g for g in games if has_presets(g)]
            entry = (tuple(games), {g: parameters_markdown(e) for g, e in games.items()},
                     {g: presets_markdown(games[g]) for g in with_presets},
                     {g: simulation_html(games[g]) for g in with_presets})
            cache.set_object(name, entry)
        (self.content.game_ids, self.content.parameters, self.content.presets,
         self.content.simulations) = entry

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
        cache = BuildCache(self.root, enabled=self.use_cache)
        try:
            self._prepare(cache)
        finally:
            cache.close()

    def _prepare(self, cache: BuildCache) -> None:
        self.stats = BuildStats()
        self.content = SiteContent()
        base = ["banmen-build-1", code_digest(), tool_versions()]
        rules_bytes, rules = self._rules_inputs()
        self._site_entry(cache, rules_bytes, base)
        overrides = self.rule_overrides or {}
        files = self._files()
        keys: dict[Path, str] = {}
        found: dict[Path, tuple[View, dict[str, str]]] = {}
        missing: list[Path] = []
        for kind, game_id, path in files:
            # A file is served from the cache only when its view and every board are there.
            relative = path.relative_to(self.root).as_posix()
            file_key = None
            if rules is not None and path.suffix == ".yaml" and game_id in self.content.game_ids:
                file_key = key(*base, relative, path.read_bytes(), rules.get(game_id),
                               overrides.get(game_id, {}))
                keys[path] = file_key
                entry = cache.get_object("view:" + file_key)
                if isinstance(entry, tuple) and len(entry) == 2:
                    view, svg_keys = entry
                    svgs = {b.key: cache.get_bytes("svg:" + svg_keys.get(b.key, ""))
                            for b in _boards_of(view)}
                    if all(v is not None for v in svgs.values()):
                        found[path] = (view, {k: v.decode("utf-8") for k, v in svgs.items()})
                        continue
            missing.append(path)
        if missing:
            self._check_and_draw(cache, missing, keys, found)
        for kind, _game_id, path in files:
            view, svgs = found[path]
            getattr(self.content, kind)[view.ident] = view
            self.svgs.update(svgs)

    def _check_and_draw(self, cache: BuildCache, missing: list[Path], keys: dict[Path, str],
                        found: dict[Path, tuple[View, dict[str, str]]]) -> None:
        from banmen import render
        from banmen.content.check import check_project

        # the squares each game draws (marks are checked against them) without matplotlib
        squares_name = "squares:" + key(code_digest(), tool_versions())
        known = cache.get_object(squares_name)
        if isinstance(known, dict):
            render.SQUARES.update(known)
        count = len(render.SQUARES)
        content = check_project(self.root, paths=missing, rule_overrides=self.rule_overrides)
        if len(render.SQUARES) != count:
            cache.set_object(squares_name, dict(render.SQUARES))
        by_source = {}
        for kind in KINDS:
            for item in getattr(content, kind).values():
                by_source[(self.root / item.source).resolve()] = (kind, item)
        todo: list[tuple[str, Any, Any]] = []
        made: dict[Path, tuple[View, dict[str, str]]] = {}
        svgs: dict[str, str] = {}
        base = ["banmen-board-1", code_digest(), tool_versions()]
        for path in missing:
            kind, item = by_source[path.resolve()]
            view, boards = view_of(kind, item)
            self.stats.checked.append(f"{kind}/{item.ident}")
            svg_keys = {b.key: key(*base, board_inputs(game, spec)) for b, game, spec in boards}
            made[path] = (view, svg_keys)
            for b, game, spec in boards:
                cached = cache.get_bytes("svg:" + svg_keys[b.key])
                if cached is None:
                    todo.append((b.key, game, spec))
                else:
                    svgs[b.key] = cached.decode("utf-8")
        svgs.update(draw_boards(todo, jobs=self.jobs, progress=self.progress))
        self.stats.drawn.extend(k for k, _, _ in todo)
        drawn = {k for k, _, _ in todo}
        for path, (view, svg_keys) in made.items():
            for board_key, svg_key in svg_keys.items():
                if board_key in drawn:
                    cache.set_bytes("svg:" + svg_key, svgs[board_key].encode("utf-8"))
            if keys.get(path) is not None:
                cache.set_object("view:" + keys[path], (view, svg_keys))
            found[path] = (view, {k: svgs[k] for k in svg_keys})

    def svg_of(self, board: Board) -> str:
        """Return the drawn SVG of ``board`` (drawn or read during :meth:`prepare`)."""
        return self.svgs[board.key]

    # ---- pages

    def _token(self, expansion: PageExpansion, fragment: str) -> str:
        fragment = share_glyphs(unique_ids(fragment, expansion.ids), expansion.glyphs)
        self._counter += 1
        token = f"{self._token_prefix}{self._counter}"
        expansion.tokens[token] = fragment
        return f"\n\n{token}\n\n"

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
        if kind == "parameters" and ident in content.parameters:
            return "\n" + content.parameters[ident] + "\n"
        if kind == "presets" and ident in content.presets:
            return "\n" + content.presets[ident] + "\n"
        if kind == "simulation" and ident in content.simulations:
            return self._token(expansion, content.simulations[ident])
        if kind == "progress" and ident in content.game_ids:
            idents = [p.ident for p in content.puzzles.values() if p.game.id == ident]
            return self._token(expansion, fragments.progress_html(ident, idents))
        if kind == "puzzles" and ident in content.game_ids:
            puzzles = [p for p in content.puzzles.values() if p.game.id == ident]
            parts = [self._token(expansion, fragments.progress_html(
                ident, [p.ident for p in puzzles]))]
            for number, puzzle in enumerate(puzzles, start=1):
                anchor = safe_anchor(puzzle.ident.split("/", 1)[1])
                title = markdown_text(puzzle.model.title)
                # h2 under the page title: no heading level is skipped (axe-core heading-order).
                parts.append(f"\n## 問題{number}　{title} {{#{anchor}}}\n")
                parts.append(self._token(expansion,
                                         fragments.puzzle_html(puzzle, number, self.svg_of)))
            parts.append(self._token(expansion, fragments.answers_html(puzzles)))
            return "".join(parts)
        return None

    def expand(self, markdown: str, source: str) -> PageExpansion:
        """Replace the markers of one page.

        Args:
            markdown: the page's Markdown.
            source: the page's file name for messages (``docs/ukejalayer/rules.md``).

        Raises:
            ContentErrors: a marker has an unknown kind or names an unknown id.
        """
        expansion = PageExpansion(markdown)
        errors: list[ContentError] = []
        out: list[str] = []
        fence: str | None = None
        for line_no, line in enumerate(markdown.split("\n"), start=1):
            pos = 0
            # Markers inside fenced code blocks are shown, not expanded (authoring examples).
            opening = _FENCE.match(line)
            if opening and (fence is None or opening.group(1).startswith(fence)):
                fence = opening.group(1)[:3] if fence is None else None
            active = fence is None and not opening
            code = [m.span() for m in _CODE_SPAN.finditer(line)] if active else []
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
                    replacement = self._replacement(kind, ident, expansion)
                    if replacement is None:
                        errors.append(ContentError(source, line_no, match.start(2) + 1,
                                                   f"unknown {kind} id '{ident}'"))
                out.append(replacement or "")
            out.append(line[pos:] + "\n")
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


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


def safe_anchor(name: str) -> str:
    """Return an HTML id for a file name: runs of characters outside ``A-Za-z0-9_-`` become
    ``-`` (``zz tabindex=0`` -> ``zz-tabindex-0``), so a name can never add attributes."""
    return _SAFE_ID.sub("-", name).strip("-") or "item"


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

_BOARD_MARKUP = re.compile(r'<template class="bm-lazy">.*?</template>|<svg\b.*?</svg>', re.DOTALL)


def defer_boards(html: str, nonce: str) -> tuple[str, list[str]]:
    """Swap each board (and lazy frame) of a finished page for a short HTML comment.

    MkDocs plugins that read the page's HTML (the search index parses every tag) then skip
    thousands of SVG elements that hold no words; :func:`restore_boards` puts them back into
    the written page. ``nonce`` (fresh for each build) makes the comments unforgeable.

    Returns:
        (the page with ``<!--bm-board-<nonce>-<n>-->`` comments, the boards in order).
    """
    boards: list[str] = []

    def park(match: re.Match[str]) -> str:
        boards.append(match.group(0))
        return f"<!--bm-board-{nonce}-{len(boards) - 1}-->"

    return _BOARD_MARKUP.sub(park, html), boards


def restore_boards(html: str, nonce: str, boards: list[str]) -> str:
    """Put back the boards that :func:`defer_boards` took out of ``html``."""
    if not boards:
        return html
    return re.sub(rf"<!--bm-board-{nonce}-(\d+)-->", lambda m: boards[int(m.group(1))], html)


def board_inputs(game: Any, spec: Any) -> list[Any]:
    """Everything one drawing depends on besides code and tool versions, as JSON-ready data:
    the game and its effective rules, the positions (in the game's YAML form), the move's
    text, the marks and options, the id that prefixes the SVG's element ids and the
    screen-reader title."""
    before = spec.before
    return [
        game.id, game.rules.model_dump(mode="json"),
        game.position_to_yaml(spec.state),
        None if before is None else game.position_to_yaml(before),
        None if spec.move is None or before is None else game.format_move(before, spec.move),
        repr(spec.move) if spec.move is not None and before is None else None,
        list(spec.highlight), [list(a) for a in spec.arrows], [list(x) for x in spec.labels],
        dict(spec.options), spec.move_arrow, spec.ident, spec.title,
    ]


def _boards_of(view: View) -> list[Board]:
    """The boards a view shows, in page order."""
    if hasattr(view, "model"):
        return [view.spec, *view.frames]
    if hasattr(view, "frames"):
        return [frame.spec for frame in view.frames]
    return [view.spec]


#: (board key, engine, spec) of the boards to draw; read by forked workers by index.
_DRAW_QUEUE: list[tuple[str, Any, Any]] = []


def _draw_one(index: int) -> str:
    from banmen.render import render_svg

    _key, game, spec = _DRAW_QUEUE[index]
    return render_svg(game, spec)


def draw_boards(todo: list[tuple[str, Any, Any]], jobs: int | None = None,
                progress: bool = False) -> dict[str, str]:
    """Draw boards, in parallel over ``jobs`` processes when there are enough of them.

    Args:
        todo: (board key, engine, DiagramSpec) for each board.
        jobs: worker processes (``None``: one per core; 1: draw here, serially).
        progress: show a progress bar on standard error.

    Returns:
        board key -> SVG text; identical to a serial run (each drawing is deterministic and
        independent of the others).
    """
    from tqdm import tqdm

    from banmen.render import render_svg  # imports matplotlib once, before any fork

    jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    bar = tqdm(total=len(todo), desc="banmen: drawing boards", unit="board", file=sys.stderr,
               disable=not progress or not todo, leave=False)
    svgs: dict[str, str] = {}
    try:
        if jobs == 1 or len(todo) < 4:
            for board_key, game, spec in todo:
                svgs[board_key] = render_svg(game, spec)
                bar.update()
            return svgs
        import multiprocessing

        _DRAW_QUEUE[:] = todo
        try:
            # fork: the workers inherit the engines, specs and imported matplotlib.
            with multiprocessing.get_context("fork").Pool(min(jobs, len(todo))) as pool:
                for (board_key, _, _), svg in zip(todo, pool.imap(_draw_one, range(len(todo)),
                                                                  chunksize=2)):
                    svgs[board_key] = svg
                    bar.update()
        finally:
            _DRAW_QUEUE.clear()
        return svgs
    finally:
        bar.close()
