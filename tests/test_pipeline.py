"""The MkDocs-independent pipeline: marker expansion, errors at page line/column, filling."""

from __future__ import annotations

import shutil

import pytest

from banmen.content.errors import ContentErrors
from banmen.site.build import SiteBuild
from conftest import ROOT


#: A small project: what the marker tests look at (ukejalayer's diagrams and its first
#: puzzles), so that the edit-test loop does not draw every board of the site.
PARTS = ["rules.yaml", "diagrams/ukejalayer/board.yaml", "diagrams/ukejalayer/step.yaml",
         "puzzles/ukejalayer/p01-movable-count.yaml", "puzzles/ukejalayer/p02-reach-three.yaml",
         "puzzles/ukejalayer/p03-reach-two.yaml"]


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    root = tmp_path_factory.mktemp("project")
    for part in PARTS:
        (root / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / part, root / part)
    build = SiteBuild(root, progress=False, jobs=1)
    build.prepare()
    return build


def test_markers_become_tokens_and_tokens_become_fragments(build):
    ident = next(iter(build.content.diagrams))
    expansion = build.expand(f"# 見出し\n\n{{{{ diagram {ident} }}}}\n", "docs/x.md")
    (token, fragment), = expansion.tokens.items()
    assert token in expansion.markdown and "{{" not in expansion.markdown
    html = build.fill(f"<h1>見出し</h1>\n<p>{token}</p>", expansion.tokens)
    assert html == f"<h1>見出し</h1>\n{fragment}"
    assert fragment.startswith('<figure class="banmen-diagram"') and "<svg" in fragment


def test_an_indented_marker_stays_inside_its_admonition(build):
    ident = next(iter(build.content.diagrams))
    expansion = build.expand(f'!!! abstract "早わかり"\n    本文。\n\n    {{{{ diagram {ident} }}}}\n',
                             "docs/x.md")
    (token, _), = expansion.tokens.items()
    assert expansion.markdown == f'!!! abstract "早わかり"\n    本文。\n\n    \n\n    {token}\n\n    \n'


def test_puzzles_marker_numbers_puzzles_with_anchors(build):
    expansion = build.expand("{{ puzzles ukejalayer }}", "docs/x.md")
    names = sorted(i.split("/")[1] for i in build.content.puzzles if i.startswith("ukejalayer/"))
    assert "\n## 問題1　" in expansion.markdown
    assert f"{{#{names[0]}}}" in expansion.markdown
    # one token per puzzle, after the progress line of the game's puzzles, then the answers
    # collected for the printed sheet
    assert len(expansion.tokens) == len(names) + 2
    progress = expansion.tokens[expansion.markdown.split()[0]]
    answers = expansion.tokens[expansion.markdown.split()[-1]]
    assert answers.startswith('<section class="bm-answers" data-search-exclude><h2>解答</h2><ol>')
    assert answers.count("<li value=") == len(names)
    assert progress.startswith('<div class="bm-progress" data-game="ukejalayer" '
                               f'data-puzzles="ukejalayer/{names[0]} ')


def test_unknown_markers_and_ids_are_errors_at_their_place(build):
    with pytest.raises(ContentErrors) as caught:
        build.expand("text\n  {{ diagram ukejalayer/none }} and {{ figure a/b }}\n", "docs/p.md")
    assert [str(e) for e in caught.value.errors] == [
        "docs/p.md:2:14: unknown diagram id 'ukejalayer/none'",
        "docs/p.md:2:37: unknown marker 'figure' (expected one of: diagram, puzzle, puzzles, "
        "sequence, parameters, presets, simulation, progress, lesson, course, play, practice)",
    ]


def test_markers_in_fenced_code_are_left_alone(build):
    text = "```yaml\n{{ diagram nowhere/none }}\n```\n"
    assert build.expand(text, "docs/p.md").markdown == text


def test_parameters_marker_gives_a_table(build):
    markdown = build.expand("{{ parameters ukejalayer }}", "docs/p.md").markdown
    assert "| `white_delay` |" in markdown and "| `unlock` |" in markdown
