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


def test_a_game_that_lists_its_score_among_its_columns_shows_it_once_in_a_scroller_of_its_own():
    outcome = {"kind": "ranked", "winners": [1], "scores": [4, 31], "places": [2, 1], "tiebreaks": [],
               "columns": ["Score", "Monsters"], "details": [{"Score": 4, "Monsters": 1}, {"Score": 31, "Monsters": 4}]}
    html = screens.results(outcome, ["Ann", "Bob"])
    assert html.count('<th scope="col">Score</th>') == 1 and '<th scope="col">Monsters</th>' in html
    assert "<td>31</td><td>4</td></tr>" in html  # Bob: his score, then his Monsters
    scroller = html[html.index('<div class="table-scroll"'):]
    assert 'tabindex="0"' in scroller.split(">")[0] and scroller.index("<table") < scroller.index("</div>")


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
    assert "arrow keys" in html
    assert "100" not in html and "200" not in html  # a point's hundredths of an inch are no words for a player
    square = screens.params_panel([{"kind": "square", "action": {}, "param": "to", "label": "Walk"}], 0, [3, 4])
    assert "(now at 3, 4)" in square
    assert 'data-param-form="1"' in html and "0–9" in html
    assert screens.params_panel([], None, None) == ""


# --- the rules at hand, replays, the story, the guide --------------------------------------------

RULES = {
    "title": "How to play Test",
    "sections": [
        {"id": "golden", "title": "Golden Rules", "paragraphs": [
            {"id": "golden-attack", "text": "Never attack a <face-down> Taverner.", "see": ["scoring-coins"]},
        ]},
        {"id": "scoring", "title": "Scoring", "paragraphs": [
            {"id": "scoring-coins", "text": "Coins count at the end:", "items": ["One point per Coin."]},
        ]},
    ],
}


def test_the_picker_links_to_the_rules_of_each_game_that_has_them_coming_soon_or_not():
    ids = [s.id for s in catalog.specs()]
    html = screens.picker(catalog.specs(), [], [], [], rules=ids[-2:])
    for game_id in ids[-2:]:
        assert f'href="#rules/{game_id}"' in html
    for game_id in ids[:-2]:
        assert f'href="#rules/{game_id}"' not in html
    # The shell in the page's HTML and Python's picker agree, rules links and all.
    assert screens.picker_shell(rules=ids).replace('data-key=""', "") == screens.picker(
        catalog.specs(), [], [], [], rules=ids).replace('data-key=""', "")


def test_the_setup_screen_links_to_the_rules_when_there_are_some():
    setup = catalog.setup_of("tumble-town")
    assert 'href="#rules/tumble-town"' in screens.setup(setup, None, rules=True)
    assert "#rules/" not in screens.setup(setup, None, rules=False)


def test_a_rules_page_has_sections_anchored_paragraphs_items_and_see_links():
    spec = catalog.find("tumble-town")
    html = screens.rules_page(spec, {"rules": RULES, "index": {}, "guide": {"steps": []}})
    assert '<h1 id="rules-h">How to play Test</h1>' in html
    assert 'id="rule-golden-attack"' in html and 'id="rule-golden"' in html
    assert "Never attack a &lt;face-down&gt; Taverner." in html
    assert "<li>One point per Coin.</li>" in html
    assert 'See also: <a href="#rules/tumble-town/scoring-coins" data-action="rule" data-rule="scoring-coins">' in html
    assert 'href="#rules/tumble-town/golden-attack"' in html  # each paragraph's own address
    assert 'type="search"' in html and 'aria-label="Sections of the rules"' in html
    assert 'href="#setup/tumble-town"' in html  # a playable game: play it from its rules


def test_searching_the_rules_shows_only_matching_paragraphs_with_the_words_marked():
    body, note = screens.rules_body("g", RULES, "coin")
    assert "scoring-coins" in body and "rule-golden-attack" not in body
    assert "<mark>Coin</mark>s count" in body and "per <mark>Coin</mark>." in body
    assert note == "1 paragraph matches “coin”."
    body, note = screens.rules_body("g", RULES, "zebra")
    assert body == "" and note == "Nothing in the rules matches “zebra”."
    body, note = screens.rules_body("g", RULES, "<script>")
    assert "<script>" not in body + note
    body, note = screens.rules_body("g", RULES, "")
    assert note == "" and "rule-golden-attack" in body and "rule-scoring-coins" in body


def test_the_game_screen_offers_the_rules_and_the_guide_only_when_the_game_has_them():
    plain = screens.game_frame("Tumble Town", ["Ann"])
    assert "whats-this" not in plain and "rules-dialog" not in plain and 'id="guide"' not in plain
    assert 'data-action="menu"' in plain and 'id="status"' in plain
    full = screens.game_frame("Tumble Town", ["Ann"], rules=True, guide=True)
    assert 'data-action="whats-this" aria-pressed="false"' in full and 'data-action="open-rules"' in full
    assert '<dialog id="rules-dialog"' in full and 'data-action="open-guide"' in full
    assert 'id="guide"' in full and 'id="guide-ring"' in full
    why = screens.why_link("tumble-town", "pan-pair")
    assert 'href="#rules/tumble-town/pan-pair"' in why and 'data-rule="pan-pair"' in why and ">Why?</a>" in why


def test_the_result_screen_carries_the_story_and_offers_the_replay():
    outcome = make_outcome([3, 1], [(3,), (1,)], [""])
    html = screens.results(outcome, ["Ann", "Bob"], story='<section class="story">charts</section>')
    assert html.index("Final scores") < html.index('<section class="story">') < html.index("Watch the replay")
    assert 'data-action="watch-replay"' in html and 'data-action="share-replay"' in html


def test_the_replay_screen_offers_each_point_of_view_it_may_show():
    over = screens.replay_frame("Tavern Tussle", ["Ann", escape(EVIL)], [None, 0, 1])
    assert '<option value="table">The whole table</option>' in over and f'<option value="1">{escape(EVIL)}</option>' in over
    assert EVIL not in over
    running = screens.replay_frame("Tavern Tussle", ["Ann", "Bob"], [None])
    assert "<select" not in running and "hidden cards stay hidden" in running
    for action in ("replay-first", "replay-back", "replay-next", "replay-last"):
        assert f'data-action="{action}"' in running


def test_the_replay_log_marks_the_move_on_screen():
    log = screens.replay_log(["{seat0} knocks.", "{seat1} <wins>."], ["Ann", "Bob"], 2)
    assert '<li data-step="1">Ann knocks.</li>' in log
    assert '<li data-step="2" class="now" aria-current="step">Bob &lt;wins&gt;.</li>' in log
    assert "No moves yet" in screens.replay_log([], ["Ann"], 0)


def test_a_guide_step_says_where_it_is_and_links_to_its_rule():
    step = {"id": "s", "title": "Claim a <plan>", "text": "Tap one.", "points_at": "board", "rule": "golden-attack"}
    first = screens.guide_card("tumble-town", "Tumble Town", step, 0, 6, rule=True)
    assert "step 1 of 6" in first and "Claim a &lt;plan&gt;" in first
    assert 'data-action="guide-back"' not in first and ">Next</button>" in first
    assert 'href="#rules/tumble-town/golden-attack"' in first and 'aria-label="Close the guide"' in first
    last = screens.guide_card("tumble-town", "Tumble Town", step, 5, 6, rule=False)
    assert 'data-action="guide-back"' in last and ">Done</button>" in last and "Read the rule" not in last


def test_every_share_box_stays_hidden_until_asked_for_and_has_the_link_the_page_fills():
    # The game screen's "Share link", the "Share the replay" of the result and replay screens and a
    # campaign's export each show their link in a box of the same make (`LinkBox`).
    import dataclasses

    outcome = make_outcome([3, 1], [(3,), (1,)], [""])
    campaign = catalog.Setup(dataclasses.replace(catalog.find("tavern-tussle"), campaign=True))
    screens_with_boxes = [
        (screens.game_frame("Tumble Town", ["Ann"]), screens.SHARE_BOX),
        (screens.results(outcome, ["Ann", "Bob"], story=""), screens.REPLAY_BOX),
        (screens.replay_frame("Tavern Tussle", ["Ann", "Bob"], [None]), screens.REPLAY_BOX),
        (screens.setup(campaign, [{"id": "earps-1"}]), screens.CAMPAIGN_BOX),
    ]
    for html, box in screens_with_boxes:
        assert html.count(f'id="{box.box}"') == 1 and f'<div id="{box.box}" hidden>' in html
        assert f'<a id="{box.link}" class="share-link" href="#"></a>' in html
        assert not box.note or f'<p id="{box.note}" class="muted"></p>' in html
    assert (screens.SHARE_BOX.box, screens.SHARE_BOX.link) == ("share-box", "share-link")  # hooks the tests read
    assert "Anyone who opens this link can continue the campaign" in screens_with_boxes[-1][0]
