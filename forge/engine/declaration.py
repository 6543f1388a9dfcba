"""A game's declaration checked before forge uses it: the API version, the players, every
declared field, ruling and policy.

A third party's engine is code forge did not write: a misspelt field kind, a ruling without
its text or a version forge does not speak would otherwise fail deep inside a build. Each
problem is one message naming the attribute, located at the line that assigns it in the
game's source (:func:`attribute_line`).
"""
from __future__ import annotations

import ast
import inspect
import re
import textwrap

from .core import API_VERSION, AboutRun, Game
from .fields import Field

__all__ = ["problems_of", "attribute_line", "NAME"]

#: a game's id: it names its card spec, its rules folder and its files
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
#: the most players forge's simulations and examples name (P1…P10, Alice…Jules)
MOST_PLAYERS = 10


def problems_of(cls: type) -> list[tuple[str, str]]:
    """(attribute, what is wrong) for every problem of the game class ``cls``; empty when its
    declaration can be used."""
    out: list[tuple[str, str]] = []
    version = getattr(cls, "api_version", None)
    if version is None:
        return [("api_version", f"declares no api_version (expected api_version = {API_VERSION}, the engine API "
                 "it was written for)")]
    if version != API_VERSION:
        return [("api_version", f"was written for engine API {version!r}; this forge speaks version {API_VERSION} "
                 "(install the forge its author names, or update the engine)")]
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not NAME.match(name):
        out.append(("name", f"'name' must be a game id, lower-case letters, digits, - or _ (got {name!r})"))
    low, high = getattr(cls, "min_players", None), getattr(cls, "max_players", None)
    if not (_int(low) and _int(high) and 1 <= low <= high <= MOST_PLAYERS):
        out.append(("min_players", f"min_players and max_players must be whole numbers with 1 ≤ min ≤ max ≤ "
                    f"{MOST_PLAYERS} (got {low!r} and {high!r})"))
    for attr in ("GIVEN_FIELDS", "OPTION_FIELDS", "EXPECT_FIELDS"):
        out += [(attr, m) for m in _fields(getattr(cls, attr), attr)]
    rulings = cls.RULINGS
    if not isinstance(rulings, dict) or not all(isinstance(k, str) and isinstance(v, str) and v.strip()
                                                for k, v in rulings.items()):
        out.append(("RULINGS", "RULINGS must map each ruling's name to the house rule it applies, as text"))
    policies = cls.POLICIES
    if not isinstance(policies, dict) or not all(isinstance(k, str) and callable(v) for k, v in policies.items()):
        out.append(("POLICIES", "POLICIES must map each policy's name to a function (state, seat, rng) → move"))
    about = cls.ABOUT
    if about is not None and not (isinstance(about, AboutRun) and _int(low) and _int(high)
                                  and all(_int(n) and low <= n <= high for n in about.players)
                                  and all(isinstance(v, str) and v.strip() for v in about.variants)):
        out.append(("ABOUT", f"ABOUT must be None or AboutRun(games=…, seed=…, players=…, variants=…) with player "
                    f"counts from min_players to max_players, variants as 'KEY=VALUE' texts (got {about!r})"))
    if not _int(cls.MAX_STEPS) or cls.MAX_STEPS < 1:
        out.append(("MAX_STEPS", f"MAX_STEPS must be a whole number of moves, at least 1 (got {cls.MAX_STEPS!r})"))
    for method in ("new_state", "parse_move"):
        if getattr(cls, method) is getattr(Game, method):
            out.append((method, f"does not define {method}() (every game must; forge docs engines)"))
    return out


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fields(value, attr: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{attr} must be a mapping of key → Field(kind, help) (got {type(value).__name__})"]
    return [f"{attr}[{k!r}] must be a Field(kind, help) (got {type(v).__name__}: {str(v)[:40]!r})"
            for k, v in value.items() if not isinstance(v, Field) or not isinstance(k, str)]


def attribute_line(cls: type, attribute: str) -> tuple[str | None, int]:
    """(the file, the line) where class ``cls`` assigns ``attribute`` (or defines the method),
    else the line of the class statement; (None, 0) when its source cannot be read."""
    try:
        path = inspect.getsourcefile(cls)
        lines, first = inspect.getsourcelines(cls)
    except (OSError, TypeError):
        return None, 0
    try:
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except SyntaxError:
        return path, first
    for node in tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []:
        targets = (node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign)
                   else [])
        names = {t.id for t in targets if isinstance(t, ast.Name)}
        if attribute in names or getattr(node, "name", None) == attribute:
            return path, first + node.lineno - 1
    return path, first
