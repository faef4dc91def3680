"""The めだまがえる board drawing: deterministic SVG, clickable squares, eyes, change tints."""

from __future__ import annotations

import re

import pytest

from banmen.game import get_game
from banmen.render import board_squares, render_svg
from banmen.render.spec import DiagramSpec
from banmen.games.medamagaeru.drawing import EYE_PATTERNS, captured_pieces, change_tints, geometry
from banmen.render.ids import html_id
from svg_checks import assert_self_contained

GAME = get_game("medamagaeru")
ALL_SQUARES = sorted(f"{f}{r}" for f in range(1, 8) for r in range(1, 8))


def state_of(board, to_move="green", **extra):
    return GAME.position_from_yaml({"to_move": to_move, "board": board, **extra})


def svg_of(spec):
    return render_svg(GAME, spec)


@pytest.fixture
def after_capture():
    """Green 3 on 43 captures the white 2 on 42 with promotion (a move diagram)."""
    before = state_of({"43": "G3", "42": "W2", "31": "W3"}, attacker="green")
    move = GAME.parse_move(before, "3 43x42+")
    return DiagramSpec("test/medama-capture", GAME.play(before, move), before=before, move=move,
                       highlight=("31",), labels=(("31", "A"),))


def test_same_input_gives_the_same_bytes(after_capture):
    start = DiagramSpec("test/medama-start", GAME.initial_state())
    assert svg_of(start) == svg_of(start)
    assert svg_of(after_capture) == svg_of(after_capture)
    cycle = DiagramSpec("test/medama-cycle", GAME.initial_state(), options={"cycle": True})
    assert svg_of(cycle) == svg_of(cycle)


def test_every_square_has_a_stable_id():
    spec = DiagramSpec("test/medama-start", GAME.initial_state())
    svg = svg_of(spec)
    prefix = html_id(spec.ident)
    squares = re.findall(rf'id="{prefix}--sq-(\d\d)"', svg)
    assert sorted(squares) == ALL_SQUARES
    assert sorted(board_squares(GAME)) == ALL_SQUARES


def test_ids_are_unique_and_references_stay_inside(after_capture):
    assert_self_contained(svg_of(after_capture), after_capture.ident)


def test_square_names_follow_shogi_coordinates_seen_by_green():
    geo = geometry()
    # file 1 is on the right, rank 1 at the top
    assert geo.center("11")[0] > geo.center("71")[0]
    assert geo.center("11")[1] > geo.center("17")[1]
    assert geo.center("43")[0] == geo.center("47")[0]


def test_eyes_are_drawn_per_piece():
    board = {"11": "G1", "22": "G2", "33": "G3", "44": "G4", "55": "G5", "66": "W1+", "77": "W3"}
    spec = DiagramSpec("test/medama-eyes", state_of(board))
    svg = svg_of(spec)
    prefix = html_id(spec.ident)
    expected = {"11": 1, "22": 2, "33": 3, "44": 4, "55": 5, "66": 1, "77": 3}
    for square, eyes in expected.items():
        assert f'id="{prefix}--piece-{square}"' in svg
        drawn = re.findall(rf'id="{prefix}--eye-{square}-(\d)"', svg)
        assert sorted(map(int, drawn)) == list(range(1, eyes + 1)), square
    # only the promoted frog carries the 成 badge
    assert re.findall(rf'id="{prefix}--promoted-(\d\d)"', svg) == ["66"]
    assert all(len(EYE_PATTERNS[e]) == e for e in range(1, 6))


def test_the_start_position_has_ten_frogs_with_fifteen_eyes_each_side():
    spec = DiagramSpec("test/medama-start", GAME.initial_state())
    svg = svg_of(spec)
    assert len(re.findall(r'--piece-\d\d"', svg)) == 10
    assert len(re.findall(r'--eye-\d\d-\d"', svg)) == 30


def test_change_tints_after_a_move(after_capture):
    tints = change_tints(after_capture.before, after_capture.state,
                         GAME.position_to_yaml(after_capture.state))
    assert tints == {"43": -1, "42": 1}  # the capture square counts as arrived
    svg = svg_of(after_capture)
    assert "fill:#e53935" in svg and "fill:#43a047" in svg  # red and green tints
    plain = svg_of(DiagramSpec("test/medama-plain", after_capture.state))
    assert "fill:#e53935" not in plain and "fill:#43a047" not in plain


def test_captured_pieces_are_derived_when_the_board_is_complete():
    full = GAME.initial_state()
    after = GAME.play(full, GAME.parse_move(full, "3 37-36"))
    assert captured_pieces(GAME.position_to_yaml(after), "green") == []
    state = state_of(
        {"67": "G4", "57": "G2", "47": "G1", "37": "G3", "27": "G5",
         "21": "W4", "51": "W3", "61": "W5"},
        captures={"green": 2, "white": 0},
    )
    assert captured_pieces(GAME.position_to_yaml(state), "green") == [1, 2]
    # a partial diagram only knows the count
    partial = state_of({"43": "G3"}, captures={"green": 1, "white": 0})
    assert captured_pieces(GAME.position_to_yaml(partial), "green") is None


def test_options_change_the_drawing():
    start = GAME.initial_state()
    full = svg_of(DiagramSpec("test/medama-o", start))
    bare = svg_of(DiagramSpec("test/medama-o", start, options={"coordinates": False,
                                                                 "info": False}))
    assert len(bare) < len(full)
    cycle = svg_of(DiagramSpec("test/medama-o", start, options={"cycle": True}))
    assert "--sq-" not in cycle
    assert len(re.findall(r'--piece-\d\d"', cycle)) == 0  # the ring's frogs are not squares
