// PyScript's interpreter (pyscript.toml names this module): Pyodide's own loadPyodide,
// given the start-up snapshot that build.py makes (tools/snapshot.mjs) — Pyodide's memory
// with Python started and the engine imported — so the page skips Python's start-up, and
// the standard library compiled to bytecode for when it starts the ordinary way.
// JavaScript, because this runs before there is any Python.
// If the snapshot is missing, refused or not worth its download, Python starts the
// ordinary way.  It also moves the loading bar through its first stages (runtime, Python).
import * as pyodide from "../vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;

const INDEX = new URL("../vendor/pyodide/", import.meta.url).href;
// the standard library trimmed to what the page loads and compiled to bytecode (build.py)
const STDLIB = new URL("./python_stdlib.zip", import.meta.url).href;
const SNAPSHOT = new URL("./python.snapshot.gz", import.meta.url);
const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url);
// the page's Python, asked for ahead of PyScript (start)
const PAGE_PYTHON = [new URL("./py.zip", import.meta.url), new URL("../../py/main.py", import.meta.url)];

// The snapshot (5.4 MB) saves Python's start-up and the engine's imports: about 0.3 s on
// the development machine (1.3 s against 1.6 s to interactive on localhost), more on a slow
// phone.  It pays only where it comes quickly: from the service worker's cache (a repeat
// visit, which always uses it), or over a fast line.  Over a slower line its download
// costs more than it saves.  The line is judged by the runtime's WebAssembly (3.5 MB
// sent), which the page needs first anyway: if it has all come within FAST_MS of the page
// being asked for (at 100 Mbit/s or so), the snapshot then takes a few tenths of a second
// more; if not, the snapshot is not asked for at all, and Python starts the ordinary way
// at once, the WebAssembly compiling as it comes (the service worker fetches the snapshot
// into its cache once the page is up, for the next visit).  A page that came within
// NEAR_MS of its asking is on a line like localhost's: the snapshot is asked for at once,
// alongside the runtime.  Measured with bench/startup.py --bare (issue 41).
const FAST_MS = 500;
const NEAR_MS = 20;

export function stage(name) {
  performance.mark(name);
  const bar = document.getElementById("loading");
  if (bar) bar.dataset.stage = name;
}

async function drain(url) {
  const reader = (await fetch(url)).body.getReader();
  while (!(await reader.read()).done);
}

// Whether the runtime's WebAssembly (preloaded from the page's head) had all come by
// ``ms`` after the page was asked for: its resource timing, watched until then.
function runtimeCameBy(ms) {
  const came = () => {
    const entry = performance.getEntriesByName(WASM.href)[0];
    return entry !== undefined && entry.responseEnd > 0 && entry.responseEnd <= ms;
  };
  return new Promise((resolve) => {
    if (came()) return resolve(true);
    const observer = new PerformanceObserver(() => {
      if (came()) {
        observer.disconnect();
        resolve(true);
      }
    });
    observer.observe({ type: "resource" });
    setTimeout(() => {
      observer.disconnect();
      resolve(came());
    }, Math.max(ms - performance.now(), 0));
  });
}

async function fetchSnapshot() {
  try {
    const response = await fetch(SNAPSHOT);
    if (!response.ok || !response.body) return null;
    const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
    const image = new Uint8Array(await new Response(unzipped).arrayBuffer());
    performance.mark("snapshot-used");
    return image;
  } catch (error) {
    console.warn("No start-up snapshot; Python starts the ordinary way.", error);
    return null;
  }
}

function skipSnapshot() {
  performance.mark("snapshot-skipped");
  // the loading bar counts its bytes no more (static/boot/paint.js)
  document.dispatchEvent(new CustomEvent("patience-download-dropped", { detail: "static/boot/python.snapshot.gz" }));
  return null;
}

// PyScript asks for the page's Python only once Python has started.  On a visit not served
// by the service worker the page asks for it as soon as the WebAssembly has come (the
// loading bar, which reads a copy of each big download, says so: static/boot/paint.js):
// it downloads while Python starts, a second or more in which the line is otherwise idle
// and the page's thread busy, and PyScript's own requests find it in the HTTP cache
// (GitHub Pages allows ten minutes).  Sooner, it would slow the WebAssembly's download.
// The page never asks for the WebAssembly itself: Pyodide's request takes up the preload,
// and a second request could download it twice where a browser does not share one in
// flight.
function start() {
  if (navigator.serviceWorker?.controller) return fetchSnapshot();
  const prefetch = (event) => {
    if (!String(event.detail).endsWith("/pyodide.asm.wasm")) return;
    document.removeEventListener("patience-download-done", prefetch);
    Promise.all(PAGE_PYTHON.map(drain)).catch(() => {});
  };
  document.addEventListener("patience-download-done", prefetch);
  const page = performance.getEntriesByType("navigation")[0];
  if (page && page.responseEnd - page.requestStart <= NEAR_MS) return fetchSnapshot();
  return runtimeCameBy(FAST_MS).then((fast) => (fast ? fetchSnapshot() : skipSnapshot()));
}

const snapshot = start();
stage("runtime");

export async function loadPyodide(options) {
  const config = { ...options, indexURL: INDEX, stdLibURL: STDLIB };
  const image = await snapshot;
  performance.mark("snapshot-ready");
  let py = null;
  if (image) {
    try {
      py = await pyodide.loadPyodide({ ...config, _loadSnapshot: image });
    } catch (error) {
      console.warn("The start-up snapshot was refused; Python starts the ordinary way.", error);
    }
  }
  py ??= await pyodide.loadPyodide(config);
  stage("python");
  return py;
}
