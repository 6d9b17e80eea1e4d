"""What the status line asks of a posse now."""

from __future__ import annotations

from tabletown.engine.words import plural

from . import models as M
from . import options as O
from .phrases import NODE_NAMES, name


def prompt_for(state, seat) -> str:
    if state["phase"] == "over":
        return "The gunfight is over"
    if seat not in O.active(state):
        return "Waiting for another posse"
    p = state["pending"]
    if p is not None:
        kind = p["kind"]
        if kind == "snap":
            ctx = p["window"]["ctx"]
            d, a = state["models"][ctx["model"]], state["models"][ctx["threat"]]
            threat = "takes aim at" if any(s["do"] == "fire" for s in state["queue"]) else "goes for"
            return (f"{who(state, a)} {threat} {who(state, d)}: play a card higher than their initiative card "
                    "for a Snap Shot, or let it go")
        if kind == "covered":
            mover = state["models"][p["window"]["ctx"]["mover"]]
            return f"{who(state, mover)} moved in your sights: take the Got You Covered! shot, or hold fire"
        if kind == "adjust":
            return f"An aimed hit: move the wound roll of {p['roll']} up or down by one, or keep it"
        if kind == "brawl":
            return "Fisticuffs! Choose a card from your hand"
        if kind == "place":
            return f"Place {who(state, state['models'][p['model']])} in your posse's area"
    phase = state["phase"]
    if phase == "initiative":
        return "Place one card face down for initiative"
    if phase == "discard":
        return "You played a 3: discard any cards you like, then keep the rest"
    if phase == "build":
        return "Build your posse: two to six characters, each with one or two weapons and one or two traits"
    if phase == "shop":
        return "Spend Silver Dollars before the act, then say you are ready"
    if phase == "trail":
        act = state["act"]
        if seat == 1:
            return "Ride one space toward the border, in secret"
        places = ", ".join(NODE_NAMES[n] for n in act["possible"] if n not in act["guesses"])
        return f"Where are the Cowboys? Guess: {places}"
    if phase == "act":
        sel = state["selected"]
        if sel is None:
            return "Pick a character to act, or end your activation"
        m = state["models"][sel]
        left = M.action_limit(state, m) - m["acts"]
        text = f"{who(state, m)}: {plural(left, 'action')} left. Choose an action or press a point to move"
        if not O.switch_allowed(state):
            text += " (Undo to pick someone else)"
        return text
    return "Your move"


def who(state, m) -> str:
    return name(M.ref(state, m))
