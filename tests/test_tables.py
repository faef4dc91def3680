"""Wide tables as named, focusable scrolling regions (banmen.site.tables; issue 17, item 8)."""

from __future__ import annotations

from banmen.site.tables import scrollable_tables, table_label


def test_tables_become_named_focusable_scrolling_regions():
    table = "<table><thead><tr><th>設定</th><th><code>値</code></th></tr></thead></table>"
    assert scrollable_tables(f"<p>a</p>{table}") == (
        '<p>a</p><div class="bm-scroll" role="region" tabindex="0" aria-label="表：設定・値">'
        f"{table}</div>")
    assert table_label("<table><tr><td>x</td></tr></table>") == "表"
    assert table_label('<table><tr><th>"&lt;</th></tr></table>') == '表："<'
    assert 'aria-label="表：&quot;&lt;"' in scrollable_tables('<table><tr><th>"&lt;</th></tr></table>')
    assert table_label("<table><tr>" + "<th>長い見出し</th>" * 10 + "</tr></table>").endswith("…")
