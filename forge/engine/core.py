"""The rules engine's core protocol.

A :class:`Game` builds a :class:`State` from players, options and a seeded
``random.Random``. A state says who may act now (a *set* of seats, so simultaneous
votes and out-of-turn plays fit), lists a seat's legal moves, applies a move
(refusing an illegal one with :class:`~forge.errors.IllegalMove`), says when the game
is over and the scores, and checks its invariants on demand.

Moves are small frozen dataclasses whose ``str()`` is their notation in a rulebook
("play 9 9 J", "pass", "vote B"); ``Game.parse_move`` reads it back.

Where the rules are silent, a state calls :meth:`State.rule` with the name of a
documented house ruling (``Game.RULINGS`` maps each name to its text); every use is
counted in ``State.rulings`` so a simulation can report how often it happens.

For rulebooks, :meth:`Game.figure` says how a worked example looks: a list of
:class:`Shown` items (a player's hand, a vote, a move…) naming printed cards by the
fields of their row in the game's cardspec, so the figure draws the real cards.

Chance is explicit: all shuffles and draws use the state's ``rng``, and games accept
a fixed deal through their options so tests and examples can script one.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable, ClassVar, Mapping, Sequence

from pathlib import Path

from ..errors import EngineError, IllegalMove, MoveError

__all__ = ["Game", "State", "AboutRun", "CardRef", "Shown", "Policy", "random_policy", "playout", "GAMES", "register", "get_game",
           "kit_file", "kit_spec", "kit_component", "game_names"]


@dataclass(frozen=True)
class CardRef:
    """A printed card: the component of the game's cardspec and the row fields that pick it."""

    component: str
    match: tuple[tuple[str, str], ...]
    label: str                        # the card in example notation ("9", "J", "A")


@dataclass(frozen=True)
class Shown:
    """One thing a worked example's figure shows, language-neutral.

    ``key`` names it for the rulebook's figure strings (``hand``, ``leader``, ``play``…);
    ``who`` is a player; ``cards`` are drawn; ``value`` is said in words; items that share a
    ``group`` (a turn of simultaneous votes) are drawn side by side; ``parts`` (a table row's
    entries, say) are each worded by their own key and joined into the item's ``{parts}``."""

    key: str
    who: str | None = None
    cards: tuple[CardRef, ...] = ()
    value: object = None
    group: int | None = None
    parts: tuple["Shown", ...] = ()     # worded one by one and joined into the {parts} slot


@dataclass(frozen=True)
class AboutRun:
    """The simulation behind a rulebook's "about the game" box: ``games`` games for each
    player count, seeded (``forge simulate --players N --games G --seed S --policy P`` prints
    the same figures)."""

    players: tuple[int, ...]
    games: int
    seed: int
    policy: str = "random"

    def command(self, game: str) -> str:
        """The ``forge simulate`` command that prints the same figures (N: a player count)."""
        return (f"forge simulate {game} --players N --games {self.games} --seed {self.seed} "
                f"--policy {self.policy} --json")


class State:
    """One game in progress. Subclasses fill in the rules."""

    game: "Game"
    players: tuple[str, ...]

    def __init__(self, game: "Game", players: Sequence[str], rng: random.Random):
        self.game = game
        self.players = tuple(players)
        self.rng = rng
        self.rulings: Counter[str] = Counter()
        self.steps = 0

    # -- the protocol --------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        """Seats that may move now (empty when the game is over)."""
        raise NotImplementedError

    def legal_moves(self, seat: int) -> list:
        """Every move ``seat`` may make now (empty if it may not act)."""
        raise NotImplementedError

    def _apply(self, seat: int, move) -> None:
        """Apply a move already known to be legal."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The seats that won a finished game: by default those with the highest score (games
        with a tie-break override this)."""
        scores = self.scores()
        return [s for s, v in enumerate(scores) if v == max(scores)]

    def check_invariants(self) -> None:
        """Raise InvariantError if a card is lost or doubled or scores disagree."""
        raise NotImplementedError

    # -- shared behaviour ------------------------------------------------------
    def apply(self, seat: int, move) -> None:
        """Apply ``move`` for ``seat``; an illegal move raises IllegalMove saying why."""
        self.check_move(seat, move)
        if self.is_over():
            raise IllegalMove(f"{self.players[seat]} cannot {move}: the game is over")
        if seat not in self.to_act():
            raise IllegalMove(f"{self.players[seat]} cannot {move}: it is not their turn "
                              f"(waiting for {', '.join(self.players[s] for s in sorted(self.to_act()))})")
        legal = self.legal_moves(seat)
        if self.bare(move) not in legal:
            raise IllegalMove(f"{self.players[seat]} cannot {move}: {self.why_illegal(seat, move)}")
        self._apply(seat, move)
        self.steps += 1

    def bare(self, move):
        """``move`` as legal_moves lists it (a game whose moves carry what is said along with
        what is done strips the words here: legality never depends on them)."""
        return move

    def why_illegal(self, seat: int, move) -> str:
        """A short reason for refusing ``move`` (games override for better words)."""
        return "the rules do not allow it now"

    def check_move(self, seat: int, move) -> None:
        """Raise MoveError when ``move`` cannot even be made by ``seat`` (e.g. cards it does not
        hold): a mistake in an example, not a refusal by the rules. Games override this."""

    def rule(self, name: str) -> None:
        """Apply the documented house ruling ``name`` (counted)."""
        assert name in self.game.RULINGS, f"undocumented ruling {name}"
        self.rulings[name] += 1

    def seat(self, name: str) -> int:
        try:
            return self.players.index(name)
        except ValueError:
            raise MoveError(f"no player named {name[:40]!r} (players: {', '.join(self.players)})") from None


class Game:
    """A game's rules: builds states and reads move notation."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: ruling name → the house rule it applies, as written in the rulebook
    RULINGS: ClassVar[dict[str, str]] = {}
    #: what a worked example may give, the game's options, what an example may expect
    #: (forge.engine.fields: read by the example checker, forge simulate and the README)
    #: the run behind the rulebook's "about the game" box (None: no box, e.g. when moves are
    #: not turns, as in Majority's simultaneous votes)
    ABOUT: ClassVar[AboutRun | None] = None
    GIVEN_FIELDS: ClassVar[dict] = {}
    #: a playout still going after this many moves is a game that does not end
    MAX_STEPS: ClassVar[int] = 1_000_000
    OPTION_FIELDS: ClassVar[dict] = {}
    EXPECT_FIELDS: ClassVar[dict[str, str]] = {}

    def new_state(self, players: Sequence[str], options: Mapping | None = None,
                  rng: random.Random | None = None) -> State:
        raise NotImplementedError

    def parse_move(self, text: str):
        raise NotImplementedError

    def figure(self, given: Mapping, moves: Sequence[str]) -> tuple[list[Shown], list[Shown]]:
        """How a worked example looks: (the situation, the moves). Games override this to
        draw their cards; by default every given value and every move is said in words."""
        situation = [Shown(str(k), value=v) for k, v in given.items()]
        steps = []
        for text in moves:
            who, _, move = str(text).partition(":")
            steps.append(Shown("move", who.strip(), value=move.strip()))
        return situation, steps

    def check_options(self, options: Mapping) -> list[str]:
        """What is wrong with options already read by their declared kinds (e.g. an added rule
        that does not exist): a list of messages, empty when they are fine."""
        return []

    def check_source(self, folder: Path) -> list:
        """What ``forge check`` asks of the game's rules folder beyond its examples (Chat vert:
        that every added rule can trigger and keeps games ending): located InputErrors."""
        return []

    def study(self, players: int, games: int, seed: int, options: Mapping, match: int | None = None) -> dict:
        """A game's own report on its options for ``forge simulate`` (title, columns, rows)."""
        raise NotImplementedError

    def check_kit(self, spec) -> list:
        """What the engine needs of the printed kit (``spec``, a loaded GameSpec), checked when
        the spec is loaded: a list of located InputErrors (empty when the kit will play)."""
        return []

    def check_players(self, players: Sequence[str]) -> None:
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalMove(f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                              f"not {len(players)}")
        if len(set(players)) != len(players):
            raise IllegalMove("two players have the same name")


Policy = Callable[[State, int, random.Random], object]


def random_policy(state: State, seat: int, rng: random.Random):
    """Pick uniformly among the legal moves."""
    moves = state.legal_moves(seat)
    return moves[rng.randrange(len(moves))]


def playout(state: State, policy: Policy | Mapping[int, Policy] = random_policy,
            rng: random.Random | None = None, check: bool = False, max_steps: int = 1_000_000) -> State:
    """Play ``state`` to its end; seats acting together move in seat order.
    With ``check`` the invariants are verified after every step."""
    rng = rng or state.rng
    policies = policy if isinstance(policy, Mapping) else None
    while not state.is_over():
        if state.steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        acting = state.to_act()
        for seat in (acting if len(acting) == 1 else sorted(acting)):
            if len(acting) > 1 and seat not in state.to_act():    # an earlier move changed the turn
                continue
            choose = policies[seat] if policies else policy
            state._apply(seat, choose(state, seat, rng))
            state.steps += 1
            if check:
                state.check_invariants()
            if state.is_over():
                break
    return state


GAMES: dict[str, Game] = {}


def register(game_cls: type[Game]) -> type[Game]:
    GAMES[game_cls.name] = game_cls()
    return game_cls


def get_game(name: str) -> Game:
    """The registered game ``name`` (imports forge.engine.games.<name> on first use)."""
    if name not in GAMES:
        import importlib
        try:
            importlib.import_module(f"forge.engine.games.{name}")
        except ModuleNotFoundError:
            pass
    if name not in GAMES:
        raise KeyError(name)
    return GAMES[name]


def game_names() -> list[str]:
    """The games forge has a rules engine for (the modules of forge.engine.games)."""
    import pkgutil
    from . import games
    return sorted(m.name for m in pkgutil.iter_modules(games.__path__) if not m.name.startswith("_"))


def kit_component(spec, name: str, title: str):
    """The component ``name`` of a loaded kit that an engine plays, with one data file for
    every language: (component, []) — or (None, [the located error]) when it is missing."""
    from ..errors import Location, SpecError
    comp = spec.components.get(name)
    if comp is None or comp.lang_rows:
        return None, [SpecError(Location(spec.path, 1), f"the {title} engine needs a '{name}' component with "
                                "one data file for every language", hint=f"see cardspecs/{spec.game}.yaml")]
    return comp, []


def kit_spec(game_name: str):
    """The game's printed kit, ``cardspecs/<game>.yaml``, loaded and checked by the spec loader
    (which also runs the game's :meth:`Game.check_kit`): the engine plays what is printed."""
    from ..cardspec.loader import load_spec
    path = kit_file(Path("cardspecs") / f"{game_name}.yaml")
    return load_spec(path, path.parent.parent)


def kit_file(relative: Path | str) -> Path:
    """A data file of the printed kit (``cardspecs/…``): in the project being worked on (the
    current folder), else in the source tree forge runs from. The engine plays the deck that
    is printed, so it reads its composition from there."""
    for root in (Path.cwd(), Path(__file__).resolve().parents[2]):
        if (root / relative).is_file():
            return root / relative
    raise EngineError(f"cannot find {relative} (run forge from a project folder holding cardspecs/)")
