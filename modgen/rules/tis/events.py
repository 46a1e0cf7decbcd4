"""The events and chat verbs TiS adds to the log format: the odds column a battle is fought at [7.2.1] c), and the
airfield allocation of air units [26.3.3], and firing at range [15]."""

from __future__ import annotations

import re
from typing import Any

_ODDS_RE = re.compile(r"^[<>]?[0-9]{1,3}:[0-9]{1,3}$")

ODDS = {
    "type": "object",
    "description": "TiS [7.2.1] c): the Combat Results column the players found for the battle just declared.",
    "properties": {
        "odds": {"type": "string", "pattern": r"^[<>]?\s*[0-9]{1,3}:[0-9]{1,3}$",
                 "description": "The column as printed: '2:1', '1:3', '<1:4'."},
        "attack": {"type": ["string", "integer"], "description": "Attack id, when the attack has one."},
    },
    "required": ["type", "odds"],
}


def parse_odds(p: Any) -> dict[str, Any]:
    """``!odds 3:1 [id N]``: the column of the battle just declared (after column shifts)."""
    tok = p.next("odds such as 3:1")
    if not _ODDS_RE.match(tok.text):
        raise p.fail(tok, "odds such as 3:1 or <1:4")
    event: dict[str, Any] = {"type": "odds", "odds": tok.text}
    if (t := p.peek()) is not None:
        if t.text != "id":
            raise p.fail(t, "'id' or end of line")
        p.next("'id'")
        event["attack"] = p.next("an attack id").text
    p.done()
    return event


AIRFIELD = {
    "type": "object",
    "description": "TiS [26.3.3]: air units allocated to an airfield before the game (at most 5 an airfield).",
    "properties": {
        "airfield": {"type": "string", "minLength": 1, "description": "The airfield's name [26.3.1]."},
        "units": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1,
                  "description": "Air unit ids."},
    },
    "required": ["type", "airfield", "units"],
}


def parse_airfield(p: Any) -> dict[str, Any]:
    """``!airfield NAME unit [unit ...]``: air units allocated to the airfield NAME [26.3.3]."""
    name = p.next("an airfield name").text
    units = p.targets("an air unit")
    p.done()
    return {"type": "airfield", "airfield": name, "units": units}


FAR = {
    "type": "object",
    "description": "TiS [15]: one unit fires at range at one enemy unit [15.1.8]; its shots follow as roll events "
                   "purpose far (2d6 each), its losses as loss events reason far once everyone has fired [15.3.7].",
    "properties": {
        "unit": {"type": "string", "minLength": 1, "description": "The firing unit (it has a GUN factor)."},
        "target": {"type": "string", "minLength": 1, "description": "The enemy unit fired at."},
        "zone": {"enum": ["exterior", "interior"], "description": "The zone of fire [15.1.3] (default exterior)."},
        "declared": {"type": "boolean", "description": "The target's owner declared it takes part [15.2.8]."},
    },
    "required": ["type", "unit", "target"],
}


def parse_far(p: Any) -> dict[str, Any]:
    """``!far FIRER TARGET [exterior|interior] [declared]``: FIRER fires at range at TARGET [15]."""
    event: dict[str, Any] = {"type": "far", "unit": p.next("the firing unit").text,
                             "target": p.next("the target unit").text}
    while (t := p.peek()) is not None:
        p.next("a word")
        if t.text in ("exterior", "interior"):
            event["zone"] = t.text
        elif t.text == "declared":
            event["declared"] = True
        else:
            raise p.fail(t, "'exterior', 'interior', 'declared' or end of line")
    p.done()
    return event


BARRICADE = {
    "type": "object",
    "description": "TiS [12.4.2]: the direction of the AT barricade (marker at_barricade) on a hex: its 3 edges, as "
                   "the neighbouring hexes across them, or a facing (the middle edge nearest that bearing).",
    "properties": {
        "hex": {"type": "string", "minLength": 1, "description": "The barricade's hex."},
        "edges": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1, "maxItems": 6,
                  "description": "The hexes across its 3 edges (side by side)."},
        "facing": {"type": "number", "description": "Degrees clockwise from the top of the map toward its middle "
                                                    "edge."},
    },
    "required": ["type", "hex"],
}


def parse_barricade(p: Any) -> dict[str, Any]:
    """``!barricade HEX N1 N2 N3`` or ``!barricade HEX facing DEG``: the AT barricade at HEX faces those edges."""
    h = p.next("the barricade's hex").text
    event: dict[str, Any] = {"type": "barricade", "hex": h}
    t = p.peek()
    if t is not None and t.text == "facing":
        p.next("'facing'")
        tok = p.next("degrees clockwise from the top of the map")
        try:
            event["facing"] = float(tok.text)
        except ValueError:
            raise p.fail(tok, "degrees such as 90") from None
    else:
        event["edges"] = p.targets("the hexes across its edges, or 'facing'")
    p.done()
    return event


AA_FIRE = {
    "type": "object",
    "description": "TiS [17.2.4]: an AA unit fires at a dropping airborne unit in the airborne assault phase; one die "
                   "follows as a roll purpose aa, the EP lost as a loss reason aa.",
    "properties": {
        "unit": {"type": "string", "minLength": 1, "description": "The AA unit firing."},
        "target": {"type": "string", "minLength": 1, "description": "The airborne unit that dropped."},
    },
    "required": ["type", "unit", "target"],
}


def parse_aa(p: Any) -> dict[str, Any]:
    """``!aa AA TARGET``: the AA unit fires at the dropping TARGET [17.2.4]."""
    event = {"type": "aa_fire", "unit": p.next("the AA unit").text, "target": p.next("the dropping unit").text}
    p.done()
    return event


IDENTIFY = {
    "type": "object",
    "description": "TiS [11.4]: a recon unit tries to identify the enemy units on a hex (3 MP); one die follows as a "
                   "roll purpose identify.",
    "properties": {
        "unit": {"type": "string", "minLength": 1, "description": "The recon unit."},
        "hex": {"type": "string", "minLength": 1, "description": "The hex shown."},
        "identified": {"type": "boolean", "description": "What the players read: the units were recognized."},
    },
    "required": ["type", "unit", "hex"],
}


def parse_identify(p: Any) -> dict[str, Any]:
    """``!identify RECON HEX [yes|no]``: RECON tries to identify the units at HEX [11.4]."""
    event: dict[str, Any] = {"type": "identify", "unit": p.next("the recon unit").text,
                             "hex": p.next("the hex").text}
    if (t := p.peek()) is not None:
        p.next("yes or no")
        if t.text not in ("yes", "no"):
            raise p.fail(t, "'yes', 'no' or end of line")
        event["identified"] = t.text == "yes"
    p.done()
    return event


TRANSPORT = {
    "type": "object",
    "description": "TiS [34.2]: units load onto or unload from a transport column (2 MP each, on the column's hex).",
    "properties": {
        "column": {"type": "string", "minLength": 1, "description": "The transport column."},
        "units": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1,
                  "description": "The units loaded or unloaded."},
        "action": {"enum": ["load", "unload"], "description": "Load (default) or unload."},
    },
    "required": ["type", "column", "units"],
}


def _transport(action: str) -> Any:
    def parse(p: Any) -> dict[str, Any]:
        column = p.next("the transport column").text
        units = p.targets("a unit")
        p.done()
        return {"type": "transport", "column": column, "units": units, "action": action}
    parse.__doc__ = f"``!{action} TC UNIT...``: the units {action} onto/from the transport column TC [34.2]."
    return parse


BATTLEGROUP = {
    "type": "object",
    "description": "TiS [31.1]: a battlegroup / Kampfgruppe is created from units (own movement phase) or dissolved.",
    "properties": {
        "id": {"type": "string", "minLength": 1, "description": "The battlegroup's name."},
        "units": {"type": "array", "items": {"type": "string", "minLength": 1},
                  "description": "Its units (when formed)."},
        "action": {"enum": ["form", "dissolve"], "description": "Form (default) or dissolve."},
    },
    "required": ["type", "id"],
}


def parse_battlegroup(p: Any) -> dict[str, Any]:
    """``!battlegroup NAME UNIT...`` forms the battlegroup NAME; ``!battlegroup NAME dissolve`` ends it [31.1]."""
    name = p.next("the battlegroup's name").text
    if (t := p.peek()) is not None and t.text == "dissolve":
        p.next("dissolve")
        p.done()
        return {"type": "battlegroup", "id": name, "action": "dissolve"}
    units = p.targets("a unit")
    p.done()
    return {"type": "battlegroup", "id": name, "units": units, "action": "form"}


FAR_MORALE = {
    "type": "object",
    "description": "TiS [15.4]: the unit whose FaR morale die is the next roll (purpose far_morale, or none), or "
                   "with avoid, that it takes 1 more EP instead of the roll's effect [15.4.4] (its next loss).",
    "properties": {
        "unit": {"type": "string", "minLength": 1, "description": "The unit that lost EP to fire at range."},
        "avoid": {"type": "boolean", "description": "It avoids the effect by losing 1 more EP (its HQ on the map)."},
    },
    "required": ["type", "unit"],
}


def parse_far_morale(p: Any) -> dict[str, Any]:
    """``!farmorale UNIT [avoid]``: UNIT throws the FaR morale die next [15.4.1], or avoids its effect [15.4.4]."""
    event: dict[str, Any] = {"type": "far_morale", "unit": p.next("the unit that lost EP to FaR").text}
    if (t := p.peek()) is not None:
        if t.text != "avoid":
            raise p.fail(t, "'avoid' or end of line")
        p.next("'avoid'")
        event["avoid"] = True
    p.done()
    return event


EVENT_KINDS: dict[str, dict[str, Any]] = {"odds": ODDS, "airfield": AIRFIELD, "far": FAR, "aa_fire": AA_FIRE,
                                          "identify": IDENTIFY, "transport": TRANSPORT, "battlegroup": BATTLEGROUP,
                                          "barricade": BARRICADE, "far_morale": FAR_MORALE}
CHAT_VERBS: dict[str, Any] = {"odds": parse_odds, "airfield": parse_airfield, "far": parse_far, "aa": parse_aa,
                              "identify": parse_identify, "load": _transport("load"),
                              "unload": _transport("unload"), "battlegroup": parse_battlegroup,
                              "barricade": parse_barricade, "farmorale": parse_far_morale}
