"""The play board's engine: banmen's own Python rules in the browser, through Pyodide.

In real Chromium the page asks a Web Worker that runs :mod:`banmen.play` under Pyodide (the
vendored npm package, nothing from a CDN) on the engine zip the build writes. For each game,
on 50 positions reached by random play from the start (fixed seed), the moves the worker
offers equal ``banmen moves`` on the same position, and the position after each offered move
equals what CPython computes.
"""

from __future__ import annotations

import functools
import http.server
import json
import random
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from banmen import play
from banmen.game import get_game
from banmen.games.views import view
from banmen.site.play_assets import ENGINE_ZIP, PYODIDE_DIR, engine_zip, write_play_assets
from conftest import play_randomly

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
POSITIONS = 50
#: moves played from each position in the browser (a seeded sample when there are more).
MOVES_PER_POSITION = 12
#: (game, rule overrides) the differential test covers.
VARIANTS = [
    ("ukejalayer", {}),
    ("medamagaeru", {}),
    ("suicide-checkers", {}),
    ("babuschka", {}),
    ("babuschka", {"players": 4}),
    ("ludo", {"preset": "aeroplane"}),
    ("ludo", {"preset": "easy", "colours": 4}),
    ("ludo", {"preset": "ludo", "colours": 3}),
]


def _normal(mapping: dict) -> dict:
    return json.loads(json.dumps(mapping))


def positions(game_id: str, rules: dict, count: int, seed: int = 20261201) -> list[dict]:
    """Return ``count`` position mappings from random games from the start (fixed seed)."""
    game = get_game(game_id, rules)
    rng = random.Random(seed)
    found: list[dict] = []
    while len(found) < count:
        state = play_randomly(game, game.initial_state(), rng, rng.randint(1, 60))
        found.append(_normal(game.position_to_yaml(state)))
    return found


def cli_moves(game_id: str, rules: dict, position: dict, tmp_path: Path) -> list[str]:
    """Return what ``banmen moves`` prints for ``position`` (one move a line)."""
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"game": game_id, **position}), encoding="utf-8")
    sets = [arg for name, value in rules.items()
            for arg in ("--set", f"{game_id}.{name}={json.dumps(value)}")]
    result = subprocess.run([sys.executable, "-m", "banmen.cli", "moves", game_id, str(path),
                             *sets], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_the_engine_zip_is_deterministic_and_standard_library_only():
    assert engine_zip() == engine_zip()
    import io
    import zipfile

    names = zipfile.ZipFile(io.BytesIO(engine_zip())).namelist()
    assert names == sorted(names)
    assert {"banmen/play.py", "banmen/game.py", "banmen/params.py",
            "banmen/games/ludo/engine.py"} <= set(names)
    assert not any(name.startswith(("banmen/site/", "banmen/render/", "banmen/content/"))
                   for name in names)


def test_python_api_answers_in_json_and_refuses_bad_requests():
    start = json.loads(play.handle(json.dumps({"op": "start", "game": "suicide-checkers"})))
    assert start["position"] == {"game": "suicide-checkers",
                                 "fen": "B:W21,22,23,24,25,26,27,28,29,30,31,32:"
                                        "B1,2,3,4,5,6,7,8,9,10,11,12"}
    assert sorted(start) == ["position", "view"] and len(start["view"]["pieces"]) == 24
    legal = json.loads(play.handle(json.dumps({"op": "legal", "game": "suicide-checkers",
                                               "position": start["position"]})))
    assert [entry["move"] for entry in legal["moves"]] == [
        "10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    assert legal["moves"][0]["clicks"] == ["10", "14"] and legal["to_move"] == "black"
    assert json.loads(play.handle("[1]")) == {"error": "a request is a JSON object"}
    assert json.loads(play.handle(json.dumps({"op": "play", "game": "suicide-checkers",
                                              "position": start["position"],
                                              "move": "10-19"}))) == {
        "error": "'10-19' is not a legal move here (legal: 9-13, 9-14, 10-14, 10-15, 11-15, "
                 "11-16, 12-16)"}
    assert json.loads(play.handle(json.dumps({"op": "legal", "game": "chess",
                                              "position": {}}))) == {
        "error": "unknown game 'chess' (known: babuschka, ludo, medamagaeru, "
                 "suicide-checkers, ukejalayer)"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    # a module script or worker needs a JavaScript type, Pyodide's wasm application/wasm
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


def serve_play_harness(site: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    """Write the play assets as the build does, the engine client modules and a page that
    exposes ``window.bmAsk`` into ``site``; serve it on 127.0.0.1 (a module worker does not
    run from file://). Returns the page's URL and the server (``shutdown()`` it).
    ``tools/bench_play.py`` uses it too."""
    shutil.copytree(ROOT / "banmen" / "site" / "assets" / "js" / "play",
                    site / "assets" / "js" / "play", dirs_exist_ok=True)
    write_play_assets(ROOT, site)
    (site / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>play</title>'
        '<script type="module">import { ask, onStage } from "./assets/js/play/engine.js";'
        'window.bmAsk = ask; window.bmStages = []; onStage((s) => window.bmStages.push(s));'
        '</script>', encoding="utf-8")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


@pytest.fixture(scope="module")
def play_site(tmp_path_factory) -> str:
    """The play harness (:func:`serve_play_harness`) in a temporary folder."""
    site = tmp_path_factory.mktemp("play-site")
    url, server = serve_play_harness(site)
    assert (site / PYODIDE_DIR / "pyodide.asm.wasm").is_file() and (site / ENGINE_ZIP).is_file()
    yield url
    server.shutdown()


@pytest.fixture(scope="module")
def page(play_site):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.goto(play_site)
        page.wait_for_function("window.bmAsk !== undefined")
        page.requests = requests  # type: ignore[attr-defined]
        page.site = play_site  # type: ignore[attr-defined]
        yield page
        browser.close()


def _ask_all(page, requests: list[dict]) -> list[dict]:
    return page.evaluate("(requests) => Promise.all(requests.map((r) => window.bmAsk(r)))",
                         requests)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, rules", VARIANTS,
                         ids=[f"{g}-{'-'.join(map(str, r.values())) or 'default'}"
                              for g, r in VARIANTS])
def test_the_browser_offers_the_moves_of_banmen_moves(page, game_id, rules, tmp_path):
    game = get_game(game_id, rules)
    found = positions(game_id, rules, POSITIONS)
    answers = _ask_all(page, [{"op": "legal", "game": game_id, "rules": rules, "position": p}
                              for p in found])
    rng = random.Random(7)
    plays, expected, views = [], [], []
    for index, (position, answer) in enumerate(zip(found, answers)):
        assert "error" not in answer, answer
        offered = [entry["move"] for entry in answer["moves"]]
        state = game.position_from_yaml(position)
        assert offered == sorted(game.format_move(state, m) for m in game.legal_moves(state))
        if index % 10 == 0:  # the command line itself, on every tenth position
            assert offered == cli_moves(game_id, rules, position, tmp_path)
        sample = offered if len(offered) <= MOVES_PER_POSITION else sorted(
            rng.sample(offered, MOVES_PER_POSITION))
        for text in sample:
            plays.append({"op": "play", "game": game_id, "rules": rules, "position": position,
                          "move": text})
            after = game.play(state, game.parse_move(state, text))
            expected.append(_normal(game.position_to_yaml(after)))
            views.append(_normal(view(game, after)))
    results = _ask_all(page, plays)
    assert [result.get("position", result) for result in results] == expected
    # the play board's view of each position (banmen/games/views.py) runs there too
    assert [result.get("view") for result in results] == views
    # the opponents choose the same move in the browser as under CPython (a node budget
    # instead of a clock makes "strong" deterministic)
    replies = [{"op": "reply", "game": game_id, "rules": rules, "position": position,
                "strength": strength, "seed": index, "nodes": 1500}
               for index, position in enumerate(found[:6])
               for strength in ("easy", "normal", "strong")
               if game.legal_moves(game.position_from_yaml(position))]
    assert _ask_all(page, replies) == [json.loads(play.handle(json.dumps(r))) for r in replies]
    # nothing but the page's own origin was asked for
    assert all(url.startswith(page.site) for url in page.requests)
    assert page.evaluate("window.bmStages") == ["runtime", "engines", "ready"]


@pytest.mark.slow
def test_every_request_gets_an_answer_or_an_error_line(page):
    """A request holding a value JSON cannot carry (a BigInt, a cycle) is answered with one
    error line instead of never (issue 33, item 7); one the browser cannot even send to the
    worker (a function) is refused at once; the worker keeps answering afterwards."""
    answers = page.evaluate("""async () => {
        const settle = (promise) => Promise.race([
            promise.then((a) => ({answer: a}), (e) => ({refused: e.name})),
            new Promise((resolve) => setTimeout(() => resolve({silent: true}), 60000))]);
        const cycle = {op: "legal", game: "ukejalayer"};
        cycle.position = cycle;
        return [
            await settle(window.bmAsk({op: "legal", game: "ukejalayer", position: {n: 1n}})),
            await settle(window.bmAsk(cycle)),
            await settle(window.bmAsk({op: "legal", game: "ukejalayer", position: () => 1})),
            await settle(window.bmAsk({op: "start", game: "ukejalayer"})),
        ];
    }""")
    assert answers[0] == {"answer": {
        "error": "the request is no JSON value (Do not know how to serialize a BigInt)"}}
    assert answers[1]["answer"]["error"].startswith(
        "the request is no JSON value (Converting circular structure to JSON")
    assert "\n" not in answers[1]["answer"]["error"]
    assert answers[2] == {"refused": "DataCloneError"}
    assert answers[3]["answer"]["position"]["game"] == "ukejalayer"
