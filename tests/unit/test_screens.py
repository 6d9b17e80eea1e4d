"""Page screens are pure HTML builders: names are escaped, results explain tie-breaks,
team outcomes show their ending, setup forms follow the game's spec."""

from html import escape

from tabletown.engine.rules import make_outcome
from tabletown.web import catalog, screens

EVIL = '<img src=x onerror="alert(1)">'


def saves(names):
    return [{"id": "a", "game": "tavern-tussle", "title": "Tavern Tussle", "names": names, "moves": 3, "updated": 1,
             "over": False}]


def test_saved_game_list_escapes_player_names():
    html = screens.picker(catalog.specs(), saves([EVIL, "Bob"]), [], [])
    assert EVIL not in html and escape(EVIL) in html


def test_picker_marks_games_that_are_not_playable_yet_as_coming():
    html = screens.picker(catalog.specs(), [], [], [])
    for spec in catalog.specs():
        assert escape(spec.title) in html
    assert html.count("Coming soon") == sum(1 for s in catalog.specs() if not s.ready)
    assert len(catalog.specs()) == 5


def test_the_built_picker_shell_and_the_full_picker_differ_only_in_the_saves():
    # The page's HTML carries the shell; Python fills the same slots, so nothing moves.
    shell = screens.picker_shell()
    full = screens.picker(catalog.specs(), [], [], [])
    assert shell.replace('data-key=""', "") == full.replace('data-key=""', "")
    with_saves = screens.picker(catalog.specs(), saves(["Ann"]), [], [])
    assert with_saves.split('<section class="saves"')[0] == shell.split('<section class="saves"')[0]
    assert 'data-key="a:1"' in with_saves


def test_save_rows_show_the_summary_status_or_the_move_count():
    row = screens.save_rows([dict(saves(["Ann"])[0], status="Round 2 of 3")])
    assert "Round 2 of 3" in row and "3 moves" not in row
    assert "3 moves" in screens.save_rows(saves(["Ann"]))
    assert "finished" in screens.save_rows([dict(saves(["Ann"])[0], over=True, status="Round 3 of 3")])


def test_broken_saves_are_listed_with_their_reason():
    html = screens.picker(catalog.specs(), [], [{"id": "x<1>", "reason": "it is not a Tabletown save"}], [EVIL])
    assert "it is not a Tabletown save" in html and "x&lt;1&gt;" in html and EVIL not in html


def test_results_table_explains_every_tiebreak_with_escaped_names():
    outcome = make_outcome([10, 10, 4], [(10, 2, 0), (10, 1, 0), (4, 0, 0)], ["", "more Luck", "fewer cards"])
    html = screens.results(outcome, [escape(EVIL), "Bob", "Cy"])
    assert "more Luck" in html and EVIL not in html
    assert html.index(escape(EVIL)) < html.index("Bob")
    assert "Final scores" in html and "Place" in html


def test_team_results_show_the_verdict_the_ending_and_what_it_unlocked():
    won = {"kind": "team", "won": True, "ending": "e7", "title": "The Ruffians ride out", "text": "{seat0} rings the bell.",
           "winners": [0, 1], "scores": [0, 0], "places": [1, 1], "details": [{}, {}], "columns": [],
           "unlocks": ["Mayor Maud", "The Old Mill"]}
    html = screens.results(won, ["Ann", "{seat0}"])
    assert "You won together" in html and "The Ruffians ride out" in html
    assert "Ann rings the bell." in html
    assert "Mayor Maud" in html and "The Old Mill" in html
    assert "Place" not in html and "★ winner" not in html
    lost = dict(won, won=False, winners=[], unlocks=[])
    assert "You lost together" in screens.results(lost, ["Ann", "Bob"])
    assert "Unlocked" not in screens.results(lost, ["Ann", "Bob"])


def test_handoff_and_alert_are_escaped_and_accessible():
    assert 'role="dialog"' in screens.handoff(escape(EVIL)) and EVIL not in screens.handoff(escape(EVIL))
    alert = screens.alert(EVIL)
    assert 'role="alert"' in alert and EVIL not in alert


def test_setup_form_offers_each_option_and_every_bot_level():
    spec = catalog.setup_of("tavern-tussle")
    html = screens.setup(spec)
    for opt in spec.options:
        assert f'name="opt-{opt.name}"' in html
    for level in spec.bots:
        assert f'value="bot:{level}"' in html


def test_setup_form_says_which_player_counts_an_option_is_for():
    spec = catalog.setup_of("tavern-tussle")
    html = screens.setup(spec)
    limited = [o for o in spec.options if o.for_seats]
    assert limited
    assert "With 3 or 4 players only." in html
    tumble = screens.setup(catalog.setup_of("tumble-town"))
    assert "With 1 player only." in tumble and "With 1 players" not in tumble


def test_the_ask_when_able_choice_warns_that_it_lets_others_guess():
    spec = catalog.setup_of("tavern-tussle")
    assert "Ask me only when I can respond" not in screens.setup(spec)
    reacting = catalog.Setup(spec.spec, reactions=True)
    html = screens.setup(reacting)
    assert html.count('name="ask') == reacting.seats[1]
    assert "lets others guess what you hold" in html


def test_campaigns_are_listed_with_export_and_import_on_the_setup_screen():
    import dataclasses

    spec = catalog.Setup(dataclasses.replace(catalog.find("tavern-tussle"), campaign=True))
    html = screens.setup(spec, [{"id": "earps-1", "name": "Earps <vs> Cowboys"}])
    assert "Continue Earps &lt;vs&gt; Cowboys" in html and "<vs>" not in html
    assert 'data-action="export-campaign" data-campaign="earps-1"' in html
    assert 'id="campaign-import"' in html
    assert 'value="new"' in html and "A new campaign" in html
    # The campaign under way is chosen; with none, progress by player name (begun now).
    assert 'value="earps-1" form="setup-form" checked' in html
    fresh = screens.setup(spec, [])
    assert 'value="progress" form="setup-form" checked' in fresh
    ongoing = screens.setup(spec, [{"id": "progress", "name": "Progress by player name"}, {"id": "earps-1"}])
    assert ongoing.count('value="progress"') == 1 and 'value="progress" form="setup-form" checked' in ongoing


def test_the_params_panel_arms_kinds_and_explains_the_keyboard_way():
    kinds = [{"kind": "point", "action": {}, "param": "to", "label": "Move <Wyatt>"},
             {"kind": "number", "action": {}, "param": "n", "label": "Bid", "min": 0, "max": 9}]
    html = screens.params_panel(kinds, 0, [100, 200])
    assert 'data-param="0" aria-pressed="true"' in html and "Move &lt;Wyatt&gt;" in html
    assert "arrow keys" in html and "(now at 100, 200)" in html
    assert 'data-param-form="1"' in html and "0–9" in html
    assert screens.params_panel([], None, None) == ""
