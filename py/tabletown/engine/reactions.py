"""Reaction windows: asking seats in turn whether they react (a Cancel, a Snap Shot, a
triggered ability) before something resolves.

A window is plain JSON kept in the game's state:

    w = open_window("cancel", order=[2, 3, 0], until=ONE_ROUND, ctx={"card": 17})
    asked(w)       -> 2          # the seat asked now (None once the window is closed)
    w = passed(w)                # 2 lets it be; 3 is asked next
    w = reacted(w)               # 3 reacts: a one-round window closes; an all-pass one goes round again

`ONE_ROUND` asks each seat once and closes at the first reaction (a Cancel window: the
reaction opens a window of its own). `ALL_PASS` goes round until every seat has passed
in a row (a fight's window, where any play may prompt another).

Every seat given to the window is asked whether or not it holds something it could
play, so a window never tells who holds what. A player may choose to be asked only when
able to respond; the session then passes for them (Rules.reaction tells it when a seat
is only being asked). Leave out of `order` only the seats that publicly cannot react.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

ONE_ROUND = "one-round"
ALL_PASS = "all-pass"


def open_window(kind: str, order: Iterable[int], until: str = ONE_ROUND, ctx: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    if until not in (ONE_ROUND, ALL_PASS):
        raise ValueError(f"unknown window kind {until!r}")
    seats = list(order)
    return {"kind": kind, "order": seats, "idx": 0, "passes": 0, "until": until,
            "done": not seats, "ctx": dict(ctx or {})}


def closed(window: Optional[dict[str, Any]]) -> bool:
    return window is None or bool(window["done"])


def asked(window: Optional[dict[str, Any]]) -> Optional[int]:
    """The seat asked now, or None when the window is closed."""
    if closed(window):
        return None
    assert window is not None
    return window["order"][window["idx"]]


def passed(window: dict[str, Any]) -> dict[str, Any]:
    """The asked seat passes."""
    w = dict(window)
    n = len(w["order"])
    if w["until"] == ONE_ROUND:
        w["idx"] += 1
        w["done"] = w["idx"] >= n
    else:
        w["passes"] += 1
        w["idx"] = (w["idx"] + 1) % n
        w["done"] = w["passes"] >= n
    return w


def reacted(window: dict[str, Any]) -> dict[str, Any]:
    """The asked seat reacted."""
    w = dict(window)
    if w["until"] == ONE_ROUND:
        w["done"] = True
    else:
        w["passes"] = 0
        w["idx"] = (w["idx"] + 1) % len(w["order"])
    return w


def seats_from(first: int, seats: int, skip: Iterable[int] = ()) -> list[int]:
    """Seats in turn order starting with `first`, leaving out `skip`."""
    out = [(first + i) % seats for i in range(seats)]
    left_out = set(skip)
    return [s for s in out if s not in left_out]
