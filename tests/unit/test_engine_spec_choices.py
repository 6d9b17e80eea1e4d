"""The kit's typed options, as a setup form and a `#new/` link use them: a choice played only with
some seat counts, an option that counts only with another's value, the seat count a form opens at,
and refusals that say what to choose instead."""

from __future__ import annotations

import pytest

from tabletown.engine.spec import BadSetup, Choice, Flag, GameSpec, Number


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
