"""How soon ``forge serve``'s card gallery shows a saved cell as a new card image, in headless
Chromium.

A game made by ``forge new`` is served by ``forge serve`` (which builds it first); its gallery
page (``/.forge/cards/<game>/en/``, forge/gallery.py) is opened in headless Chromium (the test
suite's DevTools client, tests/rulebook/browser.py). Then ``--repeat`` times (10 by default) a
cell of row 2 is saved with a new text, and the script looks at the open page every 20 ms until
row 2's front is a new image, loaded and drawn (``complete`` with a width): the time from the
save to then is what a designer waits. It prints each time, their median, the serving
process's CPU time and the load average, and checks the other cards kept their images.

    python benchmarks/gallery_latency.py [--repeat 10]
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.rulebook.browser import Browser, BrowserError  # noqa: E402

IMAGES = "[...document.images].map(i => [i.getAttribute('src'), i.complete && i.naturalWidth > 0])"


def cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    chromium = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
    if chromium is None:
        sys.exit("needs Chromium (apt-get install chromium)")
    env = {**os.environ, "COLUMNS": "200", "TERM": "dumb", "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        subprocess.run([sys.executable, "-m", "forge", "new", "bench"], cwd=project, env=env, check=True,
                       capture_output=True)
        csv = project / "cardspecs" / "bench" / "cards.csv"
        serve = subprocess.Popen([sys.executable, "-m", "forge", "serve", "bench", "--port", "0"], cwd=project,
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        browser = None
        try:
            port = None
            for line in serve.stdout:
                port = port or (m := re.search(r"127\.0\.0\.1:(\d+)/", line)) and int(m[1])
                if line.startswith("watching "):
                    break
            browser = Browser(chromium)
            times, kept = [], True
            with browser.tab(f"http://127.0.0.1:{port}/.forge/cards/bench/en/", 1200, 900) as tab:
                before = tab.evaluate(IMAGES)
                cpu0 = cpu(serve.pid)
                for n in range(args.repeat):
                    text = csv.read_text(encoding="utf-8")
                    old = re.search(r"^Harbour,([^,]*),", text, re.M)[1]
                    saved = time.perf_counter()
                    csv.write_text(text.replace(f"Harbour,{old},", f"Harbour,Draw {n + 3} cards.,"), encoding="utf-8")
                    while True:
                        try:
                            now = tab.evaluate(IMAGES)
                        except BrowserError:              # reloading
                            now = None
                        if now and len(now) == len(before) and now[2][0] != before[2][0] and now[2][1]:
                            break
                        if time.perf_counter() - saved > 60:
                            sys.exit(f"save {n + 1}: no new image after 60 s")
                        time.sleep(0.02)
                    times.append(time.perf_counter() - saved)
                    kept &= all(a[0] == b[0] for i, (a, b) in enumerate(zip(before, now)) if i != 2)
                    before = now
                    print(f"save {n + 1:2d}: the card's new image drawn in the open page {times[-1]:.2f} s")
                used = cpu(serve.pid) - cpu0
        finally:
            if browser is not None:
                browser.close()
            serve.terminate()
            serve.wait(30)
    load = " ".join(f"{v:.2f}" for v in os.getloadavg())
    print(f"\nmedian {statistics.median(times):.2f} s, best {min(times):.2f} s, worst {max(times):.2f} s over "
          f"{len(times)} saves; forge serve used {used:.1f} s of CPU; load average {load}")
    print(f"the other cards kept their images: {'yes' if kept else 'NO'}; target ≤ 2 s: "
          f"{'met' if statistics.median(times) <= 2 else 'NOT met'}")


if __name__ == "__main__":
    main()
