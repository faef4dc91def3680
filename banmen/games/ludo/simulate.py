"""Simulated games of the Ludo family: the only place where dice are random.

Each game rolls a seeded die and plays a simple fixed strategy for every colour (the same for
every preset), choosing among the pieces that can use the roll:

1. a move that reaches the goal;
2. else the move that sends back the most pieces (if any sends one back);
3. else entering a piece from the yard;
4. else the most advanced piece (largest progress).

Ties go to the lowest piece number. A ply is one roll and what was done with it (a piece move
or a pass); the chance moves ``roll N`` of the engine contract are not counted.

Every ply is checked (unless a caller asks for none, ``check=False``): each colour keeps its
number of pieces, every progress stays on the track, and a progress only falls by a send-back
(another colour's piece, to its yard, counted in ``sent``), a bounce (the moved piece) or the
third-six penalty (the last moved piece, to its yard). A broken invariant raises
:class:`SimulationError`.

Game ``i`` of a run with seed ``s`` uses its own generator seeded ``"{s}:{i}"``, so the same
seed gives the same games whatever the number of jobs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from banmen.game import BanmenError
from banmen.games.ludo.engine import Turn, Variant, initial_state, variant_for
from banmen.games.ludo.rules import LudoRules, merge_rules, preset_rules
from banmen.games.ludo.track import YARD

#: a game longer than this many plies is reported as an error (it never happens in practice).
MAX_PLIES = 100_000


class SimulationError(BanmenError):
    """An invariant broke during a simulated game (a bug in the engine)."""


@dataclass(frozen=True)
class GameRecord:
    """One simulated game.

    Attributes:
        plies: rolls played (piece moves and passes).
        ranking: ``(colour, rank)`` best first, as :func:`.engine.ranking` gives it.
        send_backs: per seat, the pieces that colour sent back.
        winner_seat: the seat index of the first colour to finish.
    """

    plies: int
    ranking: tuple[tuple[str, int], ...]
    send_backs: tuple[int, ...]
    winner_seat: int


@dataclass(frozen=True)
class SimulationStats:
    """Statistics of a run of simulated games.

    Attributes:
        games: number of games.
        colours: the colours in seat order.
        average_plies: mean plies per game.
        send_backs_per_game: mean pieces sent back per game (all colours together).
        first_seat_win_rate: share of games (0..1) the first seat (red) finished first.
        wins: per seat, games that seat finished first.
        longest_plies: plies of the longest game; longest_game: its 0-based game number.
    """

    games: int
    colours: tuple[str, ...]
    average_plies: float
    send_backs_per_game: float
    first_seat_win_rate: float
    wins: tuple[int, ...]
    longest_plies: int
    longest_game: int


def rules_for(preset: str = "aeroplane", overrides: Mapping[str, Any] | None = None,
              colours: int | None = None) -> LudoRules:
    """Return the rules of ``preset`` with ``overrides`` and, when given, ``colours``.

    Raises:
        RulesError: a bad preset or override.
    """
    extra = dict(overrides or {})
    if colours is not None:
        extra["colours"] = colours
    return merge_rules(preset_rules(preset), extra)


def choose(turn: Turn, indices: list[int]) -> int:
    """Return the piece index the strategy plays among ``indices`` (see the module doc)."""
    if len(indices) == 1:
        return indices[0]
    v = turn.v
    own = turn.pieces[turn.seat]
    final, roll, goal = v.final, turn.roll, v.goal
    for i in indices:
        if final[own[i]][roll] == goal:
            return i
    best, best_sent = -1, 0
    for i in indices:
        if v.landings[own[i]][roll]:
            sent = turn.sends(i)
            if sent > best_sent:
                best, best_sent = i, sent
    if best >= 0:
        return best
    for i in indices:
        if own[i] == YARD:
            return i
    return max(indices, key=lambda i: (own[i], -i))


def _check_ply(v: Variant, before: list[tuple[int, ...]], turn: Turn, seat: int,
               index: int | None) -> None:
    goal, sent = v.goal, 0
    for s, (old_own, new_own) in enumerate(zip(before, turn.pieces)):
        if len(old_own) != len(new_own):
            raise SimulationError(f"seat {s} has {len(new_own)} pieces, had {len(old_own)}")
        for i, (old, new) in enumerate(zip(old_own, new_own)):
            if not YARD <= new <= goal:
                raise SimulationError(f"seat {s} piece {i} at {new}: off the track")
            if s == seat:
                if i == turn.returned:
                    if new != YARD:
                        raise SimulationError("the third-six penalty must return to the yard")
                elif i == index:
                    if new < old and not turn.bounced:
                        raise SimulationError(f"piece {i} fell from {old} to {new}")
                elif new != old:
                    raise SimulationError(f"piece {i} of the mover changed without moving")
            elif new != old:
                if new != YARD or old in (YARD, goal):
                    raise SimulationError(f"seat {s} piece {i} changed from {old} to {new}")
                sent += 1
    if sent != turn.sent:
        raise SimulationError(f"{sent} pieces went home, the move counted {turn.sent}")
    if turn.returned >= 0 and not (before[seat][turn.returned] != YARD and index is None):
        raise SimulationError("the third-six penalty struck outside a void third six")


def play_game(rules: LudoRules, rng: random.Random, check: bool = True) -> GameRecord:
    """Play one game with the strategy of the module doc and return its record.

    Raises:
        SimulationError: an invariant broke, or the game exceeded :data:`MAX_PLIES`.
    """
    from banmen.games.ludo.engine import ranking

    start = initial_state(rules)
    v = start.variant
    turn = Turn(start)
    players = len(start.colours)
    stop_first = rules.stop_at_first
    rand = rng.random
    plies = 0
    finished = turn.finished
    while len(finished) < players - 1 and not (stop_first and finished):
        turn.roll = int(rand() * 6) + 1
        indices = turn.movable()
        index = choose(turn, indices) if indices else None
        seat = turn.seat
        if check:
            before = [tuple(p) for p in turn.pieces]
            turn.apply(index)
            _check_ply(v, before, turn, seat, index)
        else:
            turn.apply(index)
        plies += 1
        if plies > MAX_PLIES:
            raise SimulationError(f"a game passed {MAX_PLIES} plies")
    end = turn.state()
    return GameRecord(plies, tuple(ranking(end)), end.send_backs, end.finished[0])


def play_game_contract(rules: LudoRules, rng: random.Random) -> GameRecord:
    """Play the same game as :func:`play_game` (same generator, same strategy) through the
    :class:`~banmen.game.Game` contract only (``legal_moves``, ``play``, ``outcome``): the
    slow reference the fast loop is compared with (tests, ``tools/bench_ludo.py``)."""
    from banmen.games.ludo.engine import Move, ranking, sends, waypoints
    from banmen.games.ludo.game import LudoGame

    game = LudoGame(rules)
    state = game.initial_state()
    goal = state.variant.goal
    plies = 0
    while game.outcome(state) is None:
        state = game.play(state, Move("roll", int(rng.random() * 6) + 1))
        moves = game.legal_moves(state)
        own = state.pieces[state.to_move]
        if moves[0].kind == "move" and len(moves) > 1:
            finals = {m: waypoints(state, m)[-1][0] for m in moves}
            sent = {m: sends(state, m) for m in moves}
            best = max(sent.values())
            move = next((m for m in moves if finals[m] == goal), None)
            move = move or next((m for m in moves if best and sent[m] == best), None)
            move = move or next((m for m in moves if own[m.value] == YARD), None)
            move = move or max(moves, key=lambda m: (own[m.value], -m.value))
        else:
            move = moves[0]
        state = game.play(state, move)
        plies += 1
    return GameRecord(plies, tuple(ranking(state)), state.send_backs, state.finished[0])


def seated_colours(rules: LudoRules) -> tuple[str, ...]:
    """Return the colours a simulated game of ``rules`` seats, in seat order."""
    return initial_state(rules).colours


def game_rng(seed: int, number: int) -> random.Random:
    """Return the generator of game ``number`` (0-based) of a run seeded ``seed``."""
    return random.Random(f"{seed}:{number}")


def _play_range(args: tuple[dict[str, Any], int, int, int, bool]) -> list[GameRecord]:
    rules_data, seed, first, stop, check = args
    rules = LudoRules(**rules_data)
    variant_for(rules)
    return [play_game(rules, game_rng(seed, i), check) for i in range(first, stop)]


def play_games(rules: LudoRules, games: int, seed: int, jobs: int = 1,
               progress: Callable[[int], None] | None = None,
               check: bool = True) -> list[GameRecord]:
    """Play ``games`` games (numbers 0..games-1) and return their records in order.

    Args:
        rules: the rules every game uses.
        games: how many games.
        seed: the run's seed (the same seed gives the same games).
        jobs: worker processes (1 = this process).
        progress: called with the number of games just finished (for a progress bar).
        check: check the invariants after every ply (``False``: the same games, about a
            quarter faster, for figures of engines the checked runs and tests cover).

    Raises:
        SimulationError: an invariant broke (``check``), or a game passed
            :data:`MAX_PLIES`.
    """
    chunk = max(1, min(250, games // (jobs * 8) or 1))
    ranges = [(s, min(s + chunk, games)) for s in range(0, games, chunk)]
    explicit = rules.explicit()
    work = [(explicit, seed, a, b, check) for a, b in ranges]
    records: list[GameRecord] = []
    if jobs <= 1:
        for item in work:
            records += _play_range(item)
            if progress:
                progress(item[3] - item[2])
        return records
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for item, part in zip(work, pool.imap(_play_range, work)):
            records += part
            if progress:
                progress(item[3] - item[2])
    return records


def game_lengths(preset: str = "aeroplane", games: int = 1000, seed: int = 0,
                 colours: int | None = None, overrides: Mapping[str, Any] | None = None,
                 jobs: int = 1, check: bool = True) -> list[int]:
    """Return the plies of each of ``games`` simulated games of ``preset`` (in game order),
    e.g. for a histogram of game lengths per preset; ``check`` as for :func:`play_games`.

    Raises:
        RulesError: a bad preset or override.
        SimulationError: an invariant broke (``check``), or a game passed
            :data:`MAX_PLIES`.
    """
    rules = rules_for(preset, overrides, colours)
    return [record.plies for record in play_games(rules, games, seed, jobs, check=check)]


def summarise(records: list[GameRecord], colours: tuple[str, ...]) -> SimulationStats:
    """Return the statistics of ``records`` (at least one game)."""
    games = len(records)
    wins = [0] * len(colours)
    for record in records:
        wins[record.winner_seat] += 1
    longest = max(range(games), key=lambda i: (records[i].plies, -i))
    return SimulationStats(
        games=games,
        colours=colours,
        average_plies=sum(r.plies for r in records) / games,
        send_backs_per_game=sum(sum(r.send_backs) for r in records) / games,
        first_seat_win_rate=wins[0] / games,
        wins=tuple(wins),
        longest_plies=records[longest].plies,
        longest_game=longest,
    )


def report_lines(rules: LudoRules, stats: SimulationStats, seed: int) -> list[str]:
    """Return the lines ``banmen simulate`` prints for ``stats``."""
    wins = ", ".join(f"{c} {n / stats.games:.1%}" for c, n in zip(stats.colours, stats.wins))
    return [
        f"preset: {rules.preset}, colours: {', '.join(stats.colours)}, pieces: {rules.pieces}, "
        f"games: {stats.games}, seed: {seed}",
        f"average plies: {stats.average_plies:.1f}",
        f"send-backs per game: {stats.send_backs_per_game:.2f}",
        f"first-seat win rate: {stats.first_seat_win_rate:.1%} ({stats.colours[0]})",
        f"wins: {wins}",
        f"longest game: {stats.longest_plies} plies (game {stats.longest_game})",
    ]
