// banmen: cut a Japanese search query into the words of the site's search index before
// Material's search worker reads it.
//
// The index text is cut into words at build time by Sudachi (banmen/site/search.py), with a
// zero-width space at each boundary. A reader types words without spaces, so the query is cut
// here into the same words: the words of the index (read from the index Material hands its
// worker) are matched by dynamic programming, fewest words first; a stretch the index does not
// know is cut by the browser's own segmenter (Intl.Segmenter, ICU's dictionary). Lone kana
// (の, が, は ...) are no search terms on either side. Every word is required (+) and may be
// the start of a longer word (*), so 「駒の動き」 finds sections with 駒 and 動き.
//
// Loaded in <head> before Material's bundle, it wraps Worker.prototype.postMessage: Material
// sends its worker {type: 0, data: {config, docs}} once and {type: 2, data: query} per query.
// Han characters of a word are joined by lunr's escape character ("千\日\手"): lunr's query
// parser drops the backslashes, but Material's experimental Chinese segmentation of runs of
// Han characters, which would cut 手駒 down to 手 when 手 is also a word, no longer sees a run.
//
// Forms the index does not hold (banmen/site/search_forms.py): the index's config carries
// `banmen_forms`, a map from every other form a reader may type (引き分け for 引分け, readings
// in hiragana such as しょうかん, English names such as ludo, a numeral 三 for 3, a game's
// synonyms) to the index's term. The cut knows these forms too (a little dearer than an index
// word, so that an index word is never cut otherwise for them), and each word of the query
// is replaced by its term; a term may be a phrase (words separated by a space). Latin words
// typed whole (ludo, tic-tac-toe) are looked up as well. The map is not passed on to the worker.
(() => {
  "use strict";
  if (window.__bmSearchQuery) return;
  window.__bmSearchQuery = true;

  const SETUP = 0;
  const QUERY = 2;
  const JAPANESE = /[\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fc-\u30fe\u3005\u3006\u4e00-\u9fff\uf900-\ufaff]+/g;
  const LONE_KANA = /^[\u3041-\u3096\u30a1-\u30fa\u30fc]$/;
  const HAN_PAIR = /(\p{sc=Han})(?=\p{sc=Han})/gu;
  const LATIN = /[0-9a-z]+(?:-[0-9a-z]+)*/g;
  const LONGEST = 16;
  const MAP_KEY = "banmen_forms";
  const words = new Set();
  const forms = new Map();
  let worker = null;

  const segmenter = typeof Intl === "object" && typeof Intl.Segmenter === "function"
    ? new Intl.Segmenter("ja", { granularity: "word" }) : null;

  function learn(config, docs) {
    const map = config[MAP_KEY];
    if (map && typeof map === "object") {
      for (const [form, term] of Object.entries(map)) {
        if (typeof term === "string" && term && form.length <= LONGEST) forms.set(form, term);
      }
    }
    const separator = new RegExp(config.separator);
    for (const doc of docs) {
      const text = `${doc.title || ""} ${doc.text || ""}`.replace(/<[^>]*>/g, " ").toLowerCase();
      for (const token of text.split(separator)) {
        if (token && token.length <= LONGEST && JAPANESE.test(token)) words.add(token);
        JAPANESE.lastIndex = 0;
      }
    }
  }

  // Cheapest cut: an index word or a lone kana (dropped later) costs 1, another form the map
  // knows 1.5, a segment of Intl.Segmenter that is neither 3, any other single character 4.
  // Returns the words of `run` in order.
  function cut(run) {
    const edges = Array.from({ length: run.length }, () => new Map());
    for (let i = 0; i < run.length; i++) {
      for (let length = 1; length <= LONGEST && i + length <= run.length; length++) {
        const word = run.slice(i, i + length);
        if (words.has(word)) edges[i].set(i + length, 1);
        else if (forms.has(word)) edges[i].set(i + length, 1.5);
      }
      if (!edges[i].has(i + 1)) edges[i].set(i + 1, LONE_KANA.test(run[i]) ? 1 : 4);
    }
    if (segmenter) {
      for (const { index, segment } of segmenter.segment(run)) {
        const end = index + segment.length;
        if (!edges[index].has(end)) edges[index].set(end, 3);
      }
    }
    const cost = new Array(run.length + 1).fill(Infinity);
    const back = new Array(run.length + 1).fill(0);
    cost[0] = 0;
    for (let i = 0; i < run.length; i++) {
      if (cost[i] === Infinity) continue;
      for (const [end, weight] of edges[i]) {
        if (cost[i] + weight < cost[end]) {
          cost[end] = cost[i] + weight;
          back[end] = i;
        }
      }
    }
    const out = [];
    for (let end = run.length; end > 0; end = back[end]) out.unshift(run.slice(back[end], end));
    return out;
  }

  function rewrite(query) {
    // Quoted phrases and field names are Material's query syntax: left as typed.
    if (/[":]/.test(query)) return query;
    const required = (word) => `+${word.replace(HAN_PAIR, "$1\\")}*`;
    const termsOf = (word) => (forms.has(word) ? forms.get(word).split(" ") : [word]);
    return query.toLowerCase().replace(JAPANESE, (run) => {
      const terms = cut(run)
        .filter((word) => !LONE_KANA.test(word))
        .flatMap(termsOf)
        .map(required);
      return ` ${terms.join(" ")} `;
    }).replace(LATIN, (word, at, all) => {
      // a whole Latin word the map knows (ludo), not part of a term already made (+3*)
      const whole = !/[0-9a-z+\\]/.test(all[at - 1] || "")
        && !/[0-9a-z*]/.test(all[at + word.length] || "");
      return whole && forms.has(word) ? ` ${termsOf(word).map(required).join(" ")} ` : word;
    }).replace(/\s+/g, " ").trim();
  }

  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === SETUP && message.data && message.data.config
        && typeof message.data.config.separator === "string" && Array.isArray(message.data.docs)) {
      worker = this;
      learn(message.data.config, message.data.docs);
      const { [MAP_KEY]: _forms, ...config } = message.data.config;
      message = { ...message, data: { ...message.data, config } };
    } else if (this === worker && message && message.type === QUERY
               && typeof message.data === "string") {
      message = { ...message, data: rewrite(message.data) };
    }
    return post.call(this, message, ...rest);
  };

  window.banmenSearchQuery = rewrite;  // for tests: the query as the worker receives it
})();
