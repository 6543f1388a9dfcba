"""forge simulate: reproducible for a seed whatever the worker count; table and JSON."""
from __future__ import annotations

import json

from ..conftest import run_forge


def _run(*args):
    result = run_forge("simulate", *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_same_seed_same_stats_whatever_the_workers():
    one = json.loads(_run("majority", "--players", "5", "--games", "300", "--seed", "9", "--json"))
    two = json.loads(_run("majority", "--players", "5", "--games", "300", "--seed", "9", "--workers", "2", "--json"))
    assert one == two
    other = json.loads(_run("majority", "--players", "5", "--games", "300", "--seed", "10", "--json"))
    assert other != one
    assert abs(sum(one["win_rate_by_seat"]) - 1) < 1e-9
    assert one["length"]["min"] <= one["length"]["mean"] <= one["length"]["max"]


def test_table_lists_rulings_reached():
    out = _run("dalmuti", "--players", "6", "--games", "200", "--seed", "2")
    assert "win rate" in out and "dalmuti.lead-after-going-out" in out


def test_options_and_bad_input():
    data = json.loads(_run("dalmuti", "--players", "4", "--games", "50", "--option", "climbing_bonus=true",
                           "--option", "games=2", "--json"))
    # two games of four players hand out 2 × 6 points, plus climbing bonuses
    assert sum(s["mean"] for s in data["score_by_seat"]) >= 12
    bad = run_forge("simulate", "chess")
    assert bad.returncode == 2 and "unknown game 'chess'" in bad.stderr
    few = run_forge("simulate", "dalmuti", "--players", "2", "--games", "3")
    assert few.returncode == 2 and "4 to 8 players" in few.stderr
