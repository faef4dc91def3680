"""Finding where an SVG group ends, by its start and end tags (no XML parser, no
matplotlib: the site's page step uses it on every board of a warm build)."""

from __future__ import annotations

import re

#: a group's start tag that opens it (not self-closed ``<g .../>``), or its end tag.
GROUP_TAG = re.compile(r"<g\b[^>]*[^/]>|<g>|</g>")


def group_end(text: str, start: int) -> int | None:
    """Where the group whose start tag begins at ``start`` ends (just after its ``</g>``),
    counting the groups inside it; ``None`` when it is never closed.

    Args:
        text: SVG markup.
        start: the index of a ``<g`` start tag in ``text``.
    """
    depth = 0
    for tag in GROUP_TAG.finditer(text, start):
        depth += -1 if tag.group(0) == "</g>" else 1
        if depth == 0:
            return tag.end()
    return None
