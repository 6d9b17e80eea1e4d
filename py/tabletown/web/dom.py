"""Small helpers for JavaScript values seen from Python."""

from __future__ import annotations

from typing import Any

try:  # Pyodide turns JavaScript null into `jsnull`, which is not None.
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - older runtimes convert null to None
    jsnull = None


def absent(value: Any) -> bool:
    """True for JavaScript null/undefined as they arrive in Python."""
    return value is None or value is jsnull
