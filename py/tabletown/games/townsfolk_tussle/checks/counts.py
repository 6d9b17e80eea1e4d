"""How many of each catalogue the rulebook has: the content is complete when it has as many."""

# The rulebook's counts (cards; a Peddler gear or Town Event row with "copies": n counts n).
COUNTS = {
    "townsfolk": 7, "ruffians": 12, "endings": 36, "terrain": 20,
    "gear_starting": 15, "gear_peddler": 177, "gear_ruffian": 36, "gear_unique": 28,
    "gear_unlockable": 24, "feats": 75, "events": 100, "action_cards": 180,
}
CARDS_PER_RUFFIAN = 15
GEAR_PER_RUFFIAN = 3
UNLOCKS_PER_RUFFIAN = 2
