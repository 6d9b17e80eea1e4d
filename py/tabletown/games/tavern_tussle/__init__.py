"""Tavern Tussle: draft travelling Heroes and collect their stories (2–4 players)."""

from tabletown.engine.spec import Choice, Flag, GameSpec

# The players from youngest to oldest: a single digit k is "player k is the youngest, then
# the players to their left in turn"; several digits list the whole order (2143). Written
# out here because this module may import nothing but the spec (it is read at boot).
_ROTATIONS = (1, 2, 3, 4)
_ORDERS = (132, 213, 321,
           1243, 1324, 1342, 1423, 1432, 2134, 2143, 2314, 2413, 2431,
           3124, 3142, 3214, 3241, 3421, 4132, 4213, 4231, 4312, 4321)

SPEC = GameSpec(
    id="tavern-tussle",
    title="Tavern Tussle",
    tagline="Draft travelling Heroes and collect their stories. 2–4 players.",
    blurb="Draft travelling Heroes, tussle over Initiative and collect stories of every theme. 2–4 players.",
    seats=(2, 4),
    options=(
        Flag("advanced", "Advanced Variant", default=False, for_seats=(3, 4),
             help="Players whose card is flipped or stolen turn their Taverner face-down and are off-limits."),
        Choice("youngest", "Players from youngest to oldest", _ROTATIONS + _ORDERS, 1,
               labels=tuple(f"Player {k} youngest, then left" for k in _ROTATIONS)
               + tuple("Players " + ", ".join(str(o)) for o in _ORDERS),
               # player k youngest needs k players or more; a whole order is for as many players as it lists
               choice_seats=tuple(tuple(range(max(k, 2), 5)) for k in _ROTATIONS) + tuple((len(str(o)),) for o in _ORDERS),
               help="Ties of Initiative and of the final scores go to the younger player."),
        Flag("taverner_bonus", "Taverner bonus points", default=False,
             help="Not in the rulebook: each Taverner card adds 0 to 3 points to its player's final score "
                  "(Tabletown's values, by Taverner and number of players, measured in bot games to even out "
                  "the Taverners' chances). Off, the stories alone score, as the rulebook says."),
    ),
    rules_version=6,
    replays=(1, 2, 3, 4, 5),
)
