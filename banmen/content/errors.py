"""The one error shape content checking reports: ``file:line:col: message``."""

from __future__ import annotations

from banmen.errors import BanmenError, display_name, one_line


class ContentError(BanmenError):
    """A problem in an authored file, located at a 1-based line and column.

    Args:
        source: the file name as shown to the author (relative to the project root).
        line: 1-based line.
        column: 1-based column.
        message: what is wrong and what was expected, in English, one line.
    """

    def __init__(self, source: str, line: int, column: int, message: str):
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        # the file name quoted and escaped when it is not plain text, the message on one line
        return f"{display_name(self.source)}:{self.line}:{self.column}: {one_line(self.message)}"

    def sort_key(self) -> tuple[str, int, int, str]:
        """Return the key that orders errors by file, then position, then text."""
        return (self.source, self.line, self.column, self.message)


class ContentErrors(BanmenError):
    """Several content errors found in one run, kept in file and line order.

    Attributes:
        errors: the individual errors, sorted.
    """

    def __init__(self, errors: list[ContentError]):
        self.errors = sorted(errors, key=ContentError.sort_key)
        super().__init__("\n".join(str(e) for e in self.errors))


class ArgumentError(ContentError):
    """A problem in a command-line argument (``--set ukejalayer.hand=255``), not in a file.

    Printed as ``<argument>: message``; sorted before every file's errors.

    Args:
        argument: the argument as the user typed it, option name included.
        message: what is wrong and what was expected, one line.
    """

    def __init__(self, argument: str, message: str):
        super().__init__(argument, 0, 0, message)

    def __str__(self) -> str:
        return f"{one_line(self.source)}: {one_line(self.message)}"
