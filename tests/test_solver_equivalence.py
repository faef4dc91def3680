"""Today's solvers against the ones before the speed work (tools/solver_baseline.py): every
puzzle of the project gets the same verdicts, the same solution trees and the same frames,
and the winning moves agree on the positions along every solution."""

from __future__ import annotations

import importlib.util
import random
import sys

import pytest

from banmen import analysis
from banmen.content import solution
from banmen.content.check import check_project
from banmen.games.suicide_checkers import game as checkers_game
from banmen.games.suicide_checkers import SuicideCheckersGame, format_fen, parse_fen
from banmen.games.suicide_checkers import queries as checkers_queries
from conftest import ROOT
from test_suicide_checkers import random_positions

_spec = importlib.util.spec_from_file_location("solver_baseline",
                                               ROOT / "tools" / "solver_baseline.py")
baseline = importlib.util.module_from_spec(_spec)
sys.modules["solver_baseline"] = baseline
_spec.loader.exec_module(baseline)


def _puzzle_paths():
    return sorted((ROOT / "puzzles").glob("*/*.yaml"))


def _with_baseline(monkeypatch):
    monkeypatch.setattr(analysis, "Solver", baseline.BaselineSolver)
    monkeypatch.setattr(solution, "Solver", baseline.BaselineSolver)
    monkeypatch.setattr(checkers_queries, "GiveawaySolver", baseline.BaselineGiveawaySolver)
    monkeypatch.setattr(
        checkers_game.SuicideCheckersGame, "winning_moves",
        lambda self, state, plies: baseline.BaselineGiveawaySolver(self).winning_moves(state,
                                                                                       plies))


def _checked(paths):
    content = check_project(ROOT, paths=paths)
    return {ident: (p.answer, p.frames, p.steps) for ident, p in content.puzzles.items()}


@pytest.fixture(scope="module")
def today():
    return _checked(_puzzle_paths())


def test_every_puzzle_is_checked_the_same_as_with_the_old_solvers(today, monkeypatch):
    moves = [i for i, (answer, _, _) in today.items() if answer["kind"] == "move"]
    assert len(moves) >= 8  # the project's move puzzles, of every game with a solver
    assert {i.split("/")[0] for i in moves} >= {"ukejalayer", "medamagaeru", "babuschka",
                                                "suicide-checkers"}
    with monkeypatch.context() as patch:
        _with_baseline(patch)
        before = _checked(_puzzle_paths())
    assert before.keys() == today.keys()
    for ident in today:
        assert today[ident] == before[ident], ident


def _tree_positions(game, state, node, out):
    """Collect (state, plies) along the solution tree's winning edges."""
    out.append(state)
    for text, edge in node["right"].items():
        if edge["next"] is None or edge["reply"] is None:
            continue
        after = game.play(state, game.parse_move(state, text))
        answer = game.play(after, game.parse_move(after, edge["reply"]))
        _tree_positions(game, answer, edge["next"], out)


def test_winning_moves_agree_along_every_solution_tree():
    content = check_project(ROOT, paths=_puzzle_paths())
    compared = 0
    proved = set()
    for puzzle in content.puzzles.values():
        if puzzle.answer["kind"] != "move":
            continue
        proved.add(puzzle.ident)
        game = puzzle.game
        state = puzzle.spec.state
        states: list = []
        _tree_positions(game, state, puzzle.answer["root"], states)
        plies = puzzle.model.answer.plies
        if getattr(state, "players", 2) > 2:
            continue  # four-player babuschka has its own solver, unchanged but for the budget
        for depth, position in enumerate(states):
            for horizon in range(1, plies + 1):
                new = game.winning_moves(position, horizon)
                if game.id == "suicide-checkers":
                    old = baseline.BaselineGiveawaySolver(game).winning_moves(position, horizon)
                    assert new == analysis.Solver(game).winning_moves(position, horizon)
                else:
                    old = baseline.BaselineSolver(game).winning_moves(position, horizon)
                assert new == old, (puzzle.ident, depth, horizon)
                compared += 1
    assert compared >= 30
    # every move puzzle of the project (answer kind "move", two players) was compared
    movers = {f"{p.parent.name}/{p.stem}" for p in _puzzle_paths()
              if "kind: move" in p.read_text(encoding="utf-8")}
    assert proved == movers and len(movers) == 8


def test_giveaway_solver_agrees_with_the_old_one_on_middle_games():
    game = SuicideCheckersGame()
    won = 0
    for state in random_positions(game, 30, seed=1, plies=(10, 40)):
        new = game.winning_moves(state, 12)
        assert new == baseline.BaselineGiveawaySolver(game).winning_moves(state, 12), \
            format_fen(state)
        won += bool(new)
    assert won >= 3  # wins and non-wins both


def test_giveaway_solver_agrees_with_the_old_one_under_strict_draw_rules():
    # Kings that can shuffle: repetitions and the quiet-move limit decide many lines.
    game = SuicideCheckersGame({"repetition_draw": 2, "quiet_move_limit": 3})
    rng = random.Random(19)
    won = compared = 0
    for _ in range(120):
        squares = rng.sample(range(1, 33), rng.randint(3, 7))
        split = rng.randint(1, len(squares) - 1)
        field = lambda own: ",".join(("K" if rng.random() < 0.6 else "") + str(s)
                                     for s in own)  # noqa: E731
        black = [s for s in squares[:split] if s < 29]
        white = [s for s in squares[split:] if s > 4]
        if not black or not white:
            continue
        state = parse_fen(f"{rng.choice('BW')}:W{field(white)}:B{field(black)}")
        if game.outcome(state) is not None:
            continue
        plies = rng.choice([5, 7, 9])
        new = game.winning_moves(state, plies)
        assert new == baseline.BaselineGiveawaySolver(game).winning_moves(state, plies), \
            (format_fen(state), plies)
        won += bool(new)
        compared += 1
    assert compared >= 80 and won >= 10


def test_deepening_levels():
    from banmen.games.suicide_checkers.solver import deepening_levels

    assert [deepening_levels(d) for d in (1, 2, 3, 4, 9)] == [[1], [1, 2], [1, 3], [1, 2, 4],
                                                             [1, 2, 4, 9]]
    assert deepening_levels(20) == [1, 2, 4, 8, 20]


@pytest.mark.parametrize("ident", ["suicide-checkers/p10-feed-king",
                                   "suicide-checkers/p11-quiet-move"])
def test_short_wins_are_found_fast_at_a_long_horizon(ident):
    # Without deepening at the root, p10 asked at plies 40 reached some 535,000 positions.
    puzzle = check_project(ROOT, paths=[ROOT / "puzzles" / f"{ident}.yaml"]).puzzles[ident]
    game, state = puzzle.game, puzzle.spec.state
    with analysis.solver_budget(ident, nodes=50_000, progress=False) as spent:
        long = game.winning_moves(state, 40)
    assert len(long) == 2 and spent.used < 20_000
    assert game.winning_moves(state, 20) == long == baseline.BaselineGiveawaySolver(
        game).winning_moves(state, 20)
    short = game.winning_moves(state, 4)
    assert len(short) == 1 and short[0] in long


def test_giveaway_search_shape_is_unchanged_by_the_speed_work():
    # The speed work on the generator and the solver made each position cheaper, not the
    # search different: the same positions are expanded and reached (counted before it).
    from banmen.games.suicide_checkers.solver import GiveawaySolver

    game = SuicideCheckersGame()
    solver = GiveawaySolver(game)
    with analysis.solver_budget("plies 18", nodes=10**9, progress=False) as spent:
        assert solver.winning_moves(game.initial_state(), 18) == []
    assert (solver.nodes, spent.used) == (4_314, 45_471)
    solver = GiveawaySolver(game)
    with analysis.solver_budget("plies 40", nodes=500_000, progress=False) as spent:
        with pytest.raises(analysis.SolverBudgetError, match="budget of 500000 nodes"):
            solver.winning_moves(game.initial_state(), 40)
    assert (solver.nodes, spent.used) == (53_561, 500_002)
