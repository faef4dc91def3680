"""Which characters the board font can draw, asked without drawing anything.

Content checking calls :func:`missing_glyphs` for every label before a board is drawn, so a
character the bundled font lacks is reported at its YAML line instead of being drawn as an
empty box. matplotlib is imported only when the first question is asked.
"""

from __future__ import annotations

import functools
from typing import Any


@functools.lru_cache(maxsize=1)
def _board_font() -> Any:
    from matplotlib.font_manager import FontProperties, findfont
    from matplotlib.ft2font import FT2Font

    from render_baseline.svg import SVG_RC

    return FT2Font(findfont(FontProperties(family=SVG_RC["font.family"]), fallback_to_default=False))


def missing_glyphs(text: str) -> list[str]:
    """Return the characters of ``text`` that the board font (IPAexGothic, bundled by
    matplotlib-fontja) cannot draw, in order, each once; line breaks are not characters."""
    font = _board_font()
    missing: list[str] = []
    for char in text:
        if char not in "\n\r" and char not in missing and font.get_char_index(ord(char)) == 0:
            missing.append(char)
    return missing
