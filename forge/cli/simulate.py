"""``forge simulate``: random playouts of a game at one player count or a range of them, or a
game's own study (``--rules all-pairs``, ``--match``), printed as tables or JSON beside their
statistics (:mod:`forge.engine.stats`), and kept as JSON Lines under
``<out>/<game>/simulations/`` (:mod:`forge.engine.records`) once every count has been played."""
from __future__ import annotations

import atexit
import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich import box
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..errors import ForgeError, Location, OptionError
from . import app, err, out, project_root, report

__all__ = ["simulate", "print_study"]


#: set when Ctrl-C stopped a run (see :func:`_end_at_once`)
_INTERRUPTED: list = []


def _end_at_once() -> None:
    """After Ctrl-C, once the exit handlers have run (Dask's, multiprocessing's: registered after
    this one, they run before it), the process ends without the interpreter taking apart Dask's
    many objects one by one: half a second and more on a busy machine, past the second a reader
    waits for Ctrl-C to answer."""
    if _INTERRUPTED:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)


def _nothing_more_said() -> None:
    """After Ctrl-C's last line, this process's error stream goes nowhere: a worker process that
    Dask was spawning as its cluster was stopped would print its failure to read what its parent,
    gone, meant to send it (multiprocessing's own traceback); the reader has been told it stopped."""
    try:
        sys.stderr.flush()
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):         # not a real stream (an embedding program's)
        return
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, fd)
    os.close(nowhere)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game to simulate: a game whose rules engine is installed or "
                                        "is the project's own (cardspecs/<game>/engine.py).")],
    players: Annotated[str, typer.Option("--players", help="Number of players, or a range of them played one "
                                         "after the other (2..6).")] = "5",
    games: Annotated[int, typer.Option("--games", help="Number of games to play (per player count).")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed gives the same run.")] = 0,
    workers: Annotated[Optional[int], typer.Option("--workers", help="Worker processes: 1 plays here; more start a "
                                                   "local Dask cluster of that many processes. Default: here "
                                                   "for under 50,000 games a player count, else one per processor core.",
                                                   show_default=False)] = None,
    scheduler: Annotated[Optional[str], typer.Option("--scheduler", envvar="DASK_SCHEDULER_ADDRESS",
                                                     help="Play on an existing Dask cluster: its scheduler's "
                                                     "address, tcp://HOST:PORT (its workers need forge and the "
                                                     "game's engine installed).")] = None,
    policy: Annotated[str, typer.Option("--policy", help="How players choose: random, or a game's own policy; "
                                        "several joined by commas are taken by the seats in turn "
                                        "(greedy,random: P1 greedy, P2 random…).")] = "random",
    option: Annotated[Optional[list[str]], typer.Option("--option", help="A game option, KEY=VALUE (e.g. climbing_bonus=true).")] = None,
    rules: Annotated[Optional[str], typer.Option("--rules", help="Added rules in force, by id, joined by commas "
                                                 "(games whose engine has a 'rules' option); each is also compared with "
                                                 "the base game, side by side. all-pairs: every pair of added rules "
                                                 "against the base game.")] = None,
    forget: Annotated[Optional[float], typer.Option("--forget", help="How often a simulated player forgets a phrase "
                                                    "that is due (0 to 1).")] = None,
    blurt: Annotated[Optional[float], typer.Option("--blurt", help="How often a simulated player says a phrase that "
                                                   "no rule asks for (0 to 1).")] = None,
    match: Annotated[Optional[int], typer.Option("--match", help="Play N games in a row, each winner adding a rule "
                                                 "drawn from the pool (--rules, default: every rule).")] = None,
    precision: Annotated[float, typer.Option("--precision", help="The precision, in points, that the games needed "
                                             "are counted for: the half-width of a rate's 95 % interval.")] = 1.0,
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder: the study is kept in "
                                          "OUT/<game>/simulations/<name>.jsonl.")] = Path("build"),
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
    with_report: Annotated[bool, typer.Option("--report", help="Also write the study's report, an HTML page of "
                                              "charts, beside its records: OUT/<game>/simulations/<name>.html.")] = False,
) -> None:
    """Play many random games and report length, seat advantage (with 95 % intervals and a fairness
    test per seat), scores and the rulings reached; kept under OUT/<game>/simulations/ (with
    --report, also drawn as a page of charts)."""
    atexit.register(_end_at_once)               # first: it runs after Dask's and multiprocessing's
    from ..engine.records import stamp, study_file, study_name
    from ..publish import OutputFolder
    from ..engine.registry import get_game
    from ..engine.simulate import ALL_PAIRS, check_arguments, player_counts, simulate as run
    from ..engine.cluster import auto_workers
    from ..limits import limit
    all_pairs = rules == ALL_PAIRS
    named = {"--rules": rules, "--forget": forget, "--blurt": blurt, "--match": match}
    records, shown = [], []
    try:
        counts = player_counts(players)
        if workers is None:                   # sized to the run and the machine
            workers = auto_workers(games, int(limit("workers")))
        if not 0 < precision <= 50:
            raise OptionError(Location("--precision"), f"the precision is more than 0 and at most 50 points "
                              f"(got {precision})", hint="e.g. --precision 1 for ±1 point")
        options = check_arguments(game, counts if len(counts) > 1 else counts[0], games, workers, policy,
                                  option or [], {k: v for k, v in named.items() if v is not None})
        spec = f"{counts[0]}..{counts[-1]}" if len(counts) > 1 else str(counts[0])
        extra = [("--rules", rules), ("--forget", forget), ("--blurt", blurt), ("--match", match)]
        command = shlex.join(["forge", "simulate", game, "--players", spec, "--games", str(games), "--seed",
                              str(seed), "--policy", policy, *[a for o in option or [] for a in ("--option", o)],
                              *[str(a) for k, v in extra if v is not None for a in (k, v)], "--precision", str(precision)])
        name = study_name([game, f"p{spec}", f"g{games}", f"s{seed}", policy != "random" and policy.replace(",", "+"),
                           *(option or []), *[f"{k[2:]}={v}" for k, v in extra if v is not None],
                           precision != 1 and f"precision={precision}"])
        for n in counts:
            if match is not None or all_pairs:
                data = get_game(game).study(n, games, seed, options, match, all_pairs=all_pairs)
                records += [{"game": game, "players": n, "games": games, "seed": seed, **r}
                            for r in (data["runs"] if all_pairs else [data])]
                shown.append((data, None))
                continue
            summary = _played(run, game, n, games, seed, workers, policy, options, scheduler)
            data = summary.as_dict(precision / 100)
            if rules:
                data["compared"] = get_game(game).study(n, games, seed, options)
            records.append(data)
            shown.append((data, summary))
        stamped = [stamp(r, command) for r in records]
        rel, data = study_file(game, name, stamped)
        outputs = [(rel, data)]
        if with_report:
            from ..report import report_page
            outputs.append((rel.with_suffix(".html"), report_page(stamped, str(out_dir / rel))))
        with OutputFolder(out_dir, project_root()) as folder:     # locked, inside the project, whole
            folder.publish(outputs)
        path = out_dir / rel
    except ForgeError as exc:
        report(exc)
    except KeyboardInterrupt:
        err.print("interrupted: the simulation stopped, its workers with it; no figures")
        _INTERRUPTED.append(True)
        _nothing_more_said()
        raise typer.Exit(130) from None
    err.print(f"kept: {path} ({len(records)} record{'s' if len(records) != 1 else ''})"
              + (f"; report: {path.with_suffix('.html')}" if with_report else ""), highlight=False)
    if as_json:
        found = [data for data, _ in shown]
        print(json.dumps(found[0] if len(found) == 1 else found, indent=2, ensure_ascii=False))
    for data, summary in shown:
        if as_json:
            if summary is not None and err.is_terminal:
                err.print(_effort(summary), highlight=False)
        elif summary is None:
            print_study(data, False)
        else:
            _print_run(data, summary, precision)


@app.command("report")
def report_command(
    study: Annotated[Path, typer.Argument(help="A study kept by forge simulate: OUT/<game>/simulations/<name>.jsonl.")],
    out_dir: Annotated[Path, typer.Option("--out", help="The output folder the study is in.")] = Path("build"),
) -> None:
    """Draw a study's report again from its records, without replaying a game: an HTML page of
    charts, <name>.html beside the study file."""
    from ..publish import OutputFolder
    from ..report import read_study, report_page
    try:
        root = project_root()
        folder_path = (root / out_dir).resolve()
        target = (root / study).resolve()
        if target.suffix != ".jsonl" or not target.is_relative_to(folder_path):
            raise OptionError(Location("STUDY"), f"{str(study)[:80]} is not a study file of {out_dir} (a .jsonl "
                              f"under {out_dir}/<game>/simulations/)", hint="forge simulate GAME keeps one; its "
                              "last line says where")
        rel = target.relative_to(folder_path).with_suffix(".html")
        page = report_page(read_study(target, str(study)), str(study))
        with OutputFolder(out_dir, root) as folder:
            folder.publish([(rel, page)])
    except ForgeError as exc:
        report(exc)
    err.print(f"report: {out_dir / rel}", highlight=False)


def _played(run, game: str, players: int, games: int, seed: int, workers: int, policy: str, options: dict,
            scheduler: str | None):
    """One player count's games, with a progress bar on a terminal."""
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), console=err, transient=True,
                  disable=not err.is_terminal) as progress:
        task = progress.add_task(f"{game} × {games}, {players} players", total=games, rate="")
        started = time.perf_counter()

        def advance(n: int) -> None:
            done = progress.tasks[0].completed + n
            progress.update(task, advance=n, rate=f"{done / (time.perf_counter() - started):,.0f} games/s")
        return run(game, players, games, seed, workers, policy, options, advance, scheduler=scheduler)


def _effort(summary) -> str:
    moves = summary.lengths.total()
    return (f"{summary.games:,} games, {moves:,} moves, CPU {summary.cpu:.1f} s (summed over the workers), "
            f"wall {summary.wall:.1f} s, {summary.games / summary.wall:,.0f} games/s")


def _p(value: float) -> str:
    return "< 1e-300" if value == 0 else f"{value:.3g}"


def _print_run(data: dict, summary, precision: float) -> None:
    """One player count's figures as tables; the statistics beside the rates."""
    from ..engine.stats import verdict
    stats = data["statistics"]
    length = data["length"]
    out.print(f"{data['game']}: {data['games']} games, {data['players']} players, seed {data['seed']}, "
              f"policy {data['policy']}")
    out.print(f"game length (moves): mean {length['mean']:.1f}, median {length['median']}, "
              f"min {length['min']}, max {length['max']}")
    needed = f"games ±{precision:g} pt"
    # two tables of a few columns each, whole in an 80-column terminal: the wins, then the scores
    table = Table("seat", "win rate", "95 % interval", needed, "sole wins", "p (Holm)", "vs fair", box=box.SIMPLE_HEAD)
    scores = Table("seat", "mean score", "score stdev", "lowest", "median", "highest", box=box.SIMPLE_HEAD)
    for s, seat in enumerate(stats["seats"]):
        sc = data["score_by_seat"][s]
        lo, hi = seat["interval"]
        table.add_row(f"P{s + 1}", f"{data['win_rate_by_seat'][s]:.3f}", f"{lo:.3f}–{hi:.3f}",
                      f"{seat['games_needed']:,}", str(seat["sole_wins"]), _p(seat["p_holm"]), verdict(seat, stats, data["players"]))
        scores.add_row(f"P{s + 1}", f"{sc['mean']:.2f}", f"{sc['stdev']:.2f}", f"{sc['min']:,}", f"{sc['median']:,g}",
                       f"{sc['max']:,}")
    out.print(table)
    out.print(scores)
    chi = stats["chi_square"]
    out.print(f"vs fair: each seat's wins tested against 1/{data['players']} (exact binomial test, Holm-corrected "
              f"across the seats, 5 %; ≈ fair: not distinguishable from fair), on the "
              f"{stats['sole_winner_games']:,} games won by one player alone "
              f"({stats['other_games']:,} with a shared win or none left out; a shared win counts 1/k in the win rate); "
              + (f"all seats together: chi-square {chi['statistic']:.2f}, {chi['df']} df, p {_p(chi['p_value'])}"
                 if chi["p_value"] is not None else "too few sole wins for a chi-square test (under 5 expected a seat)"),
              highlight=False)
    out.print(f"winning margin: mean {data['winning_margin']['mean']:.2f}, max {data['winning_margin']['max']}")
    rulings = Table("ruling reached", "uses", "games", "share of games", "95 % interval", needed, box=box.SIMPLE_HEAD)
    for column, width in ((0, max(map(len, data["rulings"]), default=0)), (4, 13)):
        rulings.columns[column].no_wrap = True    # ids and intervals whole: the other headings wrap
        rulings.columns[column].min_width = width
    for name, r in data["rulings"].items():
        s = stats["rulings"][name]
        rulings.add_row(name, str(r["uses"]), str(r["games"]), f"{r['share_of_games']:.1%}",
                        f"{s['interval'][0]:.1%}–{s['interval'][1]:.1%}", f"{s['games_needed']:,}")
    out.print(rulings if data["rulings"] else "no ruling reached")
    out.print(_effort(summary), highlight=False)
    if "compared" in data:
        print_study(data["compared"], False)


def print_study(data: dict, as_json: bool) -> None:
    """A game's own study of its options (e.g. what each added rule does to the game, or an
    evening of games in a row), as tables or JSON."""
    if as_json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    out.print(data["title"])
    table = Table(*data["columns"])
    for row in data["rows"]:
        table.add_row(*map(str, row))
    out.print(table)
    for line in data.get("notes", []):
        out.print(line, markup=False, highlight=False)
