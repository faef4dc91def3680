#!/usr/bin/env python3
"""Benchmark the simulation figure of the ludo pages (marker ``{{ simulation ludo }}``).

Target (issue 9, site section): the build spends less than 3 seconds on the figure.

Measures CPU time (``time.process_time``, so other jobs on the shared machine do not count),
in one run:

* baseline: drawing one ludo board to SVG (the unit every other page element costs);
* ours: :func:`banmen.site.presets.simulation_html` with the site's game count and seed
  (simulating the games of every preset, the histogram, the SVG step), split into the
  simulation and the drawing.

Prints the times, the figure's cost in boards, and the share of the 3 s budget. Exit status 1
when the budget is missed.

Usage::

    python tools/bench_simulation_figure.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from golden_specs import ludo_turn  # noqa: E402

from banmen.game import get_game  # noqa: E402
from banmen.render import render_svg  # noqa: E402
from banmen.render.svg import figure_to_svg  # noqa: E402
from banmen.site.presets import (  # noqa: E402
    SIMULATED_GAMES,
    SIMULATION_SEED,
    simulation_figure,
    simulation_html,
    simulation_lengths,
)

BUDGET_SECONDS = 3.0


def cpu(func, repeat: int = 1) -> float:
    """Return the mean CPU seconds of ``func()`` over ``repeat`` calls."""
    start = time.process_time()
    for _ in range(repeat):
        func()
    return (time.process_time() - start) / repeat


def main() -> int:
    game, spec = ludo_turn()
    render_svg(game, spec)  # warm up fonts and caches
    board = cpu(lambda: render_svg(game, spec), repeat=5)
    ludo = get_game("ludo")
    simulate = cpu(lambda: simulation_lengths(ludo))
    lengths = simulation_lengths(ludo)
    draw = cpu(lambda: figure_to_svg(simulation_figure(ludo, lengths), "ludo/simulation"))
    whole = cpu(lambda: simulation_html(ludo))
    print(f"games per preset: {SIMULATED_GAMES}, seed: {SIMULATION_SEED}")
    print(f"baseline, one ludo board: {board * 1000:.0f} ms CPU")
    print(f"simulation of 3 presets:  {simulate * 1000:.0f} ms CPU")
    print(f"histogram to SVG:         {draw * 1000:.0f} ms CPU")
    print(f"whole figure:             {whole * 1000:.0f} ms CPU = {whole / board:.1f} boards, "
          f"{whole / BUDGET_SECONDS:.0%} of the {BUDGET_SECONDS:.0f} s budget")
    return 0 if whole < BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
