// banmen: printing. A sequence prints as its move list with its key boards: the first and
// the last position and those with a comment, at most KEY_BOARDS evenly spread (their boards
// wait in <template class="bm-lazy"> until shown; here they are put in place before printing).
(() => {
  "use strict";
  if (window.__bmPrint) return;
  window.__bmPrint = true;

  const KEY_BOARDS = 8;  // as banmen/site/pdf.py (key_frames)

  // The first and the last position and those with a comment; when these are more than
  // KEY_BOARDS, KEY_BOARDS of them evenly spread.
  function keyFrames(commented) {
    const last = commented.length - 1;
    const steps = commented.flatMap((has, i) => (i === 0 || i === last || has ? [i] : []));
    if (steps.length <= KEY_BOARDS) return steps;
    return Array.from({ length: KEY_BOARDS },
      (_, k) => steps[Math.floor((k * (steps.length - 1)) / (KEY_BOARDS - 1) + 0.5)]);
  }

  function markKeyBoards() {
    for (const sequence of document.querySelectorAll(".banmen-sequence")) {
      const frames = [...sequence.querySelectorAll(".bm-frame")];
      const keys = new Set(keyFrames(frames.map((frame) => {
        const comment = frame.querySelector(".bm-comment");
        return Boolean(comment && comment.textContent.trim());
      })));
      for (const i of keys) {
        const lazy = frames[i].querySelector("template.bm-lazy");
        if (lazy) lazy.replaceWith(lazy.content.cloneNode(true));
        frames[i].classList.add("bm-key");
      }
    }
  }

  window.addEventListener("beforeprint", markKeyBoards);
  const print = window.matchMedia("print");
  print.addEventListener("change", (event) => { if (event.matches) markKeyBoards(); });
  window.banmenPrintKeyBoards = markKeyBoards;  // for tests and print emulation
  window.banmenKeyFrames = keyFrames;
})();
