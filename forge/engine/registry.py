"""Which games have a rules engine, and the engine of each, for one project.

An engine is found in one of two places, and forge's own games are found the same way:

- **installed**: a package that declares an entry point in the group ``forge.games``, named
  after the game, pointing at its :class:`~forge.engine.Game` subclass
  (``potions = potions_engine:Potions``);
- **the project's own**: ``cardspecs/<game>/engine.py``, or a package
  ``cardspecs/<game>/engine/__init__.py``, beside the game's card spec; it must stay inside
  the project (a symlink out of it is refused).

Anything that goes wrong — an engine that fails to import or raises while loading, a class
that declares a wrong field or another API version, two engines claiming one game — is one
:class:`~forge.errors.EngineLoadError` located in the engine's code and naming the engine,
raised when the game is asked for (``--debug`` shows the traceback): never "unknown game".
"""
from __future__ import annotations

import hashlib
import importlib.util
import sys
import traceback
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Callable

from .. import __version__
from ..cache import digest, files_digest
from ..errors import EngineLoadError, ErrorGroup, InputError, Location, PathError
from .core import API_VERSION, Game
from .declaration import NAME, attribute_line, problems_of
from .kit import Kit

__all__ = ["ENTRY_POINT_GROUP", "Games", "games", "get_game", "game_names", "refresh", "kit_problems",
           "project_of", "UnknownGame"]

ENTRY_POINT_GROUP = "forge.games"
#: the package name under which a project's own engines are imported
PROJECT_PACKAGE = "forge_project_engines"


class UnknownGame(KeyError):
    """No engine claims this game (the game may still have a card spec and a rulebook)."""


@dataclass(frozen=True)
class Claim:
    """One engine claiming a game: where it comes from, and how to load its class."""

    game: str
    origin: str                         # as shown in messages
    files: tuple[Path, ...]             # where its code lives (to locate an error)
    load: Callable[[], object]
    source: str = ""                    # in short: the package and version, or the project's file


class Games:
    """The engines of one project folder: installed ones and the project's own, loaded on
    first use, one instance each (so each reads that project's printed kit)."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.claims: dict[str, list[Claim]] = {}
        for claim in [*_installed(), *_project_claims(self.root)]:
            same = self.claims.setdefault(claim.game, [])
            if all(c.origin != claim.origin for c in same):
                same.append(claim)
        self._loaded: dict[str, Game] = {}
        self._prints: dict[tuple[str, bool], str] = {}      # fingerprints, read once like the engines

    def names(self) -> list[str]:
        """Every game some engine claims, loaded or not."""
        return sorted(self.claims)

    def __contains__(self, name: object) -> bool:
        return name in self.claims

    def source(self, name: str) -> str:
        """Where the engine of ``name`` comes from, in short ("forge-cards 0.2.0", "cardspecs/x/engine.py",
        several joined when engines clash); "" when none claims it."""
        return " + ".join(c.source for c in self.claims.get(name, []))

    def fingerprint(self, name: str, played: bool = False) -> str:
        """A hash of everything the engine of ``name`` plays from: forge's version and engine
        code, the engine's own code, the files its printed kit was read from and the data files
        of its rules folder (not the rulebook's text). A result computed by the engine alone
        (a simulation) is the same for the same fingerprint. With ``played``, the kit counts
        only by what the rules play from it, when the game says (:meth:`Game.kit_played`):
        the fingerprint of a simulation, whose figures nothing else of the kit changes. Read once,
        as the engine and its kit are (:func:`refresh` forgets both)."""
        if (name, played) in self._prints:
            return self._prints[name, played]
        game = self.get(name)
        code = [p for f in self.claims[name][0].files for p in (sorted(f.rglob("*.py")) if f.is_dir() else [f])]
        forge_code = sorted(Path(__file__).parent.glob("*.py"))
        folder = game.rules_folder
        data = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".md") if folder.is_dir() else []
        kit = game.kit_played() if played else None
        found = self._prints[name, played] = digest(__version__, API_VERSION, name, kit, files_digest(
            [*forge_code, *code, *(game.kit.files if kit is None else ()), *data], self.root))
        return found

    def get(self, name: str) -> Game:
        """The engine of ``name``; UnknownGame when none claims it, EngineLoadError when it
        cannot be used."""
        if name in self._loaded:
            return self._loaded[name]
        claims = self.claims.get(name)
        if not claims:
            raise UnknownGame(name)
        if len(claims) > 1:
            first, second = claims[0], claims[1]
            raise EngineLoadError(_where(second), f"two engines claim the game '{name}': {first.origin} and "
                                  f"{second.origin}", hint="uninstall one, or rename one of the games")
        game = _instance(claims[0], self.root)
        self._loaded[name] = game
        return game


def _installed() -> list[Claim]:
    """The engines of installed packages (entry point group ``forge.games``)."""
    out = []
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: (e.name, e.value)):
        dist = getattr(ep, "dist", None)
        package = f" ({dist.name} {dist.version})" if dist is not None else ""
        module = ep.value.split(":")[0]
        out.append(Claim(ep.name, f"entry point {ep.name} = {ep.value}{package}", _module_files(module), ep.load,
                         package.strip(" ()") or ep.value))
    return out


def _module_files(module: str) -> tuple[Path, ...]:
    """The file of an installed engine's module (without importing it), to locate errors."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return ()
    if spec is None or not spec.origin:
        return ()
    origin = Path(spec.origin)
    return (origin.parent,) if origin.name == "__init__.py" else (origin,)


def _project_claims(root: Path) -> list[Claim]:
    """The engines of the project: ``cardspecs/<game>/engine.py`` or ``…/engine/__init__.py``."""
    folder = root / "cardspecs"
    if not folder.is_dir():
        return []
    out = []
    for sub in sorted(p for p in folder.iterdir() if p.is_dir() and NAME.match(p.name)):
        module, package = sub / "engine.py", sub / "engine" / "__init__.py"
        found = [p for p in (module, package) if p.is_file() or p.is_symlink()]
        for path in found:
            rel = path.relative_to(root)
            out.append(Claim(sub.name, str(rel), (path if path == module else path.parent,),
                             lambda path=path, game=sub.name: _import_project_engine(root, game, path), str(rel)))
    return out


def _import_project_engine(root: Path, game: str, path: Path):
    """Import a project's engine as ``forge_project_engines.<hash>_<game>`` (a package when it
    is one, so its modules import each other relatively)."""
    resolved, top = path.resolve(), root.resolve()
    if top not in resolved.parents:
        raise PathError(Location.of(path), f"the engine of {game} leads out of the project (to {resolved})",
                        hint="a project's engine is its own code, inside the project folder")
    tag = hashlib.sha256(str(top).encode()).hexdigest()[:10]
    name = f"{PROJECT_PACKAGE}.p{tag}_{game.replace('-', '_')}"
    if PROJECT_PACKAGE not in sys.modules:
        sys.modules[PROJECT_PACKAGE] = importlib.util.module_from_spec(
            importlib.util.spec_from_loader(PROJECT_PACKAGE, loader=None, is_package=True))
    if name in sys.modules:
        module = sys.modules[name]
    else:
        package = [str(resolved.parent)] if resolved.name == "__init__.py" else None
        spec = importlib.util.spec_from_file_location(name, resolved, submodule_search_locations=package)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        writes = sys.dont_write_bytecode
        sys.dont_write_bytecode = True          # no __pycache__ in the project's card folders
        try:
            spec.loader.exec_module(module)
        except BaseException:
            for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
                del sys.modules[key]
            raise
        finally:
            sys.dont_write_bytecode = writes
    classes = [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, Game) and v is not Game
               and getattr(v, "name", None) == game]
    if len(classes) != 1:
        others = sorted({getattr(v, "name", "?") for v in vars(module).values()
                         if isinstance(v, type) and issubclass(v, Game) and v is not Game})
        raise _Declared("name", f"defines {len(classes) or 'no'} Game subclass{'es' if len(classes) > 1 else ''} "
                        f"named '{game}' (expected one: class …(Game): name = \"{game}\""
                        f"{'; found ' + ', '.join(repr(o) for o in others) if others else ''})")
    return classes[0]


class _Declared(Exception):
    """An engine's class (or module) declares something wrong: (attribute, message)."""


def _instance(claim: Claim, root: Path) -> Game:
    """Load the claim's class, check its declaration and make its instance for ``root``."""
    cls = None
    try:
        cls = claim.load()
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise _Declared("", f"names {cls!r}, which is not a Game subclass (expected a class …(forge.engine.Game))")
        problems = problems_of(cls)
        if problems:
            attribute, message = problems[0]
            more = f" (and {len(problems) - 1} more problem{'s' * (len(problems) > 2)})" if len(problems) > 1 else ""
            raise _Declared(attribute, message + more)
        if cls.name != claim.game:
            raise _Declared("name", f"declares name = {cls.name!r}, but is registered as '{claim.game}' "
                            "(expected the same id)")
        game = cls()
    except _Declared as exc:
        attribute, message = exc.args
        file, line = attribute_line(cls, attribute) if cls is not None else (None, 0)
        where = Location.of(file, line) if file else _where(claim)
        raise EngineLoadError(where, f"engine of '{claim.game}' ({claim.origin}) {message}") from None
    except (InputError, ErrorGroup):
        raise
    except Exception as exc:
        what = ("cannot be imported" if isinstance(exc, (ImportError, SyntaxError)) else
                "names what its module does not define" if cls is None and isinstance(exc, AttributeError) else
                "raised while loading")
        raise EngineLoadError(_frame(exc, claim), f"engine of '{claim.game}' ({claim.origin}) {what}: "
                              f"{type(exc).__name__}: {str(exc)[:160]}") from exc
    game.project = root
    return game


def _where(claim: Claim) -> Location:
    """The claim's own file (its first line), for an error that has no better place."""
    if claim.files:
        f = claim.files[0]
        return Location.of(f / "__init__.py" if f.is_dir() else f, 1)
    return Location("forge.games")


def _frame(exc: BaseException, claim: Claim) -> Location:
    """The innermost line of the engine's own code in ``exc``'s traceback (its syntax error's
    line), else the engine's file."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return Location.of(exc.filename, exc.lineno or 0)
    inside = [f for f in traceback.extract_tb(exc.__traceback__)
              if any(Path(f.filename) == c or c in Path(f.filename).parents for c in claim.files)]
    return Location.of(inside[-1].filename, inside[-1].lineno or 0) if inside else _where(claim)


_GAMES: dict[Path, Games] = {}


def project_of(path: Path | None = None) -> Path:
    """The project a file belongs to: the nearest folder above it that holds ``cardspecs/`` (the
    printed kits its games play), else the current folder."""
    if path is not None:
        for parent in Path(path).absolute().parents:
            if (parent / "cardspecs").is_dir():
                return parent
    return Path.cwd()


def games(root: Path | None = None) -> Games:
    """The engines of the project ``root`` (default: the current folder), found once."""
    key = Path(root or Path.cwd()).absolute()
    if key not in _GAMES:
        _GAMES[key] = Games(key)
    return _GAMES[key]


def get_game(name: str, root: Path | None = None) -> Game:
    """The engine of game ``name`` in the project ``root`` (see :meth:`Games.get`)."""
    return games(root).get(name)


def game_names(root: Path | None = None) -> list[str]:
    """Every game an engine claims in the project ``root``."""
    return games(root).names()


def refresh(root: Path | None = None) -> None:
    """Forget the engines found for ``root`` (all projects when None), so the next use finds
    them again and re-reads the project's engine code and printed kit (``forge watch``)."""
    keys = list(_GAMES) if root is None else [Path(root).absolute()]
    for key in keys:
        _GAMES.pop(key, None)
    for name in [k for k in sys.modules if k.startswith(PROJECT_PACKAGE + ".")]:
        del sys.modules[name]


def kit_problems(spec) -> list:
    """What the game's engine (if it has one) finds wrong with the printed kit ``spec``."""
    root = Path(spec.root) if spec.root else project_of(Path(spec.path))
    try:
        game = get_game(spec.game, root)
    except UnknownGame:
        return []
    return game.check_kit(Kit(spec))
