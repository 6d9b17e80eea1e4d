"""The PRNG (engine/prng.py), from its docstring: the sequence is part of the save format, so the
pinned numbers below must never change; then each draw at its boundaries, shuffles and seeds."""

import pytest

from tabletown.engine import prng
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


# --- the pinned sequence -------------------------------------------------------------------------

def test_golden_sequence_is_pinned():
    rng = Rng(seed_state(42))
    assert [rng.next_u32() for _ in range(6)] == GOLDEN_42


def test_derived_draws_are_pinned():
    rng = Rng(seed_state(7))
    deck = list(range(10))
    rng.shuffle(deck)
    assert deck == GOLDEN_SHUFFLE_7
    assert [rng.d6() for _ in range(8)] == GOLDEN_D6_7


def test_state_is_json_words_and_advances_in_place():
    words = seed_state(1)
    assert len(words) == 4 and all(0 <= w < 2**32 for w in words)
    before = list(words)
    Rng(words).next_u32()
    assert words != before


def test_below_is_in_range_and_roughly_uniform():
    rng = Rng(seed_state(3))
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(800 < c < 1200 for c in counts)


def test_large_and_negative_seeds_are_accepted():
    assert seed_state(2**40 + 5) != seed_state(5)
    assert len(seed_state(-1)) == 4


GOLDEN_42 = [2837322924, 544945897, 479756282, 3500138142, 339756180, 113173290]
GOLDEN_SHUFFLE_7 = [3, 9, 6, 5, 4, 7, 2, 1, 8, 0]
GOLDEN_D6_7 = [3, 5, 1, 1, 4, 5, 6, 1]


# --- each draw at its boundaries -----------------------------------------------------------------

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
