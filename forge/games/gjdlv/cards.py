"""Le Grand Jeu de la Vie's cards and moves: a standard deck read as gametes.

A card is an int ``suit * 13 + rank - 1`` (suits ♠ ♣ ♥ ♦, ranks 1 = ace … 13 = king); the
jokers are 52 and 53. Black cards (♠ ♣, codes 0–25) are male gametes, red ones female
gametes. Notation: rank then suit symbol (``A♠``, ``10♥``, ``Q♣``); letters S C H D are read
too (``4C``). Face cards are the Règles Abondantes' Royal Ova (red) and Imperial Sperm (black).

The deck is read from the printed kit (``cardspecs/gjdlv/deck.csv``, the ``card`` column),
checked to hold the 52 cards once each and at most two jokers.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from forge.engine import CardRef, MoveError, SpecError


__all__ = ["SUITS", "RANKS", "JOKERS", "card_code", "card_name", "cards_of", "value", "is_black", "is_face",
           "twin", "gap", "royal_value", "round_points", "ref", "Fertilise", "Surrogate", "Hold", "Abort", "Cancel", "Ejaculate",
           "Steal", "Remove", "Pass", "Taller", "PASS", "EJACULATE", "TALLER", "parse_move", "deck_from_kit",
           "check_deck", "VALUE", "FACE",
           "FERTILISE", "HOLD", "ABORT", "CANCEL", "KINGS", "QUEENS", "JACKS", "surrogates", "powers", "TWIN",
           "DEALT", "ANSWERING", "may_take", "TAKERS", "ROYAL", "FERTILE"]

SUITS = "♠♣♥♦"
LETTERS = "SCHD"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKERS = ("joker-red", "joker-black")
KING, QUEEN, JACK = 13, 12, 11
#: what a royal newborn (a red face card) scores
ROYAL_POINTS = {KING: 10, QUEEN: 0, JACK: 5}


def card_code(token: str) -> int:
    """``"10♥"`` / ``"10H"`` → its code; a MoveError names what was expected."""
    token = str(token).strip()
    if token in JOKERS:
        return 52 + JOKERS.index(token)
    rank, suit = token[:-1].upper(), token[-1:].upper()
    if rank in RANKS and (suit in SUITS or suit in LETTERS):
        return (SUITS.index(suit) if suit in SUITS else LETTERS.index(suit)) * 13 + RANKS.index(rank)
    raise MoveError(f"not a card: {token[:12]!r} (expected a rank A 2…10 J Q K and a suit ♠ ♣ ♥ ♦, e.g. 4♣ or 10♥)")


def card_name(code: int) -> str:
    return JOKERS[code - 52] if code >= 52 else RANKS[code % 13] + SUITS[code // 13]


def cards_of(text) -> list[int]:
    return [card_code(t) for t in str(text or "").split()]


def value(code: int) -> int:
    """1 (ace) … 13 (king)."""
    return code % 13 + 1


def is_black(code: int) -> bool:
    return code < 26


def is_face(code: int) -> bool:
    return code < 52 and code % 13 >= 10


def twin(code: int) -> int:
    """The other black card of the same value."""
    return (code + 13) % 26


def gap(ovum: int, male: int) -> int:
    """The genetic gap of a couple: the higher value less the lower (faces count 11–13, as
    the ruling ``gjdlv.royal-gap`` compares ejaculations on a Royal Ovum)."""
    return abs(value(ovum) - value(male))


def royal_value(ovum: int) -> int:
    return ROYAL_POINTS[value(ovum)]


def round_points(formol: list, nursery: list) -> tuple[int, int]:
    """(points, fully inbred newborns) of one player's zones: 3 per abortion, a newborn 5 + gap,
    a royal newborn its fixed value, k fully inbred newborns 6 − k each (never below 0)."""
    points, inbred = 3 * len(formol), 0
    for ovum, male in nursery:
        v = VALUE[ovum]
        if FACE[ovum]:
            points += ROYAL_POINTS[v]
        elif v == VALUE[male]:
            inbred += 1
        else:
            points += 5 + abs(v - VALUE[male])
    return points + inbred * max(0, 6 - inbred), inbred


def ref(code: int) -> CardRef:
    """The printed card (the deck file's row whose ``card`` is the notation)."""
    return CardRef("cards", (("card", card_name(code)),), card_name(code))


# -- moves ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fertilise:
    card: int

    def __str__(self) -> str:
        return f"fertilise {card_name(self.card)}"


@dataclass(frozen=True)
class Surrogate:
    card: int
    victim: str                     # the player whose embryo is taken

    def __str__(self) -> str:
        return f"surrogate {card_name(self.card)} from {self.victim}"


@dataclass(frozen=True)
class Hold:
    card: int

    def __str__(self) -> str:
        return f"hold {card_name(self.card)}"


@dataclass(frozen=True)
class Abort:
    card: int

    def __str__(self) -> str:
        return f"abort {card_name(self.card)}"


@dataclass(frozen=True)
class Cancel:
    card: int                       # a black King (an abortion) or Queen (a surrogate)

    def __str__(self) -> str:
        return f"cancel {card_name(self.card)}"


@dataclass(frozen=True)
class Ejaculate:
    def __str__(self) -> str:
        return "ejaculate"


@dataclass(frozen=True)
class Steal:
    victim: str

    def __str__(self) -> str:
        return f"steal {self.victim}"


@dataclass(frozen=True)
class Remove:
    victim: str

    def __str__(self) -> str:
        return f"remove {self.victim}"


@dataclass(frozen=True)
class Taller:
    side: str                       # left or right: the pile that gets the odd card at the setup

    def __str__(self) -> str:
        return f"taller {self.side}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


PASS, EJACULATE = Pass(), Ejaculate()
#: the choices of a player dealt an odd number of cards: which Testicule is the taller
TALLER = (Taller("left"), Taller("right"))

# -- built once, for the hot path: by card code ---------------------------------------------------
VALUE = tuple(value(c) for c in range(54))
FACE = tuple(is_face(c) for c in range(54))
FERTILISE = tuple(Fertilise(c) for c in range(54))
HOLD = tuple(Hold(c) for c in range(54))
ABORT = tuple(Abort(c) for c in range(54))
CANCEL = tuple(Cancel(c) for c in range(54))
KINGS, QUEENS, JACKS = (tuple(c for c in range(54) if FACE[c] and VALUE[c] == v) for v in (KING, QUEEN, JACK))
TWIN = tuple(twin(c) for c in range(54))
#: whether an ovum is royal, by its code: ``is_face``, the last entry for -1 (no ovum)
ROYAL = (*FACE, is_face(-1))
#: a card's first move at phase 2, by whether the ovum is royal: fertilise it, or nothing
#: (Imperial Sperm fertilise Royal Ova only)
FERTILE = {royal: tuple((FERTILISE[c],) if royal or not FACE[c] else () for c in range(54)) for royal in (False, True)}


def _dealt(abondantes: bool) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(black, red, set aside) of the 52 cards: the faces play only in Règles Abondantes."""
    in_play = [c for c in range(52) if abondantes or not is_face(c)]
    return (tuple(c for c in in_play if is_black(c)), tuple(c for c in in_play if not is_black(c)),
            tuple(c for c in range(52) if c not in in_play))


#: the cards a round deals, by mode (Règles Abondantes or not): (black, red, set aside)
DEALT = {False: _dealt(False), True: _dealt(True)}


def _answering(abondantes: bool, surrogate: bool, male: int) -> frozenset[int]:
    """The cards that answer a fertilisation by ``male``: its twin aborts it (a black Jack too in
    Règles Abondantes), a black Queen cancels a surrogate."""
    return frozenset((twin(male), *(JACKS if abondantes else ()), *(QUEENS if surrogate else ())))


#: the cards answering a fertilisation, by (Règles Abondantes, a surrogate), then by male gamete
ANSWERING = {(a, s): tuple(_answering(a, s, c) for c in range(54)) for a in (False, True) for s in (False, True)}


def may_take(male: int, embryo: tuple[int, int]) -> bool:
    """A surrogate: a royal embryo is taken by Imperial Sperm only; another embryo by a
    numbered gamete that strictly reduces its genetic gap."""
    ovum, old = embryo
    if FACE[ovum]:
        return FACE[male]
    v = VALUE[ovum]
    return not FACE[male] and abs(v - VALUE[male]) < abs(v - VALUE[old])


class _Takers(dict):
    """Embryo (ovum, male) → the frozenset of male gametes (black cards) that may take it, each
    built on first use."""

    def __missing__(self, embryo: tuple[int, int]) -> frozenset[int]:
        males = self[embryo] = frozenset(c for c in range(26) if may_take(c, embryo))
        return males


TAKERS = _Takers()


@cache
def surrogates(victim: str) -> tuple[Surrogate, ...]:
    """Every surrogate taking ``victim``'s embryo, by card code (built once for each name)."""
    return tuple(Surrogate(c, victim) for c in range(54))


@cache
def powers(victim: str) -> dict[int, Steal | Remove]:
    """The royal powers that target ``victim``, by the value of the royal newborn: a Queen
    steals, a Jack removes (built once for each name)."""
    return {QUEEN: Steal(victim), JACK: Remove(victim)}
_ONE_CARD = {"fertilise": Fertilise, "hold": Hold, "abort": Abort, "cancel": Cancel}
_ONE_NAME = {"steal": Steal, "remove": Remove}


def parse_move(text: str):
    words = text.split()
    verb, rest = (words[0], words[1:]) if words else ("", [])
    if verb in ("pass", "ejaculate") and not rest:
        return PASS if verb == "pass" else EJACULATE
    if verb == "taller" and rest in (["left"], ["right"]):
        return TALLER[rest == ["right"]]
    if verb in _ONE_CARD and len(rest) == 1:
        return _ONE_CARD[verb](_male(rest[0]))
    if verb == "surrogate" and len(rest) >= 3 and rest[1] == "from":
        return Surrogate(_male(rest[0]), " ".join(rest[2:]))
    if verb in _ONE_NAME and rest:
        return _ONE_NAME[verb](" ".join(rest))
    raise MoveError(f"not a Grand Jeu de la Vie move: {text[:40]!r} (expected fertilise 4♣, surrogate A♣ from "
                    "Bruno, hold 7♠, abort 4♠, cancel K♠, ejaculate, steal Bruno, remove Bruno, taller left or pass)")


def _male(token: str) -> int:
    code = card_code(token)
    if not is_black(code):
        raise MoveError(f"{card_name(code)} is a female gamete: players play black cards (♠ ♣)")
    return code


# -- the printed deck -------------------------------------------------------------------------

def deck_from_kit(kit) -> int:
    """How many jokers the printed deck has (the 52 cards are checked by check_deck)."""
    return sum(row.copies for row in kit.component("cards").rows if row.fields.get("card") in JOKERS)


def check_deck(kit) -> list:
    """The kit's ``cards`` component: each of the 52 cards once, at most the two jokers."""
    comp, problems = kit.require("cards", "Grand Jeu de la Vie")
    if comp is None:
        return problems
    seen: dict[int, object] = {}
    for row in comp.rows:
        name = str(row.fields.get("card", ""))
        try:
            code = card_code(name)
        except MoveError as exc:
            problems.append(SpecError(row.location, f"'card' {exc}", hint="write A♠ … K♦, joker-red, joker-black"))
            continue
        if code in seen or row.copies != 1:
            problems.append(SpecError(row.location, f"{name} is printed {'twice' if code in seen else row.copies} "
                                      "times (a standard deck has each card once)", hint="one row per card, copies 1"))
        seen[code] = row.location
    missing = [card_name(c) for c in range(52) if c not in seen]
    if missing and not problems:
        problems.append(SpecError(comp.location, f"the deck lacks {len(missing)} card(s): {' '.join(missing[:8])}",
                                  hint="a standard deck: A to K in ♠ ♣ ♥ ♦"))
    return problems
