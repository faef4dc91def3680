#!/usr/bin/env bash
# Set up (see tools/setup.sh) and run every test: engines, content, drawing, the built site,
# and the pages in headless Chromium, in parallel workers. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  cat <<'USAGE'
usage: bash tools/test.sh [PYTEST ARGS...]

Sets up .venv, the npm packages, Debian's chromium and a Japanese font (tools/setup.sh
--browser), then runs the whole test suite in four pytest-xdist workers. Arguments go to
pytest, for example:
  bash tools/test.sh -q                  what CI runs
  bash tools/test.sh -m "not slow"       everything but site builds and the browser
  bash tools/test.sh -n 0 tests/test_cli.py   one file, serially
USAGE
  exit 0
fi
bash tools/setup.sh --browser
# Four workers regardless of the core count: the browser tests leave a core idle while a page
# loads or Pyodide starts (two workers kept 2 cores about half busy). A whole test file stays
# on one worker (its module fixtures, such as a project build or a browser page, are made
# once); the site is built once for all (tests/conftest.py).
# `bash tools/test.sh -n 0` runs serially.
exec .venv/bin/python -m pytest -n 4 --dist loadfile "$@"
