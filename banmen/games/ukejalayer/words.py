"""ウケジャレイヤー's words in Japanese (plain data, see :class:`banmen.contract.Words`): side
names, move kinds, the themes of mined puzzles, the outcome and the reasons a move is refused
(the codes of :class:`banmen.game.IllegalMoveError` raised in :mod:`.notation` and
:mod:`.game`)."""

from __future__ import annotations

from banmen.games.ukejalayer.kinds import KIND_NAMES

WORDS = {
    "name": "ウケジャレイヤー",
    "sides": {"white": "白", "black": "黒"},
    "kinds": dict(KIND_NAMES),
    "themes": [["move", "link", "連携"], ["move", "eliminate", "排除"],
               ["move", "summon", "召喚"]],
    "outcomes": [
        [r"^no legal action$", "相手に指せる手がなくなりました。"],
    ],
    "reasons": {
        "not_legal": "今の盤では、{side|side}はその手を指せません。",
        "no_hand": "{side|side}の手駒はもう残っていないので、{square}に召喚できません。",
        "topped_by_other": "{square}の一番上は{other|side}の駒なので、{side|side}はそこで排除できません。",
        "nothing_to_eliminate": "{square}の山には{other|side}の駒が入っていないので、排除できません。",
        "hand_not_empty": "手駒が{count}枚残っているあいだは、排除できません。",
        "not_unlocked": "排除はまだ解禁されていません。",
        "white_waits": "白は解禁のあと、まだ{turns}回の番は排除できません。",
        "cannot_lose_none": "{square}の一番上は{side|side}の駒ではないので、そこから駒は運び出せません。",
        "cannot_lose": "{square}の一番上に続く{side|side}の駒は{run}枚だけなので、{count}枚は運び出せません。",
        "no_chain": ("{side|side}の駒をどんな道順で運んでも、書かれたとおりに駒が増えたり減ったり"
                     "することはありません。"),
        "unchanged": "その運び方では盤が元のままです。何もしないのと同じ手は指せません。",
        "cannot_carry_none": "{square}の一番上は{side|side}の駒ではないので、そこから駒は運べません。",
        "cannot_carry": "{square}の一番上に続く{side|side}の駒は{run}枚だけなので、{count}枚は運べません。",
        "cannot_carry_on": ("{square}に着いたところで一番上に続く{side|side}の駒は{run}枚です。"
                            "通ったマスには1枚以上残すので、{count}枚は先へ運べません。"),
        "not_next": "{square}は{previous}の縦か横のとなりではありません。駒は1マスずつ運びます。",
    },
    # what a reader may search for instead (banmen.site.search_forms): the term the pages
    # use first; the rules page says 一番上, never てっぺん (tests/test_terms.py)
    "synonyms": [
        ["ウケジャレイヤー", "ukejalayer"],
        ["一番上", "てっぺん"],
    ],
}
