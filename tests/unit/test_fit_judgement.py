"""tools/fit_judgement.py fits an expert's judgement (a chance of winning) to games: its fit
finds again the weights of a known logistic model, and the judgements it fits foretell better
than no judgement at all."""

from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path


def _tool():
    path = Path(__file__).resolve().parents[2] / "tools" / "fit_judgement.py"
    spec = importlib.util.spec_from_file_location("fit_judgement", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_finds_again_the_weights_that_made_the_games():
    tool = _tool()
    rng = random.Random(3)
    truth = [0.8, -0.5, 0.3]  # two figures' differences, then a seat's edge (always +1 here)
    xs, ys = [], []
    for _ in range(4000):
        x = [rng.uniform(-3, 3), rng.uniform(-3, 3), 1.0]
        p = 1.0 / (1.0 + math.exp(-sum(w * v for w, v in zip(truth, x))))
        xs.append(x)
        ys.append(1.0 if rng.random() < p else 0.0)
    w = tool.fit(xs, ys)
    assert all(abs(a - b) < 0.12 for a, b in zip(w, truth)), w
    assert tool.log_loss(w, xs, ys) < tool.log_loss([0.0, 0.0, 0.0], xs, ys) < tool.log_loss([-a for a in w], xs, ys)


def test_every_game_with_a_judgement_names_a_weight_for_each_feature():
    tool = _tool()
    for game_id in ("tavern-tussle", "torches-and-pitchforks", "ruthless", "tumble-town"):
        judgement = tool.judgement_of(game_id)
        assert judgement.WEIGHTS
        for weights in judgement.WEIGHTS.values():
            assert len(weights) == len(judgement.FEATURES)


def test_it_keeps_the_tables_of_a_game_between_hard_bots_seen_from_the_first_seat():
    tool = _tool()
    kept = tool.tables(("tavern-tussle", 1, {}))
    assert [key for key, _, _, _ in kept] == [2, 3]  # the starts of rounds 2 and 3
    judgement = tool.judgement_of("tavern-tussle")
    assert all(len(x) == len(judgement.FEATURES) and x[-1] == 1.0 for _, x, _, _ in kept)
    assert len({won for _, _, _, won in kept}) == 1 and kept[0][3] in (0.0, 0.5, 1.0)


def test_a_game_option_chooses_the_scenario_whose_tables_are_kept():
    """Ruthless is fit one scenario at a time (`--option scenario=…`): a Riding Shotgun game's
    tables are kept under its own scoring, and the points lead is the victory points counted now."""
    tool = _tool()
    kept = tool.tables(("ruthless", 1, {"scenario": "riding-shotgun"}))
    assert kept and {key for key, _, _, _ in kept} == {"riding-shotgun"}
    assert all(lead == x[0] for _, x, lead, _ in kept)
