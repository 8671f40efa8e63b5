// PyScript's interpreter (pyscript.toml names this module): Pyodide's own loadPyodide,
// given the start-up snapshot that build.py makes (tools/snapshot.mjs) — Pyodide's memory
// with Python started and the engine imported — so the page skips Python's start-up,
// about two seconds here.  JavaScript, because this runs before there is any Python.
// If the snapshot is missing, refused or slow to come, Python starts the ordinary way.
// It also moves the loading bar through its first stages (runtime, Python).
import * as pyodide from "../vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;

const INDEX = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("./python.snapshot.gz", import.meta.url);

// The snapshot (6.4 MB) saves Python's start-up, a second or two of work.  It pays only
// where it comes quickly: from the service worker's cache (a repeat visit), or over a
// fast line.  Over a slow line its download would cost more than it saves, and slow the
// runtime's own downloads besides, so DECIDE_MS after asking for it, unless it is all
// here, its rate so far says when it would be: later than WORTH_MS after the asking, it
// is dropped (the service worker fetches it into its cache once the page is up, for the
// next visit).  Measured with bench/startup.py --bare (issue 41).
const DECIDE_MS = 300;
const WORTH_MS = 1500;

export function stage(name) {
  performance.mark(name);
  const bar = document.getElementById("loading");
  if (bar) bar.dataset.stage = name;
}

async function fetchSnapshot() {
  const controller = new AbortController();
  const asked = performance.now();
  let size = 0;  // its length, once its headers are here
  let got = 0;
  let first = null;  // when its first bytes came
  let done = false;
  let dropped = false;
  const timer = setTimeout(() => {
    if (done) return;
    const now = performance.now();
    const rate = first === null ? 0 : got / Math.max(now - first, 1);  // bytes a millisecond
    if (size && rate > 0 && now + (size - got) / rate - asked <= WORTH_MS) return;
    dropped = true;
    controller.abort();
    performance.mark("snapshot-skipped");
    // the loading bar counts its bytes no more (static/boot/paint.js)
    document.dispatchEvent(new CustomEvent("patience-download-dropped", { detail: "static/boot/python.snapshot.gz" }));
    console.info("The start-up snapshot comes too slowly over this line; Python starts the ordinary way.");
  }, DECIDE_MS);
  try {
    const response = await fetch(SNAPSHOT, { signal: controller.signal });
    if (!response.ok || !response.body) {
      clearTimeout(timer);
      return null;
    }
    size = Number(response.headers.get("content-length")) || 0;
    const counted = new TransformStream({
      transform(chunk, out) {
        first ??= performance.now();
        got += chunk.byteLength;
        out.enqueue(chunk);
      },
      flush() {
        done = true;
      },
    });
    const unzipped = response.body.pipeThrough(counted).pipeThrough(new DecompressionStream("gzip"));
    const image = new Uint8Array(await new Response(unzipped).arrayBuffer());
    clearTimeout(timer);
    performance.mark("snapshot-used");
    return image;
  } catch (error) {
    clearTimeout(timer);
    if (!dropped) console.warn("No start-up snapshot; Python starts the ordinary way.", error);
    return null;
  }
}

// PyScript asks for the page's Python (py.zip, main.py) only once Python has started.
// Asked for as soon as the runtime's WebAssembly has come, they download while Python
// starts, a second or more in which the line is otherwise idle (and the page's thread
// busy), and PyScript's own requests find them in the HTTP cache (GitHub Pages allows
// ten minutes).  Sooner, they would slow the WebAssembly's download.  So the page reads
// the WebAssembly itself (taking up its preload; Pyodide's own request for it then waits
// on the HTTP cache) to know when it has come.  A visit served by the service worker has
// nothing to gain.
const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url);
const PAGE_PYTHON = [new URL("./py.zip", import.meta.url), new URL("../../py/main.py", import.meta.url)];

async function drain(url) {
  const reader = (await fetch(url)).body.getReader();
  while (!(await reader.read()).done);
}

function fetchPagePythonAfterRuntime() {
  if (navigator.serviceWorker?.controller) return;
  drain(WASM).then(() => Promise.all(PAGE_PYTHON.map(drain))).catch(() => {});
}

// asked for at once, alongside PyScript's own start and the runtime's downloads
const snapshot = fetchSnapshot();
fetchPagePythonAfterRuntime();
stage("runtime");

export async function loadPyodide(options) {
  const config = { ...options, indexURL: INDEX };
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
