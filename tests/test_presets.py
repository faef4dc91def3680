"""The generated preset table ({{ presets ludo }}) and the simulation figure ({{ simulation
ludo }}): both come from the engine's objects, so changing a preset changes the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banmen.content.errors import ContentErrors
from banmen.game import BanmenError, get_game
from banmen.games.ludo import rules as ludo_rules
from banmen.render.ids import html_id
from banmen.site.build import SiteBuild
from banmen.site.presets import (
    preset_rows,
    presets_markdown,
    short_label,
    simulation_caption,
    simulation_html,
    simulation_lengths,
)

GAME = get_game("ludo")


def row(table: str, label: str) -> str:
    return next(line for line in table.splitlines() if line.startswith(f"| {label} |")
                or line.startswith(f"| **{label}** |"))


def test_the_table_compares_the_three_presets():
    table = presets_markdown(GAME)
    lines = table.splitlines()
    assert lines[0] == "| ルール | 飛行棋 | かんたん | ルドー |"
    assert lines[1] == "|---|---|---|---|"
    # one row per preset-decided parameter, in the model's order
    assert len(lines) == 2 + len(GAME.rules_model.params()) - 1
    assert row(table, "陣地の駒を出せる出目") == "| **陣地の駒を出せる出目** | 6 | 5・6 | 6 |"
    assert row(table, "ゴールまでの残りより大きい出目") == (
        "| **ゴールまでの残りより大きい出目** | 余りの分だけ戻る | ゴール扱い | "
        "ぴったりのみ（超える駒は動かせない） |")
    assert row(table, "同じ番で3回連続の6") == (
        "| **同じ番で3回連続の6** | 無効＋最後に動かした駒が陣地へ | 無効のみ | 無効のみ |")
    assert row(table, "自分の色のマスに着いたら次の同じ色のマスへジャンプ") == (
        "| **自分の色のマスに着いたら次の同じ色のマスへジャンプ** | あり | あり | なし |")
    assert row(table, "スタートマスと星マスの8マスを安全マスにする") == (
        "| **スタートマスと星マスの8マスを安全マスにする** | なし | なし | あり |")
    # a parameter equal in every preset is not bold
    assert row(table, "1色の駒の数") == "| 1色の駒の数 | 4個 | 4個 | 4個 |"
    assert row(table, "6が出たらもう1回振れる") == "| 6が出たらもう1回振れる | あり | あり | あり |"


def test_labels_come_from_the_schema_without_their_details():
    assert short_label(GAME, "pieces") == "1色の駒の数"
    assert short_label(GAME, "overshoot") == "ゴールまでの残りより大きい出目"
    assert GAME.rules_model.params()["pieces"].ja == "1色の駒の数（2は短縮戦）"


def test_changing_a_preset_changes_its_cell(monkeypatch):
    monkeypatch.setitem(ludo_rules.PRESETS["easy"], "enter_on", (4, 5, 6))
    monkeypatch.setitem(ludo_rules.PRESETS["ludo"], "extra_roll_on_six", False)
    table = presets_markdown(GAME)
    assert row(table, "陣地の駒を出せる出目") == "| **陣地の駒を出せる出目** | 6 | 4・5・6 | 6 |"
    # a row that now differs becomes bold
    assert row(table, "6が出たらもう1回振れる") == (
        "| **6が出たらもう1回振れる** | あり | あり | なし |")


def test_changing_a_label_changes_the_row(monkeypatch):
    monkeypatch.setattr(GAME.rules_model.params()["pieces"], "ja", "駒の数（色ごと）")
    rows = {name: (label, values) for name, label, values in preset_rows(GAME)}
    assert rows["pieces"] == ("駒の数", ["4個", "4個", "4個"])


def test_games_without_presets_are_refused():
    with pytest.raises(BanmenError, match="game 'medamagaeru' has no presets"):
        presets_markdown(get_game("medamagaeru"))


def _build_with(games):
    from banmen.site.presets import has_presets
    from banmen.site.parameters import parameters_markdown

    build = SiteBuild(Path("."), progress=False)
    content = build.content
    content.game_ids = tuple(games)
    content.parameters = {g: parameters_markdown(e) for g, e in games.items()}
    content.presets = {g: presets_markdown(e) for g, e in games.items() if has_presets(g)}
    content.simulations = {g: simulation_html(e) for g, e in games.items() if has_presets(g)}
    return build


def test_page_markers_expand_to_the_table_and_the_figure():
    build = _build_with({"ludo": GAME, "medamagaeru": get_game("medamagaeru")})
    page = build.expand("前\n\n{{ presets ludo }}\n\n{{ simulation ludo }}\n", "docs/ludo/rules.md")
    assert "| ルール | 飛行棋 | かんたん | ルドー |" in page.markdown
    (token, fragment), = page.tokens.items()
    assert token in page.markdown
    assert fragment.startswith(f'<figure class="banmen-diagram" id="{html_id("ludo/simulation")}-figure">')
    assert "<svg" in fragment and "200局ずつ" in fragment and "乱数の種は0" in fragment
    with pytest.raises(ContentErrors, match=r"docs/x.md:1:12: unknown presets id 'medamagaeru'"):
        build.expand("{{ presets medamagaeru }}", "docs/x.md")
    with pytest.raises(ContentErrors, match=r"docs/x.md:1:15: unknown simulation id 'chess'"):
        build.expand("{{ simulation chess }}", "docs/x.md")


def test_simulated_lengths_are_seeded_and_the_figure_is_deterministic():
    lengths = simulation_lengths(GAME, games=5, seed=3)
    assert list(lengths) == ["aeroplane", "easy", "ludo"]
    assert all(len(values) == 5 and min(values) > 0 for values in lengths.values())
    assert simulation_lengths(GAME, games=5, seed=3) == lengths
    assert simulation_lengths(GAME, games=5, seed=4) != lengths
    first = simulation_html(GAME, games=5, seed=3)
    assert simulation_html(GAME, games=5, seed=3) == first
    assert "<text" not in first                      # glyphs as paths, like the boards
    assert "5局ずつ" in first and "乱数の種は3" in first
    assert f'id="{html_id("ludo/simulation")}--' in first


def test_the_caption_states_count_and_seed():
    assert "ルールごとに200局ずつ" in simulation_caption(200, 0)
    assert simulation_caption(7, 9).endswith("1局の長さの分布（乱数の種は9）。")


def test_the_simulation_figure_is_an_image_with_title_and_description():
    """Like boards (banmen/render/a11y.py): role="img", a <title> and a <desc> that give each
    preset's mean, shortest and longest game of the same simulated games."""
    lengths = simulation_lengths(GAME, 20, 3)
    fragment = simulation_html(GAME, 20, 3)
    prefix = html_id("ludo/simulation")
    opening = re.search(r"<svg\b[^>]*>", fragment).group(0)
    assert 'role="img"' in opening
    assert f'aria-labelledby="{prefix}--title {prefix}--desc"' in opening
    assert f'<title id="{prefix}--title">ルールごとの1局の長さの分布</title>' in fragment
    desc = re.search(rf'<desc id="{prefix}--desc">([^<]*)</desc>', fragment).group(1)
    assert desc.startswith("横軸は1局の手数、縦軸は局数です。飛行棋：平均")
    for name, label in (("aeroplane", "飛行棋"), ("easy", "かんたん"), ("ludo", "ルドー")):
        values = lengths[name]
        mean = round(sum(values) / len(values))
        assert f"{label}：平均{mean}手、最短{min(values)}手、最長{max(values)}手。" in desc
