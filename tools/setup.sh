#!/usr/bin/env bash
# Set up a machine for banmen: a virtual environment in .venv with banmen and its test tools.
# The npm packages of package.json (pinned by package-lock.json) go into node_modules: Pyodide,
# which the site build copies into the site for the play board, and axe-core, which the
# browser tests inject into every page. With --browser, also Debian's chromium and a Japanese
# font for the browser tests (Playwright drives it; no browser download); with --pdf, the
# Japanese font the PDFs need. Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."

# pip, without two kinds of harmless noise that read like a failure on a fresh set-up:
# setuptools' boxed "BuildBackendWarning: Editable installation. !! ... !!" note, printed on
# every editable install, and "WARNING: Location 'file:///...' is ignored: it is neither a
# file nor a directory", one line per package when the machine's pip configuration names a
# local package index (extra-index-url, find-links) without that package in it. Only those
# are left out: errors, other warnings and pip's exit status come through.
pip_install() {
  PYTHONWARNINGS="${PYTHONWARNINGS:+$PYTHONWARNINGS,}ignore:Editable installation" \
    .venv/bin/python -m pip install "$@" \
    2> >(grep -v -E "^WARNING: Location '[^']*' is ignored: it is neither a file nor a directory\.$" >&2)
}

if [ ! -x .venv/bin/python ]; then
  echo "setting up .venv: banmen and its Python packages (the first time takes a minute or two)..."
  python3 -m venv .venv
fi
pip_install --quiet --upgrade pip
pip_install --quiet -e '.[test]'
# Bytecode for banmen, as pip writes it for the packages it installs: an editable install
# gets none, and where PYTHONDONTWRITEBYTECODE is set Python never caches it, so every build
# compiled the whole package again (about 40 ms of a warm build). A source edited later is
# compiled again in memory, as before.
.venv/bin/python -m compileall -q banmen

# npm packages from the registry, pinned, never from a CDN: Pyodide (the play board runs the
# engines in the browser through it) and axe-core (the accessibility audit, tests/test_axe.py).
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if ! command -v npm >/dev/null 2>&1; then
  echo "installing Debian's nodejs and npm (for the packages of package.json)..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null
fi
if ! cmp -s package-lock.json node_modules/.banmen-installed-lock; then
  echo "installing the pinned npm packages (Pyodide for the play board, axe-core for the tests)..."
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.banmen-installed-lock
fi

# Browser tests need Chromium and a Japanese font (screenshots are test artifacts; without
# a CJK font the page text would be drawn as empty boxes); the PDFs of the site build
# (--pdf) need the font too.
if [ "${1:-}" = "--browser" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
if { [ "${1:-}" = "--browser" ] || [ "${1:-}" = "--pdf" ]; } \
    && ! fc-list 2>/dev/null | grep -ci "IPAGothic" >/dev/null; then
  # (grep -c reads all of fc-list's output: with pipefail, grep -q closing the pipe early
  # would fail fc-list and reinstall the font every time)
  echo "installing a Japanese font (fonts-ipafont-gothic)..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq fonts-ipafont-gothic >/dev/null
fi
