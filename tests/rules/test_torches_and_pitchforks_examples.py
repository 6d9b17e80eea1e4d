"""Every worked example of the Torches & Pitchforks rulebook, played out in the engine."""

from __future__ import annotations

from tabletown.engine.events import is_barrier
from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tabletown.games.torches_and_pitchforks.scoring import mob_strength, monster_power, score_of
from tests.unit.test_torches_and_pitchforks_scenario import (
    build,
    card_id,
    end_turn,
    flip,
    folk_index,
    names,
    pass_all,
    play,
    play_card,
    step,
)

NICOLE, JESS = 0, 1


def test_printed_numbers_of_the_examples():
    assert C.BY_NAME["Giant Ape"]["power"] == 9
    assert C.BY_NAME["Killer Bug"]["power"] == 5
    assert C.BY_NAME["Giant Rat"]["power"] == 4
    vampire = C.BY_NAME["Vampire"]
    assert (vampire["power"], vampire["kill"]) == (9, 1)
    assert "most_enhanced" in vampire["specials"]
    assert C.BY_NAME["Heck Spawn"]["pow"] == 2
    assert C.BY_NAME["Sheriff"]["bonus"] == 1 and C.BY_NAME["Sheriff"]["kind"] == "leader"
    assert C.BY_NAME["Sword"]["bonus"] == 3 and C.BY_NAME["Sword"]["kind"] == "weapon"
    assert C.BY_NAME["Pistol"]["kind"] == "weapon"
    assert C.BY_NAME["Terror Toy"]["kill"] == 2


def test_a_sample_turn_with_the_terror_toy():
    # Nicole begins her turn with only two cards; the player before her ends his turn.
    s = build(n=2, turn=JESS, phase="discard",
              hands={NICOLE: ["Charge", "Stragglers"], JESS: ["Torch"]},
              mob_top=["Pistol", "Rake", "Heck Spawn"], monster_top=["Terror Toy"])
    s, line = step(s, JESS, {"type": "end"})
    # Nicole is asked whether to play an Action card during Jess's turn ("at any time, on any
    # player's turn"); her Stragglers has no dead Townsfolk to wake, so she lets the turn end.
    assert line == "{seat1} is ready to end their turn."
    assert R.active(s) == [NICOLE] and R.legal(s, NICOLE) == [{"type": "pass"}]
    s, line = step(s, NICOLE, {"type": "pass"})
    # 1. Draw: three cards bring her hand up to 5.
    assert line == "{seat0} passes. {seat1} ends their turn. {seat0} draws 3 cards."
    assert s["turn"] == NICOLE and s["phase"] == "attack"
    assert len(s["hands"][NICOLE]) == 5
    assert {"Pistol", "Rake", "Heck Spawn"} <= set(names(s["hands"][NICOLE]))
    # 2. Attack!: she flips over the top card of the Monster deck and reveals a Terror Toy.
    s, events = R.apply(s, NICOLE, {"type": "flip"})
    assert not is_barrier(events), "Jess may still play a card at any time before the flip"
    s, events = R.apply(s, JESS, {"type": "pass"})
    assert is_barrier(events), "flipping a Monster reveals it"
    assert C.CARDS[s["combat"]["m"]]["name"] == "Terror Toy"
    assert R.legal(s, NICOLE) == [{"type": "fight"}, {"type": "flee"}], "Fight or Flee comes before any card"
    s = play(s, NICOLE, {"type": "fight"})
    # Nobody plays anything: her 6 Townsfolk do not exceed the Toy's Power 7.
    assert mob_strength(s, NICOLE, s["combat"]) == 6 < monster_power(s["combat"]) == 7
    s = pass_all(s)
    # She loses the battle and two of her Townsfolk are killed (she chooses which).
    assert R.active(s) == [NICOLE] and s["tasks"][0]["k"] == "kill" and s["tasks"][0]["n"] == 2
    s = play(s, NICOLE, {"type": "kill", "tf": 0})
    s = play(s, NICOLE, {"type": "kill", "tf": 1})
    assert "Terror Toy" in names(s["moor"])
    assert s["mobs"][NICOLE][0]["dead"] and s["mobs"][NICOLE][1]["dead"]
    # 3. Hunt! is skipped because she fought; 4. Recoup: she gets one of her slain Townsfolk back.
    assert s["phase"] == "recoup"
    assert R.legal(s, NICOLE) == [{"type": "revive", "tf": 0}, {"type": "revive", "tf": 1}]
    s, line = step(s, NICOLE, {"type": "revive", "tf": 1})
    back = C.CARDS[s["mobs"][NICOLE][1]["c"]]["name"]
    assert line == f"{{seat0}} recoups: {back} is back on their feet."
    assert [t["dead"] for t in s["mobs"][NICOLE]] == [True, False, False, False, False, False]
    # She also plays a Pistol on one of her Townsfolk, to make her Mob tougher.
    s = play_card(s, NICOLE, "Pistol")
    assert s["select"] is not None  # which Townsfolk gets it
    s = play(s, NICOLE, {"type": "target", "seat": NICOLE, "tf": 2})
    s = pass_all(s)
    assert "Pistol" in names(s["mobs"][NICOLE][2]["enh"])
    # 5. Discard: she keeps her cards and ends the turn; the player on her left goes next.
    s = end_turn(s)
    assert s["turn"] == JESS
    assert len(s["hands"][NICOLE]) == 4


def test_a_sample_combat_the_vampire_and_heck_spawn():
    heidi = ("Heidi, Town Trollup", ["Sheriff", "Sword"])
    s = build(n=2, turn=NICOLE,
              mobs={NICOLE: ["Hans, Town Butcher", heidi, "Franz, Town Baker", "Karl, Stable Boy",
                             "Lady Locke", "Moody Marge"]},
              hands={NICOLE: ["Torch"], JESS: ["Heck Spawn", "Pitchfork"]},
              monster_top=["Vampire"])
    s = flip(s)
    cb = s["combat"]
    # Strength 10: 6 Townsfolk, +1 for the Sheriff, +3 for the Sword, against Power 9.
    assert mob_strength(s, NICOLE, cb) == 10 and monster_power(cb) == 9
    s = play(s, NICOLE, {"type": "fight"})
    # The combat window: the active player first, then Jess.
    assert R.active(s) == [NICOLE]
    assert R.legal(s, NICOLE) == [{"type": "pass"}], "a Torch cannot be played in a fight; she may only pass"
    s = play(s, NICOLE, {"type": "pass"})
    assert R.active(s) == [JESS]
    s = play_card(s, JESS, "Heck Spawn")
    # Nicole may Cancel it — but she holds no Cancel card; she still gets the window.
    assert R.active(s) == [NICOLE] and R.legal(s, NICOLE) == [{"type": "pass"}]
    s = play(s, NICOLE, {"type": "pass"})
    assert monster_power(s["combat"]) == 11 and mob_strength(s, NICOLE, s["combat"]) == 10
    # She looks for an answer, has none, and everyone passes: the Vampire wins.
    lines: list[str] = []
    s = pass_all(s, lines=lines)
    # The Vampire kills the Townsfolk with the most Enhancements (Heidi), overriding her choice.
    h = folk_index(s, NICOLE, "Heidi, Town Trollup")
    assert s["scores"][NICOLE] == []
    assert "Vampire" in names(s["moor"])
    assert {"Sheriff", "Sword", "Heck Spawn"} <= set(names(s["mob_discard"]))
    # The enhancements are gone forever; Heidi herself comes back in Recoup.
    assert s["phase"] == "recoup"
    assert s["mobs"][NICOLE][h]["dead"] is False and s["mobs"][NICOLE][h]["enh"] == []
    assert "{seat0}'s Heidi, Town Trollup is killed." in lines[-1]


def test_the_vampire_kill_happens_before_recoup():
    heidi = ("Heidi, Town Trollup", ["Sheriff", "Sword"])
    s = build(n=2, turn=NICOLE, mobs={NICOLE: ["Hans, Town Butcher", heidi, "Franz, Town Baker", "Karl, Stable Boy",
                                                "Lady Locke", "Moody Marge"]},
              hands={JESS: ["Heck Spawn"]}, monster_top=["Vampire"])
    s = flip(s)
    s = play(s, NICOLE, {"type": "fight"})
    # Nicole holds no cards, so the window skips her (everyone can see that).
    assert R.active(s) == [JESS]
    # With no cards left anywhere, the play settles everything at once, and the log line says so:
    # the Vampire wins, kills Heidi (the most Enhancements), and Recoup brings her back.
    line = R.describe(s, JESS, {"type": "play", "card": card_id(s, JESS, "Heck Spawn")})
    assert "Heck Spawn" in line and "Strength 10 vs Power 11" in line
    assert line.index("Heidi, Town Trollup is killed") < line.index("Heidi, Town Trollup is back on their feet")
    s = play_card(s, JESS, "Heck Spawn")
    assert s["phase"] == "recoup" and s["turn"] == NICOLE


def test_the_score_example_nine_plus_five_plus_four():
    s = build(n=2, turn=NICOLE, scores={NICOLE: ["Giant Ape", "Killer Bug", "Giant Rat"]},
              mobs={NICOLE: [("Hans, Town Butcher", ["Old Cannon"]), ("Franz, Town Baker", ["Sword"]), "Karl, Stable Boy",
                             "Lady Locke", "Moody Marge", "Juan, Foreign Guy"]},
              hands={JESS: ["Torch"]}, monster_top=["Wicked Witch of the South-Southeast"])
    assert score_of(s, NICOLE) == 9 + 5 + 4 == 18
    assert R.view(s, JESS)["derived"]["scores"][NICOLE] == 18
    # "If she scores 12 more points, she'll win the game."
    s = flip(s)
    # She cannot flee the Wicked Witch; Jess holds a card, so the combat window opens.
    assert s["combat"]["stage"] == "fight"
    assert monster_power(s["combat"]) == 12 and mob_strength(s, NICOLE, s["combat"]) == 13
    s = pass_all(s)
    assert score_of(s, NICOLE) == 30
    assert s["phase"] == "over" and R.active(s) == []
    out = R.outcome(s)
    assert out["winners"] == [NICOLE] and out["scores"] == [30, 0]
    assert out["headline"] == "{seat0} saves the town with 30 points!"
