"""How long things last in Townsfolk Tussle, from the words printed on the cards.

- Strong Coffee: "Raise your MOX by 1 until the end of this turn."
- Smoke Bomb: "Until the start of your next turn, Ruffian actions cannot target you."
- Caltrops: "lower its MVMT by 2 until the end of its next turn."
- Snake Oil: "lower your ACC by 1 until the end of the fight"; "Stat losses are removed at the end
  of each fight."
- An effect for the whole game outlasts every fight.
- "While a Ruffian is removed from the board, they cannot be targeted or take DMG."
"""

from __future__ import annotations

from tabletown.games.townsfolk_tussle.match import Match
from tabletown.games.townsfolk_tussle.play import R
from tests.unit.test_townsfolk_support import Table, dice

CALM = "qing-kween-coronation"  # heals the Ruffian (at full HP: nothing) and reshuffles its deck



def henlos_turn() -> Table:
    """Henlo's turn, two squares below Qing & Kween; Melba and Quintus far off. Beatin' order:
    the Ruffian, Henlo, Melba, Quintus."""
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.f["pos"], t.f["face"] = [5, 1], "s"
    t.put(0, [5, 4])
    t.put(1, [0, 11])
    t.put(2, [11, 11])
    assert t.stage["seat"] == 0
    return t


def end_turn(t: Table) -> None:
    """End the turn of the townsfolk whose turn it is; the Ruffian (if it comes next) plays a calm card."""
    t.stack(CALM)
    t.act(t.stage["seat"], {"type": "end"})
    t.settle()


def mox(t: Table, seat: int) -> int:
    return t.match().stat(seat, "mox")


def test_until_the_end_of_this_turn_ends_with_the_turn():
    t = henlos_turn()
    t.give(0, "strong-coffee", "accessory")
    assert mox(t, 0) == 3
    t.act(0, {"type": "use", "k": "g:strong-coffee:0", "chosen": None})
    assert mox(t, 0) == 4 and t.match().mox_left(0) == 4
    end_turn(t)
    assert t.stage["seat"] == 1 and mox(t, 0) == 3


def test_until_the_start_of_your_next_turn_lasts_through_everyone_elses_turns():
    t = henlos_turn()
    t.give(0, "smoke-bomb", "accessory")
    t.act(0, {"type": "use", "k": "g:smoke-bomb:0", "chosen": None})
    assert t.match().untargetable(0)
    end_turn(t)
    assert t.stage["seat"] == 1 and t.match().untargetable(0)  # Melba's turn began: still hidden
    end_turn(t)
    assert t.stage["seat"] == 2 and t.match().untargetable(0)
    end_turn(t)  # Quintus ends; the Ruffian plays; Henlo's turn begins
    assert t.stage["seat"] == 0 and t.cards_played() >= 1
    assert not t.match().untargetable(0)


def test_until_the_end_of_its_next_turn_lasts_through_the_ruffians_next_turn():
    t = henlos_turn()
    t.give(0, "caltrops", "accessory")
    full = t.match().stat(R, "mvmt")
    t.act(0, {"type": "use", "k": "g:caltrops:0", "chosen": None})  # the Ruffian is 2 squares away
    assert t.match().stat(R, "mvmt") == full - 2
    end_turn(t)
    end_turn(t)
    assert t.match().stat(R, "mvmt") == full - 2  # Quintus' turn: the Ruffian has not had its turn yet
    end_turn(t)
    assert t.stage["seat"] == 0 and t.match().stat(R, "mvmt") == full  # its turn is over


def test_an_effect_made_on_a_characters_own_turn_until_its_next_turn_end_outlasts_this_turn():
    t = henlos_turn()
    m = Match(t.state, [])
    t.f["turn"] = None
    m.begin_turn(R)
    full = m.stat(R, "mvmt")
    m.change_stat(R, "mvmt", -1, "next-turn-end", "ruffian")
    m.finish_turn(R)
    assert m.stat(R, "mvmt") == full - 1  # made on its turn: its next turn is still to come
    m.begin_turn(0)
    m.finish_turn(0)
    assert m.stat(R, "mvmt") == full - 1
    m.begin_turn(R)
    assert m.stat(R, "mvmt") == full - 1
    m.finish_turn(R)
    assert m.stat(R, "mvmt") == full


def test_this_turn_between_turns_means_the_next_turn_to_end():
    t = henlos_turn()
    m = Match(t.state, [])
    t.f["turn"] = None
    m.change_stat(1, "mox", 2, "turn", "townsfolk")
    assert m.stat(1, "mox") == 6
    m.begin_turn(2)
    assert m.stat(1, "mox") == 6
    m.finish_turn(2)
    assert m.stat(1, "mox") == 4


def test_until_the_end_of_the_fight_lasts_every_turn_of_it_and_then_ends():
    t = henlos_turn()
    t.give(0, "snake-oil", "accessory")
    t.folk(0)["hp"] -= 4
    acc = t.match().stat(0, "acc")
    t.act(0, {"type": "use", "k": "g:snake-oil:0", "chosen": None})
    assert t.match().stat(0, "acc") == acc - 1
    for _ in range(4):
        end_turn(t)
    assert t.stage["seat"] == 1 and t.match().stat(0, "acc") == acc - 1  # a round later: still lowered
    m = Match(t.state, [])
    m.after_fight()
    assert m.stat(0, "acc") == acc


def test_an_effect_for_the_whole_game_outlasts_the_fight():
    t = henlos_turn()
    m = Match(t.state, [])
    m.change_stat(0, "mvmt", 1, "game", "townsfolk")
    m.change_stat(0, "mox", 1, "fight", "townsfolk")
    m.change_stat(0, "acc", 1, "phase", "townsfolk")
    assert (m.stat(0, "mvmt"), m.stat(0, "mox"), m.stat(0, "acc")) == (4, 4, 1)
    m.expire("fight-end")
    assert (m.stat(0, "mvmt"), m.stat(0, "mox"), m.stat(0, "acc")) == (4, 3, 0)
    m.after_fight()
    assert m.stat(0, "mvmt") == 4


def test_for_the_town_phase_ends_when_the_town_phase_does():
    t = Table(("henlo", "melba", "quintus"))
    m = Match(t.state, [])
    m.change_stat(0, "acc", 1, "turn", "townsfolk")  # in town, "this turn" is the Town Phase
    m.change_stat(0, "mox", 1, "phase", "townsfolk")
    assert m.stat(0, "acc") == 1 and m.stat(0, "mox") == 4
    m.expire("turn-end", 0, 5)
    assert m.stat(0, "acc") == 1
    m.expire("town-end")
    assert m.stat(0, "acc") == 0 and m.stat(0, "mox") == 3


def test_a_removed_ruffian_takes_no_dmg_and_is_not_on_the_board():
    t = henlos_turn()
    t.give(0, "firecracker", "accessory")
    t.f["out"] = {"until": [["turn-start", 0]]}
    m = t.match()
    assert not m.on_board(R) and m.cells_of(R) == [] and m.dist(0, R) is None
    hp = t.f["hp"]
    t.act(0, {"type": "use", "k": "g:firecracker:0", "chosen": None})
    assert t.f["hp"] == hp
    t.f["out"] = None
    assert t.match().on_board(R)


def test_there_is_no_ruffian_on_the_board_in_town():
    t = Table(("henlo", "melba", "quintus"))
    m = Match(t.state, [])
    assert not m.on_board(R) and not m.on_board(0)


def test_a_this_turn_bonus_does_not_outlive_a_fight_won_on_that_turn():
    t = henlos_turn()
    t.give(0, "strong-coffee", "accessory")
    t.act(0, {"type": "use", "k": "g:strong-coffee:0", "chosen": None})
    assert mox(t, 0) == 4
    t.f["hp"] = 1
    with dice(9, 5, 4, 3, 2, 6, 7, 8):
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
    t.settle()
    while t.stage["kind"] == "discard":
        t.act(t.stage["seat"], {"type": "keep-feats"})
        t.settle()
    assert t.state["fight"] is None
    assert mox(t, 0) == 3 and t.state["effects"] == []
