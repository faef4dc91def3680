/* feedback.js: the feedback line of a block (.bm-feedback, read out by screen readers).
 *
 * Move texts in the line (「14-17」, b2(3)c2: runs of printable ASCII holding a sign such as
 * "-" or "(") are put in a span.bm-notation that CSS keeps on one line, so a narrow screen
 * never breaks an example at its hyphen. The line is built from text nodes only. */

/* A run of printable ASCII (no space) with at least one sign a line may break at. */
var NOTATION = /[!-~]*[^0-9A-Za-z\s\u0080-\uffff][!-~]*/g;

/* Say `text` in the block's feedback line; good: true (right), false (wrong), null (neutral). */
export function say(block, text, good) {
  var feedback = block.querySelector(".bm-feedback");
  feedback.textContent = "";
  var at = 0;
  var found;
  NOTATION.lastIndex = 0;
  while ((found = NOTATION.exec(text)) !== null) {
    if (found.index > at) feedback.appendChild(document.createTextNode(text.slice(at, found.index)));
    var span = document.createElement("span");
    span.className = "bm-notation";
    span.textContent = found[0];
    feedback.appendChild(span);
    at = found.index + found[0].length;
  }
  if (at < text.length) feedback.appendChild(document.createTextNode(text.slice(at)));
  feedback.classList.toggle("bm-right", good === true);
  feedback.classList.toggle("bm-wrong", good === false);
}
