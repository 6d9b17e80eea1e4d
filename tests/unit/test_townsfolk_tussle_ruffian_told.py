"""The Ruffian's turn as the log tells it: a player who did not watch the board can follow it.

From the rulebook ("Ruffian's Turn", "Targeting", "Moving the Ruffian", "Colliding with
Townsfolk", "Ranged Attacks"): the Ruffian plays the next card of its action deck; the card's
target is chosen first, ties rolled by the townsfolk ("the lowest roll is targeted"); it moves
"towards the target" with its MVMT, 2 × 2 squares at a time; "if they reach the target, the target
would take 1 DMG. If they cannot reach the target, no DMG is dealt"; a townsfolk it collides with
"is pushed out of that square"; a ranged attack needs "the target to be within a certain number of
squares"; the aftereffect "is triggered if the target takes DMG". The log line of the action
that gave the Ruffian its turn says each of these, with the Ruffian as the one acting.
"""

from __future__ import annotations

from tabletown.games.townsfolk_tussle import content as C
from tests.unit.test_townsfolk_support import Table, dice, level_dmg

QK = "Qing & Kween"
HENLO, MELBA, QUINTUS = "Henlo ({seat0})", "Melba ({seat1})", "Quintus ({seat2})"



def open_field(henlo, melba=(11, 11), quintus=(11, 0), ruffian=(5, 5)) -> Table:
    """Qing & Kween (3 MVMT with three townsfolk) on a board with no terrain, at F6–G7."""
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.f["terrain"] = []
    t.f["pos"], t.f["face"] = list(ruffian), "s"
    for seat, sq in enumerate((henlo, melba, quintus)):
        t.put(seat, list(sq))
    return t


def ruffian_turn(t: Table, card: str) -> str:
    """Stack `card` and end townsfolk turns until the Ruffian has played it: the Ruffian's part of
    the log (every line from the one where it plays the card on)."""
    t.stack(card)
    first = len(t.lines)
    t.ruffian_plays()
    lines = t.lines[first:]
    start = next(n for n, line in enumerate(lines) if f"{QK} play" in line)
    return " ".join(lines[start:])


def test_the_ruffian_is_named_as_the_one_who_plays_the_card():
    t = open_field(henlo=(0, 5))
    told = ruffian_turn(t, "qing-kween-twin-cleave")
    assert f"{QK} play Twin Cleave." in told


def test_the_target_is_named_with_why_it_was_chosen():
    # "Closest townsfolk: The townsfolk that would require the least movement (MVMT) for the Ruffian to reach."
    # Henlo on A6 needs the footprint on B6–C7: 4 squares west of F6–G7.
    t = open_field(henlo=(0, 5))
    told = ruffian_turn(t, "qing-kween-twin-cleave")
    assert f"Target: {HENLO} (4 MVMT away): closest townsfolk." in told


def test_a_tie_for_the_target_is_rolled_and_each_roll_is_said_to_be_a_tie_break():
    # "If there is a tie for a single target action, the townsfolk roll to determine the target;
    # the lowest roll is targeted." Henlo on C6 and Melba on J6 both need 2 MVMT.
    t = open_field(henlo=(2, 5), melba=(9, 5))
    with dice(7, 3):
        told = ruffian_turn(t, "qing-kween-twin-cleave")
    assert f"{HENLO} and {MELBA} are tied: they roll, and the lowest roll is picked." in told
    assert f"{HENLO} rolls 7 (tie-break roll). {MELBA} rolls 3 (tie-break roll)." in told
    assert f"Target: {MELBA} (2 MVMT away): closest townsfolk." in told


def test_the_walk_says_how_far_and_the_four_squares_the_ruffian_ends_on():
    # "Each point of MVMT allows the Ruffian to move to one adjacent set of squares (Ruffians themselves
    # cover 4 squares)": 3 MVMT west from F6–G7 ends on C6–D7, still short of Henlo.
    t = open_field(henlo=(0, 5))
    told = ruffian_turn(t, "qing-kween-twin-cleave")
    assert f"{QK} move 3 squares from F6–G7 to C6–D7." in told
    assert t.f["pos"] == [2, 5]


def test_an_attack_that_cannot_reach_is_told_and_deals_no_dmg():
    # "If they cannot reach the target, no DMG is dealt." The aftereffect needs the target to take DMG.
    t = open_field(henlo=(0, 5))
    told = ruffian_turn(t, "qing-kween-twin-cleave")
    assert f"{QK} cannot reach {HENLO} this turn: no DMG." in told
    assert "No aftereffect: the target took no DMG." in told
    assert t.folk(0)["hp"] == t.match().max_hp(0)


def test_an_attack_that_reaches_says_the_ruffian_deals_the_dmg():
    # "If they reach the target, the target would take 1 DMG" (Twin Cleave deals 2). Henlo on D6 is
    # reached with one step west (E6–F7).
    t = open_field(henlo=(3, 5))
    hp = t.folk(0)["hp"]
    told = ruffian_turn(t, "qing-kween-twin-cleave")
    assert f"{QK} move 1 square from F6–G7 to E6–F7." in told
    assert f"{QK} reach {HENLO}." in told
    dmg = 2 + level_dmg(t)  # and what Qing & Kween's level adds
    assert f"{QK} deal {dmg} DMG to {HENLO} ({hp - dmg} HP left)." in told
    assert "Aftereffect (the target took DMG): Every other townsfolk adjacent to Qing & Kween takes 1 DMG." in told
    # never worded as if the townsfolk dealt it or took it on their own
    assert f"{HENLO} takes" not in told and "Henlo ({seat0}) deals" not in told


def test_a_collision_names_the_ruffian_the_townsfolk_pushed_and_where_they_went():
    # "When they do, the townsfolk is pushed out of that square, and into an adjacent square of their
    # choice." March of Conquest: face the target and move forward 4; each townsfolk collided with takes 1 DMG.
    t = open_field(henlo=(0, 5), melba=(3, 5))
    t.stack("qing-kween-march-of-conquest")
    first = len(t.lines)
    t.ruffian_plays()
    assert t.question is not None and t.question["k"] == "push" and t.question["seat"] == 1
    t.answer([3, 4])
    t.settle()
    told = " ".join(t.lines[first:])
    assert f"{QK} turn to face west." in told
    assert f"{QK} collide with {MELBA}, who is pushed to D5." in told
    assert f"{QK} deal {1 + level_dmg(t)} DMG to {MELBA}" in told


def test_stolen_gear_is_taken_by_the_ruffian_by_name():
    # Seize the Spoils: "Qing & Kween seize the target's most valuable equipped gear".
    # Henlo (Old Pitchfork in both hands, Straw Hat) has the most gear equipped and stands next to them.
    t = open_field(henlo=(3, 5))
    t.stack("qing-kween-seize-the-spoils")
    first = len(t.lines)
    t.ruffian_plays()
    t.settle()  # pieces of equal worth: Henlo chooses which
    told = " ".join(t.lines[first:])
    assert f"Target: {HENLO} (2 pieces equipped): townsfolk with the most gear equipped." in told
    taken = [C.gear_of(s["g"])["name"] for s in t.f["stolen"]]
    assert taken and f"{QK} take {HENLO}'s {taken[0]}." in told


def test_a_kept_card_says_when_it_takes_effect_and_what_it_did():
    # "Keep this card in front of the townsfolk... Actions with this clause usually have an effect later
    # in the fight." Royal Guard is discarded when a townsfolk ends their turn adjacent to the twins.
    t = open_field(henlo=(4, 7))
    ruffian_turn(t, "qing-kween-royal-guard")
    assert any(k["card"] == "qing-kween-royal-guard" for k in t.f["kept"])
    seat = t.stage["seat"]
    t.put(seat, [4, 5])
    t.act(seat, {"type": "end"})
    assert f"{QK}'s kept card Royal Guard takes effect. Royal Guard is discarded." in t.lines[-1]


def test_a_ranged_attack_out_of_range_says_nothing_happens_and_why():
    # "These actions require the target to be within a certain number of squares from the Ruffian."
    # Two-Headed Argument, 5+: deal 2 DMG to the closest townsfolk if they are within 2 squares: Henlo
    # on A6 is 5 squares from the twins' F6.
    t = open_field(henlo=(0, 5), melba=(11, 11), quintus=(11, 0))
    with dice(7):
        told = ruffian_turn(t, "qing-kween-two-headed-argument")
    assert f"{QK} roll for Two-Headed Argument: 7, against 1–4 / 5–10 → 5–10: Qing wins the argument" in told
    assert f"Nothing happens: {HENLO} is out of range (5 squares away, range 2)." in told


def test_a_card_with_no_one_to_target_says_so():
    # "All townsfolk within 2 squares" with everyone far away: "An action plays out in its entirety
    # even if there is no valid target."
    t = open_field(henlo=(0, 0), melba=(11, 11), quintus=(11, 0))
    told = ruffian_turn(t, "qing-kween-claymore-sweep")
    assert "No target: no one fits “All townsfolk within 2 squares”." in told


def test_the_path_the_players_chose_is_told_with_where_it_ends():
    # "If the Ruffian can take multiple paths to reach their target, all which take the same amount of
    # MVMT, the players may choose the path the Ruffian takes." Henlo on D4: E4–F5 or D5–E6.
    t = open_field(henlo=(3, 3))
    t.stack("qing-kween-twin-cleave")
    t.ruffian_plays()
    assert t.question["k"] == "path"
    t.answer(1)
    told = t.lines[-1]
    assert told.startswith(f"{HENLO} picks path 2 of 2 for the Ruffian, ending on D5–E6. "
                           f"{QK} move 3 squares from F6–G7 to D5–E6.")


def test_a_crit_hit_roll_of_1_says_why_the_ruffian_acts_next():
    # Crit Hit! "1: Your attack sends the Ruffian into a fit of rage! Your turn ends immediately after the
    # attack, and the Ruffian takes an action."
    t = open_field(henlo=(0, 0), melba=(11, 11), quintus=(11, 0))
    seat = t.stage["seat"]
    t.put(seat, [4, 5])  # next to the twins' F6
    attack = next(a for a in t.legal(seat) if a["type"] == "attack")
    t.stack("qing-kween-coronation")
    with dice(10, 1):
        t.act(seat, attack)
    told = t.lines[-1]
    assert "CRITICAL HIT. Crit Hit chart: 1: Your attack sends the Ruffian into a fit of rage!" in told
    assert f"Bonus action: {QK} play Coronation." in told


def test_an_aftereffect_whether_or_not_the_target_took_dmg_happens_when_it_took_none():
    # Strawman's Stuffing Spill: "Whether or not the target took DMG: if Strawman is inside a
    # feature, he restores 2 HP." Henlo is far out of reach, so no DMG is dealt, and still the
    # aftereffect is told as happening.
    t = Table(("henlo", "melba", "quintus"))
    t.fight("strawman")
    t.f["terrain"] = []
    t.f["pos"], t.f["face"] = [5, 5], "s"
    for seat, sq in enumerate(((0, 5), (11, 11), (11, 0))):
        t.put(seat, list(sq))
    t.stack("strawman-stuffing-spill")
    first = len(t.lines)
    t.ruffian_plays()
    told = " ".join(t.lines[first:])
    assert "no DMG" in told
    assert "Aftereffect" in told and "No aftereffect" not in told
