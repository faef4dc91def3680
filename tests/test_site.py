"""The site as built by `mkdocs build --strict`: every piece of content is on a page, and
broken content or a broken page marker fails the build with file:line:col."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from banmen.render.ids import html_id
from conftest import ROOT, build_site, checked_project, copy_project

pytestmark = pytest.mark.slow


def _pages(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): p.read_text(encoding="utf-8")
            for p in site.rglob("index.html")}


def test_every_diagram_puzzle_and_sequence_is_on_a_page(built_site):
    content = checked_project()
    html = "\n".join(_pages(built_site).values())
    for ident in content.diagrams:
        assert f'id="{html_id(ident)}-figure"' in html, ident
    for ident in content.puzzles:
        assert f'class="banmen-puzzle" id="{html_id(ident)}-puzzle"' in html, ident
    for ident in content.sequences:
        assert f'class="banmen-sequence" id="{html_id(ident)}-sequence"' in html, ident


def test_no_marker_is_left_unexpanded(built_site):
    for name, html in _pages(built_site).items():
        assert "{{" not in re.sub(r"<script.*?</script>", "", html, flags=re.S), name
        assert "BANMENEMBED" not in html and "<!--bm-board-" not in html, name


def test_svg_ids_are_unique_across_each_page(built_site):
    for name, html in _pages(built_site).items():
        ids = re.findall(r'\bid="([^"]+)"', html)
        assert len(ids) == len(set(ids)), name


def test_the_site_is_japanese_with_japanese_search(built_site):
    index = (built_site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ja"' in index
    assert (built_site / "search" / "search_index.json").exists()
    assert "fonts.googleapis.com" not in index  # theme.font: false, pages work offline


def test_the_build_is_deterministic(built_site, tmp_path):
    again = tmp_path / "again"
    result = build_site(ROOT, again)
    assert result.returncode == 0, result.stderr[-2000:]
    for name, html in _pages(built_site).items():
        assert (again / name).read_text(encoding="utf-8") == html, name
    # the second build takes each page's search entries from the build cache
    index = "search/search_index.json"
    assert (again / index).read_bytes() == (built_site / index).read_bytes()


def test_a_wrong_answer_fails_the_build_with_its_place(tmp_path, warm_cache):
    project = copy_project(tmp_path / "project", cache=warm_cache)
    for puzzle in sorted((project / "puzzles" / "ukejalayer").glob("*.yaml")):
        text = puzzle.read_text(encoding="utf-8")
        match = re.search(r"^(  value: )(\d+)$", text, flags=re.M)
        if match:
            break
    assert match, "no ukejalayer puzzle has a number answer to break"
    line = text[:match.start()].count("\n") + 1
    puzzle.write_text(text[:match.start(2)] + "99" + text[match.end(2):], encoding="utf-8")
    result = build_site(project, tmp_path / "site")
    assert result.returncode != 0
    where = f"puzzles/ukejalayer/{puzzle.name}:{line}:10: wrong answer for query"
    assert where in result.stderr, result.stderr[-2000:]
    assert "Traceback" not in result.stderr


def test_an_unknown_id_on_a_page_fails_the_build(tmp_path, warm_cache):
    project = copy_project(tmp_path / "project", cache=warm_cache)
    page = project / "docs" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n{{ diagram ukejalayer/nope }}\n",
                    encoding="utf-8")
    lines = page.read_text(encoding="utf-8").splitlines()
    result = build_site(project, tmp_path / "site")
    assert result.returncode != 0
    assert f"docs/index.md:{len(lines)}:12: unknown diagram id 'ukejalayer/nope'" in result.stderr


def test_boards_and_pages_stay_within_the_weight_budget(built_site):
    """Median board at most 30 KB, no page over 200 KB gzipped (issue 7), and no board
    carries a <style> (it would restyle the whole page)."""
    import gzip
    import statistics

    boards = []
    for name, html in _pages(built_site).items():
        found = re.findall(r'<svg[^>]*class="banmen-board".*?</svg>', html, flags=re.S)
        assert all("<style" not in svg for svg in found), name
        boards += [len(svg.encode("utf-8")) for svg in found]
        assert len(gzip.compress(html.encode("utf-8"))) <= 200 * 1024, name
    assert len(boards) > 100
    assert statistics.median(boards) <= 30 * 1024


def test_hidden_frames_wait_in_templates(built_site):
    html = "\n".join(_pages(built_site).values())
    sequences = re.findall(r'<div class="banmen-sequence".*?</div></div></div>', html, flags=re.S)
    assert sequences
    for block in sequences:
        frames = re.findall(r'<div class="bm-frame"[^>]*>(.{0,40})', block)
        assert frames[0].startswith("<svg") and all(f.startswith('<template class="bm-lazy">')
                                                   for f in frames[1:])


#: Kana, kanji, Japanese punctuation and fullwidth forms: no space may stand between two of them.
_JA = r"[\u3001-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60\uff61-\uff9f]"
_JA_GAP = re.compile(rf"({_JA})(\s+)({_JA})")


class _ProseText(HTMLParser):
    """Collects the text of each paragraph, list item, table cell and heading of a page's
    article, as a reader sees it: one string per block. Code, pre, svg, script and style, and
    line-break elements, stand as one OBJECT REPLACEMENT CHARACTER (neither Japanese nor space)."""

    BLOCKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd",
              "figcaption", "summary"}
    SKIP = {"code", "pre", "svg", "script", "style", "kbd"}
    VOID = {"br", "img", "input", "wbr", "hr", "meta", "link"}
    OTHER = "\ufffc"

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self._open: list[list[str]] = []
        self._skip = 0
        self._depth = 0          # open elements inside the article (0: outside)

    def handle_starttag(self, tag, attrs):
        if not self._depth:
            if tag == "article":
                self._depth = 1
            return
        if tag not in self.VOID:
            self._depth += 1
        if self._skip:
            if tag in self.SKIP:
                self._skip += 1
        elif tag in self.SKIP or tag == "br":
            if self._open:
                self._open[-1].append(self.OTHER)
            self._skip += tag in self.SKIP
        elif tag in self.BLOCKS:
            self._open.append([])

    def handle_endtag(self, tag):
        if not self._depth or tag in self.VOID:
            return
        self._depth -= 1
        if self._skip:
            self._skip -= tag in self.SKIP
        elif tag in self.BLOCKS and self._open:
            self.blocks.append("".join(self._open.pop()))

    def handle_data(self, data):
        if self._open and not self._skip:
            self._open[-1].append(data)


def test_no_space_between_two_japanese_characters(built_site):
    found = []
    for name, page in _pages(built_site).items():
        parser = _ProseText()
        parser.feed(page)
        for block in parser.blocks:
            for match in _JA_GAP.finditer(block):
                found.append(f"{name}: …{block[max(0, match.start() - 12):match.end() + 12]}…")
    assert found == [], "\n".join(found[:40]) + f"\n({len(found)} in all)"


def test_page_titles_name_the_game(built_site):
    page = (built_site / "medamagaeru" / "puzzles" / "index.html").read_text(encoding="utf-8")
    assert "<title>めだまがえる 練習問題 - banmen ボードゲームのルールと練習問題</title>" in page
    page = (built_site / "ludo" / "rules" / "index.html").read_text(encoding="utf-8")
    assert "<title>ルドー・飛行棋 ルール - banmen" in page


def test_reader_facing_ui_text_is_japanese(built_site):
    for name, page in _pages(built_site).items():
        titles = re.findall(r'class="admonition-title">([^<]*)<', page)
        titles += re.findall(r'<summary>([^<]*)</summary>', page)
        english = [t for t in titles if re.fullmatch(r"[A-Za-z ]+", t.strip())]
        assert english == [], (name, english)
    missing = (built_site / "404.html").read_text(encoding="utf-8")
    assert "<h1>ページが見つかりません</h1>" in missing
    assert "Not found" not in missing


def test_hints_explanations_and_answers_are_not_in_the_search_index(built_site):
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    # Zero-width spaces mark the words of Japanese text (banmen.site.search); read without them.
    everything = "\n".join(d["title"] + "\n" + d["text"] for d in docs["docs"]).replace("\u200b", "")
    assert "image/svg+xml" not in everything  # boards' SVG metadata is not indexed
    # The puzzle pages' entries (hints, explanations and answers hide on those pages only; the
    # authoring page quotes a sample puzzle on purpose).
    index = "\n".join(d["title"] + "\n" + d["text"] for d in docs["docs"]
                      if re.match(r"[a-z-]+/puzzles/", d["location"])).replace("\u200b", "")
    assert "答え方は" in index  # the puzzle pages' own text is indexed (read unescaped)
    content = checked_project()
    for ident, puzzle in content.puzzles.items():
        texts = [puzzle.model.explanation, *(puzzle.model.hints or [])]
        for text in texts:
            line = text.strip().splitlines()[0].replace("*", "").replace("`", "")[:20]
            assert line not in index, (ident, line)
    assert "正解は" not in index
