"""Ruthless rules version 4, from the rulebook's words, and versions 1 to 3 kept for old games.

Dirty Cheat is a trait, not an action. The rulebook lists the actions: "each character they
control takes two actions in any combination (Move, Aim, Got You Covered, Shoot, Mount,
Dismount, Reload 3 Shots, Get Your Courage Up)", and among the traits: "“DIRTY CHEAT” Once
per turn, can pick any card from his hand and swap it with a random card from any other
player". So from version 4 the swap leaves the cheat his two actions (and, being no action,
his aim and his Got You Covered! marker); a game begun under 1 to 3 keeps the swap as one of
his actions.
"""

from __future__ import annotations

import pytest

from tabletown.games.ruthless import cards as K

from .test_ruthless_helpers import RULES, acting, arena, card, dice, play, put

S, C = K.SPADES, K.CLUBS


def cheat_ready(version=None):
    st = arena(hands=[[card(3, C), card(4, C)], [card(13, S), card(12, S), card(11, S)]])
    if version is not None:
        st["v"] = version
    st = acting(st, 0)
    pete = put(st, "pete-spence", 0, [1000, 1000])  # a Dirty Cheat
    put(st, "ike-clanton", 1, [2500, 1000])
    st["selected"] = pete["id"]
    return st, pete["id"]


def cheat(st, pete):
    with dice(1):
        st, _ = play(st, 0, {"type": "cheat", "model": pete, "card": card(3, C), "victim": 1})
    return st


def test_the_swap_once_per_turn_uses_up_none_of_his_two_actions():
    st, pete = cheat_ready()
    st = cheat(st, pete)
    assert st["models"][pete]["acts"] == 0
    assert card(3, C) in st["hands"][1]  # the swap was made
    # his two actions are still his: Aim, then Got You Covered!, and then he is done
    st, _ = play(st, 0, {"type": "aim", "model": pete})
    assert st["selected"] == pete
    st, _ = play(st, 0, {"type": "cover", "model": pete})
    assert st["models"][pete]["acts"] == 2
    assert not [a for a in RULES.legal(st, 0) if a.get("model") == pete and a["type"] in ("aim", "move", "reload")]


def test_the_swap_is_still_once_per_turn():
    st, pete = cheat_ready()
    st = cheat(st, pete)
    assert not [a for a in RULES.legal(st, 0) if a["type"] == "cheat"]


def test_being_no_action_the_swap_keeps_his_aim_and_his_got_you_covered_marker():
    st, pete = cheat_ready()
    st, _ = play(st, 0, {"type": "aim", "model": pete})
    st = cheat(st, pete)
    assert st["models"][pete]["aim"] and st["models"][pete]["acts"] == 1
    st, pete = cheat_ready()
    st, _ = play(st, 0, {"type": "cover", "model": pete})
    st = cheat(st, pete)
    assert st["models"][pete]["covering"]


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_game_begun_under_versions_1_to_3_keeps_the_swap_as_one_of_his_actions(version):
    st, pete = cheat_ready(version)
    st = cheat(st, pete)
    assert st["models"][pete]["acts"] == 1
