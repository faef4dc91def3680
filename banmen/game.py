"""The engine contract shared by every game, its errors, and the registry of games.

Every game module in :mod:`banmen.games` defines one subclass of :class:`Game`. A game object
is bound to one validated rule-parameter object (:class:`Rules` subclass); states are
immutable and hashable, so they can be compared, deduplicated and used as table keys.

The contract (the engine contract every game follows):

* ``legal_moves(state)`` is exhaustive and deterministic in order;
* ``play(state, move)`` returns a new state and never mutates its argument;
* ``outcome(state)`` is ``None`` while the game goes on;
* ``parse_move`` / ``format_move`` round-trip and raise :class:`NotationError` or
  :class:`IllegalMoveError` with the reason;
* ``position_from_yaml`` / ``position_to_yaml`` round-trip and raise :class:`PositionError`
  with a path into the mapping, so that content errors can point at a YAML line;
* ``queries()`` names the questions a puzzle may ask.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from banmen.errors import BanmenError, brief_repr, shorten  # defined apart: cheap to import
from banmen.params import Param, Rules, RulesError  # standard library only (Pyodide)
from banmen.contract import registry  # the entry points (cheap to import, no engine)

# --------------------------------------------------------------------------- errors


class PositionError(BanmenError):
    """A position mapping is malformed or describes an impossible position.

    Attributes:
        path: keys/indices leading to the offending value inside the position mapping, e.g.
            ``("board", "c2")``; empty when the position as a whole is wrong.
        key: the mapping key at the end of ``path`` is what is wrong (a square off the board),
            not its value; messages then point at the key's line and column.
    """

    def __init__(self, message: str, path: Sequence[str | int] = (), *, key: bool = False):
        super().__init__(message)
        self.path = tuple(path)
        self.key = key


class NotationError(BanmenError):
    """Move text that cannot be read (malformed, or naming nothing that exists)."""


#: The longest move text an engine reads: longer than any move of any game (a ukejalayer
#: chain through every piece of a full stack is some 500 characters), short of the 4300
#: digits Python's ``int()`` refuses with a ValueError.
MOVE_TEXT_MAX = 1000


def check_move_text(text: str) -> None:
    """Refuse a move text longer than :data:`MOVE_TEXT_MAX` before a parser reads it (every
    engine's ``parse_move`` calls this first).

    Raises:
        NotationError: ``"cannot read move 'xxxx… (4900 more characters)': 5000 characters,
            longer than any move (at most 1000)"``.
    """
    if len(text) > MOVE_TEXT_MAX:
        raise NotationError(f"cannot read move '{shorten(text)}': {len(text)} characters, "
                            f"longer than any move (at most {MOVE_TEXT_MAX})")


class IllegalMoveError(BanmenError):
    """Move text that is well formed but not a legal move in the given position.

    ``str(err)`` is the engine's English reason (the text the command line prints).
    ``err.code`` names the reason (a key of ``WORDS["reasons"]`` in the game package's
    ``words.py``, see :class:`banmen.contract.Words`) and ``err.values`` holds what the
    sentence says (str, int or a list of str: squares, side ids, counts); pages say the reason
    in Japanese from these, never from the English text (:mod:`banmen.site.reasons`).
    ``err.explained`` is the line the command line prints: the same message, or, where the
    engine can name the rule that forbids the move (suicide checkers), ``'14-10' is not legal
    here: <the rule, in Japanese> (legal: 9-13, ...)``.
    """

    def __init__(self, message: str, explained: str | None = None, *, code: str | None = None,
                 values: dict[str, Any] | None = None) -> None:
        """Args: message: the English reason; explained: the command line's line (default:
        ``message``); code: the reason's code (``None``: a reason no page explains);
        values: the values the reason's sentence names (default: none)."""
        super().__init__(message)
        self.explained = message if explained is None else explained
        self.code = code
        self.values: dict[str, Any] = dict(values or {})

    def as_data(self) -> dict[str, Any]:
        """Return the reason as plain data: ``{"text": English, "code": code or None,
        "values": {...}}`` (what move puzzles' solution trees keep)."""
        return {"text": str(self), "code": self.code, "values": dict(self.values)}


class QueryError(BanmenError):
    """An unknown query, or query arguments of the wrong kind or count."""


class EngineLimitError(BanmenError):
    """A position or search beyond what an engine handles in bounded time and memory (too
    many moves to generate, a solver budget spent); the message names the limit."""


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    Attributes:
        winner: the winning side's id (e.g. ``"white"``), or ``None`` for a draw.
        reason: a short English reason, e.g. ``"no legal action"`` or ``"third capture"``.
    """

    winner: str | None
    reason: str


@dataclass(frozen=True)
class QueryParam:
    """One argument of a named query.

    Attributes:
        name: the argument's name as written in puzzle YAML (``args: {name: value}``).
        kind: one of ``"square"``, ``"int"``, ``"move"``, ``"side"``, ``"text"``: how the
            value is read from YAML or from the command line (moves and squares as text).
        doc: one-line English description.
    """

    name: str
    kind: str
    doc: str = ""


@dataclass(frozen=True)
class Query:
    """A named question about a position that a puzzle may ask.

    Attributes:
        name: the query's id, e.g. ``"movable_pieces"``.
        func: ``func(game, state, **args) -> answer``; ``args`` already converted by kind
            (``"move"`` arguments are parsed into the game's move objects).
        returns: ``"number"`` (int), ``"boolean"`` (bool), ``"squares"`` (sorted list of square
            names), ``"moves"`` (sorted list of canonical move texts) or ``"text"`` (str).
        params: the arguments, in command-line order.
        doc: English description; the first line is shown in ``banmen query --help``.
        evidence: optional ``evidence(game, state, **args) -> str``: one line of English that
            names what the answer is made of (which pieces, which squares, which moves), shown
            with a wrong stated answer so the author sees why.
    """

    name: str
    func: Callable[..., Any]
    returns: str
    params: tuple[QueryParam, ...] = ()
    doc: str = ""
    evidence: Callable[..., str] | None = None


# --------------------------------------------------------------------------- the contract


class Game(ABC):
    """One game's rules engine, bound to one rule-parameter object.

    Class attributes every subclass sets:
        id: the game id used on the command line and in YAML (``"ukejalayer"``).
        name_ja: the game's Japanese name (``"ウケジャレイヤー"``).
        rules_model: the :class:`Rules` subclass with the game's parameters.
        spec: the rule spec the engine implements, e.g. ``"shared/rules/ukejalayer.md"``.

    Args:
        rules: a rules object, a mapping of parameter overrides, or ``None`` for the defaults.

    Raises:
        RulesError: an override is unknown or out of range.
    """

    id: ClassVar[str]
    name_ja: ClassVar[str]
    rules_model: ClassVar[type[Rules]]
    spec: ClassVar[str]

    def __init__(self, rules: Rules | Mapping[str, Any] | None = None):
        if rules is None:
            rules = self.rules_model()
        elif not isinstance(rules, self.rules_model):
            rules = parse_rules(self.rules_model, rules)
        self.rules = rules

    def with_rules(self, overrides: Mapping[str, Any]) -> Game:
        """Return a game of the same kind whose rules are these rules plus ``overrides``.

        Raises:
            RulesError: an override is unknown or out of range.
        """
        return type(self)(self.rules.replace(overrides))

    # ---- state and moves

    @abstractmethod
    def initial_state(self) -> Hashable:
        """Return the start position under these rules."""

    @abstractmethod
    def side_to_move(self, state: Hashable) -> str:
        """Return the id of the side to move in ``state`` (e.g. ``"white"``)."""

    @abstractmethod
    def legal_moves(self, state: Hashable) -> list[Hashable]:
        """Return every legal move in ``state``, exhaustively, in a deterministic order."""

    @abstractmethod
    def play(self, state: Hashable, move: Hashable) -> Hashable:
        """Return the state after ``move`` (assumed legal); ``state`` is left unchanged."""

    @abstractmethod
    def outcome(self, state: Hashable) -> Outcome | None:
        """Return the result if the game is over in ``state``, else ``None``."""

    # ---- notation

    @abstractmethod
    def parse_move(self, state: Hashable, text: str) -> Hashable:
        """Read move ``text`` in ``state``; accept every notation the game documents.

        Raises:
            NotationError: the text is malformed.
            IllegalMoveError: the text is well formed but not a legal move here.
        """

    @abstractmethod
    def format_move(self, state: Hashable, move: Hashable) -> str:
        """Return the canonical notation of ``move`` played in ``state``."""

    def say_move(self, state: Hashable, move: Hashable) -> str:
        """Return ``move`` as the pages write it for a reader (lesson feedback and the moves
        a lesson shows): the form the rules page teaches, in Japanese words where the game's
        notation is not taught as such. Default: :meth:`format_move`.

        Raises:
            IllegalMoveError: ``move`` is not legal in ``state``.
        """
        return self.format_move(state, move)

    def is_chance(self, state: Hashable) -> bool:
        """Return True when ``state``'s legal moves are chance outcomes (a die to roll), not
        a player's choice; searches then average over them. Default: False."""
        return False

    def notations(self, state: Hashable, move: Hashable) -> list[str]:
        """Return every text that names ``move`` in ``state``, canonical first.

        Pages accept any of them when a reader types a move; games with a second notation
        (a chain form, a short form) override this.
        """
        return [self.format_move(state, move)]

    def move_path(self, state: Hashable, move: Hashable) -> list[str]:
        """Return the squares the moving piece visits, in order, in the game's square names.

        Args:
            state: the position ``move`` is played in.
            move: a legal move of ``state``.

        Returns:
            The origin, every intermediate landing, then the final square, e.g. ``["15",
            "24", "31"]`` for a checkers double jump; a single square for a move that places
            or removes a piece without travelling. Used for move arrows and for entering moves
            by clicking on the board.

        Raises:
            NotImplementedError: the default; every game overrides it.
            IllegalMoveError: (in the overrides) ``move`` is not legal in ``state``, where the
                game has to check.
        """
        raise NotImplementedError(f"{type(self).__name__} does not define move_path")

    def move_clicks(self, state: Hashable, move: Hashable) -> list[str]:
        """Return the clicks that enter ``move`` on the board, in order.

        Args:
            state: the position ``move`` is played in.
            move: a legal move of ``state``.

        Returns:
            Click tokens: a square name (``"15"``, ``"a1"``, ``"r-yard1"``) is a click on that
            square; a token starting with ``#`` is a choice the page offers as a button,
            labelled by :meth:`click_label` (e.g. ``"#3"``: carry 3 pieces). The default is
            :meth:`move_path`; games override it where squares alone do not tell moves apart.
            Pages export these at build time, so no rule is re-implemented in the browser.

        Raises:
            NotImplementedError: the game defines no :meth:`move_path`.
        """
        return self.move_path(state, move)

    def click_label(self, token: str) -> str:
        """Return the Japanese button label of a choice token of :meth:`move_clicks`.

        ``token`` starts with ``#``; the default label is the text after it.
        """
        return token[1:]

    # ---- move kinds and click reasons (lessons)

    #: Move kind id -> Japanese name (``{"summon": "召喚", ...}``): the classes of move a
    #: lesson step may ask for (``expect: {kind: summon}``); each game sets its own.
    move_kind_names: ClassVar[dict[str, str]] = {}

    def move_kinds(self, state: Hashable, move: Hashable) -> tuple[str, ...]:
        """Return the kinds of a legal ``move`` of ``state``, most specific first.

        Every id is a key of :attr:`move_kind_names`; a move may belong to several kinds (a
        checkers capture that crowns is ``("crown", "capture")``), so a lesson step asking for
        any one of them accepts it.

        Raises:
            NotImplementedError: the default; every game overrides it.
        """
        raise NotImplementedError(f"{type(self).__name__} does not define move_kinds")

    def click_reason(self, state: Hashable, clicks: Sequence[str], square: str) -> str:
        """Return, in Japanese, why clicking ``square`` after ``clicks`` enters no legal move.

        Args:
            state: the position the reader is to move in.
            clicks: the click tokens already entered (see :meth:`move_clicks`), ``[]`` when
                nothing is selected yet.
            square: the square clicked, one for which no legal move continues ``clicks``.

        Returns:
            One sentence for the page; games override this with the rule that forbids it,
            the default only says that no move starts or goes there.
        """
        if not clicks:
            return f"{square}から始まる手は、この局面にはありません。"
        return f"{clicks[0]}からは{square}へ行けません。"

    def stop_reason(self, state: Hashable, clicks: Sequence[str]) -> str:
        """Return, in Japanese, why a move entered as ``clicks`` is not complete.

        Used for typed moves (:mod:`banmen.content.typed`): the text names a legal click
        prefix, but no legal move ends there.

        Args:
            state: the position the reader is to move in.
            clicks: a proper prefix of some legal move's :meth:`move_clicks`, ending on a
                square.

        Returns:
            One sentence; games override it with the rule that makes the move go on.
        """
        return f"{clicks[0]}からの手は、{clicks[-1]}ではまだ終わりません。"

    def typed_tables(self, state: Hashable) -> dict[str, Any]:
        """Return extra reason tables for a notation that names no click path.

        Most notations list the squares of a move, which :mod:`banmen.content.typed`
        walks along the click paths. What a notation says beyond the squares is checked
        against these tables (``banmen/site/assets/js/typed-move.js`` reads them):

        * ``"labels"``: ``{square: [accepted label, ..., reason]}``, the labels that may be
          written before a piece's square (babuschka's size letter, medamagaeru's eyes);
        * ``"words"``: ``{text: reason}`` for fixed words that are not legal (``pass``);
        * ``"lose"``, ``"single"``, ``"noChain"``: ukejalayer's height-change form
          (``shared/rules/ukejalayer.md``, "Notation").

        The default is ``{}``.

        Returns:
            A JSON-ready mapping merged into the position's typed-move table; every reason
            in Japanese.
        """
        return {}

    # ---- positions

    @abstractmethod
    def position_from_yaml(self, data: Mapping[str, Any]) -> Hashable:
        """Build a state from a position mapping (the forms in guide/positions.md).

        Raises:
            PositionError: with ``path`` pointing at the offending key or value.
        """

    @abstractmethod
    def position_to_yaml(self, state: Hashable) -> dict[str, Any]:
        """Return the position mapping of ``state``; ``position_from_yaml`` reads it back."""

    def position_schema(self) -> dict[str, Any]:
        """Return a JSON Schema of the position mapping, for editors (``banmen schema``).

        It describes the shape only; ``position_from_yaml`` remains the judge of what is a
        possible position. The default accepts any mapping; games override it.
        """
        return {"type": "object"}

    # ---- queries

    def queries(self) -> dict[str, Query]:
        """Return the named queries of this game, generic ones included, by name."""
        from banmen import analysis

        return {**analysis.generic_queries(), **self.game_queries()}

    def game_queries(self) -> dict[str, Query]:
        """Return the game's own named queries (override in subclasses)."""
        return {}

    # ---- analysis hooks (generic by default; fast games override)

    def perft(self, state: Hashable, depth: int) -> int:
        """Return the number of leaf nodes of the legal-move tree ``depth`` plies deep."""
        from banmen import analysis

        return analysis.generic_perft(self, state, depth)

    def winning_moves(self, state: Hashable, plies: int) -> list[Hashable]:
        """Return the moves that force a win for the side to move within ``plies`` plies.

        The generic :class:`banmen.analysis.Solver`; games with a faster solver override it.
        """
        from banmen import analysis

        return analysis.Solver(self).winning_moves(state, plies)

    def position_key(self, state: Hashable) -> Hashable:
        """Return what identifies ``state`` for transposition tables (default: the state)."""
        return state


def parse_rules(model: type[Rules], overrides: Mapping[str, Any]) -> Rules:
    """Validate ``overrides`` against ``model`` and return the rules object.

    Raises:
        RulesError: naming the first bad parameter and what was expected.
    """
    for name in overrides:
        if not isinstance(name, str):
            known = ", ".join(model.params())
            raise RulesError(f"unknown rule parameter {brief_repr(name)} (known: {known})", (name,))
    return model(**dict(overrides))


# --------------------------------------------------------------------------- registry

def game_ids() -> list[str]:
    """Return the ids of every registered game, sorted."""
    return list(registry())


def game_package(game_id: str) -> Any:
    """Return the imported game package of ``game_id`` (the module its entry point names).

    Raises:
        BanmenError: the id is unknown (the message lists the known ids), two distributions
            register it with different packages, or its package fails to import (one line
            naming the package and the error, never the traceback of someone else's code).
    """
    from banmen.contract import registration_conflict

    try:
        module_name = registry()[game_id]
    except KeyError:
        raise BanmenError(
            f"unknown game '{game_id}' (known: {', '.join(registry())})"
        ) from None
    conflict = registration_conflict(game_id)
    if conflict:
        raise BanmenError(conflict)
    try:
        return importlib.import_module(module_name)
    except Exception as err:  # a broken package installed beside banmen
        raise BanmenError(f"game '{game_id}': cannot import its package '{module_name}': "
                          f"{type(err).__name__}: {shorten(str(err))}") from None


def game_module(game_id: str, name: str) -> Any:
    """Return the module ``name`` (``"view"``, ``"drawing"``, ``"words"`` ...) of
    ``game_id``'s package, or ``None`` when the package has no such module (an optional one,
    :mod:`banmen.contract`).

    Raises:
        BanmenError: the id is unknown, or the module exists but fails to import (one line
            naming the module and the error).
    """
    package = game_package(game_id)
    full = f"{package.__name__}.{name}"
    try:
        return importlib.import_module(full)
    except Exception as err:
        if isinstance(err, ModuleNotFoundError) and err.name == full:
            return None  # an optional module the package does not have
        raise BanmenError(f"game '{game_id}': cannot import '{full}': "
                          f"{type(err).__name__}: {shorten(str(err))}") from None


def game_class(game_id: str) -> type[Game]:
    """Return the :class:`Game` subclass registered under ``game_id``.

    Raises:
        BanmenError: the id is unknown or its package cannot be imported; the package has no
            ``GAME`` that is a :class:`Game` subclass, or its ``GAME.id`` is not the id it is
            registered under.
    """
    package = game_package(game_id)
    game = getattr(package, "GAME", None)
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise BanmenError(f"game '{game_id}': package '{package.__name__}' has no GAME "
                          "(expected the game's banmen.game.Game subclass)")
    if getattr(game, "id", None) != game_id:
        raise BanmenError(f"game '{game_id}': package '{package.__name__}' defines a game "
                          f"with id {brief_repr(getattr(game, 'id', None))} (expected "
                          f"'{game_id}', the name of its entry point)")
    return game


def get_game(game_id: str, rules: Rules | Mapping[str, Any] | None = None) -> Game:
    """Return an engine for ``game_id`` bound to ``rules`` (defaults when ``None``).

    Raises:
        BanmenError: the id is unknown.
        RulesError: a rule override is unknown or out of range.
    """
    return game_class(game_id)(rules)

