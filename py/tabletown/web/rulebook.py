"""A game's rules at hand, as pure functions: its rules page, the index that links what the
game shows to the paragraph that governs it, its guided first turn, and searching the page.

A game package carries `data/rules.json`, `data/rule_index.json` and `data/guide.json`
(a game whose content checker reads every `data/*.json` as a catalogue keeps them in
`data/pages/`). The build reads them here (`bundle`) and ships each game's three files as
one small JSON asset, so the rules can be read from the picker before a game's own files
are fetched, and offline. Nothing here touches the browser.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Optional

from ..engine.content import ContentError, load_data

# Where a package may keep its page files, in the order they are looked for.
FOLDERS = ("", "pages/")
MAX_QUERY = 100  # characters of a search that are read
MAX_WORDS = 8
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # a section's or paragraph's id
_KEY = re.compile(r"[a-z0-9][a-z0-9_:-]{0,79}")
PLACES = {"status": "#status", "board": "#board", "log": ".log-panel", "params": "#params"}


# --- the files ----------------------------------------------------------------------------


def _read(package: str, name: str) -> Optional[Any]:
    for folder in FOLDERS:
        try:
            return load_data(package, folder + name)
        except ContentError as err:
            if "there is no" not in str(err):
                raise
    return None


def bundle(package: str) -> Optional[dict[str, Any]]:
    """A game's rules page, index and guide as one dict, or None when it has no rules page."""
    page = _read(package, "rules")
    if page is None:
        return None
    return {"rules": page, "index": _read(package, "rule_index") or {}, "guide": _read(package, "guide") or {"steps": []}}


def check_bundle(data: Any) -> dict[str, Any]:
    """The bundle as fetched, with anything malformed dropped (the page never fails on it)."""
    if not isinstance(data, dict) or not isinstance(data.get("rules"), dict):
        raise ValueError("these are not a game's rules")
    page = data["rules"]
    sections = []
    for s in page.get("sections", []) if isinstance(page.get("sections"), list) else []:
        if not (isinstance(s, dict) and isinstance(s.get("id"), str) and isinstance(s.get("title"), str)):
            continue
        paragraphs = [
            {"id": p["id"], "text": p["text"],
             "items": [i for i in p.get("items", []) if isinstance(i, str)] if isinstance(p.get("items"), list) else [],
             "see": [i for i in p.get("see", []) if isinstance(i, str)] if isinstance(p.get("see"), list) else []}
            for p in s.get("paragraphs", []) if isinstance(p, dict)
            and isinstance(p.get("id"), str) and isinstance(p.get("text"), str)
        ]
        sections.append({"id": s["id"], "title": s["title"], "paragraphs": paragraphs})
    index = data.get("index") if isinstance(data.get("index"), dict) else {}
    guide = data.get("guide") if isinstance(data.get("guide"), dict) else {}
    steps = [
        st for st in guide.get("steps", []) if isinstance(st, dict)
        and all(isinstance(st.get(k), str) for k in ("id", "title", "text", "points_at", "rule"))
        and isinstance(st.get("stage", ""), str) and _KEY.fullmatch(st.get("stage") or "x")
        and _when_ok(st.get("when", {}))
    ] if isinstance(guide.get("steps"), list) else []
    return {"rules": {"title": str(page.get("title", "")), "sections": sections},
            "index": {k: v for k, v in index.items() if isinstance(k, str) and isinstance(v, str)},
            "guide": {"steps": steps}}


def _when_ok(when: Any) -> bool:
    return isinstance(when, dict) and all(
        isinstance(k, str) and isinstance(v, list) and all(isinstance(x, (str, int)) or x is None for x in v)
        for k, v in when.items())


def paragraphs(page: dict[str, Any]) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """Paragraph id -> (its section, the paragraph)."""
    return {p["id"]: (s, p) for s in page["sections"] for p in s["paragraphs"]}


def excerpt(text: str, words: int = 8) -> str:
    """The first few words of a paragraph, to name it in a link."""
    parts = text.split()
    if len(parts) <= words:
        return text.rstrip(":")
    return " ".join(parts[:words]).rstrip(",;:.") + "…"


# --- why: from what the game shows to its paragraph ----------------------------------------


def paragraph_for(index: dict[str, str], topic: Optional[str]) -> Optional[str]:
    return index.get(topic) if isinstance(topic, str) else None


def prompt_topic(rules: Any, state: Any, seat: int, legal: list[dict[str, Any]], view: dict[str, Any],
                 index: dict[str, str]) -> Optional[str]:
    """The topic of what `seat` is asked now, as the index knows it: the game's own
    `Rules.topic` first; else the one kind of action offered (`action:<type>`); else the
    step the game is in (`phase:<name>`, as the view shows it). None when nothing fits."""
    topic = None
    ask = getattr(rules, "topic", None)
    if callable(ask):
        topic = ask(state, seat)
    if isinstance(topic, str) and topic in index:
        return topic
    types = {a.get("type") for a in legal if isinstance(a, dict)}
    if len(types) == 1:
        (kind,) = types
        if isinstance(kind, str) and f"action:{kind}" in index:
            return f"action:{kind}"
    phase = view.get("phase") if isinstance(view, dict) else None
    if not isinstance(phase, str) and isinstance(view, dict) and isinstance(view.get("stage"), dict):
        phase = view["stage"].get("k")
    if isinstance(phase, str) and f"phase:{phase}" in index:
        return f"phase:{phase}"
    return None


def topic_of_control(topic: Optional[str], action: Optional[dict[str, Any]], index: dict[str, str]) -> Optional[str]:
    """The topic of a board element the player asked about: its own `data-topic`, else the
    type of the legal action it stands for."""
    if isinstance(topic, str) and topic in index:
        return topic
    if isinstance(action, dict) and isinstance(action.get("type"), str) and f"action:{action['type']}" in index:
        return f"action:{action['type']}"
    return None


# --- the guided first turn --------------------------------------------------------------------


def guide_targets(points_at: str, legal: list[dict[str, Any]]) -> list[str]:
    """CSS selectors for what a guide step points at, best first (the board last of all):
    `status`, `board`, `log`, `part:<key>` (a keyed board part) or `control:<topic>` (a board
    element carrying that `data-topic`, or a control for a legal action of that type)."""
    out: list[str] = []
    if points_at in PLACES:
        out.append(PLACES[points_at])
    elif points_at.startswith("part:") and _KEY.fullmatch(points_at[5:]):
        out.append(f'#board [data-part="{points_at[5:]}"]')
    elif points_at.startswith("control:") and _KEY.fullmatch(points_at[8:]):
        topic = points_at[8:]
        out.append(f'#board [data-topic="{topic}"]')
        if topic.startswith("action:"):
            kind = topic[7:]
            out += [f'#board [data-action="{i}"]' for i, a in enumerate(legal) if a.get("type") == kind]
    if "#board" not in out:
        out.append("#board")
    return out


ANY = "*"  # in a step's `when`: the field holds something (not null)


def guide_fits(step: dict[str, Any], view: Any) -> bool:
    """Whether a guide step speaks of what is on screen: each key of its `when` names a field of
    the view (its phase, its scenario, who is picked, `build.editing` inside `build`…) that holds one of the values listed
    (`"*"`: any value but null). A step without `when` fits every screen."""
    when = step.get("when") or {}
    if when and not isinstance(view, dict):
        return False
    return all(_field(view, key) in values or (ANY in values and _field(view, key) is not None)
               for key, values in when.items())


def _field(view: dict[str, Any], name: str) -> Any:
    """A field of the view by its name, or by a dotted name for a field inside one ("build.editing")."""
    value: Any = view
    for part in name.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def guide_now(steps: list[dict[str, Any]], view: Any, seen: set[str]) -> Optional[tuple[str, list[dict[str, Any]]]]:
    """The part of the guide to show by itself now: the first stage (steps sharing a `stage`;
    "" when they name none) that has not been shown here and has steps that fit the screen,
    with those steps. None when there is nothing new to say about this screen."""
    for step in steps:
        stage = step.get("stage", "")
        if stage not in seen and guide_fits(step, view):
            return stage, [s for s in steps if s.get("stage", "") == stage and guide_fits(s, view)]
    return None


def guide_for_screen(steps: list[dict[str, Any]], view: Any) -> list[dict[str, Any]]:
    """The guide opened from the menu: the steps that speak of this screen (all of them when none does)."""
    return [s for s in steps if guide_fits(s, view)] or list(steps)


def guide_stages(steps: list[dict[str, Any]]) -> list[str]:
    return list(dict.fromkeys(s.get("stage", "") for s in steps))


# --- search ----------------------------------------------------------------------------------


def query_words(query: str) -> list[str]:
    """The words of a search, lower case, at most a few (the rest is ignored)."""
    if not isinstance(query, str):
        return []
    words: list[str] = []
    for w in _WORD.findall(query[:MAX_QUERY].lower()):
        if w not in words:
            words.append(w)
    return words[:MAX_WORDS]


def _haystack(section: dict[str, Any], p: dict[str, Any]) -> str:
    return " ".join([section["title"], p["text"], *p.get("items", [])]).lower()


def search(page: dict[str, Any], query: str) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The sections and paragraphs in which every word of the query appears (in the text, a
    list item or the section's title), in the page's order."""
    words = query_words(query)
    if not words:
        return []
    out = []
    for s in page["sections"]:
        found = [p for p in s["paragraphs"] if all(w in _haystack(s, p) for w in words)]
        if found:
            out.append((s, found))
    return out


def highlight(text: str, words: list[str]) -> str:
    """`text` escaped for HTML, every occurrence of a word of the search in <mark>."""
    if not words:
        return escape(text, quote=False)
    found = sorted((m.start(), m.end()) for w in words for m in re.finditer(re.escape(w), text, re.IGNORECASE))
    spans: list[list[int]] = []
    for start, end in found:  # overlapping or touching matches are marked as one
        if spans and start <= spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], end)
        else:
            spans.append([start, end])
    out, at = [], 0
    for start, end in spans:
        out.append(escape(text[at:start], quote=False))
        out.append(f"<mark>{escape(text[start:end], quote=False)}</mark>")
        at = end
    out.append(escape(text[at:], quote=False))
    return "".join(out)
