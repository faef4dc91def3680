"""Rewrite the golden SVGs of tests/golden/ from tests/golden_specs.py (after a deliberate
drawing change; review the diff of the pictures before committing)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from golden_specs import GOLDEN  # noqa: E402

from banmen.render import render_svg  # noqa: E402

for name, make in GOLDEN.items():
    game, spec = make()
    (ROOT / "tests" / "golden" / name).write_text(render_svg(game, spec), encoding="utf-8")
    print(f"wrote tests/golden/{name}")
