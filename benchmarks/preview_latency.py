"""How soon an open page shows a saved change under ``forge serve``: a CSV cell and a rulebook line.

A copy of the project's five games is served by ``forge serve`` (which builds it first). Then,
``--repeat`` times each (at most 5), one edit is saved (each time a new text) and the script asks the server's ``/.forge/version``
every 20 ms until it changes: that is when the new build is published and a reload shows it.
An open page asks every 500 ms, so it reloads within that time more; the script prints both,
with the CPU time of the serving process and the load average.

    python benchmarks/preview_latency.py [--repeat 3] [--port 8765]
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POLL = 0.5                     # the page's own question, every half second (forge/serve.py)
#: each edit: what it is, the file, the text there, then the texts it becomes in turn (each new:
#: a value put back could be taken from the cache, and would not measure a rebuild)
EDITS = [("a CSV cell (Majority words)", "cardspecs/majority/words-fr.csv",
          ["1,abeille,", "1,zeppelin,", "1,zodiaque,", "1,zèbre,", "1,zinc,", "1,zoo,"]),
         ("a CSV cell (Dalmuti deck, about box)", "cardspecs/dalmuti/deck.csv",
          ["#b71c1c", "#b71c1d", "#b71c1e", "#b71c1f", "#b71c20", "#b71c21"]),
         ("a rulebook line (Dalmuti en)", "rules_src/dalmuti/en.md",
          ["\n## ", "\nOne more line.\n\n## ", "\nTwo more lines.\n\n## ", "\nThree more lines.\n\n## ",
           "\nFour more lines.\n\n## ", "\nFive more lines.\n\n## "])]


def version(port: int) -> str | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/.forge/version", timeout=2) as answer:
            return answer.read().decode()
    except OSError:
        return None


def cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--port", type=int, default=8765)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        for name in ("cardspecs", "rules_src", "templates"):
            shutil.copytree(ROOT / name, project / name)
        serve = subprocess.Popen([sys.executable, "-m", "forge", "serve", "--port", str(args.port)], cwd=project,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            for line in serve.stdout:
                if line.startswith("watching"):
                    break
            rows = []
            for what, rel, texts in EDITS:
                path = project / rel
                times, cpus = [], []
                for i in range(min(args.repeat, len(texts) - 1)):
                    text = path.read_text(encoding="utf-8")
                    a, b = texts[i], texts[i + 1]
                    assert a in text, (rel, a)
                    before, used = version(args.port), cpu(serve.pid)
                    started = time.perf_counter()
                    path.write_text(text.replace(a, b, 1), encoding="utf-8")
                    while version(args.port) == before:
                        if time.perf_counter() - started > 120:
                            sys.exit(f"{what}: no new build after 120 s")
                        time.sleep(0.02)
                    times.append(time.perf_counter() - started)
                    cpus.append(cpu(serve.pid) - used)
                    time.sleep(1.0)            # the watcher settles before the next edit
                rows.append((what, min(times), max(times), min(cpus), os.getloadavg()))
        finally:
            serve.send_signal(signal.SIGINT)
            serve.wait(timeout=30)
    print(f"forge serve, five games; best and worst of {args.repeat}; an open page reloads within {POLL} s more")
    print(f"{'saved':<38}{'published s':>12}{'worst s':>9}{'page ≤ s':>10}{'CPU s':>7}  load 1/5/15")
    for what, best, worst, used, load in rows:
        print(f"{what:<38}{best:>12.2f}{worst:>9.2f}{worst + POLL:>10.2f}{used:>7.2f}  "
              + "/".join(f"{x:.2f}" for x in load))


if __name__ == "__main__":
    main()
