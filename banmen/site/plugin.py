"""The MkDocs plugin ``banmen``: run :class:`banmen.site.build.SiteBuild` inside ``mkdocs build``.

A site names it in its ``mkdocs.yml`` (after ``search``, whose index it cuts into words)::

    plugins:
      - search
      - banmen:
          root: .            # where diagrams/, puzzles/, sequences/, lessons/ are
          rules: rules.yaml  # the site's rule parameters (optional file)
          pdf: false         # each game's 「印刷用PDF」 (default: BANMEN_PDF=1)
          games: [medamagaeru]  # the games the site is about (default: every registered)

The plugin brings banmen's own scripts, styles and theme templates
(:mod:`banmen.site.own_assets`): a site's ``mkdocs.yml`` needs no ``extra_css``,
``extra_javascript`` or ``custom_dir`` for them.

It is registered as the ``mkdocs.plugins`` entry point ``banmen`` (pyproject.toml). Everything
else lives in the MkDocs-independent pipeline, so moving to another static site generator
touches only this file.
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import yaml
from mkdocs.exceptions import Abort, ConfigurationError, PluginError
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.plugins import BasePlugin, event_priority

from banmen.content.errors import ContentErrors
from banmen.errors import BanmenError, display_name, one_line
from banmen.game import game_class, game_ids
from banmen.site.build import (PageExpansion, SiteBuild, continuation_pages, defer_boards,
                                park_search_excluded, restore_boards)
from banmen.site.asset_versions import site_version, version_page, version_scripts
from banmen.site.links import LinkCheck, LocatedWarnings
from banmen.site.own_assets import (ASSETS, EXTRA_CSS, EXTRA_JAVASCRIPT, THEME,
                                    own_files, script_folders)
from banmen.site.pdf import PDF_ENV, PDF_PAGES, pdf_enabled, pdf_link, write_game_pdf
from banmen.site.practice import write_practice
from banmen.site.play_assets import (pyodide_source, write_cached_play_parts, write_play_assets,
                                     write_play_parts)
from banmen.site.search import page_boost, precut_page, segment_index
from banmen.site.search_entries import cache_search_entries, prefetch_search_entries
from banmen.site.tables import scrollable_tables

log = logging.getLogger("mkdocs.plugins.banmen")
#: puts the file:line:col of the link in front of MkDocs' warnings about links and nav entries
LOCATED = LocatedWarnings()
#: what Material's search plugin removes from each page (``on_page_context``), which it
#: cannot do in the elements parked out of its sight
SEARCH_ATTRIBUTE = re.compile(r"\s?data-search-\w+=\"[^\"]+\"")

#: The content folders under the content root that ``mkdocs serve`` watches (with the rules file).
WATCHED = ("diagrams", "puzzles", "sequences", "lessons", "courses", "practice")

#: What the site is made from: the newest of these sets the build date (``SOURCE_DATE_EPOCH``).
SOURCES = ("mkdocs.yml", "rules.yaml", "docs", "diagrams", "puzzles", "sequences", "lessons",
           "courses", "practice")


def source_date_epoch(root: Path) -> int:
    """Return a build date that depends on the sources only, in seconds since the epoch.

    The last commit's time when ``root`` is in a git work tree, else the newest modification
    time of :data:`SOURCES`; MkDocs writes it into ``sitemap.xml(.gz)`` instead of today.
    """
    try:
        result = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%ct"],
                                capture_output=True, text=True, timeout=10, check=False)
        if result.returncode == 0 and result.stdout.strip().isdigit():
            return int(result.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        pass
    newest = 0.0
    for name in SOURCES:
        path = root / name
        paths = [path, *path.rglob("*")] if path.is_dir() else [path]
        newest = max([newest, *(p.stat().st_mtime for p in paths if p.exists())])
    return int(newest)


def _overrides_from_env() -> dict[str, dict[str, Any]]:
    """Rule overrides from ``BANMEN_SET`` (``game.param=value;...``), as ``banmen build --set``."""
    spec = os.environ.get("BANMEN_SET", "")
    if not spec.strip():
        return {}
    from banmen.cli_options import parse_set_options

    return parse_set_options([s for s in spec.split(";") if s.strip()])


def config_error_line(err: Exception) -> str:
    """Return MkDocs' ``ConfigurationError`` ``err`` (``mkdocs.yml`` no longer reads) as one
    line: ``mkdocs.yml:line:col: invalid YAML: ...`` at the YAML parser's mark when the file
    does not parse (the error's cause; the file named relative to the working folder), else
    ``mkdocs.yml:1:1:`` and MkDocs' message."""
    cause = err.__cause__ or err.__context__
    mark = getattr(cause, "problem_mark", None)
    if isinstance(cause, yaml.MarkedYAMLError) and mark is not None:
        name = display_name(os.path.relpath(mark.name)) if mark.name else "mkdocs.yml"
        return one_line(f"{name}:{mark.line + 1}:{mark.column + 1}: invalid YAML: "
                        f"{cause.problem}")
    return one_line(f"mkdocs.yml:1:1: {err}")


def add_own_assets(config: Any) -> None:
    """Put banmen's own styles, scripts and templates into a site's MkDocs ``config``
    (:mod:`banmen.site.own_assets`), after the site's own: each of :data:`EXTRA_CSS` and
    :data:`EXTRA_JAVASCRIPT` the site does not list yet is appended to ``extra_css`` and
    ``extra_javascript`` (``main.js`` as ``type: module``), and banmen's theme folder goes into
    the theme's folders right after the site's ``custom_dir`` (whose templates win) and before
    Material's. Running it again changes nothing (``mkdocs serve`` rebuilds)."""
    from mkdocs.config.config_options import ExtraScriptValue

    listed = {str(entry) for entry in config["extra_css"]}
    config["extra_css"].extend(path for path in EXTRA_CSS if path not in listed)
    listed = {str(entry) for entry in config["extra_javascript"]}
    for path, kind in EXTRA_JAVASCRIPT:
        if path in listed:
            continue
        if kind:
            script = ExtraScriptValue(path)
            script.type = kind
            config["extra_javascript"].append(script)
        else:
            config["extra_javascript"].append(path)
    theme = config["theme"]
    if str(THEME) not in theme.dirs:
        theme.dirs.insert(1 if theme.custom_dir else 0, str(THEME))


def page_title(page_name: str, section: str | list[str] | None) -> str:
    """Return the title a browser tab shows for a page: ``"めだまがえる 練習問題"``, a page of
    a nested section ``"めだまがえる 手ほどき 千日手と打開"``.

    Args:
        page_name: the page's own title (its nav entry, e.g. "練習問題").
        section: the title of the nav section holding it (the game's name), or the titles of
            the sections around it, outermost first; None or ``[]`` at top level.
    """
    sections = [section] if isinstance(section, str) else list(section or [])
    if sections and page_name.startswith(sections[0]):
        return page_name
    return " ".join([*sections, page_name])


def search_title(page: Any) -> str | None:
    """The title :meth:`BanmenPlugin.on_page_context` gives ``page`` (its front matter's
    ``title:``, else the game's name and the page's title; ``None`` for the home page and
    untitled pages), which also prefixes its search results."""
    if page.meta.get("title"):
        return str(page.meta["title"])
    if page.title and not page.is_homepage:
        sections, parent = [], page.parent
        while parent is not None:  # a course's lessons sit in a section inside the game's
            sections.insert(0, str(parent.title))
            parent = parent.parent
        return page_title(str(page.title), sections)
    return None


def has_subheadings(toc: Any) -> bool:
    """Whether a page's table of contents (MkDocs' ``page.toc``: anchor links with
    ``level`` and ``children``) lists any heading below the page title (``h1``)."""
    return any(item.level > 1 or has_subheadings(item.children) for item in toc)


def _names_from_data(data: Any) -> list[str]:
    if not (isinstance(data, list) and len(data) == len(game_ids())
            and all(isinstance(name, str) and name for name in data)):
        raise ValueError("not the games' names")
    return data


def _synonyms_from_data(data: Any) -> list[list[str]]:
    from banmen.site.search_forms import synonym_rows

    try:
        same = synonym_rows({"synonyms": data}, "cached synonyms") == data
    except BanmenError:
        same = False
    if not same:
        raise ValueError("not the games' synonyms")
    return data


class _GameIds(c.ListOfItems):
    """A list of registered game ids (``games:``); an unknown id is a config error naming the
    known ones."""

    def __init__(self) -> None:
        super().__init__(c.Type(str))

    def run_validation(self, value: object) -> list[str]:
        ids = super().run_validation(value)
        if not ids:
            raise base.ValidationError("expected at least one game id (leave the option out "
                                       "for every registered game)")
        for game_id in ids:
            if game_id not in game_ids():
                raise base.ValidationError(f"unknown game '{game_id}' "
                                           f"(known: {', '.join(game_ids())})")
        if len(set(ids)) != len(ids):
            raise base.ValidationError("a game is listed twice")
        return ids


class _Flag(c.Type):
    """``true`` or ``false`` (YAML booleans), said so when it is something else."""

    def __init__(self) -> None:
        super().__init__(bool)

    def run_validation(self, value: object) -> bool:
        if not isinstance(value, bool):
            raise base.ValidationError(f"expected true or false, not {value!r}")
        return value


class BanmenConfig(base.Config):
    """The options of the ``banmen`` plugin in ``mkdocs.yml`` (MkDocs checks them; a bad one
    stops MkDocs with one ``Config value 'plugins': Plugin 'banmen' option ...`` line).

    Attributes:
        root: the content root holding ``diagrams/``, ``puzzles/``, ``sequences/``,
            ``lessons/``, ``courses/``, ``rules.yaml`` and the build cache ``.cache/`` (a folder, relative
            to ``mkdocs.yml``; default: the folder of ``mkdocs.yml``).
        rules: the site's rule parameters (an existing file, relative to ``mkdocs.yml``;
            default: ``rules.yaml`` under ``root``, which may be absent).
        pdf: write each game's 「印刷用PDF」 (default: only with ``BANMEN_PDF=1``).
        games: the ids of the games the site is about: their PDFs (and links to them) and
            their play board parts are written; default: every registered game
            (:func:`banmen.game.game_ids`).
    """

    root = c.Optional(c.Dir(exists=True))
    rules = c.Optional(c.File(exists=True))
    pdf = c.Optional(_Flag())
    games = c.Optional(_GameIds())


class BanmenPlugin(BasePlugin[BanmenConfig]):
    """The banmen pipeline inside MkDocs: the content is checked and the boards drawn in
    :meth:`on_config`, ``{{ ... }}`` markers expanded in :meth:`on_page_markdown`, boards put
    back in :meth:`on_post_page`, the play board's files, the search index's words and the
    PDFs written in :meth:`on_post_build`. MkDocs keeps one instance across the rebuilds of
    ``mkdocs serve`` (it has :meth:`on_startup`), so a rebuild can keep the last good content.
    """

    def __init__(self) -> None:
        self._state: dict[str, Any] = {
            "command": "build", "build": None, "pages": {}, "links": LinkCheck(), "boards": {},
            "excluded": {}, "nonce": "", "titles": {}, "boosts": {}, "search": None,
            "expanded": set(), "staging": None}

    def content_root(self, config: Any) -> Path:
        """The content root: the ``root`` option, else the folder of ``mkdocs.yml``."""
        if self.config.root:
            return Path(self.config.root).resolve()
        return Path(config["config_file_path"]).resolve().parent

    def rules_file(self, root: Path) -> Path | None:
        """The ``rules`` option as :class:`SiteBuild` takes it (``None``: ``rules.yaml``
        under ``root``, named so in error lines)."""
        if not self.config.rules or Path(self.config.rules).resolve() == root / "rules.yaml":
            return None
        return Path(os.path.relpath(Path(self.config.rules).resolve()))

    def pdf(self) -> bool:
        """Whether this build writes the PDFs: the ``pdf`` option, else ``BANMEN_PDF=1``."""
        return pdf_enabled() if self.config.pdf is None else bool(self.config.pdf)

    def games(self) -> list[str]:
        """The ids of the site's games: the ``games`` option, else every registered game."""
        return list(self.config.games) if self.config.games else game_ids()

    def has_variant(self, variant: str) -> bool:
        """Whether the board look ``variant`` (``"ludo-loop-2"``; see
        :func:`banmen.games.views.play_variant`) is of one of the site's :meth:`games`."""
        return any(variant == g or variant.startswith(g + "-") for g in self.games())

    def on_startup(self, command: str, **_: Any) -> None:
        """Remember whether this is ``build`` or ``serve`` (serve keeps the last good content);
        locate MkDocs' warnings about links (:class:`banmen.site.links.LocatedWarnings`)."""
        self._state["command"] = command
        for name in ("mkdocs.structure.pages", "mkdocs.structure.nav"):
            logger = logging.getLogger(name)
            if LOCATED not in logger.filters:
                logger.addFilter(LOCATED)

    def on_serve(self, server: Any, builder: Any, config: Any = None, **_: Any) -> Any:
        """Watch the content root's folders (:data:`WATCHED`) and rules file that exist and
        banmen's own assets and templates (:mod:`banmen.site.own_assets`), and
        make every rebuild of ``mkdocs serve`` build into a folder next to the served one, put
        in its place only when the build succeeds. A failed rebuild (a dead link or anchor, a bad
        marker, a page deleted...) has printed its located lines; the last good pages then stay
        served and every request is answered (MkDocs would hold each one until a build succeeds).

        Args:
            server: MkDocs' ``LiveReloadServer`` (``root``: the served folder; ``builder``: what
                each rebuild calls, replaced here).
            builder: MkDocs' rebuild function (a fresh config, then ``mkdocs build``).
            config: the site's MkDocs config (``None``: nothing more is watched).

        Returns:
            ``server``.
        """
        if config is not None:
            root = self.content_root(config)
            rules = Path(self.config.rules) if self.config.rules else root / "rules.yaml"
            # and banmen's own scripts, styles and templates (edited in a source checkout)
            for path in [*(root / name for name in WATCHED), rules, ASSETS, THEME]:
                if path.exists():
                    server.watch(str(path))
        served = Path(server.root)
        staging = served.with_name(served.name + "-next")
        old = served.with_name(served.name + "-old")
        self._state["staging"] = staging  # on_config builds there

        def rebuild() -> None:
            for dedupe in logging.getLogger("mkdocs.commands.build").filters:
                # MkDocs logs each message once per process (its DuplicateFilter): without this,
                # the same error saved a second time would fail the rebuild with no located line
                getattr(dedupe, "msgs", set()).clear()
            try:
                builder()
                os.rename(served, old)  # requests wait meanwhile: MkDocs holds them during a build
                os.rename(staging, served)
            except Exception as err:  # noqa: BLE001 - any failure keeps the last good pages
                if isinstance(err, ConfigurationError):  # mkdocs.yml no longer reads: one line
                    print(config_error_line(err), file=sys.stderr, flush=True)  # noqa: T201
                    err = Abort("Aborted with a configuration error!")  # MkDocs' own words for it
                elif not isinstance(err, Abort):  # what went wrong is logged, unless a bug
                    traceback.print_exc()
                print(f"banmen: the rebuild failed ({one_line(str(err))}); the last good pages "
                      "stay served until the next good save", file=sys.stderr, flush=True)  # noqa: T201
            finally:
                shutil.rmtree(staging, ignore_errors=True)
                shutil.rmtree(old, ignore_errors=True)

        server.builder = rebuild
        return server

    def on_config(self, config: Any, **_: Any) -> Any:
        """Check all content and render every board before any page is read.

        Runs again on every rebuild of ``mkdocs serve``: only what changed since the last
        build is checked and drawn (the build cache); ``BANMEN_NO_CACHE=1`` turns the cache
        off and ``BANMEN_JOBS=n`` sets the drawing processes (``banmen build --no-cache/--jobs``).
        On a content error ``build`` stops here; ``serve`` prints the located lines and keeps
        building the pages from the last good content. A rebuild while serving writes into the
        folder :meth:`on_serve` swaps in when the build succeeds."""
        root = self.content_root(config)
        self._state["root"] = root
        add_own_assets(config)
        if self._state["staging"] is not None:
            config["site_dir"] = str(self._state["staging"])  # a rebuild while serving (on_serve)
        LOCATED.start(str(root), config["docs_dir"], config["config_file_path"])
        os.environ.setdefault("SOURCE_DATE_EPOCH", str(source_date_epoch(root)))
        jobs = os.environ.get("BANMEN_JOBS", "")
        build = SiteBuild(root, _overrides_from_env(), cache=not os.environ.get("BANMEN_NO_CACHE"),
                          rules_file=self.rules_file(root),
                          lazy_boards=True, draw_behind=True,
                          jobs=int(jobs) if jobs.isdigit() and int(jobs) > 0 else None)
        try:
            pyodide_source(root)  # the play board's runtime: say it is missing before any page
            build.prepare()
        except ContentErrors as err:
            previous = self._state["build"]
            if self._state["command"] != "serve" or previous is None:
                raise PluginError(f"banmen: content check failed\n{err}") from None
            # serve: say what is wrong, one located line per problem, and keep the last good
            # content so the pages stay up (a failed MkDocs rebuild would stall every request).
            # Printed, not logged: MkDocs' strict mode would turn a log line into a failed build.
            for error in err.errors:
                print(f"banmen: {error}", file=sys.stderr, flush=True)  # noqa: T201
            print("banmen: the pages keep the last good content until the file is fixed",
                  file=sys.stderr, flush=True)  # noqa: T201
            build = previous
        except BanmenError as err:
            raise PluginError(f"banmen: {err}") from None
        else:
            drawn, boards = len(build.stats.drawn), len(build.svgs)
            cached = (f" ({boards - drawn} more in the cache)" if boards > drawn else "")
            log.info("banmen: %d content files checked, %d boards to draw%s",
                     len(build.stats.checked), drawn, cached)
            if self._state["build"] is not None and self._state["build"] is not build:
                self._state["build"].close()
        self._state["build"] = build
        # the version query of the site's own scripts, styles and play files (asset_versions)
        try:
            self._state["version"] = site_version(root, Path(config["docs_dir"]),
                                                  _overrides_from_env())
        except BanmenError as err:  # a game package's words that are not plain data
            raise PluginError(f"banmen: {err}") from None
        self._state["pages"] = {}
        self._state["links"] = LinkCheck()
        self._state["boards"] = {}
        self._state["excluded"] = {}
        self._state["nonce"] = secrets.token_hex(8)
        self._state["titles"] = {}
        self._state["boosts"] = {}
        self._state["expanded"] = set()
        search = config.plugins.get("material/search")
        self._state["search"] = None
        self._state["search_on"] = (search is not None
                                    and bool(getattr(search.config, "enabled", True)))
        if search is not None and cache_search_entries(
                search, lambda: getattr(self._state["build"], "cache", None),
                lambda: self._state["nonce"]):
            self._state["search"] = search
        return config

    def on_files(self, files: Any, config: Any, **_: Any) -> Any:
        """Add banmen's own scripts and styles (:func:`banmen.site.own_assets.own_files`,
        served at ``assets/...``) but where the site has a file at the same path, and the pages
        that continue a game's puzzle listing beyond 50 puzzles (``ukejalayer/puzzles-2.md``...;
        see :func:`banmen.site.build.continuation_pages`), which are linked from every page of
        the listing and stay out of the navigation."""
        from mkdocs.structure.files import File, InclusionLevel

        for path in own_files():
            if files.get_file_from_path(path) is None:
                files.append(File(path, str(ASSETS.parent), config["site_dir"],
                                  config["use_directory_urls"]))
        build: SiteBuild = self._state["build"]
        added = []
        for file in list(files.documentation_pages()):
            if file.abs_src_path is None or not Path(file.abs_src_path).is_file():
                continue
            try:
                markdown = Path(file.abs_src_path).read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError):
                continue  # reported when MkDocs reads the page
            if "puzzles" not in markdown:
                continue
            for src_uri, content in continuation_pages(build, file.src_uri, markdown):
                if files.get_file_from_path(src_uri) is None:
                    added.append(File.generated(config, src_uri, content=content,
                                                inclusion=InclusionLevel.NOT_IN_NAV))
        for file in added:
            files.append(file)
        return files

    def on_page_read_source(self, page: Any, config: Any, **_: Any) -> str | None:
        """Read a page's Markdown as MkDocs does (UTF-8, a byte-order mark dropped); a page that
        cannot be read (deleted or made unreadable during the build) fails the build with one
        line naming it, instead of a traceback."""
        if page.file.abs_src_path is None:
            return None  # a generated page (its content is in memory)
        root = self.content_root(config)
        path = Path(page.file.abs_src_path)
        try:
            return path.read_text(encoding="utf-8-sig", errors="strict")
        except OSError as err:
            name = display_name(os.path.relpath(path, root))
            raise PluginError(f"banmen: {name}: cannot read the page ({err.strerror or err}); "
                              "was it deleted or moved during the build?") from None
        except UnicodeDecodeError as err:
            name = display_name(os.path.relpath(path, root))
            before = err.object[:err.start]  # UTF-8 up to the first byte that is not
            line = before.count(b"\n") + 1
            column = len(before[before.rfind(b"\n") + 1:].decode("utf-8")) + 1
            raise PluginError(f"banmen: {name}:{line}:{column}: file is not UTF-8 text "
                              f"({err.reason})") from None

    def on_page_markdown(self, markdown: str, page: Any, config: Any, **_: Any) -> str:
        """Expand ``{{ ... }}`` markers; unknown ids fail the build with the page's line."""
        build: SiteBuild = self._state["build"]
        root = self.content_root(config)
        source = ("docs/" + page.file.src_uri if page.file.abs_src_path is None
                  else os.path.relpath(page.file.abs_src_path, root))
        expanded = len(build.stats.expanded)
        try:
            # boards still being drawn are stand-ins until on_post_page: MkDocs converts the
            # page and the search plugin reads it meanwhile (see banmen.site.standins)
            expansion: PageExpansion = build.expand(markdown, source, defer=True)
        except ContentErrors as err:
            raise PluginError(f"banmen: page check failed\n{err}") from None
        except BanmenError as err:  # a board drawn behind the pages could not be drawn
            raise PluginError(f"banmen: {err}") from None
        self._state["pages"][page.file.src_uri] = expansion
        if len(build.stats.expanded) > expanded:  # written now, not read from the cache
            self._state["expanded"].add(page.file.src_uri)
        return expansion.markdown

    def on_page_content(self, html: str, page: Any, files: Any, **_: Any) -> str:
        """Put the rendered fragments where the markers stood, then check and rewrite the links
        of their authored text (a dead link is a warning, so ``--strict`` fails). Boards stay
        parked in comments until :meth:`on_post_page`, so the search plugin does not parse
        their SVG, and so are the elements the search leaves out
        (:func:`banmen.site.build.park_search_excluded`). Tables become focusable scrolling
        regions (:mod:`banmen.site.tables`)."""
        expansion: PageExpansion | None = self._state["pages"].get(page.file.src_uri)
        # the fragments' boards stay parked (PageExpansion.parked): the link check then reads
        # only the page's text and block ids (a board's own element ids are no link targets),
        # not thousands of SVG elements; so does any board the page's own HTML holds
        html = self._state["build"].fill(html, {} if expansion is None else expansion.parked)
        html, boards = defer_boards(html, self._state["nonce"])
        self._state["boards"][page.file.src_uri] = boards
        checker: LinkCheck = self._state["links"]
        before = len(checker.problems)
        html = checker.page(html, page.file.src_uri, files)
        for problem in checker.problems[before:]:
            log.warning(one_line(problem))
        html = scrollable_tables(html)
        # what the search leaves out is parked too: its parser then reads the page's text only
        html, excluded = park_search_excluded(html, self._state["nonce"] + "x")
        if self._state.get("search_on"):
            # as the search plugin drops data-search-* attributes with a value from the page
            excluded = [SEARCH_ATTRIBUTE.sub("", element) for element in excluded]
        self._state["excluded"][page.file.src_uri] = excluded
        if expansion is not None and page.file.src_uri in self._state["expanded"]:
            self._index_now(page, html)
        return html

    def _index_now(self, page: Any, html: str) -> None:
        """Parse and cut the search entries of a page whose markers were expanded by this build
        (its entries are new) while the pages are written, into the build cache where the search
        plugin and :func:`banmen.site.search.segment_index` find them: a cold build otherwise
        does both for every page after the last board, with one core idle."""
        build: SiteBuild = self._state["build"]
        search = self._state["search"]
        if search is None or build is None or build.cache is None:
            return
        own = prefetch_search_entries(search, page, html)
        if not own:
            return
        title = search_title(page)
        if title is None:
            title = next((e.get("title", "") for e in own if e["location"] == page.url), "")
        boost = page_boost(page.file.src_uri)
        from banmen.site.cache import page_code_digest

        precut_page(own, page.url, title, boost, self.game_names(), build.cache,
                    [page_code_digest()])

    def on_post_page(self, output: str, page: Any, **_: Any) -> str:
        """Put each page's boards back into the written HTML (waiting for those still being
        drawn); with ``BANMEN_PDF=1`` the rules and puzzles pages of a game link to its PDF under
        their title; the links to the site's own scripts and styles get the build's version
        query (:mod:`banmen.site.asset_versions`)."""
        # the parked elements first: they hold parked boards
        output = restore_boards(output, self._state["nonce"] + "x",
                                self._state["excluded"].pop(page.file.src_uri, []))
        output = restore_boards(output, self._state["nonce"],
                                self._state["boards"].pop(page.file.src_uri, []))
        expansion: PageExpansion | None = self._state["pages"].pop(page.file.src_uri, None)
        if expansion is not None:
            try:
                self._state["build"].resolve(expansion)
            except BanmenError as err:  # a board drawn behind the pages could not be drawn
                raise PluginError(f"banmen: {err}") from None
            output = restore_boards(output, expansion.marker, expansion.boards)
        game, _, name = page.file.src_uri.partition("/")
        if self.pdf() and name in {f"{p}.md" for p in PDF_PAGES} and game in self.games():
            output = re.sub(r"(</h1>)", lambda m: m.group(1) + pdf_link(game), output, count=1)
        if self._state.get("version"):  # a new build's page never runs an old cached script
            output = version_page(output, self._state["version"])
        return output

    def on_post_template(self, output: str, template_name: str, **_: Any) -> str:
        """The 404 page links the site's own scripts and styles with the build's version query
        too (:func:`banmen.site.asset_versions.version_page`)."""
        if template_name.endswith(".html") and self._state.get("version"):
            return version_page(output, self._state["version"])
        return output

    def on_page_context(self, context: dict, page: Any, **_: Any) -> dict:
        """Put the game's name in front of the page title (``<title>``, header, search results),
        so that tabs, bookmarks and search results say which game a page is about; a page's own
        ``title:`` front matter is kept."""
        title = search_title(page)
        if title is not None:
            page.meta["title"] = page.meta.get("title") or title
            self._state["titles"][page.url] = title
        boost = page_boost(page.file.src_uri)
        if boost is not None:
            self._state["boosts"][page.url] = boost
        if not has_subheadings(page.toc):
            # nothing for the table of contents: give its empty column to the page's content
            hidden = list(page.meta.get("hide") or [])
            page.meta["hide"] = hidden + ["toc"] if "toc" not in hidden else hidden
        return context

    def game_names(self) -> list[str]:
        """The Japanese name of every game (``Game.name_ja``), in registry order; kept in the
        build cache under the engines' code digest, so a warm build imports no engine for them.

        Raises:
            BanmenError: a registered engine cannot be loaded.
        """
        from banmen.site.cache import code_digest, key

        build = self._state["build"]
        cache = None if build is None else build.cache
        name = "names:" + key(code_digest(), game_ids())
        names = None if cache is None else cache.get_json(name, _names_from_data)
        if names is None:
            names = [game_class(game_id).name_ja for game_id in game_ids()]
            if cache is not None:
                cache.set_json(name, names)
        return names

    def synonyms(self) -> list[list[str]]:
        """The rows of the site's games' synonym tables (``WORDS["synonyms"]``, checked by
        :func:`banmen.site.search_forms.synonym_rows`), in the order of :meth:`games`; kept in
        the build cache under the engines' code digest like :meth:`game_names`.

        Raises:
            BanmenError: a game package cannot be loaded or its table is malformed.
        """
        from banmen.contract import words_of
        from banmen.game import game_package
        from banmen.site.cache import code_digest, key
        from banmen.site.search_forms import synonym_rows

        build = self._state["build"]
        cache = None if build is None else build.cache
        games = self.games()
        name = "synonyms:" + key(code_digest(), games)
        rows = None if cache is None else cache.get_json(name, _synonyms_from_data)
        if rows is None:
            rows = []
            for game_id in games:
                package = game_package(game_id)
                rows.extend(synonym_rows(words_of(package), f"{package.__name__}.words.WORDS"))
            if cache is not None:
                cache.set_json(name, rows)
        return rows

    @event_priority(-50)  # after the search plugin has written its index
    def on_post_build(self, config: Any, **_: Any) -> None:
        """Once every page is written: check the anchors that authored links point at; write
        the offline bundle of the page modules (:mod:`banmen.site.scripts`), the version query on
        the built modules' imports (:mod:`banmen.site.asset_versions`) and the play board's
        runtime (Pyodide), engine zip and board parts (:mod:`banmen.site.play_assets`, the parts
        through the build cache); cut the Japanese text
        of the search index into words (:mod:`banmen.site.search`); write the PDFs when asked."""
        from banmen.site.scripts import BundleError, bundle

        checker: LinkCheck = self._state["links"]
        before = len(checker.problems)
        for problem in checker.check_anchors()[before:]:
            log.warning(one_line(problem))
        site_dir = Path(config["site_dir"])
        root = self.content_root(config)
        try:
            script = bundle(script_folders(Path(config["docs_dir"])))
            target = site_dir / "assets" / "js" / "offline.js"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(script, encoding="utf-8")
            if self._state.get("version"):
                version_scripts(site_dir, self._state["version"])
            build = self._state["build"]
            if build is not None:
                build.finish_drawing()  # boards no page showed, kept in the cache with the rest
            write_play_assets(root, site_dir)
            # the board parts: from the cache by the names the site entry keeps (no engine is
            # loaded on a warm build), else drawn under the site's rules
            # (the site's games only: a variant's id is its game's id, or it and "-...")
            if build is not None and not write_cached_play_parts(
                    site_dir, [[variant, name] for variant, name in build.content.play_parts
                               if self.has_variant(variant)],
                    build.cache, build.content.play_texts):
                from banmen.content.check import load_site_rules

                games, _ = load_site_rules(build.root, build.rule_overrides, build.rules_file)
                write_play_parts(site_dir, {g: e for g, e in games.items() if g in self.games()},
                                 build.cache)
            if build is not None:
                self._write_practice(site_dir, build)
        except (BundleError, BanmenError, OSError) as err:
            raise PluginError(f"banmen: {err}") from None
        index = site_dir / "search" / "search_index.json"
        if index.exists():
            from banmen.site.cache import page_code_digest

            build = self._state["build"]
            try:
                synonyms = self.synonyms()
            except BanmenError as err:
                raise PluginError(f"banmen: {err}") from None
            segment_index(index, self._state["titles"], keep=self.game_names(),
                          boosts=self._state["boosts"],
                          cache=None if build is None else build.cache, base=[page_code_digest()],
                          synonyms=synonyms)
        if self.pdf():
            self._write_pdfs(site_dir)
        if self._state["build"] is not None:
            self._state["build"].close()  # the pages are written: release the build cache

    def _write_practice(self, site_dir: Path, build: SiteBuild) -> None:
        """Write the practice sets of the site's games (:mod:`banmen.site.practice`).

        Raises:
            BanmenError: a practice board's look has no board parts in the site (the board
                parts are drawn for the looks the game's play pages start on).
        """
        sets = {g: s for g, s in build.practice.items() if g in self.games()}
        parts = site_dir / "assets" / "play"
        for game_id, practice in sets.items():
            for name, variants in practice.variants.items():
                for variant in variants:
                    if not (parts / f"{variant}.json").is_file():
                        raise BanmenError(f"practice/{game_id}/{name}.yaml: its board look "
                                          f"'{variant}' has no board parts in this site "
                                          "(practice puzzles use the looks of the play pages)")
        write_practice(site_dir, sets)

    def _write_pdfs(self, site_dir: Path) -> None:
        """Write each game's 「印刷用PDF」 (:mod:`banmen.site.pdf`), one line per PDF."""
        try:
            import weasyprint  # noqa: F401
        except (ImportError, OSError) as err:  # OSError: the Pango library is missing
            raise PluginError(f"banmen: the PDFs ({PDF_ENV}=1 or pdf: true) need WeasyPrint "
                              f"(pip install '.[pdf]'): {err}") from None
        for game_id in self.games():
            if not all((site_dir / game_id / name / "index.html").exists() for name in PDF_PAGES):
                continue
            started = time.monotonic()
            out = write_game_pdf(site_dir, game_id, game_class(game_id).name_ja)
            log.info("banmen: %s written in %.1f s", out.relative_to(site_dir),
                     time.monotonic() - started)

