"""Generated pages parts for games with rule presets: the comparison table of the presets
(marker ``{{ presets <game> }}``) and the figure of simulated game lengths per preset (marker
``{{ simulation <game> }}``).

Both are computed from the engine's own objects when the site is built, so changing a preset
in the engine changes the table, and changing the rules changes the figure.

A game takes part through ``PRESETS`` in its package's ``site.py`` (:mod:`banmen.contract`):
an object (a module or a namespace) that provides ``preset_names()`` (ids in display order),
``preset_rules(name)`` (the rules object of a preset), ``value_ja(parameter, value)`` (a
value in Japanese), ``PRESET_NAMES_JA`` (id -> Japanese name), and for the figure
``game_lengths(preset, games, seed, check=False)`` (the plies of each simulated game; the
figure's games need no per-ply invariant checks). Today that is the Ludo family
(``shared/rules/ludo.md``).
"""

from __future__ import annotations

from typing import Any

from banmen.game import BanmenError, Game, game_ids, game_module

#: simulated games per preset in the figure and the seed of the run (the figure's caption
#: states both; the build spends about a second of CPU time on them).
SIMULATED_GAMES = 200
SIMULATION_SEED = 0


def _presets(game_id: str) -> Any:
    """The ``PRESETS`` of ``game_id``'s ``site.py``, or ``None`` (no such hook, or an unknown
    game)."""
    if game_id not in game_ids():
        return None
    return getattr(game_module(game_id, "site"), "PRESETS", None)


def has_presets(game_id: str) -> bool:
    """Return True when ``game_id`` has presets (a comparison table and a figure)."""
    return _presets(game_id) is not None


def _source(game_id: str) -> Any:
    source = _presets(game_id)
    if source is None:
        with_presets = [name for name in game_ids() if has_presets(name)]
        raise BanmenError(f"game '{game_id}' has no presets (games with presets: "
                          f"{', '.join(with_presets)})")
    return source


def short_label(game: Game, parameter: str) -> str:
    """Return the Japanese label of ``parameter`` (``Param.ja``) without its parenthesised
    details: 「1色の駒の数（2は短縮戦）」 -> 「1色の駒の数」."""
    return game.rules_model.params()[parameter].ja.split("（", 1)[0]


def preset_rows(game: Game) -> list[tuple[str, str, list[str]]]:
    """Return the table rows: ``(parameter, Japanese label, [value per preset in Japanese])``
    for every parameter of the game's rules model but ``preset``, in declaration order,
    with the presets in display order.

    Raises:
        BanmenError: the game has no presets.
    """
    source = _source(game.id)
    presets = [source.preset_rules(name) for name in source.preset_names()]
    rows = []
    for parameter in game.rules_model.params():
        if parameter == "preset":
            continue
        values = [source.value_ja(parameter, getattr(rules, parameter)) for rules in presets]
        rows.append((parameter, short_label(game, parameter), values))
    return rows


def _cell(text: str) -> str:
    return text.replace("|", "｜")


def presets_markdown(game: Game) -> str:
    """Return a Markdown table comparing the presets of ``game``: one row per parameter (its
    Japanese label; the parameter names are on the parameters page), one column per preset;
    the label of a row whose values differ between presets is bold.

    Raises:
        BanmenError: the game has no presets.
    """
    source = _source(game.id)
    names = [source.PRESET_NAMES_JA[name] for name in source.preset_names()]
    lines = ["| ルール | " + " | ".join(names) + " |",
             "|---|" + "---|" * len(names)]
    for parameter, label, values in preset_rows(game):
        heading = f"**{_cell(label)}**" if len(set(values)) > 1 else _cell(label)
        lines.append(f"| {heading} | " + " | ".join(map(_cell, values)) + " |")
    return "\n".join(lines) + "\n"


def simulation_lengths(game: Game, games: int = SIMULATED_GAMES, seed: int = SIMULATION_SEED
                       ) -> dict[str, list[int]]:
    """Return preset id -> the plies of each of ``games`` simulated games with the preset's
    own values (two colours, red and blue), seeded ``seed``.

    Raises:
        BanmenError: the game has no presets.
    """
    source = _source(game.id)
    # the invariants of every ply are checked by `banmen simulate` and the tests; the figure
    # plays the same games without them (a cold build makes it beside the content check)
    return {name: source.game_lengths(name, games, seed, check=False)
            for name in source.preset_names()}


#: line colour of each preset in the figure.
_PRESET_COLOURS = ("#c62828", "#2e7d32", "#1565c0", "#6a1b9a")


def simulation_figure(game: Game, lengths: dict[str, list[int]]) -> Any:
    """Return a matplotlib figure: a step histogram of game lengths (plies) per preset, bins
    of 10 plies, with each preset's mean in the legend."""
    from matplotlib.figure import Figure

    source = _source(game.id)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.add_axes((0.11, 0.16, 0.86, 0.8))
    longest = max(max(values) for values in lengths.values())
    shortest = min(min(values) for values in lengths.values())
    bins = list(range(shortest // 10 * 10, (longest // 10 + 2) * 10, 10))
    for colour, (name, values) in zip(_PRESET_COLOURS, lengths.items()):
        mean = sum(values) / len(values)
        ax.hist(values, bins=bins, histtype="step", linewidth=2.0, color=colour,
                label=f"{source.PRESET_NAMES_JA[name]}（平均{mean:.0f}手）")
    ax.set_xlabel("1局の手数（サイコロを振った回数）", fontsize=10)
    ax.set_ylabel("局数", fontsize=10)
    ax.tick_params(labelsize=9)
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(fontsize=9, frameon=False)
    return figure


def simulation_caption(games: int = SIMULATED_GAMES, seed: int = SIMULATION_SEED) -> str:
    """Return the Japanese caption of the figure, stating the game count and the seed."""
    return (f"2色（赤と青）で、どの色も同じ簡単な作戦（ゴールできる駒、相手を一番多く戻せる駒、"
            f"陣地の駒、一番進んだ駒の順に選ぶ）の対局を、ルールごとに{games}局ずつ行ったときの"
            f"1局の長さの分布（乱数の種は{seed}）。")


#: the screen-reader title of the simulation figure.
SIMULATION_TITLE = "ルールごとの1局の長さの分布"


def simulation_description(game: Game, lengths: dict[str, list[int]]) -> str:
    """Return the Japanese screen-reader description of the figure: what the axes show, then
    for each preset its mean, shortest and longest game, e.g.
    ``横軸は1局の手数、縦軸は局数です。飛行棋：平均74手、最短31手、最長162手。``"""
    source = _source(game.id)
    parts = ["横軸は1局の手数、縦軸は局数です。"]
    for name, values in lengths.items():
        mean = sum(values) / len(values)
        parts.append(f"{source.PRESET_NAMES_JA[name]}：平均{mean:.0f}手、最短{min(values)}手、"
                     f"最長{max(values)}手。")
    return "".join(parts)


def simulation_html(game: Game, games: int = SIMULATED_GAMES, seed: int = SIMULATION_SEED,
                    lengths: dict[str, list[int]] | None = None) -> str:
    """Return a ``<figure>`` with the inline SVG of :func:`simulation_figure` (through the
    project's deterministic SVG step) and :func:`simulation_caption`; like a board, the SVG
    has ``role="img"``, the title :data:`SIMULATION_TITLE` and the description of
    :func:`simulation_description` for screen readers.

    ``lengths``: :func:`simulation_lengths` of ``game``, ``games`` and ``seed`` when the
    caller has them already (a site build simulates while it imports matplotlib).

    Raises:
        BanmenError: the game has no presets.
    """
    from banmen.render.a11y import add_accessibility
    from banmen.render.svg import figure_to_svg, html_id
    from banmen.site.html import without_metadata

    ident = f"{game.id}/simulation"
    if lengths is None:
        lengths = simulation_lengths(game, games, seed)
    svg = without_metadata(figure_to_svg(simulation_figure(game, lengths), ident))
    svg = add_accessibility(svg, html_id(ident), SIMULATION_TITLE,
                            simulation_description(game, lengths))
    return (f'<figure class="banmen-diagram" id="{html_id(ident)}-figure">{svg}'
            f"<figcaption>{simulation_caption(games, seed)}</figcaption></figure>")
