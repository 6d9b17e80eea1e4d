"""Build steps for the static page, run by the Makefile.

  python tools/build.py vendor   copy the pinned runtime from node_modules into static/vendor/
  python tools/build.py app      zip the tabletown package and write the service worker
  python tools/build.py dist     a self-contained static folder dist/ for any static host

The service worker (sw.js, generated from static/sw.template.js) precaches every file
the page needs, the 9.6 MB Pyodide wasm included, under a cache named by a hash of
their contents, so a new build replaces the old cache and an old one never lingers.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
NODE = ROOT / "node_modules"

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# Files the page itself serves (relative to ROOT), besides the vendored runtime.
PAGE_FILES = [
    "index.html",
    "pyscript.json",
    "static/app.css",
    "static/boot.js",
    "static/manifest.webmanifest",
    "static/icon.svg",
    "static/main.py",
    "static/gen/tabletown.zip",
]


def vendor() -> None:
    if not (NODE / "pyodide").exists() or not (NODE / "@pyscript" / "core").exists():
        sys.exit("node_modules is missing: run `npm ci` first")
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    (VENDOR / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, VENDOR / "pyodide" / name)
    shutil.copytree(NODE / "@pyscript" / "core" / "dist", VENDOR / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    print(f"vendored runtime into {VENDOR.relative_to(ROOT)}")


def _zip_package() -> Path:
    out = ROOT / "static" / "gen" / "tabletown.zip"
    out.parent.mkdir(parents=True, exist_ok=True)
    src = ROOT / "py"
    files = sorted(p for p in (src / "tabletown").rglob("*.py") if "__pycache__" not in p.parts)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in files:
            info = zipfile.ZipInfo(str(path.relative_to(src)), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return out


def precache_list() -> list[str]:
    files = list(PAGE_FILES)
    for path in sorted(VENDOR.rglob("*")):
        if path.is_file():
            files.append(str(path.relative_to(ROOT)))
    return files


def app() -> None:
    if not VENDOR.exists():
        vendor()
    _zip_package()
    files = precache_list()
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((ROOT / name).read_bytes())
    version = digest.hexdigest()[:16]
    template = (ROOT / "static" / "sw.template.js").read_text()
    sw = template.replace("__VERSION__", version).replace("__FILES__", json.dumps(["./"] + files, indent=1))
    (ROOT / "sw.js").write_text(sw)
    print(f"built static/gen/tabletown.zip and sw.js (cache {version}, {len(files)} files)")


def dist() -> None:
    app()
    out = ROOT / "dist"
    if out.exists():
        shutil.rmtree(out)
    for name in precache_list() + ["sw.js"]:
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    print(f"dist/ is ready: {sum(1 for _ in out.rglob('*') if _.is_file())} files; serve it from any static host")


if __name__ == "__main__":
    steps = {"vendor": vendor, "app": app, "dist": dist}
    if len(sys.argv) != 2 or sys.argv[1] not in steps:
        sys.exit("usage: build.py vendor|app|dist")
    steps[sys.argv[1]]()
