"""forge simulate as a study: --players 2..4 sweeps the player counts, --rules all-pairs plays every
pair of Chat vert's added rules against the base game; each study is kept as JSON Lines under
OUT/<game>/simulations/ (one record per count or rule set, with the command that replays it and
forge's version), the same file byte for byte for the same command, nothing written on error."""
from __future__ import annotations

import itertools
import json
import shlex
import tomllib

import yaml

from ..conftest import ROOT, run_forge

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def _records(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_sweep_keeps_one_record_per_player_count(tmp_path):
    args = ["familienbande", "--players", "2..4", "--games", "12", "--seed", "3"]
    result = run_forge("simulate", *args, "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    files = list((tmp_path / "out").rglob("*.jsonl"))
    assert [f.relative_to(tmp_path / "out").parts[:2] for f in files] == [("familienbande", "simulations")]
    records = _records(files[0])
    assert [r["players"] for r in records] == [2, 3, 4]
    assert {r["forge"] for r in records} == {VERSION}
    command = shlex.split(records[0]["command"])
    assert {r["command"] for r in records} == {records[0]["command"]}
    assert command[:2] == ["forge", "simulate"] and command[2:10] == args + ["--policy"]
    # a record holds the figures of a run at that count alone (the command line's own --json)
    alone = run_forge("simulate", "familienbande", "--players", "3", "--games", "12", "--seed", "3", "--json",
                      "--out", str(tmp_path / "alone"))
    assert alone.returncode == 0, alone.stderr
    assert {k: v for k, v in records[1].items() if k not in ("command", "forge")} == json.loads(alone.stdout)
    # the same command replayed from the record gives the same file, byte for byte
    again = run_forge(*command[1:], "--out", str(tmp_path / "again"))
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "again" / files[0].relative_to(tmp_path / "out")).read_bytes() == files[0].read_bytes()


def test_all_pairs_plays_every_pair_of_added_rules(tmp_path):
    rules = list(yaml.safe_load((ROOT / "rules_src" / "chatvert" / "rules.yaml").read_text(encoding="utf-8"))["rules"])
    result = run_forge("simulate", "chatvert", "--players", "3", "--games", "2", "--rules", "all-pairs", "--json",
                       "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    records = _records(next(tmp_path.rglob("*.jsonl")))
    n = len(rules)
    assert len(records) == 1 + n * (n - 1) // 2
    base, pairs = records[0], records[1:]
    assert base["rules"] == [] and all(r["players"] == 3 and r["games"] == 2 for r in records)
    assert sorted(tuple(sorted(r["rules"])) for r in pairs) == sorted(tuple(sorted(p)) for p in itertools.combinations(rules, 2))
    for r in pairs:
        assert abs(r["length_change"] - (r["length_mean"] / base["length_mean"] - 1)) < 1e-12
        assert abs(r["penalties_change"] - (r["penalties_per_game"] - base["penalties_per_game"])) < 1e-12
    matrix = json.loads(result.stdout)["matrix"]
    assert matrix["rules"] == rules
    for r in pairs:
        a, b = (rules.index(x) for x in r["rules"])
        assert matrix["length_change"][a][b] == matrix["length_change"][b][a] == r["length_change"]
    assert all(matrix["length_change"][i][i] is None for i in range(n))


def test_a_bad_range_is_one_line_exit_2_and_nothing_is_written(tmp_path):
    for players, said in (("2..9", "familienbande is played by 2 to "), ("4..2", "is empty"),
                          ("two..4", "is not a number of players")):
        result = run_forge("simulate", "familienbande", "--players", players, "--games", "3", "--out", str(tmp_path))
        assert result.returncode == 2, result.stdout + result.stderr
        lines = result.stderr.splitlines()
        assert lines[0].startswith("--players: ") and said in lines[0] and lines[1].startswith("  hint: "), lines
        assert len(lines) == 2 and "Traceback" not in result.stderr
    assert not list(tmp_path.iterdir())


def test_a_study_waits_for_no_build_it_would_overwrite(tmp_path):
    """The study is published as a build's files are: a build holding the output folder's lock
    makes it one line, exit 2, nothing written (and the previous files stay)."""
    import fcntl
    out = tmp_path / "out"
    (out / "kept").mkdir(parents=True)
    (out / "kept" / "mine.txt").write_text("mine")
    with open(tmp_path / ".out.lock", "w") as lock:                # a build running into out/
        lock.write("4242")
        lock.flush()
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = run_forge("simulate", "dalmuti", "--players", "4", "--games", "5", "--out", str(out))
    assert result.returncode == 2, result.stderr
    assert "another forge build (process 4242)" in result.stderr.splitlines()[0]
    assert [p.relative_to(out).as_posix() for p in out.rglob("*")] == ["kept", "kept/mine.txt"]
    result = run_forge("simulate", "dalmuti", "--players", "4", "--games", "5", "--out", str(out))
    assert result.returncode == 0 and (out / "kept" / "mine.txt").read_text() == "mine"
    assert len(list(out.rglob("*.jsonl"))) == 1
