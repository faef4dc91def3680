"""Issue 35, item 6: what a rules review found in the rules pages' wording.

A reading the original text does not settle is listed in the page's 「この解説での解釈」 note
and marked **[decision]** in ``shared/rules/<game>.md``; the 50-move count of めだまがえる and the
40-move count of スーサイドチェッカー are opposite readings and each page says so; claims
with no source are gone."""

from __future__ import annotations

import re

import pytest

from banmen.games.medamagaeru.rules import MedamagaeruRules
from banmen.games.suicide_checkers.rules import SuicideCheckersRules
from conftest import ROOT

#: folders of site text (pages and the YAML drawn into them)
TEXT_FOLDERS = ("docs", "lessons", "puzzles", "diagrams", "sequences")


def _interpretation(game: str) -> list[str]:
    """The numbered items of the 「この解説での解釈」 note of ``docs/<game>/rules.md``, each as
    one line of Markdown."""
    text = (ROOT / "docs" / game / "rules.md").read_text(encoding="utf-8")
    start = text.index("## この解説での解釈 {#interpretation}")
    end = text.find("\n## ", start + 1)
    note = text[start:end if end >= 0 else len(text)]
    return [line.strip() for line in note.splitlines() if re.match(r"\s+\d+\. ", line)]


def _item(game: str, title: str) -> str:
    """The one interpretation item of ``game`` whose bold title is ``title``."""
    found = [item for item in _interpretation(game) if item.split(" ", 1)[1].startswith(f"**{title}**")]
    assert len(found) == 1, (game, title, _interpretation(game))
    return found[0]


def _site_text_files():
    for folder in TEXT_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in {".md", ".yaml", ".yml"}:
                yield path


def test_the_interpretation_reader_finds_the_numbered_items():
    items = _interpretation("babuschka")
    assert items[0].startswith("1. **盤の形**：")
    assert [int(item.split(".", 1)[0]) for item in items] == list(range(1, len(items) + 1))


def test_babuschka_lists_ending_on_another_players_goal_as_an_interpretation():
    item = _item("babuschka", "他人のゴールのマスに止まること")
    assert "「通る」ことだけ" in item and "**終える**ことも禁じられている" in item
    spec = (ROOT / "shared" / "rules" / "babuschka.md").read_text(encoding="utf-8")
    assert ("no doll may land, at the end or in the middle of a jump chain, on a goal\n"
            "  square of another player. **[decision: the original text forbids only passing "
            "through (通過)") in spec


def test_the_50_and_40_move_counts_are_opposite_readings_said_on_both_pages():
    # the engines: めだまがえる counts plies, both players together; checkers counts each side
    assert MedamagaeruRules().values()["draw_plies_after_2_2"] == 50
    assert SuicideCheckersRules().values()["quiet_move_limit"] == 40
    medamagaeru = _item("medamagaeru", "「50手」の数え方")
    assert "**両者の手を合わせて50手**" in medamagaeru
    assert ("[スーサイドチェッカー](../suicide-checkers/rules.md#interpretation)の「40手」は"
            "黒と白それぞれの手を数えるので、このゲームとは数え方が逆です。") in medamagaeru
    checkers = _item("suicide-checkers", "40手の決まり")
    assert "**黒と白がそれぞれ40手ずつ（合わせて80手）**" in checkers
    assert ("[めだまがえる](../medamagaeru/rules.md#interpretation)の「50手」は"
            "両者の手を合わせて数えるので、このゲームとは数え方が逆です。") in checkers
    spec = (ROOT / "shared" / "rules" / "medamagaeru.md").read_text(encoding="utf-8")
    assert "**[decision: the\n  original 「50手」 is read as 50 plies" in spec


@pytest.mark.parametrize("claim", [
    "オンライン対戦サービスでの標準",   # ukejalayer: no source says which setting the service uses by default
    "オンライン対戦サービスの標準",
    "こちらが標準の設定です",
    "6で駒を出し、同じ色のマスでジャンプ",  # ludo: the original text's own sentence
])
def test_a_claim_the_review_removed_is_gone_from_the_site_text(claim):
    for path in _site_text_files():
        text = path.read_text(encoding="utf-8").replace("\n", "")
        assert claim not in text, f"{path.relative_to(ROOT)}: {claim}"


def test_the_ukejalayer_unlock_page_keeps_the_sourced_n1_remark():
    """The guidebook itself explains with N＝1, the setting the online service recommends."""
    text = (ROOT / "docs" / "ukejalayer" / "rules.md").read_text(encoding="utf-8")
    assert "「JuliUs.」で推奨されている設定、「N＝1」にそろえています。" in text
