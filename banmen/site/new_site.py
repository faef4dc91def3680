"""``banmen new-site DIR --game ID``: write a small MkDocs Material site about one game.

The site uses the ``banmen`` MkDocs plugin (:mod:`banmen.site.plugin`): ``banmen build`` or
``banmen serve`` run inside ``DIR`` build it as they build banmen's own site (the content
root is the folder of its ``mkdocs.yml``). What it holds:

- ``mkdocs.yml``: theme material in Japanese, the plugins ``search`` (set up for the Japanese
  words banmen cuts) and ``banmen`` (``games: [ID]``, which brings the pages' scripts,
  styles and theme templates: :mod:`banmen.site.own_assets`), the Markdown extensions
  banmen's pages need;
- ``docs/index.md``;
- the game's starter content: the folders ``docs/``, ``diagrams/``, ``puzzles/``,
  ``sequences/``, ``lessons/``, ``courses/`` of the game package's optional ``starter/`` folder
  (:mod:`banmen.contract`); without one, a ``docs/<ID>/rules.md`` page showing the game's
  rule parameters.

Nothing is written unless every check passes; the site is written into a staging folder next
to ``DIR`` and renamed into place.
"""

from __future__ import annotations

import html
import json
import re
import os
import shutil
import tempfile
from importlib import resources
from pathlib import Path

from banmen.errors import BanmenError

#: The starter folders copied from a game package's ``starter/`` (:mod:`banmen.contract`).
STARTER_PARTS = ("docs", "diagrams", "puzzles", "sequences", "lessons", "courses")
#: What a new site's folder may be named: letters and digits of any script, ``.``, ``_``,
#: ``-``; starting with a letter or digit.
NAME_RULE = "letters, digits, '.', '_' and '-', starting with a letter or digit"

#: Material's search, set up as in banmen's own site: Japanese text is cut into words at
#: build time (banmen/site/search.py) with a zero-width space at each boundary.
_SEPARATOR = ("(?:^|[\\s\\u200b\\-、。，．・「」『』（）：？！(),.:;!?/]+)"
              "[\\u3041-\\u3096\\u30a1-\\u30fa\\u30fc]"
              "(?=[\\s\\u200b\\-、。，．・「」『』（）：？！(),.:;!?/]|$)"
              "|[\\s\\u200b\\-、。，．・「」『』（）：？！(),.:;!?/]+")

_CONFIG = """\
# A banmen site (written by `banmen new-site`): `banmen serve` shows it with live reload,
# `banmen build` builds it into site/. The content (diagrams/, puzzles/, sequences/,
# lessons/, rules.yaml) is checked and drawn by the banmen plugin, which also brings banmen's
# scripts, styles and theme templates.
site_name: {site_name}
docs_dir: docs
strict: true

theme:
  name: material
  language: ja
  font: false             # no web fonts: pages must work offline

# Dead links and anchors in pages fail the strict build.
validation:
  omitted_files: warn
  absolute_links: warn
  unrecognized_links: warn
  anchors: warn

plugins:
  - search:
      lang: en
      pipeline: []
      separator: {separator}
  - banmen:
      games: [{game}]

markdown_extensions:
  - admonition
  - attr_list
  - def_list
  - footnotes
  - md_in_html
  - tables
  - toc:
      permalink: true
      permalink_title: この見出しへのリンク
      slugify: !!python/object/apply:pymdownx.slugs.slugify {{kwds: {{case: lower}}}}
  - pymdownx.details
  - pymdownx.superfences
  - cjk_autojoin

extra:
  generator: false
"""

_INDEX = """\
# {name}

このサイトでは、{name}のルールを盤面の図で学べます。
"""

_RULES = """\
# {name}のルール

ルールの設定と、このサイトで使う値です。

{{{{ parameters {game} }}}}
"""

_GITIGNORE = "/site/\n/.cache/\n"

#: Line breaks of YAML that JSON strings may hold as they are.
_YAML_BREAKS = {0x85: "\\x85", 0x2028: "\\u2028", 0x2029: "\\u2029"}
#: Characters Markdown gives a meaning to, written with a backslash in a page's text.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")


def markdown_text(text: str) -> str:
    """Return ``text`` (a game's name from its package) as Markdown that shows exactly that
    text: HTML escaped and Markdown's special characters backslash-escaped, so no link,
    markup or emphasis can come from it."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


def check_target(target: Path) -> None:
    """Check that a new site may be written at ``target`` (nothing is written).

    Raises:
        BanmenError: one line: the name has other characters than :data:`NAME_RULE`, the
            folder exists and is not empty (or is no folder), or its parent folder is missing.
    """
    name = target.absolute().name
    if not name or not (name[0].isalnum() and all(ch.isalnum() or ch in "._-" for ch in name)):
        raise BanmenError(f"{target}: the folder name {json.dumps(name, ensure_ascii=False)} "
                          f"has other characters; expected {NAME_RULE}")
    if target.exists() or target.is_symlink():
        if not target.is_dir() or target.is_symlink():
            raise BanmenError(f"{target}: exists and is not a folder; expected a new or empty "
                              "folder")
        if any(target.iterdir()):
            raise BanmenError(f"{target}: the folder exists and is not empty; expected a new "
                              "or empty folder")
    parent = target.absolute().parent
    if not parent.is_dir():
        raise BanmenError(f"{target}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise BanmenError(f"{target}: cannot write in {parent} (permission denied)")


#: The pages of a game in the order a reader takes them (by file name stem; other pages
#: follow by name).
READING_ORDER = ("rules", "lesson", "puzzles", "play")


#: The home page's title in the navigation (the main site's too), so that the game's name
#: (the home page's heading) is not shown twice beside the section of its pages.
HOME_TITLE = "はじめに"


def _title(path: Path) -> str:
    """Return the text of the first ``# `` heading of the Markdown file ``path`` (its stem
    when it has none)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


def _reading_key(page: str) -> tuple[int, str]:
    stem = page.rsplit("/", 1)[-1].removesuffix(".md")
    first = stem.split("-", 1)[0]
    rank = READING_ORDER.index(first) if first in READING_ORDER else len(READING_ORDER)
    return rank, page


def site_config(game_id: str, site_name: str, game_name: str, pages: list[str]) -> str:
    """Return the ``mkdocs.yml`` text of a new site about ``game_id`` named ``site_name``.

    Args:
        game_id: the game's id.
        site_name: the site's name.
        game_name: the game's Japanese name: the navigation section of its pages.
        pages: every Markdown page under ``docs/`` (``"medamagaeru/rules.md"``...): the
            navigation lists ``index.md`` first, then the section of the pages under
            ``docs/<game_id>/`` in a reader's order (:data:`READING_ORDER`: the rules, the
            lesson, the puzzles, play, then the rest by name), then the others, each titled
            by its own first heading.
    """
    def quoted(text: str) -> str:
        # a JSON string is a YAML double-quoted one, except for the line breaks YAML knows
        # beyond JSON's (U+0085, U+2028, U+2029), written as escapes
        return json.dumps(text, ensure_ascii=False).translate(_YAML_BREAKS)

    nav = ["nav:", f"  - {quoted(HOME_TITLE)}: index.md"] if "index.md" in pages else ["nav:"]
    own = sorted((page for page in pages if page.startswith(f"{game_id}/")), key=_reading_key)
    if own:
        nav.append(f"  - {quoted(game_name)}:")
        nav += [f"      - {quoted(page)}" for page in own]
    nav += [f"  - {quoted(page)}" for page in pages if page != "index.md" and page not in own]
    return _CONFIG.format(site_name=quoted(site_name), separator=quoted(_SEPARATOR),
                          game=game_id) + "\n" + "\n".join(nav) + "\n"


def write_site(target: Path, game_id: str) -> list[Path]:
    """Write a new site about ``game_id`` into the folder ``target`` (made, or empty).

    Args:
        target: the site's folder.
        game_id: a registered game id (:func:`banmen.game.game_ids`).

    Returns:
        The files written, relative to ``target``, sorted.

    Raises:
        BanmenError: one line: the game id is unknown (the known ones listed), ``target``
            cannot be used (:func:`check_target`), or writing failed (nothing is left
            behind).
    """
    from banmen.game import game_class, game_ids, game_package

    if game_id not in game_ids():
        raise BanmenError(f"--game {game_id}: unknown game '{game_id}' "
                          f"(known: {', '.join(game_ids())})")
    check_target(target)
    package = game_package(game_id)
    name = game_class(game_id).name_ja
    starter = resources.files(package) / "starter"
    parent = target.absolute().parent
    staging = Path(tempfile.mkdtemp(prefix=f".{target.absolute().name}.new-", dir=parent))
    try:
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        if starter.is_dir():
            with resources.as_file(starter) as folder:
                for part in STARTER_PARTS:
                    if (folder / part).is_dir():
                        shutil.copytree(folder / part, staging / part, ignore=ignore,
                                        dirs_exist_ok=True)
        else:
            _write(staging / "docs" / game_id / "rules.md",
                   _RULES.format(name=markdown_text(name), game=game_id))
        if not (staging / "docs" / "index.md").exists():
            index = _INDEX.format(name=markdown_text(name), game=game_id)
            own = sorted((p.relative_to(staging / "docs").as_posix()
                          for p in (staging / "docs" / game_id).rglob("*.md")),
                         key=_reading_key) if (staging / "docs" / game_id).is_dir() else []
            if own:  # every page of the game, in a reader's order, by its title
                index += "\n" + "".join(
                    f"- [{markdown_text(_title(staging / 'docs' / page))}]({page})\n"
                    for page in own)
            _write(staging / "docs" / "index.md", index)
        pages = sorted(p.relative_to(staging / "docs").as_posix()
                       for p in (staging / "docs").rglob("*.md"))
        _write(staging / "mkdocs.yml", site_config(game_id, f"{name}のルール", name, pages))
        _write(staging / ".gitignore", _GITIGNORE)
        written = sorted(p.relative_to(staging) for p in staging.rglob("*") if p.is_file())
        staging.chmod(0o777 & ~_umask())
        os.rename(staging, target)  # an empty folder there (checked) is replaced
    except OSError as err:
        shutil.rmtree(staging, ignore_errors=True)
        raise BanmenError(f"{target}: cannot write the site ({err.strerror or err})") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return written


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask

