"""The holding area: a grid-less VASSAL board with one named zone (band) per off-map box.

Off-map set-up units (``"off_map": "reinforcements"``) are placed in their box's band, and units still to arrive
through a scenario's ``reinforcements`` in their arrival's band (which bands there are: :mod:`.bands`); VASSAL names
any point in a band after the box (a ZonedGrid zone with ``locationFormat="$name$"``), so a log shows
"moves reinforcements -> 1126".
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from modgen.draw.counterdraw import font
from modgen.vassal import buildfile as bf
from modgen.vassal.scale import HOLDING_ROWS, HOLDING_TITLE_PX, holding_band_height, holding_cell

COLUMNS = 12  # counters per row in a band


def board(map_id: str, boxes: list[str], counter_px: int) -> tuple[bf.BoardSpec, Image.Image,
                                                                    dict[str, list[tuple[int, int]]]]:
    """The board spec, its image, and for each box the slot centres (board pixels) to put units on.

    Each band holds ``COLUMNS`` x 3 slots; more units than that share slots (they stack).
    """
    cell = holding_cell(counter_px)
    rows = HOLDING_ROWS
    band_h = holding_band_height(counter_px)
    width = COLUMNS * cell
    height = max(1, len(boxes)) * band_h
    img = Image.new("RGB", (width, height), "#d9d4c7")
    draw = ImageDraw.Draw(img)
    title_font = font("bold", HOLDING_TITLE_PX - 9)  # DejaVu: has the em dash of arrival names, unlike Pillow's default
    zones: list[tuple[str, str]] = []
    slots: dict[str, list[tuple[int, int]]] = {}
    for i, box in enumerate(boxes):
        top = i * band_h
        draw.rectangle([0, top, width - 1, top + band_h - 1], outline="#555555", width=2)
        # box ids ("air_pool") read better title-cased; arrival names ("Turn 2 — Germans: entry_a") are shown as is
        draw.text((6, top + 4), box if " " in box else box.replace("_", " ").title(), fill="#000000", font=title_font)
        zones.append((box, f"0,{top};{width - 1},{top};{width - 1},{top + band_h - 1};0,{top + band_h - 1}"))
        slots[box] = [(c * cell + cell // 2, top + HOLDING_TITLE_PX + r * cell + cell // 2)
                      for r in range(rows) for c in range(COLUMNS)]
    spec = bf.BoardSpec(map_id, "Holding", f"{map_id}.png", width, height, zones=zones, launch=True)
    return spec, img, slots
