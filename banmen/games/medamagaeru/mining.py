"""めだまがえる's hooks of ``banmen mine`` (:mod:`banmen.contract`, ``mining.py``)."""

#: Position keys that only record the game's history (the repetition window,
#: ``shared/rules/medamagaeru.md``): left out of mined puzzles, which are then proved on the
#: position without them.
HISTORY_KEYS = ("window", "history")
