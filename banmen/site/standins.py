"""Stand-ins for boards still being drawn while a cold build writes its pages.

MkDocs reads every page's Markdown, converts it and hands the HTML to the search plugin
before it renders any template; a page's boards are needed only when the page is written
(``on_post_page``). So a page whose boards are still being drawn is expanded with small
stand-ins in their place (:class:`banmen.site.build.SiteBuild`, ``expand(..., defer=True)``),
and the stand-ins are resolved when the page is written (``SiteBuild.resolve``): the pages'
text, search entries and links are made while the workers draw, instead of after them.

What a fragment takes from its boards, and how each part is put back so that the page is the
one an expansion with every board at hand makes, byte for byte:

- the board itself: ``<svg id="<root>" data-bm-standin="<tag><n>"></svg>`` holds its root
  id, so :func:`banmen.site.onpage.unique_ids` renames it (and the references around it) as
  it would rename the board; the renames are applied to the board when it is put in;
- the colour legend (:func:`banmen.site.html.legend_html`), made from the colours the boards
  draw: a stand-in ``<svg data-bm-legend="<tag>" ...>`` keeps the colours of the boards at
  hand, the numbers of those still drawn and the play marks, and becomes the legend;
- the glyph definitions (:func:`banmen.site.onpage.share_glyphs`): a slot
  ``<svg data-bm-glyphs="<tag>"></svg>`` where they would go, filled (or emptied) once the
  fragment's boards are in, fragment by fragment in page order.

``<tag>`` is the build's random token prefix, so no authored text can forge a stand-in (and
authored text reaches a fragment only through the allow-list sanitiser, which keeps no
``<svg>`` anyway). Every stand-in is an ``<svg>``, so it is parked out of the page's HTML
with the boards (:func:`banmen.site.build.defer_boards`).
"""

from __future__ import annotations

import html
import re


def board(root_id: str, tag: str, number: int) -> str:
    """The stand-in of board ``number`` of a page, whose ``<svg>`` has id ``root_id``."""
    return f'<svg id="{root_id}" data-bm-standin="{tag}{number}"></svg>'


def standin_of(svg: str) -> tuple[str, int] | None:
    """(tag, number) of the board ``svg`` stands in for, or ``None`` for a real board (the
    number is the digits the value ends with: a tag ends with a letter, ``X``)."""
    match = _STANDIN.fullmatch(svg)
    return None if match is None else (match.group(1), int(match.group(2)))


def board_pattern(tag: str) -> re.Pattern[str]:
    """Finds the board stand-ins of ``tag`` (group 1: the board's number)."""
    return re.compile(rf'<svg id="[^"]*" data-bm-standin="{re.escape(tag)}(\d+)"></svg>')


def legend(tag: str, colours: list[str], numbers: list[int], play: tuple[str, ...]) -> str:
    """The stand-in of a colour legend: ``colours`` found in the boards at hand, the
    ``numbers`` of the boards still drawn, the ``play`` marks."""
    return (f'<svg data-bm-legend="{tag}" data-colours="{html.escape(",".join(colours))}" '
            f'data-boards="{",".join(map(str, numbers))}" '
            f'data-play="{html.escape(",".join(play))}"></svg>')


def read_legend(svg: str, tag: str) -> tuple[list[str], list[int], tuple[str, ...]] | None:
    """(colours, board numbers, play marks) of a legend stand-in of ``tag``, else ``None``."""
    match = _LEGEND.fullmatch(svg)
    if match is None or match.group(1) != tag:
        return None
    colours, numbers, play = (html.unescape(match.group(i)) for i in (2, 3, 4))
    return ([c for c in colours.split(",") if c], [int(n) for n in numbers.split(",") if n],
            tuple(p for p in play.split(",") if p))


def glyph_slot(tag: str) -> str:
    """The slot of a fragment's shared glyph definitions."""
    return f'<svg data-bm-glyphs="{tag}"></svg>'


_STANDIN = re.compile(r'<svg id="[^"]*" data-bm-standin="([^"]*?)(\d+)"></svg>')
_LEGEND = re.compile(r'<svg data-bm-legend="([^"]*)" data-colours="([^"]*)" '
                     r'data-boards="([0-9,]*)" data-play="([^"]*)"></svg>')
