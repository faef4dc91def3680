"""Parsing of ``--set GAME.PARAM=VALUE`` rule overrides (shared by the CLI and the MkDocs glue)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import yaml

from banmen.game import BanmenError, game_ids


def parse_set_options(options: Iterable[str], game_id: str | None = None) -> dict[str, dict[str, Any]]:
    """Read rule overrides written ``GAME.PARAM=VALUE`` (or ``PARAM=VALUE`` when ``game_id``
    is given). Values are read as YAML scalars: ``2`` is a number, ``true`` a boolean.

    Returns:
        game id -> {parameter: value}.

    Raises:
        BanmenError: an option is not of that form, or names an unknown game.
    """
    result: dict[str, dict[str, Any]] = {}
    for option in options:
        key, sep, raw = option.partition("=")
        key = key.strip()
        game, dot, param = key.rpartition(".")
        if not dot and game_id is not None:
            game, param = game_id, key
        if not sep or not param or not game:
            form = "PARAM=VALUE" if game_id else "GAME.PARAM=VALUE"
            raise BanmenError(f"--set expects {form}, got '{option}'")
        if game not in game_ids():
            raise BanmenError(f"--set: unknown game '{game}' (known: {', '.join(game_ids())})")
        try:
            value = yaml.safe_load(raw) if raw.strip() else ""
        except yaml.YAMLError:
            value = raw
        result.setdefault(game, {})[param] = value
    return result
