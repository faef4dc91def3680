/* main.js: the entry point. Finds the interactive blocks of the page and sets them up:
 * puzzles (puzzles.js), sequences (sequence-player.js), lessons (lesson-player.js),
 * progress lines (progress.js, lesson-progress.js), 「この局面から指す」 buttons (play-button.js),
 * practice pages (practice-loader.js).
 *
 * Material's instant navigation swaps the page body and announces it on document$; the
 * data-ready guards keep each control's handlers single whatever calls setupAll. On file://
 * Material's document$ may complete without ever emitting (instant navigation is off
 * there), so the page's own load also sets up; the guards make it idempotent.
 */

import { loadProgress, refreshProgress, setupProgress } from "./progress.js";
import { setupPuzzle } from "./puzzles.js";
import { setupSequence } from "./sequence-player.js";
import { setupLesson } from "./lesson-player.js";
import { refreshLessonProgress } from "./lesson-progress.js";
import { setupPlay } from "./play-button.js";
import { setupPractice } from "./practice-loader.js";

function setupAll() {
  document.querySelectorAll(".banmen-puzzle").forEach(setupPuzzle);
  document.querySelectorAll(".banmen-sequence").forEach(setupSequence);
  document.querySelectorAll(".banmen-lesson").forEach(setupLesson);
  document.querySelectorAll(".bm-progress").forEach(setupProgress);
  document.querySelectorAll(".bm-play").forEach(setupPlay);
  document.querySelectorAll(".bm-practice").forEach(setupPractice);
  refreshProgress();
  refreshLessonProgress();
  var progress = loadProgress();
  document.querySelectorAll(".banmen-puzzle").forEach(function (block) {
    var entry = progress[block.getAttribute("data-ident")];
    if (entry && entry.solved) block.classList.add("bm-solved");
  });
}

if (!window.__banmenSubscribed) {
  window.__banmenSubscribed = true;
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(setupAll);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setupAll);
  } else {
    setupAll();
  }
}
