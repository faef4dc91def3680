"""「印刷用PDF」 of each game (banmen.site.pdf; issue 17, item 7): it builds from the built
site, opens, is A4, names the game, holds the puzzle sheet with the answers at the end, and
draws the boards as vector graphics (no raster image).

Fit to print (issue 35, item 5): no screen-only words (:data:`SCREEN_WORDS`), the puzzle
sheet and the answers each start at the top of a page, pages fill (at most one in ten, over
the five PDFs, ends more than 40 % blank, and only before those chosen breaks), legend
swatches beside their labels, and ``banmen build`` without PDFs says it drops them.

Measured on the five PDFs (pages ending more than 40 % blank, the last page of each left
out): before 42 of 137 (babuschka 6/29, ludo 7/35, medamagaeru 9/37, suicide-checkers 9/29,
ukejalayer 11/37; 29-39 「この局面から指す」 buttons per PDF, and the puzzle sheet began at the
foot of the rules' last page); after 6 of 108 (2/20, 1/23, 2/24, 1/18, 0/23), each the page
before the puzzle sheet or before the answers, and 19-25 pages per PDF instead of 30-38.
"""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest

from banmen.game import game_class, game_ids
from banmen.site.html import puzzle_frames
from banmen.site.plugin import BanmenPlugin
from banmen.site.pdf import _key_boards, _with_glyphs, key_frames, pdf_document, pdf_link

#: Words of the screen only (buttons, clicking, keyboard, the play board, the PDF link): none
#: may be in a PDF.
SCREEN_WORDS = ("この局面から指す", "クリック", "キーボード", "ボタン", "押して", "押します",
                "答え合わせ", "選び直す", "解答を見る", "ヒントを見る", "解説を見る", "次の問題へ",
                "記録を消す", "印刷用PDF")
#: A4's height and the PDF's top and bottom page margins (16 mm), in points.
A4_HEIGHT, MARGIN = 841.89, 16 / 25.4 * 72
#: A page "ends blank" when more than this share of its content height is empty below.
BLANK = 0.4


def _mul(a: list[float], b: list[float]) -> list[float]:
    """The product of two PDF matrices ``[a b c d e f]`` (``a`` applied first)."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def painted_heights(page) -> list[float]:
    """The heights (points above the page's bottom edge) of what ``page`` (a pypdf page) draws:
    path points, rectangles and the text lines' origins, its form XObjects (the boards)
    included; the page number in the bottom margin is left out."""
    from pypdf.generic import ContentStream

    found: list[float] = []

    def at(x: float, y: float, ctm: list[float]) -> None:
        found.append(_mul([1, 0, 0, 1, x, y], ctm)[5])

    def walk(content, resources, ctm: list[float]) -> None:
        stack, tm = [], [1, 0, 0, 1, 0, 0]
        for operands, op in content.operations:
            op = op.decode() if isinstance(op, bytes) else op
            if op == "q":
                stack.append(ctm)
            elif op == "Q":
                ctm = stack.pop()
            elif op == "cm":
                ctm = _mul([float(x) for x in operands], ctm)
            elif op in ("m", "l"):
                at(float(operands[0]), float(operands[1]), ctm)
            elif op == "c":
                at(float(operands[4]), float(operands[5]), ctm)
            elif op == "re":
                x, y, _, h = map(float, operands)
                at(x, y, ctm)
                at(x, y + h, ctm)
            elif op == "BT":
                tm = [1, 0, 0, 1, 0, 0]
            elif op == "Tm":
                tm = [float(x) for x in operands]
            elif op in ("Td", "TD"):
                tm = _mul([1, 0, 0, 1, float(operands[0]), float(operands[1])], tm)
            elif op in ("Tj", "TJ", "'", '"'):
                found.append(_mul(tm, ctm)[5])
            elif op == "Do":
                form = resources["/XObject"][operands[0]].get_object()
                if form.get("/Subtype") == "/Form":
                    matrix = [float(x) for x in form.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                    walk(ContentStream(form, page.pdf), form.get("/Resources", resources),
                         _mul(matrix, ctm))
                else:
                    found.append(ctm[5])

    walk(ContentStream(page.get_contents(), page.pdf), page["/Resources"], [1, 0, 0, 1, 0, 0])
    return [y for y in found if y > MARGIN]


def blank_share(page) -> float:
    """The share of ``page``'s content height left empty below the lowest thing it draws."""
    lowest = min(painted_heights(page), default=A4_HEIGHT - MARGIN)
    return max(0.0, (lowest - MARGIN) / (A4_HEIGHT - 2 * MARGIN))


def test_blank_share_is_measured_from_what_the_page_draws(tmp_path):
    import pypdf
    from weasyprint import CSS, HTML

    from banmen.site.pdf import PDF_CSS

    out = tmp_path / "t.pdf"
    # a bordered box 132.5 mm tall (half the 265 mm of content height, plus 2 px of border),
    # a page break, then a 1 mm box and a board 100 px (26.46 mm) tall
    HTML(string='<body style="margin:0"><div style="height:132.5mm;border:1px solid"></div>'
                '<div style="break-before:page;height:1mm"></div>'
                '<svg class="banmen-board" width="100" height="100" viewBox="0 0 10 10">'
                '<rect x="0" y="0" width="10" height="10"/></svg></body>').write_pdf(
        out, stylesheets=[CSS(string=PDF_CSS)])
    shares = [blank_share(page) for page in pypdf.PdfReader(out).pages]
    px = 25.4 / 96
    assert shares == pytest.approx([(132.5 - 2 * px) / 265, (265 - 1 - 100 * px) / 265], abs=0.002)


def test_legend_swatches_sit_beside_their_labels_and_play_marks_are_left_out(tmp_path):
    from weasyprint import CSS, HTML
    from weasyprint.formatting_structure import boxes

    from banmen.site.html import legend_of_colours
    from banmen.site.pdf import PDF_CSS
    from banmen.render import style

    legend = legend_of_colours([style.HIGHLIGHT, style.ARROW], ("origin", "cursor"))
    assert "キーボード" in legend and "bm-sw-origin" in legend
    for name in ("rules", "puzzles"):
        page = tmp_path / "g" / name / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text(f'<article class="md-content__inner md-typeset"><h1>{name}</h1>{legend}'
                        f"{legend_of_colours([], ('selected',))}</article>", encoding="utf-8")
    document = pdf_document(tmp_path, "g", "G")
    assert "キーボード" not in document and "bm-sw-" not in document
    assert document.count('<ul class="bm-legend"') == 2  # the play marks' own legend is gone
    laid_out = HTML(string=document).render(stylesheets=[CSS(string=PDF_CSS)])
    entries = [box for box in laid_out.pages[0]._page_box.descendants()
               if getattr(box, "element_tag", None) == "li"
               and isinstance(box, boxes.InlineBlockBox)]
    assert len(entries) == 2
    for entry in entries:
        swatch, text = [b for b in entry.descendants()
                        if isinstance(b, (boxes.InlineBlockBox, boxes.TextBox)) and b is not entry]
        assert swatch.element_tag == "span" and swatch.width > 5 and swatch.height > 5
        gap = text.position_x - (swatch.position_x + swatch.margin_width())
        assert 0 <= gap < 2 and abs(text.position_y - entry.position_y) < 1  # same line, beside it
        assert text.text in ("黄色のマス：注目するマス", "青い矢印・文字：指した手と印")


def test_a_build_without_pdfs_says_it_drops_those_of_the_previous_site(tmp_path, monkeypatch,
                                                                        capsys):
    from banmen import cli

    site = tmp_path / "site"
    (site / "ludo").mkdir(parents=True)
    (site / "ludo" / "ludo.pdf").write_bytes(b"%PDF")
    (site / "ludo" / "rules.pdf").write_bytes(b"%PDF")  # not a game's PDF
    made = []

    def build(command, sets, args, no_cache, jobs):
        staging = Path(args[args.index("--site-dir") + 1])
        (staging / "index.html").write_text("new", encoding="utf-8")
        made.append(staging)
        return 0

    monkeypatch.setattr(cli, "_run_mkdocs", build)
    cli._build_staged((), site)
    assert (site / "index.html").read_text(encoding="utf-8") == "new"
    assert capsys.readouterr().err == (
        f"banmen build: {site} no longer has its PDFs (ludo/ludo.pdf); build with BANMEN_PDF=1 "
        "to make them\n")
    cli._build_staged((), site)  # nothing left to drop: nothing said
    assert capsys.readouterr().err == "" and len(made) == 2


def test_boards_get_the_glyph_outlines_they_use():
    glyphs = {"bm-glyph-aa": '<path id="bm-glyph-aa" d="M0 0"/>',
              "bm-glyph-bb": '<path id="bm-glyph-bb" d="M1 1"/>'}
    board = '<svg class="banmen-board" viewBox="0 0 1 1"><use xlink:href="#bm-glyph-bb"/></svg>'
    assert _with_glyphs(f"<p>x</p>{board}", glyphs, {}) == (
        '<p>x</p><svg class="banmen-board" viewBox="0 0 1 1"><defs><path id="bm-glyph-bb" d="M1 1"/>'
        '</defs><use xlink:href="#bm-glyph-bb"/></svg>')


def test_boards_get_a_copy_of_each_part_they_use_with_its_glyphs():
    glyphs = {"bm-glyph-aa": '<path id="bm-glyph-aa" d="M0 0"/>'}
    parts = {"bm-pt-0123456789": '<g id="bm-pt-0123456789--sq-a1"><path d="M0 0L1 1"/></g>'
                                 '<use xlink:href="#bm-glyph-aa"/>'}
    board = ('<svg class="banmen-board" id="bm-b" viewBox="0 0 1 1">'
             '<use xlink:href="#bm-pt-0123456789"/></svg>')
    assert _with_glyphs(board, glyphs, parts) == (
        '<svg class="banmen-board" id="bm-b" viewBox="0 0 1 1"><defs><path id="bm-glyph-aa" '
        'd="M0 0"/></defs><g><g id="bm-b--sq-a1"><path d="M0 0L1 1"/></g>'
        '<use xlink:href="#bm-glyph-aa"/></g></svg>')


def test_sequences_show_their_key_boards():
    frames = ('<div class="bm-seq-boards"><div class="bm-frame" data-step="0"><svg/><div class="bm-comment"></div></div>'
              '<div class="bm-frame" hidden data-step="1"><template class="bm-lazy"><svg id="a"/>'
              '</template><div class="bm-comment"></div></div>'
              '<div class="bm-frame" hidden data-step="2"><template class="bm-lazy"><svg id="b"/>'
              '</template><div class="bm-comment"><p>ここが大事</p></div></div></div><ol class="bm-moves"></ol>')
    out = _key_boards(frames)
    assert '<div class="bm-frame bm-key" data-step="0"><svg/>' in out
    assert 'data-step="1"' not in out and 'id="a"' not in out  # hidden in print: left out
    assert ('<div class="bm-frame bm-key" data-step="2"><svg id="b"/><div class="bm-comment">'
            "<p>ここが大事</p></div></div>") in out


def test_the_pdf_leaves_out_the_hidden_solution_boards_of_puzzles(tmp_path):
    page = tmp_path / "g" / "puzzles" / "index.html"
    page.parent.mkdir(parents=True)
    (tmp_path / "g" / "rules").mkdir()
    (tmp_path / "g" / "rules" / "index.html").write_text(
        '<article class="md-content__inner md-typeset"><h1>ルール</h1></article>', encoding="utf-8")
    # a puzzle's frames as banmen.site.html writes them
    frames = puzzle_frames(['<svg id="p"/>', '<svg id="s1"/>', '<svg id="s2"/>'])
    assert frames.count("bm-lazy") == 2
    page.write_text(f'<article class="md-content__inner md-typeset">{frames}</article>',
                    encoding="utf-8")
    assert pdf_document(tmp_path, "g", "G<&>") == (
        '<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>G&lt;&amp;&gt;</title>'
        '</head><body><section class="bm-pdf-page"><h1>ルール</h1></section><section class="bm-pdf-page">'
        '<div class="bm-frame"><svg id="p"/></div></section></body></html>')


def test_key_frames_are_first_last_and_commented_at_most_eight():
    assert key_frames([False, True, False, False, True, False]) == [0, 1, 4, 5]
    assert key_frames([True] * 29) == [0, 4, 8, 12, 16, 20, 24, 28]
    assert key_frames([False] * 3) == [0, 2]


def test_rules_and_puzzles_pages_link_to_the_pdf_only_when_it_is_built(monkeypatch):
    page = types.SimpleNamespace(file=types.SimpleNamespace(src_uri="medamagaeru/rules.md"))
    html = '<article><h1 id="x">ルール</h1><p>本文</p></article>'
    plugin = BanmenPlugin()
    assert plugin.load_config({}) == ([], [])
    monkeypatch.delenv("BANMEN_PDF", raising=False)
    assert plugin.on_post_page(html, page) == html
    monkeypatch.setenv("BANMEN_PDF", "1")
    assert plugin.on_post_page(html, page) == (
        '<article><h1 id="x">ルール</h1><p class="bm-pdf-link"><a href="../medamagaeru.pdf">'
        "印刷用PDF（ルールと練習問題、A4）</a></p><p>本文</p></article>")
    other = types.SimpleNamespace(file=types.SimpleNamespace(src_uri="medamagaeru/sample-game.md"))
    assert plugin.on_post_page(html, other) == html
    assert pdf_link("ludo") in plugin.on_post_page(
        html, types.SimpleNamespace(file=types.SimpleNamespace(src_uri="ludo/puzzles.md")))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", game_ids())
def test_each_games_pdf_builds_and_opens(built_site, tmp_path, game_id):
    import pypdf

    from banmen.site.pdf import write_game_pdf

    name = game_class(game_id).name_ja
    document = pdf_document(built_site, game_id, name)
    assert "bm-lazy" not in document  # no hidden board parsed
    # every board holds its own copy of the parts it draws (WeasyPrint reads no <use> of a
    # part defined in another SVG), and the same site gives the same PDF
    assert '<g id="bm-pt-' in document and 'href="#bm-pt-' not in document
    out = write_game_pdf(built_site, game_id, name, tmp_path / f"{game_id}.pdf")
    if game_id == "ukejalayer":
        again = write_game_pdf(built_site, game_id, name, tmp_path / "again.pdf")
        assert again.read_bytes() == out.read_bytes()
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) > 2
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4 in points
    texts = [page.extract_text() for page in reader.pages]
    assert name in texts[0]
    whole = "".join(texts)
    sheet, answers = whole.index("問題1　"), whole.index("問題1：")  # heading, then its answer
    assert sheet < answers and "解答" in whole[sheet:answers]
    assert not any(page.images for page in reader.pages)  # boards are vector graphics
    # fit to print (issue 35, item 5): no screen-only words...
    assert [(word, i + 1) for i, text in enumerate(texts) for word in SCREEN_WORDS
            if word in text] == []
    # ...the puzzle sheet and its answers each begin at the top of a page...
    puzzles = (built_site / game_id / "puzzles" / "index.html").read_text(encoding="utf-8")
    title = re.search(r"<h1[^>]*>([^<]+)", puzzles).group(1)
    starts = [i for i, text in enumerate(texts) if text.startswith(f"{title}\n")]
    answers = [i for i, text in enumerate(texts) if text.startswith("解答\n")]
    assert len(starts) == 1 and len(answers) == 1 and 1 < starts[0] < answers[0], (starts, answers)
    assert title not in texts[starts[0] - 1]  # not also at the foot of the page before
    # ...and pages fill: the only pages ending more than 40 % blank (the last one aside) are
    # those before the two chosen breaks
    blank = [i for i, page in enumerate(reader.pages[:-1]) if blank_share(page) > BLANK]
    assert set(blank) <= {starts[0] - 1, answers[0] - 1}, [
        (i + 1, round(blank_share(reader.pages[i]), 2)) for i in blank]
    assert len(blank) <= max(2, (len(reader.pages) - 1) // 10)


def _text_boxes(document):
    """Yield (text, right edge, page content's right edge) of every text box WeasyPrint laid
    out in ``document`` (its layout boxes: what the PDF draws, before any clipping)."""
    from weasyprint.formatting_structure import boxes

    for page in document.pages:
        page_box = page._page_box
        right = page_box.content_box_x() + page_box.width
        for box in page_box.descendants():
            if isinstance(box, boxes.TextBox):
                yield box.text, box.position_x + box.width, right


def test_a_word_too_long_for_its_line_is_broken_not_clipped(tmp_path):
    # issue 33, item 6: a 6,000-character word ran past the page edge; 109 characters showed
    from weasyprint import CSS, HTML

    from banmen.site.pdf import PDF_CSS

    for name, body in (("rules", f"<h1>ルール</h1><p>前{'x' * 6000}後</p>"
                                  f"<table><tr><td>{'y' * 600}</td><td>a</td></tr></table>"
                                  f"<p><code>{'z' * 600}</code></p>"),
                       ("puzzles", f"<h1>問題</h1><h2>{'w' * 300}</h2>")):
        page = tmp_path / "g" / name / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text(f'<article class="md-content__inner md-typeset">{body}</article>',
                        encoding="utf-8")
    document = HTML(string=pdf_document(tmp_path, "g", "G")).render(
        stylesheets=[CSS(string=PDF_CSS)])
    laid_out = list(_text_boxes(document))
    for letter, length in (("x", 6000), ("y", 600), ("z", 600), ("w", 300)):
        lines = [text for text, _, _ in laid_out if text.strip(letter) == ""]
        assert sum(map(len, lines)) == length  # every character is there...
        assert len(lines) >= length // 120  # ...on many lines
    past = [(text[:20], edge, right) for text, edge, right in laid_out if edge > right + 0.01]
    assert past == []  # and none runs past the right margin
