/* puzzle-trainer.js: move puzzles, played on the board (board-input.js) or typed.
 *
 * The puzzle's data carries its whole solution tree, built by the Python engine at build time
 * (banmen/content/solution.py): the legal moves with the clicks that enter them, the reply to
 * each winning move, the refutation of each losing one. This module knows no game rule; it
 * only looks moves up in that tree.
 *
 * The moves the board shows since the puzzle's position (the right moves and their replies)
 * go to the puzzle's 「この局面から指す」 button (play-button.js), which plays on after them.
 */

import { createBoardInput } from "./board-input.js";
import { say } from "./feedback.js";
import { normaliseMove } from "./move-text.js";
import { playFrom } from "./play-button.js";
import { solved } from "./puzzle-answers.js";
import { record } from "./progress.js";
import { clickReason, typedReason } from "./typed-move.js";

var PAUSE = 700; // ms between a move and the reply shown after it

/* The legal moves of a tree node as board-input wants them. */
function movesOf(node) {
  return node.moves.map(function (m) { return { text: m[0], clicks: m[1], kind: m[2] || null }; });
}

export function setupMove(block, answer) {
  var input = block.querySelector(".bm-input");
  var check = block.querySelector(".bm-check");
  var root = answer.root;
  var node = root;        // the position the reader is to move in, or null when over
  var here = 0;           // board index of that position
  var epoch = 0;          // bumped by every reset: pending replies of before are dropped
  var busy = false;       // a reply or refutation is being shown
  var queued = false;     // a typed move waits for the board to be free
  var line = [];          // the moves shown on the board since the puzzle's position
  var playBlock = block.querySelector(".bm-play");
  var board = createBoardInput(block, {
    labels: answer.labels,
    onMove: function (move) { play(move.text); },
    onRefused: function (code, name, before) {
      if (code === "choose") {
        say(block, "下のボタンから、どう指すかを選んでください。", null);
        return;
      }
      // the engine's reason for that click, found at build time (when there is one)
      var key = before.concat([name]).join(" ");
      var table = node && node.illegalClicks;
      var reason = table && Object.prototype.hasOwnProperty.call(table, key)
        ? answer.reasons[table[key]] : node ? clickReason(answer, node, before, name) : "";
      say(block, (code === "target" ? "そのマスには動かせません。" : "そのマスからは指せません。") +
        reason, false);
    }
  });

  /* Hand the board the moves of the position the reader is to move in (none while busy);
   * the check button waits too, and a move typed meanwhile is checked once the board is
   * free (else the end of the refutation would overwrite its answer). */
  function ready() {
    board.setMoves(node && !busy ? movesOf(node) : null);
    if (node) check.disabled = busy;
    if (!busy && queued) {
      queued = false;
      if (node) typed();
    }
  }

  /* One more move shown on the board ("reader": a right move, "engine": its reply). */
  function shown(move, by) {
    line.push({ move: move, by: by });
    if (playBlock) playFrom(playBlock, line.slice());
  }

  function later(fn) {
    var now = epoch;
    window.setTimeout(function () { if (now === epoch) fn(); }, PAUSE);
  }

  function finish(won) {
    node = null;
    input.disabled = true;
    check.disabled = true;
    if (won) {
      solved(block);
      record(block, true);
    }
  }

  function play(text) {
    if (!node || busy) return;
    input.value = "";
    var edge = node.right[text];
    if (edge) {
      var comment = edge.comment ? edge.comment : "";
      board.marks = {};
      board.show(edge.frame);
      here = edge.frame;
      shown(text, "reader");
      if (edge.reply === null) {
        say(block, "正解です！" + text + "で勝ちです。" + comment, true);
        finish(true);
        ready();
        return;
      }
      var last = edge.next === null;
      say(block, "正解です！" + text + "。" + comment, true);
      if (last) finish(true);
      else node = null;
      busy = true;
      ready();
      later(function () {
        busy = false;
        board.show(edge.replyFrame);
        here = edge.replyFrame;
        shown(edge.reply, "engine");
        if (last) {
          say(block, "正解です！" + text + "。" + comment + "相手が" + edge.reply +
            "と応じて、勝ちが決まりました。", true);
        } else {
          node = edge.next;
          say(block, "正解です！" + text + "。" + comment + "相手は" + edge.reply +
            "と応じました。続けて指してください。", true);
        }
        ready();
      });
      return;
    }
    var wrong = node.wrong[text];
    record(block, false);
    if (!wrong) return;
    refute(text, wrong);
  }

  /* Why a wrong move fails, in words (from the refutation the engine found at build time). */
  function why(text, wrong) {
    if (wrong.end === "lose") return text + "は指せますが、この手で負けてしまいます。";
    if (wrong.end === "draw") return text + "で引き分けになってしまいます。";
    if (wrong.reply && wrong.replyWins) {
      return text + "では勝てません。相手が" + wrong.reply + "と応じて、相手の勝ちになります。";
    }
    if (wrong.reply && wrong.left > 0) {
      return text + "では勝てません。相手が" + wrong.reply + "と応じると、そのあと" + wrong.left +
        "手（両者の手を合わせて）のうちに勝つ手がなくなります。";
    }
    if (wrong.reply) {
      return text + "では勝てません。この手では勝ちが決まらず、相手は" + wrong.reply + "と応じます。";
    }
    return text + "は指せますが、勝ちにつながりません。";
  }

  /* One behaviour for every wrong move of every game: the move is played, the refutation
   * shown, the words say why it fails, then the move is taken back. The boards after the
   * move and after the reply are drawn at build time; where a position has too many wrong
   * moves to draw them all, the same steps are marked on the current board instead. */
  function refute(text, wrong) {
    var message = why(text, wrong);
    var drawn = wrong.frame !== null;
    busy = true;
    ready();
    say(block, message, false);
    board.marks = drawn ? {} : { "bm-tried": wrong.path };
    if (drawn) board.show(wrong.frame);
    else board.render();
    later(function () {
      if (wrong.reply) {
        if (drawn && wrong.replyFrame !== null) board.show(wrong.replyFrame);
        else if (!drawn) {
          board.marks = { "bm-tried": wrong.path, "bm-reply": wrong.replyPath };
          board.render();
        }
      }
      later(function () {
        busy = false;
        board.marks = {};
        board.show(here);
        say(block, message + "手を戻しました。別の手を考えましょう。", false);
        ready();
      });
    });
  }

  function reset() {
    epoch += 1;
    busy = false;
    block.classList.remove("bm-shown");
    queued = false;
    node = root;
    here = 0;
    line = [];
    if (playBlock) playFrom(playBlock, []);
    board.marks = {};
    board.show(0);
    input.disabled = false;
    check.disabled = false;
    input.value = "";
    say(block, "", null);
    ready();
  }

  /* A legal move to show the notation with, one that does not win where there is one
   * (the example must not give the answer away). */
  function example() {
    var wrong = Object.keys(node.wrong);
    return wrong.length ? wrong[0] : node.moves[0][0];
  }

  function typed() {
    if (!node) return;
    if (busy) {
      queued = true;
      return;
    }
    var text = input.value;
    if (!text.trim()) {
      say(block, "指し手を入力してください。", false);
      return;
    }
    var key = normaliseMove(text, answer.fold);
    // own keys only: a typed "__proto__" or "constructor" names no move
    var move = Object.prototype.hasOwnProperty.call(node.accept, key) ? node.accept[key] : null;
    if (!move) {
      // a well-formed move that is not legal here: the engine's reason, found at build time
      // (typed-move.js); text the notation does not read is asked to be checked
      var reason = typedReason(answer, node, key);
      say(block, reason !== null ? "「" + text + "」は指せません。" + reason
        : "「" + text + "」は指し手の書き方として読めません。表記を確かめてください。" +
          "たとえば「" + example() + "」のように書きます。", false);
      return;
    }
    play(move);
  }

  function showSolution() {
    reset();
    input.disabled = true;
    check.disabled = true;
    var said = [];
    function stepFrom(current) {
      var text = current.main;
      var edge = current.right[text];
      node = null;
      busy = true;
      ready();
      board.show(edge.frame);
      shown(text, "reader");
      said.push(text);
      say(block, "解答：" + said.join("、") + (edge.comment ? "。" + edge.comment : ""), null);
      later(function () {
        if (edge.reply !== null) {
          board.show(edge.replyFrame);
          shown(edge.reply, "engine");
          said.push("（相手）" + edge.reply);
          say(block, "解答：" + said.join("、"), null);
        }
        if (edge.next) {
          later(function () { stepFrom(edge.next); });
        } else {
          busy = false;
          block.classList.add("bm-shown"); // the play button shows, as after solving
          say(block, "解答：" + said.join("、") + "。これで勝ちです。「最初から」で自分でも指してみましょう。", null);
        }
      });
    }
    stepFrom(root);
  }

  check.addEventListener("click", typed);
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter") typed();
  });
  block.querySelector(".bm-reset").addEventListener("click", reset);
  block.querySelector(".bm-show").addEventListener("click", showSolution);
  ready();
}
