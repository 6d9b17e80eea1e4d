"""Tumble Town: roll dice, claim Building Plans and raise the best town in the West (1–4 players)."""

from tabletown.engine.spec import Choice, Flag, GameSpec

_MISSIONS = tuple(f"Mission {i}" for i in range(1, 11))
# "Each player's next mission" sets every player's mission itself; Hard Mode needs a mission.
_NOT_NEXT = ("mission", tuple(range(0, 11)))
_ON = ("mission", tuple(range(1, 11)) + ("next",))

SPEC = GameSpec(
    id="tumble-town",
    title="Tumble Town",
    tagline="Roll dice and raise a frontier town. 1–4 players.",
    blurb="Roll dice, claim building plans and raise the best frontier town in the West. 1–4 players.",
    seats=(1, 4),
    options=(
        Choice("town", "Town cards", ("easy", "hard", "cactus", "dueling"), "easy",
               labels=("Easy", "Hard", "Cactus", "Dueling Streets"),
               help="Every player gets the same type of Town card."),
        Choice("mode", "Solo game", ("outlaw", "no-outlaw", "sole-surveyor"), "outlaw",
               labels=("Against the Outlaw", "No Outlaw scoring chart", "Sole Surveyor"), for_seats=(1,),
               help="Play against the Outlaw, chase it out of town and compare with the chart, or face the Sole Surveyor."),
        Choice("difficulty", "Outlaw difficulty", ("easy", "medium", "hard", "extra-hard"), "medium",
               labels=("Easy", "Medium", "Hard", "Extra Hard"), for_seats=(1,), only_with=("mode", ("outlaw", "no-outlaw"))),
        Flag("no_main_street", "No Main Street variant", default=False,
             help="Buildings are not placed on the Town card and Main Street does not score."),
        Flag("surplus", "Surplus variant", default=False,
             help="No dice are returned to the box; the end comes when two Plan End cards show."),
        Choice("mission", "Mission Mode", (0,) + tuple(range(1, 11)) + ("next",), 0,
               labels=("Off",) + _MISSIONS + ("Each player's next mission",),
               help="Beat the mission's score and its extra requirement to move on to the next mission."),
        Choice("mission_seat2", "Second player's mission", tuple(range(0, 11)), 0,
               labels=("Same as the first",) + _MISSIONS, for_seats=(2, 3, 4), only_with=_NOT_NEXT),
        Choice("mission_seat3", "Third player's mission", tuple(range(0, 11)), 0,
               labels=("Same as the first",) + _MISSIONS, for_seats=(3, 4), only_with=_NOT_NEXT),
        Choice("mission_seat4", "Fourth player's mission", tuple(range(0, 11)), 0,
               labels=("Same as the first",) + _MISSIONS, for_seats=(4,), only_with=_NOT_NEXT),
        Flag("mission_hard", "Solo Missions: Hard Mode", default=False, for_seats=(1,), only_with=_ON,
             help="You must also beat the Outlaw's score to move on."),
    ),
    rules_version=2,  # 2: the Jail's power only when it can be completed; the 3-cactus back may take gold
    replays=(1,),
    campaign=True,
)
