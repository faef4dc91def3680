"""HTML fragments for checked content: figures, puzzles and step-through sequences.

Fragments are self-contained: the SVG boards are inlined, and each interactive block keeps
what its script needs in a ``data-answer`` attribute (JSON), so
pages work offline with no server. ``docs/assets/banmen.js`` wires them up.
All reader-facing text is Japanese; authored text fields may use Markdown.

Authored text is untrusted. :func:`md` renders it with raw HTML switched off (``<b>`` shows as
text) and then passes the result through an allow-list sanitiser (nh3, the Python binding of
the Rust crate ammonia): only :data:`ALLOWED_TAGS`, only ``href``/``title`` on links, only
http(s) and relative URLs, no comments. Links carry ``data-bm-where="file:line:col"`` until the
MkDocs glue has checked and rewritten them (:mod:`banmen.site.links`).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import markdown as markdown_lib
import nh3

from banmen.content.move_text import MOVE_TEXT_TABLE
from banmen.render.ids import html_id

if TYPE_CHECKING:  # checked items or their cached views (banmen.site.views) are passed in
    from banmen.content import items

#: Draws a diagram spec and returns its SVG text (the build passes a cached renderer).
SvgOf = Callable[[Any], str]

LEVEL_JA = {1: "やさしい", 2: "ふつう", 3: "むずかしい"}
KIND_HELP_JA = {
    "number": "数字を入れて「答え合わせ」を押してください。",
    "boolean": "「はい」か「いいえ」を選んでください。",
    "choice": "正しいと思うものを選んでください。",
    "squares": "盤のマスをクリックして選び（もう一度クリックで取り消し）、「答え合わせ」を押してください。盤を選んでから矢印キーとEnterキーでも選べます。",
    "move": "動かす駒（マス）をクリックすると、行き先が色で示されます。行き先をクリックすれば指せます。指し手を入力して「指す」を押してもかまいません。",
}

#: Attributes of a board the reader plays on with the keyboard.
BOARD_KEYS = ' tabindex="0" aria-label="盤（矢印キーでマスを選び、EnterキーかSpaceキーで決定）"'


#: Python-Markdown extensions for authored YAML text (names or Extension objects); append to
#: it to enable more syntax, the sanitiser still decides what reaches the page.
MARKDOWN_EXTENSIONS: list[Any] = ["sane_lists", "cjk_autojoin"]

#: What authored Markdown may produce: paragraphs, line breaks, emphasis, code, lists, quotes,
#: rules and links. Anything else (raw HTML, images, headings, tables) is dropped, its text kept.
ALLOWED_TAGS = {"p", "br", "em", "strong", "code", "pre", "ul", "ol", "li", "a", "blockquote",
                "hr", "ruby", "rt", "rp"}
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}}
#: Link schemes allowed besides relative links to pages of the site.
URL_SCHEMES = {"http", "https"}

_LINK_OPEN = re.compile(r'<a(?= |>)')
#: matplotlib's RDF metadata block in a saved SVG (format and creator; nothing a reader needs).
_SVG_METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.S)


def without_metadata(svg: str) -> str:
    """Return ``svg`` without its ``<metadata>`` block, whose "image/svg+xml banmen" text would
    otherwise be read into the site's search index once per board."""
    return _SVG_METADATA.sub("", svg)


def _markdown() -> markdown_lib.Markdown:
    converter = markdown_lib.Markdown(extensions=list(MARKDOWN_EXTENSIONS))
    # Raw HTML in authored text is shown as text, never passed on (nor an HTML comment).
    converter.preprocessors.deregister("html_block")
    converter.inlinePatterns.deregister("html")
    return converter


def sanitise(fragment: str) -> str:
    """Return ``fragment`` with only the allowed tags, attributes and URL schemes kept."""
    return nh3.clean(fragment, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES,
                     url_schemes=URL_SCHEMES, strip_comments=True, link_rel=None)


def md(text: str, where: str | None = None) -> str:
    """Render authored Markdown (Japanese prose) to sanitised HTML.

    Args:
        text: the author's text.
        where: ``file:line:col`` of the text; links get it as ``data-bm-where`` so that a
            dead link is reported at the YAML source (the site glue removes the attribute).

    Returns:
        HTML made only of :data:`ALLOWED_TAGS`.
    """
    rendered = sanitise(_markdown().convert(text))
    if where is not None:
        # A function, not a template: the file name in ``where`` may hold backslashes.
        opening = f'<a data-bm-where="{html.escape(where)}"'
        rendered = _LINK_OPEN.sub(lambda _match: opening, rendered)
    return rendered


def refused_links(text: str) -> list[str]:
    """Return the link targets in authored Markdown ``text`` that the sanitiser would drop:
    any scheme but http(s) (``javascript:``, ``data:``, ``mailto:``, ``ftp:``)."""
    found = re.findall(r'<a href="([^"]*)"', _markdown().convert(text))
    refused = []
    for href in (html.unescape(h) for h in found):
        scheme = re.match(r"^\s*([A-Za-z][A-Za-z0-9+.-]*):", href)
        if scheme and scheme.group(1).lower() not in URL_SCHEMES:
            refused.append(href)
    return refused


def _where(item: Any, path: tuple) -> str | None:
    """``file:line:col`` of the value at ``path`` in ``item``'s source file."""
    mark = getattr(item, "marks", {}).get(path)
    return f"{item.source}:{mark[0]}:{mark[1]}" if mark else None


def _data_attr(data: Any) -> str:
    # An attribute, not a <script type="application/json">: Material's instant navigation
    # re-creates every <script> of the page body without its type and runs it as code.
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f'data-answer="{html.escape(text, quote=True)}"'


def lazy(svg: str) -> str:
    """Wrap the board of a hidden frame in ``<template class="bm-lazy">``: the browser parses
    it but builds no elements for it until ``banmen.js`` shows the frame (then the template is
    replaced by its content), so pages with many frames stay light to display."""
    return f'<template class="bm-lazy">{svg}</template>'


def diagram_html(diagram: items.Diagram, svg_of: SvgOf) -> str:
    """Return a ``<figure>`` with the inline SVG board and its caption."""
    caption = (f"<figcaption>{md_inline(diagram.caption, _where(diagram, ('caption',)))}"
               "</figcaption>" if diagram.caption else "")
    return (f'<figure class="banmen-diagram" id="{html_id(diagram.ident)}-figure">'
            f"{svg_of(diagram.spec)}{caption}</figure>")


def md_inline(text: str, where: str | None = None) -> str:
    """Render one line of Markdown without the surrounding paragraph (see :func:`md`)."""
    rendered = md(text, where).strip()
    if rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
        return rendered[3:-4]
    return rendered


def _answer_controls(puzzle: items.Puzzle) -> str:
    kind = puzzle.answer["kind"]
    if kind == "number":
        return ('<input class="bm-input" type="number" inputmode="numeric" aria-label="答え">'
                '<button type="button" class="md-button bm-check">答え合わせ</button>')
    if kind == "boolean":
        return ('<button type="button" class="md-button bm-choice" data-value="true">はい</button>'
                '<button type="button" class="md-button bm-choice" data-value="false">いいえ</button>')
    if kind == "choice":
        return "".join(
            f'<button type="button" class="md-button bm-choice" data-value="{i}">'
            f"{html.escape(label)}</button>"
            for i, label in enumerate(puzzle.answer["options"])
        )
    if kind == "squares":
        return ('<button type="button" class="md-button bm-check">答え合わせ</button>'
                '<button type="button" class="md-button bm-reset">選び直す</button>')
    return ('<input class="bm-input bm-move-input" type="text" autocomplete="off" '
            'spellcheck="false" aria-label="指し手">'
            '<button type="button" class="md-button bm-check">指す</button>'
            '<button type="button" class="md-button bm-reset">最初から</button>'
            '<button type="button" class="md-button bm-show">解答を見る</button>'
            '<span class="bm-choices" role="group" aria-label="選んでください"></span>')


def _hints(puzzle: items.Puzzle) -> str:
    hints = puzzle.model.hints
    if not hints:
        return ""
    body = "".join(f'<li class="bm-hint" hidden>{md_inline(h, _where(puzzle, ("hints", i)))}</li>'
                   for i, h in enumerate(hints))
    return (f'<div class="bm-hints" data-search-exclude><button type="button" class="md-button bm-hint-button">'
            f'ヒントを見る（{len(hints)}）</button><ol>{body}</ol></div>')


def puzzle_html(puzzle: items.Puzzle, number: int, svg_of: SvgOf) -> str:
    """Return the interactive block of one puzzle.

    Args:
        puzzle: the checked puzzle.
        number: its number on the page (shown nowhere yet; kept in ``data-number``).
        svg_of: draws a diagram spec.
    """
    model = puzzle.model
    kind = puzzle.answer["kind"]
    boards = [f'<div class="bm-frame">{svg_of(puzzle.spec)}</div>']
    boards += [f'<div class="bm-frame" hidden>{lazy(svg_of(spec))}</div>'
               for spec in puzzle.frames]
    return (
        f'<div class="banmen-puzzle" id="{html_id(puzzle.ident)}-puzzle" data-kind="{kind}" '
        f'data-number="{number}" data-ident="{html.escape(puzzle.ident)}" '
        f'{_data_attr(_page_data(puzzle))}>'
        f'<p class="bm-meta" data-search-exclude>難しさ：{LEVEL_JA[model.level]}<span class="bm-status"></span></p>'
        f'<div class="bm-boards" data-search-exclude{BOARD_KEYS if kind in ("squares", "move") else ""}>'
        f'{"".join(boards)}</div>'
        f'<div class="bm-question">{md(model.question, _where(puzzle, ("question",)))}</div>'
        f'<p class="bm-help" data-search-exclude>{KIND_HELP_JA[kind]}</p>'
        f'<div class="bm-controls" data-search-exclude>{_answer_controls(puzzle)}</div>'
        f'<p class="bm-feedback" aria-live="polite" data-search-exclude></p>'
        f"{_hints(puzzle)}"
        f'<details class="bm-explanation" data-search-exclude><summary>解説を見る</summary>'
        f"{md(model.explanation, _where(puzzle, ('explanation',)))}</details>"
        '<p class="bm-after" data-search-exclude><button type="button" class="md-button bm-next-puzzle">'
        "次の問題へ</button></p>"
        "</div>"
    )


def _page_data(puzzle: items.Puzzle) -> dict[str, Any]:
    """The answer as the script reads it; move puzzles also carry the typed-text folding table
    (``banmen/content/move_text.json``, the one Python applies)."""
    if puzzle.answer["kind"] != "move":
        return puzzle.answer
    return {**puzzle.answer, "fold": MOVE_TEXT_TABLE["replace"]}


def progress_html(game_id: str, idents: list[str]) -> str:
    """Return the progress line of a game's puzzles, filled by the script from the reader's
    browser storage: 「3 / 15 解いた」 and a reset button.

    Args:
        game_id: the game's id.
        idents: the ids of the game's puzzles, in page order.
    """
    names = html.escape(" ".join(idents))
    return (f'<div class="bm-progress" data-game="{html.escape(game_id)}" '
            f'data-puzzles="{names}" data-search-exclude><span class="bm-progress-text">練習問題：'
            f"{len(idents)}問</span>"
            '<button type="button" class="md-button bm-progress-reset" hidden>記録を消す</button>'
            "</div>")


def sequence_html(sequence: items.Sequence, svg_of: SvgOf) -> str:
    """Return a step-through viewer like a game record: the board with one frame per move
    and its comment, a clickable move list beside it, buttons, arrow keys and a status line
    read out by screen readers."""
    frames = []
    moves = []
    for i, frame in enumerate(sequence.frames):
        where = _where(sequence, ("intro",) if i == 0 else ("steps", i - 1, "comment"))
        move = (f'<p class="bm-move" data-search-exclude>{i}手目：<code>{html.escape(frame.move)}</code></p>'
                if frame.move else '<p class="bm-move" data-search-exclude>はじめの局面</p>')
        frames.append(
            f'<div class="bm-frame"{"" if i == 0 else " hidden"} data-step="{i}">'
            f"{svg_of(frame.spec) if i == 0 else lazy(svg_of(frame.spec))}{move}"
            f'<div class="bm-comment">{md(frame.comment, where) if frame.comment else ""}</div></div>'
        )
        label = f"{i}. {html.escape(frame.move)}" if frame.move else "はじめ"
        moves.append(f'<li><button type="button" class="bm-move-link" data-step="{i}">'
                     f"{label}</button></li>")
    last = len(sequence.frames) - 1
    controls = (
        '<div class="bm-controls" data-search-exclude>'
        '<button type="button" class="md-button bm-first" aria-label="最初へ">« 最初</button>'
        '<button type="button" class="md-button bm-prev" aria-label="前へ">◀ 前へ</button>'
        f'<span class="bm-counter">0 / {last}</span>'
        '<button type="button" class="md-button bm-next" aria-label="次へ">次へ ▶</button>'
        '<button type="button" class="md-button bm-last" aria-label="最後へ">最後 »</button>'
        "</div>"
    )
    return (f'<div class="banmen-sequence" id="{html_id(sequence.ident)}-sequence" '
            f'data-last="{last}">'
            f'<p class="bm-title">{html.escape(sequence.title)}</p>'
            f"{controls}"
            f'<div class="bm-record"><div class="bm-seq-boards">{"".join(frames)}</div>'
            f'<ol class="bm-moves" aria-label="棋譜" data-search-exclude>{"".join(moves)}</ol></div>'
            '<p class="bm-announce" aria-live="polite" data-search-exclude></p></div>')


def answer_text(puzzle: items.Puzzle) -> str:
    """Return a puzzle's answer in words for the printed sheet, as plain text:
    「4」, 「いいえ」, the chosen option's label, the squares (「b6、c4」) or the solution line
    (「M f6xf8（相手 L f7-f6） → L g7-f8」, the main line of ``answer["root"]``)."""
    answer = puzzle.answer
    kind = answer["kind"]
    if kind == "number":
        return str(answer["answer"])
    if kind == "boolean":
        return "はい" if answer["answer"] else "いいえ"
    if kind == "choice":
        return str(answer["options"][answer["answer"]])
    if kind == "squares":
        return "、".join(answer["answer"])
    steps = []
    node = answer["root"]
    while node:  # the main line of the solution tree (banmen.content.solution)
        move = node["main"]
        step = node["right"][move]
        steps.append(f"{move}（相手 {step['reply']}）" if step.get("reply") else move)
        node = step.get("next")
    return " → ".join(steps)


def answers_html(puzzles: list[items.Puzzle]) -> str:
    """Return the answers of a page's puzzles, collected for the printed puzzle sheet: hidden
    on screen (``.bm-answers``), kept out of the search index, shown at the end of a print.

    Args:
        puzzles: the page's puzzles in page order (numbered from 1).
    """
    rows = []
    for number, puzzle in enumerate(puzzles, start=1):
        explanation = md(puzzle.model.explanation, _where(puzzle, ("explanation",)))
        rows.append(f'<li value="{number}"><p><strong>問題{number}</strong>：'
                    f"{html.escape(answer_text(puzzle))}</p>{explanation}</li>")
    return (f'<section class="bm-answers" data-search-exclude><h2>解答</h2>'
            f'<ol>{"".join(rows)}</ol></section>')
