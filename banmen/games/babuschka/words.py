"""バブーシュカ's words in Japanese (plain data, see :class:`banmen.contract.Words`): side and
seat names, the dolls' colour of each seat, move kinds, the themes of mined puzzles, the
outcomes and the reasons a move is refused (the codes of :class:`banmen.game.IllegalMoveError`
raised in :mod:`.notation` and :mod:`.moves`)."""

from __future__ import annotations

from banmen.games.babuschka.kinds import KIND_NAMES

WORDS = {
    "name": "バブーシュカ",
    "sides": {"black": "黒", "grey": "灰", "south": "南", "west": "西", "north": "北",
              "east": "東"},
    # the dolls' colour of each seat of 4-player バブーシュカ, as the rules page names them
    # (the side menu says 「南（こい藍色）」, so that a reader knows which dolls are theirs)
    "seat_colours": {"south": "こい藍色", "west": "赤", "north": "緑", "east": "黄色"},
    "kinds": dict(KIND_NAMES),
    "themes": [["move", "chain", "連続ジャンプ"], ["move", "jump", "ジャンプ"],
               ["move", "cover", "かぶせる手"]],
    "outcomes": [
        [r"^all nests home$", "人形をすべてゴールに入れました。"],
        [r"^ranking: (?P<l>[a-z, ]+); the others passed in a row and stay unranked$",
         "ゴールした順：{l|sides}。ほかの人は続けてパスしたので順位なしです。"],
        [r"^every player passed in a row$", "全員が続けてパスしました。"],
        [r"^ranking: (?P<l>[a-z]+(?:, [a-z]+)*)$", "ゴールした順：{l|sides}。"],
    ],
    "values": {"size": {"S": "小", "M": "中", "L": "大"}},
    "reasons": {
        "game_over": "対局はもう終わっています。",
        "cannot_pass": "{side|side}には指せる手があるので、パスはできません（たとえば{example}）。",
        "must_pass": "{side|side}には指せる手がないので、パスするしかありません。",
        "wrong_seat": "今は{side|side}の番で、{written|side}の番ではありません。",
        "empty": "{square}には何もありません。",
        "not_own_doll": "{square}の一番上の人形は{owner|side}の人形で、{side|side}の人形ではありません。",
        "wrong_size": "{square}の一番上の人形は{size|size}（{size}）で、{written|size}（{written}）ではありません。",
        "jump_backward": "後ろへ戻る手です。人形は前・ななめ前・よこにしか進めません。",
        "step_backward": "後ろへ戻る手です。人形は前・ななめ前・よこにしか進めません。",
        "not_a_jump": "ジャンプにはなりません。ジャンプは一直線に2マス先へ着地します。",
        "not_a_step": ("ふつうの移動で進めるのは1マスだけです。ジャンプなら、着地するマスを x で"
                       "つないで書きます。"),
        "nothing_to_jump": "{over}に人形がないので、飛び越せません。",
        "flies_over_goal": "ほかの人のゴールのマス{over}を飛び越すことになります。",
        "goal_of_other": "{square}はほかの人のゴールのマスなので、そこには止まれません。",
        "not_smaller": ("{square}の一番上の人形（{size|size}）が動かす人形（{mover|size}）より"
                        "小さくないので、そこには入れません。"),
        "chain_returns": "跳んだ先が元のマス{square}にもどるので、動いたことになりません。",
        "not_legal": "今の局面では、その手は指せません。",
    },
    # what a reader may search for instead (banmen.site.search_forms): the term the pages
    # use first
    "synonyms": [
        ["バブーシュカ", "babuschka", "babushka"],
    ],
}
