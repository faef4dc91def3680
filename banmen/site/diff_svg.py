"""Which squares of a board look different between two drawings of it (``banmen diff``).

Every renderer wraps each square's background in ``<g id="<board>--sq-<name>">`` (see
:mod:`banmen.render.ids`). A drawing is read as its visible leaf elements (paths, circles,
glyph uses...), each with an anchor point in the SVG's user space (the centre of its
coordinates after the transforms above it). The leaves one drawing has and the other lacks
are the changes; each change lies on the square whose box holds its anchor, or outside the
board (status line, hands, captured pieces).
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass

_SVG = "{http://www.w3.org/2000/svg}"
_XLINK = "{http://www.w3.org/1999/xlink}href"
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")
_TRANSFORM = re.compile(r"(translate|scale|matrix|rotate)\(([^)]*)\)")
_LEAVES = {"path", "circle", "ellipse", "rect", "use", "line", "polygon", "polyline", "text",
           "image"}
#: an outline drawn around each changed square.
OUTLINE_STYLE = "fill:none;stroke:#0050d0;stroke-width:3.5;stroke-opacity:0.9"

Affine = tuple[float, float, float, float, float, float]
_IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class SquareChanges:
    """What differs between two drawings of one board.

    Attributes:
        squares: names of the squares whose drawing differs, sorted.
        outside: something off the squares differs too (status line, hands, captures).
        boxes: square name -> (x, y, width, height) in the SVG's user space.
    """

    squares: tuple[str, ...]
    outside: bool
    boxes: dict[str, tuple[float, float, float, float]]


def _compose(a: Affine, b: Affine) -> Affine:
    """a after b (apply b first)."""
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return (a0 * b0 + a2 * b1, a1 * b0 + a3 * b1, a0 * b2 + a2 * b3, a1 * b2 + a3 * b3,
            a0 * b4 + a2 * b5 + a4, a1 * b4 + a3 * b5 + a5)


def _parse_transform(text: str | None) -> Affine:
    import math

    result = _IDENTITY
    for name, args in _TRANSFORM.findall(text or ""):
        v = [float(x) for x in _NUMBER.findall(args)]
        if name == "translate":
            m: Affine = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            m = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "matrix" and len(v) == 6:
            m = tuple(v)  # type: ignore[assignment]
        elif name == "rotate" and v:
            c, s = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            m = (c, s, -s, c, 0, 0)
        else:
            continue
        result = _compose(result, m)
    return result


def _apply(m: Affine, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _points(element: ET.Element) -> list[tuple[float, float]]:
    """The element's own coordinates (before transforms)."""
    tag = element.tag.removeprefix(_SVG)
    get = lambda name: float(element.get(name, "0"))  # noqa: E731
    if tag == "path":
        numbers = [float(n) for n in _NUMBER.findall(element.get("d", ""))]
        return list(zip(numbers[0::2], numbers[1::2]))
    if tag in ("circle", "ellipse"):
        rx = get("r") if tag == "circle" else get("rx")
        ry = get("r") if tag == "circle" else get("ry")
        return [(get("cx") - rx, get("cy") - ry), (get("cx") + rx, get("cy") + ry)]
    if tag in ("rect", "image"):
        return [(get("x"), get("y")), (get("x") + get("width"), get("y") + get("height"))]
    if tag == "line":
        return [(get("x1"), get("y1")), (get("x2"), get("y2"))]
    if tag in ("polygon", "polyline"):
        numbers = [float(n) for n in _NUMBER.findall(element.get("points", ""))]
        return list(zip(numbers[0::2], numbers[1::2]))
    return [(get("x"), get("y"))]


def _box(points: list[tuple[float, float]]) -> tuple[float, float, float, float] | None:
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _leaves(svg: str) -> tuple[Counter, dict[str, tuple[float, float, float, float]]]:
    """(leaf signature -> count, square name -> box) of one drawing."""
    root = ET.fromstring(svg)
    prefix = (root.get("id") or "") + "--"
    leaves: Counter = Counter()
    boxes: dict[str, tuple[float, float, float, float]] = {}

    def strip(value: str) -> str:
        return value.replace(prefix, "")

    def walk(element: ET.Element, matrix: Affine, square: str | None) -> None:
        tag = element.tag.removeprefix(_SVG)
        if tag in ("defs", "title", "desc", "metadata", "style", "clipPath"):
            return
        matrix = _compose(matrix, _parse_transform(element.get("transform")))
        ident = element.get("id") or ""
        if "--sq-" in ident:
            square = ident.split("--sq-", 1)[1]
        if tag in _LEAVES:
            points = [_apply(matrix, x, y) for x, y in _points(element)]
            box = _box(points)
            if square is not None and box is not None and square not in boxes:
                boxes[square] = box
            cx = round(box[0] + box[2] / 2, 1) if box else 0.0
            cy = round(box[1] + box[3] / 2, 1) if box else 0.0
            attrs = tuple(sorted((strip(k), strip(v)) for k, v in element.attrib.items()
                                 if k not in ("id", "transform")))
            leaves[(tag, attrs, element.text or "", cx, cy)] += 1
        for child in element:
            walk(child, matrix, square)

    walk(root, _IDENTITY, None)
    return leaves, boxes


def _holder(boxes: dict[str, tuple[float, float, float, float]], x: float, y: float
            ) -> str | None:
    """The smallest square box holding (x, y), or None."""
    best = None
    for name, (bx, by, bw, bh) in boxes.items():
        if bx - 0.05 <= x <= bx + bw + 0.05 and by - 0.05 <= y <= by + bh + 0.05:
            if best is None or bw * bh < boxes[best][2] * boxes[best][3]:
                best = name
    return best


def square_changes(before: str, after: str) -> SquareChanges:
    """Compare two drawings of one board (same renderer, same board id).

    Args:
        before, after: the SVG texts.

    Returns:
        The squares whose leaves differ and whether anything off the squares differs.
    """
    old, boxes = _leaves(before)
    new, new_boxes = _leaves(after)
    for name, box in new_boxes.items():
        boxes.setdefault(name, box)
    squares: set[str] = set()
    outside = False
    for (_tag, _attrs, _text, x, y), _n in ((old - new) + (new - old)).items():
        name = _holder(boxes, x, y)
        if name is None:
            outside = True
        else:
            squares.add(name)
    return SquareChanges(tuple(sorted(squares)), outside, boxes)


def outline_squares(svg: str, changes: SquareChanges) -> str:
    """Return ``svg`` with a dashed outline drawn around each changed square (on top)."""
    if not changes.squares:
        return svg
    rects = "".join(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" style="{OUTLINE_STYLE}" '
        f'class="bm-diff-square" data-square="{html.escape(name)}"/>'
        for name in changes.squares
        for x, y, w, h in [changes.boxes[name]])
    end = svg.rindex("</svg>")
    return svg[:end] + rects + svg[end:]
