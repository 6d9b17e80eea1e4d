"""Tavern Tussle render: one SVG, every legal action clickable, nothing hidden drawn, names inert."""

from __future__ import annotations

import re

import tabletown.games.tavern_tussle.game as tt
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.svg import esc
from tabletown.games.tavern_tussle.content import HEROES
from tabletown.games.tavern_tussle.rules import scenario

R = tt.RULES
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def hid(name: str, animal: str = "") -> int:
    for h in HEROES:
        if h["name"] == name and (not animal or h["animal"] == animal):
            return h["id"]
    raise KeyError(name)


def draw(state, seat, names=None):
    legal = R.legal(state, seat) if seat is not None else []
    ui = {"viewer": seat, "legal": legal, "names": names or NAMES[: state["n"]]}
    return tt.render(R.view(state, seat), ui), legal


def offered(svg):
    return {int(m) for m in re.findall(r'data-action="(\d+)"', svg)}


def states(seed, seats, options=None):
    st = R.setup(seed, seats, R.normalize_options(seats, options or {}))
    rng = Rng(seed_state(seed))
    while R.active(st):
        yield st
        seat = R.active(st)[0]
        st = R.apply(st, seat, tt.BOTS["easy"](R, R.view(st, seat), seat, R.legal(st, seat), rng))
    yield st


def test_every_kind_of_choice_is_clickable():
    kinds = set()
    for seats, opts in ((2, {}), (3, {"advanced": True}), (4, {})):
        for st in states(seats * 3, seats, opts):
            for seat in R.active(st):
                svg, legal = draw(st, seat)
                kinds.add(legal[0]["type"])
                assert offered(svg) == set(range(len(legal)))
                assert svg.startswith("<svg") and svg.endswith("</svg>")
                assert "<script" not in svg and not re.search(r"\son\w+=", svg)
    assert {"activate", "discard", "target"} <= kinds


def test_heal_steal_and_copy_choices_are_clickable():
    # Bear's King copies: two Heroes to choose from.
    st = scenario(2, [0, 1], [[hid("Pilgrim"), hid("Sage"), hid("Giant")],
                              [hid("King", "lion"), hid("Oracle"), hid("Scout")]],
                  [[], [hid("Archer", "fox"), hid("Mage", "owl"), ~hid("Cleric")]])
    st = R.apply(R.apply(st, 0, {"type": "activate", "card": hid("Pilgrim")}), 0, {"type": "discard", "card": hid("Sage")})
    st = R.apply(R.apply(st, 1, {"type": "activate", "card": hid("King", "lion")}), 1,
                 {"type": "discard", "card": hid("Oracle")})
    svg, legal = draw(st, 1)
    assert [a["type"] for a in legal] == ["copy", "copy"]
    assert offered(svg) == {0, 1}
    assert 'aria-label="Copy the ability of Archer fox' in svg
    st = R.apply(st, 1, {"type": "copy", "card": hid("Mage", "owl")})
    assert st["tab"][1][2] == hid("Cleric")


def test_steal_choice_offers_every_coin():
    st = scenario(2, [0, 1], [[hid("Thief", "rat"), hid("Sage"), hid("Giant")],
                              [hid("Pilgrim"), hid("Oracle"), hid("Scout")]],
                  [[], [~hid("Cleric"), ~hid("Mage", "owl")]])
    st = R.apply(R.apply(st, 0, {"type": "activate", "card": hid("Thief", "rat")}), 0,
                 {"type": "discard", "card": hid("Sage")})
    st = R.apply(R.apply(st, 1, {"type": "activate", "card": hid("Pilgrim")}), 1,
                 {"type": "discard", "card": hid("Oracle")})
    svg, legal = draw(st, 0)
    assert [a["type"] for a in legal] == ["steal", "steal"] and offered(svg) == {0, 1}
    assert "Choose a Coin to steal from Bob" in svg
    other, _ = draw(st, 1)
    assert "data-action" not in other  # not Bob's move


def test_hidden_picks_are_not_drawn_for_others():
    st = R.setup(21, 3, R.normalize_options(3, {}))
    card = st["hands"][0][0]
    st = R.apply(st, 0, {"type": "activate", "card": card})
    name = esc(HEROES[card]["name"])
    mine, _ = draw(st, 0)
    assert "FACE-DOWN" in mine
    for seat in (1, 2, None):
        svg, _ = draw(st, seat)
        hand_names = {HEROES[c]["name"] for c in st["hands"][seat]} if seat is not None else set()
        if HEROES[card]["name"] not in hand_names and all(HEROES[c]["name"] != HEROES[card]["name"]
                                                          for t in st["tab"] for c in t):
            assert name not in svg
        assert "Chosen" in svg


def test_player_names_are_inert():
    hostile = esc('<img src=x onerror="alert(1)">')
    st = R.setup(5, 2, R.normalize_options(2, {}))
    svg, legal = draw(st, 0, [hostile, "B&amp;B"])
    assert "<img" not in svg and "onerror=\"" not in svg
    assert hostile in svg


def test_game_over_shows_final_scores_and_tiebreaks():
    *_, st = states(9, 4)
    assert R.outcome(st) is not None
    svg, _ = draw(st, None)
    assert 'data-game-over="true"' in svg and "Final scores" in svg
    out = R.outcome(st)
    for s in range(4):
        assert f">{out['scores'][s]}<" in svg
    if out["tiebreaks"]:
        assert "tied" in svg


def test_themes_have_text_labels_and_counters():
    st = next(iter(states(4, 4)))
    svg, _ = draw(st, 0)
    for label in ("LUCK", "BATTLE", "JOURNEY", "ELIXIR", "COIN"):
        assert label in svg
    assert "Round 1/3" in svg and "Story phase 1/3" in svg
    assert "Deck " in svg and "Discard " in svg
    assert "Your move" in svg
