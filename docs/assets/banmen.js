/* banmen: puzzles, play on the board, progress and step-through sequences.
 *
 * Each puzzle carries its data as JSON in its data-answer attribute (written by
 * banmen/site/html.py), so everything works offline with no server. Move
 * puzzles carry their whole solution tree, built by the Python engine at build time
 * (banmen/content/solution.py): the legal moves with the clicks that enter them, the reply
 * to each winning move, the refutation of each losing one. This script knows no game rule;
 * it only looks moves up in that tree. Reader-facing messages are Japanese.
 */
(function () {
  "use strict";

  var STORE = "banmen-progress";
  var PAUSE = 700; // ms between a move and the reply shown after it

  function data(block) {
    var text = block.getAttribute("data-answer");
    return text ? JSON.parse(text) : {};
  }

  function say(block, text, good) {
    var feedback = block.querySelector(".bm-feedback");
    feedback.textContent = text;
    feedback.classList.toggle("bm-right", good === true);
    feedback.classList.toggle("bm-wrong", good === false);
  }

  /* Folds typed move text like banmen.content.steps.normalise_move_text, with the same
   * table (move_text.json, embedded in the puzzle's data as "fold"). */
  function normaliseMove(text, fold) {
    var out = "";
    var folded = text.normalize("NFKC");
    for (var i = 0; i < folded.length; i += 1) {
      var ch = folded.charAt(i);
      out += Object.prototype.hasOwnProperty.call(fold || {}, ch) ? fold[ch] : ch;
    }
    return out.replace(/\s+/g, "").toLowerCase();
  }

  /* ---- boards: the one place that knows how frames are embedded */

  function frames(block) {
    return block.querySelectorAll(".bm-frame");
  }

  function frameNode(block, index) {
    return frames(block)[index];
  }

  /* Hidden frames keep their board in <template class="bm-lazy"> (banmen/site/html.py):
   * the first time a frame is shown, the template is replaced by the board it holds. */
  function reveal(frame) {
    var lazy = frame.querySelector(":scope > template.bm-lazy");
    if (lazy) frame.replaceChild(lazy.content, lazy);
    frame.hidden = false;
  }

  function showFrame(block, index) {
    frames(block).forEach(function (frame, i) {
      if (i === index) reveal(frame);
      else frame.hidden = true;
    });
  }

  function visibleFrame(block) {
    var all = frames(block);
    for (var i = 0; i < all.length; i += 1) if (!all[i].hidden) return all[i];
    return all[0];
  }

  function squareName(element) {
    var id = element.getAttribute("id") || "";
    var at = id.lastIndexOf("--sq-");
    return at < 0 ? null : id.slice(at + 5);
  }

  function squaresIn(frame) {
    var found = {};
    frame.querySelectorAll('g[id*="--sq-"]').forEach(function (g) {
      found[squareName(g)] = g;
    });
    return found;
  }

  var MARKS = ["bm-selected", "bm-origin", "bm-target", "bm-tried", "bm-reply", "bm-cursor"];

  /* A clickable, keyboard-driven board over a block's frames.
   * onSquare(name) is called for a click, or for Enter/Space on the focused square.
   * marks: class -> list of square names, drawn on the visible frame by render(). */
  function makeBoard(block, onSquare) {
    var boards = block.querySelector(".bm-boards");
    var board = { marks: {}, cursor: null };
    boards.classList.add("bm-playable");
    // Squares of a frame become clickable when it is shown (lazy frames enter the page then).
    function enable(frame) {
      var squares = squaresIn(frame);
      Object.keys(squares).forEach(function (name) {
        squares[name].classList.add("bm-clickable");
        squares[name].setAttribute("role", "button");
        squares[name].setAttribute("aria-label", name);
      });
    }
    board.render = function () {
      enable(visibleFrame(block));
      frames(block).forEach(function (frame) {
        frame.querySelectorAll("g." + MARKS.join(", g.")).forEach(function (g) {
          MARKS.forEach(function (c) { g.classList.remove(c); });
        });
      });
      var squares = squaresIn(visibleFrame(block));
      Object.keys(board.marks).forEach(function (cls) {
        board.marks[cls].forEach(function (name) {
          if (squares[name]) squares[name].classList.add(cls);
        });
      });
      if (board.cursor && squares[board.cursor] && boards.classList.contains("bm-focus")) {
        squares[board.cursor].classList.add("bm-cursor");
        boards.setAttribute("aria-activedescendant", squares[board.cursor].id);
      }
    };
    board.show = function (index) {
      showFrame(block, index);
      board.render();
    };
    boards.addEventListener("click", function (event) {
      var g = event.target.closest ? event.target.closest('g[id*="--sq-"]') : null;
      if (!g) return;
      board.cursor = squareName(g);
      onSquare(board.cursor);
    });
    function centre(g) {
      var box = g.getBBox();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    function step(dx, dy) {
      var squares = squaresIn(visibleFrame(block));
      var names = Object.keys(squares);
      if (!names.length) return;
      if (!board.cursor || !squares[board.cursor]) {
        board.cursor = names.sort(function (a, b) {
          var p = centre(squares[a]), q = centre(squares[b]);
          return (p.y - q.y) || (p.x - q.x);
        })[0];
        return;
      }
      var from = centre(squares[board.cursor]);
      var best = null, bestScore = Infinity;
      names.forEach(function (name) {
        var to = centre(squares[name]);
        // a square ahead within 45 degrees of the key's direction: Up/Down go to the nearest
        // row (on a checkers board, a diagonal neighbour), Left/Right stay in the row when
        // they can; so every square can be reached on every board
        var along = (to.x - from.x) * dx + (to.y - from.y) * dy;
        var across = Math.abs((to.x - from.x) * dy) + Math.abs((to.y - from.y) * dx);
        if (along <= 0.5 || across > along * 1.01) return;
        var score = dy ? 4 * along + across : along + 4 * across;
        if (score < bestScore) { bestScore = score; best = name; }
      });
      if (best) board.cursor = best;
    }
    boards.addEventListener("keydown", function (event) {
      var moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (moves[event.key]) {
        event.preventDefault();
        step(moves[event.key][0], moves[event.key][1]);
        board.render();
      } else if ((event.key === "Enter" || event.key === " ") && board.cursor) {
        event.preventDefault();
        onSquare(board.cursor);
      }
    });
    boards.addEventListener("focus", function () {
      boards.classList.add("bm-focus");
      if (!board.cursor) step(0, 0);
      board.render();
    });
    boards.addEventListener("blur", function () {
      boards.classList.remove("bm-focus");
      board.render();
    });
    board.render();
    return board;
  }

  /* ---- progress in localStorage: {ident: {solved: bool, tried: n}} */

  function loadProgress() {
    try {
      return JSON.parse(window.localStorage.getItem(STORE) || "{}") || {};
    } catch (e) {
      return {};
    }
  }

  function saveProgress(progress) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(progress));
    } catch (e) { /* storage refused (private mode): progress is simply not kept */ }
  }

  function record(block, solvedNow) {
    var ident = block.getAttribute("data-ident");
    if (!ident) return;
    var progress = loadProgress();
    var entry = progress[ident] || { solved: false, tried: 0 };
    entry.tried += 1;
    if (solvedNow) entry.solved = true;
    progress[ident] = entry;
    saveProgress(progress);
    refreshProgress();
  }

  function refreshProgress() {
    var progress = loadProgress();
    document.querySelectorAll(".bm-progress").forEach(function (line) {
      var idents = (line.getAttribute("data-puzzles") || "").split(" ").filter(Boolean);
      var solved = idents.filter(function (i) { return progress[i] && progress[i].solved; });
      var tried = idents.filter(function (i) { return progress[i] && progress[i].tried; });
      line.querySelector(".bm-progress-text").textContent = "練習問題：" + solved.length +
        " / " + idents.length + " 解いた" + (tried.length > solved.length
          ? "（挑戦中 " + (tried.length - solved.length) + "）" : "");
      line.querySelector(".bm-progress-reset").hidden = tried.length === 0;
    });
    document.querySelectorAll(".banmen-puzzle").forEach(function (block) {
      var entry = progress[block.getAttribute("data-ident")];
      var status = block.querySelector(".bm-status");
      if (!status) return;
      status.textContent = entry && entry.solved ? "解いた" : entry && entry.tried ? "挑戦中" : "";
      status.classList.toggle("bm-done", !!(entry && entry.solved));
    });
  }

  function setupProgress(line) {
    if (line.dataset.ready) return;
    line.dataset.ready = "1";
    line.querySelector(".bm-progress-reset").addEventListener("click", function () {
      var progress = loadProgress();
      (line.getAttribute("data-puzzles") || "").split(" ").forEach(function (i) {
        delete progress[i];
      });
      saveProgress(progress);
      document.querySelectorAll(".banmen-puzzle.bm-solved").forEach(function (block) {
        block.classList.remove("bm-solved");
      });
      refreshProgress();
    });
  }

  function nextPuzzle(block) {
    var all = Array.prototype.slice.call(document.querySelectorAll(".banmen-puzzle"));
    var progress = loadProgress();
    var at = all.indexOf(block);
    for (var k = 1; k <= all.length; k += 1) {
      var other = all[(at + k) % all.length];
      var entry = progress[other.getAttribute("data-ident")];
      if (other !== block && !(entry && entry.solved)) {
        var heading = other.previousElementSibling;
        (heading && /^H[1-6]$/.test(heading.tagName) ? heading : other).scrollIntoView();
        var target = other.querySelector(".bm-boards[tabindex], .bm-input, .bm-choice, button");
        if (target) target.focus({ preventScroll: true });
        return;
      }
    }
    say(block, "このページの問題はすべて解きました！", true);
  }

  /* ---- puzzles */

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
        record(block, right);
      });
    });
  }

  function setupSquares(block, answer) {
    var picked = {};
    var board = makeBoard(block, function (name) {
      picked[name] = !picked[name];
      board.marks["bm-selected"] = Object.keys(picked).filter(function (k) { return picked[k]; });
      board.render();
    });
    block.querySelector(".bm-reset").addEventListener("click", function () {
      picked = {};
      board.marks["bm-selected"] = [];
      board.render();
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
        record(block, true);
      } else {
        var missing = right.filter(function (s) { return chosen.indexOf(s) < 0; }).length;
        var extra = chosen.filter(function (s) { return right.indexOf(s) < 0; }).length;
        var why = [];
        if (missing) why.push("足りないマスが" + missing + "つ");
        if (extra) why.push("ちがうマスが" + extra + "つ");
        say(block, "まだです。" + why.join("、") + "あります。", false);
        record(block, false);
      }
    });
  }

  function startsWith(list, prefix) {
    for (var i = 0; i < prefix.length; i += 1) if (list[i] !== prefix[i]) return false;
    return true;
  }

  function isChoice(token) {
    return token.charAt(0) === "#";
  }

  function setupMove(block, answer) {
    var input = block.querySelector(".bm-input");
    var check = block.querySelector(".bm-check");
    var choices = block.querySelector(".bm-choices");
    var root = answer.root;
    var node = root;        // the position the reader is to move in, or null when over
    var here = 0;           // board index of that position
    var clicks = [];        // clicks of the move being entered
    var epoch = 0;          // bumped by every reset: pending replies of before are dropped
    var busy = false;       // a reply or refutation is being shown
    var board = makeBoard(block, onSquare);

    function later(fn) {
      var now = epoch;
      window.setTimeout(function () { if (now === epoch) fn(); }, PAUSE);
    }

    function candidates() {
      return node ? node.moves.filter(function (m) { return startsWith(m[1], clicks); }) : [];
    }

    function squaresOf(list) {
      return list.filter(function (t) { return !isChoice(t); });
    }

    function render() {
      var cands = candidates();
      var next = {}, beyond = {}, complete = null;
      cands.forEach(function (m) {
        if (m[1].length === clicks.length) complete = m;
        else {
          next[m[1][clicks.length]] = true;
          if (isChoice(m[1][clicks.length]) && m[1].length > clicks.length + 1) {
            beyond[m[1][clicks.length + 1]] = true;
          }
        }
      });
      var targets = Object.keys(next).filter(function (t) { return !isChoice(t); });
      board.marks = {
        "bm-origin": clicks.length ? squaresOf(clicks) : [],
        "bm-target": clicks.length ? targets.concat(squaresOf(Object.keys(beyond))) : [],
        "bm-tried": board.marks["bm-tried"] || [],
        "bm-reply": board.marks["bm-reply"] || []
      };
      board.render();
      choices.textContent = "";
      if (!clicks.length) return;
      Object.keys(next).filter(isChoice).sort().forEach(function (token) {
        addChoice(answer.labels[token] || token.slice(1), function () { push(token); });
      });
      if (complete) {
        addChoice("ここで指す", function () { play(complete[0]); });
      }
      addChoice("やめる", function () { clicks = []; render(); });
    }

    function addChoice(label, action) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "md-button bm-choice-button";
      button.textContent = label;
      button.addEventListener("click", action);
      choices.appendChild(button);
    }

    function push(token) {
      clicks.push(token);
      var cands = candidates();
      var complete = cands.filter(function (m) { return m[1].length === clicks.length; });
      if (complete.length === 1 && cands.length === 1) {
        play(complete[0][0]);
        return;
      }
      render();
    }

    function onSquare(name) {
      if (busy) return;
      if (!node) {
        if (block.classList.contains("bm-solved")) return;
        return;
      }
      board.marks["bm-tried"] = [];
      board.marks["bm-reply"] = [];
      if (clicks.length === 1 && clicks[0] === name) {
        clicks = [];
        render();
        return;
      }
      var cands = candidates();
      var direct = cands.some(function (m) { return m[1][clicks.length] === name; });
      if (direct) {
        push(name);
        return;
      }
      var via = {};
      cands.forEach(function (m) {
        if (isChoice(m[1][clicks.length] || "") && m[1][clicks.length + 1] === name) {
          via[m[1][clicks.length]] = true;
        }
      });
      var ways = Object.keys(via);
      if (ways.length === 1) {
        clicks.push(ways[0]);
        push(name);
        return;
      }
      if (ways.length > 1) {
        say(block, "下のボタンから、どう指すかを選んでください。", null);
        return;
      }
      var starts = node.moves.some(function (m) { return m[1][0] === name; });
      if (starts) {
        clicks = [];
        push(name);
        return;
      }
      say(block, clicks.length ? "そのマスには動かせません。" : "そのマスからは指せません。", false);
      clicks = [];
      render();
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
      clicks = [];
      input.value = "";
      var edge = node.right[text];
      if (edge) {
        var comment = edge.comment ? edge.comment : "";
        board.marks = {};
        board.show(edge.frame);
        here = edge.frame;
        if (edge.reply === null) {
          say(block, "正解です！" + text + "で勝ちです。" + comment, true);
          finish(true);
          render();
          return;
        }
        var last = edge.next === null;
        say(block, "正解です！" + text + "。" + comment, true);
        if (last) finish(true);
        else node = null;
        busy = true;
        render();
        later(function () {
          busy = false;
          board.show(edge.replyFrame);
          here = edge.replyFrame;
          if (last) {
            say(block, "正解です！" + text + "。" + comment + "相手が" + edge.reply +
              "と応じて、勝ちが決まりました。", true);
          } else {
            node = edge.next;
            say(block, "正解です！" + text + "。" + comment + "相手は" + edge.reply +
              "と応じました。続けて指してください。", true);
          }
          render();
        });
        return;
      }
      var wrong = node.wrong[text];
      record(block, false);
      if (!wrong) return;
      var message;
      if (wrong.end === "lose") message = text + "は指せますが、この手で負けてしまいます。";
      else if (wrong.end === "draw") message = text + "で引き分けになってしまいます。";
      else if (wrong.reply && wrong.replyWins) {
        message = text + "では勝てません。相手が" + wrong.reply + "と応じて、相手の勝ちになります。";
      } else if (wrong.reply) {
        message = text + "では勝てません。相手は" + wrong.reply + "と応じます。";
      } else message = text + "は指せますが、勝ちにつながりません。";
      if (wrong.frame === null) {
        board.marks = { "bm-tried": wrong.path, "bm-reply": wrong.replyPath };
        say(block, message + "（盤に色で示しました）別の手を考えましょう。", false);
        render();
        return;
      }
      busy = true;
      say(block, message, false);
      board.marks = {};
      board.show(wrong.frame);
      later(function () {
        if (wrong.replyFrame !== null) board.show(wrong.replyFrame);
        later(function () {
          busy = false;
          board.show(here);
          say(block, message + "手を戻しました。別の手を考えましょう。", false);
          render();
        });
      });
    }

    function reset() {
      epoch += 1;
      busy = false;
      node = root;
      here = 0;
      clicks = [];
      board.marks = {};
      board.show(0);
      input.disabled = false;
      check.disabled = false;
      input.value = "";
      say(block, "", null);
      render();
    }

    function typed() {
      if (!node) return;
      var text = input.value;
      if (!text.trim()) {
        say(block, "指し手を入力してください。", false);
        return;
      }
      var move = node.accept[normaliseMove(text, answer.fold)];
      if (!move) {
        say(block, "「" + text + "」はこの局面で指せる手として読めません。表記を確かめてください。", false);
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
        board.show(edge.frame);
        said.push(text);
        say(block, "解答：" + said.join("、") + (edge.comment ? "。" + edge.comment : ""), null);
        later(function () {
          if (edge.reply !== null) {
            board.show(edge.replyFrame);
            said.push("（相手）" + edge.reply);
            say(block, "解答：" + said.join("、"), null);
          }
          if (edge.next) {
            later(function () { stepFrom(edge.next); });
          } else {
            busy = false;
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
    render();
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
    var next = block.querySelector(".bm-next-puzzle");
    if (next) next.addEventListener("click", function () { nextPuzzle(block); });
  }

  /* ---- sequences: a game record beside the board */

  function setupSequence(block) {
    if (block.dataset.ready) return;
    block.dataset.ready = "1";
    var last = parseInt(block.getAttribute("data-last"), 10);
    var counter = block.querySelector(".bm-counter");
    var announce = block.querySelector(".bm-announce");
    var links = block.querySelectorAll(".bm-move-link");
    var index = 0;
    function go(to, speak) {
      index = Math.max(0, Math.min(last, to));
      showFrame(block, index);
      counter.textContent = index + " / " + last;
      links.forEach(function (link, i) {
        if (i === index) link.setAttribute("aria-current", "step");
        else link.removeAttribute("aria-current");
      });
      block.querySelector(".bm-prev").disabled = index === 0;
      block.querySelector(".bm-first").disabled = index === 0;
      block.querySelector(".bm-next").disabled = index === last;
      block.querySelector(".bm-last").disabled = index === last;
      if (speak && announce) {
        var frame = frameNode(block, index);
        var move = frame.querySelector(".bm-move");
        var comment = frame.querySelector(".bm-comment");
        announce.textContent = (move ? move.textContent : "") +
          (comment && comment.textContent.trim() ? "。" + comment.textContent.trim() : "");
      }
    }
    block.querySelector(".bm-first").addEventListener("click", function () { go(0, true); });
    block.querySelector(".bm-prev").addEventListener("click", function () { go(index - 1, true); });
    block.querySelector(".bm-next").addEventListener("click", function () { go(index + 1, true); });
    block.querySelector(".bm-last").addEventListener("click", function () { go(last, true); });
    links.forEach(function (link) {
      link.addEventListener("click", function () {
        go(parseInt(link.getAttribute("data-step"), 10), true);
      });
    });
    block.setAttribute("tabindex", "0");
    block.addEventListener("keydown", function (event) {
      var to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      go(to, true);
    });
    go(0, false);
  }

  function setupAll() {
    document.querySelectorAll(".banmen-puzzle").forEach(setupPuzzle);
    document.querySelectorAll(".banmen-sequence").forEach(setupSequence);
    document.querySelectorAll(".bm-progress").forEach(setupProgress);
    refreshProgress();
    var progress = loadProgress();
    document.querySelectorAll(".banmen-puzzle").forEach(function (block) {
      var entry = progress[block.getAttribute("data-ident")];
      if (entry && entry.solved) block.classList.add("bm-solved");
    });
  }

  // Material's instant navigation swaps the page body and announces it on document$; the
  // data-ready guards keep each control's handlers single whatever calls setupAll.
  // On file:// Material's document$ may complete without ever emitting (instant navigation
  // is off there), so the page's own load event sets up too; the guards make it idempotent.
  if (window.__banmenSubscribed) return;
  window.__banmenSubscribed = true;
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(setupAll);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setupAll);
  } else {
    setupAll();
  }
})();
