"""The live table's HTML as a player's screen shows it: each name escaped once, the live
marks the tests and players read, the invitation's and reply's links, and the network
settings read strictly."""

from __future__ import annotations

from html.parser import HTMLParser

from tabletown.web import live_screens

HOSTILE = ['Tom & Jerry', '<b>Bo</b>', 'R&amp;D "Q" \'s']


class Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.attrs: list[dict[str, str]] = []

    def handle_starttag(self, tag, attrs):
        self.attrs.append({k: v or "" for k, v in attrs})
        assert tag != "b", "a name became markup"

    def handle_data(self, data):
        self.text.append(data)


def parsed(html: str) -> Collect:
    page = Collect()
    page.feed(html)
    return page


def test_the_players_strip_shows_each_name_as_typed_and_marks_remote_seats_live_or_away():
    html = live_screens.seats_strip(HOSTILE, ["human", "remote", "remote"], [None, True, False], None)
    page = parsed(html)
    text = "".join(page.text)
    for name in HOSTILE:
        assert name in text  # shown exactly as typed: escaped once, never twice
    marks = {a.get("data-seat"): a.get("data-seat-live") for a in page.attrs if "data-seat" in a}
    assert marks == {"0": None, "1": "1", "2": "0"}
    assert "(here)" in text and "(connected)" in text and "(away)" in text


def test_a_guest_sees_itself_as_you_and_the_hosts_player_as_with_the_host():
    text = "".join(parsed(live_screens.seats_strip(["Ann", "Bob"], ["human", "remote"], [None, True], 1,
                                                   on_host=False)).text)
    assert "Ann (with the host)" in text and "Bob (you)" in text
    away = "".join(parsed(live_screens.seats_strip(["Ann", "Bob"], ["human", "remote"], [None, False], 1,
                                                   on_host=False)).text)
    assert "you — not connected" in away


def test_an_open_invitation_carries_its_link_in_data_invitation_with_a_copy_button_and_a_reply_box():
    link = 'https://example.org/#join/1.abc"<x>'
    page = parsed(live_screens.invitation_block(1, "Tom & Jerry", link, "<svg></svg>", False))
    invite = next(a for a in page.attrs if "data-invitation" in a)
    assert invite["data-invitation"] == link and invite["data-seat"] == "1"
    assert any(a.get("data-action") == "copy-link" and a.get("data-link") == link for a in page.attrs)
    assert any(a.get("name") == "reply" for a in page.attrs)
    assert any(a.get("data-action") == "stand-in" and a.get("data-on") == "1" for a in page.attrs)
    assert "Invite Tom & Jerry" in "".join(page.text)
    # While the connection details are gathered there is no link yet, and no data-invitation.
    assert "data-invitation" not in live_screens.invitation_block(1, "Bob", "", "", False)


def test_the_reply_screen_names_the_host_and_carries_the_reply_link():
    link = "https://example.org/#reply/1.xyz"
    page = parsed(live_screens.join_screen("Tavern Tussle", "<b>Bo</b>", "Tom & Jerry", False, link, "", "Waiting", ""))
    assert next(a for a in page.attrs if "data-reply" in a)["data-reply"] == link
    text = "".join(page.text)
    assert "<b>Bo</b> invites you to play as Tom & Jerry" in text


def test_network_settings_accept_stun_and_turn_lines_and_refuse_anything_else():
    assert live_screens.parse_ice("stun:stun.example.org:3478\n\n") == [{"urls": "stun:stun.example.org:3478"}]
    assert live_screens.parse_ice("turn:relay.example.org:3478 ann secret") == [
        {"urls": "turn:relay.example.org:3478", "username": "ann", "credential": "secret"}]
    assert live_screens.parse_ice("") == []  # a local network needs none
    for bad in ("http://example.org", "stun:", "turn:relay.example.org", "stun:a b", 'stun:"x"'):
        assert live_screens.parse_ice(bad) is None
    servers = live_screens.parse_ice("stun:a.example:1\nturn:b.example:2 u p")
    assert live_screens.parse_ice("\n".join(live_screens.ice_lines(servers))) == servers
