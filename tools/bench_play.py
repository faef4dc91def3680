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

``--ladder`` instead plays the strengths against each other, without a browser, and prints
the table of issue 34: in every game (default rules) ふつう against やさしい (a random legal
move) and つよい against ふつう, ``--games`` games per pairing (default 100) with seeds
0, 1, ..., the colours alternated (even seeds: the stronger side moves first), a draw
counting half. つよい searches with a node budget per game (:data:`LADDER_NODES`, or
``--nodes``), so that the table does not depend on the machine's load; a game still going
after ``--max-plies`` plies (default 400) is a stall (counted half, and a failure). The
targets: ふつう scores at least 75 % against やさしい, つよい at least 70 % against ふつう
(ludo, a dice game: 60 %), and no game stalls; the exit status is 1 when one is missed.
``--jobs`` (default 2) games run at once in separate processes.

Usage: python tools/bench_play.py --ladder [--games 100] [--jobs 2] [--nodes N]
[--max-plies 400] [--only GAME ...]
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

GAMES = [("ukejalayer", {}), ("medamagaeru", {}), ("suicide-checkers", {}), ("babuschka", {}),
         ("babuschka", {"players": 4}), ("ludo", {"preset": "aeroplane"})]


PLAYABLE = ("(b) => (b.querySelector('.bm-play-status') || {}).textContent"
            "?.includes('クリックしてください')")


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


#: the games of the ladder (default rules: babuschka for two, ludo's aeroplane for two).
LADDER_GAMES = ["ukejalayer", "medamagaeru", "suicide-checkers", "babuschka", "ludo"]
#: the node budget of つよい per move, per game: modest, so that 100 games per pairing fit
#: in minutes; about what the page's second of つよい reaches under Pyodide (guide/benchmarks.md,
#: "Benchmarks"). babuschka's strong needs more than 3,000 to stay 70 % above ふつう.
LADDER_NODES = {"ukejalayer": 3000, "medamagaeru": 3000, "suicide-checkers": 3000,
                "babuschka": 10000, "ludo": 3000}
#: (stronger, weaker, the share of points the stronger must reach; ludo's own target).
PAIRINGS = [("normal", "easy", 0.75, 0.75), ("strong", "normal", 0.70, 0.60)]
NAMES_JA = {"easy": "やさしい", "normal": "ふつう", "strong": "つよい"}


def ladder_game(task: tuple[str, str, str, int, int, int]) -> tuple[str, str, str, str, int]:
    """Play one ladder game; ``task`` is ``(game id, stronger, weaker, seed, nodes,
    max plies)``. Returns ``(game id, stronger, weaker, result, plies)`` with result
    ``"win"``, ``"draw"``, ``"loss"`` (for the stronger side) or ``"stall"``."""
    from banmen import opponent
    from banmen.game import get_game

    game_id, strong, weak, seed, nodes, max_plies = task
    game = get_game(game_id)
    first_is_strong = seed % 2 == 0
    outcome, plies = opponent.play_game(
        game, (strong, weak) if first_is_strong else (weak, strong), seed,
        max_nodes=nodes, max_plies=max_plies)
    if outcome is None:
        result = "stall"
    elif outcome.winner is None:
        result = "draw"
    else:
        first_won = outcome.winner == game.side_to_move(game.initial_state())
        result = "win" if first_won == first_is_strong else "loss"
    return game_id, strong, weak, result, plies


def _pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (a wide character takes 2)."""
    import unicodedata

    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - used)


def ladder(args: argparse.Namespace) -> int:
    """Play and print the ladder (see the module documentation); return the exit status."""
    import multiprocessing

    games = args.only or LADDER_GAMES
    tasks = [(game_id, strong, weak, seed, args.nodes or LADDER_NODES[game_id], args.max_plies)
             for game_id in games for strong, weak, _, _ in PAIRINGS
             for seed in range(args.games)]
    results: dict[tuple[str, str, str], list[tuple[str, int]]] = {}
    begin = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for game_id, strong, weak, result, plies in pool.imap_unordered(ladder_game, tasks):
            results.setdefault((game_id, strong, weak), []).append((result, plies))
    print(f"{'game':<18} {'pairing':<14} {'nodes':>6} {'W':>4} {'D':>4} {'L':>4} "
          f"{'stall':>5} {'score':>6} {'target':>6} {'plies':>6}")
    missed = []
    for game_id in games:
        for strong, weak, target, dice_target in PAIRINGS:
            rows = results[(game_id, strong, weak)]
            count = {kind: sum(1 for r, _ in rows if r == kind)
                     for kind in ("win", "draw", "loss", "stall")}
            score = (count["win"] + 0.5 * (count["draw"] + count["stall"])) / len(rows)
            goal = dice_target if game_id == "ludo" else target
            ok = score >= goal and not count["stall"]
            if not ok:
                missed.append(f"{game_id} {strong}-{weak}")
            pairing = _pad(f"{NAMES_JA[strong]}–{NAMES_JA[weak]}", 14)
            nodes = args.nodes or LADDER_NODES[game_id] if "strong" in (strong, weak) else "-"
            print(f"{game_id:<18} {pairing} {nodes:>6} {count['win']:>4} {count['draw']:>4} "
                  f"{count['loss']:>4} {count['stall']:>5} {score:>6.0%} {goal:>6.0%} "
                  f"{sum(p for _, p in rows) / len(rows):>6.0f}{'' if ok else '  MISSED'}")
    print(f"{args.games} games per pairing, colours alternated, a draw or stall counts half; "
          f"{time.perf_counter() - begin:.0f} s with {args.jobs} processes")
    print("targets missed: " + ", ".join(missed) if missed else "every target met")
    return 1 if missed else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh page loads for start-up")
    parser.add_argument("--positions", type=int, default=8, help="positions per game")
    parser.add_argument("--ms", type=int, default=1000, help="thinking time of 'strong'")
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--start-only", action="store_true", help="no reply times")
    parser.add_argument("--ladder", action="store_true",
                        help="play the strengths against each other (no browser)")
    parser.add_argument("--games", type=int, default=100, help="ladder: games per pairing")
    parser.add_argument("--jobs", type=int, default=2, help="ladder: processes")
    parser.add_argument("--nodes", type=int, help="ladder: node budget of 'strong' per move "
                        "(default: per game, LADDER_NODES)")
    parser.add_argument("--max-plies", type=int, default=400,
                        help="ladder: plies after which a game counts as stalled")
    parser.add_argument("--only", nargs="+", choices=LADDER_GAMES, metavar="GAME",
                        help="ladder: only these games")
    args = parser.parse_args()
    if args.ladder:
        sys.exit(ladder(args))
    from playwright.sync_api import sync_playwright
    from test_play_engine import CHROMIUM_ARGS, positions, serve_play_harness
    from test_play_engine import _Handler
    from site_routes import SITE_ORIGIN, serve_at_site_url

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
            serve_at_site_url(context, site)
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
