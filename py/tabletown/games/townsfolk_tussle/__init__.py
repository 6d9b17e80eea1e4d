"""Townsfolk Tussle: townsfolk team up, gear up and run the Ruffians out of town (co-operative)."""

from tabletown.engine.spec import Choice, Flag, GameSpec

# What each Ruffian's special objective unlocks (data/gear_unlockable.json; a test keeps the two
# in step). The spec is read before the game's data files are loaded, so it is written out here.
UNLOCKABLE = (
    ("barlow", "Barlow", "Reluctant Ghost and Cursed Wand join the Peddler's deck"),
    ("qing-kween", "Qing & Kween", "the Blopsy Twins' Tag Team and Bloody Gem"),
    ("dozy", "Dozy", "Melba's Bulging Corset and Tossing Baton"),
    ("handsy", "Handsy", "Yancy's Manic Notes and Commanding Hand"),
    ("strawman", "Strawman", "Banner of Unity and Surplus Spuds join the Peddler's deck"),
    ("pinchetti", "Penny Pinchetti", "Panic Button and Donor's Checkbook join the Peddler's deck"),
    ("bort", "Bort", "Henlo's Covert Disguise and Sad Harvest"),
    ("pepin", "Pepin", "Secret Ingredient and Charm Handbook join the Peddler's deck"),
    ("bundits", "the Bundits", "Georgie's Napkin Bib and Dinner Fork"),
    ("virginia", "Virginia", "Rusted Badge and Eerie Sack join the Peddler's deck"),
    ("umbrello", "Umbrello", "Norman's Looong Eel and Fish Stick"),
    ("waggums", "Waggums", "Quintus's Bloody Badge and Mugger's Bat"),
)



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
    options=(
        Flag("solo", "Solo variant", default=False, for_seats=(3,),
             help="One player controls all three townsfolk. Secret Town Events are left out."),
        Flag("doublin_down", "Doublin' Down", default=False, for_seats=(4,),
             help="Two players control two townsfolk each. Secret Town Events are left out."),
        Flag("trading", "Trading variant", default=False,
             help="All for One, One for All: townsfolk may freely exchange gear in the Town Phase (easier)."),
        Choice("town_map", "Town Map", ("standard", "rough"), "standard",
               labels=("Standard: Chump, Scrapper, Brute, Final Fight",
                       "Rough: Scrapper, Brute, Outlaw, Final Fight"),
               help="The Ruffian levels printed under the four spaces of the Town Map."),
    ) + tuple(
        Flag(unlock_option(rid), f"Unlocked by beating {name}'s special objective: {gear}", default=False,
             help="Kept by this browser's campaign once earned; tick it to play with an unlock earned elsewhere.")
        for rid, name, gear in UNLOCKABLE),
    ready=True,
)
