// The page side of the engine worker (worker.js): ask(request) -> Promise of the answer.
//
// Kept in assets/js/play/, apart from the page modules: it is imported only when a reader
// starts playing, and it is not part of the offline bundle (a module worker cannot run on a
// page opened from a file, which unavailable() says in one line).
//
// One worker per visit: started by warm() or the first ask (Pyodide loads only when a reader
// first presses 「この局面から指す」), then kept in this module, which Material's instant
// navigation keeps too (the document and its modules stay; only the page's content changes),
// so a second play page asks the engine that is already up. onStage(stage) reports loading
// progress ("runtime", "engines", "ready"; a listener added later gets the last stage at
// once). unavailable() says in one line why play cannot start here (file:// pages, no
// WebAssembly, no module workers), or returns "" when it can.
//
// The worker's URL carries this module's version query (?v=..., written by the site build),
// so a new build's pages never talk to an old cached worker.

const VERSION = new URL(import.meta.url).search;
let worker = null;
let lastStage = "";
let stagesSeen = [];
const PROGRESS = new Set(["runtime", "engines", "ready"]);
let nextId = 1;
const waiting = new Map();
const stageListeners = new Set();

export function unavailable() {
  if (location.protocol === "file:") {
    return "この機能はファイルを直接開いたページでは使えません。サイトをサーバーで開いてください。";
  }
  if (typeof WebAssembly !== "object") {
    return "このブラウザはWebAssemblyに対応していないため、対局を始められません。";
  }
  if (typeof Worker !== "function") {
    return "このブラウザはWeb Workerに対応していないため、対局を始められません。";
  }
  return "";
}

export function onStage(listener) {
  stageListeners.add(listener);
  if (lastStage) listener(lastStage);
  return () => stageListeners.delete(listener);
}

// Whether the engine has answered "ready" (a second play page of the visit finds it up).
export function engineReady() {
  return lastStage === "ready";
}

// Every stage the worker reported, in order.
export function engineStages() {
  return stagesSeen.slice();
}

function startWorker() {
  worker = new Worker(new URL(`./worker.js${VERSION}`, import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const { id, answer, failed, stage } = event.data;
    if (stage) {
      stagesSeen.push(stage);
      if (PROGRESS.has(stage)) {
        lastStage = stage;
        stageListeners.forEach((listener) => listener(stage));
      }
      return;
    }
    const pending = waiting.get(id);
    if (!pending) return;
    waiting.delete(id);
    if (failed) pending.reject(new Error(failed));
    else pending.resolve(answer);
  };
  worker.onerror = (event) => {
    const error = new Error(event.message || "the engine worker failed to start");
    waiting.forEach((pending) => pending.reject(error));
    waiting.clear();
    worker.terminate();
    worker = null;  // the next ask starts a new one
    lastStage = "";
    stagesSeen = [];
  };
}

// Start the engine now (Pyodide loads while the page draws the board); no answer.
export function warm() {
  if (!worker) startWorker();
}

// request -> Promise of the engine's answer. A request the browser cannot send to the worker
// (a function, a symbol) rejects at once; one it sends but JSON cannot carry (a BigInt)
// gets {error} from the worker: every request settles.
export function ask(request) {
  if (!worker) startWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    try {
      worker.postMessage({ id, request });
    } catch (error) {
      waiting.delete(id);
      reject(error);
    }
  });
}
