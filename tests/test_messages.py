"""Messages that quote what the user wrote stay short and say what was done (issue 33, item
5): a long value is quoted by its first characters and how many more there were
(banmen.errors.shorten), everywhere; ``cache clear`` says what it removed when the cache is a
symbolic link; one rule parameter set twice to different values is refused."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from banmen.cli import main
from banmen.cli_options import parse_set_options
from banmen.errors import MESSAGE_MAX, brief_repr, one_line, shorten
from banmen.game import BanmenError, NotationError, PositionError, get_game
from conftest import ROOT

LONG = "x" * 100_000
#: the --set argument ``ukejalayer.unlock=<LONG>`` as every message now quotes it
SHOWN_SET = "--set ukejalayer.unlock=" + "x" * 82 + "… (99918 more characters)"
#: the rule's complaint about the value, quoting it short as well
RULE = ("rule parameter 'unlock': expected 'guidebook', 'both' or 'self', got '" + "x" * 99
        + "… (99902 more characters)")
START = "game: ukejalayer\nto_move: white\nhands: {white: 8, black: 8}\nboard: {}\n"


def test_shorten_keeps_the_first_characters_and_says_how_many_more():
    assert shorten("abc") == "abc"
    assert shorten("a" * 100) == "a" * 100
    assert shorten("a" * 101) == "a" * 100 + "… (1 more characters)"
    assert shorten("ab" * 10, limit=4) == "abab… (16 more characters)"
    assert brief_repr("y" * 150) == "'" + "y" * 99 + "… (52 more characters)"
    assert brief_repr(12) == "12"


def test_one_line_cuts_a_message_longer_than_the_cap_in_its_middle():
    message = "puzzles/a.yaml:1:1: " + "m" * 5000 + " expected 1 or 2"
    cut = one_line(message)
    assert len(cut) < MESSAGE_MAX
    assert cut.startswith("puzzles/a.yaml:1:1: mmm") and cut.endswith("m expected 1 or 2")
    assert f" … ({len(message) - 900} characters left out) … " in cut
    assert one_line("a\nb" * 300) == "a\\nb" * 300  # within the cap: only escaped


@pytest.mark.parametrize("argv", [
    ["diff", "--root", str(ROOT), "-o", "unused.html"],
    ["check", "--root", str(ROOT)],
])
def test_a_long_set_value_is_quoted_short(argv, tmp_path):
    # before: one line of 200,097 characters (the argument and the value, each whole)
    result = CliRunner().invoke(main, [*argv, "--set", f"ukejalayer.unlock={LONG}"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == f"{SHOWN_SET}: {RULE}"
    assert len(result.output) < 400


def test_a_long_set_value_of_a_position_command_is_quoted_short(tmp_path):
    path = tmp_path / "start.yaml"
    path.write_text(START, encoding="utf-8")
    result = CliRunner().invoke(main, ["moves", "ukejalayer", str(path), "--set",
                                       f"unlock={LONG}"])
    assert result.exit_code == 1
    assert result.output == ("--set unlock=" + "x" * 93 + "… (99907 more characters): "
                             + RULE + "\n")


def test_long_query_names_arguments_and_usage_values_are_quoted_short(tmp_path):
    path = tmp_path / "start.yaml"
    path.write_text(START, encoding="utf-8")
    runner = CliRunner()
    unknown = runner.invoke(main, ["query", "ukejalayer", LONG, str(path)])
    assert unknown.exit_code == 1
    assert unknown.output.startswith("unknown query '" + "x" * 100 + "… (99900 more "
                                     "characters)' for ukejalayer (known: can_eliminate, ")
    plies = runner.invoke(main, ["query", "ukejalayer", "winning_moves", str(path), "9" * 5000])
    assert plies.exit_code == 1
    assert plies.output == ("argument 'plies' must be a whole number, got '" + "9" * 99
                            + "… (4902 more characters)\n")
    depth = runner.invoke(main, ["perft", "ukejalayer", str(path), LONG], prog_name="banmen")
    assert depth.exit_code == 2
    assert depth.output == ("banmen perft: Invalid value for 'DEPTH': '" + "x" * 100
                            + "… (99900 more characters)' is not a valid integer range. "
                            "(see 'banmen perft --help')\n")


def test_a_path_the_system_refuses_is_one_short_line(tmp_path):
    # a name too long for the file system: was a traceback (Path.is_dir raised OSError)
    result = CliRunner().invoke(main, ["check", "--root", str(tmp_path / LONG)])
    assert result.exit_code == 1
    assert result.output == (f"banmen: {shorten(str(tmp_path / LONG))}: File name too long\n")


POSITIONS = {
    "ukejalayer": {"game": "ukejalayer", "to_move": "white", "hands": {"white": 8, "black": 8},
                   "board": {}},
    "suicide-checkers": {"game": "suicide-checkers",
                         "fen": "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,"
                                "11,12"},
}


def _start(game_id: str):
    game = get_game(game_id)
    if game_id in POSITIONS:
        return game, game.position_from_yaml(POSITIONS[game_id])
    return game, game.initial_state()


@pytest.mark.parametrize("game_id, text", [
    ("ukejalayer", "9" * 5000 + "a1"), ("ukejalayer", "a1(" + "9" * 5000 + ")b1"),
    ("suicide-checkers", "9" * 5000 + "-15"), ("medamagaeru", "9" * 5000 + " 44-43"),
    ("ludo", "roll " + "9" * 5000), ("babuschka", "L c" + "9" * 5000 + "-c2"),
])
def test_a_move_text_longer_than_any_move_is_refused_in_one_short_message(game_id, text):
    # before: a ValueError from int() (more than 4300 digits), or a message quoting it whole
    game, state = _start(game_id)
    with pytest.raises(NotationError) as caught:
        game.parse_move(state, text)
    assert str(caught.value) == (f"cannot read move '{text[:100]}… ({len(text) - 100} more "
                                 f"characters)': {len(text)} characters, longer than any move "
                                 "(at most 1000)")


@pytest.mark.parametrize("game_id, text", [
    ("ukejalayer", "a" + "z" * 900), ("suicide-checkers", "z" * 900),
    ("medamagaeru", "z" * 900), ("ludo", "z" * 900), ("babuschka", "z" * 900),
])
def test_a_long_unreadable_move_is_quoted_short(game_id, text):
    game, state = _start(game_id)
    with pytest.raises(BanmenError) as caught:
        game.parse_move(state, text)
    message = str(caught.value)
    assert re.search(rf"'{text[:90]}\w*… \(\d+ more characters\)", message), message
    assert len(message) < 300, message


def test_a_fen_with_a_huge_square_number_is_a_position_error():
    game = get_game("suicide-checkers")
    with pytest.raises(PositionError) as caught:
        game.position_from_yaml({"game": "suicide-checkers", "fen": "B:W" + "9" * 5000 + ":B1"})
    assert str(caught.value) == ("bad FEN 'B:W" + "9" * 96 + "… (4908 more characters): "
                                 "cannot read square '" + "9" * 99 + "… (4902 more characters)")


def test_cache_clear_removes_a_link_and_says_so(tmp_path):
    # before: "removed <link>" while the link stayed (rmtree refuses links, errors ignored)
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    (project / ".cache").mkdir(parents=True)
    elsewhere.mkdir()
    (elsewhere / "kept.txt").write_text("mine", encoding="utf-8")
    link = project / ".cache" / "banmen"
    link.symlink_to(elsewhere, target_is_directory=True)
    result = CliRunner().invoke(main, ["cache", "clear", "--root", str(project)])
    assert result.exit_code == 0
    assert result.output == (f"removed the link {link} (to {elsewhere}); what it points to is "
                             "left as it was\n")
    assert not link.exists() and not link.is_symlink()
    assert (elsewhere / "kept.txt").read_text(encoding="utf-8") == "mine"
    again = CliRunner().invoke(main, ["cache", "clear", "--root", str(project)])
    assert again.output == f"nothing to remove: {link}\n"


def test_cache_clear_removes_a_file_in_the_folders_place_and_says_so(tmp_path):
    (tmp_path / ".cache").mkdir()
    (tmp_path / ".cache" / "banmen").write_text("not a cache", encoding="utf-8")
    result = CliRunner().invoke(main, ["cache", "clear", "--root", str(tmp_path)])
    assert result.exit_code == 0
    assert result.output == f"removed {tmp_path / '.cache' / 'banmen'} (a file, not a folder)\n"
    assert not (tmp_path / ".cache" / "banmen").exists()


def test_one_parameter_set_twice_to_different_values_is_refused():
    # before: accepted without a word, the last one winning
    with pytest.raises(BanmenError) as caught:
        parse_set_options(["ukejalayer.unlock=both", "ukejalayer.unlock=self"])
    assert str(caught.value) == ("--set ukejalayer.unlock=self: ukejalayer.unlock is already "
                                 "set to another value by --set ukejalayer.unlock=both; give "
                                 "each parameter once")
    # PARAM=VALUE and GAME.PARAM=VALUE name the same parameter
    with pytest.raises(BanmenError, match=r"^--set ukejalayer.white_delay=2: ukejalayer"
                                          r"\.white_delay is already set to another value by "
                                          r"--set white_delay=1; "):
        parse_set_options(["white_delay=1", "ukejalayer.white_delay=2"], "ukejalayer")
    # 1 and true differ, though 1 == True in Python
    with pytest.raises(BanmenError, match="already set to another value"):
        parse_set_options(["ludo.pieces=1", "ludo.pieces=true"])
    # the same value twice is one value
    same = parse_set_options(["ukejalayer.unlock=self", "ukejalayer.unlock=self"])
    assert same == {"ukejalayer": {"unlock": "self"}}
    assert same.source_of("ukejalayer", "unlock") == "--set ukejalayer.unlock=self"


def test_one_parameter_set_twice_is_refused_by_the_command_line():
    result = CliRunner().invoke(main, ["check", "--root", str(ROOT), "--set",
                                       "ukejalayer.white_delay=1", "--set",
                                       "ukejalayer.white_delay=3"])
    assert result.exit_code == 1
    assert result.output == ("--set ukejalayer.white_delay=3: ukejalayer.white_delay is "
                             "already set to another value by --set ukejalayer.white_delay=1; "
                             "give each parameter once\n")


def test_long_moves_and_squares_of_content_files_are_quoted_short(tmp_path):
    # before: the move or square quoted whole (600 characters, or cut only by one_line's
    # 1,000-character cap in the middle of the line)
    from banmen.content.check import check_project
    from banmen.content.errors import ContentErrors

    move, square = "a1" * 300, "a" * 600
    lesson = tmp_path / "lessons" / "ukejalayer" / "long.yaml"
    lesson.parent.mkdir(parents=True)
    lesson.write_text(
        "game: ukejalayer\ntitle: t\nintro: i\nsteps:\n  - text: t\n    position:\n"
        "      to_move: white\n      hands: {white: 6, black: 6}\n"
        "      board: {a1: WW, c3: B, d4: B}\n"
        f"    expect: {{moves: ['{move}']}}\n    claim: win\n"
        "  - text: t\n    position:\n"
        "      to_move: white\n      hands: {white: 6, black: 6}\n"
        "      board: {a1: WW, c3: B, d4: B}\n"
        f"    expect: {{moves: ['a1(2)b1']}}\n    feedback: {{'{move}': f}}\n    claim: win\n",
        encoding="utf-8")
    diagram = tmp_path / "diagrams" / "ukejalayer" / "long.yaml"
    diagram.parent.mkdir(parents=True)
    diagram.write_text(f"game: ukejalayer\ncaption: c\nlabels:\n  ? {square}\n  : x\n",
                       encoding="utf-8")
    errors = []
    for path in (lesson, diagram):
        with pytest.raises(ContentErrors) as caught:
            check_project(tmp_path, paths=[path])
        errors += [str(e) for e in caught.value.errors]
    shown = "a1" * 50 + "… (500 more characters)"
    assert errors == [
        f"lessons/ukejalayer/long.yaml:10:22: move '{shown}': square a1 appears twice",
        f"lessons/ukejalayer/long.yaml:18:16: feedback move '{shown}': square a1 appears twice",
        "lessons/ukejalayer/long.yaml:19:12: claim 'win' does not hold after 2a12b1: the game goes "
        "on",
        f"diagrams/ukejalayer/long.yaml:4:5: '{'a' * 100}… (500 more characters)' is not a "
        "square of the ukejalayer board"]


def test_a_set_value_holding_a_byte_that_is_not_utf8_says_so():
    # a command line's byte 0xFF reaches Python as U+DCFF (surrogateescape); before: "invalid
    # YAML: control character U+DCFF is not allowed in a text file"
    with pytest.raises(BanmenError) as caught:
        parse_set_options(["ukejalayer.unlock=a\udcffb"])
    assert str(caught.value) == ("--set ukejalayer.unlock=a\udcffb: the text holds the byte 0xFF, "
                                 "which is not UTF-8: write UTF-8 text")


def test_one_query_argument_given_twice_is_refused(tmp_path):
    position = tmp_path / "p.yaml"
    position.write_text("game: ukejalayer\nto_move: white\nhands: {white: 0, black: 0}\n"
                        "board: {c2: WBWW, b3: BW, d1: B}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["query", "ukejalayer", "moves_from", str(position),
                                       "from=c2", "from=b3"])
    assert result.exit_code == 1
    assert result.output == ("argument 'from' of query 'moves_from' is given twice; "
                             "give it once\n")


def test_a_text_too_long_for_its_field_counts_characters_not_items(tmp_path):
    diagram = tmp_path / "diagrams" / "ukejalayer" / "d.yaml"
    diagram.parent.mkdir(parents=True)
    diagram.write_text("game: ukejalayer\nposition: {to_move: white, hands: {white: 0, black: 0}"
                       ", board: {c2: WBWW}}\nhighlight: [" + "a" * 600 + "]\ncaption: x\n",
                       encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--root", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output == ("diagrams/ukejalayer/d.yaml:3:13: highlight[0]: a text of at most 8 "
                             "characters is expected, got 600\n1 problem found\n")
