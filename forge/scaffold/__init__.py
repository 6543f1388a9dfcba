"""``forge new GAME``: the files a new game starts from, ready to build.

It writes a card spec with a layout of its own (an image band, a name, a text, corner
indices), a 3-row CSV, French and English strings, an example image at print resolution and a
rulebook in French with its English translation, each with a first section. With
``--engine`` it also writes a rules engine beside the card spec (``cardspecs/GAME/engine.py``,
a small game of the printed cards), a worked example in each edition that it checks, the
example's figure words, and a test file running forge's test kit on it
(``tests/test_GAME.py``); the files are in ``engine_files/``. Nothing that exists is ever
overwritten: a game whose files are already there is refused.
"""
from __future__ import annotations

import contextlib
import io
import os
import shutil
from pathlib import Path
from string import Template

from ..errors import ErrorGroup, Location, OptionError, excerpt

__all__ = ["new_game", "NAME"]

import re

#: a game id: it names files and folders
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
#: names Windows gives its devices: a folder or file so named cannot be made or copied there
RESERVED = re.compile(r"con|prn|aux|nul|com[0-9]|lpt[0-9]")

SPEC = """\
# {game}: a card game made with forge. `forge docs cardspec` describes every key.
game: {game}
title: "@game.title"
authors: [Your Name]
languages: [{source}, {other}]   # the first is the rulebook's source language
strings: {game}/strings.yaml

print:
  paper: [a4, letter]

layouts:
  card:                  # a layout of your own: parts placed on the card, drawn in order
    params:
      name: {{required: true, help: "the card's name"}}
      text: {{help: "what the card does"}}
      art: {{help: "an image of {game}/art/, or nothing"}}
      value: {{help: "a value in two corners, or nothing"}}
      colour: {{kind: colour, default: "#2e5a87"}}
    parts:
      ground: {{type: rect, frame: bleed, fill: "mix({{colour}}, #ffffff, 88%)"}}
      art: {{type: image, when: "{{art}}", file: "{game}/art/{{art}}", frame: bleed, height: 55%, fit: cover}}
      band: {{type: rect, y: 50%, height: 10mm, fill: "{{colour}}"}}
      name: {{type: text, text: "{{name}}", font: serif, size: 15pt, colour: "#ffffff",
              x: 3mm, width: 100% - 6mm, y: 50%, height: 10mm}}
      text: {{type: text, text: "{{text}}", wrap: true, size: 11pt, colour: "#1f2329",   # **bold**, {{coin}}…
              frame: safe, x: 1mm, width: 100% - 2mm, y: 65%, height: 35% - 7mm}}   # ends above the corner value
      corners: {{type: corners, text: "{{value}}", font: bold, size: 14pt, colour: "{{colour}}"}}

components:
  cards:
    kind: deck
    title: "@cards.title"
    card: poker          # poker, bridge, tarot, mini, euro, mini-euro, square, or {{width: 60mm, height: 90mm}}
    data: {game}/cards.csv
    front: {{layout: card, name: "{{name}}", text: "{{text}}", art: "{{art}}", value: "{{value}}"}}
    back: {{layout: back, title: "@game.title", colour: "#2e5a87", accent: "#f2c14e"}}
    tts: {{name: "{{name}}", description: "{{text}}"}}   # what Tabletop Simulator shows (forge export --tts)
"""

CSV = """\
name,text,art,value,copies
Lighthouse,Look at the top card of the deck.,example.png,1,2
Harbour,Draw two cards.,example.png,2,2
Storm,Every player discards a card.,,3,1
"""

STRINGS = """\
fr:
  game: {{title: {title}}}
  cards: {{title: Cartes}}
en:
  game: {{title: {title}}}
  cards: {{title: Cards}}
"""

FR = """\
# {title}

{title} est un jeu de cartes pour 2 à 5 joueurs. Décrivez ici en deux phrases ce que les
joueurs font et comment on gagne.

## Matériel {{#components}}

- 5 cartes (`forge build {game}` les imprime : `build/{game}/fr/`).

## But du jeu {{#goal}}

Le premier joueur qui… gagne la partie.
"""

EN = """\
# {title}

{title} is a card game for 2 to 5 players. Say here in two sentences what the players do and
how one wins.

## Components {{#components}}

- 5 cards (`forge build {game}` prints them: `build/{game}/en/`).

## Goal {{#goal}}

The first player who… wins the game.
"""


EXAMPLE = """
```example {{#{game}-highest-card}}
game: {game}
given:
  hands: {{Alice: "3", Bruno: "1"}}
moves: ["Alice: play 3", "Bruno: play 1"]
expect:
  winner: [Alice]
  game_over: true
```
"""

FR_PLAY = """
## Une partie {{#playing}}

Chaque joueur reçoit une carte. À tour de rôle, chacun la pose face visible : la plus haute
valeur gagne. Des joueurs qui posent la même plus haute valeur se partagent la victoire
(règle maison `{game}.tie`). Dans l'exemple, Alice pose un 3 et Bruno un 1 : Alice gagne.
""" + EXAMPLE

EN_PLAY = """
## A game {{#playing}}

Each player is dealt one card. In turn, each lays it face up: the highest value wins. Players
who lay the same highest value share the win (house ruling `{game}.tie`). In the example,
Alice lays a 3 and Bruno a 1: Alice wins.
""" + EXAMPLE


def _example_image() -> bytes:
    """A sea, a sun and a lighthouse: 821 × 621 px, the art band of a poker card with its
    bleed at 300 dpi."""
    from PIL import Image, ImageDraw
    w, h = 821, 621
    img = Image.new("RGB", (w, h))
    draw = ImageDraw.Draw(img)
    for y in range(h):                                   # a sky turning to sea
        t = y / h
        sky = (int(250 - 120 * t), int(200 - 60 * t), int(140 + 60 * t)) if t < 0.62 else \
              (int(40 + 30 * t), int(90 + 40 * t), int(150 + 30 * t))
        draw.line([(0, y), (w, y)], fill=sky)
    draw.ellipse([560, 90, 700, 230], fill=(255, 236, 170))
    draw.polygon([(250, 385), (290, 120), (330, 385)], fill=(245, 245, 240))
    for y in (170, 250, 330):
        draw.rectangle([270, y, 312, y + 30], fill=(200, 60, 50))
    draw.rectangle([276, 100, 304, 125], fill=(255, 220, 120))
    out = io.BytesIO()
    img.save(out, "PNG", dpi=(300, 300), optimize=True)
    return out.getvalue()


#: the languages forge new writes, each edition's text and the text of its worked example
EDITIONS = {"fr": (FR, FR_PLAY), "en": (EN, EN_PLAY)}


def new_game(root: Path, game: str, engine: bool = False, source: str = "fr") -> list[Path]:
    """Write a new game's files under ``root`` (with a rules engine and its tests when
    ``engine``), its rulebook written in ``source`` and translated into the other language;
    return them. Refuses a bad id, an unknown source language or a game that exists (nothing
    is written then)."""
    if not NAME.fullmatch(game):
        raise ErrorGroup([OptionError(Location("GAME"), f"not a game id: {excerpt(game)} (expected lower-case "
                                      "letters, digits, - or _, starting with a letter)", hint="e.g. forge new mygame")])
    if RESERVED.fullmatch(game):
        raise ErrorGroup([OptionError(Location("GAME"), f"{game} names a device on Windows: its folders could "
                                      "not be made or copied there", hint=f"e.g. forge new {game}-game")])
    if source not in EDITIONS:
        raise ErrorGroup([OptionError(Location("--source-lang"), f"forge new writes {' and '.join(EDITIONS)}, not "
                                      f"{excerpt(source)}", hint="--source-lang fr or --source-lang en; add a "
                                      "language to the spec's languages afterwards")])
    other = next(lang for lang in EDITIONS if lang != source)
    title = game.replace("-", " ").replace("_", " ").title()
    text, play = EDITIONS[source]
    files = {
        Path("cardspecs") / f"{game}.yaml": SPEC.format(game=game, source=source, other=other).encode(),
        Path("cardspecs") / game / "cards.csv": CSV.encode(),
        Path("cardspecs") / game / "strings.yaml": STRINGS.format(title=title).encode(),
        Path("cardspecs") / game / "art" / "example.png": _example_image(),
        Path("rules_src") / game / f"{source}.md": (text.format(game=game, title=title)
                                                    + (play.format(game=game) if engine else "")).encode(),
    }
    if engine:
        files.update(_engine_files(game, title))
    targets = [*files, Path("rules_src") / game / f"{other}.md"]
    there = [str(p) for p in targets if os.path.lexists(root / p)]
    if there:
        raise ErrorGroup([OptionError(Location("GAME"), f"game '{game}' exists already ({', '.join(there[:3])})",
                                      hint="choose another name; forge new never overwrites a file")])
    project = root.resolve()
    out = [str(p) for p in targets if not (root / p).resolve().is_relative_to(project)]
    if out:
        raise ErrorGroup([OptionError(Location("GAME"), f"{out[0]} would be written outside the project (a folder "
                                      "on its way is a symbolic link that leaves it); nothing was written",
                                      hint="remove the link, or choose another name")])
    stage = root / f".forge-new.{game}"   # written whole here, then moved into place in a few renames
    _remove(stage)
    stage.mkdir()
    moved: list[Path] = []
    rel = targets[0]
    try:
        for rel, data in files.items():
            (stage / rel).parent.mkdir(parents=True, exist_ok=True)
            (stage / rel).write_bytes(data)
        rel = targets[-1]
        _translation(stage, game, title, engine, source, other)
        for unit in sorted({Path(*p.parts[:2]) for p in targets}):   # cardspecs/g.yaml, cardspecs/g/, rules_src/g/…
            rel = unit
            (root / unit.parent).mkdir(exist_ok=True)
            os.rename(stage / unit, root / unit)
            moved.append(root / unit)
        return [*files, targets[-1]]
    except BaseException as exc:
        for path in reversed(moved):
            _remove(path)
        if isinstance(exc, OSError):
            raise ErrorGroup([OptionError(Location(str(rel)), f"cannot write it: {(exc.strerror or str(exc)).lower()}; "
                                          "nothing was written", hint="a file where a folder should be? Check "
                                          "that folder, or choose another name")]) from None
        raise
    finally:
        _remove(stage)


def _remove(path: Path) -> None:
    """A file, a link or a folder tree (links inside it not followed) gone; nothing if absent."""
    with contextlib.suppress(OSError):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


def _engine_files(game: str, title: str) -> dict[Path, bytes]:
    """The engine, its figure words and its test file, from the templates of engine_files/."""
    names = {"game": game, "title": title, "Class": "".join(w.title() for w in game.replace("-", "_").split("_"))}
    here = Path(__file__).parent / "engine_files"

    def fill(name: str) -> bytes:
        return Template((here / name).read_text(encoding="utf-8")).substitute(names).encode()
    return {Path("cardspecs") / game / "engine.py": fill("engine.py.txt"),
            Path("rules_src") / game / "figures.yaml": fill("figures.yaml.txt"),
            Path("tests") / f"test_{game.replace('-', '_')}.py": fill("test_engine.py.txt")}


def _translation(root: Path, game: str, title: str, engine: bool, source: str, lang: str) -> Path:
    """The edition in ``lang``, recorded as following the ``source`` one section by section."""
    from ..rulebook.staleness import editions_of, mark_translated
    rel = Path("rules_src") / game / f"{lang}.md"
    text, play = EDITIONS[lang]
    body = text.format(game=game, title=title) + (play.format(game=game) if engine else "")
    (root / rel).write_text(f"---\ntranslation_of: {source}\n---\n" + body, encoding="utf-8")
    editions = editions_of(root / "rules_src" / game)
    mark_translated(editions[lang], editions[source])
    return rel
