"""Torches & Pitchforks: who must act now, and what they may do (the state is described in
rules.py).

`decision` is the one answer to both; `asked_seat` and `asking` say the same without
listing the actions, for the board and the bots. `playable` and `targets` are the cards a
seat may play in each kind of moment and what each may be played on.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.reactions import asked, seats_from
from tabletown.engine.rules import Action

from . import content as C
from .content import CARDS
from .scoring import MIN_MOB, can_flee, dead, free_slot, leader_of, living
from .turn import FIRST_VERSION

PASS: Action = {"type": "pass"}


def window_open(s: dict[str, Any]) -> bool:
    """A play window (a fight's, or the any-time window before a flip) is asking someone."""
    w = s["window"]
    if w is None:
        return False
    cb = s["combat"]
    if w["kind"] == "combat":
        return cb is not None and cb["stage"] == "fight"
    return cb is None


def decision(s: dict[str, Any]) -> tuple[Optional[int], list[Action]]:
    """(the seat that must act, its legal actions) — or (None, []) when the game is over."""
    if s["phase"] == "over":
        return None, []
    if s["tasks"]:
        task = s["tasks"][0]
        return task["seat"], _task_actions(s, task)
    sel = s["select"]
    if sel is not None:
        seat = sel["seat"]
        return seat, [dict(type="target", **t) for t in targets(s, seat, s["choosing"][seat], sel["mode"])]
    if s["cancel"] is not None:
        seat = asked(s["cancel"])
        return seat, [PASS] + [{"type": "play", "card": c} for c in _cancel_cards(s, seat)]
    c = s["combat"]
    turn = s["turn"]
    acts: list[Action]
    if c is not None and c["stage"] == "decide":
        acts = [{"type": "fight"}]
        if can_flee(c):
            acts.append({"type": "flee"})
        if s["v"] != FIRST_VERSION:
            acts += [{"type": "play", "card": cid} for cid in playable(s, turn, "defend")]
        return turn, acts
    if window_open(s):
        seat = asked(s["window"])
        mode = "window" if s["window"]["kind"] == "combat" else "anytime"
        return seat, [PASS] + [{"type": "play", "card": cid} for cid in playable(s, seat, mode)]
    phase = s["phase"]
    plays: list[Action] = [{"type": "play", "card": cid} for cid in playable(s, turn, "own")]
    if phase == "attack":
        return turn, [{"type": "flip"}] + plays
    if phase == "hunt":
        return turn, [{"type": "hunt"}, {"type": "skip"}] + plays
    if phase == "recoup":
        acts = [{"type": "end"}] + plays
        if s["defense"][turn] is not None:
            acts.append({"type": "drop_defense"})
        return turn, acts + _discards(s["hands"][turn])
    if phase == "discard":
        return turn, [{"type": "end"}] + plays + _discards(s["hands"][turn])
    raise AssertionError(f"no decision in phase {phase}")  # pragma: no cover


def asked_seat(s: dict[str, Any]) -> Optional[int]:
    """The seat that must act now (what `decision` says, without listing its actions)."""
    if s["phase"] == "over":
        return None
    if s["tasks"]:
        return s["tasks"][0]["seat"]
    if s["select"] is not None:
        return s["select"]["seat"]
    if s["cancel"] is not None:
        return asked(s["cancel"])
    if window_open(s):
        return asked(s["window"])
    return s["turn"]


def held_step(s: dict[str, Any]) -> Optional[str]:
    """The active player's step an open any-time window holds back: "flip", "skip" (the
    Hunt!) or "end" (the turn); None when no such window asks anyone."""
    w = s["window"]
    if w is None or w["kind"] != "anytime" or not window_open(s):
        return None
    return held_in(w)


def held_in(window: dict[str, Any]) -> str:
    return window["ctx"].get("then", "flip")  # the windows of rules versions 2 to 4 held only the flip


def asking(s: dict[str, Any]) -> Optional[str]:
    """What the seat asked now is asked, as a short code (for the board and the bots)."""
    if s["phase"] == "over":
        return None
    if s["tasks"]:
        return s["tasks"][0]["k"]
    if s["select"] is not None:
        return "target"
    if s["cancel"] is not None:
        return "cancel"
    c = s["combat"]
    if c is not None and c["stage"] == "decide":
        return "decide"
    if window_open(s):
        return "fight" if s["window"]["kind"] == "combat" else "anytime"
    return s["phase"]


def _discards(hand: list[int]) -> list[Action]:
    return [{"type": "discard", "card": cid} for cid in distinct(hand)]


def distinct(hand: list[int]) -> list[int]:
    """One card id per card name (copies play alike), lowest id first."""
    seen: set[str] = set()
    out = []
    for cid in sorted(hand):
        nm = CARDS[cid]["name"]
        if nm not in seen:
            seen.add(nm)
            out.append(cid)
    return out


def kill_options(s: dict[str, Any], task: dict[str, Any]) -> list[int]:
    """The Townsfolk a seat may choose to die: the Vampire takes one with the most
    Enhancements; before rules version 3, Lucky Lowry dies only when nobody else is left."""
    mob = s["mobs"][task["seat"]]
    alive = living(mob)
    if task.get("vamp"):
        most = max((len(mob[i]["enh"]) for i in alive), default=0)
        alive = [i for i in alive if len(mob[i]["enh"]) == most]
    if task["k"] == "kill":
        others = [i for i in alive if C.gift_of(mob[i]["c"], s["v"]) != "last"]
        if others:
            alive = others
    return alive


def _task_actions(s: dict[str, Any], task: dict[str, Any]) -> list[Action]:
    k = task["k"]
    if k in ("kill", "plague"):
        return [{"type": "kill", "tf": i} for i in kill_options(s, task)]
    if k == "overpop":
        return [{"type": "remove", "tf": i} for i in living(s["mobs"][task["seat"]])]
    if k == "revive":
        return [{"type": "revive", "tf": i} for i in dead(s["mobs"][task["seat"]])]
    # flee and down: discard a card of your choice
    return [{"type": "discard", "card": cid} for cid in distinct(s["hands"][task["seat"]])]


def _cancel_cards(s: dict[str, Any], seat: int) -> list[int]:
    top = s["stack"][-1]
    if CARDS[top["card"]]["uncancelable"]:
        return []
    return [cid for cid in distinct(s["hands"][seat]) if CARDS[cid]["effect"] == "cancel"]


def fighting(s: dict[str, Any]) -> bool:
    c = s["combat"]
    return c is not None and c["stage"] == "fight"


def playable(s: dict[str, Any], seat: int, mode: str) -> list[int]:
    """Cards `seat` may play now. Modes: "own" (the active player's own phases), "window" (a
    combat window), "anytime" (the any-time window before a flip), "defend" (before the
    Fight-or-Flee choice: only a Defense that turns the Monster away)."""
    out = []
    own_recoup = mode == "own" and s["phase"] == "recoup" and not s["red_tape"]
    for cid in distinct(s["hands"][seat]):
        c = CARDS[cid]
        kind = c["kind"]
        if kind == "action":
            if mode == "defend" or c["timing"] == "cancel":
                continue
            if c["timing"] == "combat" and not (mode == "window" and fighting(s)):
                continue
        elif kind in ("weapon", "leader", "townsfolk"):
            if not own_recoup:
                continue
        elif kind == "defense":
            if mode in ("window", "defend"):
                if not _defense_turns_away(s, seat, cid):
                    continue
            elif not own_recoup:
                continue
        else:  # pragma: no cover - no other kinds in a hand
            continue
        if targets(s, seat, cid, mode):
            out.append(cid)
    return out


def _defense_turns_away(s: dict[str, Any], seat: int, cid: int) -> bool:
    """A Defense played as an Action: in your own Attack! against its type of Monster."""
    c = s["combat"]
    return (seat == s["turn"] and c is not None and c["stage"] in ("decide", "fight") and not c["hunt"]
            and not c.get("risen") and CARDS[c["m"]]["type"] in CARDS[cid]["defends"])


def targets(s: dict[str, Any], seat: int, cid: int, mode: str) -> list[dict[str, Any]]:
    """Every target the card may be played on ([{}] when it needs none)."""
    c = CARDS[cid]
    kind = c["kind"]
    mob = s["mobs"][seat]
    if mode == "cancel":
        return [{}]
    if kind == "weapon":
        return [{"seat": seat, "tf": i} for i, t in enumerate(mob) if free_slot(t)]
    if kind == "leader":
        if leader_of(mob) is not None:
            return []
        return [{"seat": seat, "tf": i} for i in living(mob)]
    if kind == "townsfolk":
        return [{}]
    if kind == "defense":
        if mode in ("window", "defend"):
            return [{}]
        return [{"seat": p} for p in seats_from(seat, s["n"]) if s["defense"][p] is None]
    # Action cards
    tk = c["target"]
    eff = c["effect"]
    if tk == "":
        return [{}]
    if tk == "self":
        return [{"seat": seat}]
    if tk == "player":
        if eff == "revive":
            return [{"seat": p} for p in seats_from(seat, s["n"]) if any(t["dead"] for t in s["mobs"][p])]
        if eff == "overpop":
            return [{"seat": p} for p in seats_from(seat, s["n"]) if len(s["mobs"][p]) > MIN_MOB and living(s["mobs"][p])]
        return [{"seat": p} for p in seats_from(seat, s["n"])]
    if tk == "other":
        return [{"seat": p} for p in seats_from(seat, s["n"]) if p != seat and len(s["hands"][p]) > 0]
    if tk == "tf_any":
        out = []
        for p in seats_from(seat, s["n"]):
            for i, t in enumerate(s["mobs"][p]):
                if not t["dead"] and CARDS[t["c"]]["perk"] != "tough":
                    out.append({"seat": p, "tf": i})
        return out
    if tk == "tf_own":
        return [{"seat": seat, "tf": i} for i, t in enumerate(mob) if free_slot(t)]
    raise AssertionError(f"unknown target kind {tk!r}")  # pragma: no cover
