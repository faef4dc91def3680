"""The allow-lists for markup read back from the build cache (banmen.site.cached_markup):
boards as banmen draws them pass, every way of bringing script or foreign markup fails."""

from __future__ import annotations

import pytest

from banmen.site.cached_markup import drawn_svg, plain_markdown, search_markup

#: a board of the form matplotlib and banmen.render write (cut down).
BOARD = ('<svg stroke-linejoin="round" stroke-linecap="butt" '
         'xmlns:xlink="http://www.w3.org/1999/xlink" class="banmen-board" width="462" '
         'height="494" viewBox="0 0 346.5 370.26" xmlns="http://www.w3.org/2000/svg" '
         'version="1.1" id="bm-x" role="img" aria-labelledby="bm-x--title">'
         '<title id="bm-x--title">盤面 &amp; 駒</title><desc id="bm-x--desc">白番。a1：白。</desc>'
         '<defs><clipPath id="bm-x--p1"><rect x="0" y="0" width="9" height="9"/></clipPath>'
         '<path id="bm-x--g1" d="M0 370.3L346.5 370.3z" transform="scale(0.015625)"/></defs>'
         '<g id="bm-x--sq-a1" clip-path="url(#bm-x--p1)"><path d="M0 0L1 1" '
         'style="fill:#ffffff;stroke:#000000;stroke-width:0.8"/>'
         '<use xlink:href="#bm-x--g1" x="7.5" y="2"/><circle cx="1" cy="2" r="3"/></g></svg>')


def test_a_board_as_banmen_draws_it_passes():
    assert drawn_svg(BOARD)


@pytest.mark.parametrize("forged", [
    "盤面",                                                      # not SVG
    BOARD[:-6],                                                  # not closed
    BOARD.replace("</svg>", "<script>alert(1)</script></svg>"),
    BOARD.replace("<circle", '<circle onclick="alert(1)"'),
    BOARD.replace('<svg stroke', '<svg onload="alert(1)" stroke'),
    BOARD.replace("<circle", "<circle ONLOAD=alert(1)"),
    BOARD.replace("</svg>", '<foreignObject><div>x</div></foreignObject></svg>'),
    BOARD.replace("</svg>", '<a xlink:href="javascript:alert(1)"><circle r="9"/></a></svg>'),
    BOARD.replace('xlink:href="#bm-x--g1"', 'xlink:href="javascript:alert(1)"'),
    BOARD.replace('xlink:href="#bm-x--g1"', 'xlink:href="https://example.com/x.svg#g"'),
    BOARD.replace('xlink:href="#bm-x--g1"', 'xlink:href="&#106;avascript:alert(1)"'),
    BOARD.replace("</svg>", '<animate attributeName="href" values="javascript:alert(1)"/></svg>'),
    BOARD.replace("</svg>", '<set attributeName="onmouseover" to="alert(1)"/></svg>'),
    BOARD.replace("</svg>", "<image href=x onerror=alert(1)/></svg>"),
    BOARD.replace("</svg>", "<style>*{display:none}</style></svg>"),
    BOARD.replace("</svg>", "<!-- x --></svg>"),
    BOARD.replace("</svg>", "<![CDATA[<script>alert(1)</script>]]></svg>"),
    BOARD.replace("</svg>", "</svg><img src=x onerror=alert(1)><svg></svg>"),
    BOARD.replace("</desc>", "<b>x</b></desc>"),
    BOARD.replace('style="fill:#ffffff', 'style="background:url(https://example.com/t.png);fill:#ffffff'),
    BOARD.replace('style="fill:#ffffff', 'style="fill:u&#114;l(x);fill:#ffffff'),
    BOARD.replace('clip-path="url(#bm-x--p1)"', "clip-path='url(#bm-x--p1)'"),
    BOARD.replace('clip-path="url(#bm-x--p1)"', 'clip-path="URL(https://example.com/#p)"'),
    BOARD.replace('clip-path="url(#bm-x--p1)"', 'fill="url(https://example.com/#p)"'),
    BOARD.replace('style="fill:#ffffff', 'style="fill:#fff;background:image-set(x);fill:#ffffff'),
    BOARD.replace('style="fill:#ffffff', 'style="fill:\\75rl(x);fill:#ffffff'),
    BOARD.replace("<circle", "<<g>script>alert(1)</script><circle"),
])
def test_markup_that_banmen_never_draws_fails(forged):
    assert not drawn_svg(forged)


def test_search_markup_is_the_tags_materials_parser_keeps_around_escaped_text():
    assert search_markup("<p>駒は<code>a1</code>から &lt;b&gt; &amp; 進む</p><ul><li>x</li></ul>")
    assert search_markup("")
    for forged in ("<p class=x>駒</p>", "<script>alert(1)</script>", "<img src=x onerror=a()>",
                   "<p>a > b</p>", "&#60;script&#62;", "a &b", "<P>x</P>", "<p >x</p>"):
        assert not search_markup(forged), forged


def test_plain_markdown_is_a_table_without_links_references_or_raw_html():
    table = ("| 遊ぶときの意味 | 標準 | 選べる値 |\n|---|---|---|\n"
             "| 盤の大きさ | `4` | 3〜8の整数、[0, 1]の範囲 |\n| **駒** | あり | なし |")
    assert plain_markdown(table)
    for forged in ("<img src=x onerror=a()>", "[x](javascript:alert(1))", "![x](y.png)",
                   "[x][r]", "[r]: javascript:alert(1)", "[x] (y)", "見出し {: onclick=a() }",
                   "&lt;", "\\<b>"):
        assert not plain_markdown(table + "\n" + forged), forged
