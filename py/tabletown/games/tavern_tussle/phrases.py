"""Tavern Tussle's phrasebook: the log line of each event (players are {seat0}, {seat1}…)."""

from __future__ import annotations

from typing import Any, Callable, Optional

from ...engine.rules import seat_token as who
from ...engine.words import plural
from .content import TAVERNERS, hero_label

Event = dict[str, Any]


def _revealed(e: Event) -> str:
    shown = ", ".join(f"{who(s)}: {hero_label(e['what'][s])} (Initiative {e['inits'][s]})" for s in e["order"])
    return f"All active Heroes are revealed — {shown}."


def _target(e: Event) -> str:
    if e["chosen"]:
        return f"{who(e['seat'])} targets {who(e['target'])}."
    return f"{who(e['seat'])}'s {hero_label(e['card'])} targets {who(e['target'])}."


def _acts(e: Event) -> str:
    special = e["special"]
    if special is not None:
        what = f"Cheers: {TAVERNERS[special]['special']}"
    else:
        what = " + ".join(e["abilities"]) or "no ability"
    return f"{who(e['seat'])}'s {hero_label(e['card'])} acts ({what})."


_IDLE = {
    "none": "has no ability",
    "boost": "gives its Boost from the tableau",
    "draught_v1": "drinks a Quick Draught: the Hare's +3 Initiative is a standing effect",
    "draught": "drinks a Quick Draught: face-up in the tableau, it adds 3 to the Initiative of every later Hero",
}

_TIE = {
    "luck": "more Luck showing",
    "tableau": "fewer cards in the tableau",
    "age": "the younger player",
}


def _flip(e: Event) -> str:
    verb = "attacks" if e["how"] == "attack" else "counters"
    return (f"{who(e['seat'])}'s {hero_label(e['card'])} {verb} {who(e['target'])}'s {hero_label(e['victim'])}, "
            "flipping it to its Coin side.")


PHRASES: dict[str, Callable[[Event], Optional[str]]] = {
    "activate": lambda e: f"{who(e['seat'])} places a Hero face-down as their active Hero.",
    "discard": lambda e: f"{who(e['seat'])} discards {'their last Hero' if e['last'] else 'a Hero'}.",
    "reveal": _revealed,
    "tie": lambda e: (f"{who(e['first'])} goes before {who(e['then'])} on Initiative {e['init']}: "
                      f"{_TIE[e['by']]}."),
    "pass_left": lambda e: "The remaining hands are passed to the left.",
    "acts": _acts,
    "idle": lambda e: f"{who(e['seat'])}'s {hero_label(e['card'])} {_IDLE[e['why']]}.",
    "flipped": lambda e: f"{who(e['seat'])}'s {hero_label(e['card'])} was flipped to its Coin side and does not act.",
    "target": _target,
    "no_target": lambda e: f"{who(e['seat'])}'s {hero_label(e['card'])} has no one to target.",
    "flip": _flip,
    "steal": lambda e: f"{who(e['seat'])} steals a Coin ({hero_label(e['card'])}) from {who(e['target'])}.",
    "heal": lambda e: f"{who(e['seat'])} heals a Coin back to their {hero_label(e['card'])}.",
    "copy": lambda e: f"{who(e['seat'])} copies the ability of their {hero_label(e['card'])}.",
    "taverner_down": lambda e: f"{who(e['seat'])}'s Taverner turns face-down: they are off-limits.",
    "unflip_all": lambda e: "Every other Taverner is face-down: all Taverners are unflipped.",
    "round": lambda e: f"Round {e['round']} begins: {plural(e['cards'], 'Hero', 'Heroes')} are dealt to each player.",
    "shuffle": lambda e: "The Hero deck ran out: the discard pile is shuffled into a new deck.",
    "deal": lambda e: None,  # the cards dealt are each player's secret; "round" tells the table
    "over": lambda e: "The third round is over: the stories are scored.",
}
