"""forge's documented limits: what it refuses, with a located error, rather than hang or run
out of memory. README's "Limits and safety" lists them (a test keeps the two equal).

Every figure here is far above what a real game needs (the largest of forge's own kits has 206
word cards in a 207-line file; the largest card is a 297 mm board) and low enough that the
worst accepted input builds in seconds.
"""
from __future__ import annotations

__all__ = ["LIMITS", "Limit"]

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    value: float
    unit: str
    what: str

    @property
    def shown(self) -> str:
        """The limit as README writes it: ``8 MiB``, ``5,000 rows``, ``10 mm``."""
        if self.unit == "bytes":
            return f"{self.value / (1024 * 1024):g} MiB"
        return f"{self.value:,} {self.unit}"


LIMITS: dict[str, Limit] = {
    "file_bytes": Limit(8 * 1024 * 1024, "bytes", "size of any input file (spec, data, strings, rules source)"),
    "xlsx_bytes": Limit(64 * 1024 * 1024, "bytes", "size of an XLSX workbook once unpacked (all its parts)"),
    "sheet_bytes": Limit(16 * 1024 * 1024, "bytes", "size of one sheet of an XLSX workbook once unpacked"),
    "line_chars": Limit(100_000, "characters", "characters in one line of any text input file"),
    "yaml_depth": Limit(40, "levels", "nesting of mappings and lists in a YAML file or block"),
    "yaml_nodes": Limit(100_000, "values", "values in a YAML document once its aliases are expanded"),
    "rows": Limit(5_000, "rows", "rows in one data file (CSV, XLSX or YAML) or one 'rows' list"),
    "cell": Limit(10_000, "characters", "characters in one CSV or XLSX cell or one text value"),
    "copies": Limit(1_000, "copies", "copies of one card (a component's or a row's 'copies')"),
    "cards": Limit(5_000, "cards", "cards in one component, in one language"),
    "card_min": Limit(10, "mm", "smallest card side"),
    "card_max": Limit(500, "mm", "largest card side"),
    "page_min": Limit(20, "mm", "smallest board page side"),
    "page_max": Limit(1_200, "mm", "largest board page side"),
    "bleed_max": Limit(20, "mm", "largest bleed"),
    "margin_max": Limit(50, "mm", "largest paper margin"),
    "corner_max": Limit(15, "mm", "largest radius of a card's rounded corners"),
    "offset_max": Limit(20, "mm", "largest back offset, each way"),
    "image_bytes": Limit(64 * 1024 * 1024, "bytes", "size of an image file (PNG, JPEG, WebP)"),
    "font_bytes": Limit(32 * 1024 * 1024, "bytes", "size of a font file of the project (fonts:)"),
    "image_pixels": Limit(60_000_000, "pixels", "pixels of an image, read from its header before decoding"),
    "path_chars": Limit(1_024, "characters", "length of a path named in a file (255 per folder or file name)"),
    "games": Limit(10_000_000, "games", "games in one forge simulate run"),
    "workers": Limit(64, "processes", "worker processes of forge simulate"),
    "dpi_min": Limit(50, "dpi", "lowest resolution of forge export (--dpi)"),
    "dpi_max": Limit(1_200, "dpi", "highest resolution of forge export (--dpi)"),
    "export_pixels": Limit(60_000_000, "pixels", "pixels of one card image forge export draws (a card with its bleed at --dpi)"),
    "examples": Limit(500, "examples", "worked examples in one rulebook edition"),
    "example_moves": Limit(10_000, "moves", "moves (and refused moves) in one worked example"),
}


def limit(name: str) -> float:
    """The value of limit ``name``."""
    return LIMITS[name].value
