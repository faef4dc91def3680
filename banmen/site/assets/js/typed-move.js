/* typed-move.js: why a typed move that is well formed is not legal here.
 *
 * The page knows no rule and no game. It reads a typed text with the game's notation only,
 * given as data (answer.notation: the forms of banmen/games/<package>/typed.py, squares,
 * separators, counts), turns it into the tokens that would enter it on the board, and walks
 * the legal click paths of the position (exported by the build); the first token that
 * continues no legal path gets the engine's reason for that click, found at build time
 * (banmen/content/typed.py), and a text that ends before its move is complete gets the
 * engine's reason for stopping there.
 *
 *   typedReason(answer, node, key)
 *     answer  a move puzzle's data: "notation", "squares", "reasons" (Japanese sentences)
 *     node    the solution-tree node the reader is to move in ("moves", "accept",
 *             "illegal", "typed")
 *     key     the typed text, normalised (move-text.js)
 *   returns the reason (a Japanese sentence), or null when the text does not parse (or the
 *   game gives no notation data); a numbered square the board does not have (99-100 where
 *   "numbered" is set) gets its own sentence.
 *
 *   clickReason(answer, node, before, name)
 *     the reason for a board click on square `name` after the tokens `before`, or "".
 *
 *   readTyped(notation, key)
 *     the reading of one text (below), or null.
 *
 * A label written before the origin (e.g. a size letter, an eye count) is checked against
 * the labels the build exports for the pieces of the side to move ("labels"); a
 * height-change form against the most pieces each square can lose ("lose"); fixed words
 * (pass) against "words" (the tables of Game.typed_tables).
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

/* Reading a text with the game's notation, given as data (answer.notation, written by the
 * game package's typed.py; banmen/contract.py, TypedNotation):
 *   {"forms": [form, ...], "numbered": true?, "order": [square, ...]?}
 * The first form whose "match" (a regular expression) matches the whole text reads it; a
 * reading that fails (a count of 0, a repeated square, squares out of order) leaves the text
 * unread. A form gives
 *   "word": g               the fixed word of group g (the whole text where g did not match)
 *   "clicks": [part, ...]   the click tokens (with "label": g, the label written before the
 *                           origin; with "chain": true, a route of squares and "#<n>" counts)
 *   "changes": regex        height changes: each match is a square's change, group 1 its
 *                           size (empty for 1, else 2 or more), group 2 the square
 * A part is {"group": g} (the group's text; default 0, the whole match; skipped where the
 * group did not match) with one of "number": true (a decimal number, leading zeros dropped),
 * "count": true ("#<n>", n at least 1), "token": t (t itself), or "each": regex with "parts"
 * (every match of regex in the group's text, each read with "parts", default [{}]).
 * Returns {word}, {clicks, label, chain}, {single} or {changes, all}, or null. */

function matchWhole(pattern, key) {
  return new RegExp("^(?:" + pattern + ")$").exec(key);
}

function readParts(parts, found, out) {
  for (var i = 0; i < parts.length; i += 1) {
    var part = parts[i];
    var text = found[part.group || 0];
    if (text === undefined) continue;
    if (part.each !== undefined) {
      var each = new RegExp(part.each, "g");
      var inner;
      while ((inner = each.exec(text)) !== null) {
        if (inner[0] === "") { each.lastIndex += 1; continue; }
        if (!readParts(part.parts || [{}], inner, out)) return false;
      }
    } else if (part.token !== undefined) {
      out.push(part.token);
    } else if (part.count) {
      var n = parseInt(text, 10);
      if (!(n >= 1)) return false;
      out.push("#" + n);
    } else {
      out.push(part.number ? String(parseInt(text, 10)) : text);
    }
  }
  return true;
}

/* Squares in the notation's order ("order"; as written where the data gives none). */
function position(order, square) {
  return order ? order.indexOf(square) : 0;
}

function ordered(group, order) {
  for (var i = 1; i < group.length; i += 1) {
    if (position(order, group[i - 1][0]) > position(order, group[i][0])) return false;
  }
  return true;
}

function readChanges(pattern, key, order) {
  var counted = new RegExp(pattern, "g");
  var changes = [];
  var found;
  while ((found = counted.exec(key)) !== null) {
    if (found[0] === "") { counted.lastIndex += 1; continue; }
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
      if (!ordered(lost, order) || !ordered(changes.slice(k + 1), order)) return null;
      return { changes: lost, all: changes };
    }
  }
  return null;
}

export function readTyped(notation, key) {
  var forms = notation && notation.forms ? notation.forms : [];
  for (var i = 0; i < forms.length; i += 1) {
    var form = forms[i];
    var found = matchWhole(form.match, key);
    if (!found) continue;
    if (form.word !== undefined) {
      return { word: found[form.word] !== undefined ? found[form.word] : key };
    }
    if (form.changes !== undefined) return readChanges(form.changes, key, notation.order);
    var clicks = [];
    if (!readParts(form.clicks || [], found, clicks)) return null;
    return { clicks: clicks, label: form.label ? found[form.label] || null : null,
             chain: !!form.chain };
  }
  return null;
}

/* A route (a1(3)b1(2)c1(1)d1 -> 3a1b1c1d1): each square's net change in the height-change
 * form, the squares that lose pieces first, each group in the notation's order.
 * Notation arithmetic only; the legal moves decide whether such a move exists. */
function netChanges(clicks, order) {
  var net = {};
  var seen = [];
  function add(square, delta) {
    if (!has(net, square)) { net[square] = 0; seen.push(square); }
    net[square] += delta;
  }
  for (var i = 0; i + 2 < clicks.length; i += 2) {
    var count = parseInt(clicks[i + 1].slice(1), 10);
    add(clicks[i], -count);
    add(clicks[i + 2], count);
  }
  function text(squares) {
    return squares.sort(function (a, b) {
      return position(order, a) - position(order, b);
    }).map(function (sq) {
      var n = Math.abs(net[sq]);
      return (n > 1 ? String(n) : "") + sq;
    }).join("");
  }
  var lost = seen.filter(function (sq) { return net[sq] < 0; });
  var gained = seen.filter(function (sq) { return net[sq] > 0; });
  return lost.length && gained.length ? text(lost) + text(gained) : null;
}

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
  var parsed = readTyped(answer.notation, key);
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
    var net = netChanges(parsed.clicks, answer.notation.order);
    var same = node.moves.filter(function (m) { return m[0] === net; });
    if (same.length) return written(same);
  }
  if (answer.notation.numbered) {
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
