"""Helpers for states: plain JSON data (dict, list, str, int, bool, None)."""

from __future__ import annotations

from typing import Any


def clone(value: Any) -> Any:
    """A deep copy of JSON data; several times faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    return value


def is_json(value: Any) -> bool:
    """True when value is made only of JSON types with str keys (no floats)."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, list):
        return all(is_json(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_json(v) for k, v in value.items())
    return False
