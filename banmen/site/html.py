"""HTML fragments for checked content: figures, puzzles and step-through sequences.

Fragments are self-contained: the SVG boards are inlined, and each interactive block keeps
what its script needs in a ``data-answer`` attribute (JSON), so
pages work offline with no server. The ES modules of ``banmen/site/assets/js/`` (entry
``main.js``) wire them up.
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
# the link schemes of the rule every authored text follows (banmen.content.texts)
from banmen.content.texts import URL_SCHEMES
from banmen.errors import display_name
from banmen.render import style
from banmen.render.ids import html_id
from banmen.site import standins
from banmen.site.play_page import FROM_START_JA, play_html, play_setup

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
    "move": "動かす駒（マス）をクリックすると行き先が色で示され、行き先をクリックすれば指せます。指し手を入力して「指す」を押してもかまいません。",
}
#: The first line under a move puzzle's question, in the question's own size: the board first.
MOVE_LEAD_JA = "盤の駒をクリックして指してください。"

_LEAD = f'<p class="bm-lead">{MOVE_LEAD_JA}</p>'
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

_LINK_OPEN = re.compile(r'<a(?= |>)')
#: matplotlib's RDF metadata block in a saved SVG (format and creator; nothing a reader needs).
_SVG_METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.S)


def without_metadata(svg: str) -> str:
    """Return ``svg`` without its ``<metadata>`` block, whose "image/svg+xml banmen" text would
    otherwise be read into the site's search index once per board."""
    return _SVG_METADATA.sub("", svg)


_CONVERTER: dict[str, Any] = {}


def _markdown() -> markdown_lib.Markdown:
    """The Markdown converter for authored text, made once per extension list and reset
    before each use (building one costs far more than converting a short text)."""
    extensions = repr(MARKDOWN_EXTENSIONS)
    converter = _CONVERTER.get(extensions)
    if converter is None:
        converter = markdown_lib.Markdown(extensions=list(MARKDOWN_EXTENSIONS))
        # Raw HTML in authored text is shown as text, never passed on (nor an HTML comment).
        converter.preprocessors.deregister("html_block")
        converter.inlinePatterns.deregister("html")
        _CONVERTER.clear()
        _CONVERTER[extensions] = converter
    converter.reset()
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


def _where(item: Any, path: tuple) -> str | None:
    """``file:line:col`` of the value at ``path`` in ``item``'s source file."""
    mark = getattr(item, "marks", {}).get(path)
    return f"{display_name(item.source)}:{mark[0]}:{mark[1]}" if mark else None


def _data_attr(data: Any) -> str:
    # An attribute, not a <script type="application/json">: Material's instant navigation
    # re-creates every <script> of the page body without its type and runs it as code.
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f'data-answer="{html.escape(text, quote=True)}"'


def lazy(svg: str) -> str:
    """Wrap the board of a hidden frame in ``<template class="bm-lazy">``: the browser parses
    it but builds no elements for it until the page script shows the frame (then the template is
    replaced by its content), so pages with many frames stay light to display."""
    return f'<template class="bm-lazy">{svg}</template>'


def play_block(item: Any, where: str, hint: str = "") -> str:
    """Return the 「この局面から指す」 block of a diagram, puzzle or sequence (its view's
    ``play`` setups; a checked item's from its engine and the board it ends on), with
    ``hint`` beside the button (see :func:`banmen.site.play_page.play_html`)."""
    setups = getattr(item, "play", None)
    if setups is None:
        spec = item.frames[-1].spec if hasattr(item, "title") else item.spec
        setups = [play_setup(item.game, spec.state)]
    return play_html(setups, where, hint)


def diagram_html(diagram: items.Diagram, svg_of: SvgOf) -> str:
    """Return a ``<figure>`` with the inline SVG board, its caption, the legend of the
    colours it uses and the 「この局面から指す」 button."""
    caption = (f"<figcaption>{md_inline(diagram.caption, _where(diagram, ('caption',)))}"
               "</figcaption>" if diagram.caption else "")
    svg = svg_of(diagram.spec)
    return (f'<figure class="banmen-diagram" id="{html_id(diagram.ident)}-figure">'
            f"{svg}{caption}{legend_html([svg])}{play_block(diagram, 'bm-play-diagram')}"
            "</figure>")


def md_inline(text: str, where: str | None = None) -> str:
    """Render one line of Markdown without the surrounding paragraph (see :func:`md`)."""
    rendered = md(text, where).strip()
    if rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
        return rendered[3:-4]
    return rendered


def answer_controls(answer: dict[str, Any]) -> str:
    """Return the answer controls of a question (puzzle or lesson step), as puzzle-answers.js
    wires them: a number field and 「答え合わせ」, 「はい」「いいえ」, or one button per option.

    Args:
        answer: the page answer (``{"kind", "answer"[, "options"]}``, see
            :func:`banmen.content.answers.check_query_answer`); option labels are escaped.
    """
    kind = answer["kind"]
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
            for i, label in enumerate(answer["options"])
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


#: Colours the drawn boards use (banmen/render/style.py), as matplotlib writes them into the
#: SVG, and what each means, in the legend's order.
BOARD_COLOURS_JA = (
    (style.HIGHLIGHT, "黄色のマス：注目するマス"),
    (style.REMOVED, "赤いマス（点線の枠と−）：駒が減ったマス"),
    (style.ADDED, "緑のマス（実線の枠と＋）：駒が増えたマス"),
    (style.ARROW, "青い矢印・文字：指した手と印"),
    # ludo's legs and send-backs (banmen/games/ludo/drawing.py LEG_STYLE and SEND_BACK; kept here so
    # that pages need not import the renderer, and checked against it by tests/test_trainer.py)
    ("#e65100", "オレンジの点線の矢印：ジャンプ"),
    ("#6a1b9a", "紫の破線の矢印：飛行"),
    ("#b71c1c", "濃い赤の矢印：跳ね返り"),
    ("#616161", "灰色の破線の矢印：陣地へ戻される駒"),
)
#: The marks the page script draws on playable boards (classes of banmen/site/assets/banmen.css).
PLAY_COLOURS_JA = {
    "origin": "オレンジ：動かす駒",
    "target": "水色：行き先",
    "selected": "青：選んだマス",
    "tried": "ピンク：まちがえた手",
    "reply": "紫：相手の応手",
    "cursor": "青い太枠：キーボードで選んでいるマス",
    # the practice page's composed boards (banmen/site/assets/js/practice.js)
    "last": "黄緑：直前の手が通ったマス",
    "highlight": "黄色：注目するマス",
}


#: The opacity boards draw each legend colour with (banmen/render/style.py; arrows at 0.85 in
#: banmen/render/board.py, medamagaeru.py and babuschka.py, ludo's legs at 0.92 in ludo.py).
SWATCH_ALPHA = {style.HIGHLIGHT: style.HIGHLIGHT_ALPHA, style.REMOVED: style.CHANGE_ALPHA,
                style.ADDED: style.CHANGE_ALPHA, style.ARROW: 0.85,
                "#e65100": 0.92, "#6a1b9a": 0.92, "#b71c1c": 0.92}


def swatch_style(colour: str) -> str:
    """The inline style of a legend swatch of ``colour`` (``#rrggbb``): the colour at the
    opacity the boards draw it with, over the swatch's light paper (banmen/site/assets/banmen.css),
    so that the swatch looks like the board in both palettes."""
    alpha = SWATCH_ALPHA.get(colour, 1)
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    tint = f"rgba({r},{g},{b},{alpha:g})"
    return f"background-image:linear-gradient({tint},{tint})"


def legend_html(svgs: list[str], play: tuple[str, ...] = ()) -> str:
    """Return the legend of every colour a block's boards use: the colours drawn into
    ``svgs`` (found in their fill and stroke styles) and the marks ``play`` (keys of
    :data:`PLAY_COLOURS_JA`) the page script may draw; ``""`` when there is none.

    When some of ``svgs`` are stand-ins of boards still being drawn
    (:mod:`banmen.site.standins`), the legend is a stand-in too, made into this legend by
    :func:`legend_of_colours` once they are drawn."""
    standing = [standins.standin_of(svg) for svg in svgs]
    colours = board_colours([svg for svg, s in zip(svgs, standing) if s is None])
    if any(standing):
        tag = next(s[0] for s in standing if s is not None)
        return standins.legend(tag, colours, [s[1] for s in standing if s is not None], play)
    return legend_of_colours(colours, play)


def board_colours(svgs: list[str]) -> list[str]:
    """The legend colours (of :data:`BOARD_COLOURS_JA`) drawn into any of ``svgs``, in the
    legend's order."""
    return [colour for colour, _ in BOARD_COLOURS_JA
            if any(f"fill:{colour}" in svg or f"stroke:{colour}" in svg for svg in svgs)]


#: a legend as :func:`legend_of_colours` writes it (what the build cache may hold as one)
LEGEND = re.compile(r'<ul class="bm-legend" aria-label="盤の色の見方" data-search-exclude>'
                    r'(?:<li><span class="bm-swatch(?: bm-sw-[a-z]+)?"'
                    r'(?: style="[a-z0-9(),.:-]+")?></span>[^<>"]*</li>)+</ul>')


def legend_of_colours(colours: list[str], play: tuple[str, ...] = ()) -> str:
    """The legend of :func:`legend_html` for ``colours`` (any order) and ``play``."""
    items = [f'<li><span class="bm-swatch" style="{swatch_style(colour)}"></span>{label}</li>'
             for colour, label in BOARD_COLOURS_JA if colour in colours]
    items += [f'<li><span class="bm-swatch bm-sw-{name}"></span>{PLAY_COLOURS_JA[name]}</li>'
              for name in play]
    if not items:
        return ""
    return (f'<ul class="bm-legend" aria-label="盤の色の見方" data-search-exclude>{"".join(items)}'
            "</ul>")


def _play_marks(puzzle: items.Puzzle) -> tuple[str, ...]:
    """The marks the script draws on this puzzle's board (see :data:`PLAY_COLOURS_JA`)."""
    kind = puzzle.answer["kind"]
    if kind == "squares":
        return ("selected", "cursor")
    if kind != "move":
        return ()
    marks = ("origin", "target", "cursor")

    def unboarded(node: dict[str, Any]) -> bool:
        return any(w["frame"] is None and w["reply"] for w in node["wrong"].values()) or any(
            e["next"] and unboarded(e["next"]) for e in node["right"].values())

    return marks + (("tried", "reply") if unboarded(puzzle.answer["root"]) else ())


def _hints(puzzle: items.Puzzle) -> str:
    hints = puzzle.model.hints
    if not hints:
        return ""
    body = "".join(f'<li class="bm-hint" hidden>{md_inline(h, _where(puzzle, ("hints", i)))}</li>'
                   for i, h in enumerate(hints))
    return (f'<div class="bm-hints" data-search-exclude><button type="button" class="md-button bm-hint-button">'
            f'ヒントを見る（{len(hints)}）</button><ol>{body}</ol></div>')


def puzzle_frames(svgs: list[str]) -> str:
    """Return a puzzle's boards as frames: the first (the puzzle's position) shown, the
    others (its solution, shown as the reader plays) hidden and :func:`lazy`.

    Args:
        svgs: the boards' SVG, the puzzle's position first.
    """
    return "".join([f'<div class="bm-frame">{svgs[0]}</div>',
                    *(f'<div class="bm-frame" hidden>{lazy(svg)}</div>' for svg in svgs[1:])])


def puzzle_html(puzzle: items.Puzzle, number: int, svg_of: SvgOf) -> str:
    """Return the interactive block of one puzzle.

    Args:
        puzzle: the checked puzzle.
        number: its number on the page (shown nowhere yet; kept in ``data-number``).
        svg_of: draws a diagram spec.
    """
    model = puzzle.model
    kind = puzzle.answer["kind"]
    svgs = [svg_of(puzzle.spec), *(svg_of(spec) for spec in puzzle.frames)]
    return (
        f'<div class="banmen-puzzle" id="{html_id(puzzle.ident)}-puzzle" data-kind="{kind}" '
        f'data-number="{number}" data-ident="{html.escape(puzzle.ident)}" '
        f'{_data_attr(_page_data(puzzle))}>'
        f'<p class="bm-meta" data-search-exclude>難しさ：{LEVEL_JA[model.level]}<span class="bm-status"></span></p>'
        f'<div class="bm-boards" data-search-exclude{BOARD_KEYS if kind in ("squares", "move") else ""}>'
        f'{puzzle_frames(svgs)}</div>'
        f"{legend_html(svgs, _play_marks(puzzle))}"
        f'<div class="bm-question">{md(model.question, _where(puzzle, ("question",)))}</div>'
        f'{_LEAD if kind == "move" else ""}<p class="bm-help" data-search-exclude>{KIND_HELP_JA[kind]}</p>'
        f'<div class="bm-controls" data-search-exclude>{answer_controls(puzzle.answer)}</div>'
        f'<p class="bm-feedback" aria-live="polite" data-search-exclude></p>'
        f"{_hints(puzzle)}"
        f'<details class="bm-explanation" data-search-exclude><summary>解説を見る</summary>'
        f"{md(model.explanation, _where(puzzle, ('explanation',)))}</details>"
        '<p class="bm-after" data-search-exclude><button type="button" class="md-button bm-next-puzzle">'
        "次の問題へ</button></p>"
        f"{play_block(puzzle, 'bm-play-puzzle', FROM_START_JA if kind == 'move' else '')}"
        "</div>"
    )


def _page_data(puzzle: items.Puzzle) -> dict[str, Any]:
    """The answer as the script reads it; move puzzles also carry the typed-text folding table
    (``banmen/content/move_text.json``, the one Python applies), and each node's illegal
    moves point into one list of Japanese reasons (``"reasons"``, see :func:`_reasons`)."""
    if puzzle.answer["kind"] != "move":
        return puzzle.answer
    reasons: list[str] = []
    root = _reasons(puzzle.game.id, puzzle.answer["root"], reasons, {})
    return {**puzzle.answer, "root": root, "reasons": reasons,
            "fold": MOVE_TEXT_TABLE["replace"]}


def _reasons(game_id: str, node: dict[str, Any], reasons: list[str],
             index: dict[str, int]) -> dict[str, Any]:
    """A copy of a solution-tree node whose ``illegal`` (normalised typed text) and
    ``illegalClicks`` (click paths) map to an index into ``reasons`` (why the move is
    illegal, in Japanese from the words of game ``game_id``, each sentence once), for every
    node of the tree."""
    from banmen.site.reasons import reason_ja

    def indexed(table: dict[str, list[Any]]) -> dict[str, int]:
        out = {}
        for key, (_text, reason) in table.items():
            sentence = reason_ja(game_id, reason)
            if sentence not in index:
                index[sentence] = len(reasons)
                reasons.append(sentence)
            out[key] = index[sentence]
        return out

    def number(sentence: str) -> int:
        if sentence not in index:
            index[sentence] = len(reasons)
            reasons.append(sentence)
        return index[sentence]

    def typed(table: dict[str, Any]) -> dict[str, Any]:
        # why: {prefix: [[reason index, "token token ..."], ...]}, tokens grouped by reason
        why = {}
        for prefix, by_token in table["why"].items():
            grouped: dict[int, list[str]] = {}
            for token, sentence in by_token.items():
                grouped.setdefault(number(sentence), []).append(token)
            why[prefix] = [[i, " ".join(tokens)] for i, tokens in grouped.items()]
        out: dict[str, Any] = {"why": why,
                               "stop": {k: number(v) for k, v in table["stop"].items()}}
        # the tables of Game.typed_tables, in the game's order: each reason (a table's value,
        # or a list's last element: {square: [accepted label, ..., reason]}) numbered
        for name, value in table.items():
            if name not in out:
                out[name] = numbered(value)
        return out

    def numbered(value: Any) -> Any:
        if isinstance(value, str):
            return number(value)
        if isinstance(value, dict):
            return {k: numbered(v) for k, v in value.items()}
        return [*value[:-1], number(value[-1])]

    right = {move: {**edge, "next": _reasons(game_id, edge["next"], reasons, index)
                    if edge["next"] else None} for move, edge in node["right"].items()}
    out = {**node, "illegal": indexed(node.get("illegal", {})),
           "illegalClicks": indexed(node.get("illegalClicks", {})), "right": right}
    if "typed" in node:
        out["typed"] = typed(node["typed"])
    return out


def progress_html(game_id: str, idents: list[str],
                  lessons: list[tuple[str, int]] | tuple = ()) -> str:
    """Return the progress line of a game's puzzles and lessons, filled by the script from
    the reader's browser storage: 「3 / 15 解いた」, 「手ほどき：1 / 4 レッスン」 (the course:
    lessons completed; then its stars) and a reset button.

    Args:
        game_id: the game's id.
        idents: the ids of the game's puzzles, in page order.
        lessons: (id, number of steps) of the game's lessons, in course order.
    """
    names = html.escape(" ".join(idents))
    course = html.escape(json.dumps([[ident, count] for ident, count in lessons],
                                    ensure_ascii=False))
    lesson_part = (f'<span class="bm-lesson-progress" data-lessons="{course}">'
                   f"手ほどき：全{len(lessons)}レッスン</span>" if lessons else "")
    return (f'<div class="bm-progress" data-game="{html.escape(game_id)}" '
            f'data-puzzles="{names}" data-search-exclude>{lesson_part}<span class="bm-progress-text">練習問題：'
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
    legend = legend_html([svg_of(frame.spec) for frame in sequence.frames])
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
            f'<ol class="bm-moves" aria-label="棋譜" data-search-exclude>{"".join(moves)}</ol></div>{legend}'
            '<p class="bm-announce" aria-live="polite" data-search-exclude></p>'
            f"{play_block(sequence, 'bm-play-sequence')}</div>")


LESSON_HELP_JA = ("動かす駒（マス）をクリックすると、行き先が色で示されます。行き先をクリックすれば"
                  "指せます。盤を選んでから矢印キーでマスを選び、Enterキーで決めることもできます。")


def lesson_html(lesson: Any, svg_of: SvgOf) -> str:
    """Return the lesson player: one board (a frame per position the lesson shows), the
    current step's text beside it, the step counter and the 「前へ」「もう一度」「次へ」 buttons.

    Args:
        lesson: the checked lesson or its view (``banmen.site.views.LessonView``).
        svg_of: draws a board.

    The page data (``data-answer``, see :mod:`banmen.content.lesson`) holds every legal move
    of each step with its clicks, kinds and result board; the script knows no rule.
    """
    boards = "".join(
        f'<div class="bm-frame"{"" if k == 0 else " hidden"}>'
        f"{svg_of(b) if k == 0 else lazy(svg_of(b))}</div>"
        for k, b in enumerate(lesson.boards))
    total = len(lesson.texts)
    texts = []
    for i, step in enumerate(lesson.texts):
        hidden = "" if i == 0 else " hidden"
        texts.append(f'<div class="bm-step-text" data-step="{i}"{hidden}>'
                     f'{md(step.text, _where(lesson, ("steps", i, "text")))}</div>')
        question = lesson.data["steps"][i].get("question")
        if question:
            texts.append(f'<div class="bm-controls bm-step-answer" data-search-exclude data-step="{i}" '
                         f'data-kind="{question["kind"]}" hidden>{answer_controls(question)}'
                         '</div>')
        if step.done:
            texts.append(f'<div class="bm-step-done" data-step="{i}" hidden>'
                         f'{md(step.done, _where(lesson, ("steps", i, "done")))}</div>')
    return (
        f'<div class="banmen-lesson" id="{html_id(lesson.ident)}-lesson" '
        f'data-ident="{html.escape(lesson.ident)}" data-steps="{total}" '
        f"{_data_attr(lesson.data)}>"
        f'<p class="bm-title">{html.escape(lesson.title)}</p>'
        f'<div class="bm-intro">{md(lesson.intro, _where(lesson, ("intro",)))}</div>'
        '<div class="bm-lesson-body">'
        f'<div class="bm-boards" data-search-exclude{BOARD_KEYS}>{boards}</div>'
        '<div class="bm-lesson-side">'
        f'<p class="bm-counter" data-search-exclude>ステップ 1 / {total}</p>'
        f'{"".join(texts)}'
        '<p class="bm-feedback" aria-live="polite" data-search-exclude></p>'
        '<p class="bm-lesson-score" aria-live="polite" data-search-exclude hidden></p>'
        '<div class="bm-controls" data-search-exclude><span class="bm-lesson-actions"></span>'
        '<span class="bm-choices" role="group" aria-label="選んでください"></span></div>'
        '<div class="bm-controls bm-lesson-nav" data-search-exclude>'
        '<button type="button" class="md-button bm-prev">◀ 前へ</button>'
        '<button type="button" class="md-button bm-again">もう一度</button>'
        '<button type="button" class="md-button bm-next">次へ ▶</button></div>'
        f'<p class="bm-help" data-search-exclude>{LESSON_HELP_JA}</p>'
        "</div></div></div>"
    )


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


def answers_html(puzzles: list[items.Puzzle], first: int = 1) -> str:
    """Return the answers of a page's puzzles, collected for the printed puzzle sheet: hidden
    on screen (``.bm-answers``), kept out of the search index, shown at the end of a print.

    Args:
        puzzles: the page's puzzles in page order.
        first: the number of the first of them (a game's puzzles are numbered across its
            pages of at most 50).
    """
    rows = []
    for number, puzzle in enumerate(puzzles, start=first):
        explanation = md(puzzle.model.explanation, _where(puzzle, ("explanation",)))
        rows.append(f'<li value="{number}"><p><strong>問題{number}</strong>：'
                    f"{html.escape(answer_text(puzzle))}</p>{explanation}</li>")
    return (f'<section class="bm-answers" data-search-exclude><h2>解答</h2>'
            f'<ol>{"".join(rows)}</ol></section>')
