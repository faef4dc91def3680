"""Each game's words (``WORDS`` of ``banmen/games/<pkg>/words.py``) as the site code reads
them, naming no game itself: side names and the themes of mined puzzles
(banmen/mine/describe.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from banmen.mine.describe import side_ja, themes


def _puzzle_of(game_id: str, kinds: dict[str, tuple[str, ...]], line):
    """A stand-in game whose moves have the given kinds (positions do not change) and a
    puzzle with the solution ``line`` ([(move, reply or None), ...])."""
    game = SimpleNamespace(id=game_id, move_kinds=lambda state, move: kinds[move],
                           play=lambda state, move: state)
    return game, SimpleNamespace(state=0, line=line)


@pytest.mark.parametrize(("game_id", "kinds", "line", "expected"), [
    # a forced capture of the opponent comes before the crowning, as the words list them
    ("suicide-checkers", {"a": ("crown", "move"), "b": ("capture",), "c": ("move",)},
     [("a", "b"), ("c", None)], ["強制取り", "キング"]),
    # the solver's capture is no theme in suicide checkers; a crowning reply is
    ("suicide-checkers", {"a": ("capture",), "b": ("crown", "move")}, [("a", "b"), ("a", None)],
     ["キング"]),
    ("babuschka", {"a": ("cover", "step"), "b": ("step",), "c": ("chain", "jump")},
     [("a", "b"), ("c", None)], ["連続ジャンプ", "ジャンプ", "かぶせる手"]),
    ("medamagaeru", {"a": ("promote", "capture"), "b": ("capture",)}, [("a", "b"), ("a", None)],
     ["成り", "取る手"]),
    ("ukejalayer", {"a": ("summon",), "b": ("eliminate",), "c": ("link", "move")},
     [("a", "b"), ("c", None)], ["連携", "召喚"]),
    ("ludo", {"a": ("finish",)}, [("a", None)], []),
])
def test_mined_puzzle_themes_come_from_the_words_in_their_order(game_id, kinds, line, expected):
    game, puzzle = _puzzle_of(game_id, kinds, line)
    assert themes(game, puzzle) == expected


def test_side_names_come_from_the_words():
    assert side_ja("grey", "babuschka") == "灰"
    assert side_ja("south", "babuschka") == "南"
    assert side_ja("green", "medamagaeru") == "緑"
    assert side_ja("yellow", "ludo") == "黄"
    assert side_ja("red") == "赤"  # any game's name for it
    assert side_ja("purple") == "purple"
    assert side_ja("grey", "ukejalayer") == "grey"  # not a side of that game
