"""A simulation study kept on disk: ``<out>/<game>/simulations/<name>.jsonl``, one JSON record a
line (one per player count, or per rule set of a game's study), each with the command that
replays it and forge's version, published into the output folder as a build's files are
(:class:`forge.publish.OutputFolder`). Nothing in a record depends on the time, the machine or the
number of workers, so the same command gives the same file, byte for byte; a report can be
drawn from it again without replaying the games.
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from .. import __version__

__all__ = ["study_name", "stamp", "study_file"]


def study_name(parts: list[str]) -> str:
    """A file name (without ``.jsonl``) made of the options that change the figures, e.g.
    ``familienbande-p2..6-g1000-s0``; a long one is cut and ends with a hash of the whole."""
    name = re.sub(r"[^A-Za-z0-9._+=-]+", "_", "-".join(p for p in parts if p)).strip("._") or "study"
    if len(name) > 120:
        name = f"{name[:100]}-{hashlib.sha1(name.encode()).hexdigest()[:12]}"
    return name


def stamp(record: dict, command: str) -> dict:
    """A record with the command that replays it and forge's version first."""
    return {"command": command, "forge": __version__, **record}


def study_file(game: str, name: str, records: list[dict]) -> tuple[Path, bytes]:
    """The records as JSON Lines, and where they go inside the output folder:
    ``game/simulations/name.jsonl`` (the command publishes it as a build publishes its files:
    locked, inside the project, all or nothing)."""
    text = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)
    return Path(game) / "simulations" / f"{name}.jsonl", text.encode("utf-8")
