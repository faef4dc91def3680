"""The Japanese texts of a mined move puzzle, generated from engine facts only: the title,
question, hint, explanation and themes (from the engines' move kinds,
:attr:`banmen.game.Game.move_kind_names`, and the themes and side names of the game's words,
:class:`banmen.contract.Words`)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from banmen.game import Game, game_ids
from banmen.mine.select import MovePuzzle
from banmen.site.reasons import game_words

def side_ja(side: str, game_id: str | None = None) -> str:
    """Return the Japanese name of a side id (the id itself when unknown): from the words of
    game ``game_id`` (``WORDS["sides"]``), or of any registered game when ``None``."""
    if game_id is not None:
        return game_words(game_id).get("sides", {}).get(side, side)
    for known in game_ids():
        name = game_words(known).get("sides", {}).get(side)
        if name is not None:
            return name
    return side


def _kinds(game: Game, state: Hashable, move: Hashable) -> tuple[str, ...]:
    try:
        return tuple(game.move_kinds(state, move))
    except NotImplementedError:
        return ()


def themes(game: Game, puzzle: MovePuzzle) -> list[str]:
    """Return the themes of the solution's moves, no repeats, in the order of the game's
    words (``WORDS["themes"]``: ``[who, move kind, theme]``, ``who`` ``"move"`` for the
    solver's moves and ``"reply"`` for the opponent's replies)."""
    table = [tuple(row) for row in game_words(game.id).get("themes", [])]
    found = set()
    state = puzzle.state
    for move, reply in puzzle.line:
        found.update(("move", k) for k in _kinds(game, state, move))
        after = game.play(state, move)
        if reply is None:
            break
        found.update(("reply", k) for k in _kinds(game, after, reply))
        state = game.play(after, reply)
    out: list[str] = []
    for who, kind, theme in table:
        if (who, kind) in found and theme not in out:
            out.append(theme)
    return out


def _code(text: str) -> str:
    return f"`{text}`"


def texts(game: Game, puzzle: MovePuzzle) -> dict[str, Any]:
    """Return ``title``, ``question``, ``hints``, ``explanation``, ``themes`` and the per-step
    ``comments`` of ``puzzle``, all Japanese, all derived from the engine and the proof."""
    state = puzzle.state
    mover = game.side_to_move(state)
    me = side_ja(mover, game.id)
    first = puzzle.line[0][0]
    after_first = game.play(state, first)
    opponent = side_ja(game.side_to_move(after_first), game.id) if game.outcome(after_first) is None \
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
            who = side_ja(game.side_to_move(after), game.id)
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
