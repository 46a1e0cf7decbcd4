"""JSON Schema for the Taktyka i Strategia tables a manifest's ``rules.tables`` may carry."""

from __future__ import annotations

from typing import Any

from modgen.rules.tablespec import NUMBER_OR_NULL, SOURCE, keyed, rules_object, table
from modgen.rules.tis.policies import POLICIES

RESULT = {"type": ["string", "null"], "description": "A printed result ('B2', 'A1(-1)', '--', '-1', 'U', 'Z'); "
          "null where the rulebook cell is missing."}
LOSS = {"type": ["integer", "null"], "description": "Loss in steps (0 for '-'); null where the cell is missing."}
D6_ROW = {"type": "array", "description": "Results for die rolls 1..6.", "items": LOSS, "minItems": 6, "maxItems": 6}

BAND = {
    "type": "object",
    "description": "A strength band row.",
    "properties": {
        "label": {"type": "string", "description": "Row label as printed, e.g. '2-3'."},
        "min": {"type": "integer", "description": "Lowest SP in the band."},
        "max": {"type": ["integer", "null"], "description": "Highest SP in the band (null: open-ended)."},
        "results": {"type": "array", "description": "One result per column.",
                    "items": {"type": ["string", "integer", "null"],
                              "description": "Result or loss; null where missing."}},
    },
    "required": ["label", "min", "max", "results"],
    "additionalProperties": False,
}

MOVE_COST = {"type": ["number", "string", "null"],
             "description": "MP to enter (hex) or extra MP to cross (hexside, as '+1'), a rule reference, or null."}

TERRAIN_ROW = {
    "type": "object",
    "description": "Terrain Effect row by terrain id.",
    "properties": {
        "combat": {"type": ["integer", "string", "null"],
                   "description": "Column shift for the defender's terrain, or 'half_attacker' (swamp)."},
        "movement": {
            "type": "object",
            "description": "Movement cost by movement class.",
            "properties": {k: MOVE_COST for k in ("infantry", "armoured", "motorized", "cavalry", "artillery")},
            "additionalProperties": False,
        },
        "blocks_los": {"type": "boolean", "description": "Blocks visibility between hexes [3.5.3]."},
        "armour_half": {"type": "boolean", "description": "Armour fights at half strength here [29.1.5]."},
        "note": {"type": "string", "description": "Remarks and rule references."},
        "source": SOURCE,
    },
    "required": ["combat", "movement"],
    "additionalProperties": False,
}

TABLES: dict[str, Any] = {
    "crt": table(
        "Combat Results Table: 2d6 rows by odds columns.",
        {"columns": {"type": "array", "items": {"type": "string", "description": "Odds column as printed."},
                     "description": "Odds columns, left to right."},
         "rows": {"type": "object", "description": "Row by 2d6 total ('2'..'12'): one result per column.",
                  "propertyNames": {"pattern": "^([2-9]|1[0-2])$", "description": "A 2d6 total, 2 to 12."},
                  "additionalProperties": {"type": "array", "items": RESULT,
                                            "description": "Results of this 2d6 total, one per column."}}},
        ["columns", "rows"],
    ),
    "casualties": table(
        "Casualties after Battle: EP lost, rows by the opposing strength band, columns 2d6 totals 2..12.",
        {"rows": {"type": "array", "items": BAND, "description": "Strength bands, smallest first."}},
        ["rows"],
    ),
    "terrain": keyed("Terrain Effect on Movement and Combat, by terrain id.", TERRAIN_ROW),
    "drop_losses": table(
        "Airborne Losses During the Drop (SP lost by d6), per terrain id.",
        {"parachute": {"type": "object", "description": "Parachute units.", "additionalProperties": D6_ROW},
         "glider": {"type": "object", "description": "Glider units.", "additionalProperties": D6_ROW}},
        ["parachute", "glider"],
    ),
    "minefield_losses": table(
        "Losses on the Minefields: SP lost by the entering stack, rows by stack strength, columns d6.",
        {"rows": {"type": "array", "items": BAND, "description": "Strength bands."}},
        ["rows"],
    ),
    "stages_per_day": {"type": "integer", "minimum": 1, "description": "Stages per day (Arnhem: 3, '1e 2e 3e')."},
    "open_terrain": {"type": "array", "items": {"type": "string", "description": "A terrain id."}, "minItems": 1,
                     "description": "Terrain ids counted as 'open' by fire at range [15.2.8]-[15.2.9] (the book does "
                     "not define the word; default: clear)."},
    "movement_points": table(
        "Default movement points by unit class where the counter prints none.",
        {"by_class": {"type": "object", "description": "MP by class.", "additionalProperties": NUMBER_OR_NULL}},
        ["by_class"],
    ),
    "far": table(
        "Firing at Range [15.3.5] c): EP lost by the target, rows by the final GUN less ARMOR difference ('+7', "
        "'0', '-3'), columns the 2d6 totals 2..12.",
        {"columns": {"type": "array", "items": {"type": "integer", "description": "A 2d6 total."},
                     "description": "The 2d6 totals, left to right (2..12)."},
         "rows": {"type": "object", "description": "Row by difference: one cell per column.",
                  "propertyNames": {"pattern": "^([+-]?[0-9]{1,2})$", "description": "A difference such as +7."},
                  "additionalProperties": {"type": "array", "description": "Cells of this difference.",
                                            "items": {"type": ["integer", "string", "null"],
                                                      "description": "EP lost, 'Z' (weapon jammed: no more fire "
                                                      "this stage) or null where the cell is missing."}}}},
        ["columns", "rows"],
    ),
    "artillery_fire": table(
        "Artillery Fire (single-handed fire and barrage [9.8.1]): SP lost by the target, one block per target "
        "strength band, rows by the firing strength, columns d6 1..6.",
        {"blocks": {"type": "array", "description": "Target strength bands, smallest first.",
                    "items": {"type": "object", "description": "One target strength band.",
                              "properties": {
                                  "label": {"type": "string", "description": "Band as printed, e.g. '1-4'."},
                                  "min": {"type": "integer", "description": "Lowest target SP."},
                                  "max": {"type": ["integer", "null"], "description": "Highest (null: open)."},
                                  "rows": {"type": "array", "items": BAND,
                                           "description": "Firing strength rows; results are SP lost (0 for "
                                           "'--'), null where the cell is missing."}},
                              "required": ["label", "min", "max", "rows"], "additionalProperties": False}}},
        ["blocks"],
    ),
    "object_fire": table(
        "Destroying Objects by Artillery [22.1.2]: rows by the firing artillery's SP, columns d6 1..6; results "
        "'-' (no effect), 'U' (damaged, [22.1.5]) or 'Z' (destroyed, [22.1.4]), null where the cell is missing.",
        {"rows": {"type": "array", "items": BAND, "description": "Artillery strength bands, smallest first."}},
        ["rows"],
    ),
    "sea_casualties": table(
        "CASUALTIES ON SEA [45.2.2] (the storm table; not printed in the seed, so the designer supplies it): EP a "
        "barge or a unit loaded on one loses by d6 1..6 in worsened and in bad weather; null where the cell is "
        "missing (could-not-check).",
        {"worsened": {**D6_ROW, "description": "Worsened weather, d6 1..6."},
         "bad": {**D6_ROW, "description": "Bad weather (storm), d6 1..6."}},
        [],
    ),
}


def rules_schema() -> dict[str, Any]:
    """Schema of a TiS manifest's ``rules`` object."""
    return rules_object("Taktyka i Strategia", TABLES, POLICIES)
