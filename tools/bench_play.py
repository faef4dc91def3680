"""Benchmark of the play board's engine in Chromium: Pyodide start and engine replies.

Prints, measured in headless Chromium (Debian's chromium) on this machine:

* the time from the first request (the reader pressing 「この局面から指す」) until the engine
  answers it: Pyodide and the engine zip loaded, the start position's legal moves listed;
  the median of ``--runs`` fresh page loads;
* the median reply time of each strength (easy / normal / strong) per game, over positions
  of a seeded random game; ``strong`` thinks for ``--ms`` milliseconds (default 1000).

Usage: python tools/bench_play.py [--runs 3] [--positions 8] [--ms 1000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_play_engine import CHROMIUM_ARGS, positions, serve_play_harness  # noqa: E402

GAMES = [("ukejalayer", {}), ("medamagaeru", {}), ("suicide-checkers", {}), ("babuschka", {}),
         ("babuschka", {"players": 4}), ("ludo", {"preset": "aeroplane"})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh page loads for start-up")
    parser.add_argument("--positions", type=int, default=8, help="positions per game")
    parser.add_argument("--ms", type=int, default=1000, help="thinking time of 'strong'")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        url, server = serve_play_harness(Path(folder))
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        starts = []
        for _ in range(args.runs):
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("window.bmAsk !== undefined")
            begin = time.perf_counter()
            page.evaluate("() => window.bmAsk({op: 'start', game: 'ukejalayer'})"
                          ".then((a) => window.bmAsk({op: 'legal', game: 'ukejalayer',"
                          " position: a.position}))")
            starts.append(time.perf_counter() - begin)
            page.close()
        print(f"button press to playable board (Pyodide + engines + first legal moves): "
              f"median {statistics.median(starts):.2f} s (min {min(starts):.2f}, "
              f"max {max(starts):.2f}, {args.runs} fresh loads)")
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("window.bmAsk !== undefined")
        page.evaluate("() => window.bmAsk({op: 'start', game: 'ukejalayer'})")
        print(f"{'game':<24} {'easy':>8} {'normal':>8} {'strong':>8}   (median reply, ms)")
        for game_id, rules in GAMES:
            found = positions(game_id, rules, args.positions, seed=11)
            cells = []
            for strength in ("easy", "normal", "strong"):
                times = page.evaluate("""async ([requests]) => {
                    const times = [];
                    for (const r of requests) {
                        const t = performance.now();
                        const answer = await window.bmAsk(r);
                        if (answer.move !== undefined) times.push(performance.now() - t);
                    }
                    return times;
                }""", [[{"op": "reply", "game": game_id, "rules": rules, "position": pos,
                         "strength": strength, "seed": i, "ms": args.ms}
                        for i, pos in enumerate(found)]])
                cells.append(f"{statistics.median(times):8.0f}" if times else f"{'-':>8}")
            label = game_id + ("-" + "-".join(map(str, rules.values())) if rules else "")
            print(f"{label:<24} {' '.join(cells)}")
        browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
