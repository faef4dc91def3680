/* banmen: puzzles and step-through sequences on the generated pages.
 *
 * Each block carries its data in a <script type="application/json" class="bm-data"> child
 * (written by banmen/site/html.py), so everything works offline with no server.
 * Reader-facing messages are Japanese.
 */
(function () {
  "use strict";

  function data(block) {
    var node = block.querySelector("script.bm-data");
    return node ? JSON.parse(node.textContent) : {};
  }

  function say(block, text, good) {
    var feedback = block.querySelector(".bm-feedback");
    feedback.textContent = text;
    feedback.classList.toggle("bm-right", good === true);
    feedback.classList.toggle("bm-wrong", good === false);
  }

  /* Folds typed move text like banmen.content.check.normalise_move_text. */
  function normaliseMove(text) {
    return text.normalize("NFKC").replace(/\s+/g, "").toLowerCase();
  }

  /* Hidden frames keep their board in <template class="bm-lazy"> (banmen/site/html.py):
   * the first time a frame is shown, the template is replaced by the board it holds. */
  function reveal(frame) {
    var lazy = frame.querySelector(":scope > template.bm-lazy");
    if (lazy) frame.replaceChild(lazy.content, lazy);
    frame.hidden = false;
  }

  function showFrame(block, index) {
    block.querySelectorAll(".bm-boards .bm-frame").forEach(function (frame, i) {
      if (i === index) reveal(frame);
      else frame.hidden = true;
    });
  }

  function setupHints(block) {
    var button = block.querySelector(".bm-hint-button");
    if (!button) return;
    button.addEventListener("click", function () {
      var next = block.querySelector(".bm-hint[hidden]");
      if (next) next.hidden = false;
      var left = block.querySelectorAll(".bm-hint[hidden]").length;
      button.textContent = left ? "次のヒント（残り" + left + "）" : "ヒントはこれで全部です";
      button.disabled = left === 0;
    });
  }

  function solved(block) {
    block.classList.add("bm-solved");
  }

  function setupNumber(block, answer) {
    var input = block.querySelector(".bm-input");
    function check() {
      var text = input.value.normalize("NFKC").trim();
      if (!/^-?\d+$/.test(text)) {
        say(block, "数字を入れてください。", false);
        return;
      }
      if (parseInt(text, 10) === answer.answer) {
        say(block, "正解です！ 答えは " + answer.answer + " です。", true);
        solved(block);
      } else {
        say(block, text + " ではありません。もう一度考えてみましょう。", false);
      }
    }
    block.querySelector(".bm-check").addEventListener("click", check);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") check();
    });
  }

  function setupChoice(block, answer) {
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
      });
    });
  }

  function squareName(element) {
    var id = element.getAttribute("id") || "";
    var at = id.lastIndexOf("--sq-");
    return at < 0 ? null : id.slice(at + 5);
  }

  function setupSquares(block, answer) {
    var picked = {};
    var squares = block.querySelectorAll('.bm-boards .bm-frame g[id*="--sq-"]');
    squares.forEach(function (square) {
      square.classList.add("bm-clickable");
      square.setAttribute("role", "button");
      square.setAttribute("aria-label", squareName(square));
      square.addEventListener("click", function () {
        var name = squareName(square);
        picked[name] = !picked[name];
        square.classList.toggle("bm-selected", picked[name]);
      });
    });
    block.querySelector(".bm-reset").addEventListener("click", function () {
      picked = {};
      squares.forEach(function (s) { s.classList.remove("bm-selected"); });
      say(block, "", null);
    });
    block.querySelector(".bm-check").addEventListener("click", function () {
      var chosen = Object.keys(picked).filter(function (k) { return picked[k]; }).sort();
      var right = answer.answer.slice().sort();
      if (chosen.length === 0) {
        say(block, "マスをクリックして選んでください。", false);
      } else if (chosen.join(",") === right.join(",")) {
        say(block, "正解です！（" + right.join("、") + "）", true);
        solved(block);
      } else {
        var missing = right.filter(function (s) { return chosen.indexOf(s) < 0; }).length;
        var extra = chosen.filter(function (s) { return right.indexOf(s) < 0; }).length;
        var why = [];
        if (missing) why.push("足りないマスが " + missing + " つ");
        if (extra) why.push("ちがうマスが " + extra + " つ");
        say(block, "まだです。" + why.join("、") + "あります。", false);
      }
    });
  }

  function setupMove(block, answer) {
    var input = block.querySelector(".bm-input");
    var button = block.querySelector(".bm-check");
    var step = 0;
    var attempt = 0; // bumped by reset, so a pending reply from before it is not shown
    function reset() {
      attempt += 1;
      step = 0;
      showFrame(block, 0);
      input.disabled = false;
      button.disabled = false;
      input.value = "";
      say(block, "", null);
    }
    function play() {
      var current = answer.steps[step];
      var typed = input.value;
      var move = current.accept[normaliseMove(typed)];
      if (!typed.trim()) {
        say(block, "指し手を入力してください。", false);
        return;
      }
      if (!move) {
        say(block, "「" + typed + "」はこの局面で指せる手として読めません。表記を確かめてください。", false);
        return;
      }
      if (current.correct.indexOf(move) < 0) {
        say(block, move + " は指せますが、勝ちにつながりません。別の手を考えましょう。", false);
        return;
      }
      showFrame(block, 1 + 2 * step);
      input.value = "";
      var comment = current.comment ? " " + current.comment : "";
      var last = step === answer.steps.length - 1;
      var shown = step;
      var now = attempt;
      if (last) {
        input.disabled = true;
        button.disabled = true;
        solved(block);
      } else {
        step += 1;
      }
      if (current.reply === null) {
        say(block, "正解です！ " + move + " で勝ちです。" + comment, true);
        return;
      }
      if (last) {
        say(block, "正解です！ " + move + "。" + comment + " 相手が " + current.reply + " と応じて、勝ちが決まりました。", true);
      } else {
        say(block, "正解です！ " + move + "。" + comment + " 相手は " + current.reply + " と応じました。続けてください。", true);
      }
      window.setTimeout(function () {
        if (attempt === now && step === shown + (last ? 0 : 1)) showFrame(block, 2 + 2 * shown);
      }, 900);
    }
    button.addEventListener("click", play);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") play();
    });
    block.querySelector(".bm-reset").addEventListener("click", reset);
  }

  function setupPuzzle(block) {
    if (block.dataset.ready) return;
    block.dataset.ready = "1";
    var answer = data(block);
    setupHints(block);
    if (answer.kind === "number") setupNumber(block, answer);
    else if (answer.kind === "boolean" || answer.kind === "choice") setupChoice(block, answer);
    else if (answer.kind === "squares") setupSquares(block, answer);
    else if (answer.kind === "move") setupMove(block, answer);
  }

  function setupSequence(block) {
    if (block.dataset.ready) return;
    block.dataset.ready = "1";
    var last = parseInt(block.getAttribute("data-last"), 10);
    var frames = block.querySelectorAll(":scope > .bm-frame");
    var counter = block.querySelector(".bm-counter");
    var index = 0;
    function go(to) {
      index = Math.max(0, Math.min(last, to));
      frames.forEach(function (frame, i) {
        if (i === index) reveal(frame);
        else frame.hidden = true;
      });
      counter.textContent = index + " / " + last;
      block.querySelector(".bm-prev").disabled = index === 0;
      block.querySelector(".bm-first").disabled = index === 0;
      block.querySelector(".bm-next").disabled = index === last;
      block.querySelector(".bm-last").disabled = index === last;
    }
    block.querySelector(".bm-first").addEventListener("click", function () { go(0); });
    block.querySelector(".bm-prev").addEventListener("click", function () { go(index - 1); });
    block.querySelector(".bm-next").addEventListener("click", function () { go(index + 1); });
    block.querySelector(".bm-last").addEventListener("click", function () { go(last); });
    block.setAttribute("tabindex", "0");
    block.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight") go(index + 1);
      if (event.key === "ArrowLeft") go(index - 1);
    });
    go(0);
  }

  function setupAll() {
    document.querySelectorAll(".banmen-puzzle").forEach(setupPuzzle);
    document.querySelectorAll(".banmen-sequence").forEach(setupSequence);
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(setupAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setupAll);
  } else {
    setupAll();
  }
})();
