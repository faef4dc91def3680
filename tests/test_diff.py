"""``banmen diff``: what a rule change does to the content, and its HTML report.

The expected item lists follow from the content and the rule specs (each case says why);
every board the report shows is compared with a fresh drawing of the same file through the
checker and the renderer, not through the diff code or the build cache.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from banmen.cli import main
from banmen.cli_options import parse_set_options
from banmen.content.check import check_project, content_files
from banmen.content.errors import ContentError
from banmen.render import render_svg
from banmen.site.diff import (AnswerDiff, GameSummary, ItemDiff, RuleChange, RuleDiff,
                              compute_diff)
from banmen.site.diff_probe import drawing_reads, renderer_reads
from banmen.site.diff_report import report_html
from banmen.site.diff_svg import square_changes
from banmen.site.views import view_of
from conftest import ROOT

WHITE_DELAY = ["ukejalayer.white_delay=2"]
CAPTURES = ["medamagaeru.captures_to_win=4"]


def _diff(sets: list[str]) -> RuleDiff:
    return compute_diff(ROOT, parse_set_options(sets), progress=False)


@pytest.fixture(scope="module")
def white_delay() -> RuleDiff:
    return _diff(WHITE_DELAY)


@pytest.fixture(scope="module")
def captures() -> RuleDiff:
    return _diff(CAPTURES)


def _files(game: str) -> int:
    """The content files of ``game`` the report compares (not the practice sets: no page
    draws them, and ``banmen check --set`` names the practice puzzles a change breaks)."""
    return sum(1 for kind, g, _path in content_files(ROOT) if g == game and kind != "practice")


def _fresh(source: str, index: int, sets: list[str] | None = None, root: Path = ROOT) -> str:
    """Board ``index`` of ``source`` checked and drawn afresh (no cache, no diff code)."""
    kind = source.split("/")[0]
    content = check_project(root, paths=[root / source],
                            rule_overrides=parse_set_options(sets or []))
    (item,) = getattr(content, kind).values()
    _board, game, spec = view_of(kind, item)[1][index]
    return render_svg(game, spec)


def _copy_with(tmp_path: Path, source: str, edit, rules: str) -> Path:
    """A project holding only ``source`` (edited by ``edit``) and ``rules`` as rules.yaml."""
    data = yaml.safe_load((ROOT / source).read_text(encoding="utf-8"))
    edit(data)
    target = tmp_path / source
    target.parent.mkdir(parents=True)
    target.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                      encoding="utf-8")
    (tmp_path / "rules.yaml").write_text(rules, encoding="utf-8")
    return tmp_path


# --------------------------------------------------------------------------- ukejalayer

def test_white_delay_two_breaks_exactly_the_items_that_count_on_one(white_delay):
    # rules.yaml has white_delay 1: White may not eliminate during the first white turn
    # after the unlock (shared/rules/ukejalayer.md). With 2 the puzzle asking how many turns
    # White waits answers 2, and both unlock sequences eliminate one white turn too early.
    assert white_delay.changes == [RuleChange("ukejalayer", "white_delay", 1, 2)]
    assert [(i.source, i.broken) for i in white_delay.items] == [
        ("puzzles/ukejalayer/p08-white-waits.yaml", True),
        ("sequences/ukejalayer/unlock-timeline.yaml", True),
        ("sequences/ukejalayer/unlock-white-first.yaml", True),
    ]
    p08, timeline, white_first = white_delay.items
    assert p08.answer == AnswerDiff("wrong answer for query 'white_turns_blocked'", "1", "2")
    assert [str(e) for e in p08.errors] == [
        "puzzles/ukejalayer/p08-white-waits.yaml:15:10: wrong answer for query "
        "'white_turns_blocked': stated 1, engine computes 2"]
    reason = "white may not eliminate yet: 1 more white turn blocked after the unlock"
    assert (timeline.illegal.ply, timeline.illegal.move, timeline.illegal.reason,
            timeline.illegal.line) == (4, "b1", reason, 23)
    assert (white_first.illegal.ply, white_first.illegal.move, white_first.illegal.reason,
            white_first.illegal.line) == (5, "c2", reason, 24)
    # no board of the game is drawn differently: white_delay shows only through the
    # position's own white_wait, which the files state
    assert all(not i.boards and i.tree is None for i in white_delay.items)
    assert white_delay.breaks
    summary = {s.game: (s.checked, s.changed, s.broken) for s in white_delay.summaries}
    assert summary["ukejalayer"] == (_files("ukejalayer"), 3, 3)
    assert summary["medamagaeru"] == (_files("medamagaeru"), 0, 0)


def test_white_delay_boards_are_the_pipelines_drawings(white_delay, tmp_path):
    p08, timeline, white_first = white_delay.items
    rules = "ukejalayer:\n  unlock: guidebook\n  white_delay: 2\n"
    # the puzzle's board, today and under the change (its answer corrected so it checks)
    fixed = _copy_with(tmp_path / "p08", p08.source,
                       lambda d: d["answer"].update(value=2), rules)
    assert p08.answer_boards == (_fresh(p08.source, 0), _fresh(p08.source, 0, root=fixed))
    # the position each sequence plays its refused move from: today's frame, and the same
    # frame of the sequence cut before that move, checked under white_delay 2
    for item in (timeline, white_first):
        ply = item.illegal.ply
        cut = _copy_with(tmp_path / item.ident, item.source,
                         lambda d, n=ply: d.update(steps=d["steps"][:n - 1]), rules)
        assert item.illegal.board_before == _fresh(item.source, ply - 1)
        assert item.illegal.board == _fresh(item.source, ply - 1, root=cut)


# --------------------------------------------------------------------------- medamagaeru

def test_captures_to_win_four_changes_exactly_the_boards_near_the_end(captures):
    # Under 3 captures to win, these boards show a finished game (a third capture) or the
    # 2-2 count, which only exists when each side is one capture short; with 4 they show
    # the side to move instead (shared/rules/medamagaeru.md, "Winning").
    assert [(i.source, i.broken, [b.label for b in i.boards]) for i in captures.items] == [
        ("diagrams/medamagaeru/judgement-continue.yaml", False, ["図"]),
        ("diagrams/medamagaeru/judgement-draw.yaml", False, ["図"]),
        ("diagrams/medamagaeru/judgement-win.yaml", False, ["図"]),
        ("diagrams/medamagaeru/third-capture.yaml", False, ["図"]),
        ("lessons/medamagaeru/first-game.yaml", True, []),
        ("lessons/medamagaeru/judgement.yaml", True, []),
        ("lessons/medamagaeru/notation.yaml", True, []),
        ("lessons/medamagaeru/strategy.yaml", True, []),
        ("puzzles/medamagaeru/p10-judgement.yaml", False, ["問題図"]),
        ("puzzles/medamagaeru/p11-capturable-count.yaml", False, ["問題図"]),
        ("puzzles/medamagaeru/p12-win-in-one.yaml", True, []),
        ("puzzles/medamagaeru/p13-fork.yaml", True, []),
        ("sequences/medamagaeru/sample-game.yaml", False, ["41手目のあと"]),
    ]
    by_source = {i.source: i for i in captures.items}
    # a capture that won on the third no longer wins: no move wins in time
    assert by_source["puzzles/medamagaeru/p12-win-in-one.yaml"].answer == AnswerDiff(
        "winning moves within 1 ply", "[1 23x22, 1 23x22+]", "[] (none)")
    assert by_source["puzzles/medamagaeru/p13-fork.yaml"].answer == AnswerDiff(
        "winning moves within 3 plies", "[3 55-44]", "[] (none)")
    # the lessons' last steps promised a win by the third capture
    assert {source: [(e.line, e.message) for e in by_source[source].errors]
            for source in by_source if source.startswith("lessons/")} == {
        "lessons/medamagaeru/first-game.yaml":
            [(88, "claim 'win' does not hold after 2 44x43: the game goes on")],
        "lessons/medamagaeru/judgement.yaml":
            [(67, "claim 'win' does not hold after 5 44x43: the game goes on")],
        "lessons/medamagaeru/notation.yaml":
            [(60, "claim 'win' does not hold after 4 63x52: the game goes on")],
        "lessons/medamagaeru/strategy.yaml":
            [(72, "claim 'win' does not hold after 1 22x11: the game goes on")],
    }
    for item in captures.items:
        for board in item.boards:
            # the pieces stay where they are: only the status line under the board changes
            assert board.changes.squares == () and board.changes.outside
            index = 41 if item.kind == "sequences" else 0
            assert board.before == _fresh(item.source, index)
            assert board.after == _fresh(item.source, index, CAPTURES)
    win = by_source["diagrams/medamagaeru/judgement-win.yaml"].boards[0]
    assert "<desc" in win.before and "緑の勝ち。" in win.before and "緑の勝ち。" not in win.after
    summary = {s.game: (s.checked, s.changed, s.broken) for s in captures.summaries}
    assert summary["medamagaeru"] == (_files("medamagaeru"), 13, 6)


def test_a_bigger_ukejalayer_board_changes_the_solution_trees_of_two_move_puzzles():
    # On a 5x5 board the reader of p13 and p14 gets moves onto the fifth rank and file; they
    # lose, so the tree gains their refutations, while the stated winning line still holds.
    diff = _diff(["ukejalayer.size=5"])
    trees = {i.ident: i.tree for i in diff.items if i.tree is not None}
    assert sorted(trees) == ["ukejalayer/p13-win-cover", "ukejalayer/p14-win-chain"]
    (p13,) = trees["ukejalayer/p13-win-cover"].turns
    assert (p13.right, p13.reply, p13.legal) == ((("d3d4",), ("d3d4",)), (None, None), (18, 20))
    assert p13.refutations == (("c4c5", None, "c4b4"), ("d3e3", None, "d4c4"))
    (p14,) = trees["ukejalayer/p14-win-chain"].turns
    assert p14.legal == (49, 57) and len(p14.refutations) == 8
    assert all(old is None and new for _move, old, new in p14.refutations)
    # the board is drawn one file and one rank bigger: every board changes
    boards = [b for i in diff.items for b in i.boards]
    assert boards and all(b.before != b.after for b in boards)


# --------------------------------------------------------------------------- ludo

def test_ludo_enter_on_six_breaks_the_easy_preset_items_only():
    # A site-wide enter_on overrides the easy preset's 5-or-6 of an item that picks the
    # preset: with a 5 rolled, the yard pieces of p08 and p10, and of the presets lesson's
    # かんたん step, can no longer enter.
    diff = _diff(["ludo.enter_on=[6]"])
    assert diff.changes == [RuleChange("ludo", "enter_on", [6], [6])]
    assert [i.source for i in diff.items] == ["lessons/ludo/presets.yaml",
                                              "puzzles/ludo/p08-easy-enter.yaml",
                                              "puzzles/ludo/p10-movable-easy.yaml"]
    lesson, p08, p10 = diff.items
    assert [(e.line, e.message) for e in lesson.errors] == [
        (15, "move 'r1 yard-0': r1 cannot use a 5: a piece leaves the yard only on 6")]
    assert p08.answer == AnswerDiff("wrong answer for query 'is_legal'", "true", "false")
    # the computed side carries the engine's evidence, as in `banmen check`
    assert p10.answer == AnswerDiff("wrong answer for query 'movable_pieces'", "3",
                                    "2 (pieces that can use the 5: r2 at 20, r3 at 53)")
    assert p10.answer_boards[0] == _fresh(p10.source, 0)


def test_a_change_that_alters_nothing_lists_nothing_and_exits_zero(tmp_path):
    # aeroplane items never roll a 5 with a piece that could enter, and the easy preset
    # already enters on 5 or 6
    diff = _diff(["ludo.enter_on=[5, 6]"])
    assert diff.changes == [RuleChange("ludo", "enter_on", [6], [5, 6])]
    assert diff.items == [] and not diff.breaks
    out = tmp_path / "r.html"
    result = CliRunner().invoke(main, ["diff", "--root", str(ROOT), "-q", "--set",
                                       "ludo.enter_on=[5, 6]", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "ludo: " in result.stdout and "no item changes under this rule change" in result.stdout
    assert "このルール変更で変わる項目はありません。" in out.read_text(encoding="utf-8")


# --------------------------------------------------------------------------- command line

def test_cli_exit_status_summary_and_same_bytes_twice(tmp_path):
    # two processes with different string hashing: same bytes
    outputs = []
    for seed, name in (("1", "a.html"), ("2", "b.html")):
        out = tmp_path / name
        result = subprocess.run(
            [sys.executable, "-m", "banmen.cli", "diff", "--root", str(ROOT), "-q", "--set",
             WHITE_DELAY[0], "-o", str(out)], capture_output=True, text=True, timeout=600,
            env={**os.environ, "PYTHONHASHSEED": seed})
        assert result.returncode == 1, result.stderr
        outputs.append(out.read_bytes())
    lines = result.stdout.splitlines()
    assert f"ukejalayer: {_files('ukejalayer')} checked, 3 changed, 3 broken" in lines
    assert f"ludo: {_files('ludo')} checked, 0 changed, 0 broken" in lines
    assert result.stderr == f"report: {tmp_path / 'b.html'}; some answers or sequences break\n"
    assert outputs[0] == outputs[1]
    page = outputs[0].decode("utf-8")
    assert '<a class="bm-where" href="' in page
    assert "sequences/ukejalayer/unlock-timeline.yaml:23:11</a>" in page
    assert "4手目から成り立たない" in page and "答えが変わる" in page


def test_cli_rules_file_gives_the_same_report_as_set(tmp_path):
    other = tmp_path / "other-rules.yaml"
    other.write_text("ukejalayer:\n  unlock: guidebook\n  white_delay: 2\n", encoding="utf-8")
    runner = CliRunner()
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    first = runner.invoke(main, ["diff", "--root", str(ROOT), "-q", "--rules", str(other),
                                 "-o", str(a)])
    second = runner.invoke(main, ["diff", "--root", str(ROOT), "-q", "--set", WHITE_DELAY[0],
                                  "-o", str(b)])
    assert first.exit_code == second.exit_code == 1
    assert a.read_bytes() == b.read_bytes()


def test_cli_bad_input_is_one_located_line_and_no_report(tmp_path):
    runner = CliRunner()
    out = tmp_path / "r.html"
    result = runner.invoke(main, ["diff", "--root", str(ROOT), "--set",
                                  "ukejalayer.white_delay=x", "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr == ("--set ukejalayer.white_delay=x: rule parameter 'white_delay': "
                             "expected a valid integer, got 'x'\n")
    bad = tmp_path / "bad-rules.yaml"
    bad.write_text("ukejalayer:\n  white_delay: -3\n", encoding="utf-8")
    result = runner.invoke(main, ["diff", "--root", str(ROOT), "--rules", str(bad), "-o",
                                  str(out)])
    assert result.exit_code == 1
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"{bad}:2:") and "white_delay" in result.stderr
    assert not out.exists()


def test_cli_no_change_is_one_line_and_exit_zero(tmp_path):
    runner = CliRunner()
    out = tmp_path / "r.html"
    nothing = runner.invoke(main, ["diff", "--root", str(ROOT), "-o", str(out)])
    assert nothing.exit_code == 0
    assert nothing.stderr == ("banmen diff: no rule change given (use --set GAME.PARAM=VALUE "
                              "or --rules FILE); nothing to compare\n")
    same = runner.invoke(main, ["diff", "--root", str(ROOT), "--set",
                                "ukejalayer.white_delay=1", "-o", str(out)])
    assert same.exit_code == 0
    assert same.stderr == ("banmen diff: the changed rules are the same as rules.yaml; "
                           "nothing changes\n")
    assert not out.exists()


# --------------------------------------------------------------------------- pieces

def test_changed_squares_are_found_in_the_drawings():
    from banmen.game import get_game
    from banmen.render.spec import DiagramSpec

    game = get_game("ukejalayer")
    base = {"game": "ukejalayer", "to_move": "white", "hands": {"white": 0, "black": 0}}
    one = game.position_from_yaml({**base, "board": {"c2": "WBWW", "b3": "BW", "d1": "B"}})
    two = game.position_from_yaml({**base, "board": {"c2": "WBW", "b3": "BW", "a1": "B"}})
    before = render_svg(game, DiagramSpec(ident="t/x", state=one))
    after = render_svg(game, DiagramSpec(ident="t/x", state=two))
    changes = square_changes(before, after)
    assert changes.squares == ("a1", "c2", "d1") and not changes.outside
    assert square_changes(before, before).squares == ()


def test_the_drawing_probe_reads_what_the_renderers_read():
    # the drawing code's own reads (its source), which the probe must cover
    assert renderer_reads("ukejalayer")[1] == {"size"}
    # medamagaeru reads captures_to_win only through its rule_reads (compared instead)
    assert renderer_reads("medamagaeru")[1] == frozenset()
    assert "legal_moves" in renderer_reads("babuschka")[0]
    # the play board's functions (play_board, play_look) draw no diagram: their engine calls
    # are not read (else no ukejalayer board would ever be reused)
    from banmen.render import renderer

    source = Path(renderer("ukejalayer").__file__).read_text(encoding="utf-8")
    assert "game.position_from_yaml(" in source.split("\ndef play_board(", 1)[1]
    assert renderer_reads("ukejalayer")[0] == {"outcome", "position_to_yaml", "move_path"}
    # a ludo state carries its rules, so any ludo rule change is read
    from banmen.game import get_game
    from banmen.render.spec import DiagramSpec

    aeroplane, easy = get_game("ludo"), get_game("ludo", {"preset": "easy"})
    position = {"game": "ludo", "colours": ["red", "blue"], "to_move": "red",
                "pieces": {"red": ["yard"] * 4, "blue": ["yard"] * 4}}
    reads = [drawing_reads(g, DiagramSpec(ident="t/x", state=g.position_from_yaml(position)))
             for g in (aeroplane, easy)]
    assert reads[0] != reads[1]


def test_report_escapes_yaml_text():
    hostile = '<script>alert(1)</script>"'
    item = ItemDiff("puzzles", "ukejalayer/<b>x", "ukejalayer",
                    'puzzles/ukejalayer/<img src=x onerror=alert(1)>.yaml', hostile,
                    errors=[ContentError('puzzles/ukejalayer/<img>.yaml', 3, 4, hostile)],
                    answer=AnswerDiff(hostile, hostile, hostile))
    diff = RuleDiff([RuleChange("ukejalayer", "white_delay", 1, 2)], [item],
                    [GameSummary("ukejalayer", "ウケジャレイヤー", 1, 1, 1)])
    page = report_html(diff, ROOT)
    assert "<script" not in page and "<img" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&quot;" in page
    assert re.search(r'href="[^"]*&lt;img src=x onerror=alert\(1\)&gt;\.yaml"', page)


# --------------------------------------------------------------------------- browser

@pytest.mark.slow
def test_report_opens_in_chromium_offline_without_errors(tmp_path):
    from playwright.sync_api import sync_playwright

    from test_browser import CHROMIUM, LAUNCH_ARGS

    out = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["diff", "--root", str(ROOT), "-q", "--set", CAPTURES[0],
                                       "-o", str(out)])
    assert result.exit_code == 1
    requests: list[str] = []
    problems: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.on("request", lambda r: requests.append(r.url))
        page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning")
                else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(out.as_uri())
        page.wait_for_load_state("load")
        boards = page.locator("article svg.banmen-board")
        # 7 changed boards before and after, 2 broken puzzles (both boards) and the 4 broken
        # lessons (each its first board; its claim fails before any board of the new rules)
        assert boards.count() == 2 * 7 + 2 * 2 + 4
        box = boards.first.bounding_box()
        assert box and box["width"] > 150 and box["height"] > 150
        assert page.locator("h1").inner_text() == "ルール変更の影響"
        page.screenshot(path=str(tmp_path / "report.png"))
        browser.close()
    assert requests == [out.as_uri()]
    assert problems == []


def test_the_medamagaeru_drawing_reads_captures_to_win_only_for_the_two_two_count():
    # the count of plies since 2-2 is shown while each side is one capture short of winning
    from banmen.game import get_game
    from banmen.games.medamagaeru import drawing as drawing
    from banmen.render.spec import DiagramSpec

    source = Path(drawing.__file__).read_text(encoding="utf-8")
    assert source.count("rules.captures_to_win") == 1
    assert "rules.captures_to_win" in source.split("def count_line(", 1)[1].split("\ndef ")[0]
    # diagrams/medamagaeru/judgement-continue.yaml: at 2-2 both sides can still capture
    position = {"game": "medamagaeru", "to_move": "green", "captures": {"green": 2, "white": 2},
                "board": {"64": "G4", "45": "G3", "36": "G1", "52": "W2", "33": "W5",
                          "22": "W4"}}
    reads = []
    for wins in (3, 4):
        game = get_game("medamagaeru", {"captures_to_win": wins})
        reads.append(drawing.rule_reads(game, DiagramSpec(
            ident="t/x", state=game.position_from_yaml(position))))
    assert reads == ["2対2から0手", None]


@pytest.mark.slow
def test_boards_the_probe_calls_unchanged_draw_the_same_under_the_change():
    # every board whose drawing reads are equal under both rules, drawn afresh on both sides
    from banmen.site.views import KINDS

    overrides = parse_set_options(CAPTURES)
    paths = [ROOT / kind / "medamagaeru" for kind in KINDS]
    today = check_project(ROOT, paths=paths)
    changed = check_project(ROOT, paths=paths, rule_overrides=overrides, strict=False)
    same = 0
    for kind in KINDS:
        for ident, item in getattr(changed, kind).items():
            old = {b.key: (g, s) for b, g, s in view_of(kind, getattr(today, kind)[ident])[1]}
            for board, game, spec in view_of(kind, item)[1]:
                if board.key in old and drawing_reads(game, spec) == drawing_reads(*old[board.key]):
                    same += 1
                    assert render_svg(game, spec) == render_svg(*old[board.key]), board.key
    assert same >= 80  # most boards of the game are not drawn again
