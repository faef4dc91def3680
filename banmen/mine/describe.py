"""The Japanese texts of a mined move puzzle, generated from engine facts only: the title,
question, hints, per-step comments, explanation and themes.

The facts are the proof's line (:class:`banmen.mine.select.MovePuzzle`): each ply's move
kinds (:meth:`banmen.game.Game.move_kinds`, named by
:attr:`banmen.game.Game.move_kind_names`), the number of legal moves before it, whether the
opponent's reply was its only legal move, the final outcome's reason, the refutation of the
most tempting wrong first move. The words are the game's (:class:`banmen.contract.Words`:
``sides``, ``themes``, ``outcomes``).

A move kind that no row of the game's ``themes`` names is an *ordinary* kind (a plain step):
hints and comments do not name it, and a first move whose kinds (and those of the reply to
it) are all ordinary, in a win that comes later, is a :data:`QUIET` move.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from banmen.game import Game, game_ids
from banmen.mine.select import MovePuzzle
from banmen.site.reasons import game_words

#: The theme of a quiet first move: it and the reply to it are of ordinary kinds only, and
#: the win comes later (computed from the line's shape, not from the words).
QUIET = "静かな一手"
#: The ``who`` of a ``themes`` row whose kind is a regular expression over the outcome's
#: English reason (:class:`banmen.game.Outcome`) at the end of the line.
OUTCOME = "outcome"


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


@dataclass(frozen=True)
class Ply:
    """One ply of a proof's line.

    Attributes:
        who: ``"move"`` (the solver's) or ``"reply"`` (the opponent's).
        before: the position the ply is played in.
        move: the move.
        kinds: its move kinds.
        after: the position after it.
    """

    who: str
    before: Hashable
    move: Hashable
    kinds: tuple[str, ...]
    after: Hashable


def plies_of(game: Game, puzzle: MovePuzzle) -> list[Ply]:
    """Return the plies of the puzzle's line, the solver's and the opponent's in turn."""
    out: list[Ply] = []
    state = puzzle.state
    for move, reply in puzzle.line:
        after = game.play(state, move)
        out.append(Ply("move", state, move, _kinds(game, state, move), after))
        if reply is None:
            break
        state = game.play(after, reply)
        out.append(Ply("reply", after, reply, _kinds(game, after, reply), state))
    return out


def _table(game: Game) -> list[tuple[str, str, str]]:
    return [(str(w), str(k), str(t)) for w, k, t in game_words(game.id).get("themes", [])]


def ordinary_kinds(game: Game) -> set[str]:
    """The move kinds of ``game`` that no row of its words' ``themes`` names (plain moves:
    no hint or comment names them)."""
    named = {kind for who, kind, _ in _table(game) if who != OUTCOME}
    return set(game.move_kind_names) - named


def _ordinary(game: Game, kinds: tuple[str, ...]) -> bool:
    named = {kind for who, kind, _ in _table(game) if who != OUTCOME}
    return not named.intersection(kinds)


def _reason(game: Game, plies: list[Ply]) -> str | None:
    outcome = game.outcome(plies[-1].after) if plies else None
    return outcome.reason if outcome is not None else None


def themes(game: Game, puzzle: MovePuzzle) -> list[str]:
    """Return the themes of the solution, no repeats: :data:`QUIET` first when the first
    move is quiet, then the rows of the game's words (``WORDS["themes"]``: ``[who, kind,
    theme]``) that the line matches, in their order. ``who`` is ``"move"`` (one of the
    solver's moves has the kind), ``"reply"`` (one of the opponent's replies), ``"first"``
    (the first move), ``"last"`` (the move that ends the game, either side's) or
    ``"outcome"`` (``kind`` is a regular expression the final outcome's reason matches)."""
    plies = plies_of(game, puzzle)
    found = {(ply.who, k) for ply in plies for k in ply.kinds}
    if plies:
        found.update(("first", k) for k in plies[0].kinds)
        found.update(("last", k) for k in plies[-1].kinds)
    reason = _reason(game, plies)
    out: list[str] = []
    if (len(plies) > 2 and _ordinary(game, plies[0].kinds)
            and _ordinary(game, plies[1].kinds)):
        out.append(QUIET)
    for who, kind, theme in _table(game):
        if who == OUTCOME:
            hit = reason is not None and re.search(kind, reason) is not None
        else:
            hit = (who, kind) in found
        if hit and theme not in out:
            out.append(theme)
    return out


def _code(text: str) -> str:
    return f"`{text}`"


def _name(game: Game, kinds: tuple[str, ...], who: str = "move") -> str | None:
    """The name of the move's most telling kind: the kind of the first row of the game's
    ``themes`` that names one of ``kinds`` for ``who`` (else for anyone); ``None`` for an
    ordinary move."""
    names = game.move_kind_names
    rows = [(w, k) for w, k, _ in _table(game) if w != OUTCOME and k in kinds and k in names]
    for w, k in sorted(rows, key=lambda row: row[0] != who):
        return names[k]
    return None


def title_of(plies: int, found: list[str]) -> str:
    """The title: the horizon and the first theme, e.g. 「3手で勝つ：静かな一手から」,
    「1手で勝つ：連携」 (the horizon alone when there is no theme)."""
    head = f"{plies}手で勝つ"
    if not found:
        return head
    theme = found[0]
    return f"{head}：{theme}から" if theme == QUIET else f"{head}：{theme}"


def hints_of(game: Game, puzzle: MovePuzzle, plies: list[Ply]) -> list[str]:
    """The hints, vaguest first: how the line ends and whether the replies are forced (or,
    for a win in one move, how many legal moves there are), then what kind the first move
    is or is not, with counts of the legal moves."""
    hints = []
    legal = game.legal_moves(puzzle.state)
    opponent = side_ja(game.side_to_move(plies[0].after), game.id) if len(plies) > 1 else ""
    if len(plies) > 1:
        last = plies[-1]
        name = _name(game, last.kinds, last.who)
        text = ""
        if name is not None:
            text = (f"最後は{name}で勝ちが決まります。" if last.who == "move"
                    else f"最後は{opponent}の{name}で勝ちが決まります。")
        replies = [p for p in plies if p.who == "reply"]
        if replies and all(len(game.legal_moves(p.before)) == 1 for p in replies):
            text += (f"{opponent}の受けは1通りしかありません。" if len(replies) == 1 else
                     f"{opponent}の受けは、どれも1通りしかありません。")
        if text:
            hints.append(text)
    first = _name(game, plies[0].kinds)
    if first is not None and len(plies) == 1:
        hints.append(f"指せる手は{len(legal)}通りです。")  # vaguer than the kind that follows
    if first is not None:
        same = sum(1 for m in legal if _name(game, _kinds(game, puzzle.state, m)) == first)
        hints.append(f"1手目は{first}です（{len(legal)}通りの手のうち、{first}は{same}通り）。")
    else:
        others = []
        for m in legal:
            name = _name(game, _kinds(game, puzzle.state, m))
            if name is not None and name not in others:
                others.append(name)
        if others:
            tail = "でもありません" if len(others) > 1 else "ではありません"
            hints.append(f"1手目は{'でも'.join(others)}{tail}（指せる手は{len(legal)}通り）。")
        else:
            hints.append(f"指せる手は{len(legal)}通りです。")
    return hints


def _end(game: Game, state: Hashable) -> str:
    """「白の勝ちです。」 and the outcome's sentence, for a finished ``state``."""
    from banmen.site.play_words import outcome_ja

    outcome = game.outcome(state)
    assert outcome is not None
    return outcome_ja(outcome.winner, outcome.reason)


def comments_of(game: Game, plies: list[Ply]) -> list[str]:
    """One comment per turn of the solver: the move's kind (when not ordinary), then the
    reply (the only legal move, or the one that delays the loss longest among so many),
    and how the game ends."""
    out = []
    for ply in plies:
        if ply.who == "move":
            name = _name(game, ply.kinds)
            out.append(f"{name}です。" if name is not None else "")
            if game.outcome(ply.after) is not None:
                out[-1] += _end(game, ply.after)
            continue
        who = side_ja(game.side_to_move(ply.before), game.id)
        text = _code(game.format_move(ply.before, ply.move))
        name = _name(game, ply.kinds, "reply")
        count = len(game.legal_moves(ply.before))
        if count == 1:
            said = (f"{who}は{text}（{name}）しか指せません。" if name is not None
                    else f"{who}は{text}しか指せません。")
        else:
            said = f"{who}は{count}通りの手のうち、負けをいちばん遅らせる{text}を指します。"
        out[-1] += said
        if game.outcome(ply.after) is not None:
            out[-1] += _end(game, ply.after)
    return out


def texts(game: Game, puzzle: MovePuzzle) -> dict[str, Any]:
    """Return ``title``, ``question``, ``hints``, ``explanation``, ``themes`` and the per-step
    ``comments`` of ``puzzle``, all Japanese, all derived from the engine and the proof."""
    state = puzzle.state
    mover = game.side_to_move(state)
    me = side_ja(mover, game.id)
    plies = plies_of(game, puzzle)
    first = puzzle.line[0][0]
    after_first = game.play(state, first)
    opponent = side_ja(game.side_to_move(after_first), game.id) if game.outcome(after_first) is None \
        else None
    found = themes(game, puzzle)
    if puzzle.plies == 1:
        question = f"{me}番です。1手で勝ってください。"
    else:
        question = (f"{me}番です。相手がどう受けても、{puzzle.plies}手以内（相手の手も数えます）"
                    "に勝てる手順を指してください。")
    words = [_code(game.format_move(p.before, p.move)) for p in plies]
    replies = [p for p in plies if p.who == "reply"]
    forced = all(len(game.legal_moves(p.before)) == 1 for p in replies)
    paragraphs = [f"**{_code(game.format_move(state, first))}**が、勝ちにつながるただ一つの手です。"]
    if len(words) > 1:
        defence = (f"{opponent}には、ほかに指せる手がありません。" if forced else
                   f"{opponent}の受けは、どれも負けをいちばん遅らせる手です。")
        paragraphs.append(f"手順は{'→'.join(words)}で、{_end(game, plies[-1].after)}{defence}")
    else:
        paragraphs.append(f"この手で{_end(game, plies[-1].after)}")
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
    return {"title": title_of(puzzle.plies, found), "question": question,
            "hints": hints_of(game, puzzle, plies),
            "explanation": "\n\n".join(paragraphs) + "\n", "themes": found,
            "comments": comments_of(game, plies)}
