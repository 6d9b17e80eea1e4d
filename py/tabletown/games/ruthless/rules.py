"""Ruthless on the game kit: the rules contract over options.py (who is asked, what they may
do), legality.py (the points on the table) and play.py (applying a move).

Secrets: the deck, every hand, the face-down initiative cards, the cards chosen for
Fisticuffs, the order of the citizens still to come (Dodge City Draw) and the Cowboys'
position on the territory map while the Earps hunt them.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.rules import Rules, make_outcome
from tabletown.engine.zones import HIDDEN, OWNER, Zone, Zones

from . import campaign as CP
from . import cards as K
from . import content as C
from . import editor as E
from . import options as O
from . import setup as S
from .derive import derive_view
from .legality import check_param
from .phrases import (
    END_NAMES,
    HOLD_THE_FIELD,
    NODE_NAMES,
    PHRASES,
    RESULT_COLUMNS,
    VP_NAMES,
    VP_RULES,
    WINNER_RULE,
    WINNER_RULE_DRAWN,
)
from .play import apply
from .preview import preview as move_preview
from .prompts import prompt_for
from .scoring import TIE_BREAKS, drawn_on_men_lost, final_result, ranking_keys

PASS = {"type": "pass"}


class Ruthless(Rules):
    zones = Zones(
        Zone("deck", HIDDEN, pool="cards"),
        Zone("hands.*", OWNER, pool="cards"),
        Zone("picks.*", OWNER, pool="cards"),
        Zone("brawl.*", OWNER, pool="cards"),
        Zone("citizens.deck", HIDDEN, pool="citizens"),
        Zone("trail.*", OWNER, pool="trail"),
    )
    phrases = PHRASES

    def setup(self, seed, seats, options, campaign=None, version=None):
        return S.new_state(seed, seats, options, campaign, version)

    def active(self, state):
        return O.active(state)

    def legal(self, state, seat):
        return O.legal(state, seat)

    def params(self, state, seat):
        return O.params(state, seat)

    def check_param(self, state, seat, action):
        check_param(state, seat, action)

    def preview(self, view, seat, kind, value):
        return move_preview(view, seat, kind, value)

    def apply(self, state, seat, action):
        return apply(state, seat, action)

    def derive(self, state, view, seat):
        view["derived"] = derive_view(state, seat)

    def prompt(self, state, seat):
        return prompt_for(state, seat)

    def topic(self, state, seat) -> Optional[str]:
        """The rules topic (data/rule_index.json) behind what `seat` is asked now, as `prompt` words it."""
        if state["phase"] == "over":
            return "prompt:game-over"
        if seat not in O.active(state):
            return "prompt:waiting"
        pending = state["pending"]
        if pending is not None and pending["kind"] in ("snap", "covered", "adjust", "brawl", "place"):
            return f"prompt:{pending['kind']}"
        phase = state["phase"]
        if phase == "trail":
            return "prompt:ride" if seat == 1 else "prompt:guess"
        if phase == "act":
            return "prompt:pick-character" if state["selected"] is None else "prompt:actions"
        simple = {"initiative": "prompt:initiative", "discard": "prompt:discard", "build": "prompt:build",
                  "shop": "prompt:shop", "deploy": "prompt:deploy", "setup": "prompt:deploy"}
        return simple.get(phase)

    def reaction(self, state, seat):
        p = state["pending"]
        if p is not None and p["kind"] in ("snap", "covered") and O.pending_seat(p) == seat:
            return {"pass": PASS}
        return None

    def unseen(self, view, pool):
        if pool == "cards":
            seen: set[int] = set()
            for key in ("hands", "picks", "brawl", "played"):
                for value in view[key]:
                    if isinstance(value, list):
                        seen.update(c for c in value if isinstance(c, int))
                    elif isinstance(value, int) and not isinstance(value, bool):
                        seen.add(value)
            seen.update(view["discard"])
            return [c for c in K.DECK if c not in seen]
        if pool == "citizens":
            row = C.SCENARIOS.by_id[view["scenario"]]["citizens"]
            drawn = set(view["citizens"]["drawn"])
            return [c for c in row["deck"] if c not in drawn]
        if pool == "trail":
            act = view["act"]
            return [n for n in act["possible"] if n not in act["guesses"]]
        raise KeyError(pool)

    def outcome(self, state) -> Optional[dict[str, Any]]:
        if state["phase"] != "over":
            return None
        result = state["result"] or final_result(state)
        vp = result["vp"]
        n = state["seats"]
        keys = ranking_keys(state, result)
        details = []
        for s in range(n):
            row = {"Victory points": vp[s], "Men lost": result["lost"][s], "Standing": result["standing"][s],
                   "How": "; ".join(f"{VP_NAMES[why]} {points:+d}" for why, points, _ in result["lines"][s]) or "—"}
            details.append(row)
        out = make_outcome(vp, keys, TIE_BREAKS[:len(keys[0])], details,
                           ["Victory points", "How", "Men lost", "Standing"])
        headline = _headline(state)
        if headline:
            out["headline"] = headline
        out["notes"] = _result_notes(state, out)
        return out

    def campaign_options(self, campaign, names, options):
        return options

    def campaign_snapshot(self, campaign, options):
        """What a new game's record carries from the campaign record (kit section 8: the
        snapshot handed to `setup`): the campaign under way for the campaign's next act, the
        posse book for a free gunfight with saved posses, nothing otherwise."""
        campaign = campaign or {}
        if options.get("scenario") == "campaign":
            current = CP.current(campaign)
            return {"campaign": current} if current else None
        if _plays_saved_posses(options):
            return {"posses": campaign.get("posses") or []}
        return None

    def sample_campaign(self, options):
        """A full posse book, for a free gunfight with saved posses played where none was saved."""
        return {"posses": E.sample_book()} if _plays_saved_posses(options) else None

    def campaign_update(self, campaign, names, state):
        """The posse book and the Earps-versus-Cowboys campaign, kept in one record."""
        data = dict(campaign or {})
        if state["mode"] == "campaign":
            # the act was played from its own snapshot: the campaign goes on from there
            data["campaign"] = CP.after_act(state["act"]["before"], state)
            return data
        built = E.built_posses(state)
        if built:
            data["posses"] = E.add_to_book(data.get("posses"), built)
            return data
        return campaign


def _plays_saved_posses(options: dict[str, Any]) -> bool:
    return options.get("scenario") == "gunfight" and any(
        str(options.get(f"posse{s}", "")).startswith("saved-") for s in range(1, 5))


def _result_notes(state, out: dict[str, Any]) -> list[str]:
    """What every column of the score table means and how the winner was decided."""
    scores, winners = out["scores"], out["winners"]
    best = scores[winners[0]]
    if len(winners) > 1:
        decided = (" and ".join("{seat%d}" % s for s in winners)
                   + f" tie on {best} victory points and on every tie-break, and share the win.")
    elif scores.count(best) > 1:
        decided = "{seat%d} ties on %d victory points and wins the tie-break (below)." % (winners[0], best)
    else:
        decided = "{seat%d} has the most victory points (%d) and wins." % (winners[0], best)
    winner_rule = WINNER_RULE_DRAWN if drawn_on_men_lost(state) else WINNER_RULE
    return [*RESULT_COLUMNS, f"{VP_RULES.get(state['vp_rule'], '')} {HOLD_THE_FIELD}".strip(), winner_rule, decided]


def _headline(state) -> Optional[str]:
    why = state["end"]
    text = END_NAMES.get(why, "")
    if state["mode"] == "campaign":
        act = state["act"]
        preview = CP.after_act(act["before"], state)
        where = NODE_NAMES.get(act["node"] or "", "")
        text = (f"Act {act['number']}" + (f" at {where}" if where else "") + ". " + text).strip()
        if preview["over"]:
            winner = "{seat%d}" % preview["winner"]
            text += f" The campaign is over: {winner} wins it, {preview['points'][0]} to {preview['points'][1]}."
        else:
            text += f" Campaign points: {preview['points'][0]} to {preview['points'][1]}."
    return text or None
