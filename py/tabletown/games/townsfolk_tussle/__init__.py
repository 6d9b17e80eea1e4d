"""Townsfolk Tussle: townsfolk team up, gear up and run the Ruffians out of town (co-operative)."""

from tabletown.engine.spec import Choice, Flag, GameSpec

SPEC = GameSpec(
    id="townsfolk-tussle",
    title="Townsfolk Tussle",
    tagline="Townsfolk team up, gear up and run the Ruffians out of town. Co-operative, 1–4 players.",
    blurb=(
        "Four Ruffians wait face down on the Town Map. Between fights the team shops with the Peddler, "
        "meets the town's events and chases Feats of Mettle; in each fight the Ruffian plays its own "
        "action deck. Beat all four to win; the Final Fight names a new sheriff who must not fall. "
        "One player controls three townsfolk; two players may each control two (Doublin' Down)."
    ),
    seats=(1, 4),
    outcome="team",
    secrets=True,
    campaign=True,
    seat_word="townsfolk",
    options=(
        Flag("doublin_down", "Doublin' Down", default=False, for_seats=(2,),
             help="Each of the two players controls two townsfolk. Secret events are left out."),
        Flag("trading", "Trading variant", default=False,
             help="All for One, One for All: townsfolk may freely exchange gear in the Town Phase (easier)."),
        Choice("town_map", "Town Map", ("standard", "rough"), "standard",
               labels=("Standard: Chump, Scrapper, Brute, Final Fight",
                       "Rough: Scrapper, Brute, Outlaw, Final Fight"),
               help="The Ruffian levels printed under the four spaces of the Town Map."),
    ),
    ready=False,
)
