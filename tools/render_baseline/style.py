"""Colours and sizes shared by every board drawing, so that all games look like one book."""

BOARD_LIGHT = "#f3e3c3"   # plain squares
BOARD_DARK = "#b58863"    # dark squares (checkers)
GRID = "#5b4636"          # cell borders
COORD = "#5b4636"         # coordinate labels
TEXT = "#222222"

HIGHLIGHT = "#ffd54f"
HIGHLIGHT_ALPHA = 0.75
REMOVED = "#e53935"       # red: a square lost pieces in the last move
ADDED = "#43a047"         # green: a square gained pieces in the last move
CHANGE_ALPHA = 0.45
# The second cue of a change (it must not rely on colour alone): "left" squares get a dashed
# outline and a "−" corner badge, "arrived" squares a solid outline and a "+" badge.
REMOVED_EDGE = "#7f0000"
ADDED_EDGE = "#1b5e20"
LEFT_DASHES = (0, (2.5, 1.8))
ARROW = "#1565c0"
LABEL = "#1565c0"

WHITE_PIECE = "#fbfbf7"
BLACK_PIECE = "#2b2b2b"
PIECE_EDGE = "#1a1a1a"
