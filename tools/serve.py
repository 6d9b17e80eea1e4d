"""Serve the built site the way a static host does: `python tools/serve.py [--port 8000] [--dir dist]`.

- the brotli (`.br`) or gzip (`.gz`) copy of a file when the browser accepts it, with its
  `Content-Encoding` and `Vary: Accept-Encoding` (as nginx's brotli_static/gzip_static
  or the `.htaccess` that the build writes for Apache);
- the content types a host must send (`.mjs`, `.wasm`, `.webmanifest`);
- the headers from the site's own `_headers` file (the format Netlify and Cloudflare
  Pages read), so the caching seen here is the caching a host gives;
- conditional requests (`If-None-Match`) answered with 304.

`count` (on the handler class) records how many times each path was sent in full, for
the tests that check a first visit fetches each file once.
"""

from __future__ import annotations

import argparse
import fnmatch
import functools
import hashlib
import http.server
import os
import posixpath
import socketserver
import sys
import threading
import urllib.parse
from collections import Counter
from pathlib import Path

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
    ".png": "image/png",
}


def read_headers_file(path: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    """Rules from a `_headers` file: a path pattern line, then indented `Name: value` lines."""
    return read_headers_file_text(path.read_text()) if path.exists() else []


def read_headers_file_text(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0] not in " \t":
            rules.append((line.strip(), []))
        elif rules and ":" in line:
            name, _, value = line.strip().partition(":")
            rules[-1][1].append((name.strip(), value.strip()))
    return rules


def headers_for(rules: list[tuple[str, list[tuple[str, str]]]], url_path: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for pattern, headers in rules:
        if url_path == pattern or ("*" in pattern and fnmatch.fnmatchcase(url_path, pattern)):
            for name, value in headers:
                out[name] = value
    return out


class Handler(http.server.BaseHTTPRequestHandler):
    directory = "."
    count: Counter = Counter()
    sent_bytes = 0  # body bytes sent (as encoded on the wire), for the benchmarks
    lock = threading.Lock()
    protocol_version = "HTTP/1.1"

    def __init__(self, *args, directory: str = ".", **kwargs):
        self.directory = directory
        self.rules = read_headers_file(Path(directory) / "_headers")
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self.send(body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        self.send(body=False)

    def file_for(self, url_path: str) -> Path | None:
        path = posixpath.normpath(urllib.parse.unquote(url_path))
        parts = [p for p in path.split("/") if p and p not in (".", "..")]
        if any(p.startswith(".") or p == "_headers" for p in parts):
            return None  # host files and dotfiles are not served
        target = Path(self.directory, *parts)
        if target.is_dir():
            target = target / "index.html"
        return target if target.is_file() else None

    def send(self, body: bool) -> None:
        url_path = urllib.parse.urlsplit(self.path).path
        target = self.file_for(url_path)
        if target is None:
            self.send_error(404, "Not found")
            return
        accepted = self.headers.get("Accept-Encoding", "")
        encoding, source = None, target
        for name, suffix in (("br", ".br"), ("gzip", ".gz")):
            candidate = target.with_name(target.name + suffix)
            if name in accepted and candidate.is_file():
                encoding, source = name, candidate
                break
        data = source.read_bytes()
        etag = '"' + hashlib.sha1(data).hexdigest()[:16] + (f"-{encoding}" if encoding else "") + '"'
        extra = headers_for(self.rules, url_path if not url_path.endswith("/") else url_path)
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            for name, value in extra.items():
                self.send_header(name, value)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(target.suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", etag)
        self.send_header("Vary", "Accept-Encoding")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        for name, value in extra.items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            with Handler.lock:
                Handler.count[url_path] += 1
                Handler.sent_bytes += len(data)
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - keep the terminal quiet
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser closed the connection (a navigation, a closed tab)
        super().handle_error(request, client_address)


def serve(directory: str, host: str = "127.0.0.1", port: int = 0) -> Server:
    """A server on a thread (for tests and benchmarks); `server.server_address[1]` is its port."""
    server = Server((host, port), functools.partial(Handler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve Tabletown's built site locally")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", default="dist")
    args = parser.parse_args()
    if not (Path(args.dir) / "index.html").exists():
        sys.exit(f"{args.dir}/index.html is missing: run `make dist` first")
    handler = functools.partial(Handler, directory=args.dir)
    with Server((args.host, args.port), handler) as httpd:
        print(f"Tabletown is served at http://{args.host}:{args.port}/  (Ctrl+C to stop)", flush=True)
        httpd.serve_forever()


if __name__ == "__main__":
    main()
