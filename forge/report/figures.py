"""What a study's report shows, drawn from its records (:mod:`forge.engine.records`) alone, so
that it can be drawn again without replaying a game:

- a run's records (one per player count, ``forge simulate GAME --players 2..6``): game lengths
  (boxes across the counts, and a histogram per count), wins by seat with their 95 % bands and
  fairness verdicts, the first player's advantage, score spreads by seat, and how often each
  house ruling comes up;
- a pair study's records (``--rules all-pairs``): per player count, the matrices of what each
  pair of added rules changes in game length and penalty cards, beside the table of pairs;
- any other study of a game's own (a match, added rules compared): its table.
"""
from __future__ import annotations

import shlex
from collections import defaultdict

from ..charts import box_chart, dot_chart, histogram_chart, matrix_chart, seat_chart
from ..engine.stats import verdict
from .words import num, p_value, pct, signed, signed_pct, signed_pt, tick_pct, tick_pt

__all__ = ["report_context"]


def report_context(records: list[dict]) -> dict:
    """The template's context: the study's command and version, then its parts."""
    first = records[0]
    runs = [r for r in records if "statistics" in r]
    pairs = [r for r in records if "length_change" in r]
    tables = [r for r in records if "columns" in r] + [r["compared"] for r in runs if "compared" in r]
    return {"game": first["game"], "command": [shlex.quote(a) for a in shlex.split(first.get("command", ""))], "forge": first.get("forge", ""),
            "seed": first.get("seed"), "counts": sorted({r["players"] for r in records}),
            "runs": run_parts(runs) if runs else None,
            "pairs": [pair_part(n, rows) for n, rows in _by_players(pairs).items()],
            "tables": [{"title": t["title"], "columns": t["columns"], "rows": t["rows"]} for t in tables]}


def _by_players(records: list[dict]) -> dict[int, list[dict]]:
    found = defaultdict(list)
    for r in records:
        found[r["players"]].append(r)
    return dict(sorted(found.items()))


def _players(n: int) -> str:
    return f"{n} players"


def run_parts(runs: list[dict]) -> dict:
    runs = sorted(runs, key=lambda r: r["players"])
    half = runs[0]["statistics"]["half_width"]
    return {"games": runs[0]["games"], "policy": runs[0]["policy"], "precision": f"±{num(100 * half, 1 if half * 100 % 1 else 0)} pt",
            "overview": [_overview(r) for r in runs],
            "lengths": box_chart("lengths", "Moves a game, by player count", [(_players(r["players"]), r["length"]) for r in runs],
                                 " ".join(_said_spread(_players(r["players"]), r["length"]) for r in runs), num),
            "histograms": [{"players": r["players"], "chart": _histogram(r)} for r in runs],
            "seats": [_seats(r) for r in runs],
            "advantage": _advantage(runs),
            "scores": [{"players": r["players"], "chart": _scores(r)} for r in runs],
            "rulings": [_rulings(r) for r in runs]}


def _overview(r: dict) -> dict:
    stats = r["statistics"]
    chi = stats["chi_square"]
    unfair = [s["seat"] for s in stats["seats"] if not s["fair"]]
    return {"players": r["players"], "games": num(r["games"]), "mean": num(r["length"]["mean"], 1),
            "median": num(r["length"]["median"]), "first": pct(r["win_rate_by_seat"][0]),
            "advantage": signed_pt(r["win_rate_by_seat"][0] - 1 / r["players"]),
            "chi": p_value(chi["p_value"]),
            "verdict": "every seat ≈ fair" if not unfair else "seat " + ", ".join(map(str, unfair)) + " not fair"}


def _said_spread(label: str, s: dict) -> str:
    q1, q3 = s["quartiles"]
    return (f"{label}: median {num(s['median'])}, middle half {num(q1)} to {num(q3)}, "
            f"from {num(s['min'])} to {num(s['max'])}.")


def _histogram(r: dict) -> str:
    histogram = r["length"]["histogram"]
    mode = max(histogram, key=lambda vc: vc[1])
    desc = (f"{num(r['games'])} games of {r['players']} players: from {num(histogram[0][0])} to {num(histogram[-1][0])} "
            f"moves; most often {num(mode[0])} moves ({pct(mode[1] / r['games'])} of games); "
            + _said_spread("median and quartiles", r["length"]))
    return histogram_chart(f"histogram-{r['players']}", f"How many moves a game lasts, {r['players']} players",
                           histogram, desc, num, tick_pct)


def _seats(r: dict) -> dict:
    stats = r["statistics"]
    n = r["players"]
    chart = seat_chart(f"wins-{n}", f"Share of games won by each seat, {n} players", r["win_rate_by_seat"],
                       r["games"], pct, tick_pct, "Seat {n}", "equal share: {p}")
    rows = [{"seat": s["seat"], "rate": pct(r["win_rate_by_seat"][i]),
             "interval": f"{pct(s['interval'][0])} – {pct(s['interval'][1])}", "needed": num(s["games_needed"]),
             "sole": num(s["sole_wins"]), "p": p_value(s["p_holm"]), "verdict": verdict(s, stats, n),
             "score": num(r["score_by_seat"][i]["mean"], 2), "stdev": num(r["score_by_seat"][i]["stdev"], 2)}
            for i, s in enumerate(stats["seats"])]
    chi = stats["chi_square"]
    return {"players": n, "chart": chart, "rows": rows, "sole": num(stats["sole_winner_games"]),
            "other": num(stats["other_games"]),
            "chi": (f"chi-square {chi['statistic']:.2f}, {chi['df']} df, p {p_value(chi['p_value'])}"
                    if chi["p_value"] is not None else "too few sole wins for a chi-square test")}


def _advantage(runs: list[dict]) -> str:
    rows, said = [], []
    for r in runs:
        n = r["players"]
        lo, hi = r["statistics"]["seats"][0]["interval"]
        value = r["win_rate_by_seat"][0] - 1 / n
        rows.append((_players(n), value, lo - 1 / n, hi - 1 / n))
        said.append(f"{_players(n)}: {signed_pt(value)} ({signed_pt(lo - 1 / n)} to {signed_pt(hi - 1 / n)})")
    return dot_chart("advantage", "The first player's share of wins above an equal share, by player count", rows,
                     "; ".join(said) + ". Zero: no advantage.", tick_pt)


def _scores(r: dict) -> str:
    rows = [(f"Seat {i + 1}", s) for i, s in enumerate(r["score_by_seat"])]
    return box_chart(f"scores-{r['players']}", f"Scores by seat, {r['players']} players", rows,
                     " ".join(_said_spread(label, s) for label, s in rows), num)


def _rulings(r: dict) -> dict:
    stats = r["statistics"]["rulings"]
    rows = [{"name": name, "uses": num(v["uses"]), "games": num(v["games"]), "share": pct(v["share_of_games"]),
             "interval": f"{pct(stats[name]['interval'][0])} – {pct(stats[name]['interval'][1])}",
             "needed": num(stats[name]["games_needed"])} for name, v in r["rulings"].items()]
    chart = None
    if rows:
        marks = [(name, v["share_of_games"], *stats[name]["interval"]) for name, v in r["rulings"].items()]
        chart = dot_chart(f"rulings-{r['players']}", f"Share of games reaching each house ruling, {r['players']} players",
                          marks, "; ".join(f"{m[0]}: {pct(m[1])} ({pct(m[2])} to {pct(m[3])})" for m in marks) + ".",
                          tick_pct, reference=None)
    return {"players": r["players"], "chart": chart, "rows": rows}


def pair_part(players: int, rows: list[dict]) -> dict:
    """One player count of a pair study: the base game's figures and each pair's changes."""
    base = next(r for r in rows if not r["rules"])
    rules = list(dict.fromkeys(x for r in rows for x in r["rules"]))
    index = {rule: i for i, rule in enumerate(rules)}
    length = [[None] * len(rules) for _ in rules]
    penalties = [[None] * len(rules) for _ in rules]
    for r in rows:
        if len(r["rules"]) == 2:
            a, b = (index[x] for x in r["rules"])
            length[a][b] = length[b][a] = r["length_change"]
            penalties[a][b] = penalties[b][a] = r["penalties_change"]
    paired = [r for r in rows if r["rules"]]

    def said(key: str, fmt) -> str:
        return "; ".join(f"{' + '.join(r['rules'])}: {fmt(r[key])}" for r in paired) + "."
    return {"players": players, "games": num(base["games"]), "rules": rules,
            "base": {"length": num(base["length_mean"], 1), "penalties": num(base["penalties_per_game"], 2)},
            "length": matrix_chart(f"pairs-length-{players}", f"Change in moves a game for each pair of added rules, "
                                   f"{players} players", rules, length, said("length_change", signed_pct), signed_pct),
            "penalties": matrix_chart(f"pairs-penalties-{players}", f"Change in penalty cards a game for each pair of "
                                      f"added rules, {players} players", rules, penalties,
                                      said("penalties_change", signed), signed),
            "rows": [{"rules": " + ".join(r["rules"]) or "(base game)", "length": num(r["length_mean"], 1),
                      "length_change": signed_pct(r["length_change"]), "penalties": num(r["penalties_per_game"], 2),
                      "penalties_change": signed(r["penalties_change"]), "broken": num(r["unfinished"] + r["stalled"])}
                     for r in rows]}
