"""Every worked example of the Tavern Tussle rulebook, played through the engine."""

from __future__ import annotations

import tabletown.games.tavern_tussle.game as tt
from tabletown.games.tavern_tussle.content import DECKS, HEROES, TAVERNER_STORY_POINTS
from tabletown.games.tavern_tussle.rules import scenario
from tabletown.games.tavern_tussle.scoring import STORY_POINTS, stories, tableau_score

R = tt.RULES
ALLIGATOR, BEAR, TOUCAN = 0, 1, 2


def hid(name: str, animal: str = "") -> int:
    for h in HEROES:
        if h["name"] == name and (not animal or h["animal"] == animal):
            return h["id"]
    raise KeyError(name)


def hands_with(cards: list[list[int]], seats: int = 3) -> list[list[int]]:
    """Fill each hand up to 6 with Heroes not named in the example."""
    used = {c for h in cards for c in h}
    spare = [c for c in DECKS[seats] if c not in used and HEROES[c]["name"] in ("Pilgrim", "Sage", "Giant", "Oracle",
                                                                                 "Bard", "Minstrel", "Scout", "Squire",
                                                                                 "Cleric", "Herbalist", "Monk", "Mage")]
    out = []
    for h in cards:
        need = 6 - len(h)
        out.append(list(h) + spare[:need])
        spare = spare[need:]
    return out


def apply(state, seat, action):
    return R.apply(state, seat, action)[0]


def line(state, seat, action) -> str:
    return R.phrase(R.apply(state, seat, action)[1])


def pick(state, seat, active, discard):
    state = apply(state, seat, {"type": "activate", "card": active})
    return apply(state, seat, {"type": "discard", "card": discard})


def test_story_phase_example():
    """Mercenary counters the Barbarian; the Archer flips the Mercenary; the flipped Barbarian does nothing."""
    archer, mercenary, barbarian = hid("Archer", "fox"), hid("Mercenary", "cat"), hid("Barbarian", "boar")
    assert HEROES[archer]["theme"] != "Battle" and HEROES[barbarian]["theme"] == "Battle"
    hands = hands_with([[archer], [mercenary], [barbarian]])
    st = scenario(3, [ALLIGATOR, BEAR, TOUCAN], hands)
    log = []
    for seat, active in ((0, archer), (1, mercenary), (2, barbarian)):
        discard = [c for c in st["hands"][seat] if c != active][0]
        log.append(line(st, seat, {"type": "activate", "card": active}))
        st = apply(st, seat, {"type": "activate", "card": active})
        log.append(line(st, seat, {"type": "discard", "card": discard}))
        st = apply(st, seat, {"type": "discard", "card": discard})
    text = " ".join(log)
    # 1) highest initiative first: the Bear's Mercenary counters the Toucan's Barbarian
    # 2) then the Alligator's Archer flips the Mercenary
    # 3) the Barbarian was already flipped, so it has no ability to activate
    i1 = text.index("{seat1}'s Mercenary cat counters {seat2}'s Barbarian boar")
    i2 = text.index("{seat0}'s Archer fox attacks {seat1}'s Mercenary cat")
    i3 = text.index("{seat2}'s Barbarian boar was flipped to its Coin side and does not act")
    assert i1 < i2 < i3
    # lastly all players place their cards in their tableau and start a new story phase
    assert st["tab"] == [[archer], [~mercenary], [~barbarian]]
    assert st["phase"] == "pick" and st["story"] == 2
    assert all(len(h) == 4 for h in st["hands"])
    assert R.active(st) == [0, 1, 2]


def test_advanced_variant_example():
    """Three players, Advanced Variant: the Archer flips the Swashbuckler; the Barbarian flips and steals the Archer."""
    swash, mage = hid("Swashbuckler", "otter"), hid("Mage", "owl")
    archer, king = hid("Archer", "fox"), hid("King", "lion")
    barbarian, mercenary = hid("Barbarian", "boar"), hid("Mercenary", "cat")
    assert HEROES[archer]["initiative"] == 7 and HEROES[barbarian]["initiative"] == 1
    assert HEROES[barbarian]["abilities"] == ("Attack", "Steal")
    hands = hands_with([[swash, mage], [archer, king], [barbarian, mercenary]])
    st = scenario(3, [ALLIGATOR, BEAR, TOUCAN], hands, advanced=True)
    # The Alligator discards a Mage and activates the Swashbuckler (face-down) ...
    st = pick(st, 0, swash, mage)
    # ... the Bear discards a King and activates the Archer ...
    st = pick(st, 1, archer, king)
    assert st["phase"] == "pick" and R.view(st, 2)["play"] == [None, None, None]  # still face-down
    assert R.view(st, 2)["act"][:2] == ["?", "?"]
    # ... and the Toucan discards a Mercenary and activates the Barbarian.
    st = pick(st, 2, barbarian, mercenary)
    # The Archer goes first ("Initiative 7"); the Bear chooses to Attack the Swashbuckler.
    assert st["phase"] == "resolve" and st["order"] == [0, 2] and st["ctx"]["seat"] == 1
    assert R.active(st) == [1]
    assert R.legal(st, 1) == [{"type": "target", "seat": 2}, {"type": "target", "seat": 0}]
    text = line(st, 1, {"type": "target", "seat": 0})
    st = apply(st, 1, {"type": "target", "seat": 0})
    # The Swashbuckler is flipped; the Alligator flips their Taverner too. The Swashbuckler
    # does not act; the Barbarian ("Initiative 1") can only target the Archer: it flips it
    # and steals it, and the Bear flips their Taverner.
    assert "Swashbuckler otter was flipped to its Coin side and does not act" in text
    assert "{seat2}'s Barbarian boar attacks {seat1}'s Archer fox" in text
    assert text.index("{seat0}'s Taverner turns face-down") < text.index("{seat2} steals a Coin (Archer fox)")
    assert text.index("{seat2} steals a Coin (Archer fox) from {seat1}") < text.index("{seat1}'s Taverner turns")
    # After the phase, the cards of the play areas go to the tableaus:
    assert st["tab"][0] == [~swash]  # the Swashbuckler remains as a Coin in the Alligator's tableau
    assert st["tab"][1] == []  # the Bear has nothing in their tableau
    assert sorted(st["tab"][2]) == sorted([barbarian, ~archer])  # the Toucan: the Barbarian and the stolen Coin
    assert st["tup"] == [False, False, True]  # both flipped Taverners: they can't be attacked
    # Players pass their remaining 4 cards clockwise and start a new turn.
    assert sorted(st["hands"][1]) == sorted(c for c in hands[0] if c not in (swash, mage))
    assert sorted(st["hands"][2]) == sorted(c for c in hands[1] if c not in (archer, king))
    assert sorted(st["hands"][0]) == sorted(c for c in hands[2] if c not in (barbarian, mercenary))
    assert st["phase"] == "pick" and st["story"] == 2


def test_advanced_variant_example_continues_off_limits():
    """The next phase after the example: the face-down Alligator cannot be targeted, and when a
    Hero acts while every other Taverner is face-down, all Taverners unflip first."""
    swash, archer, barbarian = hid("Swashbuckler", "otter"), hid("Archer", "fox"), hid("Barbarian", "boar")
    hunter, duelist, knight = hid("Hunter"), hid("Duelist", "weasel"), hid("Knight", "badger")
    st = scenario(3, [ALLIGATOR, BEAR, TOUCAN],
                  [[hunter, hid("Pilgrim")], [duelist, hid("Sage")], [knight, hid("Giant")]],
                  [[~swash], [], [barbarian, ~archer]], advanced=True, tav_up=[False, False, True], story=3)
    st = apply(st, 0, {"type": "activate", "card": hunter})
    st = apply(st, 1, {"type": "activate", "card": duelist})
    text = line(st, 2, {"type": "activate", "card": knight})
    st = apply(st, 2, {"type": "activate", "card": knight})
    # Duelist (8): the Alligator is off-limits, so the Bear's only target is the Toucan's Knight;
    # the Toucan's Taverner turns. The Knight (6) was flipped and does not act. The Hunter (5)
    # acts with every other Taverner face-down: all unflip, and it attacks the Bear's Duelist.
    assert text.index("{seat1}'s Duelist weasel attacks {seat2}'s Knight badger") < text.index(
        "all Taverners are unflipped") < text.index("{seat0}'s Hunter wolf attacks {seat1}'s Duelist weasel")
    assert st["tab"] == [[~swash, hunter], [~duelist], [barbarian, ~archer, ~knight]]
    assert st["tup"] == [True, False, True]
    assert st["round"] == 2  # the hands ran out: a new round was dealt


def test_scoring_example():
    """15 points for the first story, 6 for the second and 1 for the third: 22."""
    luck, battle, journey, elixir = hid("Thief", "rat"), hid("Knight", "badger"), hid("Pilgrim"), hid("Sage")
    luck2, battle2, journey2, luck3 = hid("Gambler"), hid("Knight", "stag"), hid("Hunter"), hid("Cleric")
    coin = ~hid("Mage", "owl")
    tableau = [luck, battle, journey, elixir, coin, luck2, battle2, journey2, luck3]
    assert [STORY_POINTS[len(s)] for s in stories(tableau)] == [15, 6, 1]
    assert tableau_score(tableau) == 22
    st = scenario(2, [0, 3], [[], []], [tableau, [luck]])
    st["phase"], st["round"], st["story"] = "over", 3, 3
    out = R.outcome(st)
    # "… for a total of 22 Victory points": a new game scores the stories alone.
    assert out["scores"] == [22, 1] and out["winners"] == [0]
    assert out["details"][0]["story_points"] == [15, 6, 1] and out["details"][0]["Stories"] == "15 + 6 + 1"
    # With the Taverner bonus points option (and in rules versions 3 to 5) each Taverner
    # card's points join the 22 points of the stories.
    bonus = [TAVERNER_STORY_POINTS[0][2], TAVERNER_STORY_POINTS[3][2]]
    assert bonus[1] > 0
    assert R.outcome(dict(st, taverner_bonus=True))["scores"] == [22 + bonus[0], 1 + bonus[1]]
    old = dict(st, v=2)  # a game begun under version 2 scores its stories alone
    assert R.outcome(old)["scores"] == [22, 1]
    assert out["details"][0]["stories"][0] == ["Luck", "Battle", "Journey", "Elixir", "Coin"]
