"""Tavern Tussle: draft travelling Heroes and collect their stories (2–4 players)."""

from .bots import BOTS
from .render import render
from .rules import RULES

__all__ = ["RULES", "BOTS", "render"]
