"""Each game's words (``WORDS`` of ``banmen/games/<pkg>/words.py``) as the site code reads
them, naming no game itself: side names and the themes of mined puzzles
(banmen/mine/describe.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from banmen.mine.describe import side_ja, themes


def _puzzle_of(game_id: str, kinds: dict[str, tuple[str, ...]], line, reason=None):
    """A stand-in game whose moves have the given kinds (positions do not change; the game
    ends for ``reason`` when given) and a puzzle with the solution ``line`` ([(move, reply or
    None), ...])."""
    from banmen.game import Outcome, get_game

    ended = None if reason is None else Outcome("a", reason)
    game = SimpleNamespace(id=game_id, move_kinds=lambda state, move: kinds[move],
                           play=lambda state, move: state, outcome=lambda state: ended,
                           move_kind_names=get_game(game_id).move_kind_names)
    return game, SimpleNamespace(state=0, line=line)


@pytest.mark.parametrize(("game_id", "kinds", "line", "reason", "expected"), [
    # a crowning comes before the forced capture, as the words list them
    ("suicide-checkers", {"a": ("crown", "move"), "b": ("capture",), "c": ("move",)},
     [("a", "b"), ("c", None)], None, ["キング", "強制取り"]),
    # the solver's capture is no theme in suicide checkers; a crowning reply is
    ("suicide-checkers", {"a": ("capture",), "b": ("crown", "move")}, [("a", "b"), ("a", None)],
     None, ["キング"]),
    # a reply of several jumps; the winner gave every piece away
    ("suicide-checkers", {"a": ("move",), "b": ("capture", "chain")}, [("a", "b")], "no pieces",
     ["まとめて取らせる", "強制取り", "駒を全部渡す"]),
    # a quiet first move (neither it nor the reply is a capture), the winner left without a move
    ("suicide-checkers", {"a": ("move",), "b": ("capture",)}, [("a", "a"), ("a", "b")],
     "no legal move", ["静かな一手", "動けなくなる", "強制取り"]),
    ("babuschka", {"a": ("cover", "step"), "b": ("step",), "c": ("chain", "jump")},
     [("a", "b"), ("c", None)], None, ["連続ジャンプ", "ジャンプ", "かぶせる手"]),
    ("babuschka", {"b": ("step",), "c": ("chain", "jump")}, [("b", "b"), ("c", None)], None,
     ["静かな一手", "連続ジャンプ", "ジャンプ"]),
    ("medamagaeru", {"a": ("promote", "capture"), "b": ("capture",)}, [("a", "b"), ("a", None)],
     None, ["成り", "取らせる", "取る手"]),
    ("medamagaeru", {"a": ("move",), "b": ("capture",)}, [("a", "a"), ("b", None)],
     "2-2 judgement: white can capture nothing", ["静かな一手", "２対２の判定", "取る手"]),
    ("ukejalayer", {"a": ("summon",), "b": ("eliminate",), "c": ("link", "move")},
     [("a", "b"), ("c", None)], None, ["連携", "召喚"]),  # the reply's 排除 is no theme
    ("ludo", {"a": ("finish",)}, [("a", None)], None, []),
])
def test_mined_puzzle_themes_come_from_the_words_in_their_order(game_id, kinds, line, reason,
                                                                 expected):
    game, puzzle = _puzzle_of(game_id, kinds, line, reason)
    assert themes(game, puzzle) == expected


def test_side_names_come_from_the_words():
    assert side_ja("grey", "babuschka") == "灰"
    assert side_ja("south", "babuschka") == "南"
    assert side_ja("green", "medamagaeru") == "緑"
    assert side_ja("yellow", "ludo") == "黄"
    assert side_ja("red") == "赤"  # any game's name for it
    assert side_ja("purple") == "purple"
    assert side_ja("grey", "ukejalayer") == "grey"  # not a side of that game
