"""Torches & Pitchforks: an action applied, and everything that follows it without a choice
(the state is described in rules.py).

`act` does what the player chose; `advance` then resolves the cards on the stack, closes
reaction windows nobody can answer, takes choices with one outcome and moves the turn on,
up to the next decision. Every change goes through the `Turn` (turn.py), the kit's move.
"""

from __future__ import annotations

from typing import Any

from tabletown.engine.reactions import ALL_PASS, ONE_ROUND, asked, closed, passed, reacted, seats_from
from tabletown.engine.rules import Action, IllegalAction

from . import content as C
from .content import CARDS, EFFECTS
from .decisions import distinct, fighting, held_in, kill_options, targets, window_open
from .scoring import HAND_SIZE, MIN_MOB, dead, hand_limit, is_weapon, living
from .turn import Turn

# From this rules version the any-time window also holds the active player's skipping the
# Hunt! and ending the turn, not only the flip.
HOLDS_EVERY_STEP_FROM = 5


def act(t: Turn, seat: int, a: Action) -> None:
    s = t.s
    kind = a["type"]
    if s["tasks"]:
        do_task(t, seat, a)
        return
    if kind == "target":
        mode = s["select"]["mode"]
        s["select"] = None
        cid = s["choosing"][seat]
        s["choosing"][seat] = None
        put_on_stack(t, seat, cid, {k: v for k, v in a.items() if k != "type"}, mode)
        return
    if kind == "pass":
        if s["cancel"] is not None:
            s["cancel"] = passed(s["cancel"])
            t.emit("let_stand", seat=seat, card=s["stack"][-1]["card"])
        else:
            s["window"] = passed(s["window"])
            t.emit("pass", seat=seat)
        return
    if kind == "play":
        play(t, seat, a["card"])
        return
    if kind in ("flip", "skip", "end"):
        before_step(t, kind)
        return
    if kind == "fight":
        t.emit("fight", seat=seat, m=s["combat"]["m"])
        t.start_fight()
        return
    if kind == "flee":
        t.flee(seat)
        return
    if kind == "hunt":
        t.hunt(seat)
        return
    if kind == "drop_defense":
        d = s["defense"][seat]
        s["defense"][seat] = None
        s["mob_discard"].append(d)
        t.emit("drop_defense", seat=seat, card=d)
        return
    if kind == "discard":
        s["hands"][seat].remove(a["card"])
        s["mob_discard"].append(a["card"])
        s["phase"] = "discard"
        t.reveal(f"hands.{seat}", what=[a["card"]])
        t.emit("discard", seat=seat, card=a["card"])
        return
    raise IllegalAction("That move is not allowed now.")  # pragma: no cover


def before_step(t: Turn, step: str) -> None:
    """The active player's step (flip, skip the Hunt!, end the turn): taken at once, or first
    the others are asked, in an any-time window, whether to play an Action card now."""
    s = t.s
    held = not t.old if step == "flip" else s["v"] >= HOLDS_EVERY_STEP_FROM
    if not held or not _anytime_window_worth_opening(s):
        take_step(t, step)
        return
    window = t.window("anytime", t.seats_from(s["turn"]), until=ALL_PASS, ctx={"then": step})
    s["window"] = passed(window)  # the active player had their chance: they asked for the step
    if step == "flip":
        t.emit("ready_to_flip", seat=s["turn"])
    else:
        t.emit("ready", seat=s["turn"], step=step)


def take_step(t: Turn, step: str) -> None:
    """Flip the top Monster card, skip the Hunt! or end the turn."""
    s = t.s
    if step == "flip":
        t.flip()
    elif step == "skip":
        t.emit("skip", seat=s["turn"])
        t.to_recoup()
    else:
        t.emit("end", seat=s["turn"])
        t.end_turn()


def _anytime_window_worth_opening(s: dict[str, Any]) -> bool:
    """Somebody else holds cards, and not every any-time Action card is known to be out of reach."""
    others = [p for p in range(s["n"]) if p != s["turn"] and s["hands"][p]]
    return bool(others) and anytime_visible(s) < len(C.ANYTIME_CARDS)


def anytime_visible(s: dict[str, Any]) -> int:
    """Any-time Action cards everyone knows are out of hands (discarded, attached, being played)."""
    seen = set(s["mob_discard"]) | {e["card"] for e in s["stack"]}
    for mob in s["mobs"]:
        for f in mob:
            seen.update(f["enh"])
    return sum(1 for c in C.ANYTIME_CARDS if c in seen)


def cancels_visible(s: dict[str, Any]) -> int:
    """Cancel cards whose place everyone knows (the discard pile or the stack)."""
    n = sum(1 for c in s["mob_discard"] if CARDS[c]["effect"] == "cancel")
    return n + sum(1 for e in s["stack"] if CARDS[e["card"]]["effect"] == "cancel")


def play(t: Turn, seat: int, cid: int) -> None:
    s = t.s
    if s["cancel"] is not None:
        mode = "cancel"
    elif window_open(s):
        mode = "window" if s["window"]["kind"] == "combat" else "anytime"
    elif s["combat"] is not None and s["combat"]["stage"] == "decide":
        mode = "defend"
    else:
        mode = "own"
    choices = targets(s, seat, cid, mode)
    if len(choices) == 1:
        put_on_stack(t, seat, cid, choices[0], mode)
        return
    # Several targets: the card waits, unseen by the others, until its target is chosen.
    s["hands"][seat].remove(cid)
    s["choosing"][seat] = cid
    s["select"] = {"seat": seat, "mode": mode}
    t.emit("choose_target", seat=seat)


def put_on_stack(t: Turn, seat: int, cid: int, tgt: dict[str, Any], mode: str) -> None:
    s = t.s
    if cid in s["hands"][seat]:
        s["hands"][seat].remove(cid)
    entry = {"card": cid, "by": seat, "mode": mode, "ts": tgt.get("seat"), "tf": tgt.get("tf")}
    if mode == "cancel":
        victim = s["stack"][-1]
        s["cancel"] = None
        t.reveal(f"hands.{seat}", what=[cid])
        t.emit("cancel_play", seat=seat, card=cid, victim_by=victim["by"], victim=victim["card"])
    else:
        on = entry["ts"] if entry["ts"] is not None and CARDS[cid]["target"] != "self" else None
        folk = s["mobs"][entry["ts"]][entry["tf"]]["c"] if entry["tf"] is not None else None
        t.reveal(f"hands.{seat}", what=[cid])
        t.emit("play", seat=seat, card=cid, on=on, folk=folk)
        if mode in ("window", "anytime"):
            s["window"] = reacted(s["window"])
    s["stack"].append(entry)
    _open_cancel_window(t)


def _open_cancel_window(t: Turn) -> None:
    s = t.s
    top = s["stack"][-1]
    if CARDS[top["card"]]["uncancelable"] or cancels_visible(s) >= len(C.CANCEL_CARDS):
        s["cancel"] = None
        return
    s["cancel"] = t.window("cancel", t.seats_from(s["turn"], skip=[top["by"]]), until=ONE_ROUND)


def do_task(t: Turn, seat: int, a: Action) -> None:
    s = t.s
    task = s["tasks"][0]
    k = task["k"]
    if k in ("kill", "plague"):
        folk = s["mobs"][seat][a["tf"]]["c"]
        t.kill(seat, a["tf"])
        t.emit("killed", seat=seat, folk=folk, why=k)
        task["n"] -= 1
        if task["n"] <= 0 or not living(s["mobs"][seat]):
            s["tasks"].pop(0)
        return
    if k == "overpop":
        t.remove_folk(seat, a["tf"])
        s["tasks"].pop(0)
        return
    if k == "revive":
        t.bring_back(seat, [a["tf"]], task["why"])
        task["n"] -= 1
        if task["n"] <= 0:
            s["tasks"].pop(0)
        return
    # flee / down: discard a card of your choice
    cid = a["card"]
    s["hands"][seat].remove(cid)
    s["mob_discard"].append(cid)
    if k == "flee":
        task["n"] -= 1
        t.reveal(f"hands.{seat}", what=[cid])
        t.emit("flee_discard", seat=seat, card=cid)
        if task["n"] <= 0:
            s["tasks"].pop(0)
            t.fled()
    else:
        t.reveal(f"hands.{seat}", what=[cid])
        t.emit("limit_discard", seat=seat, card=cid)
        if len(s["hands"][seat]) <= hand_limit(s, seat):
            s["tasks"].pop(0)


# --- resolving played cards ----------------------------------------------------------------------

def resolve_top(t: Turn) -> None:
    s = t.s
    e = s["stack"].pop()
    cid = e["card"]
    kind = CARDS[cid]["kind"]
    if kind in ("weapon", "leader"):
        t.attach(e)
    elif kind == "townsfolk":
        s["mobs"][e["by"]].append({"c": cid, "dead": False, "enh": []})
        t.emit("joins", seat=e["by"], folk=cid)
    elif kind == "defense":
        _resolve_defense(t, e)
    else:
        _resolve_action(t, e)


def _resolve_defense(t: Turn, e: dict[str, Any]) -> None:
    s = t.s
    cid = e["card"]
    if e["mode"] in ("window", "defend"):
        # Played as an Action: the Monster flees and the Defense is discarded.
        s["mob_discard"].append(cid)
        cb = s["combat"]
        if cb is not None and cb["stage"] in ("decide", "fight"):
            t.emit("drives_away", card=cid, m=cb["m"])
            t.neutralize()
    elif s["defense"][e["ts"]] is None:
        s["defense"][e["ts"]] = cid
        t.emit("guards", card=cid, seat=e["ts"])
    else:
        s["mob_discard"].append(cid)
        t.emit("no_one", card=cid)


def _resolve_action(t: Turn, e: dict[str, Any]) -> None:
    s = t.s
    cid = e["card"]
    c = CARDS[cid]
    if not is_weapon(cid):  # a Lathe stays in play as a Weapon; other Actions are discarded
        s["mob_discard"].append(cid)
    if c["timing"] == "combat":
        if not fighting(s):
            t.emit("no_effect", card=cid)
            return
        cb = s["combat"]
        cb["str"] += c["str"]
        cb["pow"] += c["pow"]
        cb["kill"] += c["kill_mod"]
        if c["effect"] and EFFECTS(c["effect"], t, e):
            return
        t.sum_line()
        return
    EFFECTS(c["effect"], t, e)


# --- automatic steps -----------------------------------------------------------------------------

def advance(t: Turn) -> None:
    """Run everything that needs no decision, up to the next decision."""
    s = t.s
    for _ in range(10000):
        if s["phase"] == "over":
            return
        if s["tasks"]:
            if _auto_task(t):
                continue
            return
        if _queue_hand_limits(s):
            continue
        if s["select"] is not None:
            return
        if s["cancel"] is not None:
            s["cancel"] = _skip_empty_hands(s, s["cancel"])
            if closed(s["cancel"]):
                s["cancel"] = None
                continue
            return
        if s["stack"]:
            resolve_top(t)
            continue
        c = s["combat"]
        if c is not None:
            if c["stage"] == "fight":
                s["window"] = _skip_empty_hands(s, s["window"])
                if closed(s["window"]):
                    t.resolve_combat()
                    continue
                return
            if c["stage"] == "done":
                t.finish_combat()
                continue
            return  # decide, or flee with its discards owed
        if s["window"] is not None:  # the any-time window before the active player's step
            s["window"] = _skip_empty_hands(s, s["window"])
            if closed(s["window"]):
                step = held_in(s["window"])
                s["window"] = None
                take_step(t, step)
                continue
            return
        if s["phase"] == "hunt" and (not s["moor"] or s["hunted"]):
            t.to_recoup()
            continue
        return
    raise AssertionError("the game did not settle")  # pragma: no cover


def _skip_empty_hands(s: dict[str, Any], window: dict[str, Any]) -> dict[str, Any]:
    """Players with no cards cannot play one (everyone can see that): they are not asked."""
    while not closed(window) and not s["hands"][asked(window)]:
        window = passed(window)
    return window


def _auto_task(t: Turn) -> bool:
    """Resolve a task with only one possible outcome; True if something happened."""
    s = t.s
    task = s["tasks"][0]
    seat = task["seat"]
    k = task["k"]
    if k in ("kill", "plague"):
        alive = living(s["mobs"][seat])
        if not alive or task["n"] <= 0:
            s["tasks"].pop(0)
            return True
        opts = kill_options(s, task)
        if len(opts) == 1 or task["n"] >= len(alive):
            do_task(t, seat, {"type": "kill", "tf": opts[0]})
            return True
        return False
    if k == "overpop":
        alive = living(s["mobs"][seat])
        if len(s["mobs"][seat]) <= MIN_MOB or not alive:
            s["tasks"].pop(0)
            return True
        if len(alive) == 1:
            do_task(t, seat, {"type": "remove", "tf": alive[0]})
            return True
        return False
    if k == "revive":
        down = dead(s["mobs"][seat])
        if task["n"] >= len(down):
            s["tasks"].pop(0)
            if down:
                t.bring_back(seat, down, task["why"])
            return True
        return False
    hand = s["hands"][seat]
    if k == "flee":
        if task["n"] >= len(hand) or len(distinct(hand)) == 1:
            do_task(t, seat, {"type": "discard", "card": sorted(hand)[0]})
            return True
        return False
    if k == "down":
        if len(hand) <= hand_limit(s, seat):
            s["tasks"].pop(0)
            return True
        if len(distinct(hand)) == 1:
            do_task(t, seat, {"type": "discard", "card": sorted(hand)[0]})
            return True
        return False
    raise AssertionError(f"unknown task {k!r}")  # pragma: no cover


def _queue_hand_limits(s: dict[str, Any]) -> bool:
    """A hand over its limit is discarded down at once, before anything else happens."""
    hands = s["hands"]
    if all(len(h) <= HAND_SIZE for h in hands):
        return False
    for p in seats_from(s["turn"], s["n"]):
        if len(hands[p]) > hand_limit(s, p):
            s["tasks"].append({"k": "down", "seat": p})
            return True
    return False
