"""Japanese word segmentation of the site's search index (Material's ``search/search_index.json``).

Japanese is written without spaces, so Material's search (lunr) has no word boundaries to
index. After the search plugin has written its index, :func:`segment_index` cuts every run of
Japanese text into words with Sudachi (the ``sudachipy`` morphological analyser and its bundled
``sudachidict_core`` dictionary) and marks each boundary with a zero-width space, the
separator named in ``mkdocs.yml`` (Material does the same for Chinese with jieba). The text a
result shows is unchanged apart from these invisible marks.

The query side (``banmen/site/assets/search-query.js``) cuts what the reader types into the words of
this index, so both sides agree on the boundaries. Single kana (the particles の, が, は ...)
are no search terms: the separator of ``mkdocs.yml`` swallows a lone kana between two
boundaries, and the query script drops them.

The other forms of the index's words (normalised forms, readings, a verb's noun, the games'
synonyms) are added after the cut by :mod:`banmen.site.search_forms`.

Section titles of a page are prefixed with the page's title (「めだまがえる 練習問題 問題3　…」),
so that a result names its game and page; a game's rules page weighs double, a later lesson page half (:func:`page_boost`).

Cutting the whole index takes about 0.4 s of CPU (the site's ~250 entries), more than a warm
build's other work, so :func:`segment_index` can keep each page's cut entries in the build
cache, keyed on everything they depend on (see :func:`segment_cached`): a warm build cuts
nothing and an edited one only the pages whose text changed. The output is the same.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

#: Marks a word boundary in the index text (invisible where a result shows the text).
BOUNDARY = "\u200b"
#: A run of Japanese text: kanji, hiragana, katakana, the long-vowel mark and iteration marks.
_JAPANESE = re.compile(r"[\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fc-\u30fe\u3005\u3006"
                       r"\u4e00-\u9fff\uf900-\ufaff]+")
#: Weight of a rules page's entries: the page that defines a term ranks before those using it.
RULES_BOOST = 2.0
#: Weight of a course's later lesson pages (``lesson-*.md``): a lesson on one rule is named
#: after it (「千日手と打開」) and would outrank the rules page that defines it.
LESSON_BOOST = 0.5


def page_boost(src_uri: str) -> float | None:
    """The search weight of a page's entries by its source path (``ukejalayer/rules.md``):
    :data:`RULES_BOOST`, :data:`LESSON_BOOST`, or ``None`` (Material's default, 1)."""
    name = src_uri.rsplit("/", 1)[-1]
    if name == "rules.md":
        return RULES_BOOST
    if name.startswith("lesson-") and name.endswith(".md"):
        return LESSON_BOOST
    return None


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
    return list(_plain_words(run))


@functools.lru_cache(maxsize=1 << 14)
def _plain_words(run: str) -> tuple[str, ...]:
    """Sudachi's words of ``run`` (memoised: puzzle pages repeat their questions and
    answers' phrasing, about 60% of the text a site build cuts)."""
    return tuple(m.surface() for m in _tokenizer().tokenize(run) if m.surface())


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


def _entry_title(doc: dict, page_title: str) -> str:
    """The title of a search entry before it is cut: a page's own entry takes the page's
    title, a section's is prefixed with it."""
    title = doc.get("title", "")
    if "#" not in doc["location"]:
        return page_title or title
    if page_title and not title.startswith(page_title):
        return f"{page_title} {title}"
    return title


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
        title = _entry_title(doc, page_titles.get(_page_of(entry["location"]), ""))
        entry["title"] = segment(title, keep)
        entry["text"] = segment(entry.get("text", ""), keep)
        boost = (boosts or {}).get(_page_of(entry["location"]))
        if boost is not None:
            entry["boost"] = boost
        out.append(entry)
    return out


@functools.cache
def _versions() -> str:
    """The versions of Sudachi and its dictionary (package metadata, nothing imported)."""
    from importlib import metadata

    parts = []
    for name in ("sudachipy", "sudachidict-core"):
        try:
            parts.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{name}=none")
    return ";".join(parts)


def _uncut(text: str) -> str:
    return text.replace(BOUNDARY, "")


def _cut_entries_reader(docs: list[dict], page_title: str = "",
                        boost: float | None = None) -> Any:
    """A reader for :meth:`BuildCache.get_json` that accepts the cut entries of ``docs`` only
    (as many entries, the same locations, text fields and a numeric boost) and gives their
    fields back in the order :func:`segment_entries` writes them (the cache sorts keys).

    The cut title and text must be those of ``docs`` (the page's title ``page_title``) with
    word boundaries added, and the boost ``boost`` (when given) or the entry's own: the
    search box shows titles and texts as HTML, so a forged entry must not bring markup."""

    def read(data: Any) -> list[dict]:
        if not (isinstance(data, list) and len(data) == len(docs)):
            raise ValueError("not the cut entries of this page")
        out = []
        for entry, doc in zip(data, docs):
            order = [*doc, *(k for k in ("title", "text") if k not in doc)]
            if "boost" not in doc and isinstance(entry, dict) and "boost" in entry:
                order.append("boost")
            if not (isinstance(entry, dict) and entry.get("location") == doc["location"]
                    and sorted(entry) == sorted(order)):
                raise ValueError("an entry of another page")
            for name, value in entry.items():
                number = name == "boost" and isinstance(value, (int, float)) \
                    and math.isfinite(value)
                if not (number or isinstance(value, str)) or isinstance(value, bool):
                    raise ValueError(f"field {name}")
            # the cut text is the page's own text with word boundaries added, nothing else
            if _uncut(entry["text"]) != _uncut(doc.get("text", "")):
                raise ValueError("the cut text of another entry")
            if _uncut(entry["title"]) != _uncut(_entry_title(doc, page_title)):
                raise ValueError("the cut title of another entry")
            if entry.get("boost") != (doc.get("boost") if boost is None else boost):
                raise ValueError("the boost of another page")
            out.append({k: entry[k] for k in order})
        return out

    return read


#: Below this much text to cut (characters), one process cuts it all (a second process costs
#: its fork and its own dictionary load, about 0.1 s).
_SPLIT_AT = 100_000


def _cut_pages(pages: list[tuple[str, list[int], list[dict], str, float | None]],
               keep: tuple[str, ...]) -> list[list[dict]]:
    """Cut the entries of each page (name, indexes, entries, title, boost); a large amount of
    text (a cold build: the whole site) is shared with a forked process, which cuts about half
    the text while this one cuts the rest. Returns the cut entries of each page, in order."""
    def cut(chosen: list[int]) -> list[list[dict]]:
        done = []
        for index in chosen:
            _name, _indexes, own, title, boost = pages[index]
            page = _page_of(own[0]["location"])
            done.append(segment_entries(own, {page: title}, keep,
                                        None if boost is None else {page: boost}))
        return done

    sizes = [sum(len(d.get("text", "")) for d in page[2]) for page in pages]
    if sum(sizes) < _SPLIT_AT:
        return cut(list(range(len(pages))))
    from banmen.site.forked import ForkedCall

    # the largest pages first, each to the lighter half
    halves: tuple[list[int], list[int]] = ([], [])
    weights = [0, 0]
    for index in sorted(range(len(pages)), key=lambda i: -sizes[i]):
        lighter = 0 if weights[0] <= weights[1] else 1
        halves[lighter].append(index)
        weights[lighter] += sizes[index]
    other = ForkedCall(cut, halves[1])
    try:
        mine = cut(halves[0])
    except BaseException:
        other.cancel()
        raise
    by_index = dict(zip(halves[0], mine)) | dict(zip(halves[1], other.result()))
    return [by_index[i] for i in range(len(pages))]


def _cut_name(base: Iterable[Any], keep: tuple[str, ...], page: str, own: list[dict],
              title: str, boost: float | None) -> str:
    """The cache name of the cut entries ``own`` of ``page`` (see :func:`segment_cached`)."""
    from banmen.site.cache import key

    return "search:" + key("banmen-search-1", *base, _versions(), sorted(set(keep)), page, own,
                           title, boost)


def precut_page(own: list[dict], page: str, title: str, boost: float | None,
                keep: Iterable[str], cache: Any, base: Iterable[Any] = ()) -> None:
    """Cut one page's entries now and keep them in ``cache`` where :func:`segment_cached`
    looks for them (a cold build cuts every page after the last one is written, on one
    core; this cuts each page while the pages are written). Nothing is cut when the cache
    has them already; a page whose entries end up otherwise in the index is cut again there.

    Args:
        own: the page's entries as Material's search plugin makes them, in order.
        page: the page's location (``medamagaeru/puzzles/``).
        title: the title that prefixes its sections (``titles`` of :func:`segment_cached`,
            else the title of the page's own entry).
        boost: the page's weight (``boosts``), or ``None``.
        keep, cache, base: as for :func:`segment_cached`.
    """
    keep = tuple(keep)
    if not own or cache is None:
        return
    name = _cut_name(list(base), keep, page, own, title, boost)
    if cache.contains(name):
        return
    cache.set_json(name, segment_entries(own, {page: title}, keep,
                                         None if boost is None else {page: boost}))


def segment_cached(docs: list[dict], titles: dict[str, str] | None = None,
                   keep: Iterable[str] = (), boosts: dict[str, float] | None = None,
                   cache: Any = None, base: Iterable[Any] = ()) -> list[dict]:
    """:func:`segment_entries`, page by page through ``cache``.

    Args:
        docs, titles, keep, boosts: as for :func:`segment_entries`.
        cache: a :class:`banmen.site.cache.BuildCache` (``get_json`` / ``set_json``), or
            ``None`` to cut everything.
        base: what else the cut depends on, put into every key (the page code's digest).

    Returns:
        The same entries as ``segment_entries(docs, titles, keep, boosts)``. Each page's
        entries are cached under the digest of its raw entries, its title, ``keep``, its boost,
        ``base`` and the versions of Sudachi and its dictionary.
    """
    if cache is None:
        return segment_entries(docs, titles, keep, boosts)
    keep = tuple(keep)
    base = list(base)
    page_titles = {d["location"]: d.get("title", "") for d in docs if "#" not in d["location"]}
    page_titles.update(titles or {})
    pages: dict[str, list[int]] = {}
    for i, doc in enumerate(docs):
        pages.setdefault(_page_of(doc["location"]), []).append(i)
    out: list[dict | None] = [None] * len(docs)
    missed: list[tuple[str, list[int], list[dict], str, float | None]] = []
    for page, indexes in pages.items():
        own = [docs[i] for i in indexes]
        title = page_titles.get(page, "")
        boost = (boosts or {}).get(page)
        name = _cut_name(base, keep, page, own, title, boost)
        cut = cache.get_json(name, _cut_entries_reader(own, title, boost))
        if cut is None:
            missed.append((name, indexes, own, title, boost))
            continue
        for i, entry in zip(indexes, cut):
            out[i] = entry
    for (name, indexes, _own, _title, _boost), cut in zip(missed, _cut_pages(missed, keep)):
        cache.set_json(name, cut)
        for i, entry in zip(indexes, cut):
            out[i] = entry
    return out  # type: ignore[return-value]


def segment_index(path: Path, titles: dict[str, str] | None = None,
                  keep: Iterable[str] = (), boosts: dict[str, float] | None = None,
                  cache: Any = None, base: Iterable[Any] = (),
                  synonyms: Iterable[list[str]] = ()) -> None:
    """Rewrite Material's search index at ``path`` with segmented entries (see
    :func:`segment_entries`; with ``cache``, page by page through it, see
    :func:`segment_cached`) and the other forms of their words (each entry's hidden
    ``forms``, the query map ``forms`` of the index: :func:`banmen.site.search_forms.add_forms`
    with ``synonyms``, the rows of the games' synonym tables); the ``config`` part is kept.
    Output is deterministic.

    Raises:
        OSError: the file cannot be read or written.
        ValueError: it is not Material's JSON index.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("docs"), list):
        raise ValueError(f"{path}: not a search index (no 'docs' list)")
    keep = tuple(keep)
    base = list(base)
    data["docs"] = segment_cached(data["docs"], titles, keep, boosts, cache, base)
    from banmen.site.search_forms import add_forms

    add_forms(data, synonyms, keep, cache, base)
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
