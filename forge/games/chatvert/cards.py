"""Le Chat vert's cards and moves: the deck's codes, the notation a rulebook quotes ("play R7 R7",
"play W blue", "same Bskip", "draw", "take", "pass ficelle", each optionally followed by the
phrases said: ", say chat-vert"), and the printed deck read from the kit (the rules themselves
are in :mod:`.state`).

A coloured card is ``colour * 13 + symbol``: colours yellow, red, blue, green (Y R B G), symbols
0–9, then Skip (10), Reverse (11) and +2 (12). The majors are 52 (colour change, ``W``) and 53
(``+4``). Blank cards never enter play.
"""
from __future__ import annotations

from dataclasses import dataclass

from forge.engine import CardRef, MoveError, SpecError

__all__ = ["WILD", "PLUS4", "SKIP", "REV", "PLUS2", "COLOURED", "COLOURS", "LETTERS", "SYMBOLS", "card_code",
           "codes", "card_name", "Play", "Same", "Draw", "Take", "PassToken", "Wait", "parse_move", "deck_from_kit",
           "check_deck", "ref"]

SKIP, REV, PLUS2 = 10, 11, 12
WILD, PLUS4 = 52, 53
COLOURED = 52                            # codes below this have a colour
COLOURS = ("yellow", "red", "blue", "green")
LETTERS = "YRBG"
SYMBOLS = [str(n) for n in range(10)] + ["skip", "rev", "+2"]


def card_code(token: str) -> int:
    """``R7`` → 20; ``W`` → 52; ``+4`` → 53."""
    t = token.strip()
    if t.upper() in ("W", "WILD"):
        return WILD
    if t == "+4":
        return PLUS4
    if len(t) >= 2 and t[0].upper() in LETTERS and t[1:].lower() in SYMBOLS:
        return LETTERS.index(t[0].upper()) * 13 + SYMBOLS.index(t[1:].lower())
    raise MoveError(f"not a Chat vert card: {t[:12]!r} (expected a colour letter Y, R, B or G and 0–9, skip, rev "
                    "or +2, e.g. R7, Bskip, G+2; or W, +4)")


def codes(text) -> list[int]:
    """``"R7 R7 B3"`` → their codes (nothing written: none)."""
    return [card_code(t) for t in str(text or "").split()]


def card_name(code: int) -> str:
    """The card in notation: 20 → ``R7``."""
    if code == WILD:
        return "W"
    if code == PLUS4:
        return "+4"
    return LETTERS[code // 13] + SYMBOLS[code % 13]


def ref(code: int) -> CardRef:
    """The printed card (the deck file's row whose ``card`` is the notation)."""
    return CardRef("cards", (("card", card_name(code)),), card_name(code))


def _says(says) -> str:
    return "".join(f", say {p}" for p in says or ())


@dataclass(frozen=True)
class Play:
    cards: tuple                  # one card, or two identical coloured cards
    colour: int = -1              # the colour a major names
    says: tuple | None = None     # phrases said; None: a simulated player says what is due

    def __str__(self) -> str:
        named = f" {COLOURS[self.colour]}" if self.colour >= 0 else ""
        return "play " + " ".join(map(card_name, self.cards)) + named + _says(self.says)


@dataclass(frozen=True)
class Same:
    """"J'ai la même": a card identical to the top one, out of turn (saying so is the move)."""

    card: int
    says: tuple | None = None

    @property
    def cards(self) -> tuple:
        return (self.card,)

    def __str__(self) -> str:
        return f"same {card_name(self.card)}{_says(self.says)}"


@dataclass(frozen=True)
class Draw:
    """Cannot or will not play: draw one, the turn passes (ruling chatvert.cannot-play)."""

    says: tuple | None = None

    def __str__(self) -> str:
        return "draw" + _says(self.says)


@dataclass(frozen=True)
class Take:
    """The target of a +2/+4 penalty draws it and loses the turn."""

    says: tuple | None = None

    def __str__(self) -> str:
        return "take" + _says(self.says)


@dataclass(frozen=True)
class PassToken:
    """The holder of a token that passes penalties (the string) hands it and the penalty on."""

    token: str
    says: tuple | None = None

    def __str__(self) -> str:
        return f"pass {self.token}{_says(self.says)}"


@dataclass(frozen=True)
class Wait:
    """A player who could say "j'ai la même" lets the moment go."""

    says: tuple | None = None

    def __str__(self) -> str:
        return "wait" + _says(self.says)


def parse_move(text: str):
    """``play R7 R7, say tortue`` → Play((20, 20), says=("tortue",))."""
    head, *said = [p.strip() for p in str(text).split(",")]
    says = []
    for part in said:
        words = part.split()
        if len(words) != 2 or words[0] != "say":
            raise MoveError(f"not a phrase: {part[:30]!r} (expected 'say PHRASE', e.g. 'say chat-vert')")
        says.append(words[1])
    says = tuple(says)
    words = head.split()
    if not words:
        raise MoveError("an empty move (expected e.g. 'play R7', 'draw' or 'take')")
    verb, args = words[0], words[1:]
    if verb == "play" and args:
        colour = -1
        if args[-1] in COLOURS:
            colour = COLOURS.index(args.pop())
        cards = tuple(card_code(a) for a in args)
        if not 1 <= len(cards) <= 2:
            raise MoveError("a play is one card or two identical cards")
        return Play(cards, colour, says)
    if verb == "same" and len(args) == 1:
        return Same(card_code(args[0]), says)
    if verb == "pass" and len(args) == 1:
        return PassToken(args[0], says)
    simple = {"draw": Draw, "take": Take, "wait": Wait}
    if verb in simple and not args:
        return simple[verb](says)
    raise MoveError(f"not a Chat vert move: {head[:40]!r} (expected 'play R7', 'play R7 R7', 'play W blue', "
                    "'same R7', 'draw', 'take', 'pass ficelle' or 'wait', then ', say PHRASE' for each phrase)")


def check_deck(kit) -> list:
    """The printed deck (component ``cards``): every row's ``card`` is a card of the notation
    (or ``blank``), each once, and every coloured card and both majors are there."""
    comp, problems = kit.require("cards", "Chat vert")
    if comp is None:
        return problems
    problems, seen = [], {}
    for row in comp.rows:
        card = str(row.fields.get("card", ""))
        if card == "blank":
            continue
        try:
            code = card_code(card)
        except MoveError as exc:
            problems.append(SpecError(row.location, str(exc), hint="the 'card' column holds the engine's notation"))
            continue
        if code in seen:
            problems.append(SpecError(row.location, f"card {card} is listed twice (first at line {seen[code].line})",
                                      hint="one row per card; its 'copies' says how many are printed"))
        seen[code] = row.location
    missing = [card_name(c) for c in range(PLUS4 + 1) if c not in seen]
    if not problems and missing:
        problems.append(SpecError(comp.location, f"the deck lacks {', '.join(missing[:6])}"
                                  f"{'…' if len(missing) > 6 else ''}", hint="every colour has 0–9, skip, rev, +2"))
    return problems


def deck_from_kit(kit) -> tuple[list[int], int]:
    """(copies of each code, blank cards) of the printed deck."""
    counts, blanks = [0] * (PLUS4 + 1), 0
    for row in kit.component("cards").rows:
        card = str(row.fields["card"])
        if card == "blank":
            blanks += row.copies
        else:
            counts[card_code(card)] += row.copies
    return counts, blanks
