"""Material's search entries of each page, kept in the build cache (data only).

Material's search plugin parses the HTML of every page into its index entries (one per
section: location, title, text). The rulebook pages carry far more markup than plain
documentation pages (puzzles, controls, move lists), so on a warm build this parse was the
largest single step on top of the bare MkDocs build (measured with
``tools/profile_build.py``: 0.29 s against 0.06 s for the bare pages).

:func:`cache_search_entries` wraps the plugin's ``add_entry_from_context`` so that a page whose
inputs are unchanged gets its entries back from the cache instead: the key is everything the
plugin reads from the page (its HTML as the plugin sees it, its table of contents, URL, title
and metadata), the plugin's settings and Material's version. The value is JSON, checked field
by field when read back (each entry at the page's own URL, its title and text only the
markup Material's parser writes); anything else is a miss and the page is parsed as before. The index
written is the same either way (``tests/test_search_entries.py``).
"""

from __future__ import annotations

import functools
import json
import math
import re
from importlib import metadata
from types import SimpleNamespace
from typing import Any, Callable

from banmen.site.cache import BuildCache, key
from banmen.site.cached_markup import search_markup

#: the comment standing for a board parked under a build's nonce (``<!--bm-board-<nonce>-<n>-->``)
_PARKED = re.compile(r"<!--bm-board-[0-9A-Za-z]+-(\d+)-->")
#: the fields an entry may have, with the JSON types of their values.
_FIELDS: dict[str, tuple[type, ...]] = {"location": (str,), "title": (str,), "text": (str,),
                                        "tags": (list,), "boost": (int, float, str)}


@functools.cache
def _material_version() -> str:
    """The installed mkdocs-material's version (read once per process: the package metadata
    lookup took 2 ms for each page of a warm build)."""
    try:
        return metadata.version("mkdocs-material")
    except metadata.PackageNotFoundError:
        return "none"


def _toc_data(toc: Any) -> list[Any]:
    """A page's table of contents (MkDocs' anchor links) as plain data for the key."""
    return [[getattr(item, "id", None), item.url, item.title, item.level,
             _toc_data(item.children)] for item in toc]


def _entries_reader(url: str) -> Callable[[Any], list[dict[str, Any]]]:
    """A reader of the cached entries of the page at ``url``, checked: a list of objects
    with the entry fields, each at ``url`` or one of its anchors, whose title, text and tags
    are what Material's parser writes (:func:`banmen.site.cached_markup.search_markup`):
    the search box shows them as HTML, so a forged entry must not bring markup or a link
    elsewhere."""

    def read(data: Any) -> list[dict[str, Any]]:
        if not isinstance(data, list):
            raise ValueError("not a list of search entries")
        for entry in data:
            if not (isinstance(entry, dict) and {"location", "title", "text"} <= set(entry)
                    and set(entry) <= set(_FIELDS)
                    and all(isinstance(entry[f], _FIELDS[f]) and not isinstance(entry[f], bool)
                            for f in entry)):
                raise ValueError("not a search entry")
            if not (entry["location"] == url or entry["location"].startswith(url + "#")):
                raise ValueError("a search entry of another page")
            if not (search_markup(entry["title"]) and search_markup(entry["text"])):
                raise ValueError("markup in a search entry")
            if "tags" in entry and not all(isinstance(t, str) and search_markup(t)
                                           for t in entry["tags"]):
                raise ValueError("search entry tags")
            if isinstance(entry.get("boost"), float) and not math.isfinite(entry["boost"]):
                raise ValueError("search entry boost")
        return data

    return read


def entries_name(page: Any, settings: dict[str, Any], strip: str = "") -> str:
    """The cache name of ``page``'s entries: everything the search plugin reads of it.

    Args:
        page: the MkDocs page at the search plugin's ``on_page_context`` (``content``,
            ``toc``, ``url``, ``title``, ``meta``).
        settings: the search plugin's settings.
        strip: a text removed from the page's HTML before hashing (the build's random nonce
            in the comments that stand for boards, which hold no words).
    """
    content = page.content if not strip else page.content.replace(strip, "")
    # boards parked by the page expansion carry the build's random token prefix
    content = _PARKED.sub(r"<!--bm-board-\1-->", content)
    return "search-entries:" + key("banmen-search-entries-1", _material_version(), settings,
                                   content, _toc_data(page.toc), page.url, str(page.title),
                                   page.meta)


def cache_search_entries(plugin: Any, cache_of: Callable[[], BuildCache | None],
                         strip_of: Callable[[], str]) -> bool:
    """Make Material's search plugin ``plugin`` take each page's entries from the build cache.

    Args:
        plugin: the ``material/search`` plugin instance, after its ``on_config`` (it holds
            ``search_index`` with ``entries`` and ``add_entry_from_context(page)``).
        cache_of: returns the open build cache when the page is indexed (``None``: no cache,
            the page is parsed as usual).
        strip_of: returns the text to leave out of each page's HTML for the key (see
            :func:`entries_name`).

    Returns:
        Whether the plugin was wrapped (``False`` when it has no search index of the expected
        form, e.g. a Material release that indexes pages another way).
    """
    index = getattr(plugin, "search_index", None)
    parse = getattr(index, "add_entry_from_context", None)
    if index is None or parse is None or not isinstance(getattr(index, "entries", None), list):
        return False
    if getattr(parse, "banmen_cached", False):
        return True
    settings = json.loads(json.dumps(dict(plugin.config), default=repr, sort_keys=True))

    def entries_of(page: Any, cache: BuildCache, name: str) -> list[dict[str, Any]]:
        stored = cache.get_json(name, _entries_reader(page.url))
        if stored is not None:
            return stored
        before = len(index.entries)
        parse(page)
        added = index.entries[before:]
        del index.entries[before:]
        try:
            same = json.loads(json.dumps(added)) == added
        except (TypeError, ValueError):
            same = False
        if same:  # only what reads back as the very same entries is kept
            cache.set_json(name, added)
        return added

    def add_entry_from_context(page: Any) -> None:
        cache = cache_of()
        if cache is None:
            parse(page)
            return
        # the entries prefetch_search_entries found for this very HTML (and metadata)
        known = page.__dict__.pop("_banmen_search_entries", None)
        if known is not None and known[0] is page.content and known[1] == repr(page.meta):
            index.entries.extend(known[2])
            return
        index.entries.extend(entries_of(page, cache, entries_name(page, settings, strip_of())))

    def prefetch(page: Any, content: str) -> list[dict[str, Any]] | None:
        cache = cache_of()
        if cache is None:
            return None
        seen = SimpleNamespace(content=content, toc=page.toc, url=page.url, title=page.title,
                               meta=page.meta)
        found = entries_of(seen, cache, entries_name(seen, settings, strip_of()))
        page.__dict__["_banmen_search_entries"] = (content, repr(page.meta), found)
        return found

    add_entry_from_context.banmen_cached = True  # type: ignore[attr-defined]
    add_entry_from_context.banmen_prefetch = prefetch  # type: ignore[attr-defined]
    index.add_entry_from_context = add_entry_from_context
    return True


def prefetch_search_entries(plugin: Any, page: Any, content: str) -> list[dict[str, Any]] | None:
    """Parse ``page``'s search entries now, from ``content`` (the page's HTML as the last
    ``on_page_content`` returns it), into the build cache, so that the search plugin finds
    them there when it indexes the page (a cold build indexes all pages after the last
    board is drawn, on one core: this moves the parse to when the page is written).

    Args:
        plugin: the ``material/search`` plugin given to :func:`cache_search_entries`.
        page: the MkDocs page (its ``toc``, ``url``, ``title`` and ``meta`` as the plugin
            will read them).
        content: what ``page.content`` will be.

    Returns:
        The page's entries (Material's dicts, as the plugin will add them), or ``None`` when
        the plugin is not wrapped or there is no cache.
    """
    wrapped = getattr(getattr(plugin, "search_index", None), "add_entry_from_context", None)
    prefetch = getattr(wrapped, "banmen_prefetch", None)
    return None if prefetch is None else prefetch(page, content)
