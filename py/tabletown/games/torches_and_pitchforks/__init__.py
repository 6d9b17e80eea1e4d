"""Torches & Pitchforks: rally your Mob and drive the Monsters from town (2–5 players)."""

from tabletown.engine.spec import Choice, GameSpec

SPEC = GameSpec(
    id="torches-and-pitchforks",
    title="Torches & Pitchforks",
    tagline="Rally your mob and drive the monsters from town. 2–5 players.",
    blurb="Rally your Mob, fight or flee the Monsters, and trip up your neighbours. 2–5 players.",
    seats=(2, 5),
    options=(
        Choice("target", "Winning score", (20, 30, 40), 30, labels=("20 (quick)", "30", "40 (long)"),
               help="The first player whose slain Monsters add up to this many points wins."),
    ),
    # 2: Action cards at any time (a window before every flip), a Defense before Fight or Flee,
    # the Mob's owner chooses who comes back, a Grenade that adds nothing is kept.
    # 3: Adam keeps 6 cards but his turn refills to 5; Lucky Lowry saves one from a Monster's Kill
    # (no longer "dies last"). Games begun under 1 or 2 keep the gifts they began with.
    # 4: a card that draws (Early Harvest) is discarded after its draw, so a reshuffle during the
    # draw cannot hand it back.
    # 5: Action cards at any time during another player's Hunt!, Recoup and Discard too: the
    # any-time window also holds the active player's skipping the Hunt! and ending the turn.
    rules_version=5,
    replays=(1, 2, 3, 4),
)
