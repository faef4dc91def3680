"""Why a click or a typed move enters no legal ウケジャレイヤー move, in Japanese.

Implements the reasons of ``shared/rules/ukejalayer.md``, "A turn": a summon puts a piece
from the hand (手駒) on an empty square; a move carries pieces from the top of one's own
stack orthogonally, square by square, leaving at least one on each square passed (a square
entered with one piece ends the chain unless it is linked, 連携); an elimination removes an
opponent's piece from under one's own top, once the hand is empty and elimination is
unlocked ("Unlock"). And "Notation": the height-change form names how many pieces each
square loses or gains.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from banmen.games.ukejalayer.moves import own_run
from banmen.games.ukejalayer.rules import OTHER, PIECE

SIDE_JA = {"white": "白", "black": "黒"}


def _adjacent(a: str, b: str) -> bool:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1


def _counts(game: Any, state: Any, clicks: Sequence[str]) -> list[int]:
    """The numbers of pieces the legal moves offer to carry on after ``clicks``."""
    offered = set()
    for move in game.legal_moves(state):
        path = game.move_clicks(state, move)
        if list(path[:len(clicks)]) == list(clicks) and len(path) > len(clicks):
            token = path[len(clicks)]
            if token[1:].isdigit():
                offered.add(int(token[1:]))
    return sorted(offered)


def click_reason(game: Any, state: Any, clicks: Sequence[str], square: str) -> str:
    """Return the rule that stops a click on ``square`` after ``clicks`` from entering a move.

    Args:
        game: the :class:`~banmen.games.ukejalayer.game.UkejalayerGame`.
        state: the position.
        clicks: the tokens entered so far (squares and ``#<n>`` counts).
        square: a square name, or ``"#"`` for a count the position does not offer.

    Returns:
        One or two plain sentences (spec "A turn").
    """
    side = state.to_move
    if square == "#":
        here = next(c for c in reversed(clicks) if not c.startswith("#"))
        offered = _counts(game, state, clicks)
        if not offered:
            return f"{here}からは、これ以上駒を運べません。"
        listed = "か".join(f"{n}枚" for n in offered)
        return f"{here}から運べるのは{listed}です。"
    stack = state.board[game.geometry.index[square]]
    if not clicks:
        if not stack:
            return "手駒がもう残っていないので、空いたマスに召喚することはできません。"
        if stack[-1] != PIECE[side]:
            return ("その山の一番上は相手の駒です。動かせるのは、一番上が自分の駒の山"
                    "だけです。")
        return "その駒は、今は動かせません。"
    last = next(c for c in reversed(clicks) if not c.startswith("#"))
    if square == last:
        return "同じマスにとどまることはできません。"
    if not _adjacent(last, square):
        return (f"{last}からそのマスへは運べません。駒は縦か横のとなりのマスへ、1マスずつ"
                "運びます。")
    return (f"{last}からそのマスへは続けられません。通ったマスには自分の駒を1枚以上残す"
            "ので、1枚だけで入ったマスが連携でなければ、そこで止まります。")


def elimination_reason(game: Any, state: Any, square: str) -> str:
    """Return why the side to move cannot eliminate on ``square`` (its own top), in Japanese
    (spec "Elimination" and "Unlock"), or ``""`` when it can."""
    side = state.to_move
    stack = state.board[game.geometry.index[square]]
    if PIECE[OTHER[side]] not in stack:
        return f"{square}の山には相手の駒が入っていないので、排除できません。"
    if state.hand(side):
        return f"手駒が{state.hand(side)}枚残っているあいだは、排除できません。"
    if not game.elimination_allowed(state):
        if game.rules.unlock != "self" and not game._moment_passed(state.hands):
            return "排除はまだ解禁されていません。"
        return f"白は解禁のあと、まだ{state.white_wait}回の番は排除できません。"
    return ""


def stop_reason(game: Any, state: Any, clicks: Sequence[str]) -> str:
    """Return why the text of ``clicks`` is no move: a single square written alone is an
    elimination there (spec "Notation"); a chain that ends early repeats another move."""
    if len(clicks) == 1:
        return (elimination_reason(game, state, clicks[0]) or
                f"{clicks[0]}だけを書くと排除の手になりますが、この局面では指せません。")
    return f"その道順で{clicks[-1]}に止まる手は、この局面では指せません。"


def typed_tables(game: Any, state: Any) -> dict[str, Any]:
    """The reasons for height-change texts (``a2a3``, ``2b22c2``; spec "Notation").

    Returns:
        ``{"lose": {square: [n, reason]}, "single": {square: reason}, "noChain": reason}``:
        a square can lose at most ``n`` pieces (the side to move's pieces on its top), and
        the reason says so; a text within every square's limit is still no move when no
        chain gives its changes; ``single`` says why a square topped by the side to move,
        written alone (an elimination), is no move where it is not one.
    """
    side = state.to_move
    lose: dict[str, list[Any]] = {}
    for name in game.geometry.names:
        stack = state.board[game.geometry.index[name]]
        run = own_run(stack, PIECE[side])
        if not stack:
            why = f"{name}には駒がないので、そこから駒は運び出せません。"
        elif run == 0:
            why = f"{name}の一番上は相手の駒なので、そこから駒は運び出せません。"
        else:
            why = (f"{name}の一番上に続く{SIDE_JA[side]}の駒は{run}枚なので、それより多くは"
                   "運び出せません。")
        lose[name] = [run, why]
    single = {}
    for name in game.geometry.names:
        stack = state.board[game.geometry.index[name]]
        if stack and stack[-1] == PIECE[side]:
            single[name] = stop_reason(game, state, [name])
    return {"lose": lose, "single": single,
            "noChain": (f"{SIDE_JA[side]}の駒をどんな道順で運んでも、書かれたとおりに駒が"
                        "増えたり減ったりすることはありません。")}
