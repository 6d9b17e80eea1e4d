"""What every check of the content shares: the problems found in one file (`Ctx`), where a
piece of content sits (`Env`), and the checks of one value (an id, a number, a list…).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Optional

from tabletown.engine.words import plural

from ..vocabulary import ID_RE, NAME_RE


class Ctx:
    """Problems and references collected while checking one file."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.problems: list[str] = []
        self.refs: list[tuple[str, str, str]] = []  # (kind, id, path)
        self.effects: list[tuple[str, str, str]] = []  # (name, text, path)

    def err(self, path: str, msg: str) -> None:
        self.problems.append(f"{self.where}: {path}: {msg}")

    def ref(self, kind: str, value: str, path: str) -> None:
        self.refs.append((kind, value, path))


class Env:
    """Where a piece of content sits: what its selectors may name."""

    def __init__(self, kind: str, trigger: bool = False, chosen: bool = False, keep: bool = False,
                 attack: bool = False, row_id: str = "", boost: bool = False) -> None:
        self.kind = kind  # card | ruffian | final-fight | townsfolk | gear | terrain | feat | event | chart
        self.trigger = trigger  # inside a trigger, goal or weakness: "event" and "by" exist
        self.chosen = chosen  # inside an activated ability with "choose"
        self.keep = keep  # inside a kept card: "holder" exists
        self.attack = attack  # an attack or roll is being resolved
        self.row_id = row_id
        self.boost = boost  # modifiers of a boost step: its "who" says whom they affect

    def but(self, **changes: Any) -> "Env":
        env = Env(self.kind, self.trigger, self.chosen, self.keep, self.attack, self.row_id, self.boost)
        for k, v in changes.items():
            setattr(env, k, v)
        return env


def _is_int(v: Any) -> bool:
    return type(v) is int


def _fields(obj: Any, path: str, ctx: Ctx, spec: dict[str, bool], what: str) -> bool:
    """Check that `obj` is an object with only known fields and every required one."""
    if not isinstance(obj, dict):
        ctx.err(path, f"{what} must be an object, not {_show(obj)}")
        return False
    for key in obj:
        if key not in spec:
            ctx.err(path, f"unknown field {key!r} in {what} (allowed: {', '.join(spec)})")
    for key, required in spec.items():
        if required and key not in obj:
            ctx.err(path, f"{what} needs the field {key!r}")
    return True


def _show(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "…"


def _enum(v: Any, path: str, ctx: Ctx, values: Iterable[Any], what: str) -> bool:
    values = tuple(values)
    if not any(type(v) is type(x) and v == x for x in values):
        ctx.err(path, f"{what} must be one of {', '.join(str(x) for x in values)}; got {_show(v)}")
        return False
    return True


def _int(v: Any, path: str, ctx: Ctx, what: str, lo: Optional[int] = None, hi: Optional[int] = None) -> bool:
    if not _is_int(v):
        ctx.err(path, f"{what} must be a whole number, not {_show(v)}")
        return False
    if lo is not None and v < lo or hi is not None and v > hi:
        span = f"from {lo}" if hi is None else f"from {lo} to {hi}" if lo is not None else f"at most {hi}"
        ctx.err(path, f"{what} must be {span}; got {v}")
        return False
    return True


def _text(v: Any, path: str, ctx: Ctx, what: str, empty: bool = False) -> bool:
    if not isinstance(v, str):
        ctx.err(path, f"{what} must be text, not {_show(v)}")
        return False
    if not empty and not v.strip():
        ctx.err(path, f"{what} must not be empty")
        return False
    if v != v.strip():
        ctx.err(path, f"{what} has spaces at its start or end")
        return False
    return True


def _bool(v: Any, path: str, ctx: Ctx, what: str) -> bool:
    if not isinstance(v, bool):
        ctx.err(path, f"{what} must be true or false, not {_show(v)}")
        return False
    return True


def _list(v: Any, path: str, ctx: Ctx, what: str, item: Callable[[Any, str], None], min_len: int = 0) -> None:
    if not isinstance(v, list):
        ctx.err(path, f"{what} must be a list, not {_show(v)}")
        return
    if len(v) < min_len:
        ctx.err(path, f"{what} needs at least {plural(min_len, 'entry', 'entries')}")
    for i, x in enumerate(v):
        item(x, f"{path}[{i}]")


def _name(v: Any, path: str, ctx: Ctx, what: str) -> bool:
    if not isinstance(v, str) or not NAME_RE.match(v):
        ctx.err(path, f"{what} must be lower-case words joined by hyphens, not {_show(v)}")
        return False
    return True


def _cell(v: Any, path: str, ctx: Ctx, what: str) -> bool:
    if not (isinstance(v, list) and len(v) == 2 and all(_is_int(x) for x in v)):
        ctx.err(path, f"{what} must be a square [column, row] of two whole numbers, not {_show(v)}")
        return False
    return True


def _ref(v: Any, path: str, ctx: Ctx, kind: str, extra: tuple[str, ...] = ()) -> None:
    if isinstance(v, str) and v in extra:
        return
    if not isinstance(v, str) or not ID_RE.match(v):
        allowed = f" or one of {', '.join(extra)}" if extra else ""
        ctx.err(path, f"must name a {kind} id{allowed}, not {_show(v)}")
        return
    ctx.ref(kind, v, path)
