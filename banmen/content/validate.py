"""Validate a marked YAML document against a pydantic model, reporting ``file:line:col``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import pydantic

from banmen.content.errors import ContentError
from banmen.content.yamlmarks import MarkedDocument

ModelT = TypeVar("ModelT", bound=pydantic.BaseModel)


def data_path(data: Any, loc: Sequence[str | int]) -> tuple[tuple[str | int, ...], bool]:
    """Map a pydantic error location onto a path that exists in ``data``.

    Pydantic inserts the names of union members and tags (``"number"``, ``"function-after"``)
    into locations; those do not exist in the data and are skipped.

    Returns:
        (path, complete): the longest existing path, and whether every data segment of ``loc``
        was found (False when the last segment is a missing key).
    """
    path: list[str | int] = []
    current = data
    for index, segment in enumerate(loc):
        if isinstance(current, dict) and segment in current:
            current = current[segment]
            path.append(segment)
        elif isinstance(current, list) and isinstance(segment, int) and segment < len(current):
            current = current[segment]
            path.append(segment)
        elif index == len(loc) - 1:
            return tuple(path), False
    return tuple(path), True


def _field_name(path: Sequence[str | int]) -> str:
    """Write a data path the way an author reads it: ``answer.value``, ``hints[1]``."""
    text = ""
    for segment in path:
        text += f"[{segment}]" if isinstance(segment, int) else (f".{segment}" if text else segment)
    return text or "document"


def _message(error: dict, data: Any) -> str:
    loc = error["loc"]
    kind = error["type"]
    path, complete = data_path(data, loc)
    name = _field_name(path if complete else path + (loc[-1],))
    if kind == "missing":
        return f"missing field '{loc[-1]}'"
    if kind == "extra_forbidden":
        return f"unknown field '{loc[-1]}' (check the spelling; see the schema in schemas/)"
    if kind == "union_tag_invalid":
        ctx = error.get("ctx", {})
        return f"{name}.kind: unknown kind {ctx.get('tag')!r} (expected one of {ctx.get('expected_tags')})"
    if kind == "union_tag_not_found":
        return f"{name}: missing field 'kind'"
    if kind == "literal_error":
        return f"{name}: {error['msg']}"
    if kind == "list_type" and tuple(loc[-2:]) == ("squares", "value"):
        shown = f", got {error['input']!r}" if _short(error) else ""
        return f"{name}: a squares answer is a list of squares, like [c2, d3]{shown}"
    if kind in ("too_long", "too_short") and isinstance(error["input"], str):
        # (pydantic counts a text's characters as "items")
        limit = error.get("ctx", {}).get("max_length" if kind == "too_long" else "min_length")
        bound = "at most" if kind == "too_long" else "at least"
        return (f"{name}: a text of {bound} {limit} characters is expected, "
                f"got {len(error['input'])}")
    if isinstance(error["input"], bool):  # as YAML writes it, not as Python shows it
        return f"{name}: {error['msg'].lower()}, got {str(error['input']).lower()}"
    return f"{name}: {error['msg'].lower()}, got {error['input']!r}" if _short(error) else (
        f"{name}: {error['msg'].lower()}"
    )


def _short(error: dict) -> bool:
    value = error.get("input")
    return isinstance(value, (str, int, float, bool)) and len(repr(value)) <= 40


def validate(document: MarkedDocument, model: type[ModelT]) -> ModelT:
    """Validate ``document.data`` against ``model``.

    Returns:
        The model instance.

    Raises:
        list of ContentError (as ``ContentErrorGroup``): one per pydantic error, located at the
        offending value (or at the key, for unknown fields; at the parent, for missing ones);
        when all are unknown fields, with the model read without them (``salvaged``).
    """
    data = document.data
    if not isinstance(data, dict):
        raise ContentErrorGroup(
            [document.error((), "expected a mapping of fields at the top of the file")]
        )
    try:
        return model.model_validate(data)
    except pydantic.ValidationError as err:
        errors = []
        unknown: list[tuple[str | int, ...]] = []
        for item in err.errors():
            path, complete = data_path(data, item["loc"])
            is_key = item["type"] == "extra_forbidden"
            if is_key and complete:
                unknown.append(path)
            if item["type"] == "union_tag_invalid" and complete:
                path = path + ("kind",)
            errors.append(document.error(path, _message(item, data), key=is_key))
        salvaged = None
        if len(unknown) == len(errors):  # only unknown fields: the rest is read without them
            try:
                salvaged = model.model_validate(_without(data, unknown))
            except pydantic.ValidationError:
                pass
        raise ContentErrorGroup(errors, salvaged) from None


def _without(data: Any, paths: list[tuple[str | int, ...]]) -> Any:
    """A copy of ``data`` (mappings and lists copied along the way) without the mapping keys
    at ``paths``."""
    def copy(value: Any, at: tuple[str | int, ...]) -> Any:
        if isinstance(value, dict):
            return {k: copy(v, at + (k,)) for k, v in value.items() if at + (k,) not in drop}
        if isinstance(value, list):
            return [copy(v, at + (i,)) for i, v in enumerate(value)]
        return value

    drop = set(paths)
    return copy(data, ())


class ContentErrorGroup(Exception):
    """Several located errors from one document (internal; the checker collects them).

    Attributes:
        errors: the located errors.
        salvaged: when every error is an unknown field, the model read without those fields
            (so that the checker can still report the file's other errors), else ``None``.
    """

    def __init__(self, errors: list[ContentError], salvaged: pydantic.BaseModel | None = None):
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = errors
        self.salvaged = salvaged
