"""The engines run with the Python standard library alone.

The same files (``banmen/game.py``, ``banmen/params.py``, ``banmen/analysis.py`` and
``banmen/games/``) are meant to run in the browser under Pyodide, where pydantic,
matplotlib, click or PyYAML are not there. A fresh interpreter without site-packages
(``-I -S``) that also refuses every import
outside the standard library imports every engine module and plays each game through the
contract: start position, legal moves, play, notation and position round trips, perft, a
named query, and the bounded solver.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from banmen.game import RulesError
from banmen.games.memo import weighted_lru
from banmen.params import Param, Rules

ROOT = Path(__file__).resolve().parent.parent

PROBE = textwrap.dedent("""
    import importlib, json, pkgutil, random, sys

    sys.path.insert(0, sys.argv[1])  # this checkout, before any installed copy
    ALLOWED = set(sys.stdlib_module_names) | set(sys.builtin_module_names) | {"banmen", "__main__"}

    class RefuseOutsideStdlib:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] not in ALLOWED:
                raise ImportError("outside the standard library: " + name)
            return None

    sys.meta_path.insert(0, RefuseOutsideStdlib())
    import banmen.analysis, banmen.game, banmen.games, banmen.opponent, banmen.params, banmen.play
    from banmen.contract import BUILD_ONLY_MODULES
    imported = []
    for info in pkgutil.walk_packages(banmen.games.__path__, "banmen.games."):
        if info.name.rsplit(".", 1)[1] not in BUILD_ONLY_MODULES:  # drawing: matplotlib
            importlib.import_module(info.name)
            imported.append(info.name)

    report = {}
    for game_id in banmen.game.game_ids():
        game = banmen.game.get_game(game_id)
        rng = random.Random(7)
        state = game.initial_state()
        plies = 0
        for _ in range(12):
            if game.outcome(state) is not None:
                break
            moves = game.legal_moves(state)
            move = rng.choice(moves)
            text = game.format_move(state, move)
            assert game.parse_move(state, text) == move, (game_id, text)
            state = game.play(state, move)
            plies += 1
        mapping = game.position_to_yaml(state)
        assert game.position_from_yaml(json.loads(json.dumps(mapping))) == state, game_id
        queries = sorted(game.queries())
        shown = banmen.play.answer({"op": "view", "game": game_id, "rules": {},
                                    "position": json.loads(json.dumps(mapping))})
        start = banmen.play.answer({"op": "start", "game": game_id, "rules": {}})["view"]
        report[game_id] = {
            "view": [shown["variant"], len(shown["pieces"]) > 0],
            "start_pieces": len(start["pieces"]),
            "plies": plies,
            "perft2": game.perft(game.initial_state(), 2),
            "queries": len(queries),
        }
        if game_id != "ludo":  # a dice game: no move forces a win
            report[game_id]["solver"] = len(game.winning_moves(game.initial_state(), 1))
    outside = sorted({name.split(".")[0] for name in sys.modules} - ALLOWED)
    print(json.dumps({"games": report, "outside": outside, "imported": imported},
                     sort_keys=True))
""")


def test_every_engine_imports_and_plays_with_the_standard_library_alone():
    result = subprocess.run([sys.executable, "-I", "-S", "-c", PROBE, str(ROOT)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert report["outside"] == []
    # every game's engine-side modules (banmen/contract.py), its drawing module left out
    packages = ["babuschka", "ludo", "medamagaeru", "suicide_checkers", "ukejalayer"]
    assert {f"banmen.games.{p}.{m}" for p in packages for m in ("view", "evaluation")} | {
        "banmen.games.suicide_checkers.bitboard", "banmen.games.views",
        "banmen.games.evaluation"} <= set(report["imported"])
    games = report["games"]
    # the play board's view (banmen/games/views.py and each game's view.py) runs there too
    assert {game: entry["view"] for game, entry in games.items()} == {
        "babuschka": ["babuschka-2", True], "ludo": ["ludo-takeoff-4", True],
        "medamagaeru": ["medamagaeru", True], "suicide-checkers": ["suicide-checkers", True],
        "ukejalayer": ["ukejalayer-4", True]}
    # start positions: 8 nests of 3 (3 shells and a rim each), 8 ludo pieces in their yards
    assert {game: entry["start_pieces"] for game, entry in games.items()} == {
        "babuschka": 32, "ludo": 8, "medamagaeru": 10, "suicide-checkers": 24, "ukejalayer": 0}
    assert sorted(games) == ["babuschka", "ludo", "medamagaeru", "suicide-checkers",
                             "ukejalayer"]
    # perft 2 from the start (published in the tests of each engine): checkers 7 * 7 = 49,
    # babuschka (2 players) 144.
    assert games["suicide-checkers"]["perft2"] == 49
    assert games["babuschka"]["perft2"] == 144
    assert all(entry["plies"] > 0 and entry["queries"] > 0 for entry in games.values())
    # no game is won in one ply from its start position
    assert {game: entry.get("solver") for game, entry in games.items()} == {
        "babuschka": 0, "ludo": None, "medamagaeru": 0, "suicide-checkers": 0, "ukejalayer": 0}


# ---- the rule-parameter objects (banmen/params.py)


class _Example(Rules):
    size = Param(4, ge=3, le=8, description="side", ja="盤の大きさ")
    mode = Param("a", choices=("a", "b"), description="mode", ja="方式")
    flag = Param(False, kind=bool, description="flag", ja="旗")
    count = Param(None, optional=True, choices=(4, 2), description="count", ja="数")

    def _complete(self) -> None:
        if self.mode == "b" and self.size == 3:
            raise self._reject("mode", "'a' on a 3x3 board")


@pytest.mark.parametrize("values, message", [
    ({"size": 9}, "rule parameter 'size': expected less than or equal to 8, got 9"),
    ({"size": 2}, "rule parameter 'size': expected greater than or equal to 3, got 2"),
    ({"size": True}, "rule parameter 'size': expected a valid integer, got True"),
    ({"size": "4"}, "rule parameter 'size': expected a valid integer, got '4'"),
    ({"mode": "c"}, "rule parameter 'mode': expected 'a' or 'b', got 'c'"),
    ({"flag": 1}, "rule parameter 'flag': expected a valid boolean, got 1"),
    ({"count": 3}, "rule parameter 'count': expected 4 or 2, got 3"),
    ({"count": True}, "rule parameter 'count': expected 4 or 2, got True"),
    ({"mode": "b", "size": 3}, "rule parameter 'mode': expected 'a' on a 3x3 board, got 'b'"),
    ({"colour": "red"}, "unknown rule parameter 'colour' (known: size, mode, flag, count)"),
])
def test_bad_values_name_the_parameter_and_what_was_expected(values, message):
    with pytest.raises(RulesError) as err:
        _Example(**values)
    assert str(err.value) == message
    assert err.value.path == (next(iter(values)),) if len(values) == 1 else ("mode",)


def test_rules_objects_are_immutable_values_that_remember_what_was_given():
    rules = _Example(size=5)
    assert rules.values() == {"size": 5, "mode": "a", "flag": False, "count": None}
    assert rules.explicit() == {"size": 5}
    assert rules == _Example(size=5) and hash(rules) == hash(_Example(size=5))
    assert rules != _Example()
    assert rules.replace({"flag": True}).values()["flag"] is True
    with pytest.raises(AttributeError, match="immutable"):
        rules.size = 6  # type: ignore[misc]
    assert repr(rules) == "_Example(size=5, mode='a', flag=False, count=None)"
    assert [p.allowed_text_ja() for p in _Example.params().values()] == [
        "3〜8の整数", "`a`、`b`", "はい／いいえ", "`4`、`2`、省略（自動）"]


# ---- the engines' memo (banmen/games/memo.py)


def test_weighted_lru_keeps_the_recent_results_within_the_weight():
    calls = []

    def moves(n: int) -> list[int]:
        calls.append(n)
        return list(range(n))

    memo = weighted_lru(moves, 10, len)
    assert memo(4) == [0, 1, 2, 3] and memo(4) == [0, 1, 2, 3]
    assert calls == [4]
    memo(5)          # 4 + 5 = 9 <= 10: both kept
    memo(4)          # 4 becomes the most recent
    memo(3)          # 12 > 10: the least recent (5) is dropped
    memo(4), memo(3)
    assert calls == [4, 5, 3]
    memo(5)
    assert calls == [4, 5, 3, 5]
    memo(11), memo(11)  # heavier than the bound alone: returned, never kept
    assert calls[-2:] == [11, 11]
