"""The Torches & Pitchforks phrasebook: events -> English log lines.

Every event an action makes (turn.py, effects.py, rules.py) has a phrase here; a phrase of
None means the event is told by another one (a die rolled for a flight is told by the flight)
or tells nothing anyone may read (a card drawn into a hand). Log lines name players as
{seatN}.

Events of a game begun under the first rules carry "v": 1 and keep that version's wording
word for word, so an old saved game replays with the log it was saved with.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from tabletown.engine.rules import seat_token
from tabletown.engine.words import and_list, plural, verb

from .content import CARDS

Event = dict[str, Any]


def _old(e: Event) -> bool:
    return e.get("v") == 1


def T(seat: int) -> str:
    return seat_token(seat)


def card_name(cid: int) -> str:
    return CARDS[cid]["name"]


def monster_name(cid: int, cap: bool = False, old: bool = False) -> str:
    """"the Giant Rat" — or a proper name as it stands ("Vlad the Inhaler", "The Glob")."""
    name = CARDS[cid]["name"]
    if CARDS[cid]["proper"] and not old:
        return name
    return ("The " if cap else "the ") + name


def _the(e: Event, cap: bool = False) -> str:
    return monster_name(e["m"], cap, _old(e))


def _stats(e: Event) -> str:
    c = CARDS[e["m"]]
    extra = f" +{e['plot']}" if e.get("plot") else ""
    return f"(Power {c['power']}{extra}, Kill {c['kill']})"


def _cards(n: int) -> str:
    return plural(n, "card")


def _names(e: Event) -> str:
    names = [card_name(c) for c in e["folk"]]
    return ", ".join(names) if _old(e) else and_list(names)


def _revived(e: Event) -> str:
    back = f"{_names(e)} {verb(len(e['folk']), 'is', 'are')} back on their feet"
    if e["why"] == "recoup":
        return f"{T(e['seat'])} recoups: {back}."
    return f"{back} in {T(e['seat'])}'s Mob."


def _draw(e: Event) -> Optional[str]:
    if e.get("quiet"):
        return None
    return f"{T(e['seat'])} draws {_cards(e['n'])}."


def _shuffle(e: Event) -> Optional[str]:
    if not e.get("refill"):
        return None  # Vanished Into the Mists: the Event's own line says so
    if e["zone"] == "mob_deck":
        return "The Mob discard pile is shuffled into a new Mob deck."
    return "The Monster discard pile and the Moor are shuffled into a new Monster deck."


def _flee_failed(e: Event) -> str:
    seat = T(e["seat"])
    return (f"{seat} tries to Flee and rolls {e['roll']}: {_cards(e['cost'])} needed but only {e['hand']} in hand. "
            f"The flight fails: {seat} must Fight {_the(e)}.")


def _slain(e: Event) -> str:
    how = "melts away" if e["melt"] else f"is slain (Strength {e['str']} vs Power {e['pow']})"
    power = CARDS[e["m"]]["power"]
    return f"{_the(e, cap=True)} {how}! {T(e['seat'])} scores {power} and has {plural(e['total'], 'point')}."


def _beaten(e: Event) -> str:
    kills = str(e["kills"]) if _old(e) else ("no Townsfolk" if e["kills"] == 0 else f"{e['kills']} Townsfolk")
    return (f"{_the(e, cap=True)} beats {T(e['seat'])}'s Mob (Strength {e['str']} vs Power {e['pow']}) "
            f"and kills {kills}; it goes to the Moor.")


def _play(e: Event) -> str:
    on = ""
    if e["folk"] is not None:
        on = f" on {T(e['on'])}'s {card_name(e['folk'])}"
    elif e["on"] is not None:
        on = f" on {T(e['on'])}"
    return f"{T(e['seat'])} plays {card_name(e['card'])}{on}."


def _risen(e: Event) -> str:
    return f"{_the(e, cap=True)} {_stats(e)} rises from the Moor and attacks {T(e['seat'])}!"


PHRASES: dict[str, Callable[[Event], Optional[str]]] = {
    # chance and hidden moves: told by the events around them
    "roll": lambda e: None,
    "reveal": lambda e: None,
    "shuffle": _shuffle,
    "hands_passed": lambda e: None,
    # the turn
    "draw": _draw,
    "ready_to_flip": lambda e: f"{T(e['seat'])} is ready to flip a Monster.",
    "ready": lambda e: f"{T(e['seat'])} is ready to " + ("move on without Hunting." if e["step"] == "skip"
                                                          else "end their turn."),
    "flip": lambda e: f"{T(e['seat'])} flips {_the(e)} {_stats(e)}.",
    "flip_event": lambda e: f"{T(e['seat'])} flips the Event {card_name(e['card'])}: {CARDS[e['card']]['text']}",
    "deck_empty": lambda e: "The Monster deck is empty: every Monster has been slain.",
    "turned_away": lambda e: f"{T(e['seat'])}'s {card_name(e['card'])} turns {_the(e)} away to the Moor.",
    "must_fight": lambda e: f"{_the(e, cap=True)} cannot be Fled: {T(e['seat'])} must Fight.",
    "fight": lambda e: f"{T(e['seat'])} chooses to Fight {_the(e)}.",
    "flee_roll": lambda e: f"{T(e['seat'])} tries to Flee and rolls {e['roll']}: discard {_cards(e['cost'])}.",
    "flee_failed": _flee_failed,
    "flee_discard": lambda e: f"{T(e['seat'])} discards {card_name(e['card'])} to flee.",
    "fled": lambda e: f"{T(e['seat'])} flees; {_the(e)} goes to the Moor.",
    "hunt": lambda e: f"{T(e['seat'])} goes Hunting and finds {_the(e)} {_stats(e)} in the Moor. It must be Fought.",
    "skip": lambda e: f"{T(e['seat'])} does not go Hunting.",
    "revived": _revived,
    "discard": lambda e: f"{T(e['seat'])} discards {card_name(e['card'])}.",
    "limit_discard": lambda e: f"{T(e['seat'])} discards {card_name(e['card'])} (hand limit).",
    "drop_defense": lambda e: f"{T(e['seat'])} discards their Defense, {card_name(e['card'])}.",
    "end": lambda e: f"{T(e['seat'])} ends their turn.",
    # playing cards
    "choose_target": lambda e: f"{T(e['seat'])} plays a card and chooses its target.",
    "play": _play,
    "cancel_play": lambda e: (f"{T(e['seat'])} plays {card_name(e['card'])} to Cancel "
                              f"{T(e['victim_by'])}'s {card_name(e['victim'])}!"),
    "let_stand": lambda e: f"{T(e['seat'])} lets {card_name(e['card'])} stand.",
    "pass": lambda e: f"{T(e['seat'])} passes.",
    "canceled": lambda e: f"{T(e['seat'])}'s {card_name(e['card'])} is Canceled.",
    "takes_up": lambda e: f"{card_name(e['folk'])} takes up {card_name(e['card'])}.",
    "no_one": lambda e: f"{card_name(e['card'])} has no one to go to and is discarded.",
    "joins": lambda e: f"{card_name(e['folk'])} joins {T(e['seat'])}'s Mob.",
    "guards": lambda e: f"{card_name(e['card'])} now guards {T(e['seat'])}'s Mob.",
    "drives_away": lambda e: f"{card_name(e['card'])} drives {_the(e)} away.",
    "no_effect": lambda e: f"{card_name(e['card'])} has nothing to act on.",
    "knocked_out": lambda e: f"{T(e['seat'])}'s {card_name(e['folk'])} is knocked out.",
    "steal": lambda e: f"{T(e['seat'])} takes a random card from {T(e['victim'])}'s hand.",
    "leaves": lambda e: f"{T(e['seat'])}'s {card_name(e['folk'])} leaves the crowded Mob.",
    "slips_away": lambda e: f"{T(e['seat'])}'s Mob slips away from {_the(e)}.",
    "holy_ground": lambda e: f"{_the(e, cap=True)} cannot set foot on Holy Ground.",
    "melts": lambda e: f"{_the(e, cap=True)} melts in the rain!",
    "sum": lambda e: f"Now Strength {e['str']} vs Power {e['pow']}.",
    # the end of a fight
    "to_moor": lambda e: f"{_the(e, cap=True)} goes to the Moor without combat.",
    "slain": _slain,
    "wins": lambda e: f"{T(e['seat'])} reaches {plural(e['target'], 'point')} and saves the town!",
    "beaten": _beaten,
    "swallows": lambda e: f"{_the(e, cap=True)} swallows {plural(e['n'], 'Enhancement')}.",
    "killed": lambda e: (f"{T(e['seat'])}'s {card_name(e['folk'])} "
                         f"{'is killed' if e['why'] == 'kill' else 'dies of the Plague'}."),
    "used_up": lambda e: f"{card_name(e['folk'])}'s {card_name(e['card'])} is used up.",
    "crash": lambda e: f"Sugar crash: {T(e['seat'])} discards {card_name(e['card'])}.",
    # Events
    "fire": lambda e: f"{T(e['seat'])} drops {card_name(e['card'])} in the fire.",
    "risen": _risen,
    "nothing_rises": lambda e: "The Moor is empty: nothing rises.",
    "loses": lambda e: f"{T(e['seat'])} loses {card_name(e['card'])}.",
}
