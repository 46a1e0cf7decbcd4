"""The log events and chat verbs Flames of War adds: ``shoot``, ``save``, ``assault``, ``motivation``, ``assign``
and ``mistaken_target`` events, and the chat declarations ``!order``, ``!shoot``, ``!save``, ``!assault``,
``!test``, ``!assign`` and ``!mistaken`` (docs/logs.md). The dice of a ``!shoot`` or
``!save`` come from the module's dice buttons: the ``roll`` event right after the declaration."""

from __future__ import annotations

from typing import Any

_TEAM = {"type": "string", "minLength": 1, "description": "A team's counter id."}
_POS = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2,
        "description": "Table position [x_in, y_in]."}
_DICE = {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}, "minItems": 1,
         "description": "The dice as rolled (or in the roll event that follows)."}

EVENT_KINDS: dict[str, dict[str, Any]] = {
    "shoot": {
        "type": "object",
        "description": "A team shoots one weapon at a declared target team (FoW pp.26-35).",
        "properties": {
            "unit": _TEAM | {"description": "The shooting team."},
            "target": _TEAM | {"description": "The declared target team."},
            "weapon": {"type": "string", "description": "Weapon name (default: the team's main weapon)."},
            "dice": _DICE,
            "rerolls": _DICE | {"description": "Failed dice re-rolled by a rule (Sniper, Volley Fire...), p.4."},
            "need": {"type": ["string", "integer"], "description": "Declared score to hit, e.g. \"4+\"."},
            "mods": {"type": "array", "items": {"type": "string"},
                     "description": "Judgement modifiers the players agreed: concealed, gone_to_ground, smoke, night."},
            "hits": {"type": "integer", "minimum": 0, "description": "Hits scored."},
            "facing": {"type": "number", "description": "Facing after Rotate to Face (degrees)."},
        },
        "required": ["type", "unit", "target"],
    },
    "save": {
        "type": "object",
        "description": "A team hit rolls its save (FoW pp.36-39).",
        "properties": {
            "unit": _TEAM | {"description": "The team saving."},
            "by": _TEAM | {"description": "The team that scored the hit (default: the last team that shot at it)."},
            "weapon": {"type": "string", "description": "The weapon that hit (default: the shot's weapon)."},
            "armour": {"enum": ["front", "side", "top"], "description": "Armour rating used."},
            "hit": {"enum": ["hull", "turret"], "description": "Part hit (turreted tanks)."},
            "roll": {"type": "integer", "minimum": 1, "maximum": 6, "description": "The save die."},
            "reroll": {"type": "integer", "minimum": 1, "maximum": 6,
                       "description": "The save die's re-roll (a successful save against a Breakthrough Gun, "
                                      "p.66); it decides the save."},
            "fp_roll": {"type": "integer", "minimum": 1, "maximum": 6, "description": "The Firepower test die."},
            "fp_reroll": {"type": "integer", "minimum": 1, "maximum": 6,
                          "description": "The Firepower test's re-roll (a successful test against a Bunker, p.76); "
                                         "it decides the test."},
            "dice": _DICE,
            "total": {"type": "integer", "description": "Save total as announced."},
            "cover": {"type": "boolean", "description": "The team is in Bulletproof Cover."},
            "result": {"enum": ["bounced", "no_effect", "saved", "bailed_out", "destroyed"],
                       "description": "The outcome."},
        },
        "required": ["type", "unit"],
    },
    "assault": {
        "type": "object",
        "description": "A team charges into contact with an enemy team (FoW pp.52-53).",
        "properties": {
            "unit": _TEAM | {"description": "The assaulting team."},
            "target": _TEAM | {"description": "The enemy team it contacts."},
            "to_pos": _POS,
        },
        "required": ["type", "unit", "target"],
    },
}

EVENT_KINDS |= {
    "motivation": {
        "type": "object",
        "description": "A Motivation test: Remount (p.38), Rally (p.41), Last Stand (p.60) or Counterattack (p.57).",
        "properties": {
            "unit": _TEAM | {"description": "The team (Remount) or any team of the Unit testing."},
            "test": {"enum": ["remount", "rally", "last_stand", "counterattack"], "description": "Which test."},
            "roll": {"type": "integer", "minimum": 1, "maximum": 6, "description": "The die."},
            "reroll": {"type": "integer", "minimum": 1, "maximum": 6,
                       "description": "The Commander's re-roll of a failed test (p.8)."},
            "dice": _DICE,
            "result": {"enum": ["passed", "failed"], "description": "The outcome as announced."},
        },
        "required": ["type", "unit", "test"],
    },
    "assign": {
        "type": "object",
        "description": "Hits a shooting team scored are assigned to a team (FoW p.34).",
        "properties": {
            "unit": _TEAM | {"description": "The shooting team that scored the hits."},
            "target": _TEAM | {"description": "The team given the hits."},
            "hits": {"type": "integer", "minimum": 1, "description": "How many (default 1)."},
        },
        "required": ["type", "unit", "target"],
    },
    "mistaken_target": {
        "type": "object",
        "description": "The targeted player swaps the hits on a team to another team on a 3+ (FoW p.35).",
        "properties": {
            "unit": _TEAM | {"description": "The team that was hit."},
            "target": _TEAM | {"description": "The team the hits are swapped to."},
            "by": _TEAM | {"description": "The shooting team (default: the team that assigned the hits)."},
            "roll": {"type": "integer", "minimum": 1, "maximum": 6, "description": "The die."},
            "result": {"enum": ["swapped", "failed"], "description": "The outcome as announced."},
        },
        "required": ["type", "unit", "target"],
    },
}

ORDER_WORDS = ("blitz", "follow_me", "cross_here", "dig_in", "shoot_and_scoot")


def _target(p: Any, what: str) -> str:
    tok = p.next(what)
    if not tok.is_target:
        raise p.fail(tok, what)
    return tok.text


def _arrow(p: Any) -> None:
    tok = p.next("'->'")
    if tok.text != "->":
        raise p.fail(tok, "'->'")


def parse_order(p: Any) -> dict[str, Any]:
    """``!order LEADER blitz|follow_me|cross_here|dig_in|shoot_and_scoot``."""
    unit = _target(p, "the Unit Leader issuing the order")
    order = p.word("an order (" + ", ".join(ORDER_WORDS) + ")")
    if order not in ORDER_WORDS:
        raise p.fail(p.toks[p.i - 1], "an order (" + ", ".join(ORDER_WORDS) + ")")
    return {"type": "order", "unit": unit, "order": order}


def parse_shoot(p: Any) -> dict[str, Any]:
    """``!shoot TEAM -> TARGET ["weapon"] [need N+] [hits N] [concealed|gone_to_ground|smoke|night]…``."""
    ev: dict[str, Any] = {"type": "shoot", "unit": _target(p, "the shooting team")}
    _arrow(p)
    ev["target"] = _target(p, "the target team")
    while (t := p.peek()) is not None:
        if t.quoted:
            p.i += 1
            ev["weapon"] = t.text
        elif t.text == "need":
            p.i += 1
            tok = p.next("a score such as 4+")
            ev["need"] = tok.text
        elif t.text == "hits":
            p.i += 1
            ev["hits"] = p.integer("the number of hits")
        elif t.text in ("concealed", "gone_to_ground", "smoke", "night"):
            p.i += 1
            ev.setdefault("mods", []).append(t.text)
        else:
            raise p.fail(t, "a \"weapon\", need, hits or a modifier")
    return ev


def parse_save(p: Any) -> dict[str, Any]:
    """``!save TEAM [front|side|top] [hull|turret] [by SHOOTER] [result]``."""
    ev: dict[str, Any] = {"type": "save", "unit": _target(p, "the team saving")}
    while (t := p.peek()) is not None:
        p.i += 1
        if t.text in ("front", "side", "top"):
            ev["armour"] = t.text
        elif t.text in ("hull", "turret"):
            ev["hit"] = t.text
        elif t.text == "by":
            ev["by"] = _target(p, "the shooting team after 'by'")
        elif t.text in ("bounced", "no_effect", "saved", "bailed_out", "destroyed"):
            ev["result"] = t.text
        else:
            raise p.fail(t, "front, side, top, hull, turret, by or a result")
    return ev


def parse_assault(p: Any) -> dict[str, Any]:
    """``!assault TEAM -> TARGET``."""
    ev: dict[str, Any] = {"type": "assault", "unit": _target(p, "the assaulting team")}
    _arrow(p)
    ev["target"] = _target(p, "the enemy team it charges")
    return ev


def parse_test(p: Any) -> dict[str, Any]:
    """``!test remount|rally|last_stand|counterattack TEAM [passed|failed]`` (the die: the next roll)."""
    what = p.word("a test (remount, rally, last_stand, counterattack)")
    if what not in ("remount", "rally", "last_stand", "counterattack"):
        raise p.fail(p.toks[p.i - 1], "a test (remount, rally, last_stand, counterattack)")
    ev: dict[str, Any] = {"type": "motivation", "test": what, "unit": _target(p, "the team testing")}
    if (t := p.peek()) is not None and t.text in ("passed", "failed"):
        p.i += 1
        ev["result"] = t.text
    return ev


def parse_assign(p: Any) -> dict[str, Any]:
    """``!assign SHOOTER -> TEAM [N]``."""
    ev: dict[str, Any] = {"type": "assign", "unit": _target(p, "the shooting team")}
    _arrow(p)
    ev["target"] = _target(p, "the team given the hits")
    if p.peek() is not None:
        ev["hits"] = p.integer("the number of hits")
    return ev


def parse_mistaken(p: Any) -> dict[str, Any]:
    """``!mistaken TEAM -> OTHER`` (the die: the next roll)."""
    ev: dict[str, Any] = {"type": "mistaken_target", "unit": _target(p, "the team that was hit")}
    _arrow(p)
    ev["target"] = _target(p, "the team to swap the hits to")
    return ev


CHAT_VERBS = {"order": parse_order, "shoot": parse_shoot, "save": parse_save, "assault": parse_assault,
              "test": parse_test, "assign": parse_assign, "mistaken": parse_mistaken}


EVENT_KINDS |= {
    "assault_hit": {
        "type": "object",
        "description": "An Assaulting Team in Contact rolls to hit in an assault (FoW p.57).",
        "properties": {
            "unit": _TEAM | {"description": "The Assaulting Team rolling."},
            "target": _TEAM | {"description": "The team in Contact the Defending player gives the hit."},
            "roll": {"type": "integer", "minimum": 1, "maximum": 6, "description": "The die."},
            "dice": _DICE,
            "result": {"enum": ["hit", "miss"], "description": "The outcome as announced."},
            "weapon": {"type": "string", "description": "A normal weapon used against a tank's Side armour."},
            "improvised": {"type": "boolean",
                           "description": "Improvised anti-tank weapons (AT 2, FP 1+) against Top armour."},
        },
        "required": ["type", "unit"],
    },
    "counterattack": {
        "type": "object",
        "description": "A Defending Unit that passed its Counterattack test Counterattacks (FoW p.58).",
        "properties": {"unit": _TEAM | {"description": "Any team of the Unit."}},
        "required": ["type", "unit"],
    },
    "break_off": {
        "type": "object",
        "description": "A Defending Unit Breaks Off from an assault (FoW p.59); its teams' moves follow.",
        "properties": {"unit": _TEAM | {"description": "Any team of the Unit."}},
        "required": ["type", "unit"],
    },
}


def parse_hit(p: Any) -> dict[str, Any]:
    """``!hit TEAM -> TARGET [hit|miss] ["weapon"|improvised]`` (the die: the next roll)."""
    ev: dict[str, Any] = {"type": "assault_hit", "unit": _target(p, "the Assaulting Team")}
    _arrow(p)
    ev["target"] = _target(p, "the team in Contact it hits")
    while (t := p.peek()) is not None:
        p.i += 1
        if t.quoted:
            ev["weapon"] = t.text
        elif t.text in ("hit", "miss"):
            ev["result"] = t.text
        elif t.text == "improvised":
            ev["improvised"] = True
        else:
            raise p.fail(t, "hit, miss, a \"weapon\" or improvised")
    return ev


def parse_counterattack(p: Any) -> dict[str, Any]:
    """``!counterattack TEAM``."""
    return {"type": "counterattack", "unit": _target(p, "a team of the Unit that Counterattacks")}


def parse_break_off(p: Any) -> dict[str, Any]:
    """``!breakoff TEAM``."""
    return {"type": "break_off", "unit": _target(p, "a team of the Unit that Breaks Off")}


CHAT_VERBS |= {"hit": parse_hit, "counterattack": parse_counterattack, "breakoff": parse_break_off}


EVENT_KINDS |= {
    "mount": {
        "type": "object",
        "description": "A team Mounts a Transport Team or rides on an Armoured Tank (FoW pp.22-23).",
        "properties": {"unit": _TEAM | {"description": "The Passenger."},
                       "transport": _TEAM | {"description": "The team it Mounts."}},
        "required": ["type", "unit", "transport"],
    },
    "dismount": {
        "type": "object",
        "description": "A Passenger Dismounts (FoW p.23); its move away follows.",
        "properties": {"unit": _TEAM | {"description": "The Passenger."}},
        "required": ["type", "unit"],
    },
    "cross": {
        "type": "object",
        "description": "A Cross check entering or starting to move in Difficult Terrain (FoW p.20).",
        "properties": {"unit": _TEAM | {"description": "The team crossing."},
                       "roll": {"type": "integer", "minimum": 1, "maximum": 6, "description": "The die."},
                       "terrain": {"type": "string", "description": "The terrain piece's name or type."}},
        "required": ["type", "unit"],
    },
}


def parse_mount(p: Any) -> dict[str, Any]:
    """``!mount TEAM -> TRANSPORT``."""
    ev: dict[str, Any] = {"type": "mount", "unit": _target(p, "the Passenger")}
    _arrow(p)
    ev["transport"] = _target(p, "the Transport Team")
    return ev


def parse_dismount(p: Any) -> dict[str, Any]:
    """``!dismount TEAM``."""
    return {"type": "dismount", "unit": _target(p, "the Passenger")}


def parse_cross(p: Any) -> dict[str, Any]:
    """``!cross TEAM`` (the die: the next roll)."""
    return {"type": "cross", "unit": _target(p, "the team crossing")}


CHAT_VERBS |= {"mount": parse_mount, "dismount": parse_dismount, "cross": parse_cross}


EVENT_KINDS |= {
    "range_in": {
        "type": "object",
        "description": "A Spotting Team's attempt to Range In an Artillery Unit on its Aiming Point (FoW pp.45-47, "
                       "p.49 Repeat).",
        "properties": {
            "unit": _TEAM | {"description": "The Spotting Team."},
            "target": _TEAM | {"description": "A team of the Artillery Unit being Ranged In."},
            "aim": _POS | {"description": "The Aiming Point (the Ranged In marker), table inches."},
            "roll": {"type": "integer", "minimum": 1, "maximum": 6,
                     "description": "The die (else the roll event that follows)."},
            "mods": {"type": "array", "items": {"enum": ["terrain", "night", "smoke"]},
                     "description": "Declared +1s: Template over Short or Tall terrain, night, smoke screen."},
            "repeat": {"type": "boolean", "description": "A Repeat Bombardment on the Ranged In marker (p.49)."},
            "unseen": {"type": "boolean",
                       "description": "The Repeat's Spotting Team cannot see the Aiming Point (+1 to hit, p.49)."},
            "result": {"enum": ["ranged_in", "missed"], "description": "The outcome as announced."},
            "smoke_bombardment": {"type": "boolean",
                                  "description": "A Smoke Bombardment (p.51): once per game, first in the Step."},
            "screen_to": _POS | {"description": "Smoke Bombardment: the far end of the Smoke Screen line, which "
                                 "starts at the Aiming Point (4\"/10cm per weapon firing, p.51)."},
        },
        "required": ["type", "unit", "target"],
    },
    "reserves": {
        "type": "object",
        "description": "A player's roll for Reserves at the start of their turn (FoW p.96).",
        "properties": {
            "side": {"type": "string", "description": "The side rolling (default: the phasing side)."},
            "dice": _DICE | {"description": "The Reserve dice: each 5+ brings a Unit."},
            "aircraft": {"type": "array", "items": _TEAM, "description": "A team of each Aircraft Unit held in "
                         "Reserve that arrives from Reserve on this roll (FoW p.44: it then rolls for Aircraft)."},
        },
        "required": ["type"],
    },
    "bombard": {
        "type": "object",
        "description": "A Ranged In Artillery Unit's roll to hit one team under the Template (FoW p.48).",
        "properties": {
            "unit": _TEAM | {"description": "A team of the Artillery Unit."},
            "target": _TEAM | {"description": "A team at least partly under the Template."},
            "teams": {"type": "array", "items": _TEAM,
                      "description": "The teams firing (default: every Artillery team of the Unit able to)."},
            "dice": _DICE | {"description": "The die, then its re-roll (else the roll event that follows)."},
            "need": {"type": ["string", "integer"], "description": "Declared score to hit, e.g. \"4+\"."},
            "hits": {"type": "integer", "minimum": 0, "maximum": 1, "description": "1 if hit, 0 if missed."},
            "mods": {"type": "array", "items": {"enum": ["smoke"]}, "description": "Declared +1: smoke."},
        },
        "required": ["type", "unit", "target"],
    },
}


def _number(p: Any, what: str) -> float:
    tok = p.next(what)
    try:
        value = float(tok.text)
    except ValueError:
        raise p.fail(tok, what) from None
    if not -10000 < value < 10000:
        raise p.fail(tok, what)
    return value


def parse_range_in(p: Any) -> dict[str, Any]:
    """``!rangein SPOTTER -> ARTILLERY at X Y [terrain] [night] [smoke] [repeat] [unseen] [smokescreen [to X Y]]
    [ranged_in|missed]`` (the die: the next roll)."""
    ev: dict[str, Any] = {"type": "range_in", "unit": _target(p, "the Spotting Team")}
    _arrow(p)
    ev["target"] = _target(p, "a team of the Artillery Unit")
    while (t := p.peek()) is not None:
        p.i += 1
        if t.text == "at":
            ev["aim"] = [_number(p, "the Aiming Point's x in inches"), _number(p, "the Aiming Point's y in inches")]
        elif t.text in ("terrain", "night", "smoke"):
            ev.setdefault("mods", []).append(t.text)
        elif t.text in ("repeat", "unseen"):
            ev[t.text] = True
        elif t.text == "smokescreen":
            ev["smoke_bombardment"] = True
        elif t.text == "to":
            ev["screen_to"] = [_number(p, "the Smoke Screen's far end x"), _number(p, "the Smoke Screen's far end y")]
        elif t.text in ("ranged_in", "missed"):
            ev["result"] = t.text
        else:
            raise p.fail(t, "at X Y, terrain, night, smoke, repeat, unseen, smokescreen, to X Y, ranged_in or missed")
    return ev


def parse_bombard(p: Any) -> dict[str, Any]:
    """``!bombard ARTILLERY -> TARGET [need N+] [hits N] [smoke]`` (the die and its re-roll: the next roll)."""
    ev: dict[str, Any] = {"type": "bombard", "unit": _target(p, "a team of the Artillery Unit")}
    _arrow(p)
    ev["target"] = _target(p, "the team under the Template")
    while (t := p.peek()) is not None:
        p.i += 1
        if t.text == "need":
            ev["need"] = p.next("a score such as 4+").text
        elif t.text == "hits":
            ev["hits"] = p.integer("the number of hits (0 or 1)")
        elif t.text == "smoke":
            ev["mods"] = ["smoke"]
        else:
            raise p.fail(t, "need, hits or smoke")
    return ev


CHAT_VERBS |= {"rangein": parse_range_in, "bombard": parse_bombard}


EVENT_KINDS |= {
    "leader": {
        "type": "object",
        "description": "A team takes over as Unit Leader or Formation Commander after the old one is Destroyed "
                       "(FoW p.40).",
        "properties": {
            "unit": _TEAM | {"description": "The new Unit Leader or Formation Commander."},
            "role": {"enum": ["unit_leader", "commander"], "description": "Which (default unit_leader)."},
            "roll": {"type": "integer", "minimum": 1, "maximum": 6,
                     "description": "The Commander's survival roll (3+) when no HQ team can take over."},
        },
        "required": ["type", "unit"],
    },
}


def parse_leader(p: Any) -> dict[str, Any]:
    """``!leader TEAM [commander] [roll N]``."""
    ev: dict[str, Any] = {"type": "leader", "unit": _target(p, "the new leader")}
    while (t := p.peek()) is not None:
        p.i += 1
        if t.text == "commander":
            ev["role"] = "commander"
        elif t.text == "roll":
            ev["roll"] = p.integer("the survival roll (1-6)")
        else:
            raise p.fail(t, "commander or roll N")
    return ev


CHAT_VERBS |= {"leader": parse_leader}

EVENT_KINDS |= {
    "aircraft": {
        "type": "object",
        "description": "A player's roll for their Aircraft Unit's arrival at the start of their turn (FoW p.44).",
        "properties": {"side": {"type": "string", "description": "The side rolling (default: the phasing side)."},
                       "roll": {"type": "integer", "minimum": 1, "maximum": 6, "description": "The die."},
                       "weapon": {"type": "string", "description": "The one weapon type the Aircraft shoot this "
                                  "turn, declared before the roll (p.44)."}},
        "required": ["type"],
    },
    "intercept": {
        "type": "object",
        "description": "Fighter Interception: the opponent's roll after a successful Aircraft roll (FoW p.44).",
        "properties": {"side": {"type": "string", "description": "The intercepting side."},
                       "roll": {"type": "integer", "minimum": 1, "maximum": 6, "description": "The die (5+)."}},
        "required": ["type"],
    },
}
