#!/usr/bin/env bash
# Set up a machine for banmen: a virtual environment in .venv with banmen and its test tools.
# With --browser, also Debian's chromium and a Japanese font for the browser tests (Playwright drives it; no
# browser download), and the axe-core accessibility engine from the npm registry into
# .cache/npm (the browser tests inject it into every page). Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'

# Browser tests need Chromium and a Japanese font (screenshots are test artifacts; without
# a CJK font the page text would be drawn as empty boxes).
if [ "${1:-}" = "--browser" ] && { ! command -v chromium >/dev/null 2>&1 \
    || ! fc-list 2>/dev/null | grep -qi "IPAGothic"; }; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "installing Debian's chromium and a Japanese font for the browser tests..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-ipafont-gothic >/dev/null
fi

# axe-core for the accessibility audit of every page (tests/test_axe.py), pinned; never a CDN.
AXE_VERSION="4.14.1"
if [ "${1:-}" = "--browser" ] && ! grep -qs "\"version\": \"$AXE_VERSION\"" .cache/npm/node_modules/axe-core/package.json; then
  if ! command -v npm >/dev/null 2>&1; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    echo "installing Debian's npm for the accessibility audit..."
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm >/dev/null
  fi
  npm install --prefix .cache/npm --no-save --no-audit --no-fund --silent "axe-core@$AXE_VERSION"
fi
