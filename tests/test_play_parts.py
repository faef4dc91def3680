"""The play board's parts: the engine's view of a position (``banmen.games.views``, the
``view`` request of ``banmen.play``) and the board and piece symbols the renderers draw for
it (``banmen.render.parts``), written into the site as ``assets/play/<variant>.json``.

The look is checked against the static diagrams: the squares' centres equal those of the
static board, and in Chromium the composed play board of a position rasterises to the same
pixels as the static diagram of that position (at least :data:`SAME_PIXELS` of them).
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest

from banmen import play
from banmen.content.check import load_site_rules
from banmen.game import get_game
from banmen.games.views import looks, play_variant, symbol_id, view
from conftest import play_randomly

ROOT = Path(__file__).resolve().parent.parent

#: every board variant the site writes, in the order of play_games.
SITE_VARIANTS = ["babuschka-2", "babuschka-4", "ludo-takeoff-4", "ludo-takeoff-2", "ludo-loop-4",
                 "ludo-loop-2", "medamagaeru", "suicide-checkers", "ukejalayer-4"]


def _triples(answer: dict) -> list[tuple[str, str, str]]:
    variant = answer["variant"]
    for piece in answer["pieces"]:
        assert piece["symbol"] == f"bm-play-{variant}-{piece['look']}"
    return [(p["square"], p["look"], p["label"]) for p in answer["pieces"]]


# ---- the engine's views (standard library)


def test_ukejalayer_view_lists_each_stack_bottom_to_top_and_its_height():
    game = get_game("ukejalayer")
    state = game.position_from_yaml({"game": "ukejalayer", "to_move": "black",
                                     "hands": {"white": 3, "black": 2},
                                     "board": {"a1": "WBW", "b2": "B", "c3": "BBWWB"}})
    answer = view(game, state)
    assert answer["variant"] == "ukejalayer-4"
    assert _triples(answer) == [
        ("a1", "W0", "W"), ("a1", "B1", "B"), ("a1", "W2", "W"), ("a1", "n3", "3"),
        ("b2", "B0", "B"),
        ("c3", "B0h5", "B"), ("c3", "B1h5", "B"), ("c3", "W2h5", "W"), ("c3", "W3h5", "W"),
        ("c3", "B4h5", "B"), ("c3", "n5", "5")]
    assert answer["info"] == ["黒番", "手駒　白 3　黒 2"]
    # the size changes the board, the material the tallest stack (so the looks)
    assert play_variant(get_game("ukejalayer", {"size": 5})) == "ukejalayer-5"
    assert play_variant(get_game("ukejalayer", {"hand": 10})) == "ukejalayer-4-m10"
    # W0..B3 for stacks up to 4, each level of each taller stack up to 16, heights n3..n16
    assert looks(game)[-1] == "n16" and len(looks(game)) == 8 + 2 * sum(range(5, 17)) + 14


def test_checkers_view_gives_men_and_kings_by_square_number():
    game = get_game("suicide-checkers")
    state = game.position_from_yaml({"game": "suicide-checkers", "fen": "W:W21,K30:B1,K12"})
    answer = view(game, state)
    assert answer["variant"] == "suicide-checkers"
    assert _triples(answer) == [("1", "b", "b"), ("12", "B", "B"), ("21", "w", "w"),
                                ("30", "W", "W")]
    assert answer["info"] == ["白番", "黒 2枚（キング1）　白 2枚（キング1）"]


def test_medamagaeru_view_marks_promoted_frogs_and_counts_captures():
    game = get_game("medamagaeru")
    state = game.position_from_yaml({"game": "medamagaeru", "to_move": "white",
                                     "board": {"21": "W4+", "27": "G5", "55": "G2+"},
                                     "captures": {"green": 2, "white": 0},
                                     "attacker": "green"})
    answer = view(game, state)
    assert answer["variant"] == "medamagaeru"
    assert _triples(answer) == [("21", "W4p", "W4+"), ("27", "G5", "G5"), ("55", "G2p", "G2+")]
    assert answer["info"] == ["白番", "仕掛け方：緑", "緑が取った駒　2個", "白が取った駒　なし"]


def test_babuschka_view_opens_nests_outermost_first_then_the_rim():
    game = get_game("babuschka")
    state = game.position_from_yaml({"game": "babuschka", "players": 2, "to_move": "grey",
                                     "board": {"c4": ["bS", "gM", "bL"], "d3": "gL",
                                               "e5": ["gS", "bM"]}})
    answer = view(game, state)
    assert answer["variant"] == "babuschka-2"
    assert _triples(answer) == [
        ("c4", "bL-3of3", "bL"), ("c4", "gM-2of3", "gM"), ("c4", "bS-1of3", "bS"),
        ("c4", "rim", "bS gM bL"), ("d3", "gL", "gL"),
        ("e5", "bM-2of2", "bM"), ("e5", "gS-1of2", "gS"), ("e5", "rim", "gS bM")]
    assert answer["info"] == ["灰番"]
    four = get_game("babuschka", {"players": 4})
    assert view(four, four.initial_state())["info"] == ["南の番"]
    assert play_variant(four) == "babuschka-4"


def test_ludo_view_places_pieces_in_slots_and_counts_the_rest():
    game = get_game("ludo", {"preset": "ludo"})
    state = game.position_from_yaml({
        "game": "ludo", "preset": "ludo", "colours": ["red", "blue"], "to_move": "blue",
        "roll": 6, "sixes": 1, "pieces": {"red": [9, 9, 9, 9], "blue": [35, 35, "yard", 50]}})
    answer = view(game, state)
    assert answer["variant"] == "ludo-loop-4"
    # six pieces on the safe square t8: three in the corners, 「+3」 in the fourth
    assert _triples(answer) == [
        ("b-yard3", "b3", "b3"), ("t23", "b4", "b4"), ("t8", "r1-4a", "r1"),
        ("t8", "r2-4b", "r2"), ("t8", "r3-4c", "r3"), ("t8", "more3", "+3")]
    assert answer["info"] == ["青の番", "出目6", "この番ですでに6が1回", "ルール：ルドー"]
    assert answer["die"] == 6
    short = get_game("ludo", {"preset": "aeroplane", "pieces": 2})
    two = view(short, short.position_from_yaml({
        "game": "ludo", "preset": "aeroplane", "colours": ["red", "blue"], "to_move": "red",
        "pieces": {"red": [3, 3], "blue": ["yard", "goal"]}}))
    assert two["variant"] == "ludo-takeoff-2"
    assert _triples(two) == [("b-goal", "b2", "b2"), ("b-yard1", "b1", "b1"),
                             ("t2", "r1-2a", "r1"), ("t2", "r2-2b", "r2")]
    assert two["info"] == ["赤の番", "これからサイコロを振る", "ルール：飛行棋"]


def test_the_view_request_and_the_start_and_play_answers():
    start = json.loads(play.handle(json.dumps({"op": "start", "game": "suicide-checkers",
                                               "rules": {}})))
    assert start["view"]["variant"] == "suicide-checkers"
    assert len(start["view"]["pieces"]) == 24
    after = json.loads(play.handle(json.dumps({"op": "play", "game": "suicide-checkers",
                                               "rules": {}, "position": start["position"],
                                               "move": "11-15"})))
    squares = {p["square"] for p in after["view"]["pieces"]}
    assert "15" in squares and "11" not in squares
    asked = json.loads(play.handle(json.dumps({"op": "view", "game": "suicide-checkers",
                                               "rules": {}, "position": after["position"]})))
    assert asked == after["view"]
    unknown = json.loads(play.handle(json.dumps({"op": "draw", "game": "suicide-checkers",
                                                 "position": start["position"]})))
    assert unknown == {"error": "unknown operation 'draw' (known: start, legal, play, reply, "
                                "view)"}


# ---- the parts (matplotlib)


def _site_games():
    games, errors = load_site_rules(ROOT)
    assert errors == []
    return games


@pytest.fixture(scope="module")
def site_parts() -> dict[str, tuple]:
    """variant -> (engine, parts) for every variant the site writes."""
    from banmen.render.parts import play_parts
    from banmen.site.play_assets import play_games

    return {play_variant(game): (game, play_parts(game)) for game in play_games(_site_games())}


def _positions(game, count: int, seed: int = 20261202) -> list:
    rng = random.Random(seed)
    found = [game.initial_state()]
    while len(found) < count:
        state = play_randomly(game, game.initial_state(), rng, rng.randint(1, 80))
        found.append(state)
    return found


def test_the_site_writes_every_variant_and_nothing_else(site_parts):
    assert list(site_parts) == SITE_VARIANTS


def test_parts_are_deterministic(site_parts):
    from banmen.render.parts import play_parts

    for variant in ("ukejalayer-4", "babuschka-4", "ludo-takeoff-2"):
        game, parts = site_parts[variant]
        assert json.dumps(play_parts(game), sort_keys=True) == json.dumps(parts, sort_keys=True)


def test_every_look_a_view_uses_is_a_symbol(site_parts):
    for variant, (game, parts) in site_parts.items():
        assert parts["variant"] == variant
        assert parts["looks"] == looks(game)
        defined = re.findall(r'<symbol id="([^"]+)"', parts["symbols"])
        assert defined == [symbol_id(variant, look) for look in parts["looks"]]
        ids = re.findall(r'\bid="([^"]+)"', parts["symbols"] + parts["board"])
        assert len(ids) == len(set(ids)), variant
        assert all(i.startswith("bm-play-") for i in ids)
        for state in _positions(game, 12):
            answer = view(game, state)
            assert answer["variant"] == variant
            for piece in answer["pieces"]:
                assert piece["look"] in parts["looks"], (variant, piece)
                assert piece["square"] in parts["centers"], (variant, piece)


def _square_centres(svg: str) -> dict[str, tuple[float, float]]:
    """Square name -> the centre of its cell's outline in an SVG board (the ``--sq-`` groups
    board-input.js finds)."""
    found = {}
    for name, body in re.findall(r'<g id="[^"]*--sq-([^"]+)">(.*?)</g>', svg):
        circle = re.search(r'<circle cx="([-\d.]+)" cy="([-\d.]+)"', body)
        if circle:
            found[name] = (float(circle.group(1)), float(circle.group(2)))
            continue
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?",
                                                 re.search(r'd="([^"]+)"', body).group(1))]
        xs, ys = numbers[0::2], numbers[1::2]
        found[name] = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return found


def test_squares_are_found_as_on_static_boards_at_the_same_centres(site_parts):
    from banmen.render import DiagramSpec, render_svg

    for variant, (game, parts) in site_parts.items():
        board = parts["board"]
        assert board.startswith("<svg ") and 'class="banmen-board"' in board
        assert f'viewBox="{parts["viewBox"]}"' in board
        assert board.endswith('</g></svg>') and '<g class="bm-play-pieces"></g>' in board
        play = _square_centres(board)
        assert sorted(play) == sorted(parts["centers"]), variant
        options = {"info": False, **({"view": "cutaway"} if game.id == "babuschka" else {})}
        static = _square_centres(render_svg(game, DiagramSpec("t/s", game.initial_state(),
                                                              options=options)))
        assert sorted(static) == sorted(play), variant
        for square, (x, y) in parts["centers"].items():
            # the ludo goals are triangles: their outline's box centre is off the piece spot
            if not square.endswith("-goal"):
                assert abs(play[square][0] - x) < 0.11 and abs(play[square][1] - y) < 0.11
            assert play[square] == pytest.approx(static[square], abs=0.11), (variant, square)


def test_the_site_build_writes_the_parts_once_then_reads_them_from_the_cache(tmp_path,
                                                                             monkeypatch):
    from banmen.render import parts as parts_module
    from banmen.site.cache import BuildCache
    from banmen.site.play_assets import engine_files, write_play_parts

    names = [name for name, _ in engine_files()]
    for module in ("views", "ukejalayer/view", "medamagaeru/view", "suicide_checkers/view",
                   "babuschka/view", "ludo/view"):
        assert f"banmen/games/{module}.py" in names
    games = {"suicide-checkers": get_game("suicide-checkers")}
    cache = BuildCache(tmp_path)
    try:
        assert write_play_parts(tmp_path / "site", games, cache) == ["suicide-checkers"]
        written = (tmp_path / "site" / "assets" / "play" / "suicide-checkers.json").read_bytes()
        assert json.loads(written)["variant"] == "suicide-checkers"

        def refuse(game):
            raise AssertionError("drawn again")

        monkeypatch.setattr(parts_module, "play_parts", refuse)
        assert write_play_parts(tmp_path / "again", games, cache) == ["suicide-checkers"]
        assert (tmp_path / "again" / "assets" / "play" / "suicide-checkers.json"
                ).read_bytes() == written
    finally:
        cache.close()


# ---- the look, in Chromium


#: variant -> positions drawn besides random ones: tall stacks, kings, promoted frogs, nests
#: of two and three, crowded ludo squares.
CRAFTED = {
    "ukejalayer-4": [{"to_move": "black", "hands": {"white": 1, "black": 2},
                      "board": {"a1": "WBW", "b2": "B", "c3": "BBWWB", "d4": "WW"}}],
    "suicide-checkers": [{"fen": "W:W21,K30,K5:B1,K12,K28"}],
    "medamagaeru": [{"to_move": "white", "board": {"21": "W4+", "27": "G5", "55": "G2+",
                                                   "44": "W1+", "13": "G3"},
                     "captures": {"green": 2, "white": 0}, "attacker": "green"}],
    "babuschka-2": [{"players": 2, "to_move": "grey",
                     "board": {"c4": ["bS", "gM", "bL"], "d3": "gL", "e5": ["gS", "bM"]}}],
    "ludo-loop-4": [{"preset": "ludo", "colours": ["red", "blue"], "to_move": "blue",
                     "roll": 6, "pieces": {"red": [9, 9, 9, 9], "blue": [35, 35, "yard", 50]}},
                    {"preset": "ludo", "colours": ["red", "blue"], "to_move": "red",
                     "pieces": {"red": [9, 9, 9, "yard"], "blue": [35, "goal", "goal", 2]}}],
    "ludo-takeoff-2": [{"preset": "aeroplane", "colours": ["red", "blue"], "to_move": "red",
                        "pieces": {"red": [3, 3], "blue": ["yard", "goal"]}}],
}


#: share of pixels that must come out the same (measured: at least 99.93 %; one piece drawn
#: with another look brings it under: a ukejalayer piece of the other colour to 99.66 %, a
#: checkers man as a king to 99.73 %, a babuschka shell of the other owner to 99.69 %).
SAME_PIXELS = 0.998
#: the checkers diagrams put a square's number on a plate over a piece (issue 35); the play
#: board does not yet (measured 99.80 %): still above a man drawn as a king (99.73 %)
SAME_PIXELS_OF = {"suicide-checkers": 0.9975}


@pytest.mark.slow
def test_play_board_looks_like_the_static_diagram(site_parts):
    from PIL import Image, ImageChops
    from playwright.sync_api import sync_playwright

    from banmen.render import DiagramSpec, render_svg
    from banmen.render.parts import compose
    from test_browser import CHROMIUM, LAUNCH_ARGS

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = browser.new_page(viewport={"width": 800, "height": 800})

        def raster(svg: str):
            page.set_content(f'<html><body style="margin:0;background:#fff">{svg}</body></html>')
            shot = page.locator("svg").first.screenshot()
            return Image.open(io.BytesIO(shot)).convert("RGB")

        try:
            for variant, (game, parts) in site_parts.items():
                options = {"info": False,
                           **({"view": "cutaway"} if game.id == "babuschka" else {})}
                crafted = [game.position_from_yaml({"game": game.id, **mapping})
                           for mapping in CRAFTED.get(variant, [])]
                for n, state in enumerate(_positions(game, 3, seed=5) + crafted):
                    static = raster(render_svg(game, DiagramSpec("t/s", state, options=options)))
                    played = raster(compose(parts, view(game, state)))
                    assert played.size == static.size, variant
                    diff = ImageChops.difference(static, played).convert("L")
                    differing = sum(diff.point(lambda v: 1 if v > 40 else 0).histogram()[1:])
                    same = 1 - differing / (static.size[0] * static.size[1])
                    assert same >= SAME_PIXELS_OF.get(game.id, SAME_PIXELS), (variant, n, same)
        finally:
            browser.close()


def test_a_cached_parts_file_of_another_variant_is_drawn_again(tmp_path):
    """The attack review's case: another variant's parts sealed under this variant's key (or
    text that is not a parts file) are not written into the site."""
    from banmen.site.cache import BuildCache, code_digest, key, tool_versions
    from banmen.site.play_assets import write_play_parts

    checkers, frogs = get_game("suicide-checkers"), get_game("medamagaeru")
    cache = BuildCache(tmp_path)
    try:
        write_play_parts(tmp_path / "site", {"medamagaeru": frogs}, cache)
        frog_parts = (tmp_path / "site" / "assets" / "play" / "medamagaeru.json").read_text(
            encoding="utf-8")
        name = "play-parts:" + key(code_digest(), tool_versions(), checkers.id,
                                   checkers.rules.to_json())
        for forged in (frog_parts, '{"variant": "suicide-checkers"}', "not json"):
            cache.set_text(name, forged)
            write_play_parts(tmp_path / "out", {"suicide-checkers": checkers}, cache)
            data = json.loads((tmp_path / "out" / "assets" / "play" / "suicide-checkers.json"
                               ).read_text(encoding="utf-8"))
            assert data["variant"] == "suicide-checkers" and "--sq-" in data["board"]
    finally:
        cache.close()


def test_every_parts_file_of_the_site_is_svg_as_banmen_draws_it(site_parts):
    # what the cache check demands of a parts file read back (the board and the symbols
    # go into the page through innerHTML)
    from banmen.site.cached_markup import drawn_svg

    for variant, (_game, parts) in site_parts.items():
        assert drawn_svg(parts["board"]) and drawn_svg(parts["symbols"]), variant


@pytest.mark.parametrize("field, change", [
    ("board", lambda svg: svg.replace("<g ", '<g onmouseover="alert(1)" ', 1)),
    ("board", lambda svg: svg.replace("</svg>", "<script>alert(1)</script></svg>")),
    ("symbols", lambda svg: svg + "<img src=x onerror=alert(1)>"),
    ("symbols", lambda svg: svg.replace("</defs>", "<foreignObject><p>x</p></foreignObject></defs>")),
])
def test_a_sealed_parts_file_with_markup_is_drawn_again(tmp_path, field, change):
    """A parts file of the right variant, sealed through the cache's own API, whose board or
    symbols hold markup banmen never draws is neither written by the warm path
    (:func:`write_cached_play_parts`) nor by :func:`write_play_parts`: it is drawn again."""
    from banmen.site.cache import BuildCache
    from banmen.site.play_assets import (parts_name, play_parts_names, write_cached_play_parts,
                                         write_play_parts)

    frogs = get_game("medamagaeru")
    cache = BuildCache(tmp_path)
    try:
        write_play_parts(tmp_path / "site", {"medamagaeru": frogs}, cache)
        genuine = (tmp_path / "site" / "assets" / "play" / "medamagaeru.json").read_text(
            encoding="utf-8")
        data = json.loads(genuine)
        data[field] = change(data[field])
        assert data[field] != json.loads(genuine)[field]
        forged = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        cache.set_text(parts_name(frogs), forged)
        names = play_parts_names({"medamagaeru": frogs})
        assert names == [["medamagaeru", parts_name(frogs)]]
        assert write_cached_play_parts(tmp_path / "warm", names, cache) is False
        assert not (tmp_path / "warm" / "assets" / "play" / "medamagaeru.json").exists()
        write_play_parts(tmp_path / "out", {"medamagaeru": frogs}, cache)
        assert (tmp_path / "out" / "assets" / "play" / "medamagaeru.json").read_text(
            encoding="utf-8") == genuine
        assert cache.get_text(parts_name(frogs)) == genuine  # the forgery was replaced
    finally:
        cache.close()
