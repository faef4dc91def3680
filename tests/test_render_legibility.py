"""Diagrams legible at phone width (issue 11, item 3; issue 17, item 1).

At 390 px the content column is about 350 CSS px wide; a board whose SVG is W CSS px wide is
shown at min(W, 350) px, so a text of font size F pt (viewBox units) becomes
F · min(W, 350) / viewBox width CSS px. Every text of every renderer must reach 9 CSS px (no
exemption, the size letters of opened バブーシュカ nests included), no mark (arrow, label,
landing dot, change badge or outline, goal flag) may be drawn over a piece's identifying text
or sign (size letters, stack counts, piece numbers, 成, eyes, crowns), and the texts that sit
on squares (square numbers, stack counts, coordinates) must have a WCAG contrast of at least
4.5:1 against what is behind them, tints included. The slow test runs both checks on every
board of the site's content (diagrams, puzzle positions and sequence frames).
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

import pytest
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextPath

from banmen.game import get_game
from banmen.games.babuschka import drawing as babuschka
from banmen.games.ludo import drawing as ludo
from banmen.games.suicide_checkers import drawing as suicide_checkers
from banmen.games.ukejalayer import drawing as ukejalayer
from banmen.render import render_svg, style
from banmen.render.board import DiagramSpec
from banmen.render.ids import html_id
from banmen.render.svg import SVG_RC

sys.path.insert(0, str(Path(__file__).parent))
from test_render_changes import _specs, over, rgb, to_linear  # noqa: E402

COLUMN = 350.0    # CSS px of the content column on a 390 px wide phone
MIN_PX = 9.0


def _ratio(svg: str) -> float:
    """CSS px per viewBox unit at 390 px."""
    width = float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))
    view = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    return min(width, COLUMN) / view


def board_artists(figure, kind) -> list:
    """The artists of type ``kind`` in ``figure`` (the artists ``figure.findobj(kind)`` finds,
    each listed before its children), except those inside the axis of an axes drawn without
    one (``axison`` False, as every board is): matplotlib makes an axis's tick artists when
    it is asked for its children, which cost a third of a board's checks and are never
    drawn."""
    from matplotlib.axis import Axis

    found = []

    def walk(artist) -> None:
        if isinstance(artist, kind):
            found.append(artist)
        for child in artist.get_children():
            if not (isinstance(child, Axis) and not child.axes.axison):
                walk(child)

    walk(figure)
    return found


def text_sizes(game, spec, figure=None) -> list[tuple[str, float]]:
    """(text, CSS px at 390 px) of every text the renderer draws, read from the figure's text
    artists (the compact SVG keeps glyph outlines only): a text of F pt is F viewBox units
    tall, and the viewBox is the figure's width in points. ``figure``: the board already
    drawn from ``spec`` (default: draw it)."""
    from matplotlib.text import Text

    from banmen.render import _renderer

    figure = figure if figure is not None else _renderer(game).draw(game, spec)
    view = figure.get_figwidth() * 72
    ratio = min(view * 4 / 3, COLUMN) / view
    return [(t.get_text(), t.get_fontsize() * ratio) for t in board_artists(figure, Text)
            if t.get_visible() and t.get_text().strip()]


def _ink_height_per_pt(text: str) -> float:
    """Height of ``text``'s ink per point of font size in the board font (IPAexGothic)."""
    path = TextPath((0, 0), text, size=100, prop=FontProperties(family=SVG_RC["font.family"]))
    return path.get_extents().height / 100


def number_sizes(game, spec) -> dict[str, float]:
    """number -> font size in CSS px at 390 px of the square numbers (texts with the gid
    ``number-<n>``), read from the figure like :func:`text_sizes`."""
    from matplotlib.text import Text

    from banmen.render import _renderer

    figure = _renderer(game).draw(game, spec)
    view = figure.get_figwidth() * 72
    ratio = min(view * 4 / 3, COLUMN) / view
    return {t.get_gid().removeprefix("number-"): t.get_fontsize() * ratio
            for t in board_artists(figure, Text) if (t.get_gid() or "").startswith("number-")}


def _legibility_specs():
    specs = _specs()
    uke6 = get_game("ukejalayer", {"size": 6})
    state = uke6.position_from_yaml({"game": "ukejalayer", "to_move": "black",
                                     "hands": {"white": 5, "black": 6},
                                     "board": {"a1": "WBW", "f6": "BWBW"}})
    specs.append((uke6, DiagramSpec("test/legible-uke6", state)))
    lud = get_game("ludo")
    state = lud.position_from_yaml({"preset": "aeroplane", "colours": ["red", "blue"],
                                    "to_move": "red", "pieces": {"red": [0, 9, 9, 9],
                                                                 "blue": ["yard"] * 4}})
    specs.append((lud, DiagramSpec("test/legible-ludo-numbers", state,
                                   options={"numbers": "red"})))
    bab = get_game("babuschka")
    # opened nests of two and three dolls, jumped over, labelled and on goal squares
    before = bab.position_from_yaml({"game": "babuschka", "players": 2, "to_move": "black",
                                     "board": {"d2": ["bM"], "d3": ["gS", "gL"],
                                               "d5": ["bS", "gM", "bL"], "c8": ["bS", "bM"],
                                               "f8": ["bL"], "e6": ["gS", "bM"]}})
    move = bab.parse_move(before, "M d2xd4xd6")
    specs.append((bab, DiagramSpec("test/legible-bab-nests", bab.play(before, move),
                                   before=before, move=move, labels=(("f8", "×"), ("d5", "A")),
                                   options={"view": "cutaway"})))
    specs.append((bab, DiagramSpec("test/legible-bab-table", bab.play(before, move),
                                   before=before, move=move, labels=(("f8", "×"),))))
    # a jump over another player's goal square (a4 is east's goal): allowed by the setting
    fly = get_game("babuschka", {"fly_over_goals": True})
    four = fly.position_from_yaml({"game": "babuschka", "players": 4, "to_move": "west",
                                   "board": {"a5": ["wM"], "a4": ["wS", "wL"],
                                             "g5": ["eS", "nM", "eL"], "d1": ["sS", "sM"],
                                             "d8": ["nS", "nM", "nL"]}})
    move = fly.parse_move(four, "W: M a5xa3")
    specs.append((fly, DiagramSpec("test/legible-bab-four", fly.play(four, move), before=four,
                                   move=move, options={"view": "cutaway"})))
    return specs


SPECS = _legibility_specs()


@pytest.mark.parametrize("game,spec", SPECS, ids=[s.ident for _, s in SPECS])
def test_every_text_is_at_least_9_css_px_at_390(game, spec):
    sizes = text_sizes(game, spec)
    assert sizes, "no text measured"
    small = {text: round(px, 1) for text, px in sizes if px < MIN_PX}
    assert small == {}


@pytest.mark.parametrize("game,spec", [s for s in SPECS if s[0].id in ("suicide-checkers", "ludo")
                                       and s[1].ident != "golden/ludo-turn"],
                         ids=lambda v: getattr(v, "ident", ""))
def test_square_numbers_are_at_least_9_css_px_at_390(game, spec):
    sizes = number_sizes(game, spec)
    expected = {"suicide-checkers": {str(n) for n in range(1, 33)},
                "ludo": {str(d) for d in range(0, 56)}}[game.id]
    assert set(sizes) == expected
    assert min(sizes.values()) >= MIN_PX


# --------------------------------------------------------------------------- marks over pieces

#: gids of the marks drawn on boards (besides every arrow and every label box).
MARK_GID = re.compile(r"(landing|label|goal|left-badge|arrived-badge|left-bar|arrived-bar|"
                      r"arrived-stem|left-outline|arrived-outline)-")


def _is_identifying(game_id: str, artist) -> bool:
    """Whether ``artist`` tells which piece stands there: a size letter (バブーシュカ), a stack
    count (ウケジャレイヤー), a piece number or the count of more pieces (ルドー), 成 and the
    eyes (めだまがえる), a king's crown (スーサイドチェッカー)."""
    from matplotlib.text import Text

    gid = artist.get_gid() or ""
    if isinstance(artist, Text):
        text, z = artist.get_text(), artist.get_zorder()
        return {"babuschka": text in ("S", "M", "L"),
                "ukejalayer": text.isdigit() and z == 40,
                "ludo": z in (11, 15),
                "medamagaeru": text == "成",
                "suicide-checkers": False}[game_id]
    return gid.startswith(("eye-", "crown-", "promoted-"))


def _is_mark(artist) -> bool:
    from matplotlib.patches import FancyArrowPatch
    from matplotlib.text import Text

    if isinstance(artist, FancyArrowPatch):
        return True
    if isinstance(artist, Text):
        return artist.get_bbox_patch() is not None or artist.get_zorder() >= 30
    return bool(MARK_GID.match(artist.get_gid() or ""))


def _mark_shapes(artist, renderer):
    """(display path, filled, stroke half-width in px) of each part of a mark."""
    from matplotlib.patches import FancyArrowPatch, Patch
    from matplotlib.path import Path as MplPath
    from matplotlib.text import Text

    px = renderer.points_to_pixels(1.0)
    if isinstance(artist, Text):
        box = (artist.get_bbox_patch() or artist).get_window_extent(renderer)
        yield MplPath([(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1),
                       (box.x0, box.y0)], closed=True), True, 0.0
        return
    half = artist.get_linewidth() * px / 2 if artist.get_edgecolor()[3] > 0 else 0.0
    if isinstance(artist, FancyArrowPatch):
        paths, fillable = artist._get_path_in_displaycoord()
        if not isinstance(paths, list):
            paths, fillable = [paths], [fillable]
        for path, fill in zip(paths, fillable):
            yield path, bool(fill), half
        return
    assert isinstance(artist, Patch)
    filled = artist.get_fill() and artist.get_facecolor()[3] > 0
    yield artist.get_transform().transform_path(artist.get_path()), filled, half


def _ink_box(text, renderer):
    """The box of ``text``'s ink in display pixels, 1 pt wider on each side (a text's layout
    box also holds the font's ascent and descent, taller than a digit or a letter)."""
    from matplotlib.transforms import Bbox

    layout = text.get_window_extent(renderer)
    px = renderer.points_to_pixels(1.0)
    # matplotlib puts the baseline above the box's bottom by the larger of the text's
    # descent and that of "lp" (Text._get_layout)
    descent = max(renderer.get_text_width_height_descent(t, text.get_fontproperties(),
                                                         ismath=False)[2]
                  for t in (text.get_text(), "lp"))
    ink = TextPath((0, 0), text.get_text(), size=text.get_fontsize(),
                   prop=text.get_fontproperties()).get_extents()
    baseline = layout.y0 + descent
    return Bbox([[layout.x0 + ink.x0 * px, baseline + ink.y0 * px],
                 [layout.x0 + ink.x1 * px, baseline + ink.y1 * px]]).padded(px)


def _grown(patch, pixels: float):
    """The outline of ``patch`` in display pixels, scaled about its centre so that it reaches
    ``pixels`` farther out (plus its own stroke)."""
    from matplotlib.transforms import Affine2D

    path = patch.get_transform().transform_path(patch.get_path())
    extent = path.get_extents()
    half = max(extent.width, extent.height) / 2 or 1.0
    grow = pixels + patch.get_linewidth() * 100 / 72 / 2
    cx, cy = (extent.x0 + extent.x1) / 2, (extent.y0 + extent.y1) / 2
    scale = Affine2D().translate(-cx, -cy).scale((half + grow) / half).translate(cx, cy)
    return scale.transform_path(path)


def covered_pieces(game, spec, figure=None) -> list[tuple[str, str]]:
    """(identifying text or gid, covering mark) for every mark drawn over a piece's
    identifying text or sign: the mark is above it and its shape (stroke width included)
    meets the sign's box (a text's layout box, a patch's extent). ``figure``: the board
    already drawn from ``spec`` (default: draw it)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.patches import Patch
    from matplotlib.path import Path as MplPath
    from matplotlib.text import Text

    from banmen.render import _renderer

    figure = figure if figure is not None else _renderer(game).draw(game, spec)
    artists = [a for a in board_artists(figure, (Text, Patch))
               if a.get_visible() and a.axes is not None]
    signs = [a for a in artists if _is_identifying(game.id, a)]
    marks = [a for a in artists if _is_mark(a) and not _is_identifying(game.id, a)]
    if not signs or not marks:  # nothing can cover anything: no need to lay the board out
        return []
    renderer = FigureCanvasAgg(figure).get_renderer()
    figure.draw(renderer)  # lays out label boxes and arrows in display pixels
    found = []
    for sign in signs:
        box = _ink_box(sign, renderer) if isinstance(sign, Text) else None
        grown = functools.cache(functools.partial(_grown, sign))  # per stroke half-width
        for mark in marks:
            if mark.get_zorder() <= sign.get_zorder():
                continue
            for path, filled, half in _mark_shapes(mark, renderer):
                # as polygons (curves flattened, a closing vertex not taken as a point)
                parts = [MplPath(p) for p in path.to_polygons(closed_only=filled)]
                if box is not None:
                    hit = any(part.intersects_bbox(box.padded(half), filled=filled)
                              for part in parts)
                else:   # a patch (eye, crown, badge): its own outline, grown by the stroke
                    hit = any(part.intersects_path(grown(half), filled=filled)
                              for part in parts)
                if hit:
                    name = sign.get_text() if isinstance(sign, Text) else sign.get_gid()
                    found.append((name, mark.get_gid() or type(mark).__name__))
                    break
    return found


@pytest.mark.parametrize("game,spec", SPECS, ids=[s.ident for _, s in SPECS])
def test_no_mark_covers_what_identifies_a_piece(game, spec):
    assert covered_pieces(game, spec) == []


def test_the_cover_check_sees_an_arrow_over_a_sign():
    """An author's arrow 34-54 runs straight through the frog on 44, over two of its eyes: the
    check sees it. In バブーシュカ the size letters are drawn above every arrow, so an arrow
    b4-e4 straight through c4's opened nest covers none of them, and the jump d3xd5 bends
    around d4's doll."""
    frogs = get_game("medamagaeru")
    state = frogs.position_from_yaml({"game": "medamagaeru", "to_move": "green",
                                      "board": {"44": "G3", "11": "W1", "77": "G1"},
                                      "captures": {"green": 0, "white": 0}, "attacker": "none"})
    spec = DiagramSpec("test/legible-cover", state, arrows=(("34", "54"),))
    assert covered_pieces(frogs, spec) == [("eye-44-1", "FancyArrowPatch"),
                                           ("eye-44-3", "FancyArrowPatch")]
    game = get_game("babuschka")
    state = game.position_from_yaml({"game": "babuschka", "players": 2, "to_move": "black",
                                     "board": {"c4": ["gS", "gM", "gL"]}})
    spec = DiagramSpec("test/legible-cover-nest", state, arrows=(("b4", "e4"),),
                       options={"view": "cutaway"})
    assert covered_pieces(game, spec) == []
    before = game.position_from_yaml({"game": "babuschka", "players": 2, "to_move": "black",
                                      "board": {"d3": ["bM"], "d4": ["gL"]}})
    move = game.parse_move(before, "M d3xd5")
    jump = DiagramSpec("test/legible-jump", game.play(before, move), before=before, move=move)
    assert covered_pieces(game, jump) == []


def test_size_measure_matches_a_known_text():
    """The checkers numbers are 9 pt on a 454 px board: 9 · 350/454 · 4/3 = 9.25 CSS px."""
    game = get_game("suicide-checkers")
    spec = DiagramSpec("test/legible-known", game.initial_state())
    svg = render_svg(game, spec)
    assert re.search(r'<svg[^>]* width="454"', svg)
    sizes = number_sizes(game, spec)
    assert sizes["32"] == pytest.approx(9 * 350 / 454 * 4 / 3, rel=0.03)


def luminance(colour: tuple[float, float, float]) -> float:
    r, g, b = (to_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _backgrounds(square: str, alphas: dict[str, float]) -> list[tuple[float, float, float]]:
    """A square colour alone and under each tint the diagrams put on it."""
    tints = [(style.REMOVED, alphas["change"]), (style.ADDED, alphas["change"]),
             (style.HIGHLIGHT, style.HIGHLIGHT_ALPHA)]
    return [rgb(square)] + [over(colour, alpha, square) for colour, alpha in tints]


CONTRAST_CASES = [
    # checkers square numbers: ink on the dark squares, tinted or not
    ("checkers numbers", suicide_checkers.NUMBER_INK,
     _backgrounds(suicide_checkers.BOARD_DARK, {"change": suicide_checkers.CHANGE_ALPHA})),
    # ukejalayer stack counts on the plain squares
    ("ukejalayer stack count", style.TEXT,
     _backgrounds(style.BOARD_LIGHT, {"change": style.CHANGE_ALPHA})),
    # coordinates (a..f, 1..8, ０..７/一..七) in the white margin
    ("coordinates", style.COORD, [rgb("#ffffff")]),
    # ludo progress numbers: ink on their light halo
    ("ludo numbers", style.TEXT, [rgb(ludo.YARD_BOX)]),
    # ludo take-off squares' 出 on the yard box colour
    *[(f"ludo 出 {c}", ludo.PIECE_EDGE[c], [rgb(ludo.YARD_BOX)]) for c in ludo.COLOURS],
    # バブーシュカ size letters on the doll or shell of each owner
    *[(f"babuschka letter {owner}", ink, [rgb(body)])
      for owner, (body, _, ink) in babuschka.DOLL_COLOURS.items()],
    # ludo piece numbers on their piece, and a ghost's on its pale disc
    *[(f"ludo piece {c}", ludo.PIECE_INK[c], [rgb(ludo.PIECE_FACE[c])]) for c in ludo.COLOURS],
    *[(f"ludo ghost {c}", ludo.PIECE_EDGE[c], [rgb(ludo.GHOST_FACE[c])]) for c in ludo.COLOURS],
]


@pytest.mark.parametrize("name,ink,backgrounds", CONTRAST_CASES, ids=[c[0] for c in CONTRAST_CASES])
def test_text_on_squares_has_contrast_4_5(name, ink, backgrounds):
    worst = min(contrast(rgb(ink), background) for background in backgrounds)
    assert worst >= 4.5, f"{name}: {worst:.2f}"


def test_the_svg_uses_the_checked_inks():
    """The inks checked above are the ones drawn: checkers numbers (default black
    fill) as glyphs shared on the page, ukejalayer counts in style.TEXT."""
    checkers = get_game("suicide-checkers")
    spec = DiagramSpec("test/legible-ink", checkers.initial_state())
    svg = render_svg(checkers, spec)
    group = re.search(rf'<g id="{html_id(spec.ident)}--number-5"[^>]*>', svg)
    assert suicide_checkers.NUMBER_INK == "#000000"
    assert group and "<use" in svg[group.end():svg.index("</g>", group.end())]
    uke = get_game("ukejalayer")
    state = uke.position_from_yaml({"game": "ukejalayer", "to_move": "white",
                                    "hands": {"white": 6, "black": 7}, "board": {"b2": "WBW"}})
    from matplotlib.colors import to_hex
    from matplotlib.text import Text

    figure = ukejalayer.draw(uke, DiagramSpec("test/legible-count", state))
    counts = [t for t in figure.findobj(Text) if t.get_text() == "3"]
    # the stack count of b2 (the other "3" is the rank coordinate, in style.COORD)
    assert any(to_hex(t.get_color()) == style.TEXT for t in counts)
    assert ukejalayer.COUNT_PT == 9


# --------------------------------------------------------------------------- every board of the site


def _site_boards():
    """(id, engine, spec) of every board the site's content draws: each diagram, each puzzle's
    position and the boards of its solution, each frame of each sequence."""
    from banmen.content.check import check_project

    root = Path(__file__).resolve().parent.parent
    content = check_project(root)
    boards = [(ident, d.game, d.spec) for ident, d in content.diagrams.items()]
    for ident, puzzle in content.puzzles.items():
        boards.append((ident, puzzle.game, puzzle.spec))
        boards.extend((f"{ident}#{k}", puzzle.game, frame)
                      for k, frame in enumerate(puzzle.frames, start=1))
    for ident, sequence in content.sequences.items():
        boards.extend((f"{ident}#{k}", sequence.game, frame.spec)
                      for k, frame in enumerate(sequence.frames))
    return boards


@pytest.mark.slow
def test_every_board_of_the_site_is_legible_at_390():
    """No exemption: every text of every board reaches 9 CSS px at 390 px and no mark covers
    a piece's identifying text or sign."""
    from banmen.render import _renderer

    boards = _site_boards()
    assert len(boards) > 300
    games = {game.id for _, game, _ in boards}
    assert games == {"ukejalayer", "medamagaeru", "suicide-checkers", "babuschka", "ludo"}
    small, covered = {}, {}
    for ident, game, spec in boards:
        figure = _renderer(game).draw(game, spec)  # drawn once for both checks
        tiny = sorted({text for text, px in text_sizes(game, spec, figure) if px < MIN_PX})
        if tiny:
            small[ident] = tiny
        hidden = covered_pieces(game, spec, figure)
        if hidden:
            covered[ident] = hidden
    assert small == {}
    assert covered == {}
