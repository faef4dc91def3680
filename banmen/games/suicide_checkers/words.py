"""Suicide checkers' words in Japanese (plain data, see :class:`banmen.contract.Words`): side
names, move kinds, the themes of mined puzzles, the outcomes and the reasons a move is refused
(the codes of :class:`banmen.game.IllegalMoveError` raised in :mod:`.notation`)."""

from __future__ import annotations

from banmen.games.suicide_checkers.kinds import KIND_NAMES

WORDS = {
    "name": "スーサイドチェッカー",
    "sides": {"black": "黒", "white": "白"},
    "kinds": dict(KIND_NAMES),
    # the themes of a mined puzzle, most telling first (its title names the first found):
    # the opponent made to take several at once, a king, the winner left without a move,
    # then the forced capture (nearly every line has one)
    "themes": [["reply", "chain", "まとめて取らせる"], ["move", "crown", "キング"],
               ["reply", "crown", "キング"], ["move", "chain", "連続跳び"],
               ["outcome", "^no legal move$", "動けなくなる"],
               ["reply", "capture", "強制取り"], ["outcome", "^no pieces$", "駒を全部渡す"]],
    "outcomes": [
        [r"^no pieces$", "自分の駒がすべてなくなりました。"],
        [r"^no legal move$", "指せる手がなくなりました。"],
        [r"^repetition$", "同じ局面がくり返されました。"],
        [r"^quiet moves$", "駒を取らない手が長く続きました。"],
    ],
    "reasons": {
        "capture_compulsory": "取れる駒があるときは、必ず取ります（取る手：{captures|list}）。",
        "no_capture": "この局面には取れる駒がありません。",
        "not_legal_capture": "そういう取り方はできません（取る手：{captures|list}）。",
        "not_legal": "この局面で指せる手は{legal|list}です。",
    },
    # what a reader may search for instead (banmen.site.search_forms): the term the pages
    # use first
    "synonyms": [
        ["スーサイドチェッカー", "チェッカー", "checkers", "checker", "draughts", "ドラフツ",
         "チェッカーズ"],
    ],
}
