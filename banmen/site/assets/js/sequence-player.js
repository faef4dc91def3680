/* sequence-player.js: a sequence shown as a game record: the board, a clickable move list,
 * buttons, arrow keys (Home/End too) and a status line read out by screen readers. */

import { frameNode, showFrame } from "./frames.js";

export function setupSequence(block) {
  if (block.dataset.ready) return;
  block.dataset.ready = "1";
  var last = parseInt(block.getAttribute("data-last"), 10);
  var counter = block.querySelector(".bm-counter");
  var announce = block.querySelector(".bm-announce");
  var links = block.querySelectorAll(".bm-move-link");
  var index = 0;
  function go(to, speak) {
    index = Math.max(0, Math.min(last, to));
    showFrame(block, index);
    counter.textContent = index + " / " + last;
    // the 「この局面から指す」 button plays on from the last frame: shown there (CSS)
    block.classList.toggle("bm-at-end", index === last);
    links.forEach(function (link, i) {
      if (i === index) link.setAttribute("aria-current", "step");
      else link.removeAttribute("aria-current");
    });
    block.querySelector(".bm-prev").disabled = index === 0;
    block.querySelector(".bm-first").disabled = index === 0;
    block.querySelector(".bm-next").disabled = index === last;
    block.querySelector(".bm-last").disabled = index === last;
    if (speak && announce) {
      var frame = frameNode(block, index);
      var move = frame.querySelector(".bm-move");
      var comment = frame.querySelector(".bm-comment");
      announce.textContent = (move ? move.textContent : "") +
        (comment && comment.textContent.trim() ? "。" + comment.textContent.trim() : "");
    }
  }
  block.querySelector(".bm-first").addEventListener("click", function () { go(0, true); });
  block.querySelector(".bm-prev").addEventListener("click", function () { go(index - 1, true); });
  block.querySelector(".bm-next").addEventListener("click", function () { go(index + 1, true); });
  block.querySelector(".bm-last").addEventListener("click", function () { go(last, true); });
  links.forEach(function (link) {
    link.addEventListener("click", function () {
      go(parseInt(link.getAttribute("data-step"), 10), true);
    });
  });
  block.setAttribute("tabindex", "0");
  block.addEventListener("keydown", function (event) {
    var to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to, true);
  });
  go(0, false);
}
