"""Today's solvers against the ones before the speed work (tools/solver_baseline.py): every
puzzle of the project gets the same verdicts, the same solution trees and the same frames,
and the winning moves agree on the positions along every solution."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from banmen import analysis
from banmen.content import solution
from banmen.content.check import check_project
from banmen.games.suicide_checkers import game as checkers_game
from banmen.games.suicide_checkers import queries as checkers_queries
from conftest import ROOT

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
    for puzzle in content.puzzles.values():
        if puzzle.answer["kind"] != "move":
            continue
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
