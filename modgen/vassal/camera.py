"""The opening view (issue #24): each predefined set-up opens with its main map scrolled to the set-up.

VASSAL 3.6 has no map attribute for an initial view, so modgen builds a chain of 3.6 components:

* one ``MoveCameraButton`` per scenario on the scenario's main map (hidden: no text, no icon), mode Location
  (``SendToLocation.DEST_LOCATION``, "L") at the centre of the scenario's units set up on that map (map
  coordinates: the maps have no edge buffer), zoom = the map's start zoom, pressed by its own hotkey
  (:func:`camera_key`);
* the scenario's Turn marker (:mod:`.turntrack`; every set-up with a tracker has one) carries a Global Hotkey trait
  that, on :data:`VIEW_KEY`, fires that hotkey;
* a ``StartupGlobalKeyCommand`` (``startOfGameOnly``: a new game or a predefined set-up, not a loaded game) sends
  :data:`VIEW_KEY` to the Turn markers.

A scenario without a turn marker (no tracker) gets no opening view; the map opens at its top-left corner.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from modgen.vassal import sequence as se

VIEW_KEY = "86,715"  # Ctrl+Alt+Shift+V: the startup command's key to the Turn markers
CAMERA_KEY_CODE = 0xF000  # VK_F13 (+ the scenario's index), Ctrl+Alt+Shift: presses that scenario's camera button
CAMERA_MODS = 715
GLOBAL_HOTKEY_ID = "globalhotkey;"


def camera_key(index: int) -> str:
    """The hotkey (VASSAL ``code,modifiers``) of the *index*-th scenario's camera button."""
    return f"{CAMERA_KEY_CODE + index},{CAMERA_MODS}"


def setup_centre(placements: Sequence[Any], main_maps: Sequence[str]) -> tuple[str, int, int] | None:
    """The main map holding most of the set-up's pieces, and the centre (mean position, map pixels) of the pieces
    on it; None when no piece is set up on a main map."""
    on_main = [p for p in placements if p.map_id in main_maps]
    if not on_main:
        return None
    map_id = Counter(p.map_id for p in on_main).most_common(1)[0][0]
    here = [p for p in on_main if p.map_id == map_id]
    return (map_id, round(sum(p.x for p in here) / len(here)), round(sum(p.y for p in here) / len(here)))


def hotkey_trait(key: str) -> tuple[str, str]:
    """A Global Hotkey trait (type, state) with no menu entry: on :data:`VIEW_KEY` it fires *key*."""
    return GLOBAL_HOTKEY_ID + se.encode(["", VIEW_KEY, key, "Opening view"], ";"), ""
