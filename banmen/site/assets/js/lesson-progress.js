/* lesson-progress.js: the reader's progress in lessons, in localStorage, and the lines that
 * show it (next to the puzzle progress, banmen/site/html.py progress_html).
 *
 * Stored under "banmen-lessons" as {lesson ident: {done: [step indices], complete: bool}}.
 * What is read back is checked: anything else (another site's value, a damaged entry, a
 * step index out of range) is ignored, never an exception.
 */

var STORE = "banmen-lessons";

function validEntry(entry, steps) {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return null;
  var done = Array.isArray(entry.done) ? entry.done : [];
  var seen = {};
  var clean = done.filter(function (i) {
    var ok = typeof i === "number" && i >= 0 && i % 1 === 0 && (!steps || i < steps) && !seen[i];
    if (ok) seen[i] = true;
    return ok;
  }).sort(function (a, b) { return a - b; });
  return { done: clean, complete: entry.complete === true };
}

/* Every valid entry of the store: {ident: {done: [...], complete: bool}}. */
export function loadLessons() {
  var raw;
  try {
    raw = JSON.parse(window.localStorage.getItem(STORE) || "{}");
  } catch (e) {
    return {};
  }
  var out = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
  Object.keys(raw).forEach(function (ident) {
    var entry = validEntry(raw[ident], 0);
    if (entry) out[ident] = entry;
  });
  return out;
}

/* The progress of one lesson with `steps` steps (indices out of range dropped). */
export function lessonEntry(ident, steps) {
  return validEntry(loadLessons()[ident], steps) || { done: [], complete: false };
}

function save(all) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(all));
  } catch (e) { /* storage refused (private mode): progress is simply not kept */ }
}

/* Record step `index` of lesson `ident` as done; `complete`: the whole lesson is done. */
export function markStep(ident, steps, index, complete) {
  var all = loadLessons();
  var entry = validEntry(all[ident], steps) || { done: [], complete: false };
  if (entry.done.indexOf(index) < 0) entry.done.push(index);
  entry.done.sort(function (a, b) { return a - b; });
  if (complete) entry.complete = true;
  all[ident] = entry;
  save(all);
  refreshLessonProgress();
}

/* Forget the progress of lessons `idents`. */
export function clearLessons(idents) {
  var all = loadLessons();
  idents.forEach(function (ident) { delete all[ident]; });
  save(all);
  refreshLessonProgress();
}

/* Fill every lesson progress mark of the page: 「手ほどき：3 / 10」 or 「手ほどき：修了」. */
export function refreshLessonProgress() {
  document.querySelectorAll(".bm-lesson-progress").forEach(function (mark) {
    var steps = parseInt(mark.getAttribute("data-steps"), 10) || 0;
    var entry = lessonEntry(mark.getAttribute("data-lesson"), steps);
    mark.textContent = entry.complete ? "手ほどき：修了" :
      "手ほどき：" + entry.done.length + " / " + steps + " ステップ";
    mark.classList.toggle("bm-done", entry.complete);
  });
}
