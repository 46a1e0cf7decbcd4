"""JSON Schema for the Conflict of Heroes tables a manifest's ``rules.tables`` may carry."""

from __future__ import annotations

from typing import Any

from modgen.rules.coh.policies import POLICIES
from modgen.rules.tablespec import NUMBER_OR_NULL, SOURCE, keyed, rules_object

INT_OR_NULL = {"type": ["integer", "null"], "description": "An integer, or null where the fragment prints none."}
COLOUR = {"enum": ["red", "blue", "black", None], "description": "Colour the value is printed in."}

FIRE_MODIFIER = {
    "type": "object",
    "description": "One fire/defence modifier: FP bonus to the attacker and/or DM to the defender.",
    "properties": {
        "fp": {"type": ["integer", "object", "null"], "description": "FP change (or {red, blue}).",
               "properties": {"red": {"type": "integer", "description": "FP change of the red (anti-personnel) value."},
                              "blue": {"type": "integer", "description": "FP change of the blue (anti-armour) value."}},
               "additionalProperties": False},
        "dm": INT_OR_NULL,
        "colour": COLOUR,
        "rule": {"type": "string", "description": "Rule or figure it comes from."},
        "note": {"type": "string", "description": "When it applies."},
    },
    "additionalProperties": False,
}

HIT_EFFECT = {
    "type": "object",
    "description": "Effect of one hit counter type (keyed by counter id).",
    "properties": {
        "name": {"type": "string", "description": "Printed name."},
        "applies_to": {"enum": ["vehicle", "foot"], "description": "Which units draw it."},
        "count": {"type": "integer", "description": "Counters in the mix."},
        "rally": INT_OR_NULL,
        "destroyed": {"type": "boolean", "description": "Removes the unit."},
        "can_move": {"type": "boolean", "description": "Unit may move."},
        "can_fire": {"type": "boolean", "description": "Unit may fire."},
        "only_rally": {"type": "boolean", "description": "Unit may do nothing but rally."},
        "fire_cost_delta": {"type": "integer", "description": "Extra AP to fire."},
        "fp_delta": {"type": "object", "description": "FP change by colour.",
                     "additionalProperties": {"type": "integer", "description": "FP change of this colour."}},
        "fp_disabled": {"type": "array", "items": {"enum": ["red", "blue"], "description": "A colour lost."},
                        "description": "FP colours lost."},
        "dr_delta": {"type": "object", "description": "DR change by facing (front, flank).",
                     "additionalProperties": {"type": "integer", "description": "DR change on this facing."}},
        "text": {"type": "string", "description": "The effect text as printed."},
    },
    "required": ["name", "applies_to", "rally"],
    "additionalProperties": False,
}

ACTION_COST = {
    "type": "object",
    "description": "Cost of one action type.",
    "properties": {
        "ap": {"type": ["integer", "string", "null"], "description": "AP cost, or a formula such as 'fire_cost'."},
        "cap": INT_OR_NULL,
        "rule": {"type": "string", "description": "Rule or figure."},
        "note": {"type": "string", "description": "Conditions."},
    },
    "required": ["ap"],
    "additionalProperties": False,
}

TERRAIN_ROW = {
    "type": "object",
    "description": "Terrain effects by terrain id: extra AP over the unit's open-terrain cost, by movement colour "
                   "(foot=red, tracked=blue, wheeled=green), and the defence modifier.",
    "properties": {
        "move_foot": NUMBER_OR_NULL,
        "move_tracked": NUMBER_OR_NULL,
        "move_wheeled": NUMBER_OR_NULL,
        "dm": INT_OR_NULL,
        "blocks_los": {"type": "boolean", "description": "An obstacle to line of sight stands on the hex."},
        "obstacle_height": {"type": "number", "minimum": 0, "description": "Levels the obstacle rises above the "
                            "ground (default 1)."},
        "level": {"type": "integer", "description": "Ground level (20.3: L0, L-1 for a balka; hills above)."},
        "at_ditch": {"type": "boolean", "description": "An anti-tank ditch overlay hex (18.3)."},
        "source": SOURCE,
    },
    "required": ["dm"],
    "additionalProperties": False,
}

RANGE_BAND = {
    "type": "object",
    "description": "One range band: FP change and, for long range, how far it reaches as a multiple of the range.",
    "properties": {
        "fp": {"type": "integer", "description": "FP change at this range."},
        "max_factor": {"type": "integer", "minimum": 1, "description": "Long range reaches range x this."},
        "note": {"type": "string", "description": "Where the value comes from."},
    },
    "additionalProperties": False,
}

RANGE_EFFECTS = {
    "type": "object",
    "description": "Range effects on FP beyond short range (7.6, which the fragment cites but does not hold; 15.3: "
                   "vehicles as foot units): normal range (2 hexes up to the printed range) and long range.",
    "properties": {"source": SOURCE, "normal": RANGE_BAND, "long": RANGE_BAND},
    "additionalProperties": False,
}

FORTIFICATION = {
    "type": "object",
    "description": "One fortification or hindrance counter (18.0-18.5), keyed by counter id.",
    "properties": {
        "type": {"enum": ["hasty_defense", "trench", "gun_pit", "bunker", "wire", "mine", "at_ditch"],
                 "description": "What it is."},
        "name": {"type": "string", "description": "Printed name."},
        "dm": INT_OR_NULL,
        "dm_colour": COLOUR,
        "flank_dm": {"type": ["integer", "null"], "description": "Bunker: the secondary shield DM against direct "
                     "fire from its flank (18.2)."},
        "destroy_dr": {"type": ["integer", "null"], "description": "The red DR an attack must reach to destroy it "
                       "(18.6: 15); null when it cannot be destroyed."},
        "mine_number": {"type": ["integer", "null"], "description": "Mine attack number (18.5)."},
        "mine_colour": COLOUR,
        "source": SOURCE,
    },
    "required": ["type"],
    "additionalProperties": False,
}

TABLES: dict[str, Any] = {
    "fortifications": keyed("Fortification and hindrance counters (18.0-18.5).", FORTIFICATION),
    "range_effects": RANGE_EFFECTS,
    "fire_modifiers": keyed("FP and DM modifiers (range, close combat, fortifications, smoke…).", FIRE_MODIFIER),
    "hit_counters": keyed("Hit counter effects and rally numbers (15.2 for vehicles).", HIT_EFFECT),
    "action_costs": keyed("AP/CAP costs of actions.", ACTION_COST),
    "terrain": keyed("Terrain effects by terrain id.", TERRAIN_ROW),
    "activation_ap": {"type": "integer", "minimum": 1, "description": "APs an activated unit receives (20.0: 7)."},
    "cap_limit": {
        "type": "object",
        "description": "Limits on spending CAPs, from the core rules the fragment lacks (Fig 29 shows +1 per CAP on a "
                       "roll, no limit). null: not known, so the limit is could-not-check.",
        "properties": {"per_roll": INT_OR_NULL, "source": SOURCE},
        "additionalProperties": False,
    },
}


def rules_schema() -> dict[str, Any]:
    """Schema of a CoH manifest's ``rules`` object."""
    return rules_object("Conflict of Heroes", TABLES, POLICIES)
