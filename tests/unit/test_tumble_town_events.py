"""Tumble Town's log, written from events: what a player reads after each move."""

from __future__ import annotations

from tabletown.engine.events import is_barrier
from tabletown.engine.zones import MASK
from tabletown.games.tumble_town.content import PLAN_BY_NAME, PLANS
from tabletown.games.tumble_town.game import RULES as R


def main_state(seats=2, seed=1, **opts):
    st = R.setup(seed, seats, opts)
    st["start_seat"] = None
    st["phase"] = "main"
    st["turn"] = 0
    st["take"] = None
    return st


def test_a_claim_tells_the_plan_the_dice_rolled_and_the_plan_revealed():
    st = R.setup(2, 2, {})
    claimed = st["rows"][0][0]
    top = st["decks"]["1"][0]
    st, events = R.apply(st, 0, {"type": "claim", "row": 0, "col": 0})
    assert R.phrase(events) == f"{{seat0}} claims the {PLANS[claimed]['name']} from the 1-cactus row"
    assert not is_barrier(events)  # the third die is still to be chosen
    after, events = R.apply(st, 0, {"type": "take", "color": "gray"})
    rolled = [[e["color"], e["value"]] for e in events if e["t"] == "roll"]
    assert [c for c, _ in rolled] == ["brown", "brown", "gray"]
    told = ", ".join(f"{c} {v}" for c, v in rolled)
    assert R.phrase(events) == f"{{seat0}} takes a gray die; rolls {told}; the {PLANS[top]['name']} is revealed"
    assert is_barrier(events)


def test_placing_tells_where_and_the_penalty_tokens():
    st = main_state()
    plan = PLAN_BY_NAME["Blacksmith"]
    st["players"][0]["hand"] = [plan["id"]]
    st["players"][0]["dice"] = [["brown", 1], ["brown", 6], ["black", 5]]  # brown, black, brown; 4-6
    st = R.apply(st, 0, {"type": "build", "plan": plan["id"]})[0]
    for pos, die in ((0, ["brown", 1]), (1, ["black", 5]), (2, ["brown", 6])):
        st = R.apply(st, 0, {"type": "put", "die": st["players"][0]["dice"].index(die), "pos": pos})[0]
    _, events = R.apply(st, 0, {"type": "place", "side": 1, "start": 2, "mirror": True})
    assert R.phrase(events) == ("{seat0} builds the Blacksmith on the south side of Main Street (plots 3–4), mirrored "
                                "with 1 Penalty token")
    assert not is_barrier(events)


def test_the_end_of_the_game_is_told_last_and_shows_the_horses():
    st = main_state(seats=3)
    st["supply"].update({"black": 2, "gold": 2})
    st["turn"] = 1
    st, events = R.apply(st, 1, {"type": "end"})
    assert R.phrase(events) == "{seat1} ends the turn; the end of the game is near: this round is the last"
    assert R.view(st, 0)["players"][1]["horse"] == MASK and not is_barrier(events)
    st["phase"] = "main"
    st, events = R.apply(st, 2, {"type": "end"})  # seat 2 sits to the right of the first player
    assert R.phrase(events) == "{seat2} ends the turn; the game is over"
    assert is_barrier(events)  # the Horses are shown
    assert R.view(st, 0)["shown"]["players"] == [p["horse"] for p in st["players"]]


def test_consequences_are_told_in_a_fixed_order():
    events = [{"t": "end", "seat": 0}, {"t": "over"}, {"t": "reveal", "zone": "rows", "what": 0, "row": 0, "col": 0},
              {"t": "ending"}, {"t": "rolls", "seat": 0, "dice": [["gray", 2]]}]
    assert R.phrase(events) == ("{seat0} ends the turn; rolls gray 2; the Saloon is revealed; the end of the game is near: "
                                "this round is the last; the game is over")


def test_a_move_with_no_consequence_is_one_clause():
    assert R.phrase([{"t": "pan", "seat": 1}]) == "{seat1} goes to the Gold Pan"
    assert R.phrase([{"t": "token_value", "seat": 0, "value": 6}]) == "{seat0} spends a Dice Token: the die now shows 6"


def test_the_tally_leaves_out_the_secret_horses_until_they_are_shown():
    st = main_state(seats=2)
    plan = PLAN_BY_NAME["Blacksmith"]  # pickaxe
    st["opts"]["no_main_street"] = True
    st["players"][0]["built"] = [{"plan": plan["id"], "dice": [["brown", 4]] * 3, "at": None, "used": False, "pen": 0}]
    st["players"][0]["horse"] = 1  # Sarsaparilla: pickaxe
    assert R.tally(st) == [2, 0]
    st["shown"] = {"players": [1, 0], "outlaw": []}
    assert R.tally(st) == [3, 0]
