"""Reading move text the way Japanese keyboards type it: one folding table for Python and JS.

``move_text.json`` in this package lists the replacements; content checking folds YAML move
texts with :func:`fold_move_text` before parsing, and the page script receives the same table
(``MOVE_TEXT_TABLE``) with each move puzzle. This module imports nothing heavy, so pages can
be written from the build cache without loading engines.
"""

from __future__ import annotations

import json
import unicodedata
from importlib import resources
from typing import Any

#: The folding table shared with the page script (``move_text.json`` in this package).
MOVE_TEXT_TABLE: dict[str, Any] = json.loads(
    resources.files("banmen.content").joinpath("move_text.json").read_text(encoding="utf-8"))
_FOLD = str.maketrans(MOVE_TEXT_TABLE["replace"])


def fold_move_text(text: str) -> str:
    """Fold what a Japanese keyboard types into ASCII move text, spaces kept.

    NFKC first (full-width ``６３`` -> ``63``, ``－`` -> ``-``), then the replacements of
    ``move_text.json`` (every IME dash ``− ー ‐ ‑ ― –`` -> ``-``, ``×`` -> ``x``). YAML move
    texts are folded so before parsing; the page script applies the same table.
    """
    return unicodedata.normalize("NFKC", text).translate(_FOLD)


def normalise_move_text(text: str) -> str:
    """Fold move text the way pages compare it: :func:`fold_move_text`, no spaces, lower case.

    ``"５　６３ー５２"`` -> ``"563-52"``.
    """
    return "".join(fold_move_text(text).split()).lower()
