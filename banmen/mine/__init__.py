"""``banmen mine``: puzzles found in engine self-play (README.md, "Mine puzzles").

Modules: :mod:`~banmen.mine.selfplay` plays the games, :mod:`~banmen.mine.select` proves
which positions are move puzzles, :mod:`~banmen.mine.ludo` asks ludo's roll questions,
:mod:`~banmen.mine.describe` writes the Japanese texts, :mod:`~banmen.mine.write` the YAML,
and :mod:`~banmen.mine.run` runs it all over worker processes.
"""
