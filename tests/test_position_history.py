"""Rules that need the past survive the crossing between the play page and the engine.

The play protocol (:mod:`banmen.play`) hands a position over as the mapping
``position_to_yaml`` writes, so everything a rule remembers (the suicide-checkers repetition
window and quiet plies, ukejalayer's ``white_wait``, medamagaeru's attacker, repetition window
and plies since 2-2, babuschka's passes and finishing order, ludo's sixes, tries, last piece
moved and finishing order) must be in that mapping. Each test here plays a line through the
protocol's JSON, one request per ply, and checks the rule fires where it must; the property
test at the end plays random games of every game and checks that every state reached comes
back equal from its mapping (as a mapping, as JSON, as YAML text, and as the protocol's answer).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from banmen import play
from banmen.cli import main
from banmen.game import get_game, PositionError


def ask(**request) -> dict:
    """Send one request to the play protocol as JSON text and return the decoded answer."""
    request.setdefault("rules", {})
    return json.loads(play.handle(json.dumps(request)))


def play_line(game: str, rules: dict, position: dict, moves: list[str]) -> list[dict]:
    """Play ``moves`` from ``position`` through the protocol, each from the position the last
    answer gave; return the ``play`` answers. After each move the returned position is asked
    again (``legal``): its outcome, read back from the mapping alone, must be the one the
    ``play`` answer computed from the engine's own state."""
    answers = []
    for move in moves:
        answer = ask(op="play", game=game, rules=rules, position=position, move=move)
        assert "error" not in answer, (move, answer)
        position = answer["position"]
        again = ask(op="legal", game=game, rules=rules, position=position)
        assert again["outcome"] == answer["outcome"], (move, position)
        answers.append(answer)
    return answers


def legal_moves(game: str, rules: dict, position: dict) -> list[str]:
    """Return the moves the protocol offers in ``position``."""
    return [entry["move"] for entry in ask(op="legal", game=game, rules=rules,
                                           position=position)["moves"]]


# --------------------------------------------------------------------------- suicide checkers

#: The line of issue 34: two kings a side shuffle back and forth; the start position recurs
#: after plies 4 and 8.
SHUFFLE = ["32-28", "1-5", "28-32", "5-1"]


def test_suicide_checkers_third_repetition_draws_at_ply_8_through_the_protocol():
    answers = play_line("suicide-checkers", {}, {"fen": "W:WK32,K31:BK1,K2"}, SHUFFLE * 2)
    outcomes = [answer["outcome"] for answer in answers]
    assert outcomes == [None] * 7 + [{"winner": None, "reason": "repetition"}]
    last = answers[-1]["position"]
    assert last["fen"] == "W:WK31,K32:BK1,K2"
    assert last["quiet_plies"] == 8
    assert last["window"] == ["W:WK31,K32:BK1,K2", "B:WK28,K31:BK1,K2", "W:WK28,K31:BK2,K5",
                              "B:WK31,K32:BK2,K5"] * 2
    refused = ask(op="play", game="suicide-checkers", rules={}, position=last, move="32-28")
    assert refused == {"error": "the game is over in this position: no move can be played"}


def test_suicide_checkers_repetition_rule_parameter_applies_to_the_crossed_window():
    answers = play_line("suicide-checkers", {"repetition_draw": 2},
                        {"fen": "W:WK32,K31:BK1,K2"}, SHUFFLE)
    assert [a["outcome"] for a in answers] == [None] * 3 + [{"winner": None,
                                                            "reason": "repetition"}]


def test_suicide_checkers_quiet_move_draw_counts_plies_through_the_protocol():
    start = {"fen": "W:WK32,K31:BK1,K2", "quiet_plies": 76}
    answers = play_line("suicide-checkers", {}, start, ["32-28", "1-5", "28-24", "5-9"])
    assert [a["outcome"] for a in answers] == [None] * 3 + [{"winner": None,
                                                            "reason": "quiet moves"}]
    assert answers[-1]["position"]["quiet_plies"] == 80


def test_suicide_checkers_a_man_move_empties_the_window():
    answers = play_line("suicide-checkers", {}, {"fen": "W:WK32,K31:B1,K2"},
                        ["32-28", "1-5", "28-32"])
    assert answers[0]["position"]["window"] == ["W:WK31,K32:B1,K2"]
    assert "window" not in answers[1]["position"] and "quiet_plies" not in answers[1]["position"]
    assert answers[2]["position"] == {"game": "suicide-checkers", "fen": "B:WK31,K32:BK2,5",
                                      "quiet_plies": 1, "window": ["W:WK28,K31:BK2,5"]}


def test_suicide_checkers_position_without_window_means_what_it_meant():
    game = get_game("suicide-checkers")
    state = game.position_from_yaml({"fen": "W:WK31,K32:BK1,K2", "quiet_plies": 8})
    assert (state.quiet_plies, state.history) == (8, ())
    assert game.outcome(state) is None
    assert game.position_to_yaml(state) == {"game": "suicide-checkers",
                                            "fen": "W:WK31,K32:BK1,K2", "quiet_plies": 8}


def test_suicide_checkers_window_alone_sets_quiet_plies_to_its_length():
    game = get_game("suicide-checkers")
    state = game.position_from_yaml({"fen": "B:WK28,K31:BK1,K2",
                                     "window": ["W:WK31,K32:BK1,K2"]})
    assert (state.quiet_plies, state.history) == (1, (game.position_from_yaml(
        {"fen": "W:WK31,K32:BK1,K2"}).key,))


@pytest.mark.parametrize("extra, path, message", [
    ({"window": "W:WK31,K32:BK1,K2"}, ("window",),
     "window must be a list of the earlier positions as FENs, oldest first, like "
     "['B:W21,22,K30:B1,2,K12']"),
    ({"window": ["W:WK31,K32:BK1,K2", 7]}, ("window", 1),
     "window entry 2: bad FEN 7: expected a text such as 'B:W21,22,K30:B1,2,K12'"),
    ({"window": ["W:WK31,K33:BK1,K2"]}, ("window", 0),
     "window entry 1: bad FEN 'W:WK31,K33:BK1,K2': square 33 is off the board (squares are "
     "1..32)"),
    ({"window": ["W:WK31,K32:BK1,K2"], "quiet_plies": 0}, ("quiet_plies",),
     "quiet_plies 0 is less than the number of positions in window (1): each of them was left "
     "by a quiet ply"),
    ({"window": ["B:WK31,K32:BK1,K2"]}, ("window", 0),
     "window entry 1 'B:WK31,K32:BK1,K2' is not one king move without capture before the "
     "position (fen): the window holds the positions since the last capture or man move, "
     "oldest first"),
    ({"window": ["B:WK28,K31:BK1,K2", "W:WK31,K32:BK1,K2"]}, ("window", 0),
     "window entry 1 'B:WK28,K31:BK1,K2' is not one king move without capture before entry 2: "
     "the window holds the positions since the last capture or man move, oldest first"),
    ({"window": ["W:WK31,K32:B1,K2"]}, ("window", 0),
     "window entry 1 'W:WK31,K32:B1,K2' is not one king move without capture before the "
     "position (fen): the window holds the positions since the last capture or man move, "
     "oldest first"),
    ({"window": ["W:WK31,K32:BK1,K2", "B:WK28,K31:BK1,K2", "W:WK28,K31:BK2,K5",
                 "B:WK31,K32:BK2,K5"] * 2 + ["W:WK31,K32:BK1,K2"]}, ("window", 8),
     "window entry 9 'W:WK31,K32:BK1,K2' occurs for the 3rd time: the game was drawn there by "
     "repetition (repetition_draw 3)"),
    ({"window": ["W:WK31,K32:BK1,K2"], "quiet_plies": 81}, ("window", 0),
     "window entry 1 comes 80 quiet plies after the last capture or man move: the game was "
     "drawn there (quiet_move_limit 40)"),
])
def test_suicide_checkers_window_errors_are_located(extra, path, message):
    game = get_game("suicide-checkers")
    with pytest.raises(PositionError) as caught:
        game.position_from_yaml({"fen": "B:WK28,K31:BK1,K2", **extra})
    assert (str(caught.value), caught.value.path) == (message, path)


def test_suicide_checkers_bad_window_is_one_line_through_the_protocol():
    answer = ask(op="legal", game="suicide-checkers", position={
        "fen": "B:WK28,K31:BK1,K2", "window": ["B:WK31,K32:BK1,K2"]})
    assert answer == {"error": "window entry 1 'B:WK31,K32:BK1,K2' is not one king move "
                               "without capture before the position (fen): the window holds "
                               "the positions since the last capture or man move, oldest "
                               "first"}


def test_suicide_checkers_page_position_pasted_into_banmen_moves(tmp_path):
    """The position the page shows (JSON, which is YAML) reads the same in ``banmen moves``;
    a bad window there is one located line and exit status 1."""
    runner = CliRunner()
    shown = play_line("suicide-checkers", {}, {"fen": "W:WK32,K31:BK1,K2"},
                      SHUFFLE * 2)[-2]["position"]
    path = tmp_path / "page.yaml"
    path.write_text(json.dumps(shown), encoding="utf-8")
    result = runner.invoke(main, ["moves", "suicide-checkers", str(path)])
    assert result.exit_code == 0
    assert result.output.splitlines() == legal_moves("suicide-checkers", {}, shown) == [
        "2-6", "2-7", "5-1", "5-9"]
    path.write_text('game: suicide-checkers\nfen: "B:WK28,K31:BK1,K2"\nwindow:\n'
                    '  - "W:WK31,K32:BK1,K2"\n  - "B:WK31,K32:BK1,K2"\n', encoding="utf-8")
    result = runner.invoke(main, ["moves", "suicide-checkers", str(path)])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"{path}:4:5: window entry 1 'W:WK31,K32:BK1,K2' is not one king move without capture "
        "before entry 2: the window holds the positions since the last capture or man move, "
        "oldest first\n")


# --------------------------------------------------------------------------- ukejalayer


def test_ukejalayer_white_wait_bars_the_first_white_turn_after_the_unlock():
    """Guidebook unlock, N = 1: White empties its hand (the unlock moment), Black summons its
    last piece, and on White's next turn the elimination on a1 is still barred; one White
    turn later it is open (``shared/rules/ukejalayer.md``, "Eliminate and its unlock")."""
    start = {"to_move": "white", "hands": {"white": 1, "black": 1},
             "board": {"a1": "BW", "d4": "B"}}
    answers = play_line("ukejalayer", {}, start, ["c3", "d1"])
    barred = answers[-1]["position"]
    assert barred["white_wait"] == 1 and barred["hands"] == {"white": 0, "black": 0}
    assert legal_moves("ukejalayer", {}, barred) == ["a1a2", "a1b1", "c3b3", "c3c2", "c3c4",
                                                     "c3d3"]
    refused = ask(op="play", game="ukejalayer", rules={}, position=barred, move="a1")
    assert "error" in refused
    answers = play_line("ukejalayer", {}, barred, ["c3c4", "d1c1"])
    open_again = answers[-1]["position"]
    assert "white_wait" not in open_again
    assert "a1" in legal_moves("ukejalayer", {}, open_again)


def test_ukejalayer_white_delay_two_counts_down_across_the_protocol():
    """``unlock: both``: White's last summon empties both hands (the moment); White's next
    two turns are barred, Black's turns do not count down."""
    rules = {"unlock": "both", "white_delay": 2}
    start = {"to_move": "white", "hands": {"white": 1, "black": 0},
             "board": {"a1": "BW", "d4": "B"}}
    answers = play_line("ukejalayer", rules, start,
                        ["c3", "d4c4", "c3d3", "c4b4", "d3d2", "b4b3"])
    waits = [a["position"].get("white_wait", 0) for a in answers]
    assert waits == [2, 2, 1, 1, 0, 0]
    assert "a1" not in legal_moves("ukejalayer", rules, answers[1]["position"])
    assert "a1" not in legal_moves("ukejalayer", rules, answers[3]["position"])
    assert "a1" in legal_moves("ukejalayer", rules, answers[5]["position"])


# --------------------------------------------------------------------------- medamagaeru


def test_medamagaeru_attacker_state_crosses_the_protocol():
    """Worked example 1 of ``shared/rules/medamagaeru.md``: Green aims at the white 2 with a
    free piece and becomes the attacker; the state stays green while nothing changes it."""
    start = {"to_move": "green", "board": {"44": "G3", "42": "W2", "17": "W1"},
             "attacker": "none"}
    answers = play_line("medamagaeru", {}, start, ["3 44-43", "1 17-16"])
    assert [a["position"]["attacker"] for a in answers] == ["green", "green"]


def test_medamagaeru_repetition_duty_uses_the_crossed_window():
    """The attacker (green) is to move in the start position again after four plies: the
    window carried by the mapping forbids ``3 44-43``, which would repeat the position after
    the first move (``shared/rules/medamagaeru.md``, "Repetition duty")."""
    start = {"to_move": "green", "board": {"44": "G3", "42": "W2", "17": "W1"},
             "attacker": "none"}
    answers = play_line("medamagaeru", {}, start, ["3 44-43", "1 17-16", "3 43-44", "1 16-17"])
    again = answers[-1]["position"]
    assert {key: again[key] for key in ("to_move", "board", "attacker")} == {
        "to_move": "green", "board": {"17": "W1", "42": "W2", "44": "G3"}, "attacker": "green"}
    assert again["window"] == ["green 17W1 42W2 44G3", "white 17W1 42W2 43G3",
                               "green 16W1 42W2 43G3", "white 16W1 42W2 44G3"]
    offered = legal_moves("medamagaeru", {}, again)
    assert "3 44-43" not in offered and "3 44-34" in offered
    refused = ask(op="play", game="medamagaeru", rules={}, position=again, move="3 44-43")
    assert refused == {"error": "the repetition duty forbids 3 44-43: that position already "
                                "occurred"}


def test_medamagaeru_draw_50_plies_after_2_2_through_the_protocol():
    start = {"to_move": "green", "captures": {"green": 2, "white": 2}, "plies_since_2_2": 48,
             "board": {"77": "G3", "57": "G4", "37": "G5", "71": "W1", "51": "W2", "31": "W4"}}
    answers = play_line("medamagaeru", {}, start, ["3 77-76", "1 71-72"])
    assert answers[0]["position"]["plies_since_2_2"] == 49
    assert [a["outcome"] for a in answers] == [
        None, {"winner": None, "reason": "no winning capture within 50 plies of 2-2"}]


# --------------------------------------------------------------------------- babuschka


def test_babuschka_every_player_passing_in_a_row_draws_through_the_protocol():
    """Both sides' large dolls fill the far arms, so neither has an action: Black passes, the
    mapping carries ``passes: 1``, and Grey's pass ends the game (``shared/rules/babuschka.md``,
    "A turn": the [decision] draw)."""
    start = {"players": 2, "to_move": "black", "board": {
        "c8": "bL", "d8": "bL", "e8": "bL", "f8": "bL",
        "c1": "gL", "d1": "gL", "e1": "gL", "f1": "gL"}}
    answers = play_line("babuschka", {}, start, ["pass", "pass"])
    assert answers[0]["position"]["passes"] == 1
    assert [a["outcome"] for a in answers] == [
        None, {"winner": None, "reason": "every player passed in a row"}]


def test_babuschka_finishing_order_crosses_the_protocol():
    """Four players ranking everyone: West is home first, then North, then South; the
    ranking names them in that order, though seat order is south, west, north, east."""
    rules = {"players": 4, "rank_all": True}
    start = {"players": 4, "to_move": "north", "finished": ["west"], "board": {
        "h4": ["wS", "wM", "wL"], "h5": ["wS", "wM", "wL"],
        "d1": ["nS", "nM", "nL"], "e1": ["nS", "nM"], "e2": "nL",
        "d8": ["sS", "sM", "sL"], "e8": ["sS", "sM"], "e7": "sL",
        "c4": "eL"}}
    answers = play_line("babuschka", rules, start, ["N: L e2-e1", "E: L c4-b4", "S: L e7-e8"])
    assert answers[0]["position"]["finished"] == ["west", "north"]
    assert answers[-1]["outcome"] == {"winner": "west",
                                      "reason": "ranking: west, north, south, east"}


# --------------------------------------------------------------------------- ludo


def test_ludo_third_six_sends_the_last_moved_piece_home_through_the_protocol():
    """Aeroplane: a 6 enters r1, a second 6 moves it, the third 6 is void and (``third_six:
    return_last``) sends r1 back to the yard; the turn then passes to Blue."""
    start = {"preset": "aeroplane", "colours": ["red", "blue"], "to_move": "red",
             "pieces": {"red": ["yard", "yard", 20, "goal"], "blue": ["yard"] * 4}}
    answers = play_line("ludo", {}, start,
                        ["roll 6", "r1 yard-0", "roll 6", "r1 0-10", "roll 6", "pass"])
    crossed = answers[3]["position"]
    assert (crossed["sixes"], crossed["last_moved"], crossed["to_move"]) == (2, "r1", "red")
    assert legal_moves("ludo", {}, answers[4]["position"]) == ["pass"]
    after = answers[-1]["position"]
    assert after["to_move"] == "blue"
    assert after["pieces"]["red"] == ["yard", "yard", 20, "goal"]
    assert "sixes" not in after and "last_moved" not in after


def test_ludo_three_tries_from_the_yard_through_the_protocol():
    """Aeroplane (three tries on): every red piece is in the yard, so Red rolls up to three
    times for a 6; the tries used cross in the mapping and the third miss ends the turn."""
    start = {"preset": "aeroplane", "colours": ["red", "blue"], "to_move": "red",
             "pieces": {"red": ["yard"] * 4, "blue": [5, "yard", "yard", "yard"]}}
    answers = play_line("ludo", {}, start,
                        ["roll 3", "pass", "roll 2", "pass", "roll 4", "pass"])
    after_pass = [a["position"] for a in answers[1::2]]
    assert [(p["to_move"], p.get("tries", 0)) for p in after_pass] == [
        ("red", 1), ("red", 2), ("blue", 0)]


def test_ludo_without_three_tries_one_miss_ends_the_turn():
    start = {"preset": "ludo", "colours": ["red", "blue"], "to_move": "red",
             "pieces": {"red": ["yard"] * 4, "blue": [5, "yard", "yard", "yard"]}}
    answers = play_line("ludo", {}, start, ["roll 3", "pass"])
    assert answers[-1]["position"]["to_move"] == "blue"


def test_ludo_finishing_order_crosses_the_protocol():
    """Three colours played to the end: Blue finished first, then Red; the ranking keeps that
    order (not seat order) when the final position is read back."""
    rules = {"stop_at_first": False}
    start = {"preset": "aeroplane", "colours": ["red", "yellow", "blue"], "to_move": "red",
             "finished": ["blue"],
             "pieces": {"red": ["goal", "goal", "goal", 55], "yellow": [10, "yard", "yard", 3],
                        "blue": ["goal"] * 4}}
    answers = play_line("ludo", rules, start, ["roll 1", "r4 55-goal"])
    final = answers[-1]
    assert final["position"]["finished"] == ["blue", "red"]
    assert final["outcome"]["winner"] == "blue"


# --------------------------------------------------------------------------- property


#: Random play from these starts reaches the babuschka and ludo keys play from the start
#: position never reaches within a test's time: Black walled in by its own large dolls
#: (passes), three of four players near home (finishing order), three colours a few rolls
#: from the goal (finishing order).
WALLED_IN = {"players": 2, "to_move": "grey", "board": {
    "c8": "bL", "d8": "bL", "e8": "bL", "f8": "bL", "d4": "gS", "e5": "gM"}}
NEAR_HOME = {"players": 4, "to_move": "north", "finished": ["west"], "board": {
    "h4": ["wS", "wM", "wL"], "h5": ["wS", "wM", "wL"],
    "d1": ["nS", "nM", "nL"], "e1": ["nS", "nM"], "e2": "nL",
    "d8": ["sS", "sM", "sL"], "e8": ["sS", "sM"], "e7": "sL", "c4": "eL"}}
NEAR_GOAL = {"preset": "aeroplane", "colours": ["red", "yellow", "blue"], "to_move": "red",
             "pieces": {"red": ["goal", "goal", "goal", 50], "yellow": ["goal", 47, "goal", 53],
                        "blue": [52, "goal", "goal", "goal"]}}

#: (game, rule overrides, start position or None for the game's start, games played,
#: longest game in plies, history keys the mappings of the run must write): defaults and
#: variants whose history rules come up in random play (short draw limits, other unlocks).
PROPERTY_VARIANTS = [
    ("ukejalayer", {}, None, 6, 80, {"white_wait"}),
    ("ukejalayer", {"unlock": "both", "white_delay": 2}, None, 6, 80, {"white_wait"}),
    ("ukejalayer", {"unlock": "self", "size": 3}, None, 6, 80, set()),
    ("medamagaeru", {}, None, 3, 100, {"attacker", "window"}),
    ("medamagaeru", {"capture_resets": True, "reposition_counts": False}, None, 2, 100,
     {"attacker", "window"}),
    ("medamagaeru", {"captures_to_win": 2, "draw_plies_after_2_2": 6}, None, 3, 100,
     {"attacker", "window", "plies_since_2_2"}),
    ("suicide-checkers", {}, None, 6, 150, {"quiet_plies", "window"}),
    ("suicide-checkers", {"repetition_draw": 2, "quiet_move_limit": 3}, None, 8, 150,
     {"quiet_plies", "window"}),
    ("babuschka", {}, None, 3, 120, set()),
    ("babuschka", {}, WALLED_IN, 3, 120, {"passes"}),
    ("babuschka", {"players": 4, "rank_all": True}, None, 2, 120, set()),
    ("babuschka", {"players": 4, "rank_all": True}, NEAR_HOME, 4, 120, {"finished"}),
    ("ludo", {"preset": "aeroplane"}, None, 4, 300,
     {"sixes", "tries", "last_moved", "send_backs"}),
    ("ludo", {"preset": "easy", "colours": 4}, None, 3, 300,
     {"sixes", "tries", "last_moved", "send_backs"}),
    ("ludo", {"preset": "ludo", "colours": 3, "three_tries": True, "stop_at_first": False},
     None, 3, 300, {"sixes", "tries", "last_moved", "send_backs"}),
    ("ludo", {"preset": "aeroplane", "pieces": 2, "stop_at_first": False}, None, 3, 300,
     {"sixes", "last_moved"}),
    ("ludo", {"stop_at_first": False}, NEAR_GOAL, 6, 300, {"finished"}),
]


@pytest.mark.parametrize("game_id, rules, start, games, plies, keys", PROPERTY_VARIANTS,
                         ids=[f"{g}-{json.dumps(r, sort_keys=True)}{'-start' if s else ''}"
                              for g, r, s, _, _, _ in PROPERTY_VARIANTS])
def test_every_state_reached_in_play_comes_back_from_its_mapping(game_id, rules, start, games,
                                                                 plies, keys):
    """Random games (fixed seed): at every ply the mapping gives the state back, equal and
    with the same outcome, read directly, after JSON, after YAML text, and as the position the
    protocol answers for the move that led there."""
    game = get_game(game_id, rules)
    rng = random.Random(3401)
    outcomes = set()
    written: set[str] = set()
    for _ in range(games):
        state = game.initial_state() if start is None else game.position_from_yaml(start)
        for _ in range(plies):
            data = game.position_to_yaml(state)
            written |= set(data)
            as_json = json.loads(json.dumps(data))
            for form in (data, as_json, yaml.safe_load(yaml.safe_dump(data, allow_unicode=True))):
                back = game.position_from_yaml(form)
                assert back == state, form
                assert game.outcome(back) == game.outcome(state), form
            outcome = game.outcome(state)
            if outcome is not None:
                outcomes.add(outcome.reason.split(":")[0])
                break
            move = rng.choice(game.legal_moves(state))
            after = game.play(state, move)
            answer = ask(op="play", game=game_id, rules=rules, position=as_json,
                         move=game.format_move(state, move))
            assert answer["position"] == json.loads(json.dumps(game.position_to_yaml(after)))
            assert game.position_from_yaml(answer["position"]) == after
            state = after
    assert keys <= written  # the history rules did come up
    if game_id == "suicide-checkers" and rules:
        assert {"repetition", "quiet moves"} <= outcomes


def test_the_documented_window_examples_are_what_the_engine_says():
    """guide/positions.md's page position is a draw by repetition; docs/authoring.md's example (the
    second occurrence) is drawn by the four moves the text names."""
    root = Path(__file__).resolve().parent.parent
    game = get_game("suicide-checkers")
    guide = root.joinpath("guide", "positions.md").read_text(encoding="utf-8")
    block = guide.split("twice from `W:WK32,K31:BK1,K2` it reads\n\n```yaml\n")[1]
    state = game.position_from_yaml(yaml.safe_load(block.split("```")[0]))
    assert game.outcome(state).reason == "repetition"
    assert game.position_to_yaml(state) == play_line(
        "suicide-checkers", {}, {"fen": "W:WK32,K31:BK1,K2"}, SHUFFLE * 2)[-1]["position"]
    authoring = root.joinpath("docs", "authoring.md").read_text(encoding="utf-8")
    block = authoring.split("と指すと引分けになります。\n\n```yaml\n")[1]
    state = game.position_from_yaml(yaml.safe_load(block.split("```")[0])["position"])
    assert (state.quiet_plies, game.outcome(state)) == (4, None)
    answers = play_line("suicide-checkers", {}, game.position_to_yaml(state), SHUFFLE)
    assert [a["outcome"] for a in answers] == [None] * 3 + [{"winner": None,
                                                            "reason": "repetition"}]
