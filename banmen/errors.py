"""The base of every error banmen reports as one line (kept apart from :mod:`banmen.game`,
so that modules that only report errors do not import pydantic and the engines), and the
escaping that keeps each report on one line whatever a file name or a value holds."""


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


def one_line(text: str) -> str:
    """Return ``text`` with every character that is not printable (line breaks, other control
    and format characters such as U+202E) written as an escape (``\\n``, ``\\x01``,
    ``\\u202e``), so a message can never start a second, forged line."""
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
