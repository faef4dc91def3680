/* frames.js: the boards of a block, one shown at a time.
 *
 * A block (puzzle, sequence, lesson) holds its boards as <div class="bm-frame"> elements
 * (banmen/site/html.py). Hidden frames keep their board in <template class="bm-lazy">: the
 * first time a frame is shown, the template is replaced by the board it holds. A frame
 * whose board is composed in the page instead (the practice page, practice.js) carries a
 * function `bmCompose(frame)`, called the first time it is shown. Squares are
 * the SVG groups whose id ends in "--sq-<name>" (banmen/render), once the parts that hold
 * them are copied into the board (materialize).
 */

export function frames(block) {
  return block.querySelectorAll(".bm-frame");
}

export function frameNode(block, index) {
  return frames(block)[index];
}

var XLINK = "http://www.w3.org/1999/xlink";

/* Put back in the boards under `root` a copy of each shared part that holds squares.
 *
 * A page defines the parts its boards share once (the empty board, a piece on a square:
 * <g id="bm-pt-..."> in its hidden definitions, banmen/site/onpage.py) and a board draws
 * one with <use>. What a <use> shows cannot be clicked or focused one square at a time, so
 * the parts with ids in them (the squares, "bm-pt-...--sq-a1") are copied into the board
 * in place of their <use>, the ids made the board's own ("<board id>--sq-a1"). */
export function materialize(root) {
  root.querySelectorAll("svg.banmen-board use").forEach(function (use) {
    var href = use.getAttributeNS(XLINK, "href") || use.getAttribute("href") || "";
    if (href.indexOf("#bm-pt-") !== 0) return;
    var part = document.getElementById(href.slice(1));
    var board = use.closest("svg.banmen-board");
    if (!part || !board || !part.querySelector("[id]")) return;
    var copy = part.cloneNode(true);
    var from = href.slice(1) + "--", to = board.id + "--";
    copy.removeAttribute("id");
    copy.querySelectorAll("[id]").forEach(function (el) {
      if (el.id.indexOf(from) === 0) el.id = to + el.id.slice(from.length);
    });
    use.parentNode.replaceChild(copy, use);
  });
}

function reveal(frame) {
  var lazy = frame.querySelector(":scope > template.bm-lazy");
  if (lazy) frame.replaceChild(lazy.content, lazy);
  materialize(frame);
  // a frame whose board is composed in the page (practice.js) draws it the first time
  if (typeof frame.bmCompose === "function") {
    var compose = frame.bmCompose;
    frame.bmCompose = null;
    compose(frame);
  }
  frame.hidden = false;
}

/* Show frame `index` of `block`, hide the others. */
export function showFrame(block, index) {
  frames(block).forEach(function (frame, i) {
    if (i === index) reveal(frame);
    else frame.hidden = true;
  });
}

export function visibleFrame(block) {
  var all = frames(block);
  for (var i = 0; i < all.length; i += 1) if (!all[i].hidden) return all[i];
  return all[0];
}

/* The square name of a square's <g> element ("c2", "15", "r-yard1"), or null. */
export function squareName(element) {
  var id = element.getAttribute("id") || "";
  var at = id.lastIndexOf("--sq-");
  return at < 0 ? null : id.slice(at + 5);
}

/* square name -> <g> element, for the squares of one frame. */
export function squaresIn(frame) {
  var found = {};
  materialize(frame);
  frame.querySelectorAll('g[id*="--sq-"]').forEach(function (g) {
    found[squareName(g)] = g;
  });
  return found;
}
