/* offline-loader.js (a classic script, not a module): Chromium refuses module scripts on
 * pages opened from files (file://), so there this loads offline.js instead: the same
 * modules as one classic script, written by the site build (banmen/site/scripts.py). */
(function () {
  "use strict";
  if (window.location.protocol !== "file:") return;
  var script = document.createElement("script");
  script.src = document.currentScript.src.replace(/[^/]*$/, "offline.js");
  document.head.appendChild(script);
})();
