/* board-input.js: clicks, arrow keys and a focus ring on a board -> squares and moves.
 *
 * It knows no game rule (like the "movable.dests" of lichess's chessground): it is handed the
 * legal moves as click paths, exported at build time by the Python engine, and only matches
 * the reader's clicks against them.
 *
 * API
 *
 *   import { createBoardInput } from "./board-input.js";
 *   var board = createBoardInput(block, options);
 *
 *   block    an element holding ".bm-boards" with ".bm-frame" children (banmen/site/html.py);
 *            the squares are the SVG <g> elements whose id ends in "--sq-<square name>".
 *   options  (every field optional)
 *     onSquare(name)      free mode: called for every click, or Enter/Space on the focused
 *                         square (used when no moves are set, e.g. squares puzzles).
 *     onMove(move)        a legal move's whole click path was entered: move is one of the
 *                         objects given to setMoves. Called at once when the path is complete
 *                         and no longer path starts with it; otherwise after 「ここで指す」.
 *     onRefused(code, name, clicks)
 *                         a click that neither starts nor continues a legal move, or that
 *                         needs a button: code is "origin" (nothing can be played from that
 *                         square), "target" (the piece cannot go there; `clicks` holds the
 *                         tokens entered before, which are then dropped) or "choose" (more
 *                         than one button leads to that square: the reader picks one).
 *     onPause(move)       the clicks so far are the whole of `move`, and longer moves go on
 *                         from them: 「ここで指す」 plays it (a lesson says so).
 *     restartPlays        false: while a path is being entered, a click on a square whose
 *                         move is that single click (a summon) is refused ("target") instead
 *                         of playing it; a square that starts a longer path still starts it
 *                         anew. Default true (added for lessons).
 *     choices             element that receives the choice buttons (default: the block's
 *                         ".bm-choices"); labels: {token: Japanese label} for "#..." tokens.
 *
 *   board.setMoves(moves)  moves: [{text, clicks, kind}, ...] — text is the move's notation,
 *                          clicks its click path: square names, and tokens starting with "#"
 *                          for a choice offered as a button; kind is the engine's class of
 *                          the move (optional, passed back untouched). null: the board takes
 *                          no move (game over, a reply being shown); squares still get focus.
 *                          Drops the clicks entered so far.
 *   board.free(onSquare)   switch to free mode (every square click goes to onSquare).
 *   board.clicks()         the tokens entered so far (a copy).
 *   board.cancel()         drop the tokens entered so far and redraw.
 *   board.marks            {class: [square names]}: the owner's marks, drawn by render(); a
 *                          square click in move mode clears them (they describe the last
 *                          event). While a path is being entered the board draws its own:
 *                          "bm-origin" on the squares clicked, "bm-target" on the squares
 *                          that can follow.
 *   board.render()         redraw the marks and the focus ring on the shown frame.
 *   board.show(index)      show frame `index` of the block (lazy frames are built), redraw.
 *
 *   movesThrough(moves, before, name)   (a named export) the moves of `moves` whose click
 *                          path continues the tokens `before` and reaches square `name` later.
 *
 * Keyboard: the board element is focusable (tabindex set by the page); arrow keys move a
 * focus ring ("bm-cursor") to the nearest square in that direction, Enter or Space clicks it.
 */

import { frames, showFrame, squareName, squaresIn, visibleFrame } from "./frames.js";

var MARKS = ["bm-selected", "bm-origin", "bm-target", "bm-tried", "bm-reply", "bm-cursor"];

function startsWith(list, prefix) {
  for (var i = 0; i < prefix.length; i += 1) if (list[i] !== prefix[i]) return false;
  return true;
}

/* The moves whose click path continues `before` and reaches square `name` later (after
 * choices or other squares): the moves a click on `name` may mean. */
export function movesThrough(moves, before, name) {
  return (moves || []).filter(function (m) {
    return startsWith(m.clicks, before) && m.clicks.slice(before.length).indexOf(name) >= 0;
  });
}

function isChoice(token) {
  return token.charAt(0) === "#";
}

function centre(g) {
  var box = g.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export function createBoardInput(block, options) {
  options = options || {};
  var boards = block.querySelector(".bm-boards");
  var choices = options.choices || block.querySelector(".bm-choices");
  var labels = options.labels || {};
  var onSquare = options.onSquare || null;  // set: free mode
  var moves = null;   // legal moves (move mode), or null
  var clicks = [];    // tokens of the move being entered
  var cursor = null;  // square name under the focus ring
  var board = { marks: {} };
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

  function candidates() {
    return moves ? moves.filter(function (m) { return startsWith(m.clicks, clicks); }) : [];
  }

  /* What can follow the tokens entered so far: {next: {token: true}, beyond: {square: true}
   * (squares after a choice), complete: the move those tokens enter, or null}. */
  function following() {
    var next = {}, beyond = {}, complete = null;
    candidates().forEach(function (m) {
      if (m.clicks.length === clicks.length) complete = m;
      else {
        var token = m.clicks[clicks.length];
        next[token] = true;
        if (isChoice(token) && m.clicks.length > clicks.length + 1) {
          beyond[m.clicks[clicks.length + 1]] = true;
        }
      }
    });
    return { next: next, beyond: beyond, complete: complete };
  }

  function squaresOf(list) {
    return list.filter(function (t) { return !isChoice(t); });
  }

  /* The path changed: new choice buttons, then redraw. (Buttons are made here, not in
   * render(): a blur re-renders, and a button replaced under the pointer loses its click.) */
  function update() {
    if (choices && !onSquare) {
      choices.textContent = "";
      var after = following();
      if (clicks.length) {
        Object.keys(after.next).filter(isChoice).sort().forEach(function (token) {
          addChoice(labels[token] || token.slice(1), function () { push(token); });
        });
        if (after.complete) {
          var move = after.complete;
          addChoice("ここで指す", function () { done(move); });
        }
        addChoice("やめる", function () { board.cancel(); });
      }
    }
    board.render();
  }

  function addChoice(label, action) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button bm-choice-button";
    button.textContent = label;
    button.addEventListener("click", action);
    choices.appendChild(button);
  }

  board.render = function () {
    enable(visibleFrame(block));
    frames(block).forEach(function (frame) {
      frame.querySelectorAll("g." + MARKS.join(", g.")).forEach(function (g) {
        MARKS.forEach(function (c) { g.classList.remove(c); });
      });
    });
    var squares = squaresIn(visibleFrame(block));
    var drawn = {};
    Object.keys(board.marks).forEach(function (cls) { drawn[cls] = board.marks[cls]; });
    if (!onSquare && clicks.length) {
      var after = following();
      drawn["bm-origin"] = squaresOf(clicks);
      drawn["bm-target"] = squaresOf(Object.keys(after.next)).concat(
        squaresOf(Object.keys(after.beyond)));
    }
    Object.keys(drawn).forEach(function (cls) {
      (drawn[cls] || []).forEach(function (name) {
        if (squares[name]) squares[name].classList.add(cls);
      });
    });
    if (cursor && squares[cursor] && boards.classList.contains("bm-focus")) {
      squares[cursor].classList.add("bm-cursor");
      boards.setAttribute("aria-activedescendant", squares[cursor].id);
    }
  };

  board.show = function (index) {
    showFrame(block, index);
    board.render();
  };

  board.setMoves = function (list) {
    moves = list;
    onSquare = null;
    clicks = [];
    update();
  };

  board.free = function (handler) {
    moves = null;
    onSquare = handler;
    clicks = [];
    update();
  };

  board.clicks = function () { return clicks.slice(); };

  board.cancel = function () {
    clicks = [];
    update();
  };

  function done(move) {
    clicks = [];
    if (choices) choices.textContent = "";
    if (options.onMove) options.onMove(move);
  }

  function push(token) {
    clicks.push(token);
    var cands = candidates();
    var complete = cands.filter(function (m) { return m.clicks.length === clicks.length; });
    if (complete.length === 1 && cands.length === 1) {
      done(complete[0]);
      return;
    }
    update();
    if (complete.length === 1 && options.onPause) options.onPause(complete[0]);
  }

  function refuse(code, name, before) {
    if (options.onRefused) options.onRefused(code, name, before);
  }

  function clickMove(name) {
    if (!moves) return;
    board.marks = {};
    if (clicks.length === 1 && clicks[0] === name) {
      board.cancel();
      return;
    }
    var cands = candidates();
    if (cands.some(function (m) { return m.clicks[clicks.length] === name; })) {
      push(name);
      return;
    }
    var via = {};
    cands.forEach(function (m) {
      if (isChoice(m.clicks[clicks.length] || "") && m.clicks[clicks.length + 1] === name) {
        via[m.clicks[clicks.length]] = true;
      }
    });
    var ways = Object.keys(via);
    if (ways.length === 1) {
      clicks.push(ways[0]);
      push(name);
      return;
    }
    if (ways.length > 1) {
      refuse("choose", name, clicks.slice());
      return;
    }
    if (moves.some(function (m) { return m.clicks[0] === name; })) {
      // a new first click; with restartPlays false, a square whose move is that one click
      // (a summon, say) does not play it while another path is being entered
      var single = moves.some(function (m) { return m.clicks.length === 1 && m.clicks[0] === name; });
      if (!clicks.length || options.restartPlays !== false || !single) {
        clicks = [];
        push(name);
        return;
      }
    }
    var before = clicks.slice();
    clicks = [];
    refuse(before.length ? "target" : "origin", name, before);
    update();
  }

  function click(name) {
    if (onSquare) onSquare(name);
    else clickMove(name);
  }

  boards.addEventListener("click", function (event) {
    var g = event.target.closest ? event.target.closest('g[id*="--sq-"]') : null;
    if (!g) return;
    cursor = squareName(g);
    click(cursor);
  });

  function step(dx, dy) {
    var squares = squaresIn(visibleFrame(block));
    var names = Object.keys(squares);
    if (!names.length) return;
    if (!cursor || !squares[cursor]) {
      cursor = names.sort(function (a, b) {
        var p = centre(squares[a]), q = centre(squares[b]);
        return (p.y - q.y) || (p.x - q.x);
      })[0];
      return;
    }
    var from = centre(squares[cursor]);
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
    if (best) cursor = best;
  }

  boards.addEventListener("keydown", function (event) {
    var keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (keys[event.key]) {
      event.preventDefault();
      step(keys[event.key][0], keys[event.key][1]);
      board.render();
    } else if ((event.key === "Enter" || event.key === " ") && cursor) {
      event.preventDefault();
      click(cursor);
    }
  });
  boards.addEventListener("focus", function () {
    boards.classList.add("bm-focus");
    if (!cursor) step(0, 0);
    board.render();
  });
  boards.addEventListener("blur", function () {
    boards.classList.remove("bm-focus");
    board.render();
  });
  board.render();
  return board;
}
