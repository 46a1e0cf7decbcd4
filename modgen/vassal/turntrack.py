"""The turn record track: a window with one box per turn of a turn tracker, and a "Turn" marker that moves on it.

One track per turn tracker of :func:`.tracker.trackers_for` (same grouping: scenarios that share a tracker share a
track), each a private VASSAL Map with a launch button (like the holding map). Its board image is drawn here: a
title, then one box per turn labelled with the turn's number and, where the scenario names its turns, the label
("28 Jun"). Every box is a named Zone whose name is the tracker's turn entry ("Turn 2 (28 Jun)"), which is also the
value VASSAL gives the global property ``mg_turn`` (:data:`.tracker.TURN_LEVEL`'s list level), so:

* VASSAL reports the marker's location by turn ("Turn moves Turn 1 (27 Jun) → Turn 2 (28 Jun)");
* the marker has a Send-to-Location trait (destination Zone ``$mg_turn$``, menu "Move to current turn");
* the tracker moves it: a TurnGlobalHotkey under the TurnTracker (fired on every Next/Previous, VASSAL 3.6
  ``TurnTracker.doGlobalkeys``) presses a module Global Key Command whose button sends that key to the marker
  (filter ``mg_track``). The trait does nothing when the marker is already in the zone, so stepping through
  phases moves it only when the turn changes. The Set Turn dialog fires no hotkeys in VASSAL 3.6: the toolbar
  button (or the marker's menu) moves it then.

The marker is not a unit: it carries ``mg_track`` (its track's map id) and ``mg_game`` but no ``mg_unit``, and the
log adapter ignores it (:func:`is_track_marker`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from modgen.draw.counterdraw import font
from modgen.vassal import buildfile as bf
from modgen.vassal import sequence as se
from modgen.vassal import tracker as tk
from modgen.vassal import traits as tr

TRACK_PROP = "mg_track"  # the marker's Marker property: the id of the track map it belongs to
MAP_PREFIX = "turntrack"
TITLE = "Turn record track"
MARKER_NAME = "Turn"
MARKER_KEY = "84,715"  # Ctrl+Alt+Shift+T: the marker's Send-to-Location key
FIRE_KEY_CODE = 116  # F5 + Ctrl+Alt+Shift (+ the tracker's index): the TurnGlobalHotkey -> the toolbar GKC
FIRE_MODS = 715
PER_ROW = 10
TITLE_PX = 44
MARGIN = 12


@dataclass
class Track:
    """One turn record track: its map id, window title, the tracker it follows, the box zones (name, rectangle),
    the marker's image name, and the keys that move the marker."""

    map_id: str
    title: str
    tracker: tk.Tracker
    zones: list[tuple[str, tuple[int, int, int, int]]]
    width: int
    height: int
    fire_key: str
    marker_image: str

    def centre(self, turn: int) -> tuple[int, int]:
        """Board pixel centre of *turn*'s box (from 1): where VASSAL's Send-to-Location puts the marker."""
        x0, y0, x1, y1 = self.zones[turn - 1][1]
        return (x0 + (x1 - x0) // 2, y0 + (y1 - y0) // 2)


def is_track_marker(props: dict[str, str]) -> bool:
    """Whether a piece's Marker properties say it is a turn record track's marker (never a unit)."""
    return bool(props.get(TRACK_PROP)) and not props.get("mg_unit")


def box_text(n: int, shown: str) -> tuple[str, str]:
    """The number and the label printed in turn *n*'s box, from the tracker's entry *shown*: ("2", "28 Jun") for
    "Turn 2 (28 Jun)", ("3", "Round 3") for "Round 3", ("7", "") for "Turn 7"."""
    m = re.fullmatch(rf"Turn {n} \((.*)\)", shown)
    if m:
        return str(n), m.group(1)
    return str(n), "" if shown == f"Turn {n}" else shown


def tracks(game: Any, counter_px: int) -> list[Track]:
    """One track per turn tracker that has turns (an open-ended tracker gets none)."""
    out = []
    trackers = [t for t in tk.trackers_for(game) if t.turns]
    box_w, box_h = max(counter_px + 24, 84), counter_px + 48
    for i, t in enumerate(trackers):
        suffix = t.name[len(tk.TURN_LEVEL):].strip() if t.name.startswith(tk.TURN_LEVEL) else f"({t.name})"
        title = f"{TITLE} {suffix}".strip()
        map_id = MAP_PREFIX if i == 0 else f"{MAP_PREFIX}_{i + 1}"
        cols = min(PER_ROW, len(t.turns))
        rows = -(-len(t.turns) // cols)
        zones = []
        for k, shown in enumerate(t.turns):
            x0 = MARGIN + (k % cols) * box_w
            y0 = TITLE_PX + (k // cols) * box_h
            zones.append((shown, (x0, y0, x0 + box_w - 1, y0 + box_h - 1)))
        width, height = 2 * MARGIN + cols * box_w, TITLE_PX + rows * box_h + MARGIN
        fire = f"{FIRE_KEY_CODE + i},{FIRE_MODS}"
        out.append(Track(map_id, title, t, zones, width, height, fire, f"mg_{map_id}_marker.png"))
    return out


def board_image(track: Track) -> Image.Image:
    """The track's board: its title, then one box per turn with the turn's number and label."""
    img = Image.new("RGB", (track.width, track.height), "#d8d2bf")
    draw = ImageDraw.Draw(img)
    draw.text((MARGIN, 10), track.title, fill="#000000", font=font("bold", 22))
    num_font, label_font = font("bold", 16), font("regular", 12)
    for k, (shown, (x0, y0, x1, y1)) in enumerate(track.zones):
        draw.rectangle([x0, y0, x1, y1], fill="#f2eddc", outline="#444444", width=2)
        number, label = box_text(k + 1, shown)
        draw.text((x0 + 6, y0 + 3), number, fill="#000000", font=num_font)
        if label:
            size = 12
            while size > 8 and label_font.getlength(label) > x1 - x0 - 8:
                size -= 1
                label_font = font("regular", size)
            w = label_font.getlength(label)
            draw.text((x0 + (x1 - x0 - w) / 2, y1 - 18), label, fill="#000000", font=label_font)
            label_font = font("regular", 12)
    return img


def marker_image(counter_px: int) -> Image.Image:
    """The "Turn" marker: a counter-sized square with TURN on it."""
    img = Image.new("RGB", (counter_px, counter_px), "#f5d76e")
    draw = ImageDraw.Draw(img)
    draw.rectangle([0, 0, counter_px - 1, counter_px - 1], outline="#000000", width=2)
    f = font("bold", max(8, counter_px // 4))
    w = f.getlength("TURN")
    draw.text(((counter_px - w) / 2, counter_px / 2 - counter_px // 8 - 2), "TURN", fill="#000000", font=f)
    return img


def board_spec(track: Track) -> bf.BoardSpec:
    """The track's private map: a launch button, one named Zone per turn box."""
    zones = [(name, f"{x0},{y0};{x1},{y0};{x1},{y1};{x0},{y1}") for name, (x0, y0, x1, y1) in track.zones]
    return bf.BoardSpec(track.map_id, track.title, f"mg_{track.map_id}.png", track.width, track.height,
                        zones=zones, launch=True)


def marker_traits(track: Track, game_id: str) -> tuple[list[str], list[str]]:
    """The marker's traits (types, states), outermost first: Send-to-Location (zone ``$mg_turn$``), the Marker
    properties, the BasicPiece."""
    send = "sendto;" + se.encode(
        ["Move to current turn", MARKER_KEY, "", "", "0", "0", "", "", "0", "0", "1", "1", TITLE, "Z", "$mg_turn$",
         "", "", ""], ";")
    mark_t, mark_s = tr.marker({TRACK_PROP: track.map_id, "mg_game": game_id})
    return ([send, mark_t, tr.basic_piece(track.marker_image, MARKER_NAME)],
            [se.encode(["", "", ""], ";"), mark_s, tr.basic_piece_state()])


def move_command(track: Track) -> bf.ChoreSpec:
    """The toolbar Global Key Command that sends the marker to the current turn's box; the tracker's
    TurnGlobalHotkey presses it (its button key)."""
    return bf.ChoreSpec(f"Turn marker{track.title[len(TITLE):]}", MARKER_KEY,
                        f'{{{TRACK_PROP}=="{track.map_id}" && mg_turn!=""}}',
                        "Move the turn marker to the current turn (Next and Previous do it)", button_key=track.fire_key,
                        report=False)
