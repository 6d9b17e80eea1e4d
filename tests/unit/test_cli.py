"""The command line: simulate prints statistics; check validates saves and links."""

import json

from tabletown.cli import check, main, simulate
from tabletown.engine.codec import encode_link
from tabletown.engine.session import Session, new_record


def test_simulate_reports_win_rates_scores_length_and_speed(toy):
    stats = simulate("high-card", 20, 2, ["easy"], {}, seed=1)
    assert abs(sum(stats["win_rate"]) - 1) < 1e-9
    assert stats["mean_moves"] == 6 and stats["games_per_second"] > 0


def test_simulate_command_prints_a_table(toy, capsys):
    assert main(["simulate", "tavern-tussle", "--games", "5", "--seats", "3", "--bots", "easy"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "games per second" in out and "mean game length" in out


def test_check_accepts_a_good_link_and_file_and_explains_a_bad_one(toy, tmp_path, capsys):
    session = Session(new_record("high-card", [{"name": "Ann", "kind": "human"}, {"name": "B", "kind": "bot"}], {}, 3))
    session.apply(0, {"type": "knock"})
    link = "https://x.example/" + encode_link(session.record)
    ok, message = check(link)
    assert ok and "Valid" in message and "Ann" in message
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"schema": 2, "id": "a", "updated": 0, "record": session.record}))
    assert check(str(path))[0]
    path.write_text("garbage")
    ok, message = check(str(path))
    assert not ok and "Not valid" in message
    assert main(["check", link[:-10]]) == 1
    assert "Not valid" in capsys.readouterr().out
