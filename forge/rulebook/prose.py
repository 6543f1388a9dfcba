"""Prose bound to its example: the paragraph that introduces a worked example names only the
players and words that example shows.

A paragraph written for one situation and an example block edited to another (or copied from
a second example) both pass the example checker: the engine plays the block, not the prose.
The reader then sees a figure of *train* and *ticket* under a paragraph about *ocean* and
*wave*. This check reads the paragraph just above each example block and reports, at its line:

- a player named there who takes no part in the example, when that name is a player of
  another example of the same page (so ordinary words are never mistaken for names);
- a word named there that the example does not show, for games whose examples show words
  (fields of kind ``text_by_key``, such as Majority's words on the table): a word that
  another example of the page shows, or any word set in emphasis (``*wave*``), the way the
  rulebooks set the words on cards.

Which values are players and which are words is read from the game's declared fields
(:mod:`forge.engine.fields`), so a new game gets the check without code of its own.
Placeholders (``{{example-id.field}}``) are left out: they quote the example itself.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..engine import Game
from ..engine.examples import Example
from ..engine.registry import UnknownGame, get_game, project_of
from ..errors import InputError, Location
from ..inputs import read_text
from .extensions.checked_values import PLACEHOLDER

__all__ = ["check_prose", "shown"]

#: field kinds whose mapping keys are players
KEYED_BY_PLAYER = {"cards_by_name", "int_by_name", "votes", "word_by_name", "texts_by_name"}
EMPHASIS = re.compile(r"(?<![*\w])\*([^*\s][^*]*?)\*(?![*\w])")
TOKEN = re.compile(r"\w+(?:[’'-]\w+)*")
HINT = ("the paragraph above an example describes that example: name its players and words, "
        "or change the example to match")


def _values(field_kind: str, value) -> tuple[set[str], set[str]]:
    """(players, words) one field's value shows."""
    players: set[str] = set()
    words: set[str] = set()
    turns = value if isinstance(value, list) and field_kind in ("votes", "text_by_key") else [value]
    for v in turns:
        if field_kind in KEYED_BY_PLAYER and isinstance(v, dict):
            players |= {str(k) for k in v}
        elif field_kind == "name" and isinstance(v, str):
            players.add(v)
        elif field_kind == "names" and isinstance(v, list):
            players |= {str(x) for x in v}
        elif field_kind == "name_by_key" and isinstance(v, dict):
            players |= {str(x) for x in v.values()}
        elif field_kind == "text_by_key" and isinstance(v, dict):
            words |= {str(x).lower() for x in v.values()}
    return players, words


def shown(ex: Example, game: Game) -> tuple[set[str], set[str], bool]:
    """The players and the words ``ex`` shows, and whether its game's examples show words at all."""
    players: set[str] = set()
    words: set[str] = set()
    declared = {"given": game.GIVEN_FIELDS, "expect": game.EXPECT_FIELDS}
    for part, fields in declared.items():
        for key, value in (ex.data.get(part) or {}).items():
            field = fields.get(key)
            if field is None or key == "rulings":            # rulings are names of rules, not of players
                continue
            p, w = _values(field.kind, value)
            players |= p
            words |= w
    for move in [*(ex.data.get("moves") or []), *(ex.data.get("refused") or [])]:
        who, sep, _ = str(move).partition(":")
        if sep:
            players.add(who.strip())
    has_words = any(f.kind == "text_by_key" for f in {**game.GIVEN_FIELDS, **game.EXPECT_FIELDS}.values())
    return players, words, has_words


def _paragraph_above(lines: list[str], fence: int) -> tuple[int, str]:
    """The paragraph ending just above the fence on (0-based) line ``fence``: its first line
    (1-based) and its text; (0, "") when a heading, a table or another block comes first."""
    i = fence - 1
    while i >= 0 and not lines[i].strip():
        i -= 1
    end = i
    while i >= 0 and lines[i].strip() and not lines[i].lstrip().startswith(("#", "```", "~~~", "|")):
        i -= 1
    return i + 2, " ".join(lines[i + 1:end + 1])


def check_prose(path: Path, examples: list[Example], lines: list[str] | None = None,
                place=lambda n: n) -> list[InputError]:
    """What the paragraphs introducing the examples of the edition ``path`` name that their
    example does not show (see the module's docstring); ``lines``: the edition's text when it
    is not the file's (written from a catalog), ``place`` its line in ``path``."""
    lines = read_text(path).splitlines() if lines is None else lines
    seen: dict[str, tuple[set[str], set[str], bool]] = {}
    for ex in examples:
        try:
            seen[ex.id] = shown(ex, get_game(str(ex.data["game"]), project_of(ex.path)))
        except UnknownGame:
            continue                                  # reported by the example checker
    page_players = set().union(*(p for p, _, _ in seen.values())) if seen else set()
    page_words = set().union(*(w for _, w, _ in seen.values())) if seen else set()
    errors = []
    for ex in examples:
        if ex.id not in seen:
            continue
        players, words, has_words = seen[ex.id]
        first, text = _paragraph_above(lines, ex.line - 1)
        text = PLACEHOLDER.sub("", text)
        tokens = set(TOKEN.findall(text))
        named = {t.lower() for t in tokens} & page_words
        if has_words:
            named |= {m.lower() for m in EMPHASIS.findall(text) if TOKEN.fullmatch(m)}
        strangers = sorted((tokens & page_players) - players)
        absent = sorted(named - words)
        if strangers or absent:
            said = [f"the player{'s' * (len(strangers) > 1)} {', '.join(strangers)}"] if strangers else []
            said += [f"the word{'s' * (len(absent) > 1)} {', '.join(absent)}"] if absent else []
            errors.append(InputError(Location.of(path, place(first)),
                                     f"the paragraph introducing example {ex.id} names {' and '.join(said)}, "
                                     f"which the example does not show", hint=HINT))
    return errors
