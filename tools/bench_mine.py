"""Benchmark: puzzles mined per minute per game, and what the mined practice set costs.

Mining: for each game, ``banmen mine GAME --count N --seed S --out TMP --jobs J --root ROOT``
runs as a subprocess of the command line, as an author runs it (``--jobs`` every core by
default, a fixed seed, so every run plays the same games and writes the same files), into a
fresh temporary folder. It prints per game and run the puzzles written, the games played
(from the command's last progress line), wall seconds, CPU seconds (the command and its
worker processes: the children's rusage), puzzles per minute (wall) and the minutes that rate
needs for 200 puzzles; with ``--runs`` above 1, the medians too. Ludo's puzzles are
questions about a roll, several per game and cheap, so it is asked for more (``--ludo-count``,
5 x ``--count`` by default).

Practice set: the committed mined set, ``practice/<game>/*.yaml`` at the project root, is
content (``banmen check`` checks it, the site build makes the practice pages' data of it).
What it adds is measured on two scratch copies of the project (``copy_project`` of
tests/conftest.py), one with ``practice/`` and one with it removed, both cold: a
``banmen check --root COPY`` (the check keeps no cache) and a ``mkdocs build --strict`` with
``BANMEN_NO_CACHE=1`` (the copies have no ``.cache`` either, so every build checks and draws
everything). After one unmeasured run of each kind (the first run after copying pays one-off
costs), the two sides run in pairs, right next to each other, the order alternating from pair
to pair, and the figures are the medians of the pairs: the difference in seconds and the
ratio (with practice / without), wall and CPU. Without a committed practice set this part
says so in one line and is skipped.

The load average (1 minute) is printed before and after every measured run; above 0.5 the
machine was doing other work and the figures are rough: such runs are marked ``!`` and a
warning says so.

    python tools/bench_mine.py [--count 20] [--ludo-count 100] [--games G ...] [--seed 1]
                               [--runs 1] [--jobs N] [--check-pairs 3] [--build-pairs 2]
                               [--skip-mine] [--skip-content]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import copy_project  # noqa: E402

GAMES = ["ukejalayer", "medamagaeru", "suicide-checkers", "babuschka", "ludo"]
#: The size of a practice set the extrapolation is for.
TARGET_PUZZLES = 200
#: Ludo is asked for this many times --count: its questions are cheap, several per game.
LUDO_FACTOR = 5
#: Above this load average (1 minute) other work shares the cores: figures are rough.
QUIET_LOAD = 0.5
#: ``banmen mine``'s progress lines on standard error (the last one has the final count).
PROGRESS = re.compile(r"(\d+) games played|found only \d+ of \d+ puzzles in (\d+) games")


@dataclass(frozen=True)
class Timing:
    """One measured subprocess run."""

    wall: float
    cpu: float  # the process and its children (workers, drawing processes)
    output: str  # standard error then standard output (mine's progress is on stderr)
    load_before: float
    load_after: float


@dataclass(frozen=True)
class MineRun:
    """One ``banmen mine`` run of one game."""

    puzzles: int  # the files written
    games_played: int | None  # None: the command printed no progress line
    timing: Timing


def load() -> float:
    return os.getloadavg()[0]


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a measured subprocess: this checkout's code first on the path (so
    the figures are of the tree the tool is in, not of another installed copy), no build
    cache switch or drawing-jobs setting inherited from the caller."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **extra}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH"))
                                        if p)
    for name in ("BANMEN_NO_CACHE", "BANMEN_JOBS"):
        if name not in extra:
            env.pop(name, None)
    return env


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> Timing:
    """Run ``command`` to the end (it must succeed) and time it, wall and CPU."""
    load_before = load()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"bench_mine: {' '.join(command)} failed ({done.returncode}):\n"
                 f"{done.stderr}{done.stdout}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(wall, cpu, done.stderr + done.stdout, load_before, load())


def loaded(timing: Timing) -> bool:
    return max(timing.load_before, timing.load_after) > QUIET_LOAD


def load_note(timing: Timing) -> str:
    """The load before and after a run, marked when either was above QUIET_LOAD."""
    return (f"load {timing.load_before:.2f} -> {timing.load_after:.2f}"
            + (" !" if loaded(timing) else ""))


def warn_if_loaded(timings: list[Timing]) -> None:
    """One warning for a set of runs when the machine was busy during any of them."""
    busy = sum(loaded(t) for t in timings)
    if busy:
        print(f"  WARNING: load average above {QUIET_LOAD} (marked !) in {busy} of "
              f"{len(timings)} runs: other work shared the cores, the figures are rough")


def banmen(*arguments: str) -> list[str]:
    """The ``banmen`` command line: what the installed script runs (``banmen.launch:main``;
    the module has no ``__main__`` block, so ``-m banmen.launch`` would do nothing)."""
    return [sys.executable, "-c", "from banmen.launch import main; main()", *arguments]


# --- mining -----------------------------------------------------------------------------------

def games_played(progress: str) -> int | None:
    """The games the run played, from its last progress line (None when it printed none)."""
    found = PROGRESS.findall(progress)
    if not found:
        return None
    played, played_when_short = found[-1]
    return int(played or played_when_short)


def mine_once(game: str, count: int, seed: int, jobs: int) -> MineRun:
    """Mine ``count`` puzzles of ``game`` into a fresh temporary folder and time it."""
    with tempfile.TemporaryDirectory(prefix="bench-mine-") as out:
        timing = timed(banmen("mine", game, "--count", str(count), "--seed", str(seed),
                              "--out", out, "--jobs", str(jobs), "--root", str(ROOT)),
                       cwd=ROOT, env=child_env())
        puzzles = len(list((Path(out) / "puzzles" / game).glob("*.yaml")))
    return MineRun(puzzles, games_played(timing.output), timing)


def print_row(game: str, label: str, puzzles: int, games: int | None, wall: float,
              cpu: float, note: str = "") -> None:
    """One row of figures: puzzles, games, wall, CPU, puzzles/minute, minutes for 200."""
    games_text = "?" if games is None else str(games)
    if puzzles:
        per_minute = puzzles / wall * 60
        rate = f"{per_minute:7.1f}/min {TARGET_PUZZLES / per_minute:7.1f} min"
    else:
        rate = f"{'none':>11} {'-':>11}"
    print(f"  {game:<17} {label:<7} {puzzles:4d} puzzles {games_text:>5} games "
          f"{wall:7.1f} s wall {cpu:7.1f} s CPU {rate}{note}", flush=True)


def bench_mining(games: list[str], counts: dict[str, int], seed: int, jobs: int,
                 runs: int) -> None:
    print(f"banmen mine, seed {seed}, --jobs {jobs} ({os.cpu_count()} cores); per run: puzzles "
          f"written, games played, wall and CPU seconds, puzzles per minute (wall), minutes "
          f"for {TARGET_PUZZLES} puzzles at that rate:")
    all_timings: list[Timing] = []
    for game in games:
        results = []
        for number in range(1, runs + 1):  # each row printed as its run ends: runs are long
            result = mine_once(game, counts[game], seed, jobs)
            results.append(result)
            timing = result.timing
            print_row(game, f"run {number}", result.puzzles, result.games_played, timing.wall,
                      timing.cpu, f"  ({load_note(timing)})")
            if result.puzzles < counts[game]:
                print(f"  {game:<17} found only {result.puzzles} of {counts[game]} puzzles "
                      "(the command gave up)")
        if runs > 1:
            # the same seed every run: the same games and files, only the machine differs
            print_row(game, "median", results[0].puzzles, results[0].games_played,
                      statistics.median(r.timing.wall for r in results),
                      statistics.median(r.timing.cpu for r in results))
        all_timings += [r.timing for r in results]
    warn_if_loaded(all_timings)


# --- the committed practice set ------------------------------------------------------------------

def practice_files(root: Path) -> list[Path]:
    return sorted((root / "practice").glob("*/*.yaml"))


def paired(with_practice: Callable[[], Timing], without_practice: Callable[[], Timing],
           pairs: int) -> list[tuple[Timing, Timing]]:
    """(with, without) timings of ``pairs`` pairs, the side run first alternating."""
    results = []
    for number in range(pairs):
        if number % 2 == 0:
            with_run = with_practice()
            without_run = without_practice()
        else:
            without_run = without_practice()
            with_run = with_practice()
        results.append((with_run, without_run))
    return results


def report_pairs(label: str, results: list[tuple[Timing, Timing]]) -> None:
    """Medians of the pairs: each side, the difference (seconds) and the ratio, wall and CPU."""
    for number, (with_run, without_run) in enumerate(results, 1):
        print(f"    pair {number}: with {with_run.wall:.2f} s ({load_note(with_run)}), without "
              f"{without_run.wall:.2f} s ({load_note(without_run)})")
    wall_with = statistics.median(w.wall for w, _ in results)
    wall_without = statistics.median(o.wall for _, o in results)
    wall_added = statistics.median(w.wall - o.wall for w, o in results)
    wall_ratio = statistics.median(w.wall / o.wall for w, o in results)
    cpu_added = statistics.median(w.cpu - o.cpu for w, o in results)
    cpu_ratio = statistics.median(w.cpu / o.cpu for w, o in results)
    print(f"  {label}: with practice {wall_with:.2f} s, without {wall_without:.2f} s; "
          f"adds {wall_added:+.2f} s, ratio {wall_ratio:.2f} (n={len(results)}) "
          f"[CPU adds {cpu_added:+.2f} s, ratio {cpu_ratio:.2f}]", flush=True)
    warn_if_loaded([t for pair in results for t in pair])


def bench_practice(check_pairs: int, build_pairs: int) -> None:
    if not (ROOT / "practice").is_dir():
        print("practice set: there is no committed practice set (practice/ is absent); skipped")
        return
    files = practice_files(ROOT)
    print(f"practice set: {len(files)} files under practice/; cold runs in pairs, with and "
          "without practice/, alternating order; figures are medians of the pairs:")
    with tempfile.TemporaryDirectory(prefix="bench-practice-") as tmp:
        tmp_path = Path(tmp)
        with_copy = copy_project(tmp_path / "with")
        without_copy = copy_project(tmp_path / "without")
        shutil.rmtree(without_copy / "practice")

        def check(copy: Path) -> Callable[[], Timing]:
            return lambda: timed(banmen("check", "--root", str(copy), "-q"), cwd=copy,
                                 env=child_env())

        def build(copy: Path) -> Callable[[], Timing]:
            # no cache read or written: every build of the same copy is a cold one
            command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                       "--site-dir", str(tmp_path / f"site-{copy.name}")]
            return lambda: timed(command, cwd=copy, env=child_env(BANMEN_NO_CACHE="1"))

        # one unmeasured run of each first: the first run after the copy pays one-off costs
        # (files read into the disk cache, compiled modules, font caches) that would
        # otherwise fall on whichever side runs first
        if check_pairs:
            check(without_copy)()
            report_pairs("cold banmen check",
                         paired(check(with_copy), check(without_copy), check_pairs))
        if build_pairs:
            build(without_copy)()
            report_pairs("cold site build",
                         paired(build(with_copy), build(without_copy), build_pairs))


def at_least(lowest: int) -> Callable[[str], int]:
    """An argparse type: an integer no smaller than ``lowest``."""
    def parse(text: str) -> int:
        value = int(text)
        if value < lowest:
            raise argparse.ArgumentTypeError(f"{value}: must be {lowest} or more")
        return value
    return parse


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Mining runs 'banmen mine' per game into a temporary folder; the practice part "
               "times cold 'banmen check' and cold site builds of scratch copies with and "
               "without practice/. Load average above 0.5: figures are rough.")
    parser.add_argument("--count", type=at_least(1), default=20, metavar="N",
                        help="puzzles per game per run (default 20)")
    parser.add_argument("--ludo-count", type=at_least(1), default=None, metavar="N",
                        help=f"puzzles per run for ludo, whose questions are cheap (default "
                             f"{LUDO_FACTOR} x --count)")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=GAMES, metavar="GAME",
                        help=f"games to mine (default all: {' '.join(GAMES)})")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="mining seed (default 1)")
    parser.add_argument("--runs", type=at_least(1), default=1, metavar="R",
                        help="mining runs per game, same seed; medians when above 1 (default 1)")
    parser.add_argument("--jobs", type=at_least(1), default=os.cpu_count() or 1, metavar="J",
                        help=f"mining worker processes (default every core: {os.cpu_count()})")
    parser.add_argument("--check-pairs", type=at_least(0), default=3, metavar="P",
                        help="pairs of cold 'banmen check' runs, with and without practice/ "
                             "(default 3; 0: none)")
    parser.add_argument("--build-pairs", type=at_least(0), default=2, metavar="P",
                        help="pairs of cold site builds, with and without practice/ (about "
                             "10 s a build; default 2; 0: none)")
    parser.add_argument("--skip-mine", action="store_true", help="measure the practice set only")
    parser.add_argument("--skip-content", action="store_true",
                        help="measure mining only (no check or build of the practice set)")
    args = parser.parse_args()
    ludo_count = args.ludo_count or LUDO_FACTOR * args.count
    counts = {game: ludo_count if game == "ludo" else args.count for game in args.games}
    if not args.skip_mine:
        bench_mining(args.games, counts, args.seed, args.jobs, args.runs)
    if not args.skip_content:
        bench_practice(args.check_pairs, args.build_pairs)


if __name__ == "__main__":
    main()
