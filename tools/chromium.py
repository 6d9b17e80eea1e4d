"""How Tabletown's tests and benchmarks start Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

import os

PATH = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Headless as root on a machine without outside network: no sandbox, and none of the
# background connections Chromium would otherwise try (and fail) at every start.
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--js-flags=--expose-gc",
]
