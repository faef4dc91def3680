"""Python-Markdown extension: drop the line breaks (and stray spaces) between Japanese characters.

A line break inside a Markdown paragraph becomes a newline in the HTML, which browsers show as
a space; in Japanese, which has no spaces between words, that space is a typo. This follows the
segment-break rule of CSS Text Level 3 (also used by markdown-it-cjk-breaks): whitespace that
contains a line break is removed when the characters on both sides are East Asian wide or
fullwidth (kana, kanji, Japanese punctuation), and kept otherwise ("a1\\nのマス" keeps its space).

Why our own: the one Python-Markdown package for this (markdown-cjk-spacing 0.2.2, 2019) also
inserts a space between every Japanese and Latin character ("a1のマス" → "a1 のマス") with no
switch to turn that off, and keeps breaks after Japanese punctuation (「。」「、」).

Use: ``markdown.Markdown(extensions=["banmen.site.cjk_breaks"])`` or, in ``mkdocs.yml``,
``markdown_extensions: [banmen.site.cjk_breaks]``.
"""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as etree
from typing import Any

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

#: Elements whose text is left as written.
SKIP = {"code", "pre", "script", "style", "kbd", "samp", "svg", "math"}


def is_wide(char: str) -> bool:
    """True when ``char`` is East Asian wide or fullwidth (UAX #11 ``W``/``F``) and not Hangul.

    Args:
        char: one character.

    Returns:
        Whether a line break next to it on both sides is to be dropped.
    """
    if not char:
        return False
    if "\uac00" <= char <= "\ud7af" or "\u1100" <= char <= "\u11ff":
        return False
    return unicodedata.east_asian_width(char) in ("W", "F")


def join_breaks(text: str, before: str = "", after: str = "") -> str:
    """Return ``text`` with each whitespace run that holds a line break removed when it stands
    between two wide characters.

    Args:
        text: a piece of text.
        before: the character just before ``text`` in reading order ("" if none).
        after: the character just after ``text`` ("" if none).
    """
    padded = before + text + after
    # A break at the very start or end of ``text`` is judged with the neighbours' characters.
    out = re.sub(r"[ \t]*\n\s*", lambda m: _judge(m, padded), padded)
    return out[len(before): len(out) - len(after) if after else None]


def _judge(match: re.Match, whole: str) -> str:
    left = whole[match.start() - 1] if match.start() > 0 else ""
    right = whole[match.end()] if match.end() < len(whole) else ""
    return "" if is_wide(left) and is_wide(right) else match.group(0)


class CjkBreaksTreeprocessor(Treeprocessor):
    """Joins the lines of each block whose break falls between two wide characters."""

    def run(self, root: etree.Element) -> None:
        for block in root.iter():
            if block.tag not in SKIP and block.tag not in INLINE:
                self._join(block)

    @staticmethod
    def _join(block: etree.Element) -> None:
        # Only direct text and tails of inline children: nested blocks are visited on their own.
        slots = _slots_shallow(block)
        for i, (node, kind) in enumerate(slots):
            if kind == "opaque":
                continue
            text = getattr(node, kind)
            if not text or "\n" not in text:
                continue
            before = _edge(slots[:i], last=True)
            after = _edge(slots[i + 1:], last=False)
            setattr(node, kind, join_breaks(text, before, after))


#: Inline elements whose text belongs to the surrounding block.
INLINE = {"a", "abbr", "b", "cite", "em", "i", "mark", "q", "ruby", "rp", "rt", "small", "span",
          "strong", "sub", "sup", "u", "del", "ins", "s"}


def _slots_shallow(block: etree.Element) -> list[tuple[etree.Element, str]]:
    slots: list[tuple[etree.Element, str]] = [(block, "text")]

    def walk(node: etree.Element) -> None:
        if node.tag in INLINE:
            slots.append((node, "text"))
            for child in node:
                walk(child)
        else:
            slots.append((node, "opaque"))
        slots.append((node, "tail"))

    for child in block:
        walk(child)
    return slots


def _edge(slots: list[tuple[etree.Element, str]], last: bool) -> str:
    """The character at the edge of the nearest non-empty slot ("" if an opaque one is nearer)."""
    for node, kind in (reversed(slots) if last else slots):
        if kind == "opaque":
            return ""
        text = getattr(node, kind)
        if text:
            return text[-1] if last else text[0]
    return ""


class CjkBreaksExtension(Extension):
    """Registers :class:`CjkBreaksTreeprocessor` after inline parsing (priority 5)."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.treeprocessors.register(CjkBreaksTreeprocessor(md), "banmen_cjk_breaks", 5)


def makeExtension(**kwargs: Any) -> CjkBreaksExtension:  # noqa: N802
    """Entry point Python-Markdown calls for ``extensions=["banmen.site.cjk_breaks"]``."""
    return CjkBreaksExtension(**kwargs)
