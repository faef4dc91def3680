"""The ``banmen`` command's entry point: the command line of :mod:`banmen.cli`, loaded here so
that a Ctrl-C while its modules are still being imported (the first tenth of a second) ends
with the same one line and exit status 130 as a Ctrl-C later, not with a traceback."""

from __future__ import annotations

import sys


def main() -> None:
    """Import the command line and run it; ``banmen: interrupted`` and exit status 130 when
    interrupted during the import (after it, :mod:`banmen.cli` handles Ctrl-C itself)."""
    try:
        from banmen.cli import main as command_line
    except KeyboardInterrupt:
        sys.stderr.write("banmen: interrupted\n")
        sys.exit(130)
    command_line()
