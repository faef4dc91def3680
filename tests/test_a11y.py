"""Board SVGs for screen readers: role="img", a <title> (the caption) and a <desc> generated
from the engine's position in Japanese (issue 11, item 5)."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

import pytest

from banmen.game import get_game
from banmen.render import DiagramSpec, describe, render_svg
from banmen.render.a11y import plain_title
from banmen.render.ids import html_id


def _uke():
    game = get_game("ukejalayer")
    return game, game.position_from_yaml({"game": "ukejalayer", "to_move": "white", "hands": {"white": 3, "black": 2},
                                          "board": {"c2": "WBWW", "a1": "B", "b3": "BW"}})


def _medama():
    game = get_game("medamagaeru")
    return game, game.position_from_yaml({"to_move": "white", "attacker": "green",
                                          "captures": {"green": 1, "white": 0},
                                          "board": {"43": "G3+", "42": "W2", "31": "W3"}})


def _checkers():
    game = get_game("suicide-checkers")
    return game, game.position_from_yaml({"fen": "B:W30:B1,K6"})


def _babuschka():
    game = get_game("babuschka")
    return game, game.position_from_yaml({"game": "babuschka", "players": 2, "to_move": "grey",
                                          "board": {"c4": ["bS", "gM", "bL"], "d3": "gL"}})


def _ludo():
    game = get_game("ludo")
    return game, game.position_from_yaml({
        "preset": "aeroplane", "colours": ["red", "blue"], "to_move": "red", "roll": 2,
        "pieces": {"red": ["yard", 12, "yard", "goal"], "blue": [42, "yard", "yard", "yard"]}})


CASES = {
    "ukejalayer": (_uke, "白番。手駒：白3枚、黒2枚。a1：黒。c2：下から白・黒・白・白。b3：下から黒・白。"),
    "medamagaeru": (_medama, "白番。仕掛け方：緑。取った駒：緑1個、白0個。３一：白の3。４二：白の2。"
                             "４三：緑の3（成り）。"),
    "suicide-checkers": (_checkers, "黒番。盤上：黒2枚（キング1）、白1枚。1：黒。6：黒のキング。30：白。"),
    "babuschka": (_babuschka, "灰番。d3：灰の大。c4：下から黒の小・灰の中・黒の大。"),
    "ludo": (_ludo, "飛行棋ルール。赤の番、出目2。赤：r1 陣地、r2 t11（12マス目）、r3 陣地、r4 ゴール。"
                    "青：b1 t15（42マス目）、b2 陣地、b3 陣地、b4 陣地。"),
}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_description_names_side_hands_and_every_square(game_id):
    make, expected = CASES[game_id]
    game, state = make()
    assert describe(game, state) == expected


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_svg_has_role_title_and_desc(game_id):
    make, expected = CASES[game_id]
    game, state = make()
    ident = f"test/a11y-{game_id}"
    svg = render_svg(game, DiagramSpec(ident, state))
    prefix = html_id(ident)
    root = re.match(r"<svg\b[^>]*>", svg).group(0)
    assert ' role="img"' in root
    assert f'aria-labelledby="{prefix}--title {prefix}--desc"' in root
    assert f'<title id="{prefix}--title">{game.name_ja}の盤面</title>' in svg
    shown = TABLE_VIEW.get(game_id, expected)
    assert f'<desc id="{prefix}--desc">{shown}</desc>' in svg
    assert svg.count("<title") == 1 and svg.count("<desc") == 1


#: What a board's description says where the board hides something: a babuschka board in
#: its default table view shows a nest's top doll only, and so does its description (the
#: memory lesson asks what is inside; the description must not tell).
TABLE_VIEW = {"babuschka": "灰番。d3：灰の大。c4：黒の大。"}


def test_a_babuschka_description_names_the_dolls_its_view_shows():
    game, state = _babuschka()
    table = render_svg(game, DiagramSpec("test/a11y-table", state))
    cutaway = render_svg(game, DiagramSpec("test/a11y-cut", state, options={"view": "cutaway"}))
    assert ">灰番。d3：灰の大。c4：黒の大。</desc>" in table
    assert ">灰番。d3：灰の大。c4：下から黒の小・灰の中・黒の大。</desc>" in cutaway
    assert "黒の小" not in table


def test_caption_is_the_title_escaped_and_without_emphasis_marks():
    game, state = _uke()
    spec = DiagramSpec("test/a11y-caption", state, title='**3枚**置いた<script>&"')
    svg = render_svg(game, spec)
    prefix = html_id("test/a11y-caption")
    assert f'<title id="{prefix}--title">3枚置いた&lt;script&gt;&amp;"</title>' in svg
    assert "<script>" not in svg



@pytest.mark.parametrize("caption, title", [
    ('A & B < C "D"', 'A &amp; B &lt; C "D"'),
    ('A &amp; B &lt; C &quot;D&quot;', 'A &amp; B &lt; C "D"'),  # read once, escaped once
    ('**5&amp;6** \\* `&amp;` 1&2', '5&amp;6 * &amp;amp; 1&amp;2'),  # a code span as written
])
def test_a_caption_with_ampersands_is_escaped_exactly_once(caption, title):
    game, state = _checkers()
    spec = DiagramSpec("test/a11y-amp", state, title=caption)
    svg = render_svg(game, spec)
    prefix = html_id("test/a11y-amp")
    assert re.findall(r"<title[^>]*>.*?</title>", svg) == [
        f'<title id="{prefix}--title">{title}</title>']
    assert "&amp;amp;" not in svg or "`&amp;`" in caption


@pytest.mark.parametrize("caption", [
    'A & B < C "D"', 'A &amp; B &lt; C &quot;D&quot; &#x41;', '**5&amp;6** \\* `&amp;` 1&2',
    '`1x10x17`（2枚取る）', "行き先は __2つ__ です",
])
def test_the_title_says_what_the_figure_caption_shows(caption):
    """The site's figure caption (Markdown through the sanitiser) and the SVG title read the
    same text."""
    import html as html_module

    from banmen.site.html import md_inline

    shown = html_module.unescape(re.sub(r"<[^>]+>", "", md_inline(caption)))
    assert plain_title(caption) == shown


def test_a_diagram_caption_from_yaml_becomes_the_svg_title():
    """The project's own diagram ukejalayer/summon (or any captioned one): the checked spec
    carries the caption, and the SVG's <title> is that caption."""
    from pathlib import Path

    from banmen.content.check import check_project

    root = Path(__file__).resolve().parent.parent
    paths = sorted((root / "diagrams" / "ukejalayer").glob("*.yaml"))[:3]
    content = check_project(root, paths=paths)
    captioned = [d for d in content.diagrams.values() if d.caption]
    assert captioned
    for diagram in captioned:
        assert diagram.spec.title == diagram.caption
        svg = render_svg(diagram.game, diagram.spec)
        title = re.search(r"<title id=\"[^\"]+--title\">(.*?)</title>", svg).group(1)
        assert title == escape(plain_title(diagram.caption))
        assert "**" not in title
