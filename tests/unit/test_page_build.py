"""The built site (tools/build.py) and the local server (tools/serve.py): what a host gets."""

from __future__ import annotations

import gzip
import io
import json
import re
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # type: ignore[import-not-found]  # noqa: E402
import serve  # type: ignore[import-not-found]  # noqa: E402

from tabletown.web import catalog  # noqa: E402

pytestmark = pytest.mark.skipif(not (ROOT / "static" / "vendor" / "pyscript").exists(),
                                reason="the runtime is not vendored (make setup)")


@pytest.fixture(scope="module")
def site():
    return build.build_site()


def test_the_page_boots_from_the_engine_the_page_code_and_the_specs_only(site):
    boot = [n for n in site.files if re.fullmatch(r"assets/tabletown\.[0-9a-f]{10}\.zip", n)]
    assert len(boot) == 1
    names = zipfile.ZipFile(io.BytesIO(site.files[boot[0]])).namelist()
    assert "tabletown/web/app.py" in names and "tabletown/engine/session.py" in names
    for pkg in ("tavern_tussle", "torches_and_pitchforks", "tumble_town", "ruthless", "townsfolk_tussle"):
        assert f"tabletown/games/{pkg}/__init__.py" in names
    assert not [n for n in names if n.startswith("tabletown/games/tumble_town/")
                and not n.endswith(("/__init__.py", f"/__pycache__/__init__.{build.CACHE_TAG}.pyc"))]


def test_every_module_of_the_page_ships_with_its_bytecode_so_no_start_compiles_it(site):
    [boot] = [n for n in site.files if re.fullmatch(r"assets/tabletown\.[0-9a-f]{10}\.zip", n)]
    names = set(zipfile.ZipFile(io.BytesIO(site.files[boot])).namelist())
    sources = [n for n in names if n.endswith(".py")]
    assert "tabletown/web/app.py" in sources
    for source in sources:
        folder, _, file = source.rpartition("/")
        assert f"{folder}/__pycache__/{file[:-3]}.{build.CACHE_TAG}.pyc" in names, source


def test_pyscript_s_own_package_ships_as_bytecode_so_no_start_compiles_it(site):
    # PyScript writes its `pyscript` package's sources into the file system at every start and
    # imports them; the boot zip holds the bytecode Python finds beside them, and only that.
    sources = build.pyscript_package()
    assert "pyscript/__init__.py" in sources and "pyscript/web.py" in sources
    assert "from pyscript.context import" in sources["pyscript/__init__.py"]
    [boot] = [n for n in site.files if re.fullmatch(r"assets/tabletown\.[0-9a-f]{10}\.zip", n)]
    shipped = zipfile.ZipFile(io.BytesIO(site.files[boot]))
    theirs = sorted(n for n in shipped.namelist() if n.startswith("pyscript/"))
    assert theirs == sorted(f"pyscript/__pycache__/{Path(n).stem}.{build.CACHE_TAG}.pyc" for n in sources)
    # Unchecked hash-based bytecode (flags 0b01): PyScript's freshly written sources carry today's date.
    assert {int.from_bytes(shipped.read(n)[4:8], "little") for n in theirs} == {0b01}


def test_each_game_has_a_zip_of_its_own_files_named_in_the_page(site):
    page = site.files["index.html"].decode()
    for game_id, pkg in build.game_packages().items():
        zips = [n for n in site.files if re.fullmatch(rf"assets/games/{pkg}\.[0-9a-f]{{10}}\.zip", n)]
        if catalog.find(game_id).ready:
            assert len(zips) == 1, game_id
            names = zipfile.ZipFile(io.BytesIO(site.files[zips[0]])).namelist()
            assert f"tabletown/games/{pkg}/__init__.py" not in names
            assert any(n.endswith("/rules.py") for n in names)
            assert f"&quot;{game_id}&quot;: &quot;{zips[0]}&quot;" in page


def test_each_game_with_a_rules_page_has_a_rules_file_named_in_the_page_and_the_picker(site):
    import json

    from tabletown.web import rulebook

    page = site.files["index.html"].decode()
    for game_id, pkg in build.game_packages().items():
        files = [n for n in site.files if re.fullmatch(rf"assets/rules/{pkg}\.[0-9a-f]{{10}}\.json", n)]
        bundle = rulebook.bundle(f"tabletown.games.{pkg}")
        if bundle is None:
            assert files == [] and f'href="#rules/{game_id}"' not in page
            continue
        assert len(files) == 1, game_id
        assert json.loads(site.files[files[0]]) == bundle  # ready or not: its rules read from the picker
        assert f"&quot;{game_id}&quot;: &quot;{files[0]}&quot;" in page
        assert f'href="#rules/{game_id}"' in page
    # A game's zip does not carry its rules page files a second time.
    for name, data in site.files.items():
        if name.startswith("assets/games/"):
            inside = zipfile.ZipFile(io.BytesIO(data)).namelist()
            assert not [n for n in inside if n.endswith(("/rules.json", "/rule_index.json", "/guide.json"))], name


def test_every_boot_download_starts_while_the_page_is_parsed_and_the_webassembly_compiles_early(site):
    page = site.files["index.html"].decode()
    head = page[:page.index("</head>")]
    preloaded = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', head)
    runtime = [n for n in site.files if n.startswith("assets/runtime.") and not n.endswith("/pyscript/core.js")]
    assert set(runtime) <= set(preloaded) and "pyscript.toml" in preloaded
    assert [n for n in preloaded if re.fullmatch(r"assets/tabletown\.[0-9a-f]{10}\.zip", n)]
    # boot.js compiles the WebAssembly from its preload link, so the link comes first.
    [boot] = re.findall(r'<script src="(assets/boot\.[0-9a-f]{10}\.js)"></script>', head)
    wasm = next(n for n in preloaded if n.endswith("/pyodide.asm.wasm"))
    assert head.index(wasm) < head.index(boot)
    assert 'href$="/pyodide.asm.wasm"' in site.files[boot].decode()


def test_the_head_asks_for_files_in_the_order_the_start_needs_them(site):
    # Over HTTP/1.1 a browser opens six connections to a host: the scripts that must run
    # before DOMContentLoaded (boot.js, start.mjs and PyScript's core, which start.mjs
    # imports) are asked for before the large Python files, except the WebAssembly, which
    # boot.js compiles as it arrives.
    page = site.files["index.html"].decode()
    head = page[:page.index("</head>")]
    urls = re.findall(r'(?:href|src)="([^"]+)"', head)
    position = {url: i for i, url in enumerate(urls)}
    def at(pattern: str) -> int:
        [where] = [i for url, i in position.items() if re.search(pattern, url)]
        return where
    css, wasm, boot, start = at(r"app\.[0-9a-f]{10}\.css$"), at(r"pyodide\.asm\.wasm$"), at(r"boot\."), at(r"start\.")
    assert css < wasm < boot < start
    core = at(r"/pyscript/core\.js$")
    for big in (r"python_stdlib\.zip$", r"pyodide-lock\.json$", r"/pyodide\.asm\.mjs$", r"tabletown\.[0-9a-f]{10}\.zip$"):
        assert start < core < at(big), big
    chunks = [i for url, i in position.items() if "/pyscript/" in url]
    assert max(chunks) < at(r"python_stdlib\.zip$")


def test_the_picker_is_in_the_page_before_python_starts(site):
    page = site.files["index.html"].decode()
    for spec in catalog.specs():
        assert f'<span class="game-title">{spec.title.replace("&", "&amp;")}</span>' in page
    assert 'id="save-rows"' in page
    assert "<!--" + " picker -->" not in page and "<!-- main.py -->" not in page
    assert "from tabletown.web.app import start" in page


def test_only_the_runtime_files_the_page_uses_are_in_the_site(site):
    runtime = [n for n in site.files if "/runtime." in n]
    pyscript = sorted(Path(n).name for n in runtime if "/pyscript/" in n)
    assert "core.js" in pyscript
    assert any(n.startswith("toml-") for n in pyscript) and any(n.startswith("error-") for n in pyscript)
    for unused in ("codemirror", "py-editor", "py-terminal", "py-game", "donkey", "deprecations-manager", "xterm"):
        assert not any(n.startswith(unused) for n in pyscript), unused
    assert not any(n.endswith((".map", ".installed")) for n in site.files)
    assert not any(n.endswith(".css") for n in runtime)  # PyScript's own styles are for plugins we switch off


def test_the_standard_library_zip_is_stored_so_brotli_shrinks_it_on_the_wire(site):
    """Every member of Pyodide's standard library is kept, byte for byte, but stored, not deflated."""
    [name] = [n for n in site.files if n.endswith("/pyodide/python_stdlib.zip")]
    shipped = zipfile.ZipFile(io.BytesIO(site.files[name]))
    vendored = zipfile.ZipFile(build.VENDOR / "pyodide" / "python_stdlib.zip")
    assert [n for n in shipped.namelist() if not n.endswith(".pyc")] == vendored.namelist()
    assert {i.compress_type for i in shipped.infolist()} == {zipfile.ZIP_STORED}
    for member in ("json/__init__.py", "zipfile/__init__.py"):
        assert shipped.read(member) == vendored.read(member)
    assert shipped.testzip() is None
    # The modules a start imports have their bytecode beside them (zipimport reads it first),
    # an unchecked hash-based .pyc (flags 0b01 after the magic number): no date to compare.
    compiled = [n for n in shipped.namelist() if n.endswith(".pyc")]
    assert "json/__init__.pyc" in compiled and "asyncio/base_events.pyc" in compiled
    assert all(n[:-1] in vendored.namelist() for n in compiled)
    assert int.from_bytes(shipped.read("json/__init__.pyc")[4:8], "little") == 0b01


def test_the_service_worker_precaches_exactly_the_site_and_no_tooling(site):
    sw = site.files["sw.js"].decode()
    listed = set(re.findall(r'^ "([^"]+)",?$', sw, re.M))
    assert listed == {"./"} | (set(site.files) - {"sw.js", "index.html"})
    assert not any(".installed" in n or n.endswith((".br", ".gz")) or "_headers" in n for n in listed)
    assert any(n.startswith("assets/games/tumble_town.") for n in listed)  # offline play covers every game


def test_the_service_worker_never_hands_an_open_page_a_new_version_by_itself():
    template = (ROOT / "static" / "sw.template.js").read_text()
    code = "\n".join(line for line in template.splitlines() if not line.lstrip().startswith("//"))
    assert "clients.claim" not in code
    # skipWaiting only when a page asks for it ("Reload to use it").
    assert code.count("skipWaiting()") == 1 and 'event.data === "take-over"' in code
    assert 'cache: "reload"' not in code and "force-cache" in code


def test_the_content_security_policy_allows_wasm_but_no_javascript_from_strings(site):
    page = site.files["index.html"].decode()
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    script = re.search(r"script-src ([^;]+)", csp).group(1)
    assert "'wasm-unsafe-eval'" in script and "'unsafe-eval'" not in script and "'unsafe-inline'" not in script
    assert "object-src 'none'" in csp and "base-uri 'none'" in csp
    assert "<script>" not in page  # no inline JavaScript anywhere


def test_pyscript_reads_a_toml_config_with_the_hashed_names(site):
    config = site.files["pyscript.toml"].decode()
    import tomllib

    parsed = tomllib.loads(config)
    # The page's Pyodide loader (static/pyodide.mjs), hashed, names the hashed runtime and boot zip.
    assert re.fullmatch(r"\./assets/pyodide\.[0-9a-f]{10}\.mjs", parsed["interpreter"])
    loader = site.files[parsed["interpreter"][2:]].decode()
    runtime = re.search(r'from "\./(runtime\.[0-9a-f]{10})/pyodide/pyodide\.mjs"', loader).group(1)
    boot = re.search(r'"\./(tabletown\.[0-9a-f]{10}\.zip)"', loader).group(1)
    assert f"assets/{runtime}/pyodide/pyodide.asm.wasm" in site.files and f"assets/{boot}" in site.files
    assert 'config="pyscript.toml"' in site.files["index.html"].decode()


def test_host_headers_cache_hashed_files_for_a_year_and_revalidate_the_rest():
    rules = serve.read_headers_file_text(build.headers_file())
    assert "immutable" in serve.headers_for(rules, "/assets/app.0123456789.css")["Cache-Control"]
    for plain in ("/", "/index.html", "/sw.js", "/pyscript.toml", "/static/manifest.webmanifest"):
        assert serve.headers_for(rules, plain)["Cache-Control"] == "no-cache", plain
    htaccess = build.htaccess_file()
    assert "AddType application/wasm .wasm" in htaccess and "Content-Encoding br" in htaccess


@pytest.fixture
def served(tmp_path):
    (tmp_path / "assets").mkdir()
    data = b"console.log('tabletown');\n" * 100
    (tmp_path / "assets" / "app.0123456789.js").write_bytes(data)
    (tmp_path / "assets" / "app.0123456789.js.gz").write_bytes(gzip.compress(data))
    (tmp_path / "assets" / "app.0123456789.js.br").write_bytes(b"BROTLI")
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "_headers").write_text(build.headers_file())
    server = serve.serve(str(tmp_path))
    yield f"http://127.0.0.1:{server.server_address[1]}", data
    server.shutdown()


def fetch(url, **headers):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), b""


def test_the_local_server_serves_the_compressed_copy_the_browser_accepts(served):
    base, data = served
    status, headers, body = fetch(base + "/assets/app.0123456789.js", **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["Content-Encoding"] == "br" and body == b"BROTLI"
    assert headers["Content-Type"].startswith("text/javascript") and "immutable" in headers["Cache-Control"]
    status, headers, body = fetch(base + "/assets/app.0123456789.js", **{"Accept-Encoding": "gzip"})
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == data
    status, headers, body = fetch(base + "/assets/app.0123456789.js")
    assert "Content-Encoding" not in headers and body == data


def test_the_local_server_revalidates_and_hides_host_files(served):
    base, _ = served
    status, headers, _ = fetch(base + "/")
    assert status == 200 and headers["Cache-Control"] == "no-cache"
    assert fetch(base + "/", **{"If-None-Match": headers["ETag"]})[0] == 304
    assert fetch(base + "/_headers")[0] == 404
    assert fetch(base + "/../etc/passwd")[0] == 404


def test_the_live_tables_qr_codes_are_drawn_offline_and_the_reader_comes_only_when_asked(site):
    """The QR encoder ships with the page (hashed, precached, joined to static/qr.js in one
    deferred script); the QR reader for browsers with no BarcodeDetector is in the site and
    precached, but the page neither loads nor preloads it: it is only the address static/qr.js
    fetches it from when a player first scans."""
    page = site.files["index.html"].decode()
    [tag] = re.findall(r'<script src="(assets/qr\.[0-9a-f]{10}\.js)" data-decoder="(assets/jsqr\.[0-9a-f]{10}\.js)" defer>',
                       page)
    encoder, reader = tag
    vendored = ROOT / "static" / "vendor" / "qr"
    assert site.files[encoder].startswith((vendored / "qrcode.js").read_bytes())
    assert site.files[encoder].endswith((ROOT / "static" / "qr.js").read_bytes())
    assert site.files[reader] == (vendored / "jsQR.js").read_bytes()
    assert page.count(reader) == 1 and f'src="{reader}"' not in page and f'href="{reader}"' not in page
    precached = build.precache_list(site)
    assert encoder in precached and reader in precached
    sw = site.files["sw.js"].decode()
    assert f'"{encoder}"' in sw and f'"{reader}"' in sw


def test_the_qr_libraries_are_the_pinned_versions(site):
    """What static/vendor/qr holds is what package.json pins (exact versions, in the lock too)."""
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    for package, name in build.QR_FILES:
        assert re.fullmatch(r"\d+\.\d+\.\d+", pins[package]), f"{package} is not pinned to one version"
        assert lock[f"node_modules/{package}"]["version"] == pins[package]
        installed = ROOT / "node_modules" / package
        assert json.loads((installed / "package.json").read_text())["version"] == pins[package]
        assert (ROOT / "static" / "vendor" / "qr" / name).read_bytes() == (installed / "dist" / name).read_bytes()
