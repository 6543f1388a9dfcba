"""How fast ``forge simulate`` stops on Ctrl-C, by worker count and by moment.

For each worker count, a long run (10⁶ Dalmuti games) is started, left to start its local
cluster for ``settle`` seconds after its first two workers are up, then sent SIGINT as a
terminal's Ctrl-C would; the table gives the seconds forge took to exit, its status, the
processes left 3 s later and whether a traceback was printed, side by side.

    python benchmarks/ctrl_c.py [--workers 2,16,64] [--settle 0,1,2,3,4,5,6,8,12]
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent


def interrupted(workers: int, settle: float) -> tuple[int, float, int, int, bool]:
    """(children at the signal, seconds to exit, exit status, processes left, traceback printed)."""
    run = subprocess.Popen([sys.executable, "-m", "forge", "simulate", "dalmuti", "--players", "4", "--games",
                            "1000000", "--workers", str(workers), "--json"], cwd=ROOT, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))   # a shell's & ignores it
    forge = psutil.Process(run.pid)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if len([c for c in forge.children(recursive=True) if "spawn_main" in " ".join(c.cmdline())]) >= 2:
            break
        time.sleep(0.05)
    time.sleep(settle)
    children = forge.children(recursive=True)
    started = time.monotonic()
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=300)
    took = time.monotonic() - started
    time.sleep(3)
    left = [c for c in children if c.is_running() and c.status() != psutil.STATUS_ZOMBIE]
    return len(children), took, run.returncode, len(left), "Traceback" in err


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", default="2,16,64")
    ap.add_argument("--settle", default="0,1,2,3,4,5,6,8,12")
    args = ap.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    settles = [float(s) for s in args.settle.split(",")]
    print(f"forge simulate, Ctrl-C: seconds to exit (processes at the signal); {os.cpu_count()} cores")
    print("settle s | " + " | ".join(f"{w} workers" for w in counts))
    worst, bad = 0.0, 0
    for settle in settles:
        cells = []
        for w in counts:
            n, took, status, left, traceback = interrupted(w, settle)
            worst = max(worst, took)
            bad += status != 130 or left > 0 or traceback
            cells.append(f"{took:.2f} ({n})" + ("" if status == 130 else f" exit {status}")
                         + (f" {left} left" if left else "") + (" traceback" if traceback else ""))
        print(f"{settle:>8g} | " + " | ".join(cells))
    print(f"slowest {worst:.2f} s; runs with a wrong status, a process left or a traceback: {bad}; "
          f"load {open('/proc/loadavg').read().split()[0]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
