"""The Ludo family's hook of ``banmen mine`` (:mod:`banmen.contract`, ``mining.py``): its
puzzles from self-play are questions about the die just rolled whose answers the engine's
named queries compute exactly (``shared/rules/ludo.md``), never depending on a later roll:
where a piece lands after jumps and flights, which move sends back the most pieces, how many
moves the roll allows."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.game import Game
from banmen.mine.describe import side_ja

#: Rule presets' Japanese names, as the hand-written ludo puzzles call them.
PRESET_JA = {"aeroplane": "飛行棋ルール", "easy": "かんたんルール", "ludo": "ルドールール"}


def _progress_ja(text: str) -> str:
    return "ゴール" if text == "goal" else f"{text}マス目"


def questions(game: Game, state: Hashable, data: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the puzzle mappings (without ``game`` and ``position``) that ``state`` gives,
    best first: a unique move that sends back the most pieces, a landing after a jump or a
    flight, the number of moves of the roll.

    Args:
        game: the ludo engine.
        state: a position with a roll to use (not a chance node) and at least two moves.
        data: its position mapping.
    """
    from banmen.games.ludo import engine, notation, paths
    from banmen.query import run_query

    if game.outcome(state) is not None or game.is_chance(state):
        return []
    moves = game.legal_moves(state)
    if len(moves) < 2 or any(m.kind != "move" for m in moves):
        return []
    colour = game.side_to_move(state)
    me = side_ja(colour)
    roll = state.roll
    lead = f"{PRESET_JA.get(game.rules.preset, game.rules.preset)}で、{me}の番です。"
    seat = state.to_move
    found: list[dict[str, Any]] = []
    names = {m: f"{me}{m.value + 1}" for m in moves}
    texts = {m: game.format_move(state, m) for m in moves}
    # 1. the one move that sends back the most pieces
    best = run_query(game, state, "most_send_backs", {})
    if len(best) == 1 and len(moves) <= 8 and len(set(names.values())) == len(moves):
        move = next(m for m in moves if texts[m] == best[0])
        count = len(paths.sent_back(state, move))
        others = [f"{names[m]}は{len(paths.sent_back(state, m))}個" for m in moves if m != move]
        found.append({
            "title": "一番多く戻せる手", "level": 2 if count > 1 else 1,
            "question": f"{lead}この出目（{roll}）で、相手の駒を一番多く陣地へ戻せる手はどれですか？",
            "answer": {"kind": "choice", "query": "most_send_backs", "value": best[0],
                       "options": [{"label": f"{names[m]}を動かす（{texts[m]}）",
                                    "value": texts[m]} for m in moves]},
            "hints": ["ジャンプや飛行の着地点でも、相手の駒を戻せます。"],
            "explanation": f"{names[move]}を動かす`{texts[move]}`で、**{count}個**戻せます。"
                           f"ほかの手では、{'、'.join(others)}です。\n",
            "themes": ["送り返し"]})
    # 2. a landing after a jump or a flight
    for move in moves:
        legs = engine.waypoints(state, move)
        kinds = [kind for _, kind in legs]
        if not {"jump", "flight"} & set(kinds):
            continue
        piece = notation.piece_name(state, seat, move.value)
        start = notation.progress_text(state, state.pieces[seat][move.value])
        landing = run_query(game, state, "landing", {"piece": piece})
        values = []
        for progress, _ in legs:
            text = notation.progress_text(state, progress)
            if text not in values:
                values.append(text)
        if len(values) < 2 or landing != values[-1]:
            continue
        where = f"{_progress_ja(start)}の" if start not in ("0", "yard") else ""
        steps = []
        for progress, kind in legs:
            word = {"move": "進んで", "jump": "ジャンプして", "flight": "飛行して",
                    "bounce": "跳ね返って", "enter": "出て"}.get(kind, "進んで")
            steps.append(f"{_progress_ja(notation.progress_text(state, progress))}へ{word}")
        found.append({
            "title": f"{roll}の目でどこまで進む？", "level": 2 if len(values) > 2 else 1,
            "question": f"{lead}この出目（{roll}）で{where}{names[move]}を動かすと、"
                        "最後は何マス目に止まりますか？",
            "answer": {"kind": "choice", "query": "landing", "args": {"piece": piece},
                       "value": landing,
                       "options": [{"label": _progress_ja(v), "value": v}
                                   for v in sorted(values, key=lambda v: (len(v), v))]},
            "hints": ["止まったマスが自分の色なら次の自分の色のマスへジャンプし、飛行マスなら点線の先へ飛びます。"],
            "explanation": f"{names[move]}は、{'、'.join(steps)}止まります。"
                           f"答えは**{_progress_ja(landing)}**です。\n",
            "themes": [t for k, t in (("jump", "ジャンプ"), ("flight", "飛行")) if k in kinds]})
        break
    # 3. how many moves the roll allows, when some piece cannot use it
    pieces = state.pieces[seat]
    if len(moves) < sum(1 for p in pieces if p != state.variant.goal):
        count = run_query(game, state, "move_count", {})
        listed = "、".join(f"`{texts[m]}`" for m in moves)
        found.append({
            "title": "この目で指せる手は何通り？", "level": 1,
            "question": f"{lead}この出目（{roll}）で指せる手は何通りありますか？",
            "answer": {"kind": "number", "query": "move_count", "value": count},
            "hints": ["陣地の駒が出られる目か、ゴールまでの残りより大きい目ではないかを確かめましょう。"],
            "explanation": f"指せる手は{listed}の**{count}通り**です。\n",
            "themes": ["出目"]})
    return found
