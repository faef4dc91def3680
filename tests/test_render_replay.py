"""Replaying recorded SVG of repeated artist groups (banmen.render.replay): the bytes are the
same as drawing every artist, whatever was drawn before in the process."""

from __future__ import annotations

import contextlib
import re
import warnings
from pathlib import Path

import pytest
from matplotlib.lines import Line2D
from matplotlib.patches import Circle

from banmen.game import get_game
from banmen.render import render_svg, replay
from banmen.render.board import Geometry, new_figure
from banmen.render.replay import _Stand
from banmen.render.spec import DiagramSpec
from banmen.render import svg
from banmen.render.svg import figure_to_svg
from golden_specs import GOLDEN

GOLDEN_DIR = Path(__file__).parent / "golden"


def _plain(game, spec, monkeypatch) -> str:
    """The board drawn with every artist real (replay switched off): no shared parts."""
    with monkeypatch.context() as m:
        m.setattr(replay, "on", contextlib.nullcontext)
        return render_svg(game, spec)


def _ukejalayer_specs():
    game = get_game("ukejalayer")
    specs = []
    for i, board in enumerate(({"a1": "W", "b2": "B"}, {"a1": "W", "c3": "WB"},
                               {"b2": "B", "c3": "WB", "d4": "WWW"})):
        state = game.position_from_yaml({"game": "ukejalayer", "to_move": "black",
                                         "hands": {"white": 3, "black": 2}, "board": board})
        specs.append(DiagramSpec(f"test/replay-{i}", state, labels=(("a2", "A"),) if i else ()))
    return game, specs


def test_golden_boards_are_the_same_first_and_after_others():
    replay.clear()
    order = sorted(GOLDEN)
    for name in order + order[::-1] + order:
        game, spec = GOLDEN[name]()
        assert render_svg(game, spec) == (GOLDEN_DIR / name).read_text(encoding="utf-8"), name


def test_replayed_boards_equal_boards_drawn_for_real(monkeypatch):
    game, specs = _ukejalayer_specs()
    plain = [_plain(game, spec, monkeypatch) for spec in specs]
    replay.clear()
    for _ in range(2):
        for spec, expected in zip(specs[::-1], plain[::-1]):
            composed = render_svg(game, spec)
            assert replay.PART_OPEN in composed and replay.PART_OPEN not in expected
            assert replay.plain_svg(composed) == expected


def test_a_second_board_holds_stand_ins_and_the_draw_function_real_artists():
    game, specs = _ukejalayer_specs()
    replay.clear()
    render_svg(game, specs[0])
    from banmen.games.ukejalayer import drawing as ukejalayer

    with replay.on():
        figure = ukejalayer.draw(game, specs[0])
    stands = [a for a in figure.axes[0]._children if isinstance(a, _Stand)]
    # one run per group and z-order: the 16 cells, the two pieces, the coordinates (one
    # group of 8 texts), the two info texts
    assert [s.run.zorder for s in stands] == [1, 10, 10, 3, 3, 3]
    assert stands == figure.axes[0]._children  # every artist of this board is replayed
    assert svg._composed(figure) is not None  # so it is composed without matplotlib
    figure_to_svg(figure, "test/replay-x")
    plain = ukejalayer.draw(game, specs[0])  # outside render_svg: all artists real
    assert not any(isinstance(a, _Stand) for a in plain.axes[0]._children)
    assert len(plain.axes[0].patches) == 16 + 2


def test_glyphs_are_defined_once_where_matplotlib_defines_them(monkeypatch):
    game, specs = _ukejalayer_specs()
    replay.clear()
    render_svg(game, specs[2])  # records "3" (the stack count) among others
    board = render_svg(game, specs[2])
    assert replay.plain_svg(board) == _plain(game, specs[2], monkeypatch)
    for glyph in set(re.findall(r'href="#([^"]+)"', board)):
        assert board.count(f'<path id="{glyph}"') == 1, glyph


def test_a_recording_that_cannot_be_parsed_is_drawn_as_usual(monkeypatch):
    game, specs = _ukejalayer_specs()
    expected = _plain(game, specs[1], monkeypatch)
    replay.clear()
    monkeypatch.setattr(replay, "_parse", lambda *args: None)
    assert render_svg(game, specs[1]) == expected
    assert render_svg(game, specs[1]) == expected
    assert not replay._GROUPS and replay._NEVER  # nothing kept, every group drawn for real


def _lined(ax):
    ax.add_patch(Circle((1, 1), 0.3))
    ax.add_line(Line2D([0, 1], [0, 1]))


def test_groups_with_a_clipped_line_are_never_replayed():
    """A line keeps the axes' clip path (BoardAxes.add_line): drawing it defines a clip
    path, renderer state a recording cannot hold, so its group is drawn every time."""
    replay.clear()
    geo = Geometry({"a": (1.0, 1.0)}, 2.0, 2.0)
    svgs = []
    for _ in range(2):
        figure, ax = new_figure(geo)
        with replay.on():
            replay.replay(ax, ("test-lined",), _lined, ax)
        assert not any(isinstance(a, _Stand) for a in ax._children)
        svgs.append(figure_to_svg(figure, "test/lined"))
    assert svgs[0] == svgs[1]
    assert any(key == replay._typed(("test-lined",)) for _size, key in replay._NEVER)


def test_a_board_that_fails_keeps_no_recording():
    replay.clear()
    geo = Geometry({"a": (1.0, 1.0)}, 2.0, 2.0)
    figure, ax = new_figure(geo)

    def broken(ax):
        ax.add_patch(Circle((1, 1), 0.3))
        ax.text(1, 1, "\U0001F600")  # the font has no such glyph: the SVG step refuses it

    with replay.on():
        replay.replay(ax, ("test-broken",), broken, ax)
    with warnings.catch_warnings():  # as render_svg does
        warnings.filterwarnings("error", message=r"Glyph .* missing from font",
                                category=UserWarning)
        with pytest.raises(UserWarning, match="missing from font"):
            figure_to_svg(figure, "test/broken")
    assert not replay._GROUPS


def test_keys_equal_in_python_but_drawn_differently_never_share_a_recording():
    """1, 1.0 and True (and 0.0 and -0.0) compare equal; a text drawn with one must not be
    replayed for another (the attack review's case)."""
    from banmen.render.replay import _typed

    assert _typed((1,)) != _typed((True,)) != _typed((1.0,))
    assert _typed((0.0, "a")) != _typed((-0.0, "a"))
    assert _typed((1, (2.5, "x"))) == _typed((1, (2.5, "x")))


def _dotted(ax, points):
    for n, (x, y) in enumerate(points):
        ax.add_patch(Circle((x, y), 0.2, zorder=5, facecolor=("#ff0000", "#0000ff")[n % 2]))


def test_grouped_keys_by_the_function_and_its_arguments_as_data():
    """Equal in Python is not enough: 1 and 1.0, a list and a tuple, and dicts in another
    order draw their own groups; the same data replays the recording."""
    from banmen.render.replay import _data, grouped

    assert _data({"a": 1, "b": 2}) != _data({"b": 2, "a": 1})
    assert _data([1, 2]) != _data((1, 2))
    assert replay._typed(_data((1,))) != replay._typed(_data((1.0,)))
    with pytest.raises(TypeError):
        _data(object())
    replay.clear()
    geo = Geometry({"a": (1.0, 1.0)}, 2.0, 2.0)
    boards = []
    for points in ([(0.5, 0.5), (1.5, 1.5)], [(1.5, 1.5), (0.5, 0.5)], [(0.5, 0.5), (1.5, 1.5)]):
        figure, ax = new_figure(geo)
        with replay.on():
            grouped(ax, _dotted, points)
        replayed = all(isinstance(a, _Stand) for a in ax._children)
        boards.append((replay.plain_svg(figure_to_svg(figure, "test/dots")), replayed))
    # the two orders: two groups, each drawn for real once; the first order replayed after
    assert [r for _, r in boards] == [False, False, True] and len(replay._GROUPS) == 2
    assert boards[0][0] != boards[1][0] and boards[2][0] == boards[0][0]
