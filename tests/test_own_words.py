"""Site text is written in the project's own words: no sentence of any built page shares a run
of RUN or more characters with the original Japanese rule texts.

Why ``tests/data/seeds/`` exists: it holds copies of the original rule texts, the source material
the engines' specs (``shared/rules/<game>.md``) were written from. They are test data only,
kept so that this test can compare the built pages against them on any machine; no page, build
step or package reads them, and the site (built from ``docs/``, ``diagrams/``, ``puzzles/``,
``sequences/``) cannot reach them. Facts carry over from those texts, sentences must not.

Text is compared after Unicode NFKC normalisation with all white space removed, so fullwidth
and halfwidth spellings or a line break inside a sentence do not hide a copied run.

One exclusion: a run without a single kana or kanji (only Latin letters, digits, notation and
punctuation, e.g. ``r2 12-30`` or a table of square names) is not prose. Such runs are the
games' notation and numbers, which the rules fix and any correct page repeats.
"""

from __future__ import annotations

import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parent / "data" / "seeds"
#: the shortest shared run of characters that counts as copied
RUN = 15

_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_SENTENCE_END = re.compile(r"[。！？!?\n]+")
_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """NFKC, then every white space character removed."""
    return _SPACE.sub("", unicodedata.normalize("NFKC", text))


class VisibleText(HTMLParser):
    """The text a reader can see or have read out on a page, one block per line.

    Script and style contents are dropped; templates (lazily shown frames), SVG titles and
    descriptions count. Block elements and ``<br>`` end a line, so that sentences of two
    blocks never run together.
    """

    SKIP = {"script", "style"}
    BREAKS = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "div",
              "figcaption", "summary", "br", "title", "desc", "option", "button", "label",
              "tr", "table", "ul", "ol", "section", "details", "figure", "nav", "header",
              "footer", "template", "pre", "blockquote", "text"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self._skip += 1
        elif tag in self.BREAKS:
            self.parts.append("\n")
        for name, value in attrs:
            if name in ("alt", "aria-label", "title", "placeholder") and value:
                self.parts.append("\n" + value + "\n")

    def handle_endtag(self, tag):
        if tag in self.SKIP:
            self._skip = max(0, self._skip - 1)
        elif tag in self.BREAKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)

    def text(self) -> str:
        return "".join(self.parts)


def sentences(html: str) -> list[str]:
    """Split a page's visible text into normalised sentences (at 。！？ and block ends)."""
    parser = VisibleText()
    parser.feed(html)
    return [s for s in (normalise(part) for part in _SENTENCE_END.split(parser.text())) if s]


def seed_runs(texts: list[str], run: int = RUN) -> set[str]:
    """Every run of ``run`` characters of the normalised ``texts`` that holds kana or kanji."""
    found = set()
    for text in texts:
        flat = normalise(text)
        for i in range(len(flat) - run + 1):
            window = flat[i:i + run]
            if _JAPANESE.search(window):
                found.add(window)
    return found


def copied_runs(sentence: str, runs: set[str], run: int = RUN) -> list[str]:
    """The longest stretches of ``sentence`` covered by runs of ``run`` characters found in
    ``runs`` (each reported once, merged where the windows overlap)."""
    hits = [i for i in range(len(sentence) - run + 1) if sentence[i:i + run] in runs]
    merged: list[list[int]] = []
    for i in hits:
        if merged and i <= merged[-1][1]:
            merged[-1][1] = i + run
        else:
            merged.append([i, i + run])
    return [sentence[a:b] for a, b in merged]


def test_the_checker_finds_a_copied_run_and_ignores_notation():
    runs = seed_runs(["自分の番になったらサイコロを振ります。駒は r2 12-30 34-40 45-50 のように書く。"])
    assert copied_runs(normalise("まず、自分の番になったらサイコロを振る"), runs) == \
        ["自分の番になったらサイコロを振"]
    assert copied_runs("自分の番にサイコロを振る", runs) == []
    assert copied_runs(normalise("手の r2 12-30 34-40 45-50 です"), runs) == []  # notation only
    assert sentences("<p>一文目。<b>二</b>文目</p><script>x='台本'</script><li>三</li>") == \
        ["一文目", "二文目", "三"]


@pytest.mark.slow
def test_no_sentence_of_any_built_page_copies_the_original_rule_texts(built_site):
    texts = [p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))]
    assert len(texts) == 5
    runs = seed_runs(texts)
    found = []
    for page in sorted(built_site.rglob("*.html")):
        for sentence in sentences(page.read_text(encoding="utf-8")):
            for copied in copied_runs(sentence, runs):
                found.append(f"{page.relative_to(built_site)}: 「{copied}」 in 「{sentence}」")
    assert not found, "\n".join(found)
