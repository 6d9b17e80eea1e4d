"""Serve the page locally: `python tools/serve.py [--port 8000] [--dir .]`.

A plain static server with the MIME types the runtime needs (.mjs, .wasm) and no
caching headers, so a reload always sees a fresh build (the service worker handles
offline use).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import socketserver


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - keep the terminal quiet
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: object, client_address: object) -> None:
        import sys

        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser closed the connection (a navigation, a closed tab)
        super().handle_error(request, client_address)


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve Tabletown locally")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", default=".")
    args = parser.parse_args()
    handler = functools.partial(Handler, directory=args.dir)
    with Server((args.host, args.port), handler) as httpd:
        print(f"Tabletown is served at http://{args.host}:{args.port}/  (Ctrl+C to stop)", flush=True)
        httpd.serve_forever()


if __name__ == "__main__":
    main()
