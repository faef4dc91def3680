"""The site pipeline, independent of MkDocs: check -> render -> expand page markers.

Pages embed content with markers on a line of their own::

    {{ diagram ukejalayer/summon }}      one figure
    {{ puzzle ukejalayer/p001 }}         one puzzle
    {{ puzzles ukejalayer }}             every puzzle of a game, numbered, with headings
    {{ sequence ukejalayer/opening }}    a step-through sequence
    {{ parameters ukejalayer }}          the table of rule parameters
    {{ presets ludo }}                   the comparison table of a game's presets
    {{ simulation ludo }}                the figure of simulated game lengths per preset

Markers inside fenced code blocks and inline code are left as they are, so pages can show
them; any other ``{{`` that does not start a whole marker is an error.

:meth:`SiteBuild.expand` turns markers into Markdown (headings, tables) plus placeholder
tokens; :meth:`SiteBuild.fill` swaps the tokens in the finished HTML for the fragments. A
marker naming an unknown id is an error at the page's line and column.
"""

from __future__ import annotations

import html
import re
import secrets
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
from banmen.site.presets import has_presets, presets_markdown, simulation_html

MARKER = re.compile(r"\{\{\s*(\w+)\s+([^\s}]+)\s*\}\}")
_MARKER_START = re.compile(r"\{\{")
_CODE_SPAN = re.compile(r"(`+).+?\1")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
#: Characters Python-Markdown lets a backslash escape, and other characters extensions read
#: (tables, attribute lists, footnotes); a title's are escaped so it stays text.
_BACKSLASH_ESCAPABLE = set("\\`*_{}[]()#+-.!")
_OTHER_SPECIALS = set(":=|~^$%")
_SAFE_ID = re.compile(r"[^A-Za-z0-9_-]+")
MARKER_KINDS = ("diagram", "puzzle", "puzzles", "sequence", "parameters", "presets",
                "simulation")


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
        self.simulations: dict[str, str] = {}
        self._counter = 0
        # Placeholder tokens carry a random nonce per build, so no authored text can forge one.
        self._token_prefix = f"BANMENEMBED{secrets.token_hex(8).upper()}X"
        self._token_re = re.compile(rf"(?:<p>)?({self._token_prefix}\d+)(?:</p>)?")

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
        self.svgs = {spec.ident: fragments.without_metadata(render_svg(game, spec)) for game, spec in bar}

    def svg_of(self, spec: DiagramSpec) -> str:
        """Return the rendered SVG of ``spec`` (drawn during :meth:`prepare`), without
        matplotlib's RDF ``<metadata>`` block (its "image/svg+xml banmen" text would otherwise
        be read into the site's search index once per board)."""
        return self.svgs[spec.ident]

    # ---- pages

    def _token(self, expansion: PageExpansion, fragment: str) -> str:
        self._counter += 1
        token = f"{self._token_prefix}{self._counter}"
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
        if kind == "presets" and ident in content.games and has_presets(ident):
            return "\n" + presets_markdown(content.games[ident]) + "\n"
        if kind == "simulation" and ident in content.games and has_presets(ident):
            if ident not in self.simulations:  # drawn once per build, on first use
                self.simulations[ident] = simulation_html(content.games[ident])
            return self._token(expansion, self.simulations[ident])
        if kind == "puzzles" and ident in game_ids():
            puzzles = [p for p in content.puzzles.values() if p.game.id == ident]
            parts = []
            for number, puzzle in enumerate(puzzles, start=1):
                anchor = safe_anchor(puzzle.ident.split("/", 1)[1])
                title = markdown_text(puzzle.model.title)
                parts.append(f"\n### 問題{number}　{title} {{#{anchor}}}\n")
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
            active = fence is None and not opening
            code = [m.span() for m in _CODE_SPAN.finditer(line)] if active else []
            matches = [m for m in (MARKER.finditer(line) if active else ())
                       if not _inside(m.start(), code)]
            for start in (m.start() for m in _MARKER_START.finditer(line) if active):
                if not _inside(start, code) and not any(m.start() == start for m in matches):
                    errors.append(ContentError(source, line_no, start + 1,
                                               "unterminated or malformed marker: expected "
                                               "'{{ <kind> <id> }}' on one line"))
            for match in matches:
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

    def fill(self, page_html: str, tokens: Mapping[str, str]) -> str:
        """Put each token's fragment into the page HTML (tokens end up in ``<p>`` tags).

        Only this build's tokens (with its nonce) are replaced, each by its own fragment.
        """
        if not tokens:
            return page_html
        return self._token_re.sub(lambda m: tokens.get(m.group(1), m.group(0)), page_html)


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


def safe_anchor(name: str) -> str:
    """Return an HTML id for a file name: runs of characters outside ``A-Za-z0-9_-`` become
    ``-`` (``zz tabindex=0`` -> ``zz-tabindex-0``), so a name can never add attributes."""
    return _SAFE_ID.sub("-", name).strip("-") or "item"


def markdown_text(text: str) -> str:
    """Return Markdown that shows ``text`` literally on one line: HTML-escaped, every
    Markdown special character backslash-escaped or written as a character reference (no
    emphasis, links, attribute lists ``{: ...}`` or raw HTML), whitespace folded to a space."""
    out = []
    for char in " ".join(text.split()):
        if char in "<>&\"'":
            out.append(html.escape(char))
        elif char in _BACKSLASH_ESCAPABLE:
            out.append("\\" + char)
        elif char in _OTHER_SPECIALS:
            out.append(f"&#{ord(char)};")
        else:
            out.append(char)
    return "".join(out)
