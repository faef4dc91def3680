#!/usr/bin/env bash
# Set up (see tools/setup.sh) and run every test: engines, content, drawing, the built site,
# and the pages in headless Chromium. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --browser
exec .venv/bin/python -m pytest "$@"
