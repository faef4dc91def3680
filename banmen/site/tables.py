"""Wide tables that keyboard users can scroll (axe-core ``scrollable-region-focusable``).

Material wraps each table in a scrolling ``div`` with its script, a box that the keyboard
cannot reach. :func:`scrollable_tables` wraps every table of a page at build time in a region
that scrolls instead, takes the focus (``tabindex="0"``) and is named after the table's
column headings, so arrow keys scroll it and a screen reader says what it holds.
"""

from __future__ import annotations

import html
import re

_TABLE = re.compile(r"<table\b[^>]*>.*?</table>", re.S)
_HEADER = re.compile(r"<th\b[^>]*>(.*?)</th>", re.S)
_TAG = re.compile(r"<[^>]+>")


def table_label(table: str) -> str:
    """Return the name of a table's region: 「表：名前・既定値・説明」 from its header cells
    (plain text, at most 40 characters), or 「表」 when it has none."""
    cells = [html.unescape(_TAG.sub("", cell)).strip() for cell in _HEADER.findall(table)]
    cells = [c for c in cells if c]
    if not cells:
        return "表"
    label = "・".join(cells)
    return "表：" + (label if len(label) <= 40 else label[:39] + "…")


def scrollable_tables(page_html: str) -> str:
    """Wrap every ``<table>`` of ``page_html`` in ``<div class="bm-scroll" role="region"
    tabindex="0" aria-label="…">``; the label is escaped. Other markup is unchanged."""
    def wrap(match: re.Match) -> str:
        label = html.escape(table_label(match.group(0)), quote=True)
        return (f'<div class="bm-scroll" role="region" tabindex="0" aria-label="{label}">'
                f"{match.group(0)}</div>")

    return _TABLE.sub(wrap, page_html)
