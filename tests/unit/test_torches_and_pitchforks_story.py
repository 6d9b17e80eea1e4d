"""The story of a Torches & Pitchforks game on the result screen: every fight slain, lost, Fled or
sent to the Moor per player, the Townsfolk lost and brought back, the cards played on fights,
and the fights whose end the cards turned — told from the moves of the game."""

from __future__ import annotations

from typing import Any

import tabletown.games.torches_and_pitchforks.game as game
from tabletown.engine.replay import story
from tabletown.engine.session import Session, new_record
from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.game import RULES as R
from tests.unit.test_torches_and_pitchforks_scenario import build, card_id

NICOLE, JESS = 0, 1


class Game:
    """A game built from card names, played move by move, keeping the steps the story reads."""

    def __init__(self, state: dict[str, Any]):
        self.s = state
        self.steps: list[tuple[int, dict[str, Any], list[dict[str, Any]], dict[str, Any]]] = []

    def move(self, seat: int, action: dict[str, Any]) -> "Game":
        assert seat in R.active(self.s), f"seat {seat} is not asked; {R.active(self.s)} is"
        self.s, events = R.apply(self.s, seat, action)
        self.steps.append((seat, action, events, self.s))
        return self

    def play(self, seat: int, name: str) -> "Game":
        return self.move(seat, {"type": "play", "card": card_id(self.s, seat, name)})

    def passes(self) -> "Game":
        """Everyone asked in a window passes until nobody is being asked whether to play."""
        while R.reaction(self.s, R.active(self.s)[0]) is not None:
            self.move(R.active(self.s)[0], {"type": "pass"})
        return self

    def flip(self) -> "Game":
        self.move(self.s["turn"], {"type": "flip"})
        return self.passes() if self.s["combat"] is None else self

    def tables(self) -> dict[str, dict[str, Any]]:
        return {t["title"]: t for t in R.story(self.steps, self.s)}


def row(tables: dict[str, dict[str, Any]], title: str, seat: int) -> dict[str, Any]:
    table = tables[title]
    found = [r for r in table["rows"] if r[0] == f"{{seat{seat}}}"]
    assert len(found) == 1
    return dict(zip(table["columns"], found[0]))


def test_a_slain_monster_is_a_fight_won_for_the_player_who_fought_it():
    g = Game(build(n=2, turn=NICOLE, hands={JESS: ["Torch"]}, monster_top=["Giant Rat"]))
    g.flip().move(NICOLE, {"type": "fight"}).passes()
    tables = g.tables()
    assert row(tables, "Fights", NICOLE) == {"Player": "{seat0}", "Slain": 1, "Lost": 0, "Fled": 0,
                                             "Sent to the Moor": 0}
    assert row(tables, "Fights", JESS) == {"Player": "{seat1}", "Slain": 0, "Lost": 0, "Fled": 0,
                                           "Sent to the Moor": 0}
    assert "Fights the cards turned" not in tables, "nobody played a card: no fight was turned"


def test_a_lost_fight_and_its_dead_then_one_brought_back_in_recoup():
    g = Game(build(n=2, turn=NICOLE, hands={JESS: ["Torch"]}, monster_top=["Giant Ape"]))
    g.flip().move(NICOLE, {"type": "fight"}).passes()
    g.move(NICOLE, {"type": "kill", "tf": 0}).move(NICOLE, {"type": "kill", "tf": 1})
    g.move(NICOLE, {"type": "revive", "tf": 1})
    tables = g.tables()
    assert row(tables, "Fights", NICOLE)["Lost"] == 1 and row(tables, "Fights", NICOLE)["Slain"] == 0
    assert row(tables, "Townsfolk", NICOLE) == {"Player": "{seat0}", "Killed by Monsters": 2,
                                                "Lost to other cards": 0, "Brought back": 1}


def test_fleeing_and_a_defense_count_apart_from_fights():
    g = Game(build(n=2, turn=NICOLE, hands={NICOLE: ["Torch", "Rake", "Pitchfork", "Shovel", "Sword"],
                                            JESS: ["Torch"]},
                   monster_top=["Giant Ape"]))
    g.flip()
    g.s = dict(g.s, rng=_rng_rolling(1))
    g.move(NICOLE, {"type": "flee"})
    for _ in range(3):
        if g.s["tasks"]:
            g.move(NICOLE, R.legal(g.s, NICOLE)[0])
    assert row(g.tables(), "Fights", NICOLE)["Fled"] == 1
    # Jess's Defense turns a Werewolf away as it is flipped: sent to the Moor, not a fight.
    g2 = Game(build(n=2, turn=JESS, hands={NICOLE: ["Torch"]}, defense={JESS: "Werewolf? There Wolf!"},
                    monster_top=["Werewolf"]))
    g2.flip()
    assert row(g2.tables(), "Fights", JESS) == {"Player": "{seat1}", "Slain": 0, "Lost": 0, "Fled": 0,
                                                "Sent to the Moor": 1}


def _rng_rolling(value: int) -> list[int]:
    from tabletown.engine.prng import Rng, seed_state

    for k in range(1000):
        words = seed_state(k)
        if Rng(list(words)).d6() == value:
            return words
    raise AssertionError("no such words")  # pragma: no cover


def test_the_sample_combat_is_a_fight_the_cards_turned():
    # The rulebook's sample combat: Nicole's Strength 10 beats the Vampire's Power 9 when she
    # declares the fight; Jess's Heck Spawn makes it 11, and the Vampire wins.
    heidi = ("Heidi, Town Trollup", ["Sheriff", "Sword"])
    g = Game(build(n=2, turn=NICOLE,
                   mobs={NICOLE: ["Hans, Town Butcher", heidi, "Franz, Town Baker", "Karl, Stable Boy",
                                  "Lady Locke", "Moody Marge"]},
                   hands={NICOLE: ["Torch"], JESS: ["Heck Spawn", "Pitchfork"]}, monster_top=["Vampire"]))
    g.flip().move(NICOLE, {"type": "fight"}).move(NICOLE, {"type": "pass"}).play(JESS, "Heck Spawn").passes()
    tables = g.tables()
    assert row(tables, "Fights", NICOLE)["Lost"] == 1
    assert row(tables, "Townsfolk", NICOLE)["Killed by Monsters"] == 1
    assert row(tables, "Cards on the fights", JESS) == {"Player": "{seat1}", "On their own fights": 0,
                                                         "On rivals' fights": 1, "Cancels": 0}
    assert row(tables, "Cards on the fights", NICOLE)["On their own fights"] == 0
    turned = tables["Fights the cards turned"]
    assert turned["columns"] == ["Turn", "Player", "Monster", "Cards played", "How it went"]
    assert turned["rows"] == [["Turn 1", "{seat0}", "Vampire", "{seat1}: Heck Spawn",
                               "Strength 10 against Power 9 at first; lost, 10 against 11"]]


def test_a_canceled_card_turns_nothing_and_the_cancel_is_counted():
    heidi = ("Heidi, Town Trollup", ["Sheriff", "Sword"])
    g = Game(build(n=2, turn=NICOLE,
                   mobs={NICOLE: ["Hans, Town Butcher", heidi, "Franz, Town Baker", "Karl, Stable Boy",
                                  "Lady Locke", "Moody Marge"]},
                   hands={NICOLE: ["Only a Dream"], JESS: ["Heck Spawn", "Pitchfork"]}, monster_top=["Vampire"]))
    g.flip().move(NICOLE, {"type": "fight"}).move(NICOLE, {"type": "pass"}).play(JESS, "Heck Spawn")
    g.play(NICOLE, "Only a Dream").passes()
    tables = g.tables()
    assert row(tables, "Fights", NICOLE)["Slain"] == 1
    assert row(tables, "Cards on the fights", NICOLE)["Cancels"] == 1
    assert row(tables, "Cards on the fights", JESS)["On rivals' fights"] == 1, "the Heck Spawn was played"
    assert "Fights the cards turned" not in tables, "winning at first and slain in the end: nothing turned"


def test_a_losing_fight_won_with_a_card_is_turned_by_its_own_player():
    g = Game(build(n=2, turn=NICOLE, hands={NICOLE: ["Charge"], JESS: ["Torch"]}, monster_top=["Killer Clown"]))
    g.flip().move(NICOLE, {"type": "fight"}).play(NICOLE, "Charge").passes()
    tables = g.tables()
    assert row(tables, "Fights", NICOLE)["Slain"] == 1
    assert row(tables, "Cards on the fights", NICOLE)["On their own fights"] == 1
    assert tables["Fights the cards turned"]["rows"] == [
        ["Turn 1", "{seat0}", "Killer Clown", "{seat0}: Charge",
         "Strength 6 against Power 7 at first; slain, 8 against 7"]]


def test_a_tie_at_first_is_a_losing_fight_and_an_escape_plan_sends_the_monster_away():
    # Strength 6 against a Zombie's Power 6: the Monster would win a tie, so slipping away is a turn.
    g = Game(build(n=2, turn=NICOLE, hands={NICOLE: ["Escape Plan"], JESS: ["Torch"]}, monster_top=["Zombie"]))
    g.flip().move(NICOLE, {"type": "fight"}).play(NICOLE, "Escape Plan").passes()
    tables = g.tables()
    assert row(tables, "Fights", NICOLE)["Sent to the Moor"] == 1
    assert tables["Fights the cards turned"]["rows"][0][-1] == "Strength 6 against Power 6 at first; sent to the Moor"


def test_a_rivals_card_on_a_fight_that_was_lost_anyway_turns_nothing():
    g = Game(build(n=2, turn=NICOLE, hands={NICOLE: ["Torch"], JESS: ["Heck Spawn"]}, monster_top=["Raging Dinosaur"]))
    g.flip().move(NICOLE, {"type": "fight"}).move(NICOLE, {"type": "pass"}).play(JESS, "Heck Spawn").passes()
    while g.s["tasks"]:
        g.move(NICOLE, R.legal(g.s, NICOLE)[0])
    tables = g.tables()
    assert row(tables, "Fights", NICOLE)["Lost"] == 1
    assert "Fights the cards turned" not in tables


def test_townsfolk_lost_to_cards_the_plague_and_a_bump_on_the_head():
    g = Game(build(n=2, turn=NICOLE, hands={JESS: ["Bump on the Head"]}, monster_top=["Plague"]))
    g.move(NICOLE, {"type": "flip"})
    g.play(JESS, "Bump on the Head")
    g.move(JESS, R.legal(g.s, JESS)[0])  # its target: the first Townsfolk offered
    g.passes()
    while g.s["tasks"]:
        g.move(R.active(g.s)[0], R.legal(g.s, R.active(g.s)[0])[0])
    tables = g.tables()
    knocked = sum(row(tables, "Townsfolk", p)["Lost to other cards"] for p in (NICOLE, JESS))
    assert knocked == 1 + 2, "one knocked out, and one of each Mob dies of the Plague"
    assert row(tables, "Townsfolk", NICOLE)["Killed by Monsters"] == 0


def test_the_story_of_a_whole_game_agrees_with_its_score_piles_and_log():
    seats = [{"name": f"B{i}", "kind": "bot", "level": level} for i, level in enumerate(("hard", "easy", "hard"))]
    record = new_record(game, seats, {"target": 20}, 7)
    session = Session(game, record)
    while not session.over():
        session.bot_move(session.active()[0])
    told = story(game, session.record)
    final = session.state
    tables = {t["title"]: t for t in told["tables"]}
    lines = " ".join(session.lines)
    for p in range(3):
        fights = row(tables, "Fights", p)
        assert fights["Slain"] == len(final["scores"][p]), "a Monster slain is one in the score pile"
        assert told["series"][p][-1] == sum(C.CARDS[m]["power"] for m in final["scores"][p])
        assert told["series"][p][0] == 0
    assert sum(r[1] + r[2] for r in tables["Fights"]["rows"]) == lines.count(" is slain (") + lines.count(
        " beats {seat") + lines.count(" melts away")
    for table in told["tables"]:
        assert table["rows"], f"{table['title']} has no rows"
        assert all(len(r) == len(table["columns"]) for r in table["rows"])
