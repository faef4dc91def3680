"""Authored YAML text on pages: what Markdown it may use, and that nothing else reaches the
HTML (issue 10, part 1). Fast: no site build."""

from __future__ import annotations

import pytest

from banmen.content.errors import ContentErrors
from banmen.site.build import SiteBuild, markdown_text, safe_anchor
from banmen.content.texts import refused_links, refused_targets
from banmen.site.html import _data_attr, md


@pytest.mark.parametrize("text, html", [
    ("*強調*と**太字**と`code`", "<p><em>強調</em>と<strong>太字</strong>と<code>code</code></p>"),
    ("- 一\n- 二", "<ul>\n<li>一</li>\n<li>二</li>\n</ul>"),
    ("[外](https://example.org/a?b=1)", '<p><a href="https://example.org/a?b=1">外</a></p>'),
    ("[内](rules.md#notation)", '<p><a href="rules.md#notation">内</a></p>'),
    ("<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"),
    ("<img src=x onerror=alert(1)>", "<p>&lt;img src=x onerror=alert(1)&gt;</p>"),
    ("<svg><animate onbegin=alert(1)>", "<p>&lt;svg&gt;&lt;animate onbegin=alert(1)&gt;</p>"),
    ("a <!-- b", "<p>a &lt;!-- b</p>"),
    ("[x](javascript:alert(1))", "<p><a>x</a></p>"),
    ("[x][r]\n\n[r]: javascript:alert(1)", "<p><a>x</a></p>"),
    ("[x](data:text/html,hi)", "<p><a>x</a></p>"),
    ("![i](https://example.org/i.png)", '<p></p>'),
    ("# 見出し", "見出し"),
    ("{: onfocus=alert(1) }", "<p>{: onfocus=alert(1) }</p>"),
])
def test_markdown_is_rendered_through_the_allow_list(text, html):
    assert md(text) == html


def test_links_carry_their_yaml_place_until_the_site_checks_them():
    assert md("[r](rules.md)", "puzzles/a.yaml:3:5") == (
        '<p><a data-bm-where="puzzles/a.yaml:3:5" href="rules.md">r</a></p>')


def test_refused_links_are_found_in_every_link_form():
    assert refused_links("[a](javascript:x) [b][r] [c](ok.md) [d](https://e.org) "
                         "<ftp://f.org/x>\n\n[r]: mailto:x@y.z") == [
        "javascript:x", "mailto:x@y.z", "ftp://f.org/x"]


@pytest.mark.parametrize("text", [
    "javascript:alert(1) と https://x.org と mailto:a@b.c は文字のまま。",
    "&#x5B;x&#x5D;(javascript:alert(1)) &lt;javascript:alert(1)&gt;",
    "java\tscript:alert(1)\n\n    [code](javascript:x)",
])
def test_text_without_brackets_makes_no_link(text):
    # refused_targets skips the Markdown pass for such text: it can make no link or image
    if "[" not in text and "<" not in text:
        assert refused_targets(text) == []
    assert "<a " not in md(text) and "<img" not in md(text)


@pytest.mark.parametrize("text, found", [
    ("[x](//evil.example/p)", [("link", "//evil.example/p")]),
    ("[x](\\\\\\\\evil.example/p)", [("link", "\\\\evil.example/p")]),
    ("[x](\x01javascript:alert(1))", [("link", "\x01javascript:alert(1)")]),
    ("[x](java&#10;script:alert(1))", [("link", "java\nscript:alert(1)")]),
    ("[x](<java\nscript:alert(1)>)", [("link", "java\nscript:alert(1)")]),
    ("[x](jav&#x09;ascript:alert(1))", [("link", "jav\tascript:alert(1)")]),
    ("![i](javascript:alert(1))", [("image", "javascript:alert(1)")]),
    ("![i](data:image/svg+xml,x)", [("image", "data:image/svg+xml,x")]),
    ("[x](ok\x01.md)", [("link", "ok\x01.md")]),
    ("[ok](rules.md#a) [h](HTTPS://x.org) ![p](https://x.org/p.png) [a](#b)", []),
])
def test_every_link_and_image_target_is_http_a_site_page_or_refused(text, found):
    assert refused_targets(text) == found
    if not found:  # what is accepted keeps its link through the sanitiser
        assert md(text).count("<a href=") == 3


def test_json_in_data_attributes_cannot_end_the_attribute_or_add_markup():
    attribute = _data_attr({"comment": "\"><script>&'"})
    assert attribute == ('data-answer="{&quot;comment&quot;:&quot;\\&quot;&gt;&lt;script&gt;'
                         '&amp;&#x27;&quot;}"')


def test_titles_become_literal_heading_text():
    assert markdown_text("<b>x</b> *y* {: onfocus=alert(1) }\n[l](j:s)") == (
        "&lt;b&gt;x&lt;/b&gt; \\*y\\* \\{&#58; onfocus&#61;alert\\(1\\) \\} \\[l\\]\\(j&#58;s\\)")


def test_anchors_come_from_a_safe_alphabet():
    name = "zz tabindex=0 autofocus onfocus=alert(1)"
    assert safe_anchor(name) == "zz-tabindex-0-autofocus-onfocus-alert-1-" + sha8(name)
    assert safe_anchor("p01-movable-count") == "p01-movable-count"
    # characters lost: the whole name's hash keeps the ids apart
    assert safe_anchor("p01-movable.count") == "p01-movable-count-" + sha8("p01-movable.count")
    assert safe_anchor("問題") == "item-" + sha8("問題")
    assert safe_anchor("練習") == "item-" + sha8("練習") != safe_anchor("問題")
    assert safe_anchor("zz.1") != safe_anchor("zz-1") == "zz-1"


def sha8(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()[:8]


def test_placeholders_cannot_be_forged():
    build, other = SiteBuild(None, progress=False), SiteBuild(None, progress=False)
    assert build._token_prefix != other._token_prefix  # a random nonce per build
    token = f"{build._token_prefix}1"
    forged = "<p>BANMENEMBED00001</p>\n<p>" + other._token_prefix + "1</p>"
    page = build.fill(forged + f"\n<p>{token}</p>", {token: "<b>fragment</b>"})
    assert page == forged + "\n<b>fragment</b>"


def test_an_unterminated_marker_is_an_error_at_its_place():
    build = SiteBuild(None, progress=False)
    with pytest.raises(ContentErrors) as caught:
        build.expand("text\n\n{{ diagram ukejalayer/x\n`{{ shown }}` and ```{{```\n", "docs/p.md")
    assert [str(e) for e in caught.value.errors] == [
        "docs/p.md:3:1: unterminated or malformed marker: expected '{{ <kind> <id> }}' on one "
        "line"]


def test_a_file_name_with_backslashes_is_written_literally_into_link_places():
    rendered = md("[r](rules.md)", "puzzles/x/p\\s\\1.yaml:3:4")
    assert 'data-bm-where="puzzles/x/p\\s\\1.yaml:3:4"' in rendered
