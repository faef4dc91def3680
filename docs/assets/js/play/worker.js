// The engine worker of the play board: runs banmen's own Python rules under Pyodide.
//
// Loaded as a module worker by engine.js (beside it). Pyodide comes from the site's own files
// (assets/pyodide/, copied from the npm package at build time) and the engines from
// assets/banmen-engine.zip (banmen/game.py, banmen/games/ ..., standard library only), so
// nothing is fetched from any other host and no rule is written in JavaScript. The zip is
// fetched with this module's own version query (?v=..., written by the site build from the
// contents of the site's scripts and the engine zip), so a returning reader never runs an
// old engine against new rules.
//
// Messages in:  {id, request}   where request is a banmen.play request object
// Messages out: {id, answer}    the JSON answer (an object; {error} for bad requests, and for
//                               a request that is no JSON value, e.g. one holding a BigInt)
//               {id, failed}    Pyodide or the engines could not be loaded (one line)
//               {stage}         loading progress: "runtime", "engines", "ready"; "restored"
//                               (before "ready") when Python came from a kept snapshot,
//                               "kept" (after it) when this start was kept for later pages
// Every request gets exactly one {id, answer} or {id, failed}.
import { loadPyodide } from "../../pyodide/pyodide.mjs";

const ENGINE_DIR = "/home/pyodide/banmen-engine";
const VERSION = new URL(import.meta.url).search;
const INDEX = new URL("../../pyodide/", import.meta.url).href;
// Pyodide's memory once the engines are imported, kept by the browser (Cache Storage, gzip)
// under the build's version: a later page of the visit that is not reached by instant
// navigation (a reload, another tab, a link from elsewhere) restores it in about a tenth of
// the time Python takes to start. Any failure to keep or restore it only costs that time.
const SNAPSHOTS = "banmen-engine-snapshot";
const SNAPSHOT_KEY = new URL(`../../banmen-engine.snapshot${VERSION || "?v=none"}`,
  import.meta.url).href;

// The kept snapshot's response (null when there is none); unpackedSnapshot reads it.
async function storedSnapshot() {
  try {
    if (typeof caches === "undefined" || typeof DecompressionStream !== "function") return null;
    return (await (await caches.open(SNAPSHOTS)).match(SNAPSHOT_KEY)) || null;
  } catch (error) {
    return null;
  }
}

async function unpackedSnapshot(found) {
  const stream = found.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Keep a snapshot of this worker's Pyodide (made with _makeSnapshot) for later pages; drop
// the snapshots of other builds. Posts {stage: "kept"} once it is stored.
async function keepSnapshot(pyodide) {
  try {
    if (typeof caches === "undefined" || typeof CompressionStream !== "function") return;
    const memory = pyodide.makeMemorySnapshot();
    const packed = await new Response(new Blob([memory]).stream()
      .pipeThrough(new CompressionStream("gzip"))).blob();
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) {
      if (old.url !== SNAPSHOT_KEY) await cache.delete(old);
    }
    await cache.put(SNAPSHOT_KEY, new Response(packed));
    postMessage({ stage: "kept" });
  } catch (error) {
    /* no room or no Cache Storage here: later pages start Python again */
  }
}

async function forgetSnapshot() {
  try {
    await (await caches.open(SNAPSHOTS)).delete(SNAPSHOT_KEY);
  } catch (error) {
    /* nothing kept */
  }
}

function unpackEngines(pyodide, zip) {
  pyodide.unpackArchive(zip, "zip", { extractDir: ENGINE_DIR });
  pyodide.runPython(`import importlib, sys\nimportlib.invalidate_caches()
if ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
}

async function engineZip(response) {
  const answer = await response;
  if (!answer.ok) throw new Error(`banmen-engine.zip: HTTP ${answer.status}`);
  return answer.arrayBuffer();
}

async function start() {
  postMessage({ stage: "runtime" });
  const zip = engineZip(fetch(new URL(`../../banmen-engine.zip${VERSION}`, import.meta.url)));
  zip.catch(() => {});  // awaited below
  const snapshot = await storedSnapshot();
  if (snapshot) {
    try {
      // unpacked first: a damaged one must fail here, before Pyodide starts its fetches
      const memory = await unpackedSnapshot(snapshot);
      const pyodide = await loadPyodide({ indexURL: INDEX, _loadSnapshot: memory });
      postMessage({ stage: "engines" });
      // the engines' files again (a game's rules are imported when first asked for)
      unpackEngines(pyodide, await zip);
      const handle = pyodide.pyimport("banmen.play").handle;
      if (!JSON.parse(handle("[]")).error) throw new Error("the restored engine does not answer");
      postMessage({ stage: "restored" });
      postMessage({ stage: "ready" });
      return handle;
    } catch (error) {
      await forgetSnapshot();  // and start Python as on a first visit
    }
  }
  const pyodide = await loadPyodide({ indexURL: INDEX, _makeSnapshot: true });
  postMessage({ stage: "engines" });
  unpackEngines(pyodide, await zip);
  const handle = pyodide.pyimport("banmen.play").handle;
  postMessage({ stage: "ready" });
  whenIdle(() => keepSnapshot(pyodide));
  return handle;
}

// Run ``task`` once no request has come for IDLE ms (making and packing a snapshot takes the
// worker about a second, which a reader's first moves should not wait for).
const IDLE = 2000;
let idleTimer = null;
let idleTask = null;
function whenIdle(task) {
  idleTask = task;
  idleTimer = setTimeout(runIdle, IDLE);
}
function runIdle() {
  const task = idleTask;
  idleTask = null;
  idleTimer = null;
  if (task) task();
}
function busy() {
  if (idleTimer === null) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(runIdle, IDLE);
}

const ready = start();
ready.catch(() => {});  // reported to each request below

function message(error) {
  return String(error && error.message ? error.message : error).split("\n")[0];
}

// The answer to one request: the engine's JSON answer, or {error} when the request cannot
// be put into JSON text (a BigInt, a cycle) or the engine call itself fails.
function answerOf(handle, request) {
  let text;
  try {
    text = JSON.stringify(request);
  } catch (error) {
    return { error: `the request is no JSON value (${message(error)})` };
  }
  if (typeof text !== "string") return { error: "a request is a JSON object" };
  try {
    return JSON.parse(handle(text));
  } catch (error) {
    return { error: `the engine could not answer (${message(error)})` };
  }
}

onmessage = async (event) => {
  busy();
  const { id, request } = event.data || {};
  let handle;
  try {
    handle = await ready;
  } catch (error) {
    postMessage({ id, failed: message(error) });
    return;
  }
  postMessage({ id, answer: answerOf(handle, request) });
};
