"""Measuring with many seeded games (engine/trials.py): Wilson intervals, the paired design's
turns of the levels round the table, and games run in other processes in task order."""

import pytest

from tabletown.cli import main, simulate
from tabletown.engine import trials


def test_wilson_gives_the_rate_and_its_95_percent_interval():
    rate, low, high = trials.wilson(50, 100)
    assert rate == 0.5 and low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    rate, low, high = trials.wilson(0, 20)  # none won: the interval still reaches above 0
    assert rate == 0 and low == 0 and high == pytest.approx(0.1611, abs=1e-4)
    rate, low, high = trials.wilson(20, 20)
    assert rate == 1 and high == 1 and low == pytest.approx(0.8389, abs=1e-4)
    assert trials.wilson(0, 0) == (0.0, 0.0, 1.0)  # no games: nothing is known
    assert trials.wilson(2.5, 5)[0] == 0.5  # a shared win counts its share


def test_wider_samples_give_narrower_intervals():
    widths = [trials.wilson(n * 0.6, n)[2] - trials.wilson(n * 0.6, n)[1] for n in (50, 200, 800)]
    assert widths[0] > widths[1] > widths[2] and widths[2] < 0.07


def test_rotations_seat_every_level_in_every_seat_once():
    turns = trials.rotations(["expert", "hard", "hard"])
    assert turns == [("expert", "hard", "hard"), ("hard", "expert", "hard"), ("hard", "hard", "expert")]
    assert trials.rotations(["a", "b"]) == [("a", "b"), ("b", "a")]


def test_run_keeps_task_order_in_other_processes_and_tells_progress(capsys):
    assert trials.run(abs, [-3, 1, -2, 5], jobs=2) == [3, 1, 2, 5]
    assert trials.run(abs, [-3, 1], jobs=1, quiet=True) == [3, 1]
    err = capsys.readouterr().err
    assert "4/4 games" in err


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
