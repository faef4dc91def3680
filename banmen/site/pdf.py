"""「印刷用PDF」: each game's rules and puzzles as one A4 PDF, made from the built pages.

An opt-in step of the build (``BANMEN_PDF=1``; WeasyPrint, the ``pdf`` extra): it takes
9-16 s of CPU per game on an idle build machine (with the hidden boards left out of the
document; 35 s for めだまがえる before), so ordinary builds skip it. The PDF is
written next to the game's pages (``site/medamagaeru/medamagaeru.pdf``) and the rules and
puzzles pages then link to it. Boards stay vector graphics (the pages' inline SVG); the
puzzles page prints as a puzzle sheet with the answers at the end (``.bm-answers``), and a
sequence shows its key boards, as when a reader prints the page (``banmen/site/assets/print.js``).
What only the screen uses is left out (:data:`PDF_CSS`, :data:`_PLAY_MARK`).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

from banmen.site.onpage import inline_parts, page_parts

#: The pages of a game that its PDF holds, in order.
PDF_PAGES = ("rules", "puzzles")
#: Set to "1" to build the PDFs (``BANMEN_PDF=1 banmen build``).
PDF_ENV = "BANMEN_PDF"

_ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)
_GLYPH = re.compile(r'<path id="(bm-glyph-[0-9a-f]+)"[^>]*/>')
_BOARD = re.compile(r"(<svg\b[^>]*\bclass=\"banmen-board\"[^>]*>)(.*?</svg>)", re.S)
_USE = re.compile(r'xlink:href="#(bm-glyph-[0-9a-f]+)"')
_FRAME = re.compile(r'<div class="bm-frame"( hidden)? data-step="(\d+)">(.*?)'
                    r'<div class="bm-comment">(.*?)</div></div>', re.S)
_SEQUENCE = re.compile(r'(<div class="bm-seq-boards">)(.*?)(</div><ol class="bm-moves")', re.S)
#: The most boards a printed sequence shows.
KEY_BOARDS = 8
_LAZY = re.compile(r'<template class="bm-lazy">(.*?)</template>', re.S)
#: A puzzle's hidden solution board (:func:`banmen.site.html.lazy` in a hidden frame): the
#: trainer shows it on the page as the reader plays; the PDF shows the puzzle's position only.
_HIDDEN_FRAME = re.compile(r'<div class="bm-frame" hidden><template class="bm-lazy">.*?'
                           r'</template></div>', re.S)
#: A legend entry of a mark the page script draws on a board the reader plays on
#: (:data:`banmen.site.html.PLAY_COLOURS_JA`): a printed board never shows one.
_PLAY_MARK = re.compile(r'<li><span class="bm-swatch bm-sw-[a-z]+"></span>[^<>]*</li>')
#: A legend left without entries.
_EMPTY_LEGEND = re.compile(r'<ul class="bm-legend"[^>]*></ul>')

#: The PDF's own style sheet (the site's CSS is made for screens and Material's layout).
#: ``overflow-wrap: anywhere`` breaks a word too long for its line (a long URL, a typo
#: without spaces) at the line's end, also in table cells and code, instead of letting it
#: run past the page edge, where the PDF clips it.
#:
#: Pages fill (issue 35, item 5): only small units keep together (a diagram with its caption,
#: a legend entry, a key board of a sequence, an answer); a puzzle may break between its board
#: and its question (its heading stays with the board), and boards are small enough that the
#: next one seldom leaves a page more than 40 % blank. The puzzle sheet, the second
#: :data:`PDF_PAGES` page, starts on a page of its own. Screen-only parts (controls, the
#: 「この局面から指す」 buttons, the play marks' legend entries, ``.bm-screen-only`` text of a
#: page) are left out.
PDF_CSS = """
@page { size: A4; margin: 16mm 14mm; @bottom-center { content: counter(page); font-size: 9pt; } }
body { font-family: "IPAGothic", "IPAexGothic", "Noto Sans CJK JP", sans-serif; font-size: 10pt;
       line-height: 1.6; color: #000; overflow-wrap: anywhere; orphans: 2; widows: 2; }
.bm-pdf-page + .bm-pdf-page { break-before: page; }
h1 { font-size: 18pt; margin: 0 0 0.4em; }
h2 { font-size: 13pt; margin: 1em 0 0.3em; break-after: avoid; }
h3, h4 { font-size: 11pt; margin: 0.8em 0 0.2em; break-after: avoid; }
p { margin: 0.4em 0; }
a { color: #000; text-decoration: underline; } .headerlink { display: none; }
table { border-collapse: collapse; margin: 0.5em 0; } th, td { border: 1px solid #999; padding: 2px 6px; }
tr { break-inside: avoid; }
code { font-family: monospace; } pre { white-space: pre-wrap; background: #f3f3f3; padding: 4px; }
svg.banmen-board { display: block; margin: 0 auto; max-width: 7cm; max-height: 7cm; height: auto; }
.bm-glyphs { display: none; }
.banmen-diagram { margin: 0.4em 0; text-align: center; break-inside: avoid; }
.banmen-diagram figcaption { font-size: 9pt; }
.banmen-puzzle, .banmen-sequence { border: 1px solid #888; padding: 4px 8px; margin: 0.4em 0; }
.banmen-puzzle svg.banmen-board { max-width: 5.5cm; max-height: 5.5cm; }
.bm-boards, .bm-question { break-inside: avoid; }
.bm-controls, .bm-help, .bm-feedback, .bm-after, .bm-hints, .bm-explanation, .bm-progress,
.bm-status, .bm-announce, .bm-pdf-link, .md-source-file, .bm-play, .bm-lead, .bm-screen-only,
[hidden] { display: none !important; }
.banmen-puzzle[data-kind="choice"] .bm-controls { display: block !important; margin: 0.2em 0; }
.banmen-puzzle[data-kind="choice"] .bm-choice { display: inline-block; border: 1px solid #888;
  background: none; font: inherit; padding: 0 6px; margin: 2px 6px 2px 0; }
.bm-meta { font-size: 9pt; margin: 0; }
ul.bm-legend { list-style: none; margin: 0.2em 0; padding: 0; font-size: 8.5pt; line-height: 1.4; }
.bm-legend li { display: inline-block; margin: 0 1em 0 0; break-inside: avoid; }
.bm-swatch { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em;
  vertical-align: -0.1em; border: 1px solid #757575; background-color: #fbf8f1; }
.bm-answers { break-before: page; }
.bm-answers li { break-inside: avoid; }
.bm-moves { columns: 3; font-size: 9pt; list-style: none; padding: 0; }
.bm-move-link { border: 0; background: none; font: inherit; padding: 0; }
.banmen-sequence .bm-frame.bm-key { display: inline-block !important; width: 48%; vertical-align: top;
  break-inside: avoid; }
.banmen-sequence .bm-frame.bm-key svg.banmen-board { max-width: 6.5cm; max-height: 6.5cm; }
"""


def pdf_enabled() -> bool:
    """Whether this build makes the PDFs (``BANMEN_PDF=1``)."""
    return os.environ.get(PDF_ENV, "") == "1"


def pdf_name(game_id: str) -> str:
    """The PDF's file name in the game's folder: ``"medamagaeru.pdf"``."""
    return f"{game_id}.pdf"


def _with_glyphs(article: str, glyphs: dict[str, str], parts: dict[str, str]) -> str:
    """Give each board its own copy of the parts and glyph outlines it uses (a page shares
    them in one ``<svg class="bm-glyphs">``, which WeasyPrint does not look into from
    another SVG; :func:`banmen.site.onpage.inline_parts`)."""
    def board(match: re.Match) -> str:
        svg = inline_parts(match.group(0), parts)
        opening = match.group(1)
        rest = svg[len(opening):]
        used = dict.fromkeys(_USE.findall(rest))
        defs = "".join(glyphs[g] for g in used if g in glyphs)
        return f"{opening}<defs>{defs}</defs>{rest}" if defs else svg

    return _BOARD.sub(board, article)


def key_frames(commented: list[bool], limit: int = KEY_BOARDS) -> list[int]:
    """Return the steps of a sequence whose boards a print shows: the first, the last and
    those with a comment; when these are more than ``limit``, ``limit`` of them evenly spread
    (the same choice as ``banmen/site/assets/print.js``).

    Args:
        commented: for each frame, whether its comment is non-empty.
        limit: the most boards to show.
    """
    last = len(commented) - 1
    steps = [i for i, has in enumerate(commented) if i in (0, last) or has]
    if len(steps) <= limit:
        return steps
    return [steps[int(k * (len(steps) - 1) / (limit - 1) + 0.5)] for k in range(limit)]


def _key_boards(article: str) -> str:
    """Show each sequence's key boards (:func:`key_frames`) as print.js does, their lazy
    templates unwrapped, and leave the other frames out (print hides them; WeasyPrint would
    still parse their boards)."""
    def sequence(block: re.Match) -> str:
        frames = list(_FRAME.finditer(block.group(2)))
        keys = set(key_frames([bool(f.group(4).strip()) for f in frames]))
        out, pos = [], 0
        for i, frame in enumerate(frames):
            out.append(block.group(2)[pos:frame.start()])
            pos = frame.end()
            if i not in keys:  # hidden in print: left out, so WeasyPrint never parses it
                continue
            body = _LAZY.sub(lambda m: m.group(1), frame.group(3))
            out.append(f'<div class="bm-frame bm-key" data-step="{frame.group(2)}">{body}'
                       f'<div class="bm-comment">{frame.group(4)}</div></div>')
        out.append(block.group(2)[pos:])
        return block.group(1) + "".join(out) + block.group(3)

    return _SEQUENCE.sub(sequence, article)


def pdf_document(site_dir: Path, game_id: str, title: str) -> str:
    """Return the HTML of a game's PDF: the articles of its :data:`PDF_PAGES`.

    Args:
        site_dir: the built site.
        game_id: the game's folder in the site (``"medamagaeru"``).
        title: the document title (the game's name).

    Raises:
        FileNotFoundError: a page of the game is missing from the site.
    """
    parts = []
    for name in PDF_PAGES:
        page = (site_dir / game_id / name / "index.html").read_text(encoding="utf-8")
        glyphs = {m.group(1): m.group(0) for m in _GLYPH.finditer(page)}
        shared = page_parts(page)
        found = _ARTICLE.search(page)
        article = found.group(1) if found else ""
        # hidden boards are left out before anything else reads the article: a puzzles page is
        # mostly the lazy boards of its solutions, which print never shows
        article = _HIDDEN_FRAME.sub("", article)
        article = _EMPTY_LEGEND.sub("", _PLAY_MARK.sub("", article))
        parts.append(f'<section class="bm-pdf-page">{_key_boards(_with_glyphs(article, glyphs, shared))}'
                     "</section>")
    return (f'<!doctype html><html lang="ja"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title></head><body>{''.join(parts)}</body></html>")


def write_game_pdf(site_dir: Path, game_id: str, title: str, out: Path | None = None) -> Path:
    """Write the PDF of one game (A4, vector boards) and return its path.

    Args:
        site_dir: the built site; relative links and images resolve against the game's pages.
        game_id: the game's id (its folder in the site).
        title: the PDF's title, the game's Japanese name.
        out: where to write; default ``site_dir/<game>/<game>.pdf``.

    Raises:
        FileNotFoundError: a page of the game is missing.
        ImportError: WeasyPrint is not installed (``pip install '.[pdf]'``).
    """
    from weasyprint import CSS, HTML

    out = out or site_dir / game_id / pdf_name(game_id)
    document = HTML(string=pdf_document(site_dir, game_id, title),
                    base_url=str(site_dir / game_id / PDF_PAGES[0]) + "/")
    document.write_pdf(out, stylesheets=[CSS(string=PDF_CSS)])
    return out


def pdf_link(game_id: str) -> str:
    """The 「印刷用PDF」 link placed under the title of a game's rules and puzzles pages (their
    URL is ``<game>/<page>/``, so the PDF is one folder up)."""
    return (f'<p class="bm-pdf-link"><a href="../{pdf_name(game_id)}">'
            "印刷用PDF（ルールと練習問題、A4）</a></p>")
