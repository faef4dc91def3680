"""Serving a built site at its ``site_url`` inside Chromium, for the tests and
``tools/bench_play.py``: Material navigates instantly only between the pages of its sitemap,
whose URLs keep ``site_url``'s port, so instant navigation is tested there, with every request
answered from the built files through Playwright's request routing (no socket, no fixed port
taken on the machine)."""

from __future__ import annotations

from pathlib import Path

#: The site_url of mkdocs.yml.
SITE_ORIGIN = "http://127.0.0.1:8000"
#: Content types of the built files, by suffix (others: application/octet-stream).
TYPES = {".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
         ".css": "text/css", ".xml": "application/xml", ".json": "application/json",
         ".svg": "image/svg+xml", ".wasm": "application/wasm", ".zip": "application/zip"}


def serve_at_site_url(target, built_site: Path, requests: list[str] | None = None) -> None:
    """Answer every request of ``target`` (a Playwright page or browser context) to
    SITE_ORIGIN from the files of ``built_site`` (a folder's ``index.html`` for the folder; 404
    for a missing file); each URL asked for is appended to ``requests`` when given."""

    def answer(route):
        url = route.request.url
        if requests is not None:
            requests.append(url)
        path = url[len(SITE_ORIGIN):].split("?")[0].split("#")[0]
        found = built_site / path.lstrip("/")
        if found.is_dir():
            found = found / "index.html"
        if not found.is_file():
            route.fulfill(status=404, body="not found")
            return
        route.fulfill(status=200, body=found.read_bytes(),
                      content_type=TYPES.get(found.suffix, "application/octet-stream"))

    target.route(f"{SITE_ORIGIN}/**", answer)
