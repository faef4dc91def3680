"""The game packages' build hooks (``site.py``, ``mining.py``; ``banmen/contract.py``) and the
engine zip built from the registered packages."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from banmen import contract as game_registry
from banmen.cli import main
from banmen.errors import BanmenError
from banmen.game import game_ids, game_module, get_game
from banmen.site.play_assets import engine_files, engine_zip, play_games
from banmen.site.play_page import start_setups
from banmen.site.presets import has_presets, presets_markdown


def _names() -> list[str]:
    return zipfile.ZipFile(io.BytesIO(engine_zip())).namelist()


def test_the_zip_holds_the_registry_and_no_build_only_module():
    names = _names()
    registry = json.loads(zipfile.ZipFile(io.BytesIO(engine_zip())).read("banmen/games.json"))
    assert registry == {"babuschka": "banmen.games.babuschka", "ludo": "banmen.games.ludo",
                        "medamagaeru": "banmen.games.medamagaeru",
                        "suicide-checkers": "banmen.games.suicide_checkers",
                        "ukejalayer": "banmen.games.ukejalayer"}
    assert {"banmen/contract.py", "banmen/games.json", "banmen/games/ludo/engine.py",
            "banmen/games/medamagaeru/view.py"} <= set(names)
    assert not [n for n in names if n.rsplit("/", 1)[-1] in ("site.py", "mining.py",
                                                             "drawing.py")]
    assert (Path(game_module("ludo", "site").__file__).is_file()
            and Path(game_module("medamagaeru", "mining").__file__).is_file())


def test_the_zip_plays_every_game_without_package_metadata(tmp_path):
    """As under Pyodide: no entry points (no site-packages), only the unpacked zip."""
    zipfile.ZipFile(io.BytesIO(engine_zip())).extractall(tmp_path)
    script = ("import json, sys\n"
              "from banmen import play\n"
              "from banmen.game import game_ids\n"
              "assert 'site-packages' not in ' '.join(sys.path)\n"
              "for g in game_ids():\n"
              "    answer = json.loads(play.handle(json.dumps({'op': 'start', 'game': g})))\n"
              "    print(g, answer['position']['game'], answer['view']['variant'].startswith(g))\n")
    result = subprocess.run([sys.executable, "-S", "-c", script], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [f"{g} {g} True" for g in game_ids()]


def test_a_package_outside_banmen_goes_in_under_its_import_path(tmp_path, monkeypatch):
    root = tmp_path / "src"
    package = root / "acme" / "tictactoe"
    (package / "starter" / "docs").mkdir(parents=True)
    (package / "rules").mkdir()
    (root / "acme" / "__init__.py").write_text("", encoding="utf-8")
    for name in ("__init__.py", "view.py", "words.py", "drawing.py", "site.py", "mining.py",
                 "rules/__init__.py", "starter/docs/x.py"):
        (package / name).write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(game_registry, "_registry",
                        {**game_registry.registry(), "tic-tac-toe": "acme.tictactoe"})
    names = dict(engine_files())
    assert sorted(n for n in names if n.startswith("acme/")) == [
        "acme/__init__.py", "acme/tictactoe/__init__.py", "acme/tictactoe/rules/__init__.py",
        "acme/tictactoe/view.py", "acme/tictactoe/words.py"]
    assert names["acme/tictactoe/view.py"] == (package / "view.py").resolve()
    registry = json.loads(zipfile.ZipFile(io.BytesIO(engine_zip())).read("banmen/games.json"))
    assert registry["tic-tac-toe"] == "acme.tictactoe"


def test_the_play_setups_come_from_the_packages():
    labels = {g: [s["label"] for s in start_setups(get_game(g))] for g in game_ids()}
    assert labels == {"babuschka": ["2人", "4人"],
                      "ludo": ["飛行棋・2人", "飛行棋・4人", "かんたん・2人", "ルドー・2人",
                               "ルドー・4人"],
                      "medamagaeru": [""], "suicide-checkers": [""], "ukejalayer": [""]}
    ludo = start_setups(get_game("ludo"))
    assert [(s["rules"].get("preset"), s["rules"].get("colours")) for s in ludo] == [
        (None, None), (None, 4), ("easy", None), ("ludo", None), ("ludo", 4)]


def test_the_board_variants_come_from_the_packages():
    from banmen.games.views import play_variant

    games = {g: get_game(g) for g in game_ids()}
    assert [play_variant(g) for g in play_games(games)] == [
        "babuschka-2", "babuschka-4", "ludo-takeoff-4", "ludo-takeoff-2", "ludo-loop-4",
        "ludo-loop-2", "medamagaeru", "suicide-checkers", "ukejalayer-4"]


def test_presets_come_from_the_package_hook():
    assert [g for g in game_ids() if has_presets(g)] == ["ludo"]
    assert not has_presets("no-such-game")
    assert presets_markdown(get_game("ludo")).startswith("| ルール | 飛行棋 | かんたん | ルドー |\n")
    with pytest.raises(BanmenError) as caught:
        presets_markdown(get_game("babuschka"))
    assert str(caught.value) == "game 'babuschka' has no presets (games with presets: ludo)"


def test_simulate_takes_the_games_and_presets_the_packages_offer():
    result = CliRunner().invoke(main, ["simulate", "babuschka"])
    assert result.exit_code == 2
    assert "Invalid value for 'GAME': 'babuschka' is not 'ludo'." in result.output
    result = CliRunner().invoke(main, ["simulate", "ludo", "--preset", "fast"])
    assert result.exit_code == 2
    assert ("Invalid value for '--preset': 'fast' is not one of 'aeroplane', 'easy', 'ludo'."
            in result.output)
    result = CliRunner().invoke(main, ["simulate", "ludo", "--games", "2", "--preset", "ludo"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == ("preset: ludo, colours: red, blue, pieces: 4, "
                                             "games: 2, seed: 0")


def test_the_help_lists_the_registered_games():
    result = CliRunner().invoke(main, ["--help"])
    assert " ".join(result.output.split()).count(
        "Game ids: babuschka, ludo, medamagaeru, suicide-checkers, ukejalayer.") == 1


def test_mining_leaves_out_the_history_keys_the_package_names():
    from banmen.mine.run import Settings, mine_one_game

    assert game_module("medamagaeru", "mining").HISTORY_KEYS == ("window", "history")
    assert game_module("ukejalayer", "mining") is None
    found = []
    for number in range(40):
        found += mine_one_game(Settings("medamagaeru", None, 7, 3, 5000), number)
        if found:
            break
    assert found and all(not {"window", "history"} & set(p["position"]) for _, p in found)
    assert found[0][1]["answer"]["kind"] == "move"


def test_a_game_with_questions_is_mined_for_questions_only():
    from banmen.mine.run import Settings, mine_one_game

    found = mine_one_game(Settings("ludo", None, 7, 3, 5000), 0)
    assert found and {p["answer"]["kind"] for _, p in found} <= {"choice", "number"}
