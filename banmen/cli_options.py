"""Parsing of ``--set GAME.PARAM=VALUE`` rule overrides (shared by the CLI and the MkDocs glue)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from banmen.errors import shorten
from banmen.game import BanmenError, game_ids


class SetOverrides(dict):
    """game id -> {parameter: value}, remembering the ``--set`` argument each value came from.

    Attributes:
        sources: (game id, parameter) -> the argument as typed, e.g. ``"--set hand=255"``
            (shortened by :func:`banmen.errors.shorten`: it is quoted in messages).
    """

    def __init__(self) -> None:
        super().__init__()
        self.sources: dict[tuple[str, str], str] = {}

    def source_of(self, game_id: str, param: str | None) -> str | None:
        """Return the ``--set`` argument that set ``param`` of ``game_id`` (any of the game's
        arguments when ``param`` is None or came from elsewhere), or None when none did."""
        if param is not None and (game_id, param) in self.sources:
            return self.sources[(game_id, param)]
        return next((s for (g, _), s in self.sources.items() if g == game_id), None)


def parse_set_options(options: Iterable[str], game_id: str | None = None) -> SetOverrides:
    """Read rule overrides written ``GAME.PARAM=VALUE`` (or ``PARAM=VALUE`` when ``game_id``
    is given). Values are read as YAML 1.2 scalars (or a flat flow list, ``[5, 6]``): ``2`` is a number, ``true`` a boolean,
    ``yes`` text; a value YAML 1.1 would read differently (``010``, ``on``) is refused. One
    parameter given twice with different values is refused (neither would silently win); the
    same value twice is one value. Messages quote an argument through
    :func:`banmen.errors.shorten`.

    Returns:
        game id -> {parameter: value}, with the source argument of each value.

    Raises:
        BanmenError: an option is not of that form, names an unknown game, holds an
            ambiguous or unreadable value, or sets a parameter already set to another value;
            the message starts with the argument.
    """
    from banmen.content.errors import ContentError
    from banmen.content.yamlmarks import load_marked_text

    result = SetOverrides()
    for option in options:
        shown = f"--set {shorten(option)}"
        key, sep, raw = option.partition("=")
        key = key.strip()
        game, dot, param = key.rpartition(".")
        if not dot and game_id is not None:
            game, param = game_id, key
        if not sep or not param or not game:
            form = "PARAM=VALUE" if game_id else "GAME.PARAM=VALUE"
            raise BanmenError(f"--set expects {form}, got '{shorten(option)}'")
        if game not in game_ids():
            raise BanmenError(f"{shown}: unknown game '{shorten(game)}' "
                              f"(known: {', '.join(game_ids())})")
        value: Any = ""
        if raw.strip():
            try:
                document = load_marked_text(raw, "--set")
            except ContentError as err:
                raise BanmenError(f"{shown}: {err.message}") from None
            if document.ambiguous:
                raise BanmenError(f"{shown}: "
                                  + document.ambiguity_errors()[0].message)
            value = document.data
            # A parameter is a scalar or a flat list of scalars (ludo's enter_on: [5, 6]).
            nested = isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value)
            if isinstance(value, dict) or nested:
                raise BanmenError(f"{shown}: expected a single value or a flat list "
                                  "such as [5, 6]")
        given = result.setdefault(game, {})
        if param in given and _typed(given[param]) != _typed(value):
            raise BanmenError(f"{shown}: {game}.{shorten(param)} is already set to another "
                              f"value by {result.sources[(game, param)]}; give each parameter "
                              "once")
        given[param] = value
        result.sources.setdefault((game, param), shown)
    return result


def _typed(value: Any) -> Any:
    """``value`` with the type of each scalar, so that ``1``, ``1.0`` and ``true`` differ."""
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value), value)
