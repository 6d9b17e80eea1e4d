"""The game kit: specs, events, zones, the move object, reactions, content, words and the registry."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletown import games
from tabletown.engine import reactions
from tabletown.engine.content import Catalog, ContentError, Effects, rows_with_defaults
from tabletown.engine.events import Events, is_barrier, phrase
from tabletown.engine.move import Move
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.spec import BadSetup, Choice, Flag, GameSpec, Number
from tabletown.engine.words import and_list, noun, or_list, plural, verb
from tabletown.engine.zones import HIDDEN, OWNER, Zone, Zones
from tests.conformance import check_playouts

ROOT = Path(__file__).resolve().parents[2]

SPEC = GameSpec(
    id="demo", title="Demo", tagline="", seats=(1, 4),
    options=(Flag("fast", "Fast game"), Choice("deck", "Deck", ("short", "long"), "short", for_seats=(3, 4)),
             Number("rounds", "Rounds", 1, 9, 3)),
)


# --- specs and options -------------------------------------------------------------------------

def test_options_fill_defaults_and_keep_only_canonical_values():
    assert SPEC.normalize(2, {}) == {"fast": False, "deck": "short", "rounds": 3}
    assert SPEC.normalize(3, {"deck": "long", "rounds": 9}) == {"fast": False, "deck": "long", "rounds": 9}


@pytest.mark.parametrize("options, message", [
    ({"fast": 1}, "Fast game"),            # 1 == True in Python, but not a JSON bool
    ({"rounds": 3.0}, "Rounds"),           # 3.0 == 3 in Python
    ({"rounds": True}, "Rounds"),
    ({"rounds": 0}, "Rounds"), ({"rounds": 10}, "Rounds"),   # either side of 1..9
    ({"deck": "long"}, "not available with 2"),
    ({"colour": "red"}, "Unknown option"),
])
def test_options_of_the_wrong_type_or_value_are_refused(options, message):
    with pytest.raises(BadSetup, match=message):
        SPEC.normalize(2, options)


def test_option_bounds_are_inclusive():
    assert SPEC.normalize(2, {"rounds": 1})["rounds"] == 1 and SPEC.normalize(2, {"rounds": 9})["rounds"] == 9


def test_options_from_text_follow_strict_patterns():
    assert SPEC.parse_link_options(3, {"fast": "true", "rounds": "4", "deck": "long"}) == {"fast": True, "deck": "long", "rounds": 4}
    for bad in ({"rounds": "²"}, {"rounds": "4.0"}, {"rounds": "1" * 100}, {"fast": "perhaps"}, {"deck": "LONG"}):
        with pytest.raises(BadSetup):
            SPEC.parse_link_options(3, bad)


def test_seat_counts_are_checked_on_both_sides():
    SPEC.check_seats(1)
    SPEC.check_seats(4)
    for n in (0, 5):
        with pytest.raises(BadSetup, match="1–4 players"):
            SPEC.check_seats(n)


# --- the registry ------------------------------------------------------------------------------

def test_the_registry_is_built_from_the_specs():
    assert [s.id for s in games.SPECS] == ["tavern-tussle", "torches-and-pitchforks", "tumble-town", "ruthless",
                                          "townsfolk-tussle"]
    for game_id in games.ready_ids():
        assert games.load(game_id).SPEC is games.BY_ID[game_id]
    with pytest.raises(KeyError):
        games.load("chess")


def test_the_engine_imports_no_game():
    code = ("import sys, pkgutil, importlib, tabletown.engine as e\n"
            "for m in pkgutil.iter_modules(e.__path__): importlib.import_module('tabletown.engine.' + m.name)\n"
            "print(any(name.startswith('tabletown.games') for name in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "py")}, check=True).stdout.strip()
    assert out == "False"
    for path in (ROOT / "py" / "tabletown" / "engine").glob("*.py"):
        text = path.read_text().lower()
        for name in ("tavern", "torches", "tumble", "ruthless", "townsfolk"):
            assert name not in text, f"{path.name} names a game ({name})"


def test_a_game_package_opens_with_its_spec_and_imports_nothing_heavy():
    for pkg in games.PACKAGES:
        source = (ROOT / "py" / "tabletown" / "games" / pkg / "__init__.py").read_text()
        imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
        assert imports == ["from tabletown.engine.spec import " + imports[0].split(" import ")[1]], pkg


# --- events ------------------------------------------------------------------------------------

def test_rolls_and_shuffles_are_recorded_and_make_barriers():
    rng = Rng(seed_state(1))
    ev = Events()
    ev.add("pick", seat=0)
    assert not is_barrier(ev)
    value = ev.roll(rng, 10, seat=1)
    assert 1 <= value <= 10 and ev[-1] == {"t": "roll", "sides": 10, "value": value, "seat": 1}
    assert is_barrier(ev)
    assert is_barrier([{"t": "shuffle", "zone": "deck"}]) and is_barrier([{"t": "reveal"}])
    assert is_barrier([{"t": "move", "barrier": True}]) and not is_barrier([{"t": "move"}])


def test_the_phrasebook_writes_one_line_and_refuses_unknown_events():
    book = {"pick": lambda e: "{seat%d} picks." % e["seat"], "roll": lambda e: f"Rolled {e['value']}.",
            "quiet": lambda e: None}
    assert phrase([{"t": "pick", "seat": 1}, {"t": "quiet"}, {"t": "roll", "value": 4}], book) == "{seat1} picks. Rolled 4."
    with pytest.raises(KeyError, match="no entry"):
        phrase([{"t": "mystery"}], book)


# --- zones ---------------------------------------------------------------------------------------

ZONES = Zones(
    Zone("deck", HIDDEN, pool="cards"),
    Zone("hands.*", OWNER, pool="cards"),
    Zone("players.*.secret", OWNER, pool="styles"),
)


def sample_state():
    return {"rng": [1, 2, 3, 4], "deck": [7, 8, 9], "hands": [[1, 2], [3]], "discard": [5],
            "players": [{"secret": "red", "score": 1}, {"secret": None, "score": 2}]}


def test_a_view_masks_what_the_seat_may_not_see_and_keeps_sizes():
    view = ZONES.mask(sample_state(), 0)
    assert view == {"deck": [None, None, None], "hands": [[1, 2], [None]], "discard": [5],
                    "players": [{"secret": "red", "score": 1}, {"secret": None, "score": 2}]}
    spectator = ZONES.mask(sample_state(), None)
    assert spectator["hands"] == [[None, None], [None]] and spectator["players"][0]["secret"] == "?"


def test_scrambling_hidden_values_keeps_each_view():
    state = sample_state()
    for seat in (0, 1, None):
        for k in range(5):
            scrambled = ZONES.scramble(state, seat, Rng(seed_state(k)))
            assert ZONES.mask(scrambled, seat) == ZONES.mask(state, seat)
            assert scrambled["rng"] != state["rng"]


def test_determinize_fills_masked_places_from_the_unseen_values():
    state = sample_state()
    view = ZONES.mask(state, 1)

    def unseen(v, pool):
        return {"cards": [1, 2, 7, 8, 9, 4], "styles": ["red", "blue"]}[pool]

    world = ZONES.determinize_from(view, 1, Rng(seed_state(3)), unseen)
    assert ZONES.mask(world, 1) == view
    assert set(world["deck"] + world["hands"][0]) <= {1, 2, 4, 7, 8, 9}
    assert len(world["deck"]) == 3 and len(world["hands"][0]) == 2 and world["hands"][1] == [3]
    assert world["players"][0]["secret"] in ("red", "blue") and "rng" in world
    with pytest.raises(ValueError, match="unseen"):
        ZONES.determinize_from(view, 1, Rng(seed_state(3)), lambda v, pool: [1])


# --- the move object ----------------------------------------------------------------------------

def test_a_move_records_draws_privately_and_reveals_publicly():
    state = sample_state()
    t = Move(state, ZONES)
    drawn = t.draw("deck", "hands.1")
    assert drawn == [9] and t.s["hands"][1] == [3, 9] and state["deck"] == [7, 8, 9]  # the input is untouched
    assert t.ev[-1] == {"t": "move", "from": "deck", "to": "hands.1", "what": None, "private": 1, "secret": 9}
    t.move(9, "hands.1", "discard")
    assert t.ev[-1]["what"] == 9 and t.ev[-1]["barrier"] is True
    value = t.roll(6, seat=0)
    assert t.ev[-1]["value"] == value and is_barrier(t.ev)


# --- reactions -------------------------------------------------------------------------------------

def test_a_one_round_window_asks_each_seat_once_and_closes_at_a_reaction():
    w = reactions.open_window("cancel", [2, 3, 0])
    assert reactions.asked(w) == 2
    w = reactions.passed(w)
    assert reactions.asked(w) == 3
    w2 = reactions.reacted(w)
    assert reactions.closed(w2) and reactions.asked(w2) is None
    w = reactions.passed(reactions.passed(w))
    assert reactions.closed(w)


def test_an_all_pass_window_goes_round_until_everyone_passes_in_a_row():
    w = reactions.open_window("fight", [1, 0], until=reactions.ALL_PASS)
    w = reactions.passed(w)                # 1 passes
    w = reactions.reacted(w)               # 0 plays: the round starts again
    assert reactions.asked(w) == 1
    w = reactions.passed(w)
    assert not reactions.closed(w) and reactions.asked(w) == 0
    w = reactions.passed(w)
    assert reactions.closed(w)
    assert reactions.closed(reactions.open_window("empty", []))
    assert reactions.seats_from(2, 4, skip=[3]) == [2, 0, 1]


# --- content ---------------------------------------------------------------------------------------

def test_rows_take_the_defaults_and_ids_are_unique():
    rows = rows_with_defaults("monsters", {"defaults": {"copies": 1, "effect": None},
                                           "rows": [{"id": "rat", "power": 4}, {"id": "ape", "copies": 2}]})
    cat = Catalog("monsters", rows)
    assert cat["rat"] == {"copies": 1, "effect": None, "id": "rat", "power": 4}
    assert len(cat) == 2 and cat.count("copies") == 3
    with pytest.raises(ContentError, match="twice"):
        Catalog("x", [{"id": 1}, {"id": 1}])
    with pytest.raises(ContentError):
        rows_with_defaults("x", {"rows": [1]})


def test_effects_named_and_handlers_registered_must_match():
    fx = Effects("demo")

    @fx.handler("heal")
    def heal(target, amount):
        return target + amount

    @fx.handler("unused")
    def unused():
        return None

    cat = Catalog("cards", [{"id": "a", "effect": "heal"}, {"id": "b", "effect": "burn"}, {"id": "c", "effect": None}])
    assert fx.problems([cat]) == ["no handler for the effect 'burn'", "the handler 'unused' is never used"]
    assert fx("heal", 2, 3) == 5
    with pytest.raises(ContentError):
        fx("burn")
    with pytest.raises(ContentError, match="two handlers"):
        fx.handler("heal")(heal)


# --- words ------------------------------------------------------------------------------------------

def test_lists_and_plurals_read_as_english():
    assert and_list([]) == "" and and_list(["Ann"]) == "Ann" and and_list(["Ann", "Bob"]) == "Ann and Bob"
    assert and_list(["Ann", "Bob", "Cy"]) == "Ann, Bob and Cy" and or_list(["a", "b"]) == "a or b"
    assert plural(0, "player") == "0 players" and plural(1, "player") == "1 player" and plural(2, "die", "dice") == "2 dice"
    assert noun(1, "card") == "card" and verb(1, "is", "are") == "is" and verb(2, "is", "are") == "are"


# --- the toy game plays by the kit's contract --------------------------------------------------------

@pytest.mark.parametrize("seats", [2, 3])
def test_the_toy_game_passes_the_conformance_suite(toy, seats):
    outcomes = check_playouts(toy, seats, {}, games=6, secrets_every=1)
    assert all(o["kind"] == "ranked" for o in outcomes)


def test_conformance_catches_a_view_that_leaks_a_hidden_card(toy, monkeypatch):
    def leaky(state, view, seat):
        view["derived"] = {"over": False, "picked": [], "deck_top": state["deck"][-1] if state["deck"] else None}

    monkeypatch.setattr(toy.RULES, "derive", leaky)
    with pytest.raises(AssertionError, match="may not know"):
        check_playouts(toy, 2, {}, games=1, secrets_every=1)


def test_conformance_catches_a_roll_without_an_event(toy, monkeypatch):
    real = toy.RULES.apply

    def sneaky(state, seat, action):
        after, events = real(state, seat, action)
        Rng(after["rng"]).below(6)
        return after, [e for e in events if e["t"] not in ("roll", "shuffle", "reveal")]

    monkeypatch.setattr(toy.RULES, "apply", sneaky)
    with pytest.raises(AssertionError, match="PRNG"):
        check_playouts(toy, 2, {}, games=1)


def test_records_are_plain_json_after_a_kit_game(toy):
    from tabletown.engine.session import Session, new_record

    session = Session(toy, new_record(toy, [{"kind": "human"}, {"kind": "bot"}], {}, seed=2))
    while session.active():
        seat = session.active()[0]
        if session.is_bot(seat):
            session.bot_move(seat)
        else:
            session.apply(seat, toy.RULES.legal(session.state, seat)[0])
    assert json.loads(json.dumps(session.record)) == session.record
    assert session.outcome()["winners"]


def test_a_cloned_state_is_equal_independent_and_keeps_its_types():
    from tabletown.engine.state import clone

    shared = [1, 2]
    state = {"a": shared, "b": shared, "flag": True, "n": 1, "none": None, "text": "é", "deep": [{"x": [3]}]}
    copy = clone(state)
    assert copy == state and list(copy) == list(state)
    assert copy["a"] is not shared and copy["a"] is not copy["b"]
    assert copy["flag"] is True and type(copy["n"]) is int
    copy["deep"][0]["x"].append(4)
    assert state["deep"][0]["x"] == [3]
