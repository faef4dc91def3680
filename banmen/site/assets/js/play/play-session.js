// The play board's game flow (この局面から指す): sides, strength, moves, die, undo, outcome.
//
// Loaded by play-button.js with import() when a reader first presses the button (never part
// of the offline bundle). The block's data-play attribute (banmen/site/play_page.py) holds
// the setups [{label, game, rules, position, sides}]; every rule question goes to the engine
// worker (engine.js: banmen.play under Pyodide): "legal" gives the moves with their click
// paths (entered through board-input.js, the board module of puzzles and lessons), "play" the
// position after a move and its "view" (placed by play-board.js), "reply" the engine's move.
// This module knows no rule of any game.
//
// openPlay(block, line): line holds the moves already shown on the page's own board since
// the setup's position (a puzzle played or solved there: [{move, by: "reader" | "engine"}],
// texts from the solution tree on the page); the engine replays them, so the board starts
// where the page's board is, with them in the move list (「一手戻す」 takes them back).
//
// The board shows at once: a 対局する page's setups carry the view of their position (drawn
// at build time, banmen/site/play_page.py), so the board is drawn while the engine loads
// (engine.js starts it on the press) and becomes playable when the engine answers; a button
// of a diagram or puzzle (its board is on the page already) draws the board then.
//
// Strength: one menu for the computer's sides; in 「コンピューター同士」 one menu per side, so a
// reader can watch つよい play やさしい. The end of a game is said in the reader's terms when
// the reader plays one side (「あなた（白）の勝ちです。」, a loss in the colours of refusal).
//
// The die of a chance position (ludo: "chance" in the legal answer) is rolled here: the k-th
// roll of a game is a hash of the game's visible seed and k, so the same seed replays the
// same rolls, and taking a move back takes its rolls back too.

import { ask, engineReady, onStage, unavailable, warm } from "./engine.js";
import { createBoardInput } from "../board-input.js";
import { createPlayBoard, prepareParts } from "./play-board.js";
import { loadWords, outcomeText, readerOutcome, sideName } from "./play-words.js";

const STRENGTHS = [["easy", "やさしい"], ["normal", "ふつう"], ["strong", "つよい"]];
const STAGES = { runtime: "Pythonを読み込んでいます…", engines: "ルールを読み込んでいます…",
  ready: "準備ができました。" };
const BOARD_LABEL = "盤（矢印キーでマスを選び、EnterキーかSpaceキーで決定）";
// the pause before each engine move, so that a reader sees it (data-pause on the block, ms)
const PAUSE = 350;
const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
let instances = 0;

// The k-th die roll (1..6) of a game with this seed (mulberry32's mixing step).
export function dieRoll(seed, k) {
  let t = (seed + Math.imul(k + 1, 0x6d2b79f5)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (((t ^ (t >>> 14)) >>> 0) % 6) + 1;
}

function element(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label, className) {
  return element("button", { type: "button", class: `md-button ${className}` }, label);
}

function select(labelText, className, options) {
  const label = element("label", { class: "bm-play-field" });
  label.appendChild(element("span", {}, labelText));
  const field = element("select", { class: className });
  for (const [value, text] of options) field.appendChild(element("option", { value }, text));
  label.appendChild(field);
  return [label, field];
}

async function answer(request) {
  const reply = await ask(request);
  if (reply && reply.error) throw new Error(reply.error);
  return reply;
}

// Ahead of a press on a 対局する page (its setups carry their board's view): the words and
// the board parts of the first setup are fetched, so the press draws the board at once.
export function preparePlay(block) {
  let setups;
  try {
    setups = JSON.parse(block.getAttribute("data-play"));
  } catch (error) {
    return;
  }
  const view = Array.isArray(setups) && setups[0] && setups[0].view;
  if (!view || typeof view.variant !== "string") return;
  loadWords().catch(() => {});
  prepareParts(view.variant);
}

export async function openPlay(block, line) {
  const note = block.querySelector(".bm-play-note");
  const opener = block.querySelector(".bm-play-start");
  const why = unavailable();
  if (why) {
    note.textContent = why;
    opener.disabled = true;
    return;
  }
  warm();  // Pyodide loads while the board is drawn
  const setups = JSON.parse(block.getAttribute("data-play"));
  const instance = ++instances;
  const pause = block.dataset.pause !== undefined ? Number(block.dataset.pause) : PAUSE;
  let words;
  try {
    words = await loadWords();
  } catch (error) {
    note.textContent = `対局を始められませんでした（${error.message}）。`;
    opener.disabled = false;
    return;
  }
  block.querySelector(".bm-play-open").hidden = true;
  // A sequence's or puzzle's own script steers every ".bm-frame" and arrow key inside it:
  // the open board goes right after that block instead.
  const owner = block.parentElement && block.parentElement.closest(".banmen-sequence, .banmen-puzzle");
  if (owner) owner.after(block);

  // ---- the panel
  const panel = element("div", { class: "bm-play-panel", role: "group",
    "aria-label": "対局" });
  const settings = element("div", { class: "bm-play-settings" });
  let setupField = null;
  if (setups.length > 1) {
    const [label, field] = select("遊び方", "bm-play-setup",
      setups.map((s, i) => [String(i), s.label]));
    settings.appendChild(label);
    setupField = field;
  }
  const [sideLabel, sideField] = select("あなたが指す側", "bm-play-side", []);
  const [strengthLabel, strengthField] = select("コンピューターの強さ", "bm-play-strength",
    STRENGTHS);
  strengthField.value = "normal";
  settings.append(sideLabel, strengthLabel);
  // 「コンピューター同士」: a strength per side (made for each setup's sides, sideOptions)
  const sideStrengths = element("div", { class: "bm-play-strengths" });
  settings.appendChild(sideStrengths);
  let strengthOf = {};  // side -> its <select> in 「コンピューター同士」
  const seedLabel = element("label", { class: "bm-play-field bm-play-seed" });
  seedLabel.appendChild(element("span", {}, "サイコロの種"));
  const seedField = element("input", { type: "number", min: "0", max: "999999",
    class: "bm-play-seed-input", inputmode: "numeric" });
  seedField.value = String(Math.floor(Math.random() * 1000000));
  seedLabel.appendChild(seedField);
  seedLabel.hidden = true;
  settings.appendChild(seedLabel);

  const layout = element("div", { class: "bm-play-layout" });
  const main = element("div", { class: "bm-play-main" });
  const boards = element("div", { class: "bm-boards", tabindex: "0", role: "group",
    "aria-label": BOARD_LABEL });
  const frame = element("div", { class: "bm-frame" });
  boards.appendChild(frame);
  const info = element("ul", { class: "bm-play-info", "aria-label": "盤の外の情報" });
  const choices = element("div", { class: "bm-choices" });
  const extra = element("div", { class: "bm-play-extra" });
  const die = element("p", { class: "bm-play-die" });
  die.hidden = true;
  const status = element("p", { class: "bm-play-status", "aria-live": "polite" });
  // loading: a progress bar with the stage in words, under the board until the engine is up
  const loading = element("p", { class: "bm-play-loading" });
  const bar = element("progress", { max: "3", value: "0", "aria-label": "対局の準備" });
  const stage = element("span", {}, "対局の準備をしています…");
  loading.append(bar, stage);
  const controls = element("div", { class: "bm-controls bm-play-buttons" });
  const undoButton = button("一手戻す", "bm-play-undo");
  const restartButton = button("最初から", "bm-play-restart");
  controls.append(undoButton, restartButton);
  // the position as banmen reads it (JSON is YAML): paste it into `banmen moves GAME FILE`
  const data = element("details", { class: "bm-play-position" });
  data.appendChild(element("summary", {}, "この局面のデータ（banmenのコマンドで読める形）"));
  const dataText = element("code", { class: "bm-play-position-text" });
  const dataBlock = element("pre");
  dataBlock.appendChild(dataText);
  data.appendChild(dataBlock);
  main.append(boards, info, choices, extra, die, loading, status, controls, data);
  const record = element("div", { class: "bm-play-record" });
  record.appendChild(element("p", { class: "bm-play-record-title", id: `bm-play-${instance}-moves` },
    "指し手"));
  const list = element("ol", { class: "bm-play-moves", tabindex: "0",
    "aria-labelledby": `bm-play-${instance}-moves` });
  record.appendChild(list);
  layout.append(main, record);
  panel.append(settings, layout);
  block.appendChild(panel);

  const board = createPlayBoard(frame, instance);
  let legal = null;       // the legal answer of the shown position
  let token = 0;          // bumped by every new action: stale answers are dropped
  const game = { setup: null, position: null, history: [], rolls: 0, view: null };

  const choiceLabels = {};  // "#..." click tokens -> button labels (from the legal answers)
  const input = createBoardInput(panel, {
    choices,
    labels: choiceLabels,
    onMove: (move) => { play(move.text, "reader").catch(failed); },
    onRefused: (code) => {
      status.textContent = code === "choose" ? "下のボタンでどの手かを選んでください。"
        : "そこからは指せません。動かせる駒（マス）をクリックしてください。";
    },
  });

  function setupNow() {
    return setups[setupField ? Number(setupField.value) : 0];
  }

  function sideOptions(setup, chosen) {
    sideStrengths.textContent = "";
    strengthOf = {};
    for (const side of setup.sides) {
      const [label, field] = select(`${sideName(words, side)}の強さ`, "bm-play-side-strength",
        STRENGTHS);
      field.dataset.side = side;
      field.value = strengthField.value;
      field.addEventListener("change", () => {
        field.dataset.chosen = "1";
        if (!human(side)) refresh().catch(failed);
      });
      strengthOf[side] = field;
      sideStrengths.appendChild(label);
    }
    sideField.textContent = "";
    for (const side of setup.sides) {
      const colour = (words.seat_colours || {})[side];
      sideField.appendChild(element("option", { value: `side:${side}` },
        colour ? `${sideName(words, side)}（${colour}）` : sideName(words, side)));
    }
    sideField.appendChild(element("option", { value: "both" },
      setup.sides.length > 2 ? "全員（ひとりで指す）" : "両方（ひとりで指す）"));
    sideField.appendChild(element("option", { value: "watch" }, "コンピューター同士（見るだけ）"));
    sideField.value = chosen;
    showStrengths();
  }

  // one strength menu for the computer's sides, or one per side in 「コンピューター同士」 (a
  // side's menu starts at the common one's strength until the reader picks one there)
  function showStrengths() {
    const watching = sideField.value === "watch";
    if (watching) {
      Object.values(strengthOf).forEach((field) => {
        if (!field.dataset.chosen) field.value = strengthField.value;
      });
    }
    strengthLabel.hidden = watching || sideField.value === "both";
    sideStrengths.hidden = !watching;
  }

  function strength(side) {
    return sideField.value === "watch" && strengthOf[side] ? strengthOf[side].value
      : strengthField.value;
  }

  function human(side) {
    const mode = sideField.value;
    return mode === "both" || mode === `side:${side}`;
  }

  function request(op, extraFields) {
    return { op, game: game.setup.game, rules: game.setup.rules, position: game.position,
      ...extraFields };
  }

  function seed() {
    return Math.max(0, Math.floor(Number(seedField.value) || 0));
  }

  function moveLabel(entry) {
    const who = sideName(words, entry.side);
    if (entry.roll) return `${who}：サイコロ ${entry.roll}`;
    // the side is named already: a seat prefix of the notation ("s: ") is not repeated, and
    // a pass reads as a word
    const text = entry.move.replace(/^[a-z]:\s*/i, "");
    return `${who}：${text === "pass" ? "パス" : text}`;
  }

  function drawRecord() {
    list.textContent = "";
    game.history.forEach((entry, i) => {
      const item = element("li", {}, moveLabel(entry));
      if (i === game.history.length - 1) item.setAttribute("aria-current", "step");
      list.appendChild(item);
    });
    list.scrollTop = list.scrollHeight;
    undoButton.disabled = !game.history.some((entry) => entry.by === "reader");
  }

  function lastMoveSquares() {
    for (let i = game.history.length - 1; i >= 0; i -= 1) {
      const entry = game.history[i];
      if (!entry.roll) return entry.clicks.filter((token) => token.charAt(0) !== "#");
    }
    return [];
  }

  // the die: the last roll of the game, its face and value and who rolled it
  function showDie() {
    const last = [...game.history].reverse().find((entry) => entry.roll);
    die.hidden = !last;
    if (!last) return;
    die.textContent = "";
    die.append(element("span", { class: "bm-die-face", "aria-hidden": "true" },
      DIE_FACES[last.roll - 1]), document.createTextNode(
      `サイコロの目：${last.roll}（${sideName(words, last.side)}）`));
  }

  async function draw(view) {
    game.view = view || await answer(request("view"));
    dataText.textContent = JSON.stringify({ game: game.setup.game, ...game.position });
    await board.show(game.view);
    info.textContent = "";
    for (const line of game.view.info || []) {
      info.appendChild(element("li", {}, typeof line === "string" ? line : line.text || ""));
    }
    info.hidden = !info.childElementCount;
    boards.setAttribute("aria-label", `${BOARD_LABEL}。${board.describe()}`);
  }

  async function refresh(view) {
    const mine = ++token;
    extra.textContent = "";
    input.setMoves(null);
    legal = await answer(request("legal"));
    if (mine !== token) return;
    await draw(view);
    if (mine !== token) return;
    drawRecord();
    showDie();
    input.marks = { "bm-reply": lastMoveSquares() };
    input.render();
    if (legal.outcome) {
      input.setMoves(null);
      let text = outcomeText(words, legal.outcome);
      let result = "";
      const mode = sideField.value;
      if (mode.startsWith("side:")) {
        ({ text, result } = readerOutcome(words, legal.outcome, mode.slice(5)));
      }
      status.textContent = `対局が終わりました。${text}`;
      endClasses(result);
      return;
    }
    endClasses(null);
    const side = legal.to_move;
    const who = sideName(words, side);
    if (!human(side)) {
      status.textContent = `コンピューター（${who}）の番です。`;
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      if (mine !== token) return;
      await engineTurn(mine);
      return;
    }
    if (legal.chance) {
      seedLabel.hidden = false;
      const roll = button("サイコロを振る", "bm-play-roll");
      roll.addEventListener("click", () => { rollDie(mine).catch(failed); });
      extra.appendChild(roll);
      status.textContent = `${who}の番です。「サイコロを振る」を押してください。`;
      return;
    }
    const clicked = legal.moves.filter((m) => m.clicks.length)
      .map((m) => ({ text: m.move, clicks: m.clicks }));
    legal.moves.forEach((m) => Object.assign(choiceLabels, m.labels));
    input.setMoves(clicked);
    input.marks = { "bm-reply": lastMoveSquares() };
    input.render();
    for (const m of legal.moves.filter((m) => !m.clicks.length)) {
      const b = button(m.move === "pass" ? "パスする" : m.move, "bm-play-other");
      b.addEventListener("click", () => { play(m.move, "reader").catch(failed); });
      extra.appendChild(b);
    }
    status.textContent = clicked.length
      ? `${who}の番です。盤のマスをクリックしてください。`
      : `${who}の番です。下のボタンで指してください。`;
  }

  async function rollDie(mine) {
    if (mine !== token || !legal || !legal.chance) return;
    const value = dieRoll(seed(), game.rolls);
    const move = legal.moves[value - 1];
    game.rolls += 1;
    await play(move.move, "roll", value);
  }

  async function engineTurn(mine) {
    if (legal.chance) {
      await rollDie(mine);
      return;
    }
    status.textContent = `コンピューター（${sideName(words, legal.to_move)}）が考えています…`;
    const reply = await answer(request("reply", { strength: strength(legal.to_move),
      seed: seed() + game.history.length, ms: 1000 }));
    if (mine !== token) return;
    await play(reply.move, "engine");
  }

  async function play(move, by, roll) {
    const entry = legal.moves.find((m) => m.move === move);
    game.history.push({ position: game.position, rolls: by === "roll" ? game.rolls - 1 : game.rolls,
      move, by, side: legal.to_move, roll: roll || 0, clicks: entry ? entry.clicks : [] });
    const mine = ++token;
    const after = await answer(request("play", { move }));
    if (mine !== token) return;
    game.position = after.position;
    refresh(after.view).catch(failed);
  }

  function undo() {
    let i = game.history.length - 1;
    while (i >= 0 && game.history[i].by !== "reader") i -= 1;
    if (i < 0) return;
    const entry = game.history[i];
    game.history.length = i;
    game.position = entry.position;
    game.rolls = entry.rolls;
    token += 1;  // an engine move still on its way is dropped
    drawRecord();
    status.textContent = "一手戻しました。";
    refresh().catch(failed);
  }

  // the status line's look at the end of a game: "bm-play-over", and "bm-play-won" or
  // "bm-play-lost" when the reader played one side and won or lost (null: the game goes on)
  function endClasses(result) {
    status.classList.toggle("bm-play-over", result !== null);
    status.classList.toggle("bm-play-won", result === "won");
    status.classList.toggle("bm-play-lost", result === "lost");
  }

  function restart(moves) {
    game.setup = setupNow();
    game.position = game.setup.position;
    game.history = [];
    game.rolls = 0;
    token += 1;
    drawRecord();
    endClasses(null);
    status.textContent = "最初の局面から始めます。";
    if (!engineReady()) {
      // the engine is still loading: the board of the start position now (its view came
      // with the page), playable once the engine answers (refresh below waits for it)
      input.setMoves(null);
      status.textContent = "コンピューターの準備をしています。準備ができると指せます。";
      if (game.setup.view) draw(game.setup.view).catch(failed);
    }
    (moves && moves.length ? replay(moves) : refresh()).catch(failed);
  }

  // the moves of the page's own board, played by the engine one by one (each into the move
  // list as the reader's or the engine's), then the board waits as after any move
  async function replay(moves) {
    const mine = ++token;
    for (const step of moves) {
      const here = await answer(request("legal"));
      if (mine !== token) return;
      const entry = here.moves.find((m) => m.move === step.move);
      const after = await answer(request("play", { move: step.move }));
      if (mine !== token) return;
      game.history.push({ position: game.position, rolls: game.rolls, move: step.move,
        by: step.by === "reader" ? "reader" : "engine", side: here.to_move, roll: 0,
        clicks: entry ? entry.clicks : [] });
      game.position = after.position;
    }
    await refresh();
  }

  function newSetup(moves) {
    const setup = setupNow();
    const first = setup.position.to_move;
    sideOptions(setup, setup.sides.includes(first) ? `side:${first}` : `side:${setup.sides[0]}`);
    restart(moves);
  }

  function failed(error) {
    status.textContent = `エラーが起きました（${error.message}）。「最初から」で始め直せます。`;
  }

  undoButton.addEventListener("click", undo);
  restartButton.addEventListener("click", () => restart());
  sideField.addEventListener("change", () => {
    showStrengths();
    refresh().catch(failed);
  });
  if (setupField) setupField.addEventListener("change", () => newSetup());
  const stop = onStage((name) => {
    bar.value = { runtime: 1, engines: 2, ready: 3 }[name] || 0;
    stage.textContent = STAGES[name] || "";
  });
  loading.hidden = engineReady();
  // the reader first takes the side to move (the seed field shows once a die is to roll),
  // the side that moved first on the page's board when it shows moves
  newSetup(Array.isArray(line) ? line : []);
  boards.focus({ preventScroll: true });
  // the engine's first answer: the board is playable (refresh draws it); a failure to load
  // says so in one line and gives the button back
  try {
    await answer({ op: "legal", game: setups[0].game, rules: setups[0].rules,
      position: setups[0].position });
  } catch (error) {
    token += 1;
    panel.remove();
    block.querySelector(".bm-play-open").hidden = false;
    note.textContent = `対局を始められませんでした（${error.message}）。`;
    opener.disabled = false;
    return;
  } finally {
    stop();
  }
  loading.remove();
}
