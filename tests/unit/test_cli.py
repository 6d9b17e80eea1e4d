"""The command line: simulate prints statistics; check validates saves and links; catalog counts content."""

import json

import pytest

from tabletown import games
from tabletown.cli import check, main, simulate
from tabletown.engine.codec import encode_link
from tabletown.engine.session import Session, new_record


def test_simulate_reports_win_rates_scores_length_and_speed():
    stats = simulate("tavern-tussle", 4, 2, ["easy"], {}, seed=1)
    assert abs(sum(stats["win_rate"]) - 1) < 1e-9
    assert stats["mean_moves"] > 0 and stats["games_per_second"] > 0


def test_simulate_command_prints_a_table(capsys):
    assert main(["simulate", "tavern-tussle", "--games", "5", "--seats", "3", "--bots", "easy"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "games per second" in out and "mean game length" in out


def test_simulate_refuses_bad_options_readably(capsys):
    assert main(["simulate", "tavern-tussle", "--games", "1", "--seats", "3", "--option", "advanced=maybe"]) == 2
    assert "Advanced Variant" in capsys.readouterr().err


def played():
    game = games.load("tavern-tussle")
    seats = [{"name": "Ann", "kind": "human"}, {"name": "B", "kind": "bot"}]
    session = Session(game, new_record(game, seats, {}, 3))
    session.apply(0, game.RULES.legal(session.state, 0)[0])
    return session


def test_check_accepts_a_good_link_and_file_and_explains_a_bad_one(tmp_path, capsys):
    session = played()
    link = "https://x.example/" + encode_link(session.record)
    ok, message = check(link)
    assert ok and "Valid" in message and "Ann" in message and "1 move," in message and "2 players" in message
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"schema": 2, "id": "a", "updated": 0, "record": session.record}))
    assert check(str(path))[0]
    path.write_text("garbage")
    ok, message = check(str(path))
    assert not ok and "Not valid" in message
    assert main(["check", link[:-10]]) == 1
    assert "Not valid" in capsys.readouterr().out


def test_check_explains_a_save_without_a_record_and_other_odd_files(tmp_path):
    path = tmp_path / "save.json"
    for text in ('{"schema": 2, "id": "a", "updated": 0}', '{"schema": 3}', "[]", '{"schema": "2"}',
                 "[" * 100_000 + "]" * 100_000):
        path.write_text(text)
        ok, message = check(str(path))
        assert not ok and message.startswith("Not valid:"), text[:40]


def test_catalog_lists_each_catalogue_with_its_count(capsys):
    assert main(["catalog", "tavern-tussle", "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert isinstance(counts, dict)


def test_balance_resume_takes_a_directory_and_says_so_readably(capsys, tmp_path):
    run = tmp_path / "run.jsonl"
    run.write_text("")
    assert main(["balance", "tumble-town", "--resume", str(run), "--out", "-"]) == 2
    assert "--resume takes a directory" in capsys.readouterr().err


def test_balance_takes_jobs_and_resume(monkeypatch, capsys, tmp_path):
    from tabletown.games.tumble_town import balance as tumble

    seen = {}
    monkeypatch.setattr(tumble, "report", lambda **kw: seen.update(kw) or "# page\n")
    assert main(["balance", "tumble-town", "--quick", "--jobs", "1", "--resume", str(tmp_path), "--out", "-"]) == 0
    assert seen == {"quick": True, "jobs": 1, "store": str(tmp_path)}
    assert main(["balance", "tumble-town", "--out", "-"]) == 0
    assert seen == {"quick": False, "jobs": None, "store": None}


def test_paired_simulate_plays_each_seed_once_per_turn_of_the_levels():
    stats = simulate("tavern-tussle", 3, 2, ["easy", "hard"], {}, seed=1, paired=True)
    assert stats["games"] == 6 and stats["paired"]
    assert stats["levels"]["easy"]["games"] == 6 and stats["levels"]["hard"]["games"] == 6
    assert {k: r["games"] for k, r in stats["level_seats"].items()} == {"easy@1": 3, "easy@2": 3, "hard@1": 3, "hard@2": 3}
    won = stats["levels"]["easy"]["win_rate"] + stats["levels"]["hard"]["win_rate"]
    assert won == pytest.approx(1.0)  # two seats: every game's win goes to one level or is shared
    for r in stats["levels"].values():
        assert r["low"] <= r["win_rate"] <= r["high"]


def test_the_same_seeds_give_the_same_figures_in_one_process_or_two():
    one = simulate("tavern-tussle", 2, 2, ["easy", "hard"], {}, seed=5, paired=True, jobs=1)
    two = simulate("tavern-tussle", 2, 2, ["easy", "hard"], {}, seed=5, paired=True, jobs=2)
    assert one["levels"] == two["levels"] and one["mean_score"] == two["mean_score"]


def test_the_paired_command_prints_each_level_with_its_interval(capsys):
    assert main(["simulate", "tavern-tussle", "--games", "2", "--seats", "2", "--bots", "hard,easy", "--paired"]) == 0
    out = capsys.readouterr().out
    assert "95 % interval" in out and "hard" in out and "easy" in out and "turns" in out


def test_a_stopped_simulate_goes_on_where_it_stopped(monkeypatch, tmp_path):
    """`--resume DIR` keeps each finished game; a second run of more seeds plays only the new
    ones and gives the figures a single run of all the seeds gives."""
    import tabletown.cli as cli

    first = simulate("tavern-tussle", 2, 2, ["easy", "hard"], {}, seed=5, paired=True, store=str(tmp_path))
    played = []
    real = cli.bot_game
    monkeypatch.setattr(cli, "bot_game", lambda *args: played.append(args[-1]) or real(*args))
    resumed = simulate("tavern-tussle", 3, 2, ["easy", "hard"], {}, seed=5, paired=True, store=str(tmp_path))
    assert played == [7, 7]  # only the new seed, once from each seat
    whole = simulate("tavern-tussle", 3, 2, ["easy", "hard"], {}, seed=5, paired=True)
    assert first["games"] == 4 and resumed["games"] == 6
    assert resumed["levels"] == whole["levels"] and resumed["mean_score"] == whole["mean_score"]


def test_simulate_resume_takes_a_directory_and_says_so_readably(capsys, tmp_path):
    run = tmp_path / "run.jsonl"
    run.write_text("")
    assert main(["simulate", "tavern-tussle", "--games", "1", "--seats", "2", "--resume", str(run)]) == 2
    assert "--resume takes a directory" in capsys.readouterr().err
