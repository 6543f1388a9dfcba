"""The added rules in force in a game of Le Chat vert, sorted by what sets them off: built once
per set of rules of a rules file and shared by every game played with that set, so that a deal
does not sort the rules again and a card played does not test each ``play`` pattern again.

:func:`in_force` gives the set for a :class:`~.added_rules.Rulebook` and the ids of the rules
in force (in the order the options list them: a rule listed twice applies twice). A rules file
never has two rules changing the same base rule (:func:`.added_rules.read_rules` refuses it),
so each change below comes from one rule at most.
"""
from __future__ import annotations

from dataclasses import dataclass

from .added_rules import CARD_NAME, Rulebook, matches
from .cards import PLUS4

__all__ = ["InForce", "in_force"]

CODES = range(PLUS4 + 1)
#: no play rule: nothing is set off by any card on any card
NO_FIRES = tuple(tuple(() for _ in CODES) for _ in CODES)


@dataclass(frozen=True)
class InForce:
    """The rules in force, by trigger, and what they change in the base rules."""

    rules: tuple                    # the rules, in the order the options list them
    on_play: tuple                  # each trigger's rules, in that order
    on_last: tuple
    on_one: tuple
    on_targeted: tuple
    on_take: tuple
    fires: tuple                    # fires[card][beneath]: the on_play rules that card played on that one sets off
    last_phrase: tuple              # (phrase said at one card, the rule that asks for it or "chat-vert")
    mixed: str | None               # the rule that lets +2 and +4 answer each other
    pass_card: tuple | None         # (rule, card kind, phrase): a card that passes a penalty on
    pass_token: tuple | None        # (rule, token, phrase): a token that passes a penalty on
    phrases: tuple                  # every phrase a player may say, sorted (what a blurt picks from)
    tokens: tuple                   # the tokens on the table (nobody holds them at the start)


def _build(book: Rulebook, ids: tuple) -> InForce:
    rules = tuple(book.rules[r] for r in ids)
    by = lambda e: tuple(r for r in rules if r.event == e)
    on_play = by("play")
    fires = tuple(tuple(tuple(r for r in on_play if matches(r.pattern, card, beneath)) for beneath in CODES)
                  for card in CODES) if on_play else NO_FIRES
    changed = {r.last_card_phrase: r.id for r in rules if r.last_card_phrase}
    return InForce(
        rules, on_play, by("last-card"), by("one-card"), by("targeted"), by("takes-penalty"), fires,
        last_phrase=next(iter(changed.items()), ("chat-vert", "chat-vert")),
        mixed=next((r.id for r in rules if r.mixed_stacking), None),
        pass_card=next(((r.id, *r.pass_card) for r in rules if r.pass_card), None),
        pass_token=next(((r.id, *r.pass_token) for r in rules if r.pass_token), None),
        phrases=tuple(sorted({"chat-vert", CARD_NAME, *(p for r in rules for p in r.phrases)})),
        tokens=tuple({t: None for r in rules for t in r.tokens}))


#: the rules file whose sets are kept, and its sets by the ids in force (a new file starts afresh)
_kept: tuple = (None, {})


def in_force(book: Rulebook, ids) -> InForce:
    """The rules ``ids`` of ``book`` in force (KeyError for an id the book lacks)."""
    global _kept
    ids = tuple(ids)
    kept, sets = _kept
    if kept is not book:
        sets = {}
        _kept = (book, sets)
    found = sets.get(ids)
    if found is None:
        found = sets[ids] = _build(book, ids)
    return found
