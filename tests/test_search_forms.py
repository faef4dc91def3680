"""Search that forgives (banmen.site.search_forms; issue 35, item 4): the other forms of the
index's words from Sudachi (normalised forms, readings, verb stems, numerals) and the games'
synonym tables, as each entry's hidden field and the query map the query script applies."""

from __future__ import annotations

import json

import pytest

from banmen.contract import words_of
from banmen.errors import BanmenError
from banmen.game import game_ids, game_package
from banmen.site.search import BOUNDARY as B
from banmen.site.search import segment_entries, segment_index
from banmen.site.search_forms import (MAP_KEY, add_forms, analyse, build_forms, entry_words,
                                      hiragana, stem, synonym_rows)

GAME_NAMES = ["めだまがえる", "ウケジャレイヤー", "バブーシュカ", "ルドー", "スーサイドチェッカー"]


def entries(*texts: str) -> list[dict]:
    """Cut index entries, one page each, with ``texts`` as their text."""
    docs = [{"location": f"p{i}/", "title": "", "text": f"<p>{t}</p>"}
            for i, t in enumerate(texts)]
    return segment_entries(docs, keep=GAME_NAMES)


def test_hiragana_and_verb_stems():
    assert hiragana("キング") == "きんぐ"
    assert hiragana("ショウカン") == "しょうかん"
    assert hiragana("ルドー") == "るどー"
    assert stem("跳ね返る", "五段-ラ行") == "跳ね返り"
    assert stem("ハネカエル", "五段-ラ行") == "ハネカエリ"
    assert stem("勝つ", "五段-タ行") == "勝ち"
    assert stem("進める", "下一段-マ行") == "進め"
    assert stem("為る", "サ行変格") == "為る"


def test_analysis_of_words_of_the_index():
    # a verb's group key is its stem, its noun's form; its readings are forms too
    assert analyse("跳ね返っ") == ("跳ね返り", ("はねかえっ", "はねかえり", "はねかえる", "跳ね返り",
                                              "跳ね返る"), False)
    assert analyse("跳ね返り").key == analyse("跳ね返る").key == "跳ね返り"
    # the normalised form: 引分け and 引き分け are one word
    assert analyse("引分け") == ("引き分け", ("ひきわけ", "引き分け"), False)
    # a numeral's key is its digits, and a reading of a numeral is no form
    assert analyse("三") == ("3", ("3",), True)
    assert analyse("キング") == ("キング", ("きんぐ",), False)
    assert analyse("召喚") == ("召喚", ("しょうかん",), False)
    # no other forms: no kanji or katakana, a particle, more than one word
    assert analyse("なり") is None
    assert analyse("の") is None
    assert analyse("飛行棋") is None


def test_entry_words_leave_out_markup_latin_and_lone_kana():
    entry = entries("跳ね返る駒は<strong>3</strong>マス戻ります")[0]
    assert entry_words(entry) == ["跳ね返る", "駒", "マス", "戻り", "ます"]


def test_the_words_of_a_group_find_each_other():
    docs = entries("駒は跳ね返ります。", "跳ね返った駒", "跳ね返りのルール", "引分けです", "三つ")
    forms, query = build_forms(docs, keep=GAME_NAMES)
    # each page holds the group's other words of the index, hidden
    assert forms[0].split() == ["跳ね返っ"]      # 跳ね返り (the verb) is on the page itself
    assert forms[1].split() == ["跳ね返り"]
    assert forms[2].split() == ["跳ね返っ"]
    assert forms[3] == ""
    assert forms[4] == "3"                        # 三つ is found by 3回 as typed
    # forms no page writes go to the term: the word the index uses most
    assert query["引き分け"] == "引分け"
    assert query["ひきわけ"] == "引分け"
    assert query["はねかえる"] == "跳ね返り"
    assert query["三"] == "3"                     # a numeral of the index: to its digits
    # a word of the index is searched as typed
    assert "跳ね返り" not in query and "跳ね返っ" not in query and "駒" not in query
    assert list(query) == sorted(query)


def test_synonyms_make_one_group_or_name_a_phrase():
    docs = entries("チェッカーの遊び方", "スーサイドチェッカーのルール", "スーサイドチェッカーの駒",
                   "一番上の駒", "ルドーの駒")
    rows = [["スーサイドチェッカー", "チェッカー", "checkers"], ["一番上", "てっぺん"],
            ["ルドー", "ludo"], ["ルドー", "checkers"]]
    forms, query = build_forms(docs, rows, keep=GAME_NAMES)
    assert "スーサイドチェッカー" in forms[0].split()
    assert "チェッカー" in forms[1].split() and "チェッカー" in forms[2].split()
    assert query["checkers"] == "スーサイドチェッカー"   # the first row that claims it
    assert query["ludo"] == "ルドー"
    assert query["てっぺん"] == "一番 上"               # the phrase's words
    assert "チェッカー" not in query                     # a word of the index


def test_a_synonym_of_a_word_no_page_writes_is_left_out():
    _, query = build_forms(entries("駒の動き"), [["ルドー", "ludo"]], keep=GAME_NAMES)
    assert "ludo" not in query


def test_add_forms_writes_the_field_and_the_map_deterministically():
    data = {"config": {"lang": ["en"], "fields": {"title": {"boost": 1000.0}}},
            "docs": entries("跳ね返る駒", "跳ね返りのルール")}
    add_forms(data, [["ルドー", "ludo"]], GAME_NAMES)
    assert data["config"]["fields"] == {"title": {"boost": 1000.0}, "forms": {"boost": 1.0}}
    assert [d.get("forms") for d in data["docs"]] == ["跳ね返り", "跳ね返る"]
    assert data["config"][MAP_KEY]["はねかえり"] == "跳ね返り"
    first = json.dumps(data, ensure_ascii=False)
    add_forms(data, [["ルドー", "ludo"]], GAME_NAMES)
    assert json.dumps(data, ensure_ascii=False) == first


def test_segment_index_adds_the_forms(tmp_path):
    path = tmp_path / "search_index.json"
    path.write_text(json.dumps({"config": {"fields": {}}, "docs": [
        {"location": "", "title": "ルドー", "text": "<p>引分けになります</p>"}]}),
        encoding="utf-8")
    segment_index(path, keep=GAME_NAMES, synonyms=[["ルドー", "ludo"]])
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["docs"][0]["text"] == f"<p>{B}引分け{B}に{B}なり{B}ます{B}</p>"
    assert data["config"][MAP_KEY] == {"ludo": "ルドー", "ひきわけ": "引分け", "るどー": "ルドー",
                                       "引き分け": "引分け"}


def test_the_games_synonym_tables():
    rows = {g: synonym_rows(words_of(game_package(g)), g) for g in game_ids()}
    assert ["ルドー", "ludo"] in rows["ludo"]
    assert rows["suicide-checkers"][0][:3] == ["スーサイドチェッカー", "チェッカー", "checkers"]
    assert ["一番上", "てっぺん"] in rows["ukejalayer"]
    # every game's table names the game by its name first (its English id among the rest)
    for game_id, table in rows.items():
        name = words_of(game_package(game_id))["name"]
        assert any(row[0] == name and game_id.split("-")[-1] in row for row in table), game_id


@pytest.mark.parametrize(("table", "message"), [
    ("ルドー", "w['synonyms']: expected a list of rows of words"),
    (["ルドー"], "w['synonyms'][0]: expected a list of two or more words (the pages' term first)"),
    ([["ルドー", "lu do"]], "w['synonyms'][0][1]: 'lu do' is not one word (letters, digits or "
                          "Japanese, no spaces)"),
    ([["ルドー", "<b>"]], "w['synonyms'][0][1]: '<b>' is not one word (letters, digits or "
                        "Japanese, no spaces)"),
    ([["ルドー", 3]], "w['synonyms'][0][1]: 3 is not one word (letters, digits or Japanese, "
                     "no spaces)"),
])
def test_a_malformed_synonym_table_is_one_line(table, message):
    with pytest.raises(BanmenError) as caught:
        synonym_rows({"synonyms": table}, "w")
    assert str(caught.value) == message


def test_synonyms_are_lowercased_and_may_hold_hyphens():
    assert synonym_rows({"synonyms": [["三目並べ", "Tic-Tac-Toe"]]}, "w") == [
        ["三目並べ", "tic-tac-toe"]]
    assert synonym_rows({}, "w") == []


def test_the_forms_are_kept_in_the_build_cache(tmp_path, monkeypatch):
    from banmen.site import search_forms
    from banmen.site.cache import BuildCache

    docs = entries("跳ね返る駒", "跳ね返りのルール", "ルドーの駒")
    rows = [["ルドー", "ludo"]]
    fresh = build_forms(docs, rows, GAME_NAMES)
    cache = BuildCache(tmp_path)
    try:
        assert search_forms.cached_forms(docs, rows, GAME_NAMES, cache, ["code"]) == fresh
        monkeypatch.setattr(search_forms, "build_forms", lambda *a: pytest.fail("worked out"))
        assert search_forms.cached_forms(docs, rows, GAME_NAMES, cache, ["code"]) == fresh
    finally:
        cache.close()


@pytest.mark.parametrize("damage", ["hidden markup", "entry count", "map markup", "map type"])
def test_forged_cached_forms_are_refused(damage):
    from banmen.site.search_forms import _forms_reader

    docs = entries("跳ね返る駒", "跳ね返りのルール")
    forms, query = build_forms(docs, keep=GAME_NAMES)
    reader = _forms_reader(docs)
    assert reader({"forms": forms, "query": query}) == (forms, query)
    if damage == "hidden markup":
        forms = [forms[0] + " <img src=x onerror=alert(1)>", forms[1]]
    elif damage == "entry count":
        forms = forms[:1]
    elif damage == "map markup":
        query = {**query, "ludo": "<script>"}
    else:
        query = {**query, "ludo": 3}
    with pytest.raises(ValueError):
        reader({"forms": forms, "query": query})


def test_the_games_synonyms_come_from_the_packages_once_then_from_the_cache(tmp_path,
                                                                              monkeypatch):
    import banmen.contract
    from banmen.site.cache import BuildCache
    from banmen.site.plugin import BanmenPlugin

    expected = [row for g in game_ids()
                for row in synonym_rows(words_of(game_package(g)), g)]
    plugin = BanmenPlugin()
    plugin.load_config({})
    assert plugin.synonyms() == expected  # no build: from the packages

    class Build:
        cache = BuildCache(tmp_path)

    monkeypatch.setitem(plugin._state, "build", Build())
    try:
        assert plugin.synonyms() == expected  # stored
        monkeypatch.setattr(banmen.contract, "words_of", lambda p: pytest.fail(p.__name__))
        assert plugin.synonyms() == expected  # read back, no package asked
    finally:
        Build.cache.close()
