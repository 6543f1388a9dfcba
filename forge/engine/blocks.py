"""A worked example's data, checked before it is played.

An example block is data a translator or designer writes; before the engine plays it, every
key and value is checked against the block's grammar and the game's declared fields
(:mod:`forge.engine.fields`). Each problem is an :class:`~forge.errors.ExampleError` at the
line of the offending key, so a misspelt key or a value of the wrong type is never played
"for the wrong reason".
"""
from __future__ import annotations

from ..errors import ExampleError, Location, describe, excerpt
from ..limits import limit
from ..cardspec.yamlload import LocDict, LocList
from . import registry
from .fields import problem

__all__ = ["check_block", "split_move"]


def split_move(text) -> tuple[str, str] | None:
    """``"Alice: play 7 7"`` → ``("Alice", "play 7 7")``; None when it is not of that form."""
    if not isinstance(text, str):
        return None
    name, sep, move = text.partition(":")
    if not sep or not name.strip() or not move.strip():
        return None
    return name.strip(), move.strip()


def check_block(ex) -> list[ExampleError]:
    """Every problem of example ``ex``'s data (empty when it can be played)."""
    d: LocDict = ex.data
    out: list[ExampleError] = []

    def err(loc: Location, message: str, hint: str | None = None) -> None:
        out.append(ExampleError(loc, f"example {ex.id}: {message}", hint))

    name = d.get("game")
    games = registry.games(registry.project_of(ex.path))
    try:
        game = games.get(name) if isinstance(name, str) else None
    except registry.UnknownGame:
        game = None
    if game is None:
        shown = excerpt(name) if isinstance(name, str) else describe(name)
        err(d.at("game"), f"unknown game {shown} (expected one of: {', '.join(games.names()) or 'none'})",
            hint="the game is the name of a rules engine: an installed one, or the project's own "
                 "(cardspecs/<game>/engine.py; forge new GAME --engine starts one)")
        return out
    for key, fields in (("given", game.GIVEN_FIELDS), ("options", game.OPTION_FIELDS)):
        value = d.get(key)
        if value is None:
            continue
        if not isinstance(value, LocDict):
            err(d.at(key), f"'{key}' must be a mapping (got {describe(value)})")
            continue
        for k, v in value.items():
            if k not in fields:
                other = "options" if k in game.OPTION_FIELDS else "given" if k in game.GIVEN_FIELDS else None
                err(value.at(k), f"unknown {key} key {excerpt(k)} for {game.name} (expected one of: "
                    f"{', '.join(fields) or 'none'})",
                    hint=f"'{k}' belongs under {other}:" if other else _near(k, fields))
            elif (why := problem(fields[k], v)) is not None:
                err(value.at(k), f"{key} '{k}' {why} (got {describe(v)})")
            elif missing := [n for n in fields[k].needs if n not in value]:
                err(value.at(k), f"{key} '{k}' is only read with {' and '.join(repr(n) for n in missing)}, "
                    f"which this example does not give", hint=f"add {missing[0]}: under {key}:, or remove '{k}'")
    _check_expect(d, game, err)
    for key in ("moves", "refused"):
        _check_moves(d, key, err)
    _check_players(d, game, err)
    seed = d.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        err(d.at("seed"), f"'seed' must be a whole number from 0 to 2^63 − 1 (got {describe(seed)})")
    return out


def _near(key: str, allowed) -> str | None:
    import difflib
    near = difflib.get_close_matches(str(key), list(allowed), n=1)
    return f"did you mean '{near[0]}'?" if near else None


def _check_expect(d: LocDict, game, err) -> None:
    expect = d.get("expect")
    if not isinstance(expect, LocDict) or not expect:
        err(d.at("expect"), f"'expect' must be a mapping of what holds afterwards (got {describe(expect)})",
            hint=f"fields of {game.name}: {', '.join(game.EXPECT_FIELDS)}")
        return
    for k in expect:
        if k not in game.EXPECT_FIELDS:
            hint = ("'refused:' is a key of the block itself, beside 'moves:'" if k == "refused"
                    else _near(k, game.EXPECT_FIELDS))
            err(expect.at(k), f"unknown expect field {excerpt(k)} for {game.name} (expected one of: "
                f"{', '.join(game.EXPECT_FIELDS)})", hint=hint)


def _check_moves(d: LocDict, key: str, err) -> None:
    moves = d.get(key)
    if moves is None:
        return
    if not isinstance(moves, LocList):
        err(d.at(key), f"'{key}' must be a list of moves such as [\"Alice: pass\"] (got {describe(moves)})",
            hint="write one move per item: [\"Alice: play 7 7\", \"Bruno: pass\"]")
        return
    if len(moves) > limit("example_moves"):
        err(d.at(key), f"more than {int(limit('example_moves')):,} {key} moves")
        return
    for i, text in enumerate(moves):
        if split_move(text) is None:
            err(moves.at(i), f"{key} item {describe(text)} is not 'Name: move'",
                hint="e.g. \"Alice: play 7 7\" — quote it, the colon is YAML's too")


def _check_players(d: LocDict, game, err) -> None:
    players = d.get("players")
    if players is None:
        return
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        err(d.at("players"), f"'players' must be a list of names (got {describe(players)})")
    elif not game.min_players <= len(players) <= game.max_players or len(set(players)) != len(players):
        err(d.at("players"), f"{game.name} is played by {game.min_players} to {game.max_players} players "
            f"with different names (got {len(players)}: {excerpt(', '.join(players), 60)})")
