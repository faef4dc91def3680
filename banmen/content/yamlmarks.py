"""Safe, bounded YAML loading with YAML 1.2 core-schema scalars, remembering where every
value stood.

PyYAML's composer already records a start mark on every node; this module walks the node tree
itself (with a safe constructor for scalars, so no Python object tags are honoured) and keeps a
table from each value's path to its line and column. Content errors found much later, by a
pydantic model or by an engine, carry a path and are turned back into ``file:line:col``.

Scalars follow the YAML 1.2 core schema, not PyYAML's YAML 1.1 one: ``yes``/``on``/``NO``,
``3:4``, ``2024-01-02`` and ``1_000`` stay text, ``010`` is ten. A plain scalar that YAML 1.1
would read differently is recorded in :attr:`MarkedDocument.ambiguous`; the checker accepts it
only where a field takes the characters as written (squares, labels, text) and reports it
elsewhere (:meth:`MarkedDocument.ambiguity_errors`). Numbers keep the characters they were
written with (:class:`YamlInt`, :class:`YamlFloat`), so a label ``0x0A`` stays ``0x0A``.

Limits (each a located one-line error): file size (:data:`MAX_FILE_BYTES`), nesting depth
(:data:`MAX_DEPTH`) and the number of values after alias expansion (:data:`MAX_VALUES`); an alias
inside the value it names is refused.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from banmen.content.errors import ContentError

#: Largest content file read, in bytes (content files are a few kilobytes).
MAX_FILE_BYTES = 1_000_000
#: Deepest nesting of mappings and sequences.
MAX_DEPTH = 64
#: Most values (scalars, mappings, sequences) in one document after alias expansion.
MAX_VALUES = 100_000

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
        ambiguous: path -> (the plain scalar as written, how YAML 1.1 reads it) for every
            scalar whose YAML 1.1 and 1.2 readings differ.
        hidden: one error per text holding a hidden character (a lone surrogate, a control
            or invisible character); empty unless the loader was asked to keep them
            (``keep_hidden=True``: ``banmen check`` reports them with the file's other errors).
    """

    source: str
    data: Any
    marks: dict[DataPath, Mark] = field(default_factory=dict)
    key_marks: dict[DataPath, Mark] = field(default_factory=dict)
    ambiguous: dict[DataPath, tuple[str, Any]] = field(default_factory=dict)
    hidden: list[ContentError] = field(default_factory=list)

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

    def ambiguity_errors(self, read: Any = None, free: Sequence[DataPath] = ()
                         ) -> list[ContentError]:
        """Return an error for each ambiguous scalar not taken as the characters written.

        Args:
            read: the validated data (plain dicts and lists, e.g. a model's ``model_dump()``),
                or ``None`` when no field takes text as written (positions, rules files).
            free: paths whose values go to an engine as they are (``("rules",)``,
                ``("position",)``): an ambiguous scalar below one is always an error.

        Returns:
            One located error per ambiguous scalar that is not a text value equal to what was
            written, e.g. ``level: 010`` or ``rules: {white_delay: 0o1}``.
        """
        errors = []
        for path, (raw, old) in sorted(self.ambiguous.items(), key=lambda item: str(item[0])):
            if read is not None and not any(_under(path, p) for p in free):
                value = _lookup(read, path)
                if isinstance(value, str) and value == raw:
                    continue
            errors.append(self.error(path, f"ambiguous YAML value {raw}: YAML 1.1 reads it as "
                                     f"{_show(old)}, YAML 1.2 as {_show(_core_value(raw))}; "
                                     "quote it if it is text, else write it unambiguously"))
        return errors


class TextErrors(ContentError):
    """Several texts of one file hold characters no text may hold: each is its own located
    error (:attr:`errors`, in file order; ``banmen check`` reports them all). As one error
    it is the first of them (commands that report one line, such as ``banmen render``)."""

    def __init__(self, errors: list[ContentError]):
        self.errors = sorted(errors, key=ContentError.sort_key)
        first = self.errors[0]
        super().__init__(first.source, first.line, first.column, first.message)


def _under(path: DataPath, prefix: DataPath) -> bool:
    """True when ``path`` starts with ``prefix``; a ``"*"`` in ``prefix`` matches any key."""
    return len(path) >= len(prefix) and all(p == "*" or p == q for p, q in zip(prefix, path))


def _lookup(data: Any, path: DataPath) -> Any:
    for segment in path:
        if isinstance(data, dict) and segment in data:
            data = data[segment]
        elif isinstance(data, list) and isinstance(segment, int) and segment < len(data):
            data = data[segment]
        else:
            return None
    return data


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text '{value}'"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        return repr(float(value))
    if hasattr(value, "isoformat"):
        return f"the date {value.isoformat()}"
    return repr(value)


class YamlInt(int):
    """An integer read from YAML that remembers how it was written (``0x0A``, ``010``).

    ``str()`` gives the characters written, so fields that take text (squares, labels) read
    them unchanged.
    """

    source: str

    def __new__(cls, value: int, source: str) -> YamlInt:
        self = super().__new__(cls, value)
        self.source = source
        return self

    def __str__(self) -> str:
        return self.source

    def __reduce__(self) -> Any:
        return (YamlInt, (int(self), self.source))


class YamlFloat(float):
    """A float read from YAML that remembers how it was written (``1e3``, ``.5``)."""

    source: str

    def __new__(cls, value: float, source: str) -> YamlFloat:
        self = super().__new__(cls, value)
        self.source = source
        return self

    def __str__(self) -> str:
        return self.source

    def __reduce__(self) -> Any:
        return (YamlFloat, (float(self), self.source))


# ---- YAML 1.2 core schema on PyYAML (https://yaml.org/spec/1.2.2/#1023-core-schema)

_CORE_RESOLVERS = [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$",
     "-+0123456789"),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
     r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+.0123456789"),
    ("tag:yaml.org,2002:merge", r"^<<$", "<"),
]


class _CoreComposing:
    """What both loaders compose differently from PyYAML: a nesting limit, and a note on each
    scalar node of whether the schema resolves it (plain, no tag)."""

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise _TooDeep(mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def compose_scalar_node(self, anchor: Any) -> Any:
        event = self.peek_event()
        node = super().compose_scalar_node(anchor)
        if node.style == "":  # libyaml's events write a plain scalar's style so
            node.style = None
        # Only plain scalars with no explicit tag are resolved by the schema.
        node.implicit_plain = event.tag in (None, "!") and event.implicit[0] and node.style is None
        return node


class _CoreLoader(_CoreComposing, yaml.SafeLoader):
    """PyYAML's safe loader with YAML 1.2 core-schema scalars and a nesting limit."""

    yaml_implicit_resolvers: dict = {}
    yaml_constructors = dict(yaml.SafeLoader.yaml_constructors)

    def __init__(self, stream: str):
        super().__init__(stream)
        self._depth = 0

    def construct_core_int(self, node: yaml.ScalarNode) -> YamlInt:
        text = node.value
        sign, digits = (-1, text[1:]) if text[:1] == "-" else (1, text.lstrip("+"))
        if digits.startswith("0o"):
            value = int(digits[2:], 8)
        elif digits.startswith("0x"):
            value = int(digits[2:], 16)
        else:
            value = int(digits, 10)
        return YamlInt(sign * value, text)

    def construct_core_float(self, node: yaml.ScalarNode) -> YamlFloat:
        return YamlFloat(self.construct_yaml_float(node), node.value)


for _tag, _pattern, _first in _CORE_RESOLVERS:
    _CoreLoader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))
_CoreLoader.add_constructor("tag:yaml.org,2002:int", _CoreLoader.construct_core_int)
_CoreLoader.add_constructor("tag:yaml.org,2002:float", _CoreLoader.construct_core_float)

if getattr(yaml, "__with_libyaml__", False):

    from yaml._yaml import CParser as _CParser

    class _FastCoreLoader(_CoreComposing, yaml.composer.Composer, _CParser,
                          yaml.resolver.Resolver):
        """:class:`_CoreLoader`'s composing on the events of libyaml's parser (PyYAML's C
        extension): the same nodes and marks, the characters scanned in C (content files are
        read about four times faster). Used for documents only: any error is reported by
        reading the text again with :class:`_CoreLoader`, so messages do not depend on
        which parser found the problem."""

        yaml_implicit_resolvers = _CoreLoader.yaml_implicit_resolvers

        def __init__(self, stream: str):
            _CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            self._depth = 0
else:  # pragma: no cover - PyYAML built without libyaml
    _FastCoreLoader = None


class _TooDeep(Exception):
    def __init__(self, mark: Any):
        self.mark = mark


def _core_value(text: str) -> Any:
    loader = _CoreLoader("")
    tag = loader.resolve(yaml.ScalarNode, text, (True, False))
    return loader.construct_object(yaml.ScalarNode(tag, text))


def _yaml11_value(text: str) -> tuple[bool, Any]:
    """Return (readable, value) of a plain scalar under PyYAML's YAML 1.1 safe schema
    (short scalars memoised: a loader made for each scalar was half the time of reading a
    file; the values are immutable: None, bool, int, float, str, dates)."""
    return _short_yaml11_value(text) if len(text) <= 64 else _read_yaml11(text)


@functools.lru_cache(maxsize=1 << 12)
def _short_yaml11_value(text: str) -> tuple[bool, Any]:
    return _read_yaml11(text)


def _read_yaml11(text: str) -> tuple[bool, Any]:
    loader = yaml.SafeLoader("")
    tag = loader.resolve(yaml.ScalarNode, text, (True, False))
    try:
        return True, loader.construct_object(yaml.ScalarNode(tag, text))
    except (yaml.YAMLError, ValueError, TypeError, OverflowError):
        return False, None


def _same(a: Any, b: Any) -> bool:
    if type(a) is bool or type(b) is bool:
        return type(a) is type(b) and a == b
    if isinstance(a, float) and isinstance(b, float):
        return repr(float(a)) == repr(float(b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return isinstance(a, int) == isinstance(b, int) and a == b
    return type(a) is type(b) and a == b


class _Walker:
    """Turns a composed node tree into plain data while recording marks.

    Aliases are expanded here (the composer shares nodes); the walk counts every value and
    refuses an alias inside the value it names, so alias bombs and cycles end early.
    """

    def __init__(self, source: str):
        self.source = source
        self.constructor = _CoreLoader("")  # only its scalar constructor is used
        self.marks: dict[DataPath, Mark] = {}
        self.key_marks: dict[DataPath, Mark] = {}
        self.ambiguous: dict[DataPath, tuple[str, Any]] = {}
        self.values = 0
        self.open: set[int] = set()
        #: an error per text holding a character no text may hold (:data:`_HIDDEN_CHARACTER`)
        self.hidden: list[ContentError] = []

    def _mark(self, node: yaml.Node) -> Mark:
        return Mark(node.start_mark.line + 1, node.start_mark.column + 1)

    def _fail(self, node: yaml.Node, message: str) -> ContentError:
        mark = self._mark(node)
        return ContentError(self.source, mark.line, mark.column, message)

    def walk(self, node: yaml.Node, path: DataPath) -> Any:
        self.values += 1
        if self.values > MAX_VALUES:
            raise self._fail(node, f"the document holds more than {MAX_VALUES} values once "
                             "its aliases are expanded (an alias bomb?); write it out plainly")
        if len(path) > MAX_DEPTH:
            raise self._fail(node, f"values nest deeper than {MAX_DEPTH} levels")
        self.marks.setdefault(path, self._mark(node))
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node, path)
        if id(node) in self.open:
            raise self._fail(node, "a YAML alias refers to the value that contains it")
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self._walk_mapping(node, path)
            return [self.walk(item, path + (i,)) for i, item in enumerate(node.value)]
        finally:
            self.open.discard(id(node))

    def _scalar(self, node: yaml.ScalarNode, path: DataPath) -> Any:
        try:
            value = self.constructor.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as err:
            raise self._fail(node, f"unsupported YAML value: {err.problem}") from None
        except (ValueError, OverflowError):
            raise self._fail(node, f"unreadable YAML value {node.value!r}") from None
        if isinstance(value, str):
            hidden = _HIDDEN_CHARACTER.search(value)
            if hidden:  # recorded, and the walk goes on: every such text is reported
                self.hidden.append(self._fail(node, hidden_character_message(value,
                                                                             hidden.start())))
        if getattr(node, "implicit_plain", False):
            readable, old = _yaml11_value(node.value)
            if readable and not _same(old, value):
                self.ambiguous[path] = (node.value, old)
        return value

    def _walk_mapping(self, node: yaml.MappingNode, path: DataPath) -> dict:
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self._fail(key_node, "YAML merge keys (<<) are not supported here")
            if not isinstance(key_node, yaml.ScalarNode):
                raise self._fail(key_node, "a mapping key must be a plain value")
            key = self._scalar(key_node, ())
            self.ambiguous.pop((), None)  # keys are read as written (square names)
            # Square names such as 43 (medamagaeru) are written bare; keys are text.
            if isinstance(key, (YamlInt, YamlFloat)):
                key = key.source
            elif not isinstance(key, str) and key is not None and not isinstance(key, bool):
                key = str(key)
            if key in result:
                first = self.key_marks[path + (key,)]
                raise self._fail(key_node, f"duplicate key '{key}' (first at line {first.line}, "
                                 f"column {first.column})")
            self.key_marks[path + (key,)] = self._mark(key_node)
            result[key] = self.walk(value_node, path + (key,))
        return result


#: Characters no text of a content file may hold, even written as an escape ("\u0007"):
#: control characters but the line break and the tab, and the Unicode controls that reorder
#: or split what a reader sees (bidirectional embeddings, overrides and isolates, the line and
#: paragraph separators).
#: A lone surrogate (U+D800 to U+DFFF, written as an escape such as "\ud800") is no character
#: at all: it cannot be written as UTF-8, so a page holding one cannot be written.
_HIDDEN_CHARACTER = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e"
                               "\u2066-\u2069\ud800-\udfff]")


def hidden_character_message(text: str, at: int) -> str:
    """Return what is wrong with the character at ``at`` of ``text`` (one that
    :data:`_HIDDEN_CHARACTER` finds) and what to write instead.

    A lone surrogate is named as such; a high surrogate followed by a low one (a UTF-16 pair
    written as two escapes, ``"\\ud83d\\ude00"``) names the character the pair stands for.
    """
    code = ord(text[at])
    if not 0xD800 <= code <= 0xDFFF:
        return (f"the text holds the invisible character U+{code:04X}: write visible text "
                "(line breaks and tabs are fine)")
    low = ord(text[at + 1]) if at + 1 < len(text) else 0
    if code <= 0xDBFF and 0xDC00 <= low <= 0xDFFF:
        joined = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        return (f"the text holds the surrogate pair U+{code:04X} U+{low:04X} (UTF-16 halves, "
                f"not characters): write the character itself, or the escape \\U{joined:08X}")
    return (f"the text holds the lone surrogate U+{code:04X} (half of a UTF-16 pair, not a "
            "character; it cannot be written as UTF-8): remove it, or write the whole "
            "character")


def _reader_error(err: yaml.reader.ReaderError, text: str, source: str) -> ContentError:
    position = max(0, min(err.position, len(text)))
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    code = err.character if isinstance(err.character, int) else ord(str(err.character)[:1] or "\0")
    if 0xDC80 <= code <= 0xDCFF:  # a file is read as strict UTF-8: this is a byte of the
        # command line (--set) that is not UTF-8, which Python keeps as such a surrogate
        return ContentError(source, line, column, f"the text holds the byte "
                            f"0x{code - 0xDC00:02X}, which is not UTF-8: write UTF-8 text")
    if 0xD800 <= code <= 0xDFFF:
        return ContentError(source, line, column, hidden_character_message(text, position))
    return ContentError(source, line, column, f"invalid YAML: control character U+{code:04X} "
                        "is not allowed in a text file")


#: what libyaml reads where PyYAML's pure parser refuses or marks otherwise: tabs (after a
#: value, in flow collections) and a comment right after a block scalar's header
_LIBYAML_DIFFERS = re.compile(r"\t|[|>][-+0-9]*#")


def _first_nodes(loader: Any) -> list[yaml.Node]:
    """The root nodes of the first two documents ``loader`` composes (two: a second one is
    an error, and reading on would only cost)."""
    nodes: list[yaml.Node] = []
    while loader.check_node() and len(nodes) < 2:
        nodes.append(loader.get_node())
    return nodes


def _fast_nodes(text: str) -> list[yaml.Node] | None:
    """The root node of ``text`` through libyaml's parser, or ``None`` when libyaml is not
    there, the text holds what the two parsers read differently (:data:`_LIBYAML_DIFFERS`,
    empty plain scalars, whose marks differ, tags, more than one document) or libyaml finds
    a problem: then :func:`_nodes` reads the text, and says what is wrong."""
    if _FastCoreLoader is None or "!" in text or _LIBYAML_DIFFERS.search(text):
        return None
    loader = None
    try:
        loader = _FastCoreLoader(text)
        nodes = _first_nodes(loader)
        if len(nodes) > 1:
            return None
    except (yaml.YAMLError, _TooDeep, ValueError, RecursionError):
        return None
    finally:
        if loader is not None:
            loader.dispose()
    return None if nodes and _has_empty_plain(nodes[0]) else nodes


def _has_empty_plain(root: yaml.Node) -> bool:
    """Whether a node tree holds an empty plain scalar (``a:``, ``- ``, ``? a``), which
    libyaml marks at another column than PyYAML."""
    stack, seen = [root], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            if node.value == "" and node.style is None:
                return True
        elif isinstance(node, yaml.MappingNode):
            stack.extend(part for pair in node.value for part in pair)
        else:
            stack.extend(node.value)
    return False


def _nodes(text: str, source: str) -> list[yaml.Node]:
    """The root nodes of ``text`` (at most two) through PyYAML's pure-Python parser.

    Raises:
        ContentError: the text is not valid YAML, nests deeper than :data:`MAX_DEPTH` or
            holds a control character.
    """
    loader = None
    try:
        loader = _CoreLoader(text)
        return _first_nodes(loader)
    except _TooDeep as deep:
        raise ContentError(source, deep.mark.line + 1, deep.mark.column + 1,
                           f"values nest deeper than {MAX_DEPTH} levels") from None
    except yaml.reader.ReaderError as err:
        raise _reader_error(err, text, source) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = err.problem or err.context or "invalid YAML"
        raise ContentError(source, line, col, f"invalid YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise ContentError(source, 1, 1, f"invalid YAML: {err}") from None
    finally:
        if loader is not None:
            loader.dispose()


def load_marked_text(text: str, source: str, keep_hidden: bool = False) -> MarkedDocument:
    """Parse one YAML document from ``text`` (YAML 1.2 core-schema scalars).

    Args:
        text: the YAML source.
        source: the name used in error messages.
        keep_hidden: keep the errors of texts holding a hidden character in the document's
            ``hidden`` instead of raising them, so the rest of the file is checked too.

    Returns:
        The document with its marks; an empty document gives ``data = None``.

    Raises:
        ContentError: the text is not valid YAML, is larger than :data:`MAX_FILE_BYTES`,
            nests deeper than :data:`MAX_DEPTH`, expands to more than :data:`MAX_VALUES`
            values, holds more than one document, repeats a key (both lines are named),
            holds a control character, or uses tags beyond the safe ones.
    """
    if len(text) > MAX_FILE_BYTES:
        raise ContentError(source, 1, 1, f"file too large ({len(text)} characters; content "
                           f"files may hold at most {MAX_FILE_BYTES})")
    nodes = _fast_nodes(text)
    if nodes == []:
        return MarkedDocument(source, None)
    if nodes:
        try:
            return _walked(nodes[0], source, keep_hidden)
        except ContentError:
            pass  # the pure parser's reading, and its message, count
    nodes = _nodes(text, source)
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
    return _walked(nodes[0], source, keep_hidden)


def _walked(root: yaml.Node, source: str, keep_hidden: bool = False) -> MarkedDocument:
    """The document of a composed root node (see :class:`_Walker`).

    Raises:
        ContentError: too many values, too deep, a bad scalar or key (see the walker);
            :class:`TextErrors` when several texts hold a hidden character.
    """
    walker = _Walker(source)
    data = walker.walk(root, ())
    if walker.hidden and not keep_hidden:
        if len(walker.hidden) > 1:
            raise TextErrors(walker.hidden)
        raise walker.hidden[0]
    return MarkedDocument(source, data, walker.marks, walker.key_marks, walker.ambiguous,
                          walker.hidden)


def load_marked_file(path: Path, source: str | None = None, keep_hidden: bool = False
                     ) -> MarkedDocument:
    """Read and parse one YAML file (UTF-8); see :func:`load_marked_text`.

    Args:
        path: the file to read; ``-`` is not handled here (read stdin yourself).
        source: the name used in messages; defaults to ``str(path)``.

    Raises:
        ContentError: the file cannot be read or decoded, is larger than
            :data:`MAX_FILE_BYTES`, or the YAML is invalid.
    """
    name = source or str(path)
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise ContentError(name, 1, 1, f"cannot read file: {err.strerror or err}") from None
    return load_marked_bytes(raw, name, keep_hidden)


def load_marked_stream(stream: BinaryIO, source: str) -> MarkedDocument:
    """Read at most :data:`MAX_FILE_BYTES` + 1 bytes from a binary stream (standard input)
    and parse them as :func:`load_marked_file` does, with the same limits and messages: a
    stream that does not end within the limit is refused without reading the rest.

    Raises:
        ContentError: as :func:`load_marked_bytes`, or the stream cannot be read.
    """
    try:
        raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise ContentError(source, 1, 1, f"cannot read: {err.strerror or err}") from None
    return load_marked_bytes(raw, source)


def load_marked_bytes(raw: bytes, name: str, keep_hidden: bool = False) -> MarkedDocument:
    """Decode ``raw`` (UTF-8, at most :data:`MAX_FILE_BYTES`) and parse it as YAML.

    Raises:
        ContentError: too large, not UTF-8 text, or invalid YAML (see :func:`load_marked_text`).
    """
    if len(raw) > MAX_FILE_BYTES:
        raise ContentError(name, 1, 1, f"file too large (more than {MAX_FILE_BYTES} bytes)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ContentError(name, 1, 1, f"file is not UTF-8 text ({err.reason})") from None
    return load_marked_text(text, name, keep_hidden)
