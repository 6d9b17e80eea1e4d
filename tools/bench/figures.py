"""What every benchmark reports its timings with."""

from __future__ import annotations


def pct(values: list[float], p: float) -> float:
    """The p-th percentile by the nearest rank (NaN for no values)."""
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))]
