"""Familienbande's portraits and moves: the traits and the sizes of the generations, the move
notation a rulebook quotes ("marry 17 on 4", "child 33 of 4+17", "pass"), the table entries of a
worked example ("33+40 of 4+17"), and the printed portraits read from the kit (the rules
themselves are in :mod:`.state`).

A portrait is known by its number; the deck maps each number to (gender, how many symbols of
each trait it shows), the traits in the order of :data:`TRAITS`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from forge.engine import MoveError, SpecError

__all__ = ["TRAITS", "LAST", "HAND", "FOUNDERS", "capacity", "CAPACITY", "penalty", "Marry", "Child", "Pass", "PASS", "Moves",
           "card_number", "parse_couple", "parse_entry", "parse_move", "check_deck", "deck_from_kit"]

TRAITS = ("ears", "glasses", "nose", "lips", "lock")
LAST = 5                       # generation 5 never marries; its 7th child ends the game
HAND = 5
FOUNDERS = 3


def capacity(gen: int) -> int:
    """Cards generation ``gen`` holds at most: 3 founders, then g + 2 children."""
    return FOUNDERS if gen == 1 else gen + 2


#: :func:`capacity` by generation, looked up (index 0 is no generation)
CAPACITY = (0,) + tuple(capacity(gen) for gen in range(1, LAST + 1))


def penalty(cards: int) -> int:
    """1 + 2 + … + n for n cards left in hand."""
    return cards * (cards + 1) // 2


@dataclass(frozen=True)
class Marry:
    card: int
    onto: int

    def __str__(self) -> str:
        return f"marry {self.card} on {self.onto}"


@dataclass(frozen=True)
class Child:
    card: int
    a: int                     # the couple, lower card number first
    b: int

    def __str__(self) -> str:
        return f"child {self.card} of {self.a}+{self.b}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


PASS = Pass()
GUARDS = sum(8 << 4 * t for t in range(len(TRAITS)))


class Moves:
    """The moves of one deck, each built once and shared by every game played with it (the hot
    path of a simulation lists them without building any): the marriages of every card, and
    each couple's possible children, found the first time the couple forms."""

    def __init__(self, deck: dict[int, tuple[str, tuple[int, ...]]]):
        self.deck = deck
        self.gender = {card: g for card, (g, _) in deck.items()}
        #: card → the gender it may marry
        self.mate = {card: "f" if g == "m" else "m" for card, g in self.gender.items()}
        #: the men as a bit mask over card numbers (a hand's men: ``held & men``)
        self.men = sum(1 << card for card, g in self.gender.items() if g == "m")
        #: trait → the cards showing it, as a bit mask over card numbers
        self.showing = [sum(1 << card for card, (_, counts) in deck.items() if counts[t]) for t in range(len(TRAITS))]
        #: card → the traits its symbols show, with how many: ((trait, count), …)
        self.symbols = {card: tuple((t, k) for t, k in enumerate(counts) if k) for card, (_, counts) in deck.items()}
        #: card → table card → the move marrying them
        self.marry = {c: {t: Marry(c, t) for t in deck if deck[t][0] != g} for c, (g, _) in deck.items()}
        #: card → its symbol counts packed 4 bits a trait (3 symbols: a count is at most 3)
        self.packed = {card: sum(k << 4 * t for t, k in enumerate(counts)) for card, (_, counts) in deck.items()}
        #: (a, b), lower number first → what the couple may have as a child: see :meth:`children`
        self.kin = _Kin(self)

    def children(self, a: int, b: int) -> tuple[int, dict[int, Child]]:
        """The cards the couple ``a``+``b`` (lower number first) may have as a child — those whose
        symbols are found among the couple's six, counting repeats — as a bit mask over card
        numbers, and card → its move (``kin[a, b]`` is the same, looked up without a call)."""
        return self.kin[a, b]

    def _find_children(self, a: int, b: int) -> tuple[int, dict[int, Child]]:
        # the couple's counts, at most 6 a trait, each with the 4th bit of its 4 set: taking a
        # card's counts away clears that bit only where the card shows more than the couple
        both = self.packed[a] + self.packed[b] | GUARDS
        cards = [c for c, counts in self.packed.items() if both - counts & GUARDS == GUARDS]
        return sum(1 << c for c in cards), {c: Child(c, a, b) for c in cards}


class _Kin(dict):
    """(a, b) → the couple's possible children (:meth:`Moves.children`), found when first needed."""

    def __init__(self, moves: Moves):
        super().__init__()
        self.moves = moves

    def __missing__(self, couple: tuple[int, int]) -> tuple[int, dict[int, Child]]:
        kin = self[couple] = self.moves._find_children(*couple)
        return kin


def card_number(token: str) -> int:
    """``"17"`` → 17: a portrait written by its number."""
    if not (token.isascii() and token.isdigit() and len(token) <= 4):
        raise MoveError(f"not a portrait number: {token[:12]!r} (expected the card's number, e.g. 17)")
    return int(token)


def parse_couple(text: str) -> tuple[int, int]:
    """``"4+17"`` → ``(4, 17)``, lower number first."""
    a, plus, b = text.partition("+")
    if not plus:
        raise MoveError(f"not a couple: {text[:20]!r} (expected two card numbers joined by +, e.g. 4+17)")
    return tuple(sorted((card_number(a.strip()), card_number(b.strip()))))


#: a table entry: a card, its spouse, its parents — "33", "33+40", "33 of 4+17", "33+40 of 4+17"
ENTRY = re.compile(r"^\s*(?P<card>\w+)\s*(?:\+\s*(?P<spouse>\w+))?\s*(?:of\s+(?P<parents>\w+\s*\+\s*\w+))?\s*$")


def parse_entry(text, gen: int) -> tuple[int, int | None, tuple[int, int] | None]:
    """A table entry of generation ``gen`` → (card, spouse or None, parents or None)."""
    m = ENTRY.match(str(text))
    if not m:
        raise MoveError(f"generation {gen}: {str(text)[:30]!r} is not a table entry (expected e.g. \"33\", "
                        "\"33+40\" or \"33 of 4+17\")")
    spouse = card_number(m["spouse"]) if m["spouse"] else None
    parents = parse_couple(m["parents"]) if m["parents"] else None
    if (gen == 1) != (parents is None):
        raise MoveError(f"generation {gen}: {str(text)[:30]!r} " + ("has parents: generation 1 has none" if gen == 1
                        else "needs its parents: \"33 of 4+17\""))
    return card_number(m["card"]), spouse, parents


def parse_move(text: str):
    """``marry 17 on 4``, ``child 33 of 4+17`` or ``pass``."""
    words = text.split()
    if words == ["pass"]:
        return PASS
    if len(words) == 4 and words[0] == "marry" and words[2] == "on":
        return Marry(card_number(words[1]), card_number(words[3]))
    if len(words) == 4 and words[0] == "child" and words[2] == "of":
        return Child(card_number(words[1]), *parse_couple(words[3]))
    raise MoveError(f"not a Familienbande move: {text[:40]!r} (expected 'marry 17 on 4', "
                    "'child 33 of 4+17' or 'pass')")


def check_deck(kit, max_players: int) -> list:
    """The portraits (component ``portraits``): card numbers unique, both genders, enough
    cards for a game (3 on the table and 5 in each hand of the most players)."""
    comp, problems = kit.require("portraits", "Familienbande")
    if comp is None:
        return problems
    problems, seen = [], {}
    for row in comp.rows:
        card = str(row.fields.get("card", ""))
        if not (card.isascii() and card.isdigit() and 1 <= int(card[:4]) <= 9999):
            problems.append(SpecError(row.location, f"a portrait's 'card' is its number, 1 to 9999 "
                                      f"(got {card[:12]!r})", hint="number the portraits 1, 2, 3…"))
        elif int(card) in seen:
            problems.append(SpecError(row.location, f"portrait {card} is numbered twice (first at line "
                                      f"{seen[int(card)].line})", hint="each portrait has its own number"))
        elif row.copies != 1:
            problems.append(SpecError(row.location, "a portrait is printed once (copies: 1)",
                                      hint="a second copy would be a second portrait: give it its own row"))
        else:
            seen[int(card)] = row.location
    genders = {row.fields.get("gender") for row in comp.rows}
    if not problems and (len(seen) < FOUNDERS + HAND * max_players or genders != {"m", "f"}):
        problems.append(SpecError(comp.location, f"{len(seen)} portraits of {len(genders)} gender(s) (expected "
                                  f"at least {FOUNDERS + HAND * max_players}, men and women)",
                                  hint="the kit has 70 portraits, 35 men and 35 women"))
    return problems


def deck_from_kit(kit) -> dict[int, tuple[str, tuple[int, ...]]]:
    """card number → (gender, how many symbols of each trait) from the printed kit."""
    deck = {}
    for row in kit.component("portraits").rows:
        traits = [row.fields[f"trait{i}"] for i in (1, 2, 3)]
        deck[int(row.fields["card"])] = (row.fields["gender"], tuple(traits.count(t) for t in TRAITS))
    return deck
