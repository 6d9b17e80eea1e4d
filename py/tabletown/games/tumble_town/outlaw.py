"""The solo opponents: the Outlaw (an automaton that steals plans and dice) and the
Sole Surveyor (who only clears a column of plans). Both run inside `apply` after the
player's turn; when the rulebook lets the player choose (which supply the Outlaw
takes from, which colours it returns on a three-way tie) the procedure pauses and
the player is asked."""

from __future__ import annotations

from typing import Any

from tabletown.engine.move import Move

from .content import BACKS, COLORS, PLANS

OUTLAW_DICE = ("brown", "gray", "gold")  # row 1-cactus, 2-cactus, 3-cactus


def back_of(state: dict[str, Any], row: int) -> str:
    """The back showing on the deck of `row` (its top plan's, or the Plan End card)."""
    deck = state["decks"][str(row + 1)]
    return PLANS[deck[0]]["back"] if deck else "plan-end"


def refill(m: Move, row: int, col: int) -> None:
    """Turn the top plan of the row's deck face up into the empty place (a reveal)."""
    state = m.s
    deck = state["decks"][str(row + 1)]
    if deck and state["rows"][row][col] is None:
        pid = deck.pop(0)
        state["rows"][row][col] = pid
        state["backs"][row] = back_of(state, row)
        m.reveal("rows", what=pid, row=row, col=col)


def outlaw_turn(m: Move) -> None:
    """Steps 1-4 of the Outlaw's turn; leaves a queue of dice moves to run."""
    state = m.s
    o = state["outlaw"]
    roll = {color: m.roll(6, color=color, who="outlaw") for color in OUTLAW_DICE}
    last: dict[str, Any] = {"roll": roll, "plans": [], "took": {c: 0 for c in COLORS},
                            "returned": {c: 0 for c in COLORS}, "penalty": 0, "bonus": False}
    queue: list[dict[str, Any]] = []
    gained = 0
    for row, color in enumerate(OUTLAW_DICE):
        v = roll[color]
        if v >= 5:
            continue
        col = v - 1
        if row == 1:
            take = BACKS[state["backs"][1]]["color"]
        else:
            take = "brown" if row == 0 else "gold"
        pid = state["rows"][row][col]
        if pid is not None:
            o["plans"].append(pid)
            last["plans"].append(pid)
            state["rows"][row][col] = None
            gained += 1
            refill(m, row, col)
        queue.append({"op": "take", "c": take, "n": 3})
    values = list(roll.values())
    if all(v < 5 for v in values):
        queue.append({"op": "penalty"})
        queue.append({"op": "return"})
    if all(v >= 5 for v in values):
        queue.append({"op": "bonus"})
    if state["opts"]["difficulty"] == "easy" and gained >= 2:
        queue.append({"op": "easy", "n": gained - 1})
    o["q"] = queue
    o["last"] = last
    o["ask"] = None


def _take(state: dict[str, Any], color: str, n: int) -> int:
    o = state["outlaw"]
    t = min(n, state["supply"][color])
    state["supply"][color] -= t
    o["dice"][color] += t
    o["last"]["took"][color] += t
    return t


def _give_back(state: dict[str, Any], color: str, n: int) -> None:
    o = state["outlaw"]
    t = min(n, o["dice"][color])
    o["dice"][color] -= t
    state["supply"][color] += t
    o["last"]["returned"][color] += t


def run_outlaw(state: dict[str, Any]) -> bool:
    """Work through the queue. Returns True when done, False when the player must choose."""
    o = state["outlaw"]
    q = o["q"]
    while q:
        op = q[0]
        kind = op["op"]
        if kind == "take":
            if op["c"] is not None:
                op["n"] -= _take(state, op["c"], op["n"])
                op["c"] = None
            while op["n"] > 0:
                avail = [c for c in COLORS if state["supply"][c] > 0]
                if not avail:
                    break
                fewest = min(state["supply"][c] for c in avail)
                tied = [c for c in avail if state["supply"][c] == fewest]
                if len(tied) > 1:
                    o["ask"] = {"kind": "take", "options": tied, "n": op["n"]}
                    return False
                op["n"] -= _take(state, tied[0], op["n"])
        elif kind == "penalty":
            o["penalties"] += 1
            o["last"]["penalty"] += 1
        elif kind == "return":
            if "left" in op:  # the player is choosing two of three or four tied colours
                o["ask"] = {"kind": "return", "options": op["options"], "left": op["left"]}
                return False
            most = max(o["dice"].values())
            if most > 0:
                tied = [c for c in COLORS if o["dice"][c] == most]
                if len(tied) == 1:
                    _give_back(state, tied[0], 2)
                elif len(tied) == 2:
                    for c in tied:
                        _give_back(state, c, 1)
                else:
                    op["left"], op["options"] = 2, tied
                    o["ask"] = {"kind": "return", "options": tied, "left": 2}
                    return False
        elif kind == "bonus":
            o["last"]["bonus"] = True
            for c in COLORS:
                _take(state, c, 1)
            if o["penalties"] > 0:
                o["penalties"] -= 1
                o["last"]["penalty"] -= 1
        elif kind == "easy":
            o["penalties"] += op["n"]
            o["last"]["penalty"] += op["n"]
        q.pop(0)
    o["ask"] = None
    return True


def answer(state: dict[str, Any], color: str) -> None:
    """The player's choice for a paused Outlaw step."""
    o = state["outlaw"]
    ask = o["ask"]
    op = o["q"][0]
    if ask["kind"] == "take":
        op["n"] -= _take(state, color, op["n"])
    else:
        _give_back(state, color, 1)
        op["options"] = [c for c in op["options"] if c != color]
        op["left"] -= 1
        if op["left"] == 0:
            o["q"].pop(0)
    o["ask"] = None


def ask_options(state: dict[str, Any]) -> list[str]:
    ask = state["outlaw"]["ask"]
    return list(ask["options"]) if ask else []


def surveyor_turn(m: Move) -> None:
    """The Sole Surveyor rolls and, on 1-4, clears that column of plans into the box."""
    state = m.s
    v = m.roll(6, who="surveyor")
    removed = []
    if v <= 4:
        col = v - 1
        for row in range(3):
            pid = state["rows"][row][col]
            if pid is not None:
                state["boxed"].append(pid)
                removed.append(pid)
                state["rows"][row][col] = None
                refill(m, row, col)
    state["surveyor"]["last"] = {"roll": v, "plans": removed}
    m.emit("surveyor", roll=v, plans=removed)
