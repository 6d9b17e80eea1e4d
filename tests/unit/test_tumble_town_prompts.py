"""Tumble Town: what the player is asked at each step, take-backs, Dice Tokens, and the
2-cactus back a sampled world must show.

"Spend Dice Tokens to change a die to any value": any value but the one it shows. Taking
back a construction, a power or a Gold Pan trade counts against the turn's few take-backs,
one each.
"""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tumble_town.content import PLAN_BY_NAME, PLANS
from tabletown.games.tumble_town.game import RULES as R
from tabletown.games.tumble_town.rules import CANCEL_LIMIT


def A(st, seat, action):
    return R.apply(st, seat, action)[0]


def main_state(seats=2, seed=1, **opts):
    st = R.setup(seed, seats, opts)
    st.pop("start_seat", None)
    st["phase"] = "main"
    st["turn"] = 0
    st["take"] = None
    return st


# --- the prompt of each step -------------------------------------------------------------------


def test_a_turn_begins_by_asking_for_a_claim():
    st = R.setup(1, 2, {})
    assert st["phase"] == "claim"
    assert R.prompt(st, 0) == "Claim a Building Plan from the three rows"
    assert R.prompt(st, 1) == "Waiting for another player"


def test_the_fourth_seat_is_asked_for_its_gray_or_black_starting_die():
    st = R.setup(1, 4, {})
    assert st["phase"] == "start"
    assert R.prompt(st, st["start_seat"]) == "Choose your third starting die: gray or black"


def test_the_construct_phase_and_a_full_storehouse_ask_different_things():
    st = main_state()
    assert R.prompt(st, 0) == "Construct, use powers or the Gold Pan, then end your turn"
    st["players"][0]["dice"] = [["brown", v] for v in range(1, 7)]
    st = A(st, 0, {"type": "end"})
    assert st["phase"] == "discard"
    assert R.prompt(st, 0) == "Your Storehouse is full: discard a die to the supply"


def test_a_choice_of_colour_for_a_die_is_asked_as_such():
    st = R.setup(3, 2, {})
    st["backs"][0] = "cactus1"
    st = A(st, 0, {"type": "claim", "row": 0, "col": 0})
    assert st["phase"] == "take"
    assert R.prompt(st, 0) == "Choose the colour of your next die"


def test_a_construction_asks_for_dice_then_for_a_place():
    st = main_state()
    barber = PLAN_BY_NAME["Barber Shop"]["id"]
    st["players"][0]["hand"] = [barber]
    st["players"][0]["dice"] = [["brown", 3], ["gray", 5]]
    st = A(st, 0, {"type": "build", "plan": barber})
    assert R.prompt(st, 0) == "Building the Barber Shop: put a die on each position"
    st = A(st, 0, {"type": "put", "die": 0, "pos": 0})
    st = A(st, 0, {"type": "put", "die": 0, "pos": 1})
    assert R.prompt(st, 0) == "Place the Barber Shop on your Town card"


def test_the_gold_pan_asks_for_a_die_its_partner_and_the_colour():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 2], ["brown", 5], ["gold", 4]]
    st = A(st, 0, {"type": "pan"})
    assert R.prompt(st, 0) == "Gold Pan: choose a die to trade"
    st = A(st, 0, {"type": "pick", "die": 0})
    assert R.prompt(st, 0) == "Gold Pan: choose its partner (same colour or number)"
    st = A(st, 0, {"type": "pick", "die": 1})
    assert R.prompt(st, 0) == "Gold Pan: choose the colour you get"
    st = A(st, 0, {"type": "back"})
    st = A(st, 0, {"type": "pan"})
    st = A(st, 0, {"type": "pick", "die": 2})  # a gold die alone buys a colour
    assert R.prompt(st, 0) == "Gold Pan: choose the colour you get"


def test_a_dice_token_asks_for_a_die_then_its_value():
    st = main_state()
    st["players"][0]["tokens"] = 1
    st["players"][0]["dice"] = [["gray", 3]]
    st = A(st, 0, {"type": "token"})
    assert R.prompt(st, 0) == "Dice Token: choose a die"
    st = A(st, 0, {"type": "pick", "die": 0})
    assert R.prompt(st, 0) == "Dice Token: choose its new value"


def test_the_outlaw_asks_which_supply_or_which_colour():
    st = R.setup(1, 1, {"mode": "outlaw"})
    st["phase"] = "outlaw"
    st["outlaw"]["ask"] = {"kind": "take", "options": ["gray", "black"], "n": 2}
    assert R.prompt(st, 0) == "The Outlaw takes from the smallest supply: choose which"
    st["outlaw"]["ask"] = {"kind": "return", "options": ["gray", "black", "gold"], "left": 2}
    assert R.prompt(st, 0) == "The Outlaw returns dice: choose a colour"


def test_nobody_is_asked_anything_once_the_game_is_over():
    st = main_state()
    st["over"] = True
    st["phase"] = "over"
    assert R.prompt(st, 0) == "The game is over"


# --- Dice Tokens: any value but the one the die shows ---------------------------------------------


@pytest.mark.parametrize("shows", [1, 4, 6])
def test_a_dice_token_offers_every_other_value_from_1_to_6(shows):
    st = main_state()
    st["players"][0]["tokens"] = 2
    st["players"][0]["dice"] = [["black", shows]]
    st = A(st, 0, {"type": "token"})
    st = A(st, 0, {"type": "pick", "die": 0})
    values = [a["v"] for a in R.legal(st, 0) if a["type"] == "value"]
    assert values == [v for v in range(1, 7) if v != shows]


def test_without_a_token_none_is_offered_and_with_one_it_is():
    st = main_state()
    st["players"][0]["dice"] = [["black", 2]]
    assert {"type": "token"} not in R.legal(st, 0)
    st["players"][0]["tokens"] = 1
    assert {"type": "token"} in R.legal(st, 0)
    st = A(A(A(st, 0, {"type": "token"}), 0, {"type": "pick", "die": 0}), 0, {"type": "value", "v": 5})
    assert st["players"][0]["tokens"] == 0 and {"type": "token"} not in R.legal(st, 0)


# --- take-backs: one each -------------------------------------------------------------------------


def test_each_step_back_counts_as_one_take_back():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 2], ["brown", 5]]
    for used in range(1, CANCEL_LIMIT + 1):
        st = A(st, 0, {"type": "pan"})
        st = A(st, 0, {"type": "back"})
        assert st["cancels"] == used
    st = A(st, 0, {"type": "pan"})
    assert {"type": "back"} not in R.legal(st, 0)


def test_each_cancelled_construction_counts_as_one_take_back():
    st = main_state()
    barber = PLAN_BY_NAME["Barber Shop"]["id"]
    st["players"][0]["hand"] = [barber]
    st["players"][0]["dice"] = [["brown", 3], ["gray", 5]]
    st = A(A(st, 0, {"type": "build", "plan": barber}), 0, {"type": "cancel"})
    assert st["cancels"] == 1


# --- a sampled world shows the 2-cactus back the table sees ------------------------------------------


@pytest.mark.parametrize("back", ["cactus2-gray", "cactus2-black"])
def test_a_sampled_world_finds_the_back_in_the_box_when_the_deck_lacks_it(back):
    """Every plan left in the 2-cactus deck shows the other back; the table sees `back` on top,
    so the top card of a sampled world must come from the plans a player has not seen."""
    other = "cactus2-black" if back == "cactus2-gray" else "cactus2-gray"
    st = R.setup(4, 3, {})
    deck = st["decks"]["2"]
    shown = {p for row in st["rows"] for p in row if p is not None}
    spares = [p["id"] for p in PLANS if p["level"] == 2 and p["back"] == back and p["id"] not in shown]
    st["decks"]["2"] = [p for p in deck if PLANS[p]["back"] == other]
    left = len(st["decks"]["2"])
    assert left and spares
    st["backs"][1] = back
    view = R.view(st, 0)
    for seed in range(6):
        world = R.determinize(view, 0, Rng(seed_state(seed)))
        assert PLANS[world["decks"]["2"][0]]["back"] == back
        assert len(world["decks"]["2"]) == left
