// The engine worker of the play board: runs banmen's own Python rules under Pyodide.
//
// Loaded as a module worker by engine.js (beside it). Pyodide comes from the site's own files
// (assets/pyodide/, copied from the npm package at build time) and the engines from
// assets/banmen-engine.zip (banmen/game.py, banmen/games/ ..., standard library only), so
// nothing is fetched from any other host and no rule is written in JavaScript.
//
// Messages in:  {id, request}   where request is a banmen.play request object
// Messages out: {id, answer}    the JSON answer (an object; {error} for bad requests)
//               {id, failed}    Pyodide or the engines could not be loaded (one line)
//               {stage}         loading progress: "runtime", "engines", "ready"
import { loadPyodide } from "../../pyodide/pyodide.mjs";

const ENGINE_DIR = "/home/pyodide/banmen-engine";

async function start() {
  postMessage({ stage: "runtime" });
  const pyodide = await loadPyodide({ indexURL: new URL("../../pyodide/", import.meta.url).href });
  postMessage({ stage: "engines" });
  const response = await fetch(new URL("../../banmen-engine.zip", import.meta.url));
  if (!response.ok) throw new Error(`banmen-engine.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  const handle = pyodide.pyimport("banmen.play").handle;
  postMessage({ stage: "ready" });
  return handle;
}

const ready = start();

onmessage = async (event) => {
  const { id, request } = event.data;
  let handle;
  try {
    handle = await ready;
  } catch (error) {
    postMessage({ id, failed: String(error && error.message ? error.message : error) });
    return;
  }
  postMessage({ id, answer: JSON.parse(handle(JSON.stringify(request))) });
};
