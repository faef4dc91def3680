/* practice.js: a game's practice page (「もっと練習」): its whole practice set, one puzzle at
 * a time, with filters by level and theme, and a streak mode.
 *
 * Loaded with import() by practice-loader.js (never part of the offline bundle: it fetches
 * its data). The page holds only the shell (banmen/site/practice.py); the set is data:
 * assets/practice/<game>/index.json lists the puzzles ({id, title, level, themes, v}), and
 * each puzzle is its own file, fetched when it is shown. A puzzle's boards are composed here
 * from the play board's parts (play/play-board.js) the first time they are shown; the puzzle
 * is then the same block as on a puzzle page, set up by puzzles.js, so it is solved with the
 * same trainer (clicks, refutations, reasons). This module knows no game rule.
 *
 * Progress is the site's (progress.js, ids "practice:<game>/<id>"); the best streak per game
 * is kept under "banmen-practice-best" as {game: whole number}.
 */

import { squaresIn } from "./frames.js";
import { loadProgress } from "./progress.js";
import { setupPuzzle } from "./puzzles.js";
import { composeBoard, loadParts } from "./play/play-board.js";

const LEVELS = { 1: "やさしい", 2: "ふつう", 3: "むずかしい" };
const BEST = "banmen-practice-best";
const BOARD_LABEL = "盤（矢印キーでマスを選び、EnterキーかSpaceキーで決定）";
const MOVE_LEAD = "盤の駒をクリックして指してください。";
// this module's version query: the index is fetched with it (and revalidated), each
// puzzle with its own digest from the index
const VERSION = new URL(import.meta.url).search;

function dataURL(game, name, version) {
  const query = version === undefined ? VERSION : `?v=${encodeURIComponent(version)}`;
  return new URL(`../practice/${encodeURIComponent(game)}/${encodeURIComponent(name)}.json${query}`,
    import.meta.url);
}

async function fetchJSON(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

function element(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/* The best streaks stored, validated ({game: whole number >= 0}; anything else is dropped). */
function loadBest() {
  const clean = Object.create(null);
  let stored;
  try {
    stored = JSON.parse(window.localStorage.getItem(BEST) || "{}");
  } catch (error) {
    return clean;
  }
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return clean;
  for (const [game, value] of Object.entries(stored)) {
    if (Number.isInteger(value) && value >= 0) clean[game] = value;
  }
  return clean;
}

function saveBest(game, value) {
  const best = loadBest();
  best[game] = value;
  try {
    window.localStorage.setItem(BEST, JSON.stringify(best));
  } catch (error) { /* storage refused: the best streak is simply not kept */ }
}

function shuffled(rows) {
  const out = rows.slice();
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  // easier first, as a streak climbs (the sort is stable: random within a level)
  return out.sort((a, b) => a.level - b.level);
}

/* The answer controls of a puzzle: the page's template of its kind, or (a choice) one button
 * per option, labels as text. */
function controlsFor(root, data) {
  const controls = element("div", { class: "bm-controls", "data-search-exclude": "" });
  if (data.kind === "choice") {
    data.answer.options.forEach((label, i) => {
      controls.appendChild(element("button", {
        type: "button", class: "md-button bm-choice", "data-value": String(i) }, label));
    });
  } else {
    const template = root.querySelector(`template.bm-practice-controls[data-kind="${data.kind}"]`);
    if (template) controls.appendChild(template.content.cloneNode(true));
  }
  return controls;
}

function helpFor(root, kind) {
  const template = root.querySelector(`template.bm-practice-controls[data-kind="${kind}"]`);
  return template ? template.dataset.help : "";
}

/* Draw board `board` (a compact view, banmen/site/practice.py) in `frame`. */
function drawBoard(frame, board, parts, prefix) {
  const svg = composeBoard(frame, parts,
    board.pieces.map(([square, look]) => ({ square, symbol: look })), prefix);
  if (board.label) {
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = board.label;
    svg.insertBefore(title, svg.firstChild);
  }
  const squares = squaresIn(frame);
  for (const name of board.last || []) if (squares[name]) squares[name].classList.add("bm-last");
  for (const name of board.highlight || []) {
    if (squares[name]) squares[name].classList.add("bm-highlight");
  }
  if (board.info && board.info.length) {
    const info = element("ul", { class: "bm-play-info", "aria-label": "盤の外の情報" });
    for (const line of board.info) info.appendChild(element("li", {}, line));
    frame.appendChild(info);
  }
}

/* The block of one puzzle, as a puzzle page has it (banmen/site/html.py puzzle_html). */
function puzzleBlock(root, data, parts, serial) {
  const block = element("div", {
    class: "banmen-puzzle bm-practice-puzzle", "data-kind": data.kind, "data-ident": data.ident });
  block.setAttribute("data-answer", JSON.stringify(data.answer));
  const meta = element("p", { class: "bm-meta", "data-search-exclude": "" },
    `難しさ：${LEVELS[data.level] || data.level}` +
    (data.themes.length ? `　テーマ：${data.themes.join("、")}` : ""));
  meta.appendChild(element("span", { class: "bm-status" }));
  const playable = data.kind === "move" || data.kind === "squares";
  const boards = element("div", playable
    ? { class: "bm-boards", "data-search-exclude": "", tabindex: "0", "aria-label": BOARD_LABEL }
    : { class: "bm-boards", "data-search-exclude": "" });
  data.boards.forEach((board, i) => {
    const frame = element("div", { class: "bm-frame" });
    const draw = (target) => drawBoard(target, board, parts[board.variant], `bmpr${serial}f${i}-`);
    if (i === 0) draw(frame);
    else {
      frame.hidden = true;
      frame.bmCompose = draw;  // drawn the first time it is shown (frames.js)
    }
    boards.appendChild(frame);
  });
  const question = element("div", { class: "bm-question" });
  question.innerHTML = data.question;  // sanitised HTML, made at build time
  block.append(meta, boards, question);
  if (data.kind === "move") block.appendChild(element("p", { class: "bm-lead" }, MOVE_LEAD));
  block.append(element("p", { class: "bm-help", "data-search-exclude": "" }, helpFor(root, data.kind)),
    controlsFor(root, data),
    element("p", { class: "bm-feedback", "aria-live": "polite", "data-search-exclude": "" }));
  if (data.hints.length) {
    const hints = element("div", { class: "bm-hints", "data-search-exclude": "" });
    hints.appendChild(element("button", { type: "button", class: "md-button bm-hint-button" },
      `ヒントを見る（${data.hints.length}）`));
    const list = element("ol");
    for (const hint of data.hints) {
      const item = element("li", { class: "bm-hint" });
      item.hidden = true;
      item.innerHTML = hint;  // sanitised HTML, made at build time
      list.appendChild(item);
    }
    hints.appendChild(list);
    block.appendChild(hints);
  }
  const details = element("details", { class: "bm-explanation", "data-search-exclude": "" });
  details.appendChild(element("summary", {}, "解説を見る"));
  const body = element("div");
  body.innerHTML = data.explanation;  // sanitised HTML, made at build time
  details.appendChild(body);
  block.appendChild(details);
  return block;
}

export async function openPractice(root) {
  const game = root.dataset.game;
  const status = root.querySelector(".bm-practice-status");
  const stage = root.querySelector(".bm-practice-stage");
  const level = root.querySelector(".bm-practice-level");
  const theme = root.querySelector(".bm-practice-theme");
  const next = root.querySelector(".bm-practice-next");
  const modes = root.querySelectorAll(".bm-practice-mode");
  let index;
  try {
    index = await fetchJSON(dataURL(game, "index"), { cache: "no-cache" });
  } catch (error) {
    status.textContent = `問題を読み込めませんでした（${error && error.message ? error.message : error}）。`;
    return;
  }
  for (const name of index.themes) theme.appendChild(element("option", { value: name }, name));
  const all = index.puzzles;
  const state = {
    mode: "list", row: null, shown: 0, // shown: bumped per puzzle (a late fetch is dropped)
    streak: 0, best: loadBest()[game] || 0, order: [], at: 0, over: false, missed: false,
  };

  const identOf = (row) => `practice:${game}/${row.id}`;
  const solvedNow = (row) => {
    const entry = loadProgress()[identOf(row)];
    return Boolean(entry && entry.solved);
  };
  function matching() {
    return all.filter((row) => (!level.value || String(row.level) === level.value) &&
      (!theme.value || row.themes.indexOf(theme.value) >= 0));
  }

  function say(text) {
    status.textContent = text;
  }
  function listStatus(extra) {
    const rows = matching();
    const done = all.filter(solvedNow).length;
    const here = rows.filter(solvedNow).length;
    const part = rows.length === all.length ? "" : `（この条件では${here} / ${rows.length}問）`;
    say(`${extra || ""}解いた問題：${done} / ${all.length}問${part}`);
  }
  function streakStatus(extra) {
    say(`${extra || ""}連続正解：${state.streak}問（最高記録：${state.best}問）`);
  }

  async function show(row) {
    state.shown += 1;
    const serial = state.shown;
    state.row = row;
    state.missed = false;
    next.hidden = state.mode === "streak";
    let data, parts;
    try {
      data = await fetchJSON(dataURL(game, row.id, row.v));
      const variants = [...new Set(data.boards.map((board) => board.variant))];
      parts = Object.fromEntries(await Promise.all(
        variants.map(async (variant) => [variant, await loadParts(variant)])));
    } catch (error) {
      if (serial === state.shown) {
        say(`問題を読み込めませんでした（${error && error.message ? error.message : error}）。`);
      }
      return;
    }
    if (serial !== state.shown) return;  // another puzzle was asked for meanwhile
    const heading = element("h2", { class: "bm-practice-title", id: `practice-${row.id}` },
      `問題${all.indexOf(row) + 1}　${data.title}`);
    const block = puzzleBlock(root, data, parts, serial);
    stage.replaceChildren(heading, block);
    setupPuzzle(block);
    if (solvedNow(row)) block.classList.add("bm-solved");
    block.addEventListener("bm-recorded", (event) => recorded(event.detail.solved));
    const reveal = block.querySelector(".bm-show");
    if (reveal) reveal.addEventListener("click", () => missed("解答を見たので、"));
    if (history.replaceState) history.replaceState(history.state, "", `#${encodeURIComponent(row.id)}`);
    if (state.mode === "streak") streakStatus();
    else listStatus();
  }

  function missed(why) {
    if (state.mode !== "streak" || state.over || state.missed) return;
    state.missed = true;
    state.over = true;
    next.textContent = "もう一度挑戦";
    next.hidden = false;
    streakStatus(`${why || "まちがえたので、"}連続正解はここまでです。`);
  }

  function recorded(solved) {
    if (state.mode === "streak") {
      if (!solved) {
        missed();
        return;
      }
      if (state.over) return;
      state.streak += 1;
      if (state.streak > state.best) {
        state.best = state.streak;
        saveBest(game, state.best);
      }
      next.textContent = "次の問題";
      next.hidden = false;
      streakStatus("正解です！");
      return;
    }
    if (solved) listStatus("正解です！");
  }

  /* The next puzzle of the list: the first unsolved one that matches, after the one shown. */
  function nextInList() {
    const rows = matching();
    if (!rows.length) {
      stage.replaceChildren();
      say("この条件に合う問題はありません。条件を変えてください。");
      return;
    }
    const at = state.row ? rows.indexOf(state.row) : -1;
    for (let k = 1; k <= rows.length; k += 1) {
      const row = rows[(at + k + rows.length) % rows.length];
      if (row !== state.row && !solvedNow(row)) {
        show(row);
        return;
      }
    }
    show(rows[(at + 1) % rows.length]).then(() => listStatus("この条件の問題はすべて解きました。"));
  }

  function startStreak() {
    state.order = shuffled(matching());
    state.at = 0;
    state.streak = 0;
    state.over = false;
    next.textContent = "次の問題";
    if (!state.order.length) {
      stage.replaceChildren();
      say("この条件に合う問題はありません。条件を変えてください。");
      return;
    }
    show(state.order[0]);
  }

  function setMode(mode) {
    state.mode = mode;
    modes.forEach((button) => button.setAttribute("aria-pressed", String(button.dataset.mode === mode)));
    next.textContent = "次の問題";
    next.hidden = false;
    if (mode === "streak") startStreak();
    else {
      state.row = null;
      nextInList();
    }
  }

  next.addEventListener("click", () => {
    if (state.mode === "list") {
      nextInList();
    } else if (state.over) {
      startStreak();
    } else {
      state.at += 1;
      if (state.at >= state.order.length) {
        state.over = true;
        next.textContent = "もう一度挑戦";
        streakStatus("この条件の問題をすべて連続で解きました！");
        return;
      }
      show(state.order[state.at]);
    }
  });
  modes.forEach((button) => button.addEventListener("click", () => setMode(button.dataset.mode)));
  level.addEventListener("change", () => setMode(state.mode));
  theme.addEventListener("change", () => setMode(state.mode));

  // a puzzle named in the address (#m1-012) opens first
  const wanted = decodeURIComponent(location.hash.slice(1));
  const named = all.find((row) => row.id === wanted);
  if (named) show(named);
  else nextInList();
}
