"""How a report writes its numbers (English, as forge's command line): shares as percentages
with one decimal (more for a share that is not zero but would round to it), whole numbers with
thousands separators, changes with their sign."""
from __future__ import annotations

__all__ = ["pct", "tick_pct", "num", "signed_pct", "signed_pt", "tick_pt", "signed", "p_value"]


def pct(share: float) -> str:
    decimals = 1
    while share > 0 and round(100 * share, decimals) == 0:
        decimals += 1
    return f"{100 * share:.{decimals}f}%"


def tick_pct(share: float) -> str:
    """An axis tick: a whole percentage, or one decimal when needed."""
    text = f"{100 * share:.1f}".rstrip("0").rstrip(".")
    return f"{text}%"


def num(value: float, decimals: int = 0) -> str:
    return f"{value:,.{decimals}f}" if decimals or value != int(value) else f"{int(value):,}"


def signed_pct(change: float) -> str:
    """A relative change: +12%, −3%, 0%."""
    text = f"{100 * change:+.0f}%"
    return text.replace("-", "\u2212") if text not in ("+0%", "-0%") else "0%"


def signed_pt(points: float) -> str:
    """A difference of two shares, in percentage points: +1.2 pt."""
    return f"{100 * points:+.1f} pt".replace("-", "\u2212")


def tick_pt(points: float) -> str:
    """An axis tick of percentage points: +5 pt, 0 pt, −2.5 pt."""
    text = f"{100 * points:+.1f}".rstrip("0").rstrip(".")
    return "0 pt" if float(text) == 0 else f"{text} pt".replace("-", "\u2212")


def signed(value: float, decimals: int = 2) -> str:
    """A change with its sign, with more decimals for one that is not zero but would round to it
    (up to 4): +0.12, −0.004, 0."""
    while value and round(value, decimals) == 0 and decimals < 4:
        decimals += 1
    text = f"{value:+.{decimals}f}"
    return "0" if float(text) == 0 else text.replace("-", "\u2212")


def p_value(p: float | None) -> str:
    if p is None:
        return "–"
    return "< 1e-300" if p == 0 else f"{p:.3g}"
