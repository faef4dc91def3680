"""The HTML page of ``banmen diff``: one self-contained file, Japanese headings.

The page loads nothing (a Content-Security-Policy of ``default-src 'none'`` with inline
styles only; boards are inline SVG, glyph outlines defined once), runs no script, and is
deterministic: the same :class:`banmen.site.diff.RuleDiff` gives the same bytes. Every text
that comes from YAML (titles, file names, moves, engine messages quoting them) is
HTML-escaped. Each item links to its YAML file, with its line and column shown.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Any

from banmen.site.diff import BoardDiff, ItemDiff, RuleDiff, TreeDiff
from banmen.site.diff_svg import outline_squares, square_changes
from banmen.site.onpage import share_glyphs, unique_ids

KIND_JA = {"diagrams": "図", "puzzles": "問題", "sequences": "手順", "lessons": "手ほどき"}

_STYLE = """
body{font-family:"IPAexGothic","IPAGothic","Noto Sans CJK JP",sans-serif;margin:1.5rem auto;
max-width:72rem;padding:0 1rem;color:#1d1d1f;background:#fff;line-height:1.6}
h1{font-size:1.6rem}h2{font-size:1.3rem;border-bottom:2px solid #ccc;margin-top:2.2rem}
h3{font-size:1.1rem;margin:1.4rem 0 .4rem}h4{font-size:1rem;margin:.8rem 0 .3rem}
table{border-collapse:collapse;margin:.4rem 0}th,td{border:1px solid #bbb;padding:.2rem .6rem;
text-align:left;vertical-align:top}td.n{text-align:right}
.bm-diff-item{border:1px solid #ddd;border-radius:6px;padding:.4rem 1rem .8rem;margin:1rem 0}
.bm-diff-item.broken{border-color:#c0392b;border-width:2px}
.bm-badge{display:inline-block;font-size:.8rem;padding:0 .5rem;border-radius:1rem;
margin-left:.4rem;background:#eee}.bm-badge.broken{background:#c0392b;color:#fff}
.bm-pair{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
.bm-pair figure{margin:0;max-width:46%}.bm-pair figcaption{font-weight:bold}
.bm-pair svg{max-width:100%;height:auto}
code{font-family:monospace;background:#f4f4f4;padding:0 .2rem}
.bm-where{font-family:monospace;font-size:.9rem}
"""


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "（なし）"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, (int, float, str)):
        return str(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


class _Page:
    """Places boards on the page: ids unique on it, glyph outlines defined once."""

    def __init__(self) -> None:
        self.ids: set[str] = set()
        self.glyphs: set[str] = set()

    def figure(self, caption: str, svg: str | None) -> str:
        if svg is None:
            body = "<p>（変更後のルールでは描けません）</p>" if "変更後" in caption else \
                "<p>（この盤面はありません）</p>"
        else:
            body = svg
        fragment = f'<figure><figcaption>{_e(caption)}</figcaption>{body}</figure>'
        return share_glyphs(unique_ids(fragment, self.ids), self.glyphs)

    def pair(self, before: str | None, after: str | None, before_caption: str = "今のルール",
             after_caption: str = "変更後のルール") -> str:
        return (f'<div class="bm-pair">{self.figure(before_caption, before)}'
                f'{self.figure(after_caption, after)}</div>')


def _where(item: ItemDiff, line: int, column: int, link_base: Path | None, root: Path) -> str:
    target = (root / item.source)
    href = (os.path.relpath(target, link_base) if link_base is not None
            else target.as_posix())
    href = Path(href).as_posix()
    return (f'<a class="bm-where" href="{_e(href)}">{_e(item.source)}:{line}:{column}</a>')


def _pair_outlined(page: _Page, before: str | None, after: str | None,
                   before_caption: str = "今のルール", after_caption: str = "変更後のルール"
                   ) -> str:
    """Two boards side by side, the squares that differ outlined on both (same board id)."""
    note = ""
    if before and after and before != after and _same_board(before, after):
        changes = square_changes(before, after)
        before, after = outline_squares(before, changes), outline_squares(after, changes)
        if changes.squares:
            note = "<p>変わるマス：" + "、".join(_e(s) for s in changes.squares) + "</p>"
    return note + page.pair(before, after, before_caption, after_caption)


def _same_board(a: str, b: str) -> bool:
    """Whether two SVGs are drawings of the same board id (their squares line up)."""
    return a.split('id="', 1)[1].split('"', 1)[0] == b.split('id="', 1)[1].split('"', 1)[0]


def _board_section(page: _Page, board: BoardDiff) -> str:
    before, after = board.before, board.after
    notes = []
    if board.changes is not None:
        before = outline_squares(before, board.changes) if before else before
        after = outline_squares(after, board.changes) if after else after
        if board.changes.squares:
            notes.append("変わるマス：" + "、".join(_e(s) for s in board.changes.squares))
        if board.changes.outside:
            notes.append("盤の外の表示（手番・状況・持ち駒など）も変わります")
    if board.after is None:
        notes.append("変更後のルールではこの盤面がありません")
    if board.before is None:
        notes.append("変更後のルールで新しくできる盤面です")
    text = "".join(f"<p>{n}</p>" for n in notes)
    return (f"<h4>盤面が変わる：{_e(board.label)}（{board.line}行目）</h4>{text}"
            + page.pair(before, after))


def _moves(moves: tuple[str, ...]) -> str:
    return _e("、".join(moves) or "（なし）")


def _tree_html(tree: TreeDiff) -> str:
    """The solution-tree change of a move puzzle: both main lines, then per turn."""
    rows = []
    for t in tree.turns:
        refuted = []
        for move, old, new in t.refutations[:12]:
            refuted.append(f"<code>{_e(move)}</code>：{_e(old or '―')} → {_e(new or '―')}")
        if len(t.refutations) > 12:
            refuted.append(f"ほか{len(t.refutations) - 12}手")
        rows.append(
            f'<tr><td class="n">{t.turn}</td><td>{_moves(t.right[0])} → {_moves(t.right[1])}'
            f"</td><td>{_e(t.reply[0] or '―')} → {_e(t.reply[1] or '―')}</td>"
            f'<td class="n">{t.legal[0]} → {t.legal[1]}</td><td>{"<br>".join(refuted) or "―"}'
            "</td></tr>")
    table = ("<table><tr><th>何手目</th><th>勝てる手（今 → 変更後）</th><th>相手の応手</th>"
             "<th>指せる手の数</th><th>反論が変わる手（今 → 変更後）</th></tr>"
             + "".join(rows) + "</table>") if rows else ""
    return ("<h4>解答の木が変わる</h4>"
            f"<p>今のルールの手順：<code>{_e(' '.join(tree.before_line))}</code></p>"
            f"<p>変更後のルールの手順：<code>{_e(' '.join(tree.after_line))}</code></p>"
            + table)


def _item_html(page: _Page, item: ItemDiff, link_base: Path | None, root: Path) -> str:
    first = item.errors[0] if item.errors else None
    line, column = (first.line, first.column) if first else (
        (item.boards[0].line, item.boards[0].column) if item.boards else (1, 1))
    badge = ('<span class="bm-badge broken">成り立たない</span>' if item.broken
             else '<span class="bm-badge">表示が変わる</span>')
    title = f"　{_e(item.title)}" if item.title and item.kind != "diagrams" else ""
    parts = [f'<article class="bm-diff-item{" broken" if item.broken else ""}" '
             f'data-source="{_e(item.source)}">',
             f"<h3>{KIND_JA[item.kind]}　{_e(item.ident)}{title}{badge}</h3>",
             f"<p>{_where(item, line, column, link_base, root)}</p>"]
    if item.kind == "diagrams" and item.title:
        parts.append(f"<p>キャプション：{_e(item.title)}</p>")
    if item.errors:
        parts.append("<h4>変更後のルールでの検査結果</h4><ul>"
                     + "".join(f"<li><code>{_e(e)}</code></li>" for e in item.errors)
                     + "</ul>")
    if item.answer is not None:
        parts.append("<h4>答えが変わる</h4><table><tr><th>記載の答え</th>"
                     "<th>変更後のルールでエンジンが出す答え</th></tr>"
                     f"<tr><td>{_e(item.answer.stated)}</td><td>{_e(item.answer.computed)}"
                     f"</td></tr></table><p><code>{_e(item.answer.what)}</code></p>")
    if item.answer_boards is not None and item.illegal is None:
        before, after = item.answer_boards
        heading = {"puzzles": "問題図", "diagrams": "図", "sequences": "最初の局面",
                   "lessons": "最初の盤面"}[item.kind]
        parts.append(f"<h4>{heading}</h4>" + _pair_outlined(page, before, after))
    if item.illegal is not None:
        ill = item.illegal
        parts.append(
            f"<h4>{ill.ply}手目から成り立たない</h4><table>"
            f"<tr><th>手</th><td><code>{_e(ill.move)}</code>（{ill.line}行目）</td></tr>"
            f"<tr><th>エンジンの理由</th><td>{_e(ill.reason)}</td></tr></table>"
            + _pair_outlined(page, ill.board_before, ill.board,
                             ill.before_label or f"今のルール：{ill.ply}手目の前",
                             f"変更後のルール：{ill.ply}手目の前"))
    if item.tree is not None:
        parts.append(_tree_html(item.tree))
    for board in item.boards:
        parts.append(_board_section(page, board))
    parts.append("</article>")
    return "".join(parts)


def report_html(diff: RuleDiff, root: Path, output: Path | None = None) -> str:
    """Return the report page of ``diff``.

    Args:
        diff: the comparison (:func:`banmen.site.diff.compute_diff`).
        root: the project root (item links point at its YAML files).
        output: where the page will be written; links are relative to its folder (absolute
            paths when ``None``).

    Returns:
        The whole HTML document (UTF-8 text), byte-identical for the same input.
    """
    page = _Page()
    link_base = output.absolute().parent if output is not None else None
    root = root.absolute()
    changes = "".join(
        f"<tr><td><code>{_e(c.game)}.{_e(c.param)}</code></td><td>{_e(_value(c.before))}</td>"
        f"<td>{_e(_value(c.after))}</td></tr>" for c in diff.changes)
    summary = "".join(
        f'<tr><td><a href="#game-{_e(s.game)}">{_e(s.name_ja)}</a>（{_e(s.game)}）</td>'
        f'<td class="n">{s.checked}</td><td class="n">{s.changed}</td>'
        f'<td class="n">{s.broken}</td></tr>' for s in diff.summaries)
    verdict = ("<p><strong>成り立たなくなる答えや手順があります（終了コード1）。</strong></p>"
               if diff.breaks else
               "<p>成り立たなくなる答えや手順はありません（終了コード0）。</p>")
    body = [
        "<h1>ルール変更の影響</h1>",
        "<h2>変えるルール</h2><table><tr><th>パラメータ</th><th>今の値</th><th>変更後の値</th>"
        f"</tr>{changes}</table>",
        "<h2>まとめ</h2>", verdict,
        "<table><tr><th>ゲーム</th><th>確認した項目</th><th>変わる項目</th>"
        f"<th>成り立たない項目</th></tr>{summary}</table>",
    ]
    if not diff.items:
        body.append("<p>このルール変更で変わる項目はありません。</p>")
    for s in diff.summaries:
        mine = [i for i in diff.items if i.game == s.game]
        if not mine:
            continue
        body.append(f'<section id="game-{_e(s.game)}"><h2>{_e(s.name_ja)}（{_e(s.game)}）</h2>')
        body.extend(_item_html(page, item, link_base, root) for item in mine)
        body.append("</section>")
    return ("<!DOCTYPE html>\n<html lang=\"ja\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>ルール変更の影響</title>"
            f"<style>{_STYLE}</style></head><body>" + "".join(body) + "</body></html>\n")
