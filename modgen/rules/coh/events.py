"""The events and chat verbs Conflict of Heroes adds to the log (``RuleSystem.event_kinds()`` / ``chat_verbs()``).

Core events carry the rest: ``activate`` (a unit or a group receives its AP pool), ``move``/``attack``/``order``
(cards)/``rally`` with optional ``ap`` and ``cap`` paid, ``roll`` (``cap``: CAPs added to the roll), ``marker`` (a hit
counter on a unit), ``loss``, ``vp``; a ``flip`` to the ``spent`` face marks the unit spent.
"""

from __future__ import annotations

from typing import Any

_UNIT = {"type": "string", "minLength": 1, "description": "A counter id from counters/<game>.json."}
_UNITS = {"type": "array", "items": _UNIT, "minItems": 1, "description": "Counter ids."}
_SIDE = {"type": "string", "description": "The side id of the player."}
_PAID = {
    "ap": {"type": "integer", "minimum": 0, "description": "AP paid from the activation's pool."},
    "cap": {"type": "integer", "minimum": 0, "description": "Command Action Points paid."},
}

EVENT_KINDS: dict[str, dict[str, Any]] = {
    "pass": {"type": "object", "description": "A player passes; the passer's activated unit becomes spent (Fig 28); "
             "two passes in a row end the round (Fig 30), in a 3-4 player game all but one player's (21.0).",
             "properties": {"side": _SIDE, "player": {"type": "string", "description": "In a 3-4 player game "
                                                      "(21.0): the passing player's force id."}},
             "required": ["type", "side"]},
    "stall": {"type": "object", "description": "A player stalls, paying 1AP of the activated unit's pool (Fig 28).",
              "properties": {"side": _SIDE, "unit": _UNIT, **_PAID}, "required": ["type"]},
    "pivot": {"type": "object", "description": "A unit pivots in its hex to a new facing (degrees) (Fig 27).",
              "properties": {"unit": _UNIT, "facing": {"type": "number", "description": "New facing, degrees "
                                                        "clockwise from up."}, **_PAID},
              "required": ["type", "unit", "facing"]},
    "spent": {"type": "object", "description": "Units are marked spent; their activation ends (Fig 27).",
              "properties": {"units": _UNITS}, "required": ["type", "units"]},
    "load": {"type": "object", "description": "A vehicle loads a unit in its hex as a group action (17.0).",
             "properties": {"unit": _UNIT, "vehicle": _UNIT, **_PAID}, "required": ["type", "unit", "vehicle"]},
    "unload": {"type": "object", "description": "A carried unit is unloaded under its vehicle (17.0).",
               "properties": {"unit": _UNIT, **_PAID}, "required": ["type", "unit"]},
    "smoke": {"type": "object", "description": "An engineer fires +2DM smoke into a hex up to 1 hex away for 3APs "
              "(19.0); the smoke marker lies in that hex.",
              "properties": {"unit": _UNIT, "hex": {"type": "string", "minLength": 1, "description": "Target hex."},
                             "marker": {"type": "string", "description": "Smoke marker id (default marker.smoke)."},
                             **_PAID},
              "required": ["type", "unit", "hex"]},
    "occupy": {"type": "object", "description": "A unit occupies the trench, gun pit or bunker in its hex: +1AP "
               "(18.2).",
               "properties": {"unit": _UNIT, "marker": {"type": "string", "description": "The fortification's "
                                                         "counter id, when the hex holds several."}, **_PAID},
               "required": ["type", "unit"]},
    "leave": {"type": "object", "description": "A unit leaves its fortification without leaving the hex: +1AP "
              "(18.2), pivoting freely as part of this action (its new facing).",
              "properties": {"unit": _UNIT, "facing": {"type": "number", "description": "New facing, degrees "
                                                        "clockwise from up (18.2: 'may pivot freely')."}, **_PAID},
              "required": ["type", "unit"]},
    "entrench": {"type": "object", "description": "A foot unit builds a hasty defense on itself for 7APs (18.1).",
                 "properties": {"unit": _UNIT, **_PAID}, "required": ["type", "unit"]},
    "air_action": {"type": "object", "description": "An airplane's action (20.0): 1AP, +1 per attack impulse, +1 per "
                   "altitude increase (20.1); its impulses follow as move (one hex; from null enters the map), pivot, "
                   "altitude, attack and exit events.",
                   "properties": {"unit": _UNIT, "altitude": {"type": "integer", "minimum": 0, "description":
                                                              "Altitude counters it enters the map with (20.0)."},
                                  **_PAID},
                   "required": ["type", "unit"]},
    "altitude": {"type": "object", "description": "An airplane's altitude impulse (20.1): the new number of altitude "
                 "counters under it.",
                 "properties": {"unit": _UNIT, "altitude": {"type": "integer", "minimum": 0, "description":
                                                            "Altitude counters after the change."}},
                 "required": ["type", "unit", "altitude"]},
    "cap": {"type": "object", "description": "Command Action Points spent: on the last roll (+1 each, Fig 29) or "
            "towards the next action's cost.",
            "properties": {"side": _SIDE, "cap": {"type": "integer", "minimum": 1, "description": "CAPs spent."},
                           "purpose": {"enum": ["roll", "action"], "description": "What they pay for."},
                           "unit": _UNIT},
            "required": ["type", "cap"]},
    "ap": {"type": "object", "description": "The side's AP track now shows this many APs left of the activation's "
           "pool (20.0, Fig 27-29: a player moving the track on his track sheet); compared with the APs the actions "
           "cost when the activation is over (policy ap_track).",
           "properties": {"side": _SIDE, "ap": {"type": "integer", "minimum": 0, "description": "The value the "
                                                "track shows."}},
           "required": ["type", "side", "ap"]},
    "draw": {"type": "object", "description": "A player draws an action card into his hand (declared: a hand is hidden "
             "information); an order event naming the card plays it from the hand (Fig 29, 21.0).",
             "properties": {"card": {"type": "string", "minLength": 1, "description": "The card's name, as an order "
                                     "event names it (auto_rally, command_action…)."},
                            "side": _SIDE, "player": {"type": "string", "description": "In a 3-4 player game (21.0): "
                                                      "the drawing player's force id."}},
             "required": ["type", "card"]},
}


def _units(p: Any, what: str) -> list[str]:
    return p.targets(what)


def parse_activate(p: Any) -> dict[str, Any]:
    """``!activate UNIT…`` (several units: a group)."""
    return {"type": "activate", "units": _units(p, "a unit or hex to activate")}


def parse_pass(p: Any) -> dict[str, Any]:
    """``!pass [SIDE]`` (the side defaults to the player's)."""
    ev: dict[str, Any] = {"type": "pass"}
    if p.peek() is not None:
        ev["side"] = p.word("a side id")
    return ev


def parse_stall(p: Any) -> dict[str, Any]:
    """``!stall``"""
    return {"type": "stall"}


def parse_spent(p: Any) -> dict[str, Any]:
    """``!spent UNIT…``"""
    return {"type": "spent", "units": _units(p, "a unit or hex to mark spent")}


def _paid(p: Any, ev: dict[str, Any]) -> dict[str, Any]:
    while (t := p.peek()) is not None:
        if t.text not in ("cap", "ap"):
            raise p.fail(t, "'cap N', 'ap N' or end of line")
        p.next("'cap' or 'ap'")
        ev[t.text] = p.integer(f"a number after {t.text!r}")
    return ev


def parse_pivot(p: Any) -> dict[str, Any]:
    """``!pivot UNIT DEGREES [cap N]``"""
    unit = p.next("a unit or hex to pivot")
    if not unit.is_target:
        raise p.fail(unit, "a unit or hex to pivot")
    return _paid(p, {"type": "pivot", "unit": unit.text, "facing": p.integer("a facing in degrees")})


def parse_unload(p: Any) -> dict[str, Any]:
    """``!unload UNIT``"""
    unit = p.next("the carried unit to unload")
    if not unit.is_target:
        raise p.fail(unit, "the carried unit to unload")
    return _paid(p, {"type": "unload", "unit": unit.text})


def parse_cap(p: Any) -> dict[str, Any]:
    """``!cap N [roll|action]``: CAPs on the last roll, or towards the next action (the default)."""
    n = p.integer("a number of CAPs")
    ev: dict[str, Any] = {"type": "cap", "cap": n, "purpose": "action"}
    if n < 1:
        raise p.fail(p.toks[p.i - 1], "a number of CAPs of 1 or more")
    if p.peek() is not None:
        t = p.next("'roll' or 'action'")
        if t.text not in ("roll", "action"):
            raise p.fail(t, "'roll' or 'action'")
        ev["purpose"] = t.text
    return ev


def parse_card(p: Any) -> dict[str, Any]:
    """``!card NAME UNIT`` (an action card played on a unit: auto_rally, command_action…)."""
    name = p.word("a card name (e.g. auto_rally, command_action)")
    unit = p.next("the unit the card is played on")
    if not unit.is_target:
        raise p.fail(unit, "the unit the card is played on")
    return {"type": "order", "order": name, "unit": unit.text}


def parse_draw(p: Any) -> dict[str, Any]:
    """``!draw CARD SIDE`` (an action card drawn into that side's, or in a 3-4 player game that force's, hand)."""
    ev: dict[str, Any] = {"type": "draw", "card": p.word("a card name (e.g. auto_rally, command_action)")}
    ev["side"] = p.word("the drawing side or force")
    return ev


def _unit_verb(kind: str, what: str) -> Any:
    def parse(p: Any) -> dict[str, Any]:
        unit = p.next(what)
        if not unit.is_target:
            raise p.fail(unit, what)
        return _paid(p, {"type": kind, "unit": unit.text})

    parse.__doc__ = f"``!{kind} UNIT [ap N] [cap N]``"
    return parse


def parse_smoke(p: Any) -> dict[str, Any]:
    """``!smoke UNIT HEX [ap N] [cap N]`` (19.0)."""
    unit = p.next("the engineer firing smoke")
    if not unit.is_target:
        raise p.fail(unit, "the engineer firing smoke")
    into = p.next("the hex the smoke goes into")
    if not into.is_target:
        raise p.fail(into, "the hex the smoke goes into")
    return _paid(p, {"type": "smoke", "unit": unit.text, "hex": into.text})


def parse_air(p: Any) -> dict[str, Any]:
    """``!air PLANE [altitude N] [ap N] [cap N]`` (20.0: an airplane's action sequence begins)."""
    unit = p.next("the airplane taking an action")
    if not unit.is_target:
        raise p.fail(unit, "the airplane taking an action")
    ev: dict[str, Any] = {"type": "air_action", "unit": unit.text}
    t = p.peek()
    if t is not None and t.text == "altitude":
        p.next("'altitude'")
        ev["altitude"] = p.integer("a number of altitude counters")
    return _paid(p, ev)


def parse_altitude(p: Any) -> dict[str, Any]:
    """``!altitude PLANE N`` (20.1: the plane now has N altitude counters)."""
    unit = p.next("the airplane changing altitude")
    if not unit.is_target:
        raise p.fail(unit, "the airplane changing altitude")
    return {"type": "altitude", "unit": unit.text, "altitude": p.integer("a number of altitude counters")}


def parse_bomb(p: Any) -> dict[str, Any]:
    """``!bomb PLANE N -> TARGET... [cluster]`` (20.4: an airplane's attack impulse dropping N bombs; ``cluster``:
    A-P cluster bombs, placed as a red mine)."""
    unit = p.next("the airplane dropping bombs")
    if not unit.is_target:
        raise p.fail(unit, "the airplane dropping bombs")
    n = p.integer("a number of bombs")
    if n < 1:
        raise p.fail(p.toks[p.i - 1], "a number of bombs of 1 or more")
    arrow = p.next("'->'")
    if arrow.text != "->":
        raise p.fail(arrow, "'->'")
    ev: dict[str, Any] = {"type": "attack", "attackers": [unit.text], "defenders": p.targets("a target unit or hex"),
                          "kind": "fire", "bombs": n}
    if p.peek() is not None:
        t = p.next("'cluster' or end of line")
        if t.text != "cluster":
            raise p.fail(t, "'cluster' or end of line")
        ev["cluster"] = True
    return ev


CHAT_VERBS = {"activate": parse_activate, "pass": parse_pass, "stall": parse_stall, "spent": parse_spent,
              "pivot": parse_pivot, "unload": parse_unload, "cap": parse_cap, "card": parse_card,
              "smoke": parse_smoke, "occupy": _unit_verb("occupy", "the unit occupying the fortification"),
              "leave": _unit_verb("leave", "the unit leaving its fortification"),
              "entrench": _unit_verb("entrench", "the foot unit building a hasty defense"),
              "air": parse_air, "altitude": parse_altitude, "bomb": parse_bomb,
              "draw": parse_draw}
