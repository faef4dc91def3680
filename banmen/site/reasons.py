"""The engines' reasons for an illegal move, said in Japanese on the page.

The engines explain every refused move in English (``IllegalMoveError``, the text the CLI
prints). Move puzzles export, per position, the reasons for the well-formed illegal moves a
reader may type (:mod:`banmen.content.solution`); :func:`reason_ja` turns each into the
sentence the page shows. The patterns follow the engines' messages
(``banmen/games/*/notation.py``); a message no pattern knows gets a plain sentence naming
the move, never the English text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: Side and colour names the engines use, in Japanese.
SIDE_JA = {"white": "白", "black": "黒", "green": "緑", "grey": "灰", "gray": "灰",
           "red": "赤", "blue": "青", "yellow": "黄"}
SIZE_JA = {"S": "小", "M": "中", "L": "大"}


def _side(name: str) -> str:
    return SIDE_JA.get(name, name)


def _listing(text: str) -> str:
    return "、".join(part.strip() for part in text.split(","))


_Pattern = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]

_PATTERNS: list[_Pattern] = [(re.compile(p), f) for p, f in [
    # suicide-checkers
    (r"^'(?P<t>.+)' is not legal: a capture is compulsory here \(captures: (?P<l>.*)\)$",
     lambda m: f"取れる駒があるときは、必ず取ります（取る手：{_listing(m['l'])}）。"),
    (r"^'(?P<t>.+)' is not legal: there is no capture here.*$",
     lambda m: "この局面には取れる駒がありません。"),
    (r"^'(?P<t>.+)' is not a legal capture here \(captures: (?P<l>.*)\)$",
     lambda m: f"そういう取り方はできません（取る手：{_listing(m['l'])}）。"),
    (r"^'(?P<t>.+)' is not a legal move here \(legal: (?P<l>.*)\)$",
     lambda m: f"この局面で指せる手は{_listing(m['l'])}です。"),
    # babuschka
    (r"^(?P<t>\S+) is not a jump: a jump lands two squares away in a straight line$",
     lambda m: "ジャンプにはなりません。ジャンプは一直線に2マス先へ着地します。"),
    (r"^(?P<t>\S+) goes backward: a doll (?:jumps|steps|moves) .*$",
     lambda m: "後ろへ戻る手です。人形は前・ななめ前・よこにしか進めません。"),
    (r"^(?P<t>\S+) is not a step: write jumps with x .*$",
     lambda m: "ふつうの移動で進めるのは1マスだけです。ジャンプなら、着地するマスを x でつないで書きます。"),
    (r"^cannot land on (?P<sq>\S+): it is a goal square of another player$",
     lambda m: f"{m['sq']}はほかの人のゴールのマスなので、そこには止まれません。"),
    (r"^\S+: there is no doll on (?P<sq>\S+) to jump over$",
     lambda m: f"{m['sq']}に人形がないので、飛び越せません。"),
    (r"^\S+ flies over (?P<sq>\S+), a goal square of another player$",
     lambda m: f"ほかの人のゴールのマス{m['sq']}を飛び越すことになります。"),
    (r"^cannot land on (?P<sq>\S+): its top doll \((?P<a>[SML])\) is not smaller than the "
     r"mover \((?P<b>[SML])\)$",
     lambda m: f"{m['sq']}の一番上の人形（{SIZE_JA[m['a']]}）が動かす人形"
               f"（{SIZE_JA[m['b']]}）より小さくないので、そこには入れません。"),
    (r"^the chain ends on (?P<sq>\S+), where it started: that is no move$",
     lambda m: f"跳んだ先が元のマス{m['sq']}にもどるので、動いたことになりません。"),
    (r"^the top doll on (?P<sq>\S+) is (?P<a>[SML]), not (?P<b>[SML])$",
     lambda m: f"{m['sq']}の一番上の人形は{SIZE_JA[m['a']]}（{m['a']}）で、"
               f"{SIZE_JA[m['b']]}（{m['b']}）ではありません。"),
    (r"^the top doll on (?P<sq>\S+) is (?P<o>\w+)'s, not (?P<s>\w+)'s$",
     lambda m: f"{m['sq']}の一番上の人形は{_side(m['o'])}の人形で、"
               f"{_side(m['s'])}の人形ではありません。"),
    (r"^(?P<sq>\S+) is empty$", lambda m: f"{m['sq']}には何もありません。"),
    # medamagaeru
    (r"^(?P<a>\S+) and (?P<b>\S+) are not adjacent$",
     lambda m: f"{m['a']}と{m['b']}はとなり合っていません。"),
    (r"^no (?P<s>\w+) piece on (?P<sq>\S+)$",
     lambda m: f"{m['sq']}に{_side(m['s'])}のかえるはいません。"),
    (r"^the (?P<s>\w+) piece on (?P<sq>\S+) has (?P<e>\d+) eyes, not (?P<f>\d+)$",
     lambda m: f"{m['sq']}の{_side(m['s'])}のかえるは目玉{m['e']}で、目玉{m['f']}ではありません。"),
    (r"^(?P<sq>\S+) holds a (?P<s>\w+) (?P<e>\d+): write (?P<w>.+) to capture it$",
     lambda m: f"{m['sq']}には{_side(m['s'])}の{m['e']}がいます。取るなら{m['w']}と書きます。"),
    (r"^(?P<sq>\S+) holds a (?P<s>\w+) piece$",
     lambda m: f"{m['sq']}には{_side(m['s'])}のかえるがいるので、そこへは動けません。"),
    (r"^a (?P<a>\d+) cannot capture a (?P<b>\d+)$",
     lambda m: f"目玉{m['a']}のかえるは、目玉{m['b']}のかえるを取れません。"),
    (r"^there is no piece to capture on (?P<sq>\S+)$",
     lambda m: f"{m['sq']}には取れるかえるがいません。"),
    (r"^only a capture can promote$", lambda m: "成れるのは、相手のかえるを取る手のときだけです。"),
    (r"^the piece on (?P<sq>\S+) is already promoted: a piece promotes only once$",
     lambda m: f"{m['sq']}のかえるはもう成っています。成れるのは1回だけです。"),
    (r"^the piece on (?P<sq>\S+) is not promoted$",
     lambda m: f"{m['sq']}のかえるは成っていません。"),
    (r"^the repetition duty forbids (?P<t>.+): that position already occurred$",
     lambda m: "前にあった局面にもどす手は、千日手の決まりで禁じられています。"),
    # ukejalayer
    (r"^(?P<sq>\S+) has no (?P<s>\w+) piece on top, cannot lose (?P<n>\d+)$",
     lambda m: f"{m['sq']}の一番上は{_side(m['s'])}の駒ではないので、そこから駒は運び出せません。"),
    (r"^(?P<sq>\S+) has only (?P<k>\d+) (?P<s>\w+) pieces? on top, cannot lose (?P<n>\d+)$",
     lambda m: f"{m['sq']}の一番上に続く{_side(m['s'])}の駒は{m['k']}枚だけなので、"
               f"{m['n']}枚は運び出せません。"),
    (r"^(?P<sq>\S+) holds no (?P<o>\w+) piece under (?P<s>\w+)'s top$",
     lambda m: f"{m['sq']}の山には{_side(m['o'])}の駒が入っていないので、排除できません。"),
    (r"^(?P<sq>\S+) is topped by (?P<o>\w+), so (?P<s>\w+) cannot eliminate there$",
     lambda m: f"{m['sq']}の一番上は{_side(m['o'])}の駒なので、"
               f"{_side(m['s'])}はそこで排除できません。"),
    (r"^no chain of (?P<s>\w+) pieces gives these height changes \((?P<c>.*)\)$",
     lambda m: (f"{_side(m['s'])}の駒をどんな道順で運んでも、書かれたとおりに駒が"
                "増えたり減ったりすることはありません。")),
    (r"^(?P<s>\w+) has no pieces in hand to summon on (?P<sq>\S+)$",
     lambda m: f"{_side(m['s'])}の手駒はもう残っていないので、{m['sq']}に召喚できません。"),
    (r"^the chain leaves the position unchanged.*$",
     lambda m: "その運び方では盤が元のままです。何もしないのと同じ手は指せません。"),
    (r"^(?P<sq>\S+) has no (?P<s>\w+) piece on top(?: after landing)?, cannot carry (?P<n>\d+).*$",
     lambda m: f"{m['sq']}の一番上は{_side(m['s'])}の駒ではないので、そこから駒は運べません。"),
    (r"^(?P<sq>\S+) has only (?P<k>\d+) (?P<s>\w+) pieces? on top, cannot carry (?P<n>\d+)$",
     lambda m: f"{m['sq']}の一番上に続く{_side(m['s'])}の駒は{m['k']}枚だけなので、"
               f"{m['n']}枚は運べません。"),
    (r"^(?P<sq>\S+) has only (?P<k>\d+) (?P<s>\w+) pieces? on top after landing, cannot carry "
     r"(?P<n>\d+) on .*$",
     lambda m: f"{m['sq']}に着いたところで一番上に続く{_side(m['s'])}の駒は{m['k']}枚です。"
               f"通ったマスには1枚以上残すので、{m['n']}枚は先へ運べません。"),
    (r"^(?P<b>\S+) is not orthogonally next to (?P<a>\S+)$",
     lambda m: f"{m['b']}は{m['a']}の縦か横のとなりではありません。駒は1マスずつ運びます。"),
    (r"^(?P<s>\w+) cannot eliminate while it still has (?P<n>\d+) pieces? in hand$",
     lambda m: f"手駒が{m['n']}枚残っているあいだは、排除できません。"),
    (r"^elimination is not unlocked yet.*$", lambda m: "排除はまだ解禁されていません。"),
    (r"^white may not eliminate yet: (?P<n>\d+) more white turns? blocked after the unlock$",
     lambda m: f"白は解禁のあと、まだ{m['n']}回の番は排除できません。"),
    (r"^(?:chain )?(?P<t>.+) is not a legal move of (?P<s>\w+) here$",
     lambda m: f"今の盤では、{_side(m['s'])}はその手を指せません。"),
]]


def reason_ja(reason: str) -> str:
    """Return why a move is illegal, in Japanese, from the engine's English ``reason``.

    The sentence does not name the move; the page puts 「<typed text>」は指せません。 in front.

    Args:
        reason: the ``IllegalMoveError`` message.

    Returns:
        One or two Japanese sentences, or ``""`` for a reason no pattern knows.
    """
    for pattern, say in _PATTERNS:
        found = pattern.match(reason)
        if found:
            return say(found)
    return ""
