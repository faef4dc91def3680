/* progress.js: the reader's puzzle progress in localStorage, and the lines that show it.
 *
 * Stored under "banmen-progress" as {puzzle ident: {solved: bool, tried: n}}.
 */

var STORE = "banmen-progress";

export function loadProgress() {
  try {
    return JSON.parse(window.localStorage.getItem(STORE) || "{}") || {};
  } catch (e) {
    return {};
  }
}

function saveProgress(progress) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(progress));
  } catch (e) { /* storage refused (private mode): progress is simply not kept */ }
}

/* Count one try of the puzzle `block` (solved or not) and update the page. */
export function record(block, solvedNow) {
  var ident = block.getAttribute("data-ident");
  if (!ident) return;
  var progress = loadProgress();
  var entry = progress[ident] || { solved: false, tried: 0 };
  entry.tried += 1;
  if (solvedNow) entry.solved = true;
  progress[ident] = entry;
  saveProgress(progress);
  refreshProgress();
}

/* Whether the puzzle with `ident` is solved. */
export function isSolved(ident) {
  var entry = loadProgress()[ident];
  return !!(entry && entry.solved);
}

/* Fill every progress line (.bm-progress) and puzzle status (.bm-status) of the page. */
export function refreshProgress() {
  var progress = loadProgress();
  document.querySelectorAll(".bm-progress").forEach(function (line) {
    var idents = (line.getAttribute("data-puzzles") || "").split(" ").filter(Boolean);
    var solved = idents.filter(function (i) { return progress[i] && progress[i].solved; });
    var tried = idents.filter(function (i) { return progress[i] && progress[i].tried; });
    line.querySelector(".bm-progress-text").textContent = "練習問題：" + solved.length +
      " / " + idents.length + " 解いた" + (tried.length > solved.length
        ? "（挑戦中 " + (tried.length - solved.length) + "）" : "");
    line.querySelector(".bm-progress-reset").hidden = tried.length === 0;
  });
  document.querySelectorAll(".banmen-puzzle").forEach(function (block) {
    var entry = progress[block.getAttribute("data-ident")];
    var status = block.querySelector(".bm-status");
    if (!status) return;
    status.textContent = entry && entry.solved ? "解いた" : entry && entry.tried ? "挑戦中" : "";
    status.classList.toggle("bm-done", !!(entry && entry.solved));
  });
}

/* Wire the reset button of a progress line (once). */
export function setupProgress(line) {
  if (line.dataset.ready) return;
  line.dataset.ready = "1";
  line.querySelector(".bm-progress-reset").addEventListener("click", function () {
    var progress = loadProgress();
    (line.getAttribute("data-puzzles") || "").split(" ").forEach(function (i) {
      delete progress[i];
    });
    saveProgress(progress);
    document.querySelectorAll(".banmen-puzzle.bm-solved").forEach(function (block) {
      block.classList.remove("bm-solved");
    });
    refreshProgress();
  });
}
