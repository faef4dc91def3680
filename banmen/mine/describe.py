"""The Japanese texts of a mined move puzzle, generated from engine facts only: the title,
question, hint, explanation and themes (from the engines' move kinds,
:attr:`banmen.game.Game.move_kind_names`)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.game import Game
from banmen.mine.select import MovePuzzle

#: Side id -> its Japanese name, for every game.
SIDE_JA = {"white": "白", "black": "黒", "green": "緑", "grey": "灰", "red": "赤",
           "blue": "青", "yellow": "黄"}

#: (game id, move kind) -> theme of the mover's move in the solution.
MOVE_THEMES = {
    ("ukejalayer", "link"): "連携",
    ("ukejalayer", "eliminate"): "排除",
    ("ukejalayer", "summon"): "召喚",
    ("medamagaeru", "promote"): "成り",
    ("medamagaeru", "capture"): "取る手",
    ("suicide-checkers", "crown"): "キング",
    ("babuschka", "chain"): "連続ジャンプ",
    ("babuschka", "jump"): "ジャンプ",
    ("babuschka", "cover"): "かぶせる手",
}
#: (game id, move kind) -> theme of the opponent's reply (what the solution makes it do).
REPLY_THEMES = {
    ("suicide-checkers", "capture"): "強制取り",
    ("suicide-checkers", "crown"): "キング",
}
#: Every theme, in the order a puzzle lists them.
THEME_ORDER = ("連携", "排除", "召喚", "成り", "取る手", "強制取り", "キング", "連続ジャンプ",
               "ジャンプ", "かぶせる手")


def side_ja(side: str) -> str:
    """Return the Japanese name of a side id (the id itself when unknown)."""
    return SIDE_JA.get(side, side)


def _kinds(game: Game, state: Hashable, move: Hashable) -> tuple[str, ...]:
    try:
        return tuple(game.move_kinds(state, move))
    except NotImplementedError:
        return ()


def themes(game: Game, puzzle: MovePuzzle) -> list[str]:
    """Return the themes of the solution's moves (:data:`THEME_ORDER` order, no repeats)."""
    found = set()
    state = puzzle.state
    for move, reply in puzzle.line:
        found.update(MOVE_THEMES.get((game.id, k)) for k in _kinds(game, state, move))
        after = game.play(state, move)
        if reply is None:
            break
        found.update(REPLY_THEMES.get((game.id, k)) for k in _kinds(game, after, reply))
        state = game.play(after, reply)
    return [t for t in THEME_ORDER if t in found]


def _code(text: str) -> str:
    return f"`{text}`"


def texts(game: Game, puzzle: MovePuzzle) -> dict[str, Any]:
    """Return ``title``, ``question``, ``hints``, ``explanation``, ``themes`` and the per-step
    ``comments`` of ``puzzle``, all Japanese, all derived from the engine and the proof."""
    state = puzzle.state
    mover = game.side_to_move(state)
    me = side_ja(mover)
    first = puzzle.line[0][0]
    after_first = game.play(state, first)
    opponent = side_ja(game.side_to_move(after_first)) if game.outcome(after_first) is None \
        else None
    found = themes(game, puzzle)
    title = "1手で勝つ" if puzzle.plies == 1 else f"{puzzle.plies}手以内に勝つ"
    if found:
        title += f"（{found[0]}）"
    if puzzle.plies == 1:
        question = f"{me}番です。1手で勝ってください。"
    else:
        question = (f"{me}番です。相手がどう受けても、{puzzle.plies}手以内（相手の手も数えます）"
                    "に勝てる手順を指してください。")
    names = game.move_kind_names
    first_kinds = _kinds(game, state, first)
    hints = [f"1手目は{names[first_kinds[0]]}です。"] if first_kinds and first_kinds[0] in names \
        else []
    # the winning line, move by move
    words, comments = [], []
    here = state
    forced = True  # every reply of the opponent was its only legal move
    for move, reply in puzzle.line:
        words.append(_code(game.format_move(here, move)))
        kinds = _kinds(game, here, move)
        comments.append(f"{names[kinds[0]]}です。" if kinds and kinds[0] in names else "")
        after = game.play(here, move)
        if reply is None:
            break
        words.append(_code(game.format_move(after, reply)))
        forced = forced and len(game.legal_moves(after)) == 1
        here = game.play(after, reply)
    paragraphs = [f"**{_code(game.format_move(state, first))}**が、勝ちにつながるただ一つの手です。"]
    if len(words) > 1:
        defence = (f"{opponent}には、ほかに指せる手がありません。" if forced else
                   f"{opponent}の受けは、どれも負けをいちばん遅らせる手です。")
        paragraphs.append(f"手順は{'→'.join(words)}で、{me}の勝ちです。{defence}")
    else:
        paragraphs.append(f"この手で{me}の勝ちです。")
    wrong = puzzle.refutation
    if wrong is not None:
        text = _code(game.format_move(state, wrong.move))
        lead = f"{text}は一見よさそうですが、" if puzzle.tempting else f"ほかの手、たとえば{text}では、"
        left = puzzle.plies - 2
        if puzzle.plies == 1 and wrong.end is None:
            paragraphs.append(f"{lead}まだ勝ちになりません。")
        elif wrong.end == "lose":
            paragraphs.append(f"{lead}その手で{me}の負けになります。")
        elif wrong.end == "draw":
            paragraphs.append(f"{lead}その手で引き分けになります。")
        elif wrong.reply is not None:
            after = game.play(state, wrong.move)
            answer = _code(game.format_move(after, wrong.reply))
            who = side_ja(game.side_to_move(after))
            if wrong.reply_wins:
                paragraphs.append(f"{lead}{who}に{answer}と返されて、{who}の勝ちになります。")
            elif left >= 1:
                paragraphs.append(f"{lead}{who}に{answer}と返されると、そのあと{left}手以内には"
                                  "勝てません。")
            else:
                paragraphs.append(f"{lead}{who}に{answer}と返されて、勝ちは決まりません。")
    return {"title": title, "question": question, "hints": hints,
            "explanation": "\n\n".join(paragraphs) + "\n", "themes": found,
            "comments": comments}
