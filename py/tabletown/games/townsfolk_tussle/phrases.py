"""The phrasebook: Townsfolk Tussle's events as log lines, and what each seat is asked.

A townsfolk is named with their player: "Henlo ({seat0})". Squares are named like a chess
board, columns A–L from the left and rows 1–12 from the top ("C4").
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from tabletown.engine.rules import seat_token
from tabletown.engine.words import plural

from . import content as C

Event = dict[str, Any]


def square(sq: Any) -> str:
    return f"{'ABCDEFGHIJKL'[sq[0]]}{sq[1] + 1}"


def who(e: Event, key: str = "who") -> str:
    """A character: a townsfolk with their player, or the Ruffian by name."""
    value = e.get(key)
    if isinstance(value, int) and not isinstance(value, bool):
        folk = e.get("folk" if key == "who" else key + "-folk")
        return f"{C.TOWNSFOLK[folk]['short']} ({seat_token(value)})" if folk else seat_token(value)
    if isinstance(value, str) and value in C.RUFFIANS:
        return C.RUFFIANS[value]["name"]
    return "Someone"


def gear(inst: Optional[str]) -> str:
    return C.gear_of(inst)["name"] if inst else "gear"


def ruffian(rid: str) -> str:
    return C.RUFFIANS[rid]["name"]


def card(cid: str) -> str:
    return C.CARDS[cid]["name"]


def terrain(tid: str) -> str:
    return C.TERRAIN[tid]["name"]


def source_name(row: Optional[str]) -> str:
    """The name of what a context row points at: an ability, gear, terrain, a Ruffian's rules."""
    if not row:
        return "an ability"
    if row in C.GEAR:
        return "the " + C.GEAR[row]["name"]
    if row in C.TERRAIN:
        return "the " + C.TERRAIN[row]["name"]
    base, _, part = row.partition(":")
    if base in C.TOWNSFOLK and part.isdigit():
        return C.TOWNSFOLK[base]["abilities"][int(part)]["name"]
    if base in C.RUFFIANS:
        ruff = C.RUFFIANS[base]
        if part == "ff":
            return ruff["final_fight"]["rules"]["name"]
        if part == "weakness":
            return ruff["weakness"]["name"]
        if part in ruff["abilities"]:
            return ruff["abilities"][part]["name"]
        return ruff["name"]
    if row in C.FEATS:
        return C.FEATS[row]["name"]
    if row in C.EVENTS:
        return C.EVENTS[row]["name"]
    if row in C.CARDS:
        return C.CARDS[row]["name"]
    return "an ability"


def _chose(e: Event) -> Optional[str]:
    k, v = e["k"], e["v"]
    if k in ("push", "place", "dash", "spot") and isinstance(v, list):
        return f"{who(e, 'seat')} picks {square(v)}."
    if k == "react":
        return f"{who(e, 'seat')} {'uses' if v else 'does not use'} {source_name(e.get('row'))}."
    if k == "path":
        return f"{who(e, 'seat')} picks the Ruffian's path."
    if k == "face":
        return f"{who(e, 'seat')} turns the Ruffian to face {DIRS[v]}."
    if k == "gear":
        return f"{who(e, 'seat')} picks the {gear(v)}."
    if k == "equip":
        return f"{who(e, 'seat')} keeps the {gear(e.get('g'))} in the stash." if v == "stash" else \
            f"{who(e, 'seat')} puts the {gear(e.get('g'))} on."
    if k == "sheriff":
        return f"{who(e, 'seat')} settles the tie: {'roll for it' if v == 'roll' else 'the sheriff is chosen'}."
    if k in ("pay", "give"):
        return f"{who(e, 'seat')} hands over {plural(v, 'Coin')}."
    if k == "agree":
        return f"{who(e, 'seat')} {'agrees to' if v else 'turns down'} the trade."
    if k == "exchange":
        return f"{who(e, 'seat')} makes no trade." if v is None else f"{who(e, 'seat')} offers a trade."
    if k == "option":
        texts = C.CHOICES.get(e.get("choice"), [])
        return f"{who(e, 'seat')} chooses: {texts[v] if v < len(texts) else v + 1}."
    if k == "tie":
        return f"{who(e, 'seat')} settles a tie."
    if k == "direction":
        return f"{who(e, 'seat')} is pushed {DIRS[v]}."
    if k == "terrain-spot":
        return f"{who(e, 'seat')} picks {square(v)}."
    return f"{who(e, 'seat')} decides."


DIRS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def _roll(e: Event) -> Optional[str]:
    why = e.get("why", "")
    if why in ("attack", "crit", "roll"):
        return None  # the attack line and the result line say it
    roller = who(e)
    if why == "tie":
        return f"{roller} rolls {e['value']} to break a tie."
    if why == "loot":
        return f"{roller} rolls {e['value']} for the loot." if isinstance(e.get("who"), int) else None
    if why == "sheriff":
        return f"{roller} rolls {e['value']} to be sheriff."
    if why == "reroll":
        return f"{roller} rerolls: {e['value']}."
    return f"{roller} rolls {e['value']}."


def _reveal(e: Event) -> Optional[str]:
    zone = e.get("zone")
    if zone == "town-map":
        return f"The Town Map turns over {ruffian(e['ruffian'])} ({C.LEVEL_NAMES[e['level']]})."
    if zone == "action-deck":
        if "card" not in e:
            return None
        name = card(e["card"])
        if e.get("next"):
            return f"The next action is revealed: {name}."
        name = name if name[-1] in "!?." else name + "!"
        return f"Bonus action: {name}" if e.get("bonus") else name
    if zone == "peddler":
        if e.get("shop"):
            return "The Peddler lays out her wares."
        return f"The Peddler turns up the {gear(e['what'][0])}."
    if zone == "feats":
        return f"{who(e)} accomplishes the Feat {C.FEATS[e['feat']]['name']}!"
    if zone == "secrets":
        return f"{who(e)} reveals a secret Town Event: {C.EVENTS[e['event']]['name']}!"
    if zone == "events":
        return f"{who(e)}'s Town Event: {C.EVENTS[e['event']]['name']}."
    return None


def _target(e: Event) -> Optional[str]:
    if not e["who"]:
        return "No one is targeted."
    names = ", ".join(who({"who": w, "folk": f}) for w, f in zip(e["who"], e.get("folks", [None] * len(e["who"]))))
    return f"Target: {names}."


def _dmg(e: Event) -> Optional[str]:
    if e["n"] == 0:
        return f"{who(e)} takes no DMG."
    return f"{who(e)} takes {e['n']} DMG ({e['hp']} HP left)."


def _attack_roll(e: Event) -> str:
    word = {"hit": "hit", "crit": "CRITICAL HIT", "miss": "miss", "whiff": "whiff"}[e["result"]]
    return f"Roll {e['natural']} → {e['total']} against {e['need']}+: {word}."


def _stat(e: Event) -> str:
    stat = {"mvmt": "MVMT", "mox": "MOX", "acc": "ACC", "max-hp": "Max HP"}[e["stat"]]
    return f"{who(e)} {'raises' if e['n'] > 0 else 'lowers'} {stat} by {abs(e['n'])}."


def _counter(e: Event) -> str:
    on = ruffian(e["on"]) if e["on"] in C.RUFFIANS else (terrain(e["on"]) if e["on"] in C.TERRAIN else "it")
    return f"{on}: {plural(e['n'], e['name'].capitalize() + ' counter')}."


def _ending(e: Event) -> str:
    end = C.ENDINGS[e["ending"]]
    return f"{'Victory' if e['won'] else 'Defeat'}: “{end['title']}”."


PHRASES: dict[str, Callable[[Event], Optional[str]]] = {
    "chose": _chose,
    "roll": _roll,
    "shuffle": lambda e: {"action-deck": "The action deck is shuffled.", "peddler": "The Peddler deck is shuffled.",
                          "feats": "The Feats are shuffled.", "events": "The Town Events are shuffled."}.get(e["zone"]),
    "reveal": _reveal,
    "dmg": _dmg,
    "defeated": lambda e: f"{ruffian(e['who'])} is defeated!",
    "breaking": lambda e: f"{ruffian(e['who'])} hits a breaking point at {e['hp']} HP!",
    "ko": lambda e: f"{who(e)} is knocked out!",
    "heal": lambda e: f"{who(e)} restores {e['n']} HP.",
    "coins": lambda e: None if e.get("quiet") else
    f"{who(e)} {'gains' if e['n'] > 0 else 'loses'} {plural(abs(e['n']), 'Coin')}.",
    "stat": _stat,
    "restored": lambda e: f"{who(e)} shakes off what the Ruffian lowered.",
    "boost": lambda e: None,
    "unequip": lambda e: f"{who(e)} unequips the {gear(e['g'])}.",
    "discard": lambda e: f"{who(e)} loses the {gear(e['g'])}.",
    "steal": lambda e: f"The Ruffian takes {who(e)}'s {gear(e['g'])}.",
    "recover": lambda e: f"{who(e)} gets the {gear(e['g'])} back.",
    "equip": lambda e: f"{who(e)} equips the {gear(e['g'])}.",
    "gain": lambda e: f"{who(e)} receives the {gear(e['g'])}.",
    "cannot-pay": lambda e: f"{who(e)} cannot pay for the {gear(e['g'])}.",
    "exchange": lambda e: f"{who(e)} trades the {gear(e['g'])} for the {gear(e['h'])}.",
    "refused": lambda e: f"{who(e)} says no.",
    "counter": _counter,
    "keep": lambda e: f"{card(e['card'])} is kept in front of {'the group' if e['holders'] == 'group' else 'the target'}.",
    "skip": lambda e: f"{ruffian(e['who'])} dozes off.",
    "dozes": lambda e: f"{ruffian(e['who'])} plays no action.",
    "result": lambda e: f"{who(e)} rolls {e['total']}{': ' + e['row'] if e.get('row') else '.'}",
    "exhaust": lambda e: f"The {terrain(e['ter'])} can no longer be activated.",
    "terrain-gone": lambda e: f"The {terrain(e['ter'])} is removed.",
    "terrain-placed": lambda e: f"A {terrain(e['ter'])} appears at {square(e['at'])}.",
    "no-room": lambda e: f"There is no room to place {who(e)}.",
    "removed": lambda e: f"{who(e)} is removed from the board.",
    "returned": lambda e: f"{who(e)} returns to the board.",
    "weakness": lambda e: f"{ruffian(e['who'])}'s weakness, {C.RUFFIANS[e['who']]['weakness']['name']}, is activated!",
    "kept-fires": lambda e: f"{card(e['card'])} takes effect.",
    "unkeep": lambda e: f"{card(e['card'])} is discarded.",
    "ruffian-at": lambda e: f"{ruffian(e['who'])} is placed at {square(e['at'])}.",
    "at": lambda e: f"{who(e)} is at {square(e['at'])}." if e.get("how") != "start" else f"{who(e)} starts at {square(e['at'])}.",
    "face": lambda e: None,
    "ruffian-step": lambda e: None,
    "pushed": lambda e: f"{who(e)} is pushed to {square(e['at'])}.",
    "bumped": lambda e: f"{who(e)} bumps into something.",
    "step": lambda e: None,
    "turn": lambda e: None,
    "target": _target,
    "target-terrain": lambda e: f"Target: the {terrain(e['ter'])}.",
    "after": lambda e: "Aftereffect!",
    "bonus-action": lambda e: None,
    "fight": lambda e: f"The fight begins: {ruffian(e['ruffian'])} has {e['hp']} HP.",
    "sheriff": lambda e: f"{who(e)} is the new sheriff!",
    "move": lambda e: f"{who(e)} moves to {square(e['to'])}.",
    "attack": lambda e: f"{who(e)} attacks with the {gear(e['g'])}.",
    "attack-roll": _attack_roll,
    "hits": lambda e: None,
    "misses": lambda e: None,
    "crit": lambda e: f"Crit Hit chart: {e['roll']}.",
    "interact": lambda e: f"{who(e)} uses the {terrain(e['ter'])}.",
    "use": lambda e: f"{who(e)} uses {source_name(e.get('row'))}"
                     f"{' on ' + who(e, 'chosen') if isinstance(e.get('chosen'), int) else ''}.",
    "end-turn": lambda e: f"{who(e)} ends the turn.",
    "victory": lambda e: f"{ruffian(e['who'])} is beaten! Each townsfolk gets 6 Coins.",
    "loot": lambda e: f"{who(e)} loots the {gear(e['g'])}.",
    "feat-discarded": lambda e: f"{who(e)} discards a Feat.",
    "keep-feats": lambda e: f"{who(e)} keeps {plural(e['n'], 'unaccomplished Feat')}.",
    "rotate": lambda e: "The Buyin'/Beatin' bar rotates.",
    "ending": _ending,
    "picked": lambda e: f"{seat_token(e['who'])} plays {C.TOWNSFOLK[e['folk']]['name']}"
                        f"{' with the alternative starting gear' if e.get('alt') else ''}.",
    "town": lambda e: f"Town Phase {e['round']}.",
    "feat-drawn": lambda e: None,
    "pledge": lambda e: f"{who(e)} pledges {plural(e['n'], 'Coin')} to reset the shop.",
    "no-reset": lambda e: f"{who(e)} would rather not reset the shop.",
    "reset": lambda e: "The Peddler resets her shop.",
    "secret-drawn": lambda e: f"{who(e)} draws a secret Town Event.",
    "bought": lambda e: f"{who(e)} buys the {gear(e['g'])} for {plural(e['n'], 'Coin')}.",
    "sold": lambda e: f"{who(e)} sells the {gear(e['g'])} for {plural(e['n'], 'Coin')}.",
    "give": lambda e: f"{who(e)} gives the {gear(e['g'])} to {who(e, 'to')}.",
    "pass": lambda e: f"{who(e)} is done shopping.",
    "shop-closed": lambda e: "The Peddler packs up.",
    "barrel-hits": lambda e: "The barrel smashes into the Ruffian!",
    "barrel-rolls": lambda e: f"The barrel rolls to {square(e['at'])} and breaks.",
}


# --- what a seat is asked ------------------------------------------------------------------------------------

QUESTIONS = {
    "push": "Choose the square {name} is pushed to",
    "place": "Choose where {name} is placed",
    "dash": "Move {name} up to a few squares, or stay",
    "spot": "Choose where the Ruffian goes",
    "path": "Choose the Ruffian's path",
    "face": "Choose which way the Ruffian faces",
    "react": "Use {name}'s reaction?",
    "gear": "Choose a piece of gear",
    "equip": "Equip it now, for free?",
    "sheriff": "The tied townsfolk: choose the new sheriff, or roll for it",
    "pay": "How many Coins do you pay?",
    "give": "How many Coins do you give?",
    "agree": "Agree to the trade?",
    "exchange": "Choose a trade, or none",
    "option": "Choose one",
    "tie": "Choose one of the tied townsfolk",
    "direction": "Choose the direction of the push",
    "terrain-spot": "Choose where the terrain goes",
}


# What a townsfolk can still do on their turn, in the order the turn's line names them.
TURN_CHOICES = (("move", "move"), ("attack", "attack"), ("interact", "use terrain"), ("use", "use an ability"),
                ("equip", "change gear"))


def prompt_for(state: dict[str, Any], seat: int, can: Optional[set[str]] = None) -> str:
    """What `seat` is asked now; on a townsfolk's turn, `can` (the kinds of their legal actions)
    says which choices are still open."""
    folk = state["folk"][seat]["id"]
    name = C.TOWNSFOLK[folk]["short"] if folk else seat_token(seat)
    pending = state.get("pending")
    if state.get("result") is not None:
        return "The game is over"
    if pending:
        return QUESTIONS.get(pending["q"]["k"], "Decide").format(name=name)
    kind = state["stage"]["k"]
    if kind == "pick":
        return "Choose your townsfolk"
    if kind == "reset":
        return f"{name}: pledge Coins to reset the Peddler's shop, or say no"
    if kind == "shop":
        return f"{name}: buy or sell one item, change gear, or pass"
    if kind == "position":
        return f"{name}: choose a starting square (T)"
    if kind == "turn":
        open_ = [words for kind, words in TURN_CHOICES if can is None or kind in can]
        if not open_:
            return f"{name}'s turn: nothing more can be done, end the turn"
        return f"{name}'s turn: {', '.join(open_)} or end the turn"
    if kind == "discard":
        return f"{name}: discard any Feats you do not want, then keep the rest"
    return "Wait"
