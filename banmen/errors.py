"""The base of every error banmen reports as one line (kept apart from :mod:`banmen.game`,
so that modules that only report errors do not import pydantic and the engines), the
escaping that keeps each report on one line whatever a file name or a value holds, and the
caps that keep it short whatever a value holds (standard library only: the engines use it).

A message quotes what the user wrote through :func:`shorten` or :func:`brief_repr`, which
keep the first :data:`QUOTE_MAX` characters and say how many more there were
(``got 'xxxx… (99900 more characters)'``); :func:`one_line`, through which every report is
printed, cuts what is still longer than :data:`MESSAGE_MAX` in the middle, so the place at
its start and what was expected at its end stay.
"""


class BanmenError(Exception):
    """Base of every error banmen reports to a user as one line (never a traceback)."""


def _escape(char: str) -> str:
    code = ord(char)
    if char in "\"\\":
        return "\\" + char
    if char == "\n":
        return "\\n"
    if char == "\t":
        return "\\t"
    if char == "\r":
        return "\\r"
    return f"\\x{code:02x}" if code < 0x100 else (f"\\u{code:04x}" if code < 0x10000
                                                  else f"\\U{code:08x}")


#: The most characters of a user's value that a message quotes (a whole FEN fits).
QUOTE_MAX = 100
#: The longest message :func:`one_line` prints whole; a longer one loses its middle.
MESSAGE_MAX = 1000
_HEAD, _TAIL = 600, 300


def shorten(text: str, limit: int = QUOTE_MAX) -> str:
    """Return ``text`` as a message quotes it: unchanged up to ``limit`` characters, else its
    first ``limit`` characters, ``…`` and how many more there were
    (``"xxxx… (99900 more characters)"``)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def brief_repr(value: object, limit: int = QUOTE_MAX) -> str:
    """Return ``repr(value)`` shortened like :func:`shorten` (``'xxxx… (99902 more
    characters)`` for a long text; the closing quote is among the characters left out)."""
    return shorten(repr(value), limit)


def one_line(text: str) -> str:
    """Return ``text`` with every character that is not printable (line breaks, other control
    and format characters such as U+202E) written as an escape (``\\n``, ``\\x01``,
    ``\\u202e``), so a message can never start a second, forged line; a text longer than
    :data:`MESSAGE_MAX` characters keeps its first 600 and last 300, with
    `` … (N characters left out) … `` between them."""
    if len(text) > MESSAGE_MAX:
        text = (f"{text[:_HEAD]} … ({len(text) - _HEAD - _TAIL} characters left out) … "
                f"{text[-_TAIL:]}")
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def display_name(name: str) -> str:
    """Return a file name as messages show it: unchanged when it is plain printable text,
    else in double quotes with backslash escapes (``"a\\nb:1:1: fake.yaml"``), so a name can
    neither forge a ``file:line:col`` line nor hide characters."""
    if name.isprintable() and '"' not in name and "\\" not in name:
        return name
    return '"' + "".join(c if c.isprintable() and c not in "\"\\" else _escape(c)
                         for c in name) + '"'
