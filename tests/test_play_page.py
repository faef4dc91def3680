"""The page side of 「この局面から指す」 without a browser: the button's data, the outcome words,
the cached views keeping the data, and the play modules staying out of the offline bundle."""

from __future__ import annotations

import html
import json
import re
import subprocess

import pytest

from banmen import play
from banmen.game import get_game
from banmen.site.play_page import play_html, play_setup, rule_overrides, start_setups
from banmen.site.play_words import OUTCOMES, outcome_ja, words_json
from banmen.site.scripts import bundle
from banmen.site.views import DiagramView, view_from_data, view_to_data
from conftest import ROOT


@pytest.mark.parametrize("winner, reason, expected", [
    ("black", "no legal action", "黒の勝ちです。相手に指せる手がなくなりました。"),
    ("white", "no pieces", "白の勝ちです。自分の駒がすべてなくなりました。"),
    (None, "quiet moves", "引き分けです。駒を取らない手が長く続きました。"),
    (None, "repetition", "引き分けです。同じ局面がくり返されました。"),
    ("green", "third capture", "緑の勝ちです。決められた数の駒を取りました。"),
    ("green", "2-2 judgement: white can capture nothing",
     "緑の勝ちです。2-2の判定：白はもう相手の駒を取れません。"),
    (None, "2-2 judgement: neither side can capture anything",
     "引き分けです。2-2の判定：どちらも相手の駒を取れません。"),
    (None, "no winning capture within 30 plies of 2-2",
     "引き分けです。2-2になってから30手のあいだに、勝ちを決める取りがありませんでした。"),
    ("white", "repetition duty: no move to a new position",
     "白の勝ちです。千日手の決まりで、前にない局面へ進める手がなくなりました。"),
    ("grey", "all nests home", "灰の勝ちです。人形をすべてゴールに入れました。"),
    ("west", "ranking: west, south, east, north",
     "西の勝ちです。ゴールした順：西、南、東、北。"),
    ("west", "ranking: west; the others passed in a row and stay unranked",
     "西の勝ちです。ゴールした順：西。ほかの人は続けてパスしたので順位なしです。"),
    (None, "every player passed in a row", "引き分けです。全員が続けてパスしました。"),
    ("blue", "ranking: blue 1, red 2", "青の勝ちです。順位：1位 青、2位 赤。"),
    ("red", "something new", "赤の勝ちです。"),
])
def test_outcome_reasons_in_japanese(winner, reason, expected):
    assert outcome_ja(winner, reason) == expected


@pytest.mark.parametrize("winner, reason, me, expected", [
    ("white", "no pieces", "black",
     ("コンピューター（白）の勝ちです。あなたの負けです。自分の駒がすべてなくなりました。", "lost")),
    ("black", "no pieces", "black", ("あなた（黒）の勝ちです。自分の駒がすべてなくなりました。", "won")),
    (None, "quiet moves", "white", ("引き分けです。駒を取らない手が長く続きました。", "draw")),
    ("west", "ranking: west, south, east, north", "south",
     ("コンピューター（西）の勝ちです。あなたの負けです。ゴールした順：西、南、東、北。", "lost")),
    ("red", "something new", "red", ("あなた（赤）の勝ちです。", "won")),
])
def test_the_end_in_the_readers_terms(winner, reason, me, expected):
    from banmen.site.play_words import reader_outcome_ja

    assert reader_outcome_ja(winner, reason, me) == expected


def test_the_words_file_is_the_same_table_in_javascript_syntax():
    data = json.loads(words_json())
    assert words_json() == words_json()
    games = data["games"]
    assert list(games) == ["babuschka", "ludo", "medamagaeru", "suicide-checkers", "ukejalayer"]
    outcomes = [p for game in games.values() for p, _ in game["outcomes"]]
    assert outcomes == [p.replace("(?P<", "(?<") for p, _ in OUTCOMES]
    assert not any("(?P<" in p for p in outcomes)
    assert games["babuschka"]["sides"]["south"] == "南"
    assert games["babuschka"]["sides"]["grey"] == "灰"
    assert games["ludo"]["sides"] == {"red": "赤", "yellow": "黄", "blue": "青", "green": "緑"}
    assert games["babuschka"]["seat_colours"] == {"south": "こい藍色", "west": "赤", "north": "緑",
                                                  "east": "黄色"}
    assert [id for id, game in games.items() if "seat_colours" in game] == ["babuschka"]
    assert data["reader"] == {"won": "あなた（{side}）の勝ちです。",
                              "lost": "コンピューター（{side}）の勝ちです。あなたの負けです。",
                              "draw": "引き分けです。"}


def test_setups_carry_the_position_mapping_the_differing_rules_and_the_sides():
    [setup] = start_setups(get_game("suicide-checkers"))
    view = setup.pop("view")
    assert setup == {
        "label": "", "game": "suicide-checkers", "rules": {},
        "position": {"fen": "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
        "sides": ["black", "white"]}
    # a 対局する page's setup carries the board's view of its position (drawn at once)
    assert view["variant"] == "suicide-checkers" and len(view["pieces"]) == 24
    assert view["pieces"][0] == {"square": "1", "symbol": "bm-play-suicide-checkers-b",
                                 "look": "b", "label": "b"}
    assert view == play.answer({"op": "view", "game": "suicide-checkers",
                                "position": setup["position"]})
    # a diagram's button carries none (its board is on the page)
    game = get_game("ukejalayer")
    assert "view" not in play_setup(game, game.initial_state())
    two, four = start_setups(get_game("babuschka"))
    assert (two["label"], two["rules"], two["sides"]) == ("2人", {}, ["black", "grey"])
    assert (four["label"], four["rules"], four["sides"]) == (
        "4人", {"players": 4}, ["south", "west", "north", "east"])
    ludo = get_game("ludo", {"preset": "ludo", "colours": 3})
    overrides = rule_overrides(ludo)
    assert {"preset": "ludo", "colours": 3}.items() <= overrides.items()
    assert "pieces" not in overrides  # as the defaults
    assert get_game("ludo", overrides).rules == ludo.rules  # what the page's engine gets
    assert play_setup(ludo, ludo.initial_state())["sides"] == ["red", "yellow", "blue"]


@pytest.mark.parametrize("game_id, rules, position, expected", [
    ("ukejalayer", {}, None, ["white", "black"]),
    ("medamagaeru", {}, None, ["green", "white"]),
    ("suicide-checkers", {}, None, ["black", "white"]),
    ("babuschka", {}, None, ["black", "grey"]),
    ("babuschka", {"players": 4}, None, ["south", "west", "north", "east"]),
    ("babuschka", {}, {"players": 4}, ["south", "west", "north", "east"]),
    ("ludo", {}, {"colours": ["blue", "red"]}, ["blue", "red"]),
])
def test_each_games_play_view_names_its_seats(game_id, rules, position, expected):
    from banmen.games import views
    from banmen.site.play_page import sides_of

    game = get_game(game_id, rules)
    if position is None:
        position = game.position_to_yaml(game.initial_state())
    assert views.seats(game, position) == expected
    assert sides_of(game, position) == expected
    # the board look's id starts with the game id (banmen/contract.py, view.py)
    assert views.play_variant(game).startswith(game_id)


def test_a_game_without_a_play_view_has_no_seats():
    from banmen.errors import BanmenError
    from banmen.games.views import seats

    class Other:
        id = "go"

    with pytest.raises(BanmenError, match="^no play view for game 'go'$"):
        seats(Other(), {})


def test_the_button_block_escapes_its_data():
    game = get_game("ukejalayer")
    setups = [play_setup(game, game.initial_state())]
    block = play_html(setups, "bm-play-diagram")
    attribute = re.search(r'data-play="([^"]*)"', block).group(1)
    assert json.loads(html.unescape(attribute)) == setups
    assert "<" not in attribute and ">" not in attribute
    assert '<button type="button" class="md-button bm-play-start">この局面から指す</button>' in block
    # a game's 対局する page shows no board before the button: it says what it starts
    page = play_html(setups, "bm-play-page")
    assert '<button type="button" class="md-button bm-play-start">対局を始める</button>' in page


def test_a_cached_view_keeps_its_setups_and_refuses_bad_ones():
    game = get_game("ukejalayer")
    from banmen.site.views import Board, GameRef
    view = DiagramView("ukejalayer/x", GameRef("ukejalayer"), Board("diagram:ukejalayer/x:0", "x"),
                       None, "diagrams/ukejalayer/x.yaml",
                       play=[play_setup(game, game.initial_state())])
    data = json.loads(json.dumps(view_to_data(view)))
    assert view_from_data(data).play == view.play
    data["play"][0]["game"] = "ludo"
    with pytest.raises(ValueError, match="a play setup's fields"):
        view_from_data(data)
    data["play"] = []
    with pytest.raises(ValueError, match="play setups"):
        view_from_data(data)


def test_the_play_modules_stay_out_of_the_offline_bundle():
    text = bundle(ROOT / "banmen" / "site" / "assets" / "js")
    assert "function setupPlay(block)" in text
    for module in (ROOT / "banmen" / "site" / "assets" / "js" / "play").glob("*.js"):
        assert f'modules["{module.stem}"]' not in text
    assert "openPlay(" in text and "function openPlay" not in text
    assert "createPlayBoard" not in text and "loadPyodide" not in text


def test_own_files_get_the_builds_version_query():
    from banmen.site.asset_versions import version_module, version_page

    page = ('<link rel="stylesheet" href="../../assets/banmen.css">'
            '<script src="../../assets/javascripts/bundle.a5f9d56c.min.js"></script>'
            '<script src="../../assets/js/main.js" type="module"></script>'
            '<script src="/assets/storage-guard.js" data-palettes="2"></script>'
            '<script src="assets/print.js?x=1"></script>')
    assert version_page(page, "0123456789ab") == (
        '<link rel="stylesheet" href="../../assets/banmen.css?v=0123456789ab">'
        '<script src="../../assets/javascripts/bundle.a5f9d56c.min.js"></script>'
        '<script src="../../assets/js/main.js?v=0123456789ab" type="module"></script>'
        '<script src="/assets/storage-guard.js?v=0123456789ab" data-palettes="2"></script>'
        '<script src="assets/print.js?x=1"></script>')
    module = ('import { a, b } from "./x.js";\n'
              'import { c } from "../board-input.js?v=000000000000";\n'
              'import { loadPyodide } from "../../pyodide/pyodide.mjs";\n'
              '  const s = "import { d } from \'./y.js\'";\n')
    assert version_module(module, "0123456789ab") == (
        'import { a, b } from "./x.js?v=0123456789ab";\n'
        'import { c } from "../board-input.js?v=0123456789ab";\n'
        'import { loadPyodide } from "../../pyodide/pyodide.mjs?v=0123456789ab";\n'
        '  const s = "import { d } from \'./y.js\'";\n')


def test_the_version_changes_with_the_own_scripts(tmp_path):
    import shutil

    from banmen.site.asset_versions import site_version

    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "banmen" / "site" / "assets", docs / "assets")
    first = site_version(ROOT, docs)
    assert first == site_version(ROOT, docs) and re.fullmatch(r"[0-9a-f]{12}", first)
    # a site's own copy of banmen's files is the same version as none (its files win)
    assert site_version(ROOT, tmp_path / "no-docs") == first
    script = docs / "assets" / "js" / "play" / "play-board.js"
    script.write_text(script.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    second = site_version(ROOT, docs)
    assert second != first
    assert site_version(ROOT, docs, {"ukejalayer": {"size": 5}}) != second


def test_the_page_script_says_the_same_ends_as_python(tmp_path):
    """play-words.js, fed the words file, says every outcome as :func:`outcome_ja` and
    :func:`reader_outcome_ja` do (the games' tables joined, as the page loads them)."""
    from banmen.site.play_words import reader_outcome_ja

    cases = [("black", "no legal action", None), ("green", "no legal move", None),
             ("green", "2-2 judgement: white can capture nothing", None),
             ("west", "ranking: west; the others passed in a row and stay unranked", None),
             ("blue", "ranking: blue 1, red 2", None), ("grey", "ranking: grey, black", None),
             (None, "repetition", None), ("red", "something new", None),
             ("white", "no pieces", "black"), ("west", "ranking: west, south, east, north", "south")]
    (tmp_path / "play-words.json").write_text(words_json(), encoding="utf-8")
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    module = (ROOT / "banmen" / "site" / "assets" / "js" / "play" / "play-words.js").as_uri()
    script = tmp_path / "run.mjs"
    script.write_text(f"""import fs from "fs";
globalThis.fetch = async () => ({{ ok: true,
  json: async () => JSON.parse(fs.readFileSync("{tmp_path / 'play-words.json'}", "utf8")) }});
const m = await import("{module}");
const w = await m.loadWords();
const cases = JSON.parse(fs.readFileSync("{tmp_path / 'cases.json'}", "utf8"));
console.log(JSON.stringify({{
  said: cases.map(([winner, reason, me]) => me ? m.readerOutcome(w, {{ winner, reason }}, me).text
    : m.outcomeText(w, {{ winner, reason }})),
  menu: m.sideName(w, "south") + "（" + w.seat_colours.south + "）" }}));
""", encoding="utf-8")
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True)
    said = json.loads(result.stdout)
    assert said["said"] == [reader_outcome_ja(w, r, me)[0] if me else outcome_ja(w, r)
                            for w, r, me in cases]
    assert said["said"][5] == "灰の勝ちです。ゴールした順：灰、黒。"
    assert said["menu"] == "南（こい藍色）"
