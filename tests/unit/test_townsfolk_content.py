"""Townsfolk Tussle content: every catalogue against the content language and the rulebook's
counts, names and printed examples; the checker itself (each mistake it must catch, on both
sides of each boundary); and the authoring guide (it names every word, its examples are real).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from tabletown.games.townsfolk_tussle import SPEC, checks, content, shapes, vocabulary

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "content" / "townsfolk-tussle.md"


@pytest.fixture(scope="module")
def files():
    return checks.load_files()


@pytest.fixture(scope="module")
def rows(files):
    return checks.all_rows(files)


def by_id(rows, family):
    return {r["id"]: r for r in rows[family]}


def problems(files, complete=False):
    return checks.validate_all(files, complete=complete)


# ------------------------------------------------------------------------------------
# The data as it stands


def test_every_catalogue_file_follows_the_language(files):
    found = problems(files, complete=checks.REQUIRE_COMPLETE)
    assert found == [], "\n".join(found)


def test_finished_catalogues_have_the_rulebooks_counts(files):
    counts = checks.counts(files)
    for family in ("townsfolk", "ruffians", "endings", "terrain", "gear_starting", "gear_ruffian",
                   "gear_unique", "gear_unlockable"):
        assert counts[family] == (checks.COUNTS[family], checks.COUNTS[family]), family


def test_no_catalogue_holds_more_than_the_rulebook_counts(files):
    for family, (have, need) in checks.counts(files).items():
        assert have <= need, family


def test_the_rulebooks_totals():
    assert checks.COUNTS == {
        "townsfolk": 7, "ruffians": 12, "endings": 36, "terrain": 20, "gear_starting": 15, "gear_peddler": 177,
        "gear_ruffian": 36, "gear_unique": 28, "gear_unlockable": 24, "feats": 75, "events": 100, "action_cards": 180,
    }
    assert checks.CARDS_PER_RUFFIAN * 12 == checks.COUNTS["action_cards"]


def test_every_ruffian_has_its_own_action_deck_file(files, rows):
    for rid in by_id(rows, "ruffians"):
        assert f"action_cards_{rid}" in files
        assert sum(1 for c in rows["action_cards"] if c["ruffian"] == rid) <= checks.CARDS_PER_RUFFIAN


def test_the_model_decks_are_complete(rows):
    for rid in ("qing-kween", "strawman"):
        assert sum(1 for c in rows["action_cards"] if c["ruffian"] == rid) == 15, rid


# ------------------------------------------------------------------------------------
# The rulebook's names


def test_townsfolk_and_ruffians_are_the_rulebooks(rows):
    assert [t["short"] for t in rows["townsfolk"]] == ["Henlo", "Melba", "Blopsy", "Quintus", "Yancy", "Norman",
                                                       "Georgie"]
    assert [r["id"] for r in rows["ruffians"]] == ["barlow", "qing-kween", "dozy", "handsy", "strawman", "pinchetti",
                                                   "bort", "pepin", "bundits", "virginia", "umbrello", "waggums"]


def test_terrain_cards_are_the_terrain_guides(rows):
    assert [t["name"] for t in rows["terrain"]] == [
        "Murky Moat", "Dangerous Ditch", "Town Pond", "Rickety Farm", "Dense Woods", "Overgrown Cornfield",
        "Vegetable Patch", "Doc's Hut", "Wooden Fence", "Hidey Haystack", "Deserted Picnic", "Old Jalopy",
        "Tool Shed", "Wishing Well", "Buzzing Hive", "Foul Outhouse", "Mushroom Grove", "Big Barrel", "Bear Trap",
        "Dynamite & Detonator"]


# The Special Objective Tracker, and whose alternative starting gear each pair is (the endings).
TRACKER = {
    "pepin": ({"Secret Ingredient", "Charm Handbook"}, None),
    "bundits": ({"Napkin Bib", "Dinner Fork"}, "georgie"),
    "strawman": ({"Banner of Unity", "Surplus Spuds"}, None),
    "umbrello": ({"Fish Stick", "Looong Eel"}, "norman"),
    "virginia": ({"Rusted Badge", "Eerie Sack"}, None),
    "barlow": ({"Reluctant Ghost", "Cursed Wand"}, None),
    "qing-kween": ({"Tag Team", "Bloody Gem"}, "blopsy"),
    "waggums": ({"Bloody Badge", "Mugger's Bat"}, "quintus"),
    "dozy": ({"Bulging Corset", "Tossing Baton"}, "melba"),
    "handsy": ({"Manic Notes", "Commanding Hand"}, "yancy"),
    "pinchetti": ({"Panic Button", "Donor's Checkbook"}, None),
    "bort": ({"Covert Disguise", "Sad Harvest"}, "henlo"),
}


def test_unlockable_gear_is_the_special_objective_tracker(rows):
    for rid, (names, owner) in TRACKER.items():
        mine = [g for g in rows["gear_unlockable"] if g["unlocked_by"] == rid]
        assert {g["name"] for g in mine} == names, rid
        assert {g["townsfolk"] for g in mine} == {owner}, rid
        # alternative starting gear cannot be sold; new Peddler gear has a price
        assert all((g["cost"] is None) == (owner is not None) for g in mine), rid


# Every ending as printed: number, title, whose, and what it is.
ENDINGS = {
    1: ("From Townsfolk to Fertilizer", "strawman", "loss"), 2: ("Norman Makes a Friend", "umbrello", "special"),
    3: ("Sliced in Twain", "qing-kween", "win"), 4: ("Flash Flood Failure", "umbrello", "loss"),
    5: ("Dethroning the Dairylord", "pepin", "win"), 6: ("Nothin' but Bundo Fodder", "bundits", "loss"),
    7: ("Exorcised & Eviscerated", "barlow", "win"), 8: ("That Boy Ain't Right...", "waggums", "special"),
    9: ("A Death Way Overdue", "dozy", "win"), 10: ("Just Back Away Slowly...", "bort", "special"),
    11: ("Community, Friendship, and Potatoes", "strawman", "special"), 12: ("Debt Repaid...?", "virginia", "win"),
    13: ("A Terrible Performance, Hands Down", "handsy", "loss"), 14: ("A Glorious Bundo Beating", "bundits", "win"),
    15: ("Under New Management", "pinchetti", "loss"), 16: ("An Unwilling Sacrifice", "barlow", "special"),
    17: ("A Marvelous Milkman Murder", "pepin", "special"), 18: ("A Picture Perfect Defeat", "bort", "loss"),
    19: ("No Place for Tourists", "bort", "win"), 20: ("Once a Sheriff, Always a Sheriff", "dozy", "loss"),
    21: ("An Extremely Toasty Victory", "strawman", "win"), 22: ("Sedated & Set Straight", "waggums", "win"),
    23: ("Remembering Granny's Glory Days", "dozy", "special"), 24: ("Ending a Life-Long Grudge", "handsy", "special"),
    25: ("A Poor Choice of Sheriff", "virginia", "special"), 26: ("Penny Pays the Ultimate Price", "pinchetti", "special"),
    27: ("Six Feet Under", "barlow", "loss"), 28: ("Clothesless & Conquered", "qing-kween", "loss"),
    29: ("From Sheriff to Sideshow", "virginia", "loss"), 30: ("Royal Memories", "bundits", "special"),
    31: ("Bad Dog, Bad!", "waggums", "loss"), 32: ("Crime Never Pays", "pinchetti", "win"),
    33: ("A Prominent Parasol Pummeling", "umbrello", "win"), 34: ("Family Reunion", "qing-kween", "special"),
    35: ("Putting an End to a Legend", "handsy", "win"), 36: ("Beaten & Bottled", "pepin", "loss"),
}


def test_endings_are_the_rulebooks_thirty_six(rows):
    got = {e["number"]: (e["title"], e["ruffian"], e["result"]) for e in rows["endings"]}
    assert got == ENDINGS
    for e in rows["endings"]:
        assert ("You win" in e["text"]) == (e["result"] != "loss"), e["id"]


def test_the_seven_alternative_gear_objectives_name_their_townsfolk(rows):
    """Each special objective that unlocks a townsfolk's gear is that townsfolk's deed (the endings)."""
    ruffians = by_id(rows, "ruffians")
    for rid, (_, owner) in TRACKER.items():
        special = json.dumps(ruffians[rid]["final_fight"]["special"]["goal"])
        if owner is not None:
            assert f'"{owner}"' in special, rid


# ------------------------------------------------------------------------------------
# The printed examples, exactly


def test_conquerors_warcry_as_printed(rows):
    card = by_id(rows, "action_cards")["qing-kween-conquerors-warcry"]
    assert card["name"] == "Conqueror's Warcry" and card["ruffian"] == "qing-kween"
    assert card["target"] == {"pick": "weakest"}
    assert card["act"] == [{"do": "move", "to": "target", "dmg": 1}]
    assert card["after"] == {"when": "damaged", "steps": [{"do": "unequip", "who": "target", "slot": "chest"}]}


def test_corn_padding_as_printed(rows):
    card = by_id(rows, "action_cards")["strawman-corn-padding"]
    assert card["target"] == {"pick": "terrain", "terrain": "overgrown-cornfield"}
    assert card["act"] == [{"do": "move-into", "to": "target"}]
    # the aftereffect triggers even if Strawman is only partly inside
    assert card["after"]["when"] == "partly-inside"
    assert card["after"]["steps"] == [{"do": "heal", "who": "ruffian", "amount": 2},
                                      {"do": "dmg", "who": {"pick": "closest"}, "amount": 2}]


def test_aerial_drop_off_as_printed(rows):
    card = by_id(rows, "action_cards")["umbrello-aerial-drop-off"]
    assert card["target"] == {"pick": "closest", "filter": [{"equipped": "leg"}]}
    assert card["act"] == [{"do": "move", "to": "target"}]
    assert card["after"] == {"when": "reached", "steps": [
        {"do": "place", "who": "target", "at": {"corner": "top-left"}},
        {"do": "dmg", "who": "target", "amount": 1},
        {"do": "place", "who": "ruffian", "at": {"adjacent": "target"}}]}


def test_the_rulebooks_gear_as_printed(rows):
    peddler = by_id(rows, "gear_peddler")
    barrel = peddler["big-barrel-gun"]
    assert (barrel["name"], barrel["slot"], barrel["hands"]) == ("Big Barrel", "hand", 1)
    assert barrel["weapon"] == {"style": "ranged", "type": "gun", "mox": 2, "acc": 5, "dmg": 3, "range": 7, "reload": 1}
    assert barrel["text"] == "Range: 7. When used, this weapon cannot attack the following turn."
    pole = peddler["extend-o-pole"]
    assert (pole["hands"], pole["cost"], pole["weapon"]) == (1, 7, {"style": "melee", "type": "staff"})
    assert pole["mods"] == [{"mod": "range", "weapons": "other", "amount": 5}]
    scimitar = peddler["floppy-scimitar"]
    assert (scimitar["hands"], scimitar["cost"]) == (1, 11)
    assert scimitar["weapon"] == {"style": "melee", "type": "sword", "mox": 1, "acc": 4, "dmg": 2}
    hat = peddler["beggars-top-hat"]
    assert hat["slot"] == "special" and hat["triggers"] and hat["text"].startswith("Special Gear.")


def test_the_rulebooks_feats_as_printed(rows):
    feats = by_id(rows, "feats")
    assert (feats["reckless"]["goal_text"], feats["reckless"]["points"], feats["reckless"]["reward"]) == (
        "End your turn adjacent to the Ruffian.", 0, [])
    assert feats["reckless"]["goal"] == {"on": "turn-end", "who": "self", "if": [{"adjacent": "ruffian"}]}
    safety = feats["safety-first"]
    assert (safety["goal_text"], safety["points"], safety["reward_text"]) == (
        "Be the only townsfolk at Max HP during the fight.", 1, "+1 MOX (one fight)")
    assert safety["reward"] == [{"do": "raise", "who": "self", "stat": "mox", "amount": 1, "until": "fight"}]
    martyr = feats["martyr"]
    assert (martyr["goal_text"], martyr["points"], martyr["reward_text"]) == (
        "Be the first townsfolk to get knocked out in a fight.", 2, "+2 DMG to Ruffian")
    assert martyr["goal"] == {"on": "knocked-out", "who": "self", "if": [{"first": True}]}
    assert martyr["reward"] == [{"do": "dmg", "who": "ruffian", "amount": 2}]


def test_dense_woods_as_printed(rows):
    woods = by_id(rows, "terrain")["dense-woods"]
    assert woods["type"] == "feature"
    assert woods["text"] == ("It costs 2 MVMT to enter any Dense Woods square. Does not affect Ruffians or movement "
                             "via gear or abilities.")
    assert woods["move_cost"] == {"cost": 2, "ruffians": False}
    assert woods["interact_text"] == (
        "1 MOX: Climb a tree/climb higher! You gain +2 range with ranged weapons. All bonus range is lost if you move "
        "from your current square. If a collision causes you to move out of the square, you take 2 DMG.")
    assert woods["interact"]["cost"] == {"mox": 1} and woods["interact"]["at"] == "inside"
    [boost] = woods["interact"]["steps"]
    assert boost["mods"] == [{"mod": "range", "weapons": "ranged", "amount": 2}] and boost["until"] == "moved"
    [fall] = woods["triggers"]
    assert fall["on"] == "pushed" and {"cause": "collision"} in fall["if"]
    assert fall["steps"] == [{"do": "dmg", "who": "event", "amount": 2}]


def test_rickety_farm_as_printed(rows):
    farm = by_id(rows, "terrain")["rickety-farm"]
    assert farm["type"] == "obstacle" and farm["door"] is not None
    assert farm["interact_text"] == (
        "When at the door, 1 MOX: Knock for assistance! Roll. 1-3: The owner refuses to answer the door. 4-7: The "
        "owner tosses you a bandage! Restore 2 HP. Rickety Farm can no longer be activated. 8+: The owner reluctantly "
        "obliges! He lines his shotgun through the window and nails the Ruffian for 3 DMG! Rickety Farm can no longer "
        "be activated.")
    inter = farm["interact"]
    assert (inter["at"], inter["cost"]) == ("door", {"mox": 1})
    [roll] = inter["steps"]
    assert [(r["min"], r["max"]) for r in roll["table"]] == [(1, 3), (4, 7), (8, None)]
    assert roll["table"][0]["steps"] == []
    assert roll["table"][1]["steps"] == [{"do": "heal", "who": "self", "amount": 2},
                                         {"do": "exhaust", "terrain": "this"}]
    assert roll["table"][2]["steps"] == [{"do": "dmg", "who": "ruffian", "amount": 3},
                                         {"do": "exhaust", "terrain": "this"}]


CRIT_HIT = [
    (1, 1, "Your attack sends the Ruffian into a fit of rage! Your turn ends immediately after the attack, and the "
           "Ruffian takes an action."),
    (2, 3, "Your hit leaves the Ruffian flustered; their anger makes them predictable! Reveal the next Ruffian "
           "action."),
    (4, 5, "You crush the Ruffian's walky-bits! Lower the Ruffian's MVMT by 1."),
    (6, 7, "You're invigored by your hefty hit! Increase your MVMT, MOX, or ACC by 1 for the fight."),
    (8, 8, "A brilliant blow! Your attack deals +1 DMG."),
    (9, None, "Holy moly, you send bits of the Ruffian flying! Receive the Ruffian's Gear marked with a star (★) on "
              "their rewards. You may equip it immediately. If this has already been activated this fight, the "
              "attack deals +1 DMG instead."),
]


def test_crit_hit_chart_as_printed(rows):
    chart = by_id(rows, "charts")["crit-hit"]
    assert [(r["min"], r["max"], r["text"]) for r in chart["table"]] == CRIT_HIT
    steps = [r["steps"] for r in chart["table"]]
    assert steps[0] == [{"do": "end-turn"}, {"do": "extra-action"}]
    assert steps[1] == [{"do": "reveal-next"}]
    assert steps[2] == [{"do": "lower", "who": "ruffian", "stat": "mvmt", "amount": 1, "until": "fight"}]
    assert [o["steps"][0]["stat"] for o in steps[3][0]["options"]] == ["mvmt", "mox", "acc"]
    assert steps[4] == [{"do": "bonus-dmg", "amount": 1}]
    assert steps[5] == [{"do": "once", "per": "fight",
                         "steps": [{"do": "gain-gear", "who": "self", "gear": "ruffian-star", "equip": True}],
                         "otherwise": [{"do": "bonus-dmg", "amount": 1}]}]


def test_setup_numbers_breaking_points_and_town_map(rows):
    charts = by_id(rows, "charts")
    assert charts["breaking-points"]["hp"] == [18, 12, 7, 4]
    setup = charts["setup"]
    assert (setup["coins"], setup["defeat_coins"], setup["feats"], setup["shop"], setup["reset_per_townsfolk"],
            setup["sell_divisor"], setup["gear_change_mox"], setup["solo_townsfolk"], setup["fights"]) == (
        10, 6, 3, 10, 2, 2, 2, 3, 4)
    town_map = charts["town-map"]
    assert [lv["name"] for lv in town_map["levels"]] == ["Chump", "Scrapper", "Brute", "Outlaw", "Final Fight"]
    assert {s["id"]: s["spaces"] for s in town_map["sides"]} == {
        "standard": ["chump", "scrapper", "brute", "final-fight"],
        "rough": ["scrapper", "brute", "outlaw", "final-fight"]}
    assert [s["id"] for s in town_map["sides"]] == list(SPEC.option("town_map").choices)
    assert charts["order-bar"] == {"id": "order-bar", "fight": "top-down", "town": "bottom-up",
                                   "rotate": "top-to-bottom", "ruffian": "first"}


def test_each_final_fight_gives_the_sheriff_its_own_unique_gear(rows):
    unique = by_id(rows, "gear_unique")
    named = [r["final_fight"]["sheriff_gear"] for r in rows["ruffians"]]
    assert len(set(named)) == 12
    assert {unique[g]["source"] for g in named} == {"sheriff"}
    assert sorted(g["id"] for g in rows["gear_unique"] if g["source"] == "sheriff") == sorted(named)


LEVEL_HP = {"chump": 0, "scrapper": 8, "brute": 10, "outlaw": 10, "final-fight": 10}  # rules version 3
LEVEL_HP_V2 = {"chump": 0, "scrapper": 1, "brute": 2, "outlaw": 3, "final-fight": 3}


def hp_mods(ability):
    return [m["amount"] for m in ability.get("mods", []) if m.get("mod") == "stat" and m.get("stat") == "hp"]


def test_level_abilities_scale_hp_by_townsfolk(rows):
    """Chump adds no HP; Scrapper, Brute, Outlaw and Final Fight add 8, 10, 10 and 10 per townsfolk, and
    the ability's text says so, and says the DMG the level adds (a game begun under rules version 2 keeps
    1, 2, 3 and 3, and no DMG added)."""
    for r in rows["ruffians"]:
        for level, times in LEVEL_HP.items():
            ability = r["abilities"][level]
            assert hp_mods(ability) == ([{"value": "townsfolk", "times": times}] if times else []), (r["id"], level)
            if times:
                assert ability["text"].startswith(f"+{times} HP for each townsfolk"), (r["id"], level)
            for m in ability.get("mods", []):
                if m["mod"] == "dmg-dealt":
                    assert f"deal{'' if r['pronoun'] == 'they' else 's'} +{m['amount']} DMG." in ability["text"]
        assert r["hp"]["2"] < r["hp"]["3"] < r["hp"]["4"], r["id"]
        assert r["hp"]["4"] > 18, r["id"]  # a four-townsfolk fight passes every breaking point
        old = content.ruffian(r["id"], 2)
        for level, times in LEVEL_HP_V2.items():
            ability = old["abilities"][level]
            want = [] if not times else [{"value": "townsfolk", "times": times} if times > 1 else {"value": "townsfolk"}]
            assert hp_mods(ability) == want, (r["id"], level)
            assert not [m for m in ability.get("mods", []) if m["mod"] == "dmg-dealt"], (r["id"], level)
            assert not re.search(r"deals? \+\d DMG", ability["text"]), (r["id"], level)


# ------------------------------------------------------------------------------------
# The checker catches each mistake (each check on a copy of the real files)


def mutate(files, name, rid, change):
    changed = copy.deepcopy(files)
    for row in changed[name]["rows"]:
        if row.get("id") == rid:
            change(row)
            return changed
    raise KeyError(rid)


def found(files, text, complete=False):
    return [p for p in problems(files, complete) if text in p]


def test_an_unknown_field_is_reported(files):
    bad = mutate(files, "gear_peddler", "floppy-scimitar", lambda g: g.update(colour="blue"))
    assert found(bad, "unknown field 'colour'")


@pytest.mark.parametrize("hands, ok", [(0, False), (1, True), (2, True), (3, False), ("2", False)])
def test_hands_are_one_or_two(files, hands, ok):
    bad = mutate(files, "gear_peddler", "floppy-scimitar", lambda g: g.update(hands=hands))
    assert bool(found(bad, "floppy-scimitar.hands")) != ok


@pytest.mark.parametrize("acc, ok", [(1, False), (2, True), (10, True), (11, False)])
def test_accuracy_requirement_runs_from_two_to_ten(files, acc, ok):
    bad = mutate(files, "gear_peddler", "floppy-scimitar", lambda g: g["weapon"].update(acc=acc))
    assert bool(found(bad, "acc requirement")) != ok


@pytest.mark.parametrize("copies, ok", [(0, False), (1, True), (4, True), (5, False)])
def test_peddler_copies_run_from_one_to_four(files, copies, ok):
    bad = mutate(files, "gear_peddler", "floppy-scimitar", lambda g: g.update(copies=copies))
    assert bool(found(bad, "copies")) != ok


def test_only_peddler_gear_has_copies(files):
    bad = mutate(files, "gear_unique", "jerry", lambda g: g.update(copies=2))
    assert found(bad, "only Peddler gear comes in several copies")


@pytest.mark.parametrize("points, ok", [(-1, False), (0, True), (5, True), (6, False)])
def test_feat_points_run_from_zero_to_five(files, points, ok):
    bad = mutate(files, "feats", "martyr", lambda f: f.update(points=points))
    assert bool(found(bad, "points")) != ok


def test_a_weapon_needs_all_attack_stats_or_none(files):
    bad = mutate(files, "gear_peddler", "floppy-scimitar", lambda g: g["weapon"].pop("dmg"))
    assert found(bad, "needs all of mox, acc and dmg")


def test_a_ranged_weapon_needs_its_range(files):
    bad = mutate(files, "gear_peddler", "big-barrel-gun", lambda g: g["weapon"].pop("range"))
    assert found(bad, "needs its range")


def test_an_id_used_twice_across_catalogues_is_reported(files):
    bad = mutate(files, "gear_peddler", "floppy-scimitar", lambda g: g.update(id="dense-woods"))
    assert found(bad, "'dense-woods' is used twice")


def test_a_reference_to_missing_content_is_reported(files):
    bad = mutate(files, "events", "sore-winner",
                 lambda e: e["steps"].append({"do": "gain-gear", "who": "self", "gear": "golden-goose"}))
    assert found(bad, "no gear id 'golden-goose'")
    bad = mutate(files, "ruffians", "barlow", lambda r: r["landscape"]["terrain"][0].update(terrain="lava-pit"))
    assert found(bad, "no terrain id 'lava-pit'")


def test_a_selector_out_of_place_is_reported(files):
    bad = mutate(files, "gear_starting", "bait-bucket",
                 lambda g: g["activate"][0]["steps"].append({"do": "dmg", "who": "target", "amount": 1}))
    assert found(bad, "'target' exists only on Ruffian action cards")


def test_a_condition_has_exactly_one_predicate(files):
    bad = mutate(files, "feats", "reckless",
                 lambda f: f["goal"]["if"][0].update({"within": 2, "of": "ruffian"}))
    assert found(bad, "exactly one predicate")


def test_an_unknown_step_is_reported(files):
    bad = mutate(files, "feats", "martyr", lambda f: f["reward"].append({"do": "explode"}))
    assert found(bad, "do must be one of")


def test_a_group_target_cannot_be_walked_to(files):
    bad = mutate(files, "action_cards_qing-kween", "qing-kween-claymore-sweep",
                 lambda c: c["act"].__setitem__(1, {"do": "move", "to": "target"}))
    assert found(bad, "moves relative to 'target', but this card's target is 'all'")


def test_a_terrain_target_takes_no_dmg(files):
    bad = mutate(files, "action_cards_strawman", "strawman-corn-padding",
                 lambda c: c["act"].append({"do": "dmg", "who": "target", "amount": 1}))
    assert found(bad, "this card's target is 'terrain', not townsfolk")


def test_an_aftereffect_on_dmg_needs_a_townsfolk_target(files):
    bad = mutate(files, "action_cards_qing-kween", "qing-kween-coronation", lambda c: c.update(
        after={"when": "damaged", "steps": [{"do": "heal", "who": "ruffian", "amount": 1}]}, after_text="Heal."))
    assert found(bad, "aftereffect on 'damaged' needs a townsfolk target")


@pytest.mark.parametrize("target, ok", [
    ({"pick": "most", "tally": "dmg-dealt"}, True),
    ({"pick": "most", "tally": "dmg-dealt", "scope": "turn"}, True),
    ({"pick": "most", "stat": "coins", "tally": "dmg-dealt"}, False),
    ({"pick": "most"}, False),
    ({"pick": "closest", "tally": "dmg-dealt"}, False),
])
def test_most_and_least_pick_by_one_stat_or_tally(files, target, ok):
    bad = mutate(files, "action_cards_strawman", "strawman-snip-snip-snip", lambda c: c.update(target=target))
    assert bool(found(bad, "strawman-snip-snip-snip.target")) != ok


def test_events_may_take_from_the_peddlers_table(files):
    def take(e):
        e["steps"] = [{"do": "take-from-shop", "who": "self", "for": {"max-cost": 8}, "price": "free"}]
    assert problems(mutate(files, "events", "swap-meet", take)) == []
    assert found(mutate(files, "events", "swap-meet", lambda e: take(e) or e["steps"][0].update(price=0)), "price")


def farm_table(files):
    return lambda change: mutate(files, "terrain", "rickety-farm", lambda t: change(t["interact"]["steps"][0]["table"]))


@pytest.mark.parametrize("last_max, ok", [(9, False), (10, True), (None, True)])
def test_a_roll_table_covers_a_roll_of_ten(files, last_max, ok):
    bad = farm_table(files)(lambda table: table[-1].update(max=last_max))
    assert bool(found(bad, "must cover a roll of 10")) != ok


@pytest.mark.parametrize("second_min, text", [(5, "without gaps or overlaps"), (3, "without gaps or overlaps"),
                                              (4, None)])
def test_roll_table_rows_follow_on(files, second_min, text):
    bad = farm_table(files)(lambda table: table[1].update(min=second_min))
    assert bool(found(bad, "without gaps or overlaps")) == (text is not None)


def test_a_roll_with_a_bonus_is_open_at_both_ends(files):
    bad = mutate(files, "events", "barn-dance", lambda e: e["steps"][0]["table"][0].update(min=1))
    assert found(bad, "first row must have min null")


def test_ruffian_gear_has_exactly_one_star(files):
    bad = mutate(files, "gear_ruffian", "barrow-wheel", lambda g: g.update(star=True))
    assert found(bad, "exactly one star")


def test_one_effect_name_means_one_thing(files):
    def add(g):
        g["activate"][0]["steps"].append({"do": "effect", "effect": "roll-barrel", "text": "Something else."})
    bad = mutate(files, "gear_starting", "bait-bucket", add)
    assert found(bad, "effect 'roll-barrel' is described differently")


def test_an_endings_id_follows_its_number(files):
    bad = mutate(files, "endings", "ending-07", lambda e: e.update(number=8))
    assert found(bad, "ending-NN from its number")
    assert found(bad, "ending number 8 is used 2 times")


def test_an_unknown_catalogue_file_and_broken_json_are_reported(files):
    extra = dict(files)
    extra["gear_pedler"] = {"defaults": {}, "rows": []}
    extra["feats_b"] = checks.JsonError("Expecting ',' delimiter: line 3 column 5")
    found_problems = problems(extra)
    assert any("unknown catalogue name 'gear_pedler'" in p for p in found_problems)
    assert any(p.startswith("feats_b.json: not valid JSON") for p in found_problems)


def test_part_files_join_their_family():
    assert vocabulary.family_of("gear_peddler_weapons") == "gear_peddler"
    assert vocabulary.family_of("feats_b") == "feats"
    assert vocabulary.family_of("events_secret-ones") == "events"
    assert vocabulary.family_of("action_cards_qing-kween") == "action_cards"
    assert vocabulary.family_of("gear_starting_extra") is None  # the finished families are single files
    assert vocabulary.family_of("gear_peddler_") is None


# --- landscapes ----------------------------------------------------------------------


def test_overlapping_terrain_is_reported(files):
    bad = mutate(files, "ruffians", "barlow", lambda r: r["landscape"]["terrain"][1].update(at=[2, 3]))
    assert found(bad, "overlaps")


def test_a_t_square_on_terrain_is_reported(files):
    bad = mutate(files, "ruffians", "barlow", lambda r: r["landscape"]["t"].__setitem__(0, [1, 3]))
    assert found(bad, "T position [1, 3] is on wooden-fence")


@pytest.mark.parametrize("col, ok", [(9, True), (10, True), (11, False)])
def test_the_ruffians_footprint_must_fit_the_board(files, col, ok):
    """The R square is the top-left of a 2 × 2 footprint on the 12-column board."""
    bad = mutate(files, "ruffians", "barlow", lambda r: r["landscape"].update(r=[col, 0]))
    assert bool(found(bad, "R position leaves the board")) != ok


def test_a_t_square_the_ruffian_cannot_reach_is_reported(files):
    """Fence off the bottom-left corner: obstacles at [0,9]–[2,9] and [2,10], [2,11] enclose [0,11]."""
    def wall(r):
        land = r["landscape"]
        land["terrain"] = [p for p in land["terrain"] if p["terrain"] not in ("buzzing-hive",)]
        land["terrain"] += [{"terrain": "wooden-fence", "at": [0, 9]},
                            {"terrain": "wishing-well", "at": [2, 10]}, {"terrain": "wishing-well", "at": [2, 11]}]
        land["t"][0] = [0, 11]
    bad = mutate(files, "ruffians", "barlow", wall)
    assert found(bad, "cannot reach T position [0, 11]")


def test_ff_pieces_the_table_asks_for_must_exist(files):
    bad = mutate(files, "ruffians", "barlow", lambda r: r["final_fight"]["ff_pieces"].update({"4": 3}))
    assert found(bad, "places FF1–FF3, but only 2")


def test_rotating_a_piece_turns_its_door_with_it(rows):
    farm = by_id(rows, "terrain")["rickety-farm"]  # 3 wide, 2 high, door below the middle
    cells, door = shapes.placement_cells(farm, {"terrain": "rickety-farm", "at": [4, 4], "rot": 0})
    assert sorted(cells) == [(c, r) for c in (4, 5, 6) for r in (4, 5)] and door == (5, 6)
    cells, door = shapes.placement_cells(farm, {"terrain": "rickety-farm", "at": [4, 4], "rot": 90})
    assert sorted(cells) == [(c, r) for c in (4, 5) for r in (4, 5, 6)] and door == (3, 5)  # the door faces west
    cells, door = shapes.placement_cells(farm, {"terrain": "rickety-farm", "at": [4, 4], "rot": 180})
    assert door == (5, 3)  # north
    cells, door = shapes.placement_cells(farm, {"terrain": "rickety-farm", "at": [4, 4], "rot": 270})
    assert door == (6, 5)  # east


# --- counts when complete ------------------------------------------------------------


def test_counts_are_failures_only_when_complete(files):
    short = copy.deepcopy(files)
    short["action_cards_barlow"]["rows"].pop()
    assert not found(short, "of the rulebook's", complete=False)
    assert found(short, "action_cards: 179 of the rulebook's 180", complete=True)
    assert not found(files, "action_cards:", complete=True)  # exactly 180: no problem
    assert not found(files, "terrain:", complete=True)  # exactly 20: no problem


def test_one_card_too_many_is_a_failure_when_complete(files):
    extra = copy.deepcopy(files)
    rows = extra["terrain"]["rows"]
    rows.append(dict(rows[0], id="murky-moat-2"))
    assert found(extra, "terrain: 21 of the rulebook's 20", complete=True)


def test_copies_count_as_cards(files):
    more = mutate(files, "gear_peddler", "floppy-scimitar", lambda g: g.update(copies=3))
    assert checks.counts(more)["gear_peddler"][0] == checks.counts(files)["gear_peddler"][0] + 2


# ------------------------------------------------------------------------------------
# The guide


def guide_text():
    return GUIDE.read_text(encoding="utf-8")


@pytest.mark.parametrize("words", [
    vocabulary.STEPS, vocabulary.MODS, vocabulary.PREDICATES, vocabulary.EVENTS, vocabulary.DURATIONS, vocabulary.SELECTORS, vocabulary.PICKS,
    vocabulary.QUANTITIES, vocabulary.TALLIES, vocabulary.AFTER_WHEN, vocabulary.SLOT_CHOICES, vocabulary.DMG_FROM, vocabulary.USES,
    vocabulary.SUBJECTS, vocabulary.CORNERS, vocabulary.ROLL_BONUSES, vocabulary.LEVELS,
], ids=["steps", "mods", "predicates", "events", "durations", "selectors", "picks", "quantities", "tallies",
        "after", "slots", "dmg-from", "uses", "subjects", "corners", "roll-bonuses", "levels"])
def test_the_guide_explains_every_word_of_the_language(words):
    text = guide_text()
    missing = [w for w in words if f"`{w}`" not in text and f'"{w}"' not in text]
    assert missing == []


def test_the_guides_examples_are_real_rows():
    """Every ```json <catalogue> block in the guide is a row of that catalogue, character for character."""
    blocks = re.findall(r"```json ([a-z_-]+)\n(.*?)\n```", guide_text(), re.S)
    assert len(blocks) >= 30
    data = checks.load_files()
    for name, body in blocks:
        row = json.loads(body)
        actual = {r["id"]: r for r in data[name]["rows"]}
        assert actual[row["id"]] == row, row["id"]


# ------------------------------------------------------------------------------------
# The spec


def test_the_spec_declares_the_variants():
    assert SPEC.campaign is True and SPEC.outcome == "team"
    assert SPEC.seats == (2, 4)  # a seat is a townsfolk
    assert SPEC.normalize(4, {"doublin_down": True})["doublin_down"] is True
    with pytest.raises(ValueError):
        SPEC.normalize(3, {"doublin_down": True})  # Doublin' Down: two players, two townsfolk each
    assert SPEC.normalize(3, {"solo": True})["solo"] is True  # solo: one player, three townsfolk
    assert SPEC.normalize(2, {})["trading"] is False


def test_the_package_imports_only_the_spec_at_boot():
    source = (Path(vocabulary.__file__).with_name("__init__.py")).read_text(encoding="utf-8")
    imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert imports == ["from tabletown.engine.spec import Choice, Flag, GameSpec"]
