"""Torches & Pitchforks: the figures the table shows — the Strength and hand limit of
every Mob, a fight's sum and how far the game is.
Written from the rulebook's words and the rules contract (docs/architecture.md)."""

from __future__ import annotations

from tabletown.games.torches_and_pitchforks.game import RULES as R
from tests.unit.test_torches_and_pitchforks_scenario import build, flip, play

PLAIN = ["Chef Kidney", "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker", "Karl, Stable Boy",
         "Hans, Town Butcher", "Heidi, Town Trollup"]


def _position(scores=None, mob0=None, hand0=(), n=2, target=30):
    return build(n=n, turn=0, scores=scores or {}, mobs={0: mob0} if mob0 else None,
                 hands={0: list(hand0)} | {p: [] for p in range(1, n)}, target=target)


# --- the figures a view carries ------------------------------------------------------------------------------------

def test_the_view_shows_every_mobs_strength_and_hand_limit():
    mob0 = ["Adam, Traveling Salesman"] + PLAIN[:5]
    mob1 = [("Hans, Town Butcher", ["Sword"]), ("Heidi, Town Trollup", [], True), "Brother Jedediah",
            "Dexter, Boy Genius", "Frederick the Lesser", "Howard, Village Idiot"]
    s = build(n=2, mobs={0: mob0, 1: mob1}, hands={1: []})
    d = R.view(s, 1)["derived"]
    assert d["strength"] == [6, 5 + 3]
    assert d["limits"] == [6, 5]
    assert d["folk"][1] == [4, 0, 1, 1, 1, 1]
    assert d["combat"] is None


def test_the_view_shows_the_fight_as_it_stands():
    mob = [("Chef Kidney", ["Torch"])] + PLAIN[1:6]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Rake"]}, monster_top=["Mummy"])
    s = flip(s)
    d = R.view(s, 1)["derived"]
    assert d["combat"] == {"strength": 8, "power": 8, "kill": 2, "winning": False}, "a Torch gives +2 against Mummies"
    assert d["folk"][0][0] == 3 and d["strength"][0] == 7, "the Mob's figure outside the fight counts the Torch once"


def test_the_saved_games_list_shows_the_best_score():
    s = _position(scores={1: ["Giant Ape"], 0: ["Giant Rat"]})
    assert R.status(s) == "Turn 1 · best score 9 of 30"


# --- states are plain JSON: one read back from JSON text plays on exactly as before --------------------------------

def _positions():
    """Positions owing each kind of choice: who dies, who comes back, what to discard, who leaves, a target."""
    from tests.unit.test_torches_and_pitchforks_scenario import card_id, pass_all

    out = {}
    s = build(n=2, turn=0, hands={1: ["Torch"]}, monster_top=["Werewolf"])
    out["fight or flee"] = flip(s)
    s = play(flip(s), 0, {"type": "fight"})
    out["combat window"] = s
    out["choose who dies"] = pass_all(play(s, 1, {"type": "pass"}))
    mob = [(n, [], i < 3) for i, n in enumerate(PLAIN[:6])]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, phase="hunt", moor=["Giant Rat"])
    out["choose who comes back"] = play(s, 0, {"type": "skip"})
    s = build(n=2, turn=0, hands={0: ["Early Harvest", "Torch", "Rake", "Pitchfork"], 1: []}, phase="recoup")
    out["discard down"] = play(s, 0, {"type": "play", "card": card_id(s, 0, "Early Harvest")})
    s = build(n=2, turn=0, hands={0: ["Overpopulation", "Torch"], 1: []}, mobs={1: PLAIN[:7]}, phase="recoup")
    out["who leaves"] = play(s, 0, {"type": "play", "card": card_id(s, 0, "Overpopulation")})
    s = build(n=2, turn=0, hands={0: ["Sword", "Torch"], 1: ["Meddling Kids"]}, phase="recoup")
    out["choose a target"] = play(s, 0, {"type": "play", "card": card_id(s, 0, "Sword")})
    out["cancel window"] = play(out["choose a target"], 0, R.legal(out["choose a target"], 0)[0])
    s = build(n=2, turn=0, hands={1: []}, monster_top=["Plague"])
    out["plague"] = play(s, 0, {"type": "flip"})
    out["recoup"] = build(n=2, turn=0, hands={0: ["Pitchfork", "Antacid"], 1: []}, defense={0: "Baby Shortage"},
                          phase="recoup")
    out["discard"] = play(out["recoup"], 0, {"type": "discard", "card": card_id(out["recoup"], 0, "Pitchfork")})
    out["hunt"] = build(n=2, turn=0, hands={1: []}, phase="hunt", moor=["Giant Rat"])
    mob = [("Chef Kidney", ["Torch"]), ("Lady Locke", ["Rake"])] + PLAIN[2:6]  # Strength 8 against Power 9
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: []}, monster_top=["Vampire"])
    out["the vampire's victim"] = play(flip(s), 0, {"type": "fight"})
    return out


def test_a_state_read_back_from_json_plays_on_exactly_as_before():
    import json

    asks = {"fight or flee": "decide", "combat window": "fight", "choose who dies": "kill",
            "choose who comes back": "revive", "discard down": "down", "who leaves": "overpop",
            "choose a target": "target", "cancel window": "cancel", "plague": "plague", "recoup": "recoup",
            "discard": "discard", "hunt": "hunt", "the vampire's victim": "kill"}
    for name, s in _positions().items():
        assert R.view(s, 0)["derived"]["asking"] == asks[name]
        seat = R.active(s)[0]
        copy = json.loads(json.dumps(s))
        assert R.legal(copy, seat) == R.legal(s, seat), name
        assert R.prompt(copy, seat) == R.prompt(s, seat), name
        for viewer in range(s["n"]):
            assert R.view(copy, viewer) == R.view(s, viewer), (name, viewer)
        for action in R.legal(s, seat):
            # the move too may come from JSON text (a record's log, a shared link)
            assert R.apply(copy, seat, json.loads(json.dumps(action))) == R.apply(s, seat, action), (name, action)


# --- what a seat may know: a world sampled from its view keeps every card it has seen where it saw it -------------

def test_a_world_sampled_from_a_view_deals_no_seen_card_twice():
    from tabletown.engine.prng import Rng, seed_state
    from tabletown.games.torches_and_pitchforks import content as C

    mob = [("Chef Kidney", ["Torch", "Sheriff"])] + PLAIN[1:6]
    s = build(n=3, turn=0, mobs={0: mob}, hands={0: ["Sword", "Charge"], 1: ["Rake"], 2: ["Pistol", "Grenade"]},
              discard=["Pitchfork"], moor=["Zombie"], scores={1: ["Giant Rat"]}, defense={2: "Antacid"})
    for seat in range(3):
        view = R.view(s, seat)
        world = R.determinize(view, seat, Rng(seed_state(seat)))
        assert world["hands"][seat] == s["hands"][seat], "the viewer's own hand is where it is"
        held = [c for p in range(3) for c in world["hands"][p]]
        placed = held + world["mob_deck"] + world["mob_discard"] + [d for d in world["defense"] if d is not None]
        placed += [c for mob_ in world["mobs"] for t in mob_ for c in [t["c"]] + t["enh"]]
        placed += world["monster_deck"] + world["monster_discard"] + world["moor"] + world["spare"]
        placed += [m for pile in world["scores"] for m in pile]
        assert sorted(placed) == sorted(C.CARDS), f"every card exactly once in seat {seat}'s world"
        assert [len(h) for h in world["hands"]] == [2, 1, 2]
        assert R.view(world, seat) == view
