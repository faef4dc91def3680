"""The rule parameters of the Ludo family and its three presets (``shared/rules/ludo.md``).

One :class:`LudoRules` model covers every preset: ``preset`` picks the defaults of every other
parameter, and any parameter may still be set on its own (site ``rules.yaml``, a puzzle's
``rules:``, ``--set ludo.PARAM=V``). A parameter left unset shows the preset's value, e.g.::

    >>> LudoRules(preset="easy").enter_on
    (5, 6)
    >>> LudoRules(preset="ludo", jumps=True).jumps
    True
    >>> preset_rules("aeroplane").overshoot
    'bounce'

Which parameters were set explicitly is kept (:meth:`Rules.explicit`), so that changing only the
preset later (a position's ``preset``, a puzzle's ``rules: {preset: ludo}``) keeps the explicit
ones and takes the rest from the new preset (see :func:`merge_rules`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from banmen.game import parse_rules
from banmen.params import Param, Rejected, Rules

#: preset id -> Japanese name (the app's labels in the source text).
PRESET_NAMES_JA: dict[str, str] = {"aeroplane": "飛行棋", "easy": "かんたん", "ludo": "ルドー"}

#: preset id -> the value of every preset-dependent parameter (``shared/rules/ludo.md``).
PRESETS: dict[str, dict[str, Any]] = {
    "aeroplane": {
        "colours": 2, "pieces": 4, "entry_square": "takeoff", "enter_on": (6,),
        "extra_roll_on_six": True, "jumps": True, "flights": True, "overshoot": "bounce",
        "third_six": "return_last", "three_tries": True, "safe_squares": False,
        "stop_at_first": False,
    },
    "easy": {
        "colours": 2, "pieces": 4, "entry_square": "takeoff", "enter_on": (5, 6),
        "extra_roll_on_six": True, "jumps": True, "flights": True, "overshoot": "finish",
        "third_six": "void_only", "three_tries": True, "safe_squares": False,
        "stop_at_first": False,
    },
    "ludo": {
        "colours": 2, "pieces": 4, "entry_square": "loop", "enter_on": (6,),
        "extra_roll_on_six": True, "jumps": False, "flights": False, "overshoot": "forbid",
        "third_six": "void_only", "three_tries": False, "safe_squares": True,
        "stop_at_first": False,
    },
}


class Rolls(tuple):
    """A tuple of die faces that prints as a list: ``Rolls((5, 6))`` shows ``[5, 6]``."""

    def __str__(self) -> str:
        return "[" + ", ".join(str(roll) for roll in self) + "]"

    __repr__ = __str__


_FROM_PRESET = "（省略時はプリセットの値）"


def _enter_on_rolls(value: Any) -> Rolls:
    """Read ``enter_on``: one roll or a non-empty list of rolls 1-6, kept sorted and unique."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, (list, tuple)) or not value or any(
            isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6
            for roll in value):
        raise Rejected("a non-empty list of rolls 1-6")
    return Rolls(sorted(set(value)))


def _field(description: str, ja: str, allowed_ja: str, **check: Any) -> Any:
    return Param(None, optional=True, description=description, ja=ja,
                 allowed_ja=allowed_ja + _FROM_PRESET, **check)


class LudoRules(Rules):
    """The parameters of ``shared/rules/ludo.md``; unset ones take the preset's value.

    Every field but ``preset`` accepts ``None`` (= the preset's value), which is replaced by
    that value when the object is built, so reading a field always gives a real value.

    Raises (through :func:`banmen.game.parse_rules`):
        RulesError: an unknown parameter or a value out of range.
    """

    preset = Param(
        "aeroplane",
        choices=("aeroplane", "easy", "ludo"),
        description="The preset whose values every parameter not set here takes "
                    "(aeroplane = 飛行棋, easy = かんたん, ludo = ルドー).",
        ja="プリセット（飛行棋 aeroplane・かんたん easy・ルドー ludo）。"
           "ほかのパラメータの既定値はここで決まる",
    )
    colours = _field(
        "Number of colours in the start position (2: red and blue; 3: red, yellow, blue; "
        "4: all); a position file lists its own colours.",
        "開始局面の色の数（2色は赤と青、3色は赤・黄・青）", "2〜4 の整数", choices=(2, 3, 4))
    pieces = _field(
        "Pieces per colour: 4, or 2 in the short game.", "1色の駒の数（2は短縮戦）", "`4`、`2`",
        choices=(4, 2))
    entry_square = _field(
        "Where an entered piece stands: the colour's own take-off square off the loop "
        "(progress 0; goal 56) or its start square on the loop (progress 1; goal 57).",
        "駒を出すマス（takeoff：外周の外の専用スタート地点、loop：外周上のスタートマス）",
        "`takeoff`、`loop`", choices=("takeoff", "loop"))
    enter_on = _field(
        "The rolls that bring a yard piece onto the board (entering uses the whole roll).",
        "陣地の駒を出せる出目", "1〜6 の出目のリスト（例：`[5, 6]`）",
        convert=_enter_on_rolls)
    extra_roll_on_six = _field(
        "A 6 gives another roll in the same turn, even when it could not be used.",
        "6が出たらもう1回振れる（6を使えなかったときも）", "はい／いいえ", kind=bool)
    jumps = _field(
        "After a normal arrival on a loop square of the piece's own colour (progress at most "
        "46), the piece jumps 4 to the next one.",
        "自分の色のマスに着いたら次の同じ色のマスへジャンプ（4マス先。外周をふつうに進んで着いたときだけ）",
        "はい／いいえ", kind=bool)
    flights = _field(
        "A piece arriving on its flight square (progress 18), normally or by a jump, flies "
        "12 to progress 30.",
        "18マス目の飛行マスに着いた駒は、点線をたどって30マス目まで飛ぶ", "はい／いいえ", kind=bool)
    overshoot = _field(
        "A roll larger than the distance to the goal: bounce back by the excess, count as "
        "reaching the goal, or forbid that piece's move.",
        "ゴールまでの残りより大きい出目（bounce：余りだけ戻る、finish：ゴール扱い、"
        "forbid：その駒は動かせない）", "`bounce`、`finish`、`forbid`",
        choices=("bounce", "finish", "forbid"))
    third_six = _field(
        "The third consecutive 6 of a turn is void and the turn passes; return_last also "
        "sends the piece last moved in the turn back to its yard unless it reached the goal.",
        "同じ番で3回連続の6（void_only：無効になるだけ、return_last：この番で最後に動かした"
        "ゴール前の駒も陣地へ戻る）", "`return_last`、`void_only`",
        choices=("return_last", "void_only"))
    three_tries = _field(
        "When every unfinished piece of the player is in the yard, the player may roll up to "
        "three times in the turn to get an entering number.",
        "陣地とゴール以外に駒が1つもないとき、駒を出せる目を求めて1回の番に3回まで振れる",
        "はい／いいえ", kind=bool)
    safe_squares = _field(
        "The four start squares and four star squares of the loop (T = 0, 8, 13, 21, 26, 34, "
        "39, 47) protect pieces from being sent back.",
        "スタートマスと星マスの8マスを安全マスにする（そこでは駒が戻されない）", "はい／いいえ",
        kind=bool)
    stop_at_first = _field(
        "The game ends when the first colour finishes, instead of playing on until every "
        "rank is decided.",
        "最初の色が上がった時点で対局を終える（いいえ：順位が全部決まるまで続ける）", "はい／いいえ",
        kind=bool)

    def _complete(self) -> None:
        # Unset parameters take the preset's value; explicit() still tells them apart.
        for name, value in PRESETS[self.preset].items():
            if self.__dict__[name] is None:
                self._fill(name, Rolls(value) if name == "enter_on" else value)

    @property
    def goal(self) -> int:
        """The goal's progress: 56 with the take-off square, 57 with the start on the loop."""
        return 56 if self.entry_square == "takeoff" else 57


def preset_names() -> tuple[str, ...]:
    """Return the preset ids in display order: ``("aeroplane", "easy", "ludo")``."""
    return tuple(PRESETS)


def preset_rules(name: str) -> LudoRules:
    """Return the rules of preset ``name`` with every parameter at the preset's value.

    Raises:
        RulesError: ``name`` is not a preset (the message lists them).
    """
    return parse_rules(LudoRules, {"preset": name})  # type: ignore[return-value]


def preset_parameters() -> tuple[str, ...]:
    """Return the names of the parameters a preset decides (every field but ``preset``), in
    declaration order: the rows of a preset comparison table."""
    return tuple(name for name in LudoRules.params() if name != "preset")


def merge_rules(rules: LudoRules, overrides: Mapping[str, Any]) -> LudoRules:
    """Return ``rules`` with ``overrides`` applied: explicit parameters of ``rules`` are kept
    unless overridden; everything else comes from the (possibly new) preset.

    Raises:
        RulesError: an override is unknown or out of range.
    """
    merged = {**rules.explicit(), **dict(overrides)}
    return parse_rules(LudoRules, merged)  # type: ignore[return-value]


#: parameter -> value -> Japanese wording for tables (booleans: True / False).
_VALUES_JA: dict[str, dict[Any, str]] = {
    "entry_square": {"takeoff": "専用スタート地点（外周の外）", "loop": "外周のスタートマス"},
    "extra_roll_on_six": {True: "あり", False: "なし"},
    "jumps": {True: "あり", False: "なし"},
    "flights": {True: "あり", False: "なし"},
    "overshoot": {"bounce": "余りの分だけ戻る", "finish": "ゴール扱い",
                  "forbid": "ぴったりのみ（超える駒は動かせない）"},
    "third_six": {"return_last": "無効＋最後に動かした駒が陣地へ", "void_only": "無効のみ"},
    "three_tries": {True: "あり", False: "なし"},
    "safe_squares": {True: "あり", False: "なし"},
    "stop_at_first": {True: "最初の上がりで終了", False: "順位が決まるまで続ける"},
}


def value_ja(name: str, value: Any) -> str:
    """Return parameter ``name``'s ``value`` in Japanese for a table: ``("enter_on", (5, 6))``
    -> ``"5・6"``, ``("pieces", 4)`` -> ``"4個"``, ``("overshoot", "bounce")`` -> ``"余りの分だけ
    戻る"``, booleans ``"あり"`` / ``"なし"``.

    Raises:
        KeyError: an unknown parameter or value.
    """
    if name == "enter_on":
        return "・".join(str(roll) for roll in value)
    if name == "pieces":
        return f"{value}個"
    if name == "colours":
        return f"{value}色"
    if name == "preset":
        return PRESET_NAMES_JA[value]
    return _VALUES_JA[name][value]


def preset_table() -> list[tuple[str, str, dict[str, str]]]:
    """Return the rows of a preset comparison table, computed from :func:`preset_rules`:
    ``(parameter, Japanese label, {preset id: value in Japanese})`` for every parameter a
    preset decides, in declaration order."""
    presets = {name: preset_rules(name) for name in preset_names()}
    rows = []
    for name in preset_parameters():
        label = LudoRules.params()[name].ja
        rows.append((name, label, {p: value_ja(name, getattr(r, name))
                                   for p, r in presets.items()}))
    return rows
