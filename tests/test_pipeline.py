"""The MkDocs-independent pipeline: marker expansion, errors at page line/column, filling."""

from __future__ import annotations

import pytest

from banmen.content.errors import ContentErrors
from banmen.site.build import SiteBuild
from conftest import ROOT


@pytest.fixture(scope="module")
def build():
    build = SiteBuild(ROOT, progress=False)
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
        "sequence, parameters, presets, simulation, progress)",
    ]


def test_markers_in_fenced_code_are_left_alone(build):
    text = "```yaml\n{{ diagram nowhere/none }}\n```\n"
    assert build.expand(text, "docs/p.md").markdown == text


def test_parameters_marker_gives_a_table(build):
    markdown = build.expand("{{ parameters ukejalayer }}", "docs/p.md").markdown
    assert "| `white_delay` |" in markdown and "| `unlock` |" in markdown
