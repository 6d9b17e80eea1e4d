"""The balance pages' trials (engine/trials.py): intervals that match the textbook, results in
task order however many processes play them, a stopped run that goes on where it stopped (and
never mixes in games of other rules), and progress on stderr, out of the page."""

from __future__ import annotations

import json

import pytest

from tabletown.engine import trials


def square(task):
    return {"n": task[0], "square": task[0] * task[0]}


def counted(task):
    """A task that leaves a mark of having been played (the store test counts them)."""
    path, n = task
    with open(path, "a", encoding="utf-8") as out:
        out.write(f"{n}\n")
    return n * 10


@pytest.mark.parametrize("wins, n, lo, hi", [
    (5, 10, 0.2366, 0.7634),    # the textbook's 5 in 10
    (0, 10, 0.0, 0.2775),       # none: the interval still says up to 28 %
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
])
def test_wilson_matches_known_intervals(wins, n, lo, hi):
    p, low, high = trials.wilson(wins, n)
    assert p == pytest.approx(wins / n)
    assert low == pytest.approx(lo, abs=1e-4) and high == pytest.approx(hi, abs=1e-4)


def test_a_tie_counts_half_a_win():
    # 4 wins and 2 ties in 10 games are 5 wins: the same interval as 5 in 10.
    assert trials.wilson(4 + 2 * 0.5, 10) == pytest.approx(trials.wilson(5, 10))
    assert trials.wilson(2.5, 5)[0] == 0.5


def test_no_games_say_nothing():
    assert trials.wilson(0, 0) == (0.0, 0.0, 1.0)


def test_mean_interval_is_the_normal_approximation():
    mean, half = trials.mean_interval([1, 2, 3, 4, 5])
    assert mean == 3
    assert half == pytest.approx(1.96 * (2.5 ** 0.5) / (5 ** 0.5))
    assert trials.mean_interval([7])[1] == float("inf")


def test_paired_seeds_play_every_seating_of_the_same_seed_once():
    assert trials.paired([1, 2], ("hard", "easy")) == [
        (1, ("hard", "easy")), (1, ("easy", "hard")), (2, ("hard", "easy")), (2, ("easy", "hard"))]
    three = trials.paired([9], ("hard", "easy", "easy"))
    assert [levels.index("hard") for _, levels in three] == [0, 1, 2]
    assert trials.paired([1, 2, 3], ("hard", "hard")) == [(1, ("hard", "hard")), (2, ("hard", "hard")),
                                                          (3, ("hard", "hard"))]


def test_results_come_back_in_task_order_with_two_processes():
    tasks = [(n,) for n in range(12, 0, -1)]
    results = trials.run(tasks, square, jobs=2, progress=False)
    assert [r["n"] for r in results] == [n for n, in tasks]
    assert results == trials.run(tasks, square, jobs=1, progress=False)


def test_a_stopped_run_goes_on_playing_only_the_missing_tasks(tmp_path):
    played = tmp_path / "played.txt"
    store = tmp_path / "store"
    tasks = [(str(played), n) for n in range(6)]
    # A run stopped after tasks 0, 1 and 3, killed while it wrote task 4.
    store.mkdir()
    file = trials._store_file(store, counted)
    lines = [json.dumps({"v": "7", "task": list(tasks[n]), "result": n * 10, "cpu": 1.0}) for n in (0, 1, 3)]
    file.write_text("\n".join(lines) + "\n" + json.dumps({"v": "7", "task": list(tasks[4])})[:25], encoding="utf-8")
    tally = trials.Tally()
    results = trials.run(tasks, counted, jobs=1, progress=False, store=store, version="7", tally=tally)
    assert results == [0, 10, 20, 30, 40, 50]
    assert sorted(played.read_text().split()) == ["2", "4", "5"]
    assert tally.tasks == 6 and tally.cpu >= 3.0  # the stored games' time counts too
    # Everything is stored now: a third run plays nothing.
    assert trials.run(tasks, counted, jobs=1, progress=False, store=store, version="7") == results
    assert sorted(played.read_text().split()) == ["2", "4", "5"]


def test_a_store_of_other_rules_is_not_reused(tmp_path):
    played = tmp_path / "played.txt"
    tasks = [(str(played), n) for n in range(3)]
    trials.run(tasks, counted, jobs=1, progress=False, store=tmp_path, version="1")
    assert trials.run(tasks, counted, jobs=1, progress=False, store=tmp_path, version="2") == [0, 10, 20]
    assert sorted(played.read_text().split()) == ["0", "0", "1", "1", "2", "2"]


def test_progress_goes_to_stderr_not_to_the_page(capsys):
    trials.run([(n,) for n in range(3)], square, jobs=1, progress=True, label="squares")
    out = capsys.readouterr()
    assert out.out == ""
    assert "squares: 3/3" in out.err and "elapsed" in out.err and "left" in out.err
    trials.run([(1,)], square, jobs=1, progress=False)
    assert capsys.readouterr().err == ""


def test_the_seat_table_and_the_footer_say_games_and_intervals():
    lines = trials.seat_table([("2 players", [120.5, 79.5], 200)])
    assert lines[0] == "## Seat advantage"
    row = lines[-2]
    assert "| 200 |" in row and "60 % (53–67 %)" in row and "40 % (33–47 %)" in row
    assert trials.MIN_GAMES == 200
    assert "1234 games" in trials.footer(1234, 7200) and "2.0 CPU-hours" in trials.footer(1234, 7200)
