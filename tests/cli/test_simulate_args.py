"""forge simulate's arguments: each out-of-range or unknown one is one line, exit 2, no traceback,
with the value that was given and, for options, the allowed ones."""
from __future__ import annotations

import pytest

from ..conftest import run_forge

CASES = {
    "--games 0": (["dalmuti", "--games", "0"], "--games: ", "(got 0)"),
    "--games -1": (["dalmuti", "--games", "-1"], "--games: ", "(got -1)"),
    "--workers 0": (["dalmuti", "--workers", "0"], "--workers: ", "(got 0)"),
    "--workers -2": (["dalmuti", "--workers", "-2"], "--workers: ", "(got -2)"),
    "majority 11 players": (["majority", "--players", "11"], "--players: ", "3 to 10 players (got 11)"),
    "100 players": (["dalmuti", "--players", "100"], "--players: ", "(got 100)"),
    "deck=abc": (["dalmuti", "--option", "deck=abc"], "--option: ", "expected one of: climbing_bonus, games"),
    "hands=x": (["dalmuti", "--option", "hands=x"], "--option: ", "unknown option 'hands'"),
    "bonus maybe": (["dalmuti", "--option", "climbing_bonus=maybe"], "--option: ", "expected true or false"),
    "not key=value": (["dalmuti", "--option", "climbing_bonus"], "--option: ", "is not KEY=VALUE"),
    "unknown policy": (["majority", "--policy", "psychic"], "--policy: ", "expected one of: random"),
    "unknown game": (["chess"], "GAME: ", "unknown game 'chess' (expected one of: "),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_simulate_argument_is_one_line_exit_2(case):
    args, where, fragment = CASES[case]
    result = run_forge("simulate", *args, "--games" if "--games" not in args else "--seed", "3")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    first, hint = result.stderr.splitlines()[:2]
    assert first.startswith(where) and fragment in first, result.stderr
    assert hint.startswith("  hint: ")


def test_several_bad_arguments_are_all_reported():
    result = run_forge("simulate", "dalmuti", "--games", "0", "--workers", "0", "--option", "x=1")
    assert result.returncode == 2
    assert {l.split(":")[0] for l in result.stderr.splitlines() if l.startswith("--")} == \
        {"--games", "--workers", "--option"}


def test_valid_options_are_read_by_their_declared_kind():
    result = run_forge("simulate", "dalmuti", "--games", "4", "--option", "climbing_bonus=true",
                       "--option", "games=2", "--json")
    assert result.returncode == 0, result.stderr
    import json
    data = json.loads(result.stdout)
    assert data["games"] == 4 and data["length"]["min"] > 0
