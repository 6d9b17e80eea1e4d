"""Zones (engine/zones.py), from their docstrings: who sees what, how a view is masked, how
determinize and scramble refill hidden places, and which zone a path lies in."""

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.zones import HIDDEN, MASK, OWNER, Zone, Zones
from tests.support.zone_states import SECRET_ZONES, ZONES, secret_state, state


def unseen_of(view, pool):
    every = {"cards": set(range(1, 10)), "horses": {10, 11, 12, 13}}[pool]
    seen = set(view["table"])
    seen |= {c for hand in view["hands"] for c in hand if c is not None}
    seen |= {p["horse"] for p in view["players"] if isinstance(p["horse"], int)}
    return sorted(every - seen)


# --- declarations ---------------------------------------------------------------------------------

def test_a_zone_kind_must_be_known_and_an_owner_zone_needs_a_seat():
    with pytest.raises(ValueError, match="unknown kind"):
        Zone("deck", "secret")
    with pytest.raises(ValueError, match="needs a \\*"):
        Zone("hand", OWNER)
    with pytest.raises(ValueError, match="needs a \\*"):
        Zone("hands*", OWNER)  # the * is a part of its own
    assert Zone("a.*.b", OWNER).parts == ["a", "*", "b"]


def test_places_follow_paths_and_give_each_seat_its_own():
    places = ZONES.places(state())
    found = [(p.zone.path, p.key, p.owner) for p in places]
    assert found == [("deck", "deck", None), ("hands.*", 0, 0), ("hands.*", 1, 1), ("hands.*", 2, 2),
                     ("players.*.horse", "horse", 0), ("players.*.horse", "horse", 1),
                     ("players.*.horse", "horse", 2), ("table", "table", None)]
    assert places[1].value == [1, 2]


def test_a_path_through_something_missing_or_of_the_wrong_shape_covers_nothing():
    assert Zones(Zone("hands.*", OWNER)).places({"hands": {"0": [1]}}) == []
    assert Zones(Zone("deck", HIDDEN)).places({"pile": []}) == []
    assert Zones(Zone("a.b", HIDDEN)).places({"a": [1]}) == []


def test_who_may_not_see_what():
    s = state()
    spectator = {(p.zone.path, p.owner) for p in ZONES.hidden_from(s, None)}
    assert spectator == {("deck", None), ("hands.*", 0), ("hands.*", 1), ("hands.*", 2),
                         ("players.*.horse", 0), ("players.*.horse", 1), ("players.*.horse", 2)}
    seat1 = {(p.zone.path, p.owner) for p in ZONES.hidden_from(s, 1)}
    assert seat1 == spectator - {("hands.*", 1), ("players.*.horse", 1)}


# --- masking --------------------------------------------------------------------------------------

def test_a_view_masks_lists_to_nones_values_to_a_mark_and_keeps_none():
    view = ZONES.mask(state(), 1)
    assert view == {"deck": [None, None, None], "hands": [[None, None], [3], []],
                    "players": [{"horse": MASK}, {"horse": None}, {"horse": MASK}],
                    "table": [5], "score": [0, 0, 0]}


def test_a_spectator_sees_no_hand_and_masking_changes_nothing_in_the_state():
    s = state()
    view = ZONES.mask(s, None)
    assert view["hands"] == [[None, None], [None], []] and view["players"][0]["horse"] == MASK
    assert s == state()
    assert "rng" not in view


def test_a_view_masks_what_the_seat_may_not_see_and_keeps_sizes():
    view = SECRET_ZONES.mask(secret_state(), 0)
    assert view == {"deck": [None, None, None], "hands": [[1, 2], [None]], "discard": [5],
                    "players": [{"secret": "red", "score": 1}, {"secret": None, "score": 2}]}
    spectator = SECRET_ZONES.mask(secret_state(), None)
    assert spectator["hands"] == [[None, None], [None]] and spectator["players"][0]["secret"] == "?"


# --- determinize -----------------------------------------------------------------------------------

def test_determinize_fills_each_masked_place_from_its_pool_and_keeps_what_was_seen():
    view = ZONES.mask(state(), 1)
    view["derived"] = {"stale": True}
    full = ZONES.determinize_from(view, 1, Rng(seed_state(5)), unseen_of)
    assert "derived" not in full
    assert full["hands"][1] == [3] and full["table"] == [5] and full["players"][1]["horse"] is None
    cards = full["deck"] + full["hands"][0]
    assert len(full["deck"]) == 3 and len(full["hands"][0]) == 2 and full["hands"][2] == []
    assert set(cards) <= {1, 2, 4, 6, 7, 8, 9}
    assert len(set(cards)) == 5
    horses = {full["players"][0]["horse"], full["players"][2]["horse"]}
    assert horses <= {10, 11, 12, 13} and len(horses) == 2
    assert len(full["rng"]) == 4 and full["rng"][0] % 2 == 1
    assert ZONES.mask(full, 1) == {k: v for k, v in view.items() if k != "derived"}


def test_determinize_deals_the_shuffled_values_in_declaration_order():
    zones = Zones(Zone("deck", HIDDEN, pool="p"), Zone("hands.*", OWNER, pool="p"))
    view = zones.mask({"deck": [0, 0], "hands": [[], [0]]}, 0)
    rng = Rng(seed_state(8))
    probe = Rng(list(rng.s))
    values = [4, 5, 6]
    probe.shuffle(values)
    full = zones.determinize_from(view, 0, rng, lambda v, pool: [4, 5, 6])
    assert full["deck"] == values[:2] and full["hands"][1] == values[2:]
    fresh = [probe.next_u32() | 1, probe.next_u32(), probe.next_u32(), probe.next_u32()]
    assert full["rng"] == fresh


def test_determinize_fills_a_single_hidden_value_and_skips_empty_places():
    zones = Zones(Zone("picks.*", OWNER, pool="p"), Zone("piles.*", OWNER, pool="q"))
    view = zones.mask({"picks": [3, 4], "piles": [[], []]}, 0)
    full = zones.determinize_from(view, 0, Rng(seed_state(1)), lambda v, pool: {"p": [9]}[pool])
    assert full["picks"] == [3, 9] and full["piles"] == [[], []]


def test_determinize_needs_a_pool_and_enough_unseen_values():
    no_pool = Zones(Zone("deck", HIDDEN))
    with pytest.raises(ValueError, match="names no pool"):
        no_pool.determinize_from({"deck": [None]}, 0, Rng(seed_state(1)), lambda v, p: [1])
    zones = Zones(Zone("deck", HIDDEN, pool="p"))
    with pytest.raises(ValueError, match="2 hidden places but only 1 unseen"):
        zones.determinize_from({"deck": [None, None]}, 0, Rng(seed_state(1)), lambda v, p: [1])
    # exactly as many values as places is enough
    full = zones.determinize_from({"deck": [None, None]}, 0, Rng(seed_state(1)), lambda v, p: [1, 2])
    assert sorted(full["deck"]) == [1, 2]


def test_determinize_fills_masked_places_from_the_unseen_values():
    s = secret_state()
    view = SECRET_ZONES.mask(s, 1)

    def unseen(v, pool):
        return {"cards": [1, 2, 7, 8, 9, 4], "styles": ["red", "blue"]}[pool]

    world = SECRET_ZONES.determinize_from(view, 1, Rng(seed_state(3)), unseen)
    assert SECRET_ZONES.mask(world, 1) == view
    assert set(world["deck"] + world["hands"][0]) <= {1, 2, 4, 7, 8, 9}
    assert len(world["deck"]) == 3 and len(world["hands"][0]) == 2 and world["hands"][1] == [3]
    assert world["players"][0]["secret"] in ("red", "blue") and "rng" in world
    with pytest.raises(ValueError, match="unseen"):
        SECRET_ZONES.determinize_from(view, 1, Rng(seed_state(3)), lambda v, pool: [1])


# --- scramble ---------------------------------------------------------------------------------------

def test_scramble_permutes_hidden_values_within_each_pool_and_keeps_the_view():
    s = state()
    changed = False
    for seed in range(1, 30):
        mixed = ZONES.scramble(s, 1, Rng(seed_state(seed)))
        assert ZONES.mask(mixed, 1) == ZONES.mask(s, 1)
        hidden_cards = sorted(mixed["deck"] + mixed["hands"][0] + mixed["hands"][2])
        assert hidden_cards == [1, 2, 7, 8, 9]
        assert {mixed["players"][0]["horse"], mixed["players"][2]["horse"]} == {10, 12}
        assert mixed["hands"][1] == [3] and mixed["players"][1]["horse"] is None
        assert mixed["rng"] != s["rng"] and mixed["rng"][0] % 2 == 1
        changed |= mixed["deck"] != s["deck"]
    assert changed
    assert s == state()


def test_scramble_gives_fresh_prng_words_from_its_own_stream():
    rng = Rng(seed_state(3))
    probe = Rng(list(rng.s))
    values = [7, 8, 9]
    probe.shuffle(values)
    mixed = Zones(Zone("deck", HIDDEN)).scramble({"rng": [0, 0, 0, 1], "deck": [7, 8, 9]}, 0, rng)
    assert mixed["deck"] == values
    assert mixed["rng"] == [probe.next_u32() | 1, probe.next_u32(), probe.next_u32(), probe.next_u32()]
    assert "rng" not in Zones(Zone("deck", HIDDEN)).scramble({"deck": [1]}, 0, Rng(seed_state(3)))


def test_scramble_mixes_single_values_of_one_zone_without_a_pool():
    zones = Zones(Zone("picks.*", OWNER))
    seen = set()
    for seed in range(1, 40):
        mixed = zones.scramble({"picks": [1, 2, None, 3]}, 3, Rng(seed_state(seed)))
        assert mixed["picks"][2] is None and mixed["picks"][3] == 3
        seen.add(tuple(mixed["picks"][:2]))
    assert seen == {(1, 2), (2, 1)}


def test_scrambling_hidden_values_keeps_each_view():
    s = secret_state()
    for seat in (0, 1, None):
        for k in range(5):
            scrambled = SECRET_ZONES.scramble(s, seat, Rng(seed_state(k)))
            assert SECRET_ZONES.mask(scrambled, seat) == SECRET_ZONES.mask(s, seat)
            assert scrambled["rng"] != s["rng"]


# --- places that take only some of a pool's values ---------------------------------------------------

# A deck of events, some of them secret; a hand keeps only secret ones (the others are played when drawn).
SECRET = {2, 5, 7}
KEPT = Zones(Zone("deck", HIDDEN, pool="events"),
             Zone("hands.*", OWNER, pool="events", fits=lambda e: e in SECRET))


def kept_state():
    return {"deck": [1, 3, 4, 5, 6], "hands": [[2], [7]], "rng": [1, 2, 3, 4]}


def test_determinize_deals_a_place_only_the_values_that_fit_it_and_the_rest_elsewhere():
    view = KEPT.mask(kept_state(), 0)
    unseen = [1, 3, 4, 5, 6, 7]  # what seat 0 has not seen: the deck's and the other hand's
    hands = set()
    for k in range(200):
        world = KEPT.determinize_from(view, 0, Rng(seed_state(k)), lambda v, pool: unseen)
        assert world["hands"][0] == [2]
        assert world["hands"][1][0] in SECRET - {2}
        assert sorted(world["deck"] + world["hands"][1]) == unseen
        hands.add(world["hands"][1][0])
    assert hands == {5, 7}  # either unseen secret, never a card the hand could not keep


def test_determinize_says_so_when_no_unseen_value_fits():
    view = KEPT.mask(kept_state(), 0)
    with pytest.raises(ValueError, match="no unseen value fits"):
        KEPT.determinize_from(view, 0, Rng(seed_state(1)), lambda v, pool: [1, 3, 4, 6, 9, 8])


def test_scramble_keeps_values_that_fit_in_the_places_they_must_fit():
    for k in range(100):
        scrambled = KEPT.scramble(kept_state(), None, Rng(seed_state(k)))
        assert all(e in SECRET for hand in scrambled["hands"] for e in hand)
        assert sorted(scrambled["deck"] + [e for hand in scrambled["hands"] for e in hand]) == [1, 2, 3, 4, 5, 6, 7]
