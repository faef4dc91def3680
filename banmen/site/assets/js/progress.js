/* progress.js: the reader's puzzle progress in localStorage, and the lines that show it.
 * A line's 「記録を消す」 forgets its puzzles and its lessons (lesson-progress.js) alike.
 *
 * Stored under "banmen-progress" as {puzzle ident: {solved: bool, tried: n}}. What is read
 * is validated: another site on the same origin may have left anything under the key
 * (5, "x", true, [], other objects, text that is no JSON). A value that is not such an
 * object is ignored, as is every entry that is not {solved: bool, tried: whole number >= 0}
 * under a puzzle ident ("game/name");
 * the next save replaces the stored value with the valid part. Reading never throws.
 */

import { clearLessons, courseLessons, loadLessons } from "./lesson-progress.js";

var STORE = "banmen-progress";

function validEntry(entry) {
  return entry !== null && typeof entry === "object" && !Array.isArray(entry) &&
    typeof entry.solved === "boolean" && typeof entry.tried === "number" &&
    Math.floor(entry.tried) === entry.tried && entry.tried >= 0;
}

/* The stored progress, validated: {ident: {solved, tried}} (an object without prototype, so
 * no key can reach Object.prototype). */
export function loadProgress() {
  var clean = Object.create(null);
  var stored;
  try {
    stored = JSON.parse(window.localStorage.getItem(STORE) || "{}");
  } catch (e) {
    return clean;  // no JSON, or storage refused
  }
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return clean;
  Object.keys(stored).forEach(function (ident) {
    if (/^[^\/\s]+\/\S+$/.test(ident) && validEntry(stored[ident])) {
      clean[ident] = { solved: stored[ident].solved, tried: stored[ident].tried };
    }
  });
  return clean;
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
  // the practice page (practice.js) counts its streak from these
  block.dispatchEvent(new CustomEvent("bm-recorded", { bubbles: true, detail: { solved: solvedNow } }));
}

/* Whether the puzzle with `ident` is solved. */
export function isSolved(ident) {
  var entry = loadProgress()[ident];
  return !!(entry && entry.solved);
}

/* Fill every progress line (.bm-progress) and puzzle status (.bm-status) of the page. */
export function refreshProgress() {
  var progress = loadProgress();
  var lessons = loadLessons();
  document.querySelectorAll(".bm-progress").forEach(function (line) {
    var idents = (line.getAttribute("data-puzzles") || "").split(" ").filter(Boolean);
    var solved = idents.filter(function (i) { return progress[i] && progress[i].solved; });
    var tried = idents.filter(function (i) { return progress[i] && progress[i].tried; });
    line.querySelector(".bm-progress-text").textContent = "練習問題：" + solved.length +
      " / " + idents.length + " 解いた" + (tried.length > solved.length
        ? "（挑戦中 " + (tried.length - solved.length) + "）" : "");
    line.querySelector(".bm-progress-reset").hidden = tried.length === 0 &&
      lessonsOf(line).every(function (i) { return !lessons[i] || !lessons[i].done.length; });
  });
  document.querySelectorAll(".banmen-puzzle").forEach(function (block) {
    var entry = progress[block.getAttribute("data-ident")];
    var status = block.querySelector(".bm-status");
    if (!status) return;
    status.textContent = entry && entry.solved ? "解いた" : entry && entry.tried ? "挑戦中" : "";
    status.classList.toggle("bm-done", !!(entry && entry.solved));
  });
}

/* The lesson idents whose progress a line shows. */
function lessonsOf(line) {
  var idents = [];
  line.querySelectorAll(".bm-lesson-progress").forEach(function (mark) {
    courseLessons(mark).forEach(function (lesson) { idents.push(lesson[0]); });
  });
  return idents;
}

/* Wire the reset button of a progress line (once): it forgets the line's puzzles and
 * lessons. */
export function setupProgress(line) {
  if (line.dataset.ready) return;
  line.dataset.ready = "1";
  line.querySelector(".bm-progress-reset").addEventListener("click", function () {
    var progress = loadProgress();
    (line.getAttribute("data-puzzles") || "").split(" ").forEach(function (i) {
      delete progress[i];
    });
    saveProgress(progress);
    clearLessons(lessonsOf(line));
    document.querySelectorAll(".banmen-puzzle.bm-solved").forEach(function (block) {
      block.classList.remove("bm-solved");
    });
    refreshProgress();
  });
}
