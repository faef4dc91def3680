"""Japanese word segmentation of the site's search index (Material's ``search/search_index.json``).

Japanese is written without spaces, so Material's search (lunr) has no word boundaries to
index. After the search plugin has written its index, :func:`segment_index` cuts every run of
Japanese text into words with Sudachi (the ``sudachipy`` morphological analyser and its bundled
``sudachidict_core`` dictionary) and marks each boundary with a zero-width space, the
separator named in ``mkdocs.yml`` (Material does the same for Chinese with jieba). The text a
result shows is unchanged apart from these invisible marks.

The query side (``docs/assets/search-query.js``) cuts what the reader types into the words of
this index, so both sides agree on the boundaries. Single kana (the particles の, が, は ...)
are no search terms: the separator of ``mkdocs.yml`` swallows a lone kana between two
boundaries, and the query script drops them.

Section titles of a page are prefixed with the page's title (「めだまがえる 練習問題 問題3　…」),
so that a result names its game and page; a game's rules page weighs double (:data:`RULES_BOOST`).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from pathlib import Path

#: Marks a word boundary in the index text (invisible where a result shows the text).
BOUNDARY = "\u200b"
#: A run of Japanese text: kanji, hiragana, katakana, the long-vowel mark and iteration marks.
_JAPANESE = re.compile(r"[\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fc-\u30fe\u3005\u3006"
                       r"\u4e00-\u9fff\uf900-\ufaff]+")
#: Weight of a rules page's entries: the page that defines a term ranks before those using it.
RULES_BOOST = 2.0
_REPEATED = re.compile(f"{BOUNDARY}{{2,}}")


@functools.cache
def _tokenizer():
    """Sudachi's tokenizer on the core dictionary (loaded once per process, about 0.1 s)."""
    from sudachipy import Dictionary, SplitMode

    return Dictionary(dict="core").tokenizer(mode=SplitMode.B)


def words(run: str, keep: Iterable[str] = ()) -> list[str]:
    """Cut a run of Japanese text into words.

    Args:
        run: Japanese text without spaces, e.g. ``"めだまがえるの駒の動き"``.
        keep: words that stay whole wherever they occur (the games' names: Sudachi reads
            めだまがえる as めだま/がえる in running text but めだま/が/える alone).

    Returns:
        The words in order; joined they give ``run`` back.
        ``words("駒の動き")`` is ``["駒", "の", "動き"]``.
    """
    kept = sorted({k for k in keep if k}, key=len, reverse=True)
    if kept:
        pattern = "(" + "|".join(re.escape(k) for k in kept) + ")"
        out: list[str] = []
        for i, part in enumerate(re.split(pattern, run)):
            if i % 2:
                out.append(part)
            elif part:
                out.extend(words(part))
        return out
    return [m.surface() for m in _tokenizer().tokenize(run) if m.surface()]


def segment(text: str, keep: Iterable[str] = ()) -> str:
    """Return ``text`` with a :data:`BOUNDARY` between and around its Japanese words.

    Markup and Latin text are left as they are; ``"<p>駒の動き</p>"`` becomes
    ``"<p>\\u200b駒\\u200bの\\u200b動き\\u200b</p>"``.
    """
    keep = tuple(keep)

    def cut(match: re.Match) -> str:
        return BOUNDARY + BOUNDARY.join(words(match.group(0), keep)) + BOUNDARY

    return _REPEATED.sub(BOUNDARY, _JAPANESE.sub(cut, text)).strip(BOUNDARY)


def _page_of(location: str) -> str:
    return location.split("#", 1)[0]


def segment_entries(docs: list[dict], titles: dict[str, str] | None = None,
                    keep: Iterable[str] = (), boosts: dict[str, float] | None = None) -> list[dict]:
    """Segment the ``title`` and ``text`` of search index entries; a page's own entry takes the
    page's title and every section's title is prefixed with it.

    Args:
        docs: Material's entries, ``{"location": "medamagaeru/puzzles/#p03", "title": ...,
            "text": ...}``; the page's own entry has a location without ``#``.
        titles: page location -> the title that prefixes its sections
            (``{"medamagaeru/puzzles/": "めだまがえる 練習問題"}``); a page missing here uses the
            title of its own entry (its first heading).
        keep: words that stay whole (see :func:`words`).
        boosts: page location -> weight of all its entries (Material's ``boost``): a game's
            rules page, where each term is defined, comes before the pages that use it.

    Returns:
        New entries in the same order.
    """
    keep = tuple(keep)
    page_titles = {d["location"]: d.get("title", "") for d in docs if "#" not in d["location"]}
    page_titles.update(titles or {})
    out = []
    for doc in docs:
        entry = dict(doc)
        title = entry.get("title", "")
        page_title = page_titles.get(_page_of(entry["location"]), "")
        if "#" not in entry["location"]:
            title = page_title or title
        elif page_title and not title.startswith(page_title):
            title = f"{page_title} {title}"
        entry["title"] = segment(title, keep)
        entry["text"] = segment(entry.get("text", ""), keep)
        boost = (boosts or {}).get(_page_of(entry["location"]))
        if boost is not None:
            entry["boost"] = boost
        out.append(entry)
    return out


def segment_index(path: Path, titles: dict[str, str] | None = None,
                  keep: Iterable[str] = (), boosts: dict[str, float] | None = None) -> None:
    """Rewrite Material's search index at ``path`` with segmented entries (see
    :func:`segment_entries`); the ``config`` part is kept. Output is deterministic.

    Raises:
        OSError: the file cannot be read or written.
        ValueError: it is not Material's JSON index.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("docs"), list):
        raise ValueError(f"{path}: not a search index (no 'docs' list)")
    data["docs"] = segment_entries(data["docs"], titles, keep, boosts)
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
