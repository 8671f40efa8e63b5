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

async function fetchSnapshot() {
  try {
    const response = await fetch(SNAPSHOT);
    if (!response.ok || !response.body) return null;
    const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
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
