"""A long fuzz campaign over forge's inputs: spoil the real project's files and the newer surfaces, run forge, count.

    python benchmarks/fuzz.py --cases 10000 [--seed 1] [--workers 2] [--render 0.1]
                              [--surfaces files,images,xlsx,rules,new,export] [--scenarios watch,serve]

Each case draws a surface (weighted by :data:`WEIGHTS`, among those of ``--surfaces``):
``files`` mutates one input file of a scratch copy of the project (tests/fuzzing.py) and runs
the part of forge that reads it, in-process, a fraction of the cases (``--render``) also
rendering a component or a rulebook page; the others spoil an image, a workbook, Chat vert's
rules, a ``forge new`` name or ``forge export``'s options (tests/fuzz_surfaces.py). Every case
runs in a sandbox whose other folders are watched for writes. Then the ``watch`` and ``serve``
scenarios run once each, against real ``forge serve`` processes:

- watch: ``forge serve demo`` (it watches) on a game made by ``forge new``; a burst of 20 edits
  in 1 s, then an invalid edit, then a fix: the build after the burst is the build of its last
  edit, the invalid edit keeps it in build/ and served, and the fix replaces it;
- serve: ``forge serve --no-watch`` on 127.0.0.1; 200 connections opened at once (valid GETs,
  idle, garbage, partial and bad requests) and a client sending a byte a second, while a
  normal GET is timed every half second; bad requests answered 4xx, no traceback, threads and
  file descriptors back to their count once the connections close, nothing on other addresses.

It prints the counts by class and by surface, the slowest case, the peak memory of the workers,
the first cases of each bad class, and the scenarios' results. The promise checked: 0
tracebacks, 0 internal errors, 0 unlocated, 0 writes outside, 0 partial outputs, 0 bad values
accepted, 0 hangs, 0 runs over 10 s, < 500 MB, both scenarios hold.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.conftest import tree_digest  # noqa: E402
from tests.fuzz_surfaces import SURFACES, Bench  # noqa: E402
from tests.fuzz_outcomes import KINDS, LOCATED  # noqa: E402
from tests.fuzzing import MUTATIONS, corpus, run_case  # noqa: E402

SLOW = 10.0
#: each surface's share of the cases (the old file mutations are cheap and many)
WEIGHTS = {"files": 0.40, "images": 0.17, "xlsx": 0.17, "rules": 0.10, "new": 0.08, "export": 0.08}
BAD = [k for k in KINDS if k not in ("ok", "located")]


def _chunk(args) -> dict:
    seed, start, stop, render_share, surfaces = args
    home = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        bench = Bench(Path(tmp))
        try:
            return _cases(bench, seed, start, stop, render_share, surfaces)
        finally:
            os.chdir(home)                   # the scratch projects go with the temporary folder


def _cases(bench: Bench, seed: int, start: int, stop: int, render_share: float, surfaces: list[str]) -> dict:
    counts, by_surface, by_what, slowest = Counter(), Counter(), Counter(), (0.0, "")
    samples: dict[str, list[str]] = {k: [] for k in BAD + ["over 10 s"]}
    for i in range(start, stop):
        rng = random.Random(f"{seed}:{i}")
        surface = rng.choices(surfaces, [WEIGHTS[s] for s in surfaces])[0]
        if surface == "files":
            project = bench.project("files")
            rel = rng.choice(corpus(project))
            mutation = rng.choice(MUTATIONS[Path(rel).suffix])
            render = rng.random() < render_share or rel.startswith("templates") or rel.endswith("figures.yaml")
            what = f"{mutation.__name__} ({rel})"
            outcome = bench.guarded(project, lambda: run_case(project, rel, mutation, rng, render))
        else:
            what, outcome = SURFACES[surface](bench, rng, i)
        counts[outcome.kind] += 1
        by_surface[(surface, outcome.kind)] += 1
        by_what[(surface, what.split(" (")[0], outcome.kind)] += 1
        over = outcome.seconds > SLOW
        counts["over 10 s"] += over
        by_surface[(surface, "over 10 s")] += over
        slowest = max(slowest, (outcome.seconds, f"case {i} ({surface}, {what})"))
        for kind in [outcome.kind] * (outcome.kind in samples) + ["over 10 s"] * over:
            if len(samples[kind]) < 5:
                samples[kind].append(f"case {i} ({surface}, {what}, {outcome.seconds:.1f} s): {outcome.detail[:900]}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"counts": counts, "by_surface": by_surface, "by_what": by_what, "slowest": slowest,
            "samples": samples, "peak": peak}


# -- the scenarios: real forge serve processes -------------------------------------------------

class Forge:
    """``forge ARGS`` running in ``project``: its output lines gathered as they come."""

    def __init__(self, project: Path, *args: str):
        self.proc = subprocess.Popen([sys.executable, "-m", "forge", *args], cwd=project, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "COLUMNS": "200"})
        self.lines: list[str] = []
        for stream in (self.proc.stdout, self.proc.stderr):
            threading.Thread(target=lambda s=stream: self.lines.extend(s), daemon=True).start()

    def wait_for(self, pattern: str, after: int = 0, timeout: float = 60.0) -> re.Match | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            for line in self.lines[after:]:
                if (found := re.search(pattern, line)) is not None:
                    return found
            time.sleep(0.05)
        return None

    def stop(self) -> int | None:
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None

    def count(self, what: str) -> int:
        return len(os.listdir(f"/proc/{self.proc.pid}/{what}"))


def get(port: int, path: str, timeout: float = 2.0) -> tuple[int, bytes, float]:
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as answer:
            return answer.status, answer.read(), time.perf_counter() - t0
    except urllib.error.HTTPError as exc:
        return exc.code, b"", time.perf_counter() - t0
    except OSError:
        return 0, b"", time.perf_counter() - t0


def demo_project(folder: Path) -> Path:
    from forge.scaffold import new_game
    new_game(folder, "demo")
    return folder / "cardspecs" / "demo" / "cards.csv"


def watch_scenario() -> tuple[list[str], str]:
    """The problems found under a burst of edits and an invalid one (empty: it holds), and the figures."""
    problems, pdf = [], "/demo/en/cards-a4.pdf"
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        cards = demo_project(project)
        text = cards.read_text(encoding="utf-8")
        forge = Forge(project, "serve", "demo", "--lang", "en", "--port", "0")
        port = forge.wait_for(r"127\.0\.0\.1:(\d+)")
        if port is None or forge.wait_for(r"^built ") is None:
            return [f"forge serve did not start: {''.join(forge.lines)[-500:]}"], ""
        port = int(port.group(1))
        before = len(forge.lines)
        for i in range(20):                                     # the burst: 20 saves in 1 s
            cards.write_text(text.replace("Lighthouse", f"Lighthouse {i}"), encoding="utf-8")
            time.sleep(0.05)
        quiet = _settle(forge)
        rebuilds = sum(line.startswith("rebuilt ") for line in forge.lines[before:])
        burst = tree_digest(project / "build")
        reference = subprocess.run([sys.executable, "-m", "forge", "build", "demo", "--lang", "en", "--out", "ref"],
                                   cwd=project, capture_output=True, text=True)
        if reference.returncode != 0 or tree_digest(project / "ref") != burst:
            problems.append(f"after the burst ({quiet:.1f} s to settle), build/ is not the build of its last edit")
        served = get(port, pdf)[1]
        seen = len(forge.lines)
        cards.write_text(text + "Broken,row,with,too,many,cells\n", encoding="utf-8")      # the invalid edit
        if forge.wait_for(r"not rebuilt", seen, 30) is None:
            problems.append("the invalid edit was not reported ('not rebuilt')")
        lines = json.loads(get(port, "/.forge/problems")[1] or b"[]")
        if tree_digest(project / "build") != burst or get(port, pdf)[1] != served:
            problems.append("the invalid edit changed build/ or what is served")
        if not lines or not all(LOCATED.match(line) for line in lines if not line.startswith("  hint:")):
            problems.append(f"open pages are not told the located problems: {lines[:3]}")
        seen = len(forge.lines)
        cards.write_text(text.replace("Storm", "Calm"), encoding="utf-8")                  # the fix
        if forge.wait_for(r"^rebuilt ", seen, 30) is None or get(port, pdf)[1] == served:
            problems.append("the fix was not rebuilt and served")
        if json.loads(get(port, "/.forge/problems")[1] or b"[1]"):
            problems.append("the problems are still shown after the fix")
        status = forge.stop()
    if status != 0 or any("Traceback" in line for line in forge.lines):
        problems.append(f"forge serve ended with {status} or printed a traceback")
    return problems, f"20 saves in 1 s: {rebuilds} rebuilds, settled in {quiet:.1f} s"


def _settle(forge: Forge, quiet: float = 3.0, timeout: float = 60.0) -> float:
    """Wait until the process printed nothing for ``quiet`` seconds; the seconds waited."""
    t0, seen, since = time.monotonic(), len(forge.lines), time.monotonic()
    while time.monotonic() - since < quiet and time.monotonic() - t0 < timeout:
        time.sleep(0.1)
        if len(forge.lines) != seen:
            seen, since = len(forge.lines), time.monotonic()
    return time.monotonic() - t0


#: what the 200 connections send: a valid GET, nothing, garbage, half a request, bad requests (from
#: the fourth on: each must be answered 4xx, or 505 for HTTP/9.9)
REQUESTS = [b"GET /demo/en/rules.html HTTP/1.1\r\nHost: x\r\n\r\n", b"", b"GET /demo/en/rules.html HTTP/1.1\r\nHost: x\r\n",
            b"\x00\xff\x16\x03\x01garbage\r\n\r\n", b"GET /%00 HTTP/1.0\r\n\r\n",
            b"GET /../../../etc/passwd HTTP/1.0\r\n\r\n", b"GET /" + b"a" * 70_000 + b" HTTP/1.0\r\n\r\n",
            b"BREW / HTCPCP/1.0\r\n\r\n", b"GET / HTTP/1.0\r\nX: " + b"y" * 70_000 + b"\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n"]


def serve_scenario(connections: int = 200) -> tuple[list[str], str]:
    """The problems found under many connections and a slow client, and the figures."""
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        demo_project(project)
        page = project / "build" / "demo" / "en" / "rules.html"          # served as it is (--no-watch)
        page.parent.mkdir(parents=True)
        page.write_text("<!doctype html><html><body><h1>Demo</h1></body></html>\n", encoding="utf-8")
        forge = Forge(project, "serve", "--no-watch", "--port", "0")
        port = forge.wait_for(r"127\.0\.0\.1:(\d+)")
        if port is None:
            return [f"forge serve did not start: {''.join(forge.lines)[-500:]}"], ""
        port = int(port.group(1))
        base = (forge.count("task"), forge.count("fd"))
        others = _other_addresses()
        problems += [f"port {port} answers on {addr}" for addr in others if _connects(addr, port)]
        slow = threading.Thread(target=_slow_client, args=(port, answers := []), daemon=True)
        slow.start()
        socks, latencies, peak = [], [], base
        for i in range(connections):
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                sock.sendall(REQUESTS[i % len(REQUESTS)])
                socks.append((i % len(REQUESTS), sock))
            except OSError as exc:
                problems.append(f"connection {i} failed: {exc}")
                break
        for _ in range(24):                                      # 12 s with the connections open
            status, _, seconds = get(port, "/demo/en/rules.html")
            latencies.append(seconds if status == 200 else float("inf"))
            peak = max(peak, (forge.count("task"), forge.count("fd")))
            time.sleep(0.5)
        statuses = Counter()
        for kind, sock in socks:
            sock.settimeout(0.05)
            try:
                answer = sock.recv(4096)
            except OSError:
                answer = b""
            # a request with no valid version is answered as HTTP/0.9: the error page alone
            status = re.match(rb"HTTP/\d\.\d (\d{3})", answer) or re.search(rb"Error code: (\d{3})", answer)
            statuses[(kind, status.group(1).decode() if status else "-")] += 1
            sock.close()
        slow.join(30)
        time.sleep(3)
        after = (forge.count("task"), forge.count("fd"))
        forge.stop()
    bad_answers = {k: v for k, v in statuses.items() if k[0] >= 3 and not (k[1][:1] == "4" or k[1] == "505")}
    if bad_answers:
        problems.append(f"bad requests not answered 4xx: {bad_answers}")
    if max(latencies) > 2:
        problems.append(f"a normal GET took {max(latencies):.2f} s (or failed) with the connections open")
    if not answers or not answers[0].startswith(b"HTTP/1.0 200"):
        problems.append(f"the slow client got {answers[:1]}")
    if after[0] > base[0] + 5 or after[1] > base[1] + 5:
        problems.append(f"threads/fds {after} once the connections closed, {base} before")
    if any("Traceback" in line for line in forge.lines):
        problems.append("forge serve printed a traceback")
    figures = (f"not on {', '.join(others) or 'another address (none found)'}; {connections} connections: normal GET {1000 * min(latencies):.0f}-{1000 * max(latencies):.0f} ms; "
               f"threads/fds {base} before, {peak} at most, {after} after; answers {dict(sorted(statuses.items()))}")
    return problems, figures


def _slow_client(port: int, answers: list) -> None:
    """A request sent one byte a second; its answer's first line in ``answers``."""
    with socket.create_connection(("127.0.0.1", port), timeout=40) as sock:
        for byte in b"GET / HTTP/1.0\r\n\r\n":
            sock.send(bytes([byte]))
            time.sleep(1.0)
        answers.append(sock.recv(100).split(b"\r\n")[0])


def _other_addresses() -> list[str]:
    """This machine's addresses besides loopback (where forge serve must not answer)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))          # no packet is sent: this picks the outward address
            return [probe.getsockname()[0]]
    except OSError:
        return []


def _connects(address: str, port: int) -> bool:
    try:
        socket.create_connection((address, port), timeout=1).close()
        return True
    except OSError:
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--render", type=float, default=0.1, help="share of file cases that also render (default 0.1)")
    ap.add_argument("--surfaces", default=",".join(WEIGHTS), help=f"among {','.join(WEIGHTS)} (default: all)")
    ap.add_argument("--scenarios", default="watch,serve", help="watch, serve, both (default) or '' for none")
    args = ap.parse_args()
    surfaces = [s for s in args.surfaces.split(",") if s]
    if not surfaces or set(surfaces) - set(WEIGHTS):
        ap.error(f"--surfaces: expected some of {','.join(WEIGHTS)}")
    step = max(1, args.cases // (args.workers * 4))
    jobs = [(args.seed, i, min(i + step, args.cases), args.render, surfaces) for i in range(0, args.cases, step)]
    start = time.perf_counter()
    counts, by_surface, by_what, slowest, peak = Counter(), Counter(), Counter(), (0.0, ""), 0.0
    samples: dict[str, list[str]] = {k: [] for k in BAD + ["over 10 s"]}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for result in pool.map(_chunk, jobs):
            counts.update(result["counts"])
            by_surface.update(result["by_surface"])
            by_what.update(result["by_what"])
            slowest, peak = max(slowest, result["slowest"]), max(peak, result["peak"])
            for k, v in result["samples"].items():
                samples[k] += v[:5 - len(samples[k])]
    wall = time.perf_counter() - start
    print(f"forge fuzz campaign: {args.cases} cases over {','.join(surfaces)}, seed {args.seed}, {args.workers} workers, "
          f"{wall:.0f} s (load average {open('/proc/loadavg').read().split()[0]})")
    columns = list(KINDS) + ["over 10 s"]
    print(f"  {'':<8}" + "".join(f"{k:>10}" for k in columns))
    print(f"  {'all':<8}" + "".join(f"{counts[k]:>10}" for k in columns))
    for surface in surfaces:
        print(f"  {surface:<8}" + "".join(f"{by_surface[(surface, k)]:>10}" for k in columns))
    print(f"  slowest case {slowest[0]:.2f} s: {slowest[1]}; peak memory of a worker {peak:.0f} MB")
    print("  by surface and input (ok / located / other classes):")
    for surface, what in sorted({(s, w) for s, w, _ in by_what}):
        others = {k: by_what[(surface, what, k)] for k in BAD if by_what[(surface, what, k)]}
        print(f"    {surface:<7} {what:<22} {by_what[(surface, what, 'ok')]:>5} / {by_what[(surface, what, 'located')]:>5}"
              + (f"  {others}" if others else ""))
    for kind, found in samples.items():
        for line in found:
            print(f"{kind}: {line}")
    scenarios = [s for s in args.scenarios.split(",") if s]
    failed = []
    if "watch" in scenarios:
        t0 = time.perf_counter()
        found, figures = watch_scenario()
        failed += found
        print(f"watch scenario ({time.perf_counter() - t0:.0f} s): {figures}\n  " + ("; ".join(found) or "holds: the "
              "burst's last edit built, the invalid edit kept build/ and what is served, the fix rebuilt"))
    if "serve" in scenarios:
        t0 = time.perf_counter()
        found, figures = serve_scenario()
        failed += found
        print(f"serve scenario ({time.perf_counter() - t0:.0f} s): {figures}\n  " + ("; ".join(found) or "holds"))
    holds = not any(counts[k] for k in BAD) and not counts["over 10 s"] and peak < 500 and not failed
    print("promise holds" if holds else "PROMISE BROKEN")
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main())
