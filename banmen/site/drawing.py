"""Drawing a build's new boards over every core, each worker keeping to one game at a time.

A drawing worker records the SVG of each group it draws (the empty board, a frog on a square,
a nest...) and writes it again on the next board that shows the same group
(:mod:`banmen.render.replay`): the first board of a game costs several times a later one.
Handing boards out in turn makes every worker record every game's groups; here each worker
takes the boards of one game (the one with the most boards left) until they run out, then
joins the game with the most boards left. A game is shared only at the end, so each group is
recorded about once per build, not once per worker (12% less CPU on the site's 1,156 boards).

The result does not depend on the scheduling: each board's SVG is the same whether its
groups were recorded or replayed (``tests/test_cache.py`` compares parallel and serial).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import pickle
import sys
from typing import Any

#: (board key, engine, spec) of the boards to draw, read by the forked workers by index.
_TODO: list[tuple[str, Any, Any]] = []
#: game id -> indexes into :data:`_TODO` of that game's boards, in content order.
_LANES: list[list[int]] = []


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
    from tqdm import tqdm

    from banmen.render import render_svg  # imports matplotlib once, before any fork

    jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    bar = tqdm(total=len(todo), desc="banmen: drawing boards", unit="board", file=sys.stderr,
               disable=not progress or not todo, leave=False)
    try:
        if jobs == 1 or len(todo) < 4:
            svgs: dict[str, str] = {}
            for board_key, game, spec in todo:
                svgs[board_key] = render_svg(game, spec)
                bar.update()
            return svgs
        return _draw_in_workers(todo, min(jobs, len(todo)), bar.update)
    finally:
        bar.close()


def _draw_in_workers(todo: list[tuple[str, Any, Any]], jobs: int, advance) -> dict[str, str]:
    lanes: dict[str, list[int]] = {}
    for index, (_key, game, _spec) in enumerate(todo):
        lanes.setdefault(game.id, []).append(index)
    _TODO[:] = todo
    _LANES[:] = list(lanes.values())
    context = multiprocessing.get_context("fork")  # the workers inherit engines and specs
    # claimed[i]: boards of lane i handed out; busy[i]: workers drawing lane i (one lock)
    claimed = context.Array("i", len(_LANES), lock=True)
    busy = context.Array("i", len(_LANES), lock=False)
    results = context.SimpleQueue()
    workers = [context.Process(target=_work, args=(claimed, busy, results), daemon=True)
               for _ in range(jobs)]
    svgs: dict[str, str] = {}
    try:
        for worker in workers:
            worker.start()
        while len(svgs) < len(todo):
            index, svg, error = _next_result(results, workers)
            if error is not None:
                raise error
            svgs[todo[index][0]] = svg
            advance()
        return svgs
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
        for worker in workers:
            worker.join()
        _TODO.clear()
        _LANES.clear()


def _next_result(results, workers) -> tuple[int, str | None, BaseException | None]:
    """The next (index, svg, error) a worker sent; a worker that died without a word (killed,
    out of memory) is an error here instead of a wait for ever."""
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
    (index, svg, None), or (index, None, error) and stop."""
    import signal

    from banmen.render import render_svg

    # the build's own process stops the workers and says so in one line
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - the worker's life
    lane = None
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
        except Exception as error:  # noqa: BLE001 - sent to the build process, which raises it
            try:
                pickle.dumps(error)
            except Exception:  # noqa: BLE001 - an error that cannot travel goes as its text
                from banmen.game import BanmenError

                error = BanmenError(f"{type(error).__name__}: {error}")
            results.put((index, None, error))
            return
        results.put((index, svg, None))


def _next_lane(claimed, busy) -> int | None:
    """The lane a worker turns to: among lanes with boards left, one no worker draws, else
    the one with the fewest workers; of those the one with the most boards left (the first
    of equals). ``None`` when every board is handed out."""
    open_lanes = [i for i, indexes in enumerate(_LANES) if claimed[i] < len(indexes)]
    if not open_lanes:
        return None
    return min(open_lanes, key=lambda i: (busy[i], claimed[i] - len(_LANES[i]), i))
