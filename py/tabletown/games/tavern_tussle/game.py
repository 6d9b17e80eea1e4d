"""Tavern Tussle as the page and the session play it: spec, rules, bots and board."""

from . import SPEC
from .bots import BOTS
from .phrases import PHRASES
from .render import render
from .rules import TavernTussle

RULES = TavernTussle(SPEC)

__all__ = ["SPEC", "RULES", "BOTS", "PHRASES", "render"]
