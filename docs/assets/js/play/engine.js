// The page side of the engine worker (worker.js): ask(request) -> Promise of the answer.
//
// Kept in assets/js/play/, apart from the page modules: it is imported only when a reader
// starts playing, and it is not part of the offline bundle (a module worker cannot run on a
// page opened from a file, which unavailable() says in one line).
//
// One worker per page, started on the first ask (Pyodide loads only when a reader first
// presses 「この局面から指す」). onStage(stage) reports loading progress ("runtime",
// "engines", "ready"). unavailable() says in one line why play cannot start here (file://
// pages, no WebAssembly, no module workers), or returns "" when it can.

let worker = null;
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
  return () => stageListeners.delete(listener);
}

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const { id, answer, failed, stage } = event.data;
    if (stage) {
      stageListeners.forEach((listener) => listener(stage));
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
  };
}

export function ask(request) {
  if (!worker) startWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, request });
  });
}
