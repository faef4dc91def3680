#!/usr/bin/env python3
"""Write every board the site draws as SVG files, or compare them with such a set.

The boards are those of a site build (diagrams, puzzles with their solution and refutation
frames, sequence frames, lesson boards), collected the way the build collects them
(``check_project`` then ``view_of``), one file per board named by its board key.

Usage:
    python tools/render_reference.py write DIR      # draw every board into DIR
    python tools/render_reference.py compare DIR    # draw again, count boards that differ

``compare`` prints each differing or missing board and exits 1 when any differs. Make the
reference set from the code you compare against (e.g. a checkout of main) before changing
the drawing code.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def site_boards(root: Path = ROOT) -> list[tuple[str, object, object]]:
    """Return ``(board key, engine, spec)`` for every board a site build of ``root`` draws,
    in content order (a board key shown twice is listed once)."""
    from banmen.content.check import check_project
    from banmen.site.views import KINDS, view_of

    # the practice sets are never drawn (their pages compose boards in the browser): not
    # proving their hundreds of puzzles again saves most of the time
    drawn = [root / kind for kind in KINDS if (root / kind).is_dir()]
    content = check_project(root, paths=drawn)
    boards, seen = [], set()
    for kind in KINDS:
        for item in getattr(content, kind).values():
            for board, game, spec in view_of(kind, item)[1]:
                if board.key not in seen:
                    seen.add(board.key)
                    boards.append((board.key, game, spec))
    return boards


def file_name(board_key: str) -> str:
    """A file name for ``board_key`` (readable start, hash for uniqueness)."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in board_key)[:80]
    return f"{safe}-{hashlib.sha256(board_key.encode()).hexdigest()[:10]}.svg"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("write", "compare"))
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    from banmen.render import render_svg

    boards = site_boards()
    if args.mode == "write":
        args.folder.mkdir(parents=True, exist_ok=True)
    differ = missing = 0
    for board_key, game, spec in boards:
        svg = render_svg(game, spec)
        path = args.folder / file_name(board_key)
        if args.mode == "write":
            path.write_text(svg, encoding="utf-8")
        elif not path.exists():
            missing += 1
            print(f"missing from the reference: {board_key}")
        elif path.read_text(encoding="utf-8") != svg:
            differ += 1
            print(f"differs: {board_key} ({path.name})")
    if args.mode == "write":
        print(f"{len(boards)} boards written to {args.folder}")
        return 0
    print(f"{len(boards)} boards compared: {differ} differ, {missing} missing from the reference")
    return 1 if differ or missing else 0


if __name__ == "__main__":
    sys.exit(main())
