"""The content language, run (docs/content/townsfolk-tussle.md, part B, sections 3 and 4).

Every card, gear, ability, Feat, Town Event, terrain card and Final Fight is data; `Lang` is
the one interpreter for all of it, made of one mixin per part of the language:

- selection.py   whom and where content names: selectors, picks, terrain words, amounts
- conditions.py  whether a condition holds (`holds`)
- steps.py       what a step does (`run`; one `do_<word>` per step word)
- places.py      the steps about terrain and where characters stand
- triggers.py    what reacts to an event (`fire`), goals, kept cards
- facts.py       facts read once off the content (the terrain that harms, …)

The Ruffian's own movement steps (move, move-into, forward, retreat, face) and the townsfolk's
movement (push, pull, dash) are in movement.py.
"""

from __future__ import annotations

from .conditions import Conditions
from .facts import HARMFUL
from .places import Places
from .selection import Selection
from .steps import Steps
from .triggers import Triggers


class Lang(Triggers, Places, Steps, Conditions, Selection):
    """Mixin: the language's interpreter."""


__all__ = ["Lang", "HARMFUL"]
