"""The content-addressed build cache: check results (JSON) and board SVGs (text) on disk.

Where: ``<project root>/.cache/banmen/`` (ignored by git; safe to delete at any time, also
with ``banmen cache clear``). ``diskcache`` keeps the index in SQLite and large values in
files, writes atomically and is safe for several processes at once, so two builds may share
it.

Nothing read from the cache runs as code. The cache stores bytes only, through
:class:`DataDisk`: it refuses to store anything else, and it refuses to read back an entry
that the index marks as pickled (or whose file name points outside the folder), so an entry
replaced by a pickle that would call ``os.system`` is damage, never loaded. Check results
are JSON, validated field by field when read (:mod:`banmen.site.views`); boards are UTF-8
text.

Every entry is bound to its name: it is stored as ``MAGIC + SHA-256(MAGIC, name, value) +
value``, so an entry moved under another name (two value files swapped under
``.cache/banmen/``, two values swapped inside the database, an entry of another kind), a
truncated or overwritten one, or one that does not parse is dropped and reported as a miss:
computed and written again, never served.

The seal holds no secret: it detects damage, not forgery. What goes into a page as markup
is therefore also checked when read (:mod:`banmen.site.cached_markup`, and
:meth:`get_text`'s ``check``), so an entry forged through this API brings no script.

Keys are SHA-256 digests of everything that can change a value (see :func:`key`). A check
result (the page view of one file) is keyed on the file's path and YAML bytes, the rule
inputs of its game (its section of ``rules.yaml`` and ``--set`` overrides; its own
``rules:`` are in its bytes), the source of the engines, checker and renderers
(:func:`code_digest`) and the tool versions (:func:`tool_versions`). A board is keyed on
what it draws (``banmen.site.build.board_inputs``) plus the same code digest and versions.

Another process holding the database's write lock is not damage: the build waits up to
:data:`LOCK_WAIT` seconds, then says so in one line and runs without the cache; it never
deletes a folder another live process uses. Only an index that cannot be read at all (not a
database, malformed) is deleted and created again.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import re
import shutil
import sqlite3
import sys
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, TypeVar

#: cache folder, relative to the project root.
CACHE_DIR = Path(".cache") / "banmen"
#: seconds to wait for another process's write lock before building without the cache.
LOCK_WAIT = 10.0
#: bytes from which a value is kept in a file of its own beside the database (diskcache's
#: ``disk_min_file_size``): every board stays in the database, so a write that is stopped
#: halfway (a drawing worker ended by Ctrl-C) is rolled back whole, where a value file
#: would be left behind; page expansions of more than this go to files.
VALUE_FILE_MIN = 2 ** 20
_MAGIC = b"banmen-cache-2\n"
_DIGEST = 32
_PACKAGE = Path(__file__).resolve().parent.parent
#: files of the banmen package that only write pages: they never change a cached value.
_PAGE_ONLY = {"site/build.py", "site/html.py", "site/plugin.py", "site/parameters.py",
              "site/reasons.py", "site/scripts.py", "site/search.py",
              "site/cache.py", "site/onpage.py", "site/links.py", "cli.py", "cli_options.py",
              "site/diff.py", "site/diff_svg.py", "site/diff_report.py",
              "site/diff_probe.py", "site/play_words.py", "site/cached_markup.py"}
#: the names diskcache gives value files (two levels of folders, 28 hex digits, ``.val``).
_VALUE_FILE = re.compile(r"[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{28}\.val")

T = TypeVar("T")


class CacheDamage(ValueError):
    """An entry that is not what this build wrote under its name (dropped, recomputed)."""


@lru_cache(maxsize=1)
def _package_files_digests() -> tuple[hashlib._Hash, hashlib._Hash]:
    """SHA-256 over the path and bytes of every source and data file of the banmen package
    and of the registered game packages outside it (``.py``, ``.yaml``, ``.json``): (without the page-only files of :data:`_PAGE_ONLY`,
    with every file), each file read once for both."""
    code, every = hashlib.sha256(), hashlib.sha256()
    for relative, path in _source_files():
        entry = relative.encode() + b"\0" + path.read_bytes() + b"\0"
        every.update(entry)
        if relative not in _PAGE_ONLY:
            code.update(entry)
    return code, every


def _source_files() -> list[tuple[str, Path]]:
    """``(name, path)`` of every source and data file of the banmen package (names relative
    to it) and of every registered game package installed outside it (names starting with
    the package's import name and ``:``), in a fixed order."""
    from banmen.contract import registry

    folders = [("", _PACKAGE)]
    for package_name in sorted(set(registry().values())):
        if package_name.split(".")[0] != "banmen":  # banmen's own games are in _PACKAGE
            spec = importlib.util.find_spec(package_name)
            if spec is not None and spec.submodule_search_locations:
                folders.append((package_name + ":", Path(list(spec.submodule_search_locations)[0])))
    found = []
    for prefix, folder in folders:
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder).as_posix()
            if (path.suffix in (".py", ".yaml", ".json") and "__pycache__" not in relative
                    and path.is_file()):
                found.append((prefix + relative, path))
    return found


@lru_cache(maxsize=1)
def code_digest() -> str:
    """Return the SHA-256 (hex) of every source and data file of the banmen package that can
    change a check result or a drawing: engines, content checker, renderers, their data."""
    return _package_files_digests()[0].hexdigest()


@lru_cache(maxsize=1)
def page_code_digest() -> str:
    """Return the SHA-256 (hex) of what turns checked items into a page's Markdown and
    fragments: every source and data file of the banmen package (the page-writing modules
    included, so a new one needs no list), plus the versions of what renders authored text."""
    digest = _package_files_digests()[1].copy()
    for name in ("markdown", "nh3"):  # they render authored text
        try:
            digest.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=none".encode())
    return digest.hexdigest()


def forget_code_digests() -> None:
    """Read the package's files again at the next :func:`code_digest` or
    :func:`page_code_digest` (both are computed once per process)."""
    _package_files_digests.cache_clear()
    code_digest.cache_clear()
    page_code_digest.cache_clear()


@lru_cache(maxsize=1)
def tool_versions() -> str:
    """Return the versions of Python and of what checks and draws (matplotlib, the bundled
    font package, PyYAML, pydantic), read from package metadata without importing them."""
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


def _seal(name: str, payload: bytes | memoryview) -> bytes:
    """The digest that binds ``payload`` to ``name``: SHA-256 of the magic, the name, a NUL
    and the payload (fed in pieces: a page expansion is megabytes, not copied)."""
    digest = hashlib.sha256(_MAGIC + name.encode("utf-8") + b"\0")
    digest.update(payload)
    return digest.digest()


def _data_disk() -> type:
    """Return :class:`DataDisk` (built on first use, so importing this module stays cheap)."""
    global DataDisk  # noqa: PLW0603 - the class is made once, lazily
    if DataDisk is not None:
        return DataDisk
    import diskcache
    from diskcache.core import MODE_BINARY, MODE_RAW

    class _DataDisk(diskcache.Disk):
        """A diskcache ``Disk`` for bytes only: keys are strings, values bytes; entries the
        index marks as pickled, text or anything else, and value files outside the cache
        folder, are refused (:class:`CacheDamage`) instead of read."""

        def put(self, key: Any) -> tuple[Any, bool]:
            if type(key) is not str:
                raise TypeError("the build cache takes text keys only")
            return key, True

        def get(self, key: Any, raw: bool) -> Any:
            if not raw or type(key) is not str:
                raise CacheDamage("a cache key that is not text")
            return key

        def store(self, value: Any, read: bool, key: Any = None) -> tuple:
            if type(value) is not bytes or read:
                raise TypeError("the build cache stores bytes only")
            return super().store(value, False, key)

        def fetch(self, mode: int, filename: Any, value: Any, read: bool) -> bytes:
            if read:
                raise CacheDamage("the build cache reads whole values only")
            if mode == MODE_RAW and isinstance(value, bytes):
                return bytes(value)
            if mode == MODE_BINARY and value is None and self._safe(filename):
                return super().fetch(mode, filename, None, False)
            raise CacheDamage("an entry that is not stored as plain bytes")

        def remove(self, file_path: Any) -> None:
            if self._safe(file_path):
                super().remove(file_path)

        @staticmethod
        def _safe(filename: Any) -> bool:
            return isinstance(filename, str) and _VALUE_FILE.fullmatch(
                filename.replace("\\", "/")) is not None

    DataDisk = _DataDisk
    return DataDisk


#: the bytes-only ``diskcache.Disk`` subclass (see :func:`_data_disk`).
DataDisk: Any = None


def _is_lock_error(error: BaseException) -> bool:
    """Whether ``error`` means another process holds the database (not damage)."""
    import diskcache

    if isinstance(error, diskcache.Timeout):
        return True
    text = str(error).lower()
    return isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


class BuildCache:
    """Checked values by name, on disk: bytes, text and JSON, each bound to its name.

    Args:
        root: the project root (the cache lives in ``root/.cache/banmen``).
        enabled: ``False`` gives a cache that never hits and never writes (``--no-cache``).
        lock_wait: seconds to wait for another process's write lock (default
            :data:`LOCK_WAIT`); then this build runs without the cache, saying so once on
            standard error.
        repair: delete and make again a cache folder whose index cannot be read (``False``
            for a helper of a build that has the cache open already: it goes without).

    A cache folder whose index cannot be read (not a database) is deleted and created again;
    if that fails too (a read-only disk), the build goes on without a cache and says so in
    one line on standard error. A folder locked by another process is never deleted.
    """

    def __init__(self, root: Path, enabled: bool = True, lock_wait: float | None = None,
                 repair: bool = True):
        self.directory = root / CACHE_DIR
        self.lock_wait = LOCK_WAIT if lock_wait is None else lock_wait
        self.repair = repair
        self._store: Any = None
        #: why the cache was switched off during this run (``None``: it was not).
        self.off_reason: str | None = None
        if enabled:
            self._store = self._open()

    def _locked(self) -> bool:
        """Whether another process holds the write lock for longer than ``lock_wait``."""
        database = self.directory / "cache.db"
        if not database.exists():
            return False
        try:
            connection = sqlite3.connect(str(database), timeout=self.lock_wait,
                                         isolation_level=None)
        except sqlite3.Error:
            return False
        try:
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("ROLLBACK")
        except sqlite3.OperationalError as err:
            text = str(err).lower()
            return "locked" in text or "busy" in text
        except sqlite3.Error:
            return False  # not a database: _open deals with it
        finally:
            connection.close()
        return False

    def _switch_off(self, reason: str) -> None:
        """Stop using the cache for the rest of this run (never touching its files)."""
        if self._store is not None:
            try:
                self._store.close()
            except Exception:  # noqa: BLE001
                pass
        self._store = None
        if self.off_reason is None:
            self.off_reason = reason
            print(f"banmen: {reason}; this build checks and draws without it",
                  file=sys.stderr, flush=True)  # noqa: T201

    def _open(self) -> Any:
        import diskcache

        busy = (f"the build cache {CACHE_DIR.as_posix()} is locked by another process "
                f"(waited {self.lock_wait:g} s)")
        if self._locked():
            self._switch_off(busy)
            return None
        settings = {**diskcache.DEFAULT_SETTINGS, "size_limit": 2 ** 30,
                    "disk_min_file_size": VALUE_FILE_MIN}
        for attempt in range(2):
            try:
                return diskcache.Cache(str(self.directory), timeout=self.lock_wait,
                                       disk=_data_disk(), **settings)
            except Exception as err:  # noqa: BLE001 - a broken cache is deleted, never fatal
                if _is_lock_error(err):
                    self._switch_off(busy)
                    return None
                if attempt == 0 and self.repair:
                    shutil.rmtree(self.directory, ignore_errors=True)
                else:  # not even a new one: a read-only disk, a file in the folder's place
                    why = " ".join(str(getattr(err, "strerror", None) or err).split())
                    self._switch_off(f"the build cache {CACHE_DIR.as_posix()} cannot be "
                                     f"opened ({why})")
        return None

    @property
    def enabled(self) -> bool:
        """Whether values are read and written."""
        return self._store is not None

    def get_bytes(self, name: str) -> bytes | None:
        """Return the bytes stored under ``name``, or ``None`` (missing, or damaged: not
        written under this name by this format; a damaged entry is deleted)."""
        payload = self._payload(name)
        return None if payload is None else bytes(payload)

    def _payload(self, name: str) -> memoryview | None:
        """:meth:`get_bytes`' answer as a view into the stored value (not copied)."""
        if self._store is None:
            return None
        try:
            raw = self._store.get(name)
        except Exception as err:  # noqa: BLE001 - unreadable entry: damage, or a lock
            if _is_lock_error(err):
                self._switch_off(f"the build cache {CACHE_DIR.as_posix()} is locked by "
                                 "another process")
                return None
            raw = b""
        if raw is None:
            return None
        start = len(_MAGIC) + _DIGEST
        if isinstance(raw, bytes) and raw.startswith(_MAGIC):
            payload = memoryview(raw)[start:]
            if _seal(name, payload) == raw[len(_MAGIC):start]:
                return payload
        self.delete(name)
        return None

    def set_bytes(self, name: str, payload: bytes) -> None:
        """Store ``payload`` under ``name``, sealed to it (atomic; a full or read-only disk
        only costs speed; a lock held by another process switches the cache off)."""
        if self._store is None:
            return
        try:
            self._store.set(name, _MAGIC + _seal(name, payload) + payload)
        except Exception as err:  # noqa: BLE001
            if _is_lock_error(err):
                self._switch_off(f"the build cache {CACHE_DIR.as_posix()} is locked by "
                                 "another process")

    @contextlib.contextmanager
    def batch(self):
        """Make the writes of the block one transaction (a cold build writes about 1,500
        entries; one commit each took twice as long). Reads in the block see the writes.
        A lock held by another process switches the cache off, as for one write; an error
        in the block ends the transaction with what was written so far (each entry is
        whole and sealed on its own)."""
        store = self._store
        transaction = None
        if store is not None:
            try:
                transaction = store.transact()
                transaction.__enter__()
            except Exception as err:  # noqa: BLE001
                transaction = None
                if _is_lock_error(err):
                    self._switch_off(f"the build cache {CACHE_DIR.as_posix()} is locked by "
                                     "another process")
        try:
            yield self
        finally:
            if transaction is not None and self._store is store:
                try:
                    transaction.__exit__(None, None, None)
                except Exception:  # noqa: BLE001 - the commit failed: as a failed write
                    pass

    def contains(self, name: str) -> bool:
        """Whether an entry is stored under ``name`` (not read, so not yet known to be sound:
        :meth:`get_bytes` may still find it damaged)."""
        if self._store is None:
            return False
        try:
            return name in self._store
        except Exception:  # noqa: BLE001 - an unreadable index: as if missing
            return False

    def delete(self, name: str) -> None:
        """Forget ``name`` (no error when it is not there)."""
        if self._store is not None:
            try:
                self._store.delete(name)
            except Exception:  # noqa: BLE001
                pass

    def get_text(self, name: str, check: Callable[[str], bool] | None = None) -> str | None:
        """Return the UTF-8 text stored under ``name``, or ``None`` (missing or damaged).

        Args:
            name: the entry's name.
            check: when given, the text must pass it (e.g.
                :func:`banmen.site.cached_markup.drawn_svg`): a text that does not is
                damage, deleted and reported as a miss like any other.
        """
        payload = self._payload(name)
        if payload is None:
            return None
        try:
            text = str(payload, "utf-8")
        except UnicodeDecodeError:
            self.delete(name)
            return None
        if check is not None and not check(text):
            self.delete(name)
            return None
        return text

    def set_text(self, name: str, text: str) -> None:
        """Store ``text`` (UTF-8) under ``name``."""
        self.set_bytes(name, text.encode("utf-8"))

    def get_json(self, name: str, read: Callable[[Any], T]) -> T | None:
        """Return ``read(data)`` for the JSON stored under ``name``, or ``None``.

        Args:
            name: the entry's name.
            read: validates the parsed JSON and returns the value; raises ``ValueError``,
                ``TypeError`` or ``KeyError`` (or :class:`CacheDamage`) when it is not the
                expected shape: the entry is then deleted and reported as a miss.
        """
        text = self.get_text(name)
        if text is None:
            return None
        try:
            return read(json.loads(text))
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):
            self.delete(name)
            return None

    def set_json(self, name: str, data: Any) -> None:
        """Store ``data`` (JSON types only) under ``name``, each object's keys in their order:
        a value read back iterates as it was written, so a page made from cached check
        results is the page made from fresh ones (sorted keys once reordered the reasons of
        a move puzzle after a warm build)."""
        self.set_text(name, json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    def close(self) -> None:
        """Close the index (the cache stays on disk)."""
        if self._store is not None:
            try:
                self._store.close()
            except Exception:  # noqa: BLE001
                pass


def clear(root: Path) -> str:
    """Delete the cache folder of the project at ``root`` and say what was done.

    A symbolic link in its place is removed as a link: what it points to is left as it was
    (it may be anywhere), and the next build makes a new cache folder in its place.

    Returns:
        One line for the user: ``"removed <folder>"``, ``"nothing to remove: <folder>"``,
        ``"removed the link <folder> (to <target>); what it points to is left as it was"``
        or ``"removed <folder> (a file, not a folder)"``.

    Raises:
        OSError: the folder (or link, or file) cannot be removed; whatever was removed
            before the failure stays removed.
    """
    directory = root / CACHE_DIR
    if directory.is_symlink():
        target = os.readlink(directory)
        directory.unlink()
        return f"removed the link {directory} (to {target}); what it points to is left as it was"
    if not directory.exists():
        return f"nothing to remove: {directory}"
    if not directory.is_dir():
        directory.unlink()
        return f"removed {directory} (a file, not a folder)"
    shutil.rmtree(directory)
    return f"removed {directory}"
