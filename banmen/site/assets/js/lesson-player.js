/* lesson-player.js: a lesson (手ほどき) played on one board, step by step.
 *
 * The lesson's data (data-answer, written by banmen/site/html.py from
 * banmen/content/lesson.py) holds per step every legal move with its click path and kinds,
 * the accepted moves with their result boards and replies, the answer to every other legal
 * move (words made from the engine's move kinds) and the engine's reason for each click
 * that enters no move. This module knows no game rule: it looks the reader's clicks up there.
 * The clicks themselves go through board-input.js; a question step (a number, yes/no or a
 * choice, checked by the build like a puzzle answer) is answered with the puzzle page's
 * controls (puzzle-answers.js). A step with a roll (a dice game) first shows the board
 * before the die and a 「サイコロを振る」 button; pressing it shows the step's die, board and
 * moves.
 */

import { createBoardInput, movesThrough } from "./board-input.js";
import { say } from "./feedback.js";
import { lessonEntry, markMistake, markStep, starText } from "./lesson-progress.js";
import { answerQuestion } from "./puzzle-answers.js";

var PAUSE = 700; // ms between a move and the reply shown after it

export function setupLesson(block) {
  if (block.dataset.ready) return;
  block.dataset.ready = "1";
  var data = JSON.parse(block.getAttribute("data-answer") || "{}");
  var steps = data.steps || [];
  var ident = block.getAttribute("data-ident") || "";
  var counter = block.querySelector(".bm-counter");
  var actions = block.querySelector(".bm-lesson-actions");
  var prev = block.querySelector(".bm-prev");
  var again = block.querySelector(".bm-again");
  var next = block.querySelector(".bm-next");
  var index = 0;
  var busy = false;
  var epoch = 0;        // bumped on every step change: pending replies of before are dropped
  var done = {};
  var score = block.querySelector(".bm-lesson-score");
  var saved = lessonEntry(ident, steps.length);
  saved.done.forEach(function (i) { done[i] = true; });
  showScore(saved);

  /* The lesson's score once complete: its stars and the wrong tries it was done with. */
  function showScore(entry) {
    if (!score) return;
    score.hidden = !(entry.complete && entry.stars);
    score.textContent = score.hidden ? "" : "このレッスンの評価：" + starText(entry.stars) +
      "（星" + entry.stars + "つ。まちがえた手や答え：" + entry.mistakes + "回）";
  }

  /* A wrong try (a legal move that is not the lesson's, a wrong answer) lowers the score. */
  function mistake() {
    markMistake(ident, steps.length);
  }

  var board = createBoardInput(block, {
    labels: data.labels || {},
    onMove: function (move) { play(move.text); },
    onRefused: refused,
    // the path so far is a whole move, and longer ones go on from it: say how to stop here
    onPause: function () {
      say(block, "ここで止めるなら「ここで指す」を押します。先のマスをクリックすれば、さらに進めます。", null);
    },
    restartPlays: false  // a click off the path is a new first click, not a one-click move
  });

  function step() { return steps[index]; }

  function movesOf(s) {
    return (s.moves || []).map(function (m) { return { text: m[0], clicks: m[1], kind: m[2] }; });
  }

  function later(fn) {
    var now = epoch;
    window.setTimeout(function () { if (now === epoch) fn(); }, PAUSE);
  }

  function expects(s) { return !!(s.moves || s.squares || s.question); }

  /* Question steps: each step's controls are wired once; only the shown step's answer counts. */
  var questions = block.querySelectorAll(".bm-step-answer");
  questions.forEach(function (controls) {
    var at = parseInt(controls.getAttribute("data-step"), 10);
    if (!steps[at] || !steps[at].question) return;
    answerQuestion(controls, steps[at].question, function (right, text) {
      if (at !== index) return;
      if (right) {
        say(block, text + "「次へ」で進みましょう。", true);
        complete();
      } else {
        mistake();
        say(block, text, false);
      }
    });
  });

  function showQuestion() {
    questions.forEach(function (controls) {
      controls.hidden = parseInt(controls.getAttribute("data-step"), 10) !== index;
      var input = controls.querySelector(".bm-input");
      if (input) input.value = "";
      controls.querySelectorAll(".bm-picked").forEach(function (b) {
        b.classList.remove("bm-picked");
      });
    });
  }

  /* A squares step: the reader clicks squares (again to drop one), then checks. */
  var picked = {};

  function pickedList() {
    return Object.keys(picked).filter(function (k) { return picked[k]; }).sort();
  }

  function squaresStep(s) {
    picked = {};
    board.free(function (name) {
      if (busy) return;
      picked[name] = !picked[name];
      board.marks = { "bm-selected": pickedList() };
      board.render();
    });
    addAction("答え合わせ", function () {
      var chosen = pickedList();
      var right = s.squares.slice().sort();
      var missing = right.filter(function (q) { return chosen.indexOf(q) < 0; }).length;
      var extra = chosen.filter(function (q) { return right.indexOf(q) < 0; }).length;
      if (!missing && !extra) {
        say(block, "できました！" + right.join("、") + "です。", true);
        complete();
      } else {
        mistake();
        say(block, "まだちがいます。" + (missing ? "足りないマスが" + missing + "つ" : "") +
          (missing && extra ? "、" : "") + (extra ? "余分なマスが" + extra + "つ" : "") +
          "あります。", false);
      }
    });
    addAction("選び直す", function () {
      picked = {};
      board.marks = {};
      board.render();
      say(block, "", null);
    });
  }

  function addAction(label, action) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button bm-choice-button";
    button.textContent = label;
    button.addEventListener("click", action);
    actions.appendChild(button);
  }

  function allDone() {
    for (var i = 0; i < steps.length; i += 1) if (!done[i]) return false;
    return true;
  }

  /* Buttons for moves entered without a square (a pass): shown while nothing is selected. */
  function rootActions(s) {
    actions.textContent = "";
    if (!s.moves || busy) return;
    s.moves.forEach(function (m) {
      if (m[1].length === 1 && m[1][0].charAt(0) === "#") {
        addAction((data.labels || {})[m[1][0]] || m[0], function () { play(m[0]); });
      }
    });
  }

  function showTexts() {
    block.querySelectorAll(".bm-step-text").forEach(function (el) {
      el.hidden = parseInt(el.getAttribute("data-step"), 10) !== index;
    });
    block.querySelectorAll(".bm-step-done").forEach(function (el) {
      el.hidden = true;
    });
  }

  function buttons() {
    prev.disabled = index === 0;
    next.disabled = index === steps.length - 1 || !done[index];
    counter.textContent = "ステップ " + (index + 1) + " / " + steps.length +
      // a text-only step counts as done when shown: say so only once the lesson is finished
      (done[index] && (expects(step()) || allDone()) ? "（できた）" : "");
  }

  function complete() {
    done[index] = true;
    var doneText = block.querySelector('.bm-step-done[data-step="' + index + '"]');
    if (doneText) doneText.hidden = false;
    var finished = allDone();
    showScore(markStep(ident, steps.length, index, finished));
    if (finished) block.classList.add("bm-solved");
    buttons();
  }

  function go(to) {
    index = Math.max(0, Math.min(steps.length - 1, to));
    epoch += 1;
    busy = false;
    var s = step();
    board.marks = {};
    showTexts();
    showQuestion();
    say(block, "", null);
    if (s.roll) {
      // a step with a roll: the reader rolls first; the board's moves wait for the die
      board.show(s.rollBoard);
      board.free(function () {
        say(block, "まず「サイコロを振る」を押しましょう。", null);
      });
      actions.textContent = "";
      hideQuestions();
      addAction("サイコロを振る", function () {
        ready(s);  // ends the free mode above (setMoves, or a squares step's own)
        say(block, s.roll + "が出ました。", null);
      });
    } else {
      ready(s);
    }
    if (!expects(s)) complete();
    buttons();
  }

  /* The step's board, moves and controls (after the die of a step with a roll). */
  function ready(s) {
    board.show(s.board);
    if (s.moves) board.setMoves(movesOf(s));
    else board.setMoves(null);
    rootActions(s);
    if (s.squares) squaresStep(s);
    if (s.roll) showQuestion();
  }

  function hideQuestions() {
    questions.forEach(function (controls) { controls.hidden = true; });
  }

  function play(text) {
    if (busy) return;
    var s = step();
    var right = (s.right || {})[text];
    if (right) {
      busy = true;
      board.setMoves(null);
      actions.textContent = "";
      board.marks = {};
      board.show(right.frame);
      var message = "できました！" + right.says;
      say(block, message, true);
      var replies = right.replies || [];
      var k = 0;
      (function reply() {
        if (k >= replies.length) {
          busy = false;
          complete();
          if (allDone() && index === steps.length - 1) {
            say(block, message + "これで手ほどきは終わりです。", true);
          }
          return;
        }
        later(function () {
          var r = replies[k];
          k += 1;
          board.marks = { "bm-reply": r[2] };
          board.show(r[1]);
          message += "相手は" + r[0] + "と指しました。";
          say(block, message, true);
          reply();
        });
      })();
      return;
    }
    var wrong = (s.wrong || {})[text];
    if (!wrong) return;
    mistake();
    // One behaviour for every wrong move, as on the puzzle pages (puzzle-trainer.js): the
    // move is shown (its board where the build drew it, else its squares marked on this
    // one), the words say why, then it is taken back.
    var shown = (s.wrongFrame || {})[text];
    busy = true;
    board.setMoves(null);
    actions.textContent = "";
    if (shown === undefined) {
      var path = [];
      (s.moves || []).forEach(function (m) {
        if (m[0] === text) path = m[1].filter(function (t) { return t.charAt(0) !== "#"; });
      });
      board.marks = { "bm-tried": path };
      board.render();
    } else {
      board.marks = {};
      board.show(shown);
    }
    say(block, wrong, false);
    later(function () {
      busy = false;
      board.marks = {};
      board.show(s.board);
      board.setMoves(movesOf(s));
      rootActions(s);
      say(block, wrong + "手を戻しました。別の手を指してみましょう。", false);
    });
  }

  function reason(before, name) {
    var table = (step().why || {})[before.join(" ")] || {};
    var found = null;
    Object.keys(table).forEach(function (text) {
      if (table[text].indexOf(name) >= 0) found = text;
    });
    return found;
  }

  function refused(code, name, before) {
    if (busy) return;
    if (code === "choose") {
      say(block, "下のボタンから、どう指すかを選んでください。", null);
      return;
    }
    if (code === "target") {
      // a square further along one move's path (its final square) enters that move
      var ahead = movesThrough(movesOf(step()), before, name);
      if (ahead.length === 1) {
        play(ahead[0].text);
        return;
      }
    }
    say(block, reason(before, name) ||
      (before.length ? "そのマスへは動かせません。" : "そのマスからは指せません。"), false);
  }

  prev.addEventListener("click", function () { go(index - 1); });
  next.addEventListener("click", function () { go(index + 1); });
  again.addEventListener("click", function () { go(index); });
  block.addEventListener("keydown", function (event) {
    if (event.target.closest && event.target.closest(".bm-boards")) return; // the board's keys
    if (event.key === "ArrowRight" && !next.disabled) { event.preventDefault(); go(index + 1); }
    else if (event.key === "ArrowLeft" && !prev.disabled) { event.preventDefault(); go(index - 1); }
  });
  var first = 0;
  while (first < steps.length - 1 && done[first]) first += 1;
  go(done[first] && first === steps.length - 1 ? 0 : first);
}
