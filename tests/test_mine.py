"""``banmen mine`` (issue 36, first part): puzzles mined from engine self-play are ordinary
puzzle files that ``banmen check`` passes, byte-identical for the same arguments, and each
mined move puzzle's solution is the only winning first move."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from banmen.cli import main
from banmen.content.check import check_project
from banmen.game import get_game
from banmen.mine import run
from banmen.mine.select import level_of, prove
from banmen.mine.write import read_back
from banmen.query import run_query

ROOT = Path(__file__).resolve().parent.parent
#: Small and fast: short wins, a small solver budget.
def _hand_written_root() -> Path:
    """A project of the hand-written puzzles only (``rules.yaml`` and ``puzzles/`` linked):
    the runs here leave out those positions but not the committed practice sets, so what
    they mine does not change when a set does."""
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="banmen-mine-root-"))
    (root / "rules.yaml").symlink_to(ROOT / "rules.yaml")
    (root / "puzzles").symlink_to(ROOT / "puzzles")
    return root


HAND_WRITTEN = _hand_written_root()
FAST = ["--plies", "3", "--nodes", "5000", "--jobs", "1", "--root", str(HAND_WRITTEN)]


def _mine(out: Path, game: str, count: int = 2, seed: int = 7, *extra: str) -> list[Path]:
    result = CliRunner().invoke(main, ["mine", game, "--count", str(count), "--seed", str(seed),
                                       "--out", str(out), *FAST, *extra])
    assert result.exit_code == 0, result.output
    files = sorted((out / "puzzles" / game).glob("*.yaml"))
    assert [str(f) for f in files] == result.stdout.splitlines()
    return files


@pytest.fixture(scope="module")
def mined(tmp_path_factory) -> Path:
    """Two puzzles of every game, mined into one folder (a project root of its own)."""
    out = tmp_path_factory.mktemp("mined")
    for game in ("ukejalayer", "medamagaeru", "suicide-checkers", "babuschka", "ludo"):
        assert len(_mine(out, game)) == 2
    return out


def test_mined_files_pass_check_unchanged(mined):
    content = check_project(mined)  # raises ContentErrors on any problem
    assert len(content.puzzles) == 10
    assert (mined / "rules.yaml").read_bytes() == (ROOT / "rules.yaml").read_bytes()
    result = CliRunner().invoke(main, ["check", "--root", str(mined)])
    assert result.exit_code == 0, result.output


def test_every_mined_file_is_marked_and_levelled(mined):
    for path in sorted(mined.glob("puzzles/*/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data["source"] == "mined"
        assert data["level"] in (1, 2, 3)
        assert data["question"] and data["explanation"]
        assert path.name.startswith("m7-")


def test_mined_move_solution_is_the_only_winning_first_move(mined):
    checked = 0
    for path in sorted(mined.glob("puzzles/*/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data["answer"]["kind"] != "move":
            continue
        game = get_game(data["game"], yaml.safe_load((mined / "rules.yaml").read_text())
                        .get(data["game"]) or {})
        state = read_back(game, data["position"])
        answer = data["answer"]
        assert run_query(game, state, "winning_moves", {"plies": answer["plies"]}) == \
            [answer["solution"][0]["move"]]
        assert run_query(game, state, "move_count", {}) >= 2
        checked += 1
    assert checked == 8


def test_same_arguments_give_identical_bytes(tmp_path):
    first = _mine(tmp_path / "a", "suicide-checkers", 3, 11)
    second = _mine(tmp_path / "b", "suicide-checkers", 3, 11)
    assert [p.name for p in first] == ["m11-001.yaml", "m11-002.yaml", "m11-003.yaml"]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]


def test_worker_processes_do_not_change_the_files(tmp_path):
    one = _mine(tmp_path / "one", "ludo", 3, 5)
    two = _mine(tmp_path / "two", "ludo", 3, 5, "--jobs", "2")
    assert [p.read_bytes() for p in one] == [p.read_bytes() for p in two]


def test_another_seed_gives_other_puzzles(tmp_path):
    a = _mine(tmp_path / "a", "suicide-checkers", 2, 1)
    b = _mine(tmp_path / "b", "suicide-checkers", 2, 2)
    assert {p.read_bytes() for p in a}.isdisjoint(p.read_bytes() for p in b)


def test_a_hand_written_position_is_not_mined_again(tmp_path):
    first = _mine(tmp_path / "first", "suicide-checkers", 1, 11)[0]
    project = tmp_path / "project"
    (project / "puzzles" / "suicide-checkers").mkdir(parents=True)
    (project / "puzzles" / "suicide-checkers" / "p01.yaml").write_bytes(first.read_bytes())
    result = CliRunner().invoke(main, ["mine", "suicide-checkers", "--count", "1", "--seed",
                                       "11", "--out", str(tmp_path / "again"), *FAST,
                                       "--root", str(project)])
    assert result.exit_code == 0, result.output
    again = tmp_path / "again" / "puzzles" / "suicide-checkers" / "m11-001.yaml"
    assert again.read_bytes() != first.read_bytes()
    position = yaml.safe_load(first.read_text())["position"]
    assert yaml.safe_load(again.read_text())["position"] != position


def test_prove_finds_the_hand_written_combination():
    """ukejalayer p15: a3's three pieces through a4, b4, c4 is the only win within 3 plies."""
    data = yaml.safe_load((ROOT / "puzzles/ukejalayer/p15-win-double.yaml").read_text())
    game = get_game("ukejalayer", {"unlock": "guidebook", "white_delay": 1})
    state = read_back(game, data["position"])
    proof = prove(game, state, 5, 200_000)
    assert proof is not None
    assert proof.plies == 3
    first, reply = proof.line[0]
    assert game.format_move(state, first) == "3a3a4b4c4"
    assert len(proof.line) == 2 and proof.line[1][1] is None


def test_prove_refuses_two_winning_first_moves():
    """medamagaeru p12: the capture wins with and without promotion; as a first move that
    is two winning moves, so the position is no mined puzzle (the hand-written file lists
    the second as 'also')."""
    data = yaml.safe_load((ROOT / "puzzles/medamagaeru/p12-win-in-one.yaml").read_text())
    game = get_game("medamagaeru")
    state = read_back(game, data["position"])
    assert run_query(game, state, "winning_moves", {"plies": 1}) == ["1 23x22", "1 23x22+"]
    assert prove(game, state, 5, 200_000) is None


def test_prove_takes_the_shortest_win():
    """ukejalayer p13: within 3 plies d3c3 wins too, but d3d4 alone wins at once."""
    data = yaml.safe_load((ROOT / "puzzles/ukejalayer/p13-win-cover.yaml").read_text())
    game = get_game("ukejalayer", {"unlock": "guidebook", "white_delay": 1})
    state = read_back(game, data["position"])
    proof = prove(game, state, 5, 200_000)
    assert proof is not None and proof.plies == 1 and proof.level == 1
    assert [game.format_move(state, m) for m, _ in proof.line] == ["d3d4"]


def test_level_grows_with_depth_nodes_and_temptation():
    assert [level_of(1, 10, 0), level_of(3, 10, 0), level_of(5, 10, 0)] == [1, 2, 3]
    assert level_of(1, 20_000, 0) == 2
    assert level_of(1, 20_000, 3) == 3
    assert level_of(7, 10**6, 9) == 3


def test_interrupt_keeps_the_puzzles_found_so_far(tmp_path, monkeypatch):
    real = run.mine_one_game

    def stop_at_game_three(settings, number):
        if number == 3:
            raise KeyboardInterrupt
        return real(settings, number)

    monkeypatch.setattr(run, "mine_one_game", stop_at_game_three)
    written: list[Path] = []
    with pytest.raises(KeyboardInterrupt):
        run.mine("ludo", 50, seed=5, out=tmp_path, jobs=1, written=written, root=ROOT,
                 report=lambda line: None)
    assert written and written == sorted((tmp_path / "puzzles" / "ludo").glob("*.yaml"))
    assert not list((tmp_path / "puzzles" / "ludo").glob(".*"))  # no half-written file


def test_out_that_is_a_file_is_one_line(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    result = CliRunner().invoke(main, ["mine", "ludo", "--count", "1", "--out", str(target)],
                                prog_name="banmen")
    assert result.exit_code == 2
    assert result.output == (f"banmen mine: Invalid value for '--out': Directory '{target}' "
                             "is a file. (see 'banmen mine --help')\n")
    assert target.read_text() == "x"


def test_ctrl_c_keeps_the_puzzles_written(tmp_path):
    """A real SIGINT to a running 'banmen mine': exit 130, one line naming what was kept,
    and every kept file passes the checker."""
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "out"
    folder = out / "puzzles" / "ludo"
    child = subprocess.Popen([sys.executable, "-m", "banmen.cli", "mine", "ludo", "--count",
                              "100000", "--seed", "2", "--out", str(out), "--jobs", "1",
                              "--root", str(ROOT)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             # an xdist worker may ignore SIGINT, and a child inherits that
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while len(list(folder.glob("*.yaml"))) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    child.send_signal(signal.SIGINT)
    listed, err = child.communicate(timeout=60)
    assert child.returncode == 130
    kept = sorted(folder.glob("*.yaml"))
    assert len(kept) >= 3
    assert listed.splitlines() == [str(path) for path in kept]  # as a finished run lists them
    assert (out / "schemas" / "puzzle.schema.json").read_bytes() == (
        ROOT / "schemas" / "puzzle.schema.json").read_bytes()  # the files' $schema is there
    assert err.splitlines()[-1] == (f"banmen: mine interrupted: {len(kept)} puzzles kept in "
                                    f"{folder}")
    assert [p.name for p in kept] == [f"m2-{n:06d}.yaml" for n in range(1, len(kept) + 1)]
    assert not list(folder.glob(".*"))
    check_project(out)


def test_texts_of_a_move_puzzle_come_from_the_engine():
    """ukejalayer p15 as the miner describes it: a quiet first move (neither it nor the
    reply is of a kind the words name), the line with the longest defence (d3c3 and d3d4
    delay alike; d3c3 comes first), the shortest win ending with a 連携; the ordinary move
    kind is named nowhere."""
    from banmen.mine.describe import texts

    data = yaml.safe_load((ROOT / "puzzles/ukejalayer/p15-win-double.yaml").read_text())
    game = get_game("ukejalayer", {"unlock": "guidebook", "white_delay": 1})
    proof = prove(game, read_back(game, data["position"]), 5, 200_000)
    words = texts(game, proof)
    assert words["title"] == "3手で勝つ：静かな一手から"
    assert words["themes"] == ["静かな一手", "連携"]
    assert words["comments"] == ["黒は3通りの手のうち、負けをいちばん遅らせる`d3c3`を指します。",
                                 "連携です。白の勝ちです。相手に指せる手がなくなりました。"]
    assert words["hints"] == ["最後は連携で勝ちが決まります。",
                              "1手目は連携ではありません（指せる手は54通り）。"]
    assert words["question"] == ("白番です。相手がどう受けても、3手以内（相手の手も数えます）"
                                 "に勝てる手順を指してください。")
    first, line, wrong = words["explanation"].split("\n\n")
    assert first == "**`3a3a4b4c4`**が、勝ちにつながるただ一つの手です。"
    assert line == ("手順は`3a3a4b4c4`→`d3c3`→`b4c3`で、白の勝ちです。相手に指せる手が"
                    "なくなりました。黒の受けは、どれも負けをいちばん遅らせる手です。")
    assert "と返されると、そのあと1手以内には勝てません。" in wrong


def test_texts_of_the_hand_written_quiet_move():
    """suicide-checkers p11 (差し出さない一手) as the miner describes it: the quiet 13-17
    first, then white's forced 連続跳び takes every black piece."""
    from banmen.mine.describe import texts

    data = yaml.safe_load((ROOT / "puzzles/suicide-checkers/p11-quiet-move.yaml").read_text())
    game = get_game("suicide-checkers")
    proof = prove(game, read_back(game, data["position"]), 5, 200_000)
    words = texts(game, proof)
    assert words["title"] == "4手で勝つ：静かな一手から"
    assert words["themes"] == ["静かな一手", "まとめて取らせる", "キング", "強制取り", "駒を全部渡す"]
    assert words["hints"] == ["最後は白の連続跳びで勝ちが決まります。", "指せる手は5通りです。"]
    assert words["comments"] == ["白は3通りの手のうち、負けをいちばん遅らせる`29-25`を指します。",
                                 "白は`25x18x9x2`（連続跳び）しか指せません。黒の勝ちです。"
                                 "自分の駒がすべてなくなりました。"]


def test_a_fixed_mining_run_says_what_the_line_does(mined):
    """The texts of the fixed run of the module's fixture: the titles name a theme, no hint
    or comment names the ordinary move kind, and every hint is about the line."""
    seen = {}
    for path in sorted(mined.glob("puzzles/*/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data["answer"]["kind"] != "move":
            continue
        seen[f"{data['game']}/{path.name}"] = (data["title"], data.get("themes"),
                                                data["hints"])
        for step in data["answer"]["solution"]:
            assert not step.get("comment", "").startswith(("移動です", "ふつうの移動です",
                                                           "1マスの移動です"))
        assert not any(h.startswith("1手目は移動です") for h in data["hints"])
    assert seen == EXPECTED_MINED


#: What the fixture's run (seed 7, FAST) writes.
EXPECTED_MINED: dict = {
    'babuschka/m7-001.yaml': (
        '1手で勝つ：かぶせる手', ['かぶせる手'],
        ['指せる手は6通りです。',
         '1手目はかぶせる手です（6通りの手のうち、かぶせる手は3通り）。']),
    'babuschka/m7-002.yaml': (
        '3手で勝つ：ジャンプ', ['ジャンプ', 'かぶせる手'],
        ['最後はかぶせる手で勝ちが決まります。',
         '1手目はジャンプです（4通りの手のうち、ジャンプは1通り）。']),
    'medamagaeru/m7-001.yaml': (
        '3手で勝つ：静かな一手から', ['静かな一手', '取る手'],
        ['最後は取る手で勝ちが決まります。',
         '指せる手は19通りです。']),
    'medamagaeru/m7-002.yaml': (
        '1手で勝つ：取る手', ['取る手'],
        ['指せる手は32通りです。',
         '1手目は取る手です（32通りの手のうち、取る手は1通り）。']),
    'suicide-checkers/m7-001.yaml': (
        '2手で勝つ：強制取り', ['強制取り', '駒を全部渡す'],
        ['最後は白の取る手で勝ちが決まります。白の受けは1通りしかありません。',
         '指せる手は2通りです。']),
    'suicide-checkers/m7-002.yaml': (
        '2手で勝つ：まとめて取らせる', ['まとめて取らせる', '強制取り', '駒を全部渡す'],
        ['最後は黒の連続跳びで勝ちが決まります。黒の受けは1通りしかありません。',
         '指せる手は7通りです。']),
    'ukejalayer/m7-001.yaml': (
        '1手で勝つ：連携', ['連携'],
        ['指せる手は59通りです。',
         '1手目は連携です（59通りの手のうち、連携は39通り）。']),
    'ukejalayer/m7-002.yaml': (
        '1手で勝つ：連携', ['連携'],
        ['指せる手は55通りです。',
         '1手目は連携です（55通りの手のうち、連携は27通り）。']),
}


def test_ludo_questions_of_a_hand_written_position():
    """ludo p03 (red, roll 2): r2 alone sends back two; r2 lands on 10 after a jump; three
    moves."""
    from banmen.games.ludo import mining as ludo

    data = yaml.safe_load((ROOT / "puzzles/ludo/p03-most-send-backs.yaml").read_text())
    game = get_game("ludo")
    found = ludo.questions(game, read_back(game, data["position"]), data["position"])
    assert [q["answer"]["query"] for q in found] == ["most_send_backs", "landing", "move_count"]
    most, landing, count = (q["answer"] for q in found)
    assert most["value"] == "r2 4-10"
    assert [o["label"] for o in most["options"]] == ["赤2を動かす（r2 4-10）",
                                                     "赤3を動かす（r3 21-23）",
                                                     "赤4を動かす（r4 33-35）"]
    assert found[0]["explanation"] == ("赤2を動かす`r2 4-10`で、**2個**戻せます。"
                                       "ほかの手では、赤3は1個、赤4は1個です。\n")
    assert (landing["value"], [o["value"] for o in landing["options"]]) == ("10", ["6", "10"])
    assert found[1]["explanation"] == ("赤2は、6マス目へ進んで、10マス目へジャンプして止まります。"
                                       "答えは**10マス目**です。\n")
    assert count["value"] == 3


def test_a_broken_rules_file_is_one_line_and_writes_nothing(tmp_path):
    root = tmp_path / "project"
    root.mkdir()
    (root / "rules.yaml").write_text("ukejalayer:\n  bogus: 1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["mine", "ukejalayer", "--count", "1", "--root",
                                       str(root), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.output == ("rules.yaml:2:10: unknown rule parameter 'bogus' "
                             "(known: size, hand, unlock, white_delay)\n")
    assert not (tmp_path / "out").exists()


def test_mining_uses_the_site_rules(tmp_path):
    root = tmp_path / "project"
    root.mkdir()
    (root / "rules.yaml").write_text("ukejalayer:\n  white_delay: 2\n", encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["mine", "ukejalayer", "--count", "1", "--seed", "3",
                                       "--out", str(out), *FAST, "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert (out / "rules.yaml").read_text() == "ukejalayer:\n  white_delay: 2\n"
    check_project(out)
