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


# A Ruffian named "they" (Qing & Kween, the Bundits) takes the plural verb.
_PLURAL_VERBS = {"is": "are", "has": "have", "reaches": "reach", "pushes": "push"}


def ruffian_does(rid: str, verb: str) -> str:
    """The Ruffian doing something, as a sentence's start: "Barlow plays", "Qing & Kween play"."""
    if C.RUFFIANS[rid]["pronoun"] == "they":
        verb = _PLURAL_VERBS.get(verb, verb[:-1] if verb.endswith("s") else verb)
    return f"{ruffian(rid)} {verb}"


def is_ruffian(value: Any) -> bool:
    return isinstance(value, str) and value in C.RUFFIANS


def footprint(pos: Any) -> str:
    """The four squares of a Ruffian at `pos` (its top-left square), as "C4–D5"."""
    return f"{square(pos)}–{square((pos[0] + 1, pos[1] + 1))}"


def gather_steps(events: list[Event]) -> list[Event]:
    """The Ruffian's steps in a row become one walk ("moves 3 squares from E5–F6 to B5–C6"); a
    collision or anything else told between steps starts a new walk."""
    out: list[Event] = []
    for e in events:
        if e["t"] == "ruffian_step":
            last = out[-1] if out else None
            if last is not None and last["t"] == "ruffian_walk" and last["who"] == e["who"]:
                last["at"], last["n"] = e["at"], last["n"] + 1
                continue
            e = {"t": "ruffian_walk", "who": e["who"], "frm": e.get("frm"), "at": e["at"], "n": 1}
        out.append(e)
    return out


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
    if k == "push":
        return None  # the push that follows names the square chosen
    if isinstance(v, list) and (k == "spot" or (k == "place" and is_ruffian(e.get("who")))):
        return f"{who(e, 'seat')} chooses where the Ruffian goes: {footprint(v)}."
    if k in ("place", "dash") and isinstance(v, list):
        return f"{who(e, 'seat')} picks {square(v)}."
    if k == "react":
        return f"{who(e, 'seat')} {'uses' if v else 'does not use'} {source_name(e.get('row'))}."
    if k == "path":
        paths = e.get("paths") or []
        if 0 <= v < len(paths):
            return f"{who(e, 'seat')} picks path {v + 1} of {len(paths)} for the Ruffian, ending on {footprint(paths[v][-1])}."
        return f"{who(e, 'seat')} picks the Ruffian's path."
    if k == "face":
        return f"{who(e, 'seat')} turns the Ruffian to face {DIRS[v]}."
    if k == "gear":
        return f"{who(e, 'seat')} picks the {gear(v)}."
    if k == "equip":  # putting it on is told by the equip that follows
        return f"{who(e, 'seat')} keeps the {gear(e.get('gear'))} in the stash." if v == "stash" else None
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
        return f"{who(e, 'seat')} chooses: {str(texts[v]).rstrip('.') if v < len(texts) else v + 1}."
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
        return f"{roller} rolls {e['value']} (tie-break roll)."
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
        name = name if name[-1] in "!?." else name + "."
        if e.get("next"):
            return f"The next action is revealed: {name}"
        rid = e.get("who") or C.CARDS[e["card"]]["ruffian"]
        played = f"{ruffian_does(rid, 'plays')} {name}"
        return f"Bonus action: {played}" if e.get("bonus") else played
    if zone == "peddler":
        if e.get("shop"):
            return "The Peddler lays out her wares."
        return f"The Peddler turns up the {gear(e['what'][0])}."
    if zone == "feats":
        return f"{who(e)} accomplishes the Feat {C.FEATS[e['feat']]['name']}!"
    if zone == "secrets":
        return f"{who(e)} reveals a secret Town Event: {C.EVENTS[e['event']]['name']}!"
    if zone == "events":
        event = C.EVENTS[e["event"]]
        return f"{who(e)}'s Town Event: {event['name']} ({event['text']})"
    return None


COUNTED = {"coins": "{} Coins", "equipped": "{} pieces equipped", "stashed": "{} pieces stashed", "acc": "ACC {:+d}",
           "mvmt": "{} MVMT"}
MEASURES = {"closest": "{} MVMT away", "farthest": "{} MVMT away", "weakest": "{} HP", "healthiest": "{} HP"}


def _target(e: Event) -> Optional[str]:
    """Whom the Ruffian's card targets and why: the card's target line and the figure it was
    picked by ("Target: Henlo (Ann), the closest townsfolk (2 MVMT away)")."""
    spec = C.CARDS[e["card"]] if e.get("card") in C.CARDS else None
    why = spec["target_text"][0].lower() + spec["target_text"][1:] if spec else ""
    if not e["who"]:
        return f"No target: no one fits “{spec['target_text']}”." if spec else "No one is targeted."
    folks = e.get("folks", [None] * len(e["who"]))
    measures = e.get("measure") or [None] * len(e["who"])
    kind = spec["target"]["pick"] if spec else None
    names = []
    for w, f, m in zip(e["who"], folks, measures):
        name = who({"who": w, "folk": f})
        if m == 0 and kind in ("closest", "farthest"):
            name += " (already adjacent)"
        elif m is not None and kind in MEASURES:
            name += f" ({MEASURES[kind].format(m)})"
        elif m is not None and kind in ("most", "least"):
            name += f" ({COUNTED.get(spec['target'].get('stat'), '{}').format(m)})"
        names.append(name)
    if e.get("why") == "retarget":
        return f"Target: {names[0]}, who draws the Ruffian's actions to themselves."
    if len(names) > 1:
        return f"Targets: {', '.join(names)}: {why}."
    return f"Target: {names[0]}: {why}." if why else f"Target: {names[0]}."


def _tie(e: Event) -> str:
    names = [who({"who": w, "folk": f}) for w, f in zip(e["who"], e.get("folks", [None] * len(e["who"])))]
    return f"{' and '.join([', '.join(names[:-1]), names[-1]])} are tied: they roll, and the lowest roll is picked."


def _dmg(e: Event) -> Optional[str]:
    by = e.get("by")
    if e.get("src") == "ruffian" and is_ruffian(by) and by != e["who"]:  # the Ruffian is the one who deals it
        if e["n"] == 0:
            return f"{ruffian_does(by, 'deals')} no DMG to {who(e)}."
        return f"{ruffian_does(by, 'deals')} {e['n']} DMG to {who(e)} ({e['hp']} HP left)."
    victim = ruffian_does(e["who"], "takes") if is_ruffian(e["who"]) else f"{who(e)} takes"
    src = f" from {source_name(e['of'])}" if e.get("of") and e.get("src") != "ruffian" else ""
    if e["n"] == 0:
        return f"{victim} no DMG{src}."
    return f"{victim} {e['n']} DMG{src} ({e['hp']} HP left)."


def _pushed(e: Event) -> str:
    by, cause, to = e.get("by"), e.get("cause"), square(e["at"])
    if is_ruffian(by) and cause == "collision":
        return f"{ruffian_does(by, 'collides')} with {who(e)}, who is pushed to {to}."
    if is_ruffian(by):
        return f"{ruffian_does(by, 'pulls' if cause == 'pull' else 'pushes')} {who(e)} to {to}."
    return f"{who(e)} is {'pulled' if cause == 'pull' else 'pushed'} to {to}."


def _by_ruffian(e: Event, done: str, plain: str) -> str:
    """A townsfolk's gear handled by the Ruffian's action ("Qing & Kween make Henlo unequip the
    Hat"), or by the townsfolk themselves."""
    if is_ruffian(e.get("by")):
        return f"{ruffian_does(e['by'], 'makes')} {who(e)} {done} the {gear(e['gear'])}."
    return f"{who(e)} {plain} the {gear(e['gear'])}."


AFTER_WHEN = {"damaged": "the target took DMG", "not-damaged": "the target took no DMG",
              "reached": "the target was reached", "inside": "the Ruffian is inside the target",
              "partly-inside": "the Ruffian is inside the target"}
AFTER_MISSED = {"damaged": "the target took no DMG", "not-damaged": "the target took DMG",
                "reached": "the target was not reached", "inside": "the Ruffian is not completely inside the target",
                "partly-inside": "the Ruffian is not inside the target"}


def _after(e: Event) -> str:
    text = C.CARDS[e["card"]]["after_text"] if e.get("card") in C.CARDS else ""
    when = AFTER_WHEN.get(C.CARDS[e["card"]]["after"]["when"]) if e.get("card") in C.CARDS else None
    return f"Aftereffect{' (' + when + ')' if when else ''}: {text}" if text else "Aftereffect!"


def _no_after(e: Event) -> str:
    if not e.get("who") and e["when"] in ("damaged", "not-damaged", "reached"):
        return "No aftereffect: there is no target."
    return f"No aftereffect: {AFTER_MISSED.get(e['when'], 'its condition is not met')}."


def _result(e: Event) -> str:
    """A roll on a table: what for, the die and what was added, the rows rolled against, the row."""
    roller = ruffian_does(e["who"], "rolls") if is_ruffian(e["who"]) else f"{who(e)} rolls"
    if "rows" not in e:
        return f"{roller} {e['total']}{': ' + e['row'] if e.get('row') else '.'}"
    src = source_name(e.get("src")) if e.get("src") else ""
    src = src[4:] if src.startswith("the ") else src
    rows = [_band(lo, hi) for lo, hi in e["rows"]]
    sum_ = str(e["total"])
    if e.get("bonus"):
        added = e["total"] - e["natural"]
        sign = "+" if added >= 0 else "−"
        sum_ = f"{e['natural']} {sign} {abs(added)} ({BONUS.get(e['bonus'], e['bonus'])}) = {e['total']}"
    row = rows[e["picked"]] + (": " + e["row"] if e.get("row") else ".")
    return f"{roller} for {src}: {sum_}, against {' / '.join(rows)} → {row}"


BONUS = {"mvmt": "MVMT", "mox": "MOX", "acc": "ACC", "hp": "HP", "max-hp": "Max HP", "coins": "Coins"}


def _band(lo: Optional[int], hi: Optional[int]) -> str:
    if lo is None:
        return f"{hi} or less"
    if hi is None:
        return f"{lo}+"
    return str(lo) if lo == hi else f"{lo}–{hi}"


def _bumped(e: Event) -> str:
    if is_ruffian(e["who"]):
        return f"{ruffian_does(e['who'], 'runs')} into an obstacle or the board's edge and {'stop' if C.RUFFIANS[e['who']]['pronoun'] == 'they' else 'stops'}."
    return f"{who(e)} is stopped short by an obstacle, the Ruffian or the board's edge."


def _ruffian_walk(e: Event) -> str:
    start = f" from {footprint(e['frm'])}" if e.get("frm") else ""
    return f"{ruffian_does(e['who'], 'moves')} {plural(e['n'], 'square')}{start} to {footprint(e['at'])}."


def _kept_fires(e: Event) -> str:
    rid = C.CARDS[e["card"]]["ruffian"]
    return f"{ruffian(rid)}'s kept card {card(e['card'])} takes effect."


def _crit(e: Event) -> str:
    """The Crit Hit chart's roll and the row it gives (why the Ruffian may act next)."""
    row = next((r for r in C.CRIT_CHART["table"] if r["min"] == e.get("row")), None)
    return f"Crit Hit chart: {e['roll']}" + (f": {row['text']}" if row else ".")


def _attack_roll(e: Event) -> str:
    word = {"hit": "hit", "crit": "CRITICAL HIT", "miss": "miss", "whiff": "whiff"}[e["result"]]
    return f"Roll {e['natural']} → {e['total']} against {e['need']}+: {word}."


def _stat(e: Event) -> str:
    stat = {"mvmt": "MVMT", "mox": "MOX", "acc": "ACC", "max-hp": "Max HP"}[e["stat"]]
    return f"{who(e)}'s {stat} is {'raised' if e['n'] > 0 else 'lowered'} by {abs(e['n'])}."


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
    "tie": _tie,
    "ruffian_walk": _ruffian_walk,
    "reach": lambda e: f"{ruffian_does(e['who'], 'reaches')} {who(e, 'to')}.",
    "out_of_reach": lambda e: f"{ruffian_does(e['who'], 'cannot')} reach {who(e, 'to')} this turn: no DMG.",
    "out_of_range": lambda e: f"Nothing happens: {who(e)} is out of range ("
                              f"{'off the board' if e.get('d') is None else plural(e['d'], 'square') + ' away'}"
                              f", range {e['range']}).",
    "stays": lambda e: f"{ruffian_does(e['who'], 'stays')} put: there is no one to move towards.",
    "no_after": _no_after,
    "defeated": lambda e: f"{ruffian(e['who'])} is defeated!",
    "breaking": lambda e: f"{ruffian_does(e['who'], 'hits')} a breaking point at {e['hp']} HP!",
    "ko": lambda e: f"{who(e)} is knocked out!",
    "heal": lambda e: f"{ruffian_does(e['who'], 'restores') if is_ruffian(e['who']) else who(e) + ' restores'} "
                      f"{e['n']} HP.",
    "coins": lambda e: None if e.get("quiet") else
    f"{who(e)} {'gains' if e['n'] > 0 else 'loses'} {plural(abs(e['n']), 'Coin')}.",
    "stat": _stat,
    "restored": lambda e: f"{who(e)} shakes off what the Ruffian lowered.",
    "boost": lambda e: None,
    "unequip": lambda e: _by_ruffian(e, "unequip", "unequips"),
    "discard": lambda e: _by_ruffian(e, "discard", "loses"),
    "steal": lambda e: f"{ruffian_does(e['by'], 'takes') if is_ruffian(e.get('by')) else 'The Ruffian takes'} "
                       f"{who(e)}'s {gear(e['gear'])}.",
    "recover": lambda e: f"{who(e)} gets the {gear(e['gear'])} back.",
    "equip": lambda e: f"{who(e)} equips the {gear(e['gear'])}.",
    "gain": lambda e: f"{who(e)} receives the {gear(e['gear'])}.",
    "cannot_pay": lambda e: f"{who(e)} cannot pay for the {gear(e['gear'])}.",
    "exchange": lambda e: f"{who(e)} trades the {gear(e['gear'])} for the {gear(e['taken'])}.",
    "refused": lambda e: f"{who(e)} says no.",
    "counter": _counter,
    "keep": lambda e: f"{card(e['card'])} is kept in front of {'the group' if e['holders'] == 'group' else 'the target'}.",
    "skip": lambda e: f"{ruffian(e['who'])} dozes off.",
    "dozes": lambda e: f"{ruffian(e['who'])} plays no action.",
    "result": _result,
    "exhaust": lambda e: f"The {terrain(e['terrain'])} can no longer be activated.",
    "terrain_gone": lambda e: f"The {terrain(e['terrain'])} is removed.",
    "terrain_placed": lambda e: f"A {terrain(e['terrain'])} appears at {square(e['at'])}.",
    "no_room": lambda e: f"There is no room to place {who(e)}.",
    "removed": lambda e: f"{who(e)} is removed from the board.",
    "returned": lambda e: f"{who(e)} returns to the board.",
    "weakness": lambda e: f"{ruffian(e['who'])}'s weakness, {C.RUFFIANS[e['who']]['weakness']['name']}, is activated!",
    "kept_fires": _kept_fires,
    "unkeep": lambda e: f"{card(e['card'])} is discarded.",
    "ruffian_at": lambda e: f"{ruffian_does(e['who'], 'is')} placed on {footprint(e['at'])}.",
    "at": lambda e: f"{who(e)} is at {square(e['at'])}." if e.get("how") != "start" else f"{who(e)} starts at {square(e['at'])}.",
    "face": lambda e: f"{ruffian_does(e['who'], 'turns')} to face {DIRS[e['to']]}." if is_ruffian(e["who"]) else None,
    "ruffian_step": lambda e: None,  # told as a walk (gather_steps)
    "pushed": _pushed,
    "bumped": _bumped,
    "step": lambda e: None,
    "turn": lambda e: None,
    "target": _target,
    "target_terrain": lambda e: f"Target: the {terrain(e['terrain'])}.",
    "after": _after,
    "bonus_action": lambda e: None,
    "fight": lambda e: f"The fight begins: {ruffian(e['ruffian'])} has {e['hp']} HP.",
    "sheriff": lambda e: f"{who(e)} is the new sheriff!",
    "move": lambda e: f"{who(e)} moves to {square(e['to'])}.",
    "attack": lambda e: f"{who(e)} attacks with the {gear(e['gear'])}.",
    "attack_roll": _attack_roll,
    "hits": lambda e: None,
    "misses": lambda e: None,
    "crit": _crit,
    "interact": lambda e: f"{who(e)} uses the {terrain(e['terrain'])}.",
    "use": lambda e: f"{who(e)} uses {source_name(e.get('row'))}"
                     f"{' on ' + who(e, 'chosen') if isinstance(e.get('chosen'), int) else ''}.",
    "end_turn": lambda e: f"{who(e)} ends the turn.",
    "victory": lambda e: f"{ruffian(e['who'])} is beaten! Each townsfolk gets 6 Coins.",
    "loot": lambda e: f"{who(e)} loots the {gear(e['gear'])}.",
    "feat_discarded": lambda e: f"{who(e)} discards a Feat.",
    "keep_feats": lambda e: f"{who(e)} keeps {plural(e['n'], 'unaccomplished Feat')}.",
    "rotate": lambda e: "The Buyin'/Beatin' bar rotates.",
    "ending": _ending,
    "picked": lambda e: f"{seat_token(e['who'])} plays {C.TOWNSFOLK[e['folk']]['name']}"
                        f"{' with the alternative starting gear' if e.get('alt') else ''}.",
    "town": lambda e: f"Town Phase {e['round']}.",
    "feat_drawn": lambda e: None,
    "pledge": lambda e: f"{who(e)} pledges {plural(e['n'], 'Coin')} to reset the shop.",
    "no_reset": lambda e: f"{who(e)} would rather not reset the shop.",
    "reset": lambda e: "The Peddler resets her shop.",
    "secret_drawn": lambda e: f"{who(e)} draws a secret Town Event.",
    "bought": lambda e: f"{who(e)} buys the {gear(e['gear'])} for {plural(e['n'], 'Coin')}.",
    "sold": lambda e: f"{who(e)} sells the {gear(e['gear'])} for {plural(e['n'], 'Coin')}.",
    "give": lambda e: f"{who(e)} gives the {gear(e['gear'])} to {who(e, 'to')}.",
    "pass": lambda e: f"{who(e)} is done shopping.",
    "shop_closed": lambda e: "The Peddler packs up.",
    "barrel_hits": lambda e: "The barrel smashes into the Ruffian!",
    "barrel_rolls": lambda e: f"The barrel rolls to {square(e['at'])} and breaks.",
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
    "equip": "Equip the {gear} now, for free?",
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
        return QUESTIONS.get(pending["q"]["k"], "Decide").format(name=name, gear=gear(pending["q"].get("gear")))
    kind = state["stage"]["kind"]
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
