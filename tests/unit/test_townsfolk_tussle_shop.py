"""Shopping with the Peddler and the Town Event rolls, as the rulebook words them.

- "Gear may be equipped freely before the Fight Phase begins": from rules version 2, buying a piece
  offers to equip it at once, for free, when a slot it fits is free; with every such slot taken it
  goes to the stash, as before. A game begun under version 1 keeps its rules: no offer.
- "If the event requires you to roll, a single D10 is used. The result may be affected by your stats;
  for example, if the event says 'Roll (+Max MVMT)', your MVMT is added to the result." The log says
  what the roll was for, the die and the stat added, and the rows it was rolled against.
"""

from __future__ import annotations

from tabletown.games.townsfolk_tussle import SPEC
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table, dice

QUINTUS, MELBA = "Quintus ({seat2})", "Melba ({seat1})"



def at_the_peddler(version: int = SPEC.rules_version) -> Table:
    """The Town Phase's shopping, Quintus (Big Stick and Pocket Rocks in his hands) first in Buyin' order."""
    t = Table(("henlo", "melba", "quintus"))
    if version != SPEC.rules_version:
        t.state = RULES.setup(1, 3, SPEC.normalize(3, {}), version=version)
        for seat, tid in enumerate(("henlo", "melba", "quintus")):
            t.act(seat, {"type": "pick", "folk": tid, "alt": False})
    while t.stage["kind"] == "reset":
        t.act(t.stage["seat"], {"type": "no-reset"})
    t.settle()
    assert t.stage == {"kind": "shop", "seat": 2, "passes": 0}
    t.state["peddler"]["shop"] = ["sunday-best", "bolas", "professors-mortarboard"]
    for seat in range(3):
        t.folk(seat)["coins"] = 30
    return t


def test_buying_a_piece_for_a_free_slot_offers_to_put_it_on_at_once():
    t = at_the_peddler()
    t.act(2, {"type": "buy", "g": "sunday-best"})
    assert t.question == {"seat": 2, "k": "equip", "opts": ["chest", "stash"], "gear": "sunday-best"}
    assert RULES.prompt(t.state, 2) == "Equip the Sunday Best now, for free?"
    t.answer("chest")
    assert t.folk(2)["eq"]["chest"] == "sunday-best" and "sunday-best" not in t.folk(2)["stash"]
    assert t.stage["seat"] == 1  # the purchase was Quintus' turn at the Peddler's
    assert t.lines[-1] == "Quintus ({seat2}) equips the Sunday Best."


def test_the_piece_may_stay_in_the_stash():
    t = at_the_peddler()
    t.act(2, {"type": "buy", "g": "sunday-best"})
    t.answer("stash")
    assert t.folk(2)["eq"]["chest"] is None and "sunday-best" in t.folk(2)["stash"]


def test_with_every_slot_it_fits_taken_nothing_is_asked():
    # Quintus holds the Big Stick and the Pocket Rocks: a 1-handed Bolas has no free hand.
    t = at_the_peddler()
    t.act(2, {"type": "buy", "g": "bolas"})
    assert t.question is None and "bolas" in t.folk(2)["stash"]
    assert t.stage["seat"] == 1


def test_a_free_hand_is_offered_and_a_taken_one_is_not():
    t = at_the_peddler()
    t.act(2, {"type": "pass"})
    t.act(1, {"type": "buy", "g": "bolas"})  # Melba: the Walking Cane in her left hand, the right one free
    assert t.question["opts"] == ["right-hand", "stash"]


def test_a_game_begun_under_rules_version_1_never_offers():
    t = at_the_peddler(version=1)
    t.act(2, {"type": "buy", "g": "sunday-best"})
    assert t.question is None and "sunday-best" in t.folk(2)["stash"]


def test_a_town_event_roll_says_what_it_is_for_the_stat_added_and_the_rows():
    # Poker Night: "Roll (+Max MOX). 5 or less… 6–9… 10+"; Quintus has 3 MOX and rolls a 3.
    t = Table(("henlo", "melba", "quintus"))
    t.state["event_deck"].remove("poker-night")
    t.state["event_deck"].insert(0, "poker-night")
    with dice(3):
        while t.stage["kind"] == "reset":
            t.act(t.stage["seat"], {"type": "no-reset"})
    line = " ".join(t.lines[-3:])
    assert f"{QUINTUS}'s Town Event: Poker Night (Roll (+Max MOX)." in line
    assert f"{QUINTUS} rolls for Poker Night: 3 + 3 (MOX) = 6, against 5 or less / 6–9 / 10+ → 6–9." in line
