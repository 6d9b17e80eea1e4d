"""Each game's rules at hand: its rules page, the index that links what the game shows to
the paragraph that governs it, and its guided first turn.

A game package may carry three data files:

- `data/rules.json`: `{"title", "sections": [{"id", "title", "paragraphs": [{"id", "text",
  "items"?, "see"?}]}]}`, the game's rules in Tabletown's words, in the rulebook's order;
- `data/rule_index.json`: `{"<kind>:<name>": "<paragraph id>"}`, which paragraph answers
  "why?" for each kind of prompt, action, card, phase and board element the game shows;
- `data/guide.json`: `{"steps": [{"id", "title", "text", "points_at", "rule"}]}`, a short
  guided first turn.

These tests read what a player will read: every link must land on a paragraph, nothing may
be empty, a paragraph must stay short enough to read on a phone, and the index must name
every action and phase the game can put in front of a player, and every topic the game's
`Rules.topic` links its prompt to.
"""

from __future__ import annotations

import functools
import importlib
import re
from pathlib import Path
from typing import Any, Optional

import pytest

from tabletown import games
from tabletown.engine.content import load_data
from tabletown.engine.prng import Rng, seed_state

GAMES_DIR = Path(games.__file__).parent

# Townsfolk Tussle's content checker (its checks/ package) reads every data/*.json as a card catalogue
# and refuses any other file, so its three files wait in data/pages/ until the checker lets them
# be; then they move to data/ and this entry goes.
SUBFOLDER = {"townsfolk_tussle": "pages/"}


def _file(pkg: str, name: str) -> Path:
    return GAMES_DIR / pkg / "data" / (SUBFOLDER.get(pkg, "") + name)


# The games whose rules pages are written; each must carry all three files.
WITH_PAGES = ("tavern_tussle", "torches_and_pitchforks", "tumble_town", "townsfolk_tussle", "ruthless")
# Every package that carries a rules page is checked, whether listed above or not.
CHECKED = tuple(sorted(set(WITH_PAGES) | {p for p in games.PACKAGES if _file(p, "rules.json").exists()}))

ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# A topic names what it is about; after "action:" comes the game's own action type, which may hold "_".
TOPIC = re.compile(r"[a-z]+:[a-z0-9]+(?:[-_][a-z0-9]+)*")
PLACES = ("status", "board", "log", "params")  # the page's places a step may point at (the box beside the board: #params)
# A phone screen shows about this much of a paragraph without scrolling past it.
MOST_WORDS = 70
MOST_ITEM_WORDS = 35


def _data(pkg: str, name: str) -> Any:
    """A page file, read the way the page reads it: through the kit's `load_data`."""
    return load_data(f"tabletown.games.{pkg}", SUBFOLDER.get(pkg, "") + name.removesuffix(".json"))


def _spec(pkg: str) -> Any:
    return next(s for s in games.SPECS if games.package_of(s.id) == pkg)


def _paragraphs(page: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for s in page["sections"] for p in s["paragraphs"]}


def _words(text: str) -> int:
    return len(text.split())


def _sentences(text: str) -> int:
    """Sentences end with . ! or ? (a closing quote may follow) before a capital letter or the end."""
    return len(re.findall(r"[.!?][\"')]*(?=\s+[A-Z0-9\"(]|\s*$)", text.strip()))


@pytest.mark.parametrize("pkg", WITH_PAGES)
def test_every_written_game_has_its_three_files(pkg: str) -> None:
    for name in ("rules.json", "rule_index.json", "guide.json"):
        assert _file(pkg, name).is_file(), f"{pkg} has no {_file(pkg, name).relative_to(GAMES_DIR)}"


@pytest.mark.parametrize("pkg", CHECKED)
def test_rules_page_has_the_documented_shape(pkg: str) -> None:
    page = _data(pkg, "rules.json")
    assert set(page) == {"title", "sections"}
    assert page["title"] == f"How to play {_spec(pkg).title}"
    assert isinstance(page["sections"], list) and page["sections"]
    for section in page["sections"]:
        assert set(section) == {"id", "title", "paragraphs"}, section.get("id")
        assert isinstance(section["title"], str) and section["title"].strip() == section["title"] != ""
        assert isinstance(section["paragraphs"], list) and section["paragraphs"], f"section {section['id']} is empty"
        for p in section["paragraphs"]:
            assert {"id", "text"} <= set(p) <= {"id", "text", "items", "see"}, p.get("id")
            assert isinstance(p["text"], str)
            assert isinstance(p.get("items", []), list) and isinstance(p.get("see", []), list)
            assert "items" not in p or p["items"], f"{p['id']}: an empty list of items"
            assert "see" not in p or p["see"], f"{p['id']}: an empty list of links"


@pytest.mark.parametrize("pkg", CHECKED)
def test_ids_are_short_hyphenated_and_unique_within_the_game(pkg: str) -> None:
    page = _data(pkg, "rules.json")
    ids = [s["id"] for s in page["sections"]] + [p["id"] for s in page["sections"] for p in s["paragraphs"]]
    ids += [step["id"] for step in _data(pkg, "guide.json")["steps"]]
    for i in ids:
        assert isinstance(i, str) and ID.fullmatch(i) and len(i) <= 32, f"{pkg}: bad id {i!r}"
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    assert not dupes, f"{pkg}: ids used twice: {dupes}"


@pytest.mark.parametrize("pkg", CHECKED)
def test_no_paragraph_is_empty_and_each_reads_on_a_phone(pkg: str) -> None:
    for pid, p in _paragraphs(_data(pkg, "rules.json")).items():
        assert isinstance(p["text"], str) and _words(p["text"]) >= 2, f"{pkg}: {pid} says nothing: {p['text']!r}"
        for text in [p["text"]] + p.get("items", []):
            assert isinstance(text, str) and text.strip() == text != "", f"{pkg}: {pid} {text!r}"
            assert "  " not in text, f"{pkg}: {pid} has a double space"
            assert text[-1] in ".:!?\"'", f"{pkg}: {pid} does not end a sentence: {text!r}"
        assert _words(p["text"]) <= MOST_WORDS, f"{pkg}: {pid} has {_words(p['text'])} words (at most {MOST_WORDS})"
        for item in p.get("items", []):
            assert _words(item) <= MOST_ITEM_WORDS, f"{pkg}: an item of {pid} is too long: {item!r}"
        if "items" in p:
            assert p["text"].endswith(":"), f"{pkg}: {pid} lists items, so its text should lead into them with ':'"


@pytest.mark.parametrize("pkg", CHECKED)
def test_every_see_link_lands_on_another_paragraph(pkg: str) -> None:
    paragraphs = _paragraphs(_data(pkg, "rules.json"))
    for pid, p in paragraphs.items():
        for target in p.get("see", []):
            assert target in paragraphs, f"{pkg}: {pid} links to {target!r}, which is no paragraph"
            assert target != pid, f"{pkg}: {pid} links to itself"
        assert len(set(p.get("see", []))) == len(p.get("see", [])), f"{pkg}: {pid} links twice to one paragraph"


@pytest.mark.parametrize("pkg", CHECKED)
def test_rule_index_names_topics_and_each_lands_on_a_paragraph(pkg: str) -> None:
    index = _data(pkg, "rule_index.json")
    paragraphs = _paragraphs(_data(pkg, "rules.json"))
    assert isinstance(index, dict) and index
    for topic, pid in index.items():
        assert TOPIC.fullmatch(topic), f"{pkg}: topic {topic!r} is not '<kind>:<name>' in lower case"
        assert pid in paragraphs, f"{pkg}: {topic} points to {pid!r}, which is no paragraph"


@pytest.mark.parametrize("pkg", CHECKED)
def test_guide_is_a_short_first_turn_whose_steps_point_at_the_screen(pkg: str) -> None:
    guide = _data(pkg, "guide.json")
    index = _data(pkg, "rule_index.json")
    paragraphs = _paragraphs(_data(pkg, "rules.json"))
    assert set(guide) <= {"steps", "about"}
    steps = guide["steps"]
    stages = {step.get("stage", "") for step in steps}
    if stages == {""}:
        assert 5 <= len(steps) <= 9, f"{pkg}: {len(steps)} steps (a first turn takes 5 to 9)"
    else:  # a guide in stages shows each one by itself, on the screen it speaks of
        for stage in stages:
            count = sum(step.get("stage", "") == stage for step in steps)
            assert 1 <= count <= 5, f"{pkg}: stage {stage!r} has {count} steps (one screen's worth is 1 to 5)"
    for step in steps:
        assert {"id", "title", "text", "points_at", "rule"} <= set(step) <= {
            "id", "title", "text", "points_at", "rule", "stage", "when"}, step.get("id")
        assert step["title"].strip() == step["title"] != ""
        assert 1 <= _sentences(step["text"]) <= 2, f"{pkg}: {step['id']} should say it in one or two sentences"
        assert step["rule"] in paragraphs, f"{pkg}: {step['id']} links to {step['rule']!r}, which is no paragraph"
        place = step["points_at"]
        if place.startswith("control:"):
            assert place[len("control:"):] in index, f"{pkg}: {step['id']} points at an unknown topic {place!r}"
        elif place.startswith("part:"):
            assert place[len("part:"):] in _board_parts(pkg), f"{pkg}: {step['id']} points at no board part: {place!r}"
        else:
            assert place in PLACES, f"{pkg}: {step['id']} points at {place!r}"


@pytest.mark.parametrize("text, count", [
    ("One sentence.", 1),
    ("Tap \"Fight!\" now. Then wait.", 2),
    ("Initiative 7 beats 6.5 here.", 1),
    ("Roll (+Max MVMT). Add it! Done?", 3),
])
def test_sentence_count_of_guide_texts(text: str, count: int) -> None:
    assert _sentences(text) == count


# --- the index covers what the game puts in front of a player --------------------------------

# Seat counts and options to play, so that every mode's actions come up.
PLAYOUTS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "tavern_tussle": [(2, {}), (3, {"advanced": True}), (4, {"advanced": True})],
    "torches_and_pitchforks": [(2, {"target": 20}), (3, {"target": 20}), (5, {"target": 20})],
    "tumble_town": [(1, {"mode": "outlaw"}), (1, {"mode": "sole-surveyor"}), (2, {}), (3, {"town": "dueling"}),
                    (4, {"town": "cactus"})],
    "townsfolk_tussle": [(3, {}), (2, {"town_map": "rough"})],
    "ruthless": [(2, {}), (2, {"scenario": "riding-shotgun"}), (3, {"scenario": "gunfight", "small": True}),
                 (4, {"scenario": "gunfight", "posse1": "build", "table": "ranch"}), (2, {"scenario": "campaign"})],
}


def _game_module(pkg: str) -> Optional[Any]:
    try:
        return importlib.import_module(f"tabletown.games.{pkg}.game")
    except ModuleNotFoundError:
        return None


def _phase(state: dict[str, Any]) -> Optional[str]:
    """Where a game keeps the name of the step it is in: `phase`, or the kind of its `stage`."""
    if isinstance(state.get("phase"), str):
        return state["phase"]
    stage = state.get("stage")
    for key in ("kind", "k"):
        if isinstance(stage, dict) and isinstance(stage.get(key), str):
            return stage[key]
    return None


def _random_games(game: Any, seats: int, options: dict[str, Any], seeds: range) -> tuple[set[str], set[str], set[str]]:
    """The action types, the phases and the topics of `Rules.topic` met in seeded random games."""
    rules = game.RULES
    types: set[str] = set()
    phases: set[str] = set()
    topics: set[str] = set()
    for seed in seeds:
        state = rules.setup(seed, seats, game.SPEC.normalize(seats, options))
        rng = Rng(seed_state(seed))
        for _ in range(4000):
            phase = _phase(state)
            if phase:
                phases.add(phase)
            active = rules.active(state)
            if not active:
                break
            seat = active[0]
            topic = rules.topic(state, seat)
            if topic is not None:
                topics.add(topic)
            actions = rules.legal(state, seat)
            types.update(a["type"] for a in actions)
            result = rules.apply(state, seat, actions[rng.below(len(actions))])
            state = result[0] if isinstance(result, tuple) else result
    return types, phases, topics


@pytest.mark.parametrize("pkg", WITH_PAGES)
def test_rule_index_names_every_action_phase_and_prompt_topic_the_game_offers(pkg: str) -> None:
    """Every action type and phase met in play has an "action:…"/"phase:…" topic, and every
    topic the game's `Rules.topic` names for its prompt is a key of the index."""
    game = _game_module(pkg)
    if game is None:
        pytest.skip(f"{pkg} has no rules engine on this branch yet")
    index = _data(pkg, "rule_index.json")
    types: set[str] = set()
    phases: set[str] = set()
    topics: set[str] = set()
    for seats, options in PLAYOUTS[pkg]:
        t, p, k = _random_games(game, seats, options, range(1, 3))
        types |= t
        phases |= p
        topics |= k
    assert types, f"{pkg}: the random games offered no action at all"
    missing = sorted(f"action:{t}" for t in types if f"action:{t}" not in index)
    missing += sorted(f"phase:{p}" for p in phases if f"phase:{p}" not in index)
    missing += sorted(t for t in topics if t not in index)
    assert not missing, f"{pkg}: rule_index.json has no paragraph for {missing}"


def _board_parts(pkg: str) -> set[str]:
    """The keys of the keyed parts of the game's board at the start of a game."""
    game = _game_module(pkg)
    assert game is not None, f"{pkg}: a guide points at board parts, but the game has no board yet"
    seats = PLAYOUTS[pkg][0][0]
    state = game.RULES.setup(1, seats, game.SPEC.normalize(seats, PLAYOUTS[pkg][0][1]))
    view = game.RULES.view(state, 0)
    ui = {"viewer": 0, "legal": game.RULES.legal(state, 0), "params": [], "armed": None, "cursor": None,
          "names": [f"Player {i + 1}" for i in range(seats)]}
    drawing = game.render(view, ui)
    return {key for key, _ in getattr(drawing, "parts", [])}


# --- the board says what each thing on it is about -----------------------------------------------

# Games whose boards mark their main elements with `data-topic`, and the topics a few seeded
# games must show (the models, the table's cover and rough ground, the cards, the reach and
# the range bands of the character who acts).
BOARD_TOPICS: dict[str, set[str]] = {
    "ruthless": {"board:model", "board:hard-cover", "board:soft-cover", "board:rough", "card:hand", "card:initiative",
                 "card:character", "board:reach", "board:range-short", "board:range-long", "board:area"},
}
DATA_TOPIC = re.compile(r'data-topic="([^"]*)"')


def _board_topics(game: Any, seats: int, options: dict[str, Any], seed: int, steps: int) -> set[str]:
    """Every `data-topic` on the boards shown to the active seat through a seeded random game."""
    rules = game.RULES
    state = rules.setup(seed, seats, game.SPEC.normalize(seats, options))
    rng = Rng(seed_state(seed))
    found: set[str] = set()
    for _ in range(steps):
        active = rules.active(state)
        if not active:
            break
        seat = active[0]
        legal = rules.legal(state, seat)
        ui = {"viewer": seat, "legal": legal, "params": rules.params(state, seat), "armed": None, "cursor": None,
              "names": [f"Player {i + 1}" for i in range(seats)]}
        drawing = game.render(rules.view(state, seat), ui)
        found |= {t for _, svg in drawing.parts for t in DATA_TOPIC.findall(svg)}
        result = rules.apply(state, seat, legal[rng.below(len(legal))])
        state = result[0] if isinstance(result, tuple) else result
    return found


@pytest.mark.parametrize("pkg", sorted(BOARD_TOPICS))
def test_board_topics_are_index_keys_and_mark_the_main_elements(pkg: str) -> None:
    game = _game_module(pkg)
    assert game is not None
    index = _data(pkg, "rule_index.json")
    found: set[str] = set()
    for seats, options in PLAYOUTS[pkg]:
        found |= _board_topics(game, seats, options, 1, 150)
    unknown = sorted(t for t in found if t not in index)
    assert not unknown, f"{pkg}: the board asks about topics the index does not know: {unknown}"
    missing = sorted(BOARD_TOPICS[pkg] - found)
    assert not missing, f"{pkg}: no board element carries {missing}"


# --- the board marks what a player may ask about ------------------------------------------------

# What each of these games' boards must mark with `data-topic` somewhere along its random games
# (the other games check their boards in their own test files).
MUST_DRAW: dict[str, set[str]] = {
    "townsfolk_tussle": {
        "board:grid", "card:obstacle", "card:feature", "board:terrain", "board:ruffian", "board:facing",
        "board:ruffian-hp", "board:breaking-point", "card:townsfolk", "board:gear-slots", "card:gear",
        "board:peddler-table", "card:peddler-gear", "board:price", "board:town-map", "board:bar", "card:action",
        "card:crit-hit", "board:start-square", "board:attack-range", "action:move", "action:attack", "action:end",
    },
}


@functools.lru_cache(maxsize=None)
def _drawn_topics(pkg: str) -> frozenset[str]:
    """Every `data-topic` the board draws on the screen of the seat to act, along seeded random games."""
    game = _game_module(pkg)
    assert game is not None
    rules = game.RULES
    seen: set[str] = set()
    for seats, options in PLAYOUTS[pkg]:
        state = rules.setup(1, seats, game.SPEC.normalize(seats, options))
        rng = Rng(seed_state(1))
        for _ in range(400):
            active = rules.active(state)
            seat = active[0] if active else 0
            legal = rules.legal(state, seat) if active else []
            ui = {"viewer": seat, "legal": legal, "params": [], "armed": None, "cursor": None,
                  "names": [f"Player {i + 1}" for i in range(seats)]}
            seen |= set(re.findall(r'data-topic="([^"]*)"', str(game.render(rules.view(state, seat), ui))))
            if not active:
                break
            result = rules.apply(state, seat, legal[rng.below(len(legal))])
            state = result[0] if isinstance(result, tuple) else result
    return frozenset(seen)


@pytest.mark.parametrize("pkg", sorted(MUST_DRAW))
def test_every_topic_the_board_draws_is_a_key_of_the_index(pkg: str) -> None:
    index = _data(pkg, "rule_index.json")
    drawn = _drawn_topics(pkg)
    assert not sorted(drawn - set(index)), f"{pkg}: the board names topics the index lacks"
    assert not sorted(MUST_DRAW[pkg] - drawn), f"{pkg}: the board never marks these"


@pytest.mark.parametrize("pkg", sorted(MUST_DRAW))
def test_every_guide_step_pointing_at_a_control_finds_it_drawn(pkg: str) -> None:
    """A step's `control:<topic>` lights up the board element carrying that topic."""
    drawn = _drawn_topics(pkg)
    for step in _data(pkg, "guide.json")["steps"]:
        place = step["points_at"]
        if place.startswith("control:"):
            assert place[len("control:"):] in drawn, f"{pkg}: {step['id']} points at {place!r}, never drawn"


def test_townsfolk_tussle_links_final_fight_prompts_to_the_final_fight_rules() -> None:
    """In the Final Fight the starting square, the sheriff's turn and the others' turns link to its
    own rules; a gear question links by what the gear is chosen for; a finished game to the results."""
    game = _game_module("townsfolk_tussle")
    assert game is not None
    rules = game.RULES
    index = _data("townsfolk_tussle", "rule_index.json")
    state = rules.setup(1, 3, game.SPEC.normalize(3, {}))
    rng = Rng(seed_state(1))
    while _phase(state) != "turn":
        seat = rules.active(state)[0]
        legal = rules.legal(state, seat)
        state = rules.apply(state, seat, legal[rng.below(len(legal))])[0]
    seat = rules.active(state)[0]
    other = next(s for s in range(3) if s != seat)
    assert rules.topic(state, seat) == "prompt:turn"
    assert rules.topic(state, other) == "prompt:waiting"
    final = dict(state, fight=dict(state["fight"], final=True, sheriff=seat))
    assert rules.topic(final, seat) == "prompt:sheriff-turn"
    assert index["prompt:sheriff-turn"] == "ff-lose"
    final["fight"]["sheriff"] = other
    assert rules.topic(final, seat) == "prompt:final-turn"
    assert rules.topic(dict(final, stage={"kind": "position", "seat": seat}), seat) == "prompt:final-position"
    assert rules.topic(dict(state, stage={"kind": "position", "seat": seat}), seat) == "prompt:position"
    ask = {"base": state, "job": [seat, {"type": "end"}], "answers": [], "emitted": 0}
    for why, topic in (("attack", "prompt:gear-attack"), ("discard", "prompt:gear-discard"), ("loot", "prompt:gear")):
        q = {"seat": seat, "k": "gear", "opts": ["x", "y"], "why": why}
        assert rules.topic(dict(state, pending=dict(ask, q=q)), seat) == topic
    q = {"seat": other, "k": "push", "opts": [[0, 0], [0, 1]]}
    assert rules.topic(dict(state, pending=dict(ask, q=q)), other) == "prompt:push"
    assert rules.topic(dict(state, pending=dict(ask, q=q)), seat) == "prompt:waiting"
    assert rules.topic(dict(state, result={"won": True}), seat) == "prompt:game-over"
