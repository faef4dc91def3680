"""English wording of the command line's messages (the site's text is Japanese and lives in
the page templates, not here)."""

from __future__ import annotations


def counted(number: int, singular: str, plural: str | None = None) -> str:
    """``number`` and its noun, singular for exactly one: ``counted(1, "puzzle")`` is
    ``"1 puzzle"``, ``counted(3, "puzzle")`` is ``"3 puzzles"``.

    Args:
        number: how many (an int, any sign).
        singular: the noun for one.
        plural: the noun for any other number; ``singular + "s"`` when not given.

    Returns:
        ``"<number> <noun>"``.
    """
    noun = singular if number == 1 else (plural if plural is not None else singular + "s")
    return f"{number} {noun}"
