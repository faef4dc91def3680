"""A bounded, weighted least-recently-used memo for engines (standard library only).

Engines memoise per-position results (legal moves, chain searches) that perft, the solvers
and notation checks ask for again and again. The bound is on the total *weight* of what is
kept (e.g. the number of moves held), not on the number of entries, because one tall
ukejalayer stack can hold 10^5 moves while most positions hold ten. The engines must import
with the standard library alone (they also run in the browser under Pyodide), so this
replaces ``cachetools.LRUCache(getsizeof=...)``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


def weighted_lru(function: Callable[..., Any], max_weight: int,
                 weight: Callable[[Any], int]) -> Callable[..., Any]:
    """Return ``function`` memoised on its positional arguments, keeping results whose total
    ``weight(result)`` is at most ``max_weight``.

    The least recently used results are dropped first; a result heavier than ``max_weight``
    on its own is returned but not kept. ``function`` must be pure (same arguments, same
    result) and its arguments hashable.

    Args:
        function: the function to memoise.
        max_weight: the bound on the summed weights of the kept results (>= 1).
        weight: the weight of one result (>= 1), e.g. ``lambda moves: 1 + len(moves)``.

    Returns:
        a function with the same positional signature.
    """
    kept: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
    total = 0

    def memoised(*args: Hashable) -> Any:
        nonlocal total
        hit = kept.get(args)
        if hit is not None:
            kept.move_to_end(args)
            return hit[0]
        result = function(*args)
        size = weight(result)
        if size <= max_weight:
            kept[args] = (result, size)
            total += size
            while total > max_weight:
                _, (_, dropped) = kept.popitem(last=False)
                total -= dropped
        return result

    memoised.__doc__ = function.__doc__
    return memoised
