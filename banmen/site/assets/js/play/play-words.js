// The play board's Japanese words: side names and the sentence that ends a game.
//
// The table is data written at build time (assets/play-words.json, banmen/site/play_words.py)
// from each game package's words: {"games": {game id: {"sides": {id: name}, "seat_colours":
// {id: colour}, "outcomes": [[pattern, template], ...]}}, "reader": {won, lost, draw}}.
// loadWords() gives every game's words at once: {sides, seat_colours, outcomes, reader}, the
// games' tables joined in id order (a side id names the same side in every game, and each
// pattern matches the whole reason of its own game only).
// The engine reports the end of a game as {winner, reason} with its English reason; the first pattern matching the whole
// reason gives the sentence, its template filled from the named groups: {name} as written,
// {name|side} a side name, {name|sides} a comma list of sides, {name|ranks} "red 1, blue 2".
// Python applies the same table (outcome_ja), so no sentence is written twice.

let loading = null;
// this module's version query (?v=..., written by the site build): the words of the same build
const VERSION = new URL(import.meta.url).search;

export function loadWords() {
  if (!loading) {
    loading = fetch(new URL(`../../play-words.json${VERSION}`, import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`play-words.json: HTTP ${response.status}`);
      return response.json();
    }).then(joined);
  }
  return loading;
}

function joined(data) {
  const words = { sides: {}, seat_colours: {}, outcomes: [], reader: data.reader };
  for (const id of Object.keys(data.games).sort()) {
    const game = data.games[id];
    Object.assign(words.sides, game.sides);
    Object.assign(words.seat_colours, game.seat_colours || {});
    words.outcomes.push(...game.outcomes);
  }
  return words;
}

export function sideName(words, id) {
  return words.sides[id] || id;
}

function fill(words, template, groups) {
  return template.replace(/\{(\w+)(?:\|(side|sides|ranks))?\}/g, (all, name, how) => {
    const value = groups[name];
    if (how === "side") return sideName(words, value);
    const parts = value.split(",").map((part) => part.trim());
    if (how === "sides") return parts.map((part) => sideName(words, part)).join("、");
    if (how === "ranks") {
      return parts.map((part) => {
        const [colour, rank] = part.split(/\s+/);
        return `${rank}位 ${sideName(words, colour)}`;
      }).join("、");
    }
    return value;
  });
}

// The reason of an outcome in words: 「相手に指せる手がなくなりました。」 ("" for a reason no
// pattern knows: never the engine's English).
export function reasonText(words, outcome) {
  for (const [pattern, template] of words.outcomes) {
    const found = new RegExp(pattern).exec(outcome.reason);
    if (found) return fill(words, template, found.groups || {});
  }
  return "";
}

// {winner, reason} -> 「黒の勝ちです。相手に指せる手がなくなりました。」 (引き分け for no winner).
export function outcomeText(words, outcome) {
  const head = outcome.winner === null || outcome.winner === undefined
    ? "引き分けです。" : `${sideName(words, outcome.winner)}の勝ちです。`;
  return head + reasonText(words, outcome);
}

// The end of a game in the reader's terms when the reader plays the side ``me`` (the words
// file's "reader" heads, as banmen.site.play_words.reader_outcome_ja):
// {text: 「あなた（白）の勝ちです。…」 or 「コンピューター（黒）の勝ちです。あなたの負けです。…」
// or 「引き分けです。…」, result: "won" | "lost" | "draw"}.
export function readerOutcome(words, outcome, me) {
  const winner = outcome.winner;
  const result = winner === null || winner === undefined ? "draw" : winner === me ? "won" : "lost";
  const head = words.reader[result].replace("{side}", result === "draw" ? "" : sideName(words, winner));
  return { text: head + reasonText(words, outcome), result };
}
