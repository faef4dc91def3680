"""banmen's own scripts, styles and theme templates, shipped inside the package.

Every banmen site needs them, so the ``banmen`` MkDocs plugin (:mod:`banmen.site.plugin`) adds
them to the site (a site's ``mkdocs.yml`` names no banmen file):

* ``banmen/site/assets/`` (:data:`ASSETS`): ``banmen.css``, the page modules ``js/*.js``
  (entry ``main.js``; the play board's ``js/play/*.js``), ``print.js``, ``search-query.js``
  and ``storage-guard.js``, served at ``assets/...`` of the site. A file the site has at the
  same path under its docs folder (``docs/assets/banmen.css``) is served instead.
* ``banmen/site/theme/`` (:data:`THEME`): templates over Material's: ``main.html`` (loads the
  storage guard and the search query script before Material's scripts),
  ``partials/search.html`` and the Japanese ``404.html``. A site's own ``custom_dir`` comes
  first, so its templates win.
* the pages link ``banmen.css`` (:data:`EXTRA_CSS`) and the scripts of
  :data:`EXTRA_JAVASCRIPT` (MkDocs' ``extra_css`` and ``extra_javascript``).
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent
#: banmen's own scripts and styles (served under ``assets/`` of the site).
ASSETS = _HERE / "assets"
#: banmen's templates over Material's (a theme folder, after the site's ``custom_dir``).
THEME = _HERE / "theme"
#: The site folder the files of :data:`ASSETS` are served under.
SITE_FOLDER = "assets"
#: The styles every page links, in order.
EXTRA_CSS = ("assets/banmen.css",)
#: The scripts every page loads, in order, as ``(path, type)`` (``type`` ``""``: a classic
#: script). ``main.js`` is the entry of the ES modules; on pages opened from files the
#: offline loader runs the same modules bundled as one classic script (``assets/js/offline.js``,
#: written at build time by :mod:`banmen.site.scripts`); ``print.js`` prints a sequence with
#: its key boards.
EXTRA_JAVASCRIPT = (("assets/js/main.js", "module"), ("assets/js/offline-loader.js", ""),
                    ("assets/print.js", ""))


def own_files() -> list[str]:
    """Return the site paths of banmen's own asset files (``"assets/js/main.js"``...), sorted."""
    return sorted(f"{SITE_FOLDER}/{path.relative_to(ASSETS).as_posix()}"
                  for path in ASSETS.rglob("*")
                  if path.is_file() and "__pycache__" not in path.relative_to(ASSETS).parts)


def site_asset_files(docs_dir: Path) -> dict[str, Path]:
    """Return the files a site serves under ``assets/``: banmen's own (:data:`ASSETS`) and the
    site's ``docs_dir/assets/`` files, a site's file winning over banmen's at the same path.

    Returns:
        ``{path relative to assets/ ("js/main.js"): file on disk}``, sorted by path.
    """
    found = {path[len(SITE_FOLDER) + 1:]: ASSETS / path[len(SITE_FOLDER) + 1:]
             for path in own_files()}
    own = docs_dir / SITE_FOLDER
    if own.is_dir():
        for path in own.rglob("*"):
            if path.is_file():
                found[path.relative_to(own).as_posix()] = path
    return dict(sorted(found.items()))


def script_folders(docs_dir: Path) -> list[Path]:
    """Return the folders the page modules are read from, first match winning: the site's
    ``docs_dir/assets/js`` (when it has one), then banmen's own."""
    own = docs_dir / SITE_FOLDER / "js"
    return [own, ASSETS / "js"] if own.is_dir() else [ASSETS / "js"]
