"""「印刷用PDF」 of each game (banmen.site.pdf; issue 17, item 7): it builds from the built
site, opens, is A4, names the game, holds the puzzle sheet with the answers at the end, and
draws the boards as vector graphics (no raster image)."""

from __future__ import annotations

import types

import pytest

from banmen.game import game_class, game_ids
from banmen.site.html import puzzle_frames
from banmen.site.plugin import BanmenPlugin
from banmen.site.pdf import _key_boards, _with_glyphs, key_frames, pdf_document, pdf_link


def test_boards_get_the_glyph_outlines_they_use():
    glyphs = {"bm-glyph-aa": '<path id="bm-glyph-aa" d="M0 0"/>',
              "bm-glyph-bb": '<path id="bm-glyph-bb" d="M1 1"/>'}
    board = '<svg class="banmen-board" viewBox="0 0 1 1"><use xlink:href="#bm-glyph-bb"/></svg>'
    assert _with_glyphs(f"<p>x</p>{board}", glyphs) == (
        '<p>x</p><svg class="banmen-board" viewBox="0 0 1 1"><defs><path id="bm-glyph-bb" d="M1 1"/>'
        '</defs><use xlink:href="#bm-glyph-bb"/></svg>')


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
    assert "bm-lazy" not in pdf_document(built_site, game_id, name)  # no hidden board parsed
    out = write_game_pdf(built_site, game_id, name, tmp_path / f"{game_id}.pdf")
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
