"""A game of Townsfolk Tussle in motion: the stages it passes through and what each waits for.

`Match` joins the mixins into one object that plays one action. It is the kit's `Move`
(engine/move.py, through `Base` in play.py): the state, the PRNG and the events of the action
travel together in it, and every roll, shuffle and event goes through it. It hands the action to the
stage that is waiting for it, then runs everything automatic (Town Events, the Ruffian's turns,
the end of a fight…) until a player must choose again.

Stages that wait for a player: pick (choose a townsfolk), reset (pledge Coins to reset the
Peddler's table), shop, position (a starting square marked T), turn (a townsfolk's turn),
discard (keep or discard unaccomplished Feats after a fight), over. The others run by themselves:
town, events, fight, open, flow, ending.
"""

from __future__ import annotations

from typing import Any

from tabletown.engine.rules import IllegalAction

from .fight import Fight
from .lang import Lang
from .movement import Movement
from .play import Base, FightOver
from .ruffian import Ruffian
from .stats import Stats
from .town import Town

WAITING = ("pick", "reset", "shop", "position", "turn", "discard", "over")


class Match(Fight, Town, Ruffian, Movement, Lang, Stats, Base):
    def play(self, seat: int, action: dict[str, Any]) -> None:
        stage = self.s["stage"]
        kind = stage["kind"]
        if kind not in WAITING or stage.get("seat") != seat:
            raise IllegalAction("It is not this townsfolk's turn to act.")
        try:
            if kind == "pick":
                self.pick_townsfolk(seat, action)
            elif kind == "reset":
                self.reset_turn(seat, action)
            elif kind == "shop":
                self.shop_turn(seat, action)
            elif kind == "position":
                if action.get("type") != "start":
                    raise IllegalAction("Choose a starting square.")
                self.take_position(seat, action.get("at"))
            elif kind == "turn":
                self.folk_action(seat, action)
            elif kind == "discard":
                if action.get("type") not in ("discard-feat", "keep-feats"):
                    raise IllegalAction("Keep or discard your Feats of Mettle.")
                self.discard_feat(seat, action)
            else:
                raise IllegalAction("The game is over.")
        except FightOver as over:
            self.end_fight(over.won, over.how)
        self.proceed()

    def proceed(self) -> None:
        """Run the automatic stages until one waits for a player."""
        for _ in range(1000):
            kind = self.s["stage"]["kind"]
            if kind in WAITING:
                return
            try:
                if kind == "town":
                    self.begin_town()
                elif kind == "events":
                    self.town_events()
                elif kind == "fight":
                    self.begin_fight()
                elif kind == "open":
                    self.open_fight()
                elif kind == "flow":
                    self.flow()
                else:
                    raise RuntimeError(f"unknown stage {kind!r}")
            except FightOver as over:
                self.end_fight(over.won, over.how)
        raise RuntimeError("the game did not come to a decision")
