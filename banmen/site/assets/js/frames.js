/* frames.js: the boards of a block, one shown at a time.
 *
 * A block (puzzle, sequence, lesson) holds its boards as <div class="bm-frame"> elements
 * (banmen/site/html.py). Hidden frames keep their board in <template class="bm-lazy">: the
 * first time a frame is shown, the template is replaced by the board it holds. A frame
 * whose board is composed in the page instead (the practice page, practice.js) carries a
 * function `bmCompose(frame)`, called the first time it is shown. Squares are
 * the SVG groups whose id ends in "--sq-<name>" (banmen/render).
 */

export function frames(block) {
  return block.querySelectorAll(".bm-frame");
}

export function frameNode(block, index) {
  return frames(block)[index];
}

function reveal(frame) {
  var lazy = frame.querySelector(":scope > template.bm-lazy");
  if (lazy) frame.replaceChild(lazy.content, lazy);
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
  frame.querySelectorAll('g[id*="--sq-"]').forEach(function (g) {
    found[squareName(g)] = g;
  });
  return found;
}
