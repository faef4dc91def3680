"""Drawing a build's new boards over every core, each worker keeping to one game at a time.

A drawing worker records the SVG of each group it draws (the empty board, a frog on a square,
a nest...) and writes it again on the next board that shows the same group
(:mod:`banmen.render.replay`): the first board of a game costs several times a later one.
Handing boards out in turn makes every worker record every game's groups; here each worker
takes the boards of one game that no other worker draws (the first such game in content
order) until they run out, and only when every game left has a worker does it join one. A
game is shared only at the end, so each group is recorded about once per build, not once per
worker (about 12% less CPU on the site's 1,156 boards, measured with CPU time).

A site build draws behind its pages (:class:`BoardDrawing`): MkDocs writes the pages in the
order of their game folders, which is the content order, so the first pages find their
boards drawn while the workers go on with the next games.

The result does not depend on the scheduling: each board's SVG is the same whether its
groups were recorded or replayed (``tests/test_cache.py`` compares parallel and serial).

Given a build cache (``store``), the workers also keep the boards they draw there, a batch
of :data:`STORE_BATCH` per transaction as they go, and say which they kept: the build then
writes only the views of its files at the end (writing 1,156 boards there took about a second
of one core while the other had nothing left to do). The workers wait for each other's write
lock now and then (SQLite sleeps while it waits), but the pages are written meanwhile (the
MkDocs hooks expand them with stand-ins for the boards not drawn yet), so the cores stay
busy; writing everything after the last board instead left a tail of about 0.25 s in which
the two workers took turns at the lock.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
from typing import Any

from banmen.site.forked import frozen_heap, quiet_child, travelling

#: seconds between two looks of a waiting caller: an untimed wait of the main thread is not
#: woken by Ctrl-C when the signal reaches the collecting thread instead
_WAKE = 0.2
#: (board key, engine, spec) of the boards to draw, read by the forked workers by index.
_TODO: list[tuple[str, Any, Any]] = []
#: game id -> indexes into :data:`_TODO` of that game's boards, in content order.
_LANES: list[list[int]] = []
#: (project root, cache name of each board of :data:`_TODO`) when the workers keep the boards
#: in the build cache, else ``None``.
_STORE: tuple[Any, list[str]] | None = None
#: boards a worker writes to the cache in one transaction (short ones, so that the build's
#: own writes get the lock in between)
STORE_BATCH = 64
#: seconds the build waits, after the last board, for workers to finish writing theirs
_STORE_WAIT = 30.0
#: seconds a worker waits for another process's write lock on the cache (then the build
#: writes the worker's boards itself)
_KEEPER_LOCK_WAIT = 2.0


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

    Raises:
        BanmenError: a board cannot be drawn (the first error a worker met).
        KeyboardInterrupt: the build was stopped; the workers are stopped with it.
    """
    drawing = BoardDrawing(todo, jobs, progress)
    try:
        return drawing.wait()
    finally:
        drawing.cancel()


class BoardDrawing:
    """Boards being drawn while the caller goes on: started when made, read with :meth:`get`
    (one board, waiting for it) or :meth:`wait` (all of them).

    With one job or fewer than four boards, everything is drawn here, before the constructor
    returns. Otherwise ``jobs`` forked workers draw lane by lane (see the module text) and a
    thread of this process collects their SVG as it comes, so the pipes never fill while the
    caller is busy elsewhere (a site build writes its pages meanwhile).

    Args:
        todo: (board key, engine, DiagramSpec) for each board.
        jobs: worker processes (``None``: one per core).
        progress: show a progress bar on standard error.
        store: (project root, the build-cache name of each board of ``todo``): the workers
            keep each board they draw under its name in the project's build cache
            (:class:`banmen.site.cache.BuildCache`); :attr:`stored` lists those written.
            Boards drawn here (one job, few boards) are left to the caller.
        first: board keys to draw before the rest (the boards of the first pages), in one
            lane of their own.

    Raises (from :meth:`get` and :meth:`wait`):
        BanmenError: a board cannot be drawn (the first error a worker met), or a worker
            stopped without an answer.
    """

    def __init__(self, todo: list[tuple[str, Any, Any]], jobs: int | None = None,
                 progress: bool = False, store: tuple[Any, list[str]] | None = None,
                 first: frozenset[str] | set[str] = frozenset()) -> None:
        from tqdm import tqdm

        import banmen.render.svg  # noqa: F401 - matplotlib, imported once before any fork
        from banmen.render import render_svg

        self._keys = [board_key for board_key, _, _ in todo]
        self._key_set = frozenset(self._keys)
        self._svgs: dict[str, str] = {}
        self._error: BaseException | None = None
        self._finished = False
        self._changed = threading.Condition()
        self._stopping = threading.Lock()
        self._workers: list[Any] = []
        self._shared: tuple[Any, ...] = ()
        self._thread: threading.Thread | None = None
        #: board keys the workers wrote to the build cache (see ``store``); complete once
        #: :meth:`wait` has returned
        self.stored: set[str] = set()
        jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
        self._bar = tqdm(total=len(todo), desc="banmen: drawing boards", unit="board",
                         file=sys.stderr, leave=False,
                         # (a log that is no terminal would get every frame, joined by \r)
                         disable=not progress or not todo or not sys.stderr.isatty())
        if jobs == 1 or len(todo) < 4:
            try:
                for board_key, game, spec in todo:
                    self._svgs[board_key] = render_svg(game, spec)
                    self._bar.update()
            finally:
                self._finish()
            return
        results = self._start_workers(todo, min(jobs, len(todo)), store, first)
        self._thread = threading.Thread(target=self._collect, args=(results,), daemon=True,
                                        name="banmen-boards")
        self._thread.start()

    def _start_workers(self, todo: list[tuple[str, Any, Any]], jobs: int,
                       store: tuple[Any, list[str]] | None, first: Any) -> Any:
        global _STORE  # noqa: PLW0603 - read by the forked workers, cleared below
        lanes: dict[str, list[int]] = {"": []}  # "": the boards to draw first
        for index, (board_key, game, _spec) in enumerate(todo):
            lanes.setdefault("" if board_key in first else game.id, []).append(index)
        if not lanes[""]:
            del lanes[""]
        _TODO[:] = todo
        _LANES[:] = list(lanes.values())
        _STORE = store
        context = multiprocessing.get_context("fork")  # the workers inherit engines and specs
        # claimed[i]: boards of lane i handed out; busy[i]: workers drawing lane i (one lock)
        claimed = context.Array("i", len(_LANES), lock=True)
        busy = context.Array("i", len(_LANES), lock=False)
        results = context.SimpleQueue()
        # held for the workers' life: freed, their shared memory would be given to the next
        # drawing (a board missing from the cache is drawn while this drawing goes on)
        self._shared = (claimed, busy, results)
        try:
            with frozen_heap():
                for _ in range(jobs):
                    worker = context.Process(target=_work, args=(claimed, busy, results),
                                             daemon=True)
                    worker.start()
                    self._workers.append(worker)
        except BaseException:
            self.cancel()
            raise
        finally:
            _TODO.clear()  # each worker has its own copy from the fork
            _LANES.clear()
            _STORE = None
        return results

    def _collect(self, results: Any) -> None:
        try:
            drawn = 0
            while drawn < len(self._keys):
                message = _next_result(results, self._workers)
                if self._took_stored(message):
                    continue
                index, svg, error = message
                if error is not None:
                    raise error
                with self._changed:
                    self._svgs[self._keys[index]] = svg
                    self._changed.notify_all()
                drawn += 1
                self._bar.update()
            self._bar.close()
            self._await_stores(results)
        except BaseException as error:  # noqa: BLE001 - raised again by get() and wait()
            self._error = error
        finally:
            self._stop_workers()
            self._finish()

    def _took_stored(self, message: tuple[Any, ...]) -> bool:
        """Note the boards of a ("stored", [index...]) message; whether it was one."""
        if message[0] != "stored":
            return False
        self.stored.update(self._keys[index] for index in message[1])
        return True

    def _await_stores(self, results: Any) -> None:
        """After the last board: let the workers end on their own, reading which boards
        they wrote to the cache (at most :data:`_STORE_WAIT` seconds; a worker that is
        still writing then is stopped, and its last boards are written by the caller)."""
        import time

        deadline = time.monotonic() + _STORE_WAIT
        while time.monotonic() < deadline:
            while not results.empty():
                self._took_stored(results.get())
            alive = [worker.sentinel for worker in self._workers if worker.is_alive()]
            if not alive:
                if results.empty():
                    return
                continue
            multiprocessing.connection.wait([results._reader, *alive],
                                            timeout=deadline - time.monotonic())

    def _finish(self) -> None:
        with self._changed:
            self._finished = True
            self._changed.notify_all()
        self._bar.close()

    def _stop_workers(self) -> None:
        with self._stopping:  # the collecting thread and cancel() may both get here
            for worker in self._workers:
                if worker.is_alive():
                    worker.terminate()
            for worker in self._workers:
                worker.join()

    def __contains__(self, board_key: object) -> bool:
        return board_key in self._key_set

    def get(self, board_key: str) -> str:
        """The SVG of ``board_key`` (one of ``todo``), waiting until it is drawn.

        Raises:
            KeyError: ``board_key`` is not being drawn here.
            BanmenError: the drawing failed (see the class).
        """
        with self._changed:
            while board_key not in self._svgs and self._error is None and not self._finished:
                self._changed.wait(_WAKE)
            if board_key in self._svgs:
                return self._svgs[board_key]
            if self._error is not None:
                raise self._error
        raise KeyError(board_key)

    def wait(self) -> dict[str, str]:
        """Every board: board key -> SVG, in ``todo`` order, once all are drawn.

        Raises:
            BanmenError: the drawing failed (see the class).
        """
        with self._changed:
            while not self._finished:
                self._changed.wait(_WAKE)
        if self._thread is not None:
            self._thread.join()  # gone before the caller forks again (no lock held in it)
        if self._error is not None:
            raise self._error
        return {board_key: self._svgs[board_key] for board_key in self._keys}

    def cancel(self) -> None:
        """Stop the workers (a build that failed or was stopped does not wait for them)."""
        self._stop_workers()


def _next_result(results, workers) -> tuple[Any, ...]:
    """The next message a worker sent: (index, svg, None), (index, None, error) or
    ("stored", [index...]); a worker that died without a word (killed, out of memory) is
    (-1, None, error) here instead of a wait for ever."""
    while True:
        if not results.empty():
            return results.get()
        alive = [worker.sentinel for worker in workers if worker.is_alive()]
        if not alive and results.empty():
            from banmen.game import BanmenError

            codes = sorted({w.exitcode for w in workers if w.exitcode})
            return -1, None, BanmenError(f"a board drawing process stopped (exit codes {codes})")
        # wake on a result or on a worker's end (SimpleQueue has no timeout of its own)
        multiprocessing.connection.wait([results._reader, *alive], timeout=1.0)


def _work(claimed, busy, results) -> None:
    """Worker body: draw boards lane by lane until every lane is claimed, sending each
    (index, svg, None), or (index, None, error) and stop; with :data:`_STORE`, also write
    the boards drawn to the build cache :data:`STORE_BATCH` at a time as they are drawn
    (:class:`_Keeper`), sending ("stored", [index...]) after each transaction."""
    from banmen.render import render_svg

    quiet_child()
    keeper = _Keeper(*_STORE) if _STORE is not None else None
    lane = None
    try:
        while True:
            with claimed.get_lock():
                if lane is None or claimed[lane] >= len(_LANES[lane]):
                    if lane is not None:
                        busy[lane] -= 1
                    lane = _next_lane(claimed, busy)
                    if lane is None:
                        return
                    busy[lane] += 1
                index = _LANES[lane][claimed[lane]]
                claimed[lane] += 1
            _key, game, spec = _TODO[index]
            try:
                svg = render_svg(game, spec)
            except Exception as error:  # noqa: BLE001 - raised by the build process
                results.put((index, None, travelling(error)))
                return
            results.put((index, svg, None))
            if keeper is not None:
                keeper.add(index, svg, results)
    finally:
        if keeper is not None:
            keeper.flush(results)
            keeper.close()


class _Keeper:
    """A worker's writes to the build cache: each :data:`STORE_BATCH` boards drawn are
    written in one transaction while the worker goes on drawing (the workers' writes wait
    for each other's lock: written at the end, they were a tail on one core), the rest
    when it stops; the entries the cache then holds are announced to the build process,
    which writes what is not (a cache that cannot be opened, is locked by another process
    for :data:`_KEEPER_LOCK_WAIT` seconds, or failed a write)."""

    def __init__(self, root: Any, names: list[str]) -> None:
        self.root = root
        self.names = names
        self.waiting: list[tuple[int, str]] = []
        self._cache: Any = None

    def add(self, index: int, svg: str, results: Any) -> None:
        self.waiting.append((index, svg))
        if len(self.waiting) >= STORE_BATCH:
            self.flush(results)

    def flush(self, results: Any) -> None:
        from banmen.site.cache import BuildCache

        waiting, self.waiting = self.waiting, []
        if not waiting:
            return
        # the build has the cache open: a lock held elsewhere is waited for briefly (the
        # build writes what is not announced), and a broken cache is left to the build
        if self._cache is None:
            self._cache = BuildCache(self.root, lock_wait=_KEEPER_LOCK_WAIT, repair=False)
        cache = self._cache
        for start in range(0, len(waiting), STORE_BATCH):
            if not cache.enabled:
                return
            batch = waiting[start:start + STORE_BATCH]
            with cache.batch():
                for index, svg in batch:
                    cache.set_text(self.names[index], svg)
            # announced: what the cache holds now (a write can fail without a word)
            kept = [index for index, _ in batch if cache.contains(self.names[index])]
            if kept:
                results.put(("stored", kept))

    def close(self) -> None:
        if self._cache is not None:
            self._cache.close()
            self._cache = None


def _next_lane(claimed, busy) -> int | None:
    """The lane a worker turns to: among lanes with boards left, one no worker draws, else
    the one with the fewest workers; of those the first in content order, which is the
    order MkDocs writes the pages in (game folders by name), so the first pages find their
    boards drawn. ``None`` when every board is handed out."""
    open_lanes = [i for i, indexes in enumerate(_LANES) if claimed[i] < len(indexes)]
    if not open_lanes:
        return None
    return min(open_lanes, key=lambda i: (busy[i], i))
