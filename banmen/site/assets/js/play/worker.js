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
//               {stage}         loading progress: "runtime", "engines", "ready"
// Every request gets exactly one {id, answer} or {id, failed}.
import { loadPyodide } from "../../pyodide/pyodide.mjs";

const ENGINE_DIR = "/home/pyodide/banmen-engine";
const VERSION = new URL(import.meta.url).search;
const INDEX = new URL("../../pyodide/", import.meta.url).href;
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
  const pyodide = await loadPyodide({ indexURL: INDEX });
  postMessage({ stage: "engines" });
  unpackEngines(pyodide, await zip);
  const handle = pyodide.pyimport("banmen.play").handle;
  postMessage({ stage: "ready" });
  return handle;
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
