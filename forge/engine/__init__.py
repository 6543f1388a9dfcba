"""forge's engine API: the one module a game's rules engine imports.

A game declares a :class:`Game` subclass (players, fields, rulings, policies, the rulebook's
about box) and a :class:`State` subclass (who acts, legal moves, performing a move, the end
and the scores, invariants); forge gives it seeded randomness, its printed kit, example
checking, simulation and invariant checking (:mod:`forge.testing`). ``docs/engines.md``
documents every name below. A game declares the version of this API it was written for
(``api_version = API_VERSION``); forge refuses any other, naming both.

Engines are found through the entry point group ``forge.games`` (installed packages, forge's
own five games among them) and in a project at ``cardspecs/<game>/engine.py``
(:mod:`forge.engine.registry`).
"""
from ..cardspec.yamlload import LocDict, LocList, load_yaml
from ..errors import (EngineError, ErrorGroup, IllegalMove, InputError, InvariantError, Location, MoveError, SpecError,
                      excerpt)
from .core import API_VERSION, AboutRun, CardRef, Game, Policy, Shown, State, playout, random_policy
from .blocks import split_move
from .chance import below, pick, shuffle
from .fields import Field
from .kit import Kit

__all__ = [
    "API_VERSION", "Game", "State", "Field", "Kit", "AboutRun", "CardRef", "Shown", "Policy", "random_policy",
    "playout", "below", "pick", "shuffle", "split_move", "EngineError", "IllegalMove", "MoveError", "InvariantError", "InputError", "SpecError",
    "ErrorGroup", "Location", "excerpt", "load_yaml", "LocDict", "LocList",
]
