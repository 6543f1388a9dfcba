"""The printed kit as a game's engine sees it: the components and data rows of its card spec.

The engine plays the deck that is printed: a game reads the composition of its cards (ranks,
copies, traits, word counts) from ``cardspecs/<game>.yaml`` of the project, through
:class:`Kit`, and says in :meth:`forge.engine.Game.check_kit` what it needs of it, so a
printed deck that cannot be played is an error at its line when the kit is loaded.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..cache import files_read
from ..cardspec.loader import load_spec
from ..cardspec.model import Component, GameSpec
from ..errors import ErrorGroup, Location, SpecError

__all__ = ["Kit", "load_kit"]


class Kit:
    """A game's printed kit, read-only: its languages and components (each with ``rows``, a
    list of rows with ``fields``, ``copies`` and ``location``; ``rows_for(lang)`` and
    ``count(lang)`` for a component with one data file per language)."""

    def __init__(self, spec: GameSpec, files: frozenset[Path] = frozenset()):
        self._spec = spec
        self.files = files          # every file read to load it (the spec, its data, strings…)

    @property
    def game(self) -> str:
        return self._spec.game

    @property
    def path(self) -> Path:
        """The card spec's file."""
        return Path(self._spec.path)

    @property
    def languages(self) -> list[str]:
        return list(self._spec.languages)

    @property
    def components(self) -> dict[str, Component]:
        return dict(self._spec.components)

    def component(self, name: str) -> Component | None:
        """The component ``name``, or None when the spec has none of that name."""
        return self._spec.components.get(name)

    def require(self, name: str, engine: str) -> tuple[Component | None, list[SpecError]]:
        """The component ``name`` that the ``engine`` plays, with one data file for every
        language: (component, []), or (None, [the located error]) when it is missing."""
        comp = self._spec.components.get(name)
        if comp is None or comp.lang_rows:
            return None, [self.error(Location(self._spec.path, 1), f"the {engine} engine needs a '{name}' component "
                                     "with one data file for every language", hint=f"see {self._spec.path}")]
        return comp, []

    @staticmethod
    def error(where: Location, message: str, hint: str | None = None) -> SpecError:
        """A located error about the kit, for :meth:`Game.check_kit` to return."""
        return SpecError(where, message, hint)


def load_kit(root: Path, game: str, check: Callable[[Kit], list] = lambda kit: []) -> Kit:
    """The printed kit of ``game`` in the project ``root``, loaded and checked by the game's
    ``check``; every problem raises one ErrorGroup of located errors."""
    path = Path(root) / "cardspecs" / f"{game}.yaml"
    if not path.is_file():
        raise ErrorGroup([SpecError(Location(str(Path("cardspecs") / f"{game}.yaml")),
                                    f"the {game} engine plays the printed kit, and this project has no card spec "
                                    f"for {game}", hint=f"the engine deals the cards the kit prints: copy "
                                    f"cardspecs/{game}.yaml and its data folder cardspecs/{game}/ beside rules_src/, "
                                    "or run forge from the project that holds them (README, \"Rules checked in CI\")")])
    spec, files = files_read(lambda: load_spec(path, Path(root)))
    top = Path(root).absolute()
    kit = Kit(spec, frozenset(f for f in files if f.is_relative_to(top) and f.suffix not in (".py", ".pyc")))
    problems = check(kit)
    if problems:
        raise ErrorGroup(problems)
    return kit
