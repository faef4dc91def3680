"""Why a typed move is illegal, in Japanese (banmen/site/reasons.py): every reason the
engines give for the illegal moves move puzzles export has its sentence."""

from __future__ import annotations

import pytest

from banmen.site.reasons import reason_ja
from conftest import checked_project


@pytest.fixture(scope="module")
def content():
    return checked_project()


def _nodes(node):
    yield node
    for edge in node["right"].values():
        if edge["next"]:
            yield from _nodes(edge["next"])


def test_every_exported_reason_has_a_japanese_sentence(content):
    seen = 0
    for puzzle in content.puzzles.values():
        if puzzle.answer["kind"] != "move":
            continue
        for node in _nodes(puzzle.answer["root"]):
            for text, reason in node["illegal"].values():
                seen += 1
                assert reason_ja(reason), (puzzle.ident, text, reason)
    assert seen > 1000


@pytest.mark.parametrize(("reason", "sentence"), [
    ("'13-18' is not a legal move here (legal: 9-13, 10-14)",
     "この局面で指せる手は9-13、10-14です。"),
    ("'9-13' is not legal: a capture is compulsory here (captures: 10x19)",
     "取れる駒があるときは、必ず取ります（取る手：10x19）。"),
    ("no green piece on 11", "11に緑の駒はありません。"),
    ("a 4 cannot capture a 4", "目玉4の駒は、目玉4の駒を取れません。"),
    ("the top doll on c8 is L, not M", "c8のいちばん上の人形は大（L）で、中（M）ではありません。"),
    ("the top doll on b4 is grey's, not black's", "b4のいちばん上の人形は灰の人形で、黒の人形ではありません。"),
    ("white has no pieces in hand to summon on a2", "白には持ち駒がないので、a2に召喚できません。"),
    ("d1 has only 2 white pieces on top, cannot lose 3", "d1の上にある白の駒は2枚だけなので、3枚は動かせません。"),
    ("something new the engine says", ""),
])
def test_reasons_read_as_japanese(reason, sentence):
    assert reason_ja(reason) == sentence
