"""Version queries for the site's own scripts, styles and play files (``?v=<version>``).

A returning reader's browser may keep an old ``main.js`` or ``banmen-engine.zip`` in its
cache; a page of a new build must never run old modules, or an old engine against new rules.
So every URL of banmen's own assets carries one version, written by the build, that changes
with their contents:

* the pages load ``assets/js/main.js?v=V`` (and the other own scripts and ``banmen.css``
  the same way): :func:`version_page` rewrites them in each written page;
* the modules import each other as ``./name.js?v=V`` and the play worker imports Pyodide's
  ``pyodide.mjs?v=V``: :func:`version_scripts` rewrites the import lines of the built copies
  (the modules keep the strict form :mod:`banmen.site.scripts` reads);
* the play modules read their own version (``new URL(import.meta.url).search``) and append it
  to what they fetch at run time (the worker, the engine zip, the words, the board parts).

``V`` (:func:`site_version`) is the first 12 hex digits of a SHA-256 over the site's own
asset files (banmen's ``banmen/site/assets/`` with the site's ``docs/assets/`` over them:
:func:`banmen.site.own_assets.site_asset_files`), the play words, every file of the banmen
package (the engine zip's sources and the code that draws the board parts), the rules file
and overrides, and the Pyodide package's version. A module URL is the module's identity:
every importer writes the same ``?v=V``, so no module runs twice.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

#: Own files a page links to (relative to the site folder), versioned in every page.
PAGE_ASSETS = ("assets/js/main.js", "assets/js/offline-loader.js", "assets/print.js",
               "assets/search-query.js", "assets/storage-guard.js", "assets/banmen.css")
#: A name of :data:`PAGE_ASSETS` followed by its closing quote.
#: (written with their common start, "assets/", as a literal prefix re searches for quickly)
_PAGE_ASSET = re.compile("assets/(?:" + "|".join(re.escape(name.removeprefix("assets/"))
                                                 for name in PAGE_ASSETS) + ')(?=")')
#: An import line of a module (``import { a } from "./x.js";``, or ``../../pyodide/pyodide.mjs``
#: in the play worker), with the version query of an earlier build or none.
_IMPORT = re.compile(r'^(import \{[\w\s,$]*\} from "(?:\./|(?:\.\./)+)[\w./-]+\.m?js)'
                     r'(?:\?v=[0-9a-f]*)?(";\s*)$', re.M)


def site_version(root: Path, docs_dir: Path, rules: Any = None) -> str:
    """Return the version of the site's own assets: 12 hex digits.

    Args:
        root: the project folder (its ``rules.yaml`` and Pyodide's npm package are read).
        docs_dir: the docs folder, whose ``assets/`` files are served over banmen's own.
        rules: the rule overrides of the build (``--set``), JSON-able.
    """
    from banmen.site.cache import key, page_code_digest
    from banmen.site.own_assets import site_asset_files
    from banmen.site.play_words import words_json

    files = site_asset_files(docs_dir)
    parts: list[Any] = [list(files)]
    parts += [p.read_bytes() for p in files.values()]
    rules_file = root / "rules.yaml"
    # every file of the banmen package: the engine zip's sources (zipping them again here
    # only to hash the zip cost a second compression per build) and what draws the parts
    parts += [words_json(), page_code_digest(),
              rules_file.read_bytes() if rules_file.is_file() else b"", rules or {},
              _pyodide_version(root)]
    return key(*parts)[:12]


def _pyodide_version(root: Path) -> str:
    """The version of the Pyodide npm package the site copies ("" when it is not there)."""
    from banmen.errors import BanmenError
    from banmen.site.play_assets import pyodide_source

    try:
        data = json.loads((pyodide_source(root) / "package.json").read_text(encoding="utf-8"))
    except (BanmenError, OSError, ValueError):
        return ""
    return str(data.get("version", "")) if isinstance(data, dict) else ""


def version_page(html: str, version: str) -> str:
    """Return a written page with ``?v=<version>`` after each of :data:`PAGE_ASSETS` it links
    (``src="../assets/js/main.js"`` -> ``src="../assets/js/main.js?v=..."``); links with
    another query are left alone."""
    def versioned(found: re.Match) -> str:
        quote = html.rfind('"', 0, found.start())
        folder = html[quote + 1:found.start()]  # what stands before the name in the value
        if (html[:quote].endswith(("src=", "href=")) and (not folder or folder.endswith("/"))
                and "?" not in folder and "#" not in folder):
            return f"{found.group(0)}?v={version}"
        return found.group(0)

    # found by the names' common literal start: a pattern that begins with src|href tried
    # every place of a page (megabytes of boards) and took 120 ms of a warm build
    return _PAGE_ASSET.sub(versioned, html)


def version_module(text: str, version: str) -> str:
    """Return a module's text with ``?v=<version>`` on each of its import lines (replacing
    the version of an earlier build: a served site's files may be left from it)."""
    return _IMPORT.sub(lambda m: f"{m.group(1)}?v={version}{m.group(2)}", text)


def version_scripts(site_dir: Path, version: str) -> list[str]:
    """Rewrite the import lines of the built modules under ``site_dir/assets/js`` (the play
    modules included; not the offline bundle, which imports nothing) with the version; return
    the paths changed, relative to the site folder, sorted."""
    folder = site_dir / "assets" / "js"
    changed = []
    for path in sorted(folder.rglob("*.js")) if folder.is_dir() else []:
        text = path.read_text(encoding="utf-8")
        new = version_module(text, version)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path.relative_to(site_dir).as_posix())
    return changed
