"""Why a typed move is illegal, in Japanese (banmen/site/reasons.py): the engines give each
refused move a reason code and values (:class:`banmen.game.IllegalMoveError`), and each game's
words (``WORDS["reasons"]`` of its ``words.py``) say it; every reason the move puzzles export
has its sentence."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from banmen.game import IllegalMoveError, game_ids, game_package, get_game
from banmen.site.reasons import game_words, reason_ja
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
            for table in (node["illegal"], node["illegalClicks"]):
                for text, reason in table.values():
                    seen += 1
                    assert set(reason) == {"text", "code", "values"}, reason
                    assert reason_ja(puzzle.game.id, reason), (puzzle.ident, text, reason)
    assert seen > 1000


_UKEJALAYER_BOARD = {"game": "ukejalayer", "to_move": "white",
                     "hands": {"white": 0, "black": 0},
                     "board": {"c4": "BW", "d4": "B", "d3": "W", "a1": "BW", "b2": "BBW",
                               "a3": "W"}}


def _refusal(game_id: str, position: dict | None, text: str) -> IllegalMoveError:
    game = get_game(game_id)
    state = game.position_from_yaml(position) if position else game.initial_state()
    with pytest.raises(IllegalMoveError) as caught:
        game.parse_move(state, text)
    return caught.value


@pytest.mark.parametrize(("game", "position", "text", "english", "code", "values", "sentence"), [
    ("suicide-checkers", {"fen": "B:WK29:B14,19,22"}, "13-18",
     "'13-18' is not a legal move here (legal: 14-17, 14-18, 19-23, 19-24, 22-25, 22-26)",
     "not_legal", {"move": "13-18", "legal": ["14-17", "14-18", "19-23", "19-24", "22-25",
                                                "22-26"]},
     "この局面で指せる手は14-17、14-18、19-23、19-24、22-25、22-26です。"),
    ("suicide-checkers", {"fen": "B:W18,29,30:B6,13,14"}, "6-10",
     "'6-10' is not legal: a capture is compulsory here (captures: 14x23)",
     "capture_compulsory", {"move": "6-10", "captures": ["14x23"]},
     "取れる駒があるときは、必ず取ります（取る手：14x23）。"),
    ("suicide-checkers", {"fen": "B:WK29:B14,19,22"}, "14x23",
     "'14x23' is not legal: there is no capture here (legal: 14-17, 14-18, 19-23, 19-24, "
     "22-25, 22-26)", "no_capture",
     {"move": "14x23", "legal": ["14-17", "14-18", "19-23", "19-24", "22-25", "22-26"]},
     "この局面には取れる駒がありません。"),
    ("medamagaeru", None, "1 11-16", "no green piece on 11", "no_own_piece",
     {"side": "green", "square": "11"}, "11に緑のかえるはいません。"),
    ("babuschka", None, "c8-c7", "the top doll on c8 is grey's, not black's", "not_own_doll",
     {"square": "c8", "owner": "grey", "side": "black"},
     "c8の一番上の人形は灰の人形で、黒の人形ではありません。"),
    ("babuschka", None, "c1xc3", "c1xc3: there is no doll on c2 to jump over",
     "nothing_to_jump", {"square": "c1", "target": "c3", "over": "c2"},
     "c2に人形がないので、飛び越せません。"),
    ("babuschka", None, "pass", "black cannot pass: it has a legal action (e.g. L c1-b2)",
     "cannot_pass", {"side": "black", "example": "L c1-b2"},
     "黒には指せる手があるので、パスはできません（たとえばL c1-b2）。"),
    ("ukejalayer", _UKEJALAYER_BOARD, "d4",
     "d4 is topped by black, so white cannot eliminate there", "topped_by_other",
     {"square": "d4", "other": "black", "side": "white"},
     "d4の一番上は黒の駒なので、白はそこで排除できません。"),
    ("ukejalayer", _UKEJALAYER_BOARD, "a1(2)b1", "a1 has only 1 white piece on top, cannot carry 2",
     "cannot_carry", {"square": "a1", "side": "white", "run": 1, "count": 2},
     "a1の一番上に続く白の駒は1枚だけなので、2枚は運べません。"),
    ("ukejalayer", _UKEJALAYER_BOARD, "a3(1)b2", "b2 is not orthogonally next to a3", "not_next",
     {"square": "b2", "previous": "a3"},
     "b2はa3の縦か横のとなりではありません。駒は1マスずつ運びます。"),
    ("ludo", None, "pass", "no roll is stated: the moves here are roll 1 to roll 6", "no_roll", {},
     "まだサイコロを振っていません。先にサイコロを振ります。"),
])
def test_an_engine_refusal_carries_its_code_values_and_sentence(game, position, text, english,
                                                                code, values, sentence):
    err = _refusal(game, position, text)
    assert str(err) == english  # the command line's text, unchanged
    assert (err.code, err.values) == (code, values)
    assert err.as_data() == {"text": english, "code": code, "values": values}
    assert reason_ja(game, err.as_data()) == sentence


_LUDO = {"colours": ["red", "blue"], "to_move": "red", "roll": 5,
         "pieces": {"red": ["yard", 4, 55, "goal"], "blue": [32, 36, 49, 9]}}


@pytest.mark.parametrize(("text", "english", "code", "values", "sentence"), [
    ("r1 yard-1", "r1 cannot use a 5: a piece leaves the yard only on 6", "yard_needs",
     {"piece": "r1", "roll": 5, "rolls": ["6"]},
     "r1は陣地にいます。陣地から出られるのは、6の目のときだけです。"),
    ("r3 55-60", "r3 cannot use a 5: a piece at 55 may not overshoot the goal", "overshoot",
     {"piece": "r3", "roll": 5, "where": "55"},
     "r3は5の目ではゴールを通り越してしまうので、進めません。"),
    ("r4", "r4 cannot use a 5: it has reached the goal", "at_goal", {"piece": "r4", "roll": 5},
     "r4はもうゴールに入っています。"),
    ("r2 4-10", "r2 4 with a 5 ends on 9, not 10", "wrong_end",
     {"piece": "r2", "where": "4", "roll": 5, "end": "9", "written": "10"},
     "r2が5の目で着くのは9マス目で、10マス目ではありません。"),
    ("r1 0-5", "r1 is at yard, not 0", "piece_elsewhere",
     {"piece": "r1", "where": "yard", "written": "0"}, "r1がいるのは陣地で、0マス目ではありません。"),
    ("b1", "it is red's turn, not blue's", "not_your_turn", {"side": "red", "written": "blue"},
     "今は赤の番で、青の番ではありません。"),
    ("pass", "pass is not legal: r2 can use the 5", "cannot_pass",
     {"pieces": ["r2"], "roll": 5}, "r2が5の目で進めるので、パスはできません。"),
    ("roll 3", "a roll is already stated (5): play a piece or pass", "roll_stated", {"roll": 5},
     "サイコロの目（5）はもう出ています。駒を進めるか、パスします。"),
])
def test_a_ludo_refusal_carries_its_code_values_and_sentence(text, english, code, values,
                                                              sentence):
    game = get_game("ludo", {"preset": "ludo"})
    with pytest.raises(IllegalMoveError) as caught:
        game.parse_move(game.position_from_yaml(_LUDO), text)
    err = caught.value
    assert (str(err), err.code, err.values) == (english, code, values)
    assert reason_ja("ludo", err.as_data()) == sentence


def test_a_ludo_click_on_a_piece_that_would_overshoot_says_so():
    """The click reason asks the engine's refusal for its code (``overshoot``), not its
    English text."""
    game = get_game("ludo", {"preset": "ludo"})
    state = game.position_from_yaml(_LUDO)
    assert game.click_reason(state, [], "r-h4") == (
        "ゴールまでの残りより大きい目では、その駒は動かせません（今の目は5）。")
    assert game.click_reason(state, [], "r-yard1") == "陣地の駒は、6が出たときだけ出せます。今の目は5です。"
    assert game.click_reason(state, [], "r-goal") == "その駒はもうゴールに入っています。"


#: (game, code, values, sentence) for every reason code of every game's words.
SENTENCES = [
    # suicide-checkers
    ("suicide-checkers", "not_legal", {"move": "13-18", "legal": ["9-13", "10-14"]},
     "この局面で指せる手は9-13、10-14です。"),
    ("suicide-checkers", "capture_compulsory", {"move": "9-13", "captures": ["10x19"]},
     "取れる駒があるときは、必ず取ります（取る手：10x19）。"),
    ("suicide-checkers", "no_capture", {"move": "9x18", "legal": ["9-13"]},
     "この局面には取れる駒がありません。"),
    ("suicide-checkers", "not_legal_capture", {"move": "9x18", "captures": ["10x19", "11x18"]},
     "そういう取り方はできません（取る手：10x19、11x18）。"),
    # babuschka
    ("babuschka", "game_over", {"result": "black won (all nests home)"},
     "対局はもう終わっています。"),
    ("babuschka", "cannot_pass", {"side": "grey", "example": "S c8-c7"},
     "灰には指せる手があるので、パスはできません（たとえばS c8-c7）。"),
    ("babuschka", "must_pass", {"side": "south"}, "南には指せる手がないので、パスするしかありません。"),
    ("babuschka", "wrong_seat", {"side": "south", "written": "west"},
     "今は南の番で、西の番ではありません。"),
    ("babuschka", "empty", {"square": "c3"}, "c3には何もありません。"),
    ("babuschka", "not_own_doll", {"square": "b4", "owner": "grey", "side": "black"},
     "b4の一番上の人形は灰の人形で、黒の人形ではありません。"),
    ("babuschka", "wrong_size", {"square": "c8", "size": "L", "written": "M"},
     "c8の一番上の人形は大（L）で、中（M）ではありません。"),
    ("babuschka", "jump_backward", {"square": "c3", "target": "c1"},
     "後ろへ戻る手です。人形は前・ななめ前・よこにしか進めません。"),
    ("babuschka", "step_backward", {"square": "c2", "target": "c1"},
     "後ろへ戻る手です。人形は前・ななめ前・よこにしか進めません。"),
    ("babuschka", "not_a_jump", {"square": "c1", "target": "d3"},
     "ジャンプにはなりません。ジャンプは一直線に2マス先へ着地します。"),
    ("babuschka", "not_a_step", {"square": "c1", "target": "c3"},
     "ふつうの移動で進めるのは1マスだけです。ジャンプなら、着地するマスを x でつないで書きます。"),
    ("babuschka", "nothing_to_jump", {"square": "c1", "target": "c3", "over": "c2"},
     "c2に人形がないので、飛び越せません。"),
    ("babuschka", "flies_over_goal", {"square": "c6", "target": "c8", "over": "c7"},
     "ほかの人のゴールのマスc7を飛び越すことになります。"),
    ("babuschka", "goal_of_other", {"square": "d8"},
     "d8はほかの人のゴールのマスなので、そこには止まれません。"),
    ("babuschka", "not_smaller", {"square": "c2", "size": "M", "mover": "M"},
     "c2の一番上の人形（中）が動かす人形（中）より小さくないので、そこには入れません。"),
    ("babuschka", "chain_returns", {"square": "c1"},
     "跳んだ先が元のマスc1にもどるので、動いたことになりません。"),
    ("babuschka", "not_legal", {"move": "L c1-c2"}, "今の局面では、その手は指せません。"),
    # medamagaeru
    ("medamagaeru", "game_over", {"result": "green won"}, "対局はもう終わっています。"),
    ("medamagaeru", "not_adjacent", {"square": "11", "target": "13"},
     "11と13はとなり合っていません。"),
    ("medamagaeru", "repetition", {"move": "4 27-26"},
     "前にあった局面にもどす手は、千日手の決まりで禁じられています。"),
    ("medamagaeru", "no_own_piece", {"side": "green", "square": "11"},
     "11に緑のかえるはいません。"),
    ("medamagaeru", "wrong_eyes", {"side": "white", "square": "12", "eyes": 3, "written": 4},
     "12の白のかえるは目玉3で、目玉4ではありません。"),
    ("medamagaeru", "not_promoted", {"square": "12"}, "12のかえるは成っていません。"),
    ("medamagaeru", "nothing_to_capture", {"square": "16"}, "16には取れるかえるがいません。"),
    ("medamagaeru", "own_piece_there", {"square": "16", "side": "green"},
     "16には緑のかえるがいるので、そこへは動けません。"),
    ("medamagaeru", "cannot_capture", {"eyes": 4, "other": 4},
     "目玉4のかえるは、目玉4のかえるを取れません。"),
    ("medamagaeru", "write_capture", {"square": "16", "side": "white", "eyes": 2,
                                      "written": "4 11x16"},
     "16には白の2がいます。取るなら4 11x16と書きます。"),
    ("medamagaeru", "promote_needs_capture", {},
     "成れるのは、相手のかえるを取る手のときだけです。"),
    ("medamagaeru", "already_promoted", {"square": "12"},
     "12のかえるはもう成っています。成れるのは1回だけです。"),
    # ukejalayer
    ("ukejalayer", "not_legal", {"move": "a1", "side": "black"}, "今の盤では、黒はその手を指せません。"),
    ("ukejalayer", "no_hand", {"side": "white", "square": "a2"},
     "白の手駒はもう残っていないので、a2に召喚できません。"),
    ("ukejalayer", "topped_by_other", {"square": "d4", "other": "black", "side": "white"},
     "d4の一番上は黒の駒なので、白はそこで排除できません。"),
    ("ukejalayer", "nothing_to_eliminate", {"square": "a3", "other": "black", "side": "white"},
     "a3の山には黒の駒が入っていないので、排除できません。"),
    ("ukejalayer", "hand_not_empty", {"side": "white", "count": 3},
     "手駒が3枚残っているあいだは、排除できません。"),
    ("ukejalayer", "not_unlocked", {}, "排除はまだ解禁されていません。"),
    ("ukejalayer", "white_waits", {"turns": 2}, "白は解禁のあと、まだ2回の番は排除できません。"),
    ("ukejalayer", "cannot_lose_none", {"square": "d4", "side": "white", "run": 0, "count": 1},
     "d4の一番上は白の駒ではないので、そこから駒は運び出せません。"),
    ("ukejalayer", "cannot_lose", {"square": "d1", "side": "white", "run": 2, "count": 3},
     "d1の一番上に続く白の駒は2枚だけなので、3枚は運び出せません。"),
    ("ukejalayer", "no_chain", {"side": "white", "changes": ["d4 -1", "c4 +1"]},
     "白の駒をどんな道順で運んでも、書かれたとおりに駒が増えたり減ったりすることはありません。"),
    ("ukejalayer", "unchanged", {}, "その運び方では盤が元のままです。何もしないのと同じ手は指せません。"),
    ("ukejalayer", "cannot_carry_none", {"square": "d4", "side": "white", "run": 0, "count": 1},
     "d4の一番上は白の駒ではないので、そこから駒は運べません。"),
    ("ukejalayer", "cannot_carry", {"square": "a1", "side": "white", "run": 1, "count": 2},
     "a1の一番上に続く白の駒は1枚だけなので、2枚は運べません。"),
    ("ukejalayer", "cannot_carry_on", {"square": "c1", "side": "white", "run": 1, "count": 1},
     "c1に着いたところで一番上に続く白の駒は1枚です。通ったマスには1枚以上残すので、1枚は先へ運べません。"),
    ("ukejalayer", "not_next", {"square": "b2", "previous": "a3"},
     "b2はa3の縦か横のとなりではありません。駒は1マスずつ運びます。"),
    # ludo
    ("ludo", "game_over", {}, "対局はもう終わっています。"),
    ("ludo", "roll_stated", {"roll": 3}, "サイコロの目（3）はもう出ています。駒を進めるか、パスします。"),
    ("ludo", "no_roll", {}, "まだサイコロを振っていません。先にサイコロを振ります。"),
    ("ludo", "cannot_pass", {"pieces": ["r1", "r3"], "roll": 6},
     "r1、r3が6の目で進めるので、パスはできません。"),
    ("ludo", "void_six", {}, "3回目の6は無効です。パスするしかありません。"),
    ("ludo", "not_your_turn", {"side": "red", "written": "blue"}, "今は赤の番で、青の番ではありません。"),
    ("ludo", "no_such_piece", {"side": "yellow", "count": 4, "piece": "y5"},
     "黄の駒は4個なので、y5はありません。"),
    ("ludo", "piece_elsewhere", {"piece": "r1", "where": "yard", "written": "12"},
     "r1がいるのは陣地で、12マス目ではありません。"),
    ("ludo", "yard_needs", {"piece": "r1", "roll": 3, "rolls": ["5", "6"]},
     "r1は陣地にいます。陣地から出られるのは、5、6の目のときだけです。"),
    ("ludo", "at_goal", {"piece": "r1", "roll": 3}, "r1はもうゴールに入っています。"),
    ("ludo", "overshoot", {"piece": "g2", "roll": 5, "where": "54"},
     "g2は5の目ではゴールを通り越してしまうので、進めません。"),
    ("ludo", "wrong_end", {"piece": "b1", "where": "50", "roll": 6, "end": "goal",
                           "written": "56"},
     "b1が6の目で着くのはゴールで、56マス目ではありません。"),
]


@pytest.mark.parametrize(("game", "code", "values", "sentence"), SENTENCES)
def test_every_reason_code_reads_as_japanese(game, code, values, sentence):
    assert reason_ja(game, {"code": code, "values": values}) == sentence


def test_the_sentences_above_cover_every_code_of_every_game():
    assert {(game, code) for game, code, _, _ in SENTENCES} == {
        (game, code) for game in game_ids() for code in game_words(game).get("reasons", {})}


def _raised_codes(game_id: str) -> set[str]:
    """The reason codes written at the game package's ``IllegalMoveError(...)`` calls (string
    constants of the ``code=`` argument; a call passing another error's code on is skipped).
    Every call gives a code."""
    codes: set[str] = set()
    folder = Path(game_package(game_id).__file__).parent
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(
                    node.func, "attr", None)) == "IllegalMoveError"):
                continue
            code = next((k.value for k in node.keywords if k.arg == "code"), None)
            assert code is not None, f"{path}:{node.lineno}: IllegalMoveError without a code"
            codes.update(c.value for c in ast.walk(code)
                         if isinstance(c, ast.Constant) and isinstance(c.value, str))
    return codes


@pytest.mark.parametrize("game", ["babuschka", "ludo", "medamagaeru", "suicide-checkers",
                                  "ukejalayer"])
def test_every_code_an_engine_raises_has_a_sentence_in_its_words(game):
    raised = _raised_codes(game)
    sentences = set(game_words(game)["reasons"])
    assert raised - sentences == set()  # a refusal the page could not explain
    assert sentences - raised == set()  # a sentence no engine asks for
    assert len(raised) >= 4


def test_a_reason_without_a_code_or_sentence_gets_none_never_english():
    assert reason_ja("medamagaeru", {"text": "something new", "code": None, "values": {}}) == ""
    assert reason_ja("medamagaeru", {"text": "a 4 cannot capture a 4", "code": "no_such_code",
                                     "values": {"eyes": 4}}) == ""
    assert reason_ja("ukejalayer", IllegalMoveError("plain English").as_data()) == ""


def test_the_sentences_are_data():
    """WORDS is plain data (exported as it is): str, int, list and dict only."""
    def plain(value):
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return isinstance(value, (str, int))

    for game in game_ids():
        words = game_words(game)
        assert plain(words), game
        assert words["name"] == get_game(game).name_ja


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
