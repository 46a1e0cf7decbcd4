"""Test helpers: hand-assembled VASSAL piece definitions and save/log files (no code under test builds the pieces).

Trait strings follow VASSAL's field orders (vassal-format.md §3.4): Marker ``mark;names`` / ``values``, Layer
``emb2;`` with the level names at field 16 and the layer name at field 18 / state = level, BasicPiece
``piece;;;image;name`` / ``map;x;y;gpid;0``. Nesting is ``sequence.join_traits`` (tested by its owner).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from modgen.data.model import Game
from modgen.vassal import sequence as se
from modgen.vassal.obfuscation import obfuscate

E = "\x1b"
NUMBERING = {"first": "H", "sep": "", "h_type": "N", "v_type": "N", "h_leading": 1, "v_leading": 1, "h_off": 1,
             "v_off": 1, "h_descend": False, "v_descend": False, "stagger": False}


def tiny_game() -> Game:
    """A 6x5 flat hex map 'main', two units with two faces each, and a marker counter."""
    counters = {"counters": [
        {"id": "de.a", "kind": "unit", "side": "german", "faces": {"front": {}, "back": {}}},
        {"id": "su.b", "kind": "unit", "side": "soviet", "faces": {"front": {}, "reduced": {}}},
        {"id": "marker.supp", "kind": "marker", "faces": {"front": {}}}]}
    maps = {"maps": [{"id": "main", "kind": "hex", "grid": {"orientation": "flat", "columns": 6, "rows": 5,
                                                             "numbering": NUMBERING}}]}
    manifest = {"id": "tiny", "system": "efb", "vassal": {"hex_px": 100},
                "sides": [{"id": "german", "name": "German"}, {"id": "soviet", "name": "Soviet"}]}
    return Game(path=Path("games/tiny.json"), manifest=manifest, counters_doc=counters, maps_docs=[maps])


def layer_type(name: str, level_names: list[str], images: list[str] | None = None) -> str:
    """A Layer; our modules' Face layer has one image per face and empty level names (names stay the unit's)."""
    images = images or [f"{n or 'level'}{i}.png" for i, n in enumerate(level_names)]
    fields = [""] * 11 + ["1", "false", "0", "0", ",".join(images), ",".join(level_names),
                          "false", name, "", "", "false", "", "1", "1", "true", "", "", "", "", "1.0", "", "true"]
    return "emb2;" + ";".join(fields)


def piece(pid: str, name: str, map_id: str | None, x: int, y: int, *, unit: str | None = None,
          game: str = "tiny", side: str = "german", face: int = 1, faces=("front", "back")) -> tuple[str, str]:
    """(type, state) of a piece: [Marker mg_*] [Layer Face] BasicPiece."""
    types, states = [], []
    if unit:
        types.append("mark;mg_unit,mg_game,mg_side")
        states.append(f"{unit},{game},{side}")
        types.append(layer_type("Face", [""] * len(faces), [f"{f}.png" for f in faces]))
        states.append(str(face))
    types.append(f"piece;;;{name}.png;{name}")
    states.append(f"{map_id or 'null'};{x};{y};{pid};0")
    return se.join_traits(types), se.join_traits(states)


def add(pid: str, type_: str, state: str) -> str:
    return "+/" + se.encode([pid, type_, state], "/")


def stack(sid: str, map_id: str, x: int, y: int, *members: str) -> str:
    return add(sid, "stack", ";".join([map_id, str(x), str(y), *members, "@@-1"]))


def save_text(piece_cmds: list[str], extra: list[str] | None = None) -> str:
    """begin_save, empty version check, the piece container one level down, extras, end_save (VASSAL's shape)."""
    container = se.encode(["", *piece_cmds], E)
    return se.encode(["begin_save", "", container, *(extra or []), "end_save"], E)


def log_text(save: str, steps: list[list[str]]) -> str:
    """A .vlog text: the saved state with one LOG step per list appended (sub-commands as sibling LOGs)."""
    parts = [save]
    for cmds in steps:
        parts.append(se.encode(["LOG\t" + c for c in cmds], E))
    # the state's top-level tokens and the steps are siblings under begin_save: re-split the save's top level
    top = se.decode(save, E)
    return se.encode([*top, *parts[1:]], E)


def zip_bytes(saved_game: bytes, extra: dict[str, bytes] | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", saved_game)
        for k, v in (extra or {}).items():
            z.writestr(k, v)
    return buf.getvalue()


def vsav(text: str, module: str | None = "tiny", obfuscated: bool = True) -> bytes:
    extra = {"moduledata": f"<data version=\"1\"><name>{module}</name></data>".encode()} if module else {}
    return zip_bytes(obfuscate(text) if obfuscated else text.encode(), extra)
