"""Ruthless' first-game guide speaks of the screen the player is on, in every scenario.

The guide comes in stages (the start of a turn, the scenario's own pieces, picking a man,
acting with him, the posse editor, the campaign's map); each stage shows by itself the first
time its screen is on show, with only the steps about that screen, and every step points at
something that is on that screen.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from tabletown.engine.session import Session, new_record
from tabletown.games.ruthless import game
from tabletown.web import policy, rulebook

from .test_ruthless_helpers import RULES, SPEC

BUNDLE = rulebook.bundle("tabletown.games.ruthless")
STEPS = BUNDLE["guide"]["steps"]
RAW = json.loads(resources.files("tabletown.games.ruthless").joinpath("data/guide.json").read_text())


def first_screen(options, seats=("human", "bot")):
    kinds = [{"name": f"P{i + 1}", "kind": "human"} if k == "human" else {"name": f"B{i + 1}", "kind": "bot", "level": "easy"}
             for i, k in enumerate(seats)]
    return Session(game, new_record(game, kinds, SPEC.normalize(len(seats), options), 4))


def screen(session, seat=0):
    state = session.state
    view = RULES.view(state, seat)
    legal = RULES.legal(state, seat)
    ui = {"viewer": seat, "legal": legal, "params": RULES.params(state, seat), "armed": None, "cursor": None,
          "names": ["P1", "B2"]}
    return view, legal, game.render(view, ui)


def on_screen(step, legal, svg, params):
    """Whether what the step points at is there (not the whole board it falls back on)."""
    where = step["points_at"]
    if where in ("status", "log", "board"):
        return True
    if where == "params":
        return bool(params)
    first = rulebook.guide_targets(where, legal)
    for selector in first[:-1]:  # the last is the board itself
        attr = selector.split("[", 1)[1].rstrip("]")
        if attr in svg:
            return True
    return False


SCENARIOS = [
    ("dodge-city", {"scenario": "dodge-city"}, ["", "dodge-city"]),
    ("riding-shotgun", {"scenario": "riding-shotgun"}, ["", "riding-shotgun"]),
    ("gunfight", {"scenario": "gunfight", "table": "canyon"}, [""]),
    ("posse editor", {"scenario": "gunfight", "posse1": "build"}, ["build"]),
    ("campaign act", {"scenario": "campaign"}, ["campaign"]),
]


@pytest.mark.parametrize("label,options,stages", SCENARIOS, ids=[s[0] for s in SCENARIOS])
def test_every_scenario_opens_with_a_guide_about_its_first_screen(label, options, stages):
    view, legal, svg = screen(first_screen(options))
    seen: set[str] = set()
    shown = []
    while (found := rulebook.guide_now(STEPS, view, seen)) is not None:
        stage, steps = found
        seen.add(stage)
        shown.append(stage)
        assert steps
        for step in steps:
            assert on_screen(step, legal, svg, RULES.params(first_screen(options).state, 0)), (label, step["id"])
    assert shown == stages


def test_the_posse_editor_guide_says_nothing_of_initiative_cards_or_the_table():
    session = first_screen({"scenario": "gunfight", "posse1": "build"})
    view, legal, svg = screen(session)
    stage, steps = rulebook.guide_now(STEPS, view, set())
    assert stage == "build"
    text = " ".join(s["text"] for s in steps).lower()
    assert "blank card" in text
    session.apply(0, {"type": "add"})  # a card picked up: its own stage, with the Name box
    view, legal, svg = screen(session)
    stage, steps = rulebook.guide_now(STEPS, view, {"build"})
    assert stage == "build-card"
    assert all(on_screen(s, legal, svg, RULES.params(session.state, 0)) for s in steps)
    text += " ".join(s["text"] for s in steps).lower()
    assert "name box" in text and "trait" in text
    assert "initiative" not in text and "shaded area" not in text and "log" not in text


def test_the_start_of_a_turn_speaks_of_the_cards_and_not_yet_of_moving_or_shooting():
    view, legal, svg = screen(first_screen({"scenario": "dodge-city"}))
    stage, steps = rulebook.guide_now(STEPS, view, set())
    text = " ".join(s["text"] for s in steps)
    assert "initiative" in text and "shaded area" not in text and "range" not in text


def test_picking_and_acting_have_stages_of_their_own_that_point_at_what_is_there():
    session = first_screen({"scenario": "gunfight", "table": "town"})
    while not (0 in session.active() and session.state["phase"] == "act"):
        seat = session.active()[0]
        session.apply(seat, session.rules.legal(session.state, seat)[0])
    seen = {"", "dodge-city", "riding-shotgun"}
    view, legal, svg = screen(session)
    stage, steps = rulebook.guide_now(STEPS, view, seen)
    assert stage == "act" and {s["id"] for s in steps} == {"guide-select", "guide-end"}
    assert all(on_screen(s, legal, svg, []) for s in steps)
    pick = next(a for a in legal if a["type"] == "select")
    session.apply(0, pick)
    view, legal, svg = screen(session)
    stage, steps = rulebook.guide_now(STEPS, view, seen | {"act"})
    assert stage == "acting"
    assert all(on_screen(s, legal, svg, []) for s in steps), [s["id"] for s in steps if not on_screen(s, legal, svg, [])]


def test_a_stage_once_shown_is_not_shown_by_itself_again_but_the_menu_shows_this_screens_steps():
    view, _, _ = screen(first_screen({"scenario": "gunfight", "posse1": "build"}))
    assert rulebook.guide_now(STEPS, view, {"build"}) is None
    assert [s["stage"] for s in rulebook.guide_for_screen(STEPS, view)] == ["build"] * 2
    assert policy.guide_key("ruthless", "build") == "tabletown:guide:ruthless:build"
    assert policy.guide_key("ruthless") == "tabletown:guide:ruthless"  # the first stage keeps the old key


def test_every_step_links_to_a_paragraph_of_the_rules_and_none_is_dropped_by_the_page():
    paragraphs = rulebook.paragraphs(BUNDLE["rules"])
    assert len(STEPS) == len(RAW["steps"])
    for step in STEPS:
        assert step["rule"] in paragraphs, step["id"]


def test_a_step_fits_a_screen_by_the_fields_of_its_view():
    step = {"when": {"phase": ["act"], "selected": ["*"]}}
    assert rulebook.guide_fits(step, {"phase": "act", "selected": 3})
    assert not rulebook.guide_fits(step, {"phase": "act", "selected": None})
    assert not rulebook.guide_fits(step, {"phase": "initiative", "selected": 3})
    assert rulebook.guide_fits({"when": {"selected": [None]}}, {"selected": None})
    assert rulebook.guide_fits({}, {"phase": "anything"})
    assert not rulebook.guide_fits({"when": {"phase": ["act"]}}, None)
    assert rulebook.guide_fits({"when": {"build.editing": ["*"]}}, {"build": {"editing": "c0-0"}})
    assert not rulebook.guide_fits({"when": {"build.editing": ["*"]}}, {"build": None})
