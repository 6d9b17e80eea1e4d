"""Ruthless: Wild West gunfights on an inch-measured table, hit by hit and wound by wound."""

from tabletown.engine.spec import GameSpec

SPEC = GameSpec(
    id="ruthless",
    title="Ruthless",
    tagline="Wild West gunfights, hit by hit and wound by wound. 2–4 posses.",
    seats=(2, 4),
    outcome="ranked",
    secrets=True,
    campaign=True,
    seat_word="posse",
    ready=False,
)
