"""Torches & Pitchforks as the page and the session play it: spec, rules, bots and board."""

from . import SPEC
from .bots import BOTS
from .render import render
from .rules import TorchesAndPitchforks

RULES = TorchesAndPitchforks(id=SPEC.id, title=SPEC.title, seats=SPEC.seats, version=SPEC.rules_version)
RULES.spec = SPEC

__all__ = ["SPEC", "RULES", "BOTS", "render"]
