"""Japanese segmentation of the search index (banmen.site.search; issue 17, item 2)."""

from __future__ import annotations

import json

from banmen.site.search import BOUNDARY, segment, segment_entries, segment_index, words

B = BOUNDARY


def test_words_are_sudachi_words():
    assert words("駒の動き") == ["駒", "の", "動き"]
    assert words("バブーシュカの入れ子") == ["バブーシュカ", "の", "入れ子"]
    assert words("千日手と打開") == ["千日手", "と", "打開"]


def test_game_names_stay_whole():
    # Sudachi alone reads the name as めだま/がえる in running text and めだま/が/える alone.
    assert words("めだまがえる") == ["めだま", "が", "える"]
    assert words("めだまがえる", keep=["めだまがえる"]) == ["めだまがえる"]
    assert words("めだまがえるの成り", keep=["めだまがえる"]) == ["めだまがえる", "の", "成り"]


def test_segment_marks_boundaries_in_text_only():
    assert segment("<p>駒の動き</p>") == f"<p>{B}駒{B}の{B}動き{B}</p>"
    assert segment("問題3　成り") == f"問題{B}3　{B}成り"
    assert segment('<code>c1-c2</code> and "x"') == '<code>c1-c2</code> and "x"'
    assert segment("召喚") == "召喚"


def test_sections_carry_the_page_title_and_rules_pages_weigh_more():
    docs = [{"location": "medamagaeru/puzzles/", "title": "めだまがえるの練習問題", "text": ""},
            {"location": "medamagaeru/puzzles/#p03", "title": "問題3　成り", "text": "成り"},
            {"location": "medamagaeru/rules/#naru", "title": "成り", "text": ""}]
    out = segment_entries(docs, {"medamagaeru/puzzles/": "めだまがえる 練習問題"},
                          keep=["めだまがえる"], boosts={"medamagaeru/rules/": 2.0})
    assert [d["title"].replace(B, "") for d in out] == [
        "めだまがえる 練習問題", "めだまがえる 練習問題 問題3　成り", "成り"]
    assert [d.get("boost") for d in out] == [None, None, 2.0]
    assert out[1]["title"] == f"めだまがえる{B} {B}練習{B}問題{B} {B}問題{B}3　{B}成り"


def test_segment_index_rewrites_the_file_deterministically(tmp_path):
    path = tmp_path / "search_index.json"
    data = {"config": {"lang": ["en"]}, "docs": [{"location": "", "title": "はじめに",
                                                 "text": "<p>入れ子の人形</p>"}]}
    path.write_text(json.dumps(data), encoding="utf-8")
    segment_index(path)
    first = path.read_bytes()
    assert json.loads(first)["docs"][0]["text"] == f"<p>{B}入れ子{B}の{B}人形{B}</p>"
    # the config is kept; the hidden field of other forms and the query map are added
    # (入れ子 and 人形 have a reading a reader may type instead)
    assert json.loads(first)["config"] == {
        "lang": ["en"],
        "fields": {"title": {"boost": 1e3}, "text": {"boost": 1.0}, "tags": {"boost": 1e6},
                   "forms": {"boost": 1.0}},
        "banmen_forms": {"いれこ": "入れ子", "にんぎょう": "人形"}}
    path.write_text(json.dumps(data), encoding="utf-8")
    segment_index(path)
    assert path.read_bytes() == first

