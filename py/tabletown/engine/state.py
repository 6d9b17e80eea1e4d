"""Helpers for states: plain JSON data (dict, list, str, int, bool, None)."""

from __future__ import annotations

import marshal
from typing import Any

# Format 2 of marshal writes no shared references, so the copy never shares a list with
# itself or with the original; it keeps bools apart from ints and keys in their order.
_NO_SHARING = 2


def clone(value: Any) -> Any:
    """A deep copy of JSON data, about three times faster than copying it in Python."""
    return marshal.loads(marshal.dumps(value, _NO_SHARING))


def is_json(value: Any) -> bool:
    """True when value is made only of JSON types with str keys (no floats)."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, list):
        return all(is_json(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_json(v) for k, v in value.items())
    return False


def same_json(a: Any, b: Any) -> bool:
    """True when `a` and `b` are the same JSON value, types included.

    Python's `==` says True == 1 == 1.0, but a forged `true` or `1.0` is no card number or
    column: a move is allowed only if it is exactly one the rules listed."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return bool(a == b)


def within_depth(value: Any, depth: int) -> bool:
    """True when lists and dicts nest no deeper than `depth` levels (a bound on hostile input)."""
    if depth < 0:
        return False
    if isinstance(value, dict):
        return all(within_depth(v, depth - 1) for v in value.values())
    if isinstance(value, list):
        return all(within_depth(v, depth - 1) for v in value)
    return True
