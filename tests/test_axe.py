"""Accessibility audit: axe-core (the npm package, installed by ``tools/setup.sh`` into
``node_modules`` from the pinned ``package.json``; never from a CDN) on every page of the
built site, at 1280 and 390 px, in the light and the dark palette: no serious or critical
violation (issue 17, item 8)."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT
from test_browser import CHROMIUM, LAUNCH_ARGS

pytestmark = pytest.mark.slow

AXE = ROOT / "node_modules" / "axe-core"
AXE_VERSION = "4.14"
WIDTHS = [1280, 390]
PALETTES = ["light", "dark"]  # prefers-color-scheme: Material picks default / slate


def _pages(built_site):
    paths = sorted(p.parent.relative_to(built_site).as_posix()
                   for p in built_site.rglob("index.html"))
    return ["/" if p == "." else f"/{p}/" for p in paths] + ["/404.html"]


@pytest.fixture(scope="module")
def axe_script():
    if not (AXE / "axe.min.js").exists():
        pytest.fail("axe-core is missing: run `bash tools/setup.sh`")
    version = json.loads((AXE / "package.json").read_text(encoding="utf-8"))["version"]
    assert version.startswith(AXE_VERSION + "."), version
    return str(AXE / "axe.min.js")


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


def test_the_audit_covers_every_page_of_the_nav(built_site):
    nav = re.findall(r"^\s+- [^:]+: (\S+)\.md$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"),
                     flags=re.M)
    assert len(nav) >= 23
    urls = {"/" if name == "index" else f"/{name}/" for name in nav}
    assert urls <= set(_pages(built_site)), sorted(urls - set(_pages(built_site)))


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("width", WIDTHS)
def test_axe_finds_no_serious_or_critical_violation(chromium, axe_script, built_site, site_url,
                                                    width, palette):
    context = chromium.new_context(viewport={"width": width, "height": 900},
                                   color_scheme=palette)
    page = context.new_page()
    problems = []
    try:
        for path in _pages(built_site):
            page.goto(site_url + path)
            scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
            assert scheme == ("slate" if palette == "dark" else "default"), (path, scheme)
            page.add_script_tag(path=axe_script)
            violations = page.evaluate("""async () => {
                const result = await axe.run(document, {resultTypes: ["violations"]});
                return result.violations
                  .filter(v => v.impact === "serious" || v.impact === "critical")
                  .map(v => `${v.id} (${v.impact}, ${v.nodes.length}): `
                            + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | "));
            }""")
            problems += [f"{path}: {v}" for v in violations]
    finally:
        context.close()
    assert not problems, "\n".join(problems)
