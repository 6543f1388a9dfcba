"""Random playouts and their statistics.

Each game ``i`` of a run uses its own ``random.Random(f"{seed}:{i}")``, and the games' results
are added up in the games' order, so a run's figures are the same, to the last digit, whatever
the number of workers, however the games are split into chunks and wherever they are played:
in this process (one worker), on a local Dask cluster (several), or on an existing one
(``scheduler``; :mod:`forge.engine.cluster`). The figures' intervals and the seats' fairness
tests are :mod:`forge.engine.stats`'s.
"""
from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, NamedTuple

from ..errors import EngineError, ErrorGroup, Location, OptionError
from ..limits import limit
from .cluster import run_in_order
from .core import playout, random_policy
from .fields import parse_option
from .registry import UnknownGame, game_names, get_game
from .stats import games_needed, seat_fairness, wilson
from .tally import Tally

__all__ = ["simulate", "check_arguments", "player_counts", "ALL_PAIRS", "Chunk", "play_chunk", "chunks", "Summary", "policies_of",
           "seat_policies"]

NAMES = [f"P{i}" for i in range(1, 11)]
ALL_PAIRS = "all-pairs"          # --rules all-pairs: every pair of a game's added rules (its study)


def policies_of(game) -> dict[str, Callable]:
    """The voting/playing policies a game offers (always 'random', which a game may redefine)."""
    return {"random": random_policy, **game.POLICIES}


def seat_policies(game, policy: str, players: int) -> dict[int, Callable]:
    """Each seat's policy: ``greedy`` for every seat, or ``greedy,random`` for seats taking the
    listed policies in turn (P1 greedy, P2 random, P3 greedy…), to compare them in one run."""
    names = policy.split(",")
    known = policies_of(game)
    return {s: known[names[s % len(names)]] for s in range(players)}


class Chunk(NamedTuple):
    """Games ``start`` to ``stop - 1`` of a run: all a worker needs to play them."""
    root: Path
    game: str
    players: int
    seed: int
    start: int
    stop: int
    policy: str
    options: dict


def chunks(root: Path, game: str, players: int, games: int, seed: int, policy: str, options: dict,
           workers: int) -> list[Chunk]:
    """A run's games in chunks for ``workers`` workers: about 32 each (progress to watch, work
    to share, a lost worker's share to replay), at most 2,000 games each. The figures do not
    depend on it."""
    size = max(1, min(2000, games // (32 * workers)))
    return [Chunk(root, game, players, seed, i, min(i + size, games), policy, options)
            for i in range(0, games, size)]


def play_chunk(job: Chunk) -> dict:
    """Play a chunk's games: ``{"part": their figures (:meth:`Summary.counts`), "games": how
    many, "cpu": seconds of this thread}``, or, as soon as a game does not end, ``{"stuck": its
    index}``. Plain data, sent back from a worker process: counts, not each game, so a chunk's
    answer stays small however many games it holds."""
    started = time.thread_time()
    game = get_game(job.game, job.root)
    choose = seat_policies(game, job.policy, job.players)
    part = Summary(job.game, job.players, job.stop - job.start, job.seed, job.policy)
    for i in range(job.start, job.stop):
        state = game.new_state(NAMES[:job.players], job.options, random.Random(f"{job.seed}:{i}"))
        try:
            playout(state, choose, max_steps=game.MAX_STEPS)
        except RuntimeError:
            return {"stuck": i, "max_steps": game.MAX_STEPS}
        part.add({"steps": state.steps, "scores": state.scores(), "winners": state.winners(),
                  "rulings": dict(state.rulings)})
    return {"part": part.counts(), "games": job.stop - job.start, "cpu": time.thread_time() - started}


@dataclass
class Summary:
    """A run's figures as counts: each game added (:meth:`add`) or a chunk's counts merged
    (:meth:`merge`); the same counts whatever the order, so the same figures."""

    game: str
    players: int
    games: int
    seed: int
    policy: str
    lengths: Tally = field(default_factory=Tally)             # moves a game
    shared: list[Counter] = field(default_factory=list)       # per seat: wins shared by k players, by k (1: alone)
    scores: list[Tally] = field(default_factory=list)         # per seat
    margins: Tally = field(default_factory=Tally)             # the winner's lead over the next score
    rulings: Counter = field(default_factory=Counter)         # total uses
    rulings_games: Counter = field(default_factory=Counter)   # games reaching it
    cpu: float = 0.0                                          # seconds of CPU, summed over the workers
    wall: float = 0.0                                         # seconds from start to the figures

    def __post_init__(self) -> None:
        self.shared = self.shared or [Counter() for _ in range(self.players)]
        self.scores = self.scores or [Tally() for _ in range(self.players)]

    @property
    def wins(self) -> list[float]:
        """Per seat, the games won, a win shared by k players counting 1/k."""
        return [sum(c / k for k, c in sorted(seat.items())) for seat in self.shared]

    @property
    def sole(self) -> list[int]:
        """Per seat, the games won alone (what the fairness tests count)."""
        return [seat[1] for seat in self.shared]

    def add(self, result: dict) -> None:
        self.lengths.add(result["steps"])
        scores = result["scores"]
        winners = result["winners"]
        for s in winners:
            self.shared[s][len(winners)] += 1
        for s, v in enumerate(scores):
            self.scores[s].add(v)
        first, second = sorted(scores, reverse=True)[:2]
        self.margins.add(first - second)
        for name, count in result["rulings"].items():
            self.rulings[name] += count
            self.rulings_games[name] += 1

    def counts(self) -> dict:
        """The counts, as plain data for :meth:`merge`."""
        return {"lengths": dict(self.lengths.counts), "scores": [dict(t.counts) for t in self.scores],
                "margins": dict(self.margins.counts), "shared": [dict(c) for c in self.shared],
                "rulings": dict(self.rulings), "rulings_games": dict(self.rulings_games)}

    def merge(self, part: dict) -> None:
        """Add the counts of another summary of the same run (:meth:`counts`)."""
        self.lengths.merge(part["lengths"])
        self.margins.merge(part["margins"])
        for s in range(self.players):
            self.scores[s].merge(part["scores"][s])
            self.shared[s].update(part["shared"][s])
        self.rulings.update(part["rulings"])
        self.rulings_games.update(part["rulings_games"])

    def as_dict(self, half_width: float = 0.01) -> dict:
        """The figures as plain data; ``statistics`` (:func:`.stats.seat_fairness`, and each ruling's
        interval) for a precision of ± ``half_width``."""
        return {
            "game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
            "policy": self.policy,
            "length": {**self.lengths.summary(), "histogram": self.lengths.histogram()},
            "win_rate_by_seat": [w / self.games for w in self.wins],
            "score_by_seat": [{**v.summary(), "stdev": v.pstdev()} for v in self.scores],
            "winning_margin": {"mean": self.margins.mean(), "max": self.margins.max()},
            "rulings": {name: {"uses": self.rulings[name], "games": self.rulings_games[name],
                               "share_of_games": self.rulings_games[name] / self.games}
                        for name in sorted(self.rulings)},
            "statistics": {**seat_fairness(self.wins, self.sole, self.games, half_width),
                           "rulings": {name: {"interval": list(wilson(self.rulings_games[name] / self.games, self.games)),
                                              "games_needed": games_needed(self.rulings_games[name] / self.games,
                                                                           half_width)}
                                       for name in sorted(self.rulings)}},
        }


def player_counts(text: str) -> range:
    """``--players``: a number (``5``) or a range of numbers, both ends played (``2..8``)."""
    low, sep, high = text.partition("..")
    try:
        counts = range(int(low), int(high if sep else low) + 1)
    except ValueError:
        raise OptionError(Location("--players"), f"{text[:40]!r} is not a number of players nor a range of them",
                          hint="e.g. --players 4, or --players 2..6 for each count from 2 to 6") from None
    if not counts:
        raise OptionError(Location("--players"), f"the range {text[:40]!r} is empty (its first count is above its last)",
                          hint="e.g. --players 2..6 for each count from 2 to 6")
    return counts


def check_arguments(game_name: str, players: int | range, games: int, workers: int, policy: str,
                    option_items: list[str], named: dict | None = None, root: Path | None = None) -> dict:
    """The command line's arguments checked, every problem reported (ErrorGroup of OptionErrors);
    returns the game options read from ``KEY=VALUE`` items by their declared kinds. ``players``
    is a count or a range of counts (a study); ``--rules all-pairs`` is left to the game's study."""
    problems = []

    def bad(where: str, message: str, hint: str = "forge simulate --help lists the arguments") -> None:
        problems.append(OptionError(Location(where), message, hint))

    try:
        game = get_game(game_name, root)
    except UnknownGame:
        bad("GAME", f"unknown game {game_name[:40]!r} (expected one of: {', '.join(game_names(root)) or 'none'})",
            hint="a game's engine is installed (a package), or the project's own: cardspecs/<game>/engine.py")
        raise ErrorGroup(problems) from None
    counts = players if isinstance(players, range) else range(players, players + 1)
    if not counts or not game.min_players <= counts[0] <= counts[-1] <= game.max_players:
        got = f"{counts.start}..{counts.stop - 1}" if isinstance(players, range) else players
        bad("--players", f"{game.name} is played by {game.min_players} to {game.max_players} players (got {got})",
            hint="a number of players, or a range of them: --players 2..5")
    if not 1 <= games <= limit("games"):
        bad("--games", f"the number of games must be from 1 to {int(limit('games')):,} (got {games})")
    if not 1 <= workers <= limit("workers"):
        bad("--workers", f"the number of worker processes must be from 1 to {int(limit('workers'))} (got {workers})",
            hint="one worker per processor core is usually fastest")
    unknown = [p for p in policy.split(",") if p not in policies_of(game)]
    if unknown:
        bad("--policy", f"unknown policy {unknown[0][:40]!r} for {game.name} (expected one of: "
            f"{', '.join(policies_of(game))}, or several joined by commas, one per seat in turn)")
    options = {}
    fields = game.OPTION_FIELDS
    for item in option_items:
        key, sep, value = item.partition("=")
        if not sep:
            bad("--option", f"{item[:40]!r} is not KEY=VALUE", hint="e.g. --option climbing_bonus=true")
        elif key not in fields:
            bad("--option", f"unknown option {key[:40]!r} for {game.name} (expected one of: "
                f"{', '.join(fields) or 'none: this game has no options'})")
        else:
            try:
                options[key] = parse_option(fields[key], value)
            except ValueError as exc:
                bad("--option", f"{key}={value[:40]!r}: {exc}")
    for flag, value in (named or {}).items():
        key = flag.lstrip("-")
        if key == "rules" and value == ALL_PAIRS:
            if "rules" not in fields:
                bad(flag, f"{game.name} has no added rules to pair")
        elif key == "match":
            if "rules" not in fields:
                bad(flag, f"{game.name} has no added rules to play a match with")
            elif not 1 <= value <= 1000:
                bad(flag, f"a match is 1 to 1000 games in a row (got {value})")
        elif key not in fields:
            bad(flag, f"{game.name} has no '{key}' (its options: {', '.join(fields) or 'none'})")
        else:
            try:
                options[key] = parse_option(fields[key], str(value))
            except ValueError as exc:
                bad(flag, f"{str(value)[:40]!r}: {exc}")
    for message in game.check_options(options) if not problems else ():
        bad("--rules" if "rule" in message else "--option", message)
    if not problems:
        try:                             # what only a game about to start can say (a deal too big for N)
            for n in counts:
                game.new_state(NAMES[:n], dict(options), random.Random(0))
        except EngineError as exc:
            bad("--option", f"{game.name} cannot start with {players} players and these options: {str(exc)[:160]}",
                hint="the game's options and their ranges: forge docs engines, or the game's rulebook")
    if problems:
        raise ErrorGroup(problems)
    return options


def simulate(game_name: str, players: int, games: int, seed: int = 0, workers: int = 1,
             policy: str = "random", options: dict | None = None,
             progress: Callable[[int], None] = lambda n: None, root: Path | None = None,
             scheduler: str | None = None) -> Summary:
    """Play ``games`` random games of the project ``root`` (default: the current folder): in this
    process with one worker, else on a local Dask cluster of ``workers`` processes, or on the
    cluster whose scheduler is at ``scheduler`` (``tcp://HOST:PORT``; its workers must reach
    ``root`` for a project's own engine). ``progress`` is called with the number of games just
    added to the figures, in the games' order."""
    started = time.perf_counter()
    root = Path(root or Path.cwd()).absolute()
    check_arguments(game_name, players, games, workers, policy, [], root=root)
    summary = Summary(game_name, players, games, seed, policy)

    def split(n: int) -> list[Chunk]:
        return chunks(root, game_name, players, games, seed, policy, options or {}, n)
    results = (map(play_chunk, split(1)) if workers == 1 and not scheduler
               else run_in_order(play_chunk, split, workers, scheduler))
    try:
        for done in results:
            if "stuck" in done:
                raise OptionError(Location("GAME"), f"game {done['stuck']} of seed {seed} passed "
                                  f"{done['max_steps']:,} moves without ending", hint="the options in force (added "
                                  "rules?) keep the game from ending; forge check simulates each rule")
            summary.merge(done["part"])
            summary.cpu += done["cpu"]
            progress(done["games"])
    finally:
        if hasattr(results, "close"):
            results.close()                  # the cluster stopped now, not when the error is forgotten
    summary.wall = time.perf_counter() - started
    return summary
