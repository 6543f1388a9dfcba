"""A study file read back for its report: ``<out>/<game>/simulations/<name>.jsonl`` as
``forge simulate`` keeps it (:mod:`forge.engine.records`), each line checked before anything is
drawn, a fault said at its line."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError, Location
from ..inputs import read_text

__all__ = ["read_study", "RUN_KEYS", "PAIR_KEYS"]

#: what a record of one player count's games holds, and one of a pair study
RUN_KEYS = ("game", "players", "games", "policy", "length", "win_rate_by_seat", "score_by_seat", "rulings", "statistics")
PAIR_KEYS = ("game", "players", "rules", "games", "length_mean", "length_change", "penalties_per_game",
             "penalties_change", "unfinished", "stalled")
TABLE_KEYS = ("game", "players", "title", "columns", "rows")
HINT = "a study file is written by forge simulate: run the command on its first line again"


def read_study(path: Path, shown: str) -> list[dict]:
    """The records of the study file ``path`` (named ``shown`` in messages)."""
    records = []
    for number, line in enumerate(read_text(path, shown).splitlines(), 1):
        if not line.strip():
            continue
        where = Location(shown, number)
        try:
            record = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise InputError(where, f"not a JSON record ({getattr(exc, 'msg', 'nested too deeply')})", HINT) from None
        if not isinstance(record, dict):
            raise InputError(where, f"a record is a JSON object (got {type(record).__name__})", HINT)
        kind = (RUN_KEYS if "statistics" in record else PAIR_KEYS if "length_change" in record else TABLE_KEYS)
        missing = [k for k in kind if k not in record]
        if missing:
            raise InputError(where, f"the record lacks {', '.join(missing[:4])}", HINT)
        if records and record["game"] != records[0]["game"]:
            raise InputError(where, f"a record of {str(record['game'])[:40]!r} in a study of {str(records[0]['game'])[:40]!r}",
                             HINT)
        records.append(record)
    if not records:
        raise InputError(Location(shown, 1), "the study file holds no record", HINT)
    return records
