"""English lists and plurals (engine/words.py), from its docstring: one way everywhere to join
names and to put a noun or a verb in the number of its count."""

from tabletown.engine.words import and_list, noun, or_list, plural, verb


def test_lists_read_as_english():
    assert and_list([]) == ""
    assert and_list(["Ann"]) == "Ann"
    assert and_list(["Ann", "Bob"]) == "Ann and Bob"
    assert and_list(iter(["Ann", "Bob", "Cy"])) == "Ann, Bob and Cy"
    assert and_list(["A", "B", "C", "D"]) == "A, B, C and D"
    assert or_list(["red", "blue", "green"]) == "red, blue or green"


def test_one_is_singular_and_every_other_count_plural():
    assert plural(1, "player") == "1 player"
    assert plural(0, "move") == "0 moves"
    assert plural(2, "die", "dice") == "2 dice"
    assert plural(1, "die", "dice") == "1 die"
    assert noun(-1, "card") == "cards"
    assert noun(2, "card", "") == ""  # an explicit plural form is used even when empty
    assert verb(1, "is", "are") == "is"
    assert verb(0, "is", "are") == "are"
    assert verb(2, "is", "are") == "are"


def test_lists_and_plurals_read_as_english():
    assert and_list([]) == "" and and_list(["Ann"]) == "Ann" and and_list(["Ann", "Bob"]) == "Ann and Bob"
    assert and_list(["Ann", "Bob", "Cy"]) == "Ann, Bob and Cy" and or_list(["a", "b"]) == "a or b"
    assert plural(0, "player") == "0 players" and plural(1, "player") == "1 player" and plural(2, "die", "dice") == "2 dice"
    assert noun(1, "card") == "card" and verb(1, "is", "are") == "is" and verb(2, "is", "are") == "are"
