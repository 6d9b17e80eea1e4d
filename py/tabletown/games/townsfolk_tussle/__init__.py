"""Townsfolk Tussle: townsfolk team up, gear up and run the Ruffians out of town (co-operative)."""

from tabletown.engine.spec import GameSpec

SPEC = GameSpec(
    id="townsfolk-tussle",
    title="Townsfolk Tussle",
    tagline="Townsfolk team up, gear up and run the Ruffians out of town. Co-operative, 1–4 players.",
    seats=(1, 4),
    outcome="team",
    secrets=True,
    campaign=True,
    seat_word="townsfolk",
    ready=False,
)
