"""Benchmark of the play board's engine in Chromium: Pyodide start and engine replies.

Prints, measured in headless Chromium (Debian's chromium) on this machine:

* the time from pressing 「この局面から指す」 on the real 対局する page of ウケジャレイヤー (built
  site, fresh browser context, so nothing is cached) until the board waits for the reader's
  click: the play modules imported, Pyodide and the engine zip loaded, the board parts
  fetched, the start position's legal moves set. Each run is paired, alternating, with its
  baseline: the bare engine harness of ``tests/test_play_engine.py`` (Pyodide and the
  engines, first legal moves, no page); the difference is what the page itself costs;
* the median reply time of each strength (easy / normal / strong) per game, over positions
  of a seeded random game; ``strong`` thinks for ``--ms`` milliseconds (default 1000).

Usage: python tools/bench_play.py [--runs 3] [--positions 8] [--ms 1000] [--site DIR]
(``--site``: a site built with ``banmen build -d DIR``; default: built into a temporary
folder first, which takes minutes without a warm build cache).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import subprocess
import threading
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_play_engine import CHROMIUM_ARGS, _Handler, positions, serve_play_harness  # noqa: E402

GAMES = [("ukejalayer", {}), ("medamagaeru", {}), ("suicide-checkers", {}), ("babuschka", {}),
         ("babuschka", {"players": 4}), ("ludo", {"preset": "aeroplane"})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh page loads for start-up")
    parser.add_argument("--positions", type=int, default=8, help="positions per game")
    parser.add_argument("--ms", type=int, default=1000, help="thinking time of 'strong'")
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        site = args.site
        if site is None:
            site = Path(folder) / "site"
            print("building the site ...", file=sys.stderr)
            subprocess.run([sys.executable, "-m", "banmen.cli", "build", "-d", str(site)],
                           cwd=ROOT, check=True, capture_output=True)
        site_server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(_Handler, directory=str(site)))
        threading.Thread(target=site_server.serve_forever, daemon=True).start()
        page_url = f"http://127.0.0.1:{site_server.server_address[1]}/ukejalayer/play/"
        url, server = serve_play_harness(Path(folder) / "harness")
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        starts, bases = [], []
        for _ in range(args.runs):
            context = browser.new_context()  # a fresh cache: Pyodide is fetched again
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("window.bmAsk !== undefined")
            begin = time.perf_counter()
            page.evaluate("() => window.bmAsk({op: 'start', game: 'ukejalayer'})"
                          ".then((a) => window.bmAsk({op: 'legal', game: 'ukejalayer',"
                          " position: a.position}))")
            bases.append(time.perf_counter() - begin)
            context.close()
            context = browser.new_context()
            page = context.new_page()
            page.goto(page_url)
            block = page.locator(".bm-play-page")
            begin = time.perf_counter()
            block.locator(".bm-play-start").click()
            page.wait_for_function(
                "(b) => (b.querySelector('.bm-play-status') || {}).textContent"
                "?.includes('クリックしてください')", arg=block.element_handle(),
                timeout=300_000)
            starts.append(time.perf_counter() - begin)
            context.close()
        print(f"button press to playable board (real page and button): median "
              f"{statistics.median(starts):.2f} s (min {min(starts):.2f}, max {max(starts):.2f}); "
              f"baseline, engine harness alone: median {statistics.median(bases):.2f} s "
              f"(min {min(bases):.2f}, max {max(bases):.2f}); {args.runs} fresh contexts each, "
              "alternating")
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
        site_server.shutdown()


if __name__ == "__main__":
    main()
