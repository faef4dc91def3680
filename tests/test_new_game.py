"""``banmen new-game``: the template package it writes, its engine's known facts, and the
one-line refusals of bad input (nothing written then)."""

from __future__ import annotations

import ast
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from banmen import new_game as new_game_module
from banmen.cli import main

#: The files of a generated package, relative to its folder (for the id tic-tac-toe).
FILES = [
    "README.md",
    "pyproject.toml",
    "tests/test_game.py",
    "tic_tac_toe/__init__.py",
    "tic_tac_toe/drawing.py",
    "tic_tac_toe/evaluation.py",
    "tic_tac_toe/starter/courses/tic-tac-toe.yaml",
    "tic_tac_toe/starter/diagrams/tic-tac-toe/three-in-a-row.yaml",
    "tic_tac_toe/starter/docs/tic-tac-toe/lesson.md",
    "tic_tac_toe/starter/docs/tic-tac-toe/play.md",
    "tic_tac_toe/starter/docs/tic-tac-toe/puzzles.md",
    "tic_tac_toe/starter/docs/tic-tac-toe/rules.md",
    "tic_tac_toe/starter/lessons/tic-tac-toe/first-game.yaml",
    "tic_tac_toe/starter/puzzles/tic-tac-toe/p01-win-in-one.yaml",
    "tic_tac_toe/typed.py",
    "tic_tac_toe/view.py",
    "tic_tac_toe/words.py",
]
BANMEN = [sys.executable, "-c", "from banmen.launch import main; main()"]


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def written(tmp_path) -> Path:
    folder = tmp_path / "ttt"
    result = CliRunner().invoke(main, ["new-game", "tic-tac-toe", "--dir", str(folder)])
    assert (result.exit_code, result.stderr) == (
        0, f"next: pip install -e {folder}; then pytest {folder / 'tests'}\n")
    assert result.stdout.splitlines() == [str(folder / name) for name in
                                          sorted(FILES, key=lambda n: _template_order(n))]
    return folder


def _template_order(name: str) -> str:
    """The order files are written in: sorted by their template path."""
    return name.replace("tic_tac_toe", "__package__").replace("tic-tac-toe", "__id__")


@pytest.fixture
def package(written, monkeypatch):
    """The generated package imported from its folder (not installed)."""
    monkeypatch.syspath_prepend(str(written))
    yield importlib.import_module("tic_tac_toe")
    for name in [n for n in sys.modules if n == "tic_tac_toe" or n.startswith("tic_tac_toe.")]:
        del sys.modules[name]


def test_new_game_writes_the_whole_package(written):
    files = _files(written)
    assert list(files) == FILES
    texts = {name: data.decode("utf-8") for name, data in files.items()}
    assert not [name for name, text in texts.items()
                if "${" in text or "$$" in text or "__id__" in text]
    pyproject = texts["pyproject.toml"]
    assert '[project.entry-points."banmen.games"]\ntic-tac-toe = "tic_tac_toe"\n' in pyproject
    assert 'dependencies = ["banmen"]' in pyproject
    assert 'tic_tac_toe = ["starter/**/*"]' in pyproject
    code = [name for name in FILES if name.startswith("tic_tac_toe/") and name.endswith(".py")]
    lines = sum(texts[name].count("\n") for name in code)
    assert 300 < lines < 400  # small enough to read at once
    puzzle = texts["tic_tac_toe/starter/puzzles/tic-tac-toe/p01-win-in-one.yaml"]
    assert puzzle.startswith("game: tic-tac-toe\n")
    assert "{{ diagram tic-tac-toe/three-in-a-row }}" in texts[
        "tic_tac_toe/starter/docs/tic-tac-toe/rules.md"]


def test_browser_modules_import_only_the_engine(written):
    """What runs under Pyodide (every module but drawing.py) imports only the standard
    library, banmen's engine modules and its own package (banmen/contract.py)."""
    allowed = {"banmen.errors", "banmen.game", "banmen.params", "banmen.analysis"}
    found = {}
    for path in sorted((written / "tic_tac_toe").glob("*.py")):
        if path.stem == "drawing":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                if not (name in allowed or name.split(".")[0] in sys.stdlib_module_names
                        or name.split(".")[0] == "tic_tac_toe"):
                    found.setdefault(path.name, []).append(name)
    assert found == {}


def test_new_game_has_help():
    result = CliRunner().invoke(main, ["new-game", "--help"])
    assert result.exit_code == 0 and "Usage: main new-game [OPTIONS] ID" in result.output


def test_new_game_output_is_the_same_every_time(written, tmp_path):
    again = tmp_path / "again"
    assert CliRunner().invoke(main, ["new-game", "tic-tac-toe", "--dir", str(again)]).exit_code == 0
    assert _files(again) == _files(written)


def test_the_import_name_follows_the_id(tmp_path):
    result = CliRunner().invoke(main, ["new-game", "go-moku-2", "--dir", str(tmp_path / "g")])
    assert result.exit_code == 0, result.output
    pyproject = (tmp_path / "g" / "pyproject.toml").read_text(encoding="utf-8")
    assert 'go-moku-2 = "go_moku_2"' in pyproject
    engine = (tmp_path / "g" / "go_moku_2" / "__init__.py").read_text(encoding="utf-8")
    assert '    id = "go-moku-2"\n' in engine
    assert (tmp_path / "g" / "go_moku_2" / "starter" / "lessons" / "go-moku-2").is_dir()


def test_generated_engine_reproduces_the_known_facts(package):
    from banmen.analysis import generic_perft

    game = package.GAME()
    start = game.initial_state()
    assert (game.id, game.name_ja, game.side_to_move(start)) == ("tic-tac-toe", "三目並べ", "x")
    assert [generic_perft(game, start, depth) for depth in (1, 2, 3, 6, 9)] == [
        9, 72, 504, 54_720, 127_872]

    def games(state):  # every finished game, each counted once
        if game.outcome(state) is not None:
            return 1
        return sum(games(game.play(state, move)) for move in game.legal_moves(state))

    assert games(start) == 255_168
    seen, todo = {start}, [start]
    while todo:
        state = todo.pop()
        for move in game.legal_moves(state):
            if (after := game.play(state, move)) not in seen:
                seen.add(after)
                todo.append(after)
    assert len(seen) == 5_478


def test_generated_engine_refuses_impossible_positions(package):
    from banmen.game import PositionError

    game = package.GAME()
    cases = [
        ({"to_move": "x", "board": {"a1": "X"}},
         "to_move must be 'o' with 1 X and 0 O, got 'x'", ("to_move",)),
        ({"to_move": "x", "board": {"a1": "O"}},
         "0 X and 1 O cannot arise: × moves first, so X must equal O or be one more",
         ("board",)),
        ({"to_move": "x", "board": {"d1": "X"}}, "'d1' is not a square (expected a1 to c3)",
         ("board", "d1")),
        ({"to_move": "x", "board": []}, "board must be a mapping like {b2: X, a1: O}",
         ("board",)),
        ({"to_move": "x", "board": {"a1": "x"}}, "mark must be X or O, got 'x'", ("board", "a1")),
        ({"to_move": "x", "hands": {}}, "unknown key 'hands' (expected game, to_move, board)",
         ("hands",)),
        ({"to_move": "o", "board": {"a1": "X", "b1": "X", "c1": "X", "a2": "O", "b2": "O"},
          "game": "ukejalayer"}, "game must be 'tic-tac-toe', got 'ukejalayer'", ("game",)),
        ({"to_move": "o", "board": {"a1": "O", "b1": "O", "c1": "O", "a2": "X", "b2": "X",
                                    "c3": "X", "b3": "X"}},
         "O has three in a row, but X has moved since: the game ended there", ("board",)),
    ]
    for data, message, path in cases:
        with pytest.raises(PositionError) as err:
            game.position_from_yaml(data)
        assert (str(err.value), err.value.path) == (message, path)


def test_generated_view_words_and_drawing(package):
    from banmen.game import IllegalMoveError
    from banmen.render.ids import html_id
    from banmen.render.parts import draw_symbols
    from banmen.render.spec import DiagramSpec
    from banmen.render.svg import figure_to_svg

    drawing = importlib.import_module("tic_tac_toe.drawing")
    view = importlib.import_module("tic_tac_toe.view")
    words = importlib.import_module("tic_tac_toe.words").WORDS
    game = package.GAME()
    before = game.position_from_yaml({"to_move": "x", "board": {"a1": "X", "b2": "X",
                                                                  "b1": "O", "a2": "O"}})
    after = game.play(before, "c3")
    assert game.outcome(after).reason == "three in a row"
    assert view.pieces(game, after) == ([("a1", "X", "X"), ("b1", "O", "O"), ("a2", "O", "O"),
                                         ("b2", "X", "X"), ("c3", "X", "X")], ["×の勝ち"], {})
    assert (view.variant(game, after), view.looks(game, after)) == ("tic-tac-toe", ["X", "O"])
    assert drawing.describe(game, before) == "×の番。a1：×。b1：○。a2：○。b2：×。"
    assert words["sides"] == {"x": "×", "o": "○"}
    full = game.position_from_yaml({"to_move": "o", "board": dict(zip(
        ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"], "XOXXOOOXX"))})
    reasons = [game.outcome(after).reason, game.outcome(full).reason]
    assert [[template for pattern, template in words["outcomes"] if re.search(pattern, reason)]
            for reason in reasons] == [["縦・横・斜めのどれかに3つそろいました。"],
                                       ["マスがすべて埋まりましたが、3つそろった列はありません。"]]
    jsonschema.validate(game.position_to_yaml(after), game.position_schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"to_move": "x", "board": {"d1": "X"}}, game.position_schema())
    assert sorted(words["kinds"]) == sorted(game.move_kind_names)
    assert game.move_kinds(before, "c3") == ("win", "place")
    assert game.click_reason(before, [], "b2") == "b2にはもう印があります。"
    with pytest.raises(IllegalMoveError) as refused:
        game.parse_move(before, "b2")
    assert (str(refused.value), refused.value.code, refused.value.values) == (
        "'b2' is not legal here: b2 is marked already", "occupied", {"square": "b2"})
    assert words["reasons"][refused.value.code].format(**refused.value.values) == (
        "b2にはもう印があります。")
    assert game.click_reason(after, [], "c1") == "勝負はもう終わっています。"
    spec = DiagramSpec("tic-tac-toe/t", after, before=before, move="c3")
    svg = figure_to_svg(drawing.draw(game, spec), spec.ident)
    prefix = html_id(spec.ident)
    assert f'id="{prefix}--sq-c3"' in svg and f'id="{prefix}--arrived-badge-c3"' in svg
    # the starter's boards are composed from parts (issue 37): once its groups are
    # recorded, a board holds nothing but parts and is written without matplotlib
    from banmen.render import replay
    from banmen.render import svg as svg_module

    with replay.on():
        figure_to_svg(drawing.draw(game, spec), spec.ident)
        figure = drawing.draw(game, spec)
    assert svg_module._composed(figure) is not None
    composed = figure_to_svg(figure, spec.ident)
    assert replay.PART_OPEN in composed and replay.plain_svg(composed) == svg
    assert set(drawing.geometry_for(game).centers) == {f"{f}{r}" for f in "abc" for r in "123"}
    figure, geometry = drawing.play_board(game)
    assert geometry == drawing.geometry_for(game, info=False)
    assert figure_to_svg(figure, "play/tic-tac-toe").count("--sq-") == 9
    symbols = draw_symbols("tic-tac-toe", geometry, view.looks(game, after),
                           drawing.play_look(game))
    assert [symbols.count(f'<symbol id="bm-play-tic-tac-toe-{look}"') for look in "XO"] == [1, 1]


@pytest.mark.parametrize("args, message", [
    (["ukejalayer"], "game id 'ukejalayer' exists already (registered by the package "
                     "banmen.games.ukejalayer); choose another id"),
    (["Tic_Tac"], "game id 'Tic_Tac': expected a lowercase letter, then lowercase letters, "
                  "digits and single hyphens between them, at most 40 characters (like tic-tac-toe)"),
    (["9lives"], "game id '9lives': expected a lowercase letter, then lowercase letters, "
                 "digits and single hyphens between them, at most 40 characters (like tic-tac-toe)"),
    (["a" * 41], f"game id '{'a' * 41}': expected a lowercase letter, then lowercase letters, "
                 "digits and single hyphens between them, at most 40 characters (like tic-tac-toe)"),
    (["tic tac\nx"], "game id 'tic tac\\nx': expected a lowercase letter, then lowercase "
                     "letters, digits and single hyphens between them, at most 40 characters (like "
                     "tic-tac-toe)"),
    (["a-"], "game id 'a-': expected a lowercase letter, then lowercase letters, digits "
             "and single hyphens between them, at most 40 characters (like tic-tac-toe)"),
    (["a--b"], "game id 'a--b': expected a lowercase letter, then lowercase letters, digits "
               "and single hyphens between them, at most 40 characters (like tic-tac-toe)"),
    (["tests"], "game id 'tests': its import name 'tests' is the name of a folder of the "
                "template; choose another id"),
    (["class"], "game id 'class': its import name 'class' is a Python keyword; choose "
                "another id"),
    (["json"], "game id 'json': its import name 'json' is taken by an installed module; "
               "choose another id"),
])
def test_bad_ids_are_refused_in_one_line(tmp_path, args, message):
    folder = tmp_path / "new"
    result = CliRunner().invoke(main, ["new-game", *args, "--dir", str(folder)])
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", message + "\n")
    assert not folder.exists()


def test_a_folder_that_is_not_empty_is_refused(tmp_path):
    folder = tmp_path / "full"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(main, ["new-game", "tic-tac-toe", "--dir", str(folder)])
    assert (result.exit_code, result.stdout, result.stderr) == (
        1, "", f"--dir {folder}: not empty (new-game writes only into a new or empty folder)\n")
    assert _files(folder) == {"notes.txt": b"mine"}
    (folder / "notes.txt").unlink()
    result = CliRunner().invoke(main, ["new-game", "tic-tac-toe", "--dir", str(folder / "notes")])
    assert result.exit_code == 0  # an empty folder, or a new one inside it, is fine


def test_a_file_in_the_folders_place_is_refused(tmp_path):
    path = tmp_path / "file"
    path.write_text("x", encoding="utf-8")
    result = CliRunner().invoke(main, ["new-game", "tic-tac-toe", "--dir", str(path)])
    assert (result.exit_code, result.stderr) == (1, f"--dir {path}: not a folder\n")


def test_a_failed_write_leaves_nothing_behind(tmp_path, monkeypatch):
    opened = []

    def failing_open(path, *args, **kwargs):
        opened.append(path)
        if len(opened) == 4:
            raise OSError(28, "No space left on device", str(path))
        return open(path, *args, **kwargs)

    monkeypatch.setattr(new_game_module, "open", failing_open, raising=False)
    for folder, existed in ((tmp_path / "new" / "pkg", False), (tmp_path / "empty", True)):
        opened.clear()
        if existed:
            folder.mkdir()
        with pytest.raises(OSError, match="No space left"):
            new_game_module.new_game("tic-tac-toe", folder)
        assert folder.is_dir() == existed and _files(tmp_path) == {}


@pytest.mark.slow
def test_the_installed_package_passes_its_tests_and_banmen_perft(written, tmp_path):
    """pip installs the generated package (into a folder of its own, not banmen's
    environment); banmen finds it by its entry point; its own tests pass."""
    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(written)], check=True, capture_output=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(target), *filter(None, [os.environ.get("PYTHONPATH")])])}
    start = "game: tic-tac-toe\nto_move: x\nboard: {}\n"
    for depth, leaves in (("6", "54720"), ("9", "127872")):
        done = subprocess.run([*BANMEN, "perft", "tic-tac-toe", "-", depth], input=start,
                              env=env, capture_output=True, text=True, check=False)
        assert (done.returncode, done.stdout) == (0, leaves + "\n"), done.stderr
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p",
                            "no:cacheprovider", str(written / "tests")], cwd=tmp_path,
                           env=env, capture_output=True, text=True, check=False)
    assert tests.returncode == 0 and "10 passed" in tests.stdout, tests.stdout


@pytest.mark.slow
def test_banmen_check_passes_on_the_starter_content(written, tmp_path):
    """The starter content checks with the installed package (needs banmen to find the
    game's drawing module through its package: the h-drawing branch of issue #32)."""
    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(written)], check=True, capture_output=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(target), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([*BANMEN, "check", "--root", str(target / "tic_tac_toe" / "starter")],
                          env=env, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (
        0, "", "ok: 1 diagram, 1 puzzle, 0 sequences, 1 lesson checked\n")
