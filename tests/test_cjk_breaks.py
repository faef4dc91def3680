"""Line breaks between Japanese characters (pymdownx-cjk-autojoin), and page titles."""

from __future__ import annotations

import markdown

from banmen.site.html import md
from banmen.site.plugin import page_title


def _convert(text: str) -> str:
    return markdown.Markdown(extensions=["cjk_autojoin", "admonition"]).convert(text)


def test_a_break_between_japanese_characters_is_dropped():
    assert _convert("相手の\nかえるを取る。\n次の手") == "<p>相手のかえるを取る。次の手</p>"


def test_a_break_next_to_latin_text_stays():
    assert _convert("次は a1\nのマス") == "<p>次は a1\nのマス</p>"


def test_list_items_are_joined_too():
    assert _convert("- リスト\n  つづき") == "<ul>\n<li>リストつづき</li>\n</ul>"


def test_code_keeps_its_text_and_a_break_next_to_code_stays():
    assert _convert("マス\n`a1`\nです") == "<p>マス\n<code>a1</code>\nです</p>"


def test_authored_yaml_text_is_joined_too():
    assert md("白番です。\nこの1手で") == "<p>白番です。この1手で</p>"


def test_page_titles_name_the_game():
    assert page_title("練習問題", "めだまがえる") == "めだまがえる 練習問題"
    assert page_title("はじめに", None) == "はじめに"
    assert page_title("千日手と打開", ["めだまがえる", "手ほどき"]) == "めだまがえる 手ほどき 千日手と打開"
    assert page_title("めだまがえるのルール", "めだまがえる") == "めだまがえるのルール"
