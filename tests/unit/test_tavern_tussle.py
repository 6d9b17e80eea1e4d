"""Tavern Tussle: conformance, content, setup, the story phase, abilities, the Advanced
Variant, scoring, hidden information and the log — each from the rulebook's words."""

from __future__ import annotations

import itertools
import json
import types
from collections import Counter
from pathlib import Path

import pytest

import tabletown.games.tavern_tussle.game as tt
from tabletown.cli import catalog
from tabletown.engine.content import Catalog
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import BadSetup, IllegalAction
from tabletown.games.tavern_tussle.content import (
    ABILITIES,
    CATALOGS,
    DECKS,
    EFFECTS,
    HEROES,
    PRINTED_THEMES,
    TAVERNER_STORY_POINTS,
    TAVERNERS,
    THEMES,
    taverner_points,
)
from tabletown.games.tavern_tussle.rules import TavernTussle, age_order, scenario
from tabletown.games.tavern_tussle.scoring import score_counts, stories, tableau_score, theme_counts
from tests.conformance import check_playouts

R = tt.RULES
PACKAGE = Path(tt.__file__).resolve().parent
ALLIGATOR, BEAR, TOUCAN, HARE = range(4)


def hid(name: str, animal: str = "") -> int:
    for h in HEROES:
        if h["name"] == name and (not animal or h["animal"] == animal):
            return h["id"]
    raise KeyError(name)


def apply(state, seat, action):
    return R.apply(state, seat, action)[0]


def line(state, seat, action) -> str:
    return R.phrase(R.apply(state, seat, action)[1])


def pick(state, seat, active, discard=None):
    state = apply(state, seat, {"type": "activate", "card": active})
    if discard is not None:
        state = apply(state, seat, {"type": "discard", "card": discard})
    return state


def fillers(exclude: set[int], k: int, seats: int = 4) -> list[int]:
    return [c for c in DECKS[seats] if c not in exclude][:k]


def resolve_state(actives, tableaus=None, taverners=(ALLIGATOR, BEAR, TOUCAN, HARE), advanced=False, ages=None,
                  tav_up=None, version=2):
    """Every seat picks `actives[s]` (and discards a filler); returns the state after the reveal."""
    n = len(actives)
    used = set(actives) | {c if c >= 0 else ~c for t in (tableaus or []) for c in t}
    extra = fillers(used, n * 2, 4)
    hands = [[actives[s], extra[2 * s], extra[2 * s + 1]] for s in range(n)]
    st = scenario(n, list(taverners[:n]), hands, tableaus, advanced=advanced, ages=ages, tav_up=tav_up,
                  version=version)
    for s in range(n):
        st = pick(st, s, actives[s], extra[2 * s])
    return st


class _Version1(TavernTussle):
    """The rules as a game recorded under version 1 replays them."""

    def setup(self, seed, seats, options, campaign=None, version=None):
        return super().setup(seed, seats, options, campaign, version=1)


V1 = types.SimpleNamespace(SPEC=tt.SPEC, RULES=_Version1(tt.SPEC), render=tt.render)


# --- conformance --------------------------------------------------------------------
@pytest.mark.parametrize("seats,options", [
    (2, {}),
    (2, {"youngest": 2}),
    (3, {}),
    (3, {"advanced": True}),
    (3, {"advanced": True, "youngest": 321}),
    (4, {}),
    (4, {"advanced": True}),
    (4, {"youngest": 2143}),
    (2, {"taverner_bonus": True}),
    (4, {"advanced": True, "taverner_bonus": True}),
])
def test_conformance(seats, options):
    outcomes = check_playouts(tt, seats, options, games=10)
    assert all(len(o["details"]) == seats for o in outcomes)


@pytest.mark.parametrize("seats,options", [(2, {}), (3, {"advanced": True, "youngest": 3}), (4, {"advanced": True})])
def test_conformance_of_games_recorded_under_version_1(seats, options):
    check_playouts(V1, seats, options, games=4)


# --- content ---------------------------------------------------------------------------
def test_content_counts_match_the_rulebook():
    assert len(HEROES) == 54
    assert len(TAVERNERS) == 4
    assert len({t["animal"] for t in TAVERNERS}) == 4
    assert catalog("tavern-tussle") == {"heroes": 54, "kinds": len(CATALOGS["kinds"]), "taverners": 4, "abilities": 6}
    names = {h["name"] for h in HEROES}
    for named in ("Archer", "Mage", "King", "Barbarian", "Swashbuckler", "Mercenary"):
        assert named in names
    assert {h["theme"] for h in HEROES} == set(PRINTED_THEMES)  # Coin is every card's back
    assert len({(h["name"], h["animal"]) for h in HEROES}) == 54  # the log names a card by both
    for h in HEROES:
        assert set(h["abilities"]) <= set(ABILITIES)
        assert 1 <= h["initiative"] <= 12
    # Player Count: 30 cards for two players, 12 more for three, 12 more for four.
    assert [len(DECKS[n]) for n in (2, 3, 4)] == [30, 42, 54]
    assert set(DECKS[2]) < set(DECKS[3]) < set(DECKS[4])
    # Three rounds leave 3 cards a player a round in the tableaus; after two rounds the
    # deck and the discard pile must still hold a whole deal of 6 a player.
    for n in (2, 3, 4):
        assert len(DECKS[n]) - 2 * 3 * n >= 6 * n


def test_the_four_taverner_specials_are_the_rulebooks():
    texts = [t["text"] for t in TAVERNERS]
    assert texts[ALLIGATOR].startswith("Attack an active Hero") and "then Heal" in texts[ALLIGATOR]
    assert texts[BEAR].startswith("Copy the ability of one of the Heroes in your tableau")
    assert texts[TOUCAN] == "Steal 1 Coin from each other player."
    assert texts[HARE].startswith("If this card is face-up in your tableau, add 3 to the Initiative")
    assert [t["initiative_bonus"] for t in TAVERNERS] == [0, 0, 0, 3]


def test_every_named_effect_has_a_handler_and_every_handler_is_named():
    assert EFFECTS.problems([CATALOGS["taverners"]]) == []
    bogus = Catalog("taverners", [{"id": 9, "effect": "free_beer"}])
    problems = EFFECTS.problems([bogus])
    assert "no handler for the effect 'free_beer'" in problems
    assert any("never used" in p for p in problems)


def test_content_fits_the_examples():
    for h in HEROES:
        if h["name"] == "Archer":  # "Initiative 7", and it Attacks a Hero that is not Battle
            assert h["initiative"] == 7 and h["abilities"] == ("Attack",)
        if h["name"] == "Barbarian":  # "Initiative 1"; it flips the Archer and steals it
            assert h["initiative"] == 1 and h["theme"] == "Battle" and h["abilities"] == ("Attack", "Steal")
        if h["name"] == "Mercenary":  # acts before the Archer and Counters the Battle Barbarian
            assert h["initiative"] > 7 and h["abilities"] == ("Counter",)
        if h["name"] == "Swashbuckler":  # after the Archer, before the Barbarian
            assert 1 < h["initiative"] < 7
    assert HEROES[hid("Archer", "fox")]["theme"] != "Battle"


def test_every_ability_and_theme_at_every_seat_count():
    for n in (2, 3, 4):
        deck = [HEROES[c] for c in DECKS[n]]
        abilities = Counter(a for h in deck for a in h["abilities"])
        themes = Counter(h["theme"] for h in deck)
        assert set(abilities) == set(ABILITIES)
        assert max(themes.values()) - min(themes.values()) <= 1  # themes evenly spread
    assert any(len(h["abilities"]) > 1 for h in HEROES)


# --- setup and options ----------------------------------------------------------------
def test_setup_deals_six_and_gathers_the_seat_count_cards():
    for n in (2, 3, 4):
        st = R.setup(5, n, R.spec.normalize(n, {}))
        assert all(len(h) == 6 for h in st["hands"])
        everything = sorted(st["deck"] + [c for h in st["hands"] for c in h])
        assert everything == sorted(DECKS[n])
        assert len(set(st["tav"])) == n and set(st["tav"]) <= {0, 1, 2, 3}
        assert st["round"] == 1 and st["story"] == 1 and st["v"] == 6


def test_age_order_from_youngest_to_oldest():
    # A single digit: that player is the youngest, then the players to their left in turn.
    assert age_order(1, 4) == [0, 1, 2, 3]
    assert age_order(3, 4) == [2, 3, 0, 1]
    assert age_order(2, 2) == [1, 0]
    # Several digits: the whole order.
    assert age_order(2143, 4) == [1, 0, 3, 2]
    assert age_order(321, 3) == [2, 1, 0]
    for bad, seats in ((3, 2), (2143, 3), (321, 4), (1123, 4)):
        with pytest.raises(BadSetup):
            age_order(bad, seats)


def test_the_age_option_offers_every_order_once_with_a_visible_default():
    opt = R.spec.option("youngest")
    assert opt.default == 1 and "youngest" in opt.label.lower()
    assert opt.label_of(1).startswith("Player 1 youngest")
    orders = set()
    for n in (2, 3, 4):
        for value in opt.choices:
            try:
                orders.add(tuple(age_order(value, n)))
            except BadSetup:
                continue
    assert orders == {p for n in (2, 3, 4) for p in itertools.permutations(range(n))}
    assert len(opt.choices) == 4 + 6 - 3 + 24 - 4  # a rotation is said once, by its youngest player


def test_the_age_order_is_read_from_a_link_and_checked_against_the_players():
    assert R.spec.parse_link_options(4, {"youngest": "2143"})["youngest"] == 2143
    assert R.setup(1, 4, R.spec.parse_link_options(4, {"youngest": "2143"}))["ages"] == [1, 0, 3, 2]
    assert R.setup(1, 3, R.spec.normalize(3, {"youngest": 3}))["ages"] == [2, 0, 1]
    with pytest.raises(BadSetup):
        R.setup(1, 3, R.spec.normalize(3, {"youngest": 2143}))
    with pytest.raises(BadSetup):
        R.setup(1, 2, {"youngest": 3, "advanced": False})
    with pytest.raises(BadSetup):
        R.spec.normalize(4, {"youngest": 9})
    with pytest.raises(BadSetup):
        R.spec.parse_link_options(4, {"youngest": "12345"})


def test_version_1_knows_only_the_youngest_player():
    st = R.setup(1, 3, R.spec.normalize(3, {"youngest": 3}), version=1)
    assert st["v"] == 1 and st["ages"] == [2, 0, 1]
    assert R.setup(1, 3, R.spec.normalize(3, {"youngest": 1}), version=1)["ages"] == [0, 1, 2]
    assert R.setup(1, 3, R.spec.normalize(3, {"youngest": 2}), version=1)["ages"] == [1, 2, 0]
    with pytest.raises(BadSetup):
        R.setup(1, 3, R.spec.normalize(3, {"youngest": 4}), version=1)
    with pytest.raises(BadSetup):
        R.setup(1, 3, R.spec.normalize(3, {}), version=7)


def test_advanced_is_offered_for_three_and_four_only():
    assert R.spec.parse_link_options(3, {"advanced": "true"})["advanced"] is True
    assert R.spec.parse_link_options(4, {"advanced": "true"})["advanced"] is True
    with pytest.raises(BadSetup):
        R.spec.normalize(2, {"advanced": True})


# --- the story phase -------------------------------------------------------------------
def four_player_start():
    hands = [[hid("Archer", "fox"), hid("Mage", "owl"), hid("Thief", "rat"), hid("Bard", "frog"),
              hid("Pilgrim"), hid("Giant")],
             [hid("Knight", "badger"), hid("Mage", "newt"), hid("Rogue", "raccoon"), hid("Minstrel", "cricket"),
              hid("Sage"), hid("King", "lion")],
             [hid("Hunter"), hid("Herbalist", "rabbit"), hid("Gambler"), hid("Squire"), hid("Queen"),
              hid("Jester", "monkey")],
             [hid("Duelist", "weasel"), hid("Cleric"), hid("Scout"), hid("Brewer", "beaver"), hid("Prince"),
              hid("Samurai")]]
    return scenario(4, [ALLIGATOR, BEAR, TOUCAN, HARE], hands)


def test_picks_are_two_hidden_clicks_then_revealed_together():
    st = four_player_start()
    assert R.active(st) == [0, 1, 2, 3]
    legal = R.legal(st, 0)
    assert {a["type"] for a in legal} == {"activate"} and len(legal) == 6
    st1, events = R.apply(st, 0, {"type": "activate", "card": hid("Pilgrim")})
    assert st1["rng"] == st["rng"] and not R.step(st, 0, {"type": "activate", "card": hid("Pilgrim")})[2]
    assert R.phrase(events) == "{seat0} places a Hero face-down as their active Hero."
    assert {a["type"] for a in R.legal(st1, 0)} == {"discard"}
    # other seats see only that seat 0 has picked
    v = R.view(st1, 1)
    assert v["derived"]["picked"][0] == 1 and v["play"] == [None] * 4 and v["act"][0] == "?"
    assert v["hands"][0] == [None] * 5 and hid("Pilgrim") not in [c for h in v["hands"] for c in h] + v["act"]
    st1 = apply(st1, 0, {"type": "discard", "card": hid("Giant")})
    assert 0 not in R.active(st1) and R.legal(st1, 0) == []
    assert R.active(st1) == [1, 2, 3]
    st2 = pick(st1, 1, hid("Sage"), hid("King", "lion"))
    st2 = pick(st2, 2, hid("Queen"), hid("Squire"))
    st2 = apply(st2, 3, {"type": "activate", "card": hid("Prince")})
    _, events, barrier = R.step(st2, 3, {"type": "discard", "card": hid("Samurai")})
    assert barrier and any(e["t"] == "reveal" for e in events)  # the reveal can never be taken back
    st2 = apply(st2, 3, {"type": "discard", "card": hid("Samurai")})
    assert st2["story"] == 2 and st2["phase"] == "pick"
    # actives went to the tableaus, discards to the pile, the rest passed left
    assert st2["tab"][0] == [hid("Pilgrim")] and st2["tab"][1] == [hid("Sage")]
    assert st2["discards"] == [[hid("Giant")], [hid("King", "lion")], [hid("Squire")], [hid("Samurai")]]
    assert st2["hands"][1] == sorted([hid("Archer", "fox"), hid("Mage", "owl"), hid("Thief", "rat"),
                                      hid("Bard", "frog")])
    assert st2["hands"][0] == sorted([hid("Duelist", "weasel"), hid("Cleric"), hid("Scout"),
                                      hid("Brewer", "beaver")])
    assert st2["passed"][0] == st2["hands"][1]  # what seat 0 handed on is now its left neighbour's hand


def test_a_seat_picks_its_active_hero_before_its_discard():
    st = four_player_start()
    with pytest.raises(IllegalAction):
        R.apply(st, 0, {"type": "discard", "card": st["hands"][0][0]})


def test_the_last_two_cards_discard_the_second_automatically():
    st = four_player_start()
    for s in range(4):
        st["hands"][s] = st["hands"][s][:2]
    c, other = st["hands"][0]
    st, events = R.apply(st, 0, {"type": "activate", "card": c})
    assert st["dis"][0] == other and st["hands"][0] == [] and 0 not in R.active(st)
    assert R.phrase(events) == ("{seat0} places a Hero face-down as their active Hero. "
                                "{seat0} discards their last Hero.")


def test_three_cards_leave_two_to_choose_from():
    st = four_player_start()
    for s in range(4):
        st["hands"][s] = st["hands"][s][:3]
    st = apply(st, 0, {"type": "activate", "card": st["hands"][0][0]})
    assert st["dis"][0] is None and len(R.legal(st, 0)) == 2


def test_three_story_phases_make_a_round_and_three_rounds_a_game():
    st = R.setup(3, 2, R.spec.normalize(2, {}))
    seen = []
    while R.active(st):
        seen.append((st["round"], st["story"]))
        seat = R.active(st)[0]
        st = apply(st, seat, R.legal(st, seat)[0])
    phases = sorted(set(seen))
    assert phases == [(r, s) for r in (1, 2, 3) for s in (1, 2, 3)]
    assert st["phase"] == "over" and R.outcome(st) is not None
    assert sum(len(t) for t in st["tab"]) == 2 * 9  # one Hero a player a phase (a stolen Coin changes tableau)


def test_a_new_round_deals_six_to_everyone():
    st = four_player_start()
    for s in range(4):
        st["hands"][s] = st["hands"][s][:2]
    st["story"] = 3
    for s in range(4):
        st = apply(st, s, {"type": "activate", "card": st["hands"][s][0]})
        while R.active(st) and st["phase"] == "resolve":
            seat = R.active(st)[0]
            st, events = R.apply(st, seat, R.legal(st, seat)[0])
    assert st["round"] == 2 and st["story"] == 1
    assert all(len(h) == 6 for h in st["hands"]) and st["passed"] == [None] * 4
    assert "Round 2 begins: 6 Heroes are dealt to each player." in R.phrase(events)


def test_the_third_round_ends_the_game():
    st = four_player_start()
    for s in range(4):
        st["hands"][s] = st["hands"][s][:2]
    st["round"], st["story"] = 3, 3
    for s in range(4):
        st, events = R.apply(st, s, {"type": "activate", "card": st["hands"][s][0]})
    while R.active(st):
        seat = R.active(st)[0]
        st, events = R.apply(st, seat, R.legal(st, seat)[0])
    assert st["phase"] == "over" and R.active(st) == []
    assert R.phrase(events).endswith("The third round is over: the stories are scored.")
    assert R.prompt(st, 0) == "The game is over."
    with pytest.raises(IllegalAction, match="over"):
        R.apply(st, 0, {"type": "activate", "card": 1})


def test_the_deck_reshuffles_the_discard_pile_when_it_runs_out():
    st = four_player_start()
    for s in range(4):
        st["hands"][s] = st["hands"][s][:2]
    st["story"] = 3
    pile = st["deck"][:12]
    st["discards"] = [pile[0:3], pile[3:6], pile[6:9], pile[9:12]]
    st["deck"] = st["deck"][12:]
    assert len(st["deck"]) == 18  # the deal of 24 needs the discard pile
    rng_before = list(st["rng"])
    for s in range(4):
        st, events = R.apply(st, s, {"type": "activate", "card": st["hands"][s][0]})
        while R.active(st) and st["phase"] == "resolve":
            seat = R.active(st)[0]
            st, events = R.apply(st, seat, R.legal(st, seat)[0])
    assert st["round"] == 2
    assert all(len(h) == 6 for h in st["hands"])
    assert st["rng"] != rng_before and any(e["t"] == "shuffle" for e in events)
    assert "The Hero deck ran out: the discard pile is shuffled into a new deck." in R.phrase(events)
    assert st["discards"] == [[], [], [], []]
    in_play = [c for h in st["hands"] for c in h] + st["deck"]
    assert len(in_play) == len(set(in_play)) == 18 + 12 + 4  # deck, old pile, this phase's discards: none lost


def test_a_deck_with_exactly_a_deal_left_is_not_reshuffled():
    st = four_player_start()
    for s in range(4):
        st["hands"][s] = st["hands"][s][:2]
    st["story"] = 3
    st["discards"] = [[c] for c in st["deck"][:4]]
    st["deck"] = st["deck"][4:28]  # exactly 24
    for s in range(4):
        st, events = R.apply(st, s, {"type": "activate", "card": st["hands"][s][0]})
        while R.active(st) and st["phase"] == "resolve":
            seat = R.active(st)[0]
            st, events = R.apply(st, seat, R.legal(st, seat)[0])
    assert st["round"] == 2 and st["deck"] == [] and not any(e["t"] == "shuffle" for e in events)
    assert st["discards"] != [[], [], [], []]


# --- abilities and the Golden Rules ----------------------------------------------------
def test_attack_must_be_used_and_the_acting_player_chooses_the_target():
    st = resolve_state([hid("Archer", "fox"), hid("Pilgrim"), hid("Sage")])
    assert R.active(st) == [0]
    assert R.legal(st, 0) == [{"type": "target", "seat": 1}, {"type": "target", "seat": 2}]  # no "pass"
    assert R.prompt(st, 0) == "Choose the player your Archer fox targets."
    after, events = R.apply(st, 0, {"type": "target", "seat": 2})
    assert after["tab"][2] == [~hid("Sage")] and after["tab"][1] == [hid("Pilgrim")]
    assert R.phrase(events).startswith("{seat0} targets {seat2}. {seat0}'s Archer fox attacks {seat2}'s Sage heron, "
                                       "flipping it to its Coin side.")


def test_a_single_possible_target_is_taken_without_asking():
    st = resolve_state([hid("Archer", "fox"), hid("Pilgrim")])
    assert st["tab"] == [[hid("Archer", "fox")], [~hid("Pilgrim")]] and st["story"] == 2


def test_a_flipped_active_hero_does_not_act():
    # Samurai (10) counters the Battle Knight (6) before it can attack.
    st = resolve_state([hid("Samurai"), hid("Knight", "badger")])
    assert st["tab"] == [[hid("Samurai")], [~hid("Knight", "badger")]]


def test_counter_only_flips_battle_heroes():
    st = resolve_state([hid("Mercenary", "cat"), hid("Archer", "hedgehog")])
    # no Battle Hero to counter: the Mercenary does nothing, the Archer attacks it
    assert st["tab"] == [[~hid("Mercenary", "cat")], [hid("Archer", "hedgehog")]]
    st = resolve_state([hid("Mercenary", "cat"), hid("Giant")])
    assert st["tab"] == [[hid("Mercenary", "cat")], [~hid("Giant")]]


def test_tableau_heroes_cannot_be_attacked_but_coins_can_be_stolen():
    sage, pilgrim = hid("Sage"), hid("Pilgrim")
    st = resolve_state([hid("Thief", "rat"), hid("Giant")], [[], [sage, ~pilgrim]])
    assert st["tab"][0] == [~pilgrim, hid("Thief", "rat")]
    assert st["tab"][1] == [sage, hid("Giant")]
    st = resolve_state([hid("Archer", "fox"), hid("Giant")], [[], [sage]])
    assert st["tab"][1] == [sage, ~hid("Giant")]  # only the active Hero could be attacked


def test_all_abilities_on_a_card_target_the_same_player():
    # Seat 1's Archer (7) attacks seat 2's Sage. Then seat 0's Barbarian (1) could only
    # Steal from seat 2 but can Attack and then Steal against seat 1: so it must target seat 1.
    st = resolve_state([hid("Barbarian", "boar"), hid("Archer", "fox"), hid("Sage")],
                       [[], [], [~hid("Giant")]], taverners=(ALLIGATOR, BEAR, TOUCAN))
    assert R.active(st) == [1]
    st = apply(st, 1, {"type": "target", "seat": 2})
    assert st["tab"][0] == [~hid("Archer", "fox"), hid("Barbarian", "boar")]
    assert st["tab"][1] == []
    assert st["tab"][2] == [~hid("Giant"), ~hid("Sage")]


def test_steal_takes_the_only_coin_or_asks_among_several():
    st = resolve_state([hid("Thief", "rat"), hid("Giant")], [[], [~hid("Sage")]])
    assert st["tab"][0] == [~hid("Sage"), hid("Thief", "rat")]
    st = resolve_state([hid("Thief", "rat"), hid("Giant")], [[], [~hid("Sage"), ~hid("Pilgrim")]])
    assert R.legal(st, 0) == [{"type": "steal", "card": hid("Sage")}, {"type": "steal", "card": hid("Pilgrim")}]
    assert R.prompt(st, 0) == "Choose the Coin your Thief rat steals from {seat1}."
    st, events = R.apply(st, 0, {"type": "steal", "card": hid("Pilgrim")})
    assert st["tab"][0] == [~hid("Pilgrim"), hid("Thief", "rat")] and st["tab"][1] == [~hid("Sage"), hid("Giant")]
    assert R.phrase(events).startswith("{seat0} steals a Coin (Pilgrim tortoise) from {seat1}.")


def test_steal_can_take_the_active_coin():
    # Seat 1's Archer (7) flips seat 2's Sage; seat 0's Thief (2) steals that active Coin.
    st = resolve_state([hid("Thief", "rat"), hid("Archer", "fox"), hid("Sage")], taverners=(ALLIGATOR, BEAR, TOUCAN))
    st = apply(st, 1, {"type": "target", "seat": 2})
    assert st["tab"] == [[~hid("Sage"), hid("Thief", "rat")], [hid("Archer", "fox")], []]


def test_heal_unflips_the_only_coin_or_asks_among_several():
    st = resolve_state([hid("Mage", "owl"), hid("Giant")], [[~hid("Sage")], []])
    assert st["tab"][0] == [hid("Sage"), hid("Mage", "owl")]
    st = resolve_state([hid("Mage", "owl"), hid("Giant")], [[~hid("Sage"), ~hid("Archer", "fox")], []])
    assert R.legal(st, 0) == [{"type": "heal", "card": hid("Sage")}, {"type": "heal", "card": hid("Archer", "fox")}]
    assert R.prompt(st, 0) == "Choose the Coin in your tableau your Mage owl heals."
    st = apply(st, 0, {"type": "heal", "card": hid("Archer", "fox")})
    assert st["tab"][0] == [~hid("Sage"), hid("Archer", "fox"), hid("Mage", "owl")]


def test_no_target_means_no_action():
    st = resolve_state([hid("Thief", "rat"), hid("Giant")])
    assert st["tab"] == [[hid("Thief", "rat")], [hid("Giant")]]


def test_alligator_special_attacks_then_heals():
    st = resolve_state([hid("King", "lion"), hid("Pilgrim")], [[~hid("Sage")], []], taverners=(ALLIGATOR, BEAR))
    assert st["tab"] == [[hid("Sage"), hid("King", "lion")], [~hid("Pilgrim")]]


def test_bear_special_copies_an_ability_it_can_use():
    st = resolve_state([hid("Pilgrim"), hid("King", "lion")], [[], [hid("Archer", "fox"), hid("Mage", "owl")]],
                       taverners=(ALLIGATOR, BEAR))
    # The Mage has nothing to heal, so the only ability worth copying is the Archer's.
    assert st["tab"][0] == [~hid("Pilgrim")]
    st = resolve_state([hid("Pilgrim"), hid("King", "lion")],
                       [[], [hid("Archer", "fox"), hid("Mage", "owl"), ~hid("Sage")]], taverners=(ALLIGATOR, BEAR))
    assert R.legal(st, 1) == [{"type": "copy", "card": hid("Archer", "fox")}, {"type": "copy", "card": hid("Mage", "owl")}]
    assert R.prompt(st, 1) == "Choose the Hero in your tableau whose ability your King lion copies."
    st = apply(st, 1, {"type": "copy", "card": hid("Mage", "owl")})
    assert st["tab"][1] == [hid("Archer", "fox"), hid("Mage", "owl"), hid("Sage"), hid("King", "lion")]
    assert st["tab"][0] == [hid("Pilgrim")]


def test_bear_cannot_copy_boost_cheers_or_no_ability():
    st = resolve_state([hid("Pilgrim"), hid("King", "lion")],
                       [[], [hid("Bard", "frog"), hid("Queen"), hid("Sage")]], taverners=(ALLIGATOR, BEAR))
    assert st["tab"] == [[hid("Pilgrim")], [hid("Bard", "frog"), hid("Queen"), hid("Sage"), hid("King", "lion")]]


def test_toucan_special_steals_from_each_other_player():
    st = resolve_state([hid("Pilgrim"), hid("King", "lion"), hid("Sage")],
                       [[~hid("Giant")], [], [~hid("Scout"), hid("Bard", "frog")]], taverners=(ALLIGATOR, TOUCAN, BEAR))
    assert st["tab"][1] == [~hid("Scout"), ~hid("Giant"), hid("King", "lion")]
    assert st["tab"][0] == [hid("Pilgrim")] and st["tab"][2] == [hid("Bard", "frog"), hid("Sage")]


def test_the_reveal_is_logged_in_initiative_order_with_each_tie_explained():
    st = four_player_start()
    st = pick(st, 0, hid("Archer", "fox"), hid("Giant"))
    st = pick(st, 1, hid("Sage"), hid("King", "lion"))
    st = pick(st, 2, hid("Queen"), hid("Squire"))
    st = apply(st, 3, {"type": "activate", "card": hid("Samurai")})
    assert line(st, 3, {"type": "discard", "card": hid("Prince")}) == (
        "{seat3} discards a Hero. All active Heroes are revealed — {seat1}: Sage heron (Initiative 11), "
        "{seat3}: Samurai crane (Initiative 10), {seat0}: Archer fox (Initiative 7), {seat2}: Queen swan "
        "(Initiative 7). {seat0} goes before {seat2} on Initiative 7: the younger player. The remaining hands are "
        "passed to the left. {seat1}'s Sage heron has no ability. {seat3}'s Samurai crane acts (Counter). "
        "{seat3}'s Samurai crane has no one to target. {seat0}'s Archer fox acts (Attack).")
    assert R.active(st) == [3]


# --- advanced variant -----------------------------------------------------------------
def test_advanced_face_down_taverners_are_off_limits():
    st = resolve_state([hid("Archer", "fox"), hid("Pilgrim"), hid("Sage")], taverners=(ALLIGATOR, BEAR, TOUCAN),
                       advanced=True, tav_up=[True, False, True])
    # seat 1 is off-limits: the only target is seat 2
    assert st["tab"] == [[hid("Archer", "fox")], [hid("Pilgrim")], [~hid("Sage")]]
    assert st["tup"] == [True, False, False]


def test_advanced_unflips_all_when_every_other_taverner_is_face_down():
    st = resolve_state([hid("Archer", "fox"), hid("Pilgrim"), hid("Sage")], taverners=(ALLIGATOR, BEAR, TOUCAN),
                       advanced=True, tav_up=[False, False, False])
    assert st["tup"] == [True, True, True] and R.legal(st, 0) == [{"type": "target", "seat": 1},
                                                                   {"type": "target", "seat": 2}]
    st = apply(st, 0, {"type": "target", "seat": 1})
    assert st["tup"] == [True, False, True]


def test_advanced_one_taverner_still_face_up_keeps_the_others_off_limits():
    st = resolve_state([hid("Archer", "fox"), hid("Pilgrim"), hid("Sage")], taverners=(ALLIGATOR, BEAR, TOUCAN),
                       advanced=True, tav_up=[True, False, True])
    assert st["tup"][1] is False and st["tab"][1] == [hid("Pilgrim")]


def test_advanced_a_hero_without_an_ability_unflips_nothing():
    st = resolve_state([hid("Pilgrim"), hid("Sage"), hid("Giant")], taverners=(ALLIGATOR, BEAR, TOUCAN),
                       advanced=True, tav_up=[False, False, False])
    assert st["tup"] == [False, False, False]


def test_the_basic_game_never_turns_a_taverner():
    st = resolve_state([hid("Archer", "fox"), hid("Pilgrim"), hid("Sage")], taverners=(ALLIGATOR, BEAR, TOUCAN))
    st = apply(st, 0, {"type": "target", "seat": 1})
    assert st["tup"] == [True, True, True]


# --- scoring -----------------------------------------------------------------------------
def brute_force(themes: list[int]) -> int:
    """Best score over every way to split the cards into stories of distinct themes."""
    best = 0

    def go(i: int, groups: list[set[int]]) -> None:
        nonlocal best
        if i == len(themes):
            best = max(best, sum((0, 1, 3, 6, 10, 15)[len(g)] for g in groups))
            return
        t = themes[i]
        for g in groups:
            if t not in g:
                g.add(t)
                go(i + 1, groups)
                g.remove(t)
        groups.append({t})
        go(i + 1, groups)
        groups.pop()

    go(0, [])
    return best


def best_by_counts(counts: tuple[int, ...], memo: dict) -> int:
    """Exact optimum over all groupings, by recursion on the theme counts."""
    if counts in memo:
        return memo[counts]
    nz = [t for t in range(5) if counts[t]]
    if not nz:
        return 0
    first, rest = nz[0], nz[1:]
    best = 0
    for mask in range(1 << len(rest)):
        story = [first] + [rest[i] for i in range(len(rest)) if mask >> i & 1]
        nxt = list(counts)
        for t in story:
            nxt[t] -= 1
        best = max(best, (0, 1, 3, 6, 10, 15)[len(story)] + best_by_counts(tuple(nxt), memo))
    memo[counts] = best
    return best


def test_scoring_is_optimal_against_brute_force():
    rng = Rng(seed_state(11))
    for _ in range(150):
        k = rng.between(0, 8)
        themes = [rng.below(5) for _ in range(k)]
        counts = [themes.count(t) for t in range(5)]
        assert score_counts(counts) == brute_force(themes), themes
    memo: dict = {}
    for counts in itertools.product(range(5), repeat=5):
        assert score_counts(list(counts)) == best_by_counts(counts, memo), counts


def test_story_points_for_one_to_five_themes():
    assert [score_counts([1] * k + [0] * (5 - k)) for k in range(6)] == [0, 1, 3, 6, 10, 15]
    assert score_counts([2, 0, 0, 0, 0]) == 2  # a theme cannot repeat in a story: two stories of 1


def test_flipped_cards_are_the_only_coins():
    sage = hid("Sage")  # Elixir
    assert theme_counts([sage]) == [0, 0, 0, 1, 0]
    assert theme_counts([~sage]) == [0, 0, 0, 0, 1]
    assert tableau_score([sage, ~hid("Pilgrim")]) == 3
    assert stories([sage, ~hid("Pilgrim"), ~hid("Giant")]) == [["Elixir", "Coin"], ["Coin"]]
    assert THEMES[-1] == "Coin"


def final_state(tableaus, ages=None, version=2):
    n = len(tableaus)
    st = scenario(n, [0, 1, 2, 3][:n], [[] for _ in tableaus], tableaus, ages=ages, version=version)
    st["phase"] = "over"
    st["round"], st["story"] = 3, 3
    return st


def test_the_most_points_win():
    out = R.outcome(final_state([[hid("Sage"), hid("Pilgrim")], [hid("Giant")]]))
    assert out["scores"] == [3, 1] and out["winners"] == [0] and out["places"] == [1, 2] and out["tiebreaks"] == []
    details = out["details"][0]
    assert details["stories"] == [["Journey", "Elixir"]] and details["story_points"] == [3]
    assert details["Stories"] == "3" and details["Tableau cards"] == 2 and details["Coins"] == 0
    assert R.outcome(final_state([[], []]))["details"][0]["Stories"] == "none"
    assert R.outcome(four_player_start()) is None


def test_the_outcome_explains_the_table_and_its_columns():
    out = R.outcome(final_state([[hid("Sage"), ~hid("Pilgrim"), hid("Giant"), ~hid("Scout")], [hid("Archer", "fox")]]))
    assert out["columns"] == ["Stories", "Luck", "Tableau cards", "Coins"]
    assert out["details"][0]["Stories"] == "6 + 1" and out["details"][0]["Coins"] == 2


# --- the Taverner card's points (rules versions 3 to 5; from version 6 the option) ----------
BATTLE_SOLOS = ["Knight badger", "Knight stag", "Barbarian boar", "Mercenary lynx", "Samurai crane", "Giant ox"]


def battle_cards(k: int) -> list[int]:
    """k Battle Heroes: each one a story of a single theme, so k points and no Luck."""
    return [hid(*name.split()) for name in BATTLE_SOLOS[:k]]


def taverner_final(seats, taverners, tableaus, version=tt.SPEC.rules_version, bonus=True):
    """A finished game; from version 6 `bonus` is the "Taverner bonus points" option."""
    st = final_state(tableaus, version=version)
    st["tav"] = list(taverners)
    if version >= 6:
        st["taverner_bonus"] = bonus
    return st


WITH_BONUS = {"taverner_bonus": True}


def test_a_new_game_scores_the_stories_alone_as_the_rulebook_says():
    # "After the 3rd Round players score points based on the Stories they collect in their
    # tableau … The player with the most points wins." Nothing there adds points for a
    # Taverner: without the option, whichever Taverners sit at the table, the stories score.
    assert tt.SPEC.option("taverner_bonus").default is False
    for seats in (2, 3, 4):
        for taverners in itertools.permutations(range(4), seats):
            tableaus = [[hid("Sage"), hid("Pilgrim")], [hid("Giant")]] + [[] for _ in range(seats - 2)]
            out = R.outcome(taverner_final(seats, taverners, tableaus, bonus=False))
            assert out["scores"] == [3, 1] + [0] * (seats - 2)
            assert out["columns"] == ["Stories", "Luck", "Tableau cards", "Coins"]
            assert "Taverner" not in out["details"][0]


@pytest.mark.parametrize("lead", [1, 0])
def test_without_the_option_one_story_point_more_wins_whatever_the_taverners(lead):
    # "The player with the most points wins": the Taverner whose bonus would have been larger
    # loses by a single story point, and ties go to Luck, then fewer tableau cards.
    seats, more, fewer, gap = a_pair_of_taverners_with_different_story_points()
    others = [t for t in range(4) if t not in (more, fewer)][: seats - 2]
    tableaus = [[hid("Giant", "ox")], battle_cards(1 + lead)] + [[] for _ in others]
    rulebook = R.outcome(taverner_final(seats, [more, fewer] + others, tableaus, bonus=False))
    assert rulebook["scores"][:2] == [1, 1 + lead]
    assert rulebook["winners"] == ([1] if lead else [0])
    with_bonus = R.outcome(taverner_final(seats, [more, fewer] + others, tableaus, bonus=True))
    assert with_bonus["scores"][:2] == [1 + TAVERNER_STORY_POINTS[more][seats], 1 + lead + TAVERNER_STORY_POINTS[fewer][seats]]
    if lead == 1:
        assert gap > 1 and with_bonus["winners"] == [0]  # the option's points change this winner


def test_a_new_game_neither_counts_nor_shows_taverner_points_unless_the_option_is_chosen():
    for seats in (2, 3, 4):
        plain = R.setup(6, seats, R.spec.normalize(seats, {}))
        derived = R.view(plain, 0)["derived"]
        assert plain["taverner_bonus"] is False and derived["counts_taverner_points"] is False
        assert derived["taverner_points"] == [0] * seats and derived["scores"] == [0] * seats
        chosen = R.setup(6, seats, R.spec.normalize(seats, WITH_BONUS))
        derived = R.view(chosen, 0)["derived"]
        assert chosen["taverner_bonus"] is True and derived["counts_taverner_points"] is True
        assert derived["taverner_points"] == [TAVERNER_STORY_POINTS[t][seats] for t in chosen["tav"]]


def test_the_option_is_explained_on_the_setup_form_and_the_rules_page():
    option = tt.SPEC.option("taverner_bonus")
    assert option.label == "Taverner bonus points" and "Not in the rulebook" in option.help
    index = json.loads((PACKAGE / "data" / "rule_index.json").read_text())
    rules_page = json.loads((PACKAGE / "data" / "rules.json").read_text())
    paragraphs = {p["id"]: p for sec in rules_page["sections"] for p in sec["paragraphs"]}
    assert index["option:taverner_bonus"] == "scoring-taverner"
    assert "option" in paragraphs["scoring-taverner"]["text"] and "the rulebook has none" in paragraphs["scoring-taverner"]["text"]
    assert "Taverner bonus points option" in paragraphs["scoring-winner"]["text"]
    # The card's "Story Points" are the rulebook's scoring table, not points of its own.
    assert "added to its player's final score" not in paragraphs["components-cards"]["text"]


def test_a_game_begun_under_version_5_adds_its_taverner_points_without_the_option():
    for seats in (2, 3, 4):
        st = R.setup(6, seats, R.spec.normalize(seats, {}), version=5)
        assert "taverner_bonus" not in st
        derived = R.view(st, 0)["derived"]
        assert derived["counts_taverner_points"] is True
        assert derived["taverner_points"] == [TAVERNER_STORY_POINTS[t][seats] for t in st["tav"]]
    out = R.outcome(taverner_final(2, [HARE, BEAR], [[], battle_cards(1)], version=5))
    assert out["scores"] == [TAVERNER_STORY_POINTS[HARE][2], 1 + TAVERNER_STORY_POINTS[BEAR][2]]


def test_with_the_option_a_taverners_points_are_added_to_the_final_score():
    # The "Taverner bonus points" option (rules versions 3 to 5 always): the card's points
    # join the points of its player's stories at the end of the game.
    for seats in (2, 3, 4):
        for taverners in itertools.permutations(range(4), seats):
            tableaus = [[hid("Sage"), hid("Pilgrim")]] + [[] for _ in range(seats - 1)]
            out = R.outcome(taverner_final(seats, taverners, tableaus))
            bonus = [TAVERNER_STORY_POINTS[t][seats] for t in taverners]
            assert out["scores"] == [3 + bonus[0]] + bonus[1:]
            for s, t in enumerate(taverners):
                assert out["details"][s]["Taverner"] == f"+{bonus[s]} ({TAVERNERS[t]['animal']})"
            assert out["columns"] == ["Stories", "Taverner", "Luck", "Tableau cards", "Coins"]
            assert out["details"][0]["Stories"] == "3"  # the stories alone, as printed


def a_pair_of_taverners_with_different_story_points():
    """A seat count, the Taverner with the most Story Points there, one with fewer, and the gap."""
    for seats in (2, 3, 4):
        more = max(range(4), key=lambda t: TAVERNER_STORY_POINTS[t][seats])
        for fewer in range(4):
            gap = TAVERNER_STORY_POINTS[more][seats] - TAVERNER_STORY_POINTS[fewer][seats]
            if gap > 0:
                return seats, more, fewer, gap
    raise AssertionError("every Taverner card prints the same Story Points")


@pytest.mark.parametrize("lead", [-1, 0, 1])
def test_story_points_decide_a_game_at_the_boundary(lead):
    # The player without the card's extra points has `gap + lead` story points more.
    seats, more, fewer, gap = a_pair_of_taverners_with_different_story_points()
    others = [t for t in range(4) if t not in (more, fewer)][: seats - 2]
    tableaus = [[], battle_cards(gap + lead)] + [[] for _ in others]
    out = R.outcome(taverner_final(seats, [more, fewer] + others, tableaus))
    assert out["scores"][0] - out["scores"][1] == -lead
    if lead > 0:
        assert out["winners"] == [1]
    elif lead < 0:
        assert out["winners"] == [0]
    else:  # tied on points: no Luck either way, so the fewer tableau cards win
        assert out["winners"] == [0]
        assert any(t.endswith("places ahead with fewer cards in the tableau.") for t in out["tiebreaks"])


def test_a_game_begun_under_version_2_scores_its_stories_alone():
    tableaus = [[hid("Sage"), hid("Pilgrim")], [hid("Giant")]]
    for taverners in itertools.permutations(range(4), 2):
        out = R.outcome(taverner_final(2, taverners, tableaus, version=2))
        assert out["scores"] == [3, 1]
        assert out["columns"] == ["Stories", "Luck", "Tableau cards", "Coins"]
        assert "Taverner" not in out["details"][0]


def test_a_version_2_game_played_to_the_end_scores_as_before():
    # The same seeded game under version 2 and today's version with the option: the same
    # stories; today's adds each card's points and nothing else.
    today = tt.SPEC.rules_version
    for seats in (2, 4):
        finals = {}
        for version in (2, today):
            st = R.setup(21, seats, R.spec.normalize(seats, WITH_BONUS), version=version)
            rng = Rng(seed_state(21))
            while R.active(st):
                seat = R.active(st)[0]
                legal = R.legal(st, seat)
                st = apply(st, seat, legal[rng.below(len(legal))])
            finals[version] = st
        v2, v3 = finals[2], finals[today]
        assert v2["tab"] == v3["tab"] and v2["tav"] == v3["tav"]
        assert R.outcome(v2)["scores"] == [tableau_score(t) for t in v2["tab"]]
        assert R.outcome(v3)["scores"] == [tableau_score(t) + TAVERNER_STORY_POINTS[v3["tav"][s]][seats]
                                           for s, t in enumerate(v3["tab"])]
        assert R.tally(v3) == R.outcome(v3)["scores"] and R.tally(v2) == R.outcome(v2)["scores"]


def test_with_the_option_the_board_counts_the_taverner_points_from_the_first_move():
    st = R.setup(4, 3, R.spec.normalize(3, WITH_BONUS))
    view = R.view(st, 0)
    bonus = [TAVERNER_STORY_POINTS[t][3] for t in st["tav"]]
    assert view["derived"]["taverner_points"] == bonus
    assert view["derived"]["scores"] == bonus  # no stories yet
    old = R.view(R.setup(4, 3, R.spec.normalize(3, {}), version=2), 0)
    assert old["derived"]["taverner_points"] == [0, 0, 0] and old["derived"]["scores"] == [0, 0, 0]


def test_story_points_are_whole_points_for_every_seat_count_and_the_rules_page_prints_them():
    rules_page = json.loads((PACKAGE / "data" / "rules.json").read_text())
    paragraph = next(p for sec in rules_page["sections"] for p in sec["paragraphs"] if p["id"] == "scoring-taverner")
    for t, row in enumerate(TAVERNER_STORY_POINTS):
        assert all(type(v) is int and 0 <= v <= 5 for v in row.values())
        parts = []
        for n in (2, 3, 4):  # the Advanced Variant's value is printed where it differs
            part = f"+{row[n]} with {n}" + (" players" if n == 2 else "")
            advanced = taverner_points(t, n, R.spec.rules_version, advanced=True)
            parts.append(part + (f" (+{advanced} in the Advanced Variant)" if n > 2 and advanced != row[n] else ""))
        printed = f"{TAVERNERS[t]['animal']}: " + ", ".join(parts)
        assert printed + "." in paragraph["items"]


# --- hidden information and the log --------------------------------------------------------
def test_views_hide_other_hands_picks_discards_the_deck_and_the_prng():
    st = R.setup(3, 4, R.spec.normalize(4, {}))
    mine = st["hands"][0][0]
    st = apply(st, 0, {"type": "activate", "card": mine})
    st = apply(st, 0, {"type": "discard", "card": st["hands"][0][0]})
    for seat in (None, 1, 2, 3):
        v = R.view(st, seat)
        assert "rng" not in v
        assert v["act"][0] == "?" and v["dis"][0] == "?"
        assert v["deck"] == [None] * len(st["deck"])
        for other in range(4):
            if other != seat:
                assert v["hands"][other] == [None] * len(st["hands"][other])
        if seat is not None:
            assert v["hands"][seat] == st["hands"][seat]
    v0 = R.view(st, 0)
    assert v0["act"][0] == mine and v0["hands"][0] == st["hands"][0]


def test_what_a_player_passed_and_discarded_stays_theirs_to_see():
    st = four_player_start()
    for s, (a, d) in enumerate(((hid("Pilgrim"), hid("Giant")), (hid("Sage"), hid("King", "lion")),
                                (hid("Queen"), hid("Squire")), (hid("Prince"), hid("Samurai")))):
        st = pick(st, s, a, d)
    v1 = R.view(st, 1)
    assert v1["passed"][1] == st["passed"][1] and v1["passed"][0] == [None] * 4
    assert v1["discards"][1] == [hid("King", "lion")] and v1["discards"][0] == [None]
    assert R.view(st, None)["discards"] == [[None]] * 4


def test_the_board_is_given_scores_stories_tallies_and_what_each_hero_in_hand_would_add():
    st = scenario(2, [ALLIGATOR, BEAR], [[hid("Sage"), hid("Mage", "owl"), hid("Pilgrim")], [hid("Giant")]],
                  [[hid("Archer", "fox"), ~hid("Giant")], [hid("Thief", "rat")]])
    d = R.view(st, 0)["derived"]
    story_points = [TAVERNER_STORY_POINTS[ALLIGATOR][2], TAVERNER_STORY_POINTS[BEAR][2]]
    assert d["taverner_points"] == story_points
    assert d["scores"] == [3 + story_points[0], 1 + story_points[1]] and d["stories"] == [[3], [1]]
    assert d["tally"] == [[0, 0, 1, 0, 1], [1, 0, 0, 0, 0]] and d["luck"] == [0, 1]
    # Journey and Coin already: an Elixir makes a story of three (6, +3); another Journey a new story (+1).
    assert st["hands"][0] == sorted(st["hands"][0]) and d["gains"] == [
        {hid("Sage"): 3, hid("Mage", "owl"): 3, hid("Pilgrim"): 1}[c] for c in st["hands"][0]]
    assert d["active"] == [0, 1] and d["picked"] == [0, 0] and d["over"] is False
    assert R.view(st, None)["derived"]["gains"] == []


def test_log_lines_of_picks_name_no_hero():
    st = R.setup(4, 3, R.spec.normalize(3, {}))
    rng = Rng(seed_state(99))
    for _ in range(80):
        active = R.active(st)
        if not active:
            break
        seat = active[0]
        legal = R.legal(st, seat)
        action = legal[rng.below(len(legal))]
        after, events = R.apply(st, seat, action)
        if not any(e["t"] == "reveal" for e in events) and action["type"] in ("activate", "discard"):
            text = R.phrase(events)
            assert not any(h["name"] in text for h in HEROES), text
        st = after


def test_illegal_actions_are_refused_readably():
    st = four_player_start()
    for bad in ({"type": "activate", "card": 999}, {"type": "discard", "card": st["hands"][0][0]}, {}, None,
                {"type": "target", "seat": 1}, "activate", {"type": "activate", "card": True}):
        with pytest.raises(IllegalAction):
            R.apply(st, 0, bad)
    st = pick(st, 0, st["hands"][0][0], st["hands"][0][1])
    with pytest.raises(IllegalAction, match="not this player's turn"):
        R.apply(st, 0, {"type": "activate", "card": st["hands"][0][0]})
    with pytest.raises(IllegalAction):
        R.check_legal(st, 1, {"type": "activate", "card": 1.0})


def test_prompts_say_what_is_asked():
    st = four_player_start()
    assert R.prompt(st, 0) == "Choose a Hero to activate (it stays face-down until everyone has picked)."
    st = apply(st, 0, {"type": "activate", "card": st["hands"][0][0]})
    assert R.prompt(st, 0) == "Choose a Hero to discard; the rest of your hand goes to the player on your left."
    st = apply(st, 0, {"type": "discard", "card": st["hands"][0][0]})
    assert R.prompt(st, 0) == "Waiting for the other players."


# --- the rules at hand and the story of a game ---------------------------------------------
def test_each_prompt_names_its_topic_on_the_rules_page():
    from tabletown.engine.content import load_data

    index = load_data("tabletown.games.tavern_tussle", "rule_index")
    st = four_player_start()
    assert R.topic(st, 0) == "prompt:activate"
    st = apply(st, 0, {"type": "activate", "card": st["hands"][0][0]})
    assert R.topic(st, 0) == "prompt:discard" and R.topic(st, 1) == "prompt:activate"
    st = apply(st, 0, {"type": "discard", "card": st["hands"][0][0]})
    assert R.topic(st, 0) == "prompt:waiting"
    asked = {"prompt:activate", "prompt:discard", "prompt:waiting"}
    st = resolve_state([hid("Archer", "fox"), hid("Pilgrim"), hid("Sage")])
    assert R.topic(st, 0) == "prompt:target" and R.topic(st, 1) == "prompt:waiting"
    st = resolve_state([hid("Thief", "rat"), hid("Giant")], [[], [~hid("Sage"), ~hid("Pilgrim")]])
    assert R.topic(st, 0) == "prompt:steal"
    st = resolve_state([hid("Mage", "owl"), hid("Giant")], [[~hid("Sage"), ~hid("Archer", "fox")], []])
    assert R.topic(st, 0) == "prompt:heal"
    st = resolve_state([hid("Pilgrim"), hid("King", "lion")],
                       [[], [hid("Archer", "fox"), hid("Mage", "owl"), ~hid("Sage")]], taverners=(ALLIGATOR, BEAR))
    assert R.topic(st, 1) == "prompt:copy"
    over = final_state([[hid("Sage")], []])
    assert R.topic(over, 0) == R.topic(over, 1) == "prompt:game-over"
    asked |= {"prompt:target", "prompt:steal", "prompt:heal", "prompt:copy", "prompt:game-over"}
    assert asked <= set(index)


def test_the_saved_games_list_says_how_far_a_game_is():
    st = four_player_start()
    assert R.status(st) == "Round 1 of 3 · Story Phase 1 of 3"
    st["round"], st["story"] = 3, 2
    assert R.status(st) == "Round 3 of 3 · Story Phase 2 of 3"
    assert R.status(final_state([[hid("Sage"), hid("Pilgrim")], [hid("Giant")]])) == "Over · won with 3 points"
    assert R.status(final_state([[hid("Sage")], []])) == "Over · won with 1 point"


def test_the_tally_is_each_players_points_so_far():
    st = scenario(3, [ALLIGATOR, BEAR, TOUCAN], [[], [], []],
                  [[hid("Sage"), hid("Pilgrim")], [hid("Giant"), ~hid("Scout")], []], taverner_bonus=True)
    assert R.tally(st) == [3 + TAVERNER_STORY_POINTS[ALLIGATOR][3], 3 + TAVERNER_STORY_POINTS[BEAR][3],
                           TAVERNER_STORY_POINTS[TOUCAN][3]]
    assert R.tally(dict(st, taverner_bonus=False)) == [3, 3, 0]
    assert R.tally(dict(st, v=2)) == [3, 3, 0]


def test_the_story_counts_stories_told_and_coins_lost_and_won():
    # Seat 1's Archer (7) flips seat 2's active Sage; seat 0's Thief (2) then steals that Coin.
    actives = [hid("Thief", "rat"), hid("Archer", "fox"), hid("Sage")]
    extra = fillers(set(actives) | {hid("Pilgrim"), hid("Queen")}, 6, 4)
    hands = [[actives[s], extra[2 * s], extra[2 * s + 1]] for s in range(3)]
    st = scenario(3, [ALLIGATOR, BEAR, TOUCAN], hands, [[hid("Pilgrim")], [], [hid("Queen")]], version=2)
    steps = []

    def play(seat, action):
        nonlocal st
        after, events = R.apply(st, seat, action)
        steps.append((seat, action, events, after))
        st = after

    for s in range(3):
        play(s, {"type": "activate", "card": actives[s]})
        play(s, {"type": "discard", "card": extra[2 * s]})
    play(1, {"type": "target", "seat": 2})
    assert st["tab"][0] == [hid("Pilgrim"), ~hid("Sage"), hid("Thief", "rat")]
    st = dict(st, phase="over")
    told, coins = R.story(steps, st)
    assert told["title"] == "Stories told" and coins["title"] == "Coins lost and won"
    assert told["columns"] == ["Player", "Stories", "Most themes in one story", "Points"]
    # Seat 0: Journey, Coin and Luck make one story of three themes; seat 2 only the Queen (Elixir).
    assert told["rows"] == [["{seat0}", 1, 3, 6], ["{seat1}", 1, 1, 1], ["{seat2}", 1, 1, 1]]
    assert coins["columns"] == ["Player", "Heroes turned to Coins", "Coins stolen from them", "Coins they stole",
                                "Coins they healed"]
    assert coins["rows"] == [["{seat0}", 0, 0, 1, 0], ["{seat1}", 0, 0, 0, 0], ["{seat2}", 1, 1, 0, 0]]
    # Where the Taverner cards' points count (the option; rules versions 3 to 5) the table
    # also shows them (today's here); without the option it is the rulebook's table.
    told3, _ = R.story(steps, dict(st, v=tt.SPEC.rules_version, taverner_bonus=True))
    assert told3["columns"] == ["Player", "Stories", "Most themes in one story", "Points", "Taverner's bonus points"]
    assert [row[4] for row in told3["rows"]] == [TAVERNER_STORY_POINTS[t][3] for t in (ALLIGATOR, BEAR, TOUCAN)]
    plain, _ = R.story(steps, dict(st, v=tt.SPEC.rules_version, taverner_bonus=False))
    assert plain == told


def test_the_story_counts_the_coins_a_player_heals():
    extra = fillers({hid("Mage", "owl"), hid("Giant"), hid("Sage")}, 4, 4)
    st = scenario(2, [ALLIGATOR, BEAR], [[hid("Mage", "owl")] + extra[:2], [hid("Giant")] + extra[2:]],
                  [[~hid("Sage")], []])
    st = pick(pick(st, 0, hid("Mage", "owl"), extra[0]), 1, hid("Giant"))
    last = {"type": "discard", "card": extra[2]}
    st, events = R.apply(st, 1, last)  # the reveal: the Mage heals the Sage
    assert st["tab"][0] == [hid("Sage"), hid("Mage", "owl")]
    _, coins = R.story([(1, last, events, st)], st)
    assert coins["rows"] == [["{seat0}", 0, 0, 0, 1], ["{seat1}", 0, 0, 0, 0]]
    assert R.story([], final_state([[], []]))[0]["rows"] == [["{seat0}", 0, 0, 0], ["{seat1}", 0, 0, 0]]


def test_the_rules_stand_on_the_kit_alone():
    """Nothing of Tavern Tussle leans on the engine's older game class, so the engine can drop it."""
    import ast
    from pathlib import Path

    from tabletown.engine import rules as kit

    assert type(R).__mro__[1:] == (kit.Rules, object)
    package = Path(tt.__file__).parent
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("engine.rules"):
                assert "Game" not in {a.name for a in node.names}, path.name
            if isinstance(node, ast.Attribute):
                assert node.attr != "Game", path.name


def play_a_saved_game(version: int, seed: int = 31):
    """A 3-player game as the page keeps it (a record replayed by a Session), played to the end
    with random moves; `version` is the rules version the record was begun under."""
    from tabletown.engine.session import Session, new_record

    seats = [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy")]
    record = dict(new_record(tt, seats, {}, seed), rules_version=version)
    session = Session(tt, record)
    rng = Rng(seed_state(seed))
    while session.active():
        seat = session.active()[0]
        legal = session.rules.legal(session.state, seat)
        session.apply(seat, legal[rng.below(len(legal))])
    return session


def test_a_new_game_ends_with_the_taverners_story_points_in_the_final_score():
    session = play_a_saved_game(4)
    assert session.record["rules_version"] == 4
    st, out = session.state, session.outcome()
    for s in range(3):
        bonus = TAVERNER_STORY_POINTS[st["tav"][s]][3]
        assert out["scores"][s] == tableau_score(st["tab"][s]) + bonus
        assert out["details"][s]["Taverner"].startswith(f"+{bonus} (")
    assert "Taverner" in out["columns"]


def test_a_game_saved_under_version_2_still_scores_its_stories_alone():
    session = play_a_saved_game(2)
    st, out = session.state, session.outcome()
    assert st["v"] == 2 and out["scores"] == [tableau_score(t) for t in st["tab"]]
    assert "Taverner" not in out["columns"]


# The Story Points the Taverner cards printed under rules version 3 (Alligator, Bear, Toucan,
# Hare; at 2, 3 and 4 players). A game begun then keeps them, whatever the cards print today.
VERSION_3_STORY_POINTS = {ALLIGATOR: {2: 0, 3: 2, 4: 1}, BEAR: {2: 0, 3: 0, 4: 0},
                          TOUCAN: {2: 0, 3: 2, 4: 0}, HARE: {2: 2, 3: 1, 4: 0}}


def test_a_game_saved_under_version_3_scores_with_the_story_points_it_began_with():
    session = play_a_saved_game(3)
    st, out = session.state, session.outcome()
    assert st["v"] == 3 and session.record["rules_version"] == 3
    for s in range(3):
        bonus = VERSION_3_STORY_POINTS[st["tav"][s]][3]
        assert out["scores"][s] == tableau_score(st["tab"][s]) + bonus
        assert out["details"][s]["Taverner"] == f"+{bonus} ({TAVERNERS[st['tav'][s]]['animal']})"


def test_version_3_story_points_at_every_seat_count_and_todays_in_a_new_game():
    tableaus = {n: [[hid("Sage"), hid("Pilgrim")]] + [[] for _ in range(n - 1)] for n in (2, 3, 4)}
    for seats in (2, 3, 4):
        for taverners in itertools.permutations(range(4), seats):
            old = R.outcome(taverner_final(seats, taverners, tableaus[seats], version=3))
            assert old["scores"] == [3 + VERSION_3_STORY_POINTS[taverners[0]][seats]] + [
                VERSION_3_STORY_POINTS[t][seats] for t in taverners[1:]]
            new = R.outcome(taverner_final(seats, taverners, tableaus[seats], version=tt.SPEC.rules_version))
            assert new["scores"] == [3 + TAVERNER_STORY_POINTS[taverners[0]][seats]] + [
                TAVERNER_STORY_POINTS[t][seats] for t in taverners[1:]]


# The cards' Story Points under rules version 4 (the Advanced Variant used its player count's).
VERSION_4_STORY_POINTS = {ALLIGATOR: {2: 1, 3: 2, 4: 2}, BEAR: {2: 0, 3: 0, 4: 0},
                          TOUCAN: {2: 2, 3: 1, 4: 0}, HARE: {2: 2, 3: 2, 4: 1}}


def test_a_version_4_game_keeps_version_4_story_points_in_both_variants():
    for seats in (2, 3, 4):
        for advanced in ((False, True) if seats > 2 else (False,)):
            opts = R.spec.normalize(seats, {"advanced": advanced})
            st = R.setup(6, seats, opts, version=4)
            assert st["adv"] is advanced
            derived = R.view(st, 0)["derived"]
            assert derived["taverner_points"] == [VERSION_4_STORY_POINTS[t][seats] for t in st["tav"]]


def test_the_advanced_variant_scores_the_story_points_its_cards_print_for_it():
    # From rules version 5 a card may print its own Story Points for the Advanced Variant;
    # the rules page lists them, and a new Advanced game's board and final score use them.
    rules_page = json.loads((PACKAGE / "data" / "rules.json").read_text())
    items = next(p for sec in rules_page["sections"] for p in sec["paragraphs"] if p["id"] == "scoring-taverner")["items"]
    differs = 0
    for seats in (3, 4):
        st = R.setup(6, seats, R.spec.normalize(seats, {"advanced": True, **WITH_BONUS}))
        derived = R.view(st, 0)["derived"]
        for s, t in enumerate(st["tav"]):
            line = next(i for i in items if i.startswith(TAVERNERS[t]["animal"] + ":"))
            part = line.split(", ")[seats - 2]  # "+3 with 4 (+2 in the Advanced Variant)"
            printed = part.split("(+")[1].split(" ")[0] if "Advanced" in part else part[1:].split(" ")[0]
            assert derived["taverner_points"][s] == int(printed)
            differs += "Advanced" in part
        tableaus = [[hid("Sage"), hid("Pilgrim")]] + [[] for _ in range(seats - 1)]
        final = taverner_final(seats, st["tav"], tableaus)
        final["adv"] = True
        assert R.outcome(final)["scores"] == [3 + derived["taverner_points"][0]] + derived["taverner_points"][1:]
    assert differs  # the Advanced Variant has values of its own somewhere


def test_a_version_3_board_counts_the_story_points_of_version_3():
    for seats in (2, 3, 4):
        st = R.setup(6, seats, R.spec.normalize(seats, {}), version=3)
        derived = R.view(st, 0)["derived"]
        assert derived["taverner_points"] == [VERSION_3_STORY_POINTS[t][seats] for t in st["tav"]]
        assert derived["scores"] == derived["taverner_points"]  # no stories yet
