"""Questions in the middle of an action, who answers for the team, what a seat is shown, town
abilities at the Peddler's, and the story of a game's last fight.

- "Players may decide; use it to your advantage!": a choice for the team is put to the townsfolk it
  names, else to the one whose turn it is, else to the first standing townsfolk in Beatin' order.
- An answer is just that: one of the choices offered, and nothing more ("Bad input gets a clear,
  readable error and loses nothing").
- Quintus's Five-Finger Discount: "Once per Town Phase, roll. 1–2: You're caught! Pay 3 Coins.
  3–7: Nothing doing. 8+: Peddler gear costs you 3 less for the rest of this Town Phase."
- Selling: each townsfolk sees what their own gear would sell for when it is their turn to shop.
"""

from __future__ import annotations

import pytest

from tabletown.engine.rules import IllegalAction
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.match import Match
from tabletown.games.townsfolk_tussle.play import Suspend
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table, dice

# --- who answers for the team -------------------------------------------------------------------------------------


def test_the_townsfolk_named_answers_else_the_one_whose_turn_it_is():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    m = Match(t.state, [])
    assert m.decider(2) == 2 and m.decider(0) == 0
    assert m.decider(None) == t.f["turn"]["who"] == 0
    t.f["turn"]["who"] = 1
    assert m.decider(None) == 1 and m.decider("R") == 1 and m.decider(True) == 1


def test_between_turns_the_first_standing_townsfolk_in_beatin_order_answers():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.f["turn"] = None
    t.state["bar"] = [2, 0, 1]
    m = Match(t.state, [])
    assert m.decider(None) == 2
    t.folk(2)["ko"] = True
    assert m.decider(None) == 0
    t.folk(0)["ko"] = True
    t.folk(1)["ko"] = True
    assert m.decider(None) == 2  # nobody standing: the top of the bar


# --- answers ------------------------------------------------------------------------------------------------------------


def asked() -> Table:
    """Henlo's turn: a push from the diagonal asks her which way (east or south)."""
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.f["pos"], t.f["face"] = [5, 1], "s"
    t.put(0, [7, 3])
    t.put(1, [0, 11])
    t.put(2, [11, 11])
    t.give(0, "floppy-scimitar")
    t.state["pending"] = None
    base = t.state
    state = dict(base, pending={"base": base, "job": [0, {"type": "end"}], "answers": [], "emitted": 0,
                                "q": {"seat": 0, "k": "face", "opts": ["e", "s"]}})
    t.state = state
    return t


def test_an_answer_with_more_than_its_value_is_refused():
    t = asked()
    for bad in ({"type": "answer", "v": "e", "extra": 1}, {"type": "answer"}, {"type": "end"},
                {"type": "pass", "v": "e"}):
        with pytest.raises(IllegalAction):
            RULES.apply(t.state, 0, bad)


def test_only_the_townsfolk_asked_may_answer():
    t = asked()
    assert RULES.active(t.state) == [0]
    with pytest.raises(IllegalAction):
        RULES.apply(t.state, 1, {"type": "answer", "v": "e"})


def test_a_question_asked_in_play_takes_one_of_its_choices_only():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    m = Match(t.state, ["north"])
    with pytest.raises(IllegalAction):
        m.ask(0, "face", ["e", "s"])
    m = Match(t.state, ["s"])
    assert m.ask(0, "face", ["e", "s"]) == "s"
    assert m.ask(0, "face", ["w"]) == "w"  # a single choice is no question
    m = Match(t.state, [[3, 4]])
    assert m.ask(0, "push", [(2, 4), (3, 4)]) == [3, 4]  # squares are offered as lists


# --- what a seat is shown in town ------------------------------------------------------------------------------------------


def test_the_shopper_sees_what_their_own_gear_would_sell_for_and_nobody_elses():
    t = Table(("henlo", "melba", "quintus"))
    t.act(t.stage["seat"], {"type": "no-reset"})
    t.settle()
    shopper = t.stage["seat"]
    for s in range(3):
        t.give(s, "prospectors-pick")  # 15 Coins: sells for 7
    view = RULES.view(t.state, shopper)
    folk = view["derived"]["folk"]
    assert folk[shopper]["sell"] == {"prospectors-pick": 7}
    assert all(folk[s]["sell"] == {} for s in range(3) if s != shopper)
    assert set(view["derived"]["prices"]) == set(t.state["peddler"]["shop"])


# --- town abilities at the Peddler's ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, coins, cheaper", [(2, -3, 0), (3, 0, 0), (7, 0, 0), (8, 0, 3), (10, 0, 3)])
def test_five_finger_discount(roll, coins, cheaper):
    t = Table(("quintus", "melba", "henlo"))
    t.act(t.stage["seat"], {"type": "no-reset"})
    t.settle()
    t.state["stage"]["seat"] = 0
    item = t.state["peddler"]["shop"][0]
    price = t.match().price(0, item)
    before = t.folk(0)["coins"]
    action = {"type": "use", "k": "a:1:0", "chosen": None}
    assert action in t.legal(0)
    with dice(roll):
        t.act(0, action)
    assert t.folk(0)["coins"] == before + coins
    assert t.match().price(0, item) == max(1, price - cheaper)
    assert t.match().price(1, item) == price  # Quintus's discount only
    assert t.stage["kind"] == "shop" and t.stage["seat"] == 0  # not a buy or a sale: still his turn
    assert action not in t.legal(0)  # once per Town Phase


def test_something_the_peddler_does_not_deal_in_is_refused_with_a_reason():
    t = Table(("quintus", "melba", "henlo"))
    t.act(t.stage["seat"], {"type": "no-reset"})
    t.settle()
    seat = t.stage["seat"]
    for kind in ("attack", "move", "dance"):
        with pytest.raises(IllegalAction, match="something to do at the Peddler"):
            t.act(seat, {"type": kind, "g": t.folk(seat)["stash"][0] if t.folk(seat)["stash"] else None})


# --- the story of a game: the last fight ----------------------------------------------------------------------------------


@pytest.mark.parametrize("won, shown", [(True, "Won"), (False, "Lost")])
def test_the_story_tells_how_the_last_fight_ended(won, shown):
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    during = t.state
    final = dict(during, result={"won": won, "ending": C.ending_for("qing-kween", "win" if won else "loss")["id"],
                                 "ruffian": "qing-kween", "unlocks": []})
    tables = RULES.story([(0, {"type": "end"}, [], during)], final)
    fights = next(x for x in tables if x["title"] == "The fights")
    assert len(fights["rows"]) == 1
    row = fights["rows"][0]
    assert row[1] == C.RUFFIANS["qing-kween"]["name"] and row[3] == shown
    assert RULES.story([(0, {"type": "end"}, [], during)], during)[0]["rows"][0][3] == ""  # not over yet


@pytest.mark.parametrize("rolls, sheriff", [((3, 8), 1), ((9, 2), 0), ((5, 5, 2, 7), 1)])
def test_a_tie_for_sheriff_the_team_leaves_to_the_dice_goes_to_the_highest_roll(rolls, sheriff):
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    feat = next(f for f in C.FEAT_CARDS if C.FEATS[f]["points"] > 0)
    t.folk(0)["done"] = [feat]
    t.folk(1)["done"] = [feat]
    t.folk(2)["done"] = []
    m = Match(t.state, ["roll"])
    with dice(*rolls):
        try:
            m.name_sheriff()
        except Suspend:
            pass  # then the new sheriff is asked whether to put the gear on
    assert t.f["sheriff"] == sheriff
