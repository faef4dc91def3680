"""Why a typed move is illegal, in Japanese (banmen/site/reasons.py): every reason the
engines give for the illegal moves move puzzles export has its sentence."""

from __future__ import annotations

import pytest

from banmen.site.reasons import reason_ja
from conftest import checked_project


@pytest.fixture(scope="module")
def content():
    return checked_project()


def _nodes(node):
    yield node
    for edge in node["right"].values():
        if edge["next"]:
            yield from _nodes(edge["next"])


def test_every_exported_reason_has_a_japanese_sentence(content):
    seen = 0
    for puzzle in content.puzzles.values():
        if puzzle.answer["kind"] != "move":
            continue
        for node in _nodes(puzzle.answer["root"]):
            for text, reason in node["illegal"].values():
                seen += 1
                assert reason_ja(reason), (puzzle.ident, text, reason)
    assert seen > 1000


@pytest.mark.parametrize(("reason", "sentence"), [
    ("'13-18' is not a legal move here (legal: 9-13, 10-14)",
     "この局面で指せる手は9-13、10-14です。"),
    ("'9-13' is not legal: a capture is compulsory here (captures: 10x19)",
     "取れる駒があるときは、必ず取ります（取る手：10x19）。"),
    ("no green piece on 11", "11に緑のかえるはいません。"),
    ("a 4 cannot capture a 4", "目玉4のかえるは、目玉4のかえるを取れません。"),
    ("the top doll on c8 is L, not M", "c8の一番上の人形は大（L）で、中（M）ではありません。"),
    ("the top doll on b4 is grey's, not black's", "b4の一番上の人形は灰の人形で、黒の人形ではありません。"),
    ("white has no pieces in hand to summon on a2", "白の手駒はもう残っていないので、a2に召喚できません。"),
    ("d1 has only 2 white pieces on top, cannot lose 3",
     "d1の一番上に続く白の駒は2枚だけなので、3枚は運び出せません。"),
    ("no chain of white pieces gives these height changes (d4 -1, c4 +1)",
     "白の駒をどんな道順で運んでも、書かれたとおりに駒が増えたり減ったりすることはありません。"),
    ("c1 has only 1 white piece on top after landing, cannot carry 1 on (at least one must "
     "stay behind)", "c1に着いたところで一番上に続く白の駒は1枚です。通ったマスには1枚以上残す"
     "ので、1枚は先へ運べません。"),
    ("something new the engine says", ""),
])
def test_reasons_read_as_japanese(reason, sentence):
    assert reason_ja(reason) == sentence


# ---- the engines' reasons for typed moves and refused clicks (banmen/content/typed.py)

def _checkers(fen: str):
    from banmen.game import get_game
    game = get_game("suicide-checkers")
    return game, game.position_from_yaml({"fen": fen})


@pytest.mark.parametrize(("clicks", "square", "sentence"), [
    ([], "13", "13には駒がありません。"),
    ([], "29", "29は相手の駒です。今は黒の番です。"),
    (["14"], "10", "14から10へは後ろ向きです。キングになっていない駒は、前にしか進めず、前にしか取れません。"),
    (["14"], "15", "14から15へは斜めになっていません。駒は斜めにしか動けません。"),
    (["14"], "23", "18には飛び越える駒がありません。跳べるのは、相手の駒を飛び越えるときだけです。"),
    (["22"], "19", "19にはもう駒があります。駒が進めるのは空いたマスだけです。"),
    (["14"], "32", "32までは遠すぎます。駒は斜めに1マス進むか、となりの相手の駒を1枚飛び越えて、"
                   "そのすぐ先に着地します。"),
])
def test_checkers_click_reasons_name_the_rule(clicks, square, sentence):
    """Black men on 14, 19, 22 and a white king on 29 (puzzle p10-feed-king)."""
    game, state = _checkers("B:WK29:B14,19,22")
    assert [game.format_move(state, m) for m in game.legal_moves(state)] == [
        "14-17", "14-18", "19-23", "19-24", "22-25", "22-26"]
    assert game.click_reason(state, clicks, square) == sentence


def test_checkers_reasons_when_a_capture_is_compulsory():
    game, state = _checkers("B:W18,29,30:B6,13,14")
    assert [game.format_move(state, m) for m in game.legal_moves(state)] == ["14x23"]
    assert game.click_reason(state, [], "6") == (
        "取れる駒があるときは、必ず取らなければいけません。6の駒には取る手がなく、"
        "取る手があるのは14の駒です。")
    assert game.click_reason(state, ["14"], "17") == (
        "取れる駒があるときは、必ず取らなければいけません（取る手があるのは14の駒）。"
        "1マス進む手は指せません。")
    assert game.click_reason(state, ["14"], "21") == (
        "17には飛び越える駒がありません。跳べるのは、相手の駒を飛び越えるときだけです。")
    # own piece in the way
    game, state = _checkers("B:W22:B14,18")
    assert game.click_reason(state, ["14"], "23") == (
        "18は自分の駒なので、飛び越えられません。飛び越えて取れるのは相手の駒だけです。")


def test_checkers_stop_reason_says_the_capture_goes_on():
    game, state = _checkers("B:W18,27:B14")
    assert [game.format_move(state, m) for m in game.legal_moves(state)] == ["14x23x32"]
    assert game.stop_reason(state, ["14", "23"]) == (
        "23からはまだ続けて跳べます。跳べるあいだは、最後まで跳び続けなければいけません。")


def _ukejalayer(board: dict, hands=(0, 0)):
    from banmen.game import get_game
    game = get_game("ukejalayer")
    return game, game.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                                          "hands": {"white": hands[0], "black": hands[1]},
                                          "board": board})


def test_ukejalayer_typed_reasons():
    """Puzzle p13-win-cover's position: counts, lone squares and height changes."""
    game, state = _ukejalayer({"c4": "BW", "d4": "B", "d3": "W", "a1": "BW", "b2": "BBW",
                               "a3": "W"})
    assert game.click_reason(state, ["b2"], "#") == "b2から運べるのは1枚です。"
    assert game.stop_reason(state, ["a3"]) == "a3の山には相手の駒が入っていないので、排除できません。"
    tables = game.typed_tables(state)
    assert tables["lose"]["a2"] == [0, "a2には駒がないので、そこから駒は運び出せません。"]
    assert tables["lose"]["d4"] == [0, "d4の一番上は相手の駒なので、そこから駒は運び出せません。"]
    assert tables["lose"]["b2"] == [1, "b2の一番上に続く白の駒は1枚なので、それより多くは運び出せません。"]
    assert tables["noChain"] == ("白の駒をどんな道順で運んでも、書かれたとおりに駒が増えたり"
                                 "減ったりすることはありません。")
    assert set(tables["single"]) == {"a1", "a3", "b2", "c4", "d3"}


def test_typed_tables_cover_every_prefix_and_square():
    from banmen.content.typed import typed_reasons
    from banmen.render import board_squares
    game, state = _checkers("B:W18,27:B14")
    paths = [game.move_clicks(state, m) for m in game.legal_moves(state)]
    squares = sorted(board_squares(game))
    table = typed_reasons(game, state, paths, squares)
    assert sorted(table["why"]) == ["", "14", "14 23", "14 23 32"]  # and past the move
    assert len(table["why"][""]) == 31 and "14" not in table["why"][""]
    assert table["why"]["14"]["10"] == game.click_reason(state, ["14"], "10")
    assert table["stop"] == {"14 23": game.stop_reason(state, ["14", "23"])}
