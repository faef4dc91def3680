/* practice-loader.js: starts a practice page (".bm-practice", banmen/site/practice.py).
 *
 * The page script (practice.js) fetches the practice set's files and the board parts, so it
 * is loaded with import() only on a practice page, and is not part of the offline bundle. A
 * page opened from a file (file://) cannot fetch them: the status line says so instead.
 */

import { moduleURL } from "./play-button.js";

var FILE_NOTE = "ファイルから直接開いたページでは、練習問題を読み込めません。サイトをサーバーで開いてください（python3 -m http.server など）。";

export function setupPractice(root) {
  if (root.dataset.ready) return;
  root.dataset.ready = "1";
  var status = root.querySelector(".bm-practice-status");
  if (location.protocol === "file:") {
    if (status) status.textContent = FILE_NOTE;
    return;
  }
  var loading = import(moduleURL("practice.js"));
  loading.then(function (practice) {
    return practice.openPractice(root);
  }).catch(function (error) {
    if (status) {
      status.textContent = "練習問題を始められませんでした（" +
        (error && error.message ? error.message : error) + "）。";
    }
  });
}
