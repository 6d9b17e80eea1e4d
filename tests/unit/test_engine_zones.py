"""Zones, the table helper and reaction windows, from their docstrings: who sees what,
how a view is masked, how determinize and scramble refill hidden places, what a move on
the table records, and in which order a window asks seats."""

import pytest

from tabletown.engine import reactions as rx
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.table import Table
from tabletown.engine.zones import HIDDEN, MASK, OWNER, PUBLIC, Zone, Zones

ZONES = Zones(
    Zone("deck", HIDDEN, pool="cards"),
    Zone("hands.*", OWNER, pool="cards"),
    Zone("players.*.horse", OWNER, pool="horses"),
    Zone("table", PUBLIC),
)


def state():
    return {"rng": [1, 2, 3, 4], "deck": [7, 8, 9], "hands": [[1, 2], [3], []],
            "players": [{"horse": 10}, {"horse": None}, {"horse": 12}], "table": [5], "score": [0, 0, 0]}


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


# --- the table ---------------------------------------------------------------------------------------

def test_a_table_works_on_a_copy_unless_told_otherwise():
    s = state()
    t = Table(s, ZONES)
    t.move(5, "table", "deck")
    assert s == state() and t.state["deck"] == [7, 8, 9, 5]
    shared = Table(s, ZONES, copy=False)
    shared.move(5, "table", "deck")
    assert s["deck"] == [7, 8, 9, 5]
    assert Table({"a": 1}).rng is None and Table({"a": 1}).zones.zones == ()


def test_paths_name_places_in_lists_and_dicts():
    t = Table(state(), ZONES)
    assert t.at("hands.0") == [1, 2] and t.at("players.2.horse") == 12 and t.at("deck") == [7, 8, 9]


def test_a_move_into_a_hand_is_private_to_its_owner():
    t = Table(state(), ZONES)
    assert t.draw("deck", "hands.2") == [9]
    assert t.events == [{"t": "move", "from": "deck", "to": "hands.2", "what": None, "private": 2, "secret": 9}]
    assert t.state["deck"] == [7, 8] and t.state["hands"][2] == [9]


def test_a_move_from_a_hidden_place_onto_the_table_reveals_and_is_a_barrier():
    t = Table(state(), ZONES)
    t.move(2, "hands.0", "table", seat=0)
    assert t.events[-1] == {"t": "move", "from": "hands.0", "to": "table", "seat": 0, "what": 2, "barrier": True}
    t.draw("deck", "table")
    assert t.events[-1]["barrier"] is True and t.events[-1]["what"] == 9


def test_a_public_move_is_told_to_everyone_and_is_no_barrier():
    t = Table(dict(state(), discard=[]), ZONES)
    t.move(5, "table", "discard")
    assert t.events[-1] == {"t": "move", "from": "table", "to": "discard", "what": 5}


def test_a_move_into_a_hidden_place_tells_nobody_what_it_was():
    t = Table(state(), ZONES)
    t.move(5, "table", "deck", index=0)
    assert t.state["deck"] == [5, 7, 8, 9]
    assert t.events[-1] == {"t": "move", "from": "table", "to": "deck", "what": None}


def test_draw_takes_from_the_top_and_stops_when_the_pile_runs_out():
    t = Table(state(), ZONES)
    assert t.draw("deck", "hands.1", n=2) == [9, 8]
    assert t.state["hands"][1] == [3, 9, 8]
    assert t.draw("deck", "hands.1", n=5) == [7]
    assert t.draw("deck", "hands.1") == []
    assert len(t.events) == 3


def test_the_table_rolls_picks_and_shuffles_with_the_states_prng_and_records_it():
    s = state()
    s["rng"] = seed_state(12)
    t = Table(s, ZONES)
    probe = Rng(list(seed_state(12)))
    assert t.roll(10, seat=1, why="shoot") == probe.between(1, 10)
    assert t.pick(4, why="target") == probe.below(4)
    t.shuffle("deck", seat=0)
    deck = [7, 8, 9]
    probe.shuffle(deck)
    assert t.state["deck"] == deck and t.state["rng"] == probe.s
    assert [e["t"] for e in t.events] == ["roll", "roll", "shuffle"]
    assert t.events[2] == {"t": "shuffle", "zone": "deck", "seat": 0}
    t.reveal("picks", what=[1])
    assert t.emit("claim", seat=0) == {"t": "claim", "seat": 0}
    state_after, events = t.result()
    assert state_after is t.state and events == list(t.events) and events is not t.events
    assert events[3] == {"t": "reveal", "zone": "picks", "what": [1]}


def test_a_table_without_a_prng_cannot_roll():
    t = Table({"deck": [1]})
    for call in (lambda: t.roll(6), lambda: t.pick(2), lambda: t.shuffle("deck")):
        with pytest.raises(AssertionError, match="no PRNG"):
            call()


def test_a_path_matches_a_zone_only_with_the_same_number_of_parts():
    zones = Zones(Zone("players.*.hand", OWNER), Zone("players", PUBLIC))
    t = Table({"players": [{"hand": [1], "table": []}, {"hand": [], "table": []}]}, zones)
    assert t._kind("players.1.hand") == OWNER and t._owner("players.1.hand") == 1
    assert t._kind("players.1.table") == "public" and t._owner("players.1.table") is None
    assert t._kind("players") == PUBLIC and t._owner("players") is None
    t.move(1, "players.0.hand", "players.1.table")
    assert t.events[-1]["barrier"] is True


# --- reaction windows --------------------------------------------------------------------------------

def test_a_window_needs_a_known_kind_and_keeps_its_context():
    with pytest.raises(ValueError, match="unknown window kind"):
        rx.open_window("cancel", [1], until="forever")
    w = rx.open_window("cancel", (s for s in [2, 0]), ctx={"card": 17})
    assert w == {"kind": "cancel", "order": [2, 0], "idx": 0, "passes": 0, "until": rx.ONE_ROUND,
                 "done": False, "ctx": {"card": 17}}
    empty = rx.open_window("cancel", [])
    assert rx.closed(empty) and rx.asked(empty) is None
    assert rx.closed(None) and rx.asked(None) is None


def test_a_one_round_window_asks_each_seat_once():
    w = rx.open_window("cancel", [2, 3, 0])
    asked = []
    while not rx.closed(w):
        asked.append(rx.asked(w))
        w = rx.passed(w)
    assert asked == [2, 3, 0] and w["idx"] == 3


def test_a_one_round_window_closes_at_the_first_reaction_and_passing_changes_no_copy():
    w = rx.open_window("cancel", [2, 3, 0])
    after = rx.passed(w)
    assert w["idx"] == 0 and not w["done"]
    after = rx.reacted(after)
    assert rx.closed(after) and rx.asked(after) is None


def test_an_all_pass_window_closes_only_after_every_seat_passes_in_a_row():
    w = rx.open_window("fight", [0, 1, 2], until=rx.ALL_PASS)
    w = rx.passed(w)               # 0 passes
    w = rx.passed(w)               # 1 passes
    assert rx.asked(w) == 2
    w = rx.reacted(w)              # 2 plays: the round starts again
    assert not rx.closed(w) and w["passes"] == 0 and rx.asked(w) == 0
    order = []
    for _ in range(3):
        order.append(rx.asked(w))
        assert not rx.closed(w)
        w = rx.passed(w)
    assert order == [0, 1, 2] and rx.closed(w)


def test_an_all_pass_window_wraps_round_the_table():
    w = rx.open_window("fight", [4, 1], until=rx.ALL_PASS)
    w = rx.passed(w)
    w = rx.reacted(w)
    assert rx.asked(w) == 4 and not rx.closed(w)


def test_seats_in_turn_order_from_any_first_seat_skipping_some():
    assert rx.seats_from(2, 4) == [2, 3, 0, 1]
    assert rx.seats_from(0, 3, skip=[1]) == [0, 2]
    assert rx.seats_from(3, 4, skip=iter([3, 0])) == [1, 2]
