"""Card effects that are exceptions, registered by name in `content.EFFECTS`.

A card names its handler in its `effect` field (data/*.json). Handlers receive the `Turn`
being applied (turn.py) and change the table only through it.

- Action cards: `handler(t, entry) -> bool`, where `entry` is the card as played
  ({"card", "by", "mode", "ts", "tf"}: who played it, on which seat and Townsfolk). A
  combat card's printed Strength, Power and Kill changes are added before its handler runs;
  it returns True when the fight is over or the Monster gone (no new sum to tell).
- Events: `handler(t, seat) -> bool` for the player who flipped it; True when the Event
  carries the turn on itself (a new flip, a fight), else the turn goes on to Hunt!.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import CARDS, EFFECTS, WITCH
from .scoring import MIN_MOB, is_weapon, leader_of, living

if TYPE_CHECKING:  # pragma: no cover
    from .turn import Turn

Entry = dict[str, Any]


def _versus(t: "Turn", cid: int) -> bool:
    monster = CARDS[t.s["combat"]["m"]]
    vs = CARDS[cid]["vs"]
    return monster["type"] in vs or monster["name"] in vs


# --- Action cards played at any time ------------------------------------------------------------

@EFFECTS.handler("cancel")
def cancel(t: "Turn", e: Entry) -> bool:
    stack = t.s["stack"]
    if stack:
        victim = stack.pop()
        t.s["mob_discard"].append(victim["card"])
        t.emit("canceled", seat=victim["by"], card=victim["card"])
    return False


@EFFECTS.handler("revive")
def revive(t: "Turn", e: Entry) -> bool:
    t.revive(e["ts"], CARDS[e["card"]]["bonus"], "card")
    return False


@EFFECTS.handler("knockout")
def knockout(t: "Turn", e: Entry) -> bool:
    mob = t.s["mobs"][e["ts"]]
    if e["tf"] < len(mob) and not mob[e["tf"]]["dead"]:
        t.kill(e["ts"], e["tf"])
        t.emit("knocked_out", seat=e["ts"], folk=mob[e["tf"]]["c"])
    return False


@EFFECTS.handler("spy")
def spy(t: "Turn", e: Entry) -> bool:
    for seat in (e["ts"], e["by"]):
        lost = t.discard_random(seat, "spy")
        if lost is not None:
            t.emit("discard", seat=seat, card=lost)
    return False


# From this rules version a card that draws is discarded after its draw (see `draw`).
DISCARD_AFTER_DRAW_VERSION = 4


@EFFECTS.handler("draw")
def draw(t: "Turn", e: Entry) -> bool:
    # "Do what it says, and then place the card in the discard pile": the card is held aside while
    # its player draws, so a discard pile reshuffled into a new deck never hands it back to them.
    # Games begun before version 4 discarded it first, and replay that way.
    held = t.s["mob_discard"].pop() if t.s["v"] >= DISCARD_AFTER_DRAW_VERSION else None
    if t.draw_cards(e["by"], CARDS[e["card"]]["bonus"]) == 0:
        t.emit("draw", seat=e["by"], n=0, quiet=False)
    if held is not None:
        t.s["mob_discard"].append(held)
    return False


@EFFECTS.handler("overpop")
def overpopulation(t: "Turn", e: Entry) -> bool:
    if len(t.s["mobs"][e["ts"]]) > MIN_MOB:
        t.s["tasks"].append({"k": "overpop", "seat": e["ts"]})
    return False


@EFFECTS.handler("steal")
def steal(t: "Turn", e: Entry) -> bool:
    if t.take_random(e["by"], e["ts"]):
        t.emit("steal", seat=e["by"], victim=e["ts"])
    return False


@EFFECTS.handler("lathe")
def lathe(t: "Turn", e: Entry) -> bool:
    t.attach(e)  # the Lathe stays in play as a crude Weapon
    return False


# --- Action cards played in a fight ---------------------------------------------------------------

@EFFECTS.handler("energize")
def energize(t: "Turn", e: Entry) -> bool:
    cb = t.s["combat"]
    armed = sum(1 for f in t.s["mobs"][cb["seat"]] if not f["dead"] and any(is_weapon(x) for x in f["enh"]))
    cb["str"] += max(1, min(3, armed))
    return False


@EFFECTS.handler("escape")
def escape(t: "Turn", e: Entry) -> bool:
    cb = t.s["combat"]
    t.emit("slips_away", seat=cb["seat"], m=cb["m"])
    t.neutralize()
    return True


@EFFECTS.handler("no_guns")
def gunpowder_shortage(t: "Turn", e: Entry) -> bool:
    t.s["combat"]["flags"].append("no_guns")
    return False


@EFFECTS.handler("guard")
def town_on_guard(t: "Turn", e: Entry) -> bool:
    t.s["combat"]["flags"].append("guard")
    return False


@EFFECTS.handler("harpoon")
def harpoon(t: "Turn", e: Entry) -> bool:
    if _versus(t, e["card"]):
        t.s["combat"]["str"] += CARDS[e["card"]]["vs_bonus"]
    return False


@EFFECTS.handler("holy")
def holy_ground(t: "Turn", e: Entry) -> bool:
    cb = t.s["combat"]
    if _versus(t, e["card"]):
        t.emit("holy_ground", m=cb["m"])
        t.neutralize()
        return True
    cb["str"] += CARDS[e["card"]]["bonus"]
    return False


@EFFECTS.handler("inspire")
def inspiring_leadership(t: "Turn", e: Entry) -> bool:
    cb = t.s["combat"]
    has_leader = leader_of([f for f in t.s["mobs"][cb["seat"]] if not f["dead"]]) is not None
    cb["str"] += 3 if has_leader else 1
    return False


@EFFECTS.handler("walking_dead")
def walking_dead(t: "Turn", e: Entry) -> bool:
    down = sum(1 for mob in t.s["mobs"] for f in mob if f["dead"])
    t.s["combat"]["pow"] += max(1, down)
    return False


@EFFECTS.handler("crash")
def sugar_rush(t: "Turn", e: Entry) -> bool:
    t.s["combat"]["crash"] += 1
    return False


@EFFECTS.handler("downpour")
def downpour(t: "Turn", e: Entry) -> bool:
    cb = t.s["combat"]
    cb["flags"].append("no_torches")
    if CARDS[cb["m"]]["type"] == WITCH:
        cb["melt"] = True
        t.emit("melts", m=cb["m"])
        t.resolve_combat()
        return True
    return False


# --- Events -------------------------------------------------------------------------------------

@EFFECTS.handler("arms")
def arms_shipment(t: "Turn", seat: int) -> bool:
    for p in t.seats_from(seat):
        t.draw_cards(p, 2, say=False)
    return False


@EFFECTS.handler("red_tape")
def cowering_bureaucrats(t: "Turn", seat: int) -> bool:
    t.s["red_tape"] = True
    return False


@EFFECTS.handler("fire")
def dropped_match(t: "Turn", seat: int) -> bool:
    for p in t.seats_from(seat):
        lost = t.discard_random(p, "fire")
        if lost is not None:
            t.emit("fire", seat=p, card=lost)
    return False


@EFFECTS.handler("confusion")
def mass_confusion(t: "Turn", seat: int) -> bool:
    hands = t.s["hands"]
    n = t.s["n"]
    t.s["hands"] = [sorted(hands[(p - 1) % n]) for p in range(n)]
    t.emit("hands_passed", barrier=True)  # everyone now holds cards they had not seen
    return False


@EFFECTS.handler("plague")
def plague(t: "Turn", seat: int) -> bool:
    for p in t.seats_from(seat):
        if living(t.s["mobs"][p]):
            t.s["tasks"].append({"k": "plague", "seat": p, "n": 1})
    return False


@EFFECTS.handler("risen")
def risen_from_the_dead(t: "Turn", seat: int) -> bool:
    moor = t.s["moor"]
    if not moor:
        t.emit("nothing_rises")
        return False
    m = moor.pop(t.below(len(moor), why="risen"))
    t.emit("risen", seat=seat, m=m)
    t.s["combat"] = t.new_combat(m, hunt=False, risen=True)
    t.start_fight()
    return True


@EFFECTS.handler("scrap")
def scrap_that(t: "Turn", seat: int) -> bool:
    t.flip()
    return True


@EFFECTS.handler("plot")
def the_plot_thickens(t: "Turn", seat: int) -> bool:
    t.flip(plot=2)
    return True


@EFFECTS.handler("stolen")
def stolen_plans(t: "Turn", seat: int) -> bool:
    for p in t.seats_from(seat)[1:]:
        t.take_random(seat, p)
    return False


@EFFECTS.handler("plowshares")
def swords_into_plowshares(t: "Turn", seat: int) -> bool:
    for p in t.seats_from(seat):
        t.lose_weapon(p, strongest=True)
    return False


@EFFECTS.handler("termites")
def termite_infestation(t: "Turn", seat: int) -> bool:
    for p in t.seats_from(seat):
        t.lose_weapon(p, strongest=False)
    return False


@EFFECTS.handler("mists")
def vanished_into_the_mists(t: "Turn", seat: int) -> bool:
    s = t.s
    if s["moor"]:
        s["monster_deck"].extend(s["moor"])
        s["moor"] = []
        t.shuffle(s["monster_deck"], "monster_deck", refill=False)
    return False
