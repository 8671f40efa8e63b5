// Makes the start-up snapshot: Pyodide's memory after Python has started and imported
// the engine and the standard-library modules the table uses.  The page hands it to
// loadPyodide (static/boot/pyodide.mjs), which skips Python's own start-up.
// Run by build.py with Node (a build step, not part of the site):
//     node tools/snapshot.mjs VENDOR_PYODIDE_DIR PY_DIR OUT.gz MODULE...
// Only pure-Python modules may be imported here: a snapshot cannot hold references to
// JavaScript objects, so nothing that touches `js`, `pyodide.ffi` or `pyscript`.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [indexDir, pyDir, out, ...modules] = process.argv.slice(2);
const index = resolve(indexDir) + "/";
const { loadPyodide } = await import(pathToFileURL(index + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: index, _makeSnapshot: true });

// the files go where PyScript puts them in the page: the working directory
const home = py.runPython("import os; os.getcwd()");
function copy(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copy(path, `${dest}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${dest}/${name}`, readFileSync(path));
    }
  }
}
copy(join(resolve(pyDir), "patience"), `${home}/patience`);
py.runPython(modules.map((m) => `import ${m}`).join("\n"));
writeFileSync(out, gzipSync(py.makeMemorySnapshot(), { level: 6 }));
