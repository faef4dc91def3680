"""One term per thing within a game: a game's pages, lesson, puzzles, diagram captions and
sequences call one thing by one name (the name its rules page uses), and the lessons state the
rules that a step teaches in the rules page's own sentences.

The terms are checked per game, because the same word may name different things in two
games: ルドー's 陣地 is where pieces wait before they enter the board, a name バブーシュカ does
not use for its ゴールのマス; ルドー's 飛び越す is a piece flying over another along the 飛行
line, not the capture or jump of the checkers games; ウケジャレイヤー's 出発点 is the square a
move starts from, not ルドー's 専用スタート地点.
"""

from __future__ import annotations

import re

import pytest
import yaml

from banmen.game import game_class
from conftest import ROOT
from test_own_words import VisibleText

#: (game, the term its rules page uses, the other spellings that must not come back)
TERMS = [
    ("suicide-checkers", "飛び越え", ["跳び越"]),
    ("babuschka", "飛び越え", ["跳び越"]),
    ("babuschka", "ゴールのマス", ["陣地"]),
    ("babuschka", "ななめ", ["斜め"]),
    ("babuschka", "よこ", ["横"]),
    ("ludo", "専用スタート地点", ["出発点"]),
    ("ukejalayer", "一番上", ["てっぺん", "いちばん上"]),
]

#: the folders that hold a game's reader-visible text, one subfolder (or file) per game
SOURCES = ("docs/{game}", "lessons/{game}", "puzzles/{game}", "diagrams/{game}", "sequences/{game}")


def _home_section(game: str) -> str:
    """The home page's section on ``game`` (from its ``###`` heading, which starts with the
    game's name, to the next heading of that level or above); the lines outside it are left
    empty, so that line numbers stay those of ``docs/index.md``."""
    lines = (ROOT / "docs" / "index.md").read_text(encoding="utf-8").splitlines()
    name = game_class(game).name_ja
    start = next(i for i, line in enumerate(lines) if line.startswith(f"### {name}"))
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"#{1,3} ", lines[i])),
               len(lines))
    return "\n".join(line if start <= i < end else "" for i, line in enumerate(lines))


def _texts(game: str) -> dict[str, str]:
    """Every page (Markdown) and content file (YAML) of ``game``, and its section of the home
    page, by path from the root."""
    found: dict[str, str] = {"docs/index.md": _home_section(game)}
    for pattern in SOURCES:
        folder = ROOT / pattern.format(game=game)
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".md", ".yaml", ".yml"):
                found[path.relative_to(ROOT).as_posix()] = path.read_text(encoding="utf-8")
    return found


def _places(texts: dict[str, str], word: str) -> list[str]:
    """``path:line: line`` for every line of ``texts`` holding ``word``."""
    return [f"{name}:{number}: {line.strip()}"
            for name, text in texts.items()
            for number, line in enumerate(text.splitlines(), start=1) if word in line]


@pytest.mark.parametrize(("game", "term", "others"), TERMS,
                         ids=[f"{game}-{n}" for n, (game, _, _) in enumerate(TERMS)])
def test_a_game_calls_each_thing_by_the_name_its_rules_page_uses(game, term, others):
    texts = _texts(game)
    assert f"docs/{game}/rules.md" in texts and any(n.startswith("lessons/") for n in texts)
    assert game_class(game).name_ja in texts["docs/index.md"]
    assert term in texts[f"docs/{game}/rules.md"], f"the rules page uses {term}"
    for other in others:
        assert _places(texts, other) == [], f"{other} where the rules page says {term}"


def test_the_checker_finds_a_line_with_the_other_spelling():
    texts = {"lessons/x/a.yaml": "text: |\n  d3を跳び越えます。\n", "docs/x/b.md": "# 飛び越え\n"}
    assert _places(texts, "跳び越") == ["lessons/x/a.yaml:2: d3を跳び越えます。"]


@pytest.mark.parametrize(("game", "term", "others"), TERMS,
                         ids=[f"{game}-{n}" for n, (game, _, _) in enumerate(TERMS)])
def test_built_pages_of_a_game_keep_to_one_term(built_site, game, term, others):
    """The same on the built pages, which also carry text the engines and the build write
    (move reasons, legends, preset tables)."""
    seen = ""
    for page in sorted((built_site / game).rglob("index.html")):
        parser = VisibleText()
        parser.feed(page.read_text(encoding="utf-8"))
        text = parser.text()
        seen += text
        for other in others:
            assert other not in text, f"{page.relative_to(built_site)}: {other}"
    assert term in seen


# ----------------------------------------------------------------- lessons say what rules say

def _plain(markdown: str) -> str:
    """``markdown`` without emphasis marks, list bullets and line breaks."""
    text = re.sub(r"^\s*[-*] ", "", markdown, flags=re.MULTILINE)
    return text.replace("**", "").replace("\n", "")


def _lesson_text(game: str) -> str:
    data = yaml.safe_load((ROOT / "lessons" / game / "first-game.yaml").read_text(encoding="utf-8"))
    return _plain("\n".join(step["text"] for step in data["steps"]))


def _rules_section(game: str, anchor: str) -> str:
    """The rules page's Markdown from the heading with ``{#anchor}`` to the next heading of
    the same or a higher level."""
    text = (ROOT / "docs" / game / "rules.md").read_text(encoding="utf-8")
    start = re.search(rf"^(#+) .*\{{#{anchor}\}}$", text, flags=re.MULTILINE)
    assert start, anchor
    level = len(start.group(1))
    end = re.compile(rf"^#{{1,{level}}} ", flags=re.MULTILINE).search(text, start.end())
    return _plain(text[start.end():end.start() if end else len(text)])


#: sentences a lesson step teaches, word for word as the rules page's section states them
SAME_SENTENCES = [
    ("medamagaeru", "repetition", [
        "仕掛け方の番に、前にも出たことのある局面になっていたら、仕掛け方はまだ一度も出ていない"
        "局面になる手を指さなければなりません。",
        "これを打開と言います。",
        "「前に出たことがあるか」は、対局のはじめからではなく、最後に仕掛け方が替わった手の、"
        "1手前の局面から数えます。",
    ]),
    ("ukejalayer", "unlock", [
        "どちらかの手駒がはじめて0枚になった手番の終わりが、解禁の時点です。",
        "黒は、解禁の時点よりあとの自分の番なら、いつでも排除ができます。",
        "白は、解禁の時点のあと、最初の N 回（N＝1 なら1回）の自分の番では、まだ排除ができません。",
        "その次の白番からできるようになります。",
    ]),
]


@pytest.mark.parametrize(("game", "anchor", "sentences"), SAME_SENTENCES,
                         ids=[game for game, _, _ in SAME_SENTENCES])
def test_the_lesson_states_the_rule_in_the_rules_page_sentences(game, anchor, sentences):
    rules = _rules_section(game, anchor)
    lesson = _lesson_text(game)
    for sentence in sentences:
        assert sentence in rules, f"rules.md#{anchor} no longer says: {sentence}"
        assert sentence in lesson, f"the {game} lesson does not say: {sentence}"


def test_the_ukejalayer_unlock_step_plays_the_first_white_turn_after_the_unlock():
    """The step that tells white to wait is the first white turn after the unlock: both hands
    are empty and white still waits one turn (``white_wait: 1``, N＝1)."""
    data = yaml.safe_load((ROOT / "lessons/ukejalayer/first-game.yaml").read_text(encoding="utf-8"))
    step = next(s for s in data["steps"] if "解禁の時点です" in s["text"])
    assert step["position"]["hands"] == {"white": 0, "black": 0}
    assert step["position"]["white_wait"] == 1
    assert step["expect"] == {"moves": ["a1a2"]}
