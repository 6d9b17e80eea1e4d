// Bytecode for tools/build.py, made by the vendored Pyodide itself (the browser's Python is
// 3.14 for WebAssembly; the build machine's Python may be another version, and bytecode is
// tied to the interpreter that reads it).
//
//   node tools/pycompile.mjs PYODIDE_DIR JOB.json OUT.json
//
// JOB.json: {"files": {"<path where the browser finds it>": "<source>", ...},
//            "path": "<folder to put on sys.path to import them>",
//            "imports": ["module", ...]}
// The files are written at their paths, the modules imported (as the page does at start);
// OUT.json gets {"pyc": {"<path or stdlib member>": "<base64 .pyc>"}, "stdlib": [member, ...]}:
// the bytecode (unchecked hash-based .pyc, so a file's date never matters) of every file and
// of each member of python_stdlib.zip that those imports, or Pyodide's own start, loaded.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, jobPath, outPath] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobPath, "utf8"));
const { loadPyodide } = await import(pathToFileURL(resolve(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: resolve(dir) + "/" });
py.globals.set("job_json", JSON.stringify(job));
const out = py.runPython(`
import base64, importlib, importlib.util, json, os, sys, zipimport
from importlib._bootstrap_external import _code_to_hash_pyc

job = json.loads(job_json)
for path, source in job["files"].items():
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
sys.path.insert(0, job["path"])
for name in job["imports"]:
    importlib.import_module(name)


def pyc(path, source):
    data = source.encode("utf-8")
    code = compile(data, path, "exec", dont_inherit=True)
    return base64.b64encode(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)).decode()


zip_path = next(p for p in sys.path if p.endswith(".zip"))
stdlib = sorted(
    m.__spec__.origin[len(zip_path) + 1:]
    for m in list(sys.modules.values())
    if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(zip_path + "/")
)
lib = zipimport.zipimporter(zip_path)
out = {path: pyc(path, source) for path, source in job["files"].items() if path.endswith(".py")}
for member in stdlib:
    out[member] = pyc(zip_path + "/" + member, lib.get_data(member).decode("utf-8"))
json.dumps({
    "pyc": out,
    "stdlib": stdlib,
    "zip": zip_path,
    "cache_tag": sys.implementation.cache_tag,
})
`);
writeFileSync(outPath, out);
