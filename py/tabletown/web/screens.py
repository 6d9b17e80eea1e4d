"""HTML for the page's screens, as pure functions of plain data (testable without a browser).
Longer than most modules: every screen's markup is kept in this one place, where its escaping is checked.

Every player-typed string is escaped here before it reaches the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Iterable, Optional

from ..engine.campaign import PROGRESS_ID
from ..engine.words import and_list, noun, or_list, plural, verb
from . import catalog, rulebook
from .policy import fill_names as names_in


@dataclass(frozen=True)
class LinkBox:
    """A box, hidden until asked for, that shows a link the page makes (share.py fills it in)."""

    box: str  # the box's id
    link: str  # the id of the link shown in it
    note: str = ""  # the id of the note the page writes beside the link ("": fixed words)

    def html(self, words: str = "") -> str:
        note_id = f' id="{self.note}"' if self.note else ""
        return (f'<div id="{self.box}" hidden><p{note_id} class="muted">{words}</p>'
                f'<a id="{self.link}" class="share-link" href="#"></a></div>')


SHARE_BOX = LinkBox("share-box", "share-link", "share-note")  # the game on screen, to go on playing
REPLAY_BOX = LinkBox("replay-share", "replay-link", "replay-note")  # the game on screen, to watch
CAMPAIGN_BOX = LinkBox("campaign-share", "campaign-link")  # a campaign, to go on elsewhere


def alert(message: str) -> str:
    return (
        '<div class="alert" role="alert"><p>'
        + escape(message)
        + '</p><button type="button" class="ghost" data-action="dismiss" aria-label="Dismiss this message">×</button></div>'
    )


def _game_cards(specs: Iterable[Any], rules: Iterable[str] = ()) -> str:
    cards = []
    with_rules = set(rules)
    for spec in specs:
        title = escape(spec.title)
        tagline = escape(spec.tagline)
        how = (
            f'<a class="card-rules" href="#rules/{escape(spec.id)}" data-rules-for="{escape(spec.id)}">'
            f'How to play<span class="visually-hidden"> {title}</span></a>'
            if spec.id in with_rules else ""
        )
        if spec.ready:
            cards.append(
                f'<li class="game-card playable"><a class="card-main" href="#setup/{escape(spec.id)}" data-action="open-setup" '
                f'data-game-title="{title}">'
                f'<span class="game-title">{title}</span>'
                f'<span class="tagline">{tagline}</span><span class="cta">Play</span></a>{how}</li>'
            )
        else:
            cards.append(
                f'<li class="game-card coming"><div class="card-main"><span class="game-title">{title}</span>'
                f'<span class="tagline">{tagline}</span><span class="badge">Coming soon</span></div>{how}</li>'
            )
    return (
        '<section class="intro" aria-labelledby="pick-h"><h1 id="pick-h">Choose a game</h1>'
        "<p>Five small-town tabletop games. Play with friends on one device, against bots, or share a game as a link.</p>"
        '<ul class="games">' + "".join(cards) + "</ul></section>"
    )


def picker_shell(specs: Optional[Iterable[Any]] = None, rules: Iterable[str] = ()) -> str:
    """The picker as it is written into index.html at build time: the games (with a link to
    the rules of each game in `rules`), and an empty saved-games slot that a few lines of
    JavaScript (static/boot.js) fill from the save summaries before Python starts."""
    return (
        '<div id="alerts"></div>'
        + _game_cards(catalog.specs() if specs is None else specs, rules)
        + '<section class="saves" aria-labelledby="saves-h"><h2 id="saves-h">Saved games</h2>'
        '<p id="picker-status" role="status" class="muted"></p>'
        f'<div id="save-rows" data-key="">{save_rows([])}</div><div id="save-notes"></div></section>'
    )


def save_rows(saves: list[dict[str, Any]]) -> str:
    """The saved games, newest first (static/boot.js draws the same rows from the summaries)."""
    if not saves:
        return '<p class="muted">No saved games yet. Every game is saved after each move.</p>'
    rows = []
    for s in saves:
        who = ", ".join(escape(str(n)) for n in s["names"])
        title = escape(s["title"])
        state = "finished" if s["over"] else (escape(s["status"]) if s.get("status") else plural(int(s['moves']), 'move'))
        rows.append(
            f'<li class="save"><a href="#game/{escape(s["id"])}" data-action="resume">'
            f'<span class="visually-hidden">Resume </span><strong>{title}</strong> <span>{who}</span> '
            f'<span class="muted">{state}</span></a>'
            f'<button type="button" class="ghost" data-action="delete-save" data-save="{escape(s["id"])}" '
            f'aria-label="Delete saved {title} game with {who}">Delete</button></li>'
        )
    return '<ul class="save-list">' + "".join(rows) + "</ul>"


def saves_key(saves: list[dict[str, Any]]) -> str:
    """Which saves a drawn list shows (static/boot.js writes the same key)."""
    return "|".join(f"{s['id']}:{s['updated']}" for s in saves)


def save_notes(broken: list[dict[str, str]], notices: list[str]) -> str:
    if not broken and not notices:
        return ""
    parts = ['<div class="broken"><h3>Saves that could not be opened</h3><ul>']
    for note in notices:
        parts.append(f"<li>{escape(note)}</li>")
    for b in broken:
        parts.append(
            f'<li>Saved game {escape(b["id"])} was set aside: {escape(b["reason"])} '
            f'<button type="button" class="ghost" data-action="forget-broken" data-save="{escape(b["id"])}" '
            f'aria-label="Remove the damaged save {escape(b["id"])}">Remove</button></li>'
        )
    parts.append("</ul></div>")
    return "".join(parts)


def picker(specs: Iterable[Any], saves: list[dict[str, Any]], broken: list[dict[str, str]], notices: list[str],
           rules: Iterable[str] = ()) -> str:
    """The whole picker with its saved games (the same markup as the shell, filled in)."""
    shell = picker_shell(specs, rules)
    shell = shell.replace(f'<div id="save-rows" data-key="">{save_rows([])}</div>',
                          f'<div id="save-rows" data-key="{escape(saves_key(saves))}">{save_rows(saves)}</div>')
    return shell.replace('<div id="save-notes"></div>', f'<div id="save-notes">{save_notes(broken, notices)}</div>')


def loading_game(title: str, percent: int) -> str:
    """Shown while a game's own files arrive the first time it is opened."""
    return (
        f'<section class="loading" aria-labelledby="loading-h"><h1 id="loading-h">{escape(title)}</h1>'
        f'<p id="loading-text" role="status" aria-live="polite">Opening {escape(title)}…</p>'
        f'<div class="bar" aria-hidden="true"><div id="loading-fill" class="fill" data-percent="{int(percent)}"></div></div>'
        "</section>"
    )


def _seat_word(spec: Any) -> str:
    return getattr(spec, "seat_word", "player") or "player"


def _seats_word(spec: Any, count: int) -> str:
    """The seat word in the number of `count` ("posse", "posses"); "townsfolk" is its own plural."""
    return str(spec.seat_noun(count))


BOT_LEVELS = {
    "easy": "plays the move that looks best right now: good company while you learn.",
    "hard": "weighs where each move leads with the game's own judgement.",
    "expert": "tries its best moves against hands and draws imagined from what it can see, and "
              "keeps the one that works out best (it thinks for up to a quarter of a second).",
}


def bot_levels_help(spec: Any) -> str:
    """One line on each bot level the game offers, under the seats (none of them sees your cards)."""
    lines = "".join(f"<li><b>{escape(lvl.capitalize())}</b>: {escape(BOT_LEVELS.get(lvl, ''))}</li>" for lvl in spec.bots)
    return (f'<div class="help bot-levels"><p>The bots decide from what their seat can see, as you do.</p>'
            f"<ul>{lines}</ul></div>") if spec.bots else ""


def setup(spec: Any, campaigns: Optional[list[dict[str, Any]]] = None, rules: bool = False) -> str:
    """The setup form of a game, from its spec (seats, bot levels, typed options)."""
    low, high = spec.seats
    title = escape(spec.title)
    word = _seat_word(spec)
    seats = spec.default_seats
    fields = catalog.form_state(spec, seats, {})
    seat_opts = "".join(
        f'<option value="{n}"{" selected" if n == seats else ""}>{n}</option>' for n in range(low, high + 1)
    )
    kinds = ([("human", "Human")] + [(f"bot:{lvl}", f"Bot ({lvl})") for lvl in spec.bots]
             + [("remote", "A player on another device")])
    rows = []
    for i in range(high):
        default_kind = "human" if i == 0 or not spec.bots else f"bot:{spec.bots[0]}"
        kind_opts = "".join(
            f'<option value="{v}"{" selected" if v == default_kind else ""}>{escape(label)}</option>' for v, label in kinds
        )
        ask = ""
        if getattr(spec, "reactions", False):
            ask = (
                f'<label class="check ask"><input type="checkbox" name="ask{i}" data-human-only> '
                "Ask me only when I can respond</label>"
            )
        rows.append(
            f'<div class="seat-row" data-seat-row="{i}">'
            f'<label>{escape(word.capitalize())} {i + 1} name <input name="name{i}" maxlength="24" autocomplete="off" '
            f'placeholder="{"You" if i == 0 else f"{word.capitalize()} {i + 1}"}"></label>'
            f'<label>Played by <select name="kind{i}">{kind_opts}</select></label>{ask}</div>'
        )
    ask_help = ""
    if getattr(spec, "reactions", False):
        ask_help = (
            '<p class="help">“Ask me only when I can respond”: the game skips your reaction turns when you '
            "hold nothing you could play. It is quicker, but it lets others guess what you hold.</p>"
        )
    earned = campaign_flags(spec, campaigns or [])
    options = []
    for opt in spec.options:
        field = fields[opt.name]
        help_text = f'<span class="help">{escape(opt.help)}</span>' if opt.help else ""
        if opt.name in earned:
            help_text = _earned_line(earned[opt.name]) + help_text
        note = ""
        if opt.for_seats:
            counts = or_list(str(n) for n in opt.for_seats)
            note = f'<span class="help only">With {escape(counts)} {_seats_word(spec, max(opt.for_seats))} only.</span>'
        if catalog.is_flag(opt):
            checked = " checked" if field.value else ""
            control = (
                f'<label class="check"><input type="checkbox" name="opt-{escape(opt.name)}"{checked}> '
                f"{escape(opt.label)}</label>"
            )
        else:
            choices = "".join(
                f'<option value="{escape(str(c))}"{" selected" if type(c) is type(field.value) and c == field.value else ""}'
                f'{" disabled" if str(c) in field.closed else ""}>{escape(catalog.choice_label(opt, c))}</option>'
                for c in opt.choices
            )
            control = (
                f'<label>{escape(opt.label)} <select name="opt-{escape(opt.name)}">{choices}</select></label>'
            )
        hidden = "" if field.shown else " hidden"
        unavailable = "" if field.offered else " unavailable"
        options.append(f'<div class="option{unavailable}"{hidden}>{control}{help_text}{note}</div>')
    return (
        '<div id="alerts"></div>'
        f'<section class="setup" aria-labelledby="setup-h"><h1 id="setup-h">New game of {title}</h1>'
        f'<p class="muted">{escape(spec.blurb)}</p>'
        + (f'<p><a href="#rules/{escape(spec.id)}" class="button ghost">How to play {title}</a></p>' if rules else "")
        + (campaign_list(spec, campaigns) if getattr(spec, "campaign", False) and campaigns is not None else "")
        + f'<form id="setup-form" data-game="{escape(spec.id)}" novalidate>'
        f'<fieldset><legend>{escape(_seats_word(spec, 2).capitalize())}</legend><label>Number of {_seats_word(spec, 2)} '
        f'<select name="seats">{seat_opts}</select></label>'
        + "".join(rows)
        + ask_help
        + bot_levels_help(spec)
        + "</fieldset>"
        + (f'<fieldset><legend>Options</legend>{"".join(options)}</fieldset>' if options else "")
        + '<fieldset><legend>Shuffle</legend><label>Seed (optional) <input name="seed" inputmode="numeric" '
        'pattern="-?[0-9]*" maxlength="12" placeholder="random"></label>'
        '<span class="help">The same seed and players give the same shuffle.</span></fieldset>'
        # A mistake is told here, beside Start, where the player looks after pressing it.
        '<div id="setup-alerts" class="form-alerts"></div>'
        '<div class="form-actions"><a href="#" class="button ghost" data-action="back">Back</a>'
        '<button type="submit" class="primary" data-action="start" aria-describedby="setup-alerts">Start game</button></div>'
        "</form></section>"
    )


def campaign_flags(spec: Any, campaigns: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The yes/no options each listed campaign turns on when its next game starts (what it has
    earned, e.g. Townsfolk Tussle's unlocks), by option name: the names of those campaigns.

    The rules decide (`Rules.campaign_options`, asked with no player names, so a campaign's
    progress by name is left out). The form's tick boxes cannot follow the campaign chosen above
    them, so the form says in words which campaign puts each option in play."""
    if not getattr(spec, "campaign", False) or not any(c.get("data") for c in campaigns):
        return {}
    from .. import games

    rules = games.load(spec.id).RULES
    earned: dict[str, list[str]] = {}
    for c in campaigns:
        if not c.get("data"):
            continue
        try:
            turned_on = rules.campaign_options(c["data"], [], {})
        except (TypeError, ValueError, KeyError, AttributeError):
            continue  # a damaged campaign earns nothing here: the form must still open
        for opt in spec.options:
            if catalog.is_flag(opt) and not opt.default and turned_on.get(opt.name) is True:
                earned.setdefault(opt.name, []).append(str(c.get("name") or c["id"]))
    return earned


def _earned_line(campaign_names: list[str]) -> str:
    n = len(campaign_names)
    which = and_list(f"“{escape(name)}”" for name in campaign_names)
    return (f'<span class="help earned">Earned in the {noun(n, "campaign")} {which}: in play when you continue '
            f'{"it" if n == 1 else "one of them"}, no need to tick it.</span>')


def campaign_list(spec: Any, campaigns: list[dict[str, Any]]) -> str:
    """A game's campaigns on its setup screen: continue one, export it as a link, or import one."""
    rows = []
    ids = [str(c["id"]) for c in campaigns]
    # The default: the campaign already under way (progress by player name first), else that one, begun now.
    chosen = PROGRESS_ID if PROGRESS_ID in ids or not ids else ids[0]
    if PROGRESS_ID not in ids:
        campaigns = [{"id": PROGRESS_ID, "name": "Progress by player name"}] + list(campaigns)
    for c in campaigns:
        cid = escape(str(c["id"]))
        checked = " checked" if str(c["id"]) == chosen else ""
        label = escape(str(c.get("name") or c["id"]))
        rows.append(
            f'<li class="campaign"><label class="check"><input type="radio" name="campaign" value="{cid}" form="setup-form"{checked}> '
            f"Continue {label}</label>"
            f'<button type="button" class="ghost" data-action="export-campaign" data-campaign="{cid}" '
            f'aria-label="Share as a link: campaign {label}">Share as a link</button></li>'
        )
    none = (
        '<li class="campaign"><label class="check"><input type="radio" name="campaign" value="new" form="setup-form"> '
        "A new campaign</label></li>"
    )
    return (
        '<section class="campaigns" aria-labelledby="campaigns-h"><h2 id="campaigns-h">Campaigns</h2>'
        '<p id="campaign-status" role="status" class="muted"></p>'
        f'<ul class="campaign-list">{"".join(rows)}{none}</ul>'
        '<form id="campaign-import" class="import"><label>Campaign link <input name="link" maxlength="40000" '
        'autocomplete="off" placeholder="#campaign=1.…"></label>'
        '<button type="submit" class="ghost" data-action="import-campaign">Import</button></form>'
        + CAMPAIGN_BOX.html("Anyone who opens this link can continue the campaign in their own browser.")
        + "</section>"
    )


def game_frame(title: str, names: list[str], rules: bool = False, guide: bool = False, guest: bool = False) -> str:
    """The game screen. With `rules`, the game's rules are at hand: the prompt's "Why?" link,
    "What's this?" for the board, and the rules in a dialog; with `guide`, its guided first turn.
    With `guest`, a game kept on another device (the live table): it is not shared from here.
    `#live` holds the live table's players and invitations when there are players elsewhere."""
    title = escape(title)
    help_controls = (
        '<button type="button" id="whats-this" data-action="whats-this" aria-pressed="false" '
        'aria-describedby="whats-hint">What’s this?</button>' if rules else ""
    )
    menu_items = []
    if rules:
        menu_items.append(f'<li><button type="button" data-action="open-rules">Rules of {title}</button></li>')
    if guide:
        menu_items.append('<li><button type="button" data-action="open-guide">Guided first turn</button></li>')
    menu_items.append('<li><a href="#" data-action="menu">Back to the games</a></li>')
    return (
        '<div id="alerts"></div>'
        f'<section class="game" aria-labelledby="game-h"><h1 id="game-h" class="visually-hidden">{title}</h1>'
        '<div class="game-main">'
        '<p id="status"><span id="prompt" role="status" aria-live="polite"></span><span id="why"></span></p>'
        '<p id="whats-hint" class="hint" role="status"></p>'
        '<div id="results"></div>'
        '<div id="live" class="live" hidden></div>'
        '<div class="game-layout">'
        '<div id="board" class="board"></div>'
        '<aside class="side" aria-label="Game controls and log">'
        '<div id="params" class="params" hidden></div>'
        '<div class="controls">'
        '<button type="button" id="undo" data-action="undo">Undo</button>'
        + ('' if guest else '<button type="button" id="share" data-action="share">Share link</button>')
        + help_controls
        + '<details class="menu"><summary class="button ghost">Menu</summary>'
        f'<ul class="menu-list">{"".join(menu_items)}</ul></details>'
        "</div>"
        + ("" if guest else SHARE_BOX.html())
        + '<section class="log-panel" aria-labelledby="log-h"><h2 id="log-h">Game log</h2>'
        '<ol id="log" class="log" tabindex="0" aria-label="Game log"></ol></section>'
        "</aside></div></div>"
        '<div id="handoff" class="handoff" hidden></div>'
        + (rules_dialog(title) if rules else "")
        + ('<div id="guide-ring" class="guide-ring" hidden></div>'
           '<div id="guide" class="guide" role="dialog" aria-modal="false" aria-labelledby="guide-h" hidden></div>'
           if guide else "")
        + "</section>"
    )


def why_link(game_id: str, paragraph: str) -> str:
    """The prompt's link to the paragraph that governs it."""
    return (
        f' <a class="why" href="#rules/{escape(game_id)}/{escape(paragraph)}" data-action="rule" '
        f'data-rule="{escape(paragraph)}" aria-label="Why? Read the rule for this step">Why?</a>'
    )


def log_items(lines: list[str], names: list[str]) -> str:
    """Log lines as list items; `names` are escaped, the lines are escaped here."""
    return "".join(f"<li>{names_in(escape(line, quote=False), names)}</li>" for line in lines)


def handoff(name: str) -> str:
    """The pass-the-device screen; `name` is already escaped."""
    return (
        '<div class="handoff-card" role="dialog" aria-modal="true" aria-labelledby="handoff-h">'
        f'<h2 id="handoff-h">Pass the device to {name}</h2>'
        "<p>The next screen shows cards only they may see.</p>"
        f'<button type="button" class="primary" data-action="handoff">I am {name} — show my cards</button></div>'
    )


def params_panel(kinds: list[dict[str, Any]], armed: Optional[int], cursor: Optional[list[int]]) -> str:
    """Controls for parameterised actions: arm a kind, then press the board (or move the
    cursor with the arrow keys and press Enter); a number kind takes a typed number, a text
    kind typed words (shown with the value it has now)."""
    if not kinds:
        return ""
    items = []
    for i, kind in enumerate(kinds):
        label = escape(str(kind.get("label", "Choose")))
        if kind.get("kind") == "text":
            now = escape(str(kind.get("value", "")))
            items.append(
                f'<form class="param-text" data-param-form="{i}"><label>{label} '
                f'<input name="value" value="{now}" maxlength="{int(kind.get("max", 100))}" autocomplete="off" '
                f'spellcheck="false"></label> <button type="submit" class="primary">OK</button></form>'
            )
            continue
        if kind.get("kind") == "number":
            low, high = kind.get("min", ""), kind.get("max", "")
            items.append(
                f'<form class="param-number" data-param-form="{i}"><label>{label} '
                f'<input name="value" inputmode="numeric" pattern="-?[0-9]*" maxlength="9" '
                f'aria-describedby="param-range-{i}"></label> <span id="param-range-{i}" class="help">'
                f"{escape(str(low))}–{escape(str(high))}</span>"
                f'<button type="submit" class="primary">OK</button></form>'
            )
            continue
        pressed = "true" if armed == i else "false"
        items.append(
            f'<button type="button" data-param="{i}" aria-pressed="{pressed}">{label}</button>'
        )
    hint = ""
    if armed is not None and 0 <= armed < len(kinds):
        where = "square" if kinds[armed].get("kind") == "square" else "point"
        # a square's column and row; a point is shown on the board itself, in the game's words (inches)
        at = f" (now at {cursor[0]}, {cursor[1]})" if cursor and where == "square" else ""
        hint = (
            f'<p class="help" id="param-hint">Press the board at the {where} you want, or move the cursor with the '
            f"arrow keys and press Enter{at}. Escape cancels.</p>"
        )
    on_board = any(kind.get("kind") in ("point", "square") for kind in kinds)
    heading = "Choose on the board" if on_board else "Type it in"
    return f'<h2 class="params-h">{heading}</h2><div class="param-list">{"".join(items)}</div>{hint}'


def results(outcome: dict[str, Any], names: list[str], rules: Any = None, story: str = "", replay: bool = True) -> str:
    """The result screen; `names` are escaped. A team outcome (everyone wins or loses
    together) shows the verdict, the ending and what it unlocked; a ranked one the places
    with every tie-break explained. Both show the score table when there are scores, then
    the story of the game (`story`: its charts, from `charts.story_html`) and the replay."""
    team = outcome.get("kind") == "team"
    parts = ['<section class="results" aria-labelledby="results-h">']
    if team:
        verdict = "You won together" if outcome.get("won") else "You lost together"
        parts.append(f'<h2 id="results-h">{verdict}</h2>')
        if outcome.get("title"):
            parts.append(f'<p class="headline">{names_in(escape(str(outcome["title"]), quote=False), names)}</p>')
        if outcome.get("text"):
            parts.append(f'<p class="ending">{names_in(escape(str(outcome["text"]), quote=False), names)}</p>')
        unlocks = outcome.get("unlocks") or []
        if unlocks:
            items = "".join(f"<li>{escape(str(u))}</li>" for u in unlocks)
            parts.append(f'<h3>Unlocked for your next game</h3><ul class="unlocks">{items}</ul>')
    else:
        parts.append('<h2 id="results-h">Final scores</h2>')
        if outcome.get("headline"):
            parts.append(f'<p class="headline">{names_in(escape(outcome["headline"], quote=False), names)}</p>')
    if outcome.get("scores") and (not team or any(outcome["scores"])):
        parts.append(_score_table(outcome, names, ranked=not team))
    # A game may explain its score table and how the winner was decided, one sentence a line.
    notes = "".join(f"<li>{names_in(escape(t, quote=False), names)}</li>" for t in outcome.get("notes", []))
    if notes:
        parts.append(f'<h3>How to read the scores</h3><ul class="result-notes">{notes}</ul>')
    tiebreaks = "".join(f"<li>{names_in(escape(t, quote=False), names)}</li>" for t in outcome.get("tiebreaks", []))
    if tiebreaks:
        parts.append(f'<h3>Tie-breaks</h3><ul class="tiebreaks">{tiebreaks}</ul>')
    parts.append(story)
    replays = ('<button type="button" class="primary" data-action="watch-replay">Watch the replay</button>'
               '<button type="button" data-action="share-replay">Share the replay</button>') if replay else ""
    parts.append(
        f'<div class="result-actions">{replays}'
        '<a href="#" class="button ghost" data-action="menu">Back to the games</a></div>'
        + (REPLAY_BOX.html() if replay else "")
        + "</section>"
    )
    return "".join(parts)


def _score_table(outcome: dict[str, Any], names: list[str], ranked: bool) -> str:
    # A game may list its score among its own columns: the table shows it once.
    columns = [c for c in outcome.get("columns") or [] if str(c).strip().lower() != "score"]
    places = outcome.get("places") or [1] * len(names)
    order = sorted(range(len(names)), key=lambda s: (places[s], s)) if ranked else list(range(len(names)))
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in columns)
    rows = []
    for seat in order:
        detail = outcome["details"][seat] if outcome.get("details") else {}
        cells = "".join(f"<td>{escape(str(detail.get(c, '')))}</td>" for c in columns)
        crown = ' <span class="winner">★ winner</span>' if ranked and seat in outcome.get("winners", []) else ""
        place = f"<td>{places[seat]}</td>" if ranked else ""
        rows.append(f'<tr>{place}<th scope="row">{names[seat]}{crown}</th><td>{outcome["scores"][seat]}</td>{cells}</tr>')
    place_head = '<th scope="col">Place</th>' if ranked else ""
    return (
        # Its own scroller (reachable by keyboard), so a wide table never drags the page or the charts sideways.
        '<div class="table-scroll" role="region" aria-label="Final scores" tabindex="0">'
        f'<table class="score-table"><thead><tr>{place_head}<th scope="col">Player</th>'
        f'<th scope="col">Score</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
    )


# --- the rules at hand ----------------------------------------------------------------------


def _rule_link(game_id: str, target: str, text: str, cls: str = "") -> str:
    klass = f' class="{cls}"' if cls else ""
    return (f'<a{klass} href="#rules/{escape(game_id)}/{escape(target)}" data-action="rule" '
            f'data-rule="{escape(target)}">{text}</a>')


def rules_search(where: str) -> str:
    """The search box of a rules page (`where`: page or dialog, to keep ids apart)."""
    return (
        f'<div class="rules-search" role="search"><label for="rules-q-{where}">Search the rules</label>'
        f'<input type="search" id="rules-q-{where}" data-rules-search maxlength="{rulebook.MAX_QUERY}" '
        f'autocomplete="off" spellcheck="false" aria-describedby="rules-count-{where}">'
        f'<p id="rules-count-{where}" class="search-count muted" role="status" aria-live="polite"></p></div>'
    )


def rules_toc(game_id: str, page: dict[str, Any]) -> str:
    items = "".join(f"<li>{_rule_link(game_id, s['id'], escape(s['title']))}</li>" for s in page["sections"])
    return f'<nav class="rules-toc" aria-label="Sections of the rules"><ol>{items}</ol></nav>'


def _paragraph(game_id: str, p: dict[str, Any], words: list[str], known: dict[str, Any]) -> str:
    items = "".join(f"<li>{rulebook.highlight(i, words)}</li>" for i in p.get("items", []))
    see = []
    for target in p.get("see", []):
        if target in known:
            section, other = known[target]
            text = f"{escape(section['title'])}: {escape(rulebook.excerpt(other['text']))}"
            see.append(_rule_link(game_id, target, text))
    return (
        f'<div class="rule" id="rule-{escape(p["id"])}" tabindex="-1">'
        + _rule_link(game_id, p["id"], '¶<span class="visually-hidden"> Link to this paragraph</span>', "anchor")
        + f"<p>{rulebook.highlight(p['text'], words)}</p>"
        + (f"<ul>{items}</ul>" if items else "")
        + (f'<p class="see">See also: {", ".join(see)}</p>' if see else "")
        + "</div>"
    )


def rules_body(game_id: str, page: dict[str, Any], query: str = "") -> tuple[str, str]:
    """The sections of a rules page (only the matching paragraphs, marked, while searching),
    and the line that says how many matched ("" without a search)."""
    known = rulebook.paragraphs(page)
    words = rulebook.query_words(query)
    if words:
        found = rulebook.search(page, query)
        count = sum(len(ps) for _, ps in found)
        said = " ".join(words)
        if not count:
            return "", f"Nothing in the rules matches “{escape(said)}”."
        sections = found
        note = f"{plural(count, 'paragraph')} {verb(count, 'matches', 'match')} “{escape(said)}”."
    else:
        sections = [(s, s["paragraphs"]) for s in page["sections"]]
        note = ""
    html = "".join(
        f'<section class="rules-section" aria-labelledby="rule-{escape(s["id"])}">'
        f'<h2 id="rule-{escape(s["id"])}" tabindex="-1">{rulebook.highlight(s["title"], words)}</h2>'
        + "".join(_paragraph(game_id, p, words, known) for p in ps)
        + "</section>"
        for s, ps in sections
    )
    return html, note


def rules_page(spec: Any, bundle: dict[str, Any]) -> str:
    """A game's rules as a page of their own (`#rules/<game>`)."""
    page = bundle["rules"]
    body, _ = rules_body(spec.id, page)
    title = escape(page.get("title") or f"How to play {spec.title}")
    play = f' · <a href="#setup/{escape(spec.id)}">Play {escape(spec.title)}</a>' if spec.ready else ""
    return (
        '<div id="alerts"></div>'
        f'<article class="rules-page" aria-labelledby="rules-h" data-game="{escape(spec.id)}">'
        f'<p class="crumbs"><a href="#">All games</a>{play}</p>'
        f'<h1 id="rules-h">{title}</h1>'
        + rules_search("page")
        + rules_toc(spec.id, page)
        + f'<div class="rules-body" data-rules-body>{body}</div></article>'
    )


def rules_dialog(title: str) -> str:
    """The rules in a dialog over the game (filled when first opened); `title` is escaped."""
    return (
        '<dialog id="rules-dialog" class="rules-dialog" aria-labelledby="rules-dialog-h">'
        '<div class="rules-dialog-head">'
        f'<h2 id="rules-dialog-h">How to play {title}</h2>'
        '<button type="button" class="ghost" data-action="close-rules">Close<span class="visually-hidden"> the rules'
        "</span></button></div>"
        + rules_search("dialog")
        + '<div class="rules-body" data-rules-body></div></dialog>'
    )


# --- replays ------------------------------------------------------------------------------


def replay_frame(title: str, names: list[str], viewers: list[Optional[int]]) -> str:
    """The replay screen: the board as it was, step buttons, whose view, and the log.
    `names` are escaped; `viewers` lists the points of view that may be shown (None: the table)."""
    options = "".join(
        f'<option value="{"table" if v is None else v}">{"The whole table" if v is None else names[v]}</option>'
        for v in viewers
    )
    who = (
        f'<label class="viewer">Seen by <select data-replay-viewer>{options}</select></label>'
        if len(viewers) > 1 else
        '<p class="muted viewer">Shown as the whole table saw it: the game is not over, so hidden cards stay hidden.</p>'
    )
    return (
        '<div id="alerts"></div>'
        f'<section class="game replay" aria-labelledby="game-h"><h1 id="game-h">Replay of {escape(title)}</h1>'
        '<div class="game-main">'
        '<p id="status"><span id="prompt" role="status" aria-live="polite"></span></p>'
        '<div class="replay-bar" role="group" aria-label="Step through the game" aria-describedby="replay-keys">'
        '<button type="button" data-action="replay-first"><span aria-hidden="true">◀◀</span> '
        '<span class="word">Start</span></button>'
        '<button type="button" data-action="replay-back"><span aria-hidden="true">◀</span> '
        '<span class="word">Back</span></button>'
        '<span id="replay-at" class="replay-at"></span>'
        '<button type="button" data-action="replay-next"><span class="word">Next</span> '
        '<span aria-hidden="true">▶</span></button>'
        '<button type="button" data-action="replay-last"><span class="word">End</span> '
        '<span aria-hidden="true">▶▶</span></button>'
        "</div>"
        '<p id="replay-keys" class="help"><span class="keys">Keys: ← and → step through the game, Home and End '
        "jump to the start and the end. </span>Pick a line of the log to go to it.</p>"
        '<div class="game-layout">'
        '<div id="board" class="board"></div>'
        '<aside class="side" aria-label="Replay controls and log">'
        f'<div class="controls">{who}</div>'
        '<div class="controls"><button type="button" data-action="share-replay">Share the replay</button>'
        '<a href="#" class="button ghost" data-action="menu">Back to the games</a></div>'
        + REPLAY_BOX.html()
        + '<section class="log-panel" aria-labelledby="log-h"><h2 id="log-h">Game log</h2>'
        '<ol id="log" class="log replay-log" tabindex="0" aria-label="Game log"></ol></section>'
        "</aside></div></div></section>"
    )


def replay_log(lines: list[str], names: list[str], step: int) -> str:
    """Every line of a replayed game; the line of the move on screen is marked."""
    out = []
    for k, line in enumerate(lines, start=1):
        now = ' class="now" aria-current="step"' if k == step else ""
        out.append(f'<li data-step="{k}"{now}>{names_in(escape(line, quote=False), names)}</li>')
    return "".join(out) or '<li class="muted">No moves yet.</li>'


# --- the guided first turn ---------------------------------------------------------------------


def guide_card(game_id: str, title: str, step: dict[str, Any], at: int, total: int, rule: bool) -> str:
    """One step of a game's guided first turn; `title` (the game's) is escaped."""
    back = '<button type="button" data-action="guide-back">Back</button>' if at > 0 else ""
    last = at == total - 1
    forward = (
        f'<button type="button" class="primary" data-action="guide-next">{"Done" if last else "Next"}</button>'
    )
    read = (
        f'<p class="guide-rule">{_rule_link(game_id, step["rule"], "Read the rule")}</p>' if rule else ""
    )
    return (
        f'<p class="guide-count">First game of {title} · step {at + 1} of {total}</p>'
        f'<h2 id="guide-h" tabindex="-1">{escape(step["title"])}</h2>'
        f'<p class="guide-text">{escape(step["text"])}</p>{read}'
        f'<div class="guide-nav">{back}{forward}</div>'
        '<button type="button" class="ghost guide-close" data-action="guide-close" aria-label="Close the guide">'
        "×</button>"
    )
