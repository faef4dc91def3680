"""``banmen mine``: puzzles found in engine self-play (guide/mining.md).

Modules: :mod:`~banmen.mine.selfplay` plays the games, :mod:`~banmen.mine.select` proves
which positions are move puzzles, :mod:`~banmen.mine.describe` writes the
Japanese texts, :mod:`~banmen.mine.write` the YAML,
and :mod:`~banmen.mine.run` runs it all over worker processes. A game package's
``mining.py`` (:mod:`banmen.contract`) asks its own questions where its puzzles are not move
puzzles (a dice game's questions about the roll) and names the position keys that only
record history.
"""
