#!/usr/bin/env bash
# Set up (see tools/setup.sh), then serve the site on http://127.0.0.1:8000 with live reload.
# `bash tools/site.sh build` builds it into site/ instead (mkdocs build --strict).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
export NO_MKDOCS_2_WARNING=1
if [ "${1:-serve}" = "build" ]; then
  exec .venv/bin/banmen build
fi
exec .venv/bin/banmen serve
