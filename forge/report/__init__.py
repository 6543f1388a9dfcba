"""A study's report: one HTML page, self-contained (its stylesheet inline, its charts inline
SVG: it opens offline and can be mailed), drawn from the records ``forge simulate`` keeps
(:mod:`forge.engine.records`) by :mod:`.figures`; ``forge simulate … --report`` writes it
beside the records, ``forge report FILE.jsonl`` draws it again from them without replaying."""
from __future__ import annotations

from pathlib import Path

import jinja2

from ..errors import InputError, Location
from .figures import report_context
from .study import read_study

__all__ = ["report_page", "read_study"]

HERE = Path(__file__).parent


def report_page(records: list[dict], source: str) -> bytes:
    """The report of ``records`` (a study file's, read from ``source``) as UTF-8 HTML."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE), autoescape=True, trim_blocks=True,
                             lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    try:
        context = report_context(records)
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError, AttributeError) as exc:
        raise InputError(Location(source, 1), f"a record does not hold what a report draws ({type(exc).__name__}: "
                         f"{str(exc)[:80]})", "a study file is written by forge simulate: run the command on its "
                         "first line again") from None
    html = env.get_template("report.html.j2").render(**context, source=source,
                                                     css=(HERE / "report.css").read_text("utf-8").strip())
    return html.encode("utf-8")
