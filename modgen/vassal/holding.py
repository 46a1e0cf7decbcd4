"""The holding map ("Off-map and reinforcements"): a grid-less VASSAL board with one named zone per box.

Which boxes, their size and place: :mod:`.bands` (the log adapter reads positions back with the same layout). Each
box is a ZonedGrid zone named after the box's title (``locationFormat="$name$"``), so VASSAL's reports and stack
viewer say "Eliminated — German" or "Turn 2 (28 Jun) — German: 7th Panzer Division, West map edge (6 on 1d6)".
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from modgen.draw.counterdraw import font
from modgen.vassal import bands
from modgen.vassal import buildfile as bf
from modgen.vassal.scale import HOLDING_TITLE_PX, holding_cell

BOARD_IMAGE = "holding.png"
_FILL = {"eliminated": "#e4c9c3", "replacements": "#cfd9c3"}  # the loss boxes stand out from the waiting ones


def _wrap(text: str, f: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: float) -> list[str]:
    """*text* broken at spaces into lines no wider than *width* (a longer word gets its own line)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _title(text: str, width: int, max_lines: int) -> tuple[ImageFont.FreeTypeFont | ImageFont.ImageFont, list[str]]:
    """The title font (DejaVu: has the em dash of arrival names, unlike Pillow's default) and the title's lines:
    smaller type if it would not fit the lines the layout gave it."""
    for size in range(HOLDING_TITLE_PX - 9, 8, -1):
        f = font("bold", size)
        lines = _wrap(text, f, width - 12)
        if len(lines) <= max_lines and all(f.getlength(ln) <= width - 12 for ln in lines):
            return f, lines
    f = font("bold", 9)
    return f, _wrap(text, f, width - 12)[:max_lines]


def board(map_id: str, boxes: list[bands.Band], counter_px: int) -> tuple[bf.BoardSpec, Image.Image,
                                                                          dict[str, list[tuple[int, int]]]]:
    """The board spec, its image, and for each box id the slot centres (board pixels) to put units on; more units
    than slots share slots (they stack)."""
    placed, width, height = bands.layout(boxes, counter_px)
    cell = holding_cell(counter_px)
    img = Image.new("RGB", (width, height), "#bdb7a8")
    draw = ImageDraw.Draw(img)
    zones: list[tuple[str, str]] = []
    slots: dict[str, list[tuple[int, int]]] = {}
    for p in placed:
        x1, y1 = p.x + p.width - 1, p.y + p.height - 1
        draw.rectangle([p.x, p.y, x1, y1], fill=_FILL.get(p.band.kind, "#d9d4c7"), outline="#555555", width=2)
        draw.line([p.x, p.y + p.title_px - 1, x1, p.y + p.title_px - 1], fill="#888888")
        f, lines = _title(p.band.title, p.width, p.title_lines)
        for k, line in enumerate(lines):
            draw.text((p.x + 6, p.y + 4 + k * bands.TITLE_LINE_PX), line, fill="#000000", font=f)
        zones.append((p.band.title, f"{p.x},{p.y};{x1},{p.y};{x1},{y1};{p.x},{y1}"))
        slots[p.band.id] = p.slots(cell)
    spec = bf.BoardSpec(map_id, "Off-map", BOARD_IMAGE, width, height, zones=zones, launch=True)
    return spec, img, slots
