// The play board: the empty board and piece symbols drawn at build time, pieces placed here.
//
// The renderers write, per game variant, assets/play/<variant>.json (banmen/render/parts.py):
// {variant, viewBox, board: the empty board's SVG (its squares are <g id="...--sq-<name>">
// as on every static board, so board-input.js finds them), symbols: one <symbol> per piece
// look, centers: {square: [x, y]}, symbol_size: [w, h], looks}; the board holds an empty
// <g class="bm-play-pieces"> where the pieces go. The engine's view of a
// position ({"op": "view"}: {variant, pieces: [{square, symbol, label}], info}) says which
// symbol stands on which square (several on one square bottom to top; label: the piece's
// plain text, for the accessible description); this module only places <use> elements there.
// It knows no rule.
//
//   const board = createPlayBoard(frame, instance);
//   await board.show(view);     // draw the view's pieces (loads the variant's parts once)
//   board.describe()            // the pieces in words, for the page's hidden description
//
//   const parts = await loadParts(variant);        // the practice page (practice.js):
//   composeBoard(frame, parts, pieces, prefix);    // one static board, drawn at once

const partsCache = new Map();
const SVG = "http://www.w3.org/2000/svg";
// this module's version query (?v=..., written by the site build): the parts of the same build
const VERSION = new URL(import.meta.url).search;

// The parts of a variant, fetched once per document (also ahead of a press: prepareParts).
export function loadParts(variant) {
  if (!partsCache.has(variant)) {
    const url = new URL(`../../play/${encodeURIComponent(variant)}.json${VERSION}`,
      import.meta.url);
    partsCache.set(variant, fetch(url).then((response) => {
      if (!response.ok) throw new Error(`play/${variant}.json: HTTP ${response.status}`);
      return response.json();
    }));
  }
  return partsCache.get(variant);
}

// The symbols of a variant (parts.symbols: one hidden <svg> with a <symbol> per look and their
// shared glyphs), once per document: every board's <use> points there.
function defineSymbols(parts) {
  const id = `bm-play-symbols-${parts.variant}`;
  if (document.getElementById(id)) return;
  const holder = document.createElement("div");
  holder.setAttribute("id", id);
  holder.setAttribute("class", "bm-play-symbol-holder");
  holder.setAttribute("aria-hidden", "true");
  holder.innerHTML = parts.symbols;
  document.body.appendChild(holder);
}

// The board's own ids get a per-instance prefix (two play boards of one variant on a page
// keep unique ids); square names stay after the last "--sq-". A reference to an id the board
// defines itself (its coordinate and number glyphs, gradients) gets the same prefix; one to
// the shared symbols and glyphs outside it stays as it is.
function prefixed(svgText, prefix) {
  const own = new Set();
  for (const found of svgText.matchAll(/\bid="([^"]+)"/g)) own.add(found[1]);
  return svgText
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/(href="#|url\(#)([^")]+)/g, (all, head, name) =>
      own.has(name) ? `${head}${prefix}${name}` : all);
}

function symbolId(variant, symbol) {
  return symbol.startsWith("bm-play-") ? symbol : `bm-play-${variant}-${symbol}`;
}

// The empty board of `parts` in `frame` (its ids prefixed with `prefix`); returns the layer
// the pieces go in.
function emptyBoard(frame, parts, prefix) {
  defineSymbols(parts);
  frame.innerHTML = prefixed(parts.board, prefix);
  const svg = frame.querySelector("svg");
  svg.classList.add("banmen-board", "bm-play-svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  if (parts.viewBox && !svg.getAttribute("viewBox")) svg.setAttribute("viewBox", parts.viewBox);
  // the board keeps a layer for the pieces (under what the diagrams draw over them)
  let layer = svg.querySelector("g.bm-play-pieces");
  if (!layer) {
    layer = document.createElementNS(SVG, "g");
    layer.setAttribute("class", "bm-play-pieces");
    svg.appendChild(layer);
  }
  layer.setAttribute("pointer-events", "none");
  return layer;
}

// Place `pieces` ([{square, symbol}], bottom to top per square) in `layer`.
function placePieces(layer, parts, pieces) {
  const [w, h] = parts.symbol_size;
  layer.textContent = "";
  for (const piece of pieces) {
    const centre = parts.centers[piece.square];
    if (!centre) continue;
    const shape = document.createElementNS(SVG, "use");
    shape.setAttribute("href", `#${symbolId(parts.variant, piece.symbol)}`);
    shape.setAttribute("x", String(centre[0] - w / 2));
    shape.setAttribute("y", String(centre[1] - h / 2));
    shape.setAttribute("width", String(w));
    shape.setAttribute("height", String(h));
    shape.dataset.square = piece.square;
    layer.appendChild(shape);
  }
}

// One board drawn at once from parts already loaded (loadParts): the empty board of
// `parts` in `frame`, its ids prefixed with `prefix`, and `pieces` ([{square, symbol}]) on it.
// Returns the board's <svg>.
export function composeBoard(frame, parts, pieces, prefix) {
  placePieces(emptyBoard(frame, parts, prefix), parts, pieces);
  return frame.querySelector("svg");
}

export function createPlayBoard(frame, instance) {
  let parts = null;
  let layer = null;
  let pieces = [];

  async function use(variant) {
    if (parts && parts.variant === variant) return;
    parts = await loadParts(variant);
    layer = emptyBoard(frame, parts, `bmplay${instance}-`);
  }

  return {
    async show(view) {
      await use(view.variant);
      pieces = view.pieces;
      placePieces(layer, parts, view.pieces);
    },
    // "c2：白3枚、d1：黒" — the squares and the pieces' labels, in the view's order.
    describe() {
      const bySquare = new Map();
      for (const piece of pieces) {
        if (!bySquare.has(piece.square)) bySquare.set(piece.square, []);
        if (piece.label) bySquare.get(piece.square).push(piece.label);
      }
      return [...bySquare].map(([square, labels]) =>
        labels.length ? `${square}：${labels.join("・")}` : square).join("、");
    },
  };
}

// Fetch a variant's parts ahead of the first board (a 対局する page, while the browser is
// idle), so that pressing the button only draws; a failure shows when the board is made.
export function prepareParts(variant) {
  loadParts(variant).catch(() => {});
}
