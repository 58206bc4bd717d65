// Runs a folder's run.py in Pyodide under Node, offline: node lite_pyodide.mjs PYODIDE_DIR FOLDER
// PYODIDE_DIR is the npm package "pyodide" (indexURL: nothing is fetched); FOLDER is copied into
// Pyodide's file system as /work, then /work/run.py runs and its variable `result` is printed.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });

function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    const from = join(src, entry.name);
    const to = dst + "/" + entry.name;
    if (entry.isDirectory()) copy(from, to);
    else py.FS.writeFile(to, readFileSync(from));
  }
}

copy(folder, "/work");
py.runPython("exec(open('/work/run.py').read())");
console.log(py.globals.get("result"));
