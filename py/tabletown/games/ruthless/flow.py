"""Moving the turn along: activations, rounds of initiative, the end of a turn and of the game.

A turn: every posse is dealt up to five cards and places one face down; all reveal
together; the highest card activates all its models first, then the others in descending
order (ties by suit: Spades, Hearts, Diamonds, Clubs). Each character takes two actions
(three for one character if a 7 was played). At the end of the turn each side rolls to
Skedaddle, a player who played a 3 may discard, and hands are refilled to five.

`mv` is the move being applied (engine/move.py); `m` is a model, as everywhere in Ruthless.
"""

from __future__ import annotations

from tabletown.engine.move import Move

from . import content as C
from . import models as M
from .options import State, selectable
from .scoring import final_result

# From rules version 4 the log names every Skedaddle roll (games begun earlier keep their log).
SKEDADDLE_LINE_FROM_VERSION = 4


def settle(mv: Move) -> bool:
    """Advance past finished activations, rounds and turns. Returns True if it changed the
    phase in a way that may need another pass."""
    st = mv.s
    if scenario_decided(st):
        finish(mv)
        return False
    if st["phase"] != "act":
        return False
    seat = st["order"][st["current"]]
    sel = st["selected"]
    if sel is not None and not M.can_act(st, st["models"][sel]):
        st["selected"] = None
    if selectable(st, seat) and not st["fled"][seat]:
        if st["selected"] is None:
            only = selectable(st, seat)
            if st["small"] and st["chosen"] is not None and len(only) == 1:
                st["selected"] = only[0]["id"]
        return False
    # this posse's activation is over
    st["selected"] = None
    st["chosen"] = None
    st["current"] += 1
    while st["current"] < len(st["order"]):
        nxt = st["order"][st["current"]]
        if selectable(st, nxt) and not st["fled"][nxt]:
            return False
        st["current"] += 1
    if st["small"] and round_seats(st):
        start_round(mv)
        return True
    end_turn(mv)
    return True


def in_fight(st: State, seat: int) -> bool:
    return not st["fled"][seat] and not st["out"][seat]


def round_seats(st: State) -> list[int]:
    """Posses that take part in the next round of initiative."""
    seats = [s for s in range(st["seats"]) if in_fight(st, s)]
    if not st["small"]:
        return seats
    return [s for s in seats if any(M.can_act(st, m) and not m["activated"] for m in M.side_chars(st, s))]


def start_turn(mv: Move) -> None:
    st = mv.s
    st["turn"] += 1
    st["round"] = 0
    for m in M.chars(st):
        m.update({"acts": 0, "moves": 0, "shots": 0, "held": False, "fresh": False, "activated": False})
    if st.get("coach"):
        st["coach"]["driven"] = False
        st["coach"]["whipped"] = False
    st["bonus"] = None
    mv.emit("turn", turn=st["turn"])
    start_round(mv)


def start_round(mv: Move) -> None:
    st = mv.s
    st["round"] += 1
    for s in range(st["seats"]):
        if st["played"][s] is not None:
            st["discard"].append(st["played"][s])
            st["played"][s] = None
    seats = round_seats(st)
    st["round_seats"] = seats
    for s in seats:
        deal_up(mv, s)
    st["order"] = []
    st["current"] = 0
    st["selected"] = None
    st["chosen"] = None
    seats = [s for s in seats if st["hands"][s]]
    st["round_seats"] = seats
    st["phase"] = "initiative"
    if not seats:
        end_turn(mv)


def deal_up(mv: Move, seat: int) -> None:
    st = mv.s
    hand = st["hands"][seat]
    dealt = 0
    while len(hand) < C.HAND:
        if not st["deck"]:
            if not st["discard"]:
                break
            st["deck"] = st["discard"]
            st["discard"] = []
            mv.shuffle(st["deck"], "deck")
        hand.append(st["deck"].pop())
        dealt += 1
    if dealt:
        mv.emit("deal", seat=seat, count=dealt)


def end_turn(mv: Move) -> None:
    """Skedaddle, then the end of the scenario or the discards and the next turn."""
    st = mv.s
    st["phase"] = "end"
    for s in range(st["seats"]):
        if not in_fight(st, s):
            continue
        people = [m for m in M.side_chars(st, s) if m["status"] != M.GONE]
        if not any(m["status"] == M.OK for m in people):
            st["out"][s] = True
            mv.emit("beaten", seat=s)
            continue
        down = sum(1 for m in people if m["status"] in (M.DEAD, M.DOWN) or m["lily"])
        if down == 0:
            continue
        roll = mv.roll(10, why="skedaddle", seat=s)
        if st["v"] >= SKEDADDLE_LINE_FROM_VERSION:
            mv.emit("skedaddle_roll", seat=s, roll=roll, down=down)
        if roll <= down:
            st["fled"][s] = True
            for m in people:
                if m["status"] == M.OK:
                    m["status"] = M.GONE
            mv.emit("skedaddle", seat=s, count=down)
    mv.emit("turn_end", turn=st["turn"])
    if scenario_decided(st, turn_end=True):
        finish(mv)
        return
    next_discarder(mv)


def next_discarder(mv: Move) -> None:
    st = mv.s
    for s in list(st["discarders"]):
        if st["hands"][s] and in_fight(st, s):
            st["phase"] = "discard"
            st["asked"] = s
            return
        st["discarders"].remove(s)
    for s in range(st["seats"]):
        if in_fight(st, s):
            deal_up(mv, s)
    start_turn(mv)


def scenario_decided(st: State, turn_end: bool = False) -> bool:
    """Whether the game is over now (and why, under st["end"])."""
    if st["phase"] == "over":
        return False
    if st.get("coach") and st["coach"]["gone"]:
        st["end"] = "coach-away"
        return True
    if st.get("strongbox") and st["strongbox"]["on"] == "away":
        st["end"] = "strongbox-away"
        return True
    if st["phase"] in ("shop", "trail", "build"):
        return False
    left = [s for s in range(st["seats"]) if in_fight(st, s)]
    if len(left) <= 1 or (st["seats"] == 2 and len(left) < 2):
        st["end"] = "skedaddle" if any(st["fled"]) else "beaten"
        return True
    if turn_end:
        if st["last_turn"] is not None and st["turn"] >= st["last_turn"]:
            st["end"] = "mayor"
            return True
        if st["turn"] >= st["turns"]:
            st["end"] = "time"
            return True
    return False


def finish(mv: Move) -> None:
    st = mv.s
    st["phase"] = "over"
    st["pending"] = None
    st["queue"] = []
    st["selected"] = None
    st["result"] = final_result(st)
    mv.emit("over", why=st["end"], vp=st["result"]["vp"])


def start_scenario(mv: Move) -> None:
    """Deploy done (campaign act or posse editor): the first turn begins."""
    st = mv.s
    st["phase"] = "setup"
    start_turn(mv)
