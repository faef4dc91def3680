"""The スーサイドチェッカー board drawing: deterministic SVG, the 32 clickable dark squares,
men and kings told apart, arrows through every landing square, change tints after a move."""

from __future__ import annotations

import re

import pytest

from banmen.game import get_game
from banmen.games.suicide_checkers import square_to_rowcol
from banmen.render import board_squares, render_svg
from banmen.render.spec import DiagramSpec
from banmen.games.suicide_checkers.drawing import PIECE_R, geometry
from banmen.render.ids import html_id
from svg_checks import assert_self_contained

GAME = get_game("suicide-checkers")
ALL_SQUARES = sorted(str(s) for s in range(1, 33))


def state_of(fen):
    return GAME.position_from_yaml({"fen": fen})


def move_spec(ident, fen, text, **extra):
    before = state_of(fen)
    move = GAME.parse_move(before, text)
    return DiagramSpec(ident, GAME.play(before, move), before=before, move=move, **extra)


def group(svg, element_id):
    """The text of the ``<g id=...>`` group with ``element_id`` (up to its first ``</g>``)."""
    start = svg.index(f'<g id="{element_id}"')
    return svg[start:svg.index("</g>", start)]


def path_points(svg, element_id):
    """The (x, y) vertices of the first path in the group ``element_id``, in SVG units."""
    d = re.search(r'<path d="([^"]+)"', group(svg, element_id)).group(1)
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[0::2], numbers[1::2]))


def square_centres(svg, prefix):
    """Square name -> centre of its cell in SVG units, read from the cell paths."""
    centres = {}
    for name in ALL_SQUARES:
        points = path_points(svg, f"{prefix}--sq-{name}")
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        centres[name] = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return centres


def near_segment(point, a, b, tolerance):
    """True when ``point`` lies on the segment ``a``–``b`` (within ``tolerance``)."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return abs(ax + t * dx - px) <= tolerance and abs(ay + t * dy - py) <= tolerance


@pytest.fixture
def triple_jump():
    """Black 1 jumps 6, 15 and 23: 1x10x19x26, a zigzag (it turns at 19)."""
    return move_spec("test/checkers-jump", "B:W6,15,23,K30:B1,K12", "1x10x19x26",
                     highlight=("12",), labels=(("30", "A"),))


def test_same_input_gives_the_same_bytes(triple_jump):
    start = DiagramSpec("test/checkers-start", GAME.initial_state())
    assert render_svg(GAME, start) == render_svg(GAME, start)
    assert render_svg(GAME, triple_jump) == render_svg(GAME, triple_jump)
    plain = DiagramSpec("test/checkers-plain", GAME.initial_state(),
                        options={"numbers": False, "info": False})
    assert render_svg(GAME, plain) == render_svg(GAME, plain)


def test_exactly_the_32_dark_squares_carry_ids():
    spec = DiagramSpec("test/checkers-start", GAME.initial_state())
    svg = render_svg(GAME, spec)
    prefix = html_id(spec.ident)
    squares = re.findall(rf'id="{prefix}--sq-([^"]+)"', svg)
    assert sorted(squares) == ALL_SQUARES
    assert sorted(board_squares(GAME)) == ALL_SQUARES


def test_ids_are_unique_and_references_stay_inside(triple_jump):
    assert_self_contained(render_svg(GAME, triple_jump), triple_jump.ident)


def test_squares_sit_where_the_standard_diagram_puts_them():
    geo = geometry()
    # 1..4 on the top row, 29..32 on the bottom row; 4 top right, 29 bottom left
    assert geo.center("1")[1] == geo.center("4")[1] > geo.center("5")[1]
    assert geo.center("29")[1] == geo.center("32")[1] < geo.center("28")[1]
    assert geo.center("29")[0] < geo.center("1")[0] < geo.center("32")[0] < geo.center("4")[0]
    # neighbours along a diagonal are one cell apart in x and in y
    for square in range(1, 33):
        row, col = square_to_rowcol(square)
        x, y = geo.center(str(square))
        assert (x - geo.center("29")[0], geo.center("1")[1] - y) == pytest.approx((col, row))


def test_men_and_kings_are_told_apart():
    spec = DiagramSpec("test/checkers-kings", state_of("B:W21,22,K30:B1,2,K12"))
    svg = render_svg(GAME, spec)
    prefix = html_id(spec.ident)
    men = sorted(re.findall(rf'id="{prefix}--man-(\d+)"', svg), key=int)
    kings = sorted(re.findall(rf'id="{prefix}--king-(\d+)"', svg), key=int)
    crowns = sorted(re.findall(rf'id="{prefix}--crown-(\d+)"', svg), key=int)
    assert men == ["1", "2", "21", "22"]
    assert kings == crowns == ["12", "30"]


def test_black_and_white_pieces_have_different_faces():
    spec = DiagramSpec("test/checkers-colours", state_of("B:W21:B1"))
    svg = render_svg(GAME, spec)
    prefix = html_id(spec.ident)
    black = re.search(r"fill:(#[0-9a-f]{6})", group(svg, f"{prefix}--man-1")).group(1)
    white = re.search(r"fill:(#[0-9a-f]{6})", group(svg, f"{prefix}--man-21")).group(1)
    white_edge = re.search(r"stroke:(#[0-9a-f]{6})", group(svg, f"{prefix}--man-21")).group(1)
    assert black != white
    # a white piece has a dark outline, so that it reads on the light and the dark squares
    assert sum(int(white_edge[i:i + 2], 16) for i in (1, 3, 5)) < 3 * 0x60


def test_a_multi_jump_arrow_passes_through_every_landing_square(triple_jump):
    svg = render_svg(GAME, triple_jump)
    prefix = html_id(triple_jump.ident)
    centres = square_centres(svg, prefix)
    points = path_points(svg, f"{prefix}--move-arrow")
    cell = abs(centres["2"][0] - centres["1"][0]) / 2
    # the shaft's first vertices are the centres of 1, 10 and 19 (the turn)
    for square, point in zip(["1", "10", "19"], points):
        assert abs(point[0] - centres[square][0]) < 0.02 * cell
        assert abs(point[1] - centres[square][1]) < 0.02 * cell
    # and it heads for 26, its tip near the rim of the piece that arrived there
    end = points[3]
    assert near_segment(end, centres["19"], centres["26"], 0.02 * cell)
    gap = ((end[0] - centres["26"][0]) ** 2 + (end[1] - centres["26"][1]) ** 2) ** 0.5
    assert 0.5 * PIECE_R * cell < gap < 0.5 * cell


def test_author_arrows_follow_their_squares():
    spec = DiagramSpec("test/checkers-branch", state_of("B:W6,14,15,23:B1"),
                       arrows=(("1", "10", "17"), ("1", "10", "19", "26")))
    svg = render_svg(GAME, spec)
    prefix = html_id(spec.ident)
    centres = square_centres(svg, prefix)
    cell = abs(centres["2"][0] - centres["1"][0]) / 2
    second = path_points(svg, f"{prefix}--arrow-2")
    for square, point in zip(["10", "19"], second[1:3]):
        assert abs(point[0] - centres[square][0]) < 0.02 * cell
        assert abs(point[1] - centres[square][1]) < 0.02 * cell
    assert f'id="{prefix}--move-arrow"' not in svg


def test_a_capture_tints_start_and_captured_squares_red_and_the_landing_green(triple_jump):
    svg = render_svg(GAME, triple_jump)
    prefix = html_id(triple_jump.ident)
    left = sorted(re.findall(rf'id="{prefix}--left-(\d+)"', svg), key=int)
    arrived = re.findall(rf'id="{prefix}--arrived-(\d+)"', svg)
    ghosts = sorted(re.findall(rf'id="{prefix}--ghost-(\d+)"', svg), key=int)
    assert left == ["1", "6", "15", "23"]
    assert arrived == ["26"]
    assert ghosts == ["6", "15", "23"]
    red = re.search(r"fill:(#[0-9a-f]{6})", group(svg, f"{prefix}--left-6")).group(1)
    green = re.search(r"fill:(#[0-9a-f]{6})", group(svg, f"{prefix}--arrived-26")).group(1)
    assert (red, green) == ("#e53935", "#43a047")


def test_a_kings_circuit_is_tinted_green_at_home():
    spec = move_spec("test/checkers-circuit", "B:W14,15,22,23,32:BK10", "10x17x26x19x10")
    svg = render_svg(GAME, spec)
    prefix = html_id(spec.ident)
    assert re.findall(rf'id="{prefix}--arrived-(\d+)"', svg) == ["10"]
    assert sorted(re.findall(rf'id="{prefix}--left-(\d+)"', svg), key=int) == [
        "14", "15", "22", "23"]


def test_no_tints_without_a_move():
    spec = DiagramSpec("test/checkers-still", state_of("B:W21:B1"))
    svg = render_svg(GAME, spec)
    assert "--left-" not in svg and "--arrived-" not in svg and "--move-arrow" not in svg


def test_options_hide_numbers_and_info():
    full = render_svg(GAME, DiagramSpec("test/checkers-o", GAME.initial_state()))
    bare = render_svg(GAME, DiagramSpec("test/checkers-o", GAME.initial_state(),
                                        options={"numbers": False, "info": False}))
    # text is drawn as glyph paths: fewer glyph uses without numbers and the info line
    assert bare.count("<use ") < full.count("<use ") // 3
    assert bare.count("<use ") == 0
    height = lambda svg: float(re.search(r'height="(\d+)"', svg).group(1))  # noqa: E731
    assert height(bare) < height(full)
    numbers_only = render_svg(GAME, DiagramSpec("test/checkers-o", GAME.initial_state(),
                                                options={"info": False}))
    # the numbers are outlines with a halo (no glyph uses): one group per square
    prefix = html_id("test/checkers-o")
    assert re.findall(rf'id="{prefix}--number-(\d+)"', numbers_only) == [
        str(n) for n in range(1, 33)]
    assert "--number-" not in bare


def test_a_finished_game_names_the_winner_unless_told_not_to():
    finished = move_spec("test/checkers-end", "W:W22,27:B18", "22x15")
    assert GAME.outcome(finished.state).winner == "black"
    plain = DiagramSpec(finished.ident, finished.state, finished.before, finished.move,
                        options={"result": False})
    # the badge text differs (黒の勝ち vs 黒番), so the drawings differ
    assert render_svg(GAME, finished) != render_svg(GAME, plain)


def test_a_number_on_an_occupied_square_stands_on_a_plate_over_the_piece():
    from matplotlib.colors import to_hex
    from matplotlib.patches import Circle, Rectangle
    from matplotlib.text import Text

    from banmen.games.suicide_checkers.drawing import BOARD_DARK, draw
    from banmen.render import style

    state = state_of("W:W30:B12,26")
    before = state_of("B:W6,15,23,30:B1,12")
    spec = DiagramSpec("test/checkers-plate", state, before=before,
                       move=GAME.parse_move(before, "1x10x19x26"))
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from banmen.render.svg import SVG_RC

    with matplotlib.rc_context({"font.family": SVG_RC["font.family"]}):  # the boards' font
        figure = draw(GAME, spec)
        canvas = FigureCanvasAgg(figure)
        canvas.draw()
        renderer = canvas.get_renderer()
    texts = {t.get_gid(): t for t in figure.findobj(Text) if (t.get_gid() or "").startswith("number-")}
    plates = [p for p in figure.findobj(Rectangle) if p.get_zorder() == 16]
    discs = {p.get_gid(): p for p in figure.findobj(Circle) if p.get_gid()}
    # one plate per occupied square (12, 26 and 30); 26 is the landing square: green over dark
    colours = sorted(to_hex(p.get_facecolor(), keep_alpha=False) for p in plates)
    assert colours == sorted([BOARD_DARK.lower()] * 3 + [to_hex(style.ADDED)])
    for square in ("12", "26", "30"):
        box = texts[f"number-{square}"].get_window_extent(renderer)
        under = [p for p in plates if p.get_window_extent(renderer).contains(box.x0, box.y0)
                 and p.get_window_extent(renderer).contains(box.x1, box.y1)]
        assert under, f"no plate behind the number {square}"
        piece = discs.get(f"man-{square}")
        assert piece.get_zorder() < 16 < texts[f"number-{square}"].get_zorder()
    empty = texts["number-15"].get_window_extent(renderer)  # an empty square: no plate
    assert not any(p.get_window_extent(renderer).overlaps(empty) for p in plates)
