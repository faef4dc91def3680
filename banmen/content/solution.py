"""The solution tree of a move puzzle, as the page plays it: every legal move of the solver's
side with the clicks that enter it, each winning move's reply line, and the opponent's
refutation of each losing move, all decided at build time by the engine and its solver.

The page script only looks things up in this tree; it knows no rule of any game. The tree
holds, per position where the solver's side is to move (a *node*)::

    {"moves":  [[canonical text, [click tokens]], ...],   # every legal move, engine order
     "accept": {normalised typed text: canonical text},
     "main":   canonical text of the move 「解答を見る」 plays,
     "right":  {canonical: edge},   # every move that still wins within the remaining plies
     "wrong":  {canonical: refutation},
     "illegal": {normalised typed text: [the move's text, the engine's reason]},
     "illegalClicks": {clicks joined by spaces: [text, reason]},   # squares the board refuses
     "typed":  the reasons for any other well-formed typed move (banmen.content.typed)}

    "illegal" holds the well-formed moves that are not legal here and that a reader may
    type: each legal move's text with its origin or its destination square replaced by any
    square of the board; the engine's own parser decides and gives the reason as data,
    ``{"text": English, "code": reason code, "values": {...}}``
    (:meth:`banmen.game.IllegalMoveError.as_data`), which the page says in Japanese
    (:func:`banmen.site.reasons.reason_ja`).
    "illegalClicks" gives the same reasons for a click on a square that starts no move, and
    for a destination that the clicked piece cannot reach.

    edge       = {"frame": board index after the move, "path": [squares],
                  "reply": text or None, "replyFrame": index or None, "replyPath": [squares],
                  "comment": Japanese text, "next": node or None}
    refutation = {"end": "lose" | "draw" | None, "reply": text or None,
                  "replyWins": bool, "path": [...], "replyPath": [...],
                  "frame": index or None, "replyFrame": index or None,
                  "left": plies left to the solver's side after the reply, in none of
                          which it can force the win}

Board index 0 is the puzzle's own diagram; index ``k`` is ``frames[k - 1]``.
The main line follows the author's replies; an alternative winning move (``also``) gets the
reply that delays the loss longest, then the tree goes on with the moves that still win.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from banmen.analysis import Solver
from banmen.content.models import Marks
from banmen.content.steps import make_spec, normalise_move_text
from banmen.content.typed import typed_notation, typed_reasons
from banmen.game import Game
from banmen.render.spec import DiagramSpec

#: Refutations are searched only in positions with at most this many legal moves.
REFUTATION_MOVES_MAX = 300
#: Solver nodes one puzzle may spend on refutations and on choosing replies; past it the
#: remaining wrong moves are only called wrong, without a reply.
SOLVER_NODE_BUDGET = 50_000
#: Boards are drawn for refutations only where a node has at most this many wrong moves
#: (every node of the puzzles so far); elsewhere the page steps through the same line with
#: marks on the current board (the move, then the reply, then taken back).
REFUTATION_BOARDS_MAX = 60
#: At most this many nodes per tree (alternative lines included).
NODE_BUDGET = 200


#: Markdown emphasis and code marks, which the page's feedback line shows as plain text.
_MARKS = re.compile(r"\*\*|\*|`")
_JA = "\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60"
_BREAK_BETWEEN_JA = re.compile(rf"(?<=[{_JA}])\s*\n\s*(?=[{_JA}])")


def plain_comment(text: str) -> str:
    """Return a solution comment as the plain text the feedback line shows: emphasis and code
    marks dropped, a line break between Japanese characters removed, other whitespace runs
    made one space (``"**c2** の\n山"`` -> ``"c2 の山"``)."""
    text = _BREAK_BETWEEN_JA.sub("", _MARKS.sub("", text))
    return " ".join(text.split())


@dataclass(frozen=True)
class MainStep:
    """One step of the author's solution, already checked.

    Attributes:
        move: the solver's move (engine object).
        reply: the opponent's reply (engine object), or ``None`` when the move ends the game.
        comment: Japanese comment shown after the move, or ``""``.
    """

    move: Hashable
    reply: Hashable | None
    comment: str


@dataclass
class _Builder:
    game: Game
    ident: str
    options: Mapping[str, Any]
    side: str
    solver: Solver
    frames: list[DiagramSpec] = field(default_factory=list)
    nodes: int = 0

    def frame(self, state: Hashable, before: Hashable, move: Hashable) -> int:
        self.frames.append(make_spec(f"{self.ident}-f{len(self.frames) + 1}", state, Marks(),
                                     self.options, before, move))
        return len(self.frames)

    def squares(self, state: Hashable, move: Hashable) -> list[str]:
        return list(self.game.move_path(state, move))

    def moves_of(self, state: Hashable) -> list[list[Any]]:
        """``[canonical, clicks]`` for every legal move; moves whose clicks coincide get a
        last choice naming the move (``#=<canonical>``) so that every click path is unique."""
        game = self.game
        rows = [[game.format_move(state, m), list(game.move_clicks(state, m))]
                for m in game.legal_moves(state)]
        seen: dict[tuple[str, ...], int] = {}
        for row in rows:
            seen[tuple(row[1])] = seen.get(tuple(row[1]), 0) + 1
        for row in rows:
            if seen[tuple(row[1])] > 1:
                row[1] = row[1] + [f"#={row[0]}"]
        return rows

    def accept(self, state: Hashable) -> dict[str, str]:
        table: dict[str, str] = {}
        for move in self.game.legal_moves(state):
            canonical = self.game.format_move(state, move)
            for text in self.game.notations(state, move):
                table.setdefault(normalise_move_text(text), canonical)
        return table

    def illegal(self, state: Hashable) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
        """The well-formed illegal moves near the legal ones (see the module docstring).

        Returns:
            ``(texts, clicks)``: normalised text -> [text, the engine's reason (as data)]; and click
            path -> [text, reason] for the clicks the board refuses: ``"o"`` for a square
            that starts no legal move, ``"o d"`` for a destination the piece on ``o``
            cannot reach (paths joined by a space). Both sorted, so the tree stays
            deterministic.
        """
        from banmen import render
        from banmen.game import IllegalMoveError, NotationError

        game = self.game
        squares = sorted(render.board_squares(game))
        legal = set(self.accept(state))
        paths = [clicks for _, clicks in self.moves_of(state)]
        starts = {clicks[0] for clicks in paths}
        found: dict[str, list[Any]] = {}
        clicks: dict[str, list[Any]] = {}
        for move in game.legal_moves(state):
            text, path = game.format_move(state, move), game.move_path(state, move)
            simple = list(game.move_clicks(state, move)) == [path[0], path[-1]]
            ends = [(text.find(path[0]), path[0], True)]
            if len(path) > 1:
                ends.append((text.rfind(path[-1]), path[-1], False))
            for at, square, origin in ends:
                if at < 0:
                    continue
                for other in squares:
                    candidate = text[:at] + other + text[at + len(square):]
                    key = normalise_move_text(candidate)
                    if key in legal:
                        continue
                    if key not in found:
                        try:
                            game.parse_move(state, candidate)
                        except IllegalMoveError as err:
                            found[key] = [candidate, err.as_data()]
                        except NotationError:
                            continue
                    if key not in found:
                        continue
                    if origin and other not in starts:
                        clicks.setdefault(other, found[key])
                    elif not origin and simple and other != path[0] and not any(
                            p[:2] == [path[0], other] for p in paths):
                        clicks.setdefault(f"{path[0]} {other}", found[key])
        return dict(sorted(found.items())), dict(sorted(clicks.items()))

    def mover_won(self, state: Hashable) -> bool | None:
        result = self.game.outcome(state)
        return None if result is None else result.winner == self.side

    def loss_delay(self, state: Hashable, plies: int) -> int:
        """Plies the solver's side needs to win from ``state`` (its move), at most ``plies``."""
        for k in range(1, plies + 1):
            if self.solver.wins_within(state, k):
                return k
        return plies + 1

    def best_defence(self, after: Hashable, plies: int) -> Hashable:
        """The opponent's reply in ``after`` that delays the loss longest (first on ties)."""
        best, best_delay = None, -1
        for reply in self.game.legal_moves(after):
            answer = self.game.play(after, reply)
            won = self.mover_won(answer)
            delay = 0 if won is True else plies + 2 if won is False else (
                self.loss_delay(answer, plies) if self.solver.nodes < SOLVER_NODE_BUDGET
                else 0)
            if delay > best_delay:
                best, best_delay = reply, delay
        assert best is not None
        return best

    def node(self, state: Hashable, plies: int, main: Sequence[MainStep]) -> dict[str, Any]:
        """The node of ``state`` (solver to move) with ``plies`` left; ``main`` is the rest of
        the author's line from here, or empty on an alternative line."""
        self.nodes += 1
        game = self.game
        winning = game.winning_moves(state, plies)
        legal = game.legal_moves(state)
        fmt = {m: game.format_move(state, m) for m in legal}
        authored = main[0] if main else None
        main_move = authored.move if authored else winning[0]
        rows = self.moves_of(state)
        node: dict[str, Any] = {"moves": rows, "accept": self.accept(state),
                                "main": fmt[main_move], "right": {}, "wrong": {}}
        node["illegal"], node["illegalClicks"] = self.illegal(state)
        from banmen import render

        node["typed"] = typed_reasons(game, state, [clicks for _, clicks in rows],
                                      sorted(render.board_squares(game)))
        for move in ([main_move] + [m for m in winning if m != main_move]):
            node["right"][fmt[move]] = self.edge(state, move, plies,
                                                 main if move == main_move else ())
        wrong = [m for m in legal if m not in winning]
        boards = len(wrong) <= REFUTATION_BOARDS_MAX
        for move in wrong:
            node["wrong"][fmt[move]] = self.refutation(state, move, plies, len(legal), boards)
        return node

    def edge(self, state: Hashable, move: Hashable, plies: int, main: Sequence[MainStep]
             ) -> dict[str, Any]:
        game = self.game
        after = game.play(state, move)
        edge: dict[str, Any] = {"frame": self.frame(after, state, move),
                                "path": self.squares(state, move), "reply": None,
                                "replyFrame": None, "replyPath": [],
                                "comment": plain_comment(main[0].comment) if main else "",
                                "next": None}
        if game.outcome(after) is not None:
            return edge
        reply = main[0].reply if main else self.best_defence(after, plies - 2)
        assert reply is not None
        answer = game.play(after, reply)
        edge.update(reply=game.format_move(after, reply), replyPath=self.squares(after, reply),
                    replyFrame=self.frame(answer, after, reply))
        if game.outcome(answer) is None and self.nodes < NODE_BUDGET:
            edge["next"] = self.node(answer, plies - 2, main[1:])
        return edge

    def refutation(self, state: Hashable, move: Hashable, plies: int, moves: int,
                   boards: bool) -> dict[str, Any]:
        game = self.game
        after = game.play(state, move)
        result: dict[str, Any] = {"end": None, "reply": None, "replyWins": False,
                                  "path": self.squares(state, move), "replyPath": [],
                                  "frame": None, "replyFrame": None,
                                  "left": max(0, plies - 2)}
        ended = game.outcome(after)
        if ended is not None:  # not a win for the mover, or the move would not be wrong
            result["end"] = "draw" if ended.winner is None else "lose"
            if boards:
                result["frame"] = self.frame(after, state, move)
            return result
        if moves > REFUTATION_MOVES_MAX or self.solver.nodes >= SOLVER_NODE_BUDGET:
            return result
        chosen, wins = None, False
        for reply in game.legal_moves(after):
            answer = game.play(after, reply)
            won = self.mover_won(answer)
            if won is False:
                chosen, wins = reply, True
                break
            if won is None and chosen is None and (
                    plies < 3 or not self.solver.wins_within(answer, plies - 2)):
                chosen = reply
        if chosen is None:
            return result
        answer = game.play(after, chosen)
        result.update(reply=game.format_move(after, chosen), replyWins=wins,
                      replyPath=self.squares(after, chosen))
        if boards:
            result["frame"] = self.frame(after, state, move)
            result["replyFrame"] = self.frame(answer, after, chosen)
        return result


def solution_tree(game: Game, ident: str, options: Mapping[str, Any], state: Hashable,
                  plies: int, main: Sequence[MainStep]) -> tuple[dict[str, Any],
                                                                 list[DiagramSpec]]:
    """Build the page's solution tree of a checked move puzzle.

    Args:
        game: the engine with the puzzle's rules.
        ident: the puzzle id (``game/name``); frame ids are ``<ident>-f<k>``.
        options: the puzzle's drawing options.
        state: the puzzle's position (the solver's side to move).
        plies: the answer's horizon (the winning move included).
        main: the author's checked line.

    Returns:
        ``(tree, frames)``: ``{"root": node (see the module docstring), "labels", "game",
        "squares", "notation"}`` (``notation``: how the page reads a typed move,
        :func:`banmen.content.typed.typed_notation`, left out for a game that gives none)
        and the boards it refers to, in index order (board ``k`` is ``frames[k - 1]``).
    """
    builder = _Builder(game, ident, options, game.side_to_move(state), Solver(game))
    tree = builder.node(state, plies, main)
    labels = {}

    def collect(node: dict[str, Any]) -> None:
        for _, clicks in node["moves"]:
            for token in clicks:
                if token.startswith("#="):
                    labels[token] = token[2:]
                elif token.startswith("#"):
                    labels[token] = game.click_label(token)
        for edge in node["right"].values():
            if edge["next"]:
                collect(edge["next"])

    collect(tree)
    from banmen import render

    # the typed-move reader (banmen/site/assets/js/typed-move.js) needs the notation and the squares
    result = {"root": tree, "labels": dict(sorted(labels.items())), "game": game.id,
              "squares": sorted(render.board_squares(game))}
    notation = typed_notation(game)
    if notation is not None:
        result["notation"] = notation
    return result, builder.frames
