"""A rulebook page's "about the game" box: how long a game lasts, how often each seat wins and
how often each house ruling comes up, measured when the page is built.

The figures come from :func:`forge.engine.simulate.simulate`, with the seed, game count,
player counts and policy declared once per game by its engine (``Game.ABOUT``; a game
without has no box): ``forge simulate <game> --players N --games G --seed S --policy P --json`` prints the
same figures, and the box shows that command. The run is made once per game and build, and
kept small (about two seconds a game).

Game length is the number of moves, which the box calls turns: in the games listed each move
is one player's turn (a game whose players vote together declares no box). Every house
ruling the engine declares (``Game.RULINGS``) is listed, reached or not, named in the page's
language by the rulebook itself (:func:`ruling_labels`). Numbers follow the page words
``decimal_mark`` and ``percent``.
"""
from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Callable

from ..cache import Cache, digest
from ..engine.core import AboutRun as Run
from ..engine.registry import UnknownGame, games, get_game
from ..engine.simulate import simulate
from ..fences import code_lines, fences
from .source import Section, plain

__all__ = ["Run", "run_of", "measure", "pending", "keep", "about_box", "ruling_labels", "number", "percent"]


def run_of(game: str, root: Path) -> Run | None:
    """The run behind ``game``'s box, as its engine in the project ``root`` declares it
    (``Game.ABOUT``); None when the game has no engine or no box."""
    try:
        return get_game(game, root).ABOUT
    except UnknownGame:
        return None


_MEASURED: dict = {}


def measure(game: str, run: Run, root: Path) -> list[dict]:
    """``forge simulate --json``'s figures for each player count of ``run``; measured once per
    loaded engine (which reads its printed deck once), so both language editions of a page
    share one simulation, and kept between runs in the project's cache under everything the
    simulation plays from (:meth:`forge.engine.registry.Games.fingerprint`)."""
    tasks = pending(game, run, root)
    if tasks:
        keep(game, run, root, [task() for task in tasks])
    return _MEASURED[_key(game, run, root)]


def pending(game: str, run: Run, root: Path) -> list[Callable[[], dict]]:
    """The simulations ``game``'s box still needs, one task per player count, to run on any
    core (the build runs them beside its other work; :func:`keep` takes their figures); none
    when its figures are known in this process or kept in the cache."""
    key = _key(game, run, root)
    if key not in _MEASURED:
        for old in [k for k in _MEASURED if k[0].name == game and k[0].project == key[0].project]:
            del _MEASURED[old]               # the figures of the engine this one replaces
        found = Cache(root).load("about", _inputs(game, run, root))
        if found is None:
            return [partial(_simulated, game, n, run, root) for n in run.players]
        _MEASURED[key] = found[0]
    return []


def keep(game: str, run: Run, root: Path, figures: list[dict]) -> None:
    """The figures of :func:`pending`'s tasks (in their order), known from now on."""
    _MEASURED[_key(game, run, root)] = figures
    Cache(root).put("about", _inputs(game, run, root), figures)


def _simulated(game: str, players: int, run: Run, root: Path) -> dict:
    return simulate(game, players, run.games, run.seed, policy=run.policy, root=root).as_dict()


def _key(game: str, run: Run, root: Path) -> tuple:
    return get_game(game, root), run          # measured again for an engine loaded again (forge watch)


def _inputs(game: str, run: Run, root: Path) -> str:
    return digest(games(root).fingerprint(game), run.players, run.games, run.seed, run.policy)


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


def about_box(game: str, run: Run, figures: list[dict], sections: list[tuple[Path, Section]], ui: dict,
              root: Path) -> dict:
    """What the box template shows, every figure formatted for the page's language."""
    seats = max(run.players)
    rows = []
    for data in figures:
        median = data["length"]["median"]
        wins = [percent(w, ui) for w in data["win_rate_by_seat"]]
        rows.append({"players": data["players"], "mean": number(data["length"]["mean"], 1, ui),
                     "median": number(median, 0 if median == int(median) else 1, ui),
                     "wins": wins + [""] * (seats - len(wins))})
    labels = ruling_labels(sections, list(get_game(game, root).RULINGS))
    rulings = [{"name": name, "label": label, "href": href,
                "shares": [percent(d["rulings"].get(name, {}).get("share_of_games", 0.0), ui) for d in figures]}
               for name, (label, href) in labels.items()]
    return {"players": list(run.players), "seats": seats, "rows": rows, "rulings": rulings,
            "games": run.games, "command": run.command(game)}


def ruling_labels(sections: list[tuple[Path, Section]], names: list[str]) -> dict[str, tuple[str | None, str | None]]:
    """Each ruling's name in the rulebook's language and the id of the heading of the part that
    explains it (see :func:`_label`)."""
    parts = list(_parts(sections))
    return {name: _label(name, parts) for name in names}


def _label(name: str, parts: list[tuple[str | None, str, str]]) -> tuple[str | None, str | None]:
    """The rulebook names a ruling by its code in backticks. Its label is the first clause of a
    list item that starts with that code (``- `game.ruling`: when the pile is empty, …`` gives
    "When the pile is empty"), else the heading of the first part that names it, else None (the
    box shows the code alone)."""
    item = re.compile(rf"^\s*[-*+]\s+`{re.escape(name)}`\s*:\s*(?P<phrase>[^,;:.]+)", re.M)
    for hid, _, text in parts:
        m = item.search(text)
        phrase = plain(m["phrase"]) if m else ""
        if phrase:
            return phrase[:1].upper() + phrase[1:], hid
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
