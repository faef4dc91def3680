"""The ルドー / 飛行棋 board drawing: every square clickable per preset, deterministic SVG, the
die face, move legs drawn by kind, change marks, send-back ghosts, the description."""

from __future__ import annotations

import re

import pytest

from banmen.game import get_game
from banmen.games.ludo import all_squares, preset_rules
from banmen.games.ludo.rules import merge_rules
from banmen.games.ludo.track import COLOURS
from banmen.render import board_squares, render_svg
from banmen.render.board import DiagramSpec
from banmen.games.ludo.drawing import PIPS, change_marks, describe, geometry, leg_paths
from banmen.render.ids import html_id
from svg_checks import assert_self_contained

GAME = get_game("ludo")


def state_of(pieces, preset="aeroplane", to_move="red", **extra):
    colours = [c for c in COLOURS if c in pieces]
    return GAME.position_from_yaml({"preset": preset, "colours": colours, "to_move": to_move,
                                    "pieces": pieces, **extra})


def move_spec(ident, before, text, **extra):
    move = GAME.parse_move(before, text)
    return DiagramSpec(ident, GAME.play(before, move), before=before, move=move, **extra)


def ids(svg, ident, kind):
    return re.findall(rf'id="{html_id(ident)}--{kind}-([^"]+)"', svg)


@pytest.fixture(scope="module")
def chain():
    """The spec's reference fact: aeroplane, red 12 with a 2 -> 14, jump 18, fly 30."""
    before = state_of({"red": ["yard", 12, "yard", "yard"], "blue": [42, "yard", "yard", "yard"]},
                      roll=2)
    return move_spec("test/ludo-chain", before, "r2 12-30")


@pytest.mark.parametrize("preset,pieces", [("aeroplane", 4), ("easy", 4), ("ludo", 4),
                                           ("aeroplane", 2), ("ludo", 2)])
def test_every_square_has_a_stable_id_per_preset(preset, pieces):
    yard = ["yard"] * pieces
    game = GAME.with_rules({"preset": preset, "pieces": pieces})
    state = game.position_from_yaml({"colours": ["red", "blue"], "to_move": "red",
                                     "pieces": {"red": yard, "blue": yard}})
    spec = DiagramSpec(f"test/ludo-{preset}-{pieces}", state)
    svg = render_svg(game, spec)
    expected = all_squares(merge_rules(preset_rules(preset), {"pieces": pieces}), COLOURS)
    drawn = ids(svg, spec.ident, "sq")
    assert sorted(drawn) == sorted(expected)
    assert len(drawn) == len(set(drawn))
    assert sorted(board_squares(game)) == sorted(expected)
    takeoffs = {"r-takeoff", "y-takeoff", "b-takeoff", "g-takeoff"}
    assert (takeoffs <= set(drawn)) == (preset != "ludo")
    assert len(expected) == 52 + 4 * (5 + 1 + pieces) + (4 if preset != "ludo" else 0)


def test_preset_decorations():
    yard = ["yard"] * 4
    plane = render_svg(GAME, DiagramSpec("test/ludo-p", state_of({"red": yard, "blue": yard})))
    ludo = render_svg(GAME, DiagramSpec("test/ludo-l", state_of({"red": yard, "blue": yard},
                                                                   preset="ludo")))
    # aeroplane: a dashed flight line per colour, no stars; ludo: the eight safe stars only
    assert sorted(ids(plane, "test/ludo-p", "flight")) == sorted(COLOURS)
    assert ids(plane, "test/ludo-p", "star") == []
    assert ids(ludo, "test/ludo-l", "flight") == []
    assert sorted(ids(ludo, "test/ludo-l", "star"), key=lambda s: int(s[1:])) == [
        "t0", "t8", "t13", "t21", "t26", "t34", "t39", "t47"]


def test_the_loop_is_a_ring_of_neighbouring_cells():
    for entry in ("takeoff", "loop"):
        geo = geometry(entry)
        for t in range(52):
            (x1, y1), (x2, y2) = geo.center(f"t{t}"), geo.center(f"t{(t + 1) % 52}")
            assert max(abs(x1 - x2), abs(y1 - y2)) == pytest.approx(1.0), (entry, t)
        # the home column starts next to the last loop square of the colour
        last = "t49" if entry == "takeoff" else "t50"
        (x1, y1), (x2, y2) = geo.center(last), geo.center("r-h1")
        assert abs(x1 - x2) + abs(y1 - y2) == pytest.approx(1.0)
    # the start square of ludo (t0) and the take-off geometry's first square (t0) differ by one
    assert geometry("loop").center("t1") == geometry("takeoff").center("t0")


def test_same_input_gives_the_same_bytes(chain):
    assert render_svg(GAME, chain) == render_svg(GAME, chain)


def test_ids_are_unique_and_references_stay_inside(chain):
    assert_self_contained(render_svg(GAME, chain), chain.ident)


@pytest.mark.parametrize("roll", range(1, 7))
def test_the_die_shows_the_stated_roll(roll):
    state = state_of({"red": [10, "yard", "yard", "yard"], "blue": [40, "yard", "yard", "yard"]},
                     roll=roll)
    spec = DiagramSpec(f"test/ludo-die{roll}", state)
    svg = render_svg(GAME, spec)
    assert f'id="{html_id(spec.ident)}--die"' in svg
    assert sorted(map(int, ids(svg, spec.ident, "pip"))) == list(range(1, roll + 1))
    assert len(PIPS[roll]) == roll


def test_a_position_without_a_roll_draws_a_blank_die():
    state = state_of({"red": [10, "yard", "yard", "yard"], "blue": [40, "yard", "yard", "yard"]})
    svg = render_svg(GAME, DiagramSpec("test/ludo-blank", state))
    assert f'id="{html_id("test/ludo-blank")}--die"' in svg
    assert ids(svg, "test/ludo-blank", "pip") == []


def test_a_move_diagram_shows_the_roll_it_used(chain):
    # after the move blue is to roll (no roll yet); the die still shows the 2 that was used
    assert chain.state.roll == 0
    assert sorted(map(int, ids(render_svg(GAME, chain), chain.ident, "pip"))) == [1, 2]


def test_legs_follow_the_track_and_keep_their_kinds(chain):
    assert leg_paths(chain.before, chain.move) == [
        ("move", ["t11", "t12", "t13"]),
        ("jump", ["t13", "t17"]),
        ("flight", ["t17", "t29"]),
    ]
    bounce = state_of({"red": [54, "goal", "goal", "goal"], "blue": [40, "yard", "yard", "yard"]},
                      roll=6)
    assert leg_paths(bounce, GAME.parse_move(bounce, "r1 54-52")) == [
        ("move", ["r-h4", "r-h5", "r-goal"]),
        ("bounce", ["r-goal", "r-h5", "r-h4", "r-h3", "r-h2"]),
    ]
    enter = state_of({"red": ["yard"] * 4, "blue": [40, "yard", "yard", "yard"]}, roll=6)
    assert leg_paths(enter, GAME.parse_move(enter, "r3 yard-0")) == [
        ("enter", ["r-yard3", "r-takeoff"])]


def _group(svg, gid):
    """The text of the <g> element with id ``gid`` (matplotlib writes one per artist)."""
    start = svg.index(f'<g id="{gid}"')
    return svg[start:svg.index("</g>", start)]


def test_leg_kinds_are_drawn_in_distinct_styles(chain):
    svg = render_svg(GAME, chain)
    prefix = html_id(chain.ident)
    assert ids(svg, chain.ident, "leg") == ["0-move", "1-jump", "2-flight"]
    move, jump, flight = (_group(svg, f"{prefix}--leg-{n}") for n in
                          ("0-move", "1-jump", "2-flight"))
    assert "stroke-dasharray" not in move          # solid
    dashes = [re.search(r"stroke-dasharray: ?([\d., ]+)", g).group(1) for g in (jump, flight)]
    assert dashes[0] != dashes[1]                   # dotted vs dashed
    colours = [re.search(r"stroke: ?(#[0-9a-f]{6})", g).group(1) for g in (move, jump, flight)]
    assert len(set(colours)) == 3
    styles = [re.findall(r'style="([^"]+)"', g) for g in (move, jump, flight)]
    # line then head: filled heads for move and flight, an open head for the jump
    assert [s[-1].replace(" ", "").startswith("fill:none") for s in styles] == [False, True, False]
    assert all(s[0].replace(" ", "").startswith("fill:none") for s in styles)


def test_change_marks_and_send_back_ghost():
    before = state_of({"red": ["yard", 30, "yard", "yard"], "blue": [9, 20, "yard", "yard"]},
                      roll=5)
    spec = move_spec("test/ludo-send", before, "r2 30-35")
    assert change_marks(spec.before, spec.state) == {"t29": -1, "t34": 1, "b-yard1": 1}
    svg = render_svg(GAME, spec)
    assert ids(svg, spec.ident, "ghost") == ["b1"]
    assert "fill:#e53935" in svg and "fill:#43a047" in svg
    plain = render_svg(GAME, DiagramSpec("test/ludo-plain", spec.state))
    assert "fill:#e53935" not in plain and ids(plain, "test/ludo-plain", "ghost") == []


def test_the_third_six_penalty_is_drawn_as_a_send_back():
    before = state_of({"red": ["yard", 24, 7, "yard"], "blue": [40, "yard", "yard", "yard"]},
                      roll=6, sixes=2, last_moved="r2")
    spec = move_spec("test/ludo-six", before, "pass")
    assert change_marks(spec.before, spec.state) == {"t23": -1, "r-yard2": 1}
    assert ids(render_svg(GAME, spec), spec.ident, "ghost") == ["r2"]


def test_pieces_sharing_a_square_are_all_drawn_with_a_count():
    state = state_of({"red": ["yard", 9, 9, "yard"], "blue": [35, "yard", "yard", "yard"]},
                     preset="ludo")
    spec = DiagramSpec("test/ludo-share", state)
    svg = render_svg(GAME, spec)
    pieces = ids(svg, spec.ident, "piece")
    assert sorted(pieces) == ["b1", "b2", "b3", "b4", "r1", "r2", "r3", "r4"]
    # three discs on t8: each smaller than a lone piece's disc
    radius = {}
    for name in ("r2", "r3", "b1", "r1"):
        group = _group(svg, f"{html_id(spec.ident)}--piece-{name}")
        radius[name] = float(re.search(r'<circle [^>]*\br="([\d.]+)"', group).group(1))
    assert radius["r2"] == radius["r3"] == radius["b1"] < radius["r1"]


def test_describe_names_the_preset_roll_and_every_piece():
    state = state_of({"red": ["yard", 12, 30, "goal"], "blue": ["yard", "yard", 5, 55]}, roll=2,
                     sixes=1, last_moved="r2")
    assert describe(GAME, state) == (
        "飛行棋ルール。赤の番、出目2（この番ですでに6が1回）。"
        "赤：r1 陣地、r2 t11（12マス目）、r3 t29（30マス目）、r4 ゴール。"
        "青：b1 陣地、b2 陣地、b3 t30（5マス目）、b4 b-h5（55マス目）。"
    )
    over = state_of({"red": ["goal"] * 4, "blue": [1, "yard", "yard", "yard"]}, to_move="blue")
    assert describe(GAME, over).startswith("飛行棋ルール。赤の上がり。")
