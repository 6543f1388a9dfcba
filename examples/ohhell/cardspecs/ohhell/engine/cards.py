"""Oh Hell's cards and moves: a standard 52-card deck, the notation a rulebook quotes
("bid 2", "play Q♠") and the printed deck read from the kit.

A card is an int ``suit * 13 + rank``: suits 0–3 are ♠ ♥ ♦ ♣, ranks 0–12 are 2, 3 … 10, J,
Q, K, A (the ace is the highest card of its suit). Notation: rank then suit sign (``Q♠``,
``10♦``); the letters S H D C are read too (``QS``), and T for a ten (``TD``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from forge.engine import CardRef, MoveError

__all__ = ["SUITS", "RANKS", "suit", "rank", "card_code", "card_name", "cards_of", "show", "ref", "refs",
           "Bid", "Play", "BIDS", "PLAYS", "parse_move", "check_deck", "deck_from_kit"]

SUITS = "♠♥♦♣"
LETTERS = "SHDC"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
COLOURS = ("black", "red", "red", "black")


def suit(card: int) -> int:
    return card // 13


def rank(card: int) -> int:
    return card % 13


def card_code(token: str) -> int:
    """``"Q♠"`` / ``"QS"`` / ``"10♦"`` → its code; a MoveError says what was expected."""
    token = str(token).strip()
    r, s = token[:-1].upper(), token[-1:].upper()
    r = "10" if r == "T" else r
    if r in RANKS and s and (s in SUITS or s in LETTERS):
        return (SUITS.index(s) if s in SUITS else LETTERS.index(s)) * 13 + RANKS.index(r)
    raise MoveError(f"not a card: {token[:12]!r} (expected a rank 2…10 J Q K A and a suit ♠ ♥ ♦ ♣, e.g. Q♠ or 10♦)")


def card_name(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def cards_of(text) -> list[int]:
    """``"A♠ 10♥"`` → the codes, in the order written (an empty text: no card)."""
    return [card_code(t) for t in str(text if text is not None else "").replace(",", " ").split()]


def show(cards: Iterable[int]) -> str:
    """Cards as a hand is read: by suit (♠ ♥ ♦ ♣), highest first."""
    return " ".join(card_name(c) for c in sorted(cards, key=lambda c: (c // 13, -(c % 13))))


def ref(card: int) -> CardRef:
    """The printed card: the row of the ``cards`` component whose ``card`` is the notation."""
    return CardRef("cards", (("card", card_name(card)),), card_name(card))


def refs(text) -> tuple[CardRef, ...]:
    return tuple(ref(c) for c in cards_of(text))


# -- moves -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Bid:
    """Announce how many tricks one will take: ``bid 2``."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True)
class Play:
    """Play a card to the trick: ``play Q♠``."""

    card: int

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"


#: every move, built once for the hot path: BIDS[n], PLAYS[card]
BIDS = tuple(Bid(n) for n in range(53))
PLAYS = tuple(Play(c) for c in range(52))


def parse_move(text: str):
    """``bid 2`` or ``play Q♠`` (MoveError for anything else)."""
    words = str(text).split()
    if len(words) == 2 and words[0] == "bid" and words[1].isascii() and words[1].isdigit() and len(words[1]) <= 2:
        n = int(words[1])
        if n < len(BIDS):
            return BIDS[n]
    if len(words) == 2 and words[0] == "play":
        return PLAYS[card_code(words[1])]
    raise MoveError(f"not an Oh Hell move: {str(text)[:40]!r} (expected 'bid 2' or 'play Q♠')")


# -- the printed deck -----------------------------------------------------------------------------

def check_deck(kit, title: str) -> list:
    """The printed deck (component ``cards``): one row per card, its ``card`` in the engine's
    notation and matching the ``rank``, ``suit`` and ``colour`` it prints, each of the 52
    cards of a standard deck once, and no joker."""
    comp, problems = kit.require("cards", title)
    if comp is None:
        return problems
    seen: dict[int, object] = {}
    for row in comp.rows:
        f = row.fields
        try:
            code = card_code(str(f.get("card", "")))
        except MoveError as exc:
            problems.append(kit.error(row.location, f"{exc}", hint="Oh Hell plays the 52 cards, no joker"))
            continue
        printed = (str(f.get("rank", "")), str(f.get("suit", "")), str(f.get("colour", "")))
        wanted = (RANKS[rank(code)], SUITS[suit(code)], COLOURS[suit(code)])
        if printed != wanted:
            problems.append(kit.error(row.location, f"card {card_name(code)} prints rank, suit and colour "
                                      f"{' '.join(printed)} (expected {' '.join(wanted)})"))
        elif code in seen:
            problems.append(kit.error(row.location, f"card {card_name(code)} is listed twice (first at line "
                                      f"{seen[code].line})", hint="one row per card"))
        elif row.copies != 1:
            problems.append(kit.error(row.location, f"card {card_name(code)} has {row.copies} copies (expected 1)"))
        else:
            seen[code] = row.location
    missing = [card_name(c) for c in range(52) if c not in seen]
    if not problems and missing:
        problems.append(kit.error(comp.location, f"the deck lacks {', '.join(missing[:8])}"
                                  f"{' …' if len(missing) > 8 else ''} (expected the 52 cards of a standard deck)",
                                  hint="one row per card: 2 to A in ♠ ♥ ♦ ♣"))
    return problems


def deck_from_kit(kit) -> tuple[int, ...]:
    """The printed cards, in the order of the deck file (checked by :func:`check_deck`)."""
    return tuple(card_code(str(row.fields["card"])) for row in kit.component("cards").rows)
