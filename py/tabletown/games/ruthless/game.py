"""Ruthless as the page and the session play it: spec, rules, bots and board."""

from . import SPEC
from .bots import BOTS
from .render import render, render_part
from .rules import Ruthless

RULES = Ruthless(SPEC)

__all__ = ["SPEC", "RULES", "BOTS", "render", "render_part"]
