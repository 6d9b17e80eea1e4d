"""Torches & Pitchforks, rules version 3: two of Tabletown's Townsfolk gifts retuned, and games
begun under versions 1 and 2, which keep the gifts they began with.

- Adam, Traveling Salesman: "you may keep 6 cards in hand (your turn still refills it to 5)".
  Before version 3 his hand limit was 6 and his turn refilled his hand to 6.
- Lucky Lowry: "a Monster that beats your Mob kills one fewer (never none)". Before version 3 a
  Monster killed him only when no one else in the Mob was left.
"""

from __future__ import annotations

import pytest

import tabletown.games.torches_and_pitchforks.game as game
from tabletown.engine.rules import BadSetup
from tabletown.engine.session import Session, new_record
from tabletown.games.torches_and_pitchforks import SPEC
from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tabletown.games.torches_and_pitchforks.scoring import hand_limit, refill_to
from tests.unit.test_torches_and_pitchforks_render import _draw
from tests.unit.test_torches_and_pitchforks_scenario import build, flip, pass_all, play, play_card

ADAM = "Adam, Traveling Salesman"
LOWRY = "Lucky Lowry"
PLAIN = ["Chef Kidney", "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker", "Karl, Stable Boy"]


# --- versions ----------------------------------------------------------------------------------------------

def test_the_spec_plays_version_five_and_replays_one_to_four():
    assert SPEC.rules_version == 5 and SPEC.replays == (1, 2, 3, 4)
    assert R.setup(1, 2, {})["v"] == 5
    assert R.setup(1, 2, {}, version=4)["v"] == 4
    assert R.setup(1, 2, {}, version=3)["v"] == 3
    assert R.setup(1, 2, {}, version=2)["v"] == 2
    assert R.setup(1, 2, {}, version=1)["v"] == 1
    with pytest.raises(BadSetup):
        R.setup(1, 2, {}, version=6)
    with pytest.raises(BadSetup):
        R.setup(1, 2, {}, version=0)


def test_a_record_of_version_two_goes_on_under_version_two():
    record = new_record(game, [{"name": "A"}, {"name": "B"}], {"target": 20}, seed=5)
    record["rules_version"] = 2
    session = Session(game, record)
    assert session.state["v"] == 2


def test_only_adam_and_lowry_changed_and_their_old_gifts_are_kept():
    changed = {c["name"] for c in C.CARDS.values() if c["v2"]}
    assert changed == {ADAM, LOWRY}
    adam, lowry = C.ids_named(ADAM)[0], C.ids_named(LOWRY)[0]
    assert [C.gift_of(adam, v) for v in (1, 2, 3)] == ["hand", "hand", "stock"]
    assert [C.gift_of(lowry, v) for v in (1, 2, 3)] == ["last", "last", "lucky"]
    assert C.text_of(adam, 2) == "Always has something to sell: your hand limit is 6."
    assert "refills it to 5" in C.text_of(adam, 3)
    assert C.text_of(lowry, 2) == "Always gets away: a Monster kills him only when no one else is left."
    assert "kills one fewer (never none)" in C.text_of(lowry, 3)
    # A card without a change reads the same in every version.
    chef = C.ids_named("Chef Kidney")[0]
    assert {C.text_of(chef, v) for v in (1, 2, 3)} == {C.CARDS[chef]["text"]}


# --- Adam ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("version,adam,alive,limit,refill", [
    (3, True, True, 6, 5), (3, True, False, 5, 5), (3, False, True, 5, 5),
    (2, True, True, 6, 6), (2, True, False, 5, 5), (1, True, True, 6, 6),
])
def test_adams_hand_limit_and_refill_by_version(version, adam, alive, limit, refill):
    mob = ([(ADAM, [], not alive)] if adam else []) + PLAIN[: 6 - adam]
    s = build(n=2, mobs={0: mob}, version=version)
    assert hand_limit(s, 0) == limit
    assert refill_to(s, 0) == refill


@pytest.mark.parametrize("version,drawn", [(3, 5), (2, 6)])
def test_adams_turn_refills_his_hand_to_five_from_version_three(version, drawn):
    mob = [ADAM] + PLAIN[:5]
    s = build(n=2, turn=1, phase="discard", mobs={0: mob}, hands={0: ["Charge"]}, version=version)
    s = play(s, 1, {"type": "end"})
    assert s["turn"] == 0 and len(s["hands"][0]) == drawn
    assert R.view(s, 0)["derived"]["limits"][0] == 6


@pytest.mark.parametrize("adam,kept", [(True, 6), (False, 5)])
def test_adam_keeps_a_sixth_card_when_one_comes(adam, kept):
    mob = ([ADAM] if adam else []) + PLAIN[: 6 - adam]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Early Harvest", "Charge", "Torch", "Rake", "Pitchfork"]},
              phase="recoup")
    s = play_card(s, 0, "Early Harvest")
    assert len(s["hands"][0]) == 7  # 4 cards + 3 drawn
    while s["tasks"]:
        assert s["tasks"][0]["k"] == "down"
        s = play(s, 0, R.legal(s, 0)[0])
    assert len(s["hands"][0]) == kept


def test_adams_card_says_the_gift_of_the_games_version():
    mob = [ADAM] + PLAIN[:5]
    new = _draw(build(n=2, mobs={0: mob}), 0)[0]
    old = _draw(build(n=2, mobs={0: mob}, version=2), 0)[0]
    assert "keeps 6 cards" in new and "hand limit 6" not in new
    assert "hand limit 6" in old and "keeps 6 cards" not in old


# --- Lucky Lowry ----------------------------------------------------------------------------------------

def _kills_shown(mob, monster, version=None):
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=[monster], version=version)
    s = flip(s)
    return s, R.view(s, 0)["derived"]["combat"]["kill"]


@pytest.mark.parametrize("monster,printed,with_lowry", [
    ("Giant Rat", 1, 1),           # Kill 1: never none
    ("Zombie", 2, 1),              # Kill 2: one fewer
    ("Raging Dinosaur", 3, 2),     # Kill 3: one fewer
])
def test_lucky_lowry_saves_one_but_never_the_whole_kill(monster, printed, with_lowry):
    assert C.BY_NAME[monster]["kill"] == printed
    _, plain = _kills_shown(PLAIN, monster)
    _, lucky = _kills_shown([LOWRY] + PLAIN[:5], monster)
    assert plain == printed and lucky == with_lowry


def test_a_dead_lucky_lowry_saves_no_one():
    _, k = _kills_shown([(LOWRY, [], True)] + PLAIN[:5], "Zombie")
    assert k == 2


@pytest.mark.parametrize("monster,k", [("Zombie", 0), ("Raging Dinosaur", 1), ("Giant Rat", 0)])
def test_lucky_lowry_and_the_night_watch_each_save_one(monster, k):
    # The Night Watch saves one more, even the last (its own words: "kills one fewer").
    _, kills = _kills_shown([LOWRY, ("Chef Kidney", ["Night Watch"])] + PLAIN[1:5], monster)
    assert kills == k


def test_before_version_three_lowry_saves_no_one():
    _, k = _kills_shown([LOWRY] + PLAIN[:5], "Zombie", version=2)
    assert k == 2


def test_from_version_three_lowry_may_be_chosen_to_die():
    mob = [LOWRY, "Karl, Stable Boy", ("Lady Locke", [], True), ("Juan, Foreign Guy", [], True),
           ("Moody Marge", [], True), ("Franz, Town Baker", [], True)]
    s, _ = _kills_shown(mob, "Giant Rat")
    s = play(s, 0, {"type": "fight"})
    s = pass_all(s)
    assert R.legal(s, 0) == [{"type": "kill", "tf": 0}, {"type": "kill", "tf": 1}]
    s = play(s, 0, {"type": "kill", "tf": 0})
    assert s["mobs"][0][0]["dead"] and not s["mobs"][0][1]["dead"]


def test_a_zombie_beating_a_mob_with_lowry_kills_one():
    s, _ = _kills_shown([LOWRY] + PLAIN[:5], "Zombie")  # Strength 6 against Power 6: the Zombie wins
    s = play(s, 0, {"type": "fight"})
    lines: list[str] = []
    s = pass_all(s, lines=lines)
    assert s["tasks"] and s["tasks"][0] == {"k": "kill", "seat": 0, "n": 1, "vamp": False}


def test_lowrys_card_says_the_gift_of_the_games_version():
    mob = [LOWRY] + PLAIN[:5]
    new = _draw(build(n=2, mobs={0: mob}), 0)[0]
    old = _draw(build(n=2, mobs={0: mob}, version=2), 0)[0]
    assert "Kill −1 (not below 1)" in new and "dies last" not in new
    assert "dies last" in old and "Kill −1" not in old
