"""Every game's setup form, read as a player reads it: pressed at once, its defaults start a game;
options that do not count are hidden and choices the seats cannot play are greyed; and every
refusal of a form or a `#new/` link says what to choose or write instead."""

from __future__ import annotations

import re

import pytest

from tabletown import games
from tabletown.engine.codec import parse_new_game
from tabletown.engine.session import RecordError, Session, new_record
from tabletown.engine.spec import BadSetup
from tabletown.web import catalog, screens


def form(game_id: str) -> str:
    return screens.setup(catalog.setup_of(game_id), [])


def chosen_seats(html: str) -> int:
    select = re.search(r'<select name="seats">(.*?)</select>', html).group(1)
    return int(re.search(r'<option value="(\d+)" selected>', select).group(1))


def shown_options(html: str) -> dict[str, str]:
    """The options a player sees and may change, with the value the form shows (tick boxes
    "true"/"false"): hidden options and greyed ones (for other seat counts) are left out."""
    values = {}
    for classes, attrs, block in re.findall(r'<div class="option([^"]*)"([^>]*)>(.*?)</div>', html):
        if "unavailable" in classes or "hidden" in attrs:
            continue
        box = re.search(r'<input type="checkbox" name="opt-([a-z0-9_]+)"( checked)?', block)
        if box:
            values[box.group(1)] = "true" if box.group(2) else "false"
            continue
        name = re.search(r'<select name="opt-([a-z0-9_]+)">', block).group(1)
        values[name] = re.search(r'<option value="([^"]*)" selected', block).group(1)
    return values


def seat_kinds(html: str, count: int) -> list[dict]:
    kinds = []
    for i in range(count):
        select = re.search(rf'<select name="kind{i}">(.*?)</select>', html).group(1)
        value = re.search(r'<option value="([^"]*)" selected>', select).group(1)
        kinds.append({"kind": "human"} if value == "human" else {"kind": "bot", "level": value[4:]})
    return kinds


@pytest.mark.parametrize("game_id", games.ready_ids())
def test_pressing_start_at_once_starts_a_game(game_id):
    html = form(game_id)
    seats = chosen_seats(html)
    game = games.load(game_id)
    options = game.SPEC.parse_link_options(seats, shown_options(html))
    if game.SPEC.campaign:
        options = game.RULES.campaign_options(None, [""] * seats, options)
    session = Session(game, new_record(game, seat_kinds(html, seats), options, seed=3))
    assert game.RULES.active(session.state), "the game waits for someone to act"


def test_ruthless_opens_at_dodge_city_draw_with_two_posses_and_nothing_of_a_free_gunfight():
    html = form("ruthless")
    assert chosen_seats(html) == 2
    assert shown_options(html) == {"scenario": "dodge-city", "small": "false"}
    scenario = re.search(r'<select name="opt-scenario">(.*?)</select>', html).group(1)
    assert re.search(r'<option value="dodge-city" selected>Dodge City Draw \(1881\), two posses</option>', scenario)


def test_ruthless_with_more_posses_turns_to_a_free_gunfight_and_shows_its_table_and_posses():
    spec = games.BY_ID["ruthless"]
    for seats in (3, 4):
        fields = catalog.form_state(spec, seats, {"scenario": "dodge-city"})
        assert fields["scenario"].value == "gunfight"
        assert set(fields["scenario"].closed) == {"dodge-city", "riding-shotgun", "campaign"}
        assert all(fields[n].shown for n in ("table", "posse1", "posse2", "posse3", "posse4"))
    two = catalog.form_state(spec, 2, {"scenario": "gunfight"})
    assert two["scenario"].value == "gunfight" and two["scenario"].closed == ()
    assert two["posse2"].shown and two["posse3"].shown and not two["posse3"].offered  # greyed: "With 3 or 4 posses only"
    for scenario in ("dodge-city", "riding-shotgun", "campaign"):
        fields = catalog.form_state(spec, 2, {"scenario": scenario})
        assert [n for n, f in fields.items() if f.shown] == ["scenario", "small"], scenario


def test_a_form_value_it_never_offered_falls_back_to_the_default():
    fields = catalog.form_state(games.BY_ID["torches-and-pitchforks"], 3, {"target": "25"})
    assert fields["target"].value == 30


def test_tavern_tussle_greys_the_orders_of_play_its_players_cannot_have():
    spec = games.BY_ID["tavern-tussle"]
    two = catalog.form_state(spec, 2, {"youngest": "2143"})
    assert two["youngest"].value == 1, "a four-player order gives way to the default"
    assert "2" not in two["youngest"].closed and "3" in two["youngest"].closed and "132" in two["youngest"].closed
    four = catalog.form_state(spec, 4, {"youngest": "2143"})
    assert four["youngest"].value == 2143 and "132" in four["youngest"].closed and "4" not in four["youngest"].closed


def test_tumble_town_hides_what_its_solo_mode_and_missions_leave_out():
    spec = games.BY_ID["tumble-town"]
    surveyor = catalog.form_state(spec, 1, {"mode": "sole-surveyor"})
    assert not surveyor["difficulty"].shown  # the Sole Surveyor has no Outlaw
    assert catalog.form_state(spec, 1, {"mode": "no-outlaw"})["difficulty"].shown
    assert not catalog.form_state(spec, 1, {})["mission_hard"].shown  # no mission, no Hard Mode
    assert catalog.form_state(spec, 1, {"mission": "4"})["mission_hard"].shown
    each = catalog.form_state(spec, 3, {"mission": "next"})
    assert not each["mission_seat2"].shown and not each["mission_seat3"].shown
    assert catalog.form_state(spec, 3, {"mission": "2"})["mission_seat3"].shown


def test_the_form_says_its_mistakes_beside_start_in_an_alert_slot():
    html = form("tumble-town")
    slot = html.index('id="setup-alerts"')
    assert slot < html.index('data-action="start"') < slot + 400
    assert "novalidate" in html, "the page's own message, not the browser's, tells a bad seed"


# --- every refusal names the fix ------------------------------------------------------------

@pytest.mark.parametrize("link, says", [
    ("#new/townsfolk-tussle?seats=human",
     "Townsfolk Tussle is played by 2–4 townsfolk, not 1: to play alone, choose 3 townsfolk and the Solo variant."),
    ("#new/townsfolk-tussle?seats=human,bot,bot,bot,bot", "Townsfolk Tussle is played by 2–4 townsfolk, not 5: leave out 1 seat."),
    ("#new/ruthless?seats=human", "Ruthless is played by 2–4 posses, not 1: add 1 seat (a bot can play any seat)."),
    ("#new/ruthless?seats=human,bot,bot&scenario=dodge-city",
     "“Scenario”: “Dodge City Draw (1881), two posses” is played by 2 posses, not 3: choose "
     "“A free gunfight, two to four posses”, or change the number of seats."),
    ("#new/ruthless?seats=human,bot&table=wash",
     "“Table for a free gunfight” counts only when “Scenario” is “A free gunfight, two to four posses”: "
     "add scenario=gunfight, or leave it out."),
    ("#new/ruthless?seats=human,bot&scenaro=gunfight", "Unknown option: scenaro. Did you mean “scenario”?"),
    ("#new/torches-and-pitchforks?seats=human,bot&colour=red",
     "Unknown option: colour. The options of Torches & Pitchforks are target."),
    ("#new/ruthless?seats=human,bot&Scenario=gunfight", "The link has an unknown part “Scenario”: a new-game link has "
     "seats, names, seed and the options of Ruthless: scenario, table, posse1, posse2, posse3, posse4, small."),
    ("#new/tavern-tussle?seats=human,bot&advanced=true",
     "“Advanced Variant” is not available with 2 players: it is for 3 or 4 players. Leave it out, or change the number of seats."),
    ("#new/tavern-tussle?seats=human,bot&youngest=132", "choose “Player 1 youngest, then left” or “Player 2 youngest, then left”"),
    ("#new/torches-and-pitchforks?seats=human,bot&target=25", "“Winning score” must be one of 20, 30, 40."),
    ("#new/tumble-town?seats=human&mode=sole-surveyor&difficulty=hard", "add mode=outlaw or mode=no-outlaw, or leave it out."),
    ("#new/tumble-town?seats=human,robot", "Seat 2 must be “human”, “bot” or “remote” (a player on another device), not “robot”: write human, remote, bot, bot:easy, bot:hard or bot:expert."),
    ("#new/tumble-town?seats=human:hard", "Only bots have a level (seat 1): write human, or a bot with its level, bot:easy, bot:hard or bot:expert."),
    ("#new/tumble-town?seats=human&names=Ann,Bob",
     "The link gives more names than seats (2 names, 1 seat): give one name a seat, in the same order, or add seats."),
    ("#new/tumble-town?seats=human&seed=x", "The seed must be a whole number of up to 18 digits, e.g. seed=7; leave it out for a new shuffle."),
    ("#new/tumble-town", "The link must say who plays, one word a seat: e.g. seats=human,bot."),
    ("#new/ruthless?seats=human&seats=bot", "The link gives “seats” twice: give it once."),
    ("#new/chess?seats=human", "There is no game called “chess” in Tabletown: check the link's spelling, or choose a game"),
    ("#new/" + "?seats=" + "x" * 2000, "far too long (more than 2000 characters): start the game from its setup screen instead."),
])
def test_a_bad_new_game_link_says_what_to_write_instead(link, says):
    with pytest.raises(RecordError) as err:
        parse_new_game(link, games.LIBRARY)
    assert says in str(err.value)


def test_a_ruthless_posse_not_saved_here_says_what_to_choose():
    game = games.load("ruthless")
    options = game.SPEC.normalize(2, {"scenario": "gunfight", "posse1": "saved-1"})
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    with pytest.raises(RecordError, match="Choose a ready-made posse, or build one in the posse editor"):
        Session(game, new_record(game, seats, options, seed=1, campaign=game.RULES.campaign_snapshot({}, options)))


def test_an_option_given_the_wrong_json_value_says_what_it_must_be():
    spec = games.BY_ID["tumble-town"]
    with pytest.raises(BadSetup, match="“Mission Mode” cannot be 11: it must be one of 0, 1, .*, 10, next."):
        spec.normalize(2, {"mission": 11})


@pytest.mark.parametrize("game_id", games.ready_ids())
def test_at_every_number_of_seats_what_the_form_shows_starts_a_game(game_id):
    """The player changes only the number of seats: the options the form then shows make a game."""
    game = games.load(game_id)
    spec = game.SPEC
    low, high = spec.seats
    for seats in range(low, high + 1):
        fields = catalog.form_state(spec, seats, {})
        texts = {n: ("true" if f.value else "false") if isinstance(f.value, bool) else str(f.value)
                 for n, f in fields.items() if f.offered and f.shown}
        options = spec.parse_link_options(seats, texts)
        if spec.campaign:
            options = game.RULES.campaign_options(None, [""] * seats, options)
        kinds = [{"kind": "human"}] + [{"kind": "bot", "level": spec.bots[0]}] * (seats - 1)
        session = Session(game, new_record(game, kinds, options, seed=seats))
        assert game.RULES.active(session.state), (game_id, seats)
