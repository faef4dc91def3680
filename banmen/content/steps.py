"""The steps every content check shares: collect located errors for one file, build the
engine with a file's rule overrides, read its position, parse a move, check marks, and make
a diagram spec. Each step records an error at the file's line and column and stops that
file's check (:class:`FileCheck.Stop`) when it cannot go on.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from banmen.content.errors import ContentError
from banmen.content.move_text import MOVE_TEXT_TABLE, fold_move_text, normalise_move_text  # noqa: F401
from banmen.content.models import Marks
from banmen.content.yamlmarks import DataPath, MarkedDocument
from banmen.errors import shorten
from banmen.game import BanmenError, Game, IllegalMoveError, PositionError, RulesError
from banmen.render import board_squares
from banmen.render.glyphs import missing_glyphs
from banmen.render.spec import DiagramSpec


class FileCheck:
    """Collects the errors of one file; ``fail`` records one and stops that file's check."""

    class Stop(Exception):
        """Raised by :meth:`fail`: the file's check cannot go on past this error."""

    def __init__(self, document: MarkedDocument):
        self.document = document
        self.errors: list[ContentError] = []

    def add(self, path: DataPath, message: str, *, key: bool = False) -> None:
        """Record an error at ``path`` (at the mapping key when ``key``) and go on."""
        self.errors.append(self.document.error(path, message, key=key))

    def fail(self, path: DataPath, message: str, *, key: bool = False) -> None:
        """Record an error at ``path`` and stop this file's check (raises :class:`Stop`)."""
        self.add(path, message, key=key)
        raise self.Stop


def engine_for(check: FileCheck, site_game: Game, overrides: Mapping[str, Any]) -> Game:
    """Return ``site_game`` with the file's ``rules`` overrides (fails at ``rules.<name>``)."""
    if not overrides:
        return site_game
    try:
        return site_game.with_rules(overrides)
    except RulesError as err:
        check.fail(("rules",) + err.path, str(err))
    raise AssertionError("unreachable")


def read_position(check: FileCheck, game: Game, position: Mapping[str, Any] | None) -> Hashable:
    """Return the state of the file's ``position`` (the start when absent); an impossible
    position fails at the engine's path inside ``position``."""
    if position is None:
        return game.initial_state()
    stated = position.get("game", game.id)
    if stated != game.id:
        check.fail(("position", "game"), f"position is for '{stated}', the file is for '{game.id}'")
    try:
        return game.position_from_yaml({**position, "game": game.id})
    except PositionError as err:
        check.fail(("position",) + err.path, f"impossible position: {err}", key=err.key)
    except BanmenError as err:
        check.fail(("position",), f"impossible position: {err}")
    raise AssertionError("unreachable")


def read_move(check: FileCheck, game: Game, state: Hashable, text: str, path: DataPath) -> Hashable:
    """Parse move ``text`` in ``state``; malformed or illegal text fails at ``path``."""
    try:
        return game.parse_move(state, fold_move_text(text))
    except IllegalMoveError as err:
        # the rule, where the engine knows
        check.fail(path, f"move '{shorten(text)}': {err.explained}")
    except BanmenError as err:
        check.fail(path, f"move '{shorten(text)}': {err}")
    raise AssertionError("unreachable")


def check_marks(check: FileCheck, game: Game, marks: Marks, base: DataPath = ()) -> None:
    """Record an error for every highlight, arrow or label square not on the game's board,
    and for every label character the board font cannot draw."""
    squares = board_squares(game)

    def known(square: str, path: DataPath, key: bool = False) -> None:
        if square not in squares:
            check.add(path, f"'{shorten(square)}' is not a square of the {game.id} board",
                      key=key)

    for i, square in enumerate(marks.highlight):
        known(square, base + ("highlight", i))
    for i, arrow in enumerate(marks.arrows):
        if len(arrow) < 2:
            check.add(base + ("arrows", i), "an arrow needs at least two squares")
        for j, square in enumerate(arrow):
            known(square, base + ("arrows", i, j))
    for square, text in marks.labels.items():
        known(square, base + ("labels", square), key=True)  # at the square, not its label
        missing = missing_glyphs(text)
        if missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            check.add(base + ("labels", square), f"the board font (IPAexGothic) has no glyph "
                      f"for {shown}; use other characters")


def make_spec(ident: str, state: Hashable, marks: Marks, options: Mapping[str, Any],
              before: Hashable | None = None, move: Hashable | None = None,
              move_arrow: bool = True) -> DiagramSpec:
    """Return the :class:`DiagramSpec` that draws ``state`` with ``marks`` (and, when
    ``before``/``move`` are given, the change tints and arrow of that move)."""
    return DiagramSpec(
        ident=ident,
        state=state,
        before=before,
        move=move,
        highlight=tuple(marks.highlight),
        arrows=tuple(tuple(a) for a in marks.arrows),
        labels=tuple(sorted(marks.labels.items())),
        options=dict(options),
        move_arrow=move_arrow,
    )
