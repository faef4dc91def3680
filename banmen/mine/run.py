"""``banmen mine``: play engine games, keep the positions that make good puzzles, write them
as puzzle YAML under ``<out>/puzzles/<game>/``.

Games are independent (each has its own seed, derived from the run's seed and its number),
so they run in worker processes and their results are taken in game order: the files do not
depend on the number of workers. A file is written as soon as its puzzle is accepted, so an
interrupted run keeps every puzzle found so far.
"""

from __future__ import annotations

import random
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from banmen.game import BanmenError, Game, game_module, get_game

#: Puzzles kept from one game at most (variety: many games rather than one long ending).
PER_GAME = 2
#: Only the last plies of a game are searched for move puzzles (forced wins live there),
#: and of a won game only the winner's positions.
LAST_PLIES = 40
#: Solver nodes one game may spend on its positions, in units of the per-position budget.
GAME_NODES_FACTOR = 5
#: Games played per puzzle asked for before the run gives up.
GAMES_PER_PUZZLE = 40
#: Default solver budget of one position's proof.
NODES = 20_000


@dataclass(frozen=True)
class Settings:
    """One mining run's arguments (picklable, for the worker processes)."""

    game_id: str
    rules: Any  # the game's Rules object (or a mapping of overrides)
    seed: int
    plies: int
    nodes: int


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a run with ``seed`` (stable across Python versions)."""
    return random.Random(f"banmen-mine:{seed}:{number}").randrange(1 << 31)


def _move_puzzle(game: Game, proof: Any, data: dict[str, Any]) -> dict[str, Any]:
    from banmen.mine.describe import texts

    words = texts(game, proof)
    steps = []
    here = proof.state
    for (move, reply), others, comment in zip(proof.line, proof.also, words["comments"]):
        step: dict[str, Any] = {"move": game.format_move(here, move)}
        if others:
            step["also"] = [game.format_move(here, m) for m in others]
        after = game.play(here, move)
        if reply is not None:
            step["reply"] = game.format_move(after, reply)
            here = game.play(after, reply)
        if comment:
            step["comment"] = comment
        steps.append(step)
    return {"title": words["title"], "level": proof.level, "question": words["question"],
            "answer": {"kind": "move", "plies": proof.plies, "solution": steps},
            "hints": words["hints"], "explanation": words["explanation"],
            "themes": words["themes"]}


def mine_one_game(settings: Settings, number: int) -> list[tuple[str, dict[str, Any]]]:
    """Play game ``number`` of the run and return its puzzles, best first.

    Returns:
        ``(position key, puzzle mapping)`` pairs, at most a few; the mapping has every field
        of the puzzle file but ``game`` (filled in by :func:`puzzle_text`).
    """
    from banmen.mine import select
    from banmen.mine.selfplay import play_game
    from banmen.mine.write import position_data, position_key, read_back

    game = get_game(settings.game_id, settings.rules)
    mining = game_module(settings.game_id, "mining")
    questions = getattr(mining, "questions", None)  # a game whose puzzles are questions
    history = getattr(mining, "HISTORY_KEYS", ())
    played = play_game(game, game_seed(settings.seed, number))
    ranked: list[tuple[tuple, str, dict[str, Any]]] = []
    seen: set[str] = set()
    first = 1 if questions is not None else max(1, len(played.states) - LAST_PLIES)
    ended = game.outcome(played.states[-1])
    winner = ended.winner if ended is not None else None
    spent: list[int] = []
    # from the end backwards: the positions likeliest to hold a forced win get the budget
    for ply in range(len(played.states) - 1, first - 1, -1):
        state = played.states[ply]
        if game.outcome(state) is not None:
            continue
        data = position_data(game, state)
        if history:  # a shorter position, if the proof holds without
            data = {k: v for k, v in data.items() if k not in history}
        key = position_key(data)
        if key in seen:
            continue
        seen.add(key)
        try:
            state = read_back(game, data)
        except BanmenError:
            continue
        if questions is not None:
            for rank, puzzle in enumerate(questions(game, state, data)):
                ranked.append(((rank, ply), key, {"position": data, **puzzle}))
            continue
        if winner is not None and game.side_to_move(state) != winner:
            continue  # the loser's positions seldom hold a forced win: not searched
        left = GAME_NODES_FACTOR * settings.nodes - sum(spent)
        if left <= 0:
            break
        proof = select.prove(game, state, settings.plies, min(settings.nodes, left), spent)
        if proof is None:
            continue
        before = played.states[ply - 1]
        mistake = (game.side_to_move(before) != game.side_to_move(state)
                   and select.after_mistake(game, before, played.moves[ply - 1], proof.plies,
                                            settings.nodes))
        puzzle = _move_puzzle(game, proof, data)
        ranked.append(((not mistake, -proof.level, ply), key, {"position": data, **puzzle}))
    ranked.sort(key=lambda item: item[0])
    kept, keys, kinds = [], set(), set()
    for _, key, puzzle in ranked:
        answer = puzzle["answer"]
        kind = ((answer["kind"], answer["solution"][0]["move"]) if answer["kind"] == "move"
                else (answer["kind"], answer.get("query")))
        if key in keys or kind in kinds:
            continue  # one question per position; per game, one of each kind (questions) or
            # one per solution's first move (the same idea one move later is no new puzzle)
        keys.add(key)
        kinds.add(kind)
        kept.append((key, puzzle))
        if len(kept) == PER_GAME:
            break
    return kept


def _idea(puzzle: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The solver's moves of a move puzzle (``None`` for other answers): two puzzles with
    the same moves are the same idea in all but a detail, so a run keeps the first only."""
    answer = puzzle["answer"]
    if answer["kind"] != "move":
        return None
    return tuple(step["move"] for step in answer["solution"])


def puzzle_text(game_id: str, puzzle: Mapping[str, Any]) -> str:
    """Return the YAML file of a mined puzzle (fields in the hand-written files' order)."""
    from banmen.mine.write import dump

    order = ("title", "level", "source", "themes", "position", "question", "answer", "hints",
             "explanation")
    full = {"game": game_id, "source": "mined", **puzzle}
    return dump({"game": game_id, **{k: full[k] for k in order if k in full and full[k] != []}})


def known_positions(root: Path, game: Game) -> set[str]:
    """The position keys of the puzzles of ``game`` under ``root/puzzles`` and of its
    committed practice set under ``root/practice`` (after their ``moves``); files that do not
    read are skipped (``banmen check`` reports them)."""
    import yaml

    from banmen.mine.write import position_data, position_key, read_back

    keys = set()
    paths = [path for folder in ("puzzles", "practice")
             for path in sorted((root / folder / game.id).glob("*.yaml"))]
    for path in paths:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            state = (read_back(game, data["position"]) if data.get("position")
                     else game.initial_state())
            for text in data.get("moves") or ():
                state = game.play(state, game.parse_move(state, str(text)))
            keys.add(position_key(position_data(game, state)))
        except Exception:  # noqa: BLE001 - an unreadable file is check's business
            continue
    return keys


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(settings: Settings, jobs: int, limit: int
             ) -> Iterator[tuple[int, list[tuple[str, dict[str, Any]]]]]:
    """Each game's puzzles in game order, computed ``jobs`` games at a time."""
    if jobs == 1:
        for number in range(limit):
            yield number, mine_one_game(settings, number)
        return
    import multiprocessing
    from functools import partial

    with multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_sigint) as pool:
        try:
            yield from enumerate(pool.imap(partial(mine_one_game, settings), range(limit),
                                           chunksize=1))
        finally:
            pool.terminate()


def mine(game_id: str, count: int, *, seed: int = 0, plies: int = 5, out: Path,
         root: Path = Path("."), jobs: int = 1, nodes: int = NODES,
         rules: Any = None, written: list[Path] | None = None,
         report: Callable[[str], None] = lambda line: print(line, file=sys.stderr, flush=True)
         ) -> list[Path]:
    """Mine ``count`` puzzles of ``game_id`` into ``out/puzzles/<game>/``.

    Args:
        game_id: the game.
        count: how many puzzles to write.
        seed: the run's seed; the same arguments give byte-identical files.
        plies: the longest win searched for (move puzzles).
        out: the folder to write into (a project root: ``banmen check --root out`` checks it).
        root: the project whose ``puzzles/<game>/`` positions are not mined again.
        jobs: worker processes.
        nodes: solver budget per position.
        rules: the rules to mine under (a Rules object or a mapping of overrides; the
            command gives the site's, from ``rules.yaml``); ``None``: the defaults.
        written: the list the written files are appended to as they are written (so a
            caller still has them after an interrupt); a new list by default.
        report: receives the progress lines.

    Returns:
        The files written, in order. Files are named ``m<seed>-<number>.yaml``.

    Raises:
        KeyboardInterrupt: passed on after the files found so far are written.
    """
    from banmen.mine.write import write_file

    game = get_game(game_id, rules)
    settings = Settings(game_id, rules, seed, plies, nodes)
    known = known_positions(root, game)
    ideas: set[tuple[str, ...]] = set()
    folder = out / "puzzles" / game_id
    written = [] if written is None else written
    started = last = time.monotonic()
    played = 0
    limit = max(1, count) * GAMES_PER_PUZZLE
    width = max(3, len(str(count)))
    for number, puzzles in _results(settings, jobs, limit):
        played = number + 1
        for key, puzzle in puzzles:
            idea = _idea(puzzle)
            if key in known or idea in ideas:
                continue
            known.add(key)
            if idea is not None:
                ideas.add(idea)
            path = folder / f"m{seed}-{len(written) + 1:0{width}d}.yaml"
            write_file(path, puzzle_text(game_id, puzzle))
            written.append(path)
            if len(written) == count:
                break
        now = time.monotonic()
        if len(written) == count or now - last >= 2.0:
            last = now
            report(f"banmen: mine {game_id}: {played} games played, {len(written)} of {count} "
                   f"puzzles, {now - started:.0f} s")
        if len(written) == count:
            break
    if len(written) < count:
        report(f"banmen: mine {game_id}: found only {len(written)} of {count} puzzles in "
               f"{played} games")
    return written
