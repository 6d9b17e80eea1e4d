"""Page screens are pure HTML builders: names are escaped, results explain tie-breaks."""

from html import escape

from tabletown import games
from tabletown.engine.rules import make_outcome
from tabletown.web import screens

EVIL = '<img src=x onerror="alert(1)">'


def test_saved_game_list_escapes_player_names():
    html = screens.picker(games.SPECS, [{"id": "a", "game": "tavern-tussle", "title": "Tavern Tussle",
                                           "names": [EVIL, "Bob"], "moves": 3, "updated": 1, "over": False}], [], [])
    assert EVIL not in html and escape(EVIL) in html


def test_picker_marks_games_that_are_not_playable_yet_as_coming():
    html = screens.picker(games.SPECS, [], [], [])
    for entry in games.SPECS:
        assert escape(entry.title) in html
    assert html.count("Coming soon") == sum(1 for e in games.SPECS if not e.ready)


def test_broken_saves_are_listed_with_their_reason():
    html = screens.picker(games.SPECS, [], [{"id": "x<1>", "reason": "it is not a Tabletown save"}], [EVIL])
    assert "it is not a Tabletown save" in html and "x&lt;1&gt;" in html and EVIL not in html


def test_results_table_explains_every_tiebreak_with_escaped_names():
    outcome = make_outcome([10, 10, 4], [(10, 2, 0), (10, 1, 0), (4, 0, 0)], ["", "more Luck", "fewer cards"])
    html = screens.results(outcome, [escape(EVIL), "Bob", "Cy"])
    assert "more Luck" in html and EVIL not in html
    assert html.index(escape(EVIL)) < html.index("Bob")


def test_handoff_and_alert_are_escaped_and_accessible():
    assert 'role="dialog"' in screens.handoff(escape(EVIL)) and EVIL not in screens.handoff(escape(EVIL))
    alert = screens.alert(EVIL)
    assert 'role="alert"' in alert and EVIL not in alert


def test_setup_form_offers_each_option_and_every_bot_level():
    spec = games.BY_ID["tavern-tussle"]
    html = screens.setup(spec)
    for opt in spec.options:
        assert f'name="opt-{opt.name}"' in html
    for level in spec.bots:
        assert f'value="bot:{level}"' in html
