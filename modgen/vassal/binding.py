"""The binding file: ties the pieces of an existing (not modgen-built) module to a game's units, so logs played with
that module read as the game's events (docs/vassal.md "Importing a module").

``bindings/<game id>.json`` in the workspace, written by ``modgen import`` and meant to be edited::

    {"module": "My Game", "maps": [<Geometry>…],
     "pieces": [{"unit": "inf_1", "name": "4-2 Inf", "image": "inf1.png", "gpid": "12",
                 "property": {"Unit": "1"}, "face_layer": "Step", "face_mode": "activate"}, …]}

A piece matches an entry when every key the entry gives (``name``, ``image``, ``gpid``, ``property``) agrees with the
piece; delete a key to match more loosely. Several entries may match one piece (copies of one palette slot): each
piece takes the first matching unit no other live piece holds, preferring the unit its scenario sets up where the
piece stands. ``face_mode`` says how the layer's level is the face: ``levels`` (always-active layer, level n = face
n) or ``activate`` (inactive = first face, level n = face n + 1).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from modgen import inputs
from modgen.errors import DataError
from modgen.vassal import sequence as se
from modgen.vassal import traits as tr
from modgen.vassal.import_grid import Geometry
from modgen.vassal.import_square import SquareGeometry, geometry_from_dict


def binding_path(workspace: Path, game_id: str) -> Path:
    """Where a game's binding file lives."""
    return workspace / "bindings" / f"{game_id}.json"


@dataclass
class PieceKeys:
    """What a piece offers for matching: BasicPiece name, image, gpid, and its Marker properties."""

    name: str
    image: str
    gpid: str
    props: dict[str, str]


def piece_keys(type_: str, state: str) -> PieceKeys:
    """The matching keys of a piece from its full type and state strings."""
    types = se.split_traits(type_)
    states = se.split_traits(state) + [""] * len(types)
    name = image = gpid = ""
    props: dict[str, str] = {}
    for t, s in zip(types, states, strict=False):
        trait = tr.parse_trait(t, s)
        if trait.kind == "piece":
            name, image = str(trait.extra.get("name") or ""), str(trait.extra.get("image") or "")
            gpid = str(trait.extra.get("gpid") or "")
        elif trait.kind == "mark":
            props.update(trait.extra["properties"])  # type: ignore[arg-type]
    return PieceKeys(name, image, gpid, props)


def matches(entry: dict[str, Any], keys: PieceKeys) -> bool:
    """Whether binding *entry* names this piece (every key it gives agrees)."""
    for k in ("name", "image", "gpid"):
        if k in entry and str(entry[k]) != getattr(keys, k):
            return False
    prop = entry.get("property")
    return not (isinstance(prop, dict) and any(keys.props.get(str(k)) != str(v) for k, v in prop.items()))


@dataclass
class Binding:
    """A loaded binding file."""

    path: str
    module: str
    pieces: list[dict[str, Any]]
    maps: list[Geometry | SquareGeometry]  # hex maps' and square maps' (``kind: "square"``) geometry
    by_unit: dict[str, dict[str, Any]] = field(default_factory=dict)

    def candidates(self, keys: PieceKeys) -> list[str]:
        """Units whose entry matches the piece, in file order."""
        return [str(e["unit"]) for e in self.pieces if matches(e, keys)]

    def face(self, unit: str, layers: dict[str, int]) -> int | None:
        """The 1-based face index the piece shows, from its bound face layer; None if the unit has none."""
        e = self.by_unit.get(unit) or {}
        name = e.get("face_layer")
        if not name or name not in layers:
            return None
        return face_index(e.get("face_mode", "levels"), layers[name])


def face_index(mode: str, level: int | None) -> int | None:
    """Face index (1-based) for a layer *level* (+n active, -n inactive) read as ``levels`` or ``activate``."""
    if level is None:
        return None
    if mode == "activate":
        return level + 1 if level > 0 else 1
    return abs(level) or 1


def load(path: Path) -> Binding:
    """Read and check a binding file; DataError names the file and what is wrong."""
    raw = inputs.read_regular(path, str(path))
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise DataError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("pieces"), list):
        raise DataError(f"{path}: expected an object with a 'pieces' list")
    pieces = [p for p in doc["pieces"] if isinstance(p, dict) and isinstance(p.get("unit"), str)]
    if len(pieces) != len(doc["pieces"]):
        raise DataError(f"{path}: /pieces: every entry must be an object with a 'unit' string")
    try:
        maps = [geometry_from_dict(m) for m in doc.get("maps") or []]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DataError(f"{path}: /maps: malformed map entry ({exc})") from None
    b = Binding(str(path), str(doc.get("module") or ""), pieces, maps)
    b.by_unit = {p["unit"]: p for p in pieces}
    return b


def for_game(game: Any) -> Binding | None:
    """The binding file of *game*'s workspace, or None when it has none."""
    try:
        path = binding_path(game.workspace, game.id)
    except (AttributeError, KeyError, TypeError):
        return None
    return load(path) if path.is_file() else None


def locator(b: Binding, game: Any, fallback: Any = None) -> Any:
    """(VASSAL map name, x, y) → hex label through the module geometry in the binding; other maps go to
    *fallback* (the locator of a module modgen built)."""
    from modgen.geometry.squaregrid import map_grid

    grids = {m["id"]: map_grid(m) for m in game.maps if m.get("kind", "hex") in ("hex", "square") and "grid" in m}
    geos = {g.vassal_map: g for g in b.maps if g.map_id in grids}

    def locate(map_name: str | None, x: int, y: int) -> str | None:
        geo = geos.get(map_name or "")
        if geo is None:
            return fallback(map_name, x, y) if fallback is not None else None
        return geo.locate(grids[geo.map_id], x, y)

    return locate
