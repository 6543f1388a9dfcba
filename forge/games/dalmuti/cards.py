"""The Great Dalmuti's cards and moves: ranks 1–12 and the jester, the move notation a
rulebook quotes ("play 9 9 J", "pass", "give 11 12", "revolution"), every possible play built
once for the engine's hot path, and the printed deck read from the kit (the rules themselves
are in :mod:`.state`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement
from typing import Sequence

from forge.engine import CardRef, IllegalMove, MoveError, SpecError

__all__ = ["JESTER", "Play", "Pass", "Give", "Revolution", "PASS", "parse_cards", "show_cards", "play_of",
           "parse_move", "refs", "PLAYS", "LEAD", "JESTERS_ALONE", "FOLLOW", "GIVES", "GIVE_ONE", "GIVE_TWO",
           "REVOLUTIONS", "check_deck",
           "deck_from_kit", "ordered_deck"]

JESTER = 13


def parse_cards(text: str) -> list[int]:
    """'9 9 J' → [9, 9, 13]."""
    out = []
    for tok in str(text).split():
        if tok.upper() in ("J", "★", "JESTER", "JOKER"):
            out.append(JESTER)
        elif tok.isascii() and tok.isdigit() and 1 <= int(tok[:3]) <= 12:
            out.append(int(tok))
        else:
            raise MoveError(f"not a Dalmuti card: {tok[:20]!r} (expected 1 to 12, or J for a jester)")
    return out


def refs(text: str) -> tuple[CardRef, ...]:
    """Example notation → the printed cards (the deck file's rows: by value, the jester by name)."""
    return tuple(CardRef("cards", (("name", "jester"),) if c == JESTER else (("value", str(c)),),
                         "J" if c == JESTER else str(c)) for c in parse_cards(text))


def show_cards(cards: Sequence[int]) -> str:
    return " ".join("J" if c == JESTER else str(c) for c in sorted(cards))


@dataclass(frozen=True)
class Play:
    rank: int          # the rank the play counts as (13 for jesters alone)
    natural: int       # cards of that rank
    jesters: int
    size: int = field(init=False, repr=False, compare=False)    # cards played: natural + jesters

    def __post_init__(self):
        object.__setattr__(self, "size", self.natural + self.jesters)

    def cards(self) -> list[int]:
        return [self.rank] * self.natural + [JESTER] * self.jesters if self.rank != JESTER \
            else [JESTER] * self.jesters

    def __str__(self) -> str:
        return "play " + show_cards(self.cards())


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Give:
    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "give " + show_cards(self.cards)


@dataclass(frozen=True)
class Revolution:
    declare: bool

    def __str__(self) -> str:
        return "revolution" if self.declare else "no revolution"


PASS = Pass()
#: every possible play, built once: PLAYS[rank][natural][jesters]
PLAYS = [[[Play(r, n, k) for k in range(3)] for n in range(13)] for r in range(14)]
#: what a leader holding ``h`` cards of rank ``r`` and ``j`` jesters may lead with them:
#: LEAD[j][r][h], one to h cards of the rank, each with none up to j jesters (a play holds two at
#: most: more jesters held count as two, here and below)
LEAD = [[[tuple(p for n in range(1, h + 1) for p in PLAYS[r][n][:j + 1]) for h in range(13)] for r in range(13)]
        for j in range(3)]
LEAD += [LEAD[2]] * 12
#: jesters led alone, by the jesters held
JESTERS_ALONE = [tuple(PLAYS[JESTER][0][1:j + 1]) for j in range(3)]
JESTERS_ALONE += [JESTERS_ALONE[2]] * 12
#: the plays of ``size`` cards made of ``h`` cards of rank ``r`` held and up to ``hi`` jesters (at
#: least one natural card), fewest jesters first: _UP_TO[size][hi][r][h]
_UP_TO = [[[[every[max(0, size - h) - lo:] for h in range(13)]
            for every in (tuple(PLAYS[r][size - k][k] for k in range(lo, hi + 1)) for r in range(13))]
           for hi in range(3) for lo in [max(0, size - 12)]] for size in range(15)]
#: FOLLOW[size][j][r][h]: what a player holding ``h`` cards of rank ``r`` and ``j`` jesters may
#: play on a play of ``size`` cards (jesters fill in, one natural card at least)
FOLLOW = [[_UP_TO[size][max(0, min(j, size - 1, 2))] for j in range(15)] for size in range(15)]
#: every gift of one or two cards (the Dalmutis' give-back), by its sorted cards
GIVES = {cards: Give(cards) for k in (1, 2) for cards in combinations_with_replacement(range(1, 14), k)}
#: the same gifts by their cards: GIVE_ONE[a] gives card a, GIVE_TWO[a][b] cards a and b (a ≤ b)
GIVE_ONE = [GIVES.get((a,)) for a in range(14)]
GIVE_TWO = [[GIVES.get((a, b)) for b in range(14)] for a in range(14)]
REVOLUTIONS = [Revolution(True), Revolution(False)]


def play_of(cards: Sequence[int]) -> Play | None:
    jesters = sum(1 for c in cards if c == JESTER)
    ranks = {c for c in cards if c != JESTER}
    if len(ranks) > 1 or not cards:
        return None
    if not ranks:
        return Play(JESTER, 0, jesters)
    return Play(ranks.pop(), len(cards) - jesters, jesters)


def parse_move(text: str):
    """A move in the notation a rulebook quotes: ``play 9 9 J``, ``pass``, ``give 11 12``,
    ``revolution`` or ``no revolution``."""
    t = text.strip()
    if t == "pass":
        return PASS
    if t in ("revolution", "no revolution"):
        return Revolution(t == "revolution")
    verb, _, rest = t.partition(" ")
    if verb == "play":
        play = play_of(parse_cards(rest))
        if play is None:
            raise IllegalMove(f"not a Dalmuti play: {text!r} (cards of one rank, with jesters if any)")
        return play
    if verb == "give":
        return Give(tuple(sorted(parse_cards(rest))))
    raise MoveError(f"not a Dalmuti move: {text[:40]!r} (expected play …, pass, give …, revolution)")


def check_deck(kit, max_players: int) -> list:
    """The printed deck (component ``cards``): one row per rank, value 1 to 12 or a jester
    (any other value), each rank once, and enough cards that every hand dealt to the most
    players holds two numbered cards besides all the jesters: a Greater Peon can always pay
    the taxes (80 cards for 8 players: 10 cards a hand, 2 jesters at most)."""
    comp, problems = kit.require("cards", "Dalmuti")
    if comp is None:
        return problems
    problems, seen, jesters = [], {}, 0
    for row in comp.rows:
        value = str(row.fields.get("value", ""))
        rank = (int(value) if 1 <= int(value[:3]) <= 12 and len(value) < 3 else None) \
            if value.isascii() and value.isdigit() else JESTER
        if rank is None:
            problems.append(SpecError(row.location, f"a Dalmuti rank is 1 to 12 (got {value[:12]!r})",
                                      hint="a row whose value is not a number is the jester"))
        elif rank in seen:
            problems.append(SpecError(row.location, f"rank {'J' if rank == JESTER else rank} is listed "
                                      f"twice (first at line {seen[rank].line})",
                                      hint="one row per rank; its 'copies' says how many cards"))
        else:
            seen[rank] = row.location
            jesters += row.copies if rank == JESTER else 0
    total, least = comp.count(kit.languages[0]), max_players * (2 + jesters)
    if not problems and total < least:
        problems.append(SpecError(comp.location, f"the deck holds {total} cards (expected at least {least}: "
                                  f"dealt to {max_players} players, every hand must hold two numbered cards "
                                  f"for the taxes besides the {jesters} jesters)",
                                  hint="the Dalmuti deck has 80 cards: n cards of rank n, and 2 jesters"))
    return problems


def deck_from_kit(kit) -> list[int]:
    """Counts by rank (index 1–13, 13 = jester) of the printed deck: the rows of the ``cards``
    component of the kit (checked by :meth:`Dalmuti.check_kit`)."""
    counts = [0] * 14
    for row in kit.component("cards").rows:
        value = str(row.fields.get("value", ""))
        counts[int(value) if value.isdigit() else JESTER] += row.copies
    return counts


@cache
def ordered_deck(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of a deck (counts by rank, as :func:`deck_from_kit` gives), rank by rank: the
    deck before a shuffle, made once per deck."""
    return tuple(r for r in range(1, 14) for _ in range(counts[r]))
