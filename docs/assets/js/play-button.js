/* play-button.js: the 「この局面から指す」 buttons (blocks ".bm-play", banmen/site/play_page.py).
 *
 * The play board itself (assets/js/play/: play-session.js, play-board.js, engine.js and the
 * Pyodide worker) is loaded with import() only when a reader presses a button, so a page
 * carries none of it; it is not part of the offline bundle either. On a page opened from a
 * file (file://) a module worker cannot run: the button says so in one line instead.
 */

var FILE_NOTE = "ファイルから直接開いたページでは対局できません。サイトをサーバーで開いてください（python3 -m http.server など）。";

/* The URL of assets/js/ (where main.js is), for the play modules beside it. */
function scriptBase() {
  var scripts = document.querySelectorAll("script[src]");
  for (var i = 0; i < scripts.length; i += 1) {
    var src = scripts[i].src;
    if (/assets\/js\/main\.js(\?.*)?$/.test(src)) return src.replace(/main\.js(\?.*)?$/, "");
  }
  return new URL("assets/js/", document.baseURI).href;
}

export function setupPlay(block) {
  if (block.dataset.ready) return;
  block.dataset.ready = "1";
  var opener = block.querySelector(".bm-play-start");
  var note = block.querySelector(".bm-play-note");
  if (!opener || !note) return;
  opener.addEventListener("click", function () {
    if (location.protocol === "file:") {
      note.textContent = FILE_NOTE;
      return;
    }
    opener.disabled = true;
    note.textContent = "対局の準備をしています…";
    var loading = import(scriptBase() + "play/play-session.js");
    loading.then(function (session) {
      return session.openPlay(block);
    }).catch(function (error) {
      note.textContent = "対局を始められませんでした（" + (error && error.message ? error.message : error) + "）。";
      opener.disabled = false;
    });
  });
}
