"""The thin MkDocs glue: run :class:`banmen.site.build.SiteBuild` inside ``mkdocs build``.

``tools/mkdocs_hooks.py`` (named under ``hooks:`` in ``mkdocs.yml``) re-exports these
functions. Everything else lives in the MkDocs-independent pipeline, so moving to another
static site generator touches only this file.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from banmen.content.errors import ContentErrors
from banmen.game import BanmenError, game_class, game_ids
from banmen.site.build import PageExpansion, SiteBuild, defer_boards, restore_boards
from banmen.site.links import LinkCheck
from banmen.site.pdf import PDF_ENV, PDF_PAGES, pdf_enabled, pdf_link, write_game_pdf
from banmen.site.search import RULES_BOOST, segment_index
from banmen.site.tables import scrollable_tables

_state: dict[str, Any] = {"command": "build", "build": None, "pages": {}, "links": LinkCheck(),
                          "boards": {}, "nonce": "", "titles": {}, "boosts": {}}
log = logging.getLogger("mkdocs.plugins.banmen")

#: What the site is made from: the newest of these sets the build date (``SOURCE_DATE_EPOCH``).
SOURCES = ("mkdocs.yml", "rules.yaml", "docs", "diagrams", "puzzles", "sequences")


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


def on_startup(command: str, **_: Any) -> None:
    """Remember whether this is ``build`` or ``serve`` (serve keeps the last good content)."""
    _state["command"] = command


def on_config(config: Any, **_: Any) -> Any:
    """Check all content and render every board before any page is read.

    Runs again on every rebuild of ``mkdocs serve``: only what changed since the last
    build is checked and drawn (the build cache); ``BANMEN_NO_CACHE=1`` turns the cache
    off and ``BANMEN_JOBS=n`` sets the drawing processes (``banmen build --no-cache/--jobs``).
    On a content error ``build`` stops here; ``serve`` prints the located lines and keeps
    building the pages from the last good content."""
    root = Path(config["config_file_path"]).resolve().parent
    os.environ.setdefault("SOURCE_DATE_EPOCH", str(source_date_epoch(root)))
    jobs = os.environ.get("BANMEN_JOBS", "")
    build = SiteBuild(root, _overrides_from_env(), cache=not os.environ.get("BANMEN_NO_CACHE"),
                      jobs=int(jobs) if jobs.isdigit() and int(jobs) > 0 else None)
    try:
        build.prepare()
    except ContentErrors as err:
        previous = _state["build"]
        if _state["command"] != "serve" or previous is None:
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
        log.info("banmen: %d content files checked, %d boards drawn (the rest from the cache)",
                 len(build.stats.checked), len(build.stats.drawn))
    _state["build"] = build
    _state["pages"] = {}
    _state["links"] = LinkCheck()
    _state["boards"] = {}
    _state["nonce"] = secrets.token_hex(8)
    _state["titles"] = {}
    _state["boosts"] = {}
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, **_: Any) -> str:
    """Expand ``{{ ... }}`` markers; unknown ids fail the build with the page's line."""
    build: SiteBuild = _state["build"]
    root = Path(config["config_file_path"]).resolve().parent
    source = os.path.relpath(page.file.abs_src_path, root)
    try:
        expansion: PageExpansion = build.expand(markdown, source)
    except ContentErrors as err:
        raise PluginError(f"banmen: page check failed\n{err}") from None
    _state["pages"][page.file.src_uri] = expansion.tokens
    return expansion.markdown


def on_page_content(html: str, page: Any, files: Any, **_: Any) -> str:
    """Put the rendered fragments where the markers stood, then check and rewrite the links
    of their authored text (a dead link is a warning, so ``--strict`` fails). Boards stay
    parked in comments until :func:`on_post_page`, so the search plugin does not parse
    their SVG. Tables become focusable scrolling regions (:mod:`banmen.site.tables`)."""
    html = _state["build"].fill(html, _state["pages"].get(page.file.src_uri, {}))
    checker: LinkCheck = _state["links"]
    before = len(checker.problems)
    html = checker.page(html, page.file.src_uri, files)
    for problem in checker.problems[before:]:
        log.warning(problem)
    html, boards = defer_boards(html, _state["nonce"])
    _state["boards"][page.file.src_uri] = boards
    return scrollable_tables(html)


def on_post_page(output: str, page: Any, **_: Any) -> str:
    """Put each page's boards back into the written HTML; with ``BANMEN_PDF=1`` the rules and
    puzzles pages of a game link to its PDF under their title."""
    output = restore_boards(output, _state["nonce"], _state["boards"].pop(page.file.src_uri, []))
    game, _, name = page.file.src_uri.partition("/")
    if pdf_enabled() and name in {f"{p}.md" for p in PDF_PAGES} and game in game_ids():
        output = re.sub(r"(</h1>)", lambda m: m.group(1) + pdf_link(game), output, count=1)
    return output


def page_title(page_name: str, section: str | None) -> str:
    """Return the title a browser tab shows for a page: ``"めだまがえる 練習問題"``.

    Args:
        page_name: the page's own title (its nav entry, e.g. "練習問題").
        section: the title of the nav section holding it (the game's name), or None at top level.
    """
    if not section or page_name.startswith(section):
        return page_name
    return f"{section} {page_name}"


def on_page_context(context: dict, page: Any, **_: Any) -> dict:
    """Put the game's name in front of the page title (``<title>``, header, search results),
    so that tabs, bookmarks and search results say which game a page is about; a page's own
    ``title:`` front matter is kept."""
    if page.title and not page.is_homepage and not page.meta.get("title"):
        section = page.parent.title if page.parent is not None else None
        page.meta["title"] = page_title(str(page.title), section)
    if page.meta.get("title"):
        _state["titles"][page.url] = str(page.meta["title"])
    if page.file.src_uri.endswith("/rules.md"):
        _state["boosts"][page.url] = RULES_BOOST
    return context


@event_priority(-50)  # after the search plugin has written its index
def on_post_build(config: Any, **_: Any) -> None:
    """Check the anchors that authored links point at, once every page is known; then cut
    the Japanese text of the search index into words (:mod:`banmen.site.search`)."""
    checker: LinkCheck = _state["links"]
    before = len(checker.problems)
    for problem in checker.check_anchors()[before:]:
        log.warning(problem)
    site_dir = Path(config["site_dir"])
    index = site_dir / "search" / "search_index.json"
    if index.exists():
        names = [game_class(game_id).name_ja for game_id in game_ids()]
        segment_index(index, _state["titles"], keep=names, boosts=_state["boosts"])
    if pdf_enabled():
        _write_pdfs(site_dir)


def _write_pdfs(site_dir: Path) -> None:
    """Write each game's 「印刷用PDF」 (:mod:`banmen.site.pdf`), one line per PDF."""
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as err:  # OSError: the Pango library is missing
        raise PluginError(f"banmen: {PDF_ENV}=1 needs WeasyPrint (pip install '.[pdf]'): {err}") from None
    for game_id in game_ids():
        if not all((site_dir / game_id / name / "index.html").exists() for name in PDF_PAGES):
            continue
        started = time.monotonic()
        out = write_game_pdf(site_dir, game_id, game_class(game_id).name_ja)
        log.info("banmen: %s written in %.1f s", out.relative_to(site_dir), time.monotonic() - started)
