/* puzzle-answers.js: the puzzles answered without playing: a number, yes/no or a choice,
 * and squares picked on the board. Each gets its block and its answer data (html.py). */

import { createBoardInput } from "./board-input.js";
import { say } from "./feedback.js";
import { record } from "./progress.js";

export function solved(block) {
  block.classList.add("bm-solved");
}

export function setupNumber(block, answer) {
  var input = block.querySelector(".bm-input");
  function check() {
    var text = input.value.normalize("NFKC").trim();
    if (!/^-?\d+$/.test(text)) {
      say(block, "数字を入れてください。", false);
      return;
    }
    if (parseInt(text, 10) === answer.answer) {
      say(block, "正解です！答えは" + answer.answer + "です。", true);
      solved(block);
      record(block, true);
    } else {
      say(block, text + "ではありません。もう一度考えてみましょう。", false);
      record(block, false);
    }
  }
  block.querySelector(".bm-check").addEventListener("click", check);
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter") check();
  });
}

export function setupChoice(block, answer) {
  block.querySelectorAll(".bm-choice").forEach(function (button) {
    button.addEventListener("click", function () {
      var value = button.getAttribute("data-value");
      var right = answer.kind === "boolean"
        ? (value === "true") === answer.answer
        : parseInt(value, 10) === answer.answer;
      block.querySelectorAll(".bm-choice").forEach(function (b) {
        b.classList.remove("bm-picked");
      });
      button.classList.add("bm-picked");
      if (right) {
        say(block, "正解です！", true);
        solved(block);
      } else {
        say(block, "ちがいます。もう一度考えてみましょう。", false);
      }
      record(block, right);
    });
  });
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
