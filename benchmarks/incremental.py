"""The output cache never makes a build wrong: random edit sequences, each followed by an
incremental build, compared byte for byte with a clean build of the same sources.

A copy of some of the project's games is edited by a seeded random sequence of edits — a CSV
cell given another row's value, a string or a rulebook line changed, a stylesheet or page
template or interface word changed, a file put back as it was, a file rewritten unchanged,
the build's mode switched (ink saver, CMYK) — and built after each sequence twice: into
``build/`` with the project's cache (what a user gets), and into a fresh folder with no cache
at all (``FORGE_NO_CACHE=1``). Both must succeed or fail alike; when both succeed, the two
folders must hold the same files, byte for byte; when both refuse the sources, every edited
file is put back before the next sequence. The script prints each difference, the
counts, and the builds' times side by side.

    python benchmarks/incremental.py [--sequences 200] [--seed 1] [--games dalmuti,majority]
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS = ["amber", "lantern", "meadow", "quartz", "harbour", "violet", "ember", "saffron"]


def tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def forge(project: Path, out: str, mode: list[str], cache: bool) -> tuple[int, float]:
    env = {**os.environ}
    if not cache:
        env["FORGE_NO_CACHE"] = "1"
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "forge", "build", "--out", out, *mode], cwd=project, env=env,
                          capture_output=True, text=True)
    if done.returncode not in (0, 1, 2):
        sys.exit(f"forge build crashed ({done.returncode}):\n{done.stderr}")
    return done.returncode, time.perf_counter() - t0


class Editor:
    """Seeded edits of a project's sources; ``original`` keeps each file as it was first."""

    def __init__(self, project: Path, rng: random.Random):
        self.project, self.rng, self.original = project, rng, {}
        self.mode: list[str] = []

    def files(self, pattern: str) -> list[Path]:
        return sorted(self.project.glob(pattern))

    def change(self, path: Path, text: str) -> None:
        self.original.setdefault(path, path.read_bytes())
        path.write_text(text, encoding="utf-8")

    def csv_cell(self) -> str:
        path = self.rng.choice(self.files("cardspecs/*/*.csv"))
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        if len(lines) < 3:
            return "csv: too short"
        a, b = self.rng.sample(range(1, len(lines)), 2)
        cells_a, cells_b = lines[a].rstrip("\n").split(","), lines[b].rstrip("\n").split(",")
        col = self.rng.randrange(len(cells_a))
        if col < len(cells_b):
            cells_a[col] = cells_b[col]
        lines[a] = ",".join(cells_a) + "\n"
        self.change(path, "".join(lines))
        return f"cell {path.name}:{a + 1} column {col + 1}"

    def line_word(self, pattern: str, ok: re.Pattern) -> str:
        path = self.rng.choice(self.files(pattern))
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        fence, choices = False, []
        for i, line in enumerate(lines):
            if line.startswith("```"):
                fence = not fence
            elif not fence and ok.match(line):
                choices.append(i)
        if not choices:
            return f"no line to change in {path.name}"
        i = self.rng.choice(choices)
        lines[i] = lines[i].rstrip("\n") + " " + self.rng.choice(WORDS) + "\n"
        self.change(path, "".join(lines))
        return f"word added to {path.relative_to(self.project)}:{i + 1}"

    def strings(self) -> str:
        return self.line_word("cardspecs/*/strings.yaml", re.compile(r"^\s+[\w.-]+: [A-Za-zÀ-ÿ][^\"'{}\[\]#:|>]*$"))

    def rules(self) -> str:
        return self.line_word("rules_src/*/*.md", re.compile(r"^[A-Z][^|<>{}`*_\[\]]{20,}\.$"))

    def ui(self) -> str:
        return self.line_word("templates/i18n/*.yaml", re.compile(r"^[\w.-]+: [A-Za-zÀ-ÿ][^\"'{}\[\]#:|>]*$"))

    def css(self) -> str:
        path = self.project / "templates" / "rulebook.css"
        self.change(path, path.read_text(encoding="utf-8") + f"\n/* {self.rng.choice(WORDS)} */\n")
        return "stylesheet comment"

    def template(self) -> str:
        path = self.rng.choice(self.files("templates/*.html.j2"))
        text = path.read_text(encoding="utf-8")
        self.change(path, text + f"<!-- {self.rng.choice(WORDS)} -->\n" if self.rng.random() < 0.5
                    else text + f"{{# {self.rng.choice(WORDS)} #}}\n")
        return f"template {path.name}"

    def revert(self) -> str:
        if not self.original:
            return "nothing to put back"
        path = self.rng.choice(sorted(self.original))
        path.write_bytes(self.original[path])
        return f"put back {path.relative_to(self.project)}"

    def put_back_all(self) -> None:
        for path, data in self.original.items():
            path.write_bytes(data)

    def touch(self) -> str:
        path = self.rng.choice(self.files("cardspecs/**/*.*") + self.files("rules_src/*/*"))
        path.write_bytes(path.read_bytes())
        return f"rewrote {path.relative_to(self.project)} unchanged"

    def switch_mode(self) -> str:
        self.mode = self.rng.choice([[], [], ["--ink-saver"], ["--cmyk"]])
        return f"mode {' '.join(self.mode) or 'normal'}"

    def random_edit(self) -> str:
        return self.rng.choice([self.csv_cell, self.csv_cell, self.strings, self.rules, self.rules, self.ui,
                                self.css, self.template, self.revert, self.revert, self.touch, self.switch_mode])()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sequences", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default="dalmuti,majority")
    ap.add_argument("--verbose", action="store_true", help="print every sequence's edits and exit statuses")
    ap.add_argument("--keep", help="copy the project here when a difference is found, and stop")
    args = ap.parse_args()
    games = args.games.split(",")
    rng = random.Random(args.seed)
    differences, both_failed, times = 0, 0, {"incremental": [], "clean": []}
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        shutil.copytree(ROOT / "templates", project / "templates")
        (project / "cardspecs").mkdir()
        for game in games:
            shutil.copy(ROOT / "cardspecs" / f"{game}.yaml", project / "cardspecs" / f"{game}.yaml")
            shutil.copytree(ROOT / "cardspecs" / game, project / "cardspecs" / game)
            shutil.copytree(ROOT / "rules_src" / game, project / "rules_src" / game)
        editor = Editor(project, rng)
        forge(project, "build", [], True)
        for n in range(1, args.sequences + 1):
            said = [editor.random_edit() for _ in range(rng.randint(1, 3))]
            code, t_inc = forge(project, "build", editor.mode, True)
            shutil.rmtree(project / "clean", ignore_errors=True)
            clean_code, t_clean = forge(project, "clean", editor.mode, False)
            times["incremental"].append(t_inc)
            times["clean"].append(t_clean)
            if args.verbose:
                print(f"sequence {n}: exit {code}/{clean_code}: {'; '.join(said)}", flush=True)
            if code != clean_code:
                differences += 1
                print(f"sequence {n}: exit {code} with the cache, {clean_code} without ({'; '.join(said)})")
                continue
            if code:
                both_failed += 1
                editor.put_back_all()           # the next sequence starts from sources that build
                continue
            a, b = tree(project / "build"), tree(project / "clean")
            if a != b:
                differences += 1
                diff = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
                print(f"sequence {n}: {len(diff)} files differ ({'; '.join(said)}): {', '.join(diff[:5])}", flush=True)
                if args.keep:
                    shutil.copytree(project, args.keep, symlinks=True)
                    break
    inc, clean = sorted(times["incremental"]), sorted(times["clean"])
    print(f"{args.sequences} edit sequences (seed {args.seed}, games {', '.join(games)}): {differences} differences; "
          f"{args.sequences - differences - both_failed} folders compared byte for byte, {both_failed} sources "
          "both builds refused alike")
    print(f"{'build':<14}{'median s':>10}{'mean s':>8}{'max s':>8}")
    for name, t in (("incremental", inc), ("clean", clean)):
        print(f"{name:<14}{t[len(t) // 2]:>10.2f}{sum(t) / len(t):>8.2f}{t[-1]:>8.2f}")
    print("load average 1/5/15: " + "/".join(f"{x:.2f}" for x in os.getloadavg()))
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
