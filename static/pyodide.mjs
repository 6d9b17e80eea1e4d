// Loads Pyodide for PyScript (pyscript.toml names this module as its interpreter), with the
// page's Python already in it, from a memory snapshot when this browser has one.
//
// A start without a snapshot: Pyodide starts CPython, the boot zip (the engine, the page and
// the games' specs) is unpacked, and the page's modules are imported. On a page kept by the
// service worker (from the end of a first visit's precache on), once the page is ready and
// the browser idle, a worker running this same module makes a copy of such an interpreter's
// memory (its own Pyodide, off the page's thread, so neither the start nor the first clicks
// wait for it) and stores it in Cache Storage. Later starts hand that copy to Pyodide: no CPython start and no imports, only
// the boot zip unpacked again into the (fresh) file system for the modules the page imports
// later. The snapshot is stored under a name made from this module's URL, which carries a hash
// of the runtime and of the boot zip (tools/build.py writes their names here), so a new build
// never reads an old snapshot (and drops it when it stores its own). A missing, stale or
// unreadable snapshot means a normal start; with the service worker blocked nothing is stored.
//
// tools/build.py rewrites the paths below to the hashed runtime and boot zip.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const BOOT_ZIP = new URL("./gen/tabletown.zip", import.meta.url).href;
const STORE = "tabletown.snapshot"; // not "tabletown-…": the service worker prunes those
// A name no file has: the service worker looks up every file in all caches, this one too.
const KEY = import.meta.url.replace(/[?#].*$/, "") + ".snapshot";
// What a start imports before PyScript reports ready: the page's start, and the standard library
// modules PyScript's own module imports (tools/build.py compiles the same list ahead of time).
// Python's collector waits while the page imports (it would walk the growing heap again and
// again for nothing: modules live as long as the page); then what the imports made is moved out
// of its way (gc.freeze), so what is left of the start (PyScript's own code, the first screen)
// collects little.
const IMPORTS = "import gc\ngc.disable()\ntry:\n" +
  "    import html, base64\n    import tabletown.web.app\n" +
  "finally:\n    gc.freeze()\n    gc.enable()\n";
// The snapshot also holds what the first link or game opened imports (a start from it pays
// nothing for them); a start without one imports them when they are first needed.
const SNAPSHOT_IMPORTS = IMPORTS + "import urllib.parse, importlib.resources\n";
// Import finders that listed a folder before the boot zip was written look again (not
// importlib.invalidate_caches(): that imports importlib.metadata, slow and not needed here).
const FORGET_FOLDERS = "import sys\nfor finder in list(sys.path_importer_cache.values()):\n" +
  "    if hasattr(finder, 'invalidate_caches'):\n        finder.invalidate_caches()\n";
// The restored memory holds the random module's state of the moment it was taken.
const AFTER_RESTORE = "import random\nrandom.seed()\n";
const IN_WORKER = typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope;

const mark = (name) => performance.mark("tabletown:" + name);
// The steps of a start without a snapshot, for the load benchmark (tools/bench/load.py).
const step = (name) => performance.mark("loader: " + name);

async function openStore() {
  try {
    return "caches" in globalThis ? await caches.open(STORE) : null;
  } catch (err) {
    return null; // storage blocked (private mode, a policy): start without
  }
}

async function readSnapshot(store) {
  if (!store) return null;
  try {
    const response = await store.match(KEY);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (err) {
    return null;
  }
}

async function storeSnapshot(store, bytes) {
  for (const old of await store.keys()) await store.delete(old);
  await store.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

// The members of a zip whose members are all stored (tools/build.py writes the boot zip so),
// as [path, bytes]; null for any other zip. Writing them straight into the file system is
// much quicker than Pyodide's unpackArchive, which extracts them one by one in Python.
function storedMembers(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22; // the end-of-directory record, with no comment
  if (end < 0 || view.getUint32(end, true) !== 0x06054b50) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const out = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50 || view.getUint16(at + 10, true) !== 0) return null;
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint32(local, true) !== 0x04034b50 || name.startsWith("/") || name.split("/").includes("..")) return null;
    const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    out.push([name, bytes.subarray(data, data + size)]);
    at += 46 + skip;
  }
  return out;
}

async function unpackBootZip(pyodide, zip) {
  const response = await zip;
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${BOOT_ZIP}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const members = storedMembers(bytes);
  if (!members) {
    pyodide.unpackArchive(bytes, "zip", { extractDir: "." });
    return;
  }
  const { FS } = pyodide;
  const made = new Set(); // each folder once: a folder that exists costs an exception to find out
  const folder = (path) => {
    if (!path || made.has(path)) return;
    made.add(path);
    folder(path.slice(0, Math.max(0, path.lastIndexOf("/"))));
    try { FS.mkdir(path); } catch (err) { /* there already */ }
  };
  for (const [name, data] of members) {
    if (name.endsWith("/")) {
      folder(name.slice(0, -1));
      continue;
    }
    folder(name.slice(0, Math.max(0, name.lastIndexOf("/"))));
    FS.writeFile(name, data);
  }
  pyodide.runPython(FORGET_FOLDERS);
}

// Pyodide with its WebAssembly module already compiled, when static/boot.js started that
// while the page loaded: Pyodide instantiates through WebAssembly.instantiateStreaming, which
// this start answers with the compiled module (once; otherwise Pyodide compiles it itself).
// Pyodide has already asked for the file by then; that second response (from the browser's
// cache) is cancelled unread, so it does not keep working beside Python's start.
async function startRuntime(settings) {
  const compiled = IN_WORKER ? null : globalThis.tabletownWasm;
  if (!compiled) return loadRuntime(settings);
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    WebAssembly.instantiateStreaming = streaming;
    const module = await compiled;
    if (!module) return streaming.call(this, source, imports);
    Promise.resolve(source).then((response) => response.body && response.body.cancel(), () => {});
    step("wasm compiled early");
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await loadRuntime(settings);
  } finally {
    WebAssembly.instantiateStreaming = streaming;
  }
}

async function restore(settings, snapshot, zip) {
  const pyodide = await startRuntime({ ...settings, _loadSnapshot: snapshot });
  await unpackBootZip(pyodide, zip);
  pyodide.runPython(AFTER_RESTORE);
  return pyodide;
}

// --- making the snapshot (in a worker) ---------------------------------------------------

// The worker's side: an interpreter made for a snapshot (its view of the globals records every
// path it reads, so it only imports; a page could not run in it), its memory stored.
async function makeSnapshot() {
  const maker = await loadRuntime({ indexURL: INDEX_URL, _makeSnapshot: true });
  await unpackBootZip(maker, fetch(BOOT_ZIP));
  maker.runPython(SNAPSHOT_IMPORTS);
  const store = await openStore();
  if (!store) throw new Error("Cache Storage is not available");
  await storeSnapshot(store, maker.makeMemorySnapshot());
}

if (IN_WORKER) {
  globalThis.onmessage = async () => {
    try {
      await makeSnapshot();
      globalThis.postMessage({ stored: true });
    } catch (err) {
      globalThis.postMessage({ stored: false, error: String(err && err.stack || err) });
    }
  };
}

// The page's side: a page the service worker keeps (from the end of a first visit's precache
// on) asks for a snapshot once it is ready, the worker active and the browser idle; the worker
// ends when it has stored it. With the service worker blocked or without module workers,
// nothing is made.
function snapshotAfterReady(store) {
  if (!store || !navigator.serviceWorker || typeof Worker === "undefined") return;
  addEventListener("tabletown:ready", async () => {
    await navigator.serviceWorker.ready; // never, with the service worker blocked
    const idle = globalThis.requestIdleCallback || ((fn) => setTimeout(fn, 200));
    idle(() => {
      mark("snapshot-make");
      let worker;
      try {
        worker = new Worker(import.meta.url, { type: "module", name: "tabletown snapshot" });
      } catch (err) {
        console.warn("Tabletown: no start-up snapshot this time:", err);
        return;
      }
      worker.onmessage = (event) => {
        worker.terminate();
        if (event.data && event.data.stored) mark("snapshot-made");
        else console.warn("Tabletown: no start-up snapshot this time:", event.data && event.data.error);
      };
      worker.onerror = (event) => {
        worker.terminate();
        console.warn("Tabletown: no start-up snapshot this time:", event.message);
      };
      worker.postMessage("make");
    }, { timeout: 5000 });
  }, { once: true });
}

// --- the start -------------------------------------------------------------------------------

export async function loadPyodide(options) {
  try {
    return await start(options);
  } finally {
    delete globalThis.tabletownWasm; // Pyodide keeps what it needs of the compiled module
  }
}

async function start(options) {
  const settings = { ...options, indexURL: INDEX_URL };
  const store = await openStore();
  const snapshot = await readSnapshot(store);
  if (snapshot) {
    try {
      mark("snapshot-restore");
      const pyodide = await restore(settings, snapshot, fetch(BOOT_ZIP));
      mark("snapshot-restored");
      return pyodide;
    } catch (err) {
      console.warn("Tabletown: the start-up snapshot could not be used, starting without it:", err);
      try { await store.delete(KEY); } catch (e) { /* a normal start follows anyway */ }
    }
  }
  snapshotAfterReady(store);
  const zip = fetch(BOOT_ZIP);
  const pyodide = await startRuntime(settings);
  step("Python started");
  await unpackBootZip(pyodide, zip);
  step("boot zip unpacked");
  try {
    pyodide.runPython(IMPORTS); // what main.py imports first, the same either way
    step("page imported");
  } catch (err) {
    // main.py imports the page again and PyScript shows the error.
    console.warn("Tabletown: the page's modules did not import:", err);
  }
  return pyodide;
}
