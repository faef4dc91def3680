#!/usr/bin/env bash
# Set up (see tools/setup.sh), then serve the site on http://127.0.0.1:8000 with live reload.
# `bash tools/site.sh build` builds it into site/ instead (mkdocs build --strict), with each
# game's 「印刷用PDF」 (BANMEN_PDF=1; set BANMEN_PDF=0 to leave them out).
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1
if [ "${1:-}" = "build" ]; then
  bash tools/setup.sh --pdf
  BANMEN_PDF="${BANMEN_PDF:-1}" exec .venv/bin/banmen build
fi
bash tools/setup.sh
# extra arguments go to banmen serve, e.g. `bash tools/site.sh -a 127.0.0.1:8765`
exec .venv/bin/banmen serve "$@"
