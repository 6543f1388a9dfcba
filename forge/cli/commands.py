"""forge's commands: list, build, calibrate."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from ..errors import ForgeError
from ..spec.model import MM, PAPERS
from . import app, err, out, project_root, report

LANG_HELP = "Language to build: a code such as fr or en, or all."
PAPER_HELP = "Paper: a4 or letter (default: the papers each spec asks for)."


@app.command("list")
def list_games() -> None:
    """List the games found in cardspecs/, their components and languages."""
    from ..build import load_games
    try:
        games = load_games(project_root())
    except ForgeError as exc:
        report(exc)
    table = Table("game", "languages", "component", "kind", "cards", "size (mm)", "paper")
    for spec in games.values():
        first = True
        for comp in spec.components.values():
            w, h = comp.size
            size = f"{w / MM:.1f} × {h / MM:.1f}" if comp.kind != "sheet" else "paper"
            table.add_row(spec.game if first else "", ", ".join(spec.languages) if first else "",
                          comp.name, comp.kind, str(comp.card_count), size, ", ".join(comp.print.papers))
            first = False
    out.print(table)


@app.command()
def build(
    games: Annotated[Optional[list[str]], typer.Argument(help="Games to build (default: every game).")] = None,
    lang: Annotated[str, typer.Option("--lang", help=LANG_HELP)] = "all",
    paper: Annotated[Optional[str], typer.Option("--paper", help=PAPER_HELP)] = None,
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("build"),
) -> None:
    """Build the print-and-play PDFs: build/<game>/<lang>/<component>.pdf."""
    from ..build import load_games, plan, render_jobs, write_all
    from ..errors import ErrorGroup, Location, SpecError
    try:
        if paper is not None and paper not in PAPERS:
            raise ErrorGroup([SpecError(Location("--paper"), f"unknown paper '{paper}' "
                                        f"(expected one of: {', '.join(PAPERS)})")])
        specs = load_games(project_root(), games or ())
        jobs = plan(specs, out_dir, lang, paper, calibration=not games)
        with Progress(TextColumn("{task.description:<40}"), BarColumn(), MofNCompleteColumn(),
                      console=err, transient=True) as progress:
            task = progress.add_task("rendering", total=len(jobs))
            rendered = render_jobs(jobs, lambda job: progress.update(task, advance=1, description=job.label))
        written = write_all(rendered)
    except ForgeError as exc:
        report(exc)
    table = Table("file", "pages", "cards", "size")
    for w in written:
        table.add_row(str(w.path), str(w.pages), str(w.cards) if w.cards else "", f"{w.size / 1024:.0f} KiB")
    out.print(table)
    out.print(f"{len(written)} files written to {out_dir}/")


@app.command()
def calibrate(
    paper: Annotated[str, typer.Option("--paper", help="Paper: a4 or letter.")] = "a4",
    flip: Annotated[str, typer.Option("--flip", help="Duplex flip: long-edge or short-edge.")] = "long-edge",
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("build"),
) -> None:
    """Write the back-offset calibration sheet (print it duplex, read the offset)."""
    from ..errors import ErrorGroup, Location, SpecError
    from ..files import atomic_write
    from ..kit.calibration import render_calibration
    problems = []
    if paper not in PAPERS:
        problems.append(SpecError(Location("--paper"), f"unknown paper '{paper}' (expected one of: {', '.join(PAPERS)})"))
    if flip not in ("long-edge", "short-edge"):
        problems.append(SpecError(Location("--flip"), f"unknown flip '{flip}' (expected long-edge or short-edge)"))
    if problems:
        report(ErrorGroup(problems))
    path = out_dir / f"calibration-{paper}{'' if flip == 'long-edge' else '-short-edge'}.pdf"
    atomic_write(path, render_calibration(paper, flip).data)
    out.print(f"wrote {path}")


@app.command()
def check(
    paths: Annotated[Optional[list[Path]], typer.Argument(help="Rules files or folders (default: rules_src/).")] = None,
    junit: Annotated[Optional[Path], typer.Option("--junit", help="Also write JUnit XML to this file.")] = None,
) -> None:
    """Check every worked example of the rulebooks against the rules engine.

    Exit 0 when all hold, 1 when an example fails or an edition lacks one, 2 on bad input."""
    from ..engine.examples import check_paths, junit_xml
    from ..files import atomic_write
    try:
        result = check_paths(paths or [project_root() / "rules_src"])
    except ForgeError as exc:
        report(exc)
    for f in result.failures:
        err.print(str(f), markup=False, highlight=False)
    for line in result.missing:
        err.print(line, markup=False, highlight=False)
    if junit:
        atomic_write(junit, junit_xml(result).encode("utf-8"))
    bad = len({(f.example.path, f.example.id) for f in result.failures})
    out.print(f"{len(result.examples)} examples checked: {len(result.examples) - bad} hold, {bad} fail"
              + (f"; {len(result.missing)} missing from an edition" if result.missing else ""))
    if not result.ok:
        raise typer.Exit(1)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game to simulate (dalmuti, majority…).")],
    players: Annotated[int, typer.Option("--players", help="Number of players.")] = 5,
    games: Annotated[int, typer.Option("--games", help="Number of games to play.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed gives the same run.")] = 0,
    workers: Annotated[int, typer.Option("--workers", help="Worker processes.")] = 1,
    policy: Annotated[str, typer.Option("--policy", help="How players choose: random, or a game's own policy.")] = "random",
    option: Annotated[Optional[list[str]], typer.Option("--option", help="A game option, KEY=VALUE (e.g. climbing_bonus=true).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
) -> None:
    """Play many random games and report length, seat advantage, scores and the rulings reached."""
    import json

    from ..engine.core import GAMES, get_game
    from ..engine.simulate import simulate as run
    from ..errors import ErrorGroup, Location, SpecError
    options = {}
    problems = []
    for item in option or []:
        key, sep, value = item.partition("=")
        if not sep:
            problems.append(SpecError(Location("--option"), f"option '{item}' is not KEY=VALUE"))
            continue
        options[key] = {"true": True, "false": False}.get(value.lower(), int(value) if value.isdigit() else value)
    try:
        get_game(game)
    except KeyError:
        problems.append(SpecError(Location("GAME"), f"unknown game '{game}' (expected one of: "
                                  f"{', '.join(sorted(GAMES)) or 'dalmuti, majority'})"))
    if problems:
        report(ErrorGroup(problems))
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      console=err, transient=True) as progress:
            task = progress.add_task(f"{game} × {games}", total=games)
            summary = run(game, players, games, seed, workers, policy, options,
                          lambda n: progress.update(task, advance=n))
    except (ValueError, ForgeError) as exc:
        report(ErrorGroup([SpecError(Location("simulate"), str(exc))]))
    data = summary.as_dict()
    if as_json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    length = data["length"]
    out.print(f"{game}: {games} games, {players} players, seed {seed}, policy {policy}")
    out.print(f"game length (moves): mean {length['mean']:.1f}, median {length['median']}, "
              f"min {length['min']}, max {length['max']}")
    table = Table("seat", "win rate", "mean score", "score stdev")
    for s in range(players):
        sc = data["score_by_seat"][s]
        table.add_row(f"P{s + 1}", f"{data['win_rate_by_seat'][s]:.3f}", f"{sc['mean']:.2f}", f"{sc['stdev']:.2f}")
    out.print(table)
    out.print(f"winning margin: mean {data['winning_margin']['mean']:.2f}, max {data['winning_margin']['max']}")
    rulings = Table("ruling reached", "uses", "games", "share of games")
    for name, r in data["rulings"].items():
        rulings.add_row(name, str(r["uses"]), str(r["games"]), f"{r['share_of_games']:.1%}")
    out.print(rulings if data["rulings"] else "no ruling reached")
