"""How lessons say a move (``Game.say_move``, issue #35): ukejalayer in the chain notation the
rules page teaches, ludo in Japanese words, a babuschka pass as 「パス」, other games in their
notation."""

from __future__ import annotations

from banmen.game import get_game
from banmen.games.babuschka import BabuschkaGame
from banmen.games.babuschka import PASS as BABUSCHKA_PASS
from banmen.games.ludo import LudoGame
from banmen.games.ukejalayer import UkejalayerGame


def _ludo(roll, pieces, preset="aeroplane"):
    game = LudoGame()
    state = game.position_from_yaml({"game": "ludo", "preset": preset, "to_move": "red",
                                     "colours": ["red", "blue"], "roll": roll,
                                     "pieces": pieces})
    return game, state


def _said(game, state):
    return sorted(game.say_move(state, m) for m in game.legal_moves(state))


def test_ukejalayer_says_counts_in_the_chain_notation_and_single_pieces_plainly():
    game = UkejalayerGame()
    state = game.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                                     "hands": {"white": 0, "black": 0},
                                     "board": {"a1": "WWW", "d1": "B"}})
    move = game.parse_move(state, "a1(3)b1(2)c1(1)d1")
    assert game.format_move(state, move) == "3a1b1c1d1"
    assert game.say_move(state, move) == "a1(3)b1(2)c1(1)d1"
    two = game.parse_move(state, "a1(2)b1")
    assert (game.format_move(state, two), game.say_move(state, two)) == ("2a12b1", "a1(2)b1")
    one = game.parse_move(state, "a1b1")
    assert game.say_move(state, one) == "a1b1"


def test_ludo_says_entering_moving_and_finishing_in_words():
    game, state = _ludo(6, {"red": ["yard", 10, 54, "goal"], "blue": ["yard"] * 4})
    # 54 + 6 overshoots the goal (56) and bounces back to 52 (aeroplane's bounce rule)
    assert _said(game, state) == ["赤1を陣地から出す", "赤2を10マス目から16マス目へ",
                                  "赤3を54マス目から52マス目へ"]


def test_ludo_says_a_piece_reaching_the_goal_and_the_roll():
    game, state = _ludo(2, {"red": [54, "goal", "goal", "goal"], "blue": ["yard"] * 4})
    assert _said(game, state) == ["赤1をゴールへ"]
    unrolled = game.position_from_yaml({"game": "ludo", "preset": "aeroplane",
                                        "to_move": "red", "colours": ["red", "blue"],
                                        "pieces": {"red": ["yard"] * 4,
                                                   "blue": ["yard"] * 4}})
    assert _said(game, unrolled) == [f"サイコロを振る（{n}）" for n in range(1, 7)]


def test_ludo_says_a_pass_in_japanese():
    game, state = _ludo(3, {"red": ["yard"] * 4, "blue": ["yard"] * 4})
    assert [game.format_move(state, m) for m in game.legal_moves(state)] == ["pass"]
    assert _said(game, state) == ["パス"]


def test_babuschka_says_a_pass_in_japanese_and_moves_in_its_notation():
    game = BabuschkaGame()
    boxed = game.position_from_yaml({"game": "babuschka", "players": 2, "to_move": "black",
                                     "board": {"d8": "bS", "c8": "gL", "e8": "gL",
                                               "f8": "gL", "d4": "gS"}})
    assert game.legal_moves(boxed) == [BABUSCHKA_PASS]
    assert game.say_move(boxed, BABUSCHKA_PASS) == "パス"
    grey = game.position_from_yaml({"game": "babuschka", "players": 2, "to_move": "grey",
                                    "board": {"d8": "bS", "d4": "gS"}})
    assert all(game.say_move(grey, m) == game.format_move(grey, m)
               for m in game.legal_moves(grey))


def test_games_without_words_say_their_notation():
    for game_id in ("medamagaeru", "suicide-checkers"):
        game = get_game(game_id)
        state = game.initial_state()
        moves = game.legal_moves(state)
        assert moves and all(game.say_move(state, m) == game.format_move(state, m)
                             for m in moves)
