#!/usr/bin/env python3
"""Benchmark suicide-checkers perft against pydraughts and py-draughts.

Counts perft from the starting position (English draughts moves, compulsory capture,
distinct jump paths apart; ``shared/rules/suicide-checkers.md``) with:

* ours: ``banmen.games.suicide_checkers`` (bitboard core, bulk count at the last ply);
* pydraughts (PyPI ``pydraughts``, English variant), in its own virtual environment;
* py-draughts (PyPI ``py-draughts``, ``AmericanBoard``), in its own virtual environment.
  Its American board offers captures as optional, so the benchmark keeps only the capturing
  moves whenever one exists, which gives the English tree.

Both libraries import as ``draughts``, hence one venv each, created once and cached under
``.bench/venvs/`` at the repository root (delete the folder to rebuild them). Every count is
checked against the published values; a mismatch is reported and makes the exit status 1.
All three perfts bulk-count at the last ply (the number of legal moves, no make/unmake).

Usage::

    python tools/bench_checkers.py                 # ours to depth 10, the others within budget
    python tools/bench_checkers.py --max-depth 8 --budget 10
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_ROOT = ROOT / ".bench" / "venvs"

#: perft from the start, depths 1..10 (the spec's "Reference facts").
PUBLISHED = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564]

# Each worker prints one JSON line per depth: {"depth": d, "nodes": n, "seconds": s}.
# argv: max depth, budget in seconds (no deeper depth once one depth took longer than a
# fifth of the budget, since each depth costs about five times the previous one).
_WORKER_COMMON = r"""
import json, sys, time
max_depth, budget = int(sys.argv[1]), float(sys.argv[2])
def run(perft, board):
    for depth in range(1, max_depth + 1):
        start = time.perf_counter()
        nodes = perft(board, depth)
        seconds = time.perf_counter() - start
        print(json.dumps({"depth": depth, "nodes": nodes, "seconds": seconds}), flush=True)
        if seconds * 5 > budget:
            break
"""

PYDRAUGHTS_WORKER = _WORKER_COMMON + r"""
from draughts import Board
def perft(board, depth):
    moves = board.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total
run(perft, Board(variant="english"))
"""

PY_DRAUGHTS_WORKER = _WORKER_COMMON + r"""
from draughts import AmericanBoard
def english_moves(board):
    # py-draughts' American board makes captures optional; English draughts does not.
    moves = board.legal_moves
    captures = [m for m in moves if m.captured_list]
    return captures or moves
def perft(board, depth):
    moves = english_moves(board)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total
run(perft, AmericanBoard())
"""

ENGINES = {
    # name: (PyPI package, worker source)
    "pydraughts": ("pydraughts", PYDRAUGHTS_WORKER),
    "py-draughts": ("py-draughts", PY_DRAUGHTS_WORKER),
}


def venv_python(name: str, package: str) -> Path:
    """Return the interpreter of the cached venv ``name`` with ``package``, creating it once."""
    folder = VENV_ROOT / name
    python = folder / "bin" / "python"
    marker = folder / f".installed-{package}"
    if not marker.exists():
        print(f"creating {folder} with {package} (once) ...", file=sys.stderr, flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(folder)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", package], check=True)
        marker.write_text(package + "\n")
    return python


def bench_foreign(name: str, max_depth: int, budget: float) -> list[dict]:
    """Run one library's perft worker in its venv and return its per-depth results."""
    package, source = ENGINES[name]
    python = venv_python(name, package)
    done = subprocess.run(
        [str(python), "-c", source, str(max_depth), str(budget)],
        capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        print(f"{name} failed:\n{done.stderr}", file=sys.stderr)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def bench_ours(max_depth: int) -> list[dict]:
    """Run our bitboard perft for depths 1..max_depth in this interpreter."""
    sys.path.insert(0, str(ROOT))
    from banmen.games.suicide_checkers import SuicideCheckersGame

    game = SuicideCheckersGame()
    state = game.initial_state()
    results = []
    for depth in range(1, max_depth + 1):
        start = time.perf_counter()
        nodes = game.perft(state, depth)
        results.append({"depth": depth, "nodes": nodes, "seconds": time.perf_counter() - start})
    return results


def rate(result: dict | None) -> str:
    """Format a result as nodes per second (blank when the depth was not run)."""
    if result is None:
        return ""
    return f"{result['nodes'] / max(result['seconds'], 1e-9):,.0f}"


def seconds(result: dict | None) -> str:
    """Format a result's time in seconds (blank when the depth was not run)."""
    return "" if result is None else f"{result['seconds']:.3f}"


def ratio(ours: dict | None, theirs: dict | None) -> str:
    """Ours/theirs speed ratio at one depth (time theirs / time ours)."""
    if ours is None or theirs is None:
        return ""
    return f"{theirs['seconds'] / max(ours['seconds'], 1e-9):.1f}x"


def print_table(columns: dict[str, list[dict]]) -> None:
    """Print one row per depth: published count, then time and nodes/s of each engine."""
    by_depth = {name: {r["depth"]: r for r in rows} for name, rows in columns.items()}
    depth_count = max((r["depth"] for rows in columns.values() for r in rows), default=0)
    head = ["depth", "perft"]
    for name in columns:
        head += [f"{name} s", f"{name} n/s"]
    head += [f"ours/{name}" for name in columns if name != "ours"]
    lines = [head]
    for depth in range(1, depth_count + 1):
        row = [str(depth), f"{PUBLISHED[depth - 1]:,}" if depth <= len(PUBLISHED) else "?"]
        for name in columns:
            found = by_depth[name].get(depth)
            row += [seconds(found), rate(found)]
        for name in columns:
            if name != "ours":
                row.append(ratio(by_depth["ours"].get(depth), by_depth[name].get(depth)))
        lines.append(row)
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    for line in lines:
        print("  ".join(cell.rjust(width) for cell, width in zip(line, widths)))


def summary(columns: dict[str, list[dict]]) -> None:
    """Print the overall ratios at the deepest depth each library shares with ours."""
    ours = {r["depth"]: r for r in columns["ours"]}
    for name, rows in columns.items():
        if name == "ours" or not rows:
            continue
        deepest = max(r["depth"] for r in rows if r["depth"] in ours)
        theirs = next(r for r in rows if r["depth"] == deepest)
        print(f"ours/{name} at depth {deepest}: {ratio(ours[deepest], theirs)} "
              f"({rate(ours[deepest])} vs {rate(theirs)} nodes/s)")


def check_counts(columns: dict[str, list[dict]]) -> bool:
    """Report every count that differs from the published perft; True when all agree."""
    agree = True
    for name, rows in columns.items():
        for r in rows:
            expected = PUBLISHED[r["depth"] - 1] if r["depth"] <= len(PUBLISHED) else None
            if expected is not None and r["nodes"] != expected:
                print(f"MISMATCH {name} depth {r['depth']}: {r['nodes']} != {expected}")
                agree = False
    return agree


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-depth", type=int, default=10,
                        help="deepest perft for every engine (default 10; ours always reaches it)")
    parser.add_argument("--budget", type=float, default=30.0,
                        help="seconds per foreign library: it stops before a depth expected to "
                             "exceed this (default 30)")
    parser.add_argument("--skip", action="append", default=[], choices=sorted(ENGINES),
                        help="leave a library out (repeatable)")
    args = parser.parse_args(argv)

    columns = {"ours": bench_ours(args.max_depth)}
    for name in ENGINES:
        if name not in args.skip:
            columns[name] = bench_foreign(name, args.max_depth, args.budget)
    print_table(columns)
    summary(columns)
    return 0 if check_counts(columns) else 1


if __name__ == "__main__":
    sys.exit(main())
