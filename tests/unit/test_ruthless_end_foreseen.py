"""Ruthless: a player sees the end coming, and reads why it came.

- Dodge City Draw: "After resolving every “Fire” action taken by any character, roll a d10.
  On a result of 1-4, the player who fired is assigned one random citizen for their posse",
  and "Citizens stop arriving when all cards are assigned; ... the last to appear is always the
  mayor" (whose arrival, in our scenario, ends the gunfight at the end of that turn). Before
  he comes the panel says how many citizens are still to come and what his arrival does.
- "At the end of each turn both sides roll 1d10; if the roll is less than or equal to the number
  of their characters dead, Lily Livered or Unconscious, their remaining men flee and the
  scenario ends." The log names each such roll: for whom, what was rolled, against what, and
  what came of it.
- The result screen explains every column of the score table and how the winner was decided.
"""

from __future__ import annotations

import html
import re

import pytest

from tabletown.games.ruthless import cards as K
from tabletown.games.ruthless import game
from tabletown.games.ruthless import models as M
from tabletown.web import screens

from .test_ruthless_helpers import RULES, SPEC, acting, arena, card, dice, play, put

C = K.CLUBS
DODGE = SPEC.normalize(2, {"scenario": "dodge-city"})


def panel_text(st, seat=0):
    view = RULES.view(st, seat)
    legal = RULES.legal(st, seat)
    ui = {"viewer": seat, "legal": legal, "params": [], "armed": None, "cursor": None, "names": ["Ann", "Bob"]}
    svg = game.render(view, ui)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", svg)).split())


def dodge_city():
    st = RULES.setup(5, 2, DODGE)
    assert st["phase"] == "initiative"
    return st


# --- the Mayor foreseen -------------------------------------------------------------------------
def test_before_any_citizen_the_panel_counts_all_five_still_to_come_and_says_what_the_mayor_does():
    text = panel_text(dodge_city())
    assert "Citizens still to come: 5, then Mayor Webster" in text
    assert "a d10 of 1–4 brings the next one into the shooter's posse" in text
    assert "Mayor Webster's arrival ends the gunfight at the end of that turn." in text


def test_the_count_goes_down_as_citizens_join():
    st = dodge_city()
    for _ in range(3):
        st["citizens"]["drawn"].append(st["citizens"]["deck"].pop(0))
    assert "Citizens still to come: 2, then Mayor Webster" in panel_text(st)
    assert "Citizens still to come: 2, then Mayor Webster" in panel_text(st, seat=1)


def test_with_every_citizen_out_the_mayor_comes_next():
    st = dodge_city()
    st["citizens"]["drawn"] += st["citizens"]["deck"]
    st["citizens"]["deck"] = []
    text = panel_text(st)
    assert "No citizens left: Mayor Webster comes next" in text
    assert "Citizens still to come" not in text


def test_once_the_mayor_has_come_the_panel_says_this_turn_is_the_last():
    st = dodge_city()
    st["citizens"]["deck"] = []
    st["citizens"]["mayor"] = True
    text = panel_text(st)
    assert "Mayor Webster has arrived" in text and "The gunfight ends at the end of this turn." in text


def test_a_gunfight_without_citizens_shows_no_such_warning():
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 0)
    put(st, "morgan-earp", 0, [1000, 1000])
    assert "Citizens" not in panel_text(st) and "Mayor" not in panel_text(st)


# --- the Skedaddle roll in the log ----------------------------------------------------------------
def skedaddle_turn(roll):
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 0)
    put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "wyatt-earp", 0, [1000, 1300], lily=True)
    put(st, "virgil-earp", 0, [1000, 1600], status=M.DOWN)
    put(st, "ike-clanton", 1, [2500, 1000])
    st["order"] = [0, 1]
    with dice(roll):  # only posse 0 has anyone down: only posse 0 rolls
        st, _ = play(st, 0, {"type": "end"})
        st, ev = play(st, 1, {"type": "end"})
    return st, RULES.phrase(ev)


@pytest.mark.parametrize("roll,verdict", [(1, "they run"), (2, "they run"), (3, "they stand"), (10, "they stand")])
def test_the_log_names_each_end_of_turn_skedaddle_roll(roll, verdict):
    # Wyatt is Lily Livered and Virgil Unconscious: two men down, so a 2 or less runs.
    st, line = skedaddle_turn(roll)
    assert (f"End of turn: {{seat0}} rolls {roll} to Skedaddle, against 2 men dead, Lily Livered or "
            f"Unconscious (a roll of 2 or less runs): {verdict}.") in line
    assert "{seat1} rolls" not in line  # nobody of posse 1 is down: no roll
    assert st["fled"][0] is (verdict == "they run")
    assert ("{seat0}'s men skedaddle!" in line) is (verdict == "they run")


def test_a_game_begun_under_rules_version_3_keeps_its_log_as_it_was():
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 0)
    st["v"] = 3
    put(st, "morgan-earp", 0, [1000, 1000])
    put(st, "virgil-earp", 0, [1000, 1600], status=M.DOWN)
    put(st, "ike-clanton", 1, [2500, 1000])
    st["order"] = [0, 1]
    with dice(5):
        st, _ = play(st, 0, {"type": "end"})
        st, ev = play(st, 1, {"type": "end"})
    assert "Skedaddle" not in RULES.phrase(ev)


# --- the result screen ------------------------------------------------------------------------------
def finished(vp, lost=(0, 0), standing=(2, 2), rule="dodge-city"):
    st = acting(arena(hands=[[card(3, C)], [card(5, C)]]), 0)
    st["vp_rule"] = rule
    st["phase"], st["end"] = "over", "mayor"
    st["result"] = {"vp": list(vp), "lines": [[["kills", vp[0], 1]], []], "lost": list(lost),
                    "standing": list(standing), "why": "mayor"}
    return st


def result_screen(st):
    page = screens.results(RULES.outcome(st), ["Ann", "Bob"])
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_result_screen_explains_every_column_of_the_score_table():
    text = result_screen(finished((4, 1)))
    for column in ("Score", "Victory points", "How", "Men lost", "Standing"):
        assert f"{column}" in text
    assert "How to read the scores" in text
    assert "Score and Victory points: the victory points of each posse" in text
    assert "How: where those points came from" in text
    assert "Men lost: the posse's own characters killed." in text
    assert "Standing: the posse's characters still standing and steady at the end" in text


def test_the_result_screen_says_how_the_scenario_scores_and_who_won_by_what():
    text = result_screen(finished((4, 1)))
    assert "Dodge City Draw scores +2 for each enemy killed" in text
    assert "The most victory points wins; a tie goes to the posse that lost fewer men" in text
    assert "Ann has the most victory points (4) and wins." in text
    text = result_screen(finished((1, 4), rule="showdown"))
    assert "A gunfight scores +2 for each enemy killed and +1 for each of your characters still standing" in text
    assert "Bob has the most victory points (4) and wins." in text


def test_a_tie_on_points_says_the_tie_break_decided_it():
    text = result_screen(finished((3, 3), lost=(1, 0)))
    assert "Bob ties on 3 victory points and wins the tie-break (below)." in text
    assert "Bob and Ann tied on 3 points; Bob places ahead with fewer men lost." in text


def test_a_tie_on_every_count_is_a_shared_win():
    text = result_screen(finished((3, 3)))
    assert "Ann and Bob tie on 3 victory points and on every tie-break, and share the win." in text
