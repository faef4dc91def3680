"""The MkDocs plugin ``banmen`` (banmen/site/plugin.py): its options, and ``banmen new-site``
(banmen/site/new_site.py), whose sites build with it."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from banmen.cli import main
from banmen.game import game_ids
from banmen.site.pdf import pdf_link
from banmen.site.plugin import BanmenPlugin

ROOT = Path(__file__).resolve().parent.parent


def loaded(tmp_path: Path, **options) -> tuple[BanmenPlugin, list]:
    """A plugin whose options are ``options`` as in a ``mkdocs.yml`` in ``tmp_path``, and
    its errors as (option, message) pairs."""
    plugin = BanmenPlugin()
    errors, _warnings = plugin.load_config(options, str(tmp_path / "mkdocs.yml"))
    return plugin, [(name, str(err)) for name, err in errors]


def test_the_project_names_the_plugin_after_search_and_no_hook_file():
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.Loader)
    assert [next(iter(p)) if isinstance(p, dict) else p for p in config["plugins"]] == [
        "search", "banmen"]
    assert "hooks" not in config and not (ROOT / "tools" / "mkdocs_hooks.py").exists()
    assert "banmen = \"banmen.site.plugin:BanmenPlugin\"" in (ROOT / "pyproject.toml").read_text()


def test_without_options_the_content_is_next_to_mkdocs_yml(tmp_path, monkeypatch):
    plugin, errors = loaded(tmp_path)
    assert errors == []
    config = {"config_file_path": str(tmp_path / "mkdocs.yml")}
    assert plugin.content_root(config) == tmp_path.resolve()
    assert plugin.rules_file(tmp_path.resolve()) is None  # rules.yaml under the root
    assert plugin.games() == game_ids()
    monkeypatch.delenv("BANMEN_PDF", raising=False)
    assert plugin.pdf() is False
    monkeypatch.setenv("BANMEN_PDF", "1")
    assert plugin.pdf() is True


def test_root_and_rules_are_relative_to_mkdocs_yml(tmp_path, monkeypatch):
    (tmp_path / "content").mkdir()
    (tmp_path / "other.yaml").write_text("medamagaeru: {}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    plugin, errors = loaded(tmp_path, root="content", rules="other.yaml",
                            games=["medamagaeru"], pdf=False)
    assert errors == []
    config = {"config_file_path": str(tmp_path / "mkdocs.yml")}
    assert plugin.content_root(config) == (tmp_path / "content").resolve()
    assert plugin.rules_file((tmp_path / "content").resolve()) == Path("other.yaml")
    assert plugin.games() == ["medamagaeru"]
    monkeypatch.setenv("BANMEN_PDF", "1")
    assert plugin.pdf() is False  # the option wins over the environment


@pytest.mark.parametrize(("options", "expected"), [
    ({"games": ["nope"]},
     [("games", "unknown game 'nope' (known: babuschka, ludo, medamagaeru, suicide-checkers, "
                "ukejalayer)")]),
    ({"games": []},
     [("games", "expected at least one game id (leave the option out for every registered "
                "game)")]),
    ({"games": ["ludo", "ludo"]}, [("games", "a game is listed twice")]),
    ({"games": "ludo"},
     [("games", "Expected a list of items, but a <class 'str'> was given.")]),
    ({"pdf": "yes"}, [("pdf", "expected true or false, not 'yes'")]),
    ({"root": "missing"}, [("root", "The path '{tmp}/missing' isn't an existing directory.")]),
    ({"rules": "none.yaml"}, [("rules", "The path '{tmp}/none.yaml' isn't an existing file.")]),
])
def test_a_bad_option_is_an_error_naming_it(tmp_path, options, expected):
    _plugin, errors = loaded(tmp_path, **options)
    assert errors == [(name, text.format(tmp=tmp_path)) for name, text in expected]


def test_a_bad_option_stops_mkdocs_with_one_config_line(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# t\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: t\nplugins:\n  - search\n  - banmen:\n      games: [chess]\n",
        encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 1
    lines = (done.stderr + done.stdout).splitlines()
    assert [line for line in lines if line.strip()] == [
        "ERROR   -  Config value 'plugins': Plugin 'banmen' option 'games': unknown game "
        "'chess' (known: babuschka, ludo, medamagaeru, suicide-checkers, ukejalayer)",
        "Aborted with a configuration error!"]
    assert not (tmp_path / "site").exists()


def test_the_pdf_links_follow_the_pdf_and_games_options(tmp_path, monkeypatch):
    html = '<article><h1 id="x">ルール</h1><p>本文</p></article>'
    link = ('<article><h1 id="x">ルール</h1><p class="bm-pdf-link"><a href="../ludo.pdf">'
            "印刷用PDF（ルールと練習問題、A4）</a></p><p>本文</p></article>")

    def page(src_uri: str):
        return types.SimpleNamespace(file=types.SimpleNamespace(src_uri=src_uri))

    monkeypatch.delenv("BANMEN_PDF", raising=False)
    plugin, _ = loaded(tmp_path, pdf=True, games=["ludo"])
    assert plugin.on_post_page(html, page("ludo/rules.md")) == link
    assert pdf_link("ludo") in link
    assert plugin.on_post_page(html, page("medamagaeru/rules.md")) == html  # not a site game
    monkeypatch.setenv("BANMEN_PDF", "1")
    plugin, _ = loaded(tmp_path, pdf=False)
    assert plugin.on_post_page(html, page("ludo/rules.md")) == html


def test_the_games_option_keeps_the_play_board_parts_of_its_games_only(tmp_path):
    plugin, _ = loaded(tmp_path, games=["ludo", "suicide-checkers"])
    variants = ["babuschka-2", "ludo-loop-2", "ludo-takeoff-4", "medamagaeru", "suicide-checkers",
                "ukejalayer-4", "ludox"]
    assert [v for v in variants if plugin.has_variant(v)] == [
        "ludo-loop-2", "ludo-takeoff-4", "suicide-checkers"]
    every, _ = loaded(tmp_path)
    assert [v for v in variants if not every.has_variant(v)] == ["ludox"]


# ---- banmen new-site


def new_site(*args: str):
    return CliRunner().invoke(main, ["new-site", *args])


def test_new_site_refuses_bad_input_with_one_line_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x.md").write_text("x", encoding="utf-8")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    cases = {
        ("site", "--game", "chess"): "--game chess: unknown game 'chess' (known: "
                                     "babuschka, ludo, medamagaeru, suicide-checkers, "
                                     "ukejalayer)\n",
        ("full", "--game", "ludo"): "full: the folder exists and is not empty; "
                                    "expected a new or empty folder\n",
        ("file", "--game", "ludo"): "file: exists and is not a folder; expected a new "
                                    "or empty folder\n",
        ("my site", "--game", "ludo"): "my site: the folder name \"my site\" has other "
                                       "characters; expected letters, digits, '.', '_' and "
                                       "'-', starting with a letter or digit\n",
        ("a\nb", "--game", "ludo"): "a\\nb: the folder name \"a\\nb\" has other "
                                    "characters; expected letters, digits, '.', '_' and "
                                    "'-', starting with a letter or digit\n",
        ("no/site", "--game", "ludo"): f"no/site: the folder {tmp_path / 'no'} does "
                                       "not exist\n",
    }
    before = sorted(p.name for p in tmp_path.iterdir())
    for args, expected in cases.items():
        result = new_site(*args)
        assert (result.exit_code, result.stderr) == (1, expected), args
        assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert [p.name for p in (tmp_path / "full").iterdir()] == ["x.md"]


def test_new_site_without_a_starter_writes_a_rules_page_of_the_parameters(tmp_path):
    result = new_site(str(tmp_path / "empty-ok"), "--game", "medamagaeru")
    assert result.exit_code == 0, result.stderr
    site = tmp_path / "empty-ok"
    assert (site / "docs" / "medamagaeru" / "rules.md").read_text(encoding="utf-8") == (
        "# めだまがえるのルール\n\nルールの設定と、このサイトで使う値です。\n\n"
        "{{ parameters medamagaeru }}\n")
    assert (site / "docs" / "index.md").read_text(encoding="utf-8") == (
        "# めだまがえる\n\nこのサイトでは、めだまがえるのルールを盤面の図で学べます。\n\n"
        "- [めだまがえるのルール](medamagaeru/rules.md)\n")
    config = yaml.load((site / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.Loader)
    assert config["plugins"][1] == {"banmen": {"games": ["medamagaeru"]}}
    assert config["theme"]["language"] == "ja" and config["site_name"] == "めだまがえるのルール"
    main_config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.Loader)
    assert config["plugins"][0] == main_config["plugins"][0]  # the same Japanese search
    assert config["markdown_extensions"][:6] == main_config["markdown_extensions"][:6]
    # banmen's scripts, styles and templates come with the plugin: nothing of them is copied
    assert result.stdout.splitlines() == [str(site / name) for name in (
        ".gitignore", "docs/index.md", "docs/medamagaeru/rules.md", "mkdocs.yml")]
    assert not {"extra_css", "extra_javascript"} & set(config)
    assert "custom_dir" not in config["theme"]
    assert not list(tmp_path.glob(".empty-ok.new-*"))  # no staging folder left
    # an empty folder is fine too
    (tmp_path / "given").mkdir()
    assert new_site(str(tmp_path / "given"), "--game", "ludo").exit_code == 0
    assert (tmp_path / "given" / "docs" / "ludo" / "rules.md").is_file()


def test_new_site_copies_the_games_starter_folder_and_lists_its_pages(tmp_path, monkeypatch):
    import importlib

    import banmen.game

    package = tmp_path / "pkg" / "fakegame"
    for name, text in {"__init__.py": "from banmen.games.medamagaeru import GAME  # noqa: F401\n",
                       "starter/docs/index.md": "# はじめに\n",
                       "starter/docs/medamagaeru/rules.md": "# ルール\n",
                       "starter/docs/medamagaeru/lesson.md": "# 手ほどき\n",
                       "starter/diagrams/medamagaeru/start.yaml": "game: medamagaeru\n",
                       "starter/notes.txt": "not copied\n"}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "pkg"))
    fake = importlib.import_module("fakegame")
    monkeypatch.setattr(banmen.game, "game_package", lambda game_id: fake)
    site = tmp_path / "site"
    result = new_site(str(site), "--game", "medamagaeru")
    assert result.exit_code == 0, result.stderr
    own = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert own == [".gitignore", "diagrams/medamagaeru/start.yaml", "docs/index.md",
                   "docs/medamagaeru/lesson.md", "docs/medamagaeru/rules.md", "mkdocs.yml"]
    assert (site / "docs" / "index.md").read_text(encoding="utf-8") == "# はじめに\n"  # kept
    config = yaml.load((site / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.Loader)
    # the reader's order: the rules before the lesson, whatever the names' order
    # the home page has a title of its own: the game's name is the section's only
    assert config["nav"] == [{"はじめに": "index.md"},
                             {"めだまがえる": ["medamagaeru/rules.md", "medamagaeru/lesson.md"]}]


def test_new_site_home_page_links_every_page_of_the_game_in_reading_order(tmp_path,
                                                                          monkeypatch):
    import importlib

    import banmen.game

    package = tmp_path / "pkg" / "fakegame2"
    for name, text in {"__init__.py": "from banmen.games.medamagaeru import GAME  # noqa: F401\n",
                       "starter/docs/medamagaeru/play.md": "# 対局\n",
                       "starter/docs/medamagaeru/puzzles.md": "# 問題 *1*\n",
                       "starter/docs/medamagaeru/rules.md": "# ルール\n",
                       "starter/docs/medamagaeru/lesson.md": "# 手ほどき\n"}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "pkg"))
    fake = importlib.import_module("fakegame2")
    monkeypatch.setattr(banmen.game, "game_package", lambda game_id: fake)
    site = tmp_path / "site"
    result = new_site(str(site), "--game", "medamagaeru")
    assert result.exit_code == 0, result.stderr
    assert (site / "docs" / "index.md").read_text(encoding="utf-8") == (
        "# めだまがえる\n\nこのサイトでは、めだまがえるのルールを盤面の図で学べます。\n\n"
        "- [ルール](medamagaeru/rules.md)\n- [手ほどき](medamagaeru/lesson.md)\n"
        "- [問題 \\*1\\*](medamagaeru/puzzles.md)\n- [対局](medamagaeru/play.md)\n")
    config = yaml.load((site / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.Loader)
    assert config["nav"][0] == {"はじめに": "index.md"}


@pytest.mark.slow
def test_a_new_site_builds_strict_with_banmen_build_inside_it(tmp_path):
    site = tmp_path / "medamagaeru-site"
    assert new_site(str(site), "--game", "medamagaeru").exit_code == 0
    done = subprocess.run([str(Path(sys.executable).with_name("banmen")), "build"], cwd=site,
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stderr[-3000:]
    page = (site / "site" / "medamagaeru" / "rules" / "index.html").read_text(encoding="utf-8")
    assert "<title>めだまがえるのルール - めだまがえるのルール</title>" in page  # the nav section
    assert "reposition_counts" in page  # the parameters table of the game
    assert (site / "site" / "assets" / "js" / "offline.js").is_file()


def test_a_games_name_reaches_the_new_sites_pages_as_text_and_its_config_as_one_string():
    import markdown

    from banmen.site.new_site import markdown_text, site_config

    name = "<img src=x onerror=alert(1)>三目[x](javascript:alert(1))*b*"
    assert markdown.markdown(f"# {markdown_text(name)}") == (
        "<h1>&lt;img src=x onerror=alert(1)&gt;三目[x](javascript:alert(1))*b*</h1>")
    config = yaml.load(site_config("x", "a\u2028b", "c\u2029", ["x/rules.md"]),
                       Loader=yaml.Loader)
    assert (config["site_name"], config["nav"]) == ("a\u2028b", [{"c\u2029": ["x/rules.md"]}])
