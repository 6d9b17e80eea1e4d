"""The Town Phase as the rulebook words it, each rule on both sides of its boundary.

- "In the first Town Phase, each townsfolk simply draws 3 Feats of Mettle"; later they draw back
  up to 3 unaccomplished Feats.
- Shop reset: "a collective 2 Coins per townsfolk, divided as they choose … all players must be in
  agreement": each pledges what they like up to what is still owed, and the last makes up the rest.
- The Peddler: "Each player may buy or sell one item on their turn (in Buyin' Order)"; Buyin' order
  is the Buyin'/Beatin' bar read bottom to top, and it goes round until everyone passes.
- Trading variant: "players may freely exchange gear with one another during the Town Phase."
"""

from __future__ import annotations

import json

import pytest

from tabletown.engine.rules import IllegalAction
from tabletown.engine.state import clone
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.match import Match
from tests.unit.test_townsfolk_support import Table


def to_shop(t: Table) -> None:
    t.act(t.stage["seat"], {"type": "no-reset"})
    t.settle()
    assert t.stage["kind"] == "shop"


# --- Feats of Mettle -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("folk", [("melba", "quintus"), ("melba", "quintus", "yancy"),
                                  ("melba", "quintus", "yancy", "norman")])
def test_in_the_first_town_phase_each_townsfolk_draws_three_feats(folk):
    t = Table(folk)
    for seat in range(len(folk)):
        assert len(t.folk(seat)["feats"]) == 3, seat
    drawn = [f for seat in range(len(folk)) for f in t.folk(seat)["feats"]]
    assert len(drawn) == len(set(drawn)) or len(C.FEAT_CARDS) < len(drawn)


@pytest.mark.parametrize("kept, drawn", [(0, 3), (1, 2), (2, 1), (3, 0)])
def test_later_town_phases_draw_back_up_to_three(kept, drawn):
    t = Table(("melba", "quintus"))
    hand = list(C.FEAT_CARDS[:kept])
    deck = [f for f in C.FEAT_CARDS if f not in hand][:5]
    m = Match(clone(t.state), [])
    m.s["folk"][0]["feats"] = list(hand)
    m.s["folk"][1]["feats"] = list(C.FEAT_CARDS[5:8])
    m.s["feat_deck"] = list(deck)
    m.begin_town()
    assert m.s["folk"][0]["feats"] == hand + deck[:drawn]
    assert len(m.s["folk"][1]["feats"]) == 3


def test_the_discarded_feats_are_shuffled_into_a_new_deck_when_it_runs_out():
    t = Table(("melba", "quintus"))
    m = Match(clone(t.state), [])
    m.s["folk"][0]["feats"] = []
    m.s["folk"][1]["feats"] = list(C.FEAT_CARDS[:3])
    m.s["feat_deck"] = [C.FEAT_CARDS[3]]
    m.s["feats_gone"] = list(C.FEAT_CARDS[4:9])
    m.begin_town()
    hand = m.s["folk"][0]["feats"]
    assert len(hand) == 3 and hand[0] == C.FEAT_CARDS[3]
    assert set(hand[1:]) <= set(C.FEAT_CARDS[4:9])
    assert m.s["feats_gone"] == [] and len(m.s["feat_deck"]) == 3


# --- the shop reset ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("coins, offered", [(10, 6), (7, 6), (6, 6), (5, 5), (4, 4), (1, 1), (0, 0)])
def test_a_townsfolk_pledges_anything_from_nothing_up_to_what_is_owed_or_they_have(coins, offered):
    t = Table(("melba", "quintus", "yancy"))  # a reset costs 3 × 2 = 6 Coins
    seat = t.stage["seat"]
    t.folk(seat)["coins"] = coins
    pledges = sorted(a["n"] for a in t.legal(seat) if a["type"] == "pledge")
    assert pledges == list(range(0, offered + 1))
    assert {"type": "no-reset"} in t.legal(seat)
    if coins > offered:
        with pytest.raises(IllegalAction):
            t.act(seat, {"type": "pledge", "n": offered + 1})


@pytest.mark.parametrize("coins, can", [(3, True), (2, True), (1, False), (9, True)])
def test_the_last_townsfolk_makes_up_the_rest_or_there_is_no_reset(coins, can):
    t = Table(("melba", "quintus", "yancy"))
    t.act(t.stage["seat"], {"type": "pledge", "n": 1})
    t.act(t.stage["seat"], {"type": "pledge", "n": 3})
    last = t.stage["seat"]
    t.folk(last)["coins"] = coins
    pledges = [a["n"] for a in t.legal(last) if a["type"] == "pledge"]
    assert pledges == ([2] if can else [])  # 6 owed, 4 pledged: exactly the 2 left
    assert {"type": "no-reset"} in t.legal(last)


@pytest.mark.parametrize("folk, owed", [(("melba", "quintus"), 4), (("melba", "quintus", "yancy"), 6),
                                        (("melba", "quintus", "yancy", "norman"), 8)])
def test_a_reset_costs_two_coins_per_townsfolk(folk, owed):
    t = Table(folk)
    assert t.match().reset_needed() == owed
    seats = []
    for _ in range(len(folk) - 1):
        seats.append(t.stage["seat"])
        t.act(t.stage["seat"], {"type": "pledge", "n": 0})
    last = t.stage["seat"]
    assert [a["n"] for a in t.legal(last) if a["type"] == "pledge"] == [owed]
    before = list(t.state["peddler"]["shop"])
    coins = t.folk(last)["coins"]
    t.act(last, {"type": "pledge", "n": owed})
    assert t.folk(last)["coins"] == coins - owed
    assert len(t.state["peddler"]["shop"]) == 10 and not set(before) & set(t.state["peddler"]["shop"])
    assert set(before) <= set(t.state["peddler"]["gone"])


def test_the_reset_is_asked_in_buyin_order_and_only_once_a_town_phase():
    t = Table(("melba", "quintus", "yancy"))
    order = []
    for _ in range(3):
        order.append(t.stage["seat"])
        assert t.stage["kind"] == "reset"
        t.act(t.stage["seat"], {"type": "pledge", "n": 2})
    assert order == list(reversed(t.state["bar"]))  # Buyin' order: the bar from the bottom up
    t.settle()
    assert t.stage["kind"] == "shop"
    assert not any(a["type"] in ("pledge", "no-reset") for a in t.legal(t.stage["seat"]))


# --- shopping in Buyin' order -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bar", [[0, 1, 2], [2, 0, 1], [1, 2, 0]])
def test_shopping_goes_round_in_buyin_order(bar):
    t = Table(("melba", "quintus", "yancy"))
    t.state["bar"] = list(bar)
    t.state["stage"]["seat"] = bar[-1]
    t.state["stage"]["left"] = list(reversed(bar))
    to_shop(t)
    buyin = list(reversed(bar))
    seen = []
    for _ in range(4):
        seat = t.stage["seat"]
        seen.append(seat)
        t.act(seat, {"type": "pass"})
        if t.stage["kind"] != "shop":
            break
    assert seen == buyin  # three passes in a row close the shop


def test_buying_or_selling_starts_the_count_of_passes_again():
    t = Table(("melba", "quintus", "yancy"))
    to_shop(t)
    buyin = list(reversed(t.state["bar"]))
    a, b, c = buyin
    t.act(a, {"type": "pass"})
    t.act(b, {"type": "pass"})
    cheap = min(t.state["peddler"]["shop"], key=lambda g: C.gear_of(g)["cost"])
    t.folk(c)["coins"] = 99
    t.act(c, {"type": "buy", "g": cheap})
    t.act(a, {"type": "pass"})
    t.act(b, {"type": "pass"})
    assert t.stage["kind"] == "shop" and t.stage["seat"] == c  # two passes since the buy
    t.act(c, {"type": "sell", "g": cheap})
    assert t.stage["kind"] == "shop" and t.stage["seat"] == a
    t.act(a, {"type": "pass"})
    t.act(b, {"type": "pass"})
    assert t.stage["kind"] == "shop"
    t.act(c, {"type": "pass"})
    assert t.stage["kind"] != "shop"


# --- the Trading variant -------------------------------------------------------------------------------------------------


def test_in_the_trading_variant_gear_goes_to_any_other_townsfolk_but_not_to_yourself():
    t = Table(("melba", "quintus", "yancy"), options={"trading": True})
    to_shop(t)
    seat = t.stage["seat"]
    others = [s for s in range(3) if s != seat]
    t.give(seat, "floppy-scimitar")
    t.give(seat, "extend-o-pole")
    offered = {a["to"] for a in t.legal(seat) if a["type"] == "give" and a["g"] == "floppy-scimitar"}
    assert offered == set(others)
    with pytest.raises(IllegalAction):
        t.act(seat, {"type": "give", "g": "floppy-scimitar", "to": seat})
    low, high = min(others), max(others)
    t.act(seat, {"type": "give", "g": "floppy-scimitar", "to": low})
    t.act(seat, {"type": "give", "g": "extend-o-pole", "to": high})
    assert "floppy-scimitar" in t.folk(low)["stash"] and "extend-o-pole" in t.folk(high)["stash"]
    assert not {"floppy-scimitar", "extend-o-pole"} & set(t.match().owns(seat))
    assert t.stage["kind"] == "shop" and t.stage["seat"] == seat  # giving does not use up the turn


def test_coins_paid_to_the_peddler_and_for_a_reset_count_as_coins_paid():
    t = Table(("melba", "quintus", "yancy"))
    first = t.stage["seat"]
    t.act(first, {"type": "pledge", "n": 4})
    t.act(t.stage["seat"], {"type": "pledge", "n": 0})
    t.act(t.stage["seat"], {"type": "pledge", "n": 2})
    t.settle()
    assert t.match().tally_of(first, "coins-paid", "game") == 4
    buyer = t.stage["seat"]
    t.folk(buyer)["coins"] = 99
    item = t.state["peddler"]["shop"][0]
    price = t.match().price(buyer, item)
    paid = t.match().tally_of(buyer, "coins-paid", "game")
    t.act(buyer, {"type": "buy", "g": item})
    t.settle()  # the offer to put it on at once
    assert t.match().tally_of(buyer, "coins-paid", "game") == paid + price
    seller = t.stage["seat"]
    t.give(seller, "prospectors-pick")
    paid = t.match().tally_of(seller, "coins-paid", "game")
    t.act(seller, {"type": "sell", "g": "prospectors-pick"})
    assert t.match().tally_of(seller, "coins-paid", "game") == paid  # selling is no paying


def test_a_sale_read_back_from_a_saved_game_still_sells():
    t = Table(("melba", "quintus", "yancy"))
    to_shop(t)
    seat = t.stage["seat"]
    t.give(seat, "prospectors-pick")
    coins = t.folk(seat)["coins"]
    t.act(seat, json.loads(json.dumps({"type": "sell", "g": "prospectors-pick"})))
    assert "prospectors-pick" not in t.match().owns(seat) and t.folk(seat)["coins"] > coins
