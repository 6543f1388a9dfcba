"""The rules engine's core protocol: what a game declares and what a state does.

A :class:`Game` declares its players, fields, rulings and policies as class attributes and
builds a :class:`State` from players, options and a seeded ``random.Random``. A state says
who may act now (a *set* of seats, so simultaneous votes and out-of-turn plays fit), lists a
seat's legal moves, performs a move, says when the game is over and the scores, and checks
its invariants on demand. ``docs/engines.md`` documents the whole protocol; this module is
re-exported by :mod:`forge.engine`, the one module a game imports.

Moves are small frozen objects whose ``str()`` is their notation in a rulebook ("play 9 9
J", "pass", "vote B"); :meth:`Game.parse_move` reads it back.

Where the rules are silent, a state calls :meth:`State.rule` with the name of a documented
house ruling (``Game.RULINGS`` maps each name to its text); every use is counted in
``State.rulings`` so a simulation can report how often it happens.

For rulebooks, :meth:`Game.figure` says how a worked example looks: a list of :class:`Shown`
items (a player's hand, a vote, a move…) naming printed cards by the fields of their row in
the game's cardspec, so the figure draws the real cards.

Chance is explicit: all shuffles and draws use the state's ``rng``, seeded by forge, and games
accept a fixed deal through their ``given`` fields so examples and tests can script one.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Callable, ClassVar, Mapping, Sequence

from ..errors import IllegalMove, MoveError
from .chance import pick
from .fields import Field
from .kit import Kit, load_kit

__all__ = ["API_VERSION", "Game", "State", "AboutRun", "CardRef", "Shown", "Policy", "random_policy", "playout"]

#: the version of the engine API this forge implements; a game declares the one it was
#: written for (``Game.api_version``) and forge refuses any other, naming both
API_VERSION = 1


@dataclass(frozen=True)
class CardRef:
    """A printed card: the component of the game's cardspec and the row fields that pick it.
    ``face_down``: drawn as its component's back (a card turned down on the table), its
    alternative text saying so; ``caption``: a short text drawn on the card in the page's
    type (its number), so that the reader can follow words that name it."""

    component: str
    match: tuple[tuple[str, str], ...]
    label: str                        # the card in example notation ("9", "J", "A")
    face_down: bool = False
    caption: str = ""


@dataclass(frozen=True)
class Shown:
    """One thing a worked example's figure shows, language-neutral.

    ``key`` names it for the rulebook's figure strings (``hand``, ``leader``, ``play``…);
    ``who`` is a player; ``cards`` are drawn; ``value`` is said in words; items that share a
    ``group`` (a turn of simultaneous votes) are drawn side by side; ``parts`` (a table row's
    entries, say) are each worded by their own key and joined into the item's ``{parts}``.

    A tree (a family, say) is drawn from situation items with ``units``: each such item is a
    row, worded like any item, drawn under the one before. A unit is a ``Shown`` whose
    ``cards`` are drawn touching (a couple); its ``parent`` is the index of a unit of the row
    above, to which a line links it (children are drawn under their parents)."""

    key: str
    who: str | None = None
    cards: tuple[CardRef, ...] = ()
    value: object = None
    group: int | None = None
    parts: tuple["Shown", ...] = ()     # worded one by one and joined into the {parts} slot
    units: tuple["Shown", ...] = ()     # a row of a tree: its units, left to right
    parent: int | None = None           # a unit's parent: its index among the row above's units


@dataclass(frozen=True)
class AboutRun:
    """The simulation behind a rulebook's appendix of simulated games: ``games`` games for
    each player count (``players``; none named: every count the game allows), seeded
    (``forge simulate --players N --games G --seed S --policy P`` prints the same figures).
    ``variants`` are option sets (``"KEY=VALUE KEY=VALUE"``, as ``--option`` reads them) played
    too, for the house rulings only they reach. ``lengths=False`` leaves game lengths out (a game
    whose players act together, where a move is not a turn)."""

    games: int
    seed: int
    policy: str = "random"
    players: tuple[int, ...] = ()
    variants: tuple[str, ...] = ()
    lengths: bool = True             # False: a move is not a turn (players vote together), no length shown

    def command(self, game: str) -> str:
        """The ``forge simulate`` command that prints the same figures (N: a player count)."""
        return (f"forge simulate {game} --players N --games {self.games} --seed {self.seed} "
                f"--policy {self.policy} --json")

    def counts(self, game: "Game") -> tuple[int, ...]:
        """The player counts played: those named, else every count ``game`` allows."""
        return self.players or tuple(range(game.min_players, game.max_players + 1))


class State:
    """One game in progress. A game subclasses it and fills in the protocol methods.

    forge gives every state ``game`` (its :class:`Game`), ``players`` (names, in seat
    order), ``rng`` (a ``random.Random`` seeded by forge: use it for every shuffle and draw),
    ``rulings`` (a Counter of the house rulings applied) and ``steps`` (moves performed)."""

    game: "Game"
    players: tuple[str, ...]

    def __init__(self, game: "Game", players: Sequence[str], rng: random.Random):
        self.game = game
        self.players = tuple(players)
        self.rng = rng
        self.rulings: Counter[str] = Counter()
        self.steps = 0

    # -- the protocol: a game implements these --------------------------------------
    def to_act(self) -> frozenset[int]:
        """Seats that may move now (empty when the game is over)."""
        raise NotImplementedError

    def legal_moves(self, seat: int) -> list:
        """Every move ``seat`` may make now (empty if it may not act)."""
        raise NotImplementedError

    def perform(self, seat: int, move) -> None:
        """Perform a move already known to be legal (simulation calls it directly)."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """Whether the game has ended."""
        raise NotImplementedError

    def scores(self) -> list[int]:
        """Each seat's score (at the end: what decides the winners)."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise InvariantError if a card is lost or doubled, or scores disagree with the zones."""
        raise NotImplementedError

    def observe(self, key: str, want=None):
        """The value of the ``expect`` field ``key`` now, for a worked example (``want`` is
        what the example expects, for fields that compare part of a value); NotImplemented
        for a key the game does not know."""
        return NotImplemented

    # -- optional: defaults a game may override ------------------------------------
    def winners(self) -> list[int]:
        """The seats that won a finished game: by default those with the highest score (games
        with a tie-break override this)."""
        scores = self.scores()
        return [s for s, v in enumerate(scores) if v == max(scores)]

    def bare(self, move):
        """``move`` as legal_moves lists it (a game whose moves carry what is said along with
        what is done strips the words here: legality never depends on them)."""
        return move

    def why_illegal(self, seat: int, move) -> str:
        """A short reason why ``move`` is against the rules now (games override for better words)."""
        return "the rules do not allow it now"

    def check_move(self, seat: int, move) -> None:
        """Raise MoveError when ``move`` cannot even be made by ``seat`` (e.g. cards it does not
        hold): a mistake in an example, not a move against the rules. Games override this."""

    def zones(self) -> Mapping[str, object] | None:
        """Where every card is, zone name → the cards there (an iterable, or a count): forge's
        test kit checks that the cards in play stay the same from move to move. None (the
        default): the game checks its own cards in :meth:`check_invariants`."""
        return None

    # -- given by forge -------------------------------------------------------------
    def apply(self, seat: int, move) -> None:
        """Apply ``move`` for ``seat``; a move against the rules raises IllegalMove saying why."""
        self.check_move(seat, move)
        if self.is_over():
            raise IllegalMove(f"{self.players[seat]} cannot {move}: the game is over")
        if seat not in self.to_act():
            raise IllegalMove(f"{self.players[seat]} cannot {move}: it is not their turn "
                              f"(waiting for {', '.join(self.players[s] for s in sorted(self.to_act()))})")
        legal = self.legal_moves(seat)
        if self.bare(move) not in legal:
            raise IllegalMove(f"{self.players[seat]} cannot {move}: {self.why_illegal(seat, move)}")
        self.perform(seat, move)
        self.steps += 1

    def rule(self, name: str) -> None:
        """Apply the documented house ruling ``name`` (counted in ``rulings``)."""
        assert name in self.game.RULINGS, f"undocumented ruling {name}"
        self.rulings[name] += 1

    def seat(self, name: str) -> int:
        """The seat of the player ``name``; MoveError when nobody has that name."""
        try:
            return self.players.index(name)
        except ValueError:
            raise MoveError(f"no player named {name[:40]!r} (players: {', '.join(self.players)})") from None


class Game:
    """A game's rules: what it declares, how it builds states and reads move notation.

    forge makes one instance per project and sets ``project`` (the project's folder); the
    printed kit (:attr:`kit`) and the rules folder (:attr:`rules_folder`) are found from it."""

    #: the game's id: the name of its card spec and rules folder (``cardspecs/<name>.yaml``)
    name: ClassVar[str]
    #: the version of the engine API the game was written for (forge.engine.API_VERSION)
    api_version: ClassVar[int]
    #: the game's name in messages ("Potions of the Sea"); default: its id
    title: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: ruling name → the house rule it applies, as written in the rulebook
    RULINGS: ClassVar[dict[str, str]] = {}
    #: what a worked example's ``given:`` may set (the situation), by key
    GIVEN_FIELDS: ClassVar[dict[str, Field]] = {}
    #: the game's options: ``options:`` of an example, ``--option KEY=VALUE`` of forge simulate
    OPTION_FIELDS: ClassVar[dict[str, Field]] = {}
    #: what a worked example's ``expect:`` may check, by key (read by :meth:`State.observe`)
    EXPECT_FIELDS: ClassVar[dict[str, Field]] = {}
    #: the ways a simulated player chooses (``--policy``), besides ``random``
    POLICIES: ClassVar[dict[str, "Policy"]] = {}
    #: the run behind the rulebook's "about the game" box (None: no box, e.g. when moves are
    #: not turns, as in a game of simultaneous votes)
    ABOUT: ClassVar["AboutRun | None"] = None
    #: a playout still going after this many moves is a game that does not end
    MAX_STEPS: ClassVar[int] = 1_000_000

    project: Path = Path(".")

    # -- the protocol: a game implements these --------------------------------------
    def new_state(self, players: Sequence[str], options: Mapping | None = None,
                  rng: random.Random | None = None) -> State:
        """A game about to start (or, with ``given`` fields among ``options``, the situation an
        example describes); raise IllegalMove (wrong player count) or MoveError (a bad card)."""
        raise NotImplementedError

    def parse_move(self, text: str):
        """The move written ``text`` in the rulebook's notation; MoveError when it is not one."""
        raise NotImplementedError

    # -- optional: defaults a game may override ------------------------------------
    def figure(self, given: Mapping, moves: Sequence[str]) -> tuple[list[Shown], list[Shown]]:
        """How a worked example looks: (the situation, the moves). Games override this to
        draw their cards; by default every given value and every move is said in words."""
        situation = [Shown(str(k), value=v) for k, v in given.items()]
        steps = []
        for text in moves:
            who, _, move = str(text).partition(":")
            steps.append(Shown("move", who.strip(), value=move.strip()))
        return situation, steps

    def check_kit(self, kit: Kit) -> list:
        """What the engine needs of the printed kit, checked whenever it is loaded: a list of
        located errors (:meth:`Kit.error`), empty when the kit will play."""
        return []

    def kit_played(self) -> object:
        """What of the printed kit the rules play from, as plain data (numbers, strings, lists,
        mappings): the deck as the rules see it, say its counts by rank. Return it only when
        the rules read the kit through it alone; a simulation's figures (the rulebook's
        appendix of simulated games) are then kept when the kit changes elsewhere: a card's
        colour, a word, a picture. None (the default): the whole kit, every file it is read from."""
        return None

    def check_options(self, options: Mapping) -> list[str]:
        """What is wrong with options already read by their declared kinds (e.g. an added rule
        that does not exist): a list of messages, empty when they are fine."""
        return []

    def check_source(self, folder: Path) -> list:
        """What ``forge check`` asks of the game's rules folder beyond its examples (e.g. that
        every added rule of a rules file can trigger and keeps games ending): located errors."""
        return []

    def study(self, players: int, games: int, seed: int, options: Mapping, match: int | None = None,
              all_pairs: bool = False) -> dict:
        """A game's own report on its options for ``forge simulate`` (title, columns, rows): with
        ``match``, that many games in a row; with ``all_pairs``, every pair of its added rules
        against the base game (``--rules all-pairs``), with a ``matrix`` of what each pair changes."""
        raise NotImplementedError

    # -- given by forge -------------------------------------------------------------
    @cached_property
    def kit(self) -> Kit:
        """The printed kit, ``cardspecs/<name>.yaml`` of the project, loaded and checked on first
        use: the engine plays the deck that is printed."""
        return load_kit(self.project, self.name, self.check_kit)

    @property
    def rules_folder(self) -> Path:
        """The game's rules folder in the project, ``rules_src/<name>/``."""
        return self.project / "rules_src" / self.name

    def check_players(self, players: Sequence[str]) -> None:
        """Raise IllegalMove for a wrong number of players or two players of one name."""
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalMove(f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                              f"not {len(players)}")
        if len(set(players)) != len(players):
            raise IllegalMove("two players have the same name")


Policy = Callable[[State, int, random.Random], object]


def random_policy(state: State, seat: int, rng: random.Random):
    """Pick uniformly among the legal moves."""
    return pick(state.legal_moves(seat), rng)


def playout(state: State, policy: Policy | Mapping[int, Policy] = random_policy,
            rng: random.Random | None = None, check: bool = False, max_steps: int = 1_000_000) -> State:
    """Play ``state`` to its end; seats acting together move in seat order.
    With ``check`` the invariants are verified after every step."""
    rng = rng or state.rng
    policies = policy if isinstance(policy, Mapping) else None
    is_over, to_act, perform = state.is_over, state.to_act, state.perform     # the hot loop's calls
    while not is_over():
        if state.steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        acting = to_act()
        if len(acting) == 1:                                 # the usual case: one seat moves
            for seat in acting:
                perform(seat, (policies[seat] if policies else policy)(state, seat, rng))
            state.steps += 1
            if check:
                state.check_invariants()
            continue
        for seat in sorted(acting):
            if seat not in to_act():                         # an earlier move changed the turn
                continue
            perform(seat, (policies[seat] if policies else policy)(state, seat, rng))
            state.steps += 1
            if check:
                state.check_invariants()
            if is_over():
                break
    return state
