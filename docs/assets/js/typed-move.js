/* typed-move.js: why a typed move that is well formed is not legal here.
 *
 * The page knows no rule. It reads a typed text with the game's notation only (the forms of
 * banmen/games/<game>/notation.py: squares, separators, counts), turns it into the tokens that
 * would enter it on the board, and walks the legal click paths of the position (exported by
 * the build); the first token that continues no legal path gets the engine's reason for that
 * click, found at build time (banmen/content/typed.py), and a text that ends before its move
 * is complete gets the engine's reason for stopping there.
 *
 *   typedReason(answer, node, key)
 *     answer  a move puzzle's data: "game", "squares", "reasons" (Japanese sentences)
 *     node    the solution-tree node the reader is to move in ("moves", "accept",
 *             "illegal", "typed")
 *     key     the typed text, normalised (move-text.js)
 *   returns the reason (a Japanese sentence), or null when the text does not parse; a
 *   numbered square the board does not have (suicide-checkers 99-100) gets its own sentence.
 *
 *   clickReason(answer, node, before, name)
 *     the reason for a board click on square `name` after the tokens `before`, or "".
 *
 * A label written before the origin (babuschka's size letter, medamagaeru's eye count) is
 * checked against the labels the build exports for the pieces of the side to move
 * ("labels"); ukejalayer's height-change form against the most pieces each square can lose
 * ("lose"); fixed words (pass) against "words" (kinds.py and reasons.py of each game).
 */

function startsWith(list, prefix) {
  if (list.length < prefix.length) return false;
  for (var i = 0; i < prefix.length; i += 1) if (list[i] !== prefix[i]) return false;
  return true;
}

function has(table, key) {
  return !!table && Object.prototype.hasOwnProperty.call(table, key);
}

function squaresOk(list, squares) {
  return list.every(function (s) { return squares.indexOf(s) >= 0; });
}

/* Notation readers: key -> {clicks}, {single}, {changes}, {word} or null (malformed). */

function checkers(key) {
  if (!/^\d+(?:[-x]\d+)+$/.test(key)) return null;
  var seps = key.replace(/\d+/g, "");
  if (seps.indexOf("-") >= 0 && seps.indexOf("x") >= 0) return null;
  var squares = key.split(/[-x]/).map(function (s) { return String(parseInt(s, 10)); });
  if (seps.charAt(0) === "-" && squares.length !== 2) return null;
  return { clicks: squares };
}

function medamagaeru(key) {
  var m = /^([1-5]\+?)?(\d\d)([-x])(\d\d)(\+)?$/.exec(key);
  if (!m) return null;
  return { clicks: [m[2], m[4]].concat(m[5] ? ["#promote"] : []), label: m[1] || null };
}

function babuschka(key) {
  if (/^(?:[swne]:)?pass$/.test(key)) return { word: key.replace(/^[swne]:/, "") };
  var m = /^(?:[swne]:)?([sml])?([a-z]\d+)((?:[-x][a-z]\d+)+)$/.exec(key);
  if (!m) return null;
  var seps = m[3].replace(/[a-z]\d+/g, "");
  if (seps !== "-" && /-/.test(seps)) return null;
  return { clicks: [m[2]].concat(m[3].split(/[-x]/).slice(1)), label: m[1] || null };
}

function ukejalayer(key) {
  var token = /([a-z]\d)(?:\((\d+)\))?/g;
  var clicks = [];
  var found;
  if (key.indexOf("(") >= 0) {
    if (!/^(?:[a-z]\d\(\d+\))+[a-z]\d$/.test(key)) return null;
    while ((found = token.exec(key)) !== null) {
      clicks.push(found[1]);
      if (found[2] !== undefined) {
        if (parseInt(found[2], 10) === 0) return null;
        clicks.push("#" + parseInt(found[2], 10));
      }
    }
    return { clicks: clicks, chain: true };
  }
  if (!/^(?:\d*[a-z]\d)+$/.test(key)) return null;
  var counted = /(\d*)([a-z]\d)/g;
  var changes = [];
  while ((found = counted.exec(key)) !== null) {
    var count = found[1] ? parseInt(found[1], 10) : 1;
    if (found[1] && count < 2) return null;
    if (changes.some(function (c) { return c[0] === found[2]; })) return null;
    changes.push([found[2], count]);
  }
  if (changes.length === 1) return changes[0][1] === 1 ? { single: changes[0][0] } : null;
  // decreased squares first: the prefix holding half of all pieces moved
  var total = changes.reduce(function (sum, c) { return sum + c[1]; }, 0);
  var sum = 0;
  for (var k = 0; k < changes.length - 1; k += 1) {
    sum += changes[k][1];
    if (2 * sum === total) {
      var lost = changes.slice(0, k + 1);
      if (!ordered(lost) || !ordered(changes.slice(k + 1))) return null;
      return { changes: lost, all: changes };
    }
  }
  return null;
}

/* Canonical order within a group: rank from high to low, then file from a. */
function ordered(group) {
  for (var i = 1; i < group.length; i += 1) {
    var a = group[i - 1][0], b = group[i][0];
    var rankA = parseInt(a.slice(1), 10), rankB = parseInt(b.slice(1), 10);
    if (rankA < rankB || (rankA === rankB && a.charAt(0) > b.charAt(0))) return false;
  }
  return true;
}

function ludo(key) {
  var m = /^(?:pass|roll([0-9]+)|([rybg][1-4])(?:(?:yard|goal|\d+)-(?:goal|\d+))?)$/.exec(key);
  if (!m) return null;
  if (m[1] !== undefined && !(parseInt(m[1], 10) >= 1 && parseInt(m[1], 10) <= 6)) return null;
  return { word: m[2] || key };
}

/* ukejalayer: the height-change text of a route (a1(3)b1(2)c1(1)d1 -> 3a1b1c1d1): each
 * square's net change, the squares that lose pieces first, each group in canonical order.
 * Notation arithmetic only; the legal moves decide whether such a move exists. */
function netChanges(clicks) {
  var net = {};
  var order = [];
  function add(square, delta) {
    if (!has(net, square)) { net[square] = 0; order.push(square); }
    net[square] += delta;
  }
  for (var i = 0; i + 2 < clicks.length; i += 2) {
    var count = parseInt(clicks[i + 1].slice(1), 10);
    add(clicks[i], -count);
    add(clicks[i + 2], count);
  }
  function rankThenFile(a, b) {
    var rankA = parseInt(a.slice(1), 10), rankB = parseInt(b.slice(1), 10);
    if (rankA !== rankB) return rankB - rankA;
    return a.charAt(0) < b.charAt(0) ? -1 : a.charAt(0) > b.charAt(0) ? 1 : 0;
  }
  function text(squares) {
    return squares.sort(rankThenFile).map(function (sq) {
      var n = Math.abs(net[sq]);
      return (n > 1 ? String(n) : "") + sq;
    }).join("");
  }
  var lost = order.filter(function (sq) { return net[sq] < 0; });
  var gained = order.filter(function (sq) { return net[sq] > 0; });
  return lost.length && gained.length ? text(lost) + text(gained) : null;
}

var READERS = { "suicide-checkers": checkers, medamagaeru: medamagaeru, babuschka: babuschka,
                ukejalayer: ukejalayer, ludo: ludo };

/* The reader's text names squares of these legal moves but writes them another way. */
function written(moves) {
  return "書き方がちがいます。そのマスを通る手は「" +
    moves.map(function (m) { return m[0]; }).join("」「") + "」と書きます。";
}

var GENERIC = "この局面では指せない手です。";

/* A numbered square that does not exist: 「99番のマスはありません（マスの番号は1〜32です）。」 */
function noSquare(square, squares) {
  var numbers = squares.map(function (s) { return parseInt(s, 10); });
  return square + "番のマスはありません（マスの番号は" + Math.min.apply(null, numbers) + "〜" +
    Math.max.apply(null, numbers) + "です）。";
}

/* Reason index -> sentence, for the grouped "why" table of a prefix. */
function whyOf(answer, typed, prefix, token) {
  var rows = has(typed.why, prefix) ? typed.why[prefix] : [];
  for (var i = 0; i < rows.length; i += 1) {
    if (rows[i][1].split(" ").indexOf(token) >= 0) return answer.reasons[rows[i][0]];
  }
  return null;
}

function walk(answer, node, parsed) {
  var clicks = parsed.clicks;
  var typed = node.typed || { why: {}, stop: {} };
  var paths = node.moves.map(function (m) { return m[1]; });
  var prefix = [];
  for (var i = 0; i < clicks.length; i += 1) {
    var next = prefix.concat([clicks[i]]);
    if (paths.some(function (p) { return startsWith(p, next); })) {
      prefix = next;
      // a label written before the origin (a size, an eye count) that its piece does not have
      var label = i === 0 && parsed.label && has(typed.labels, clicks[0])
        ? typed.labels[clicks[0]] : null;
      if (label && label.slice(0, -1).indexOf(parsed.label) < 0) {
        return answer.reasons[label[label.length - 1]];
      }
      continue;
    }
    if (i === 0 && parsed.chain && has(typed.lose, clicks[0]) && typed.lose[clicks[0]][0] === 0) {
      return answer.reasons[typed.lose[clicks[0]][1]];  // a chain from a square with none to carry
    }
    var token = clicks[i].charAt(0) === "#" ? "#" : clicks[i];
    var reason = whyOf(answer, typed, prefix.join(" "), token);
    if (reason !== null) return reason;
    break;  // the text goes on past a complete move, or the table was cut
  }
  // the squares are those of legal moves (a complete one, or one that only waits for a
  // button): the text writes them differently
  var same = node.moves.filter(function (m) {
    return startsWith(m[1], prefix) && m[1].slice(prefix.length).every(function (t) {
      return t.charAt(0) === "#";
    });
  });
  if (same.length) return written(same);
  if (has(typed.stop, prefix.join(" "))) return answer.reasons[typed.stop[prefix.join(" ")]];
  return GENERIC;
}

/* The engine's reason for a board click on `name` after the tokens `before` that continues
 * no legal move, or "" (the same table as typed moves). */
export function clickReason(answer, node, before, name) {
  return whyOf(answer, node.typed || { why: {} }, before.join(" "), name) || "";
}

export function typedReason(answer, node, key) {
  var reader = READERS[answer.game];
  var parsed = reader ? reader(key) : null;
  if (parsed === null) return null;
  var typed = node.typed || {};
  var reasons = answer.reasons;
  if (parsed.word !== undefined) {
    if (has(typed.words, parsed.word)) return reasons[typed.words[parsed.word]];
    if (has(node.illegal, parsed.word)) return reasons[node.illegal[parsed.word]];
    if (has(node.accept, parsed.word)) return written([[node.accept[parsed.word]]]);
    return GENERIC;
  }
  if (parsed.chain) {
    // a route longer than the one the notation writes: name the legal move it makes
    var net = netChanges(parsed.clicks);
    var same = node.moves.filter(function (m) { return m[0] === net; });
    if (same.length) return written(same);
  }
  if (answer.game === "suicide-checkers") {
    // squares are numbered: name one that is not on the board (99-100)
    var missing = parsed.clicks.filter(function (s) { return answer.squares.indexOf(s) < 0; });
    if (missing.length) return noSquare(missing[0], answer.squares);
  }
  var named = parsed.single ? [parsed.single]
    : parsed.all ? parsed.all.map(function (c) { return c[0]; }) : parsed.clicks;
  if (!squaresOk(named.filter(function (t) { return t.charAt(0) !== "#"; }), answer.squares)) {
    return null;
  }
  if (parsed.changes) {
    for (var i = 0; i < parsed.changes.length; i += 1) {
      var square = parsed.changes[i][0];
      var limit = has(typed.lose, square) ? typed.lose[square] : null;
      if (limit && parsed.changes[i][1] > limit[0]) return reasons[limit[1]];
    }
    return has(typed, "noChain") ? reasons[typed.noChain] : GENERIC;
  }
  if (parsed.single && has(typed.single, parsed.single)) {
    return reasons[typed.single[parsed.single]];
  }
  return walk(answer, node, parsed.clicks ? parsed : { clicks: [parsed.single] });
}
