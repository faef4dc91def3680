"""The content-addressed build cache: check results and board SVGs on disk (``diskcache``).

Where: ``<project root>/.cache/banmen/`` (ignored by git; safe to delete at any time, also
with ``banmen cache clear``). diskcache keeps its index in SQLite and large values in files,
writes atomically and is safe for several processes at once, so two builds may share it.

Keys are SHA-256 digests of everything that can change a value (see :func:`key`). A check
result (the page view of one file, :mod:`banmen.site.views`) is keyed on the file's path and
YAML bytes, the rule inputs of its game (its section of ``rules.yaml`` and ``--set``
overrides; its own ``rules:`` are in its bytes), the source of the engines, checker and
renderers (:func:`code_digest`) and the tool versions (:func:`tool_versions`: matplotlib,
the font package). A board is keyed on what it draws (game, effective rules, positions, move,
marks, options, the id that prefixes its element ids: ``banmen.site.build.board_inputs``)
plus the same code digest and versions, so a re-checked file whose pictures did not change
(a new title, a new hint) draws nothing. A value is stored with the SHA-256 of its bytes in front; a value whose
digest does not match (truncated, overwritten, half-written) is dropped and reported as a
miss, so it is computed and written again, never served.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import shutil
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

#: cache folder, relative to the project root.
CACHE_DIR = Path(".cache") / "banmen"
_MAGIC = b"banmen-cache-1\n"
_PACKAGE = Path(__file__).resolve().parent.parent
#: files of the banmen package that only write pages: they never change a cached value.
_PAGE_ONLY = {"site/build.py", "site/html.py", "site/mkdocs_hooks.py", "site/parameters.py",
              "site/reasons.py", "site/scripts.py",
              "site/cache.py", "site/onpage.py", "cli.py", "cli_options.py"}


@lru_cache(maxsize=1)
def code_digest() -> str:
    """Return the SHA-256 (hex) of every source and data file of the banmen package that can
    change a check result or a drawing: engines, content checker, renderers, their data."""
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*")):
        relative = path.relative_to(_PACKAGE).as_posix()
        if (path.suffix in (".py", ".yaml") and path.is_file() and relative not in _PAGE_ONLY
                and "__pycache__" not in relative):
            digest.update(relative.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@lru_cache(maxsize=1)
def tool_versions() -> str:
    """Return the versions of what draws the boards (matplotlib, the bundled font package)
    and of Python (pickles), read from package metadata without importing them."""
    import platform

    parts = [f"python={platform.python_version()}"]
    for name in ("matplotlib", "matplotlib-fontja", "pyyaml", "pydantic"):
        try:
            parts.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{name}=none")
    return ";".join(parts)


def key(*parts: Any) -> str:
    """Return the SHA-256 (hex) of ``parts`` (bytes, or anything JSON can write, in order)."""
    digest = hashlib.sha256()
    for part in parts:
        data = part if isinstance(part, bytes) else json.dumps(
            part, sort_keys=True, ensure_ascii=False, default=repr).encode()
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


class BuildCache:
    """Checked values by key, on disk.

    Args:
        root: the project root (the cache lives in ``root/.cache/banmen``).
        enabled: ``False`` gives a cache that never hits and never writes (``--no-cache``).

    A cache folder that cannot be opened (e.g. a corrupt index) is deleted and created again;
    if that fails too, the build goes on without a cache.
    """

    def __init__(self, root: Path, enabled: bool = True):
        self.directory = root / CACHE_DIR
        self._store: Any = None
        if enabled:
            self._store = self._open()

    def _open(self) -> Any:
        import diskcache

        for attempt in range(2):
            try:
                return diskcache.Cache(str(self.directory), size_limit=2 ** 30)
            except Exception:  # noqa: BLE001 - a broken cache is deleted, never fatal
                if attempt == 0:
                    shutil.rmtree(self.directory, ignore_errors=True)
        return None

    @property
    def enabled(self) -> bool:
        """Whether values are read and written."""
        return self._store is not None

    def get_bytes(self, name: str) -> bytes | None:
        """Return the bytes stored under ``name``, or ``None`` (missing or corrupt: a corrupt
        entry is deleted)."""
        if self._store is None:
            return None
        try:
            raw = self._store.get(name)
        except Exception:  # noqa: BLE001 - unreadable entry: a miss
            raw = None
        if raw is None:
            return None
        if (isinstance(raw, bytes) and raw.startswith(_MAGIC)
                and hashlib.sha256(raw[len(_MAGIC) + 32:]).digest()
                == raw[len(_MAGIC):len(_MAGIC) + 32]):
            return raw[len(_MAGIC) + 32:]
        self.delete(name)
        return None

    def set_bytes(self, name: str, payload: bytes) -> None:
        """Store ``payload`` under ``name`` with its digest (atomic; errors are ignored)."""
        if self._store is None:
            return
        try:
            self._store.set(name, _MAGIC + hashlib.sha256(payload).digest() + payload)
        except Exception:  # noqa: BLE001 - a full or read-only disk only costs speed
            pass

    def delete(self, name: str) -> None:
        """Forget ``name`` (no error when it is not there)."""
        if self._store is not None:
            try:
                self._store.delete(name)
            except Exception:  # noqa: BLE001
                pass

    def get_object(self, name: str) -> Any:
        """Return the object pickled under ``name``, or ``None`` (missing or unreadable)."""
        payload = self.get_bytes(name)
        if payload is None:
            return None
        try:
            return pickle.loads(payload)
        except Exception:  # noqa: BLE001 - e.g. a class that changed shape: recompute
            self.delete(name)
            return None

    def set_object(self, name: str, value: Any) -> None:
        """Pickle ``value`` under ``name``."""
        self.set_bytes(name, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))

    def close(self) -> None:
        """Close the index (the cache stays on disk)."""
        if self._store is not None:
            self._store.close()


def clear(root: Path) -> bool:
    """Delete the cache folder of the project at ``root``; return whether it existed."""
    directory = root / CACHE_DIR
    existed = directory.exists()
    shutil.rmtree(directory, ignore_errors=True)
    return existed
