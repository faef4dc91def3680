"""Mined puzzles as ordinary puzzle YAML (guide/puzzles.md), byte for byte the same
for the same puzzle, and the position keys that tell positions apart."""

from __future__ import annotations

import json
import os
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any

import yaml

from banmen.game import Game

HEADER = "# yaml-language-server: $schema=../../schemas/puzzle.schema.json\n"


def position_data(game: Game, state: Hashable) -> dict[str, Any]:
    """Return the position mapping of ``state`` as a puzzle's ``position`` field (without
    the ``game`` key, which the puzzle file gives)."""
    data = dict(game.position_to_yaml(state))
    data.pop("game", None)
    return data


def position_key(data: Mapping[str, Any]) -> str:
    """Return a text that is equal for equal position mappings (key order aside)."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


class _Dumper(yaml.SafeDumper):
    """Block style, with long texts as literal blocks."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if "\n" in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _text)


def dump(puzzle: Mapping[str, Any]) -> str:
    """Return the YAML text of a puzzle mapping, the schema comment first (deterministic:
    field order as given, Unicode kept, no line folding)."""
    return HEADER + yaml.dump(dict(puzzle), Dumper=_Dumper, sort_keys=False,
                              allow_unicode=True, width=10_000, default_flow_style=False)


def write_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file renamed into place),
    so an interrupted run leaves no half-written puzzle."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except BaseException:  # an interrupt or a full disk: no half-written file stays
        temporary.unlink(missing_ok=True)
        raise


def read_back(game: Game, data: Mapping[str, Any]) -> Hashable:
    """Return the state a puzzle's ``position`` mapping gives, as ``banmen check`` reads it
    (what the solver must prove, since the mapping may drop a game's history)."""
    return game.position_from_yaml({**data, "game": game.id})
