"""forge simulate: reproducible for a seed whatever the worker count; table and JSON; the progress bar
on a terminal and the last line (games, moves, CPU and wall time). On Dask: test_simulate_cluster.py."""
from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys

from ..conftest import ROOT, run_forge


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


def test_last_line_counts_games_moves_cpu_and_wall():
    args = ("majority", "--players", "5", "--games", "300", "--seed", "9")
    data = json.loads(_run(*args, "--json"))
    last = _run(*args).splitlines()[-1]
    found = re.fullmatch(r"300 games, ([\d,]+) moves, CPU ([\d.]+) s \(summed over the workers\), "
                         r"wall ([\d.]+) s, ([\d,]+) games/s", last)
    assert found, last
    assert int(found[1].replace(",", "")) == round(data["length"]["mean"] * 300)
    assert float(found[3]) > 0 and int(found[4].replace(",", "")) > 0


def test_a_terminal_sees_a_progress_bar_with_games_per_second_and_eta():
    """stderr a terminal (a pseudo-terminal here): the bar redrawn as games are done, with the rate
    and the time left; then the last line, on stderr since stdout is the JSON."""
    master, slave = pty.openpty()
    run = subprocess.Popen([sys.executable, "-m", "forge", "simulate", "dalmuti", "--players", "4", "--games",
                            "3000", "--json"], cwd=ROOT, stdout=subprocess.PIPE, stderr=slave,
                           env={**os.environ, "TERM": "xterm", "COLUMNS": "120"})
    os.close(slave)
    seen = b""
    while True:
        try:
            block = os.read(master, 65536)
        except OSError:                  # the run ended: its terminal is gone
            break
        if not block:
            break
        seen += block
    json.loads(run.stdout.read())
    assert run.wait() == 0
    screen = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode())
    lines = re.split(r"[\r\n]+", screen)
    frames = [f for f in lines if f.startswith("dalmuti × 3000")]
    assert len(frames) >= 3, screen[-500:]
    assert not [f for f in frames[1:] if not re.search(r"\d+/3000 [\d,]+ games/s (\d+:\d\d:\d\d|-:--:--)$",
                                                       f.strip())]
    assert sum(bool(re.search(r" \d+:\d\d:\d\d$", f)) for f in frames) >= len(frames) // 2   # time left, once known
    assert re.fullmatch(r"3,000 games, [\d,]+ moves, CPU [\d.]+ s .*games/s", lines[-2]), lines[-3:]


def test_tables_are_whole_in_an_80_column_terminal(tmp_path):
    """No figure or ruling id cut short with an ellipsis in a terminal 80 columns wide."""
    for game in ("dalmuti", "chatvert", "gjdlv"):
        result = run_forge("simulate", game, "--players", "4", "--games", "60", "--out", str(tmp_path),
                           env={"COLUMNS": "80"})
        assert result.returncode == 0, result.stderr
        assert "…" not in result.stdout, result.stdout
        assert "0.2" in result.stdout or "0.1" in result.stdout          # the seat table was printed
