"""The site pipeline, independent of MkDocs: check -> render -> expand page markers.

Pages embed content with markers on a line of their own::

    {{ diagram ukejalayer/summon }}      one figure
    {{ puzzle ukejalayer/p001 }}         one puzzle
    {{ puzzles ukejalayer }}             every puzzle of a game, numbered, with headings
    {{ sequence ukejalayer/opening }}    a step-through sequence
    {{ parameters ukejalayer }}          the table of rule parameters
    {{ progress ukejalayer }}            the reader's progress on a game's puzzles

Markers inside fenced code blocks are left as they are, so pages can show them.

:meth:`SiteBuild.expand` turns markers into Markdown (headings, tables) plus placeholder
tokens; :meth:`SiteBuild.fill` swaps the tokens in the finished HTML for the fragments. A
marker naming an unknown id is an error at the page's line and column.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from banmen.content.check import check_project
from banmen.content.errors import ContentError, ContentErrors
from banmen.content.items import Content
from banmen.game import game_ids
from banmen.render import render_svg
from banmen.render.board import DiagramSpec
from banmen.site import html as fragments
from banmen.site.parameters import parameters_markdown

MARKER = re.compile(r"\{\{\s*(\w+)\s+([^\s}]+)\s*\}\}")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_TOKEN = "BANMENEMBED{:05d}"
_TOKEN_RE = re.compile(r"(?:<p>)?(BANMENEMBED\d{5})(?:</p>)?")
MARKER_KINDS = ("diagram", "puzzle", "puzzles", "sequence", "parameters", "progress")


@dataclass
class PageExpansion:
    """The result of expanding one page's markers.

    Attributes:
        markdown: the page text with markers replaced by Markdown and tokens.
        tokens: token -> HTML fragment to put in its place.
    """

    markdown: str
    tokens: dict[str, str] = field(default_factory=dict)


class SiteBuild:
    """Checks all content and renders every board once; then serves page fragments.

    Args:
        root: the project root.
        rule_overrides: game id -> rule parameter overrides on top of ``rules.yaml``.
        progress: show a progress bar while rendering (on standard error).

    Call :meth:`prepare` first; it raises :class:`ContentErrors` when content is broken.
    """

    def __init__(self, root: Path, rule_overrides: Mapping[str, Mapping[str, Any]] | None = None,
                 progress: bool = True):
        self.root = root
        self.rule_overrides = rule_overrides
        self.progress = progress
        self.content = Content()
        self.svgs: dict[str, str] = {}
        self._counter = 0

    # ---- check and render

    def all_specs(self) -> list[tuple[Any, DiagramSpec]]:
        """Return (game, spec) for every board the site shows, in a stable order."""
        specs: list[tuple[Any, DiagramSpec]] = []
        for diagram in self.content.diagrams.values():
            specs.append((diagram.game, diagram.spec))
        for puzzle in self.content.puzzles.values():
            specs.append((puzzle.game, puzzle.spec))
            specs.extend((puzzle.game, frame) for frame in puzzle.frames)
        for sequence in self.content.sequences.values():
            specs.extend((sequence.game, frame.spec) for frame in sequence.frames)
        return specs

    def prepare(self) -> None:
        """Check every content file, then render every board.

        Raises:
            ContentErrors: the content has problems; nothing is rendered.
        """
        self.content = check_project(self.root, rule_overrides=self.rule_overrides)
        specs = self.all_specs()
        bar = tqdm(specs, desc="banmen: drawing boards", unit="board", file=sys.stderr,
                   disable=not self.progress, leave=False)
        self.svgs = {spec.ident: render_svg(game, spec) for game, spec in bar}

    def svg_of(self, spec: DiagramSpec) -> str:
        """Return the rendered SVG of ``spec`` (drawn during :meth:`prepare`)."""
        return self.svgs[spec.ident]

    # ---- pages

    def _token(self, expansion: PageExpansion, fragment: str) -> str:
        self._counter += 1
        token = _TOKEN.format(self._counter)
        expansion.tokens[token] = fragment
        return f"\n\n{token}\n\n"

    def _replacement(self, kind: str, ident: str, expansion: PageExpansion) -> str | None:
        content = self.content
        if kind == "diagram" and ident in content.diagrams:
            return self._token(expansion, fragments.diagram_html(content.diagrams[ident],
                                                                 self.svg_of))
        if kind == "puzzle" and ident in content.puzzles:
            return self._token(expansion, fragments.puzzle_html(content.puzzles[ident], 1,
                                                                self.svg_of))
        if kind == "sequence" and ident in content.sequences:
            return self._token(expansion, fragments.sequence_html(content.sequences[ident],
                                                                  self.svg_of))
        if kind == "parameters" and ident in content.games:
            return "\n" + parameters_markdown(content.games[ident]) + "\n"
        if kind == "progress" and ident in game_ids():
            idents = [p.ident for p in content.puzzles.values() if p.game.id == ident]
            return self._token(expansion, fragments.progress_html(ident, idents))
        if kind == "puzzles" and ident in game_ids():
            puzzles = [p for p in content.puzzles.values() if p.game.id == ident]
            parts = [self._token(expansion, fragments.progress_html(
                ident, [p.ident for p in puzzles]))]
            for number, puzzle in enumerate(puzzles, start=1):
                anchor = puzzle.ident.split("/", 1)[1]
                parts.append(f"\n### 問題{number}　{puzzle.model.title} {{#{anchor}}}\n")
                parts.append(self._token(expansion,
                                         fragments.puzzle_html(puzzle, number, self.svg_of)))
            return "".join(parts)
        return None

    def expand(self, markdown: str, source: str) -> PageExpansion:
        """Replace the markers of one page.

        Args:
            markdown: the page's Markdown.
            source: the page's file name for messages (``docs/ukejalayer/rules.md``).

        Raises:
            ContentErrors: a marker has an unknown kind or names an unknown id.
        """
        expansion = PageExpansion(markdown)
        errors: list[ContentError] = []
        out: list[str] = []
        fence: str | None = None
        for line_no, line in enumerate(markdown.split("\n"), start=1):
            pos = 0
            # Markers inside fenced code blocks are shown, not expanded (authoring examples).
            opening = _FENCE.match(line)
            if opening and (fence is None or opening.group(1).startswith(fence)):
                fence = opening.group(1)[:3] if fence is None else None
            for match in (MARKER.finditer(line) if fence is None and not opening else ()):
                kind, ident = match.group(1), match.group(2)
                out.append(line[pos:match.start()])
                pos = match.end()
                replacement = None
                if kind not in MARKER_KINDS:
                    errors.append(ContentError(source, line_no, match.start() + 1,
                                               f"unknown marker '{kind}' (expected one of: "
                                               f"{', '.join(MARKER_KINDS)})"))
                else:
                    replacement = self._replacement(kind, ident, expansion)
                    if replacement is None:
                        errors.append(ContentError(source, line_no, match.start(2) + 1,
                                                   f"unknown {kind} id '{ident}'"))
                out.append(replacement or "")
            out.append(line[pos:] + "\n")
        if errors:
            raise ContentErrors(errors)
        expansion.markdown = "".join(out)[:-1]
        return expansion

    @staticmethod
    def fill(html: str, tokens: Mapping[str, str]) -> str:
        """Put each token's fragment into the page HTML (tokens end up in ``<p>`` tags)."""
        if not tokens:
            return html
        return _TOKEN_RE.sub(lambda m: tokens.get(m.group(1), m.group(0)), html)
