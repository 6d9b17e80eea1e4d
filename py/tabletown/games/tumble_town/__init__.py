"""Tumble Town: roll dice, claim Building Plans and raise the best town in the West."""

from .bots import BOTS
from .render import render
from .rules import RULES

__all__ = ["RULES", "BOTS", "render"]
