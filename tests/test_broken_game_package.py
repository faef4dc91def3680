"""A broken game package installed beside banmen is one line naming it, never a traceback
(issue 32, found by an attack on the new registry): a missing module, no GAME, a GAME whose
id is not its entry point's name, words that are not plain data, a module that fails to
import, and one id registered by two distributions with different packages."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from banmen import contract
from banmen.errors import BanmenError
from banmen.game import game_class, game_module, get_game

GAME_SOURCE = textwrap.dedent("""\
    from banmen.games.ukejalayer import UkejalayerGame

    class Game(UkejalayerGame):
        id = "{id}"

    GAME = Game
    """)


def _install(root: Path, dist: str, points: dict[str, str]) -> None:
    """Write the metadata of distribution ``dist`` registering ``points`` under ``root``."""
    info = root / f"{dist.replace('-', '_')}-0.1.dist-info"  # as pip names it
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n",
                                   encoding="utf-8")
    lines = "".join(f"{name} = {value}\n" for name, value in points.items())
    (info / "entry_points.txt").write_text(f"[banmen.games]\n{lines}", encoding="utf-8")


def _package(root: Path, name: str, files: dict[str, str]) -> None:
    folder = root / name
    folder.mkdir(parents=True)
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")


@pytest.fixture()
def site_packages(tmp_path, monkeypatch):
    """A folder on sys.path whose distributions are read afresh by the registry."""
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(contract, "_registry", None)
    monkeypatch.setattr(contract, "_conflicts", {})  # both restored after the test
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("brk_")]:
        del sys.modules[name]


def test_a_missing_package_is_one_line(site_packages):
    _install(site_packages, "brk-missing", {"brk-missing": "brk_nosuch"})
    with pytest.raises(BanmenError) as caught:
        get_game("brk-missing")
    assert str(caught.value) == ("game 'brk-missing': cannot import its package 'brk_nosuch': "
                                 "ModuleNotFoundError: No module named 'brk_nosuch'")


def test_a_package_without_game_or_with_another_id_is_one_line(site_packages):
    _install(site_packages, "brk-two", {"brk-nogame": "brk_nogame", "brk-other": "brk_other"})
    _package(site_packages, "brk_nogame", {"__init__.py": "GAMEX = 1\n"})
    _package(site_packages, "brk_other", {"__init__.py": GAME_SOURCE.format(id="brk-else")})
    with pytest.raises(BanmenError) as caught:
        game_class("brk-nogame")
    assert str(caught.value) == ("game 'brk-nogame': package 'brk_nogame' has no GAME "
                                 "(expected the game's banmen.game.Game subclass)")
    with pytest.raises(BanmenError) as caught:
        game_class("brk-other")
    assert str(caught.value) == ("game 'brk-other': package 'brk_other' defines a game with id "
                                 "'brk-else' (expected 'brk-other', the name of its entry point)")


def test_a_module_that_fails_to_import_and_words_that_are_not_data(site_packages):
    _install(site_packages, "brk-words", {"brk-words": "brk_words"})
    _package(site_packages, "brk_words", {
        "__init__.py": GAME_SOURCE.format(id="brk-words"),
        "view.py": "raise RuntimeError('broken view')\n",
        "words.py": "WORDS = {'sides': {'x': print}}\n"})
    with pytest.raises(BanmenError) as caught:
        game_module("brk-words", "view")
    assert str(caught.value) == ("game 'brk-words': cannot import 'brk_words.view': "
                                 "RuntimeError: broken view")
    with pytest.raises(BanmenError) as caught:
        contract.words_of(sys.modules["brk_words"])
    assert str(caught.value) == ("brk_words.words.WORDS['sides']['x']: a function is not plain "
                                 "data (expected str, int, float, bool, list or dict)")


def test_one_id_registered_by_two_packages_is_refused(site_packages):
    _install(site_packages, "brk-a", {"brk-twice": "brk_one"})
    _install(site_packages, "brk-b", {"brk-twice": "brk_two"})
    with pytest.raises(BanmenError) as caught:
        get_game("brk-twice")
    assert str(caught.value) == (
        "game 'brk-twice' is registered by more than one package: brk_one (brk-a) and "
        "brk_two (brk-b); uninstall one of them")


def test_a_builtin_id_taken_by_another_package_is_refused(site_packages):
    _install(site_packages, "brk-ludo", {"ludo": "brk_ludo"})
    with pytest.raises(BanmenError) as caught:
        get_game("ludo")
    assert str(caught.value) == (
        "game 'ludo' is registered by more than one package: banmen.games.ludo (banmen) and "
        "brk_ludo (brk-ludo); uninstall one of them")
