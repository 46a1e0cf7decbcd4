"""EFB event kinds and chat verbs (``RuleSystem.event_kinds()`` / ``chat_verbs()``) for what the core vocabulary
cannot say: the scenario's "plus one unit from any other command" assignment (MK 24.6, GT 24.6/24.7)."""

from __future__ import annotations

from typing import Any

COMMAND_ASSIGN = {
    "type": "object",
    "description": "EFB MK 24.6 / GT 24.6, 24.7: an HQ takes a unit of another command as its 'plus one unit' (it "
                   "replaces the HQ's earlier choice).",
    "properties": {
        "type": {"const": "command_assign"},
        "hq": {"type": "string", "minLength": 1, "description": "The HQ unit's counter id."},
        "unit": {"type": "string", "minLength": 1, "description": "The unit it commands as its plus one."},
        "i": {"type": "integer", "description": "Event index."},
    },
    "required": ["type", "hq", "unit"],
}


def parse_assign(p: Any) -> dict[str, Any]:
    """``!assign UNIT to HQ``: the HQ (its counter id) commands UNIT (id, hex or piece name) as its plus one."""
    unit = p.next("a unit or hex to assign")
    if not unit.is_target:
        raise p.fail(unit, "a unit or hex to assign")
    to = p.next("'to'")
    if to.text != "to":
        raise p.fail(to, "'to'")
    hq = p.next("the HQ's counter id after 'to'")
    return {"type": "command_assign", "unit": unit.text, "hq": hq.text}


EVENT_KINDS: dict[str, dict[str, Any]] = {"command_assign": COMMAND_ASSIGN}
CHAT_VERBS: dict[str, Any] = {"assign": parse_assign}


# ---- issue #15: road-column entry (6.4), exit with its cause (8.11, 13.5), air withdrawn for the second wave (14.4)
ROAD_COLUMN = {
    "type": "object",
    "description": "EFB 6.4: reinforcements enter by road. The first unit is placed on the map-edge road hex; the "
                   "others line up off the map on the road behind it, in this order, within the stacking limit per "
                   "off-map hex, and each pays the road MP to reach that hex when it moves; those that cannot "
                   "arrive this turn are received the next turn.",
    "properties": {
        "type": {"const": "road_column"},
        "hex": {"type": "string", "minLength": 1, "description": "The map-edge road hex the column enters at."},
        "units": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1},
                  "description": "The column's units, head first (the head is placed on the hex)."},
        "i": {"type": "integer", "description": "Event index."},
    },
    "required": ["type", "hex", "units"],
}

AIR_WITHDRAW = {
    "type": "object",
    "description": "EFB 14.4: air units committed to the first combat wave are withdrawn from it, to attack in the "
                   "second wave instead.",
    "properties": {
        "type": {"const": "air_withdraw"},
        "units": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1},
                  "description": "The air units' counter ids."},
        "i": {"type": "integer", "description": "Event index."},
    },
    "required": ["type", "units"],
}

CAUSES = ("move", "retreat", "advance")


def parse_column(p: Any) -> dict[str, Any]:
    """``!column HEX UNIT UNIT…``: a road column (6.4) enters at the map-edge road HEX, head first."""
    h = p.next("the map-edge road hex the column enters at")
    if not h.is_target:
        raise p.fail(h, "the map-edge road hex the column enters at")
    return {"type": "road_column", "hex": h.text, "units": p.targets("the column's units, head first")}


def parse_exit(p: Any) -> dict[str, Any]:
    """``!exit UNIT [HEX] [move|retreat|advance]``: UNIT leaves the map (from HEX) by its own move (the default),
    or is forced off it by a retreat, or advances off it (the core ``exit`` event with ``cause``)."""
    unit = p.next("a unit or hex that leaves the map")
    if not unit.is_target:
        raise p.fail(unit, "a unit or hex that leaves the map")
    ev: dict[str, Any] = {"type": "exit", "unit": unit.text}
    t = p.peek()
    if t is not None and t.is_target and t.text not in CAUSES:
        ev["hex"] = p.next("the hex it leaves from").text
        t = p.peek()
    if t is not None:
        p.i += 1
        if t.text not in CAUSES:
            raise p.fail(t, "move, retreat, advance or end of line")
        if t.text != "move":
            ev["cause"] = t.text
    return ev


def parse_withdraw(p: Any) -> dict[str, Any]:
    """``!withdraw AIR…``: these air units leave the first wave to attack in the second (14.4)."""
    return {"type": "air_withdraw", "units": p.targets("the air units withdrawn from the first wave")}


EVENT_KINDS.update({"road_column": ROAD_COLUMN, "air_withdraw": AIR_WITHDRAW})
CHAT_VERBS.update({"column": parse_column, "exit": parse_exit, "withdraw": parse_withdraw})
