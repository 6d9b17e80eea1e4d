"""Tumble Town's phrasebook: a move's events become one log line.

A line is the move itself ("{seat0} claims the Bank from the 3-cactus row"), then what
followed it, each after a semicolon and always in this order: the dice rolled, the
Outlaw's or the Sole Surveyor's turn, the plans turned face up, the last round, the end
("…; rolls gold 5, brown 2; the Post Office is revealed").
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from tabletown.engine.rules import seat_token
from tabletown.engine.words import plural

from .content import COLORS, LEVEL_NAMES, PLANS, PLOTS

SIDE_NAMES = ("north", "south")
Event = dict[str, Any]


def die_name(d: list[Any]) -> str:
    return f"{d[0]} {d[1]}"


def dice_text(dice: list[list[Any]]) -> str:
    return ", ".join(die_name(d) for d in dice) if dice else "no dice"


def _name(pid: int) -> str:
    return PLANS[pid]["name"]


def power_text(power: dict[str, Any]) -> str:
    """A building power in words (prompts and the board)."""
    k = power["k"]
    pts = power.get("pts")
    return {
        "flip": "flip a die to its opposite side",
        "plusminus": "add 1 to one die and/or subtract 1 from another",
        "adjust1": "add 1 to or subtract 1 from a die",
        "adjust2": "add 2 to or subtract 2 from a die",
        "black_split": "return a black die for a brown and a gray die",
        "reroll": "reroll any number of your dice once",
        "swap": "return a brown, gray or black die and take a brown, gray or black die",
        "gain_die": "gain a brown, gray or black die of your choice",
        "warehouse": "gain a brown, gray and black die and three Storehouse spaces",
        "tokens": "gain three Dice Tokens",
        "pairs": f"{plural(pts, 'point')} for each pair of dice in your Storehouse",
        "feature": f"{plural(pts, 'point')} for each {power.get('f')} on your buildings",
        "height": f"{plural(pts, 'point')} for each building of height {power.get('h')}",
        "sets": f"{plural(pts, 'point')} for each set of all four style icons (Horse included)",
        "neighbor": f"{plural(pts, 'point')} for each {power.get('icon')} on your neighbours' buildings",
    }[k]


def outlaw_text(last: dict[str, Any]) -> str:
    """The Outlaw's turn: its roll, the plans it steals, the dice it takes and returns."""
    roll = last["roll"]
    bits = ["the Outlaw rolls " + ", ".join(f"{c} {v}" for c, v in roll.items())]
    if last["plans"]:
        bits.append("steals " + ", ".join(_name(p) for p in last["plans"]))
    took = {c: n for c, n in last["took"].items() if n}
    if took:
        bits.append("takes " + ", ".join(f"{n} {c}" for c, n in took.items()) + " dice")
    ret = {c: n for c, n in last["returned"].items() if n}
    if ret:
        bits.append("returns " + ", ".join(f"{n} {c}" for c, n in ret.items()))
    if last["penalty"] > 0:
        bits.append(f"gains {plural(last['penalty'], 'Penalty token')}")
    elif last["penalty"] < 0:
        bits.append("drops a Penalty token")
    return ", ".join(bits)


def _where(e: Event) -> str:
    at = e["at"]
    if not at:
        return ""
    side, start, mirror = at
    cols = [start + i for i in range(PLANS[e["plan"]]["width"])]
    on = [c + 1 for c in cols if 0 <= c < PLOTS]
    plots = f"plot {on[0]}" if len(on) == 1 else f"plots {on[0]}–{on[-1]}"
    return f" on the {SIDE_NAMES[side]} side of Main Street ({plots})" + (", mirrored" if mirror else "")


def _place(e: Event) -> str:
    pens = f" with {plural(e['pen'], 'Penalty token')}" if e["pen"] else ""
    return f"{seat_token(e['seat'])} builds the {_name(e['plan'])}{_where(e)}{pens}"


def _power_pick(e: Event) -> str:
    who, d, name = seat_token(e["seat"]), e["die"], _name(e["plan"])
    power = e["power"]
    if power == "flip":
        return f"{who} flips a {die_name(d)} to {7 - d[1]} ({name})"
    if power == "black_split":
        return f"{who} trades a black die for a brown and a gray ({name})"
    if power == "swap":
        return f"{who} returns a {die_name(d)} ({name})"
    return f"{who} marks a {die_name(d)} to reroll"


def _outlaw_dice(e: Event) -> str:
    moved = e["moved"]
    bits = []
    got = [f"{n} {c}" for c, n in ((c, moved[c]) for c in COLORS) if n > 0]
    back = [f"{-n} {c}" for c, n in ((c, moved[c]) for c in COLORS) if n < 0]
    if got:
        bits.append("it takes " + ", ".join(got))
    if back:
        bits.append("it returns " + ", ".join(back))
    if e["finished"]:
        bits.append(f"the Outlaw ends its turn with {e['penalties']} Penalty tokens")
    return "; ".join(bits)


def _surveyor(e: Event) -> str:
    if e["plans"]:
        return f"the Sole Surveyor rolls {e['roll']} and clears " + ", ".join(_name(p) for p in e["plans"])
    return f"the Sole Surveyor rolls {e['roll']}"


def _reveal(e: Event) -> Optional[str]:
    if e["zone"] == "rows":
        return f"the {_name(e['what'])} is revealed"
    return None  # the Horses shown at the end: the score table tells them


def _who(e: Event) -> str:
    return seat_token(e["seat"])


PHRASES: dict[str, Callable[[Event], Optional[str]]] = {
    # the move itself
    "start_die": lambda e: f"{_who(e)} starts with a {e['color']} die",
    "claim": lambda e: f"{_who(e)} claims the {_name(e['plan'])} from the {LEVEL_NAMES[PLANS[e['plan']]['level']]} row",
    "take": lambda e: f"{_who(e)} takes a {e['color']} die",
    "build": lambda e: f"{_who(e)} starts building the {_name(e['plan'])}",
    "put": lambda e: f"{_who(e)} puts a {die_name(e['die'])} on the plan",
    "cancel": lambda e: f"{_who(e)} takes the dice back off the plan",
    "place": _place,
    "power": lambda e: f"{_who(e)} uses the {_name(e['plan'])}",
    "token": lambda e: f"{_who(e)} reaches for a Dice Token",
    "pan": lambda e: f"{_who(e)} goes to the Gold Pan",
    "back": lambda e: f"{_who(e)} changes their mind",
    "gain": lambda e: f"{_who(e)} gains a {e['color']} die",
    "pan_pick": lambda e: f"{_who(e)} puts a {die_name(e['die'])} in the Gold Pan",
    "pan_color": lambda e: f"{_who(e)} pans for a {e['color']} die",
    "token_pick": lambda e: f"{_who(e)} picks the {die_name(e['die'])} for a Dice Token",
    "token_value": lambda e: f"{_who(e)} spends a Dice Token: the die now shows {e['value']}",
    "adjust": lambda e: f"{_who(e)} turns a {die_name(e['die'])} into a {e['to']} ({_name(e['plan'])})",
    "power_pick": _power_pick,
    "reroll": lambda e: f"{_who(e)} rerolls {e['n']} dice ({_name(e['plan'])})",
    "swap_color": lambda e: f"{_who(e)} takes a {e['color']} die ({_name(e['plan'])})",
    "done": lambda e: f"{_who(e)} is done with the {_name(e['plan'])}",
    "end": lambda e: f"{_who(e)} ends the turn",
    "discard": lambda e: f"{_who(e)} discards a {die_name(e['die'])}",
    "outlaw_take": lambda e: f"{_who(e)} sends the Outlaw to the {e['color']} supply",
    "outlaw_return": lambda e: f"{_who(e)} picks {e['color']} for the Outlaw to return",
    # what followed it
    "roll": lambda e: None,  # each die; the "rolls" event tells the dice together
    "rolls": lambda e: "rolls " + dice_text(e["dice"]),
    "outlaw_dice": _outlaw_dice,
    "outlaw": lambda e: outlaw_text(e["last"]),
    "surveyor": _surveyor,
    "reveal": _reveal,
    "ending": lambda e: "the end of the game is near: this round is the last",
    "over": lambda e: "the game is over",
}

# What followed a move, told after it in this order (the Rules' `afterwards`: the kit's
# log joiner puts each after "; ").
AFTERWARDS = {"roll": 0, "rolls": 1, "outlaw_dice": 2, "outlaw": 2, "surveyor": 3, "reveal": 4, "ending": 5, "over": 6}

