"""ルドー's words in Japanese (plain data, see :class:`banmen.contract.Words`): colour names,
move kinds, the outcome and the reasons a move is refused (the codes of
:class:`banmen.game.IllegalMoveError` raised in :mod:`.notation`)."""

from __future__ import annotations

from banmen.games.ludo.kinds import KIND_NAMES

WORDS = {
    "name": "ルドー",
    "sides": {"red": "赤", "yellow": "黄", "blue": "青", "green": "緑"},
    "kinds": dict(KIND_NAMES),
    "themes": [],
    "outcomes": [
        [r"^ranking: (?P<l>[a-z]+ \d+(?:, [a-z]+ \d+)*)$", "順位：{l|ranks}。"],
    ],
    # a progress as the notation writes it (yard, goal or the number of squares along the
    # track), as the pages say it: 陣地, ゴール, 「10マス目」
    "values": {"place": {"yard": "陣地", "goal": "ゴール",
                         **{str(n): f"{n}マス目" for n in range(100)}}},
    "reasons": {
        "game_over": "対局はもう終わっています。",
        "roll_stated": "サイコロの目（{roll}）はもう出ています。駒を進めるか、パスします。",
        "no_roll": "まだサイコロを振っていません。先にサイコロを振ります。",
        "cannot_pass": "{pieces|list}が{roll}の目で進めるので、パスはできません。",
        "void_six": "3回目の6は無効です。パスするしかありません。",
        "not_your_turn": "今は{side|side}の番で、{written|side}の番ではありません。",
        "no_such_piece": "{side|side}の駒は{count}個なので、{piece}はありません。",
        "piece_elsewhere": "{piece}がいるのは{where|place}で、{written|place}ではありません。",
        "yard_needs": "{piece}は陣地にいます。陣地から出られるのは、{rolls|list}の目のときだけです。",
        "at_goal": "{piece}はもうゴールに入っています。",
        "overshoot": "{piece}は{roll}の目ではゴールを通り越してしまうので、進めません。",
        "wrong_end": "{piece}が{roll}の目で着くのは{end|place}で、{written|place}ではありません。",
    },
    # what a reader may search for instead (banmen.site.search_forms): the term the pages
    # use first
    "synonyms": [
        ["ルドー", "ludo"],
    ],
}
