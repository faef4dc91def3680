"""Element ids for inline SVG and HTML, from a safe alphabet (no matplotlib import here).

Content ids (``ukejalayer/opening-1``) may hold any character a file name can hold. An id on
the page is ``bm-<slug>-<hash>``: the slug keeps only lower-case ASCII letters and digits
(everything else becomes ``-``) so it stays readable, and the hash (first 8 hex digits of
the SHA-256 of the exact content id) keeps ids apart when two file names differ only in
``.``/``-``, case or non-ASCII characters. Pages add a per-page instance suffix when the same
item is placed twice (see :mod:`banmen.site.build`).
"""

from __future__ import annotations

import hashlib
import re

_UNSAFE = re.compile(r"[^a-z0-9]+")


def html_id(content_id: str) -> str:
    """Return the element id for ``content_id`` (any text), e.g.
    ``"ukejalayer/p001"`` -> ``"bm-ukejalayer-p001-<8 hex>"``.

    The result holds only ``[a-z0-9-]``, starts with ``bm-`` and never contains ``--``
    (that separates an SVG's own element names) or ``_`` (used for instance suffixes).
    """
    slug = _UNSAFE.sub("-", content_id.lower()).strip("-")
    digest = hashlib.sha256(content_id.encode("utf-8")).hexdigest()[:8]
    return f"bm-{slug}-{digest}" if slug else f"bm-{digest}"
