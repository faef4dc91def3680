"""What a game package provides: the whole contract between banmen and one game.

A game is one Python package, found through the entry-point group :data:`ENTRY_POINT_GROUP`
(``banmen.games``). The entry point's name is the game id and its value the package's
import name; the five games that come with banmen register in banmen's own
``pyproject.toml`` exactly as an outside package registers in its own::

    [project.entry-points."banmen.games"]
    tic-tac-toe = "tic_tac_toe"

Outside the game packages banmen's code names no game: everything one game needs lives in
its package, in the modules below. ``banmen new-game ID --dir DIR`` writes a complete small
package (三目並べ) that shows each of them at once.

Modules that run in the browser (standard library only: they go into the engine zip the play
board runs under Pyodide, with banmen's own engine files):

``<package>/__init__.py`` (required)
    ``GAME``: the :class:`banmen.game.Game` subclass, whose ``id`` equals the entry point's
    name. Its class attributes: ``id``, ``name_ja``, ``rules_model``, ``spec``.

``<package>/view.py`` (required for the play board)
    ``variant(game, state) -> str``: the id of the board look (file-name safe, starts with
    the game id); ``pieces(game, state) -> ([(square, look, label)], [info line],
    {extra field: value})`` (the extra fields go into the view as they are, e.g. a die);
    ``looks(game, state) -> [look]``; ``seats(game, position) -> [side id]``. See :mod:`banmen.games.views`.

``<package>/words.py`` (required)
    ``WORDS``: plain data (str, int, list, dict; nothing callable), exported to the pages as
    JSON. See :class:`Words` for the keys.

``<package>/evaluation.py`` (optional)
    ``evaluate(game, state, side) -> float``: the static score the computer opponents
    search with (higher is better for ``side``). Without it the opponents count legal moves.

Modules used only while building (may import matplotlib; never shipped to the browser;
their names are in :data:`BUILD_ONLY_MODULES`):

``<package>/drawing.py`` (required)
    ``draw(game, spec) -> Figure``; ``geometry_for(game) -> Geometry`` (the square centres
    marks may point at); ``describe(game, state) -> str`` (the Japanese screen-reader
    description); ``OPTIONS: dict[str, dict]`` (each drawing option a diagram may set, as
    a JSON-schema fragment); ``play_board(game) -> (Figure, Geometry)`` (the empty board
    of the play board) and ``play_look(game) -> draw(ax, look, centre)`` (one piece look).

``<package>/site.py`` (optional)
    Hooks of the site build, each optional: ``play_setups(game) -> [(Game, label)]`` (the
    start positions a 対局する page offers; default: the game as the site sets it);
    ``board_variants(game) -> [Game]`` (engines for every board look a page may need;
    default: the game itself); ``PRESETS`` (rule presets: ``preset_names()``,
    ``preset_rules(name)``, ``value_ja(parameter, value)``, ``PRESET_NAMES_JA``,
    ``game_lengths(preset, games, seed, check=False)``; see :mod:`banmen.site.presets`);
    ``simulate(preset, overrides, colours, games, seed, jobs, progress) -> [line]`` (what
    ``banmen simulate GAME`` prints; needs ``PRESETS``).

``<package>/mining.py`` (optional)
    Hooks of ``banmen mine``, each optional: ``questions(game, state, data) -> [puzzle
    mapping]`` (the game's puzzles are these questions about a position, best first, not
    move puzzles); ``HISTORY_KEYS`` (position keys that only record history, left out of
    mined positions).

``<package>/typed.py`` (optional)
    ``notation(game) -> dict``: how a move puzzle's page reads a typed move, as plain data
    (see :class:`TypedNotation`), exported with each move puzzle. Without it the page reads
    only the texts of legal moves and asks the reader to check any other.

``<package>/starter/`` (optional, package data)
    Content ``banmen new-site DIR --game ID`` copies into a new site: ``docs/``,
    ``diagrams/``, ``puzzles/``, ``lessons/``, ``courses/`` as in any banmen site.

Every module other than those in :data:`BUILD_ONLY_MODULES` and ``starter/`` must import
only the standard library and banmen's engine modules (:data:`banmen.game`,
:mod:`banmen.params`, :mod:`banmen.errors`, :mod:`banmen.analysis`).
"""

from __future__ import annotations

from typing import Any, TypedDict

#: The entry-point group games register under.
ENTRY_POINT_GROUP = "banmen.games"

#: Modules of a game package that run only at build time (matplotlib, site hooks): left out
#: of the engine zip.
BUILD_ONLY_MODULES = ("drawing", "site", "mining", "typed")

#: Package-data folders of a game package that are not code.
DATA_FOLDERS = ("starter",)


class Words(TypedDict, total=False):
    """The keys of a game package's ``WORDS`` (``<package>/words.py``), all Japanese text.

    Attributes:
        name: the game's name, e.g. 「三目並べ」 (the same as ``GAME.name_ja``).
        sides: side id -> name, e.g. ``{"x": "×", "o": "○"}``.
        seat_colours: side id -> the colour of its pieces as the rules page names them,
            for the side menu of games whose seats are not named by colour (optional).
        kinds: move kind (:meth:`banmen.game.Game.move_kinds`) -> name, e.g.
            ``{"summon": "召喚"}`` (the same as ``GAME.move_kind_names``).
        themes: ``[[who, kind, theme], ...]``: the theme a mined puzzle
            (:mod:`banmen.mine.describe`) gets when its solution's line matches the row:
            ``who`` ``"move"`` (one of the solver's moves is of that kind), ``"reply"`` (one
            of the opponent's replies), ``"first"`` (the first move), ``"last"`` (the move
            that ends the game, either side's) or ``"outcome"`` (``kind`` is then a regular
            expression searched in the final outcome's English reason), e.g. ``["reply",
            "capture", "強制取り"]``, ``["outcome", "^no legal move$", "動けなくなる"]``. A
            puzzle lists its themes in this order, most telling first (the title names the
            first; a quiet first move, 静かな一手, comes before all). A move kind no row
            names is an ordinary kind: the hints and comments do not name it, and a first
            move that is ordinary, answered by an ordinary reply, is a quiet move.
        outcomes: ``[[pattern, template], ...]``: a regular expression over the whole
            English outcome reason (:class:`banmen.game.Outcome`) with named groups
            (``(?P<n>...)``) and the sentence said for it; ``{n}`` is the group as written,
            ``{n|side}`` a side name, ``{n|sides}`` a comma list of sides, ``{n|ranks}`` a
            list ``red 1, blue 2``.
        reasons: reason code -> template of the sentence for a refused move
            (:class:`banmen.game.IllegalMoveError` ``code``/``values``, said by
            :func:`banmen.site.reasons.reason_ja`); ``{name}`` is a value as given,
            ``{name|side}`` a side name, ``{name|list}`` a list joined with 、,
            ``{name|<table>}`` the value looked up in ``values[<table>]`` (as given when the
            table lacks it). Every code the package raises has a sentence.
        values: table name -> {value -> word} for the reasons' ``{name|<table>}``, e.g.
            ``{"size": {"S": "小"}}``.
        synonyms: ``[[term, word, ...], ...]``: words a reader may search for instead of
            the term the pages use (first in each row, a word or a phrase), e.g.
            ``[["ルドー", "ludo"]]``; the others are single words (see
            :func:`banmen.site.search_forms.synonym_rows`). One search serves the site, so
            a row lists no word another game uses for something else.
    """

    name: str
    sides: dict[str, str]
    seat_colours: dict[str, str]
    kinds: dict[str, str]
    themes: list[list[str]]
    outcomes: list[list[str]]
    reasons: dict[str, str]
    values: dict[str, dict[str, str]]
    synonyms: list[list[str]]


def words_of(package: Any) -> Words:
    """Return the ``WORDS`` of a game package module (``{}`` when it has no ``words``).

    Args:
        package: the imported game package (a module).

    Raises:
        BanmenError: ``words.py`` fails to import, has no ``WORDS``, or ``WORDS`` is not a
            mapping of plain data (str keys; str, int, float, bool, list, dict values), e.g.
            ``tic_tac_toe.words.WORDS['sides']['x']: a function is not plain data
            (expected str, int, float, bool, list or dict)``.
    """
    import importlib

    from banmen.errors import BanmenError

    name = f"{package.__name__}.words"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise BanmenError(f"{name}: cannot import: {err}") from None
        return Words()
    except Exception as err:  # a broken package: one line, not a traceback
        raise BanmenError(f"{name}: cannot import: {type(err).__name__}: {err}") from None
    words = getattr(module, "WORDS", None)
    if not isinstance(words, dict):
        raise BanmenError(f"{name}: WORDS must be a mapping of plain data, got "
                          f"{type(words).__name__}")
    _check_plain(words, f"{name}.WORDS")
    return words


def _check_plain(value: Any, where: str) -> None:
    """Refuse what JSON cannot carry as it is (see :func:`words_of`)."""
    from banmen.errors import BanmenError

    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise BanmenError(f"{where}: key {key!r} is not text (expected str keys)")
            _check_plain(item, f"{where}[{key!r}]")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_plain(item, f"{where}[{index}]")
    elif not isinstance(value, (str, int, float, bool)) or value is None:
        kind = "a function" if callable(value) else f"a {type(value).__name__}"
        raise BanmenError(f"{where}: {kind} is not plain data "
                          "(expected str, int, float, bool, list or dict)")


#: The engine zip's copy of the registry (game id -> package), read where no installed
#: distribution metadata exists (Pyodide in the browser); written by the site build.
ZIP_REGISTRY = "games.json"

_registry: dict[str, str] | None = None
#: game id -> every different registration of it (``"package (distribution)"``), for the
#: ids that more than one distribution registers differently (:func:`registration_conflict`).
_conflicts: dict[str, list[str]] = {}


def registry() -> dict[str, str]:
    """Return every registered game: game id -> the import name of its game package, sorted
    by id (entry points of the group ``banmen.games``, see :mod:`banmen.contract`). An id
    registered twice with the same package counts once (an editable install seen through
    two metadata folders); registered with different packages, it is a conflict that
    :func:`banmen.game.game_package` refuses (:func:`registration_conflict`).

    Where no entry point is found (the engine zip under Pyodide carries no package
    metadata), the zip's ``banmen/games.json`` (:data:`ZIP_REGISTRY`, plain JSON data) is
    read instead.
    """
    global _registry
    if _registry is None:
        from importlib.metadata import entry_points

        found: dict[str, str] = {}
        seen: dict[str, list[str]] = {}
        for point in entry_points(group=ENTRY_POINT_GROUP):
            dist = getattr(getattr(point, "dist", None), "name", None) or "unknown distribution"
            found.setdefault(point.name, point.value)
            where = f"{point.value} ({dist})"
            known = seen.setdefault(point.name, [])
            if where not in known and all(not w.startswith(point.value + " ") for w in known):
                known.append(where)
        _conflicts.clear()
        _conflicts.update({name: sorted(ways) for name, ways in seen.items() if len(ways) > 1})
        if not found:
            import json
            from pathlib import Path

            zipped = Path(__file__).with_name(ZIP_REGISTRY)
            if zipped.is_file():
                found = {str(k): str(v) for k, v in json.loads(zipped.read_text("utf-8")).items()}
        _registry = dict(sorted(found.items()))
    return _registry


def registration_conflict(game_id: str) -> str | None:
    """Return why ``game_id`` cannot be used because two distributions register it with
    different packages (one line naming both), or ``None``."""
    registry()
    ways = _conflicts.get(game_id)
    if not ways:
        return None
    return (f"game '{game_id}' is registered by more than one package: {' and '.join(ways)}; "
            "uninstall one of them")
