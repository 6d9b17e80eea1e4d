"""Torches & Pitchforks at every boundary: for each comparison in the rules and the sums, a case
below, on and above it; for each ordered list (tie-breakers, who is asked first), a case
where neighbours disagree. Written from the rulebook's words and the card texts."""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.acting import cancels_visible
from tabletown.games.torches_and_pitchforks.decisions import PASS
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tabletown.games.torches_and_pitchforks.scoring import (
    enh_value,
    flee_cost,
    folk_value,
    free_slot,
    hand_limit,
    kill_count,
    mob_strength,
    monster_power,
    score_of,
)
from tests.unit.test_torches_and_pitchforks_scenario import (
    build,
    card_id,
    flip,
    names,
    pass_all,
    play,
    play_card,
    step,
)

PLAIN = ["Chef Kidney", "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker", "Karl, Stable Boy",
         "Hans, Town Butcher", "Heidi, Town Trollup"]


def card(name: str) -> dict:
    return C.BY_NAME[name]


def one(name: str) -> int:
    return C.ids_named(name)[0]


def let_stand(s: dict) -> dict:
    """Everyone lets the card being played stand (the Cancel window closes; the card resolves)."""
    while s["cancel"] is not None:
        s = play(s, R.active(s)[0], PASS)
    return s


def with_roll(s: dict, value: int) -> dict:
    """The same state with PRNG words whose next six-sided roll is `value`."""
    for k in range(1000):
        words = seed_state(k)
        if Rng(list(words)).d6() == value:
            return dict(s, rng=words)
    raise AssertionError("no such words")  # pragma: no cover


def to_flee_choice(hand: list[str], monster: str = "Werewolf", mob: list | None = None) -> dict:
    s = build(n=2, turn=0, hands={0: hand, 1: []}, monster_top=[monster], mobs={0: mob} if mob else None)
    s = flip(s)
    assert s["combat"]["stage"] == "decide"
    return s


# --- Fleeing: the roll against the cards in hand (the boundary a missed bug sat on) ------------------------------

HAND3 = ["Charge", "Torch", "Rake"]


def test_flee_roll_below_the_hand_size_discards_that_many_of_your_choice():
    s = with_roll(to_flee_choice(HAND3), 2)
    s, line = step(s, 0, {"type": "flee"})
    assert line == "{seat0} tries to Flee and rolls 2: discard 2 cards."
    assert s["tasks"] == [{"k": "flee", "seat": 0, "n": 2}]
    assert [a["type"] for a in R.legal(s, 0)] == ["discard"] * 3
    s = play(s, 0, {"type": "discard", "card": card_id(s, 0, "Rake")})
    s, line = step(s, 0, {"type": "discard", "card": card_id(s, 0, "Charge")})
    assert line == "{seat0} discards Charge to flee. {seat0} flees; the Werewolf goes to the Moor."
    assert names(s["hands"][0]) == ["Torch"] and "Werewolf" in names(s["moor"]) and s["phase"] == "hunt"


def test_flee_roll_equal_to_the_hand_size_succeeds_by_discarding_the_whole_hand():
    s = with_roll(to_flee_choice(HAND3), 3)
    s, line = step(s, 0, {"type": "flee"})
    assert line.startswith("{seat0} tries to Flee and rolls 3: discard 3 cards.")
    assert line.endswith("{seat0} flees; the Werewolf goes to the Moor.")
    assert s["hands"][0] == [] and s["combat"] is None and "Werewolf" in names(s["moor"])


def test_flee_roll_above_the_hand_size_fails_and_nothing_is_discarded():
    s = with_roll(to_flee_choice(HAND3), 4)
    s, line = step(s, 0, {"type": "flee"})
    assert line == ("{seat0} tries to Flee and rolls 4: 4 cards needed but only 3 in hand. "
                    "The flight fails: {seat0} must Fight the Werewolf.")
    assert sorted(names(s["hands"][0])) == sorted(HAND3)
    assert s["combat"]["stage"] == "fight" and {"type": "flee"} not in R.legal(s, 0)


def test_the_killer_clown_turns_an_equal_roll_into_a_failure():
    s = with_roll(to_flee_choice(HAND3, "Killer Clown"), 3)
    s, line = step(s, 0, {"type": "flee"})
    assert "4 cards needed but only 3 in hand" in line
    s = with_roll(to_flee_choice(HAND3, "Killer Clown"), 2)
    s = play(s, 0, {"type": "flee"})
    assert s["hands"][0] == [] and s["combat"] is None, "2 + 1 = 3 cards: the whole hand"


def test_cheaper_fleeing_never_costs_less_than_nothing():
    dotty_mob = ["Dotty"] + PLAIN[:5]
    s = with_roll(to_flee_choice(HAND3, mob=dotty_mob), 1)
    s, line = step(s, 0, {"type": "flee"})
    assert line == "{seat0} tries to Flee and rolls 1: discard 0 cards. {seat0} flees; the Werewolf goes to the Moor."
    assert len(s["hands"][0]) == 3
    mob = [("Chef Kidney", ["Wilderness Guide"]), "Luke, Inconsiderate Ass"] + PLAIN[1:5]
    state = build(n=2, mobs={0: mob})
    assert flee_cost(state, 0, one("Werewolf"), 3) == 0  # 3 - 2 - 1
    assert flee_cost(state, 0, one("Werewolf"), 4) == 1
    assert flee_cost(state, 0, one("Killer Clown"), 4) == 2


def test_hunted_and_risen_monsters_and_jack_cannot_be_fled():
    s = to_flee_choice(HAND3)
    assert {"type": "flee"} in R.legal(s, 0)
    s = build(n=2, turn=0, hands={0: HAND3, 1: []}, monster_top=["Jack the Wolfman"])
    s = flip(s)
    assert s["combat"]["stage"] == "fight"
    s = build(n=2, turn=0, hands={0: HAND3, 1: []}, phase="hunt", moor=["Giant Rat"])
    s = play(s, 0, {"type": "hunt"})
    assert s["combat"]["hunt"] and s["combat"]["stage"] == "fight"


# --- Strength against Power --------------------------------------------------------------------------------------

def _fight(extra_str: int, monster: str = "Zombie"):
    """6 plain Townsfolk (+ a Weapon of `extra_str`) against `monster`, everyone passing."""
    weapon = {0: [], 1: ["Rake"], 2: ["Stout Cudgel"], 3: ["Sword"]}[extra_str]
    mob = [("Chef Kidney", weapon)] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=[monster])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    lines: list[str] = []
    s = pass_all(s, lines=lines)
    return s, lines[-1]


def test_strength_below_the_power_loses():
    s, line = _fight(0, "Terror Toy")  # 6 against 7
    assert "The Terror Toy beats {seat0}'s Mob (Strength 6 vs Power 7)" in line and s["scores"][0] == []


def test_strength_equal_to_the_power_loses_a_tie_goes_to_the_monster():
    s, line = _fight(1, "Terror Toy")  # 7 against 7
    assert "(Strength 7 vs Power 7)" in line and "beats" in line and s["scores"][0] == []


def test_strength_above_the_power_wins():
    s, line = _fight(2, "Terror Toy")  # 8 against 7
    assert "The Terror Toy is slain (Strength 8 vs Power 7)! {seat0} scores 7 and has 7 points." in line
    assert names(s["scores"][0]) == ["Terror Toy"]


# --- the winning score --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("target,over", [(25, False), (24, True), (23, True)])
def test_the_game_ends_when_a_score_reaches_the_target(target, over):
    # 18 points already; a slain Zombie (Power 6) makes 24.
    s = build(n=2, turn=0, scores={0: ["Giant Ape", "Giant Ape"]}, hands={1: ["Torch"]}, monster_top=["Zombie"],
              mobs={0: [("Chef Kidney", ["Sword"])] + PLAIN[1:6]})
    s["target"] = target
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    lines: list[str] = []
    s = pass_all(s, lines=lines)
    assert score_of(s, 0) == 24
    assert (s["phase"] == "over") is over
    if over:
        assert R.outcome(s)["winners"] == [0] and R.active(s) == []
        assert lines[-1].endswith(f"{{seat0}} reaches {target} points and saves the town!")
    else:
        assert R.outcome(s) is None and R.active(s) == [0]


# --- kills -------------------------------------------------------------------------------------------------------

def _kills(monster: str, leader=None, cards=()):
    mob = [("Chef Kidney", [leader] if leader else [])] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: list(cards), 1: ["Torch"]}, monster_top=[monster])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    for c in cards:
        s = let_stand(play_card(s, 0, c))
    return s


@pytest.mark.parametrize("monster,leader,kills", [
    ("Giant Rat", "Night Watch", 0),        # Kill 1 less one: nobody dies, never fewer than nothing
    ("Werewolf", "Night Watch", 1),         # Kill 2 less one
    ("Raging Dinosaur", None, 3),
    ("Raging Dinosaur", "Night Watch", 2),
])
def test_the_kill_rating_less_the_night_watch(monster, leader, kills):
    s = _kills(monster, leader)
    assert kill_count(s, s["combat"]) == kills
    s = pass_all(s)
    task = s["tasks"][0] if s["tasks"] else None
    assert (task["n"] if task else 0) == kills


def test_town_on_guard_and_courage_in_a_bottle():
    s = _kills("Werewolf", cards=["Town on Guard"])
    assert kill_count(s, s["combat"]) == 0
    s = _kills("Werewolf", cards=["Courage in a Bottle"])
    assert kill_count(s, s["combat"]) == 3 and mob_strength(s, 0, s["combat"]) == 9


@pytest.mark.parametrize("alive,asked", [(3, True), (2, False), (1, False)])
def test_the_loser_chooses_who_dies_unless_everyone_left_dies(alive, asked):
    # A Werewolf kills two.
    mob = [(n, [], i >= alive) for i, n in enumerate(PLAIN[:6])]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Werewolf"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = pass_all(s)
    if asked:
        assert R.legal(s, 0) == [{"type": "kill", "tf": i} for i in range(alive)]
    else:
        assert all(t["dead"] for t in s["mobs"][0]), "every living Townsfolk died without a choice"
        assert s["phase"] == "recoup" and s["tasks"][0]["k"] == "revive"


def test_the_vampire_takes_the_most_enhanced_even_lucky_lowry():
    mob = [("Lucky Lowry", ["Torch", "Sheriff"]), ("Karl, Stable Boy", ["Pitchfork"]), ("Chef Kidney", ["Shovel"])]
    s = build(n=2, turn=0, mobs={0: mob + PLAIN[1:4]}, hands={1: ["Torch"]}, monster_top=["Vlad the Inhaler"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    lines: list[str] = []
    s = pass_all(s, lines=lines)
    assert "{seat0}'s Lucky Lowry is killed. {seat0} recoups: Lucky Lowry is back on their feet." in lines[-1]
    assert s["mobs"][0][0]["enh"] == [] and {"Torch", "Sheriff"} <= set(names(s["mob_discard"]))


def test_the_vampire_lets_its_victim_choose_among_those_tied_for_the_most():
    mob = [("Karl, Stable Boy", ["Pitchfork"]), "Lucky Lowry", ("Chef Kidney", ["Shovel"])]
    s = build(n=2, turn=0, mobs={0: mob + PLAIN[1:4]}, hands={1: ["Torch"]}, monster_top=["Vampire"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = pass_all(s)
    assert R.legal(s, 0) == [{"type": "kill", "tf": 0}, {"type": "kill", "tf": 2}]


# --- the hand limit ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("adam,alive,limit", [(False, True, 5), (True, True, 6), (True, False, 5)])
def test_hand_limit_is_five_or_six_with_a_living_adam(adam, alive, limit):
    mob = ([("Adam, Traveling Salesman", [], not alive)] if adam else []) + PLAIN[: 6 - adam]
    s = build(n=2, mobs={0: mob})
    assert hand_limit(s, 0) == limit


@pytest.mark.parametrize("others,owed", [(1, 0), (2, 0), (3, 1)])
def test_over_the_limit_and_only_over_it_you_discard_down(others, owed):
    # Early Harvest draws three: 1 + 3 = 4 and 2 + 3 = 5 fit the hand; 3 + 3 = 6 is one too many.
    s = build(n=2, turn=0, hands={0: ["Early Harvest"] + ["Torch", "Rake", "Pitchfork"][:others], 1: []},
              phase="recoup")
    s = play_card(s, 0, "Early Harvest")
    assert len(s["hands"][0]) == others + 3
    assert [t["k"] for t in s["tasks"]] == ["down"] * owed
    if owed:
        s = play(s, 0, R.legal(s, 0)[0])
        assert len(s["hands"][0]) == 5 and not s["tasks"]


def test_discarding_down_goes_in_turn_order_from_the_active_player():
    # Mass Confusion hands the active player's six-card hand to the left... both players over the limit.
    s = build(n=3, turn=1, hands={1: ["Charge"]}, monster_top=["Arms Shipment"])
    s["hands"][0] = C.ids_named("Pitchfork")[:5]
    s["hands"][2] = C.ids_named("Torch")[:5]
    s["mob_deck"] = [c for c in s["mob_deck"] if c not in s["hands"][0] + s["hands"][2]]
    s = flip(s)
    # Everyone draws 2: seats 2 and 0 hold 7. Seat 1 (the active player) holds 3; then seat 2, then seat 0.
    assert [t["seat"] for t in s["tasks"]] == [2]
    s = play(s, 2, R.legal(s, 2)[0])
    s = play(s, 2, R.legal(s, 2)[0])
    assert [t["seat"] for t in s["tasks"]] == [0]


# --- Weapons and Leaders --------------------------------------------------------------------------------------

@pytest.mark.parametrize("folk,held,free", [
    ("Karl, Stable Boy", [], True), ("Karl, Stable Boy", ["Torch"], False),
    ("Gus, Town Guard", ["Torch"], True), ("Gus, Town Guard", ["Torch", "Rake"], False),
    ("Karl, Stable Boy", ["Sheriff"], True),  # a Leader is no Weapon
])
def test_one_weapon_per_townsfolk_and_two_for_gus(folk, held, free):
    s = build(n=2, mobs={0: [(folk, held)] + PLAIN[:5]})
    assert free_slot(s["mobs"][0][0]) is free


def test_no_weapon_for_the_dead():
    s = build(n=2, mobs={0: [("Karl, Stable Boy", [], True)] + PLAIN[:5]})
    assert free_slot(s["mobs"][0][0]) is False


@pytest.mark.parametrize("weapon,monster,value", [
    ("Torch", "Giant Rat", 1), ("Torch", "Irvingstein's Monster", 2), ("Torch", "Mummy", 2),
    ("Torch", "Vlad the Inhaler", 0), ("Sword", "Ghost", 0), ("Pistol", "Zombie", 2),
    ("Boar Spear", "Giant Rat", 3), ("Boar Spear", "Zombie", 2), ("Shovel", "Zombie", 2), ("Shovel", "Giant Rat", 1),
    ("Occult Librarian", "Ghost", 3), ("Occult Librarian", "Giant Rat", 0), ("Hero!", "Evil Witch", 0),
    ("Hero!", "Ghost", 2), ("Sheriff", "Zombie", 1),
])
def test_what_an_enhancement_gives_against_each_monster(weapon, monster, value):
    cb = {"m": one(monster), "flags": [], "hunt": False}
    assert enh_value(one(weapon), C.BY_NAME[monster], cb) == value


def test_gunpowder_and_rain_and_the_wilderness_guide():
    rat = C.BY_NAME["Giant Rat"]
    assert enh_value(one("Pistol"), rat, {"flags": ["no_guns"], "hunt": False}) == 0
    assert enh_value(one("Torch"), rat, {"flags": ["no_guns"], "hunt": False}) == 1
    assert enh_value(one("Torch"), rat, {"flags": ["no_torches"], "hunt": False}) == 0
    assert enh_value(one("Wilderness Guide"), rat, {"flags": [], "hunt": True}) == 2
    assert enh_value(one("Wilderness Guide"), rat, {"flags": [], "hunt": False}) == 0
    assert enh_value(one("Sword"), None, None) == 3


@pytest.mark.parametrize("folk,monster,value", [
    ("Dr Reed Davidson", "Giant Rat", 3), ("Dr Reed Davidson", "Zombie", 1), ("Officer Dave", "Zombie", 2),
    ("Dr Irvingstein", "Irvingstein's Monster", 4), ("Dr Irvingstein", "The Glob", 1),
    ("Professor von Hellpepper", "Vampire", 4), ("Reverend Leon", "Ghost", 3), ("Chef Kidney", "Vampire", 1),
])
def test_what_a_townsfolk_gives(folk, monster, value):
    assert folk_value(one(folk), C.BY_NAME[monster]) == value


# --- combat cards with a floor or a ceiling -------------------------------------------------------------------------

@pytest.mark.parametrize("armed,bonus", [(0, 1), (1, 1), (2, 2), (3, 3), (4, 3)])
def test_energizer_gives_one_per_armed_townsfolk_at_least_one_at_most_three(armed, bonus):
    weapons = ["Torch", "Rake", "Pitchfork", "Shovel"]
    mob = [(PLAIN[i], [weapons[i]] if i < armed else []) for i in range(6)]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Energizer"], 1: ["Torch"]}, monster_top=["Raging Dinosaur"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = let_stand(play_card(s, 0, "Energizer"))
    assert s["combat"]["str"] == bonus


@pytest.mark.parametrize("down,power", [(0, 1), (1, 1), (2, 2)])
def test_night_of_the_walking_dead_counts_every_dead_townsfolk_at_least_one(down, power):
    mob1 = [(PLAIN[i], [], i < down) for i in range(6)]
    s = build(n=2, turn=0, mobs={1: mob1}, hands={0: ["Night of the Walking Dead"], 1: []},
              monster_top=["Raging Dinosaur"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play_card(s, 0, "Night of the Walking Dead")
    assert s["combat"]["pow"] == power


@pytest.mark.parametrize("leader,bonus", [(None, 1), ("Sheriff", 3)])
def test_inspiring_leadership_needs_a_leader(leader, bonus):
    mob = [("Chef Kidney", [leader] if leader else [])] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Inspiring Leadership"], 1: []}, monster_top=["Raging Dinosaur"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play_card(s, 0, "Inspiring Leadership")
    assert s["combat"]["str"] == bonus


@pytest.mark.parametrize("monster,away", [("Zombie", True), ("Vampire", True), ("Ghost", True), ("Giant Rat", False)])
def test_holy_ground_turns_the_supernatural_away_and_helps_against_the_rest(monster, away):
    s = build(n=2, turn=0, hands={0: ["Holy Ground"], 1: []}, monster_top=[monster], moor=[])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s, line = step(s, 0, {"type": "play", "card": card_id(s, 0, "Holy Ground")})
    if away:
        assert "cannot set foot on Holy Ground" in line and monster in names(s["moor"])
    else:
        assert "Now Strength 8 vs Power 4" in line


@pytest.mark.parametrize("monster,bonus", [("Creature from the Tide Flats", 6), ("Giant Rat", 3)])
def test_harpoon_squad(monster, bonus):
    s = build(n=2, turn=0, hands={0: ["Harpoon Squad"], 1: ["Torch"]}, monster_top=[monster])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = let_stand(play_card(s, 0, "Harpoon Squad"))
    assert s["combat"]["str"] == bonus


def test_heck_spawn_and_injured_monster_move_the_power():
    s = build(n=2, turn=0, hands={0: ["Injured Monster"], 1: ["Heck Spawn"]}, monster_top=["Giant Ape"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play_card(s, 0, "Injured Monster")
    s = pass_all(s) if s["cancel"] else s
    assert monster_power(s["combat"]) == 6


# --- Cancels ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("visible,opens", [(5, True), (6, False)])
def test_the_cancel_window_closes_for_good_once_all_six_cancels_are_seen(visible, opens):
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: ["Heck Spawn"]}, monster_top=["Killer Bug"])
    gone = list(C.CANCEL_CARDS[:visible])
    s["mob_discard"] = gone
    s["mob_deck"] = [c for c in s["mob_deck"] if c not in gone]
    assert cancels_visible(s) == visible
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play(s, 0, PASS)
    s = play_card(s, 1, "Heck Spawn")
    assert (s["cancel"] is not None) is opens


def test_the_cancel_window_asks_the_others_from_the_active_player_on():
    s = build(n=4, turn=1, hands={p: ["Torch"] for p in range(4)} | {3: ["Heck Spawn", "Torch"]},
              monster_top=["Killer Bug"])
    s = flip(s)
    s = play(s, 1, {"type": "fight"})
    s = play(s, 1, PASS)
    s = play(s, 2, PASS)
    s = play_card(s, 3, "Heck Spawn")
    asked = []
    while s["cancel"] is not None:
        asked.append(R.active(s)[0])
        s = play(s, asked[-1], PASS)
    assert asked == [1, 2, 0]


# --- Events that pick the strongest or the weakest -----------------------------------------------------------------

def test_swords_into_plowshares_takes_the_strongest_weapon_the_first_townsfolk_on_a_tie():
    mob0 = [("Chef Kidney", ["Pistol"]), ("Lady Locke", ["Sword"]), ("Juan, Foreign Guy", ["Stout Cudgel"])] + PLAIN[3:6]
    mob1 = [("Hans, Town Butcher", ["Rusty Musket"]), ("Heidi, Town Trollup", ["Pistol"]), "Mikey, Town Drunk",
            "Inspector McGee", "Levi, Candlestick Maker", "Howard, Village Idiot"]
    s = build(n=2, turn=0, mobs={0: mob0, 1: mob1}, hands={1: []}, monster_top=["Swords into Plowshares"])
    s, line = step(s, 0, {"type": "flip"})
    assert "{seat0} loses Sword. {seat1} loses Rusty Musket." in line
    assert names(s["mobs"][1][1]["enh"]) == ["Pistol"], "the Musket and the Pistol tie at +2: the first one goes"


def test_termites_eat_the_weakest_wooden_weapon_only():
    mob = [("Chef Kidney", ["Sword"]), ("Lady Locke", ["Boar Spear"]), ("Juan, Foreign Guy", ["Pitchfork"])] + PLAIN[3:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, monster_top=["Termite Infestation"])
    s, line = step(s, 0, {"type": "flip"})
    assert "{seat0} loses Pitchfork." in line
    assert names(s["mobs"][0][0]["enh"]) == ["Sword"] and names(s["mobs"][0][1]["enh"]) == ["Boar Spear"]


# --- Overpopulation: more than six ------------------------------------------------------------------------------

@pytest.mark.parametrize("size,target", [(6, False), (7, True)])
def test_overpopulation_needs_more_than_six_townsfolk(size, target):
    mob1 = PLAIN[:size]
    s = build(n=2, turn=0, hands={0: ["Overpopulation", "Torch"]}, mobs={1: mob1}, phase="recoup")
    playable = {"type": "play", "card": card_id(s, 0, "Overpopulation")} in R.legal(s, 0)
    assert playable is target


# --- Recoup: how many come back ------------------------------------------------------------------------------------

@pytest.mark.parametrize("down,asked", [(1, False), (2, True)])
def test_recoup_asks_only_when_fewer_come_back_than_are_dead(down, asked):
    mob = [(PLAIN[i], [], i < down) for i in range(6)]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, phase="hunt", moor=["Giant Rat"])
    s = play(s, 0, {"type": "skip"})
    assert bool(s["tasks"]) is asked
    assert sum(t["dead"] for t in s["mobs"][0]) == (down if asked else 0)


# --- the final ranking ------------------------------------------------------------------------------------------

def _ended(scores: dict[int, list[str]], n: int = 4):
    s = build(n=n, turn=0, scores=scores, target=20, hands={p: [] for p in range(n)}, monster_top=["Giant Rat"],
              mobs={0: [("Chef Kidney", ["Sword"])] + PLAIN[1:6]})
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    return R.outcome(pass_all(s))


def test_the_others_rank_by_score_first_then_by_monsters_slain():
    # Seat 1: 9 points from one Monster; seat 2: 8 points from two: the score decides, not the count.
    out = _ended({0: ["Giant Ape", "Raging Dinosaur"], 1: ["Giant Ape"], 2: ["Giant Rat", "Giant Rat"],
                  3: ["Killer Bug", "Giant Rat"]})
    assert out["winners"] == [0] and out["scores"] == [23, 9, 8, 9]
    # Seats 1 and 3 tie on 9 points: seat 3 slew two Monsters and places ahead.
    assert out["places"] == [1, 3, 4, 2]
    assert "{seat3} and {seat1} tied on 9 points; {seat3} places ahead with more Monsters slain." in out["tiebreaks"]
    assert out["tiebreaks"][0] == "{seat0} was first to reach 20 points and saves the town."


def test_a_tie_on_score_and_monsters_shares_the_place():
    out = _ended({0: ["Giant Ape", "Raging Dinosaur"], 1: ["Giant Rat"], 2: ["Giant Rat"]}, n=3)
    assert out["places"] == [1, 2, 2]
