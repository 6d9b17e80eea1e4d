"""The engine's small value helpers, each from its docstring: the PRNG's draws and their
boundaries, JSON states, English lists and plurals, the events collector and the old SVG helpers."""

import pytest

from tabletown.engine import events as ev
from tabletown.engine import prng, state, words
from tabletown.engine.prng import MASK32, Rng, seed_state

INV5, INV9 = pow(5, -1, 1 << 32), pow(9, -1, 1 << 32)


def words_drawing(*values):
    """PRNG words whose next draws are exactly `values` (xoshiro128**'s output depends only on
    the second word, so each draw is set by inverting the scrambler on that word)."""
    out = []
    for v in values:
        y = (v * INV9) & MASK32
        x = ((y >> 7) | (y << 25)) & MASK32  # rotate right by 7
        out.append((x * INV5) & MASK32)
    return out


# --- the PRNG -----------------------------------------------------------------------------------

def test_the_scrambler_inverse_gives_the_draw_we_ask_for():
    for v in (0, 1, 2, MASK32 - 1, MASK32):
        assert Rng([7, words_drawing(v)[0], 9, 11]).next_u32() == v


def test_below_rejects_a_draw_at_the_top_of_the_range_so_no_remainder_is_favoured():
    # For n = 3, 2**32 draws leave one value over: the top one (MASK32) is drawn again.
    rng = Rng([5, words_drawing(MASK32)[0], 6, 7])
    follow = Rng(list(rng.s))
    follow.next_u32()
    second = follow.next_u32()
    assert rng.below(3) == second % 3
    assert rng.s == follow.s  # exactly two draws were used


def test_below_keeps_the_last_draw_under_the_limit():
    # MASK32 - 1 is the largest value kept for n = 3: one draw, its remainder.
    rng = Rng([5, words_drawing(MASK32 - 1)[0], 6, 7])
    follow = Rng(list(rng.s))
    follow.next_u32()
    assert rng.below(3) == (MASK32 - 1) % 3
    assert rng.s == follow.s


def test_below_a_power_of_two_never_rejects():
    rng = Rng([5, words_drawing(MASK32)[0], 6, 7])
    assert rng.below(4) == MASK32 % 4


@pytest.mark.parametrize("bound", [0, -1])
def test_below_needs_a_positive_bound(bound):
    with pytest.raises(ValueError, match="positive"):
        Rng(seed_state(1)).below(bound)


def test_below_one_is_always_zero_and_between_includes_both_ends():
    rng = Rng(seed_state(3))
    assert {rng.below(1) for _ in range(20)} == {0}
    seen = {rng.between(4, 6) for _ in range(200)}
    assert seen == {4, 5, 6}
    assert {rng.d6() for _ in range(300)} == {1, 2, 3, 4, 5, 6}


def test_between_maps_each_draw_to_one_value():
    # between(low, high) is low + below(high - low + 1): a draw of 0 gives low, 2 gives high.
    assert Rng([5, words_drawing(0)[0], 6, 7]).between(10, 12) == 10
    assert Rng([5, words_drawing(2)[0], 6, 7]).between(10, 12) == 12
    assert Rng([5, words_drawing(1)[0], 6, 7]).between(-1, 1) == 0


def test_choice_and_fork_seed_draw_one_word():
    rng = Rng([5, words_drawing(7)[0], 6, 7])
    assert rng.choice(["a", "b", "c"]) == "b"  # 7 % 3
    assert Rng([5, words_drawing(12345)[0], 6, 7]).fork_seed() == 12345


def test_shuffle_is_fisher_yates_from_the_end():
    # The last place takes index below(n); then the next-to-last below(n - 1); ...
    items = ["a", "b", "c"]
    rng = Rng(seed_state(11))
    expected = list(items)
    probe = Rng(list(rng.s))
    for i in range(len(expected) - 1, 0, -1):
        j = probe.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    rng.shuffle(items)
    assert items == expected
    assert rng.s == probe.s  # n - 1 draws, none for the first place
    single = ["x"]
    before = list(rng.s)
    rng.shuffle(single)
    assert single == ["x"] and rng.s == before


def test_every_permutation_of_three_comes_up():
    seen = set()
    rng = Rng(seed_state(2))
    for _ in range(300):
        items = [1, 2, 3]
        rng.shuffle(items)
        seen.add(tuple(items))
    assert len(seen) == 6


def test_a_prng_state_is_four_words():
    for n in (3, 5):
        with pytest.raises(ValueError, match="four"):
            Rng([1] * n)


def test_seeds_use_all_their_bits_and_never_give_all_zero_words():
    assert seed_state(1) != seed_state(1 + (1 << 32))  # the high half of a seed counts
    assert seed_state(5) != seed_state(6)
    for seed in (0, -1, 1 << 40, -(1 << 61)):
        words_ = seed_state(seed)
        assert len(words_) == 4 and any(words_)
        assert all(0 <= w <= MASK32 for w in words_)


def test_the_rotation_and_mixing_steps_stay_32_bit():
    assert prng._rotl(0x80000000, 1) == 1
    assert prng._rotl(1, 31) == 0x80000000
    assert prng._rotl(0x12345678, 8) == 0x34567812
    x, z = prng._splitmix32(0)
    assert x == 0x9E3779B9 and 0 <= z <= MASK32


# --- states ------------------------------------------------------------------------------------

def test_clone_copies_every_level_and_changes_nothing_shared():
    original = {"a": [1, {"b": [2, 3]}], "c": {"d": None}, "e": "text", "f": True}
    copy = state.clone(original)
    assert copy == original
    copy["a"][1]["b"].append(4)
    copy["c"]["d"] = 1
    assert original == {"a": [1, {"b": [2, 3]}], "c": {"d": None}, "e": "text", "f": True}


@pytest.mark.parametrize("value", [None, True, 0, -3, "x", [], {}, [1, [None, "a"]], {"k": {"j": [False]}}])
def test_json_values_are_json(value):
    assert state.is_json(value)


@pytest.mark.parametrize("value", [1.5, [1, 2.0], {"k": 0.1}, {1: "a"}, (1, 2), {"k": {3}}, [object()]])
def test_floats_tuples_sets_and_non_text_keys_are_not_json(value):
    assert not state.is_json(value)


# --- English -------------------------------------------------------------------------------------

def test_lists_read_as_english():
    assert words.and_list([]) == ""
    assert words.and_list(["Ann"]) == "Ann"
    assert words.and_list(["Ann", "Bob"]) == "Ann and Bob"
    assert words.and_list(iter(["Ann", "Bob", "Cy"])) == "Ann, Bob and Cy"
    assert words.and_list(["A", "B", "C", "D"]) == "A, B, C and D"
    assert words.or_list(["red", "blue", "green"]) == "red, blue or green"


def test_one_is_singular_and_every_other_count_plural():
    assert words.plural(1, "player") == "1 player"
    assert words.plural(0, "move") == "0 moves"
    assert words.plural(2, "die", "dice") == "2 dice"
    assert words.plural(1, "die", "dice") == "1 die"
    assert words.noun(-1, "card") == "cards"
    assert words.noun(2, "card", "") == ""  # an explicit plural form is used even when empty
    assert words.verb(1, "is", "are") == "is"
    assert words.verb(0, "is", "are") == "are"
    assert words.verb(2, "is", "are") == "are"


# --- events --------------------------------------------------------------------------------------

@pytest.mark.parametrize("t", ["roll", "shuffle", "reveal"])
def test_a_roll_a_shuffle_or_a_reveal_is_a_barrier(t):
    assert ev.is_barrier([{"t": "move"}, {"t": t}])


def test_other_events_are_barriers_only_when_they_say_so():
    assert not ev.is_barrier([])
    assert not ev.is_barrier([{"t": "move"}, {"t": "score", "barrier": False}])
    assert ev.is_barrier([{"t": "move", "barrier": True}])


def test_the_events_helpers_record_what_they_did():
    rng = Rng(seed_state(9))
    probe = Rng(list(rng.s))
    events = ev.Events()
    added = events.add("claim", seat=1, plan=4)
    assert added == {"t": "claim", "seat": 1, "plan": 4} and events[-1] is added
    value = events.roll(rng, 6, seat=0, why="move")
    assert value == probe.between(1, 6)
    assert events[-1] == {"t": "roll", "sides": 6, "value": value, "seat": 0, "why": "move"}
    index = events.draw_below(rng, 5, why="target")
    assert index == probe.below(5)
    assert events[-1] == {"t": "roll", "sides": 5, "value": index + 1, "why": "target"}
    pile = [1, 2, 3, 4]
    events.shuffle(rng, pile, "deck", seat=2)
    expected = [1, 2, 3, 4]
    probe.shuffle(expected)
    assert pile == expected and events[-1] == {"t": "shuffle", "zone": "deck", "seat": 2}
    shown = events.reveal(zone="picks", what=[3])
    assert shown == {"t": "reveal", "zone": "picks", "what": [3]}
    assert [e["t"] for e in events] == ["claim", "roll", "roll", "shuffle", "reveal"]


def test_a_roll_covers_every_face_and_only_those():
    rng = Rng(seed_state(4))
    faces = {ev.Events().roll(rng, 4) for _ in range(200)}
    assert faces == {1, 2, 3, 4}
    picks = {ev.Events().draw_below(rng, 3) for _ in range(200)}
    assert picks == {0, 1, 2}


def test_the_phrasebook_skips_silent_events_and_joins_with_spaces():
    book = {"a": lambda e: "One.", "b": lambda e: None, "c": lambda e: "", "d": lambda e: f"Two {e['n']}."}
    assert ev.phrase([{"t": "a"}, {"t": "b"}, {"t": "c"}, {"t": "d", "n": 2}], book) == "One. Two 2."
    assert ev.phrase([], book) == ""
    with pytest.raises(KeyError, match="'zz'"):
        ev.phrase([{"t": "a"}, {"t": "zz"}], book)


def test_the_phrasebook_tells_what_followed_a_move_after_it_in_rank_order():
    book = {"move": lambda e: "Ann builds.", "roll": lambda e: "the dice are rolled",
            "over": lambda e: "the game is over", "quiet": lambda e: None}
    after = {"roll": 0, "over": 1}
    events = [{"t": "over"}, {"t": "move"}, {"t": "quiet"}, {"t": "roll"}]
    assert ev.phrase(events, book, after) == "Ann builds.; the dice are rolled; the game is over"
    assert ev.phrase([{"t": "move"}], book, after) == "Ann builds."
    assert ev.phrase([{"t": "roll"}], book, after) == "; the dice are rolled"
    with pytest.raises(KeyError, match="'zz'"):
        ev.phrase([{"t": "move"}, {"t": "zz"}], book, {"zz": 0})
