"""Rule-parameter objects with the standard library only: :class:`Param` and :class:`Rules`.

Every game's rule parameters (``banmen/games/<game>/rules.py``) are a :class:`Rules` subclass
that declares one :class:`Param` per parameter, with its default from
``shared/rules/<game>.md``, an English description and a Japanese label for the generated
parameter page::

    class ExampleRules(Rules):
        white_delay = Param(1, ge=0, description="...", ja="白の排除の待ち手数 N")
        unlock = Param("guidebook", choices=("guidebook", "both", "self"), ...)

    >>> ExampleRules(white_delay=2).white_delay
    2

The objects are immutable, hashable and compared by value. The engines import this module
and nothing outside the standard library, so the same rules run under CPython and in the
browser (Pyodide). Invalid values raise :class:`banmen.game.RulesError` whose message reads
``rule parameter 'white_delay': expected greater than or equal to 0, got -1`` and whose
``path`` is ``("white_delay",)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from banmen.errors import BanmenError, brief_repr, shorten


class RulesError(BanmenError):
    """A rule parameter is unknown or out of range.

    Attributes:
        path: keys leading to the offending parameter inside the overrides mapping, e.g.
            ``("white_delay",)``; empty when the error concerns the whole mapping.
    """

    def __init__(self, message: str, path: Sequence[str | int] = ()):
        super().__init__(message)
        self.path = tuple(path)


class Rejected(ValueError):
    """Raised by a :class:`Param` check or a cross-parameter check: ``expected`` says what was
    expected, in the words that follow "expected" in the error message."""

    def __init__(self, expected: str):
        super().__init__(expected)
        self.expected = expected


def _or_list(values: Sequence[Any]) -> str:
    shown = [repr(v) for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


class Param:
    """The declaration of one rule parameter (a descriptor on a :class:`Rules` subclass).

    Args:
        default: the value when the parameter is not given (``None`` only with ``optional``).
        kind: ``int``, ``bool`` or ``str``: the accepted type (``bool`` is never an ``int``
            here, and text is never read as a number); ignored when ``choices`` is given.
        choices: the allowed values, in the order the error message and the parameter page
            list them (e.g. ``("bounce", "finish", "forbid")`` or ``(4, 2)``).
        ge, le: inclusive bounds of an ``int``.
        optional: ``None`` is allowed too (it means "decided elsewhere", e.g. by a preset).
        convert: an optional function applied before the checks; it returns the value to
            check or raises :class:`Rejected` (used for lists, e.g. ludo's ``enter_on``).
        description: what the parameter means, in English.
        ja: its Japanese label on the parameter page.
        allowed_ja: the allowed values in Japanese, when the generated text would not say it
            well (e.g. a range narrowed by another parameter).
    """

    def __init__(self, default: Any, *, kind: type = int, choices: Sequence[Any] | None = None,
                 ge: int | None = None, le: int | None = None, optional: bool = False,
                 convert: Any = None, description: str, ja: str, allowed_ja: str | None = None):
        self.default = default
        self.kind = kind
        self.choices = tuple(choices) if choices is not None else None
        self.ge, self.le = ge, le
        self.optional = optional
        self.convert = convert
        self.description = description
        self.ja = ja
        self.allowed_ja = allowed_ja
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        return instance.__dict__[self.name]

    def __set__(self, instance: Any, value: Any) -> None:
        raise AttributeError(f"rule parameters are immutable ('{self.name}')")

    def check(self, value: Any) -> Any:
        """Return ``value`` validated (and converted by ``convert``).

        Raises:
            Rejected: the value is not allowed; its text says what was expected.
        """
        if value is None and self.optional:
            return None
        if self.convert is not None:
            return self.convert(value)
        if self.choices is not None:
            # 1 == True in Python: a bool only matches a bool choice, and the reverse. The
            # choice itself is kept, so values read from marked YAML become plain values.
            for choice in self.choices:
                if value == choice and isinstance(value, bool) == isinstance(choice, bool):
                    return choice
            raise Rejected(_or_list(self.choices))
        if self.kind is bool:
            if not isinstance(value, bool):
                raise Rejected("a valid boolean")
            return bool(value)
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise Rejected("a valid integer")
            if self.ge is not None and value < self.ge:
                raise Rejected(f"greater than or equal to {self.ge}")
            if self.le is not None and value > self.le:
                raise Rejected(f"less than or equal to {self.le}")
            return int(value)
        if not isinstance(value, self.kind):
            raise Rejected(f"a valid {self.kind.__name__}")
        return value

    def allowed_text_ja(self) -> str:
        """Return the allowed values in Japanese for the parameter page: ``allowed_ja`` when
        set, else generated (「`a`、`b`」, 「0以上の整数」, 「はい／いいえ」, 「省略（自動）」)."""
        if self.allowed_ja:
            return self.allowed_ja
        if self.choices is not None:
            parts = ["、".join(f"`{c}`" for c in self.choices)]
        elif self.kind is bool:
            parts = ["はい／いいえ"]
        elif self.kind is int:
            if self.ge is not None and self.le is not None:
                parts = [f"{self.ge}〜{self.le}の整数"]
            elif self.ge is not None:
                parts = [f"{self.ge}以上の整数"]
            else:
                parts = ["整数"]
        else:
            parts = ["文字列"]
        if self.optional:
            parts.append("省略（自動）")
        return "、".join(parts)


class Rules:
    """Base of every game's rule-parameter object: immutable, validated, no unknown keys.

    Subclasses declare each parameter as a :class:`Param` class attribute, in the order the
    parameter page lists them. ``Subclass(**values)`` validates every given value; a subclass
    may override :meth:`_complete` to check parameters against each other or to fill values
    that depend on others (it raises :class:`Rejected` through :meth:`_reject`).

    Raises (from the constructor):
        RulesError: an unknown parameter (the message lists the known ones) or a value out of
            range (the message names the parameter, what was expected and what was given).
    """

    _params: ClassVar[dict[str, Param]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        params = dict(cls._params)
        for name, value in cls.__dict__.items():
            if isinstance(value, Param):
                params[name] = value
        cls._params = params

    def __init__(self, **values: Any):
        params = self._params
        for name in values:
            if name not in params:
                known = ", ".join(params)
                raise RulesError(f"unknown rule parameter '{shorten(name)}' (known: {known})",
                                 (name,))
        data = self.__dict__
        for name, param in params.items():
            if name in values:
                try:
                    data[name] = param.check(values[name])
                except Rejected as err:
                    raise self._error(name, err.expected, values[name]) from None
            else:
                data[name] = param.default
        data["_explicit"] = frozenset(values)
        self._complete()

    @staticmethod
    def _error(name: str, expected: str, value: Any) -> RulesError:
        return RulesError(f"rule parameter '{name}': expected {expected}, "
                          f"got {brief_repr(value)}", (name,))

    def _reject(self, name: str, expected: str) -> RulesError:
        """Return the error for parameter ``name`` whose value is not ``expected`` (raise it)."""
        return self._error(name, expected, self.__dict__[name])

    def _complete(self) -> None:
        """Check parameters against each other and fill dependent values (override)."""

    def _fill(self, name: str, value: Any) -> None:
        """Set parameter ``name`` while the object is being built (from :meth:`_complete`)."""
        self.__dict__[name] = value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"rule parameters are immutable ('{name}')")

    # ---- reading

    @classmethod
    def params(cls) -> dict[str, Param]:
        """Return the parameter declarations by name, in declaration order."""
        return dict(cls._params)

    def values(self) -> dict[str, Any]:
        """Return every parameter's value by name, in declaration order."""
        return {name: self.__dict__[name] for name in self._params}

    def explicit(self) -> dict[str, Any]:
        """Return the parameters given to the constructor (not defaulted or filled), by name."""
        explicit = self.__dict__["_explicit"]
        return {name: value for name, value in self.values().items() if name in explicit}

    def to_json(self) -> dict[str, Any]:
        """Return :meth:`values` with tuples as lists: what ``json.dumps`` writes."""
        return {name: list(value) if isinstance(value, tuple) else value
                for name, value in self.values().items()}

    def replace(self, overrides: Mapping[str, Any]) -> Rules:
        """Return these rules with ``overrides`` applied (every other value kept).

        Raises:
            RulesError: an override is unknown or out of range.
        """
        return type(self)(**{**self.values(), **dict(overrides)})

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.values() == self.values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(self.values().items())))

    def __repr__(self) -> str:
        body = ", ".join(f"{name}={value!r}" for name, value in self.values().items())
        return f"{type(self).__name__}({body})"
