"""Torches & Pitchforks, rules version 5: Action cards during another player's Hunt!, Recoup and
Discard, and games begun under earlier versions, which keep their turns.

The rulebook: "Action cards (see Types of Cards) may be played at any time, on any player's turn,
even during Combat on a player's Attack! or Hunt! phase." and "Action cards may be played at any
time, on any player." From version 5 the any-time window that asked the others before a flip also
holds the active player's other ways out of a phase: moving on without Hunting, and ending the turn
(in Recoup or in Discard).
"""

from __future__ import annotations

import pytest

import tabletown.games.torches_and_pitchforks.game as game
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.session import Session, new_record
from tabletown.games.torches_and_pitchforks.game import BOTS
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tests.unit.test_torches_and_pitchforks_render import _draw
from tests.unit.test_torches_and_pitchforks_scenario import build, card_id, names, play, play_card, step

PASS = {"type": "pass"}
PLAIN = ["Chef Kidney", "Lady Locke", "Juan, Foreign Guy", "Moody Marge", "Franz, Town Baker", "Karl, Stable Boy"]


def test_another_player_may_play_an_action_card_during_the_hunt():
    s = build(n=2, turn=0, phase="hunt", moor=["Giant Rat"], hands={1: ["Bump on the Head", "Charge"]})
    s, line = step(s, 0, {"type": "skip"})
    assert line == "{seat0} is ready to move on without Hunting."
    # The Hunt! is not over yet: Bob is asked first.
    assert s["phase"] == "hunt" and s["turn"] == 0 and R.active(s) == [1]
    assert R.prompt(s, 1) == ("{seat0} is about to move on without Hunting: "
                              "play a card that may be played at any time, or pass")
    s = play_card(s, 1, "Bump on the Head")
    s, line = step(s, 1, {"type": "target", "seat": 0, "tf": 0})
    assert line.endswith("{seat0}'s Brother Jedediah is knocked out.") and s["mobs"][0][0]["dead"]
    # Ann holds no cards, so she is not asked again; Bob passes and the Hunt! ends at last: in
    # her Recoup the knocked-out Townsfolk comes back.
    assert s["phase"] == "hunt" and R.active(s) == [1]
    s, line = step(s, 1, PASS)
    assert line == ("{seat1} passes. {seat0} does not go Hunting. "
                    "{seat0} recoups: Brother Jedediah is back on their feet.")
    assert s["phase"] == "recoup" and s["turn"] == 0


def test_another_player_may_play_an_action_card_during_recoup():
    s = build(n=2, turn=0, phase="recoup", hands={0: ["Torch"], 1: ["Sticky Fingers"]})
    s, line = step(s, 0, {"type": "end"})
    assert line == "{seat0} is ready to end their turn."
    assert s["phase"] == "recoup" and s["turn"] == 0 and R.active(s) == [1]
    s, line = step(s, 1, {"type": "play", "card": card_id(s, 1, "Sticky Fingers")})
    assert line == "{seat1} plays Sticky Fingers on {seat0}."
    s = play(s, 0, PASS)  # Ann lets it stand: Bob takes her Torch
    assert names(s["hands"][1]) == ["Torch"] and s["hands"][0] == []
    s, line = step(s, 1, PASS)
    assert line.startswith("{seat1} passes. {seat0} ends their turn.")
    assert s["turn"] == 1 and s["phase"] == "attack"


def test_another_player_may_play_an_action_card_during_discard():
    mob1 = [(PLAIN[0], [], True)] + PLAIN[1:]
    s = build(n=2, turn=0, phase="recoup", mobs={1: mob1}, hands={0: ["Torch", "Rake"], 1: ["Stragglers", "Charge"]})
    s = play(s, 0, {"type": "discard", "card": card_id(s, 0, "Torch")})
    assert s["phase"] == "discard" and R.active(s) == [0], "discarding is the active player's own step"
    s = play(s, 0, {"type": "end"})
    assert s["phase"] == "discard" and R.active(s) == [1]
    s, line = step(s, 1, {"type": "play", "card": card_id(s, 1, "Stragglers")})
    assert line == "{seat1} plays Stragglers on {seat1}."
    s = play(s, 0, PASS)  # Ann may Cancel it (she holds a card): she lets it stand
    assert not s["mobs"][1][0]["dead"]
    # The window goes round again, Ann too: she may still play before her turn ends.
    assert R.active(s) == [0]
    assert R.prompt(s, 0) == "Before your turn ends: play a card that may be played at any time, or end it"
    s = play(s, 0, PASS)
    assert R.active(s) == [1]
    s = play(s, 1, PASS)
    assert s["turn"] == 1


def test_only_cards_that_may_be_played_at_any_time_are_offered_in_these_windows():
    mob1 = [(PLAIN[0], [], True)] + PLAIN[1:]
    s = build(n=2, turn=0, phase="recoup", mobs={1: mob1},
              hands={0: ["Torch"], 1: ["Charge", "Pistol", "Antacid", "Only a Dream", "Stragglers"]})
    s = play(s, 0, {"type": "end"})
    # Combat cards wait for a fight, Enhancements and Defense for Bob's own Recoup, a Cancel for a card.
    assert R.legal(s, 1) == [PASS, {"type": "play", "card": card_id(s, 1, "Stragglers")}]


def test_nobody_is_asked_when_no_one_else_holds_a_card():
    s = build(n=3, turn=0, phase="hunt", moor=["Giant Rat"], hands={0: ["Sticky Fingers"]})
    s, line = step(s, 0, {"type": "skip"})
    assert line.startswith("{seat0} does not go Hunting.") and s["phase"] == "recoup"
    s, line = step(s, 0, {"type": "end"})
    assert line.startswith("{seat0} ends their turn.") and s["turn"] == 1


@pytest.mark.parametrize("version", [2, 3, 4])
def test_a_game_begun_under_an_earlier_version_keeps_its_turns(version):
    s = build(n=2, turn=0, phase="hunt", moor=["Giant Rat"], hands={1: ["Bump on the Head"]}, version=version)
    s, line = step(s, 0, {"type": "skip"})
    assert line.startswith("{seat0} does not go Hunting.") and s["phase"] == "recoup" and R.active(s) == [0]
    s, line = step(s, 0, {"type": "end"})
    assert line.startswith("{seat0} ends their turn.") and s["turn"] == 1


def test_a_player_asked_only_when_able_is_passed_for_unless_they_hold_an_any_time_card():
    seats = [{"name": "Ann"}, {"name": "Bob", "ask": "when-able"}, {"name": "Cy", "ask": "when-able"}]
    session = Session(game, new_record(game, seats, {"target": 20}, seed=3))
    session.state = build(n=3, turn=0, phase="recoup", hands={0: ["Torch"], 1: ["Charge"], 2: ["Sticky Fingers"]})
    session.apply(0, {"type": "end"})
    # Bob holds only a combat card: passed for him at once. Cy could take a card: asked.
    assert session.movers[-1] == "auto" and session.record["log"][-1] == [1, PASS]
    assert session.active() == [2] and R.reaction(session.state, 2) == {"pass": PASS}
    session.apply(2, PASS)
    assert session.state["turn"] == 1


def test_the_board_says_what_the_window_holds_back():
    s = build(n=2, turn=0, phase="recoup", hands={0: ["Torch", "Charge"], 1: ["Sticky Fingers"]})
    s = play(s, 0, {"type": "end"})
    assert R.view(s, 1)["derived"]["held"] == "end"
    assert "Nicole is about to end their turn: play an any-time</tspan>" in _draw(s, 1)[0]
    s = play(s, 1, {"type": "play", "card": card_id(s, 1, "Sticky Fingers")})
    s = play(s, 0, PASS)  # Ann lets it stand; the window comes back to her: her pass ends the turn
    svg, legal = _draw(s, 0)
    assert legal == [PASS] and 'aria-label="End turn"' in svg and ">Before your turn ends: play an" in svg
    s = play(s, 0, PASS)
    s = play(s, 1, PASS)  # Bob holds the card he took: he is asked once more
    assert R.view(s, 0)["derived"]["held"] is None and s["turn"] == 1
    s = build(n=2, turn=0, phase="hunt", moor=["Giant Rat"], hands={0: ["Torch"], 1: ["Sticky Fingers"]})
    s = play(s, 0, {"type": "skip"})
    s = play(s, 1, {"type": "play", "card": card_id(s, 1, "Sticky Fingers")})
    s = play(s, 0, PASS)  # the Torch is taken; Ann is asked again, with nothing left she is skipped
    assert R.view(s, 1)["derived"]["held"] == "skip"
    assert R.topic(s, 1) == "prompt:any-time-step"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_both_bots_answer_the_new_windows(level):
    mob1 = [(PLAIN[0], [], True)] + PLAIN[1:]
    s = build(n=2, turn=0, phase="recoup", mobs={1: mob1}, hands={0: ["Torch"], 1: ["Stragglers", "Charge"]})
    s = play(s, 0, {"type": "end"})
    action = BOTS[level](R, R.view(s, 1), 1, R.legal(s, 1), Rng(seed_state(1)))
    assert action == {"type": "play", "card": card_id(s, 1, "Stragglers")}, "it wakes its own dead Townsfolk"
