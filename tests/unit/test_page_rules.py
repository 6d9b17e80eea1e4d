"""The rules at hand, decided in pure Python (web/rulebook.py): which paragraph answers a
prompt's "Why?", what a guide step points at, and the rules search a player types into."""

from __future__ import annotations

import pytest

from tabletown import games
from tabletown.engine.content import load_data
from tabletown.web import rulebook

PAGE = {
    "title": "How to play Test",
    "sections": [
        {"id": "golden", "title": "Golden Rules", "paragraphs": [
            {"id": "golden-attack", "text": "You may never attack a player whose Taverner is face down."},
            {"id": "golden-coins", "text": "Coins are counted at the end:", "items": ["One point per Coin.", "Ties go to Luck."]},
        ]},
        {"id": "scoring", "title": "Scoring Coins", "paragraphs": [
            {"id": "scoring-stories", "text": "Each story is worth points.", "see": ["golden-coins"]},
        ]},
    ],
}
INDEX = {"prompt:activate": "golden-attack", "action:discard": "scoring-stories", "phase:resolve": "golden-coins"}


class Topics:
    """A rules object whose `topic` names a topic (or nothing)."""

    def __init__(self, topic):
        self._topic = topic

    def topic(self, state, seat):
        return self._topic


# --- the files --------------------------------------------------------------------------------


def test_every_game_with_a_rules_page_is_bundled_from_where_it_keeps_it():
    # Townsfolk Tussle keeps its page files in data/pages/ for now; the others in data/.
    found = {pkg: rulebook.bundle(f"tabletown.games.{pkg}") for pkg in games.PACKAGES}
    assert set(games.PACKAGES) == {"tavern_tussle", "torches_and_pitchforks", "tumble_town", "ruthless", "townsfolk_tussle"}
    for pkg in games.PACKAGES:
        assert found[pkg] is not None, pkg
        folder = "pages/" if pkg == "townsfolk_tussle" else ""
        assert found[pkg]["rules"] == load_data(f"tabletown.games.{pkg}", folder + "rules")
        assert found[pkg]["index"] == load_data(f"tabletown.games.{pkg}", folder + "rule_index")
        assert found[pkg]["guide"]["steps"], pkg


def test_a_fetched_bundle_keeps_what_is_well_formed_and_drops_the_rest():
    raw = {"rules": {"title": "T", "sections": [
        {"id": "a", "title": "A", "paragraphs": [{"id": "a-1", "text": "Fine.", "items": ["x", 3], "see": "nope"},
                                                 {"id": 7, "text": "bad id"}]},
        "not a section"]},
        "index": {"prompt:x": "a-1", "prompt:y": 3}, "guide": {"steps": [{"id": "g"}]}}
    clean = rulebook.check_bundle(raw)
    (section,) = clean["rules"]["sections"]
    assert section["paragraphs"] == [{"id": "a-1", "text": "Fine.", "items": ["x"], "see": []}]
    assert clean["index"] == {"prompt:x": "a-1"} and clean["guide"] == {"steps": []}
    with pytest.raises(ValueError):
        rulebook.check_bundle({"index": {}})


# --- why ----------------------------------------------------------------------------------------


def test_the_games_own_topic_wins_when_the_index_knows_it():
    assert rulebook.prompt_topic(Topics("prompt:activate"), {}, 0, [{"type": "discard"}], {}, INDEX) == "prompt:activate"


def test_without_a_known_topic_one_kind_of_action_names_the_paragraph():
    legal = [{"type": "discard", "card": 1}, {"type": "discard", "card": 2}]
    assert rulebook.prompt_topic(Topics(None), {}, 0, legal, {"phase": "resolve"}, INDEX) == "action:discard"
    # A topic the index does not know counts as none.
    assert rulebook.prompt_topic(Topics("prompt:unknown"), {}, 0, legal, {}, INDEX) == "action:discard"


def test_with_several_kinds_of_action_the_phase_names_the_paragraph():
    legal = [{"type": "discard"}, {"type": "pass"}]
    assert rulebook.prompt_topic(Topics(None), {}, 0, legal, {"phase": "resolve"}, INDEX) == "phase:resolve"
    assert rulebook.prompt_topic(Topics(None), {}, 0, legal, {"stage": {"k": "resolve"}}, INDEX) == "phase:resolve"
    assert rulebook.prompt_topic(Topics(None), {}, 0, legal, {"phase": "unknown"}, INDEX) is None
    assert rulebook.prompt_topic(object(), {}, 0, [], {}, INDEX) is None


def test_a_board_element_is_explained_by_its_topic_or_else_by_its_action():
    assert rulebook.topic_of_control("phase:resolve", {"type": "discard"}, INDEX) == "phase:resolve"
    assert rulebook.topic_of_control("card:unknown", {"type": "discard"}, INDEX) == "action:discard"
    assert rulebook.topic_of_control(None, {"type": "steal"}, INDEX) is None
    assert rulebook.topic_of_control(None, None, INDEX) is None


# --- the guide ------------------------------------------------------------------------------------


def test_a_guide_step_points_at_the_screen_the_board_part_or_the_control():
    legal = [{"type": "pick"}, {"type": "claim"}, {"type": "claim"}]
    assert rulebook.guide_targets("status", legal) == ["#status", "#board"]
    assert rulebook.guide_targets("log", legal) == [".log-panel", "#board"]
    assert rulebook.guide_targets("board", legal) == ["#board"]
    assert rulebook.guide_targets("part:town-0", legal) == ['#board [data-part="town-0"]', "#board"]
    assert rulebook.guide_targets("control:action:claim", legal) == [
        '#board [data-topic="action:claim"]', '#board [data-action="1"]', '#board [data-action="2"]', "#board"]
    assert rulebook.guide_targets("control:card:hero", legal) == ['#board [data-topic="card:hero"]', "#board"]
    # Nothing from the data reaches a selector unless it is a plain key.
    assert rulebook.guide_targets('part:x"],body', legal) == ["#board"]


# --- search -------------------------------------------------------------------------------------


def ids(found):
    return [p["id"] for _, ps in found for p in ps]


def test_search_finds_paragraphs_holding_every_word_in_text_items_or_section_title():
    assert ids(rulebook.search(PAGE, "coin")) == ["golden-coins", "scoring-stories"]  # the title "Scoring Coins"
    assert ids(rulebook.search(PAGE, "luck")) == ["golden-coins"]  # in a list item
    assert ids(rulebook.search(PAGE, "Coins   ATTACK")) == []  # every word must be there
    assert ids(rulebook.search(PAGE, "never attack")) == ["golden-attack"]
    assert rulebook.search(PAGE, "") == [] and rulebook.search(PAGE, "  ,, ") == []


def test_search_reads_only_the_first_words_of_a_long_query():
    words = rulebook.query_words(" ".join(f"w{i}" for i in range(20)))
    assert words == [f"w{i}" for i in range(rulebook.MAX_WORDS)]
    assert rulebook.query_words("Coin coin COIN") == ["coin"]
    assert rulebook.query_words("x" * 500) == ["x" * rulebook.MAX_QUERY]


def test_highlight_marks_every_match_whatever_its_case_and_escapes_the_rest():
    assert rulebook.highlight("Coin <b> coins", ["coin"]) == "<mark>Coin</mark> &lt;b&gt; <mark>coin</mark>s"
    # Overlapping words are marked once.
    assert rulebook.highlight("storehouse", ["store", "orehouse"]) == "<mark>storehouse</mark>"
    assert rulebook.highlight("a < b", []) == "a &lt; b"
    assert rulebook.highlight("Ünïcode İstanbul", ["i̇stanbul"]).count("<mark>") <= 1  # never raises


def test_excerpt_names_a_paragraph_by_its_first_words():
    assert rulebook.excerpt("Short text:") == "Short text"
    assert rulebook.excerpt("one two three four five six seven eight nine ten", 4) == "one two three four…"
