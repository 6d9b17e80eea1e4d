"""Page policy as pure functions: whose turn the screen shows, hand-off screens, status
text, whether Undo is allowed, what the Share box says, what to redraw, how the address
is read, and how a press on the board becomes an action.

Nothing here touches the browser; the page's browser parts (`web/app.py` and the parts it
is made of) ask these functions and apply the answers to the DOM. The session is read
through a few attributes (`seats`, `names`, `person()`, `active()`, `over()`, `outcome()`,
`can_undo(by)`, `rules.prompt`, `state`), so tests can hand in a real session or a stand-in.
"""

from __future__ import annotations

import html
import json
import math
import re
from dataclasses import dataclass
from typing import Any, Optional

from ..engine.session import MAX_NAME, clean_name
from ..engine.words import plural, verb

# --- the address ------------------------------------------------------------------------

BOT_PAUSE_MS = 450
MAX_BOT_PAUSE_MS = 5000
THINK_SLICE = 0.04  # seconds a searching bot thinks before the page gets a turn (a frame or two)
MAX_SEARCH = 512  # a query longer than this is ignored whole
MAX_FRAGMENT = 40_000  # far above any real link (the largest real game is about 4.4 K characters)
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
_DIGITS = re.compile(r"[0-9]{1,5}")


def bot_pause(search: str) -> int:
    """The pause before a bot moves: `?botpause=MS` (ASCII digits, at most 5000); else the default.

    Anything else in the query, or a value that is not plain digits (`²`, a thousand
    digits), leaves the default: the address never stops the page.
    """
    if not isinstance(search, str) or len(search) > MAX_SEARCH:
        return BOT_PAUSE_MS
    for part in search.lstrip("?").split("&"):
        key, _, value = part.partition("=")
        if key == "botpause" and _DIGITS.fullmatch(value):
            return min(int(value), MAX_BOT_PAUSE_MS)
    return BOT_PAUSE_MS


@dataclass(frozen=True)
class Route:
    """Where the address points: `kind` is picker, setup, game, play, replay, rules, new, campaign,
    join (an invitation to a live table) or reply (a guest's answer to one)."""

    kind: str
    arg: str = ""
    problem: str = ""  # a message for the player when the address could not be used
    anchor: str = ""  # a rules page's paragraph (`#rules/<game>/<paragraph>`)


def route(fragment: str) -> Route:
    """Read the address fragment with strict patterns and a length limit."""
    if not isinstance(fragment, str) or fragment in ("", "#"):
        return Route("picker")
    if len(fragment) > MAX_FRAGMENT:
        return Route("picker", problem="This link cannot be opened: it is too large to be a Tabletown game.")
    for prefix, kind in (("#setup/", "setup"), ("#game/", "game")):
        if fragment.startswith(prefix):
            arg = fragment[len(prefix):]
            if _ID.fullmatch(arg):
                return Route(kind, arg)
            what = "game" if kind == "setup" else "saved game"
            return Route("picker", problem=f"This address cannot be opened: there is no {what} at it.")
    if fragment.startswith("#play"):
        return Route("play", fragment)
    if fragment.startswith(REPLAY_PREFIX):
        return Route("replay", fragment)
    if fragment.startswith("#rules/"):
        game, _, anchor = fragment[len("#rules/"):].partition("/")
        if _ID.fullmatch(game) and (anchor == "" or _ID.fullmatch(anchor)):
            return Route("rules", game, anchor=anchor)
        return Route("picker", problem="This address cannot be opened: there are no rules at it.")
    if fragment.startswith("#new/"):
        return Route("new", fragment)
    if fragment.startswith("#campaign="):
        return Route("campaign", fragment)
    if fragment.startswith("#join/"):  # an invitation to a live table (tabletown.live.protocol)
        return Route("join", fragment)
    if fragment.startswith("#reply/"):  # a guest's reply to the host's invitation
        return Route("reply", fragment)
    return Route("picker")


REPLAY_PREFIX = "#replay="


def play_fragment(replay: str) -> str:
    """A `#replay=1.<data>` address as the `#play=1.<data>` link it replays (the same data)."""
    return "#play=" + replay[len(REPLAY_PREFIX):] if replay.startswith(REPLAY_PREFIX) else replay


def replay_fragment(play: str) -> str:
    """The `#replay=` address of a `#play=` link."""
    return REPLAY_PREFIX + play[len("#play="):] if play.startswith("#play=") else play


# --- replays ----------------------------------------------------------------------------

REPLAY_KEYS = ("ArrowLeft", "ArrowRight", "Home", "End")


def replay_step(key: str, step: int, moves: int) -> Optional[int]:
    """The step a key takes a replay to (arrows one move, Home the setup, End the last move),
    or None for any other key."""
    if key == "ArrowLeft":
        return max(0, step - 1)
    if key == "ArrowRight":
        return min(moves, step + 1)
    if key == "Home":
        return 0
    if key == "End":
        return moves
    return None


def replay_status(step: int, moves: int, line: str, ending: str = "",
                  part: Optional[tuple[int, int]] = None) -> str:
    """What the status line says at a step of a replay (`line` with names filled in; `ending`,
    the verdict, at the end of the last move of a finished game; `part`, (index, count) of the
    step of a move told in several, whose line `line` is then)."""
    if step == 0:
        return f"The game as it was set up ({plural(moves, 'move')} {verb(moves, 'follows', 'follow')})."
    said = f"{replay_place(step, moves, part, ', ')}: {line}"
    at_end = step == moves and (part is None or part[0] == part[1] - 1)
    return f"{said} {ending}" if ending and at_end else said


def replay_place(step: int, moves: int, part: Optional[tuple[int, int]] = None, joint: str = " · ") -> str:
    """Where a replay is: "Move 4 of 9", and "step 2 of 7" of a move told in several steps."""
    place = f"Move {step} of {moves}"
    return f"{place}{joint}step {part[0] + 1} of {part[1]}" if part else place


# --- the first-game guide and the phone layout ----------------------------------------------

GUIDE_KEY = "tabletown:guide:"  # + game id: "seen" once its guided first turn has been shown
NARROW_PX = 700  # below this many CSS pixels the games draw their phone layouts


def guide_key(game_id: str, stage: str = "") -> str:
    """Where it is remembered that a game's guide (or one stage of it: "build", "act"…) was shown."""
    return GUIDE_KEY + game_id + (f":{stage}" if stage else "")


def wants_guide(seen: Optional[str], has_steps: bool, humans: int) -> bool:
    """A game's guided first turn (each stage of it) is shown by itself once: to a person at the
    device, the first time a screen it speaks of is on show here."""
    return has_steps and humans > 0 and not seen


# --- names ------------------------------------------------------------------------------

_SEAT = re.compile(r"\{seat([0-9]{1,2})\}")


def fill_names(text: str, names: list[str]) -> str:
    """Replace `{seatN}` with names in one pass: a name that itself reads `{seat1}` stays as typed."""
    return _SEAT.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text)


# --- whose turn the screen shows ----------------------------------------------------------


def humans(session: Any) -> list[int]:
    return [i for i, s in enumerate(session.seats) if s["kind"] == "human"]


def person(session: Any, seat: int) -> int:
    """Who plays a seat at the device (one person may play several seats of a team game)."""
    return session.person(seat) if hasattr(session, "person") else seat


def seats_at_one_device(rules: Any, seats: list[dict[str, Any]], options: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats of a new game, each human seat that a variant gives to one player marked
    with the first human seat of that player (`Rules.people`: Townsfolk Tussle's solo
    variant, one person for three townsfolk), so nobody passes the device to themselves."""
    groups = rules.people(len(seats), options) or list(range(len(seats)))
    first_human: dict[Any, int] = {}
    marked = []
    for index, seat in enumerate(seats):
        seat = dict(seat)
        if seat.get("kind", "human") == "human":
            group = groups[index] if index < len(groups) else ("own", index)
            leader = first_human.setdefault(group, index)
            if leader != index:
                seat["person"] = leader
        marked.append(seat)
    return marked


def people(session: Any) -> int:
    """How many different people play at this device."""
    return len({person(session, s) for s in humans(session)})


def is_bot(session: Any, seat: int) -> bool:
    """A bot's seat, or a remote seat a bot plays while its player is away."""
    return session.is_bot(seat)


def is_here(session: Any, seat: int) -> bool:
    """A seat played by a person at this device (not a bot, nor a player on another device)."""
    return session.seats[seat]["kind"] == "human"


def is_elsewhere(session: Any, seat: int) -> bool:
    """A seat played by a person on another device (the live table), unless a bot stands in."""
    return session.seats[seat]["kind"] == "remote" and not is_bot(session, seat)


def pick_acting(session: Any, shown_seat: Optional[int]) -> Optional[int]:
    """The human seat the page asks now: the one already on screen if it must act, else the first."""
    asked = [s for s in session.active() if is_here(session, s)]
    if not asked:
        return None
    return shown_seat if shown_seat in asked else asked[0]


def needs_handoff(session: Any, secrets: bool, acting: Optional[int], shown_seat: Optional[int]) -> bool:
    """Another person's private view must not appear before the device has been passed."""
    if acting is None or not secrets or people(session) < 2:
        return False
    return shown_seat is None or person(session, acting) != person(session, shown_seat)


def undo_by(session: Any, secrets: bool, shown_seat: Optional[int]) -> Optional[int]:
    """Whose move Undo may take back: in a game with secrets played by several people at one
    device, or with players on other devices, only one of the seat whose view is on screen
    (-1: nobody's, while none is shown)."""
    if (secrets and people(session) > 1) or session.remotes():
        return -1 if shown_seat is None else shown_seat
    return None


def undo_allowed(session: Any, secrets: bool, shown_seat: Optional[int], handoff: bool) -> bool:
    """Undo takes back the latest human move (and the bot moves after it) when nothing was
    revealed since; never from behind a hand-off screen, and never another human's hidden choice."""
    return not handoff and session.can_undo(undo_by(session, secrets, shown_seat))


@dataclass(frozen=True)
class Screen:
    """What the game screen shows after an update."""

    acting: Optional[int]  # the human seat whose controls are live (None: bots think, a hand-off, or over)
    asked: Optional[int]  # the human seat the game waits for (also during its hand-off)
    handoff: bool
    shown_seat: Optional[int]  # whose private view is on screen from now on
    view_seat: Optional[int]  # the view the board draws (None: the spectator's)
    status: str
    undo: bool
    over: bool


def game_screen(session: Any, secrets: bool, shown_seat: Optional[int]) -> Screen:
    asked = pick_acting(session, shown_seat)
    handoff = needs_handoff(session, secrets, asked, shown_seat)
    over = session.over()
    if not handoff and asked is not None:
        shown_seat = asked
    if handoff:
        view_seat: Optional[int] = None
    elif over and people(session) != 1:
        view_seat = None
    else:
        view_seat = shown_seat
    return Screen(
        acting=None if handoff else asked,
        asked=asked,
        handoff=handoff,
        shown_seat=shown_seat,
        view_seat=view_seat,
        status=status_text(session, asked, handoff),
        undo=undo_allowed(session, secrets, shown_seat, handoff),
        over=over,
    )


def status_text(session: Any, asked: Optional[int], handoff: bool) -> str:
    """The status line (plain text; the page sets it with textContent)."""
    names = session.names
    if session.over():
        return verdict(session.outcome(), names)
    if handoff and asked is not None:
        return f"Pass the device to {names[asked]}."
    bots = [names[s] for s in session.active() if is_bot(session, s)]
    elsewhere = [names[s] for s in session.active() if is_elsewhere(session, s)]
    others = []
    if bots:
        others.append(_and(bots) + (" are" if len(bots) > 1 else " is") + " thinking…")
    if elsewhere:
        others.append(f"waiting for {_and(elsewhere)}…")
    if asked is not None:
        line = f"{names[asked]}: " + fill_names(session.prompt(asked), names)
        # A step everyone takes at once (e.g. laying initiative cards): a bot still deciding
        # beside the player is named, so nobody takes its silence for its choice.
        return f"{line} ({'; '.join(others)})" if others else line
    said = "; ".join(others) or "A bot is thinking…"
    return said[0].upper() + said[1:]


def verdict(outcome: Optional[dict[str, Any]], names: list[str]) -> str:
    """How a finished game ended, in one line."""
    outcome = outcome or {"winners": []}
    if outcome.get("kind") == "team":
        said = "you won together" if outcome.get("won") else "you lost together"
        title = fill_names(str(outcome.get("title", "")), names)
        return f"Game over — {said}: {title}" if title else f"Game over — {said}."
    if outcome.get("headline"):  # e.g. a solo game against an automaton
        return "Game over — " + fill_names(outcome["headline"], names)
    winners = [names[w] for w in outcome.get("winners", [])]
    if not winners:
        return "Game over — nobody wins."
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"Game over — {_and(winners)} {verb}."


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# --- sharing ------------------------------------------------------------------------------

SECRET_WARNING = (
    "Whoever opens this link can work out every hidden card; share it with players you trust, "
    "or share when the game is over."
)


def share_note(secrets: bool, over: bool, copied: bool) -> str:
    """What the Share box says under the link."""
    lead = "Link copied." if copied else "Copy this link."
    if over:
        return f"{lead} The game is over, so the link is safe to share with anyone: it shows the finished game."
    if secrets:
        return f"{lead} Anyone who opens it continues from this point. {SECRET_WARNING}"
    return f"{lead} Anyone who opens it continues from this point."


def replay_share_note(secrets: bool, over: bool, copied: bool) -> str:
    """What the box under a replay's link says."""
    lead = "Link copied." if copied else "Copy this link."
    if over or not secrets:
        return f"{lead} Whoever opens it can step through the whole game, move by move."
    return (f"{lead} The replay shows only what the whole table saw until the game is over. "
            + SECRET_WARNING)


# --- what to redraw -----------------------------------------------------------------------


# A change keyed ROOT + part key sets that element's attributes from the opening tag it carries
# (ROOT alone: the board's <svg> root): a board that grew taller, a part that only moved.
ROOT = "<svg>"
_ROOT_TAG = re.compile(r"<svg\b[^>]*>")
_ATTRIBUTE = re.compile(r'([A-Za-z_:][-A-Za-z0-9_:.]*)="([^"]*)"')


@dataclass(frozen=True)
class Painted:
    """What the board shows now: its frame (the drawing with its parts and its root tag cut
    out), its root's opening tag and its parts."""

    frame: str
    parts: dict[str, str]
    root: str = ""


def split_drawing(drawing: str) -> Optional[Painted]:
    """A drawing's frame, root tag and keyed parts, or None for a plain str (a game drawn whole)."""
    parts = getattr(drawing, "parts", None)
    if not parts:
        return None
    text = str(drawing)
    pieces, at, root = [], 0, ""
    found_root = _ROOT_TAG.match(text)
    if found_root is not None:
        root, at = found_root.group(0), found_root.end()
        pieces.append("\0" + ROOT + "\0")
    for key, svg in parts:
        found = text.find(svg, at)
        if found < 0:
            return None  # the parts do not appear in order: draw whole
        pieces.append(text[at:found])
        pieces.append(f"\0{key}\0")
        at = found + len(svg)
    pieces.append(text[at:])
    return Painted("".join(pieces), {key: svg for key, svg in parts}, root)


def plan_redraw(last: Optional[Painted], drawing: str) -> tuple[list[tuple[Optional[str], str]], Optional[Painted]]:
    """What to change on the board: [(None, svg)] for one innerHTML, or, when the frame is the
    same as last time, [(key, svg)] for the parts that changed (an empty list: nothing), led by
    (ROOT, tag) when only the root's attributes changed (a board that grew taller keeps its parts);
    a part whose contents are the same but whose own tag changed (it moved) is (ROOT + key, tag)."""
    now = split_drawing(drawing)
    if now is None or last is None or last.frame != now.frame or set(last.parts) != set(now.parts):
        return [(None, str(drawing))], now
    changes: list[tuple[Optional[str], str]] = [(ROOT, now.root)] if last.root != now.root else []
    for key, svg in now.parts.items():
        old = last.parts[key]
        if old == svg:
            continue
        tag, old_tag = svg[: svg.find(">") + 1], old[: old.find(">") + 1]
        if old[len(old_tag):] == svg[len(tag):]:
            changes.append((ROOT + key, tag))  # the same contents, moved
        else:
            changes.append((key, svg))
    return changes, now


def root_attributes(tag: str) -> dict[str, str]:
    """The attributes of a root tag from `plan_redraw` (names to unescaped values)."""
    return {name: html.unescape(value) for name, value in _ATTRIBUTE.findall(tag)}


# --- parameterised actions ------------------------------------------------------------------


def complete(kind: dict[str, Any], value: Any) -> dict[str, Any]:
    """The full action for a parameterised kind and a value."""
    action = dict(kind["action"])
    action[kind["param"]] = value
    return action


def frame_value(kind: dict[str, Any], x: float, y: float, cell: int = 100) -> Optional[list[int]]:
    """A point in a frame's own units as the kind's value: a point in whole hundredths of an
    inch, or the grid square [col, row] under it (`cell` units per square)."""
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    if kind.get("kind") == "square":
        return [int(math.floor(x / cell)), int(math.floor(y / cell))]
    return [int(round(x)), int(round(y))]


ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def start_cursor(kind: dict[str, Any]) -> list[int]:
    origin = kind.get("origin")
    if isinstance(origin, list) and len(origin) == 2 and all(type(v) is int for v in origin):
        return list(origin)
    return [0, 0]


def move_cursor(kind: dict[str, Any], cursor: list[int], key: str, big: bool = False) -> list[int]:
    """The keyboard's way to pick a point or a square: arrows move the cursor (a square at a
    time, or the kind's `step`, a quarter inch unless it says; with Shift a whole inch)."""
    dx, dy = ARROWS[key]
    step = 1 if kind.get("kind") == "square" else (100 if big else int(kind.get("step", 25)))
    return [cursor[0] + dx * step, cursor[1] + dy * step]


def text_value(kind: dict[str, Any], text: str) -> Optional[str]:
    """A name typed for a text kind, kept as players' names are (no control characters, single
    spaces), or None when nothing is left or it is longer than the kind allows."""
    if not isinstance(text, str) or len(" ".join(text.split())) > kind.get("max", MAX_NAME):
        return None
    return clean_name(text) or None


def arms_at_once(kinds: list[dict[str, Any]]) -> Optional[tuple[int, str]]:
    """The kind to arm as soon as it is offered (`"at_once": True`, a Move once its model is
    picked), as (its index, a key that tells one offer from the next: a model that moved is
    offered a new Move from where he stands), or None."""
    for i, kind in enumerate(kinds):
        if kind.get("at_once"):
            return i, json.dumps([kind.get("action"), kind.get("origin")], sort_keys=True)
    return None


def number_value(kind: dict[str, Any], text: str) -> Optional[int]:
    """A number typed for a number kind (ASCII digits, within its bounds), or None."""
    if not isinstance(text, str) or not re.fullmatch(r"-?[0-9]{1,9}", text.strip()):
        return None
    value = int(text.strip())
    low, high = kind.get("min"), kind.get("max")
    if (isinstance(low, int) and value < low) or (isinstance(high, int) and value > high):
        return None
    return value
