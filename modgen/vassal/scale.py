"""Pixel scales of the modules modgen writes, in one place for the builder (:mod:`.module`, :mod:`.holding`) and the
log adapter that turns positions back into places (:mod:`.adapter`), so the two cannot drift apart.

No Pillow or lxml here: the adapter imports it when checking logs.
"""

from __future__ import annotations

from typing import Any

DEFAULT_HEX_PX = 100
DEFAULT_PX_PER_INCH = 30
#: The map of off-map boxes (modgen.vassal.holding, modgen.vassal.bands): VASSAL's map id and window title.
HOLDING_MAP = "Off-map and reinforcements"
#: The holding map of modules built before boxes were sized to their units: equal-height bands of
#: ``HOLDING_ROWS`` rows, 12 slots wide, one below the other (the adapter still decodes their logs).
LEGACY_HOLDING_MAP = "holding"
HOLDING_TITLE_PX = 24  # a box's title strip
HOLDING_ROWS = 3  # counter rows in a legacy band


def counter_size(vassal_opts: dict[str, Any], hex_px: float, px_per_inch: float, hex_maps: bool) -> Any:
    """The counter image size before checking: manifest ``vassal.counter_px``, else 3/4 of a hex (games with hex
    maps), else 1.5 table inches."""
    return vassal_opts.get("counter_px") or (hex_px * 0.75 if hex_maps else px_per_inch * 1.5)


def holding_cell(counter_px: int) -> int:
    """Side of one slot in a holding band, in pixels."""
    return int(counter_px * 1.25)


def holding_band_height(counter_px: int) -> int:
    """Height of one band of the legacy holding map (title strip and counter rows), in pixels."""
    return HOLDING_TITLE_PX + HOLDING_ROWS * holding_cell(counter_px)
