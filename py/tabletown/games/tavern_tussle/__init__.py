"""Tavern Tussle: draft travelling Heroes and collect their stories (2–4 players)."""

from tabletown.engine.spec import Choice, Flag, GameSpec

SPEC = GameSpec(
    id="tavern-tussle",
    title="Tavern Tussle",
    tagline="Draft travelling Heroes and collect their stories. 2–4 players.",
    blurb="Draft travelling Heroes, tussle over Initiative and collect stories of every theme. 2–4 players.",
    seats=(2, 4),
    options=(
        Flag("advanced", "Advanced Variant", default=False, for_seats=(3, 4),
             help="Players whose card is flipped or stolen turn their Taverner face-down and are off-limits."),
        Choice("youngest", "Youngest player", (1, 2, 3, 4), 1,
               labels=("Player 1", "Player 2", "Player 3", "Player 4"),
               help="Wins ties of Initiative and final ties that Luck and tableau size leave open."),
    ),
    rules_version=1,
)
