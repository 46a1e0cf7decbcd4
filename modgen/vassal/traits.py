"""VASSAL piece traits: builders for the traits modgen writes, and parsers for reading pieces back.

A piece definition is ``+/null/<TYPE>/<STATE>`` where TYPE and STATE nest one string per trait, outermost first
and BasicPiece last (VASSAL ``Decorator.getType``/``getState``). Field orders follow VASSAL 3.6's
``counters/<Trait>.java`` ``myGetType``/``myGetState`` (format reference §3.4).

modgen's pieces (see docs/design.md, "VASSAL pieces tie back to our data"):

* ``prototype;mg <class>`` -> the class prototype: ReportState for flips, Delete;
* ``mark;mg_unit,mg_game,mg_side,mg_formation,mg_class,mg_v_<value>…`` with the unit's data;
* ``emb2;…`` Layer named ``Face`` (only for units with two or more faces): level *n* = *n*-th face;
* ``piece;;;<front image>;<designation>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from modgen.vassal import sequence as se

# Key strokes as VASSAL encodes them (HotKeyConfigurer: "keyCode,modifiers"; 130 = Ctrl).
FLIP_KEY = "70,130"  # Ctrl+F
DELETE_KEY = "68,130"  # Ctrl+D
FRONT_KEY = "70,195"  # Ctrl+Shift+F: the Face layer back to its first face (no menu entry; global key commands)
ROTATE_KEY = "82,130"  # Ctrl+R: set a free angle
ROTATE_CW_KEY = "93,130"  # Ctrl+]
ROTATE_CCW_KEY = "91,130"  # Ctrl+[
PEEK_KEY = "80,195"  # Ctrl+Shift+P: a peek key no menu offers (see obscurable)
FACE_LAYER = "Face"
MARKER_PREFIX = "mg_"


def display_text(text: str) -> str:
    """``text`` made safe as a VASSAL name: a trailing backslash would escape the next delimiter (VASSAL's own
    SequenceEncoder quirk, see :mod:`modgen.vassal.sequence`), so one gets a space after it; TABs and newlines
    (which would split the piece's trait nesting) become spaces."""
    text = text.replace("\t", " ").replace("\n", " ").replace("\r", " ")
    return text + " " if text.endswith("\\") else text


def check_value(value: str, what: str) -> str:
    """``value`` unchanged, or ValueError if VASSAL could not store it exactly (it ends with a backslash)."""
    if value.endswith("\\"):
        raise ValueError(f"{what} {value!r} ends with a backslash, which VASSAL's encoding cannot store")
    return value


# --- piece definitions -------------------------------------------------------------------------------------------


def piece_definition(types: Sequence[str], states: Sequence[str], piece_id: str | None = None) -> str:
    """``+/id/TYPE/STATE`` for a piece with the given traits (outermost first, BasicPiece last)."""
    if len(types) != len(states):
        raise ValueError(f"{len(types)} trait types but {len(states)} states")
    return "+/" + se.encode(["null" if piece_id is None else piece_id, se.join_traits(types), se.join_traits(states)],
                            "/")


@dataclass
class PieceDef:
    """A decoded ``+/id/TYPE/STATE``: the id (None for ``null``) and one type and state string per trait."""

    id: str | None
    types: list[str]
    states: list[str]

    def traits(self) -> list[Trait]:
        """Each trait parsed, outermost first."""
        states = self.states + [""] * (len(self.types) - len(self.states))
        return [parse_trait(t, s) for t, s in zip(self.types, states, strict=False)]


def parse_definition(text: str) -> PieceDef:
    """Parse a PieceSlot/AddPiece text ``+/id/TYPE/STATE``; ValueError if it is not one."""
    if not text.startswith("+/"):
        raise ValueError(f"not a piece definition (must start with '+/'): {text[:40]!r}")
    tokens = se.decode(text[2:], "/")
    if len(tokens) < 2:
        raise ValueError(f"piece definition without a type: {text[:40]!r}")
    piece_id = None if tokens[0] == "null" else tokens[0]
    types = se.split_traits(tokens[1])
    states = se.split_traits(tokens[2]) if len(tokens) > 2 else [""] * len(types)
    return PieceDef(piece_id, types, states)


# --- individual traits -------------------------------------------------------------------------------------------


def basic_piece(image: str, name: str) -> str:
    """BasicPiece type: ``piece;cloneKey;deleteKey;image;name`` (the two legacy keys empty)."""
    return "piece;" + se.encode(["", "", check_value(image, "image name"), display_text(name)], ";")


def basic_piece_state(map_id: str | None = None, x: int = 0, y: int = 0, gpid: str = "",
                      properties: dict[str, str] | None = None) -> str:
    """BasicPiece state: ``mapId;x;y;gpid;nProps[;key;value]*`` (``null`` = not on a map)."""
    props = properties or {}
    tokens: list[str] = ["null" if map_id is None else map_id, str(x), str(y), gpid, str(len(props))]
    for k, v in props.items():
        tokens += [k, v]
    return se.encode(tokens, ";")


def marker(properties: dict[str, str]) -> tuple[str, str]:
    """Marker trait (type, state): ``mark;`` + comma list of names / comma list of values."""
    names = [check_value(k, "property name") for k in properties]
    values = [check_value(v, f"property {k}") for k, v in properties.items()]
    return "mark;" + se.encode(names, ","), se.encode(values, ",")


def layer(name: str, images: Sequence[str], level_names: Sequence[str] | None = None, *,
          flip_key: str = FLIP_KEY, flip_text: str = "Flip", loop: bool = True, reset_key: str = FRONT_KEY,
          down_key: str = "", down_text: str = "") -> str:
    """Embellishment/Layer type (``emb2;``, version 1), always active, one image per level; ``flip_key`` raises the
    level (cycling when ``loop``), ``down_key`` (if given) lowers it, ``reset_key`` (if given) returns it to the
    first level (no menu entry: for global key commands).

    Field order from VASSAL 3.6 ``Embellishment.myGetType``: activateCommand, activateModifiers, activateKey,
    upCommand, upModifiers, upKey, downCommand, downModifiers, downKey, resetCommand, resetKey, resetLevel,
    drawUnderneathWhenSelected, xOff, yOff, images, names, loopLevels, name, rndKey, rndText, followProperty,
    propertyName, firstLevelValue, version, alwaysActive, activateKeyStroke, increaseKeyStroke, decreaseKeyStroke,
    description, scale (checked against the 3.6.0 engine's bytecode).
    """
    names = list(level_names) if level_names is not None else [""] * len(images)
    if len(names) != len(images):
        raise ValueError("one level name per image")
    fields = ["", "128", "", flip_text, "128", "", down_text, "128", "", "", reset_key, "1", "false", "0", "0",
              se.encode(list(images), ","), se.encode(names, ","), _bool(loop), name, "", "", "false", "", "1",
              "1", "true", "", flip_key, down_key, name, "1.0"]
    return "emb2;" + se.encode(fields, ";")


def layer_state(level: int) -> str:
    """Layer state: the 1-based active level (negative = inactive)."""
    return str(level)


def rotator(n_angles: int, name: str = "Facing") -> str:
    """FreeRotator ("Can rotate") type, VASSAL 3.6 field order: nAngles; then for free rotation (nAngles 1)
    setAngleKey;setAngleText, else rotateCWKey;rotateCCWKey;rotateCWText;rotateCCWText; then rotateRNDKey;
    rotateRNDText;name;description;rotateDirectKey;rotateDirectText;directExpression;directTypeFacing."""
    if n_angles < 1:
        raise ValueError("a rotator has at least one angle")
    keys = [ROTATE_KEY, "Rotate"] if n_angles == 1 else [ROTATE_CW_KEY, ROTATE_CCW_KEY, "Rotate CW", "Rotate CCW"]
    return "rotate;" + se.encode([str(n_angles), *keys, "", "", name, name, "", "", "", "false"], ";")


def rotator_state(facing_deg: float, n_angles: int) -> str:
    """The FreeRotator state for a facing in degrees clockwise from up (the scenario convention).

    VASSAL's angles run the other way (``validAngles[i] = -i * 360 / n``; a free angle is counter-clockwise), so
    a free rotator stores ``-facing`` and a stepped one the index ``facing / (360 / n)``, rounded to the nearest
    step. The direction is checked by rendering a piece in the real engine (tests/test_engine_vassal.py).
    """
    facing = facing_deg % 360
    if n_angles == 1:
        angle = -facing % 360
        return repr(float(angle)) if angle else "0.0"
    return str(round(facing / (360 / n_angles)) % n_angles)


def report_state(keys: Sequence[str], report_format: str, description: str = "") -> str:
    """ReportState type: ``report;keys;reportFormat;cycleDownKeys;cycleReportFormats;description;noSuppress``."""
    return "report;" + se.encode([se.encode(list(keys), ","), report_format, "", "", description, "false"], ";")


def delete(command: str = "Delete", key: str = DELETE_KEY) -> str:
    """Delete type: ``delete;commandName;key;description``."""
    return "delete;" + se.encode([command, key, ""], ";")


def obscurable(image: str, owner_side: str, *, command: str, key: str, mask_name: str) -> str:
    """Obscurable ("Mask") type, VASSAL 3.6 field order: ``obs;key;image;hideCommand;displayStyle[peekKey];
    maskName;access;peekCommand;description;autoPeekRollover;dealKey;dealExpression``.

    Access is ``sides:<owner>`` (only the owning side may reveal it); the display style is Peek with a peek key but
    no peek command and no mouse-over peeking, so even the owner sees the mask (the hidden side is for neither
    player, EFB 21.3) until the piece is revealed. ``key`` toggles the mask (VASSAL's hide command)."""
    return "obs;" + se.encode([key, check_value(image, "image name"), command, "P" + PEEK_KEY,
                               display_text(mask_name), "sides:" + se.encode([owner_side], ":"), "", "Mask",
                               "false", "", ""], ";")


def obscurable_state(owner_side: str | None) -> str:
    """Obscurable state: the side that masked it (``null``: not masked), then VASSAL's options (none)."""
    return se.encode(["null" if owner_side is None else owner_side, ""], ";")


def restricted(sides: Sequence[str], description: str = "Owner") -> str:
    """Restricted Access type: ``restrict;sides;restrictByPlayer;restrictMovement;description`` (by side, moves
    restricted too)."""
    return "restrict;" + se.encode([se.encode([check_value(s, "side name") for s in sides], ","), "false", "true",
                                    description], ";")


#: PlaceMarker placements (VASSAL 3.6 ``PlaceMarker.STACK_TOP`` … ``BELOW``)
PLACE_ON_TOP, PLACE_AT_BOTTOM, PLACE_ABOVE, PLACE_BELOW = range(4)


def place_marker(command: str, key: str, marker_spec: str, gpid: str, *, placement: int = PLACE_ABOVE,
                 description: str = "") -> str:
    """Place Marker type, VASSAL 3.6 field order (``PlaceMarker.myGetType``): ``placemark;command;key;markerSpec;
    markerText;xOffset;yOffset;matchRotation;afterBurnerKey;description;gpId;placement;above``.

    ``marker_spec`` is the component path of the palette's PieceSlot (:func:`component_path`): VASSAL then places
    that slot's piece and gives it the slot's gpid, so the placed marker is exactly the palette's. ``gpid`` is the
    trait's own id, which VASSAL checks for clashes with every PieceSlot's when it loads the module. No marker text
    (the ``null`` VASSAL's editor writes): a ReportState reports the placement."""
    if placement not in range(4):
        raise ValueError(f"placement {placement} is not one of VASSAL's four")
    return "placemark;" + se.encode([display_text(command), key, marker_spec, "null", "0", "0", "false", "",
                                     description, gpid, str(placement), "false"], ";")


def component_path(elements: Sequence[tuple[str, str | None]]) -> str:
    """A VASSAL component path (``ComponentPathBuilder.getId``): ``class:name`` per element from the module down,
    joined with ``/``; ``None`` for a component without a name."""
    return se.encode([se.encode([cls, *(() if name is None else (check_value(name, "component name"),))], ":")
                      for cls, name in elements], "/")


def use_prototype(name: str) -> str:
    """UsePrototype type: ``prototype;Name`` (VASSAL stores the type string verbatim)."""
    return "prototype;" + name


def _bool(b: bool) -> str:
    return "true" if b else "false"


# --- parsing -----------------------------------------------------------------------------------------------------


@dataclass
class Trait:
    """One parsed trait: ``kind`` is its prefix without ``;`` (``piece``, ``mark``, ``emb2``…)."""

    kind: str
    fields: list[str]
    state: str
    raw: str = ""
    extra: dict[str, object] = field(default_factory=dict)


def trait_kind(type_string: str) -> str:
    """The trait's prefix as VASSAL's ``BasicCommandEncoder`` picks the class: up to the first ``;`` (or all)."""
    i = type_string.find(";")
    return type_string if i < 0 else type_string[:i]


def parse_trait(type_string: str, state: str = "") -> Trait:
    """Split a trait's type into its fields and interpret the ones modgen reads (Marker, Layer, BasicPiece)."""
    kind = trait_kind(type_string)
    body = type_string[len(kind) + 1:] if len(type_string) > len(kind) else ""
    t = Trait(kind=kind, fields=[], state=state, raw=type_string)
    if kind == "mark":
        t.fields = se.decode(body, ",")
        values = se.decode(state, ",") if state else []
        t.extra["properties"] = {k: (values[i] if i < len(values) else "") for i, k in enumerate(t.fields)}
    elif kind == "prototype":
        t.fields = [body]
    else:
        t.fields = se.decode(body, ";") if body else []
    if kind in ("emb2", "emb") and len(t.fields) > 18:
        t.extra["name"] = t.fields[18]
        t.extra["images"] = se.decode(t.fields[15], ",") if t.fields[15] else []
        try:
            t.extra["level"] = int(state) if state else 1
        except ValueError:
            t.extra["level"] = None
    if kind == "piece":
        f = t.fields + [""] * (4 - len(t.fields))
        t.extra["image"], t.extra["name"] = f[2], f[3]
        st = se.decode(state, ";") if state else []
        if len(st) >= 3:
            t.extra["map"] = None if st[0] == "null" else st[0]
            t.extra["x"], t.extra["y"] = _int(st[1]), _int(st[2])
            t.extra["gpid"] = st[3] if len(st) > 3 else ""
    return t


def _int(s: str) -> int | None:
    try:
        return int(s)
    except ValueError:
        return None


def modgen_properties(types: Sequence[str], states: Sequence[str]) -> dict[str, str]:
    """Every ``mg_*`` Marker property of a piece (TYPE/STATE split per trait); empty if it is not modgen's."""
    props: dict[str, str] = {}
    for t, s in zip(types, list(states) + [""] * (len(types) - len(states)), strict=False):
        if trait_kind(t) == "mark":
            for k, v in parse_trait(t, s).extra["properties"].items():  # type: ignore[union-attr]
                if k.startswith(MARKER_PREFIX):
                    props[k] = v
    return props


def face_level(types: Sequence[str], states: Sequence[str]) -> int | None:
    """The active level (1-based) of the ``Face`` layer, or None when the piece has none."""
    for t, s in zip(types, list(states) + [""] * (len(types) - len(states)), strict=False):
        if trait_kind(t) in ("emb2", "emb"):
            tr = parse_trait(t, s)
            if tr.extra.get("name") == FACE_LAYER:
                return tr.extra.get("level")  # type: ignore[return-value]
    return None
