"""Townsfolk Tussle: townsfolk team up, gear up and run the Ruffians out of town (co-operative)."""

from tabletown.engine.spec import Choice, Flag, GameSpec

# What each Ruffian's special objective unlocks (data/gear_unlockable.json; a test keeps the two
# in step). The spec is read before the game's data files are loaded, so it is written out here.
UNLOCKABLE = (
    ("barlow", "Reluctant Ghost, Cursed Wand (Peddler)"),
    ("qing-kween", "the Blopsy Twins' Tag Team, Bloody Gem"),
    ("dozy", "Melba's Bulging Corset, Tossing Baton"),
    ("handsy", "Yancy's Manic Notes, Commanding Hand"),
    ("strawman", "Banner of Unity, Surplus Spuds (Peddler)"),
    ("pinchetti", "Panic Button, Donor's Checkbook (Peddler)"),
    ("bort", "Henlo's Covert Disguise, Sad Harvest"),
    ("pepin", "Secret Ingredient, Charm Handbook (Peddler)"),
    ("bundits", "Georgie's Napkin Bib, Dinner Fork"),
    ("virginia", "Rusted Badge, Eerie Sack (Peddler)"),
    ("umbrello", "Norman's Looong Eel, Fish Stick"),
    ("waggums", "Quintus's Bloody Badge, Mugger's Bat"),
)
UNLOCK_HELP = ("Unlocks are earned by a Ruffian's special objective. This browser's campaign ticks the ones "
               "it has earned when the game starts; tick one to play with an unlock earned elsewhere.")

def unlock_option(ruffian: str) -> str:
    """The setup option that says a Ruffian's unlock has been earned."""
    return "unlocked_" + ruffian.replace("-", "_")


SPEC = GameSpec(
    id="townsfolk-tussle",
    title="Townsfolk Tussle",
    tagline="Townsfolk team up, gear up and run the Ruffians out of town. Co-operative, 1–4 players.",
    blurb=(
        "Four Ruffians wait face down on the Town Map. Between fights the team shops with the Peddler, "
        "meets the town's events and chases Feats of Mettle; in each fight the Ruffian plays its own "
        "action deck. Beat all four to win; the Final Fight names a new sheriff who must not fall. "
        "Each seat is one townsfolk: play solo with three, or Doublin' Down with two players and four."
    ),
    seats=(2, 4),
    outcome="team",
    secrets=True,
    campaign=True,
    seat_word="townsfolk",
    solo_hint="to play alone, choose 3 townsfolk and the Solo variant",
    options=(
        Flag("solo", "Solo variant", default=False, for_seats=(3,),
             help="One player controls all three townsfolk. Secret Town Events are left out."),
        Flag("doublin_down", "Doublin' Down", default=False, for_seats=(4,),
             help=("Two players control two townsfolk each: one plays seats 1 and 2, the other seats 3 and 4. "
                   "Secret Town Events are left out.")),
        Flag("trading", "Trading variant", default=False,
             help="All for One, One for All: townsfolk may freely exchange gear in the Town Phase (easier)."),
        Choice("town_map", "Town Map", ("standard", "rough"), "standard",
               labels=("Standard: Chump, Scrapper, Brute, Final Fight",
                       "Rough: Scrapper, Brute, Outlaw, Final Fight"),
               help="The Ruffian levels printed under the four spaces of the Town Map."),
    ) + tuple(
        Flag(unlock_option(rid), "Unlocked: " + gear, default=False, help=UNLOCK_HELP if rid == "waggums" else "")
        for rid, gear in UNLOCKABLE),
    ready=True,
    # 2: buying a piece offers to equip it at once, for free, when a slot it fits is free.
    # 3: the Ruffians are tuned to be harder at each Town Map level (content.ruffian keeps version 2's numbers).
    rules_version=3,
    replays=(1, 2),
)
