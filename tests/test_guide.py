"""README.md and the developer guide (guide/*.md): the README's two commands, and links that
lead somewhere (files and anchors), never to ../shared/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "guide").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as -."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _prose(path: Path) -> str:
    """The text of ``path`` without code blocks and code spans (examples, not links)."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def _anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", text, flags=re.M)}


def test_the_readme_keeps_its_two_commands_and_stays_short():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "\n## Two commands\n" in readme
    assert "\n    bash tools/site.sh\n" in readme
    assert "\n    bash tools/test.sh\n" in readme
    assert len(readme.splitlines()) <= 120


def test_the_guide_has_an_index_that_links_every_page():
    index = (ROOT / "guide" / "README.md").read_text(encoding="utf-8")
    linked = {target.split("#")[0] for target in LINK.findall(index)}
    pages = {p.name for p in (ROOT / "guide").glob("*.md")} - {"README.md"}
    assert pages and pages <= linked


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_to_a_file_and_anchor(page):
    assert "../shared/" not in page.read_text(encoding="utf-8")
    for target in LINK.findall(_prose(page)):
        if re.match(r"[a-z]+:", target):
            continue
        name, _, anchor = target.partition("#")
        path = (page.parent / name).resolve() if name else page
        assert path.exists(), f"{page.name}: {target}"
        if anchor:
            assert anchor in _anchors(path), f"{page.name}: {target}"
