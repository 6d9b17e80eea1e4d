"""Each game's first-game guide speaks of the screen the player is on.

Tavern Tussle, Torches & Pitchforks, Tumble Town and Townsfolk Tussle show their guides in
stages, as Ruthless does: the first stage on the first screen, and each later stage by itself
the first time its screen comes up, with only the steps about that screen, each pointing at
something drawn on it. A new player's first screens are played here seat by seat, and the
guide is asked at every screen what it would show.
"""

from __future__ import annotations

import importlib

import pytest

from tabletown.engine.session import Session, new_record
from tabletown.web import rulebook

# A human at seat 0 plays the first of these actions the screen offers (else the first legal
# one); the bots pass or end their turns when they may, so the human's screens come quickly.
GAMES = {
    "tavern-tussle": ("tavern_tussle", ["activate", "discard", "target"]),
    "torches-and-pitchforks": ("torches_and_pitchforks", ["flip", "fight", "pass", "hunt", "revive", "end"]),
    "tumble-town": ("tumble_town", ["claim", "take", "build", "put", "place", "end"]),
    "townsfolk-tussle": ("townsfolk_tussle", ["pick", "pass", "start", "move", "end"]),
}


def game_of(game_id):
    return importlib.import_module(f"tabletown.games.{GAMES[game_id][0]}.game")


def steps_of(game_id):
    return rulebook.bundle(f"tabletown.games.{GAMES[game_id][0]}")["guide"]["steps"]


def new_session(game_id, seats, seed, options=None):
    game = game_of(game_id)
    kinds = [{"name": f"P{i + 1}", "kind": "human"} if k == "human" else {"name": f"B{i + 1}", "kind": "bot", "level": "easy"}
             for i, k in enumerate(seats)]
    return Session(game, new_record(game, kinds, game.SPEC.normalize(len(seats), options or {}), seed))


def screen(session):
    """What seat 0 sees: its view, its legal actions, the board drawn, the box beside it."""
    rules, state = session.rules, session.state
    view, legal, params = rules.view(state, 0), rules.legal(state, 0), rules.params(state, 0)
    ui = {"viewer": 0, "legal": legal, "params": params, "armed": None, "cursor": None,
          "names": [f"P{i + 1}" for i in range(8)]}
    return view, legal, session.game.render(view, ui), params


def on_screen(step, legal, svg, params):
    """Whether what the step points at is drawn (not the whole board a ring falls back on)."""
    where = step["points_at"]
    if where in ("status", "log", "board"):
        return True
    if where == "params":
        return bool(params)
    selectors = rulebook.guide_targets(where, legal)[:-1]  # the last is the board itself
    return any(sel.split("[", 1)[1].rstrip("]") in svg for sel in selectors)


def human_screens(session, prefer, limit):
    """Seat 0's screens, one after another, as it plays the preferred actions."""
    rules = session.rules
    for _ in range(limit):
        while session.active() and 0 not in session.active():
            seat = session.active()[0]
            legal = rules.legal(session.state, seat)
            session.apply(seat, next((a for a in legal if a["type"] in ("pass", "end", "skip")), legal[0]))
        if not session.active():
            return
        yield screen(session)
        legal = rules.legal(session.state, 0)
        session.apply(0, next((a for kind in prefer for a in legal if a["type"] == kind), legal[0]))


def stages_shown(game_id, seats, seed, limit, options=None):
    """The stages shown by themselves on seat 0's first screens, checking every step shown is on its screen."""
    steps = steps_of(game_id)
    seen: set[str] = set()
    shown: list[tuple[str, list[str]]] = []
    for view, legal, svg, params in human_screens(new_session(game_id, seats, seed, options), GAMES[game_id][1], limit):
        while (found := rulebook.guide_now(steps, view, seen)) is not None:
            stage, on_show = found
            seen.add(stage)
            shown.append((stage, [s["id"] for s in on_show]))
            for step in on_show:
                assert on_screen(step, legal, svg, params), (game_id, stage, step["id"])
    return shown


CASES = [
    ("tavern-tussle", ("human", "bot", "bot"), 1, 20, None, ["", "stories", "resolve"]),
    ("torches-and-pitchforks", ("human", "bot"), 8, 30, None, ["", "combat", "attack", "decide", "recoup"]),
    ("tumble-town", ("human", "bot"), 8, 12, None, ["", "take", "main", "building"]),
    ("tumble-town solo", ("human",), 8, 12, {"mode": "outlaw"}, ["", "solo", "take", "main", "building"]),
    ("townsfolk-tussle", ("human", "bot"), 8, 8, None, ["", "shop", "fight", "turn"]),
]


@pytest.mark.parametrize("label,seats,seed,limit,options,stages", CASES, ids=[c[0] for c in CASES])
def test_each_stage_shows_on_its_own_screen_with_steps_that_are_drawn_there(label, seats, seed, limit, options, stages):
    """The first screen shows the stage without a name, remembered under the key the whole guide
    had before it came in stages, so a player who saw that guide is not shown it again."""
    shown = stages_shown(label.split()[0], seats, seed, limit, options)
    assert [stage for stage, _ in shown[:len(stages)]] == stages, shown


def test_townsfolk_fight_screen_says_nothing_of_choosing_townsfolk_or_shopping():
    steps = steps_of("townsfolk-tussle")
    session = new_session("townsfolk-tussle", ("human", "bot"), 8)
    view, legal, svg, params = next(s for s in human_screens(session, GAMES["townsfolk-tussle"][1], 8)
                                    if s[0]["stage"]["kind"] == "position")
    # A player who never saw the guide (a link to a game already at the fight) is shown the fight's stage.
    stage, on_show = rulebook.guide_now(steps, view, set())
    text = " ".join(s["title"] + " " + s["text"] for s in on_show).lower()
    assert stage == "fight"
    assert "choose your townsfolk" not in text and "peddler" not in text and "starting square" in text
    assert all(on_screen(s, legal, svg, params) for s in on_show)
    assert all(on_screen(s, legal, svg, params) for s in rulebook.guide_for_screen(steps, view))


def test_torches_first_screen_is_a_bot_turn_and_the_guide_speaks_of_what_is_always_there():
    """With a bot to play first, the human's first screen is a card window: no Flip yet, no Fight."""
    steps = steps_of("torches-and-pitchforks")
    view, legal, svg, params = next(human_screens(new_session("torches-and-pitchforks", ("human", "bot"), 8), [], 1))
    stage, on_show = rulebook.guide_now(steps, view, set())
    assert stage == "" and {a["type"] for a in legal} == {"pass"}
    assert {s["id"] for s in on_show} == {"guide-ask", "guide-mob", "guide-hand"}
