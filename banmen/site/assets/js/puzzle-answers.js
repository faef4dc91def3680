/* puzzle-answers.js: the puzzles answered without playing: a number, yes/no or a choice,
 * and squares picked on the board. Each gets its block and its answer data (html.py). */

import { createBoardInput } from "./board-input.js";
import { say } from "./feedback.js";
import { record } from "./progress.js";

export function solved(block) {
  block.classList.add("bm-solved");
}

/* Wire the number field of `controls`: report(right, text) on each answer, right null for
 * input that is no whole number. Shared by puzzles and lesson questions. */
export function answerNumber(controls, answer, report) {
  var input = controls.querySelector(".bm-input");
  function check() {
    var text = input.value.normalize("NFKC").trim();
    if (!/^-?\d+$/.test(text)) {
      report(null, "数字を入れてください。");
    } else if (parseInt(text, 10) === answer.answer) {
      report(true, "正解です！答えは" + answer.answer + "です。");
    } else {
      report(false, text + "ではありません。もう一度考えてみましょう。");
    }
  }
  controls.querySelector(".bm-check").addEventListener("click", check);
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter") check();
  });
}

/* Wire the はい/いいえ or option buttons of `controls`: report(right, text) on each pick. */
export function answerChoice(controls, answer, report) {
  var buttons = controls.querySelectorAll(".bm-choice");
  buttons.forEach(function (button) {
    button.addEventListener("click", function () {
      var value = button.getAttribute("data-value");
      var right = answer.kind === "boolean"
        ? (value === "true") === answer.answer
        : parseInt(value, 10) === answer.answer;
      buttons.forEach(function (b) { b.classList.remove("bm-picked"); });
      button.classList.add("bm-picked");
      report(right, right ? "正解です！" : "ちがいます。もう一度考えてみましょう。");
    });
  });
}

/* Wire the controls of a question (number, boolean, choice) by its answer's kind. */
export function answerQuestion(controls, answer, report) {
  if (answer.kind === "number") answerNumber(controls, answer, report);
  else answerChoice(controls, answer, report);
}

function reportTo(block) {
  return function (right, text) {
    say(block, text, right === null ? false : right);
    if (right) solved(block);
    if (right !== null) record(block, right);
  };
}

export function setupNumber(block, answer) {
  answerNumber(block, answer, reportTo(block));
}

export function setupChoice(block, answer) {
  answerChoice(block, answer, reportTo(block));
}

export function setupSquares(block, answer) {
  var picked = {};
  function chosen() {
    return Object.keys(picked).filter(function (k) { return picked[k]; });
  }
  var board = createBoardInput(block, {
    onSquare: function (name) {
      picked[name] = !picked[name];
      board.marks["bm-selected"] = chosen();
      board.render();
    }
  });
  block.querySelector(".bm-reset").addEventListener("click", function () {
    picked = {};
    board.marks["bm-selected"] = [];
    board.render();
    say(block, "", null);
  });
  block.querySelector(".bm-check").addEventListener("click", function () {
    var mine = chosen().sort();
    var right = answer.answer.slice().sort();
    if (mine.length === 0) {
      say(block, "マスをクリックして選んでください。", false);
    } else if (mine.join(",") === right.join(",")) {
      say(block, "正解です！（" + right.join("、") + "）", true);
      solved(block);
      record(block, true);
    } else {
      var missing = right.filter(function (s) { return mine.indexOf(s) < 0; }).length;
      var extra = mine.filter(function (s) { return right.indexOf(s) < 0; }).length;
      var why = [];
      if (missing) why.push("足りないマスが" + missing + "つ");
      if (extra) why.push("ちがうマスが" + extra + "つ");
      say(block, "まだです。" + why.join("、") + "あります。", false);
      record(block, false);
    }
  });
}
