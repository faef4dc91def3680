"""``banmen new-game ID --dir DIR``: write a new, installable game package from the template.

The template is a small complete game, 三目並べ (tic-tac-toe), kept as package data in
``banmen/game_template/``: every file of the contract (:mod:`banmen.contract`) at once, its
own ``pyproject.toml`` registering the entry point, starter content (``starter/``: a rules
page, a diagram, a puzzle, a lesson, a course) and tests of known facts of the game. Each template file
``<path>.tmpl`` is written as ``<path>`` with ``${id}`` replaced by the game id and
``${package}`` by its import name (the id with ``-`` as ``_``: ``tic-tac-toe`` ->
``tic_tac_toe``); ``__id__`` and ``__package__`` in paths likewise. Nothing else in
the files is special (a ``$`` stays a ``$``).
"""

from __future__ import annotations

import importlib.util
import keyword
import re
import shutil
from pathlib import Path, PurePosixPath

from banmen.errors import BanmenError, shorten

#: Where the template files are (package data of banmen).
TEMPLATE = Path(__file__).with_name("game_template")
#: What a game id may be: a lowercase letter, then lowercase letters and digits, in words
#: joined by single hyphens (a distribution name pip accepts: no hyphen at the end).
ID_PATTERN = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: The longest game id accepted.
ID_MAX = 40
#: The folders of the template beside the package's own (a package of that name would mix
#: with them).
_TEMPLATE_FOLDERS = frozenset({"tests"})
_PLACEHOLDER = re.compile(r"\$\{(id|package)\}")


def import_name(game_id: str) -> str:
    """Return the import name of the package of ``game_id``: ``tic-tac-toe`` ->
    ``tic_tac_toe``."""
    return game_id.replace("-", "_")


def template_files(game_id: str) -> dict[PurePosixPath, str]:
    """Return the files of the package of ``game_id``: path relative to the package's folder
    -> text, in a fixed order (the template rendered, see the module documentation)."""
    values = {"id": game_id, "package": import_name(game_id)}
    segments = {f"__{name}__": value for name, value in values.items()}
    files = {}
    for source in sorted(TEMPLATE.rglob("*.tmpl")):
        parts = source.relative_to(TEMPLATE).with_suffix("").parts
        target = PurePosixPath(*(_named(part, segments) for part in parts))
        text = source.read_text(encoding="utf-8")
        files[target] = _PLACEHOLDER.sub(lambda m: values[m.group(1)], text)
    return files


def _named(part: str, segments: dict[str, str]) -> str:
    """A template path segment with ``__id__``/``__package__`` replaced (``__id__.yaml``
    names the course file ``courses/<id>.yaml``)."""
    for placeholder, value in segments.items():
        part = part.replace(placeholder, value)
    return part


def check_id(game_id: str) -> None:
    """Refuse a game id that cannot name a new game package.

    Raises:
        BanmenError: one line: the id has odd characters (or is too long), its import name
            is a Python keyword or an installed module, or a game has that id already.
    """
    from banmen.game import registry

    shown = f"'{shorten(game_id)}'"
    if not ID_PATTERN.fullmatch(game_id) or len(game_id) > ID_MAX:
        raise BanmenError(f"game id {shown}: expected a lowercase letter, then lowercase "
                          f"letters, digits and single hyphens between them, at most {ID_MAX} "
                          "characters (like tic-tac-toe)")
    if game_id in registry():
        raise BanmenError(f"game id {shown} exists already (registered by the package "
                          f"{registry()[game_id]}); choose another id")
    package = import_name(game_id)
    if package in _TEMPLATE_FOLDERS:
        raise BanmenError(f"game id {shown}: its import name '{package}' is the name of a "
                          "folder of the template; choose another id")
    if keyword.iskeyword(package):
        raise BanmenError(f"game id {shown}: its import name '{package}' is a Python "
                          "keyword; choose another id")
    if importlib.util.find_spec(package) is not None:
        raise BanmenError(f"game id {shown}: its import name '{package}' is taken by an "
                          "installed module; choose another id")


def new_game(game_id: str, folder: Path) -> list[Path]:
    """Write the template package of ``game_id`` into ``folder`` (created when missing).

    Args:
        game_id: the new game's id (:data:`ID_PATTERN`).
        folder: a new or empty folder.

    Returns:
        The files written, in order.

    Raises:
        BanmenError: a bad id (:func:`check_id`), or ``folder`` is a file or not empty;
            nothing is written then.
        OSError: a file could not be written; what was written is removed again.
    """
    check_id(game_id)
    if folder.exists() and not folder.is_dir():
        raise BanmenError(f"--dir {shorten(str(folder))}: not a folder")
    if folder.is_dir() and any(folder.iterdir()):
        raise BanmenError(f"--dir {shorten(str(folder))}: not empty (new-game writes only "
                          "into a new or empty folder)")
    files = template_files(game_id)
    created = not folder.exists()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    try:
        for path, text in files.items():
            target = folder.joinpath(*path.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "w", encoding="utf-8", newline="\n") as out:
                out.write(text)
            written.append(target)
    except BaseException:
        for child in list(folder.iterdir()):  # the folder was empty: all of it is ours
            shutil.rmtree(child) if child.is_dir() else child.unlink()
        if created:
            folder.rmdir()
        raise
    return written
