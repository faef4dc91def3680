"""The cut search index kept in the build cache (issue 19, item 4): page by page, the same
entries as cutting afresh, nothing cut again in a warm build, only the changed page after an
edit, and damaged entries recomputed; the games' names for it read from the cache too."""

from __future__ import annotations

import json

import pytest

from banmen.game import game_class, game_ids
from banmen.site import plugin as plugin_module
from banmen.site import search
from banmen.site.plugin import BanmenPlugin
from banmen.site.cache import BuildCache

NAMES = ["めだまがえる", "ウケジャレイヤー"]
DOCS = [
    {"location": "medamagaeru/rules/", "title": "ルール", "text": "めだまがえるの駒の動き"},
    {"location": "medamagaeru/rules/#move", "title": "動き", "text": "<p>駒は前に進みます。</p>"},
    {"location": "ukejalayer/puzzles/", "title": "練習問題", "text": ""},
    {"location": "ukejalayer/puzzles/#p01", "title": "問題1　動かせる山",
     "text": "ウケジャレイヤーで動かせる山はいくつ？"},
    {"location": "medamagaeru/rules/#end", "title": "終わり", "text": "目を三つ取ると勝ち"},
]
TITLES = {"medamagaeru/rules/": "めだまがえる ルール"}
BOOSTS = {"medamagaeru/rules/": 2.0}


@pytest.fixture
def cuts(monkeypatch):
    """The runs of Japanese text Sudachi is asked to cut, in order."""
    asked: list[str] = []
    words = search.words

    def counted(run, keep=()):
        asked.append(run)
        return words(run, keep)

    monkeypatch.setattr(search, "words", counted)
    return asked


def _dump(entries) -> str:
    return json.dumps(entries, ensure_ascii=False, separators=(",", ":"))


def test_cached_cuts_are_the_fresh_cuts_and_a_warm_run_cuts_nothing(tmp_path, cuts):
    fresh = search.segment_entries(DOCS, TITLES, NAMES, BOOSTS)
    assert fresh[1] == {"location": "medamagaeru/rules/#move",
                        "title": "めだまがえる\u200b \u200bルール\u200b \u200b動き",
                        "text": "<p>\u200b駒\u200bは\u200b前\u200bに\u200b進み\u200bます\u200b。</p>",
                        "boost": 2.0}
    asked_fresh = len(cuts)
    cache = BuildCache(tmp_path)
    try:
        first = search.segment_cached(DOCS, TITLES, NAMES, BOOSTS, cache, ["code"])
        assert len(cuts) == 2 * asked_fresh  # a cold cache cuts every entry once
        second = search.segment_cached(DOCS, TITLES, NAMES, BOOSTS, cache, ["code"])
    finally:
        cache.close()
    assert len(cuts) == 2 * asked_fresh  # the warm run asked Sudachi nothing
    # same entries, fields in the same order (the cache stores JSON with sorted keys)
    assert _dump(first) == _dump(second) == _dump(fresh)
    assert [list(e) for e in second] == [list(e) for e in fresh]


def _cuts_of(cuts, *args) -> list[str]:
    """The runs that cutting ``segment_entries(*args)`` afresh asks Sudachi for."""
    cuts.clear()
    search.segment_entries(*args)
    asked = list(cuts)
    cuts.clear()
    return asked


def test_an_edited_page_is_cut_again_alone(tmp_path, cuts):
    edited = [dict(d) for d in DOCS]
    edited[3]["text"] = "ウケジャレイヤーで動かせる駒"
    page_alone = _cuts_of(cuts, edited[2:4], {"ukejalayer/puzzles/": "練習問題"}, NAMES)
    assert "で動かせる駒" in page_alone and "駒の動き" not in page_alone
    everything = _cuts_of(cuts, edited, TITLES, NAMES, BOOSTS)
    cache = BuildCache(tmp_path)
    try:
        search.segment_cached(DOCS, TITLES, NAMES, BOOSTS, cache, ["code"])
        cuts.clear()
        again = search.segment_cached(edited, TITLES, NAMES, BOOSTS, cache, ["code"])
        assert cuts == page_alone  # only ukejalayer/puzzles/ (both its entries) cut again
        assert again == search.segment_entries(edited, TITLES, NAMES, BOOSTS)
        # another code digest or other kept words: nothing is reused
        cuts.clear()
        search.segment_cached(edited, TITLES, NAMES, BOOSTS, cache, ["other code"])
        assert sorted(cuts) == sorted(everything)
        cuts.clear()
        search.segment_cached(edited, TITLES, NAMES[:1], BOOSTS, cache, ["code"])
        assert sorted(cuts) == sorted(_cuts_of(cuts, edited, TITLES, NAMES[:1], BOOSTS))
    finally:
        cache.close()


def test_a_damaged_entry_is_cut_again(tmp_path, cuts, monkeypatch):
    page_alone = _cuts_of(cuts, DOCS[2:4], {"ukejalayer/puzzles/": "練習問題"}, NAMES)
    cache = BuildCache(tmp_path)
    try:
        names: list[str] = []
        set_json = cache.set_json
        monkeypatch.setattr(cache, "set_json", lambda n, d: (names.append(n), set_json(n, d)))
        search.segment_cached(DOCS, TITLES, NAMES, BOOSTS, cache, ["code"])
        assert len(names) == 2 and all(n.startswith("search:") for n in names)
        wrong = search.segment_entries(DOCS[2:4], None, NAMES)
        wrong[0]["location"] = "elsewhere/"
        set_json(names[1], wrong)  # ukejalayer/puzzles/ under another page's location
        cuts.clear()
        again = search.segment_cached(DOCS, TITLES, NAMES, BOOSTS, cache, ["code"])
        assert cuts == page_alone  # the damaged page only, cut again
        assert again == search.segment_entries(DOCS, TITLES, NAMES, BOOSTS)
    finally:
        cache.close()


def test_the_games_names_come_from_the_engines_once_then_from_the_cache(tmp_path, monkeypatch):
    engines = [game_class(g).name_ja for g in game_ids()]
    plugin = BanmenPlugin()
    assert plugin.game_names() == engines  # no build: from the engines

    class Build:
        cache = BuildCache(tmp_path)

    monkeypatch.setitem(plugin._state, "build", Build())
    try:
        assert plugin.game_names() == engines  # stored
        monkeypatch.setattr(plugin_module, "game_class", lambda game_id: pytest.fail(game_id))
        assert plugin.game_names() == engines  # read back, no engine asked
    finally:
        Build.cache.close()


@pytest.mark.parametrize("damage", ["text", "boost", "title", "section title", "other boost"])
def test_a_sealed_entry_with_other_text_or_a_non_finite_boost_is_refused(tmp_path, damage):
    """The attack review's case: a correctly sealed entry whose text or title is not the
    page's (markup put in), or whose boost is NaN or another page's, is not read back (the
    page is then cut again)."""
    cache = BuildCache(tmp_path)
    title, boost = TITLES["medamagaeru/rules/"], BOOSTS["medamagaeru/rules/"]
    try:
        genuine = search.segment_entries(DOCS[:2], TITLES, NAMES, BOOSTS)
        assert [search._uncut(e["title"]) for e in genuine] == [
            "めだまがえる ルール", "めだまがえる ルール 動き"]
        cache.set_json("search:page", genuine)
        reader = search._cut_entries_reader(DOCS[:2], title, boost)
        assert cache.get_json("search:page", reader) == genuine
        tampered = search.segment_entries(DOCS[:2], TITLES, NAMES, BOOSTS)
        if damage == "text":
            tampered[0]["text"] = "<img src=x onerror=alert(99)>TAMPER"
        elif damage == "boost":
            tampered[0]["boost"] = float("nan")
        elif damage == "title":
            tampered[0]["title"] = "<img src=x onerror=alert(98)>"
        elif damage == "section title":
            tampered[1]["title"] += "<script>alert(97)</script>"
        else:
            tampered[1]["boost"] = 1000.0
        cache.set_json("search:page", tampered)
        assert cache.get_json("search:page", reader) is None
    finally:
        cache.close()


def test_a_large_cut_shared_with_a_forked_process_gives_the_same_entries(tmp_path, monkeypatch,
                                                                         cuts):
    # a cold build cuts the whole site: over search._SPLIT_AT characters, about half the
    # pages are cut in a forked process (its Sudachi calls are not seen by `cuts` here)
    fresh = search.segment_entries(DOCS, TITLES, NAMES, BOOSTS)
    asked_fresh = len(cuts)
    monkeypatch.setattr(search, "_SPLIT_AT", 1)
    cache = BuildCache(tmp_path)
    try:
        shared = search.segment_cached(DOCS, TITLES, NAMES, BOOSTS, cache, ["code"])
        asked_here = len(cuts) - asked_fresh
        again = search.segment_cached(DOCS, TITLES, NAMES, BOOSTS, cache, ["code"])
    finally:
        cache.close()
    assert _dump(shared) == _dump(fresh) == _dump(again)
    # two pages: the larger (medamagaeru/rules/, 3 entries) cut here, the other in the child
    assert 0 < asked_here < asked_fresh
    assert len(cuts) - asked_fresh == asked_here  # the second run came from the cache


def test_pages_cut_while_they_are_written_are_not_cut_again(tmp_path, cuts):
    fresh = search.segment_entries(DOCS, TITLES, NAMES, BOOSTS)
    cache = BuildCache(tmp_path)
    try:
        rules = [d for d in DOCS if d["location"].startswith("medamagaeru/rules/")]
        search.precut_page(rules, "medamagaeru/rules/", TITLES["medamagaeru/rules/"], 2.0,
                           NAMES, cache, ["code"])
        search.precut_page(DOCS[2:4], "ukejalayer/puzzles/", "練習問題", None, NAMES, cache,
                           ["code"])
        asked = len(cuts)
        assert asked > 0
        search.precut_page(DOCS[2:4], "ukejalayer/puzzles/", "練習問題", None, NAMES, cache,
                           ["code"])
        assert len(cuts) == asked  # kept already: not cut twice
        index = search.segment_cached(DOCS, TITLES, NAMES, BOOSTS, cache, ["code"])
    finally:
        cache.close()
    assert len(cuts) == asked  # the index took every page from the cache
    assert _dump(index) == _dump(fresh)
