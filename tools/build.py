"""Build steps for the static page, run by the Makefile.

  python tools/build.py vendor   copy the pinned runtime from node_modules into static/vendor/
  python tools/build.py dist     the static site in dist/: what `make play` serves and any host can

dist/ is the whole site and nothing else:

- `index.html` with the picker already in it (written from `tabletown.games` by the
  page's own screen code), so the games are on screen before Python starts;
- every file that can change under a name that carries a hash of its content
  (`assets/…`), so hosts may cache those for a year, while `index.html`, `sw.js` and
  `pyscript.toml` are never cached without asking;
- `assets/tabletown.<hash>.zip`: the engine, the page code and each game's `__init__.py`
  (its spec); `assets/games/<package>.<hash>.zip`: the rest of one game, fetched when the
  game is first opened (but not its content checker, `checks/`, run at build and test time);
- `assets/rules/<package>.<hash>.json`: a game's rules page, its index of topics and its
  guided first turn in one small file (read from the picker before the game's own files
  are fetched, and kept for offline reading); they are not repeated in the game's zip;
- only the runtime files the page loads (PyScript's core, its error plugin and its small
  TOML reader; Pyodide's five files): disabled plugins are neither copied nor cached;
- brotli (`.br`) and gzip (`.gz`) copies of everything that compresses, and `_headers`
  and `.htaccess` files telling hosts the content types, the encodings and the caching;
- `sw.js`, the service worker, with the list of those files and a version made of
  their contents.

Brotli output is cached in build/cache by content, so only changed files are recompressed.
"""

from __future__ import annotations

import gzip
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
NODE = ROOT / "node_modules"
DIST = ROOT / "dist"
CACHE = ROOT / "build" / "cache"
PY = ROOT / "py"
sys.path.insert(0, str(PY))

CACHE_TAG = "cpython-314"  # the vendored Python's; its bytecode files carry it in their names
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
# Files that compress well; the rest (icons as SVG are text and included) are copied as they are.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".toml", ".svg", ".webmanifest", ".wasm", ".zip", ".py", ".txt"}
# Files served with their own name (no hash): always revalidated.
PLAIN = ["index.html", "sw.js", "pyscript.toml", "static/manifest.webmanifest", "static/icon.svg"]
IMMUTABLE = "public, max-age=31536000, immutable"
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".toml": "application/toml",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
}


# --- the runtime ---------------------------------------------------------------------


QR_FILES = (("qrcode-generator", "qrcode.js"), ("jsqr", "jsQR.js"))


def vendor() -> None:
    if not (NODE / "pyodide").exists() or not (NODE / "@pyscript" / "core").exists():
        sys.exit("node_modules is missing: run `npm ci` first")
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    (VENDOR / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, VENDOR / "pyodide" / name)
    shutil.copytree(NODE / "@pyscript" / "core" / "dist", VENDOR / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    # The live table's QR codes: the encoder (joined to static/qr.js in dist) and the decoder
    # that the page fetches only when a player scans a code without a BarcodeDetector.
    (VENDOR / "qr").mkdir()
    for package, name in QR_FILES:
        shutil.copy2(NODE / package / "dist" / name, VENDOR / "qr" / name)
    print(f"vendored runtime into {VENDOR.relative_to(ROOT)}")


def pyscript_config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text())


def pyscript_files(disabled: set[str]) -> list[str]:
    """The PyScript files the page loads: core.js, its chunk, the enabled plugins, the TOML reader.

    PyScript's bundle imports each plugin lazily (`name:()=>import("./name-HASH.js")`) and
    its config TOML reader the same way; everything else is inside the core chunk.
    """
    folder = VENDOR / "pyscript"
    entry = (folder / "core.js").read_text()
    found = re.search(r'from"\./(core-[\w-]+\.js)"', entry)
    if not found:
        sys.exit("build: cannot find PyScript's core chunk in core.js (did @pyscript/core change?)")
    core = (folder / found.group(1)).read_text()
    plugins = dict(re.findall(r'"?([\w-]+)"?:\(\)=>import\("\./([\w-]+\.js)"\)', core))
    toml = re.search(r'import\("\./(toml-[\w-]+\.js)"\)\)\.parse', core)
    if "error" not in plugins or not toml:
        sys.exit("build: cannot find PyScript's plugin table or TOML reader (did @pyscript/core change?)")
    wanted = {"core.js", found.group(1), toml.group(1)} | {f for name, f in plugins.items() if name not in disabled}
    todo = list(wanted)
    while todo:  # follow static imports between chunks
        text = (folder / todo.pop()).read_text()
        for name in re.findall(r'(?:from|import)\s*"\./([\w.-]+\.js)"', text):
            if name not in wanted:
                wanted.add(name)
                todo.append(name)
    return sorted(wanted)


def pyscript_package() -> dict[str, str]:
    """PyScript's own Python package (`pyscript/…`, path -> source), as its core writes it into
    Pyodide's file system at every start before importing it: the bundle carries the files as
    one object literal of strings, `(".", {pyscript: {"__init__.py": "…", …}})`. The build
    compiles them so the browser does not (see `bytecode`)."""
    folder = VENDOR / "pyscript"
    entry = (folder / "core.js").read_text()
    core = (folder / re.search(r'from"\./(core-[\w-]+\.js)"', entry).group(1)).read_text()
    found = re.search(r'\(\s*"\."\s*,\s*\{pyscript:\{', core)
    if not found:
        sys.exit("build: cannot find PyScript's Python package in its core (did @pyscript/core change?)")
    # Re-write the literal as JSON: copy strings as they are, quote bare keys, stop at its end.
    text, i, depth, out = core, found.start() + found.group().index("{"), 0, []
    while True:
        if text[i] == '"':
            end = i + 1
            while text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[i:end + 1])
            i = end + 1
            continue
        key = re.match(r"[A-Za-z_$][\w$]*(?=:)", text[i:i + 100])
        if key:
            out.append(json.dumps(key.group()))
            i += len(key.group())
            continue
        out.append(text[i])
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
        if depth == 0:
            break
    files: dict[str, str] = {}

    def walk(tree: dict, prefix: str) -> None:
        for name, value in tree.items():
            if isinstance(value, str):
                files[prefix + name] = value
            else:
                walk(value, f"{prefix}{name}/")

    walk(json.loads("".join(out)), "")
    if "pyscript/__init__.py" not in files:
        sys.exit("build: PyScript's Python package has no pyscript/__init__.py (did @pyscript/core change?)")
    return files


# --- the Python packages ---------------------------------------------------------------


def game_packages() -> dict[str, str]:
    """Game id -> package folder name, from the registry (each package's spec)."""
    from tabletown import games

    return {spec.id: games.package_of(spec.id) for spec in games.SPECS}


# A game's rules page files travel in its rules asset, not in its zip.
PAGE_FILES = {"rules.json", "rule_index.json", "guide.json"}


# A game package's content checker (its `checks/` folder) runs at build and test time only: the
# content is checked before it ships and the browser never imports the checker, so it is not zipped.
BUILD_TIME_ONLY = "checks"


def _python_files(folder: Path) -> list[Path]:
    return sorted(
        p for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
        and not (p.name in PAGE_FILES and "data" in p.parts)
    )


def rules_assets() -> dict[str, bytes]:
    """Game id -> its rules bundle as compact JSON (only the games that have a rules page)."""
    from tabletown.web import rulebook

    out = {}
    for game_id, pkg in game_packages().items():
        bundle = rulebook.bundle(f"tabletown.games.{pkg}")
        if bundle is not None:
            out[game_id] = json.dumps(bundle, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return out


def _cached_name(rel: str) -> str:
    """Where Python looks for the bytecode of the module at `rel` first."""
    path = Path(rel)
    return str(path.parent / "__pycache__" / f"{path.stem}.{CACHE_TAG}.pyc")


def _zip(paths: list[Path], pyc: dict[str, bytes], bytecode_only: dict[str, bytes] | None = None) -> bytes:
    """A zip of `paths` (relative to py/), stored uncompressed: brotli on the wire does better,
    and Python reads stored members faster. Fixed dates keep the bytes (and the hash) stable.
    Each module's bytecode sits beside it in `__pycache__/`, where Python looks first.
    `bytecode_only` (source path -> bytecode) adds bytecode whose source is written by others."""
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for path in paths:
            rel = path.relative_to(PY)
            zf.writestr(zipfile.ZipInfo(str(rel), date_time=(2020, 1, 1, 0, 0, 0)), path.read_bytes())
            if str(rel) in pyc:
                zf.writestr(zipfile.ZipInfo(_cached_name(str(rel)), date_time=(2020, 1, 1, 0, 0, 0)), pyc[str(rel)])
        for rel, data in sorted((bytecode_only or {}).items()):
            zf.writestr(zipfile.ZipInfo(_cached_name(rel), date_time=(2020, 1, 1, 0, 0, 0)), data)
    return buf.getvalue()


def stored_zip(data: bytes, pyc: dict[str, bytes]) -> bytes:
    """The same zip with every member stored: Pyodide's standard library comes deflated member
    by member (2.5 MB on the wire, which brotli cannot shrink); stored, its brotli copy is about
    1.6 MB and its gzip copy 2.2 MB, and Python imports from it without inflating. The modules
    a start imports get their bytecode beside them (`name.pyc`, which zipimport reads before
    `name.py`), so no start compiles them; the others stay source only, to keep the zip small."""
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            member.external_attr = info.external_attr
            out.writestr(member, src.read(info))
            if info.filename in pyc:
                compiled = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time)
                compiled.external_attr = info.external_attr
                out.writestr(compiled, pyc[info.filename])
    return buf.getvalue()


# Standard library modules a page imports besides the page's own: PyScript's `pyscript` module
# brings html and base64 at the start; a link or a game's data, urllib.parse (with ipaddress)
# and importlib.resources later. All are compiled ahead, like the page's.
PYSCRIPT_IMPORTS = ["html", "ipaddress", "urllib.parse", "importlib.resources", "encodings.cp437", "base64"]


def bytecode() -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The bytecode of every module of py/tabletown, of PyScript's `pyscript` package and of
    the standard library modules a start imports, compiled by the vendored Pyodide (bytecode
    belongs to the Python that reads it: the browser's is 3.14 for WebAssembly). Kept in
    build/cache by content.

    Returns (ours and PyScript's by path relative to the home folder, where the browser
    imports them from; the standard library's by member of its zip)."""
    import base64

    files = {
        f"/home/pyodide/{p.relative_to(PY)}": p.read_text(encoding="utf-8")
        for p in sorted((PY / "tabletown").rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".json")
    }
    # Compiled only, not imported here: it needs the page's PyScript around it.
    files.update({f"/home/pyodide/{path}": source for path, source in pyscript_package().items()})
    imports = ["tabletown.web.app", "tabletown.web.replay_view", "tabletown.web.help_view", "tabletown.web.charts"]
    imports += [f"tabletown.games.{pkg}.game" for pkg in sorted(set(game_packages().values()))
                if (PY / "tabletown" / "games" / pkg / "game.py").exists()]
    job = {"files": files, "path": "/home/pyodide", "imports": imports + PYSCRIPT_IMPORTS}
    key = hashlib.sha256(json.dumps(job, sort_keys=True).encode())
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"):
        key.update((VENDOR / "pyodide" / name).read_bytes())
    key.update((ROOT / "tools" / "pycompile.mjs").read_bytes())
    CACHE.mkdir(parents=True, exist_ok=True)
    cached = CACHE / f"pyc-{key.hexdigest()[:20]}.json"
    if not cached.exists():
        job_path = CACHE / "pyc-job.json"
        job_path.write_text(json.dumps(job))
        subprocess.run(["node", str(ROOT / "tools" / "pycompile.mjs"), str(VENDOR / "pyodide"), str(job_path),
                        str(cached)], check=True)
        job_path.unlink()
        for old in CACHE.glob("pyc-*.json"):  # only the newest is ever read again
            if old != cached:
                old.unlink()
    out = json.loads(cached.read_text())
    if out["cache_tag"] != CACHE_TAG:
        sys.exit(f"build: the vendored Python's cache tag is {out['cache_tag']}, tools/build.py expects {CACHE_TAG}")
    ours, stdlib = {}, {}
    for path, data in out["pyc"].items():
        if path.startswith("/home/pyodide/"):
            ours[path[len("/home/pyodide/"):]] = base64.b64decode(data)
        else:
            stdlib[path] = base64.b64decode(data)
    return ours, stdlib


def package_zips(pyc: dict[str, bytes]) -> tuple[bytes, dict[str, bytes]]:
    """The boot zip (engine, page, specs) and one zip per game package, with their bytecode.

    The boot zip also carries the bytecode of PyScript's `pyscript` package (only that: PyScript
    writes the sources beside it when it starts, then imports them), so no start compiles it."""
    games_dir = PY / "tabletown" / "games"
    boot, per_game = [], {}
    for path in _python_files(PY / "tabletown"):
        rel = path.relative_to(games_dir).parts if games_dir in path.parents else None
        if rel and len(rel) > 2 and rel[1] == BUILD_TIME_ONLY:
            continue
        if rel and len(rel) > 1 and rel[1] != "__init__.py":
            per_game.setdefault(rel[0], []).append(path)
        else:
            boot.append(path)
    theirs = {rel: data for rel, data in pyc.items() if rel.startswith("pyscript/")}
    return _zip(boot, pyc, theirs), {pkg: _zip(paths, pyc) for pkg, paths in per_game.items()}


# --- the site ------------------------------------------------------------------------------


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:10]


def _hashed(rel: str, data: bytes) -> str:
    path = Path(rel)
    return str(path.with_name(f"{path.stem}.{_digest(data)}{path.suffix}"))


class Site:
    """Files for dist/, by their path in the site."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}

    def add(self, rel: str, data: bytes) -> str:
        self.files[rel] = data
        return rel

    def add_hashed(self, rel: str, data: bytes) -> str:
        return self.add(_hashed(rel, data), data)


def picker_html(rules: list[str]) -> str:
    from tabletown.web import screens

    return screens.picker_shell(rules=rules)


def build_site() -> Site:
    if not VENDOR.exists():
        vendor()
    site = Site()
    config = pyscript_config()
    disabled = {p[1:] for p in config.get("plugins", []) if p.startswith("!")}

    # The runtime, under one folder named by its contents (core.js imports its chunks by relative name).
    runtime: dict[str, bytes] = {}
    for name in pyscript_files(disabled):
        runtime[f"pyscript/{name}"] = (VENDOR / "pyscript" / name).read_bytes()
    for name in PYODIDE_FILES:
        runtime[f"pyodide/{name}"] = (VENDOR / "pyodide" / name).read_bytes()
    our_pyc, stdlib_pyc = bytecode()
    runtime["pyodide/python_stdlib.zip"] = stored_zip(runtime["pyodide/python_stdlib.zip"], stdlib_pyc)
    runtime_hash = hashlib.sha256()
    for name in sorted(runtime):
        runtime_hash.update(name.encode() + b"\0" + runtime[name])
    runtime_dir = f"assets/runtime.{runtime_hash.hexdigest()[:10]}"
    for name, data in runtime.items():
        site.add(f"{runtime_dir}/{name}", data)

    boot_zip, game_zips = package_zips(our_pyc)
    boot_url = site.add_hashed("assets/tabletown.zip", boot_zip)
    packages = game_packages()
    from tabletown import games

    # Only the games that can be played: a game listed as coming soon is never opened.
    game_urls = {
        gid: site.add_hashed(f"assets/games/{pkg}.zip", game_zips[pkg])
        for gid, pkg in packages.items()
        if pkg in game_zips and games.BY_ID[gid].ready
    }

    # Every game with a rules page, ready or not: its rules can be read from the picker.
    rule_urls = {
        gid: site.add_hashed(f"assets/rules/{packages[gid]}.json", data) for gid, data in rules_assets().items()
    }

    # Pyodide's loader for PyScript (static/pyodide.mjs), with the hashed runtime and boot zip.
    loader_text = (ROOT / "static" / "pyodide.mjs").read_text()
    if loader_text.count('"./vendor/pyodide/') != 2 or loader_text.count('"./gen/tabletown.zip"') != 1:
        sys.exit("build: static/pyodide.mjs must name ./vendor/pyodide/ twice and ./gen/tabletown.zip once")
    loader_text = loader_text.replace('"./vendor/pyodide/', f'"./{runtime_dir.split("/", 1)[1]}/pyodide/')
    loader_text = loader_text.replace('"./gen/tabletown.zip"', f'"./{boot_url.split("/", 1)[1]}"')
    loader = site.add_hashed("assets/pyodide.mjs", loader_text.encode())

    toml = (ROOT / "pyscript.toml").read_text()
    toml = toml.replace("./static/pyodide.mjs", f"./{loader}")
    if loader not in toml:
        sys.exit("build: pyscript.toml must name ./static/pyodide.mjs as its interpreter")
    site.add("pyscript.toml", toml.encode())

    css = site.add_hashed("assets/app.css", (ROOT / "static" / "app.css").read_bytes())
    boot_js = site.add_hashed("assets/boot.js", (ROOT / "static" / "boot.js").read_bytes())
    qr_js = site.add_hashed("assets/qr.js", (VENDOR / "qr" / "qrcode.js").read_bytes() + b"\n"
                            + (ROOT / "static" / "qr.js").read_bytes())
    qr_reader = site.add_hashed("assets/jsqr.js", (VENDOR / "qr" / "jsQR.js").read_bytes())
    start_text = (ROOT / "static" / "start.mjs").read_text()
    if start_text.count('"./vendor/pyscript/core.js"') != 1:
        sys.exit("build: static/start.mjs must import ./vendor/pyscript/core.js once")
    start_text = start_text.replace('"./vendor/pyscript/core.js"', f'"./{runtime_dir.split("/", 1)[1]}/pyscript/core.js"')
    start = site.add_hashed("assets/start.mjs", start_text.encode())
    site.add("static/manifest.webmanifest", (ROOT / "static" / "manifest.webmanifest").read_bytes())
    site.add("static/icon.svg", (ROOT / "static" / "icon.svg").read_bytes())

    page = (ROOT / "index.html").read_text()
    assets = {"games": game_urls, "rules": rule_urls}
    replacements = {
        'href="static/app.css"': f'href="{css}"',
        'src="static/boot.js"': f'src="{boot_js}"',
        'src="static/start.mjs"': f'src="{start}"',
        'src="static/qr.js"': f'src="{qr_js}" data-decoder="{qr_reader}"',
        "<!-- picker -->": picker_html(sorted(rule_urls)),
        "<!-- webassembly -->": wasm_preload(runtime_dir),
        "<!-- assets -->": f'<meta name="tabletown-assets" content="{html.escape(json.dumps(assets, sort_keys=True))}">\n'
        + preloads(runtime_dir, sorted(runtime), boot_url, loader),
        "<!-- main.py -->": (ROOT / "static" / "main.py").read_text().strip(),
    }
    for old, new in replacements.items():
        if page.count(old) != 1:
            sys.exit(f"build: index.html must contain {old!r} exactly once")
        page = page.replace(old, new)
    site.add("index.html", page.encode())

    site.add("sw.js", service_worker(site).encode())
    return site


WASM = "pyodide/pyodide.asm.wasm"


def wasm_preload(runtime_dir: str) -> str:
    """Python's WebAssembly, the largest download: its request goes first, and static/boot.js
    (right after this link) compiles it while the rest of the page loads."""
    return f'<link rel="preload" href="{runtime_dir}/{WASM}" as="fetch" crossorigin>'


def preloads(runtime_dir: str, runtime: list[str], boot_url: str, loader: str) -> str:
    """Links that start every other boot download while the page is parsed, instead of one after
    another (PyScript's chunks, then its config, then Pyodide, then Pyodide's files). The
    requests match the runtime's own (module scripts; `fetch` in cors mode, same-origin
    credentials, as static/boot.js fetches the WebAssembly to compile it early), so each
    file is still fetched once.

    Their order is the order the start needs them in: a browser opens only a few connections
    to a host over HTTP/1.1, and PyScript's own modules must have run before the page's
    DOMContentLoaded (and before PyScript starts Pyodide), so they do not wait behind the
    large Python files."""
    def need(name: str) -> tuple[int, str]:
        first = ["pyscript/core.js", "pyscript/", "pyscript.toml", "loader", "pyodide/pyodide.mjs",
                 "pyodide/pyodide.asm.mjs", "pyodide/pyodide-lock.json", "pyodide/python_stdlib.zip"]
        return next((i for i, part in enumerate(first) if name.startswith(part)), len(first)), name

    links = []
    for name in sorted([*runtime, "pyscript.toml", "loader"], key=need):
        href = {"pyscript.toml": "pyscript.toml", "loader": loader}.get(name, f"{runtime_dir}/{name}")
        if name == WASM:
            continue
        if name.endswith((".js", ".mjs")) or name == "loader":
            links.append(f'<link rel="modulepreload" href="{href}">')
        elif name.endswith((".wasm", ".zip", ".json", ".toml")):
            links.append(f'<link rel="preload" href="{href}" as="fetch" crossorigin>')
    links.append(f'<link rel="preload" href="{boot_url}" as="fetch" crossorigin>')
    return "\n".join(links)


def precache_list(site: Site) -> list[str]:
    """What the service worker keeps: every file the page can use (the page itself as ./)."""
    names = [n for n in site.files if n not in ("sw.js", "index.html")]
    return ["./"] + sorted(names)


def service_worker(site: Site) -> str:
    files = precache_list(site)
    digest = hashlib.sha256()
    for name in files:
        if name != "./":
            digest.update(name.encode() + b"\0" + site.files[name])
    digest.update(site.files["index.html"])
    template = (ROOT / "static" / "sw.template.js").read_text()
    return template.replace("__VERSION__", digest.hexdigest()[:16]).replace("__FILES__", json.dumps(files, indent=1))


# --- compression and host headers --------------------------------------------------------


def _compress(site: Site) -> dict[str, bytes]:
    """Brotli and gzip copies, kept only where they save at least a tenth."""
    CACHE.mkdir(parents=True, exist_ok=True)
    todo: list[tuple[str, str]] = []
    wanted: dict[str, Path] = {}
    for rel, data in site.files.items():
        if Path(rel).suffix not in COMPRESSIBLE or len(data) < 256:
            continue
        key = hashlib.sha256(data).hexdigest()
        cached = CACHE / f"{key}.br"
        source = CACHE / f"{key}.src"
        wanted[rel] = cached
        if not cached.exists():
            source.write_bytes(data)
            todo.append((str(source), str(cached)))
    if todo:
        subprocess.run(["node", str(ROOT / "tools" / "compress.mjs"), *[p for pair in todo for p in pair]], check=True)
        for source, _ in todo:
            Path(source).unlink()
    out: dict[str, bytes] = {}
    for rel, cached in wanted.items():
        data = site.files[rel]
        packed = cached.read_bytes()
        if len(packed) <= 0.9 * len(data):
            out[rel + ".br"] = packed
        gz = gzip.compress(data, compresslevel=9, mtime=0)
        if len(gz) <= 0.9 * len(data):
            out[rel + ".gz"] = gz
    return out


def headers_file() -> str:
    """`_headers` (Netlify, Cloudflare Pages and others): caching and safety headers by path."""
    lines = ["# Written by tools/build.py. Hashed names under /assets/ never change; the rest is revalidated.",
             "/*", "  X-Content-Type-Options: nosniff", "  Referrer-Policy: no-referrer",
             "/assets/*", f"  Cache-Control: {IMMUTABLE}"]
    for name in ["/", *("/" + p for p in PLAIN)]:
        lines += [name, "  Cache-Control: no-cache"]
    return "\n".join(lines) + "\n"


def htaccess_file() -> str:
    """Apache: content types, the precompressed copies with their encoding, and the caching."""
    types = "\n".join(f"AddType {t.split(';')[0]} {ext}" for ext, t in TYPES.items() if ext not in (".html",))
    forced = "\n".join(
        f'  <FilesMatch "\\{ext}\\.(br|gz)$">\n    ForceType {t.split(";")[0]}\n  </FilesMatch>' for ext, t in TYPES.items()
    )
    return f"""# Written by tools/build.py for Apache (mod_rewrite, mod_headers, mod_mime).
{types}
AddDefaultCharset utf-8
Options -MultiViews

<IfModule mod_rewrite.c>
  RewriteEngine On
  RewriteCond %{{HTTP:Accept-Encoding}} br
  RewriteCond %{{REQUEST_FILENAME}}.br -f
  RewriteRule ^(.+)$ $1.br [L]
  RewriteCond %{{HTTP:Accept-Encoding}} gzip
  RewriteCond %{{REQUEST_FILENAME}}.gz -f
  RewriteRule ^(.+)$ $1.gz [L]
  RewriteRule \\.(br|gz)$ - [E=no-gzip:1,E=no-brotli:1]
</IfModule>
<IfModule mod_headers.c>
{forced}
  <FilesMatch "\\.br$">
    Header set Content-Encoding br
    Header append Vary Accept-Encoding
  </FilesMatch>
  <FilesMatch "\\.gz$">
    Header set Content-Encoding gzip
    Header append Vary Accept-Encoding
  </FilesMatch>
  Header set X-Content-Type-Options nosniff
  Header set Referrer-Policy no-referrer
  Header set Cache-Control "no-cache"
  <If "%{{REQUEST_URI}} =~ m#^/(.*/)?assets/#">
    Header set Cache-Control "{IMMUTABLE}"
  </If>
</IfModule>
"""


def dist() -> None:
    site = build_site()
    extra = _compress(site)
    if DIST.exists():
        shutil.rmtree(DIST)
    written = 0
    for rel, data in {**site.files, **extra, "_headers": headers_file().encode(), ".htaccess": htaccess_file().encode()}.items():
        target = DIST / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written += 1
    plain = sum(len(d) for d in site.files.values())
    print(f"dist/ is ready: {len(site.files)} files ({plain / 1e6:.1f} MB), {written} with compressed copies and headers")


if __name__ == "__main__":
    steps = {"vendor": vendor, "dist": dist, "app": dist}
    if len(sys.argv) != 2 or sys.argv[1] not in steps:
        sys.exit("usage: build.py vendor|dist")
    steps[sys.argv[1]]()
