"""Building powers, registered by name (the `power` of each plan in data/plans.json).

Three families, as on the cards:

- once per turn (brown band): `offer(st, pl, sub)` lists the steps the player may take
  now, `use(st, pl, sub, action, roll)` applies one step and says whether the power
  is finished; `usable(st, pl, version)` says whether the power may be started at all;
- one time when constructed (gray band): `on_build(st, pl, plan, roll)`;
- end-game points (yellow band, the gold buildings): registered in scoring.py.

`roll(colour)` rolls a die from the supply through the move's events.
"""

from __future__ import annotations

from typing import Any, Callable

from tabletown.engine.content import Effects

from .content import EXTRA_SPACES, PLAIN

POWERS = Effects("tumble-town")

Roll = Callable[[str], list[Any]]


def kinds(dice: list[list[Any]], skip: tuple[int, ...] = ()) -> list[int]:
    """Index of the first die of each (colour, value), skipping some indices."""
    seen: set[tuple[str, int]] = set()
    out = []
    for i, d in enumerate(dice):
        if i in skip:
            continue
        key = (d[0], d[1])
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


# --- once per turn -------------------------------------------------------------------


class OncePerTurn:
    family = "once"

    @staticmethod
    def usable(st: dict[str, Any], pl: dict[str, Any], version: int) -> bool:
        return bool(pl["dice"])


@POWERS.handler("flip")
class Flip(OncePerTurn):
    """Flip a die to the opposite side."""

    @staticmethod
    def offer(st, pl, sub):
        return [{"type": "pick", "die": i} for i in kinds(pl["dice"])]

    @staticmethod
    def use(st, pl, sub, action, roll):
        d = pl["dice"][action["die"]]
        d[1] = 7 - d[1]
        return True


def _adjust_offer(pl: dict[str, Any], n: int) -> list[dict[str, Any]]:
    acts = []
    for i in kinds(pl["dice"]):
        v = pl["dice"][i][1]
        if v + n <= 6:
            acts.append({"type": "adj", "die": i, "d": n})
        if v - n >= 1:
            acts.append({"type": "adj", "die": i, "d": -n})
    return acts


@POWERS.handler("adjust1")
class Adjust1(OncePerTurn):
    """Add 1 or subtract 1 from any die."""

    @staticmethod
    def offer(st, pl, sub):
        return _adjust_offer(pl, 1)

    @staticmethod
    def use(st, pl, sub, action, roll):
        pl["dice"][action["die"]][1] += action["d"]
        return True


@POWERS.handler("adjust2")
class Adjust2(OncePerTurn):
    """Add 2 or subtract 2 from any die."""

    @staticmethod
    def offer(st, pl, sub):
        return _adjust_offer(pl, 2)

    @staticmethod
    def use(st, pl, sub, action, roll):
        pl["dice"][action["die"]][1] += action["d"]
        return True


@POWERS.handler("plusminus")
class PlusMinus(OncePerTurn):
    """Add 1 to one die and/or subtract 1 from another die."""

    @staticmethod
    def offer(st, pl, sub):
        dice = pl["dice"]
        plus, minus = sub.get("plus"), sub.get("minus")
        skip = tuple(x for x in (plus, minus) if x is not None)
        acts: list[dict[str, Any]] = []
        for i in kinds(dice, skip=skip):
            v = dice[i][1]
            if plus is None and v < 6:
                acts.append({"type": "adj", "die": i, "d": 1})
            if minus is None and v > 1:
                acts.append({"type": "adj", "die": i, "d": -1})
        if plus is not None or minus is not None:
            acts.append({"type": "done"})
        return acts

    @staticmethod
    def use(st, pl, sub, action, roll):
        if action["type"] == "done":
            return True
        pl["dice"][action["die"]][1] += action["d"]
        sub["plus" if action["d"] > 0 else "minus"] = action["die"]
        return sub.get("plus") is not None and sub.get("minus") is not None


@POWERS.handler("reroll")
class Reroll(OncePerTurn):
    """Reroll any number of your dice one time."""

    @staticmethod
    def offer(st, pl, sub):
        acts: list[dict[str, Any]] = [{"type": "pick", "die": i} for i in kinds(pl["dice"], skip=tuple(sub["sel"]))]
        if sub["sel"]:
            acts.append({"type": "roll"})
        return acts

    @staticmethod
    def use(st, pl, sub, action, roll):
        if action["type"] == "pick":
            sub["sel"].append(action["die"])
            return False
        for i in sub["sel"]:
            pl["dice"][i][1] = roll(pl["dice"][i][0])[1]
        return True


@POWERS.handler("black_split")
class BlackSplit(OncePerTurn):
    """Return one black die to the supply to gain one brown die and one gray die."""

    @staticmethod
    def usable(st, pl, version):
        if not any(d[0] == "black" for d in pl["dice"]):
            return False
        # Offered only when it can be completed: a black die for a brown AND a gray.
        # (Version 1 offered it with an empty supply, and a build could run out of dice.)
        return version < 2 or (st["supply"]["brown"] > 0 and st["supply"]["gray"] > 0)

    @staticmethod
    def offer(st, pl, sub):
        return [{"type": "pick", "die": i} for i in kinds(pl["dice"]) if pl["dice"][i][0] == "black"]

    @staticmethod
    def use(st, pl, sub, action, roll):
        pl["dice"].pop(action["die"])
        st["supply"]["black"] += 1
        for c in ("brown", "gray"):
            if st["supply"][c] > 0:
                st["supply"][c] -= 1
                pl["dice"].append(roll(c))
        return True


@POWERS.handler("swap")
class Swap(OncePerTurn):
    """The Printing House: return a brown, gray or black die, then take a brown, gray or black die."""

    @staticmethod
    def usable(st, pl, version):
        return any(d[0] in PLAIN for d in pl["dice"])

    @staticmethod
    def offer(st, pl, sub):
        dice = pl["dice"]
        if sub.get("die") is None:
            return [{"type": "pick", "die": i} for i in kinds(dice) if dice[i][0] in PLAIN]
        back_c = dice[sub["die"]][0]
        return [{"type": "color", "c": c} for c in PLAIN if st["supply"][c] + (1 if c == back_c else 0) > 0]

    @staticmethod
    def use(st, pl, sub, action, roll):
        if action["type"] == "pick":
            sub["die"] = action["die"]
            return False
        d = pl["dice"].pop(sub["die"])
        st["supply"][d[0]] += 1
        st["supply"][action["c"]] -= 1
        pl["dice"].append(roll(action["c"]))
        return True


# --- one time, when constructed ------------------------------------------------------------


@POWERS.handler("gain_die")
class GainDie:
    """Gain a gray, black or brown die of choice (asked at once unless only one colour is left)."""

    family = "one"

    @staticmethod
    def on_build(st, pl, plan, roll):
        opts = [c for c in PLAIN if st["supply"][c] > 0]
        if len(opts) == 1:
            st["supply"][opts[0]] -= 1
            pl["dice"].append(roll(opts[0]))
        elif opts:
            st["sub"] = {"k": "gain"}


@POWERS.handler("warehouse")
class Warehouse:
    """Gain a brown, gray and black die and three extra Storehouse spaces (any colour)."""

    family = "one"

    @staticmethod
    def on_build(st, pl, plan, roll):
        pl["extra"] += EXTRA_SPACES
        for c in PLAIN:
            if st["supply"][c] > 0:
                st["supply"][c] -= 1
                pl["dice"].append(roll(c))


@POWERS.handler("tokens")
class Tokens:
    """Gain three Dice Tokens, each spent to change a die to any value."""

    family = "one"

    @staticmethod
    def on_build(st, pl, plan, roll):
        pl["tokens"] += plan["power"]["n"]
