/* play-button.js: the 「この局面から指す」 buttons (blocks ".bm-play", banmen/site/play_page.py).
 *
 * The play board itself (assets/js/play/: play-session.js, play-board.js, engine.js and the
 * Pyodide worker) is loaded with import() only when a reader presses a button, so a page
 * carries none of it; it is not part of the offline bundle either. On a page opened from a
 * file (file://) a module worker cannot run: the button says so in one line instead.
 *
 * A move puzzle's button plays on from what its board shows: the puzzle script
 * (puzzle-trainer.js) calls playFrom(block, line) with the moves shown on the board since the
 * puzzle's position ({move, by: "reader" | "engine"}, texts from the solution tree on the
 * page); the play board starts at the puzzle's position and has the engine replay them. The
 * hint beside the button (".bm-play-from") says which position play starts from.
 */

// a move puzzle's hint once its board shows moves played since its position
var FROM_LINE_NOTE = "ここまでの手順を指したあとの局面から始めます。「一手戻す」で手を戻せます。";
var FILE_NOTE = "ファイルから直接開いたページでは対局できません。サイトをサーバーで開いてください（python3 -m http.server など）。";

/* The URL of the module at `path` under assets/js/ (beside main.js), with main.js's version
 * query (?v=..., written by the site build from the contents of the site's scripts: a new
 * build's page never runs an old cached module). */
export function moduleURL(path) {
  var scripts = document.querySelectorAll("script[src]");
  for (var i = 0; i < scripts.length; i += 1) {
    var found = /^(.*assets\/js\/)main\.js(\?[^#]*)?$/.exec(scripts[i].src);
    if (found) return found[1] + path + (found[2] || "");
  }
  return new URL("assets/js/" + path, document.baseURI).href;
}

function sessionURL() {
  return moduleURL("play/play-session.js");
}

/* The moves shown on a puzzle's board since its position ([] for none): play starts after them. */
export function playFrom(block, line) {
  var hint = block.querySelector(".bm-play-from");
  if (hint && block.dataset.startNote === undefined) block.dataset.startNote = hint.textContent;
  block.dataset.line = JSON.stringify(line);
  if (hint) hint.textContent = line.length ? FROM_LINE_NOTE : block.dataset.startNote;
}

function lineOf(block) {
  try {
    var line = JSON.parse(block.dataset.line || "[]");
    return Array.isArray(line) ? line : [];
  } catch (error) {
    return [];
  }
}

export function setupPlay(block) {
  if (block.dataset.ready) return;
  block.dataset.ready = "1";
  var opener = block.querySelector(".bm-play-start");
  var note = block.querySelector(".bm-play-note");
  if (!opener || !note) return;
  // A 対局する page (".bm-play-page"): the reader came to play, so the play modules, words
  // and board parts are loaded once the page is idle, and the press only draws the board.
  // Other pages load nothing until a press (a page carries only its buttons).
  if (block.classList.contains("bm-play-page") && location.protocol !== "file:") {
    var idle = window.requestIdleCallback || function (task) { setTimeout(task, 200); };
    idle(function () {
      var loading = import(sessionURL());
      loading.then(function (session) {
        if (session.preparePlay) session.preparePlay(block);
      }).catch(function () { /* the press reports it */ });
    });
  }
  opener.addEventListener("click", function () {
    if (location.protocol === "file:") {
      note.textContent = FILE_NOTE;
      return;
    }
    opener.disabled = true;
    note.textContent = "対局の準備をしています…";
    var loading = import(sessionURL());
    loading.then(function (session) {
      return session.openPlay(block, lineOf(block));
    }).catch(function (error) {
      note.textContent = "対局を始められませんでした（" + (error && error.message ? error.message : error) + "）。";
      opener.disabled = false;
    });
  });
}
