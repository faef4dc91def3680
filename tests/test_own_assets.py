"""banmen's scripts, styles and theme templates come with the package (issue #32): a MkDocs
Material site adds banmen by installing it and naming the plugin (banmen/site/own_assets.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.config import load_config

from banmen.site.own_assets import ASSETS, THEME, own_files, script_folders, site_asset_files
from banmen.site.plugin import add_own_assets
from banmen.site.scripts import bundle
from conftest import ROOT, build_site

#: what a site names of banmen: the theme and the two plugins
MINIMAL = "site_name: テスト\ntheme:\n  name: material\nplugins:\n  - search\n  - banmen\n"


def _config(folder: Path, text: str):
    (folder / "docs").mkdir(parents=True, exist_ok=True)
    (folder / "docs" / "index.md").write_text("# はじめに\n", encoding="utf-8")
    (folder / "mkdocs.yml").write_text(text, encoding="utf-8")
    return load_config(config_file=str(folder / "mkdocs.yml"))


def _scripts(config) -> list[tuple[str, str]]:
    return [(str(s), "" if isinstance(s, str) else s.type) for s in config["extra_javascript"]]


def test_the_own_files_are_in_the_package_and_served_under_assets():
    assert ASSETS == ROOT / "banmen" / "site" / "assets"
    assert THEME == ROOT / "banmen" / "site" / "theme"
    files = own_files()
    assert {"assets/banmen.css", "assets/js/main.js", "assets/js/offline-loader.js",
            "assets/js/play/worker.js", "assets/print.js", "assets/search-query.js",
            "assets/storage-guard.js"} <= set(files)
    assert files == sorted(files) and len(files) == len(list(ASSETS.rglob("*.js"))) + 1
    assert sorted(p.relative_to(THEME).as_posix() for p in THEME.rglob("*.html")) == [
        "404.html", "main.html", "partials/search.html"]


def test_the_plugin_adds_its_styles_scripts_and_theme_after_the_sites_own(tmp_path):
    config = _config(tmp_path / "plain", MINIMAL)
    material = list(config["theme"].dirs)
    add_own_assets(config)
    assert config["extra_css"] == ["assets/banmen.css"]
    assert _scripts(config) == [("assets/js/main.js", "module"),
                                ("assets/js/offline-loader.js", ""), ("assets/print.js", "")]
    assert config["theme"].dirs == [str(THEME), *material]
    add_own_assets(config)  # mkdocs serve runs on_config again: nothing twice
    assert config["extra_css"] == ["assets/banmen.css"] and len(config["extra_javascript"]) == 3
    assert config["theme"].dirs == [str(THEME), *material]

    # a site's own entries come first, one it lists itself is not repeated; its custom_dir
    # stays first, so its templates win over banmen's
    site = tmp_path / "own"
    (site / "overrides").mkdir(parents=True)
    config = _config(site, MINIMAL.replace("  name: material\n",
                                           "  name: material\n  custom_dir: overrides\n")
                     + "extra_css:\n  - extra.css\n  - assets/banmen.css\n"
                       "extra_javascript:\n  - assets/print.js\n")
    add_own_assets(config)
    assert config["extra_css"] == ["extra.css", "assets/banmen.css"]
    assert _scripts(config) == [("assets/print.js", ""), ("assets/js/main.js", "module"),
                                ("assets/js/offline-loader.js", "")]
    dirs = config["theme"].dirs
    assert dirs[:2] == [str(site / "overrides"), str(THEME)]
    assert "material" in Path(dirs[2]).parts


def test_a_sites_own_asset_files_win_in_the_version_and_the_offline_bundle(tmp_path):
    docs = tmp_path / "docs"
    assert site_asset_files(docs) == {p[len("assets/"):]: ASSETS / p[len("assets/"):]
                                      for p in own_files()}
    assert script_folders(docs) == [ASSETS / "js"]
    (docs / "assets" / "js").mkdir(parents=True)
    own_css = docs / "assets" / "banmen.css"
    own_css.write_text("/* the site's own */\n", encoding="utf-8")
    (docs / "assets" / "logo.svg").write_text("<svg/>", encoding="utf-8")
    files = site_asset_files(docs)
    assert files["banmen.css"] == own_css and files["logo.svg"] == docs / "assets" / "logo.svg"
    assert files["js/main.js"] == ASSETS / "js" / "main.js"
    # a module of the site's own replaces banmen's in the offline bundle
    (docs / "assets" / "js" / "feedback.js").write_text(
        (ASSETS / "js" / "feedback.js").read_text(encoding="utf-8") + "var siteOwnMark = 1;\n",
        encoding="utf-8")
    assert script_folders(docs) == [docs / "assets" / "js", ASSETS / "js"]
    assert "siteOwnMark" in bundle(script_folders(docs))
    assert "siteOwnMark" not in bundle(ASSETS / "js")


def _own_links(page: str) -> list[str]:
    """The URLs of banmen's styles and scripts a built page links, in page order."""
    return re.findall(r'(?:href|src)="((?:\.\./)*assets/(?:banmen\.css|print\.js|'
                      r'search-query\.js|storage-guard\.js|js/[\w-]+\.js)\?v=[0-9a-f]{12})"', page)


@pytest.mark.slow
def test_a_site_naming_only_the_plugin_builds_strict_with_banmens_files(tmp_path):
    site = tmp_path / "minimal"
    _config(site, MINIMAL + "strict: true\n")
    done = build_site(site, site / "site")
    assert done.returncode == 0, done.stderr[-3000:]
    page = (site / "site" / "index.html").read_text(encoding="utf-8")
    links = [re.sub(r"\?v=.*", "", link) for link in _own_links(page)]
    assert links == ["assets/banmen.css", "assets/storage-guard.js", "assets/search-query.js",
                     "assets/js/main.js", "assets/js/offline-loader.js", "assets/print.js"]
    # banmen's main.html: the storage guard and the search query before Material's scripts
    assert page.index("assets/search-query.js") < page.index("assets/javascripts/bundle.")
    assert re.search(r'<script src="assets/js/main\.js\?v=[0-9a-f]{12}" type="module">', page)
    for name in ("banmen.css", "print.js", "search-query.js", "storage-guard.js",
                 "js/play/play-board.js"):
        assert (site / "site" / "assets" / name).read_bytes() == (ASSETS / name).read_bytes()
    assert (site / "site" / "assets" / "js" / "offline.js").is_file()
    missing = (site / "site" / "404.html").read_text(encoding="utf-8")
    assert "<title>ページが見つかりません - テスト</title>" in missing  # banmen's template


@pytest.mark.slow
def test_a_sites_own_banmen_css_and_templates_win_over_banmens(tmp_path):
    site = tmp_path / "own"
    (site / "docs" / "assets").mkdir(parents=True)
    (site / "docs" / "assets" / "banmen.css").write_text("/* the site's own */\n",
                                                         encoding="utf-8")
    (site / "overrides").mkdir()
    (site / "overrides" / "404.html").write_text(
        '{% extends "main.html" %}\n{% block content %}<h1>ない</h1>{% endblock %}\n',
        encoding="utf-8")
    _config(site, MINIMAL.replace("  name: material\n",
                                  "  name: material\n  custom_dir: overrides\n")
            .replace("  - banmen\n", "  - banmen:\n      games: [medamagaeru]\n")
            + "strict: true\nextra_css:\n  - assets/banmen.css\n")
    done = build_site(site, site / "site")
    assert done.returncode == 0, done.stderr[-3000:]
    assert (site / "site" / "assets" / "banmen.css").read_text(encoding="utf-8") == (
        "/* the site's own */\n")
    page = (site / "site" / "index.html").read_text(encoding="utf-8")
    assert [re.sub(r"\?v=.*", "", link) for link in _own_links(page)].count(
        "assets/banmen.css") == 1
    missing = (site / "site" / "404.html").read_text(encoding="utf-8")
    assert "<h1>ない</h1>" in missing and "ページが見つかりません" not in missing
    assert "assets/storage-guard.js" in missing  # banmen's main.html under the site's 404


@pytest.mark.slow
def test_a_wheel_of_banmen_carries_its_assets_and_templates(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "banmen", source / "banmen",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                           str(tmp_path / "target"), str(source)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    installed = tmp_path / "target" / "banmen" / "site"

    def listing(folder: Path) -> list[str]:
        return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())

    for part in ("assets", "theme"):
        assert listing(installed / part) == listing(ROOT / "banmen" / "site" / part)
