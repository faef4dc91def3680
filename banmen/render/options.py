"""The drawing options each game's renderer reads (``options:`` of a diagram, puzzle,
sequence or lesson file), and their check.

Each game's drawing module (``<package>/drawing.py``) documents its options in its module
docstring ("Options (``spec.options``)"), reads them with ``spec.options.get(name,
default)`` and names the same options in its ``OPTIONS`` table with the values each takes,
as a JSON Schema fragment (``{"type": "boolean"}`` or ``{"enum": [...]}``), so that content
checking refuses a misspelt option or a value the renderer would read otherwise
(``coordinates: maybe`` would draw the coordinates), and ``banmen schema`` lets editors
complete them. ``tests/test_options.py`` holds each table to what its renderer reads.
"""

from __future__ import annotations

from typing import Any


def drawing_options(game_id: str) -> dict[str, dict[str, Any]]:
    """Return option name -> the values it takes (a JSON Schema fragment): the ``OPTIONS`` of
    ``game_id``'s drawing module (``{}`` when the game has none, or no drawing module).

    Raises:
        BanmenError: the game id is unknown.
    """
    from banmen.game import game_module

    return dict(getattr(game_module(game_id, "drawing"), "OPTIONS", {}))


def options_schema(game_id: str) -> dict[str, Any]:
    """Return the JSON Schema of the ``options`` mapping of ``game_id``'s files (no other
    key; each value as :func:`drawing_options` says)."""
    return {"type": "object", "additionalProperties": False,
            "properties": drawing_options(game_id)}


def _written(value: Any) -> str:
    """A value as YAML writes it (``true``, ``'cutaway'``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _expected(schema: dict[str, Any]) -> str:
    if schema.get("type") == "boolean":
        return "true or false"
    choices = [_written(v) for v in schema["enum"]]
    return ", ".join(choices[:-1]) + " or " + choices[-1]


def _accepts(schema: dict[str, Any], value: Any) -> bool:
    if schema.get("type") == "boolean":
        return isinstance(value, bool)
    return any(type(value) is type(choice) and value == choice for choice in schema["enum"])


def _shown(value: Any) -> str:
    """The value as a message quotes it: short scalars as written, others by their kind
    (kept local: a long value is not quoted whole)."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return _written(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        text = str(value)
        return text if len(text) <= 40 else "a long number"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else f"a text of {len(value)} characters"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def option_problems(game_id: str, options: dict[str, Any]
                    ) -> list[tuple[str, bool, str]]:
    """Check the drawing ``options`` of a file of ``game_id`` against its
    :func:`drawing_options`.

    Returns:
        (option name, whether the error is at the key rather than the value, message) for
        every unknown option and every value the option does not take, in the file's order:
        ``("nosuch", True, "unknown drawing option 'nosuch' for ukejalayer (known:
        coordinates, info)")``, ``("coordinates", False, "drawing option 'coordinates':
        expected true or false, got 'maybe'")``.
    """
    known = drawing_options(game_id)
    problems = []
    for name, value in options.items():
        schema = known.get(name)
        if schema is None:
            names = ", ".join(known) or "none"
            problems.append((name, True, f"unknown drawing option {_shown(name)} for "
                             f"{game_id} (known: {names})"))
        elif not _accepts(schema, value):
            problems.append((name, False, f"drawing option '{name}': expected "
                             f"{_expected(schema)}, got {_shown(value)}"))
    return problems
