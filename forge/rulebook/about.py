"""A rulebook page's appendix of simulated games: how long a game lasts, how often each seat
wins and how often each house ruling comes up, measured when the page is built, shown after
the rules in the reader's words (tables, and charts drawn by :mod:`forge.charts`).

The figures come from :func:`forge.engine.simulate.simulate`, with the seed, game count,
player counts, policy and variants declared once per game by its engine (``Game.ABOUT``; a
game without has no appendix): ``forge simulate <game> --players N --games G --seed S
--policy P --json`` prints the same figures. That command is no reading for players: the
appendix keeps it in its ``data-command`` attribute. The run is made once per game and kept
in the project's cache.

Game length is the number of moves, which the appendix calls turns: each move is one player's
turn (a game whose players vote together declares ``lengths=False``: no lengths shown). Every
house ruling the engine declares (``Game.RULINGS``) is listed, named in the page's language by
the rulebook itself (:func:`ruling_labels`), with its share of games in the base game or, when
only a variant reaches it, in that variant. Numbers follow the page words ``decimal_mark`` and
``percent``.
"""
from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Callable

from ..cache import Cache, digest
from ..charts import box_chart, seat_chart
from ..engine.core import AboutRun as Run
from ..engine.registry import UnknownGame, games, get_game
from ..engine.simulate import check_arguments, simulate
from ..fences import code_lines, fences
from .source import Section, plain

__all__ = ["Run", "run_of", "rulings_of", "measure", "pending", "keep", "about_box", "ruling_labels", "number", "percent"]


def run_of(game: str, root: Path) -> Run | None:
    """The run behind ``game``'s box, as its engine in the project ``root`` declares it
    (``Game.ABOUT``); None when the game has no engine or no box."""
    try:
        return get_game(game, root).ABOUT
    except UnknownGame:
        return None


def rulings_of(game: str, root: Path) -> frozenset[str]:
    """The ids of the house rulings ``game``'s engine declares (none for a game without one)."""
    try:
        return frozenset(get_game(game, root).RULINGS)
    except UnknownGame:
        return frozenset()


_MEASURED: dict = {}


def measure(game: str, run: Run, root: Path) -> list[dict]:
    """``forge simulate --json``'s figures for each player count of ``run``; measured once per
    loaded engine (which reads its printed deck once), so both language editions of a page
    share one simulation, and kept between runs in the project's cache under everything the
    simulation plays from (:meth:`forge.engine.registry.Games.fingerprint`: of the printed kit,
    what the rules play from it)."""
    tasks = pending(game, run, root)
    if tasks:
        keep(game, run, root, [task() for task in tasks])
    return _MEASURED[_key(game, run, root)]


def pending(game: str, run: Run, root: Path) -> list[Callable[[], dict]]:
    """The simulations ``game``'s appendix still needs, one task per setting (the base game,
    then each variant) and player count, to run on any core (the build runs them beside its
    other work; :func:`keep` takes their figures); none when its figures are known in this
    process or kept in the cache."""
    key = _key(game, run, root)
    if key not in _MEASURED:
        for old in [k for k in _MEASURED if k[0].name == game and k[0].project == key[0].project]:
            del _MEASURED[old]               # the figures of the engine this one replaces
        found = Cache(root).load("about", _inputs(game, run, root))
        if found is None:
            counts = run.counts(get_game(game, root))
            return [partial(_simulated, game, n, run, root, variant) for variant in ("", *run.variants) for n in counts]
        _MEASURED[key] = found[0]
    return []


def keep(game: str, run: Run, root: Path, figures: list[dict]) -> None:
    """The figures of :func:`pending`'s tasks (in their order), known from now on."""
    _MEASURED[_key(game, run, root)] = figures
    Cache(root).put("about", _inputs(game, run, root), figures)


def options_of(game: str, variant: str, root: Path) -> dict:
    """A variant's options (``"KEY=VALUE KEY=VALUE"``) read by the game's declared kinds."""
    game_ = get_game(game, root)
    return check_arguments(game, game_.min_players, 1, 1, "random", variant.split(), root=root)


def _simulated(game: str, players: int, run: Run, root: Path, variant: str = "") -> dict:
    return simulate(game, players, run.games, run.seed, policy=run.policy, options=options_of(game, variant, root),
                    root=root).as_dict()


def _key(game: str, run: Run, root: Path) -> tuple:
    return get_game(game, root), run          # measured again for an engine loaded again (forge watch)


def _inputs(game: str, run: Run, root: Path) -> str:
    return digest(games(root).fingerprint(game, played=True), run.counts(get_game(game, root)), run.games, run.seed, run.policy,
                  run.variants)


def number(value: float, decimals: int, ui: dict) -> str:
    """``value`` with ``decimals`` digits after the page language's decimal mark."""
    return f"{value:.{decimals}f}".replace(".", ui["decimal_mark"])


def percent(share: float, ui: dict) -> str:
    """A share (0–1) as a percentage with one decimal, or more for a share that is not zero
    but would round to it."""
    decimals = 1
    while share > 0 and round(100 * share, decimals) == 0:
        decimals += 1
    return ui["percent"].replace("{n}", number(100 * share, decimals, ui))


def _whole(value: float, ui: dict) -> str:
    return number(value, 0 if value == int(value) else 1, ui)


def about_box(game: str, run: Run, figures: list[dict], sections: list[tuple[Path, Section]], ui: dict,
              root: Path, say_options: Callable[[dict], str]) -> dict:
    """What the appendix template shows, every figure formatted for the page's language:
    per player count its length and wins by seat (table and chart), the lengths' chart, and
    per house ruling how often it comes up, under the first setting (the base game, then each
    variant, said by ``say_options``) in which it comes up at all."""
    engine = get_game(game, root)
    counts = list(run.counts(engine))
    settings = [figures[i:i + len(counts)] for i in range(0, len(figures), len(counts))]
    base = settings[0]
    seats = max(counts)
    pct = partial(percent, ui=ui)
    rows = []
    for data in base:
        n = data["players"]
        wins = data["win_rate_by_seat"]
        rows.append({"players": n, "mean": number(data["length"]["mean"], 1, ui),
                     "median": _whole(data["length"]["median"], ui),
                     "wins": [pct(w) for w in wins] + [""] * (seats - len(wins)),
                     "chart": seat_chart(f"chart.wins-{n}", ui["about_wins_chart"].replace("{n}", str(n)), wins,
                                         data["games"], pct, lambda v: ui["percent"].replace("{n}", number(100 * v, 0, ui)),
                                         ui["about_seat"], ui["about_fair"])})
    players_n = ui["about_players_n"]
    length = box_chart("chart.lengths", ui["about_length_chart"],
                       [(players_n.replace("{n}", str(d["players"])), d["length"]) for d in base],
                       " ".join(_said_length(d, ui) for d in base), lambda v: _whole(v, ui))
    labels = ruling_labels(sections, list(engine.RULINGS))
    rulings = []
    for name, (label, href) in labels.items():
        reached = [i for i, s in enumerate(settings) if any(d["rulings"].get(name) for d in s)]
        at = reached[0] if reached else 0
        rulings.append({"name": name, "label": label and label[:1].upper() + label[1:], "href": href,
                        "shares": [pct(d["rulings"].get(name, {}).get("share_of_games", 0.0)) for d in settings[at]],
                        "under": say_options(options_of(game, run.variants[at - 1], root)) if at else "",
                        "never": not reached})
    return {"players": counts, "seats": seats, "rows": rows, "rulings": rulings, "games": run.games,
            "lengths": length if run.lengths else None, "command": run.command(game),
            # forge's random players, or a policy of the game's own (which may redefine "random")
            "random": run.policy == "random" and "random" not in engine.POLICIES}


def _said_length(data: dict, ui: dict) -> str:
    length = data["length"]
    return (ui["about_length_said"].replace("{players}", str(data["players"]))
            .replace("{median}", _whole(length["median"], ui))
            .replace("{q1}", _whole(length["quartiles"][0], ui)).replace("{q3}", _whole(length["quartiles"][1], ui))
            .replace("{min}", _whole(length["min"], ui)).replace("{max}", _whole(length["max"], ui)))


def ruling_labels(sections: list[tuple[Path, Section]], names: list[str]) -> dict[str, tuple[str | None, str | None]]:
    """Each ruling's name in the rulebook's language and the id of the heading of the part that
    explains it (see :func:`_label`)."""
    parts = list(_parts(sections))
    return {name: _label(name, parts) for name in names}


def _label(name: str, parts: list[tuple[str | None, str, str]]) -> tuple[str | None, str | None]:
    """The rulebook names a ruling by its code in backticks. Its label is the first clause of a
    list item that starts with that code (``- `game.ruling`: when the pile is empty, …`` gives
    "when the pile is empty", linked to that item, :mod:`.extensions.rulings`), else the heading
    of the first part that names it, else None (the box shows the code alone)."""
    item = re.compile(rf"^\s*[-*+]\s+`{re.escape(name)}`\s*:\s*(?P<phrase>[^,;:.]+)", re.M)
    for hid, _, text in parts:
        m = item.search(text)
        phrase = plain(m["phrase"]) if m else ""
        if phrase:
            return phrase, name                       # the item is the ruling's explanation (its id)
    for hid, heading, text in parts:
        if hid and f"`{name}`" in text:
            return heading, hid
    return None, None


def _parts(sections: list[tuple[Path, Section]]):
    """``(heading id, heading text, its text outside code fences)`` for every ``##`` and
    ``###`` heading of the page's sections (each with its edition's file); the text before a
    section's first heading has no id."""
    for path, sec in sections:
        code = code_lines(fences(sec.lines, path, sec.numbers[0] if sec.numbers else 1))
        starts = {h.line: h for h in sec.headings}
        hid, heading, text = None, "", []
        for n, (line, line_no) in enumerate(zip(sec.lines, sec.numbers)):
            if line_no in starts:
                if text:
                    yield hid, heading, "\n".join(text)
                hid, heading, text = starts[line_no].id, plain(starts[line_no].text), []
            elif n not in code:
                text.append(line)
        yield hid, heading, "\n".join(text)
