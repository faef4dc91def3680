"""The thin MkDocs glue: run :class:`banmen.site.build.SiteBuild` inside ``mkdocs build``.

``tools/mkdocs_hooks.py`` (named under ``hooks:`` in ``mkdocs.yml``) re-exports these
functions. Everything else lives in the MkDocs-independent pipeline, so moving to another
static site generator touches only this file.
"""

from __future__ import annotations

import logging
import os
import secrets
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from banmen.content.errors import ContentErrors
from banmen.site.build import PageExpansion, SiteBuild, defer_boards, restore_boards

log = logging.getLogger("mkdocs.plugins.banmen")
_state: dict[str, Any] = {"command": "build", "build": None, "pages": {}, "boards": {}, "nonce": ""}


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
    else:
        log.info("banmen: %d content files checked, %d boards drawn (the rest from the cache)",
                 len(build.stats.checked), len(build.stats.drawn))
    _state["build"] = build
    _state["pages"] = {}
    _state["boards"] = {}
    _state["nonce"] = secrets.token_hex(8)
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


def on_page_content(html: str, page: Any, **_: Any) -> str:
    """Put the rendered fragments where the markers stood (boards stay parked in comments
    until :func:`on_post_page`, so the search plugin does not parse their SVG)."""
    html = SiteBuild.fill(html, _state["pages"].get(page.file.src_uri, {}))
    html, boards = defer_boards(html, _state["nonce"])
    _state["boards"][page.file.src_uri] = boards
    return html


def on_post_page(output: str, page: Any, **_: Any) -> str:
    """Put each page's boards back into the written HTML."""
    return restore_boards(output, _state["nonce"], _state["boards"].pop(page.file.src_uri, []))
