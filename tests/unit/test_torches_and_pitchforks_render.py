"""Torches & Pitchforks on screen: the board (wide and on a phone) and the log's wording."""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tabletown.engine.draw import fit_lines
from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks import draw_faces
from tabletown.games.torches_and_pitchforks import render as board
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tabletown.games.torches_and_pitchforks.game import render
from tabletown.games.torches_and_pitchforks.phrases import PHRASES
from tests import conformance
from tests.unit.test_torches_and_pitchforks_scenario import (
    build,
    card_id,
    flip,
    pass_all,
    play,
    play_card,
    skip_hunt,
    step,
)

NAMES = ["Nicole", "Jess <3", "Bot 3"]  # as typed
PHONE_BOARD_PX = 370  # a 390 px screen less the page's margins


def _cancel_state():
    heidi = ("Heidi, Town Trollup", ["Sheriff", "Sword"])
    s = build(n=3, turn=0, mobs={0: ["Hans, Town Butcher", heidi, ("Franz, Town Baker", [], True), "Karl, Stable Boy",
                                     "Lady Locke", "Moody Marge"]},
              hands={0: ["Meddling Kids", "Grenade"], 1: ["Heck Spawn", "Torch"], 2: ["Rake"]},
              monster_top=["Vampire"], moor=["Giant Rat"], defense={1: "Antacid"}, scores={1: ["Giant Ape"]})
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = play(s, 0, {"type": "pass"})
    return play_card(s, 1, "Heck Spawn")


def visible(svg: str) -> str:
    """The text a player sees on the board, wrapped lines joined with spaces."""
    text = re.sub(r"</(tspan|text)>", " ", svg)
    text = re.sub(r"<[^>]+>", "", text)
    return " ".join(text.split())


def _draw(s, seat, narrow=False, names=NAMES):
    legal = R.legal(s, seat) if seat is not None else []
    ui = {"viewer": seat, "legal": legal, "params": [], "armed": None, "cursor": None, "names": names[:s["n"]],
          "narrow": narrow}
    return render(R.view(s, seat), ui), legal


def test_the_render_module_imports_no_rules_scoring_or_bots():
    # The board is drawn from the view alone: the render kit, the card texts and its own card faces.
    for module in (board, draw_faces):
        imported = set()
        for node in ast.walk(ast.parse(Path(module.__file__).read_text())):
            if isinstance(node, ast.ImportFrom):
                imported.add(node.module or "")
            elif isinstance(node, ast.Import):
                imported.update(a.name for a in node.names)
        assert imported <= {"__future__", "contextlib", "dataclasses", "typing", "tabletown.engine.draw",
                            "tabletown.engine.words", "content", "draw_faces"}


@pytest.mark.parametrize("narrow", [False, True])
def test_the_cancel_prompt_the_fight_and_the_hand(narrow):
    svg, legal = _draw(_cancel_state(), 0, narrow)
    conformance.check_render(__import__("tabletown.games.torches_and_pitchforks.game", fromlist=["x"]),
                             R.view(_cancel_state(), 0), 0, legal, 3)
    assert "Jess &lt;3 plays Heck Spawn: Cancel it?" in visible(svg)
    assert "Let it stand" in svg and "Meddling Kids" in svg and "Grenade" in svg
    assert "Heidi" in svg and "★Sheriff · Sword" in svg and "✝ dead" in svg
    assert "Defense: Antacid" in svg and "The Moor (1)" in svg and "Score 9 of 30" in svg
    # The card being played is shown with its text, and the live sum (9 against 9: a tie).
    assert "+2 Power for the Monster." in svg and "A tie: the Monster wins" in svg
    # Only the Cancel card can be played: it is the one control among the cards.
    kids = legal.index({"type": "play", "card": card_id(_cancel_state(), 0, "Meddling Kids")})
    assert re.search(rf'data-action="{kids}"[^>]*aria-label="Play Meddling Kids: Cancel', svg)
    assert "<script" not in svg and "onclick" not in svg


def test_other_players_see_how_many_cards_a_hand_holds_never_which():
    s = _cancel_state()
    svg, _ = _draw(s, None)
    assert "Your hand" not in svg and "Meddling Kids" not in svg and "Hand 2 · Strength" in visible(svg)
    svg1, _ = _draw(s, 1)
    assert "Meddling Kids" not in svg1 and "Torch" in svg1


def test_the_card_waiting_for_its_target_is_shown_to_its_player_only():
    s = build(n=2, turn=0, hands={0: ["Sword", "Torch"], 1: ["Rake"]}, phase="recoup")
    s = play_card(s, 0, "Sword")
    mine, legal = _draw(s, 0)
    assert "Being played (choose its target)" in mine and "Choose a target for Sword" in mine
    assert all(f'data-action="{i}"' in mine for i in range(len(legal)))
    theirs, _ = _draw(s, 1)
    assert "Sword" not in theirs and "Waiting for Nicole" in theirs


def test_every_legal_action_has_a_control_in_every_kind_of_decision():
    game = __import__("tabletown.games.torches_and_pitchforks.game", fromlist=["x"])
    states = []
    s = build(n=2, turn=0, hands={0: ["Antacid", "Charge", "Sword"], 1: ["Sticky Fingers"]}, monster_top=["Vampire"],
              moor=["Giant Rat"])
    states.append(s)  # the Attack!: flip
    s = play(s, 0, {"type": "flip"})
    states.append(s)  # the any-time window
    s = play(s, 1, {"type": "pass"})
    states.append(s)  # Fight, Flee or the Defense
    mob = [("Chef Kidney", [], True), ("Karl, Stable Boy", [], True), "Lady Locke", "Juan, Foreign Guy",
           "Moody Marge", "Franz, Town Baker"]
    t = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Sword", "Torch"], 1: []}, phase="hunt", moor=["Giant Rat"])
    states.append(t)  # Hunt or skip
    t = play(t, 0, {"type": "skip"})
    states.append(t)  # who comes back
    t = play(t, 0, {"type": "revive", "tf": 1})
    states.append(t)  # Recoup: plays, discards, end
    for narrow in (False, True):
        for st in states:
            seat = R.active(st)[0]
            ui = {"viewer": seat, "legal": R.legal(st, seat), "params": [], "armed": None, "cursor": None,
                  "names": ["A", "B"], "narrow": narrow}
            svg = game.render(R.view(st, seat), ui)
            found = {int(m) for m in re.findall(r'data-action="(\d+)"', svg)}
            assert found == set(range(len(ui["legal"]))), (R.prompt(st, seat), ui["legal"])


def test_the_board_is_drawn_in_keyed_parts():
    svg, _ = _draw(_cancel_state(), 0)
    keys = [k for k, _ in svg.parts]
    assert keys == ["head", "ask", "table", "fight", "hand", "mob-0", "mob-1", "mob-2"]
    # A pass in a combat window changes who is asked, not the piles, the fight or the Mobs.
    s = build(n=3, turn=0, hands={0: ["Torch"], 1: ["Rake"], 2: ["Charge"]}, monster_top=["Zombie"])
    s = play(flip(s), 0, {"type": "fight"})
    before = dict(_draw(s, 2)[0].parts)
    s = play(s, 0, {"type": "pass"})
    after = dict(_draw(s, 2)[0].parts)
    assert [k for k in before if before[k] != after[k]] == ["ask"]


def test_names_are_escaped_once():
    # The page hands over names as typed; they appear as typed, escaped exactly once.
    svg, _ = _draw(_cancel_state(), 0, names=["<b>Nic</b>", "Jess & co", "{seat0}"])
    assert "&lt;b&gt;Nic&lt;/b&gt;" in svg and "Jess &amp; co" in svg and "<b>" not in svg
    assert "&amp;lt;" not in svg and "&amp;amp;" not in svg
    # A player called "{seat0}" is shown by that name, never as another player's.
    assert visible(dict(svg.parts)["mob-2"]).startswith("{seat0} Score")


def test_a_player_to_choose_is_named_as_typed_on_their_button():
    # Sticky Fingers takes a card from another player: the button for a player named "{seat0}"
    # says that name, not the name of the player in seat 0.
    s = build(n=3, turn=0, hands={0: ["Sticky Fingers"], 1: ["Torch"], 2: ["Rake"]}, monster_top=["Giant Rat"])
    s = play_card(s, 0, "Sticky Fingers")
    svg, legal = _draw(s, 0, names=["Nicole", "Jess", "{seat0}"])
    assert {"type": "target", "seat": 2} in legal
    assert 'aria-label="Choose {seat0}"' in svg and "Choose Nicole" not in svg


def test_a_finished_game_is_flagged_and_leaves_the_score_table_to_the_page():
    s = build(n=2, turn=0, target=20, scores={0: ["Giant Ape", "Giant Ape"]}, hands={1: ["Torch"]},
              monster_top=["Giant Rat"])
    s = flip(s)
    s = play(s, 0, {"type": "fight"})
    s = pass_all(s)
    svg, _ = _draw(s, None)
    assert 'data-game-over="true"' in svg and "Nicole saved the town!" in svg
    assert "<table" not in svg and "Final scores" not in svg


# --- the rules at hand: every card and board element names its topic on the rules page ----------------------

def _index() -> dict[str, str]:
    from tabletown.engine.content import load_data

    return load_data("tabletown.games.torches_and_pitchforks", "rule_index")


def _topics_of_texts(svg: str) -> list[tuple[str, str | None]]:
    """(the words of each piece of text on the board, the innermost data-topic around it or on it)."""
    root = ET.fromstring(svg)
    parent = {child: p for p in root.iter() for child in p}
    out = []
    for el in root.iter():
        if not el.tag.endswith("}text") and el.tag != "text":
            continue
        topic, at = None, el
        while at is not None and topic is None:
            topic = at.get("data-topic")
            at = parent.get(at)
        out.append((" ".join("".join(el.itertext()).split()), topic))
    return out


def topic_of(svg: str, words: str) -> str | None:
    """The topic of the text that reads `words` exactly, else of the first text that contains them."""
    texts = _topics_of_texts(svg)
    found = [t for text, t in texts if text == words] or [t for text, t in texts if words in text]
    assert found, f"no text {words!r} on the board"
    return found[0]


@pytest.mark.parametrize("narrow", [False, True])
def test_every_text_on_the_board_belongs_to_a_topic_of_the_rules_page(narrow):
    from tabletown.engine.bots import choose
    from tabletown.games.torches_and_pitchforks import game

    index = _index()
    seen: set[str] = set()
    for seed, n in ((3, 2), (4, 3)):
        s = R.setup(seed, n, {"target": 20})
        k = 0
        while R.active(s):
            seat = R.active(s)[0]
            for viewer in (seat, None):
                svg, _ = _draw(s, viewer, narrow)
                for text, topic in _topics_of_texts(svg):
                    assert topic is not None, f"{text!r} has no rules topic ({R.prompt(s, seat)})"
                    assert topic in index, f"{text!r} links to {topic!r}, which the rules index does not know"
                    seen.add(topic)
            s, _ = R.apply(s, seat, choose(R, game.BOTS, "easy", s, seat, seed, k))
            k += 1
    for must in ("card:monster", "card:action-combat", "card:weapon", "card:townsfolk", "card:dead-townsfolk",
                 "board:moor", "board:strength", "board:power", "board:score", "prompt:waiting", "action:flip"):
        assert must in seen


def test_each_card_and_part_of_the_board_links_to_the_rule_that_governs_it():
    s = _cancel_state()
    svg, _ = _draw(s, 0)
    # Cards in hand, by kind: a Cancel, and a Grenade (which is kept when it adds nothing).
    assert topic_of(svg, "Meddling Kids") == "card:cancel"
    assert topic_of(svg, "Grenade") == "card:grenade"
    # The card being played, the Monster with its special rule, and the Moor's Giant Rat.
    assert topic_of(svg, "+2 Power for the Monster.") == "card:action-combat"
    assert topic_of(svg, "Kills the Townsfolk") == "card:monster-special"
    assert topic_of(svg, "Giant Rat 4") == "card:monster"
    assert topic_of(svg, "The Moor (1)") == "board:moor"
    # The sum: a tie goes to the Monster.
    assert topic_of(svg, "A tie: the Monster wins") == "rule:tie-goes-to-monster"
    assert topic_of(svg, "Strength") == "board:strength"
    # Mobs: a Townsfolk with a Leader and a Weapon, a dead one, a Defense in play, the score.
    assert topic_of(svg, "★Sheriff · Sword") == "card:enhancement"
    assert topic_of(svg, "Franz") == "card:dead-townsfolk"
    assert topic_of(svg, "Hans") == "card:townsfolk"
    assert topic_of(svg, "Defense: Antacid") == "card:defense"
    assert topic_of(svg, "Defense: none") == "board:defense"
    assert topic_of(svg, "Score 9 of 30") == "board:score"
    # What the viewer is asked: whether to Cancel, with a button that lets the card stand.
    assert topic_of(svg, "Cancel it?") == "prompt:cancel-window"
    assert topic_of(svg, "Let it stand") == "action:pass"
    # Someone else sees that they are waiting.
    other, _ = _draw(s, 2)
    assert topic_of(other, "Waiting for") == "prompt:waiting"


def test_gifted_mob_deck_and_authored_townsfolk_link_to_their_own_paragraphs():
    from tabletown.games.torches_and_pitchforks.content import AUTHORED_TOWNSFOLK

    mob = ["Adam, Traveling Salesman", "Officer Dave", AUTHORED_TOWNSFOLK, ("Karl, Stable Boy", ["Rudimentary Lathe"]),
           ("Lady Locke", ["Pitchfork"]), "Moody Marge"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={0: ["Stragglers", "Antacid"], 1: ["Torch"]})
    svg, _ = _draw(s, 0)
    assert topic_of(svg, "Adam") == "card:townsfolk-gift"
    assert topic_of(svg, "Officer Dave") == "card:townsfolk-mob-deck"
    assert topic_of(svg, "Tilly") == "card:tilly"
    assert topic_of(svg, "Rudimentary Lathe") == "card:weapon", "a Lathe in a Mob is a Weapon"
    assert topic_of(svg, "Pitchfork") == "card:weapon"
    assert topic_of(svg, "Stragglers") == "card:action-any-time"
    assert topic_of(svg, "Flip a Monster") == "action:flip"
    index = _index()
    assert index["card:townsfolk-gift"] == "townsfolk-gifts" and index["card:tilly"] == "setup-tilly"


# --- on a phone: every card a player must decide about is readable -----------------------------------------------

def _font_sizes(svg: str) -> list[float]:
    return [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]


def test_the_phone_layout_is_narrow_and_its_text_at_least_thirteen_pixels():
    svg, _ = _draw(_cancel_state(), 0, narrow=True)
    width = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))
    assert width == board.NARROW.width
    scale = PHONE_BOARD_PX / width
    assert min(_font_sizes(svg)) * scale >= 12
    # Card text (the body size) is at least 13 px.
    assert board.NARROW.body * scale >= 13 and board.NARROW.name * scale >= 15
    wide, _ = _draw(_cancel_state(), 0)
    assert int(re.search(r'viewBox="0 0 (\d+) ', wide).group(1)) == board.WIDE.width


@pytest.mark.parametrize("layout", [board.WIDE, board.NARROW])
def test_every_cards_whole_text_fits_on_its_card(layout):
    """Nothing a player must read is cut off: a hand card (beside a Discard button) takes its whole text."""
    inner = layout.width - 2 * layout.pad
    card_w = (inner - (layout.hand_cols - 1) * layout.gap) / layout.hand_cols - (layout.small * 5.5 + 8)
    for cid in list(C.MOB_DECK) + list(C.MONSTER_DECK):
        text = C.CARDS[cid]["text"]
        lines = fit_lines(text, card_w - 34, layout.body, 5)
        assert not lines[-1].endswith("…"), (C.CARDS[cid]["name"], lines)


def test_card_tags_say_what_kind_of_card_it_is():
    assert draw_faces.card_tag(C.BY_NAME["Heck Spawn"]) == "Combat · +2 Power"
    assert draw_faces.card_tag(C.BY_NAME["Charge"]) == "Combat · +2 Strength"
    assert draw_faces.card_tag(C.BY_NAME["Sticky Fingers"]) == "Any time"
    assert draw_faces.card_tag(C.BY_NAME["Only a Dream"]) == "Cancel"
    assert draw_faces.card_tag(C.BY_NAME["Antacid"]) == "Defense vs Vampire"
    assert draw_faces.card_tag(C.BY_NAME["Sword"]) == "Weapon +3"
    assert draw_faces.card_tag(C.BY_NAME["Night Watch"]) == "Leader"
    assert draw_faces.card_tag(C.BY_NAME["Officer Dave"]) == "Townsfolk +2"
    assert draw_faces.card_tag(C.BY_NAME["Vampire"]) == "Vampire · Power 9 · Kill 1"


# --- the log's words --------------------------------------------------------------------------------------------

def test_every_event_the_rules_make_has_a_phrase():
    import tabletown.games.torches_and_pitchforks.acting as acting_module
    import tabletown.games.torches_and_pitchforks.effects as effects_module
    import tabletown.games.torches_and_pitchforks.turn as turn_module

    made = set()
    for module in (acting_module, turn_module, effects_module):
        made |= set(re.findall(r'emit\("(\w+)"', Path(module.__file__).read_text()))
    made |= {"roll", "shuffle", "reveal"}
    assert made == set(PHRASES)


def test_proper_names_take_no_article_and_lists_read_as_english():
    mob = [("Chef Kidney", [], True), ("Gus, Town Guard", [], True), "Lady Locke", "Juan, Foreign Guy",
           "Franz, Town Baker", ("Moody Marge", ["Wise Woman"])]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["The Glob"])
    s, line = step(flip(s), 0, {"type": "fight"})
    assert line == "{seat0} chooses to Fight The Glob."
    lines: list[str] = []
    pass_all(s, lines=lines)
    assert lines[-1].startswith("{seat1} passes. The Glob beats {seat0}'s Mob (Strength 4 vs Power 10) "
                                "and kills 2 Townsfolk; it goes to the Moor. The Glob swallows 1 Enhancement.")
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, phase="hunt", moor=["Giant Rat"])
    skip_hunt(s, lines=lines)
    assert lines[-2:] == ["{seat0} is ready to move on without Hunting.",
                          "{seat1} passes. {seat0} does not go Hunting. "
                          "{seat0} recoups: Chef Kidney and Gus, Town Guard are back on their feet."]


def test_a_game_of_the_first_rules_keeps_its_words():
    mob = [("Chef Kidney", [], True), ("Gus, Town Guard", [], True), "Lady Locke", "Juan, Foreign Guy",
           "Franz, Town Baker", ("Moody Marge", ["Wise Woman"])]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["The Glob"], version=1)
    s = play(s, 0, {"type": "flip"})
    s, line = step(s, 0, {"type": "fight"})
    assert line == "{seat0} chooses to Fight the The Glob."
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, phase="hunt", moor=["Giant Rat"], version=1)
    s, line = step(s, 0, {"type": "skip"})
    assert line == "{seat0} does not go Hunting. {seat0} recoups: Gus, Town Guard, Chef Kidney are back on their feet."


def test_a_monster_that_kills_nobody_says_so():
    # The Ghost (Kill 1) beats two living Townsfolk; the Night Watch saves one from being killed.
    mob = [("Chef Kidney", ["Night Watch"]), "Lady Locke"] + [(f, [], True) for f in
                                                             ("Juan, Foreign Guy", "Franz, Town Baker",
                                                              "Karl, Stable Boy", "Moody Marge")]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Ghost"])
    s = play(flip(s), 0, {"type": "fight"})
    s, line = step(s, 1, {"type": "pass"})
    assert "The Ghost beats {seat0}'s Mob (Strength 2 vs Power 5) and kills no Townsfolk;" in line


# --- what the status line asks ----------------------------------------------------------------------------

def test_what_each_player_is_asked():
    P = R.prompt
    s = build(n=2, turn=0, hands={0: ["Torch", "Antacid"], 1: ["Sticky Fingers"]}, monster_top=["Vampire"],
              moor=["Giant Rat"])
    assert P(s, 0) == "Attack! Flip the top Monster card" and P(s, 1) == "Waiting for {seat0}."
    s = play(s, 0, {"type": "flip"})
    assert P(s, 1) == ("{seat0} is about to flip a Monster: play a card that may be played at any time, or pass")
    s = play_card(s, 1, "Sticky Fingers")
    assert P(s, 0) == "{seat1} played Sticky Fingers on {seat0}: Cancel it?"
    s = play(s, 0, {"type": "pass"})
    assert P(s, 0) == "Before the flip: play a card that may be played at any time, or flip"
    s = play(s, 0, {"type": "pass"})
    s = play(s, 1, {"type": "pass"}) if R.active(s) == [1] else s
    assert s["combat"]["stage"] == "decide"
    expected = "The Vampire attacks (Power 9, your Strength 6): Fight or Flee"
    assert P(s, 0) in (expected + "?", expected + " or play a Defense?")
    s = play(s, 0, {"type": "fight"})
    assert P(s, 0 if R.active(s) == [0] else 1).startswith("Vampire: Power 9 vs ")
    s = build(n=2, turn=0, hands={0: ["Torch"], 1: ["Rake"]}, monster_top=["Zombie"])
    s = play(flip(s), 0, {"type": "fight"})
    assert P(s, 0) == "Zombie: Power 6 vs your Mob's Strength 6. Play a card or pass"
    s = play(s, 0, {"type": "pass"})
    assert P(s, 1) == "Zombie: Power 6 vs {seat0}'s Mob's Strength 6. Play a card or pass"


def test_what_a_player_is_asked_in_each_task_and_phase():
    P = R.prompt
    mob = [("Karl, Stable Boy", ["Torch"]), ("Chef Kidney", ["Pitchfork"])] + ["Lady Locke", "Juan, Foreign Guy",
                                                                            "Moody Marge", "Franz, Town Baker"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Vampire"])
    s = pass_all(play(flip(s), 0, {"type": "fight"}))
    assert P(s, 0) == "Choose a Townsfolk to die (the one with the most Enhancements): 1 to go"
    s = build(n=2, turn=0, hands={1: ["Torch"]}, monster_top=["Werewolf"])
    s = pass_all(play(flip(s), 0, {"type": "fight"}))
    assert P(s, 0) == "Choose a Townsfolk to die: 2 to go"
    s = play(s, 0, {"type": "kill", "tf": 0})
    assert P(s, 0) == "Choose a Townsfolk to die: 1 to go"
    s = build(n=2, turn=0, hands={1: []}, monster_top=["Plague"])
    s = play(s, 0, {"type": "flip"})
    assert P(s, 0) == "Plague: choose one of your Townsfolk to die"
    s = build(n=2, turn=0, hands={0: ["Charge", "Torch", "Rake"], 1: []}, monster_top=["Werewolf"])
    s = flip(s)
    for value, text in ((1, None), (2, "Fleeing: discard 2 more cards")):
        from tests.unit.test_torches_and_pitchforks_boundaries import with_roll

        t = play(with_roll(s, value), 0, {"type": "flee"})
        if text:
            assert P(t, 0) == text
            t = play(t, 0, R.legal(t, 0)[0])
            assert P(t, 0) == "Fleeing: discard 1 more card"
    s = build(n=2, turn=0, hands={0: ["Early Harvest", "Torch", "Rake", "Charge"], 1: []}, phase="recoup")
    s = play_card(s, 0, "Early Harvest")
    assert P(s, 0) == "Too many cards: discard down to 5"
    seven = ["Chef Kidney", "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker", "Karl, Stable Boy",
             "Dotty"]
    s = build(n=2, turn=0, hands={0: ["Overpopulation"]}, mobs={1: seven}, phase="recoup")
    s = play_card(s, 0, "Overpopulation")
    assert P(s, 1) == "Overpopulation: choose a living Townsfolk to leave your Mob"
    s = build(n=2, turn=0, hands={1: []}, phase="hunt", moor=["Giant Rat"],
              mobs={0: [("Chef Kidney", [], True), ("Lady Locke", [], True), "Juan, Foreign Guy", "Moody Marge",
                        "Franz, Town Baker", "Karl, Stable Boy"]})
    assert P(s, 0) == "Hunt! Take a random Monster from the Moor, or skip"
    s = play(s, 0, {"type": "skip"})
    assert P(s, 0) == "Choose a dead Townsfolk to come back: 1 to go"
    s = play(s, 0, {"type": "revive", "tf": 0})
    assert P(s, 0) == "Recoup: play Enhancements, Defense and Townsfolk, discard, or end your turn"
    s = build(n=2, turn=0, hands={0: ["Torch", "Rake"], 1: []}, phase="recoup")
    s = play(s, 0, {"type": "discard", "card": card_id(s, 0, "Torch")})
    assert P(s, 0) == "Discard any cards you like, then end your turn"


def test_the_board_and_the_bots_read_who_is_asked_from_the_view():
    from tabletown.engine.prng import Rng, seed_state
    from tabletown.games.torches_and_pitchforks.decisions import asked_seat

    s = R.setup(12, 3, {"target": 20})
    rng = Rng(seed_state(12))
    while R.active(s):
        view = R.view(s, None)
        assert R.active(s) == [asked_seat(s)] == [view["derived"]["asked"]]
        seat = R.active(s)[0]
        legal = R.legal(s, seat)
        s = play(s, seat, legal[rng.below(len(legal))])
    assert asked_seat(s) is None and R.view(s, None)["derived"]["asking"] is None
    assert R.prompt(s, 0) == f"{{seat{s['winner']}}} saved the town!"


def test_every_prompt_links_to_its_paragraph_of_the_rules_page():
    from tabletown.engine.content import load_data
    from tabletown.games.torches_and_pitchforks.rules import TOPICS

    index = load_data("tabletown.games.torches_and_pitchforks", "rule_index")
    assert set(TOPICS.values()) | {"prompt:vampire-victim", "prompt:waiting", "prompt:game-over"} <= set(index)
    mob = [("Karl, Stable Boy", ["Torch"]), ("Chef Kidney", ["Pitchfork"])] + ["Lady Locke", "Juan, Foreign Guy",
                                                                            "Moody Marge", "Franz, Town Baker"]
    s = build(n=2, turn=0, mobs={0: mob}, hands={1: ["Torch"]}, monster_top=["Vampire"], scores={1: ["Giant Rat"]})
    assert R.topic(s, 0) == "prompt:flip" and R.topic(s, 1) == "prompt:waiting"
    assert R.tally(s) == [0, 4]
    s = play(s, 0, {"type": "flip"})
    assert R.topic(s, 1) == "prompt:any-time-window"
    s = play(s, 1, {"type": "pass"})
    assert R.topic(s, 0) == "prompt:fight-or-flee"
    s = pass_all(play(s, 0, {"type": "fight"}))
    assert R.topic(s, 0) == "prompt:vampire-victim"


def test_the_saved_games_list_says_how_far_a_game_is():
    s = build(n=2, turn=0, scores={1: ["Giant Ape", "Giant Rat"]}, hands={1: []})
    assert R.status(s) == "Turn 1 · best score 13 of 30"
    s = build(n=2, turn=0, target=20, scores={0: ["Giant Ape", "Giant Ape"]}, hands={1: ["Torch"]},
              monster_top=["Giant Rat"])
    s = pass_all(play(flip(s), 0, {"type": "fight"}))
    assert R.status(s) == "Over · won with 22 points"
