"""Tavern Tussle's board: every legal action clickable, nothing hidden drawn, names inert,
keyed parts, readable on a phone, and drawn from the view alone."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tabletown.games.tavern_tussle.game as tt
from tabletown.engine.draw import esc
from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tavern_tussle import draw_faces
from tabletown.games.tavern_tussle import render as render_module
from tabletown.games.tavern_tussle.content import HEROES
from tabletown.games.tavern_tussle.rules import scenario

R = tt.RULES
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def hid(name: str, animal: str = "") -> int:
    for h in HEROES:
        if h["name"] == name and (not animal or h["animal"] == animal):
            return h["id"]
    raise KeyError(name)


def apply(state, seat, action):
    return R.apply(state, seat, action)[0]


def draw(state, seat, names=None, narrow=False):
    legal = R.legal(state, seat) if seat is not None else []
    ui = {"viewer": seat, "legal": legal, "params": [], "armed": None, "cursor": None,
          "names": names or NAMES[: state["n"]], "narrow": narrow}
    return tt.render(R.view(state, seat), ui), legal


def offered(svg):
    return {int(m) for m in re.findall(r'data-action="(\d+)"', svg)}


def states(seed, seats, options=None):
    st = R.setup(seed, seats, R.spec.normalize(seats, options or {}))
    rng = Rng(seed_state(seed))
    while R.active(st):
        yield st
        seat = R.active(st)[0]
        st = apply(st, seat, tt.BOTS["easy"](R, R.view(st, seat), seat, R.legal(st, seat), rng))
    yield st


def test_every_kind_of_choice_is_clickable_on_both_layouts():
    kinds = set()
    for seats, opts in ((2, {}), (3, {"advanced": True}), (4, {})):
        for i, st in enumerate(states(seats * 3, seats, opts)):
            for seat in R.active(st):
                for narrow in (False, True) if i % 4 == 0 else (False,):
                    svg, legal = draw(st, seat, narrow=narrow)
                    kinds.add(legal[0]["type"])
                    assert offered(svg) == set(range(len(legal)))
                    assert svg.startswith("<svg") and svg.endswith("</svg>")
                    assert "<script" not in svg and not re.search(r"\son\w+=", svg)
    assert {"activate", "discard", "target"} <= kinds


def test_the_board_is_made_of_keyed_parts():
    st = next(iter(states(4, 3)))
    svg, _ = draw(st, 0)
    keys = [k for k, _ in svg.parts]
    assert keys[:3] == ["header", "strip", "slot"] and {"seat-0", "seat-1", "seat-2"} <= set(keys)
    assert len(keys) == len(set(keys))
    # A pick changes the hand and the picking seat's panel, not the other players' panels,
    # and the board keeps its size.
    after = apply(st, 0, R.legal(st, 0)[0])
    svg2, _ = draw(after, 0)
    before, now = dict(svg.parts), dict(svg2.parts)
    assert before["slot"] != now["slot"] and before["seat-0"] != now["seat-0"]
    assert [k for k in before if before[k] != now[k]] == ["slot", "seat-0"]
    assert svg.head == svg2.head
    # Another player's pick changes only that player's panel.
    svg3, _ = draw(apply(after, 1, R.legal(after, 1)[0]), 0)
    assert [k for k, part in svg3.parts if dict(svg2.parts)[k] != part] == ["seat-1"]


def test_heal_steal_and_copy_choices_are_clickable():
    # The Bear's King copies: two Heroes to choose from.
    st = scenario(2, [0, 1], [[hid("Pilgrim"), hid("Sage"), hid("Giant")],
                              [hid("King", "lion"), hid("Oracle"), hid("Scout")]],
                  [[], [hid("Archer", "fox"), hid("Mage", "owl"), ~hid("Cleric")]])
    st = apply(apply(st, 0, {"type": "activate", "card": hid("Pilgrim")}), 0, {"type": "discard", "card": hid("Sage")})
    st = apply(apply(st, 1, {"type": "activate", "card": hid("King", "lion")}), 1,
               {"type": "discard", "card": hid("Oracle")})
    svg, legal = draw(st, 1)
    assert [a["type"] for a in legal] == ["copy", "copy"]
    assert offered(svg) == {0, 1}
    assert 'aria-label="Copy the ability of Archer fox' in svg
    assert "Choose a Hero in your tableau to copy" in svg
    st = apply(st, 1, {"type": "copy", "card": hid("Mage", "owl")})
    assert st["tab"][1][2] == hid("Cleric")


def test_steal_choice_offers_every_coin():
    st = scenario(2, [0, 1], [[hid("Thief", "rat"), hid("Sage"), hid("Giant")],
                              [hid("Pilgrim"), hid("Oracle"), hid("Scout")]],
                  [[], [~hid("Cleric"), ~hid("Mage", "owl")]])
    st = apply(apply(st, 0, {"type": "activate", "card": hid("Thief", "rat")}), 0, {"type": "discard", "card": hid("Sage")})
    st = apply(apply(st, 1, {"type": "activate", "card": hid("Pilgrim")}), 1, {"type": "discard", "card": hid("Oracle")})
    svg, legal = draw(st, 0)
    assert [a["type"] for a in legal] == ["steal", "steal"] and offered(svg) == {0, 1}
    assert "Choose a Coin to steal from Bob" in svg
    other, _ = draw(st, 1)
    assert "data-action" not in other  # not Bob's move


def test_targets_are_clickable_in_the_tray_and_on_the_panel():
    st = scenario(3, [0, 1, 2], [[hid("Archer", "fox"), hid("Sage")], [hid("Pilgrim"), hid("Oracle")],
                                 [hid("Giant"), hid("Scout")]])
    for s, c in enumerate((hid("Archer", "fox"), hid("Pilgrim"), hid("Giant"))):
        st = apply(st, s, {"type": "activate", "card": c})
    svg, legal = draw(st, 0)
    assert [a["type"] for a in legal] == ["target", "target"]
    assert svg.count('data-action="0"') == 2 and svg.count('data-action="1"') == 2
    assert 'aria-label="Target Bob"' in svg and "TAP TO TARGET" in svg


def test_hidden_picks_are_not_drawn_for_others():
    st = R.setup(21, 3, R.spec.normalize(3, {}))
    card = st["hands"][0][0]
    st = apply(st, 0, {"type": "activate", "card": card})
    mine, _ = draw(st, 0)
    assert "FACE-DOWN" in mine
    name = esc(HEROES[card]["name"])
    for seat in (1, 2, None):
        svg, _ = draw(st, seat)
        hand_names = {HEROES[c]["name"] for c in st["hands"][seat]} if seat is not None else set()
        if HEROES[card]["name"] not in hand_names:
            assert f">{name}<" not in svg
        assert "Chosen" in svg


def test_player_names_are_shown_as_typed_and_stay_inert():
    # Names reach the board as typed; the render kit escapes them exactly once.
    hostile = '<img src=x onerror="alert(1)">'
    st = R.setup(5, 2, R.spec.normalize(2, {}))
    svg, _ = draw(st, 0, [hostile, "B&B"])
    assert "<img" not in svg and 'onerror="' not in svg
    assert esc(hostile) in svg and "B&amp;B" in svg and "&amp;amp;" not in svg and "&amp;lt;" not in svg


def test_the_finished_board_says_so_and_leaves_the_score_table_to_the_page():
    *_, st = states(9, 4)
    out = R.outcome(st)
    assert out is not None
    svg, _ = draw(st, None)
    assert 'data-game-over="true"' in svg and "Game over" in svg
    assert "Final scores" not in svg  # the page draws the table from the outcome
    for s in range(4):
        assert f"{out['scores'][s]} points" in svg or f"{out['scores'][s]} point" in svg


def test_themes_have_text_labels_and_counters():
    st = next(iter(states(4, 4)))
    svg, _ = draw(st, 0)
    for label in ("LUCK", "BATTLE", "JOURNEY", "ELIXIR", "COIN"):
        assert label in svg
    assert "Round 1/3" in svg and "Story phase 1/3" in svg
    assert "Deck 30" in svg and "Discard 0" in svg
    assert "choose a Hero to activate" in svg


def test_hand_cards_show_their_initiative_with_the_bonus_and_the_points_they_add():
    knight, squire = hid("Knight", "badger"), hid("Squire")
    st = scenario(2, [1, 0], [[knight, hid("Sage"), hid("Giant")], [hid("Pilgrim"), hid("Oracle"), hid("Scout")]],
                  [[squire], []])
    svg, _ = draw(st, 0)
    assert "Initiative 6 + 2" in svg
    assert 'aria-label="Activate Knight badger: Initiative 8, Battle, Attack' in svg
    # Another Battle Hero starts a story of its own (+1); the Elixir Sage joins the Squire's (1 → 3).
    assert R.view(st, 0)["derived"]["gains"] == [1, 1, 2]  # Knight, Giant, Sage
    assert svg.count("+1 point<") == 2 and svg.count("+2 points<") == 1


def test_a_phone_gets_a_board_600_units_wide_with_readable_text():
    st = next(iter(states(4, 4)))
    wide, _ = draw(st, 0)
    narrow, _ = draw(st, 0, narrow=True)
    assert 'viewBox="0 0 1000 ' in wide and 'viewBox="0 0 600 ' in narrow
    sizes = [float(s) for s in re.findall(r'font-size="([0-9.]+)"', narrow)]
    # At 390 px a 600-unit board shows a unit as about 0.6 px: 20 units is 12 px.
    assert min(sizes) >= 14 and sorted(sizes)[len(sizes) // 10] >= 20
    # Cards in the hand: two a row, each at least 260 units wide, and taller than on a wide
    # screen so a Hero's whole ability text fits above the points it would add.
    hand = dict(narrow.parts)["slot"]
    widths = [int(w) for w in re.findall(r'<rect x="\d+" y="\d+" width="(\d+)" height="350"', hand)]
    assert widths and min(widths) >= 260
    assert "…" not in hand


def test_the_renderer_reads_only_the_view_the_render_kit_and_the_content():
    for module in (render_module, draw_faces):
        source = Path(module.__file__).read_text()
        tree = ast.parse(source)
        imported = {(node.level, node.module) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {(0, alias.name) for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        assert imported <= {(0, "__future__"), (0, "typing"), (3, "engine.draw"), (3, "engine.words"), (1, "content"),
                            (1, "draw_faces")}
        for computed in ("score_counts", "theme_counts", "stories(", "initiative("):
            assert computed not in source


def test_what_a_player_may_ask_about_carries_its_rules_topic():
    """Cards, Taverners, the theme tally, the deck, the Initiative order: each element a player
    may ask "what is this?" about names a topic of the rules page's index."""
    from tabletown.engine.content import load_data

    index = load_data("tabletown.games.tavern_tussle", "rule_index")
    seen = set()
    for seats, opts in ((2, {}), (3, {"advanced": True}), (4, {"advanced": True})):
        for i, st in enumerate(states(seats * 5, seats, opts)):
            if i % 3 and R.active(st):
                continue
            for seat in [None] + list(range(seats)):
                svg, _ = draw(st, seat, narrow=bool(i % 2))
                topics = set(re.findall(r'data-topic="([^"]+)"', svg))
                assert topics <= set(index), topics - set(index)
                seen |= topics
    for topic in ("card:hero", "card:coin", "card:hero-face-down", "card:alligator", "card:bear", "card:toucan",
                  "card:hare", "card:taverner-face-down", "board:theme-tally", "board:deck", "board:discard-pile",
                  "board:round", "board:initiative-order", "board:picked", "board:final-scores", "board:hand",
                  "board:tableau", "board:stories", "board:points", "board:initiative", "theme:luck", "theme:elixir",
                  "ability:attack", "ability:cheers", "ability:none"):
        assert topic in seen, topic


def test_with_the_option_each_taverner_card_shows_its_bonus_points_and_the_panel_counts_them():
    from tabletown.games.tavern_tussle.content import TAVERNER_STORY_POINTS, TAVERNERS

    for seats in (2, 3, 4):
        st = R.setup(seats, seats, R.spec.normalize(seats, {"taverner_bonus": True}))
        svg, _ = draw(st, 0)
        for t in st["tav"]:
            bonus = TAVERNER_STORY_POINTS[t][seats]
            assert f"Bonus points +{bonus}" in svg
            assert f"Hand 6 · {bonus} {'point' if bonus == 1 else 'points'}" in svg  # before any story
        # Without it (the rulebook's scoring) the cards show no points and nobody starts with any.
        plain = R.setup(seats, seats, R.spec.normalize(seats, {}))
        svg, _ = draw(plain, 0)
        assert "Bonus points" not in svg and "Story Points" not in svg
        assert svg.count("Hand 6 · 0 points") == seats
    # A game begun under version 2 has no points on its cards either.
    old = R.setup(2, 2, R.spec.normalize(2, {}), version=2)
    svg, _ = draw(old, 0)
    assert "Bonus points" not in svg and "Hand 6 · 0 points" in svg
    assert {t["animal"] for t in TAVERNERS} >= {"Alligator", "Bear", "Toucan", "Hare"}


def test_the_stories_line_adds_the_taverners_bonus_points_only_with_the_option():
    from tabletown.games.tavern_tussle.content import TAVERNER_STORY_POINTS

    *_, plain = states(9, 4)
    svg, _ = draw(plain, None)
    assert "+ Taverner" not in svg and "· Taverner +" not in svg
    *_, st = states(9, 4, {"taverner_bonus": True})
    svg, _ = draw(st, None)
    for s, t in enumerate(st["tav"]):
        bonus = TAVERNER_STORY_POINTS[t][4]
        if bonus:
            assert f"+ Taverner {bonus} = {R.outcome(st)['scores'][s]}" in svg


def test_a_game_begun_under_version_3_shows_the_story_points_its_cards_printed_then():
    # Version 3's cards (Alligator, Bear, Toucan, Hare at 2, 3 and 4 players): a saved game
    # keeps them on the board whatever the cards print today.
    version_3 = [{2: 0, 3: 2, 4: 1}, {2: 0, 3: 0, 4: 0}, {2: 0, 3: 2, 4: 0}, {2: 2, 3: 1, 4: 0}]
    for seats in (2, 3, 4):
        st = R.setup(seats, seats, R.spec.normalize(seats, {}), version=3)
        svg, _ = draw(st, 0)
        for t in st["tav"]:
            assert f"Bonus points +{version_3[t][seats]}" in svg
        own = version_3[st["tav"][0]][seats]
        assert f"Hand 6 · {own} {'point' if own == 1 else 'points'}" in svg
