"""Compacting a board's SVG artist by artist (banmen.render.svg.compact_svg): the same bytes
as compacting the whole text, ids prefixed after compaction as before it, and the memory of
compacted artists shared between boards whatever their ids."""

from __future__ import annotations

import io

import matplotlib

from banmen.game import get_game
from banmen.render import svg as svg_module
from banmen.render.spec import DiagramSpec
from banmen.render.svg import compact_svg, prefix_ids
from banmen.games.ukejalayer.drawing import draw


def _raw_svg(ident: str, board: dict[str, str]) -> str:
    """matplotlib's SVG of a ukejalayer board, before compaction and id prefixes."""
    game = get_game("ukejalayer")
    state = game.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                                     "hands": {"white": 2, "black": 1}, "board": board})
    figure = draw(game, DiagramSpec(ident, state, highlight=("a1",)))
    buffer = io.StringIO()
    prefix = svg_module.html_id(ident)
    with svg_module._svg_settings(ident, prefix):
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": "banmen"})
    matplotlib.pyplot.close(figure)
    return svg_module._HEADER.sub("", buffer.getvalue(), count=1)


def test_artist_by_artist_equals_the_whole_text():
    raw = _raw_svg("test/compact-a", {"a1": "WB", "c2": "B", "d4": "WWB"})
    assert raw.count('\n   <g id="') > 10  # one piece per artist of the axes
    assert compact_svg(raw) == svg_module._compact_whole(raw)
    # no wrapper group, comment or metadata is left, and the root keeps its id
    compact = compact_svg(raw)
    assert "<metadata" not in compact and "<!--" not in compact
    assert 'id="patch_' not in compact and 'id="text_' not in compact
    assert 'id="bm-test-compact-a-' in compact


def test_prefixing_after_compaction_gives_the_old_order_s_bytes():
    raw = _raw_svg("test/compact-b", {"b2": "W", "c3": "BB"})
    prefix = svg_module.html_id("test/compact-b")
    assert prefix_ids(compact_svg(raw), prefix) == svg_module._compact_whole(
        prefix_ids(raw, prefix))


def test_boards_of_other_ids_reuse_the_compacted_artists():
    svg_module._compact_artist.cache_clear()
    compact_svg(_raw_svg("test/compact-c", {"a1": "W", "b2": "B"}))
    first = svg_module._compact_artist.cache_info()
    compact_svg(_raw_svg("test/compact-d", {"a1": "W", "b2": "B"}))
    second = svg_module._compact_artist.cache_info()
    assert second.misses == first.misses  # the same artists and frame, another root id
    assert second.hits > first.hits + 10


def test_figures_of_other_shapes_are_compacted_whole():
    raw = _raw_svg("test/compact-e", {"a1": "W"})
    clipped = raw.replace("</svg>", '<defs><clipPath id="p1"><rect x="0" y="0" width="1" '
                                    'height="1"/></clipPath></defs></svg>')
    assert compact_svg(clipped) == svg_module._compact_whole(clipped)
    two_axes = raw.replace('\n  </g>\n </g>\n</svg>\n',
                           '\n  </g>\n  <g id="axes_2">\n   <g id="patch_99">\n    <path d="M 0 0 '
                           'L 1 1 z" style="fill: #000000"/>\n   </g>\n  </g>\n </g>\n</svg>\n')
    assert compact_svg(two_axes) == svg_module._compact_whole(two_axes)
    assert "M0 0L1 1z" in compact_svg(two_axes)


def test_a_figure_group_kept_around_the_axes_is_compacted_whole():
    raw = _raw_svg("test/compact-f", {"a1": "W"})
    wrapped = raw.replace('<g id="figure_1">', '<g id="board">', 1)
    assert compact_svg(wrapped) == svg_module._compact_whole(wrapped)
    assert compact_svg(wrapped).count('<g id="board">') == 1


def test_savefig_settings_of_the_machine_do_not_change_a_board():
    from banmen.render import render_svg

    game = get_game("ukejalayer")
    state = game.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                                     "hands": {"white": 2, "black": 1}, "board": {"b2": "WB"}})
    spec = DiagramSpec("test/compact-rc", state)
    plain = render_svg(game, spec)
    with matplotlib.rc_context({"savefig.facecolor": "black", "savefig.transparent": True,
                                "savefig.bbox": "tight"}):
        assert render_svg(game, spec) == plain


def test_savefig_settings_of_the_machine_do_not_change_other_figures():
    from matplotlib.figure import Figure

    from banmen.render.svg import figure_to_svg

    def chart() -> str:
        figure = Figure(figsize=(2, 1))
        figure.add_subplot().plot([0, 1, 2], [1, 0, 2])
        return figure_to_svg(figure, "test/chart")

    plain = chart()
    with matplotlib.rc_context({"savefig.facecolor": "black", "savefig.transparent": True,
                                "savefig.bbox": "tight"}):
        assert chart() == plain
