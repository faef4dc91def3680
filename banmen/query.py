"""Run a named query with arguments from YAML or the command line, and compare answers.

Query arguments arrive as YAML values (``{from: a1, to: d1}``) or command-line words
(``a1 d1`` or ``to=d1 from=a1``); :func:`run_query` converts them by the kind each
:class:`~banmen.game.QueryParam` declares and normalises the answer by the query's ``returns``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from banmen.errors import brief_repr, shorten
from banmen.game import BanmenError, Game, IllegalMoveError, Query, QueryError


class QueryArgError(QueryError):
    """A query argument is missing, unknown or of the wrong kind.

    Attributes:
        argument: the argument's name, or ``None`` when the error concerns the whole call.
    """

    def __init__(self, message: str, argument: str | None = None):
        super().__init__(message)
        self.argument = argument


def find_query(game: Game, name: str) -> Query:
    """Return the query ``name`` of ``game``.

    Raises:
        QueryArgError: no such query; the message lists the known ones.
    """
    queries = game.queries()
    if name not in queries:
        raise QueryArgError(
            f"unknown query '{shorten(name)}' for {game.id} (known: {', '.join(sorted(queries))})"
        )
    return queries[name]


def _convert(game: Game, state: Hashable, name: str, kind: str, value: Any) -> Any:
    """Read one argument value by its declared kind (see :class:`~banmen.game.QueryParam`)."""
    if kind == "int":
        if isinstance(value, bool):
            raise QueryArgError(f"argument '{name}' must be a whole number, "
                                f"got {brief_repr(value)}", name)
        try:
            return int(value)
        except (TypeError, ValueError):
            raise QueryArgError(
                f"argument '{name}' must be a whole number, got {brief_repr(value)}", name
            ) from None
    if kind == "move":
        try:
            return game.parse_move(state, str(value))
        except IllegalMoveError as err:  # the rule that forbids it, where the engine knows
            raise QueryArgError(f"argument '{name}': {err.explained}", name) from None
        except BanmenError as err:
            raise QueryArgError(f"argument '{name}': {err}", name) from None
    if kind == "side":
        sides = getattr(game, "sides", ())
        if str(value) not in sides:
            raise QueryArgError(
                f"argument '{name}' must be one of {', '.join(sides)}, got {brief_repr(value)}", name
            )
        return str(value)
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise QueryArgError(f"argument '{name}' must be text, got {brief_repr(value)}", name)
    return str(value)


def bind_arguments(query: Query, args: Mapping[str, Any] | Sequence[str]) -> dict[str, Any]:
    """Match ``args`` (a mapping, or words ``value`` / ``name=value``) to the query's params.

    Returns:
        param name -> raw value.

    Raises:
        QueryArgError: an unknown, repeated or missing argument, or too many words.
    """
    names = [p.name for p in query.params]
    bound: dict[str, Any] = {}
    if isinstance(args, Mapping):
        bound = dict(args)
    else:
        positional = iter(names)
        for word in args:
            key, sep, value = word.partition("=")
            if sep and key in names:
                if key in bound:
                    raise QueryArgError(
                        f"argument '{key}' of query '{query.name}' is given twice; give it once", key)
                bound[key] = value
                continue
            key = next((n for n in positional if n not in bound), None)
            if key is None:
                raise QueryArgError(
                    f"too many arguments for query '{query.name}' (it takes: {' '.join(names) or 'none'})"
                )
            bound[key] = word
    for key in bound:
        if key not in names:
            raise QueryArgError(
                f"unknown argument '{shorten(key)}' for query '{query.name}' "
                f"(it takes: {', '.join(names) or 'none'})",
                key,
            )
    missing = [n for n in names if n not in bound]
    if missing:
        raise QueryArgError(f"query '{query.name}' needs argument '{missing[0]}'")
    return bound


def normalise_answer(query: Query, value: Any) -> Any:
    """Bring an answer into the comparable form of ``query.returns``.

    number -> int, boolean -> bool, squares/moves -> sorted list of str, text -> str.
    """
    if query.returns in ("squares", "moves"):
        return sorted(str(v) for v in value)
    if query.returns == "number":
        return int(value)
    if query.returns == "boolean":
        return bool(value)
    return str(value)


def run_query(
    game: Game, state: Hashable, name: str, args: Mapping[str, Any] | Sequence[str] = ()
) -> Any:
    """Answer query ``name`` about ``state``.

    Args:
        game: the engine (with its rules).
        state: the position.
        name: the query's name.
        args: a mapping of argument values, or command-line words.

    Returns:
        The normalised answer (see :func:`normalise_answer`).

    Raises:
        QueryArgError: unknown query, or bad arguments.
        BanmenError: the engine refuses the question (e.g. a square off the board).
    """
    query = find_query(game, name)
    bound = bind_arguments(query, args)
    kinds = {p.name: p.kind for p in query.params}
    converted = {k: _convert(game, state, k, kinds[k], v) for k, v in bound.items()}
    return normalise_answer(query, query.func(game, state, **converted))


def query_evidence(
    game: Game, state: Hashable, name: str, args: Mapping[str, Any] | Sequence[str] = ()
) -> str | None:
    """Return the one-line evidence behind query ``name``'s answer (see
    :attr:`banmen.game.Query.evidence`), or ``None`` when the query gives none or the engine
    cannot say."""
    query = find_query(game, name)
    if query.evidence is None:
        return None
    try:
        bound = bind_arguments(query, args)
        kinds = {p.name: p.kind for p in query.params}
        converted = {k: _convert(game, state, k, kinds[k], v) for k, v in bound.items()}
        text = query.evidence(game, state, **converted)
    except BanmenError:
        return None
    return " ".join(str(text).split()) or None


def list_evidence(what: str, items: Sequence[str], limit: int = 12) -> str:
    """Write ``what: a, b, c`` (at most ``limit`` items, then ``and N more``; ``none``)."""
    if not items:
        return f"{what}: none"
    shown = ", ".join(items[:limit])
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    return f"{what}: {shown}{more}"


def format_answer(value: Any) -> str:
    """Write an answer the way the command line prints it (lists one item per line)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "\n".join(value)
    return str(value)
