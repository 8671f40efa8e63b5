// Build step, run by build.py with Node (not part of the site):
//     node tools/snapshot.mjs CONFIG.json
// 1. The start-up snapshot: Pyodide's memory after Python has started and imported the
//    engine and the standard-library modules the table uses.  The page hands it to
//    loadPyodide (static/boot/pyodide.mjs), which skips Python's own start-up.  Only
//    pure-Python modules may be imported here: a snapshot cannot hold references to
//    JavaScript objects, so nothing that touches `js`, `pyodide.ffi` or `pyscript`.
// 2. Bytecode (unchecked-hash .pyc files, which Python uses without reading the source)
//    for the page's Python packages (in place of their sources) and for PyScript's own
//    Python package, compiled by the very Python of the page, so that the page does not
//    compile them at each start.
// 0. First, the trimmed standard library: the files of Pyodide's python_stdlib.zip that
//    Python loads when it starts and imports the modules above, and those listed in
//    CONFIG.stdlib_keep (what the page loads beyond that, measured in the browser by
//    tools/stdlib_used.py), copied entry by entry into CONFIG.stdlib (as Pyodide ships them,
//    sources).  Then the same compiled: CONFIG.stdlib_pyc holds each module as bytecode
//    (unchecked-hash .pyc files without their sources, docstrings and asserts left out, as
//    python -OO does), which Python imports without compiling.  Pyodide ships sources
//    only, and compiling them is most of Python's start-up (in Node: 1.7 s with sources,
//    0.55 s with bytecode).  The page and the snapshot both use the compiled archive (the
//    snapshot holds zipimport's index of the archive, so it must be made with the very
//    archive the page gets).
// CONFIG: {index, py, packages, modules, pyscript, snapshot, pyc, stdlib, stdlib_pyc, stdlib_keep}
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const index = resolve(config.index) + "/";
const { loadPyodide } = await import(pathToFileURL(index + "pyodide.mjs").href);

{
  const full = await loadPyodide({ indexURL: index });
  // the standard-library modules of the page's own, and those the bytecode step below uses
  const stdlib = config.modules.filter((m) => !config.packages.includes(m.split(".")[0]))
    .concat(["importlib.util", "py_compile"]);
  full.runPython(stdlib.map((m) => `import ${m}`).join("\n"));
  const trimmed = full.runPython(`
import sys, zipfile
archive = next(p for p in sys.path if p.endswith(".zip"))
loaded = {m.__spec__.origin.removeprefix(archive + "/") for m in list(sys.modules.values())
          if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(archive + "/")}
keep = loaded | set(${JSON.stringify(config.stdlib_keep)})
with zipfile.ZipFile(archive) as source, zipfile.ZipFile("/tmp/stdlib.zip", "w") as target:
    for info in source.infolist():
        if info.filename in keep:
            target.writestr(info, source.read(info))
    missing = sorted(keep - set(source.namelist()))
    if missing:
        raise SystemExit(f"not in {archive}: {missing}")
"/tmp/stdlib.zip"
`);
  writeFileSync(config.stdlib, full.FS.readFile(trimmed));
  const compiled = full.runPython(`
import sys, zipfile, py_compile
archive = next(p for p in sys.path if p.endswith(".zip"))  # where the page mounts it too
with zipfile.ZipFile("/tmp/stdlib.zip") as source, zipfile.ZipFile("/tmp/stdlib.pyc.zip", "w") as target:
    for info in source.infolist():
        data = source.read(info)
        if not info.filename.endswith(".py"):
            target.writestr(info, data)
            continue
        with open("/tmp/module.py", "wb") as f:
            f.write(data)
        py_compile.compile("/tmp/module.py", cfile="/tmp/module.pyc", dfile=f"{archive}/{info.filename}",
                           doraise=True, optimize=2,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        entry.compress_type = zipfile.ZIP_DEFLATED
        with open("/tmp/module.pyc", "rb") as f:
            target.writestr(entry, f.read())
"/tmp/stdlib.pyc.zip"
`);
  writeFileSync(config.stdlib_pyc, full.FS.readFile(compiled));
}

const py = await loadPyodide({ indexURL: index, stdLibURL: resolve(config.stdlib_pyc), _makeSnapshot: true });
const home = py.runPython("import os; os.getcwd()");  // where PyScript puts the page's files

function copy(dir, dest, files) {
  py.FS.mkdirTree(dest);
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copy(path, `${dest}/${name}`, files);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${dest}/${name}`, readFileSync(path));
      files.push(`${dest}/${name}`);
    }
  }
}

// PyScript's Python package, as its bundle writes it: {pyscript: {"__init__.py": "…", …}}
function pyscriptPackage(bundle) {
  const text = readFileSync(bundle, "utf8");
  const start = text.indexOf('{pyscript:{"__init__.py":');
  if (start < 0) throw new Error(`no Python package found in ${bundle}`);
  let depth = 0;
  let quote = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") {
      quote = c;
    } else if (c === "{") {
      depth++;
    } else if (c === "}" && --depth === 0) {
      return Function(`return (${text.slice(start, i + 1)});`)();
    }
  }
  throw new Error(`the Python package in ${bundle} does not end`);
}

function writeTree(tree, dest, files) {
  py.FS.mkdirTree(dest);
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") {
      py.FS.writeFile(`${dest}/${name}`, value);
      if (name.endsWith(".py")) files.push(`${dest}/${name}`);
    } else {
      writeTree(value, `${dest}/${name}`, files);
    }
  }
}

const files = [];
for (const pkg of config.packages) copy(join(resolve(config.py), pkg), `${home}/${pkg}`, files);
const own = files.length;  // the page's packages: the files before PyScript's
writeTree(pyscriptPackage(config.pyscript), home, files);

// the bytecode first, in a scratch directory, so that the snapshot's files stay as they
// were.  The page's packages go without their sources (module.pyc beside where module.py
// was, which Python imports as it is), docstrings and asserts left out as python -OO does;
// PyScript writes its package's sources itself, so its bytecode goes in __pycache__.
const compiled = py.runPython(`
import importlib.util, py_compile
out = []
for n, path in enumerate(${JSON.stringify(files)}):
    where = path + "c" if n < ${own} else importlib.util.cache_from_source(path)
    target = "/tmp/pyc" + where
    py_compile.compile(path, cfile=target, dfile=path, doraise=True, optimize=2 if n < ${own} else -1,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    out.append([where, target])
out
`).toJs();
for (const [where, target] of compiled) {
  const rel = where.slice(home.length + 1);
  mkdirSync(dirname(join(config.pyc, rel)), { recursive: true });
  writeFileSync(join(config.pyc, rel), py.FS.readFile(target));
}

py.runPython(config.modules.map((m) => `import ${m}`).join("\n") + "\nimport gc\ngc.collect()");
writeFileSync(config.snapshot, gzipSync(py.makeMemorySnapshot(), { level: 6 }));
