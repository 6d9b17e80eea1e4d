"""Applying an action in Ruthless: checked, handled, then the queued steps and the turn move on.

    options.py    who is asked and what they may do
    legality.py   whether an action is allowed, and why not
    actions.py    what each action does
    steps.py      what is still to be resolved after it (shots, hits, wounds, nerve)
    flow.py       activations, rounds, turns and the end of the game
"""

from __future__ import annotations

from typing import Any

from tabletown.engine.move import Move

from . import models as M
from .actions import PENDING_HANDLERS, PHASE_HANDLERS
from .legality import validate
from .options import Action, State
from .steps import run


def apply(state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
    validate(state, seat, action)
    mv = Move(state)
    p = mv.s["pending"]
    if p is not None:
        PENDING_HANDLERS[p["kind"]](mv, seat, action)
    else:
        PHASE_HANDLERS[mv.s["phase"]](mv, seat, action)
    run(mv)
    annotate(mv)
    return mv.result()


MODEL_KEYS = ("model", "target", "victim", "at", "attacker", "defender", "friend", "horse", "by", "mover", "winner")
MODEL_LISTS = ("models", "heard", "rams")


def annotate(mv: Move) -> None:
    """Name the models an event mentions (`who` ids the phrasebook can read)."""
    st = mv.s
    for e in mv.ev:
        for k in MODEL_KEYS:
            v = e.get(k)
            if type(v) is int and k != "seat":
                e[k + "_who"] = M.ref(st, st["models"][v])
        for k in MODEL_LISTS:
            if isinstance(e.get(k), list):
                e[k + "_who"] = [M.ref(st, st["models"][v]) for v in e[k]]
