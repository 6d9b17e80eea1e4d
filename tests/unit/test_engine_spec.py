"""Game specs and typed options (engine/spec.py), from their docstrings and as a setup form and a
`#new/` link use them: choices, flags and numbers of exact types within inclusive bounds, defaults
filled in, seat counts checked on both sides, a choice played only with some seat counts, an option
that counts only with another's value, strict text from links, and refusals that say what to
choose instead."""

from __future__ import annotations

import pytest

from tabletown.engine.spec import BadSetup, Choice, Flag, GameSpec, Number

SPEC = GameSpec(
    id="demo", title="Demo", tagline="", seats=(1, 4),
    options=(Flag("fast", "Fast game"), Choice("deck", "Deck", ("short", "long"), "short", for_seats=(3, 4)),
             Number("rounds", "Rounds", 1, 9, 3)),
)


# --- options filled in and refused ----------------------------------------------------------------

def test_options_fill_defaults_and_keep_only_canonical_values():
    assert SPEC.normalize(2, {}) == {"fast": False, "deck": "short", "rounds": 3}
    assert SPEC.normalize(3, {"deck": "long", "rounds": 9}) == {"fast": False, "deck": "long", "rounds": 9}


@pytest.mark.parametrize("options, message", [
    ({"fast": 1}, "Fast game"),            # 1 == True in Python, but not a JSON bool
    ({"rounds": 3.0}, "Rounds"),           # 3.0 == 3 in Python
    ({"rounds": True}, "Rounds"),
    ({"rounds": 0}, "Rounds"), ({"rounds": 10}, "Rounds"),   # either side of 1..9
    ({"deck": "long"}, "not available with 2"),
    ({"colour": "red"}, "Unknown option"),
])
def test_options_of_the_wrong_type_or_value_are_refused(options, message):
    with pytest.raises(BadSetup, match=message):
        SPEC.normalize(2, options)


def test_option_bounds_are_inclusive():
    assert SPEC.normalize(2, {"rounds": 1})["rounds"] == 1 and SPEC.normalize(2, {"rounds": 9})["rounds"] == 9


def test_options_from_text_follow_strict_patterns():
    assert SPEC.parse_link_options(3, {"fast": "true", "rounds": "4", "deck": "long"}) == {"fast": True, "deck": "long", "rounds": 4}
    for bad in ({"rounds": "²"}, {"rounds": "4.0"}, {"rounds": "1" * 100}, {"fast": "perhaps"}, {"deck": "LONG"}):
        with pytest.raises(BadSetup):
            SPEC.parse_link_options(3, bad)


def test_seat_counts_are_checked_on_both_sides():
    SPEC.check_seats(1)
    SPEC.check_seats(4)
    for n in (0, 5):
        with pytest.raises(BadSetup, match="1–4 players"):
            SPEC.check_seats(n)


# --- typed options --------------------------------------------------------------------------------

def full_spec(**kw):
    return GameSpec(id="g", title="Game", tagline="", seats=(2, 4), options=(
        Choice("town", "Town", ("easy", "hard"), "easy", labels=("Easy town", "Hard town")),
        Choice("tricks", "Tricks", (1, 2, 3), 3),
        Flag("surplus", "Surplus", default=False, for_seats=(2, 3)),
        Number("mission", "Mission", 0, 10, default=0),
    ), **kw)


def test_a_choice_knows_its_labels_and_values_by_exact_type():
    town = full_spec().option("town")
    assert town.label_of("hard") == "Hard town" and town.index_of("hard") == 1
    tricks = full_spec().option("tricks")
    assert tricks.label_of(2) == "2"
    assert tricks.accepts(2) and not tricks.accepts(True) and not tricks.accepts(2.0) and not tricks.accepts("2")
    with pytest.raises(ValueError):
        tricks.index_of(True)
    assert tricks.from_text("2") == 2
    with pytest.raises(BadSetup, match="Tricks.*1, 2, 3"):
        tricks.from_text("4")
    with pytest.raises(ValueError, match="default"):
        Choice("x", "X", (1, 2), 3)


def test_a_flag_reads_the_usual_words_and_only_bools():
    flag = Flag("f", "Fast")
    assert flag.choices == (False, True)
    assert flag.label_of(True) == "On" and flag.label_of(False) == "Off"
    assert flag.accepts(True) and flag.accepts(False) and not flag.accepts(1) and not flag.accepts(None)
    for word in ("true", "1", "yes", "on", "ON"):
        assert flag.from_text(word) is True
    for word in ("false", "0", "no", "off", "No"):
        assert flag.from_text(word) is False
    with pytest.raises(BadSetup, match="Fast.*true or false"):
        flag.from_text("maybe")


def test_a_number_takes_whole_numbers_within_its_bounds_inclusive():
    num = Number("m", "Mission", 2, 5, default=2)
    assert num.choices == (2, 3, 4, 5) and num.label_of(4) == "4"
    assert num.accepts(2) and num.accepts(5) and not num.accepts(1) and not num.accepts(6)
    assert not num.accepts(True) and not num.accepts(3.0)
    assert num.from_text("5") == 5 and num.from_text("2") == 2
    for bad in ("6", "1", "x", "3.0", "", "1234567890"):
        with pytest.raises(BadSetup, match="whole number from 2 to 5"):
            num.from_text(bad)
    assert Number("t", "T", -3, 3, default=0).from_text("-3") == -3


def test_seat_counts_are_checked_on_both_sides_and_on_the_bounds():
    spec = full_spec()
    for ok in (2, 4):
        spec.check_seats(ok)
    for bad in (1, 5):
        with pytest.raises(BadSetup, match="2–4 players, not %d" % bad):
            spec.check_seats(bad)
    solo = GameSpec(id="s", title="Solo", tagline="", seats=(1, 1))
    with pytest.raises(BadSetup, match="played by 1 player, not 2: leave out 1 seat"):
        solo.check_seats(2)


def test_normalize_fills_defaults_and_refuses_unknown_or_unoffered_values():
    spec = full_spec()
    assert spec.normalize(2, None) == {"town": "easy", "tricks": 3, "surplus": False, "mission": 0}
    assert spec.normalize(3, {"surplus": True})["surplus"] is True
    # not offered with 4 players: the default is kept, another value refused
    assert spec.normalize(4, {"surplus": False})["surplus"] is False
    with pytest.raises(BadSetup, match="not available with 4 players"):
        spec.normalize(4, {"surplus": True})
    with pytest.raises(BadSetup, match="Mission.*cannot be 11"):
        spec.normalize(2, {"mission": 11})
    with pytest.raises(BadSetup, match="Unknown option: colour, size"):
        spec.normalize(2, {"size": 1, "colour": "red"})
    assert [o.name for o in spec.offered_options(4)] == ["town", "tricks", "mission"]
    assert [o.name for o in spec.offered_options(2)] == ["town", "tricks", "surplus", "mission"]


def test_link_options_are_parsed_strictly_then_normalized():
    spec = full_spec()
    assert spec.parse_link_options(2, {"tricks": " 2 ", "surplus": "yes"})["tricks"] == 2
    with pytest.raises(BadSetup, match="Unknown option: size"):
        spec.parse_link_options(2, {"size": "1"})
    with pytest.raises(BadSetup, match="too long"):
        spec.parse_link_options(2, {"town": "e" * 41})
    assert spec.parse_link_options(2, {"town": "hard" + " " * 36})["town"] == "hard"  # 40 characters
    with pytest.raises(BadSetup, match="too long"):
        spec.parse_link_options(2, {"town": None})


def test_long_values_in_messages_are_cut_to_thirty_characters():
    spec = full_spec()
    with pytest.raises(BadSetup) as err:
        spec.normalize(2, {"town": "x" * 31})
    assert str(err.value) == "“Town” cannot be " + "x" * 27 + "…: it must be one of easy, hard."
    with pytest.raises(BadSetup) as err:
        spec.normalize(2, {"town": "y" * 30})
    assert str(err.value) == "“Town” cannot be " + "y" * 30 + ": it must be one of easy, hard."


def test_a_spec_plays_its_own_version_and_the_ones_it_replays():
    spec = full_spec(rules_version=3, replays=(1,))
    assert spec.plays_version(3) and spec.plays_version(1)
    assert not spec.plays_version(2) and not spec.plays_version(True) and not spec.plays_version(3.0)
    assert spec.option("nope") is None


# --- options on a setup form and in a link --------------------------------------------------------

def duel_spec(**kw) -> GameSpec:
    return GameSpec(id="g", title="Duel", tagline="", seats=(2, 5), seat_word="posse", options=(
        Choice("scenario", "Scenario", ("duel", "brawl", "siege"), "duel", labels=("A duel", "A brawl", "A siege"),
               choice_seats=((2,), (), (3, 4))),
        Choice("table", "Table", ("town", "wash"), "town", only_with=("scenario", ("brawl", "siege"))),
        Flag("fast", "Fast", only_with=("rounds", (1,))),
        Number("rounds", "Rounds", 1, 9, default=3),
    ), **kw)


def test_the_form_opens_at_the_most_seats_up_to_four_where_every_default_is_played():
    assert duel_spec().default_seats == 2  # "A duel" is for two
    free = GameSpec(id="f", title="Free", tagline="", seats=(2, 5),
                    options=(Choice("scenario", "Scenario", ("duel", "brawl"), "brawl", choice_seats=((2,), ())),))
    assert free.default_seats == 4
    assert GameSpec(id="s", title="Solo", tagline="", seats=(1, 2)).default_seats == 2
    assert GameSpec(id="b", title="Big", tagline="", seats=(5, 6)).default_seats == 5
    nowhere = GameSpec(id="n", title="N", tagline="", seats=(2, 4),
                       options=(Choice("x", "X", ("a", "b"), "a", choice_seats=((5,), ())),))
    assert nowhere.default_seats == 2  # no count plays the default: the fewest seats


def test_a_choice_not_played_with_the_seats_gives_way_to_the_first_that_is():
    spec = duel_spec()
    scenario = spec.option("scenario")
    assert spec.default_for(scenario, 2) == "duel"
    assert spec.default_for(scenario, 3) == "brawl"
    assert spec.normalize(3, {})["scenario"] == "brawl"
    assert spec.normalize(2, {})["scenario"] == "duel"
    assert [c for c in scenario.choices if scenario.offered_at(c, 5)] == ["brawl"]
    assert scenario.offered_at("siege", 3) and scenario.offered_at("siege", 4) and not scenario.offered_at("siege", 2)


def test_a_choice_given_for_the_wrong_seats_is_refused_with_what_to_choose():
    with pytest.raises(BadSetup) as err:
        duel_spec().normalize(3, {"scenario": "duel"})
    assert str(err.value) == ("“Scenario”: “A duel” is played by 2 posses, not 3: choose “A brawl” or “A siege”, "
                              "or change the number of seats.")
    with pytest.raises(BadSetup, match="“A siege” is played by 3 or 4 posses, not 5: choose “A brawl”"):
        duel_spec().normalize(5, {"scenario": "siege"})


def test_choice_seats_must_name_every_choice():
    with pytest.raises(ValueError, match="one entry of choice_seats for each choice"):
        Choice("x", "X", ("a", "b"), "a", choice_seats=((2,),))


def test_an_option_counts_only_with_the_value_it_names_of_exactly_that_type():
    spec = duel_spec()
    table, fast = spec.option("table"), spec.option("fast")
    assert not spec.applies(table, {"scenario": "duel"}) and spec.applies(table, {"scenario": "siege"})
    assert spec.applies(fast, {"rounds": 1}) and not spec.applies(fast, {"rounds": True})
    assert spec.applies(spec.option("rounds"), {})


def test_a_link_that_gives_an_option_that_does_not_count_is_told_what_to_add():
    spec = duel_spec()
    assert spec.parse_link_options(3, {"table": "wash"})["table"] == "wash"  # a brawl: the table counts
    with pytest.raises(BadSetup) as err:
        spec.parse_link_options(2, {"table": "wash"})
    assert str(err.value) == ("“Table” counts only when “Scenario” is “A brawl” or “A siege”: add scenario=brawl or "
                              "scenario=siege, or leave it out.")
    # A record may hold it: normalize keeps what the game ignores (saved games stay valid).
    assert spec.normalize(2, {"table": "wash"})["table"] == "wash"


def test_seat_counts_out_of_range_say_what_to_do():
    spec = duel_spec()
    with pytest.raises(BadSetup, match="Duel is played by 2–5 posses, not 1: add 1 seat \\(a bot can play any seat\\)."):
        spec.check_seats(1)
    with pytest.raises(BadSetup, match="not 8: leave out 3 seats."):
        spec.check_seats(8)
    with pytest.raises(BadSetup, match="not 1: to play alone, choose 3 and Solo."):
        duel_spec(solo_hint="to play alone, choose 3 and Solo").check_seats(1)
    with pytest.raises(BadSetup, match="not 6: leave out 1 seat."):
        duel_spec(solo_hint="to play alone, choose 3 and Solo").check_seats(6)


def test_an_unknown_option_is_answered_with_the_nearest_name_or_the_list():
    with pytest.raises(BadSetup, match="Unknown option: scenaro. Did you mean “scenario”\\?"):
        duel_spec().normalize(2, {"scenaro": "duel"})
    with pytest.raises(BadSetup, match="Unknown option: colour. The options of Duel are scenario, table, fast and rounds."):
        duel_spec().normalize(2, {"colour": "red"})
    with pytest.raises(BadSetup, match="Duel has no options: leave it out."):
        GameSpec(id="g", title="Duel", tagline="", seats=(2, 2)).normalize(2, {"colour": "red"})


def test_the_seat_word_in_its_number():
    spec = duel_spec()
    assert (spec.seat_noun(1), spec.seat_noun(2)) == ("posse", "posses")
    folk = GameSpec(id="t", title="T", tagline="", seats=(2, 4), seat_word="townsfolk")
    assert (folk.seat_noun(1), folk.seat_noun(3)) == ("townsfolk", "townsfolk")
    assert GameSpec(id="p", title="P", tagline="", seats=(2, 4)).seat_noun(2) == "players"
