/* puzzles.js: sets up one puzzle block: its hints, its answer by kind, 「次の問題へ」.
 *
 * Each puzzle carries its data as JSON in its data-answer attribute (banmen/site/html.py),
 * so everything works offline with no server. */

import { say } from "./feedback.js";
import { loadProgress } from "./progress.js";
import { setupChoice, setupNumber, setupSquares } from "./puzzle-answers.js";
import { setupMove } from "./puzzle-trainer.js";

function data(block) {
  var text = block.getAttribute("data-answer");
  return text ? JSON.parse(text) : {};
}

function setupHints(block) {
  var button = block.querySelector(".bm-hint-button");
  if (!button) return;
  button.addEventListener("click", function () {
    var next = block.querySelector(".bm-hint[hidden]");
    if (next) next.hidden = false;
    var left = block.querySelectorAll(".bm-hint[hidden]").length;
    button.textContent = left ? "次のヒント（残り" + left + "）" : "ヒントはこれで全部です";
    button.disabled = left === 0;
  });
}

/* Scroll to the next unsolved puzzle of the page and focus its board or input. */
function nextPuzzle(block) {
  var all = Array.prototype.slice.call(document.querySelectorAll(".banmen-puzzle"));
  var progress = loadProgress();
  var at = all.indexOf(block);
  for (var k = 1; k <= all.length; k += 1) {
    var other = all[(at + k) % all.length];
    var entry = progress[other.getAttribute("data-ident")];
    if (other !== block && !(entry && entry.solved)) {
      var heading = other.previousElementSibling;
      (heading && /^H[1-6]$/.test(heading.tagName) ? heading : other).scrollIntoView();
      var target = other.querySelector(".bm-boards[tabindex], .bm-input, .bm-choice, button");
      if (target) target.focus({ preventScroll: true });
      return;
    }
  }
  say(block, "このページの問題はすべて解きました！", true);
}

export function setupPuzzle(block) {
  if (block.dataset.ready) return;
  block.dataset.ready = "1";
  var answer = data(block);
  setupHints(block);
  if (answer.kind === "number") setupNumber(block, answer);
  else if (answer.kind === "boolean" || answer.kind === "choice") setupChoice(block, answer);
  else if (answer.kind === "squares") setupSquares(block, answer);
  else if (answer.kind === "move") setupMove(block, answer);
  var next = block.querySelector(".bm-next-puzzle");
  if (next) next.addEventListener("click", function () { nextPuzzle(block); });
}
