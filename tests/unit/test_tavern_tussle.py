"""Tavern Tussle: conformance, content, rules, hidden information and the log."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tabletown.games.tavern_tussle.game as tt
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import BadSetup, IllegalAction
from tabletown.games.tavern_tussle.content import (
    ABILITIES,
    DECKS,
    HEROES,
    PRINTED_THEMES,
    TAVERNERS,
    THEMES,
)
from tabletown.games.tavern_tussle.rules import (
    initiative,
    scenario,
    score_counts,
    stories,
    tableau_score,
    theme_counts,
)
from tests.conformance import check_playouts

R = tt.RULES
ALLIGATOR, BEAR, TOUCAN, HARE = range(4)


def hid(name: str, animal: str = "") -> int:
    for h in HEROES:
        if h["name"] == name and (not animal or h["animal"] == animal):
            return h["id"]
    raise KeyError(name)


def fillers(exclude: set[int], k: int, seats: int = 4) -> list[int]:
    return [c for c in DECKS[seats] if c not in exclude][:k]


def pick(state, seat, active, discard=None):
    state = R.apply(state, seat, {"type": "activate", "card": active})
    if discard is not None:
        state = R.apply(state, seat, {"type": "discard", "card": discard})
    return state


# --- conformance --------------------------------------------------------------------
@pytest.mark.parametrize("seats,options", [
    (2, {}),
    (2, {"youngest": 2}),
    (3, {}),
    (3, {"advanced": True}),
    (3, {"advanced": True, "youngest": 3}),
    (4, {}),
    (4, {"advanced": True}),
    (4, {"youngest": 4}),
])
def test_conformance(seats, options):
    outcomes = check_playouts(tt, seats, options, games=12)
    assert all(len(o["details"]) == seats for o in outcomes)


# --- content ---------------------------------------------------------------------------
def test_content_counts_match_the_rulebook():
    assert len(HEROES) == 54
    assert len(TAVERNERS) == 4
    assert len({t["name"] for t in TAVERNERS}) == 4
    names = {h["name"] for h in HEROES}
    for named in ("Archer", "Mage", "King", "Barbarian", "Swashbuckler", "Mercenary"):
        assert named in names
    assert {h["theme"] for h in HEROES} == set(PRINTED_THEMES)  # Coin is every card's back
    for h in HEROES:
        assert set(h["abilities"]) <= set(ABILITIES)
        assert 1 <= h["initiative"] <= 12
        assert h["players"] and set(h["players"]) <= {2, 3, 4}
    # Every seat count has enough cards: a round leaves 3 cards a player in the
    # tableaus (the discards go back round); after two rounds the deck and discard
    # pile must still hold a full deal of 6 a player.
    for n in (2, 3, 4):
        assert len(DECKS[n]) - 2 * 3 * n >= 6 * n
    assert [len(DECKS[n]) for n in (2, 3, 4)] == [30, 42, 54]


def test_content_fits_the_examples():
    for h in HEROES:
        if h["name"] == "Archer":
            assert h["initiative"] == 7 and h["abilities"] == ("Attack",) and h["theme"] != "Battle"
        if h["name"] == "Barbarian":
            assert h["initiative"] == 1 and h["theme"] == "Battle" and h["abilities"] == ("Attack", "Steal")
        if h["name"] == "Mercenary":
            assert h["initiative"] > 7 and h["abilities"] == ("Counter",)
        if h["name"] == "Swashbuckler":
            assert 1 < h["initiative"] < 7


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
        st = R.setup(5, n, R.normalize_options(n, {}))
        assert all(len(h) == 6 for h in st["hands"])
        everything = sorted(st["deck"] + [c for h in st["hands"] for c in h])
        assert everything == sorted(DECKS[n])
        assert len(set(st["tav"])) == n
        assert st["revealed"] >= 1


def test_youngest_option_is_checked():
    with pytest.raises(BadSetup):
        R.setup(1, 2, {"youngest": 3, "advanced": False})
    with pytest.raises(BadSetup):
        R.normalize_options(4, {"youngest": 9})
    assert R.spec.parse_link_options(3, {"youngest": "2"})["youngest"] == 2
    assert R.normalize_options(3, {})["youngest"] == 1  # the first player, counted from 1
    assert R.setup(1, 3, {"youngest": 3, "advanced": False})["young"] == 2


def test_advanced_is_offered_for_three_and_four_only():
    assert R.spec.parse_link_options(3, {"advanced": "true"})["advanced"] is True
    with pytest.raises(BadSetup):
        R.normalize_options(2, {"advanced": True})


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
    before = st["revealed"]
    st1 = R.apply(st, 0, {"type": "activate", "card": hid("Pilgrim")})
    assert st1["revealed"] == before and st1["rng"] == st["rng"]  # a secret pick can be undone
    assert {a["type"] for a in R.legal(st1, 0)} == {"discard"}
    # other seats see only that seat 0 has picked
    v = R.view(st1, 1)
    assert v["picked"][0] == 1 and v["play"] == [None] * 4 and v["my_active"] is None
    seen = v["hand"] + [c for c in v["play"] if c is not None] + [c for t in v["tableau"] for c in t]
    assert hid("Pilgrim") not in seen and v["my_discard"] is None
    assert "Pilgrim" not in R.describe(st, 0, {"type": "activate", "card": hid("Pilgrim")})
    st1 = R.apply(st1, 0, {"type": "discard", "card": hid("Giant")})
    assert 0 not in R.active(st1) and R.legal(st1, 0) == []
    st2 = pick(st1, 1, hid("Sage"), hid("King", "lion"))
    st2 = pick(st2, 2, hid("Queen"), hid("Squire"))
    line = R.describe(st2, 3, {"type": "activate", "card": hid("Prince")})
    st2 = pick(st2, 3, hid("Prince"), hid("Samurai"))
    assert st2["revealed"] > before
    assert st2["story"] == 2 and st2["phase"] == "pick"
    # actives went to the tableaus, discards to the pile, the rest passed left
    assert st2["tab"][0] == [hid("Pilgrim")] and st2["tab"][1] == [hid("Sage")]
    assert sorted(st2["disc"]) == sorted([hid("Giant"), hid("King", "lion"), hid("Squire"), hid("Samurai")])
    assert sorted(st2["hands"][1]) == sorted([hid("Archer", "fox"), hid("Mage", "owl"), hid("Thief", "rat"),
                                              hid("Bard", "frog")])
    assert sorted(st2["hands"][0]) == sorted([hid("Duelist", "weasel"), hid("Cleric"), hid("Scout"),
                                              hid("Brewer", "beaver")])
    assert "Prince" not in line  # the picks are still secret when the line is written
    st3 = R.apply(st2, 3, {"type": "activate", "card": st2["hands"][3][0]})
    assert st3["passed"][3] is not None


def test_last_two_cards_discard_automatically():
    st = four_player_start()
    for s in range(4):
        st["hands"][s] = st["hands"][s][:2]
    c = st["hands"][0][0]
    st = R.apply(st, 0, {"type": "activate", "card": c})
    assert st["dis"][0] is not None and st["hands"][0] == [] and 0 not in R.active(st)


def test_round_ends_and_new_round_deals_six():
    st = four_player_start()
    for s in range(4):
        st["hands"][s] = st["hands"][s][:2]
    for s in range(4):
        st = R.apply(st, s, {"type": "activate", "card": st["hands"][s][0]})
        while R.active(st) and st["phase"] == "resolve":
            seat = R.active(st)[0]
            st = R.apply(st, seat, R.legal(st, seat)[0])
    assert st["round"] == 2 and st["story"] == 1
    assert all(len(h) == 6 for h in st["hands"])


def test_deck_reshuffles_the_discard_when_it_runs_out():
    st = four_player_start()
    for s in range(4):
        st["hands"][s] = st["hands"][s][:2]
    pile = st["deck"][:10]
    st["disc"] = pile
    st["mydis"] = [[], [], [], []]
    st["deck"] = st["deck"][10:][:20]  # only 20 left: the deal of 24 needs the discard pile
    rng_before = list(st["rng"])
    for s in range(4):
        st = R.apply(st, s, {"type": "activate", "card": st["hands"][s][0]})
        while R.active(st) and st["phase"] == "resolve":
            seat = R.active(st)[0]
            st = R.apply(st, seat, R.legal(st, seat)[0])
    assert st["round"] == 2
    assert all(len(h) == 6 for h in st["hands"])
    assert st["rng"] != rng_before  # the reshuffle drew on the PRNG
    in_play = [c for h in st["hands"] for c in h] + st["deck"] + st["disc"]
    assert len(in_play) == len(set(in_play))


def resolve_state(actives, tableaus=None, taverners=(ALLIGATOR, BEAR, TOUCAN, HARE), advanced=False, youngest=1,
                  tav_up=None):
    """Every seat picks `actives[s]` (and discards a filler); returns the state after the reveal."""
    n = len(actives)
    used = set(actives) | {c if c >= 0 else ~c for t in (tableaus or []) for c in t}
    extra = fillers(used, n * 2, 4)
    hands = [[actives[s], extra[2 * s], extra[2 * s + 1]] for s in range(n)]
    st = scenario(n, list(taverners[:n]), hands, tableaus, advanced=advanced, youngest=youngest, tav_up=tav_up)
    for s in range(n):
        st = pick(st, s, actives[s], extra[2 * s])
    return st


def test_initiative_adds_boosts_from_face_up_tableau_heroes():
    bard, minstrel, king, queen = hid("Bard", "frog"), hid("Minstrel", "cricket"), hid("King", "lion"), hid("Queen")
    knight = hid("Knight", "badger")  # Initiative 6
    assert initiative(knight, [], BEAR) == 6
    assert initiative(knight, [bard, minstrel], BEAR) == 10
    assert initiative(knight, [bard, ~minstrel], BEAR) == 8  # a flipped Boost is only a Coin
    assert initiative(knight, [king, queen], BEAR) == 6  # Cheers Heroes in the tableau give nothing
    # the Hare's Quick Draught: +3 while the Hare card is face-up
    assert initiative(knight, [], HARE) == 9
    assert initiative(knight, [bard], HARE) == 11
    assert initiative(knight, [bard], HARE, False) == 8


def test_hare_goes_first_while_face_up():
    # Knight (6) of the Hare: 9, ahead of the Duelist (8), which is flipped before acting.
    st = resolve_state([hid("Knight", "badger"), hid("Duelist", "weasel")], taverners=(HARE, BEAR))
    assert st["tab"] == [[hid("Knight", "badger")], [~hid("Duelist", "weasel")]]
    # Advanced Variant, the Hare face-down: no draught, the Knight keeps its printed 6.
    knight, duelist, pilgrim = hid("Knight", "badger"), hid("Duelist", "weasel"), hid("Pilgrim")
    st = scenario(3, [HARE, BEAR, TOUCAN], [[knight, hid("Giant")], [duelist, hid("Sage")], [pilgrim, hid("Oracle")]],
                  advanced=True, tav_up=[False, True, True])
    st = R.apply(R.apply(st, 0, {"type": "activate", "card": knight}), 1, {"type": "activate", "card": duelist})
    line = R.describe(st, 2, {"type": "activate", "card": pilgrim})
    assert "{seat1}: Duelist weasel (Initiative 8), {seat0}: Knight badger (Initiative 6)" in line


def test_boosted_hero_acts_first():
    # Seat 0's Knight (6) with two Boosts (10) attacks before seat 1's Duelist (8) can.
    st = resolve_state([hid("Knight", "badger"), hid("Duelist", "weasel")],
                       [[hid("Bard", "frog"), hid("Minstrel", "cricket")], []])
    assert st["tab"][0][-1] == hid("Knight", "badger") and st["tab"][1] == [~hid("Duelist", "weasel")]
    # one Boost: 8 against 8, and the Duelist's player has fewer tableau cards
    st = resolve_state([hid("Knight", "badger"), hid("Duelist", "weasel")], [[hid("Scout")], []])
    assert st["tab"][0][-1] == ~hid("Knight", "badger") and st["tab"][1] == [hid("Duelist", "weasel")]


def test_ties_go_to_luck_then_fewer_cards_then_youngest():
    # Archer fox vs Archer hedgehog: both 7. Seat 1's hedgehog is Luck: it goes first.
    st = resolve_state([hid("Archer", "fox"), hid("Archer", "hedgehog")], youngest=0)
    # seat 1 acted first: it attacked seat 0's Archer, which was flipped before acting
    assert st["tab"][0] == [~hid("Archer", "fox")] and st["tab"][1] == [hid("Archer", "hedgehog")]
    # Equal Luck: the player with fewer tableau cards goes first.
    st = resolve_state([hid("Knight", "badger"), hid("Knight", "stag")], [[hid("Sage")], []], youngest=0)
    assert st["tab"][1][-1] == hid("Knight", "stag") and st["tab"][0][-1] == ~hid("Knight", "badger")
    # Everything equal: the youngest goes first.
    for young in (0, 1):
        st = resolve_state([hid("Knight", "badger"), hid("Knight", "stag")], youngest=young)
        assert st["tab"][young][-1] >= 0 and st["tab"][1 - young][-1] < 0


# --- abilities and the Golden Rules ----------------------------------------------------
def test_attack_must_be_used_and_acting_player_chooses_target():
    st = resolve_state([hid("Archer", "fox"), hid("Pilgrim"), hid("Sage")], youngest=0)
    assert R.active(st) == [0]
    legal = R.legal(st, 0)
    assert legal == [{"type": "target", "seat": 1}, {"type": "target", "seat": 2}]  # no "pass"
    assert "choose" in R.prompt(st, 0).lower()
    after = R.apply(st, 0, {"type": "target", "seat": 2})
    assert after["tab"][2] == [~hid("Sage")] and after["tab"][1] == [hid("Pilgrim")]
    assert after["revealed"] == st["revealed"]


def test_flipped_active_does_not_act():
    # Samurai (10) counters the Battle Knight (6) before it can attack.
    st = resolve_state([hid("Samurai"), hid("Knight", "badger")])
    assert st["tab"] == [[hid("Samurai")], [~hid("Knight", "badger")]]


def test_counter_only_hits_battle_heroes():
    st = resolve_state([hid("Mercenary", "cat"), hid("Archer", "hedgehog")])
    # no Battle Hero to counter: the Mercenary does nothing, the Archer attacks it
    assert st["tab"] == [[~hid("Mercenary", "cat")], [hid("Archer", "hedgehog")]]


def test_tableau_heroes_cannot_be_attacked_but_coins_can_be_stolen():
    sage, pilgrim = hid("Sage"), hid("Pilgrim")
    st = resolve_state([hid("Thief", "rat"), hid("Giant")], [[], [sage, ~pilgrim]])
    assert st["tab"][0] == [~pilgrim, hid("Thief", "rat")]
    assert st["tab"][1] == [sage, hid("Giant")]
    st = resolve_state([hid("Archer", "fox"), hid("Giant")], [[], [sage]])
    assert st["tab"][1] == [sage, ~hid("Giant")]  # only the active Hero could be attacked


def test_attack_then_steal_hits_the_same_player():
    # Seat 1's Archer (7) attacks seat 2's Sage. Then seat 0's Barbarian (1) could only
    # Steal from seat 2 but can Attack and then Steal against seat 1: so it must target seat 1.
    st = resolve_state([hid("Barbarian", "boar"), hid("Archer", "fox"), hid("Sage")],
                       [[], [], [~hid("Giant")]], taverners=(ALLIGATOR, BEAR, TOUCAN))
    assert R.active(st) == [1]
    st = R.apply(st, 1, {"type": "target", "seat": 2})
    assert st["tab"][0] == [~hid("Archer", "fox"), hid("Barbarian", "boar")]
    assert st["tab"][1] == []
    assert st["tab"][2] == [~hid("Giant"), ~hid("Sage")]


def test_steal_chooses_among_several_coins():
    st = resolve_state([hid("Thief", "rat"), hid("Giant")], [[], [~hid("Sage"), ~hid("Pilgrim")]])
    assert R.legal(st, 0) == [{"type": "steal", "card": hid("Sage")}, {"type": "steal", "card": hid("Pilgrim")}]
    st = R.apply(st, 0, {"type": "steal", "card": hid("Pilgrim")})
    assert st["tab"][0] == [~hid("Pilgrim"), hid("Thief", "rat")] and st["tab"][1] == [~hid("Sage"), hid("Giant")]


def test_heal_unflips_a_coin_in_your_tableau():
    st = resolve_state([hid("Mage", "owl"), hid("Giant")], [[~hid("Sage"), ~hid("Archer", "fox")], []])
    assert R.legal(st, 0) == [{"type": "heal", "card": hid("Sage")}, {"type": "heal", "card": hid("Archer", "fox")}]
    st = R.apply(st, 0, {"type": "heal", "card": hid("Archer", "fox")})
    assert st["tab"][0] == [~hid("Sage"), hid("Archer", "fox"), hid("Mage", "owl")]


def test_alligator_special_attacks_then_heals():
    st = resolve_state([hid("King", "lion"), hid("Pilgrim")], [[~hid("Sage")], []], taverners=(ALLIGATOR, BEAR))
    assert st["tab"] == [[hid("Sage"), hid("King", "lion")], [~hid("Pilgrim")]]


def test_bear_special_copies_a_tableau_ability():
    st = resolve_state([hid("Pilgrim"), hid("King", "lion")], [[], [hid("Archer", "fox"), hid("Mage", "owl")]],
                       taverners=(ALLIGATOR, BEAR))
    # The Mage has nothing to heal, so the only ability worth copying is the Archer's.
    assert st["tab"][0] == [~hid("Pilgrim")]
    st = resolve_state([hid("Pilgrim"), hid("King", "lion")],
                       [[], [hid("Archer", "fox"), hid("Mage", "owl"), ~hid("Sage")]], taverners=(ALLIGATOR, BEAR))
    assert R.legal(st, 1) == [{"type": "copy", "card": hid("Archer", "fox")}, {"type": "copy", "card": hid("Mage", "owl")}]
    st = R.apply(st, 1, {"type": "copy", "card": hid("Mage", "owl")})
    assert st["tab"][1] == [hid("Archer", "fox"), hid("Mage", "owl"), hid("Sage"), hid("King", "lion")]
    assert st["tab"][0] == [hid("Pilgrim")]


def test_toucan_special_steals_from_each_other_player():
    st = resolve_state([hid("Pilgrim"), hid("King", "lion"), hid("Sage")],
                       [[~hid("Giant")], [], [~hid("Scout"), hid("Bard", "frog")]], taverners=(ALLIGATOR, TOUCAN, BEAR))
    assert st["tab"][1] == [~hid("Scout"), ~hid("Giant"), hid("King", "lion")]
    assert st["tab"][0] == [hid("Pilgrim")] and st["tab"][2] == [hid("Bard", "frog"), hid("Sage")]


def test_no_target_means_no_action():
    st = resolve_state([hid("Thief", "rat"), hid("Giant")])
    assert st["tab"] == [[hid("Thief", "rat")], [hid("Giant")]]


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
    st = R.apply(st, 0, {"type": "target", "seat": 1})
    assert st["tup"] == [True, False, True]


def test_advanced_a_player_hit_by_itself_keeps_its_taverner():
    # basic game: nobody's Taverner ever turns
    st = resolve_state([hid("Archer", "fox"), hid("Pilgrim"), hid("Sage")], taverners=(ALLIGATOR, BEAR, TOUCAN))
    st = R.apply(st, 0, {"type": "target", "seat": 1})
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
    import itertools
    for counts in itertools.product(range(7), repeat=5):
        assert score_counts(list(counts)) == best_by_counts(counts, memo), counts


def test_flipped_cards_are_the_only_coins():
    sage = hid("Sage")  # Elixir
    assert theme_counts([sage]) == [0, 0, 0, 1, 0]
    assert theme_counts([~sage]) == [0, 0, 0, 0, 1]
    assert tableau_score([sage, ~hid("Pilgrim")]) == 3
    assert stories([sage, ~hid("Pilgrim"), ~hid("Giant")]) == [["Elixir", "Coin"], ["Coin"]]
    assert THEMES[-1] == "Coin"


def final_state(tableaus, youngest=1):
    st = scenario(len(tableaus), [0, 1, 2, 3][:len(tableaus)], [[] for _ in tableaus], tableaus, youngest=youngest)
    st["phase"] = "over"
    st["round"], st["story"] = 3, 3
    return st


def test_outcome_tiebreaks_luck_then_cards_then_youngest():
    luck, luck2 = hid("Thief", "rat"), hid("Gambler")
    sage, pilgrim, giant = hid("Sage"), hid("Pilgrim"), hid("Giant")
    # equal points (3 each); seat 0 has Luck
    out = R.outcome(final_state([[luck, sage], [pilgrim, giant]]))
    assert out["scores"] == [3, 3] and out["winners"] == [0]
    assert "more Luck" in out["tiebreaks"][0]
    # equal points and Luck; seat 1 has fewer cards
    out = R.outcome(final_state([[hid("Mage", "owl"), hid("Mage", "newt"), ~hid("Scout"), ~hid("Knight", "stag")],
                                 [sage, ~pilgrim, giant]]))
    assert out["scores"] == [6, 6]
    assert out["winners"] == [1] and "fewer cards" in out["tiebreaks"][0]
    assert luck2 != luck
    # everything equal: the youngest wins
    out = R.outcome(final_state([[sage], [pilgrim]], youngest=0))
    assert out["winners"] == [0] and "youngest" in out["tiebreaks"][0]
    out = R.outcome(final_state([[sage], [pilgrim]], youngest=1))
    assert out["winners"] == [1]
    details = out["details"][0]
    assert details["stories"] == [["Elixir"]] and details["story_points"] == [1]


# --- hidden information and the log --------------------------------------------------------
def test_views_hide_other_hands_picks_deck_and_rng():
    st = R.setup(3, 4, R.normalize_options(4, {}))
    st = R.apply(st, 0, {"type": "activate", "card": st["hands"][0][0]})
    for seat in (None, 1, 2, 3):
        v = R.view(st, seat)
        text = json.dumps(v)
        assert "rng" not in v
        assert v["my_active"] is None
        others = [c for s in range(4) if s != seat for c in st["hands"][s]]
        mine = set(st["hands"][seat]) if seat is not None else set()
        assert not (set(v["hand"]) & set(others))
        assert len(v["hand"]) == (6 if seat is not None else 0)
        assert "deck" in v and isinstance(v["deck"], int)
        assert set(v["hand"]) == mine
        assert str(st["act"][0]) not in json.dumps(v["play"])
        assert "passed" in text
    v0 = R.view(st, 0)
    assert v0["my_active"] == st["act"][0]


def test_describe_does_not_leak_hidden_picks():
    st = R.setup(4, 3, R.normalize_options(3, {}))
    rng = Rng(seed_state(99))
    for _ in range(60):
        active = R.active(st)
        if not active:
            break
        seat = active[0]
        legal = R.legal(st, seat)
        action = legal[rng.below(len(legal))]
        line = R.describe(st, seat, action)
        if action["type"] in ("activate", "discard"):
            after = R.apply(st, seat, action)
            if after["phase"] == "pick" and after["round"] == st["round"] and after["story"] == st["story"]:
                # nothing was revealed: the line names no Hero
                assert not any(h["name"] in line for h in HEROES), line
        st = R.apply(st, seat, action)


def test_describe_reports_public_consequences():
    st = four_player_start()
    st = pick(st, 0, hid("Archer", "fox"), hid("Giant"))
    st = pick(st, 1, hid("Sage"), hid("King", "lion"))
    st = pick(st, 2, hid("Queen"), hid("Squire"))
    line = R.describe(st, 3, {"type": "activate", "card": hid("Samurai")})
    st = R.apply(st, 3, {"type": "activate", "card": hid("Samurai")})
    line += R.describe(st, 3, {"type": "discard", "card": hid("Prince")})
    assert "revealed" in line and "Archer fox" in line


def test_illegal_actions_are_refused():
    st = four_player_start()
    for bad in ({"type": "activate", "card": 999}, {"type": "discard", "card": st["hands"][0][0]}, {}, None,
                {"type": "target", "seat": 1}, "activate"):
        with pytest.raises(IllegalAction):
            R.apply(st, 0, bad)
    st = pick(st, 0, st["hands"][0][0], st["hands"][0][1])
    with pytest.raises(IllegalAction):
        R.apply(st, 0, {"type": "activate", "card": st["hands"][0][0]})
