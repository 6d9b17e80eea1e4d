"""Townsfolk Tussle on the game kit: the conformance suite (random whole games, with its secret
checks) at 2, 3 and 4 townsfolk and in every variant; bot teams played to the end under the same
checks; the campaign (unlocks kept across games and offered in the next game's setup); the spec.
"""

from __future__ import annotations

import json

import pytest

from tabletown.engine.bots import choose
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.session import Session, new_record
from tabletown.games.townsfolk_tussle import SPEC, game, unlock_option
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.conformance import check_playouts, check_render, check_secrets
from tests.unit.test_townsfolk_support import Table

# --- the kit's conformance suite ------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats,options", [
    (2, {}),
    (3, {}),
    (4, {}),
    (3, {"solo": True}),
    (4, {"doublin_down": True}),
    (2, {"trading": True}),
    (3, {"town_map": "rough"}),
])
def test_conformance(seats, options):
    outcomes = check_playouts(game, seats, options, games=1, first_seed=seats * 10 + len(options),
                              secrets_every=9, render_every=11)
    assert outcomes[0]["kind"] == "team"


def bot_game_with_checks(seats: int, options: dict, seed: int, levels: tuple[str, ...]) -> dict:
    """A bot team plays a whole game; views hide what they must and the board offers every move."""
    opts = SPEC.normalize(seats, options)
    state = RULES.setup(seed, seats, opts)
    rng = Rng(seed_state(seed))
    for step in range(20000):
        active = RULES.active(state)
        if not active:
            break
        seat = active[0]
        if step % 25 == 0:
            check_secrets(RULES, state, seats, rng, step)
            check_render(game, RULES.view(state, seat), seat, RULES.legal(state, seat), seats)
        action = choose(RULES, game.BOTS, levels[seat % len(levels)], state, seat, seed, step)
        state, events = RULES.apply(state, seat, action)
        assert RULES.phrase(events)
    out = RULES.outcome(state)
    assert out is not None and out["kind"] == "team"
    return state


@pytest.mark.parametrize("seats,options,seed", [(3, {}, 1), (4, {"doublin_down": True}, 2), (2, {"trading": True}, 3)])
def test_bot_teams_play_whole_games_under_the_checks(seats, options, seed):
    state = bot_game_with_checks(seats, options, seed, ("hard",))
    assert state["round"] >= 1 and state["result"] is not None


# --- the campaign ----------------------------------------------------------------------------------------------------


def special_win(ruffian: str) -> dict:
    return {"result": {"won": True, "ending": C.ending_for(ruffian, "special")["id"], "ruffian": ruffian,
                       "unlocks": list(C.UNLOCKS[ruffian])}}


def test_a_special_objective_unlocks_its_gear_for_the_next_games():
    after = RULES.campaign_update(None, ["Ann"], special_win("umbrello"))
    assert after["unlocked"] == ["umbrello"] and C.ending_for("umbrello", "special")["id"] in after["endings"]
    again = RULES.campaign_update(after, ["Ann"], special_win("umbrello"))
    assert again == after  # recording the same game twice changes nothing


def test_a_plain_win_or_a_loss_unlocks_nothing():
    won = {"result": {"won": True, "ending": C.ending_for("dozy", "win")["id"], "ruffian": "dozy", "unlocks": []}}
    assert RULES.campaign_update({}, [], won)["unlocked"] == []
    assert RULES.campaign_update({"unlocked": ["bort"]}, [], {"result": None}) == {"unlocked": ["bort"]}


def test_unlocked_alternative_gear_is_offered_when_choosing_townsfolk():
    campaign = RULES.campaign_update(None, [], special_win("umbrello"))  # Norman's Looong Eel and Fish Stick
    state = RULES.setup(4, 3, SPEC.normalize(3, {}), campaign)
    picks = RULES.legal(state, 0)
    assert {"type": "pick", "folk": "norman", "alt": True} in picks
    assert {"type": "pick", "folk": "henlo", "alt": True} not in picks
    state, _ = RULES.apply(state, 0, {"type": "pick", "folk": "norman", "alt": True})
    owned = [g for g in state["folk"][0]["eq"].values() if g] + state["folk"][0]["stash"]
    assert sorted(set(owned)) == sorted(C.ALTERNATIVE["norman"])
    fresh = RULES.setup(4, 3, SPEC.normalize(3, {}), None)
    assert {"type": "pick", "folk": "norman", "alt": True} not in RULES.legal(fresh, 0)


def test_unlocked_peddler_gear_is_shuffled_into_the_peddler_deck():
    campaign = RULES.campaign_update(None, [], special_win("strawman"))  # Banner of Unity, Surplus Spuds
    state = RULES.setup(5, 3, SPEC.normalize(3, {}), campaign)
    assert set(C.PEDDLER_UNLOCKS["strawman"]) <= set(state["peddler"]["deck"])
    plain = RULES.setup(5, 3, SPEC.normalize(3, {}), None)
    assert not set(C.PEDDLER_UNLOCKS["strawman"]) & set(plain["peddler"]["deck"])


def test_a_record_carries_its_campaign_so_a_shared_game_replays_with_the_same_unlocks():
    campaign = RULES.campaign_update(None, [], special_win("umbrello"))
    record = new_record(game, [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}], {}, 7, campaign=campaign)
    session = Session(game, record)
    session.apply(0, {"type": "pick", "folk": "norman", "alt": True})
    copy = json.loads(json.dumps(session.record))
    again = Session(game, copy)
    assert again.state == session.state


def test_the_page_hands_the_campaign_through_the_options_and_the_next_game_has_the_unlocks():
    """The page starts a game with `campaign_options(campaign data, names, form options)`: the unlocks
    the campaign has earned come ticked in the record's options, so a share link carries them too."""
    campaign = RULES.campaign_update(None, ["Ann"], special_win("umbrello"))
    options = RULES.campaign_options(campaign, ["Ann", "", ""], {})
    record = new_record(game, [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}], options, 7)
    assert record["options"][unlock_option("umbrello")] is True
    assert not any(v for k, v in record["options"].items() if k.startswith("unlocked_") and "umbrello" not in k)
    session = Session(game, record)
    assert {"type": "pick", "folk": "norman", "alt": True} in session.rules.legal(session.state, 0)
    shared = Session(game, json.loads(json.dumps(record)))  # opened from a link, with no campaign store
    assert shared.state["unlocked"] == ["umbrello"]
    nothing = RULES.campaign_options({}, ["Ann"], {})
    assert Session(game, new_record(game, [{"kind": "human"}] * 3, nothing, 7)).state["unlocked"] == []


def test_an_unlock_ticked_in_the_setup_is_kept_by_the_campaign_after_the_game():
    state = RULES.setup(3, 3, SPEC.normalize(3, {unlock_option("qing-kween"): True}))
    assert state["unlocked"] == ["qing-kween"]
    state["result"] = {"won": False, "ending": C.ending_for("dozy", "loss")["id"], "ruffian": "dozy", "unlocks": []}
    assert RULES.campaign_update({"unlocked": ["bort"]}, [], state)["unlocked"] == ["bort", "qing-kween"]


def test_the_setup_options_name_each_ruffians_unlock_as_the_data_has_it():
    """The spec is read before the data files, so it spells the unlocks out: they must agree."""
    from tabletown.games.townsfolk_tussle import UNLOCKABLE

    assert [rid for rid, _ in UNLOCKABLE] == C.RUFFIAN_IDS
    for rid, text in UNLOCKABLE:
        for gear in C.UNLOCKS[rid]:
            assert C.GEAR[gear]["name"] in text, (rid, gear)
        holders = {C.GEAR[g]["townsfolk"] for g in C.UNLOCKS[rid]}
        if holders == {None}:
            assert text.endswith("(Peddler)"), rid
        else:
            (tid,) = holders
            assert tid.capitalize() in text.split("'")[0], rid  # "Norman's …", "the Blopsy Twins' …"


def test_the_ending_names_what_it_unlocked():
    t = Table(("norman", "henlo", "quintus"))
    t.state["result"] = {"won": True, "ending": C.ending_for("umbrello", "special")["id"], "ruffian": "umbrello",
                         "unlocks": list(C.UNLOCKS["umbrello"])}
    out = RULES.outcome(t.state)
    assert out["won"] and out["unlocks"] == C.UNLOCKS["umbrello"]
    assert "Looong Eel" in out["text"] and "Fish Stick" in out["text"]


# --- the spec and the variants ------------------------------------------------------------------------------------------


def test_a_seat_is_a_townsfolk_two_to_four_of_them():
    assert SPEC.seats == (2, 4) and SPEC.outcome == "team" and SPEC.campaign
    assert SPEC.normalize(3, {"solo": True})["solo"] is True
    with pytest.raises(ValueError):
        SPEC.normalize(2, {"solo": True})  # the solo variant is one player with three townsfolk
    assert SPEC.normalize(4, {"doublin_down": True})["doublin_down"] is True
    with pytest.raises(ValueError):
        SPEC.normalize(3, {"doublin_down": True})  # two players, two townsfolk each


@pytest.mark.parametrize("options,seats,secrets", [
    ({}, 3, True), ({"solo": True}, 3, False), ({"doublin_down": True}, 4, False), ({}, 4, True),
])
def test_secret_events_are_left_out_of_solo_and_doublin_down(options, seats, secrets):
    state = RULES.setup(3, seats, SPEC.normalize(seats, options))
    has = any(C.base_id(e) in C.SECRET_EVENTS for e in state["event_deck"])
    assert has is (secrets and bool(C.SECRET_EVENTS))


def test_trading_lets_townsfolk_give_gear_in_town_only_in_that_variant():
    for trading in (False, True):
        t = Table(("henlo", "melba", "quintus"), options={"trading": trading})
        t.act(t.stage["seat"], {"type": "no-reset"})
        t.settle()
        seat = t.stage["seat"]
        gives = [a for a in t.legal(seat) if a["type"] == "give"]
        assert bool(gives) is trading


@pytest.mark.parametrize("narrow", [False, True])
def test_the_board_offers_every_move_at_every_stage_in_both_layouts(narrow):
    """Choosing townsfolk, the reset, shopping, starting squares, turns and questions: every legal
    move is one control with an accessible name, on a wide board or stacked for a phone."""
    import re

    state = RULES.setup(11, 3, SPEC.normalize(3, {}))
    seen: set[str] = set()
    for step in range(400):
        active = RULES.active(state)
        if not active:
            break
        seat = active[0]
        legal = RULES.legal(state, seat)
        kind = "q:" + state["pending"]["q"]["k"] if state.get("pending") else state["stage"]["kind"]
        if kind not in seen:
            seen.add(kind)
            svg = game.render(RULES.view(state, seat), {"viewer": seat, "legal": legal, "names": ["A", "B", "C"],
                                                         "narrow": narrow})
            found = {int(m) for m in re.findall(r'data-action="(\d+)"', svg)}
            assert found == set(range(len(legal))), kind
            assert 'viewBox="0 0 430 ' in svg if narrow else 'viewBox="0 0 1000 ' in svg
        action = choose(RULES, game.BOTS, "hard", state, seat, 11, step)
        state, _ = RULES.apply(state, seat, action)
    assert {"pick", "reset", "shop", "position", "turn"} <= seen


def test_the_story_of_a_game_lists_its_fights_and_feats():
    from tabletown.engine.replay import story
    from tabletown.engine.session import Session, new_record

    record = new_record(game, [{"kind": "bot", "level": "hard"}] * 3, {}, 5)
    session = Session(game, record)
    while not session.over():
        session.bot_move(session.active()[0])
    told = story(game, session.record)
    fights = told["tables"][0]
    assert fights["rows"] and fights["rows"][0][0] == 1
    assert fights["rows"][-1][3] in ("Won", "Lost")
    assert all(row[3] == "Defeated" for row in fights["rows"][:-1])
    assert len(told["series"]) == 3 and told["series"][0][0] == 0


def test_the_story_tells_the_dmg_each_townsfolk_dealt_and_took_in_each_fight():
    """The co-op game's moments that matter: damage per townsfolk per fight."""
    from tabletown.engine.replay import story
    from tabletown.engine.session import Session, new_record

    record = new_record(game, [{"kind": "bot", "level": "hard"}] * 3, {}, 5)
    session = Session(game, record)
    while not session.over():
        session.bot_move(session.active()[0])
    tables = {t["title"]: t for t in story(game, session.record)["tables"]}
    fights, dealt, taken = (tables["The fights"], tables["DMG dealt in each fight"], tables["DMG taken in each fight"])
    assert dealt["columns"] == taken["columns"] == ["Fight", "Ruffian", "{seat0}", "{seat1}", "{seat2}"]
    assert [r[:2] for r in dealt["rows"]] == [r[:2] for r in taken["rows"]] == [r[:2] for r in fights["rows"]]
    for fight, hits in zip(fights["rows"], dealt["rows"]):
        assert all(type(n) is int and n >= 0 for n in hits[2:])
        if fight[3] == "Defeated":  # the team brought the Ruffian down: somebody dealt DMG
            assert sum(hits[2:]) > 0
    # the fights hold the DMG of the fights only: Town Events may hurt too, between them
    game_book = session.state["tally"]["game"]
    for seat in range(3):
        assert 0 < sum(r[2 + seat] for r in taken["rows"]) <= game_book.get(str(seat), {}).get("dmg-taken", 0)
        assert sum(r[2 + seat] for r in dealt["rows"]) <= game_book.get(str(seat), {}).get("dmg-dealt", 0)
