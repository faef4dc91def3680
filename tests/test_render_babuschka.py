"""The バブーシュカ board drawing: the 52 clickable squares, deterministic SVG, the table and
cut-away views, start and goal marks per seat, chain arrows through every landing, change tints
and the status line (``banmen/games/babuschka/drawing.py``; ``shared/rules/babuschka.md``)."""

from __future__ import annotations

import re

import pytest

from banmen.game import BanmenError, get_game
from banmen.render import board_squares, render_svg
from banmen.games.babuschka.drawing import (
    SQUARES,
    describe,
    geometry,
    on_board,
    path_of_move,
    status_text,
)
from banmen.render.board import DiagramSpec
from banmen.render.svg import html_id
from svg_checks import assert_self_contained

GAME = get_game("babuschka")

#: the 52 squares of the rule spec, "Board": b2..g7, the four arms of four squares.
SPEC_SQUARES = sorted(
    [f"{f}{r}" for f in "bcdefg" for r in range(2, 8)]
    + [f"{f}1" for f in "cdef"] + [f"{f}8" for f in "cdef"]
    + [f"a{r}" for r in range(3, 7)] + [f"h{r}" for r in range(3, 7)]
)


def state_of(board, to_move="black", players=2):
    return GAME.position_from_yaml({"game": "babuschka", "players": players,
                                    "to_move": to_move, "board": board})


def svg_of(spec):
    return render_svg(GAME, spec)


def ids(svg, spec, kind):
    prefix = html_id(spec.ident)
    return re.findall(rf'id="{prefix}--{kind}-([a-h][1-8](?:-\d)?)"', svg)


NEST_BOARD = {"c3": ["bS", "gM", "bL"], "d5": ["gS", "bM"], "e3": ["bS"], "f4": ["gM", "gL"]}


@pytest.fixture
def chain():
    """Black's medium jumps three times: d2 over d3 to d4, over e5 to f6, over g6 to h6."""
    before = state_of({"d2": ["bM"], "d3": ["gL"], "e5": ["bS"], "g6": ["gM"]})
    move = GAME.parse_move(before, "M d2xd4xf6xh6")
    return DiagramSpec("test/bab-chain", GAME.play(before, move), before=before, move=move)


def test_the_board_has_the_52_squares_of_the_spec():
    assert len(SPEC_SQUARES) == 52
    assert sorted(SQUARES) == SPEC_SQUARES
    assert sorted(board_squares(GAME)) == SPEC_SQUARES
    for off in ("a1", "b1", "a2", "g1", "h2", "a7", "b8", "h8", "g8", "h7", "i4", "c0", "c9"):
        assert not on_board(off), off


def test_every_square_has_a_stable_id_and_nothing_else_is_a_square():
    spec = DiagramSpec("test/bab-start", GAME.initial_state())
    svg = svg_of(spec)
    assert sorted(ids(svg, spec, "sq")) == SPEC_SQUARES


def test_coordinates_as_in_chess_south_at_the_bottom():
    geo = geometry()
    assert geo.center("c1")[1] < geo.center("c8")[1]      # rank 1 at the bottom
    assert geo.center("a4")[0] < geo.center("h4")[0]      # file a on the left
    assert geo.center("d1")[0] == geo.center("d8")[0]
    x1, y1 = geo.center("c1")
    x2, y2 = geo.center("d2")
    assert (x2 - x1, y2 - y1) == (1.0, 1.0)                # one cell apart


def test_same_input_gives_the_same_bytes(chain):
    start = DiagramSpec("test/bab-start", GAME.initial_state())
    assert svg_of(start) == svg_of(start)
    assert svg_of(chain) == svg_of(chain)
    cut = DiagramSpec("test/bab-cut", state_of(NEST_BOARD), options={"view": "cutaway"})
    assert svg_of(cut) == svg_of(cut)


def test_ids_are_unique_and_references_stay_inside(chain):
    assert_self_contained(svg_of(chain), chain.ident)


def test_the_table_view_shows_top_dolls_only():
    spec = DiagramSpec("test/bab-table", state_of(NEST_BOARD))
    svg = svg_of(spec)
    assert sorted(ids(svg, spec, "doll")) == ["c3", "d5", "e3", "f4"]
    assert ids(svg, spec, "nest") == []


def test_the_cutaway_view_shows_every_doll_of_every_nest():
    table = DiagramSpec("test/bab-view", state_of(NEST_BOARD))
    cut = DiagramSpec("test/bab-view", state_of(NEST_BOARD), options={"view": "cutaway"})
    svg = svg_of(cut)
    # c3 holds three dolls: the two it covers are drawn too (k = 1 at the bottom)
    assert sorted(ids(svg, cut, "doll")) == ["c3", "c3-1", "c3-2", "d5", "d5-1", "e3", "f4",
                                             "f4-1"]
    assert sorted(ids(svg, cut, "nest")) == ["c3", "d5", "f4"]   # a lone doll is not opened
    assert svg_of(table) != svg
    with pytest.raises(BanmenError, match="'inside' is not a view"):
        svg_of(DiagramSpec("test/bab-view", state_of(NEST_BOARD), options={"view": "inside"}))


def test_start_and_goal_marks_per_seat_for_two_and_four_players():
    spec = DiagramSpec("test/bab-marks", GAME.initial_state())
    svg = svg_of(spec)
    two = sorted([f"{f}1" for f in "cdef"] + [f"{f}8" for f in "cdef"])
    assert sorted(ids(svg, spec, "start")) == two
    assert sorted(ids(svg, spec, "goal")) == two
    four = state_of({"d1": ["sS", "sM", "sL"]}, to_move="south", players=4)
    spec4 = DiagramSpec("test/bab-marks4", four)
    svg4 = svg_of(spec4)
    assert sorted(ids(svg4, spec4, "start")) == ["a4", "a5", "d1", "d8", "e1", "e8", "h4", "h5"]
    # the two-player start squares c1 and f1 are plain squares with four players
    assert "c1" not in ids(svg4, spec4, "goal")
    plain = DiagramSpec("test/bab-marks", GAME.initial_state(), options={"marks": False})
    assert ids(svg_of(plain), plain, "start") == []


def test_the_arrow_follows_the_chain_through_every_landing(chain):
    assert path_of_move(GAME, chain.before, chain.move) == ["d2", "d4", "f6", "h6"]
    svg = svg_of(chain)
    prefix = html_id(chain.ident)
    assert f'id="{prefix}--move-arrow"' in svg
    assert sorted(ids(svg, chain, "landing")) == ["d4", "f6"]
    # red where the doll left, green where it arrived; the landings in between stay plain
    assert ids(svg, chain, "left") == ["d2"]
    assert ids(svg, chain, "arrived") == ["h6"]


def test_a_plain_position_has_no_tints_or_arrow():
    spec = DiagramSpec("test/bab-plain", GAME.initial_state())
    svg = svg_of(spec)
    assert ids(svg, spec, "left") == [] and ids(svg, spec, "arrived") == []
    assert "move-arrow" not in svg


def test_status_line_side_to_move_pass_and_winner():
    start = DiagramSpec("test/bab-s", GAME.initial_state())
    assert status_text(GAME, start, GAME.position_to_yaml(start.state))[:2] == ("黒番", "black")
    # black's small is covered and its medium hemmed in: black must pass
    stuck = state_of({"c4": ["bS", "gL"], "a6": ["bM"], "b6": ["gL"], "b7": ["gL"],
                      "c6": ["gM"], "c8": ["gL"]})
    spec = DiagramSpec("test/bab-s", stuck)
    assert status_text(GAME, spec, GAME.position_to_yaml(stuck)) == (
        "黒番", "black", "黒は動かせる人形がないのでパス")
    quiet = DiagramSpec("test/bab-s", stuck, options={"pass_notice": False})
    assert status_text(GAME, quiet, GAME.position_to_yaml(stuck)) == ("黒番", "black", "")
    passed = GAME.play(stuck, GAME.parse_move(stuck, "pass"))
    after = DiagramSpec("test/bab-s", passed, before=stuck, move=GAME.parse_move(stuck, "pass"))
    assert status_text(GAME, after, GAME.position_to_yaml(passed)) == (
        "灰番", "grey", "黒はパスしました")
    # the last large completes black's four nests: black wins
    home = {f"{f}8": ["bS", "bM", "bL"] for f in "cde"}
    board = {**home, "f8": ["bS", "bM"], "f7": ["bL"], "c2": ["gS", "gM", "gL"],
             "d2": ["gS", "gM", "gL"], "e3": ["gS", "gM", "gL"], "g2": ["gS", "gM"],
             "b3": ["gL"]}
    before = state_of(board)
    move = GAME.parse_move(before, "L f7-f8")
    won = DiagramSpec("test/bab-s", GAME.play(before, move), before=before, move=move)
    assert status_text(GAME, won, GAME.position_to_yaml(won.state))[:2] == ("黒の勝ち", "black")
    hidden = DiagramSpec("test/bab-s", won.state, options={"result": False})
    assert status_text(GAME, hidden, GAME.position_to_yaml(won.state))[:2] == ("灰番", "grey")


def test_four_players_are_named_by_seat():
    four = state_of({"h4": ["eS", "eM", "eL"], "d1": ["sS"]}, to_move="east", players=4)
    spec = DiagramSpec("test/bab-four", four)
    assert status_text(GAME, spec, GAME.position_to_yaml(four))[:2] == ("東の番", "east")


def test_describe_names_each_nest_bottom_to_top_or_only_the_top():
    state = state_of({"d2": ["gS", "bL"], "c1": ["bS", "bM"], "e4": ["gM"]}, to_move="grey")
    assert describe(GAME, state) == "灰番。c1：下から黒の小・黒の中。d2：下から灰の小・黒の大。e4：灰の中。"
    assert describe(GAME, state, view="table") == "灰番。c1：黒の中。d2：黒の大。e4：灰の中。"


def test_an_opened_nest_is_drawn_one_doll_inside_the_other():
    """c3 holds (bottom to top) black small, grey medium, black large: the large doll's shell
    holds the medium's, which holds the small's; read from the top the letters are L, M, S,
    each in its owner's ink, at 10 pt (10.1 CSS px on a 390 px phone)."""
    from matplotlib.colors import to_hex
    from matplotlib.text import Text

    from banmen.games.babuschka import drawing as babuschka

    spec = DiagramSpec("test/bab-shells", state_of(NEST_BOARD), options={"view": "cutaway"})
    figure = babuschka.draw(GAME, spec)
    to_data = figure.axes[0].transData.inverted()
    shells = {p.get_gid(): p.get_extents().transformed(to_data) for p in figure.axes[0].patches
              if p.get_gid() in ("doll-c3", "doll-c3-2", "doll-c3-1")}
    outer, middle, inner = shells["doll-c3"], shells["doll-c3-2"], shells["doll-c3-1"]
    for big, small in ((outer, middle), (middle, inner)):
        assert big.x0 < small.x0 and small.x1 < big.x1
        assert big.y0 < small.y0 and small.y1 < big.y1
    x, y = geometry().center("c3")
    letters = sorted(((t.get_position()[1], t.get_text(), to_hex(t.get_color()), t.get_fontsize())
                      for t in figure.findobj(Text) if t.get_position()[0] == x
                      and abs(t.get_position()[1] - y) < 0.5), reverse=True)
    assert [(text, ink, size) for _, text, ink, size in letters] == [
        ("L", "#ffffff", 10), ("M", "#111111", 10), ("S", "#ffffff", 10)]
    assert all(outer.y0 < py < outer.y1 for py, *_ in letters)
