"""Safe YAML loading that remembers where every value stood.

PyYAML's composer already records a start mark on every node; this module walks the node tree
itself (with the safe constructor for scalars, so no Python object tags are honoured) and keeps a
table from each value's path to its line and column. Content errors found much later, by a
pydantic model or by an engine, carry a path and are turned back into ``file:line:col``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from banmen.content.errors import ContentError

#: A path into loaded data: mapping keys and sequence indices, outermost first.
DataPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Mark:
    """A 1-based line and column in a source file."""

    line: int
    column: int


@dataclass
class MarkedDocument:
    """One loaded YAML document and the source position of each of its values.

    Attributes:
        source: the file name shown in messages (as given, usually relative to the project).
        data: the plain Python value (dicts, lists, str, int, float, bool, None).
        marks: path -> mark of the value's first character.
        key_marks: path -> mark of the mapping key that introduces the value.
    """

    source: str
    data: Any
    marks: dict[DataPath, Mark] = field(default_factory=dict)
    key_marks: dict[DataPath, Mark] = field(default_factory=dict)

    def mark_of(self, path: Sequence[str | int], *, key: bool = False) -> Mark:
        """Return the mark of ``path``, or of its nearest ancestor that exists.

        Args:
            path: keys and indices from the document root.
            key: prefer the mark of the mapping key (used for "unknown field" errors).
        """
        path = tuple(path)
        while True:
            if key and path in self.key_marks:
                return self.key_marks[path]
            if path in self.marks:
                return self.marks[path]
            if not path:
                return Mark(1, 1)
            path = path[:-1]

    def error(self, path: Sequence[str | int], message: str, *, key: bool = False) -> ContentError:
        """Return a :class:`ContentError` located at ``path`` in this document."""
        mark = self.mark_of(path, key=key)
        return ContentError(self.source, mark.line, mark.column, message)


class _Walker:
    """Turns a composed node tree into plain data while recording marks."""

    def __init__(self, source: str):
        self.source = source
        self.constructor = yaml.SafeLoader("")  # only its scalar constructor is used
        self.marks: dict[DataPath, Mark] = {}
        self.key_marks: dict[DataPath, Mark] = {}

    def _mark(self, node: yaml.Node) -> Mark:
        return Mark(node.start_mark.line + 1, node.start_mark.column + 1)

    def _fail(self, node: yaml.Node, message: str) -> ContentError:
        mark = self._mark(node)
        return ContentError(self.source, mark.line, mark.column, message)

    def walk(self, node: yaml.Node, path: DataPath) -> Any:
        self.marks[path] = self._mark(node)
        if isinstance(node, yaml.MappingNode):
            return self._walk_mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.walk(item, path + (i,)) for i, item in enumerate(node.value)]
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as err:
            raise self._fail(node, f"unsupported YAML value: {err.problem}") from None

    def _walk_mapping(self, node: yaml.MappingNode, path: DataPath) -> dict:
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self._fail(key_node, "YAML merge keys (<<) are not supported here")
            if not isinstance(key_node, yaml.ScalarNode):
                raise self._fail(key_node, "a mapping key must be a plain value")
            key = self.constructor.construct_object(key_node)
            if isinstance(key, (list, dict)):
                raise self._fail(key_node, "a mapping key must be a plain value")
            # Square names such as 43 (medamagaeru) are written bare; keys are text.
            if not isinstance(key, str) and key is not None and not isinstance(key, bool):
                key = str(key)
            if key in result:
                raise self._fail(key_node, f"duplicate key '{key}'")
            self.key_marks[path + (key,)] = self._mark(key_node)
            result[key] = self.walk(value_node, path + (key,))
        return result


def load_marked_text(text: str, source: str) -> MarkedDocument:
    """Parse one YAML document from ``text``.

    Args:
        text: the YAML source.
        source: the name used in error messages.

    Returns:
        The document with its marks; an empty document gives ``data = None``.

    Raises:
        ContentError: the text is not valid YAML, holds more than one document, repeats a key,
            or uses tags beyond the safe ones.
    """
    try:
        nodes = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = err.problem or err.context or "invalid YAML"
        raise ContentError(source, line, col, f"invalid YAML: {problem}") from None
    if len(nodes) > 1:
        second = nodes[1]
        raise ContentError(
            source,
            second.start_mark.line + 1,
            1,
            "one YAML document per file is expected, found a second one",
        )
    if not nodes:
        return MarkedDocument(source, None)
    walker = _Walker(source)
    data = walker.walk(nodes[0], ())
    return MarkedDocument(source, data, walker.marks, walker.key_marks)


def load_marked_file(path: Path, source: str | None = None) -> MarkedDocument:
    """Read and parse one YAML file (UTF-8); see :func:`load_marked_text`.

    Args:
        path: the file to read; ``-`` is not handled here (read stdin yourself).
        source: the name used in messages; defaults to ``str(path)``.

    Raises:
        ContentError: the file cannot be read or decoded, or the YAML is invalid.
    """
    name = source or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise ContentError(name, 1, 1, f"file is not UTF-8 text ({err.reason})") from None
    except OSError as err:
        raise ContentError(name, 1, 1, f"cannot read file: {err.strerror}") from None
    return load_marked_text(text, name)
