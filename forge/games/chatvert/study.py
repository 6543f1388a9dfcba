"""What Le Chat vert's added rules do to the game, measured by playing it.

- :func:`compare`: the base game and the game with each rule (and with all of them) played
  from the same seeds, side by side: length, cards drawn, penalties, per rule.
- :func:`pairs`: the base game and every pair of the rules file's rules, from the same seeds:
  what each pair changes in game length and penalties, as a matrix (rule × rule).
- :func:`match`: N games in a row, each winner adding a rule drawn from the pool, as a table
  would play an evening.
- :func:`soundness`: what ``forge check`` asks of every rule of a rules file: played alone and
  all together (seeded), games must keep ending by a player emptying their hand (not by the
  move bound :data:`BOUND`, nor by a stalemate: nothing left to draw and nobody able to play),
  and each rule must trigger at least once. A failure names the rule's file:line.
"""
from __future__ import annotations

import itertools
import random
import statistics
from collections import Counter
from dataclasses import dataclass, field

from forge.engine import InputError, playout

__all__ = ["study", "Run", "play_many", "compare", "pairs", "pair_study", "match", "soundness", "BOUND"]

#: a game still going after this many moves "does not end" (base games: a few hundred at most)
BOUND = 3000
CHECK_GAMES = 300              # per rule, and once more with all rules together
CHECK_PLAYERS = 4
GIVE_UP = 5                    # games past the bound or stalled before a rule is judged to break the game
STALEMATE = "chatvert.stalemate"


@dataclass
class Run:
    """Statistics of games played with one set of rules."""

    rules: tuple
    games: int = 0
    lengths: list = field(default_factory=list)
    drawn: int = 0
    penalties: Counter = field(default_factory=Counter)
    triggered: Counter = field(default_factory=Counter)
    rulings: Counter = field(default_factory=Counter)
    unfinished: int = 0
    stalled: int = 0               # games ended by a stalemate (ruling chatvert.stalemate), not by a winner

    @property
    def broken(self) -> int:
        """Games that did not end with a player emptying their hand."""
        return self.unfinished + self.stalled

    def why(self) -> str:
        """What went wrong in the broken games, in words."""
        parts = [f"{self.unfinished} passed {BOUND:,} moves"] if self.unfinished else []
        if self.stalled:
            parts.append(f"{self.stalled} ended in a stalemate (nothing left to draw, nobody able to play)")
        return " and ".join(parts)

    def row(self) -> dict:
        n = max(self.games, 1)
        return {"rules": list(self.rules), "games": self.games,
                "length_mean": statistics.fmean(self.lengths) if self.lengths else 0.0,
                "length_max": max(self.lengths, default=0), "unfinished": self.unfinished, "stalled": self.stalled,
                "drawn_per_game": self.drawn / n, "penalties_per_game": sum(self.penalties.values()) / n,
                "penalties": dict(self.penalties), "triggered": dict(self.triggered), "rulings": dict(self.rulings)}


def play_many(game, rules, players: int, games: int, seed: int, forget: float = 0.0, blurt: float = 0.0,
              bound: int = BOUND, check: bool = False, give_up: int | None = None) -> Run:
    """Play ``games`` games with ``rules`` in force; game i uses seed ``{seed}:{i}``. With
    ``give_up``, stop once that many games have passed ``bound`` moves or stalled (the verdict
    is in)."""
    names = [f"P{i}" for i in range(1, players + 1)]
    run = Run(tuple(rules))
    options = {"rules": list(rules), "forget": forget, "blurt": blurt}
    for i in range(games):
        state = game.new_state(names, options, random.Random(f"{seed}:{i}"))
        try:
            playout(state, game.POLICIES["random"], check=check, max_steps=bound)
        except RuntimeError:                       # no end within the bound
            run.unfinished += 1
            if give_up and run.broken >= give_up:
                run.games += 1
                break
        else:
            if state.rulings[STALEMATE]:            # ended, but only because nothing moves any more
                run.stalled += 1
                if give_up and run.broken >= give_up:
                    run.games += 1
                    break
        run.games += 1
        run.lengths.append(state.steps)
        run.drawn += sum(state.drew)
        run.penalties.update(state.penalties)
        run.triggered.update(state.triggered)
        run.rulings.update(state.rulings)
    return run


def compare(game, rules, players: int, games: int, seed: int, forget: float = 0.0, blurt: float = 0.0) -> list[Run]:
    """The base game, each rule alone and (with several) all together, from the same seeds."""
    sets = [()] + [(r,) for r in rules] + ([tuple(rules)] if len(rules) > 1 else [])
    return [play_many(game, s, players, games, seed, forget, blurt) for s in sets]


def pairs(game, players: int, games: int, seed: int, forget: float = 0.0, blurt: float = 0.0) -> list[Run]:
    """The base game, then each pair of the rules file's rules (in the file's order), from the same seeds."""
    sets = [()] + list(itertools.combinations(game.rulebook().rules, 2))
    return [play_many(game, s, players, games, seed, forget, blurt) for s in sets]


def pair_study(game, players: int, games: int, seed: int, forget: float = 0.0, blurt: float = 0.0) -> dict:
    """``forge simulate chatvert --rules all-pairs``: a row per pair against the base game, and
    the matrix of the changes (relative game length, penalty cards per game), rule × rule."""
    runs = [run.row() for run in pairs(game, players, games, seed, forget, blurt)]
    base, every = runs[0], list(game.rulebook().rules)
    index = {r: i for i, r in enumerate(every)}
    length = [[None] * len(every) for _ in every]
    penalties = [[None] * len(every) for _ in every]
    rows = []
    for r in runs:
        r["length_change"] = r["length_mean"] / base["length_mean"] - 1 if base["length_mean"] else 0.0
        r["penalties_change"] = r["penalties_per_game"] - base["penalties_per_game"]
        if r["rules"]:
            a, b = (index[x] for x in r["rules"])
            length[a][b] = length[b][a] = r["length_change"]
            penalties[a][b] = penalties[b][a] = r["penalties_change"]
        rows.append([" + ".join(r["rules"]) or "(base game)", f"{r['length_mean']:.1f}", f"{r['length_change']:+.0%}",
                     f"{r['penalties_per_game']:.2f}", f"{r['penalties_change']:+.2f}", r["unfinished"] + r["stalled"]])
    return {"title": f"every pair of added rules against the base game ({len(runs) - 1} pairs, {games} games each, "
                     f"{players} players, same seeds)",
            "columns": ["rules", "moves/game", "vs base", "penalties/game", "vs base", "games not ending"],
            "rows": rows, "runs": runs,
            "matrix": {"rules": every, "length_change": length, "penalties_change": penalties}}


def match(game, n: int, players: int, seed: int, pool=None, forget: float = 0.0, blurt: float = 0.0) -> list[dict]:
    """``n`` games in a row: each winner adds a rule drawn at random from ``pool`` (default: every
    rule of the rules file) among those not yet in force."""
    rng = random.Random(f"{seed}:match")
    pool = list(pool or game.rulebook().rules)
    names = [f"P{i}" for i in range(1, players + 1)]
    in_force, out = [], []
    for i in range(n):
        state = game.new_state(names, {"rules": list(in_force), "forget": forget, "blurt": blurt},
                               random.Random(f"{seed}:{i}"))
        playout(state, game.POLICIES["random"], max_steps=BOUND)
        winners = [names[s] for s in state.winners()]
        added = None
        left = [r for r in pool if r not in in_force]
        if left:
            added = left[rng.randrange(len(left))]
            in_force.append(added)
        out.append({"game": i + 1, "rules": list(in_force[:-1] if added else in_force), "moves": state.steps,
                    "winner": winners, "penalties": dict(state.penalties), "added": added})
    return out


_JUDGED: dict = {}


def soundness(game, games: int = CHECK_GAMES, seed: int = 0) -> list[InputError]:
    """The rules of the project's rules file that break the game, each at its line: games that
    stop ending (alone or together), or a rule that never triggers. Judged once per process for
    a given rules file (``game.rulebook()`` is re-read when the file changes)."""
    book = game.rulebook()
    key = (id(book), games, seed)
    if key not in _JUDGED:
        _JUDGED[key] = (book, _judge(game, book, games, seed))      # the book is kept so its id stays unique
    return _JUDGED[key][1]


def _judge(game, book, games: int, seed: int) -> list[InputError]:
    problems = []
    every = tuple(book.rules)
    for rid, rule in book.rules.items():
        run = play_many(game, (rid,), CHECK_PLAYERS, games, seed, give_up=GIVE_UP)
        if run.broken:
            problems.append(InputError(rule.location, f"rule '{rid}' stops games from ending: of {run.games} "
                                       f"simulated games, {run.why()}",
                                       hint="a rule should not give more cards than a turn gets rid of"))
        elif not run.triggered[rid]:
            problems.append(InputError(rule.location, f"rule '{rid}' never applied in {games} simulated games",
                                       hint="check its trigger: can that card, on that pile, ever be played?"))
    if len(every) > 1 and not problems:
        run = play_many(game, every, CHECK_PLAYERS, games, seed, give_up=GIVE_UP)
        if run.broken:
            first = next(iter(book.rules.values()))
            problems.append(InputError(first.location, f"the {len(every)} rules together stop games from ending: "
                                       f"of {run.games} simulated games, {run.why()}",
                                       hint="find the pair of rules that feed each other"))
    return problems


def study(game, players: int, games: int, seed: int, options, match_games: int | None = None,
          all_pairs: bool = False) -> dict:
    """``forge simulate chatvert``'s own report: each rule against the base game, every pair of
    rules against it, or a match."""
    forget, blurt = options.get("forget", 0.0), options.get("blurt", 0.0)
    if all_pairs:
        return pair_study(game, players, games, seed, forget, blurt)
    if match_games:
        rows = match(game, match_games, players, seed, options.get("rules"), forget, blurt)
        return {"title": f"chatvert: {match_games} games in a row, {players} players, seed {seed}; each winner adds a rule",
                "columns": ["game", "rules in force", "moves", "winner", "penalty cards", "rule added"],
                "rows": [[r["game"], ", ".join(r["rules"]) or "(base game)", r["moves"], ", ".join(r["winner"]),
                          sum(r["penalties"].values()), r["added"] or "-"] for r in rows], "games": rows}
    runs = compare(game, options.get("rules") or [], players, games, seed, forget, blurt)
    base = runs[0].row()
    rows = []
    for run in runs:
        r = run.row()
        change = (r["length_mean"] / base["length_mean"] - 1) if base["length_mean"] else 0.0
        rows.append([", ".join(r["rules"]) or "(base game)", f"{r['length_mean']:.1f}", f"{change:+.0%}",
                     f"{r['drawn_per_game']:.1f}", f"{r['penalties_per_game']:.2f}",
                     ", ".join(f"{k} {v}" for k, v in sorted(r["penalties"].items())) or "-",
                     ", ".join(f"{k} {v}" for k, v in sorted(r["triggered"].items())) or "-"])
    return {"title": f"what each added rule does ({games} games each, same seeds, forget {forget}, blurt {blurt})",
            "columns": ["rules", "moves/game", "vs base", "cards drawn/game", "penalties/game",
                        "penalty cards by reason", "times applied"],
            "rows": rows, "runs": [run.row() for run in runs]}
