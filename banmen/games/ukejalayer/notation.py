"""Ukeja Layer notation: formatting and parsing of moves (a mixin of :class:`UkejalayerGame`).

Implements ``shared/rules/ukejalayer.md``, section "Notation" (canonical ``3a22a3b3``, chains
``a1(3)b1(2)c1``, height changes); :class:`~banmen.games.ukejalayer.game.UkejalayerGame`
inherits the methods below.
"""

from __future__ import annotations

import re

from banmen.errors import shorten
from banmen.game import IllegalMoveError, NotationError, check_move_text
from banmen.games.ukejalayer.moves import UkejalayerMove, UkejalayerState
from banmen.games.ukejalayer.rules import OTHER, PIECE


# --------------------------------------------------------------------------- notation parsing

_SQUARE = r"[a-z][0-9]"  # ranks are one digit: size <= 8
_CANONICAL_RE = re.compile(rf"(?:[0-9]*{_SQUARE})+")
_CANONICAL_TOKEN = re.compile(rf"([0-9]*)({_SQUARE})")
_CHAIN_RE = re.compile(rf"(?:{_SQUARE}\([0-9]+\))+{_SQUARE}")
_CHAIN_TOKEN = re.compile(rf"({_SQUARE})(?:\(([0-9]+)\))?")
_NOTATION_HELP = (
    "expected a square like 'b2', a canonical move like '3a22a3b3' "
    "or a chain like 'a1(3)b1(2)c1(1)d1'"
)


def _pieces(count: int) -> str:
    return f"{count} piece" if count == 1 else f"{count} pieces"


class NotationMixin:
    """Notation methods of :class:`UkejalayerGame` (format, parse, chain text)."""

    # ---- notation

    def format_move(self, state: UkejalayerState, move: UkejalayerMove) -> str:
        """Return the canonical notation (spec "Notation"): ``b2``, ``c3``, ``a1b1``, ``3a22a3b3``.

        Decreased squares, then increased ones, each by rank high to low then file a to d; a
        change of 2 or more is written before its square.
        """
        rank, index = self.geometry.canonical_rank, self.geometry.index
        ordered = sorted(move.changes, key=lambda c: (c[1] > 0, rank[index[c[0]]]))
        return "".join(f"{abs(d)}{name}" if abs(d) >= 2 else name for name, d in ordered)

    def say_move(self, state: UkejalayerState, move: UkejalayerMove) -> str:
        """Return ``move`` as lessons say it (spec "Notation"): the standard notation when no
        square gains or loses more than one piece (``b2b3``, ``d3c2``), else the chain
        notation with the counts carried (``a1(2)b1``, not ``2a12b1``)."""
        if all(abs(d) == 1 for _, d in move.changes):
            return self.format_move(state, move)
        return self.format_chain(state, move)

    def format_chain(self, state: UkejalayerState, move: UkejalayerMove) -> str:
        """Return the chain notation of ``move`` in ``state``: ``a1(3)b1(2)c1(1)d1``.

        The representative chain (fewest steps, then smallest steps) for a chain move; the
        square alone for a summon or an elimination. ``parse_move`` reads it back.

        Raises:
            IllegalMoveError: ``move`` is not legal in ``state``.
        """
        if move not in self._analyse(state)[1]:
            raise IllegalMoveError(
                f"{self.format_move(state, move)} is not a legal move of {state.to_move} here",
                code="not_legal",
                values={"move": self.format_move(state, move), "side": state.to_move},
            )
        if move.kind != "move":
            return move.changes[0][0]
        search = self._search(state, None)
        index = self.geometry.index
        return search.chain_text(search.code_of((index[n], d) for n, d in move.changes))

    def move_path(self, state: UkejalayerState, move: UkejalayerMove) -> list[str]:
        """Return the squares of ``move``'s chain in order (spec "Move (including 連携, linking)").

        The squares of the representative chain of :meth:`format_chain`: ``a1(3)b1(2)c1(1)d1``
        gives ``["a1", "b1", "c1", "d1"]`` (a square visited twice appears twice); a summon or
        an elimination gives its single square, e.g. ``["b2"]``.

        Raises:
            IllegalMoveError: ``move`` is not legal in ``state``.
        """
        return [square for square, _ in _CHAIN_TOKEN.findall(self.format_chain(state, move))]

    def move_clicks(self, state: UkejalayerState, move: UkejalayerMove) -> list[str]:
        """Return the clicks that enter ``move`` (spec "A turn"): squares and counts.

        A summon is its empty square (``["b2"]``); an elimination its square and the choice
        ``#eliminate`` (``["c3", "#eliminate"]``), since a chain may start on the same square;
        a chain is each square of its representative chain (:meth:`format_chain`) followed by
        the number of pieces carried out of it as a choice ``#<n>``: ``a1(3)b1(2)c1(1)d1``
        gives ``["a1", "#3", "b1", "#2", "c1", "#1", "d1"]``.

        Raises:
            IllegalMoveError: ``move`` is not legal in ``state``.
        """
        chain = self.format_chain(state, move)
        if move.kind == "eliminate":
            return [chain, "#eliminate"]
        clicks: list[str] = []
        for square, carried in _CHAIN_TOKEN.findall(chain):
            clicks.append(square)
            if carried:
                clicks.append(f"#{carried}")
        return clicks

    def click_label(self, token: str) -> str:
        """Label a choice of :meth:`move_clicks`: ``#3`` is 「3枚運ぶ」, ``#eliminate`` 「排除する」."""
        return "排除する" if token == "#eliminate" else f"{token[1:]}枚運ぶ"

    def notations(self, state: UkejalayerState, move: UkejalayerMove) -> list[str]:
        """Return ``[canonical, chain]`` for a chain move, ``[canonical]`` otherwise.

        Both are accepted by :meth:`parse_move` (spec "Notation").

        Raises:
            IllegalMoveError: ``move`` is not legal in ``state``.
        """
        canonical = self.format_move(state, move)
        chain = self.format_chain(state, move)
        return [canonical] if chain == canonical else [canonical, chain]

    def parse_move(self, state: UkejalayerState, text: str) -> UkejalayerMove:
        """Read canonical (``a1b1``, ``3a22a3b3``, ``b2``) or chain (``a1(2)b1(1)c1``) text.

        A single square is a summon when the square is empty, an elimination otherwise.

        Returns:
            The legal :class:`UkejalayerMove`; every chain with the same result gives the
            same move.

        Raises:
            NotationError: malformed text, a square off the board, a repeated square, a count
                below 2 in canonical text, squares out of canonical order, heights that do not
                balance, or a chain step carrying 0 pieces.
            IllegalMoveError: well formed but not legal here, with the reason (e.g. ``"a1 has
                only 2 white pieces on top, cannot carry 3"``).
        """
        check_move_text(text)
        text = text.strip()
        if not text:
            raise NotationError("empty move text")
        if "(" in text:
            if not _CHAIN_RE.fullmatch(text):
                raise NotationError(f"cannot read chain '{shorten(text)}': {_NOTATION_HELP}")
            return self._parse_chain(state, text)
        if not _CANONICAL_RE.fullmatch(text):
            raise NotationError(f"cannot read move '{shorten(text)}': {_NOTATION_HELP}")
        return self._parse_canonical(state, text)

    def _square(self, name: str) -> int:
        try:
            return self.geometry.index[name]
        except KeyError:
            raise NotationError(f"square {name} is off the {self.geometry.describe()}") from None

    def _lookup(self, state: UkejalayerState, move: UkejalayerMove) -> UkejalayerMove | None:
        return move if move in self._analyse(state)[1] else None

    def _parse_canonical(self, state: UkejalayerState, text: str) -> UkejalayerMove:
        tokens = []
        for count_text, name in _CANONICAL_TOKEN.findall(text):
            sq = self._square(name)
            if count_text and int(count_text) < 2:
                raise NotationError(f"a height prefix must be 2 or more (got '{count_text}{name}')")
            tokens.append((sq, int(count_text) if count_text else 1))
        seen = [sq for sq, _ in tokens]
        for sq in seen:
            if seen.count(sq) > 1:
                raise NotationError(f"square {self.geometry.names[sq]} appears twice")
        if len(tokens) == 1:
            return self._parse_single(state, *tokens[0])
        return self._parse_height_changes(state, text, tokens)

    def _parse_single(self, state: UkejalayerState, sq: int, count: int) -> UkejalayerMove:
        name = self.geometry.names[sq]
        if count != 1:
            raise NotationError(
                "a single square is a summon or an elimination and takes no count "
                f"(got '{count}{name}')"
            )
        side = state.to_move
        if not state.board[sq]:
            move = UkejalayerMove("summon", ((name, 1),))
            if state.hand(side) == 0:
                raise IllegalMoveError(f"{side} has no pieces in hand to summon on {name}",
                                       code="no_hand", values={"side": side, "square": name})
        else:
            move = UkejalayerMove("eliminate", ((name, -1),))
            stack = state.board[sq]
            if stack[-1] != PIECE[side]:
                raise IllegalMoveError(
                    f"{name} is topped by {OTHER[side]}, so {side} cannot eliminate there",
                    code="topped_by_other",
                    values={"square": name, "other": OTHER[side], "side": side},
                )
            if PIECE[OTHER[side]] not in stack:
                raise IllegalMoveError(f"{name} holds no {OTHER[side]} piece under {side}'s top",
                                       code="nothing_to_eliminate",
                                       values={"square": name, "other": OTHER[side],
                                               "side": side})
            if not self.elimination_allowed(state):
                raise self._why_no_elimination(state)
        legal = self._lookup(state, move)
        if legal is None:  # not expected: the checks above mirror the generator
            raise IllegalMoveError(f"{name} is not a legal move of {side} here",
                                   code="not_legal", values={"move": name, "side": side})
        return legal

    def _parse_height_changes(
        self, state: UkejalayerState, text: str, tokens: list[tuple[int, int]]
    ) -> UkejalayerMove:
        # Pieces are conserved, so the decreased group is the prefix holding half the total;
        # counts are >= 1, so at most one split point has that sum.
        total = sum(count for _, count in tokens)
        prefix, split = 0, None
        for k, (_, count) in enumerate(tokens[:-1], start=1):
            prefix += count
            if 2 * prefix == total:
                split = k
        if split is None:
            raise NotationError(
                f"cannot read '{shorten(text)}' as decreased then increased squares with equal totals"
            )
        rank = self.geometry.canonical_rank
        for group in (tokens[:split], tokens[split:]):
            order = [rank[sq] for sq, _ in group]
            if order != sorted(order):
                raise NotationError(
                    f"squares in '{shorten(text)}' must be ordered by rank from high to low, then file "
                    "from a, within the decreased and the increased group"
                )
        changes = [(sq, -count) for sq, count in tokens[:split]]
        changes += [(sq, count) for sq, count in tokens[split:]]
        move = self._move_of(changes)
        legal = self._lookup(state, move)
        if legal is not None:
            return legal
        raise self._why_not_changes(state, changes)

    def _why_not_changes(self, state: UkejalayerState,
                         changes: list[tuple[int, int]]) -> IllegalMoveError:
        """The error (not raised) saying why no chain gives these height changes."""
        side = state.to_move
        runs = self._runs(state)
        names = self.geometry.names
        for sq, d in changes:
            if d < 0 and runs[sq] < -d:
                return IllegalMoveError(
                    f"{names[sq]} has {self._run_phrase(runs[sq], side)}, cannot lose {-d}",
                    code="cannot_lose" if runs[sq] else "cannot_lose_none",
                    values={"square": names[sq], "side": side, "run": runs[sq],
                            "count": -d})
        listed = [f"{names[sq]} {d:+d}" for sq, d in changes]
        return IllegalMoveError(
            f"no chain of {side} pieces gives these height changes ({', '.join(listed)})",
            code="no_chain", values={"side": side, "changes": listed})

    @staticmethod
    def _run_phrase(run: int, side: str) -> str:
        if run == 0:
            return f"no {side} piece on top"
        return f"only {run} {side} piece{'s' if run != 1 else ''} on top"

    def _parse_chain(self, state: UkejalayerState, text: str) -> UkejalayerMove:
        steps: list[tuple[int, int]] = []  # (square, pieces carried out of it; 0 for the end)
        for name, count_text in _CHAIN_TOKEN.findall(text):
            sq = self._square(name)
            if count_text and int(count_text) == 0:
                raise NotationError(f"a chain step must carry at least 1 piece (got '{name}(0)')")
            steps.append((sq, int(count_text) if count_text else 0))
        runs = self._simulate_chain(state, steps)
        before = self._runs(state)
        changes = [(sq, runs[sq] - before[sq]) for sq in range(self.geometry.count)]
        changes = [(sq, d) for sq, d in changes if d]
        if not changes:
            raise IllegalMoveError(
                "the chain leaves the position unchanged (an effective pass is illegal)",
                code="unchanged",
            )
        legal = self._lookup(state, self._move_of(changes))
        if legal is None:  # not expected: the simulation mirrors the generator
            raise IllegalMoveError(f"chain {text} is not a legal move of {state.to_move} here",
                                   code="not_legal", values={"move": text,
                                                             "side": state.to_move})
        return legal

    def _simulate_chain(self, state: UkejalayerState, steps: list[tuple[int, int]]) -> list[int]:
        """Play a chain on the runs, step by step; return the runs after it.

        Raises:
            IllegalMoveError: naming the first step that breaks a rule.
        """
        side = state.to_move
        names = self.geometry.names
        runs = self._runs(state)
        for k, ((here, carried), (there, _)) in enumerate(zip(steps, steps[1:])):
            limit = runs[here] if k == 0 else runs[here] - 1
            if carried > limit:
                phrase = self._run_phrase(runs[here], side)
                values = {"square": names[here], "side": side, "run": runs[here],
                          "count": carried}
                if k == 0:
                    raise IllegalMoveError(
                        f"{names[here]} has {phrase}, cannot carry {carried}",
                        code="cannot_carry" if runs[here] else "cannot_carry_none",
                        values=values)
                raise IllegalMoveError(
                    f"{names[here]} has {phrase} after landing, cannot carry {carried} on "
                    "(at least one must stay behind)",
                    code="cannot_carry_on" if runs[here] else "cannot_carry_none",
                    values=values,
                )
            if there not in self.geometry.neighbours[here]:
                raise IllegalMoveError(
                    f"{names[there]} is not orthogonally next to {names[here]}",
                    code="not_next", values={"square": names[there], "previous": names[here]},
                )
            runs[here] -= carried
            runs[there] += carried
        return runs
