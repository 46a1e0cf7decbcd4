"""Pieces of an existing module for ``modgen import``: prototypes expanded (nested, cycles refused), the face layer
found, the side decided (palette, prototype, property, or a name heuristic that is reported), values parsed from
names such as ``4-2``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from modgen.vassal import sequence as se
from modgen.vassal import traits as tr

MAX_DEPTH = 32
_FACE_NAMES = re.compile(r"face|flip|step|side|reduc|strength|back", re.I)
_VALUES = re.compile(r"(?<![\d.])(\d+)-(\d+)(?:-(\d+))?(?![\d.])")
VALUE_NAMES = {2: ("attack", "movement"), 3: ("attack", "defense", "movement")}


@dataclass
class PieceInfo:
    """One palette piece, interpreted."""

    name: str
    image: str
    face_images: list[str]
    face_layer: str | None = None
    face_mode: str = "levels"
    prototypes: list[str] = field(default_factory=list)
    props: dict[str, str] = field(default_factory=dict)
    other_layers: list[str] = field(default_factory=list)
    mask_images: list[str] = field(default_factory=list)  # faces that are a Mask's image (hidden sides)
    problems: list[str] = field(default_factory=list)


def definition(text: str) -> tuple[list[str], list[str]]:
    """(types, states) of ``+/id/TYPE/STATE``, states padded to the types; ValueError if it is not one."""
    d = tr.parse_definition(text)
    states = (d.states + [""] * len(d.types))[:len(d.types)]
    return d.types, states


def expand(types: list[str], states: list[str], protos: dict[str, str], used: list[str], problems: list[str],
           stack: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """Replace ``prototype;Name`` traits by the prototype's traits (minus its placeholder BasicPiece), recursively, as
    VASSAL's PieceCloner does; a missing, unreadable or cyclic prototype is dropped and named in *problems*."""
    out_t: list[str] = []
    out_s: list[str] = []
    for t, s in zip(types, states, strict=True):
        if tr.trait_kind(t) != "prototype":
            out_t.append(t)
            out_s.append(s)
            continue
        name = t[len("prototype;"):].split(";")[0]
        if name in stack or len(stack) >= MAX_DEPTH:
            problems.append(f"prototype {name!r} uses itself (cycle {' -> '.join([*stack, name])}); dropped")
            continue
        if name not in protos:
            problems.append(f"prototype {name!r} is not defined in the module; dropped (VASSAL drops it too)")
            continue
        try:
            pt, ps = definition(protos[name])
        except ValueError as exc:
            problems.append(f"prototype {name!r}: {exc}; dropped")
            continue
        used.append(name)
        et, es = expand(pt[:-1], ps[:-1], protos, used, problems, (*stack, name))
        out_t += et
        out_s += es
    return out_t, out_s


def interpret(text: str, protos: dict[str, str]) -> PieceInfo:
    """A PieceSlot's definition, prototypes expanded, as a :class:`PieceInfo`; ValueError if unreadable."""
    types, states = definition(text)
    problems: list[str] = []
    used: list[str] = []
    types, states = expand(types, states, protos, used, problems)
    info = PieceInfo(name="", image="", face_images=[], prototypes=used, problems=problems)
    layers: list[tuple[str, list[str], bool]] = []
    masks: list[str] = []
    for t, s in zip(types, states, strict=True):
        trait = tr.parse_trait(t, s)
        if trait.kind == "piece":
            info.name, info.image = str(trait.extra.get("name") or ""), str(trait.extra.get("image") or "")
        elif trait.kind == "mark":
            info.props.update(trait.extra["properties"])  # type: ignore[arg-type]
        elif trait.kind == "obs" and len(trait.fields) > 1 and trait.fields[1]:
            masks.append(trait.fields[1])  # a Mask's image is a side of the counter too (an untried side)
        elif trait.kind in ("emb2", "emb"):
            if "images" not in trait.extra:
                problems.append(f"layer trait {t[:40]!r} has an older field layout modgen does not read; ignored")
                continue
            f = trait.fields
            always = (f[25] == "true") if len(f) > 25 else (f[0] == "" and f[2] == "")
            layers.append((str(trait.extra["name"]), list(trait.extra["images"]), always))  # type: ignore[arg-type]
    face = _face_layer(layers)
    if face is None:
        info.face_images = [info.image]
    else:
        name, images, always = face
        info.face_layer, info.face_mode = name, "levels" if always else "activate"
        info.face_images = images if always else [info.image, *images]
    info.mask_images = [m for m in masks if m not in info.face_images]
    info.face_images += info.mask_images  # after the layer's faces, so that the layer's levels keep mapping
    info.other_layers = [n for n, _, _ in layers if face is None or n != face[0]]
    return info


def _face_layer(layers: list[tuple[str, list[str], bool]]) -> tuple[str, list[str], bool] | None:
    """The layer whose levels are the counter's faces: one named like a face/flip/step layer, else the first
    always-active layer with two or more levels."""
    named = [ly for ly in layers if _FACE_NAMES.search(ly[0]) and (len(ly[1]) >= 2 or not ly[2])]
    named.sort(key=lambda ly: ly[0].lower() != "face")  # modgen's own Face layer before its Steps layer
    if named:
        return named[0]
    multi = [ly for ly in layers if ly[2] and len(ly[1]) >= 2]
    return multi[0] if multi else None


def side_of(info: PieceInfo, path: list[str], sides: list[str]) -> tuple[str | None, str]:
    """(side name or None, how it was decided): palette, prototype, property, or heuristic (piece name/image)."""
    def find(texts: list[str]) -> str | None:
        for side in sides:
            pat = re.compile(rf"(?<![A-Za-z]){re.escape(side)}(?![A-Za-z])", re.I)
            if any(pat.search(t) for t in texts):
                return side
        return None

    for how, texts in (("palette", path), ("prototype", info.prototypes), ("property", list(info.props.values())),
                       ("heuristic", [info.name, info.image])):
        found = find(texts)
        if found:
            return found, how
    return None, "none"


def values_of(name: str) -> dict[str, Any]:
    """Printed values from a name such as ``4-2`` (attack, movement) or ``4-4-6`` (attack, defense, movement)."""
    m = _VALUES.search(name)
    if not m:
        return {}
    nums = [int(g) for g in m.groups() if g is not None]
    return dict(zip(VALUE_NAMES[len(nums)], nums, strict=True))


def keys_of(type_: str, state: str) -> dict[str, Any]:
    """BasicPiece name/image/gpid and layer levels of a placed piece (type and state strings)."""
    types = se.split_traits(type_)
    states = (se.split_traits(state) + [""] * len(types))[:len(types)]
    out: dict[str, Any] = {"name": "", "image": "", "gpid": "", "layers": {}}
    for t, s in zip(types, states, strict=True):
        trait = tr.parse_trait(t, s)
        if trait.kind == "piece":
            out.update(name=trait.extra.get("name") or "", image=trait.extra.get("image") or "",
                       gpid=str(trait.extra.get("gpid") or ""))
        elif trait.kind in ("emb2", "emb") and "name" in trait.extra:
            out["layers"][trait.extra["name"]] = trait.extra.get("level")
    return out
