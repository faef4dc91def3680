"""めだまがえる's words in Japanese (plain data, see :class:`banmen.contract.Words`): side
names, move kinds, the themes of mined puzzles, the outcomes and the reasons a move is refused
(the codes of :class:`banmen.game.IllegalMoveError` raised in :mod:`.notation`)."""

from __future__ import annotations

from banmen.games.medamagaeru.kinds import KIND_NAMES

WORDS = {
    "name": "めだまがえる",
    "sides": {"green": "緑", "white": "白"},
    "kinds": dict(KIND_NAMES),
    # the themes of a mined puzzle, most telling first (its title names the first found)
    "themes": [["move", "promote", "成り"], ["reply", "capture", "取らせる"],
               ["outcome", "judgement", "２対２の判定"],
               ["outcome", "^repetition duty", "千日手の打開"],
               ["outcome", "^no legal move$", "指せる手をなくす"],
               ["move", "capture", "取る手"]],
    "outcomes": [
        [r"^no legal move$", "指せる手がなくなりました。"],
        [r"^repetition duty: no move to a new position$",
         "千日手の決まりで、前にない局面へ進める手がなくなりました。"],
        [r"^(?P<n>first|second|third|fourth|fifth|\d+) capture$", "決められた数の駒を取りました。"],
        [r"^(?P<s>\d+-\d+) judgement: neither side can capture anything$",
         "{s}の判定：どちらも相手の駒を取れません。"],
        [r"^(?P<s>\d+-\d+) judgement: (?P<side>\w+) can capture nothing$",
         "{s}の判定：{side|side}はもう相手の駒を取れません。"],
        [r"^no winning capture within (?P<n>\d+) plies of (?P<s>\d+-\d+)$",
         "{s}になってから{n}手のあいだに、勝ちを決める取りがありませんでした。"],
    ],
    "reasons": {
        "game_over": "対局はもう終わっています。",
        "not_adjacent": "{square}と{target}はとなり合っていません。",
        "repetition": "前にあった局面にもどす手は、千日手の決まりで禁じられています。",
        "no_own_piece": "{square}に{side|side}のかえるはいません。",
        "wrong_eyes": "{square}の{side|side}のかえるは目玉{eyes}で、目玉{written}ではありません。",
        "not_promoted": "{square}のかえるは成っていません。",
        "nothing_to_capture": "{square}には取れるかえるがいません。",
        "own_piece_there": "{square}には{side|side}のかえるがいるので、そこへは動けません。",
        "cannot_capture": "目玉{eyes}のかえるは、目玉{other}のかえるを取れません。",
        "write_capture": "{square}には{side|side}の{eyes}がいます。取るなら{written}と書きます。",
        "promote_needs_capture": "成れるのは、相手のかえるを取る手のときだけです。",
        "already_promoted": "{square}のかえるはもう成っています。成れるのは1回だけです。",
    },
    # what a reader may search for instead (banmen.site.search_forms): the term the pages
    # use first
    "synonyms": [
        ["めだまがえる", "medamagaeru"],
    ],
}
