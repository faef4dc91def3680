/* lesson-progress.js: the reader's progress in lessons, in localStorage, and the marks that
 * show it: the course line next to the puzzle progress (banmen/site/html.py progress_html)
 * and the course map's marks (banmen/site/build.py course_markdown).
 *
 * Stored under "banmen-lessons" as {lesson ident: {done: [step indices], complete: bool,
 * mistakes: n, stars: 1-3}}: `mistakes` counts the wrong tries (a wrong move, a wrong answer)
 * until the lesson is complete; `stars` is the score it was completed with (absent before).
 * What is read back is checked: anything else (another site's value, a damaged entry, a
 * step index out of range) is ignored, never an exception.
 */

var STORE = "banmen-lessons";

/* The score of a lesson completed with `mistakes` wrong tries: 3 stars for none, 2 for one
 * or two, 1 for more (as lichess Learn scores a stage by its mistakes). */
export function starsFor(mistakes) {
  return mistakes === 0 ? 3 : mistakes <= 2 ? 2 : 1;
}

function count(value) {
  return typeof value === "number" && value >= 0 && value % 1 === 0 ? value : 0;
}

function validEntry(entry, steps) {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return null;
  var done = Array.isArray(entry.done) ? entry.done : [];
  var seen = {};
  var clean = done.filter(function (i) {
    var ok = typeof i === "number" && i >= 0 && i % 1 === 0 && (!steps || i < steps) && !seen[i];
    if (ok) seen[i] = true;
    return ok;
  }).sort(function (a, b) { return a - b; });
  var out = { done: clean, complete: entry.complete === true, mistakes: count(entry.mistakes) };
  if (out.complete && [1, 2, 3].indexOf(entry.stars) >= 0) out.stars = entry.stars;
  return out;
}

/* Every valid entry of the store: {ident: {done, complete, mistakes[, stars]}}. */
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
  return validEntry(loadLessons()[ident], steps) || { done: [], complete: false, mistakes: 0 };
}

function save(all) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(all));
  } catch (e) { /* storage refused (private mode): progress is simply not kept */ }
}

function update(ident, steps, change) {
  var all = loadLessons();
  var entry = validEntry(all[ident], steps) || { done: [], complete: false, mistakes: 0 };
  change(entry);
  all[ident] = entry;
  save(all);
  refreshLessonProgress();
  return entry;
}

/* Record step `index` of lesson `ident` as done; `complete`: the whole lesson is done (the
 * first time, it is scored by its wrong tries). Returns the entry as stored. */
export function markStep(ident, steps, index, complete) {
  return update(ident, steps, function (entry) {
    if (entry.done.indexOf(index) < 0) entry.done.push(index);
    entry.done.sort(function (a, b) { return a - b; });
    if (complete && !entry.complete) {
      entry.complete = true;
      entry.stars = starsFor(entry.mistakes);
    }
  });
}

/* Count one wrong try in lesson `ident` (before it is complete: a finished lesson keeps its
 * score). */
export function markMistake(ident, steps) {
  return update(ident, steps, function (entry) {
    if (!entry.complete) entry.mistakes += 1;
  });
}

/* Forget the progress of lessons `idents`. */
export function clearLessons(idents) {
  var all = loadLessons();
  idents.forEach(function (ident) { delete all[ident]; });
  save(all);
  refreshLessonProgress();
}

/* 「★★☆」: `stars` of 3. */
export function starText(stars) {
  return "★★★".slice(0, stars) + "☆☆☆".slice(0, 3 - stars);
}

/* The lessons of a course line: [[ident, steps], ...] from its data-lessons (JSON). */
export function courseLessons(mark) {
  var lessons;
  try {
    lessons = JSON.parse(mark.getAttribute("data-lessons") || "[]");
  } catch (e) {
    return [];
  }
  return Array.isArray(lessons) ? lessons.filter(function (l) {
    return Array.isArray(l) && typeof l[0] === "string" && typeof l[1] === "number";
  }) : [];
}

/* Fill every lesson mark of the page: the course lines (「手ほどき：1 / 4 レッスン」, then
 * 「手ほどき：修了 ★11 / 12」) and the course map's marks (「★★☆」 once complete, else
 * 「3 / 10 ステップ」 or 「まだ」). */
export function refreshLessonProgress() {
  var all = loadLessons();
  function entryOf(ident, steps) {
    return validEntry(all[ident], steps) || { done: [], complete: false, mistakes: 0 };
  }
  document.querySelectorAll(".bm-lesson-progress").forEach(function (mark) {
    var lessons = courseLessons(mark);
    var complete = 0;
    var stars = 0;
    lessons.forEach(function (lesson) {
      var entry = entryOf(lesson[0], lesson[1]);
      if (entry.complete) { complete += 1; stars += entry.stars || 0; }
    });
    var finished = lessons.length > 0 && complete === lessons.length;
    mark.textContent = finished ? "手ほどき：修了 ★" + stars + " / " + 3 * lessons.length :
      "手ほどき：" + complete + " / " + lessons.length + " レッスン";
    mark.classList.toggle("bm-done", finished);
  });
  document.querySelectorAll(".bm-course-mark").forEach(function (mark) {
    var steps = parseInt(mark.getAttribute("data-steps"), 10) || 0;
    var entry = entryOf(mark.getAttribute("data-lesson"), steps);
    if (entry.complete && entry.stars) {
      mark.textContent = starText(entry.stars);
      mark.setAttribute("aria-label", "修了、星" + entry.stars + "つ（3つのうち）");
    } else {
      mark.textContent = entry.done.length ? entry.done.length + " / " + steps + " ステップ" : "まだ";
      mark.removeAttribute("aria-label");
    }
    mark.classList.toggle("bm-done", entry.complete);
  });
}
