// PyScript's interpreter (pyscript.toml names this module): Pyodide's own loadPyodide,
// given the start-up snapshot that build.py makes (tools/snapshot.mjs) — Pyodide's memory
// with Python started and the engine imported — so the page skips Python's start-up,
// about two seconds here.  JavaScript, because this runs before there is any Python.
// If the snapshot is missing or refused, Python starts the ordinary way.
// It also moves the loading bar through its first stages (runtime, Python).
import * as pyodide from "../vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;

const INDEX = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("./python.snapshot.gz", import.meta.url);

export function stage(name) {
  performance.mark(name);
  const bar = document.getElementById("loading");
  if (bar) bar.dataset.stage = name;
}

// The snapshot is 6.4 MB: on a slow line it would arrive long after Python could have
// started the ordinary way (about 2 s of work), holding up the runtime's own download.
// So on a first visit (no service worker yet) its download is watched: the bytes as
// they come, before any unpacking, and only when a read had to wait for the network
// (else a busy page, reading late, would count as a slow line).  If, half a second in,
// two such readings in a row put it on course to take more than GIVE_UP_MS in all, it is
// dropped and Python starts without it (the service worker then keeps it, so the next
// visit has it at once).
const WATCH_MS = 500;
const GIVE_UP_MS = 3000;

async function fetchSnapshot() {
  const start = performance.now();
  const abort = new AbortController();
  try {
    const response = await fetch(SNAPSHOT, { signal: abort.signal });
    if (!response.ok || !response.body) return null;
    const watched = !navigator.serviceWorker?.controller;
    const size = Number(response.headers.get("Content-Length")) || 0;
    const chunks = [];
    let received = 0;
    let slow = 0;
    for (const reader = response.body.getReader(); ;) {
      const asked = performance.now();
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      const spent = performance.now() - start;
      if (performance.now() - asked < 4) continue;  // it was there already: says nothing of the line
      slow = spent > WATCH_MS && (spent * size) / received > GIVE_UP_MS ? slow + 1 : 0;
      if (watched && size && received < size && slow >= 2) {
        console.info(`The start-up snapshot would take ${Math.round((spent * size) / received)} ms to arrive; `
          + "Python starts the ordinary way.");
        performance.mark("snapshot-dropped");
        abort.abort();
        return null;
      }
    }
    const unzipped = new Blob(chunks).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unzipped).arrayBuffer());
  } catch (error) {
    console.warn("No start-up snapshot; Python starts the ordinary way.", error);
    return null;
  }
}

// fetched at once, alongside PyScript's own start and the runtime's downloads
const snapshot = fetchSnapshot();
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
