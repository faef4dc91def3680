"""Benchmark of the play board's engine in Chromium: Pyodide start and engine replies.

Prints, measured in headless Chromium (Debian's chromium) on this machine:

* starting play on the real 対局する page of ウケジャレイヤー (built site, a fresh browser
  context, so nothing is cached): from pressing 「対局を始める」 until the board of the start
  position shows (the view comes with the page; the engine still loads), and until the
  board waits for the reader's click (the play modules imported, Pyodide and the engine zip
  loaded, the start position's legal moves set). Each run is paired, alternating, with its
  baseline: the bare engine harness of ``tests/test_play_engine.py`` (Pyodide and the
  engines, first legal moves, no page); the difference is what the page itself costs;
* a second play page of the same visit, pressed right after it loads: reached by Material's
  instant navigation (the site served at its ``site_url``, http://127.0.0.1:8000, through
  the browser's request routing), where the engine worker is still up; and loaded anew (a
  full page load), where Python starts again from the files the browser has cached;
* the median reply time of each strength (easy / normal / strong) per game, over positions
  of a seeded random game; ``strong`` thinks for ``--ms`` milliseconds (default 1000).

Usage: python tools/bench_play.py [--runs 3] [--positions 8] [--ms 1000] [--site DIR]
       [--start-only]
(``--site``: a site built with ``banmen build -d DIR``; default: built into a temporary
folder first, which takes minutes without a warm build cache; ``--start-only``: the start
figures only, no reply times).
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


#: The site_url of mkdocs.yml: Material navigates instantly only between the pages of its
#: sitemap, so the instant-navigation figure serves the site there through request routing.
SITE_ORIGIN = "http://127.0.0.1:8000"
TYPES = {".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
         ".css": "text/css", ".xml": "application/xml", ".json": "application/json",
         ".svg": "image/svg+xml", ".wasm": "application/wasm", ".zip": "application/zip"}
PLAYABLE = ("(b) => (b.querySelector('.bm-play-status') || {}).textContent"
            "?.includes('クリックしてください')")


def _serve_at_site_url(context, site: Path) -> None:
    """Answer every request of ``context`` to SITE_ORIGIN from the built files."""

    def answer(route):
        path = route.request.url[len(SITE_ORIGIN):].split("?")[0].split("#")[0]
        target = site / path.lstrip("/")
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            route.fulfill(status=404, body="not found")
            return
        route.fulfill(status=200, body=target.read_bytes(),
                      content_type=TYPES.get(target.suffix, "application/octet-stream"))

    context.route(f"{SITE_ORIGIN}/**", answer)


def _start(page, url: str | None, board_too: bool = False) -> tuple[float, float]:
    """Open ``url`` (``None``: the page already shown), press 「対局を始める」; return the
    seconds until the board shows its pieces (``board_too``, else 0) and until it is
    playable, both measured in the page from the press."""
    if url is not None:
        page.goto(url)
    block = page.locator(".bm-play-page[data-ready]")  # its button has its handler
    block.evaluate("""(b) => {
        b.dataset.pause = '0';
        const start = performance.now();
        const view = JSON.parse(b.getAttribute('data-play'))[0].view;
        const wanted = view ? view.pieces.length : 0;
        window.__bmTimes = {};
        new MutationObserver((_, observer) => {
            const times = window.__bmTimes;
            if (times.board === undefined && b.querySelector('.bm-play-svg')
                && b.querySelectorAll('.bm-play-pieces use').length >= wanted) {
                times.board = performance.now() - start;
            }
            const status = b.querySelector('.bm-play-status');
            if (status && status.textContent.includes('クリックしてください')) {
                times.playable = performance.now() - start;
                observer.disconnect();
            }
        }).observe(b, { childList: true, subtree: true, characterData: true });
    }""")
    block.locator(".bm-play-start").click()
    page.wait_for_function(PLAYABLE, arg=block.element_handle(), timeout=300_000)
    page.wait_for_function("window.__bmTimes.playable !== undefined")
    times = page.evaluate("window.__bmTimes")
    return (times.get("board", 0) / 1000 if board_too else 0.0), times["playable"] / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh page loads for start-up")
    parser.add_argument("--positions", type=int, default=8, help="positions per game")
    parser.add_argument("--ms", type=int, default=1000, help="thinking time of 'strong'")
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--start-only", action="store_true", help="no reply times")
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
        base = f"http://127.0.0.1:{site_server.server_address[1]}"
        figures: dict[str, list[float]] = {name: [] for name in (
            "baseline", "board", "playable", "instant", "reloaded")}
        for _ in range(args.runs):
            context = browser.new_context()  # a fresh cache: Pyodide is fetched again
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("window.bmAsk !== undefined")
            begin = time.perf_counter()
            page.evaluate("() => window.bmAsk({op: 'start', game: 'ukejalayer'})"
                          ".then((a) => window.bmAsk({op: 'legal', game: 'ukejalayer',"
                          " position: a.position}))")
            figures["baseline"].append(time.perf_counter() - begin)
            context.close()
            # the first play page of a visit, then another loaded anew (full page load)
            context = browser.new_context()
            page = context.new_page()
            board, playable = _start(page, f"{base}/ukejalayer/play/", board_too=True)
            figures["board"].append(board)
            figures["playable"].append(playable)
            figures["reloaded"].append(_start(page, f"{base}/suicide-checkers/play/")[1])
            context.close()
            # a second play page reached by instant navigation
            context = browser.new_context()
            page = context.new_page()
            _serve_at_site_url(context, site)
            _start(page, f"{SITE_ORIGIN}/ukejalayer/play/")
            page.evaluate("window.__stayed = 'yes'")
            page.locator('.md-nav a[href$="suicide-checkers/play/"]').first.click()
            page.wait_for_function("document.querySelector('h1').textContent"
                                   ".includes('スーサイドチェッカー')")
            assert page.evaluate("window.__stayed") == "yes", "not an instant navigation"
            figures["instant"].append(_start(page, None)[1])
            context.close()
        lines = {"board": "press to the board shown", "playable": "press to a playable board",
                 "baseline": "baseline, engine harness alone",
                 "instant": "second play page, instant navigation: press to playable",
                 "reloaded": "second play page loaded anew (Pyodide from the browser cache): press to playable"}
        for name, label in lines.items():
            times = figures[name]
            print(f"{label}: median {statistics.median(times):.2f} s "
                  f"(min {min(times):.2f}, max {max(times):.2f})")
        print(f"({args.runs} fresh contexts each, alternating)")
        if args.start_only:
            browser.close()
            server.shutdown()
            site_server.shutdown()
            return
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
