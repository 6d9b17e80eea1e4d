"""The setup form in the browser: kept as the seats and options chosen make it, and read into
the game it asks for. What the form offers is decided in CPython (`catalog.form_state`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .. import games
from ..engine.campaign import PROGRESS_ID
from ..engine.rules import BadSetup
from . import catalog, policy
from .dom import absent


@dataclass(frozen=True)
class Chosen:
    """The game a setup form asks for."""

    game_id: str
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    seed: Optional[int]  # None: a new shuffle
    campaign: str  # a campaign's id, PROGRESS_ID, or "new"


def refresh(doc: Any) -> None:
    """Show the form as the number of seats and the options chosen make it (`catalog.form_state`):
    seat rows beyond the count hidden, options for other counts greyed, options that mean nothing
    with the others' values hidden, and choices that cannot be played greyed (never left chosen)."""
    form = doc.getElementById("setup-form")
    if absent(form):
        return
    count = int(form.elements.namedItem("seats").value)
    for row in doc.querySelectorAll("[data-seat-row]"):
        row.hidden = int(row.dataset.seatRow) >= count
        kind = row.querySelector("select")
        ask = row.querySelector("[data-human-only]")
        if not absent(ask) and not absent(kind):
            ask.disabled = str(kind.value) != "human"
    spec = games.BY_ID[str(form.dataset.game)]
    for name, state in catalog.form_state(spec, count, option_texts(form, spec)).items():
        field = form.elements.namedItem(f"opt-{name}")
        if absent(field):
            continue
        if str(field.type) == "checkbox":
            field.checked = bool(state.value)
        else:
            for choice in field.options:
                choice.disabled = str(choice.value) in state.closed
            if str(field.value) != str(state.value):
                field.value = str(state.value)
        field.disabled = not state.offered
        wrapper = field.closest(".option")
        if not absent(wrapper):
            wrapper.classList.toggle("unavailable", not state.offered)
            wrapper.hidden = not state.shown


def option_texts(form: Any, spec: Any) -> dict[str, str]:
    """Each option's value on the form as text (a tick box: "true" or "false")."""
    texts: dict[str, str] = {}
    for opt in spec.options:
        field = form.elements.namedItem(f"opt-{opt.name}")
        if not absent(field):
            is_box = str(field.type) == "checkbox"
            texts[opt.name] = ("true" if field.checked else "false") if is_box else str(field.value)
    return texts


def read(form: Any) -> Chosen:
    """The game the form asks for (BadSetup: a field the player must correct)."""
    game_id = str(form.dataset.game)
    spec = games.BY_ID[game_id]
    count = int(form.elements.namedItem("seats").value)
    seats = []
    for i in range(count):
        kind_value = str(form.elements.namedItem(f"kind{i}").value)
        name = str(form.elements.namedItem(f"name{i}").value)
        seat: dict[str, Any] = {"name": name}
        if kind_value.startswith("bot:"):
            seat["kind"] = "bot"
            seat["level"] = kind_value[4:]
        elif kind_value == "remote":
            seat["kind"] = "remote"  # invited once the game starts (live_page)
        else:
            seat["kind"] = "human"
            ask = form.elements.namedItem(f"ask{i}")
            if not absent(ask) and bool(ask.checked):
                seat["ask"] = "when-able"
        seats.append(seat)
    # Only the options the form shows and offers: the others keep their defaults.
    texts = option_texts(form, spec)
    fields = catalog.form_state(spec, count, texts)
    options = spec.parse_link_options(count, {n: t for n, t in texts.items() if fields[n].offered and fields[n].shown})
    seed_text = str(form.elements.namedItem("seed").value).strip()
    if seed_text and policy.number_value({}, seed_text) is None:
        raise BadSetup("The seed must be a whole number of up to 9 digits, such as 7: type digits only, "
                       "or leave it empty for a new shuffle.")
    seed = int(seed_text) if seed_text else None
    chosen = form.querySelector("input[name=campaign]:checked")
    campaign = str(chosen.value) if not absent(chosen) else PROGRESS_ID
    return Chosen(game_id, seats, options, seed, campaign)
