"""How soon an open page shows a saved change under ``forge serve``: a CSV cell and a rulebook line.

A copy of the project's five games is served by ``forge serve`` (which builds it first). Then,
``--repeat`` times each (at most 5), one edit is saved (each time a new text) while the script
asks the server exactly as an open page does, ``/.forge/version?since=V`` (forge/serve.py: the
server holds the question until a new build is published): the time from the save to the
answer is when the page starts reloading. The script prints it with the CPU time of the
serving process and the load average; then a page's reload itself (one GET of the rulebook).

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
#: each edit: what it is, the file, the text there, then the texts it becomes in turn (each new:
#: a value put back could be taken from the cache, and would not measure a rebuild)
EDITS = [("a CSV cell (Majority words)", "cardspecs/majority/words-fr.csv",
          ["1,abeille,", "1,zeppelin,", "1,zodiaque,", "1,zèbre,", "1,zinc,", "1,zoo,"]),
         ("a CSV cell (a Dalmuti card's colour)", "cardspecs/dalmuti/deck.csv",
          ["#b71c1c", "#b71c1d", "#b71c1e", "#b71c1f", "#b71c20", "#b71c21"]),
         ("Dalmuti figures.yaml (about box again)", "rules_src/dalmuti/figures.yaml",
          ["avec la prime d'ascension", "avec la prime de l'ascension", "avec la prime à l'ascension",
           "avec la prime pour l'ascension", "avec une prime d'ascension", "avec sa prime d'ascension"]),
         ("a rulebook line (Dalmuti en)", "rules_src/dalmuti/en.md",
          ["\n## ", "\nOne more line.\n\n## ", "\nTwo more lines.\n\n## ", "\nThree more lines.\n\n## ",
           "\nFour more lines.\n\n## ", "\nFive more lines.\n\n## "])]


def version(port: int, since: str = "") -> str | None:
    """The served build's version; with ``since``, as a page asks: once it is not ``since``."""
    query = f"?since={since}" if since else ""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/.forge/version{query}", timeout=60) as answer:
            return answer.read().decode()
    except OSError:
        return None


def reload_time(port: int, path: str) -> float:
    """Seconds to GET a page as a reload does."""
    started = time.perf_counter()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as answer:
        answer.read()
    return time.perf_counter() - started


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
                    while version(args.port, before) == before:         # held 20 s at most, then again
                        if time.perf_counter() - started > 120:
                            sys.exit(f"{what}: no new build after 120 s")
                    times.append(time.perf_counter() - started)
                    cpus.append(cpu(serve.pid) - used)
                    time.sleep(1.0)            # the watcher settles before the next edit
                rows.append((what, min(times), max(times), min(cpus), os.getloadavg()))
            page = min(reload_time(args.port, "/dalmuti/en/rules.html") for _ in range(5))
        finally:
            serve.send_signal(signal.SIGINT)
            serve.wait(timeout=30)
    print(f"forge serve, five games; best and worst of {args.repeat}: from the save to the answer an open page")
    print(f"waits for (then it reloads: one GET of a rulebook page, {page:.3f} s)")
    print(f"{'saved':<38}{'best s':>8}{'worst s':>9}{'CPU s':>7}  load 1/5/15")
    for what, best, worst, used, load in rows:
        print(f"{what:<38}{best:>8.2f}{worst:>9.2f}{used:>7.2f}  " + "/".join(f"{x:.2f}" for x in load))


if __name__ == "__main__":
    main()
