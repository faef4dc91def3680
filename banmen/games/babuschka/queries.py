"""バブーシュカ named queries (for puzzles) and the four-player solver.

Every query takes the game and the state first; square arguments are names like ``c1``.
``shared/rules/babuschka.md`` is the source of every answer.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from banmen.errors import brief_repr
from banmen import analysis
from banmen.game import NotationError, Query, QueryError, QueryParam
from banmen.games.babuschka import board as geo
from banmen.games.babuschka import moves as mv
from banmen.games.babuschka.rules import doll_text, sides_of

if TYPE_CHECKING:
    from banmen.games.babuschka.game import BabuschkaGame


def _square(state: mv.BabuschkaState, square: Any, need_doll: bool = True) -> int:
    try:
        parsed = geo.parse_square(square)
    except NotationError as err:
        raise QueryError(str(err)) from None
    if need_doll and not state.board[parsed]:
        raise QueryError(f"{geo.square_name(parsed)} is empty: expected a square with a doll")
    return parsed


def _side(state: mv.BabuschkaState, side: Any) -> int:
    sides = sides_of(state.players)
    if side not in sides:
        raise QueryError(f"expected a side of this {state.players}-player position "
                         f"({', '.join(sides)}), got {brief_repr(side)}")
    return sides.index(side)


def _names(squares) -> list[str]:
    return sorted(geo.square_name(sq) for sq in squares)


def _reach(game: BabuschkaGame, state: mv.BabuschkaState, square: Any) -> mv.Reach:
    return mv.reach(state, _square(state, square), game.rules.fly_over_goals)


def query_destinations(game: BabuschkaGame, state: mv.BabuschkaState, square: Any) -> list[str]:
    """Every final square the top doll on the square can reach with one action.

    Steps and jump chains, moving as its owner moves, whoever is to move.

    ``shared/rules/babuschka.md`` "A turn: one action, move or jump".
    """
    found = _reach(game, state, square)
    return _names({*found.steps, *found.chains})


def query_step_targets(game: BabuschkaGame, state: mv.BabuschkaState, square: Any) -> list[str]:
    """The squares the top doll on the square can reach by one step (no jump).

    ``shared/rules/babuschka.md`` "A turn": **Move**.
    """
    return _names(_reach(game, state, square).steps)


def query_jump_targets(game: BabuschkaGame, state: mv.BabuschkaState, square: Any) -> list[str]:
    """The final squares the top doll on the square can reach by a chain of one or more jumps.

    ``shared/rules/babuschka.md`` "A turn": **Jump**.
    """
    return _names(_reach(game, state, square).chains)


def query_longest_jump(game: BabuschkaGame, state: mv.BabuschkaState, square: Any) -> int:
    """The most jumps in one legal chain of the top doll on the square (0: it cannot jump).

    A chain counted here lands on no square twice (loops add nothing).

    ``shared/rules/babuschka.md`` "A turn": **Jump**.
    """
    return mv.longest_chain(state, _square(state, square), game.rules.fly_over_goals)


def query_hidden_under(game: BabuschkaGame, state: mv.BabuschkaState, square: Any) -> str:
    """The dolls under the top doll of the square, bottom to top (``bS,gM``), or ``none``.

    Comma-separated, in position notation.

    ``shared/rules/babuschka.md`` "Hidden information".
    """
    nest = state.board[_square(state, square, need_doll=False)]
    under = [doll_text(d, state.players) for d in nest[:-1]]
    return ",".join(under) if under else "none"


def query_top_doll(game: BabuschkaGame, state: mv.BabuschkaState, square: Any) -> str:
    """The top doll of the square (``gL``), or ``empty``.

    ``shared/rules/babuschka.md`` "Material": only the top doll is visible and movable.
    """
    nest = state.board[_square(state, square, need_doll=False)]
    return doll_text(nest[-1], state.players) if nest else "empty"


def query_movable_squares(game: BabuschkaGame, state: mv.BabuschkaState) -> list[str]:
    """The squares of the side to move whose top doll has at least one legal action.

    Empty when it must pass or the game is over.

    ``shared/rules/babuschka.md`` "A turn".
    """
    return _names({m.origin for m in game.legal_moves(state) if not m.is_pass})


def query_must_pass(game: BabuschkaGame, state: mv.BabuschkaState) -> bool:
    """Whether the side to move has no legal action and so must pass.

    False when the game is over.

    ``shared/rules/babuschka.md`` "A turn": a player who has no legal action passes.
    """
    return game.legal_moves(state) == [mv.PASS]


def query_goal_squares(game: BabuschkaGame, state: mv.BabuschkaState, side: Any) -> list[str]:
    """The goal squares of the side: the start squares of the side sitting opposite.

    ``shared/rules/babuschka.md`` "Material".
    """
    return _names(mv.goal_squares(state.players, _side(state, side)))


def query_complete_nests(game: BabuschkaGame, state: mv.BabuschkaState, side: Any) -> int:
    """How many goal squares of the side hold its complete own nest (S, M, L, nothing else).

    ``shared/rules/babuschka.md`` "Goal and end".
    """
    return mv.complete_nests(state, _side(state, side))


def query_passes(game: BabuschkaGame, state: mv.BabuschkaState) -> int:
    """Consecutive passes just played (when every player still playing passes: a draw).

    ``shared/rules/babuschka.md`` "A turn" [decision].
    """
    return state.passes


def query_ranking(game: BabuschkaGame, state: mv.BabuschkaState) -> str:
    """The sides home so far, in the order they finished, comma-separated, or ``none``.

    ``shared/rules/babuschka.md`` "Goal and end".
    """
    sides = sides_of(state.players)
    return ",".join(sides[s] for s in state.finished) or "none"


def game_queries() -> dict[str, Query]:
    """Return the バブーシュカ queries by name."""
    square = (QueryParam("square", "square", "a square with a doll, like c1"),)
    any_square = (QueryParam("square", "square", "a square on the board, like c1"),)
    side = (QueryParam("side", "side", "a side of the position (black, grey; south, ...)"),)
    table = [
        ("destinations", query_destinations, "squares", square),
        ("step_targets", query_step_targets, "squares", square),
        ("jump_targets", query_jump_targets, "squares", square),
        ("longest_jump", query_longest_jump, "number", square),
        ("hidden_under", query_hidden_under, "text", any_square),
        ("top_doll", query_top_doll, "text", any_square),
        ("movable_squares", query_movable_squares, "squares", ()),
        ("must_pass", query_must_pass, "boolean", ()),
        ("goal_squares", query_goal_squares, "squares", side),
        ("complete_nests", query_complete_nests, "number", side),
        ("passes", query_passes, "number", ()),
        ("ranking", query_ranking, "text", ()),
    ]
    return {
        name: Query(name, func, returns, params, func.__doc__ or "")
        for name, func, returns, params in table
    }


class MultiSolver:
    """A bounded "win within N plies" search for any number of players, with a table.

    The side asking (the hero) wins within N when some move of its own leads to a win within
    N - 1, and every move of any other side does too; a finished game counts only if the hero
    is its winner. Plies count every player's turn, the winning move included.

    Every position reached counts one node against the active
    :func:`banmen.analysis.solver_budget`; the table holds at most
    :data:`banmen.analysis.TABLE_MAX` entries.

    Args:
        game: the engine.
    """

    def __init__(self, game: BabuschkaGame):
        self.game = game
        self._table: dict[tuple[Hashable, int, int], bool] = {}

    def wins_within(self, state: mv.BabuschkaState, plies: int, hero: int) -> bool:
        """Return True when ``hero`` (a side index) wins within ``plies`` from ``state``."""
        result = self.game.outcome(state)
        if result is not None:
            return result.winner == sides_of(state.players)[hero]
        if plies <= 0:
            return False
        key = (state, plies, hero)
        cached = self._table.get(key)
        if cached is not None:
            return cached
        moves = self.game.legal_moves(state)
        children = (self._child_wins(state, m, plies - 1, hero) for m in moves)
        won = any(children) if state.to_move == hero else all(children)
        if len(self._table) < analysis.TABLE_MAX:
            self._table[key] = won
        return won

    def _child_wins(self, state: mv.BabuschkaState, move: mv.Move, plies: int, hero: int
                    ) -> bool:
        analysis.count_node()  # one budget node per position reached, as every solver
        return self.wins_within(self.game.play(state, move), plies, hero)

    def winning_moves(self, state: mv.BabuschkaState, plies: int) -> list[mv.Move]:
        """Return the moves of the side to move that force its win within ``plies``."""
        if self.game.outcome(state) is not None:
            return []
        hero = state.to_move
        with analysis.gc_paused():
            return [m for m in self.game.legal_moves(state)
                    if self._child_wins(state, m, plies - 1, hero)]
