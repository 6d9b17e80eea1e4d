"""The Townsfolk Tussle content language (docs/content/townsfolk-tussle.md, part B), one word at a
time: every step word and every condition word, run on its own on a plain board, does what the
guide says it does; and every word the vocabulary lists, and every word the content uses, has a
handler in the interpreter.

The board: Qing & Kween (the Ruffian, 2 × 2 squares) on F6–G7 facing south, no terrain; Henlo
(seat 0) on C3, Melba (seat 1) on C4, Quintus (seat 2) far away on J10. It is Henlo's turn.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle import vocabulary
from tabletown.games.townsfolk_tussle.lang.conditions import NEEDS, PREDICATE_ORDER
from tabletown.games.townsfolk_tussle.match import Match
from tabletown.games.townsfolk_tussle.play import Ctx, R, Suspend
from tests.unit.test_townsfolk_support import Table, dice, level_dmg
from tests.unit.test_townsfolk_tussle_ruffian_told import open_field

HENLO, MELBA, QUINTUS = 0, 1, 2
COMBINATORS = ("not", "any", "all")
CONDITION_FIELDS = ("if", "state", "filter") + COMBINATORS  # where the content writes conditions



def board() -> Table:
    return open_field(henlo=(2, 2), melba=(2, 3), quintus=(9, 9))


def context(kind: str = "townsfolk", owner: Any = HENLO, **fields: Any) -> Ctx:
    ctx = Ctx(kind, owner, row="test-row", this=fields.pop("this", None), event=fields.pop("event", None),
              chosen=fields.pop("chosen", None))
    for name, value in fields.items():
        setattr(ctx, name, value)
    return ctx


def run(t: Table, *steps: dict[str, Any], ctx: Ctx | None = None, answers: tuple = ()) -> Match:
    """Run `steps` as content of `ctx` (Henlo's own ability by default) on the table's state, as the
    rules do: a question the `answers` do not answer gets its first option, and the steps are run
    again from the start with that answer (see play.py, `Suspend`)."""
    base = copy.deepcopy(t.state)
    given = list(answers)
    for _ in range(20):
        m = Match(copy.deepcopy(base), list(given))
        try:
            m.run(list(steps), copy.copy(ctx or context()))
        except Suspend as asked:
            given.append(asked.question["opts"][0])
            continue
        t.state = m.s
        return m
    raise AssertionError("the questions never end")


def holds(t: Table, cond: dict[str, Any], subject: Any = HENLO, ctx: Ctx | None = None) -> bool:
    return Match(t.state, []).holds(cond, ctx or context(), subject)


def folk(t: Table, seat: int) -> dict[str, Any]:
    return t.state["folk"][seat]


# =====================================================================================================
# Every word has a handler


def content_words() -> tuple[set[str], set[str]]:
    """The step words and the condition words the content's data files use."""
    steps: set[str] = set()
    conds: set[str] = set()

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, dict):
            if isinstance(node.get("do"), str):
                steps.add(node["do"])
            if key in CONDITION_FIELDS:  # a condition: its predicate word is one of its keys
                conds.update(w for w in node if w in vocabulary.PREDICATES)
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)

    for path in sorted(Path(C.__file__).with_name("data").glob("*.json")):
        walk(json.loads(path.read_text()))
    return steps, conds


def test_every_step_word_has_a_handler():
    missing = [w for w in vocabulary.STEPS if not callable(getattr(Match, "do_" + w.replace("-", "_"), None))]
    assert missing == []


def test_every_condition_word_has_a_handler_and_a_place_in_the_reading_order():
    words = [w for w in vocabulary.PREDICATES if w not in COMBINATORS]
    assert sorted(PREDICATE_ORDER) == sorted(words)
    missing = [w for w in words if not callable(getattr(Match, "cond_" + w.replace("-", "_"), None))]
    assert missing == []
    assert set(NEEDS) <= set(words)


def test_every_trigger_event_word_is_fired_by_the_rules():
    """A trigger `{"on": "moved"}` only ever runs if the rules fire "moved" somewhere."""
    package = Path(C.__file__).parent
    source = "".join(p.read_text() for p in package.rglob("*.py"))
    fired = set(re.findall(r'fire\(\s*"([a-z-]+)"', source))
    assert [w for w in vocabulary.EVENTS if w not in fired] == []


def test_every_modifier_kind_is_read_by_the_rules():
    """A modifier `{"mod": "price"}` only ever changes anything if the rules ask for "price" mods."""
    package = Path(C.__file__).parent
    rules = [package / f"{name}.py" for name in ("stats", "fight", "movement", "ruffian", "town", "play")]
    source = "".join(p.read_text() for p in rules + sorted((package / "lang").glob("*.py")))
    assert [kind for kind in vocabulary.MODS if f'"{kind}"' not in source] == []


def test_every_named_effect_the_content_uses_has_a_handler():
    named: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("do") == "effect":
                named.add(node["effect"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for path in sorted(Path(C.__file__).with_name("data").glob("*.json")):
        walk(json.loads(path.read_text()))
    assert named and [name for name in sorted(named) if name not in C.EFFECTS] == []


def test_every_word_the_content_uses_is_in_the_vocabulary():
    steps, conds = content_words()
    assert steps and conds
    assert steps <= set(vocabulary.STEPS)
    assert conds <= set(vocabulary.PREDICATES)


# =====================================================================================================
# Steps about DMG, HP and stats


def test_dmg_takes_hp_from_whoever_it_names():
    t = board()
    run(t, {"do": "dmg", "who": "self", "amount": 2})
    assert folk(t, HENLO)["hp"] == Match(t.state, []).max_hp(HENLO) - 2


def test_dmg_with_a_range_misses_townsfolk_farther_from_the_ruffian():
    t = board()
    t.put(HENLO, [4, 5])  # next to the Ruffian
    henlo, quintus = folk(t, HENLO)["hp"], folk(t, QUINTUS)["hp"]
    m = run(t, {"do": "dmg", "who": "team", "amount": 1, "range": 1}, ctx=context("card", R))
    assert folk(t, HENLO)["hp"] == henlo - 1 - level_dmg(t)  # and what the Ruffian's level adds
    assert folk(t, QUINTUS)["hp"] == quintus  # J10 is far out of range 1
    assert any(e["t"] == "out_of_range" for e in m.ev)


def test_bonus_dmg_adds_to_the_attack_being_made():
    t = board()
    attack = {"bonus": 0}
    run(t, {"do": "bonus-dmg", "amount": 2}, ctx=context(attack=attack))
    assert attack["bonus"] == 2


def test_attack_makes_a_free_attack_with_a_weapon():
    t = board()
    t.put(HENLO, [4, 5])  # next to the Ruffian's west side
    hp = t.state["fight"]["hp"]
    with dice(9):
        m = run(t, {"do": "attack", "with": "any", "free": True})
    assert any(e["t"] == "attack" for e in m.ev)
    assert t.state["fight"]["hp"] < hp


def test_heal_gives_hp_back_up_to_the_maximum():
    t = board()
    folk(t, HENLO)["hp"] = 5
    run(t, {"do": "heal", "who": "self", "amount": 3})
    assert folk(t, HENLO)["hp"] == 8
    run(t, {"do": "heal", "who": "self", "amount": "full"})
    assert folk(t, HENLO)["hp"] == Match(t.state, []).max_hp(HENLO)


def test_lower_and_raise_change_a_stat_until_the_time_given():
    t = board()
    mox = Match(t.state, []).stat(HENLO, "mox")
    run(t, {"do": "raise", "who": "self", "stat": "mox", "amount": 2, "until": "fight"})
    assert Match(t.state, []).stat(HENLO, "mox") == mox + 2
    run(t, {"do": "lower", "who": "self", "stat": "mox", "amount": 1, "until": "fight"})
    assert Match(t.state, []).stat(HENLO, "mox") == mox + 1


def test_restore_undoes_what_was_lowered():
    t = board()
    acc = Match(t.state, []).stat(HENLO, "acc")
    run(t, {"do": "lower", "who": "target", "stat": "acc", "amount": 2, "until": "fight"},
        ctx=context("card", R, targets=[HENLO]))
    assert Match(t.state, []).stat(HENLO, "acc") == acc - 2
    run(t, {"do": "restore", "who": "self", "stat": "all"})
    assert Match(t.state, []).stat(HENLO, "acc") == acc


def test_boost_gives_modifiers_for_a_while():
    t = board()
    run(t, {"do": "boost", "who": "self", "mods": [{"mod": "stat", "stat": "mvmt", "amount": 3}], "until": "fight"})
    assert [e["k"] for e in t.state["effects"]] == ["boost"]
    assert holds(t, {"boosted": "test-row"})


# =====================================================================================================
# Steps about gear and Coins


def test_unequip_puts_a_piece_back_in_the_stash():
    t = board()
    run(t, {"do": "unequip", "who": "self", "slot": "head"})
    assert folk(t, HENLO)["eq"]["head"] is None
    assert "straw-hat" in folk(t, HENLO)["stash"]


def test_discard_throws_a_piece_away():
    t = board()
    run(t, {"do": "discard", "who": "self", "gear": "this"}, ctx=context("gear", this="straw-hat"))
    assert "straw-hat" not in Match(t.state, []).owns(HENLO)


def test_steal_takes_a_piece_for_the_ruffian_and_recover_gets_it_back():
    t = board()
    run(t, {"do": "steal", "who": "target", "slot": "head"}, ctx=context("card", R, targets=[HENLO]))
    assert t.state["fight"]["stolen"] == [{"g": "straw-hat", "owner": HENLO}]
    assert "straw-hat" not in Match(t.state, []).owns(HENLO)
    run(t, {"do": "recover", "who": "team"})
    assert t.state["fight"]["stolen"] == []
    assert "straw-hat" in Match(t.state, []).owns(HENLO)


def test_gain_gear_puts_a_named_piece_in_the_stash():
    t = board()
    run(t, {"do": "gain-gear", "who": "self", "gear": "gold-tooth"})
    assert any(C.base_id(g) == "gold-tooth" for g in folk(t, HENLO)["stash"])


def test_search_peddler_takes_the_first_matching_card_of_the_peddler_deck():
    t = board()
    deck = len(t.state["peddler"]["deck"])
    run(t, {"do": "search-peddler", "who": "self", "for": {}, "price": "free"})
    assert len(folk(t, HENLO)["stash"]) == 1
    assert len(t.state["peddler"]["deck"]) == deck - 1


def test_take_from_shop_takes_a_piece_off_the_peddlers_table_in_town():
    t = Table()
    t.state["peddler"]["shop"] = ["tin-cup"] if "tin-cup" in C.GEAR else [t.state["peddler"]["deck"][-1]]
    piece = t.state["peddler"]["shop"][0]
    m = Match(t.state, [piece])
    m.run([{"do": "take-from-shop", "who": "self", "price": "free"}], context())
    assert piece in folk(t, HENLO)["stash"] and piece not in t.state["peddler"]["shop"]


def test_exchange_swaps_one_piece_for_another_when_both_agree():
    t = board()
    mine, theirs = "straw-hat", folk(t, MELBA)["eq"]["head"] or Match(t.state, []).owns(MELBA)[0]
    # Henlo asks Melba for a piece, offers the straw hat, and Melba says yes
    run(t, {"do": "exchange", "who": "self", "with": "any"}, answers=([MELBA, theirs], mine, True))
    assert theirs in Match(t.state, []).owns(HENLO) and mine in Match(t.state, []).owns(MELBA)


def test_coins_gives_or_takes_coins():
    t = board()
    run(t, {"do": "coins", "who": "self", "amount": 2})
    assert folk(t, HENLO)["coins"] == 17
    run(t, {"do": "coins", "who": "self", "amount": -20})
    assert folk(t, HENLO)["coins"] == 0


def test_counter_adds_counters_to_what_it_names():
    t = board()
    run(t, {"do": "counter", "on": "ruffian", "name": "debt", "amount": 2}, ctx=context("card", R))
    assert Match(t.state, []).counters_on(R) == {"debt": 2}


# =====================================================================================================
# Steps about cards, turns and the flow


def test_keep_leaves_the_action_card_in_front_of_its_targets():
    t = board()
    run(t, {"do": "keep", "with": "targets"}, ctx=context("card", R, card="qing-kween-twin-cleave", targets=[HENLO]))
    assert t.state["fight"]["kept"][0]["card"] == "qing-kween-twin-cleave"
    assert t.state["fight"]["kept"][0]["with"] == [HENLO]


def test_reshuffle_asks_for_the_action_deck_to_be_shuffled():
    t = board()
    run(t, {"do": "reshuffle"}, ctx=context("card", R))
    assert t.state["fight"]["reshuffle"] is True


def test_reveal_next_turns_the_next_action_card_face_up():
    t = board()
    top = t.state["fight"]["deck"][0]
    run(t, {"do": "reveal-next"})
    assert t.state["fight"]["top"] == top


def test_extra_action_gives_the_ruffian_one_more_action():
    t = board()
    run(t, {"do": "extra-action"}, ctx=context("card", R))
    assert t.state["fight"]["bonus"] == 1


def test_skip_action_makes_the_ruffian_skip_its_action():
    t = board()
    run(t, {"do": "skip-action"})
    assert t.state["fight"]["skip"] is True
    deck, discards = len(t.state["fight"]["deck"]), len(t.state["fight"]["disc"])
    m = Match(copy.deepcopy(t.state), [])
    m.ruffian_turn()  # its next turn: no action card is played, and the log says so
    told = [e["t"] for e in m.ev]
    assert "dozes" in told and "card" not in told
    assert (len(m.s["fight"]["deck"]), len(m.s["fight"]["disc"])) == (deck, discards)
    assert "skip" not in m.s["fight"]  # one turn only


def test_end_turn_ends_the_townsfolks_turn():
    t = board()
    run(t, {"do": "end-turn"})
    assert t.state["fight"]["end_turn"] is True


def test_stop_ends_the_movement_in_progress():
    t = board()
    m = run(t, {"do": "stop"})
    assert m.stop_move is True


def test_weakness_activates_the_ruffians_weakness():
    t = board()
    run(t, {"do": "weakness"})
    assert t.state["fight"]["weak"] is True


def test_draw_feat_draws_a_feat_of_mettle():
    t = board()
    top = t.state["feat_deck"][0]
    run(t, {"do": "draw-feat", "who": "self"})
    assert folk(t, HENLO)["feats"] == [top]


def test_draw_event_draws_and_resolves_a_town_event():
    t = Table()
    before = len(t.state["event_deck"])
    m = Match(t.state, [])
    try:
        m.run([{"do": "draw-event", "who": "self"}], context())
    except Suspend:
        pass  # the event asked something: it was drawn all the same
    assert len(t.state["event_deck"]) == before - 1


def test_roll_rolls_a_d10_against_its_table():
    t = board()
    table = [{"min": 1, "max": 5, "steps": [{"do": "coins", "who": "self", "amount": 1}]},
             {"min": 6, "max": 10, "steps": [{"do": "coins", "who": "self", "amount": 5}]}]
    with dice(7):
        run(t, {"do": "roll", "who": "self", "table": table})
    assert folk(t, HENLO)["coins"] == 20


def test_choose_runs_the_option_the_player_chooses():
    t = board()
    options = [{"text": "One Coin", "steps": [{"do": "coins", "who": "self", "amount": 1}]},
               {"text": "Three Coins", "steps": [{"do": "coins", "who": "self", "amount": 3}]}]
    with pytest.raises(Suspend) as asked:
        Match(t.state, []).run([{"do": "choose", "by": "self", "options": options}], context())
    assert asked.value.question["k"] == "option" and asked.value.question["opts"] == [0, 1]
    t = board()
    run(t, {"do": "choose", "by": "self", "options": options}, answers=(1,))
    assert folk(t, HENLO)["coins"] == 18


def test_if_runs_then_or_else():
    t = board()
    run(t, {"do": "if", "if": [{"phase": "fight"}], "then": [{"do": "coins", "who": "self", "amount": 1}],
            "else": [{"do": "coins", "who": "self", "amount": 5}]})
    assert folk(t, HENLO)["coins"] == 16
    run(t, {"do": "if", "if": [{"phase": "town"}], "then": [{"do": "coins", "who": "self", "amount": 1}],
            "else": [{"do": "coins", "who": "self", "amount": 5}]})
    assert folk(t, HENLO)["coins"] == 21


def test_once_runs_its_steps_once_per_scope_and_otherwise_after():
    t = board()
    once = {"do": "once", "per": "fight", "steps": [{"do": "coins", "who": "self", "amount": 1}],
            "otherwise": [{"do": "coins", "who": "self", "amount": 10}]}
    run(t, once)
    run(t, once)
    assert folk(t, HENLO)["coins"] == 15 + 1 + 10


def test_reroll_asks_for_the_roll_that_triggered_it_again():
    t = board()
    event = {"on": "rolled", "roll": 1}
    run(t, {"do": "reroll"}, ctx=context(event=event))
    assert event["reroll"] is True


def test_effect_runs_a_named_effect():
    t = board()
    melba = folk(t, MELBA)["coins"]
    run(t, {"do": "effect", "effect": "give-coins", "text": "Give Coins"}, ctx=context(chosen=MELBA), answers=(4,))
    assert folk(t, HENLO)["coins"] == 11 and folk(t, MELBA)["coins"] == melba + 4


# =====================================================================================================
# Steps about the landscape and where characters stand


def test_place_terrain_puts_a_terrain_piece_on_the_board_and_remove_terrain_takes_it_off():
    t = board()
    run(t, {"do": "place-terrain", "terrain": "bear-trap", "at": {"adjacent": "self"}}, answers=([1, 2],))
    assert [p["t"] for p in t.state["fight"]["terrain"]] == ["bear-trap"]
    run(t, {"do": "remove-terrain", "terrain": "this"}, ctx=context("terrain", HENLO, this={"card": "bear-trap", "piece": 0}))
    assert t.state["fight"]["terrain"][0].get("gone")


def test_remove_terrain_in_a_terrain_trigger_takes_the_piece_its_word_names():
    """In a trigger about a terrain piece, "this" is the piece the event was about; any other word
    names what it always names (here the Ruffian's terrain target), not the event's piece."""
    t = board()
    for at in ([1, 2], [2, 1]):
        run(t, {"do": "place-terrain", "terrain": "bear-trap", "at": {"adjacent": "self"}}, answers=(at,))
    about_first = dict(this={"card": "bear-trap"}, event={"t": "entered", "terrain": 0})
    run(t, {"do": "remove-terrain", "terrain": "target"}, ctx=context("terrain", HENLO, terrain_target=1, **about_first))
    assert [bool(p.get("gone")) for p in t.state["fight"]["terrain"]] == [False, True]
    run(t, {"do": "remove-terrain", "terrain": "this"}, ctx=context("terrain", HENLO, **about_first))
    assert [bool(p.get("gone")) for p in t.state["fight"]["terrain"]] == [True, True]


def test_exhaust_makes_a_terrain_piece_unusable():
    t = board()
    run(t, {"do": "place-terrain", "terrain": "bear-trap", "at": {"adjacent": "self"}}, answers=([1, 2],))
    run(t, {"do": "exhaust", "terrain": "this"}, ctx=context("terrain", HENLO, this={"card": "bear-trap", "piece": 0}))
    assert t.state["fight"]["terrain"][0].get("exh")


def test_place_puts_a_character_on_a_square():
    t = board()
    run(t, {"do": "place", "who": "self", "at": {"adjacent": "self"}}, answers=([2, 1],))
    assert folk(t, HENLO)["pos"] == [2, 1]


def test_swap_exchanges_two_townsfolks_squares():
    t = board()
    run(t, {"do": "swap", "who": "self", "with": "chosen"}, ctx=context(chosen=QUINTUS))
    assert folk(t, HENLO)["pos"] == [9, 9] and folk(t, QUINTUS)["pos"] == [2, 2]


def test_remove_takes_a_townsfolk_off_the_board_until_the_time_given():
    t = board()
    run(t, {"do": "remove", "who": "self", "until": "next-turn-start", "return": "anywhere"})
    assert folk(t, HENLO)["out"] is not None
    assert not holds(t, {"is": "on-board"})


# =====================================================================================================
# The Ruffian's movement and the townsfolk's (ruffian.py)


def ruffian(t: Table) -> tuple[list[int], str]:
    return t.state["fight"]["pos"], t.state["fight"]["face"]


def test_move_walks_the_ruffian_until_it_is_next_to_its_target():
    t = board()
    t.put(QUINTUS, [8, 5])  # two squares east of the Ruffian's footprint F6–G7
    run(t, {"do": "move", "to": "target"}, ctx=context("card", R, targets=[QUINTUS]))
    assert ruffian(t)[0] == [6, 5] and Match(t.state, []).dist(R, QUINTUS) == 1
    assert folk(t, QUINTUS)["pos"] == [8, 5]


def test_move_into_walks_the_ruffian_onto_its_target_and_pushes_it_aside():
    t = board()
    t.put(QUINTUS, [8, 5])
    m = run(t, {"do": "move-into", "to": "target"}, ctx=context("card", R, targets=[QUINTUS]))
    assert ruffian(t)[0] == [7, 5]  # its footprint now covers I6, where Quintus stood
    assert folk(t, QUINTUS)["pos"] != [8, 5]
    assert [e["t"] for e in m.ev].count("pushed") == 1


def test_forward_moves_the_ruffian_the_way_it_faces():
    t = board()
    run(t, {"do": "forward", "squares": 2}, ctx=context("card", R))
    assert ruffian(t) == ([5, 7], "s")


def test_retreat_moves_the_ruffian_away_from_its_target():
    t = board()
    run(t, {"do": "retreat", "from": "target", "squares": 2}, ctx=context("card", R, targets=[HENLO]))
    pos = ruffian(t)[0]
    assert abs(pos[0] - 2) + abs(pos[1] - 2) > abs(5 - 2) + abs(5 - 2)


def test_face_turns_the_ruffian_towards_its_target():
    t = board()
    t.state["fight"]["face"] = "n"
    run(t, {"do": "face", "to": "target"}, ctx=context("card", R, targets=[QUINTUS]))
    assert ruffian(t)[1] in ("e", "s")


def test_push_moves_a_townsfolk_away_from_the_ruffian():
    t = board()
    t.put(HENLO, [4, 5])
    run(t, {"do": "push", "who": "target", "squares": 2}, ctx=context("card", R, targets=[HENLO]))
    assert Match(t.state, []).dist(R, HENLO) == 3


def test_pull_moves_a_townsfolk_towards_the_ruffian():
    t = board()
    t.put(HENLO, [1, 5])
    run(t, {"do": "pull", "who": "target", "squares": 2}, ctx=context("card", R, targets=[HENLO]))
    assert Match(t.state, []).dist(R, HENLO) == 2  # from 4 squares away


def test_dash_moves_a_townsfolk_for_free():
    t = board()
    run(t, {"do": "dash", "who": "self", "squares": 1}, answers=([2, 1],))
    assert folk(t, HENLO)["pos"] == [2, 1]


# =====================================================================================================
# Conditions about the game, the fight and the event


def test_value_count_counter_and_tally_compare_a_number():
    t = board()
    assert holds(t, {"value": "coins", "at-least": 15}) and not holds(t, {"value": "coins", "at-least": 16})
    assert holds(t, {"count": "team", "exactly": 3})
    assert holds(t, {"counter": "debt", "on": "ruffian", "exactly": 0})
    assert holds(t, {"tally": "targeted", "at-least": 1})


def test_in_team_weakness_level_final_fight_and_phase_read_the_game():
    t = board()
    assert holds(t, {"in-team": "melba"}) and not holds(t, {"in-team": "doc"})
    assert holds(t, {"weakness": False})
    assert holds(t, {"level": ["chump"]}) and not holds(t, {"level": ["outlaw"]})
    assert holds(t, {"final-fight": False})
    assert holds(t, {"phase": "fight"}) and not holds(t, {"phase": "town"})


def test_turn_of_names_whose_turn_it_is():
    t = board()
    assert holds(t, {"turn-of": "self"})
    assert not holds(t, {"turn-of": "self"}, ctx=context(owner=MELBA))


def test_first_source_result_with_terrain_cause_and_by_read_the_triggering_event():
    t = board()
    event = {"on": "attacked", "first": True, "source": "attack", "result": "crit", "with": "old-pitchfork",
             "cause": "push", "by": MELBA, "terrain": None}
    ctx = context(event=event)
    assert holds(t, {"first": True}, ctx=ctx)
    assert holds(t, {"source": "townsfolk"}, ctx=ctx)  # an attack is a townsfolk's doing
    assert holds(t, {"result": "hit"}, ctx=ctx) and not holds(t, {"result": "miss"}, ctx=ctx)
    assert holds(t, {"with": "old-pitchfork"}, ctx=ctx)
    assert not holds(t, {"terrain": "this"}, ctx=ctx)  # no terrain in this event
    assert holds(t, {"cause": "push"}, ctx=ctx)
    assert holds(t, {"by": "others"}, ctx=ctx) and holds(t, {"by": "melba"}, ctx=ctx)
    assert not holds(t, {"by": "ruffian"}, ctx=ctx)


def test_reached_and_damaged_read_what_the_action_card_did():
    t = board()
    ctx = context("card", R, targets=[HENLO], reached=True, damaged=[HENLO])
    assert holds(t, {"reached": True}, ctx=ctx)
    assert holds(t, {"damaged": True}, ctx=ctx)
    assert not holds(t, {"damaged": True}, ctx=context("card", R, targets=[HENLO]))


def test_flanked_when_townsfolk_stand_on_opposite_sides_of_the_ruffian():
    t = board()
    assert holds(t, {"flanked": False})
    t.put(HENLO, [4, 5])
    t.put(MELBA, [7, 5])
    assert holds(t, {"flanked": True})


# =====================================================================================================
# Conditions about a townsfolk


def test_is_at_max_hp_equipped_and_boosted_describe_a_townsfolk():
    t = board()
    assert holds(t, {"is": "henlo"}) and not holds(t, {"is": "melba"})
    assert holds(t, {"is": "on-board"})
    assert holds(t, {"at-max-hp": True})
    folk(t, HENLO)["hp"] -= 1
    assert holds(t, {"at-max-hp": False})
    assert holds(t, {"equipped": "head"}) and not holds(t, {"equipped": "chest"})
    assert not holds(t, {"boosted": "test-row"})
    assert not holds(t, {"is": "henlo"}, subject=None)  # a predicate about nobody is false


def test_where_a_townsfolk_stands_next_to_the_ruffian():
    t = board()
    t.put(HENLO, [4, 5])  # west of the Ruffian's footprint F6–G7
    assert holds(t, {"adjacent": "ruffian"})
    assert holds(t, {"within": 1, "of": "ruffian"}) and not holds(t, {"beyond": 1, "of": "ruffian"})
    assert holds(t, {"beyond": 1, "of": "ruffian"}, subject=QUINTUS)
    assert not holds(t, {"behind": True}) and not holds(t, {"in-front": True})
    t.put(HENLO, [5, 7])  # south of it, which it faces
    assert holds(t, {"in-front": True}) and holds(t, {"in-line": True})
    t.put(HENLO, [5, 4])  # north of it, at its back
    assert holds(t, {"behind": True})


def test_inside_next_to_and_at_door_place_a_townsfolk_by_terrain():
    t = board()
    run(t, {"do": "place-terrain", "terrain": "bear-trap", "at": {"adjacent": "self"}}, answers=([1, 2],))
    assert holds(t, {"next-to": "bear-trap"})
    t.put(HENLO, [1, 2])
    assert holds(t, {"inside": "bear-trap"})
    assert not holds(t, {"at-door": "bear-trap"})  # a bear trap has no door
    assert not holds(t, {"inside": "bear-trap"}, subject=MELBA)


def test_where_someone_stands_means_nothing_in_town():
    t = Table()
    assert t.state["fight"] is None
    assert not holds(t, {"adjacent": "ruffian"})
    assert not holds(t, {"within": 3, "of": "ruffian"})
