"""Typed moves read with each game's notation as data: the forms of the game package's
``typed.py`` (banmen/contract.py, TypedNotation), read by the one interpreter of
banmen/site/assets/js/typed-move.js, run here under node."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import types
from typing import Any

import pytest

from banmen.content import typed
from banmen.content.typed import typed_notation
from banmen.errors import BanmenError
from banmen.game import game_ids, game_package
from conftest import ROOT

TYPED_MOVE = (ROOT / "banmen" / "site" / "assets" / "js" / "typed-move.js").as_uri()

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node runs the reader")

#: Reads the calls on stdin ([[function, args...], ...]) and prints their results as JSON.
_RUNNER = f"""
import {{ readFileSync }} from "node:fs";
import {{ readTyped, typedReason }} from {json.dumps(TYPED_MOVE)};
const functions = {{ readTyped, typedReason }};
const calls = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(calls.map(([name, ...args]) => functions[name](...args))));
"""


def _run(calls: list[list[Any]]) -> list[Any]:
    """Call typed-move.js's exported functions under node; their results, in order."""
    result = subprocess.run(["node", "--input-type=module", "-e", _RUNNER],
                            input=json.dumps(calls), capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _clicks(clicks: list[str], label: str | None = None, chain: bool = False) -> dict:
    return {"clicks": clicks, "label": label, "chain": chain}


#: Texts (normalised as the page does: lower case, no spaces) and what each game's notation
#: reads in them (None: not a move text of the game).
READINGS: dict[str, list[tuple[str, Any]]] = {
    "suicide-checkers": [
        ("11-15", _clicks(["11", "15"])),
        ("05-09", _clicks(["5", "9"])),  # leading zeros dropped: squares are numbers
        ("15x24x31", _clicks(["15", "24", "31"])),
        ("99-100", _clicks(["99", "100"])),  # read; the page names the missing square
        ("14x33x0", _clicks(["14", "33", "0"])),
        ("13--18", None), ("11-15-19", None), ("11-15x19", None), ("zz9", None),
        ("a1(0)b1", None),
    ],
    "medamagaeru": [
        ("563-52", _clicks(["63", "52"], "5")),
        ("244x45+", _clicks(["44", "45", "#promote"], "2")),
        ("3+23-22", _clicks(["23", "22"], "3+")),
        ("54-66", _clicks(["54", "66"])),
        ("5x63-52", None), ("623-22", None), ("3-23", None), ("zz9", None),
    ],
    "babuschka": [
        ("lc1-c2", _clicks(["c1", "c2"], "l")),
        ("md2xd4xf4", _clicks(["d2", "d4", "f4"], "m")),
        ("w:sa4-b4", _clicks(["a4", "b4"], "s")),
        ("f6-e5", _clicks(["f6", "e5"])),
        ("pass", {"word": "pass"}),
        ("n:pass", {"word": "pass"}),
        ("c1-c2-c3", None), ("c1xc3-c4", None), ("xc1-c2", None), ("zz9", None),
    ],
    "ukejalayer": [
        ("a1(3)b1(2)c1(1)d1", _clicks(["a1", "#3", "b1", "#2", "c1", "#1", "d1"], chain=True)),
        ("a1(3)b1", _clicks(["a1", "#3", "b1"], chain=True)),
        ("b2", {"single": "b2"}),
        ("a2a3", {"changes": [["a2", 1]], "all": [["a2", 1], ["a3", 1]]}),
        ("3a22a3b3", {"changes": [["a2", 3]], "all": [["a2", 3], ["a3", 2], ["b3", 1]]}),
        ("a1(0)b1", None),  # a step carries at least one piece
        ("3b2", None),  # a square alone takes no count
        ("b1a1c1d1", None),  # out of canonical order (rank high to low, then file from a)
        ("a1a1", None), ("1a2a3", None), ("a1b1c1", None), ("zz9", None),
    ],
    "ludo": [
        ("pass", {"word": "pass"}),
        ("roll3", {"word": "roll3"}),
        ("roll06", {"word": "roll06"}),
        ("r1", {"word": "r1"}),
        ("r212-30", {"word": "r2"}),
        ("r1yard-1", {"word": "r1"}),
        ("b354-goal", {"word": "b3"}),
        ("roll0", None), ("roll7", None), ("r5", None), ("zz9", None),
    ],
}


def test_every_game_has_readings():
    assert sorted(READINGS) == game_ids()


@pytest.mark.parametrize("game_id", sorted(READINGS))
def test_each_games_notation_data_reads_its_texts(game_id):
    notation = typed_notation(game_package(game_id).GAME())
    assert notation is not None
    json.dumps(notation)  # plain data
    for form in notation["forms"]:  # valid in Python too (the same syntax in both)
        re.compile(form["match"])
    texts = [text for text, _ in READINGS[game_id]]
    got = _run([["readTyped", notation, text] for text in texts])
    assert dict(zip(texts, got)) == dict(READINGS[game_id])


def test_the_height_change_order_is_the_boards_canonical_order():
    game = game_package("ukejalayer").GAME()
    assert typed_notation(game)["order"][:5] == ["a4", "b4", "c4", "d4", "a3"]
    assert len(typed_notation(game)["order"]) == 16


def _answer(game_id: str) -> dict[str, Any]:
    from banmen import render

    game = game_package(game_id).GAME()
    return {"notation": typed_notation(game), "squares": sorted(render.board_squares(game)),
            "reasons": []}


def test_typed_reason_names_a_missing_numbered_square_and_a_chain_written_otherwise():
    node = {"moves": [["11-15", ["11", "15"]]], "accept": {}, "illegal": {}}
    chain = {"moves": [["3a1a2b2b1", ["a1", "#3", "a2", "#2", "b2", "#1", "b1"]]],
             "accept": {}, "illegal": {}}
    got = _run([["typedReason", _answer("suicide-checkers"), node, "99-100"],
                ["typedReason", _answer("suicide-checkers"), node, "11-15x19"],
                ["typedReason", _answer("ukejalayer"), chain, "a1(3)b1(2)b2(1)a2"]])
    assert got == ["99番のマスはありません（マスの番号は1〜32です）。", None,
                   "書き方がちがいます。そのマスを通る手は「3a1a2b2b1」と書きます。"]


def test_a_game_without_typed_data_reads_no_typed_move(monkeypatch):
    """typedReason gives null (the page's 表記を確かめてください) where no notation is given."""
    monkeypatch.setattr(typed, "game_module", lambda game_id, name: None)
    assert typed_notation(game_package("suicide-checkers").GAME()) is None
    answer = {**_answer("suicide-checkers"), "notation": None}
    node = {"moves": [["11-15", ["11", "15"]]], "accept": {}, "illegal": {}}
    assert _run([["typedReason", answer, node, "11-16"],
                 ["typedReason", {k: v for k, v in answer.items() if k != "notation"},
                  node, "11-16"]]) == [None, None]


@pytest.mark.parametrize("data, message", [
    ({"form": []}, "expected a mapping with a list 'forms'"),
    ({"forms": [{"match": "a", "word": 1, "clicks": []}]},
     "forms[0]: expected 'match' and one of word, clicks, changes"),
    ({"forms": [{"match": "(a", "word": 1}]},
     "forms[0].match: not a regular expression (missing ), unterminated subpattern at "
     "position 0)"),
    ({"forms": [{"match": "a", "clicks": [{"group": 1, "count": True, "token": "#x"}]}]},
     "forms[0].clicks[0]: at most one of number, count, token, each"),
    ({"forms": [{"match": "a", "clicks": [{"each": "a", "parts": [{"grup": 1}]}]}]},
     "forms[0].clicks[0].parts[0]: expected a part with keys among group, number, count, "
     "token, each, parts"),
    ({"forms": [], "order": "a1 b1"}, "'order' must be a list of square names"),
])
def test_notation_data_of_a_wrong_shape_is_refused_in_one_line(monkeypatch, data, message):
    module = types.ModuleType("tictactoe.typed")
    module.notation = lambda game: data  # type: ignore[attr-defined]
    monkeypatch.setattr(typed, "game_module", lambda game_id, name: module)
    with pytest.raises(BanmenError) as err:
        typed_notation(game_package("suicide-checkers").GAME())
    assert str(err.value) == f"tictactoe.typed.notation: {message}"
