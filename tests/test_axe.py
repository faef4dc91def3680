"""Accessibility audit: axe-core (the npm package, installed by ``tools/setup.sh`` into
``node_modules`` from the pinned ``package.json``; never from a CDN) on every page of the
built site, at 1280 and 390 px, in the light and the dark palette: no serious or critical
violation (issue 17, item 8).

The dark palette changes colours only: Material's ``slate`` scheme and ``banmen.css`` set
colours under ``[data-md-color-scheme=...]``, and no script of the site's own reads the scheme.
The one other difference is Material's palette toggle in the header, which shows its other
label (the same template, another title and icon). So the light pass runs every rule and the
dark pass the rules that read colours (:data:`COLOUR_RULES`, which are also the slowest);
:func:`test_the_dark_palette_changes_colours_only` holds the premise, and the dark pass checks
that :data:`COLOUR_RULES` are all of axe's colour rules that run by default."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT

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


@pytest.mark.slow
def test_the_audit_covers_every_page_of_the_nav(built_site):
    nav = re.findall(r"^\s+- [^:]+: (\S+)\.md$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"),
                     flags=re.M)
    assert len(nav) >= 23
    urls = {"/" if name == "index" else f"/{name}/" for name in nav}
    assert urls <= set(_pages(built_site)), sorted(urls - set(_pages(built_site)))


#: Pages audited at once: while axe runs in one page's renderer, the next page loads in
#: another tab (the pages of a run are still audited one load each, every one of them).
TABS = 2
#: The axe rules whose outcome depends on colours: all the dark pass needs to run.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
#: Starts the audit of the loaded page with the given axe options; the page keeps its promise
#: until it is collected.
START_AXE = """(options) => {
    window.__bmAxe = axe.run(document, options).then(result =>
      result.violations
        .filter(v => v.impact === "serious" || v.impact === "critical")
        .map(v => `${v.id} (${v.impact}, ${v.nodes.length}): `
                  + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")));
}"""


@pytest.mark.slow
@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("width", WIDTHS)
def test_axe_finds_no_serious_or_critical_violation(browser, axe_script, built_site, site_url,
                                                    width, palette):
    context = browser.new_context(viewport={"width": width, "height": 900},
                                   color_scheme=palette)
    tabs = [context.new_page() for _ in range(TABS)]
    options = {"resultTypes": ["violations"]}
    if palette == "dark":
        options["runOnly"] = {"type": "rule", "values": COLOUR_RULES}
    running: dict[int, str] = {}  # tab -> the page whose audit runs there
    found: dict[str, list[str]] = {}

    def collect(tab: int) -> None:
        path = running.pop(tab)
        found[path] = tabs[tab].evaluate("() => window.__bmAxe")

    try:
        for i, path in enumerate(_pages(built_site)):
            tab = i % TABS
            if tab in running:
                collect(tab)
            page = tabs[tab]
            page.goto(site_url + path)
            scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
            assert scheme == ("slate" if palette == "dark" else "default"), (path, scheme)
            page.add_script_tag(path=axe_script)
            if palette == "dark" and i == 0:  # the colour rules axe runs by default
                colour = page.evaluate("""() => axe.getRules(["cat.color"]).map(r => r.ruleId)
                                          .filter(id => axe.utils.getRule(id).enabled)""")
                assert sorted(colour) == sorted(COLOUR_RULES)
            page.evaluate(START_AXE, options)
            running[tab] = path
        for tab in list(running):
            collect(tab)
    finally:
        context.close()
    assert set(found) == set(_pages(built_site))
    problems = [f"{path}: {v}" for path in _pages(built_site) for v in found[path]]
    assert not problems, "\n".join(problems)


def test_the_dark_palette_changes_colours_only():
    """The premise of the colour-only dark pass: every palette rule of the site's own style
    sheet sets colours (or rounds the board's corners), it has no rule for a colour scheme of
    the system, no script or template of the site's own reads the colour scheme, and no page
    uses Material's palette-only images (``#only-light``, ``#only-dark``, hidden in the
    other palette)."""
    css = (ROOT / "banmen" / "site" / "assets" / "banmen.css").read_text(encoding="utf-8")
    blocks = re.findall(r"\[data-md-color-scheme[^\]]*\][^{]*\{([^}]*)\}", css)
    assert blocks
    properties = {d.split(":")[0].strip() for b in blocks for d in b.split(";") if d.strip()}
    allowed = re.compile(r"(color|background-color|border(-(top|right|bottom|left))?-color|"
                         r"outline-color|text-decoration-color|fill|stroke|border-radius|"
                         r"--md-[\w-]*-color)")
    assert all(allowed.fullmatch(p) for p in properties), sorted(properties)
    assert "prefers-color-scheme" not in css
    own = [*(ROOT / "banmen" / "site" / "assets").rglob("*.js"),
           *(ROOT / "banmen" / "site" / "theme").rglob("*.html")]
    assert own
    reading = [p.name for p in own if re.search(r"color-?scheme|prefers-color|__palette",
                                               p.read_text(encoding="utf-8"), re.I)]
    # the storage guard checks the stored palette's shape for Material (issue 33, item 9)
    # and changes nothing on the page
    assert reading == ["storage-guard.js"]
    guard = (ROOT / "banmen" / "site" / "assets" / "storage-guard.js").read_text(
        encoding="utf-8")
    assert not re.search(r"setAttribute|classList|\.style\b|document\.body", guard)
    pages = [*(ROOT / "docs").rglob("*.md"), *(ROOT / "banmen" / "site" / "theme").rglob("*.html")]
    assert not [p.name for p in pages if re.search(r"#only-(light|dark)",
                                                   p.read_text(encoding="utf-8"))]
