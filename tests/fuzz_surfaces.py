"""Fuzz cases over forge's newer surfaces, sorted as the old ones are (tests/fuzz_outcomes.py).

Used by ``tests/test_fuzz_surfaces.py`` (a few seeded cases per surface) and by
``benchmarks/fuzz.py --surfaces`` (the campaign). A :class:`Bench` holds, in a scratch
:class:`~tests.fuzz_outcomes.Sandbox`, one small project per surface, made when first asked; each
case spoils one input, runs forge in-process and returns ``(what was spoiled, Outcome)``:

- ``images``: a card's image (a pixel bomb, a truncated file, CMYK, 16-bit, a palette with
  transparency, WebP, odd modes, random bytes behind a PNG header, a wrong extension, an empty
  file, a big flat image, a FIFO or a link), loaded and drawn on its deck;
- ``xlsx``: the deck's workbook (a zip bomb, 10⁶ rows, merged cells, formulas with and without
  saved values, dates, booleans, errors, spoiled shared strings, a missing sheet, not a zip, a
  macro-enabled or XXE workbook), loaded and sometimes drawn;
- ``rules``: Chat vert's ``rules.yaml`` (many effects or rules, unknown effects, deep nesting,
  every YAML tag, the old text mutations), checked, loaded and sometimes its cards drawn;
- ``new``: ``forge new`` with a hostile or a good name: exit 0 with all of the game's files,
  or exit 2 with none; never a file outside the project;
- ``export``: ``forge export`` with random options (dpi, modes, games, languages, output
  folders, URLs): exit 0 or a located exit 2 that keeps the previous export whole.
"""
from __future__ import annotations

import csv
import io
import os
import random
import re
import shutil
import time
from pathlib import Path

import yaml

from .cardspec.test_spreadsheets import SPEC
from .conftest import tree_digest
from .fuzz_images import IMAGE_WEIGHTS, IMAGES
from .fuzz_workbooks import XLSX, XLSX_WEIGHTS
from .fuzz_outcomes import SECRET, Outcome, Sandbox, cli_outcome, listing, outcome_of, shown_warnings, time_limit
from .fuzzing import MUTATIONS, ROOT, scratch_project, write_stamped

PICS = """\
game: pics
languages: [en]
print: {paper: [a4], bleed: 3mm}
layouts:
  pic:
    params: {art: "", label: ""}
    parts:
      art: {type: image, file: "pics/{art}", frame: bleed, fit: cover}
      label: {type: text, text: "{label}", y: 92%, height: 6%, size: 8pt}
components:
  deck:
    card: {width: 60mm, height: 90mm}
    data: pics/cards.csv
    print: {duplex: off}
    front: {layout: pic, art: "{art}", label: "{label}"}
"""
DEMO = SPEC                       # the spreadsheet tests' deck, its data file named by {data}


class Bench:
    """The scratch projects of one process, in ``top`` (a Sandbox): ``files`` (a copy of the
    project, also for ``rules``), ``games`` (for ``new``), ``pics``, ``sheets`` and ``export``."""

    def __init__(self, top: Path):
        self.sandbox, self.top, self.made = Sandbox(top), top, {}

    def project(self, name: str) -> Path:
        if name not in self.made:
            folder = self.top / name
            folder.mkdir()
            os.chdir(self.top)
            getattr(self, f"_make_{name}", lambda f: None)(folder)
            self.made[name] = folder
        os.chdir(self.made[name])                # forge reads the project of the current folder
        return self.made[name]

    def _make_files(self, folder: Path) -> None:
        scratch_project(folder)

    def _make_games(self, folder: Path) -> None:
        """The project's games (forge new must refuse their names) and traps: folders that lead
        out of the project through links, a file where a folder goes, a dangling link."""
        for part in ("cardspecs", "rules_src"):
            shutil.copytree(ROOT / part, folder / part)
        (folder / "cardspecs" / "trap-link").symlink_to(self.top / "neighbour")          # leads out
        (folder / "rules_src" / "trap-rules").symlink_to(self.top / "neighbour")
        (folder / "cardspecs" / "trap-dir").write_text("a file where forge new wants a folder\n")
        (folder / "cardspecs" / "trap-dangling.yaml").symlink_to(self.top / "neighbour" / "none.yaml")

    def _make_pics(self, folder: Path) -> None:
        (folder / "cardspecs" / "pics").mkdir(parents=True)
        (folder / "cardspecs" / "pics.yaml").write_text(PICS, encoding="utf-8")

    def _make_export(self, folder: Path) -> None:
        from forge.scaffold import new_game
        for game in ("tiny", "tiny-two"):
            new_game(folder, game)
        os.chdir(folder)
        result = cli(["export", "--png", "--tts", "--dpi", "50"])
        assert result.exit_code == 0, result.output

    def guarded(self, project: Path, run, allowed: tuple[str, ...] = ()) -> Outcome:
        """``run()`` (an Outcome), counted ``outside`` when the sandbox changed beside ``project``."""
        before = self.sandbox.snapshot(project)
        outcome = run()
        moved = self.sandbox.outside(project, before, allowed)
        return Outcome("outside", outcome.seconds, f"changed outside: {moved[:5]}") if moved else outcome


def cli(args: list[str]):
    """forge's command line run in-process (click's CliRunner), in the current folder."""
    from typer.testing import CliRunner

    from forge.cli import app
    with time_limit(), shown_warnings() as warned:
        result = CliRunner().invoke(app, args)
    result.warned = warned
    return result


def draw(project: Path, game: str, component: str | None, lang: str = "en") -> list:
    """Load ``game`` and draw ``component`` (None: load only); the fields of every row it read."""
    from forge.build import load_games
    [spec] = load_games(project, [game]).values()
    if component is not None:
        from forge.kit.render import render_component
        render_component(spec, spec.components[component], lang, "a4")
    return [row.fields for comp in spec.components.values() for row in comp.rows]


def image_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """A card showing a spoiled image (a file of its own: forge caches images by path and time)."""
    project = bench.project("pics")
    what = rng.choices(list(IMAGE_WEIGHTS), list(IMAGE_WEIGHTS.values()))[0]
    suffix, payload = IMAGES[what](rng)
    folder = project / "cardspecs" / "pics"
    name = payload if isinstance(payload, str) else f"case{n}{suffix}"
    path = folder / name
    if isinstance(payload, bytes):
        path.write_bytes(payload)
    elif callable(payload):
        payload(path)
    _write_rows(folder / "cards.csv", [["art", "label"], [name, f"case {n}"]])
    try:
        return what, bench.guarded(project, lambda: outcome_of(lambda: draw(project, "pics", "deck")))
    finally:
        if not isinstance(payload, str):
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink(missing_ok=True)


def _write_rows(path: Path, rows: list[list[str]]) -> None:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def xlsx_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """A deck read from a spoiled workbook; a value read from beside the project counts as outside."""
    project = bench.project("sheets")
    what = rng.choices(list(XLSX_WEIGHTS), list(XLSX_WEIGHTS.values()))[0]
    data, sheet = XLSX[what](rng)
    path = project / "cardspecs" / "demo" / f"case{n}.xlsx"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    (project / "cardspecs" / "demo.yaml").write_text(DEMO.format(data=f'"demo/{path.name}{sheet}"'), encoding="utf-8")
    rows, render = [], rng.random() < 0.2 and what != "rows"
    try:
        read = lambda: rows.extend(draw(project, "demo", "deck" if render else None))     # noqa: E731
        outcome = bench.guarded(project, lambda: outcome_of(read))
    finally:
        path.unlink()
    if any(SECRET in str(fields) for fields in rows):
        outcome = Outcome("outside", outcome.seconds, "read a file outside the project through an XML entity")
    return what, outcome


# -- Chat vert's rules.yaml ----------------------------------------------------------------------

RULES = "rules_src/chatvert/rules.yaml"
#: effects and triggers no rule may have, and values of every YAML tag
ODD_EFFECTS = [{"explode": 1}, {"say": "nope"}, {"say": None}, {"draw": {"who": "everybody", "cards": 1}},
               {"draw": {"who": "all", "cards": -1}}, {"draw": {"who": "all", "cards": 10 ** 9}},
               {"roll": {"die": 0, "outcomes": []}}, {"roll": {"die": 6, "outcomes": [{"from": 5, "to": 2}]}},
               {"take-token": "undeclared"}, {"say": "tortue", "draw": {"who": "next", "cards": 1}}, "say", [], {}]
ODD_WHEN = [{}, {"play": {}}, {"play": {"number": 10}}, {"play": {"number": [-1, 1.5, "4", True]}},
            {"play": {"colour": "purple"}}, {"play": {"kind": "joker"}}, {"play": {"beneath": "sideways"}},
            {"last-card": False}, {"targeted": "plus3"}, {"play": {"number": 4}, "last-card": True}, {"tomorrow": True}]
ODD_CHANGE = [{"last-card-phrase": "nope"}, {"stacking": "never"}, {"pass-penalty": {"card": "skip", "say": "x"}},
              {"pass-penalty": {"card": "reverse", "token": "ficelle", "say": "transfert"}}, {"nothing": 1}]
TAGS = ["!!binary aGVsbG8=", "!!timestamp 2024-13-45", "!!timestamp 2001-12-14", "!!set {a, b}", "!!omap [a: 1]",
        "!!pairs [a: 1]", "!!python/object:os.system x", "!!python/name:os.system", "!!str 5", "!!int x", "!!int 0x1f",
        "!!float .nan", "!!float nope", "!!null ''", "!!bool maybe", "!!bool yes", "!custom x", "!<tag:yaml.org,2002:map> {}",
        "!!merge x", "!!value =", "!!yaml x", "&a x", "*nowhere", "!!seq x", "!!map x"]


def rules_text(data: bytes, rng: random.Random) -> bytes:
    """``rules.yaml`` changed as its rules' language allows or forbids: many effects or rules (at
    and past the limits), unknown effects, triggers or changes, odd ids and languages, a spoiled
    structure, a value of any YAML tag, deep nesting."""
    tree = yaml.safe_load(data)
    what = rng.randrange(8)
    rules, one = tree["rules"], tree["rules"][rng.choice(list(tree["rules"]))]
    if what == 0:                               # many effects: at the limit (8), past it, far past it
        effect = rng.choice([{"say": "card-name"}, {"draw": {"who": "next", "cards": 1}}])
        one["do"] = [effect] * rng.choice([8, 9, 200, 20_000])
    elif what == 1:                             # many rules: at the limit (40), past it, far past it
        for i in range(rng.choice([40, 41, 400]) - len(rules)):
            rules[f"copy-{i}"] = dict(one)
    elif what == 2:
        one["do"] = [rng.choice(ODD_EFFECTS) for _ in range(rng.randint(1, 3))]
    elif what == 3:
        one[rng.choice(["when", "change"])] = rng.choice(ODD_WHEN + ODD_CHANGE)
    elif what == 4:                             # odd ids, languages, structure
        key = rng.choice(list(rules))
        rules[rng.choice(["", "1", "a b", "x" * 300, "é", "../x", "chat-vert"])] = rules.pop(key)
        one["text"] = rng.choice([{"fr": "x"}, {"fr": "x", "en": "y", "de": "z"}, ["x"], "x", {"../x": "y"}])
    elif what == 5:
        tree[rng.choice(["rules", "phrases"])] = rng.choice([None, [], "x", {}, [{"a": 1}]])
    else:                                       # every YAML tag, or deep nesting, as text
        text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)
        depth = rng.choice([10, 39, 41, 200, 5000])
        nested = rng.choice(["[" * depth + "4" + "]" * depth, "{a: " * depth + "1" + "}" * depth])
        value = rng.choice(TAGS) if what == 6 else nested
        lines = text.split("\n")
        spots = [i for i, line in enumerate(lines) if ": " in line and not line.rstrip().endswith(":")]
        i = rng.choice(spots)
        lines[i] = lines[i].split(": ", 1)[0] + ": " + value
        return "\n".join(lines).encode("utf-8")
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False).encode("utf-8")


def rules_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """Spoil rules.yaml; ``forge check`` it, load Chat vert's kit and sometimes draw its rule cards."""
    from forge.rulebook.check import check_rules
    project = bench.project("files")
    path = project / RULES
    original = path.read_bytes()
    mutation = rules_text if rng.random() < 0.7 else rng.choice(MUTATIONS[".yaml"])
    spoiled = mutation(original, rng)
    render = rng.random() < 0.15

    def run():
        check_rules([path.parent])
        draw(project, "chatvert", "rule_cards" if render else None, rng.choice(["fr", "en"]))
    try:
        write_stamped(path, spoiled)
        return mutation.__name__, bench.guarded(project, lambda: outcome_of(run))
    finally:
        write_stamped(path, original)



# -- forge new and forge export: the command line, in-process ------------------------------------

#: names forge new must refuse (or take), beside fresh good ones; trap-* lead out through links
NEW_NAMES = ["../x", "../../neighbour/x", "", ".", "..", "con", "nul", "aux", "com1", "lpt1", "build", "templates",
             "cardspecs", "rules_src", "tests", "dalmuti", "chatvert", "Dalmuti", "x" * 40, "x" * 41, "x" * 300, "é",
             "jeu-é", "a/b", "a\\b", "a\x00b", "MyGame", "-x", "--engine", "x-", "_x", "1x", "x.y", "x y", "x\n", " x",
             "\u202ex", "ａ", "index", "assets", "print-all", "trap-link", "trap-rules", "trap-dir", "trap-dangling"]


def _game_files(game: str, engine: bool) -> set[str]:
    files = {f"cardspecs/{game}.yaml", f"cardspecs/{game}/cards.csv", f"cardspecs/{game}/strings.yaml",
             f"cardspecs/{game}/art/example.png", f"rules_src/{game}/fr.md", f"rules_src/{game}/en.md"}
    return files | ({f"cardspecs/{game}/engine.py", f"rules_src/{game}/figures.yaml",
                     f"tests/test_{game.replace('-', '_')}.py"} if engine else set())


def _files(project: Path) -> dict[str, tuple]:
    """The project's entries but the cache's (forge keeps results there)."""
    return {k: v for k, v in listing(project).items() if not k.startswith(".forge-cache")}


def new_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """``forge new NAME``: exit 0 and every file of the game, or exit 2 and none; cleaned up after."""
    project = bench.project("games")
    good = rng.random() < 0.45
    name = f"g{n}{rng.choice(['', '-a', '_b', '9'])}" if good else rng.choice(NEW_NAMES + [str(bench.sandbox.absolute)])
    engine = rng.random() < 0.3
    args = ["new", name] + ["--engine"] * engine + (["--source-lang", rng.choice(["fr", "en", "de", "", "FR", "../fr"])]
                                                    if rng.random() < 0.3 else [])
    before = _files(project)
    start = time.perf_counter()
    outcome = bench.guarded(project, lambda: cli_outcome(cli(args), time.perf_counter() - start))
    after = _files(project)
    made = sorted(after.keys() - before.keys(), key=lambda k: -k.count("/"))
    touched = [k for k, v in before.items() if v[0] != "dir" and after.get(k) != v]
    files = {k for k in made if after[k][0] != "dir"}
    if outcome.kind == "ok" and files != _game_files(name, engine) or outcome.kind != "ok" and made or touched:
        outcome = Outcome("partial", outcome.seconds, f"exit {outcome.kind}: made {made[:6]}, changed {touched[:3]}")
    elif outcome.kind == "ok" and not re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", name):     # the documented game id
        outcome = Outcome("accepted", outcome.seconds, f"forge new {name!r} wrote {sorted(files)[:2]}")
    for rel in made:                              # the deepest first
        path = project / rel
        path.rmdir() if after[rel][0] == "dir" else path.unlink()
    return ("good name" if good else "hostile name"), outcome


GOOD_DPI, BAD_DPI = ["50", "60", "72"], ["0", "-1", "49", "1201", "99999999999999999999", "nan", "inf", "abc", "",
                                         "3.5", "1e3", "0x40", " 60", "\u0666\u0660", "60\n"]
OUTS = ["build", "exp", "../outside-exp", "/dev/null", "cardspecs", "cardspecs/tiny", "templates", ".", "..",
                     "", "cardspecs/tiny.yaml", "build/tiny", "a/b/c", "x" * 300, "build/../build", "~", ".forge-cache"]


#: each option's values, the first ones good (a small export); a case changes a few options
EXPORT_OPTIONS = {
    "games": [["tiny"], ["tiny", "tiny-two"], [], ["nope"], ["../x"], [""], ["tiny", "nope"], ["TINY"], ["tiny"] * 3],
    "modes": [["--png"], ["--tts"], ["--png", "--tts"], [], ["--png", "--png"]],
    "--dpi": [["--dpi", v] for v in GOOD_DPI + BAD_DPI] + [[]],
    "--bleed": [[], ["--bleed"], ["--trim"], ["--bleed", "--trim"]],
    "--lang": [[]] + [["--lang", v] for v in ("fr", "en", "all", "de", "", "../fr", "EN", "fr,en", "x" * 100)],
    "--out": [[]] + [["--out", v] for v in OUTS],
    "--url-base": [[]] + [["--url-base", v] for v in ("https://example.org/kits/", "https://example.org/kits", "",
                          "file:///etc/", "javascript:alert(1)", "https://" + "x" * 3000 + "/", "https://e.org/a b/", "//x/")],
}


def export_args(rng: random.Random) -> tuple[list[str], str | None, str]:
    """``forge export`` with a few options changed from a small good export: its arguments,
    its output folder and the names of the options changed."""
    chosen = {name: values[0] for name, values in EXPORT_OPTIONS.items()} | {"--dpi": ["--dpi", rng.choice(GOOD_DPI)]}
    changed = rng.sample(list(EXPORT_OPTIONS), rng.choice([0, 1, 1, 1, 2, 3]))
    for name in changed:
        chosen[name] = rng.choice(EXPORT_OPTIONS[name])
    out = chosen["--out"][1] if chosen["--out"] else None
    what = changed[0] if len(changed) == 1 else "several" if changed else "good"
    return ["export", *(a for value in chosen.values() for a in value)], out, what


def export_case(bench: Bench, rng: random.Random, n: int) -> tuple[str, Outcome]:
    """``forge export`` with random options: exit 0, or a located exit 2 that changed nothing."""
    project = bench.project("export")
    args, out, what = export_args(rng)
    target = Path(os.path.normpath(project / (out if out is not None else "build")))
    digest = lambda: tree_digest(target) if os.path.isdir(target) else None      # noqa: E731
    before, kept = _files(project), digest()
    start = time.perf_counter()
    outcome = bench.guarded(project, lambda: cli_outcome(cli(args), time.perf_counter() - start), ("outside-exp",))
    left = [n for n in os.listdir(target.parent) if n.startswith(f".{target.name}.")] if os.path.isdir(target.parent) else []
    if outcome.kind != "ok" and (digest() != kept or _files(project) != before) or left:
        outcome = Outcome("partial", outcome.seconds, f"{outcome.kind}, yet the output changed or {left} stayed")
    shutil.rmtree(bench.top / "outside-exp", ignore_errors=True)
    return what, outcome


SURFACES = {"images": image_case, "xlsx": xlsx_case, "rules": rules_case, "new": new_case, "export": export_case}
