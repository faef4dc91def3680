"""The files the play board needs in the built site: Pyodide and a zip of the engines.

``assets/pyodide/`` holds the Pyodide runtime copied from the npm package that
``tools/setup.sh`` installs into ``node_modules/pyodide`` (pinned in ``package.json`` and
``package-lock.json``): nothing is fetched from a CDN when a reader plays, and the site works
offline once served. ``assets/banmen-engine.zip`` holds the standard-library-only engine
sources, the same files ``banmen check`` runs: banmen's own (:data:`ENGINE_SOURCES`) and every
registered game package's but its build-only modules and data folders
(:data:`banmen.contract.BUILD_ONLY_MODULES`, :data:`banmen.contract.DATA_FOLDERS`), each under
its import path (a package outside banmen at the zip's top), and ``banmen/games.json``, the
registry of games (:data:`banmen.contract.ZIP_REGISTRY`: Pyodide sees no entry points); the page's
worker (``banmen/site/assets/js/play/worker.js``) unpacks it into a folder on Pyodide's ``sys.path``
and imports :mod:`banmen.play`.

The zip is deterministic: members sorted, fixed dates and permissions, so the same sources
give the same bytes. The pages fetch it, the play words and the board parts with the build's
version query (``?v=...``, :mod:`banmen.site.asset_versions`), so a returning reader's browser
never runs a cached old engine against new rules. The worker lives as long as the page's
module (across Material's instant navigation), so Pyodide starts once per visit.

``assets/play/<variant>.json`` holds the board parts of every board variant the site's pages
can start play on (:func:`play_games`; :func:`banmen.render.parts.play_parts` draws them):
the empty board, the piece symbols and the squares' centres. They are drawn once and then
read from the build cache (keyed on the banmen code, the drawing tools and the rules).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from banmen.errors import BanmenError
from banmen.site.cached_markup import drawn_svg

if TYPE_CHECKING:
    from banmen.game import Game
    from banmen.site.cache import BuildCache

_PACKAGE = Path(__file__).resolve().parent.parent
#: files of the banmen package the browser runs, relative to the package (globs); the game
#: packages' files are added by :func:`engine_files`.
ENGINE_SOURCES = ("__init__.py", "errors.py", "params.py", "game.py", "contract.py",
                  "analysis.py", "opponent.py", "play.py", "games/*.py")
#: what of the Pyodide npm package a page needs (the rest is docs, maps and Node glue).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
#: where the site serves them, relative to the site folder.
PYODIDE_DIR = Path("assets") / "pyodide"
ENGINE_ZIP = Path("assets") / "banmen-engine.zip"
#: the play board's Japanese side names and outcome sentences (:mod:`banmen.site.play_words`).
PLAY_WORDS = Path("assets") / "play-words.json"
#: where the board parts go, one ``<variant>.json`` each.
PLAY_PARTS_DIR = Path("assets") / "play"


def _package_files(import_name: str) -> dict[str, Path]:
    """``{name in the zip: path}`` of the game package ``import_name``'s Python files but its
    build-only modules and data folders; a package outside banmen also brings the
    ``__init__.py`` of each package it sits in."""
    import importlib

    from banmen.contract import BUILD_ONLY_MODULES, DATA_FOLDERS

    left_out = {*DATA_FOLDERS, *BUILD_ONLY_MODULES, *(f"{m}.py" for m in BUILD_ONLY_MODULES)}
    folder = Path(importlib.import_module(import_name).__file__).resolve().parent
    prefix = import_name.replace(".", "/")
    found = {}
    for path in folder.rglob("*.py"):
        relative = path.relative_to(folder)
        if relative.parts[0] not in left_out and "__pycache__" not in relative.parts:
            found[f"{prefix}/{relative.as_posix()}"] = path
    parents = import_name.split(".")[:-1]
    if parents[:1] != ["banmen"]:
        for depth in range(len(parents), 0, -1):
            folder = folder.parent
            if (folder / "__init__.py").is_file():
                found["/".join(parents[:depth]) + "/__init__.py"] = folder / "__init__.py"
    return found


def engine_files() -> list[tuple[str, Path]]:
    """Return ``(name in the zip, path on disk)`` for every engine source, sorted by name:
    banmen's (:data:`ENGINE_SOURCES`, under ``banmen/``) and each registered game package's
    (:func:`banmen.contract.registry`), without the build-only modules and data folders."""
    from banmen.contract import registry

    found: dict[str, Path] = {}
    for pattern in ENGINE_SOURCES:
        for path in _PACKAGE.glob(pattern):
            if path.is_file() and "__pycache__" not in path.parts:
                found["banmen/" + path.relative_to(_PACKAGE).as_posix()] = path
    for import_name in registry().values():
        found.update(_package_files(import_name))
    return sorted(found.items())


def registry_json() -> bytes:
    """The zip's registry of games (``banmen/games.json``, :data:`banmen.contract.ZIP_REGISTRY`):
    game id -> import name of its package, keys sorted, UTF-8."""
    from banmen.contract import registry

    return json.dumps(registry(), sort_keys=True, indent=1).encode("utf-8") + b"\n"


def engine_zip() -> bytes:
    """Return the bytes of the engine zip (deterministic for the same sources):
    :func:`engine_files` and the registry of games (:func:`registry_json`), sorted by name."""
    from banmen.contract import ZIP_REGISTRY

    members = [(name, path.read_bytes()) for name, path in engine_files()]
    members.append((f"banmen/{ZIP_REGISTRY}", registry_json()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(members):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def pyodide_source(root: Path) -> Path:
    """Return the folder of the installed Pyodide npm package: under project ``root``, else
    under the checkout banmen runs from (a copy of the content built elsewhere).

    Raises:
        BanmenError: Pyodide is not installed there (the message says how to install it).
    """
    candidates = [root / "node_modules" / "pyodide", _PACKAGE.parent / "node_modules" / "pyodide"]
    for folder in candidates:
        if all((folder / name).is_file() for name in PYODIDE_FILES):
            return folder
    raise BanmenError(f"{candidates[0]}: Pyodide is not installed; run `bash tools/setup.sh` "
                      "(it installs the npm package pinned in package.json)")


def play_games(games: Mapping[str, Game]) -> list[Game]:
    """Return one engine per board variant the pages of a site with engines ``games`` (game
    id -> engine under the site's rules) can need, in a fixed order: by game id, the engines
    of the package's ``board_variants(game)`` hook (:mod:`banmen.contract`, ``site.py``: for
    バブーシュカ the site's game and both player counts), else the game as the site sets it;
    one engine per variant (the first).
    """
    from banmen.game import game_module
    from banmen.games.views import play_variant

    candidates: list[Game] = []
    for game_id in sorted(games):
        game = games[game_id]
        hook = getattr(game_module(game_id, "site"), "board_variants", None)
        candidates += [game] if hook is None else hook(game)
    chosen: dict[str, Game] = {}
    for game in candidates:
        chosen.setdefault(play_variant(game), game)
    return list(chosen.values())


#: The fields of a parts file and their JSON types (:func:`banmen.render.parts.play_parts`).
_PARTS_FIELDS = {"board": str, "centers": dict, "looks": list, "symbol_size": list,
                 "symbols": str, "variant": str, "viewBox": str}


def _parts_of(text: str, game: Game) -> bool:
    """Whether ``text`` (read back from the cache) is a parts file of ``game``'s variant (see
    :func:`_parts_of_variant`)."""
    from banmen.games.views import play_variant

    return _parts_of_variant(text, play_variant(game))


def _parts_of_variant(text: str, variant: str) -> bool:
    """Whether ``text`` (read back from the cache) is a parts file of board variant
    ``variant``: JSON with exactly the fields of a parts file, the variant's name and its
    board's ids, a board and symbols that are SVG as banmen draws it
    (:func:`banmen.site.cached_markup.drawn_svg`). Anything else (damage, markup, or the
    parts of another variant under this key) is drawn again."""
    try:
        data = json.loads(text)
    except ValueError:
        return False
    if not isinstance(data, dict) or sorted(data) != sorted(_PARTS_FIELDS):
        return False
    if any(not isinstance(data[field], kind) for field, kind in _PARTS_FIELDS.items()):
        return False
    # the board and symbols reach the page through innerHTML: only drawn SVG is accepted
    return (data["variant"] == variant and f'id="bm-play-{variant}-' in data["board"]
            and drawn_svg(data["board"]) and drawn_svg(data["symbols"]))


def parts_name(game: Game) -> str:
    """The build cache's name for the parts file of ``game``'s variant (keyed on the banmen
    code, the drawing tools, the game and its rules)."""
    from banmen.site.cache import code_digest, key, tool_versions

    return "play-parts:" + key(code_digest(), tool_versions(), game.id, game.rules.to_json())


def play_parts_names(games: Mapping[str, Game]) -> list[list[str]]:
    """``[variant, cache name]`` of every parts file a site with engines ``games`` writes, in
    :func:`play_games` order: what a later build needs to write them from the cache alone
    (:func:`write_cached_play_parts`), without loading any engine."""
    from banmen.games.views import play_variant

    return [[play_variant(game), parts_name(game)] for game in play_games(games)]


def play_parts_text(game: Game) -> str:
    """The parts file of ``game``'s variant as JSON text (:func:`banmen.render.parts.play_parts`,
    drawn with matplotlib; keys sorted, no spaces).

    Raises:
        BanmenError: the game has no play view or board drawing.
    """
    from banmen.render.parts import play_parts

    return json.dumps(play_parts(game), ensure_ascii=False, sort_keys=True,
                      separators=(",", ":"))


def cached_play_parts(games: Mapping[str, Game], cache: BuildCache | None
                      ) -> list[tuple[Game, str | None]]:
    """(engine, its parts file from ``cache`` or ``None``) for each of :func:`play_games`:
    what a build finds already drawn (an unsound entry counts as missing)."""
    return [(game, _stored_parts(game, cache)) for game in play_games(games)]


def _stored_parts(game: Game, cache: BuildCache | None) -> str | None:
    """The parts file of ``game``'s variant from ``cache``, when it is there and sound."""
    text = None if cache is None else cache.get_text(parts_name(game))
    return text if text is not None and _parts_of(text, game) else None


def write_cached_play_parts(site_dir: Path, names: list[list[str]],
                            cache: BuildCache | None,
                            made: Mapping[str, str] | None = None) -> bool:
    """Write the parts files named by :func:`play_parts_names` from ``made`` (cache name ->
    text drawn by this build) and ``cache`` alone.

    Returns:
        ``True`` when every one was in the cache, sound and of its variant (and is written);
        ``False`` when one is not: then nothing is written and the caller draws them
        (:func:`write_play_parts`).
    """
    if not names:
        return False
    texts = []
    for variant, name in names:
        text = (made or {}).get(name)
        if text is None and cache is not None:
            text = cache.get_text(name)
        if text is None or not _parts_of_variant(text, variant):
            return False
        texts.append((variant, text.encode("utf-8")))
    folder = site_dir / PLAY_PARTS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for variant, data in texts:
        path = folder / f"{variant}.json"
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
    return True


def _parts_json(game: Game, cache: BuildCache | None) -> bytes:
    """The parts file of ``game``'s variant, from ``cache`` when it holds it."""
    stored = _stored_parts(game, cache)
    if stored is not None:
        return stored.encode("utf-8")
    text = play_parts_text(game)
    if cache is not None:
        cache.set_text(parts_name(game), text)
    return text.encode("utf-8")


def write_play_parts(site_dir: Path, games: Mapping[str, Game],
                     cache: BuildCache | None = None) -> list[str]:
    """Write ``assets/play/<variant>.json`` for every variant of :func:`play_games` and return
    the variants written, in order. Unchanged files are left alone.

    Raises:
        BanmenError: a game has no play view or board drawing.
    """
    from banmen.games.views import play_variant

    folder = site_dir / PLAY_PARTS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    variants = []
    for game in play_games(games):
        variant = play_variant(game)
        data = _parts_json(game, cache)
        path = folder / f"{variant}.json"
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        variants.append(variant)
    return variants


def write_play_assets(root: Path, site_dir: Path) -> None:
    """Copy Pyodide and write the engine zip and the play words (:mod:`banmen.site.play_words`)
    into the built site ``site_dir`` (the board parts: :func:`write_play_parts` or
    :func:`write_cached_play_parts`).

    Files already there are left alone: a Pyodide file with the size and modification time
    of its source (copies keep the time; its 13 MB were read twice on every rebuild), the
    engine zip and play words with the same bytes. The engine zip is made from the package's
    sources on every build, never read from the build cache: it is code the readers'
    browsers run.

    Raises:
        BanmenError: Pyodide is not installed under ``root``.
    """
    source = pyodide_source(root)
    target = site_dir / PYODIDE_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        src, dst = source / name, target / name
        given = src.stat()
        try:
            there = dst.stat()
        except FileNotFoundError:
            there = None
        if there is None or (there.st_size, there.st_mtime_ns) != (given.st_size,
                                                                    given.st_mtime_ns):
            shutil.copyfile(src, dst)  # the contents only (a read-only source stays apart)
            os.utime(dst, ns=(given.st_atime_ns, given.st_mtime_ns))
    from banmen.site.play_words import words_json

    for path, data in ((site_dir / ENGINE_ZIP, engine_zip()),
                       (site_dir / PLAY_WORDS, words_json().encode("utf-8"))):
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
