"""Search that forgives: the other forms of the index's words (issue 35, item 4).

Readers type variants of the words a page uses: 引き分け where the page writes 引分け, 三回 for
3回, a reading in hiragana (しょうかん for 召喚), an English name (ludo for ルドー), or the noun
of a verb the page uses (跳ね返り for 跳ね返る). After the index is cut into words
(:mod:`banmen.site.search`), :func:`add_forms` works out, with what Sudachi knows of each
word of the index (read on its own: :func:`analyse`), which words are one *group*:

* a word's group key is its normalised form (Sudachi's ``normalized_form()``: 引分け and
  引き分け are both 引き分け, 三 is 3); a verb's is the stem (連用形) of its normalised dictionary
  form, the form its noun takes (跳ね返る, 跳ね返っ and 跳ね返ら are all 跳ね返り, the noun's
  form), so a verb and its noun are one group;
* the words of one row of a game's synonym table (``WORDS["synonyms"]`` of the game's
  package, see :func:`synonym_rows`) are one group.

A group's *term* is its digit form when it has one (3), else the word the index uses most.
Two things come of the groups, both written into ``search/search_index.json``:

* every entry gets a hidden field :data:`FIELD`: the index's other words of its words' groups
  (a section that writes 跳ね返る gets 跳ね返り, 跳ね返っ and 跳ね返ら), so a query for any of
  them finds it. The field is in the index's ``config.fields`` (lunr indexes it); Material
  shows only an entry's title and text;
* ``config.banmen_forms`` (:data:`MAP_KEY`), the query map: every form a reader may type
  that is no word of the index (normalised and dictionary forms, readings in hiragana, the
  synonyms) -> the term to search for instead (a synonym whose row starts with a phrase,
  such as 一番上, gives the phrase's words separated by a space); a numeral -> its digits.
  The query script (``banmen/site/assets/search-query.js``) replaces each word of a query
  by it, so the browser needs no Sudachi. A word of the index is searched as typed.

Only the index's distinct words are read (about 1,500 on this site: under 0.1 s), and the
result is kept in the build cache (:func:`cached_forms`): a warm build loads no Sudachi for
it. The output is deterministic.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from banmen.errors import BanmenError

#: A run of Japanese text (as :data:`banmen.site.search._JAPANESE`).
_JAPANESE = re.compile(r"[\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fc-\u30fe\u3005\u3006"
                       r"\u4e00-\u9fff\uf900-\ufaff]+")
#: Kanji or katakana: a word with neither (の, なり, いる ...) gets no other forms.
_KANJI_OR_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fd\u30fe\u3005\u3006"
                                r"\u4e00-\u9fff\uf900-\ufaff]")
_HIRAGANA = re.compile(r"[\u3041-\u3096\u30fc]+")
_KATAKANA = re.compile(r"[\u30a1-\u30f6]")
#: A word of the index text: what lies between separators (the zero-width space of the cut,
#: spaces, the punctuation of ``mkdocs.yml``'s separator).
_SEPARATOR = re.compile(r"[\s\u200b\-、。，．・「」『』（）：？！(),.:;!?/]+")
_TAG = re.compile(r"<[^>]*>")
#: A form a reader may type (a map key) or a term: one word of Japanese, or of Latin letters
#: and digits, these maybe joined by hyphens (tic-tac-toe); never markup: the terms go into
#: the index as text.
_WORD = re.compile(r"[\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fc-\u30fe\u3005\u3006"
                   r"\u4e00-\u9fff\uf900-\ufaff0-9a-z]+|[0-9a-z]+(?:-[0-9a-z]+)+")
_LONE_KANA = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc]")
#: The parts of speech whose words have other forms (content words).
_CONTENT = ("名詞", "動詞", "形容詞", "形状詞")
#: The 五段 verbs' last kana (dictionary form) -> that of the stem (連用形): 跳ね返る -> 跳ね返り.
_GODAN = dict(zip("うくぐすつぬぶむるウクグスツヌブムル", "いきぎしちにびみりイキギシチニビミリ"))
#: The hidden field of the index entries and its weight (that of the text).
FIELD = "forms"
FIELD_BOOST = 1.0
#: Where the query map goes: the index's ``config`` (Material's search hands the worker only
#: the index's ``config`` and ``docs``; the query script reads the map there).
MAP_KEY = "banmen_forms"


class Analysis(NamedTuple):
    """What Sudachi knows of one word of the index, read on its own.

    Attributes:
        key: the word's group key: the normalised form, a verb's stem of it (跳ね返り).
        forms: the other forms a reader may type for it (normalised and dictionary forms,
            readings in hiragana), without the word itself, sorted.
        numeral: the word is a number (its key is then in digits, e.g. 三 -> 3).
    """

    key: str
    forms: tuple[str, ...]
    numeral: bool


@functools.cache
def _tokenizer():
    """Sudachi's tokenizer (the one :mod:`banmen.site.search` cuts the index with)."""
    from banmen.site.search import _tokenizer as cut

    return cut()


def hiragana(text: str) -> str:
    """Return ``text`` with its katakana in hiragana (``"キング"`` -> ``"きんぐ"``; the long-vowel
    mark ー is kept)."""
    return _KATAKANA.sub(lambda m: chr(ord(m.group(0)) - 0x60), text)


def stem(verb: str, conjugation: str) -> str:
    """Return the stem (連用形) of a verb in its dictionary form, the form its noun takes.

    Args:
        verb: the dictionary form, e.g. ``"跳ね返る"`` (kana readings too: ``"ハネカエル"``).
        conjugation: Sudachi's conjugation type (the fifth part of speech), e.g.
            ``"五段-ラ行"``, ``"下一段-マ行"``.

    Returns:
        ``"跳ね返り"`` for a 五段 verb, the verb without its る for a 一段 one (``"進め"``),
        the verb itself for any other (する, 来る, classical verbs).
    """
    if conjugation.startswith("五段") and verb and verb[-1] in _GODAN:
        return verb[:-1] + _GODAN[verb[-1]]
    if "一段" in conjugation and len(verb) > 1 and verb[-1] in "るル":
        return verb[:-1]
    return verb


def _reading(word: str) -> str | None:
    """The reading of ``word`` in hiragana when Sudachi reads it as one word (else ``None``)."""
    tokens = list(_tokenizer().tokenize(word))
    if len(tokens) != 1:
        return None
    reading = hiragana(tokens[0].reading_form())
    return reading if _HIRAGANA.fullmatch(reading) else None


@functools.lru_cache(maxsize=1 << 14)
def analyse(word: str) -> Analysis | None:
    """Return what Sudachi knows of one word of the index, read on its own.

    Args:
        word: a word as the index holds it, e.g. ``"跳ね返っ"``.

    Returns:
        Its :class:`Analysis`, or ``None`` for a word that has no other forms: one that has
        neither kanji nor katakana (の, なり), is no content word (particles, suffixes,
        pronouns), or that Sudachi reads as more than one word.
        ``analyse("跳ね返っ")`` has the key 跳ね返り and the forms 跳ね返る, はねかえっ,
        はねかえり and はねかえる; ``analyse("三")`` has the key 3.
    """
    if not _KANJI_OR_KATAKANA.search(word):
        return None
    tokens = list(_tokenizer().tokenize(word))
    if len(tokens) != 1 or tokens[0].surface() != word:
        return None
    token = tokens[0]
    pos = token.part_of_speech()
    if pos[0] not in _CONTENT:
        return None
    normalised, dictionary = token.normalized_form(), token.dictionary_form()
    numeral = pos[1] == "数詞"
    forms = {normalised, dictionary}
    key = normalised
    if pos[0] == "動詞":
        key = stem(normalised, pos[4])
        forms.add(key)
        lemma = _reading(normalised)
        if lemma:
            forms.update((lemma, stem(lemma, pos[4])))
    if not numeral:
        reading = hiragana(token.reading_form())
        if _HIRAGANA.fullmatch(reading) and len(reading) > 1:
            forms.add(reading)
    forms = {f.lower() for f in forms if _WORD.fullmatch(f.lower())} - {word}
    return Analysis(key.lower(), tuple(sorted(forms)), numeral)


def entry_words(entry: Mapping[str, Any]) -> list[str]:
    """The distinct Japanese words of a cut index entry (title and text, markup left out),
    in order of first use; lone kana are no words."""
    text = _TAG.sub(" ", f"{entry.get('title', '')} {entry.get('text', '')}").lower()
    seen: dict[str, None] = {}
    for word in _SEPARATOR.split(text):
        if word and _JAPANESE.fullmatch(word) and not _LONE_KANA.fullmatch(word):
            seen.setdefault(word, None)
    return list(seen)


def synonym_rows(words: Mapping[str, Any], where: str) -> list[list[str]]:
    """Return the synonym table of one game's ``WORDS`` (``WORDS["synonyms"]``), checked.

    Each row is a list of words that mean the same: the first is the term the game's pages
    use, the others what a reader may type instead (``["ルドー", "ludo"]``). The first may be
    a phrase the index cuts into several words (一番上); the others are single words without
    spaces (Latin ones may hold hyphens: tic-tac-toe). One search serves the whole site, so
    a row holds everywhere: a row lists no word that another game uses for something else.

    Args:
        words: the game package's ``WORDS`` (:func:`banmen.contract.words_of`).
        where: what names the table in errors (``banmen.games.ludo.words.WORDS``).

    Returns:
        The rows, words lowercased, in order (``[]`` when there is no table).

    Raises:
        BanmenError: the table is not a list of rows of two or more words, or a word is
            empty, holds a space or a character that is no letter, digit or Japanese (Latin
            words may be joined by hyphens), e.g.
            ``banmen.games.ludo.words.WORDS['synonyms'][0][1]: 'lu do' is not one word
            (letters, digits or Japanese, no spaces)``.
    """
    rows = words.get("synonyms", [])
    if not isinstance(rows, list):
        raise BanmenError(f"{where}['synonyms']: expected a list of rows of words")
    out = []
    for r, row in enumerate(rows):
        if not (isinstance(row, list) and len(row) >= 2):
            raise BanmenError(f"{where}['synonyms'][{r}]: expected a list of two or more "
                              "words (the pages' term first)")
        for w, word in enumerate(row):
            if not (isinstance(word, str) and _WORD.fullmatch(word.lower())):
                raise BanmenError(f"{where}['synonyms'][{r}][{w}]: {word!r} is not one word "
                                  "(letters, digits or Japanese, no spaces)")
        out.append([word.lower() for word in row])
    return out


class _Groups:
    """Union-find over group keys (the smallest key names a group, so the result does not
    depend on the order of the unions)."""

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, key: str) -> str:
        self.parent.setdefault(key, key)
        while self.parent[key] != key:
            self.parent[key] = self.parent[self.parent[key]]
            key = self.parent[key]
        return key

    def union(self, a: str, b: str) -> None:
        a, b = self.find(a), self.find(b)
        if a != b:
            self.parent[max(a, b)] = min(a, b)


def _phrase(text: str, keep: Iterable[str]) -> list[str]:
    """The query words of ``text`` (the index's cut, lone kana left out)."""
    from banmen.site.search import words

    return [w for w in words(text, keep) if not _LONE_KANA.fullmatch(w)] \
        if _JAPANESE.fullmatch(text) else [text]


def build_forms(docs: list[Mapping[str, Any]], synonyms: Iterable[list[str]] = (),
                keep: Iterable[str] = ()) -> tuple[list[str], dict[str, str]]:
    """Work out the hidden forms of each entry and the query map (see the module's text).

    Args:
        docs: the cut index entries (:func:`banmen.site.search.segment_entries`).
        synonyms: the rows of the games' synonym tables (:func:`synonym_rows`), in the
            games' order: a word two rows claim goes to the first.
        keep: the words that stay whole (the games' names).

    Returns:
        ``(forms, query)``: for each entry, the other words of its words' groups (those the
        entry does not write itself), sorted and separated by spaces (``""`` for none); and
        form -> term (or a phrase's words separated by a space), sorted by form, for every
        form a reader may type that is no word of the index (a numeral is one: 三 -> 3).
    """
    synonyms = [list(row) for row in synonyms]
    keep = tuple(keep)
    words_of = [entry_words(doc) for doc in docs]
    count: Counter[str] = Counter(w for words in words_of for w in words)
    known = {w: analyse(w) for w in sorted(count)}

    def key_of(word: str) -> str:
        found = known[word] if word in known else analyse(word)
        return found.key if found else word

    groups = _Groups()
    phrases: dict[str, str] = {}  # a reader's word -> the words of its row's phrase
    claimed: set[str] = set()
    for row in synonyms:
        head = _phrase(row[0], keep)
        for word in row[1:] if len(head) > 1 else row:
            if word in claimed:
                continue
            claimed.add(word)
            if len(head) > 1:
                phrases[word] = " ".join(head)
            else:
                groups.union(key_of(row[0]), key_of(word))

    # a group's words in the index, its digit form and its term (the digit form, else the
    # word the entries use most)
    members: dict[str, list[str]] = {}
    for word, found in known.items():
        if found or word in claimed:
            members.setdefault(groups.find(key_of(word)), []).append(word)
    digits: dict[str, str] = {}
    for key in sorted(groups.parent):
        if key.isascii() and key.isdigit():
            digits.setdefault(groups.find(key), key)
    term = {root: digits.get(root) or min(used, key=lambda w: (-count[w], len(w), w))
            for root, used in members.items()}

    def root_of(word: str) -> str | None:
        root = groups.find(key_of(word))
        return root if root in members else None

    forms = []
    for words in words_of:
        hidden: set[str] = set()
        for word in words:
            root = root_of(word) if (known.get(word) or word in claimed) else None
            if root is not None:
                hidden.update(members[root])
                if root in digits:
                    hidden.add(digits[root])
        forms.append(" ".join(sorted(hidden - set(words))))

    # the query map: a numeral to its digits; the synonyms; every other form a reader may
    # type (no word of the index) to the term of the group whose words use it most
    query: dict[str, str] = {}
    votes: dict[str, Counter[str]] = {}
    for word, found in known.items():
        root = root_of(word) if (found or word in claimed) else None
        if root is None:
            continue
        if root in digits:
            query[word] = digits[root]
        for form in found.forms if found else ():
            votes.setdefault(form, Counter())[term[root]] += count[word]
    for row in synonyms:
        for word in row:
            if word in phrases:
                query.setdefault(word, phrases[word])
            elif word not in known and root_of(word) is not None:
                query.setdefault(word, term[root_of(word)])
    for form, ballot in votes.items():
        if form not in known and form not in query:
            query[form] = min(ballot, key=lambda t: (-ballot[t], t))
    return forms, {k: v for k, v in sorted(query.items()) if k != v}


def _forms_reader(docs: list[Mapping[str, Any]]) -> Any:
    """A reader for :meth:`BuildCache.get_json` of the cached result of :func:`build_forms`
    for ``docs``: one string of terms per entry and a map of forms to terms, every one of
    them words only (they go into the index as text: no markup)."""

    def words(text: Any) -> bool:
        return isinstance(text, str) and all(_WORD.fullmatch(w) for w in text.split(" "))

    def read(data: Any) -> tuple[list[str], dict[str, str]]:
        if not (isinstance(data, dict) and sorted(data) == ["forms", "query"]):
            raise ValueError("not the forms of a search index")
        forms, query = data["forms"], data["query"]
        if not (isinstance(forms, list) and len(forms) == len(docs)
                and all(f == "" or words(f) for f in forms)):
            raise ValueError("not the hidden forms of these entries")
        if not (isinstance(query, dict)
                and all(_WORD.fullmatch(k) and words(v) for k, v in query.items())):
            raise ValueError("not a query map")
        return forms, query

    return read


def cached_forms(docs: list[Mapping[str, Any]], synonyms: Iterable[list[str]] = (),
                 keep: Iterable[str] = (), cache: Any = None,
                 base: Iterable[Any] = ()) -> tuple[list[str], dict[str, str]]:
    """:func:`build_forms` through the build cache (a warm build reads no word with Sudachi).

    Args:
        docs, synonyms, keep: as for :func:`build_forms`.
        cache: a :class:`banmen.site.cache.BuildCache`, or ``None`` to work them out.
        base: what else the result depends on, put into the key (the page code's digest).

    Returns:
        What ``build_forms(docs, synonyms, keep)`` returns; cached under the digest of the
        entries' titles and texts, the synonyms, ``keep``, ``base`` and the versions of
        Sudachi and its dictionary.
    """
    synonyms = [list(row) for row in synonyms]
    keep = tuple(keep)
    if cache is None:
        return build_forms(docs, synonyms, keep)
    from banmen.site.cache import key
    from banmen.site.search import _versions

    name = "search-forms:" + key("banmen-search-forms-1", list(base), _versions(), synonyms,
                                 sorted(set(keep)),
                                 [[d.get("title", ""), d.get("text", "")] for d in docs])
    found = cache.get_json(name, _forms_reader(docs))
    if found is not None:
        return found
    forms, query = build_forms(docs, synonyms, keep)
    cache.set_json(name, {"forms": forms, "query": query})
    return forms, query


def add_forms(data: dict[str, Any], synonyms: Iterable[list[str]] = (),
              keep: Iterable[str] = (), cache: Any = None, base: Iterable[Any] = ()) -> None:
    """Add the hidden forms and the query map to a cut search index (in place).

    Args:
        data: Material's index, ``{"config": {...}, "docs": [...]}``, after
            :func:`banmen.site.search.segment_entries`.
        synonyms, keep: as for :func:`build_forms`.
        cache, base: as for :func:`cached_forms` (``None``: no cache).

    Each entry with other forms gets the field :data:`FIELD` (``config.fields`` gets it
    too, with the text's weight) and ``config`` the query map under :data:`MAP_KEY`.
    """
    forms, query = cached_forms(data["docs"], synonyms, keep, cache, base)
    for entry, hidden in zip(data["docs"], forms):
        entry.pop(FIELD, None)
        if hidden:
            entry[FIELD] = hidden
    config = data.setdefault("config", {})
    fields = config.get("fields")
    if isinstance(fields, dict):
        fields[FIELD] = {"boost": FIELD_BOOST}
    else:
        config["fields"] = {"title": {"boost": 1e3}, "text": {"boost": 1.0},
                            "tags": {"boost": 1e6}, FIELD: {"boost": FIELD_BOOST}}
    config[MAP_KEY] = query
