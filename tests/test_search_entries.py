"""Material's search entries kept in the build cache (banmen.site.search_entries): a page
read back gives the entries a parse gives, field order included; a changed page, another
plugin setting or a damaged entry is parsed again; the build's nonce does not count."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from material.plugins.search.plugin import SearchIndex
from mkdocs.structure.toc import AnchorLink

from banmen.site.cache import BuildCache
from banmen.site.search_entries import cache_search_entries, entries_name

SETTINGS = {"lang": ["en"], "separator": r"[\s\-]+", "pipeline": [], "fields": {}}
NONCE = "0123abcd0123abcd"
HTML = ('<h1 id="rules">ルール</h1><p>駒は前に進みます。</p><!--bm-board-NONCE-0-->'
        '<h2 id="end">終わり</h2><p>目を三つ取ると<strong>勝ち</strong>です。</p>')


def page(html: str = HTML, nonce: str = NONCE, **meta) -> SimpleNamespace:
    rules = AnchorLink("ルール", "rules", 1)
    rules.children = [AnchorLink("終わり", "end", 2)]
    return SimpleNamespace(content=html.replace("NONCE", nonce), toc=[rules],
                           url="medamagaeru/rules/", title="ルール", meta=dict(meta))


def plugin(settings=SETTINGS) -> tuple[SimpleNamespace, list[str]]:
    """A stand-in for the search plugin with Material's own index; the pages it parses."""
    index = SearchIndex(**settings)
    parsed: list[str] = []
    parse = index.add_entry_from_context

    def counted(p):
        parsed.append(p.url)
        parse(p)

    index.add_entry_from_context = counted
    return SimpleNamespace(search_index=index, config=dict(settings)), parsed


@pytest.fixture
def cache(tmp_path):
    opened = BuildCache(tmp_path)
    yield opened
    opened.close()


def fresh_entries(p) -> list[dict]:
    index = SearchIndex(**SETTINGS)
    index.add_entry_from_context(p)
    return index.entries


def test_a_cached_page_gives_the_parsed_entries_in_the_same_order(cache):
    expected = fresh_entries(page())
    assert expected == [
        {"location": "medamagaeru/rules/", "title": "ルール", "text": "<p>駒は前に進みます。</p>"},
        {"location": "medamagaeru/rules/#end", "title": "終わり",
         "text": "<p>目を三つ取ると勝ちです。</p>"}]
    first, first_parsed = plugin()
    assert cache_search_entries(first, lambda: cache, lambda: NONCE)
    first.search_index.add_entry_from_context(page())
    assert first_parsed == ["medamagaeru/rules/"] and first.search_index.entries == expected
    # the next build: another nonce in the board comments, nothing parsed, same bytes
    second, second_parsed = plugin()
    cache_search_entries(second, lambda: cache, lambda: "fedc" * 4)
    second.search_index.add_entry_from_context(page(nonce="fedc" * 4))
    assert second_parsed == []
    assert json.dumps(second.search_index.entries, ensure_ascii=False) == json.dumps(
        expected, ensure_ascii=False)


@pytest.mark.parametrize("change", ["text", "toc", "meta", "settings"])
def test_what_the_plugin_reads_is_in_the_key(cache, change):
    first, _ = plugin()
    cache_search_entries(first, lambda: cache, lambda: NONCE)
    first.search_index.add_entry_from_context(page())
    changed = page()
    settings = SETTINGS
    if change == "text":
        changed = page(HTML.replace("三つ", "四つ"))
    elif change == "toc":
        changed.toc[0].children[0].title = "勝ち"
    elif change == "meta":
        changed = page(search={"boost": 2})
    else:
        settings = {**SETTINGS, "separator": r"[\s]+"}
    again, parsed = plugin(settings)
    cache_search_entries(again, lambda: cache, lambda: NONCE)
    again.search_index.add_entry_from_context(changed)
    assert parsed == ["medamagaeru/rules/"]
    index = SearchIndex(**settings)
    index.add_entry_from_context(changed)
    assert again.search_index.entries == index.entries
    if change == "meta":
        assert [e["boost"] for e in index.entries] == [2, 2]


@pytest.mark.parametrize("stored", [
    b"not json", b"{}", b'[{"location": "x"}]', b'[{"location": "x", "title": "t", "text": 1}]',
    b'[{"location": "x", "title": "t", "text": "", "script": "<script>"}]',
    b'[{"location": "x", "title": "t", "text": "", "tags": [1]}]',
])
def test_a_damaged_entry_is_parsed_again(cache, stored):
    name = entries_name(page(), SETTINGS, NONCE)
    cache.set_bytes(name, stored)
    again, parsed = plugin()
    cache_search_entries(again, lambda: cache, lambda: NONCE)
    again.search_index.add_entry_from_context(page())
    assert parsed == ["medamagaeru/rules/"]
    assert again.search_index.entries == fresh_entries(page())


@pytest.mark.parametrize("field, forged", [
    ("text", "<p>駒は前に進みます。</p><script>alert(1)</script>"),
    ("text", "<p onclick=alert(2)>駒</p>"),
    ("text", "<img src=x onerror=alert(3)>"),
    ("text", "&#60;script&#62;"),
    ("title", "<svg onload=alert(4)>"),
    ("tags", ["<b>タグ</b>"]),
    ("location", "javascript:alert(5)//medamagaeru/rules/"),
    ("location", "ukejalayer/rules/#end"),
])
def test_a_sealed_entry_with_markup_or_another_page_is_parsed_again(cache, field, forged):
    """The search box shows titles and texts as HTML: an entry sealed through the cache's
    own API with markup Material's parser never writes, or a location off the page, is
    refused and the page parsed again."""
    name = entries_name(page(), SETTINGS, NONCE)
    genuine = fresh_entries(page())
    cache.set_json(name, genuine)
    assert cache_search_entries(plugin()[0], lambda: cache, lambda: NONCE)
    forged_entries = [dict(e) for e in genuine]
    forged_entries[0][field] = forged
    cache.set_json(name, forged_entries)
    again, parsed = plugin()
    cache_search_entries(again, lambda: cache, lambda: NONCE)
    again.search_index.add_entry_from_context(page())
    assert parsed == ["medamagaeru/rules/"]
    assert again.search_index.entries == genuine
    # the genuine entries, sealed again, are read back without a parse
    third, parsed = plugin()
    cache_search_entries(third, lambda: cache, lambda: NONCE)
    third.search_index.add_entry_from_context(page())
    assert parsed == [] and third.search_index.entries == genuine


def test_without_a_cache_every_page_is_parsed(cache):
    again, parsed = plugin()
    cache_search_entries(again, lambda: None, lambda: NONCE)
    again.search_index.add_entry_from_context(page())
    again.search_index.add_entry_from_context(page())
    assert parsed == ["medamagaeru/rules/"] * 2


def test_a_plugin_without_the_expected_index_is_left_alone():
    assert cache_search_entries(SimpleNamespace(config={}), lambda: None, lambda: "") is False


def test_boards_parked_under_the_token_prefix_do_not_count(cache):
    first, _ = plugin()
    cache_search_entries(first, lambda: cache, lambda: NONCE)
    parked = HTML + "<!--bm-board-BANMENEMBED0123456789ABCDEFX-0-->"
    first.search_index.add_entry_from_context(page(parked))
    again, parsed = plugin()
    cache_search_entries(again, lambda: cache, lambda: NONCE)
    again.search_index.add_entry_from_context(
        page(HTML + "<!--bm-board-BANMENEMBEDFEDCBA9876543210X-0-->"))
    assert parsed == []


def test_entries_prefetched_while_the_page_is_written_are_read_back_once(cache):
    from banmen.site.search_entries import prefetch_search_entries

    expected = fresh_entries(page())
    wrapped, parsed = plugin()
    cache_search_entries(wrapped, lambda: cache, lambda: NONCE)
    real = page(html="<p>before on_page_content returns</p>")
    content = HTML.replace("NONCE", NONCE)
    assert prefetch_search_entries(wrapped, real, content) == expected
    assert parsed == ["medamagaeru/rules/"] and wrapped.search_index.entries == []
    real.content = content  # what MkDocs sets from the last on_page_content
    memo = real.__dict__["_banmen_search_entries"]
    wrapped.search_index.add_entry_from_context(real)
    assert parsed == ["medamagaeru/rules/"]  # taken from the cache, not parsed again
    assert wrapped.search_index.entries == expected
    # another HTML than the one prefetched: parsed as usual
    other = page(HTML.replace("三つ", "四つ"))
    other.__dict__["_banmen_search_entries"] = memo
    wrapped.search_index.add_entry_from_context(other)
    assert parsed == ["medamagaeru/rules/"] * 2
    assert wrapped.search_index.entries[2:] == fresh_entries(other)


def test_nothing_is_prefetched_without_a_cache_or_a_wrapped_plugin():
    from banmen.site.search_entries import prefetch_search_entries

    wrapped, parsed = plugin()
    cache_search_entries(wrapped, lambda: None, lambda: NONCE)
    assert prefetch_search_entries(wrapped, page(), HTML) is None
    assert prefetch_search_entries(SimpleNamespace(config={}), page(), HTML) is None
    assert parsed == []


# ---- what the search leaves out is parked before it parses the page

from banmen.site.build import park_search_excluded, restore_boards  # noqa: E402

EXCLUDED_PAGE = (
    '<h1 id="p">練習問題</h1><div class="banmen-puzzle" id="bm-x">'
    '<p class="bm-meta" data-search-exclude>難しさ：やさしい<span class="bm-status"></span></p>'
    '<div class="bm-boards" data-search-exclude><div class="bm-frame"><div>盤</div></div>'
    '<div class="bm-frame" hidden><!--bm-board-NONCE-0--></div></div>'
    '<div class="bm-question"><p>白番です。動かせる駒は何枚？</p></div>'
    '<input type="number" data-search-exclude><br data-search-exclude/>'
    '<details class="bm-explanation" data-search-exclude><summary>解説を見る</summary>'
    '<p>三枚です。<a href="#p">上へ</a></p></details>'
    '<section class="bm-answers" data-search-exclude><h2>解答</h2><ol><li>3</li></ol></section>'
    '</div><p>おわり</p>')


def test_excluded_elements_are_parked_whole_and_come_back_byte_for_byte():
    html, parked = park_search_excluded(EXCLUDED_PAGE, "NONCEx")
    assert parked == [
        '<p class="bm-meta" data-search-exclude>難しさ：やさしい<span class="bm-status"></span></p>',
        '<div class="bm-boards" data-search-exclude><div class="bm-frame"><div>盤</div></div>'
        '<div class="bm-frame" hidden><!--bm-board-NONCE-0--></div></div>',
        '<details class="bm-explanation" data-search-exclude><summary>解説を見る</summary>'
        '<p>三枚です。<a href="#p">上へ</a></p></details>',
        '<section class="bm-answers" data-search-exclude><h2>解答</h2><ol><li>3</li></ol>'
        '</section>']
    assert "<input type=\"number\" data-search-exclude><br data-search-exclude/>" in html
    assert html.count("<!--bm-board-NONCEx-") == 4 and "解説" not in html
    assert restore_boards(html, "NONCEx", parked) == EXCLUDED_PAGE
    # the page's own parked boards inside a parked element come back with it
    assert "<!--bm-board-NONCE-0-->" in restore_boards(html, "NONCEx", parked)


def test_an_excluded_element_without_its_end_is_left_with_the_rest_of_the_page():
    page_text = '<p>前</p><div data-search-exclude><div>中</div><p>後</p>'
    assert park_search_excluded(page_text, "n") == (page_text, [])
    # text that only mentions the attribute (escaped in code) is no element
    shown = "<p><code>&lt;div data-search-exclude&gt;</code></p>"
    assert park_search_excluded(shown, "n") == (shown, [])


def test_parking_what_the_search_leaves_out_gives_the_same_entries():
    parked_html, _ = park_search_excluded(EXCLUDED_PAGE, "NONCEx")
    whole = fresh_entries(page(EXCLUDED_PAGE))
    assert fresh_entries(page(parked_html)) == whole
    assert [e["title"] for e in whole] == ["練習問題"]
    assert "動かせる駒" in whole[0]["text"] and "おわり" in whole[0]["text"]


def test_comments_and_attribute_values_are_read_as_a_parser_reads_them():
    # a closing tag in a comment closes nothing; an element in a comment is no element;
    # the attribute's name as text in a value marks nothing
    page_text = ('<div data-search-exclude><!-- </div> -->隠す</div><p>見える</p>'
                 '<!-- <p data-search-exclude>x</p> --><p>後</p>'
                 '<p><a href="https://example.com/" title="x data-search-exclude y">リンク</a></p>'
                 "<DIV class='a' DATA-SEARCH-EXCLUDE>大文字</DIV>")
    html, parked = park_search_excluded(page_text, "n")
    assert parked == ['<div data-search-exclude><!-- </div> -->隠す</div>',
                      "<DIV class='a' DATA-SEARCH-EXCLUDE>大文字</DIV>"]
    assert restore_boards(html, "n", parked) == page_text
    assert fresh_entries(page(html)) == fresh_entries(page(page_text))

