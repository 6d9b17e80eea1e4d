"""The story of a Tumble Town game: what each building brought, the Penalty tokens, and
the moments that mattered, as the result screen shows them."""

from __future__ import annotations

from tabletown import games
from tabletown.engine.replay import story
from tabletown.engine.session import Session, new_record
from tabletown.games.tumble_town.content import PLANS, PLOTS, penalty_value
from tabletown.games.tumble_town.game import RULES
from tabletown.games.tumble_town.scoring import occupancy, street_detail

GAME = games.load("tumble-town")


def played(seats, options, seed):
    people = [{"name": f"P{i}", "kind": "bot", "level": level} for i, level in enumerate(seats)]
    session = Session(GAME, new_record(GAME, people, options, seed))
    while not session.over():
        session.bot_move(session.active()[0])
    return session


def tables(session):
    return {t["title"]: t for t in story(GAME, session.record)["tables"]}


def test_the_buildings_table_adds_up_to_each_players_score():
    """Every building once, and its points + gold-building points + Main Street under it +
    Horse, less the Penalty tokens, plus the alleys, make the player's final score."""
    session = played(["hard", "hard", "easy"], {}, 7)
    final = session.state
    t = tables(session)["The buildings"]
    assert t["columns"] == ["Player", "Building", "Round", "Points", "Gold building", "Main Street", "Horse",
                            "Penalty tokens"]
    for s, pl in enumerate(final["players"]):
        mine = [r for r in t["rows"] if r[0] == f"{{seat{s}}}"]
        assert [r[1] for r in mine] == [PLANS[b["plan"]]["name"] for b in pl["built"]]
        assert all(1 <= r[2] <= final["round"] for r in mine)
        plots, occ = street_detail(pl["built"], final["town"])["plots"], occupancy(pl["built"])
        alleys = sum(plots[side][p] for side in range(2) for p in range(PLOTS) if p not in occ[side])
        total = sum(r[3] + r[4] + r[5] + r[6] - penalty_value(final["v"]) * r[7] for r in mine) + alleys
        assert total == session.outcome()["scores"][s]


def test_penalty_tokens_per_player_with_the_buildings_that_cost_them():
    session = played(["hard", "easy"], {}, 3)
    rows = tables(session)["Penalty tokens"]["rows"]
    for s, pl in enumerate(session.state["players"]):
        costly = ", ".join(PLANS[b["plan"]]["name"] for b in pl["built"] if b["pen"]) or "none"
        assert rows[s] == [f"{{seat{s}}}", pl["penalties"], -penalty_value(session.state["v"]) * pl["penalties"], costly]
        assert pl["penalties"] == sum(b["pen"] for b in pl["built"])


def test_the_moments_tell_the_outlaws_steals_the_best_turns_and_the_end():
    session = played(["hard"], {"mode": "outlaw"}, 5)
    moments = tables(session)["The moments that mattered"]["rows"]
    steals = [m for m in moments if m[1] == "the Outlaw"]
    stolen = [PLANS[p]["name"] for p in session.state["outlaw"]["plans"]]
    assert sum(len(m[2].removeprefix("steals ").split(", ")) for m in steals) == len(stolen) > 0
    best = [m for m in moments if m[1] == "{seat0}" and m[2].startswith("gains ")]
    assert 1 <= len(best) <= 3
    gains = [int(m[2].split()[1]) for m in best]
    assert min(gains) > 0
    assert [m[0] for m in moments] == sorted(m[0] for m in moments)


def test_the_lead_changing_hands_is_told_in_a_game_of_several_players():
    session = played(["hard", "hard", "easy"], {}, 7)
    moments = tables(session)["The moments that mattered"]["rows"]
    leads = [m for m in moments if "takes the lead" in m[2]]
    assert leads, "in this game the lead changes hands"
    assert all(a[1] != b[1] for a, b in zip(leads, leads[1:])), "a lead is taken from someone else"
    ending = [m for m in moments if m[2].startswith("triggers the end")]
    assert len(ending) == 1
    # no lead in a solo game
    solo = played(["hard"], {"mode": "no-outlaw"}, 2)
    assert not [m for m in tables(solo)["The moments that mattered"]["rows"] if "lead" in m[2]]


def test_story_is_the_rules_method_the_replay_calls():
    session = played(["easy", "easy"], {}, 1)
    out = story(GAME, session.record)
    assert out["series"] is not None and len(out["series"]) == 2
    assert [t["title"] for t in out["tables"]] == ["The buildings", "Penalty tokens", "The moments that mattered"]
    assert RULES.story([], session.state)[2]["rows"] == []
