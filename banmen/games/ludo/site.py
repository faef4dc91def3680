"""The Ludo family's hooks of the site build (:mod:`banmen.contract`, ``site.py``): its rule
presets (``shared/rules/ludo.md``), the setups of its 対局する page, the board looks a page
may need and the simulation of ``banmen simulate``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import SimpleNamespace
from typing import Any

from banmen.games.ludo import rules as _rules
from banmen.games.ludo import simulate as _simulate

#: The setups of the 対局する page: (preset, colours), the site's own rules (飛行棋, two
#: colours) first.
SETUPS = [("aeroplane", 2), ("aeroplane", 4), ("easy", 2), ("ludo", 2), ("ludo", 4)]

#: The presets (:mod:`banmen.site.presets`): ids in display order, rules and Japanese names
#: of each, values in Japanese, and the simulated game lengths of the figure.
PRESETS = SimpleNamespace(
    preset_names=_rules.preset_names,
    preset_rules=_rules.preset_rules,
    value_ja=_rules.value_ja,
    PRESET_NAMES_JA=_rules.PRESET_NAMES_JA,
    game_lengths=_simulate.game_lengths,
)


def play_setups(game: Any) -> list[tuple[Any, str]]:
    """Return the start setups of the 対局する page (:data:`SETUPS`), labelled
    「飛行棋・2人」 …"""
    return [(game.with_rules({"preset": preset, "colours": colours}),
             f"{_rules.PRESET_NAMES_JA[preset]}・{colours}人") for preset, colours in SETUPS]


def board_variants(game: Any) -> list[Any]:
    """Return ``game`` as the site sets it, then each preset with 4 and 2 pieces (positions
    of the short game): a board follows the preset of its position, whatever the site's
    rules."""
    return [game, *(type(game)({"preset": name, "pieces": n})
                    for name in _rules.preset_names() for n in (4, 2))]


def simulate(preset: str, overrides: Mapping[str, Any], colours: int | None, games: int,
             seed: int, jobs: int, progress: Callable[[int], Any]) -> list[str]:
    """Play ``games`` games of ``preset`` with ``overrides`` and ``colours`` (the preset's
    when ``None``) with the simple strategy of :mod:`banmen.games.ludo.simulate`, every ply
    checked against the rules' invariants, and return the lines ``banmen simulate`` prints.

    Args:
        progress: called with the number of games just finished (a progress bar).

    Raises:
        RulesError: a bad preset or override.
    """
    rules = _simulate.rules_for(preset, {**overrides, "preset": preset}, colours)
    records = _simulate.play_games(rules, games, seed, jobs, progress)
    stats = _simulate.summarise(records, _simulate.seated_colours(rules))
    return _simulate.report_lines(rules, stats, seed)
