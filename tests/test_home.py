"""The home page (issue 17, item 6): one small board per game, its start position drawn by the
engine through ``diagrams/<game>/home.yaml``, beside the game's description, and links to every
page of each game as listed in the navigation of ``mkdocs.yml``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from banmen.content.check import check_project
from banmen.game import get_game
from banmen.site.plugin import has_subheadings

ROOT = Path(__file__).resolve().parent.parent
HOME = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
GAMES = ["ukejalayer", "medamagaeru", "babuschka", "suicide-checkers", "ludo"]


class _Loader(yaml.SafeLoader):
    """mkdocs.yml names a Python object (the slugify function); read it as nothing."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def _nav_pages() -> dict[str, list[str]]:
    """Game id -> the page paths of its navigation section (``ukejalayer/rules.md`` ...); a
    nested section (a course's lessons) counts as its first page, the one the home page
    links (the course map on it leads to the others)."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    pages: dict[str, list[str]] = {}
    for entry in config["nav"]:
        (_, value), = entry.items()
        if isinstance(value, list):
            paths = [_first_page(next(iter(item.values()))) for item in value]
            game = paths[0].split("/")[0]
            if game in GAMES:
                pages[game] = paths
    return pages


def _first_page(value) -> str:
    """A nav entry's page path, or the first page of a nested section."""
    while isinstance(value, list):
        value = next(iter(value[0].values()))
    return value


def _section(game: str) -> str:
    """The home page's text from the game's board marker to the next game's heading."""
    start = HOME.index(f"{{{{ diagram {game}/home }}}}")
    ends = [e for e in (HOME.find("\n### ", start), HOME.find("\n## ", start)) if e > 0]
    return HOME[start:min(ends)]


def test_the_navigation_has_a_section_per_game():
    pages = _nav_pages()
    assert sorted(pages) == sorted(GAMES)
    assert "ukejalayer/sample-game.md" in pages["ukejalayer"]


@pytest.mark.parametrize("game", GAMES)
def test_the_home_page_links_every_page_of_each_game(game):
    linked = re.findall(r"\]\(([^)#]+)\)", _section(game))
    assert linked == _nav_pages()[game]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_start_position_beside_its_description(game):
    section = HOME[HOME.rindex('<div class="bm-home-game" markdown>', 0,
                               HOME.index(f"{{{{ diagram {game}/home }}}}")):]
    assert section.index('<div class="bm-home-board" markdown>') < section.index(
        f"{{{{ diagram {game}/home }}}}") < section.index('<div class="bm-home-text" markdown>')
    assert f"{{{{ progress {game} }}}}" in _section(game)


def test_the_home_boards_are_the_start_positions():
    content = check_project(ROOT, paths=[ROOT / "diagrams" / g / "home.yaml" for g in GAMES])
    for game in GAMES:
        diagram = content.diagrams[f"{game}/home"]
        engine = get_game(game)
        if game == "ludo":
            position = engine.position_to_yaml(diagram.spec.state)
            assert position["colours"] == ["red", "yellow", "blue", "green"]
            assert all(p == ["yard"] * 4 for p in position["pieces"].values())
            assert diagram.spec.before is None and "roll" not in position
        else:
            assert diagram.spec.state == engine.initial_state(), game
        assert diagram.caption is None


def test_a_newcomer_is_told_where_to_start():
    first = HOME.index("## はじめての人へ")
    assert first < HOME.index("## ゲーム")
    newcomers = HOME[first:HOME.index("## ゲーム")]
    # the first step is a lesson: the easiest game's, named by link
    assert "「手ほどき」から始めましょう" in newcomers
    assert "(ludo/lesson.md)" in newcomers


class _Link:
    def __init__(self, level, children=()):
        self.level, self.children = level, list(children)


def test_a_page_with_only_its_title_has_no_table_of_contents():
    assert not has_subheadings([])
    assert not has_subheadings([_Link(1)])
    assert has_subheadings([_Link(1, [_Link(2)])])
    assert has_subheadings([_Link(2)])
