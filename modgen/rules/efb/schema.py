"""JSON Schema of the EFB tables in a manifest's ``rules`` section.

The EFB rulebooks (Guards Tank, Minsk '44) print no Terrain Effects Chart and no combat results tables, so the tables a
game bundles are illustrative unless their ``source`` says otherwise. Shapes:

- ``tec``: terrain id (from the manifest ``terrain``) -> effects. ``mp`` is a number, a fraction string
  ("1/3"), ``"prohibited"``, or a per-mobility-class object ``{"armored": 2, "other": 1}``. Hex terrain: ``mp``
  to enter, ``shift`` (column shift for the defender, negative = toward the defender), ``stand_fast`` (13.1),
  ``mobile_forbidden`` (11.11), ``engineer_bonus`` (22.2). Hexside terrain: ``mp`` added to the hex cost,
  ``shift`` (only when all attackers cross it), ``river`` (``major|minor|stream``), ``bridge`` (a bridge
  hexside). Line terrain (road/rail/trail): ``mp`` per hex along the line (``along`` names the movement rule).
- ``crt``: ``mobile``/``assault``/``ranged`` -> ``{"columns": [{"label", "min", "max", "results": [...]}]}``,
  six result codes for die rolls 1..6; ``min``/``max`` bound the differential (null = open end).
- ``stacking``, ``fire_control``, ``air_per_hex``: rows keyed by nationality and year range.
- ``air_fpf``: nationality -> first year air FPF is allowed (17.10).
- ``ranged_max_differential``: 16 (MK errata).
- ``events`` (5.0, GT 24.8), ``weather`` (Weather Effects Chart), ``airborne_landing`` (GT 28.5).
- ``x``: the one free-form extension point; every other object is closed (a misspelt key is an error).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tablespec import EXTENSION

_SOURCE = {
    "type": "object",
    "description": "Where the values come from.",
    "properties": {
        "rule": {"type": "string", "description": "Rulebook section."},
        "values": {"enum": ["rulebook", "illustrative"], "description": "rulebook, or illustrative (invented)."},
        "note": {"type": "string", "description": "Free text."},
    },
    "required": ["values"],
    "additionalProperties": False,
}

_COST = r"^(\d+/\d+|prohibited)$"
# one schema, not a oneOf: each keyword applies to its own JSON type, so a typo inside the per-class object is
# reported as an unknown property (a failed oneOf would only say "expected a number or a string or an object")
_MP = {
    "type": ["number", "string", "object"],
    "description": "An MP cost: a number, a fraction string like \"1/3\", \"prohibited\", or one per mobility class.",
    "minimum": 0,
    "pattern": _COST,
    "properties": {
        "armored": {"type": ["number", "string"], "minimum": 0, "pattern": _COST,
                    "description": "An MP cost for armored units: a number, a fraction string, or \"prohibited\"."},
        "other": {"type": ["number", "string"], "minimum": 0, "pattern": _COST,
                  "description": "An MP cost for other units: a number, a fraction string, or \"prohibited\"."},
    },
    "required": ["armored", "other"],
    "additionalProperties": False,
}

_YEARS = {
    "type": "array",
    "items": {"type": "integer", "description": "A year."},
    "minItems": 2,
    "maxItems": 2,
    "description": "Inclusive [first, last] scenario year this row applies to (absent = every year).",
}

_NAT_ROW = {
    "nationality": {"type": "string", "description": "Counter nationality (german, axis_allied, soviet)."},
    "years": _YEARS,
    "source": _SOURCE,
}

TERRAIN_EFFECT = {
    "type": "object",
    "description": "Effects of one terrain type (hex, hexside or line).",
    "properties": {
        "mp": _MP,
        "along": {"enum": ["road", "rail", "trail"], "description": "Line terrain: which movement rule (8.7-8.9)."},
        "shift": {"type": "integer", "description": "Defender column shift (negative favours the defender)."},
        "stand_fast": {"type": "boolean", "description": "Defender may declare stand fast here (13.1)."},
        "mobile_forbidden": {"type": "boolean", "description": "No Mobile CRT against defenders here (11.11)."},
        "engineer_bonus": {"type": "boolean", "description": "Engineers give +1 column against this hex (22.2)."},
        "fort": {"type": "boolean", "description": "A fort hex (terrain id \"fortification\" is one without it): with "
                 "optional rule 26 in play, entering the ZOC of an enemy unit here costs +2 MF (26.4)."},
        "river": {"enum": ["major", "minor", "stream"], "description": "Hexside water type (13.4, 13.6)."},
        "bridge": {"type": "boolean", "description": "This hexside type is a bridge (8.10)."},
        "blocks_zoc": {"type": "boolean", "description": "ZOC does not extend across this hexside."},
        "source": _SOURCE,
    },
    "additionalProperties": False,
}

CRT = {
    "type": "object",
    "description": "A combat results table: differential columns x die roll 1..6.",
    "properties": {
        "columns": {
            "type": "array",
            "minItems": 1,
            "description": "Columns from lowest differential to highest.",
            "items": {
                "type": "object",
                "description": "One differential column.",
                "properties": {
                    "label": {"type": "string", "description": "Column heading as printed, e.g. \"+2,3\"."},
                    "min": {"type": ["integer", "null"], "description": "Lowest differential (null = open)."},
                    "max": {"type": ["integer", "null"], "description": "Highest differential (null = open)."},
                    "results": {
                        "type": "array", "minItems": 6, "maxItems": 6,
                        "items": {"type": "string", "description": "Result code as printed."},
                        "description": "Result codes for die rolls 1..6.",
                    },
                },
                "required": ["label", "min", "max", "results"],
                "additionalProperties": False,
            },
        },
        "source": _SOURCE,
    },
    "required": ["columns"],
    "additionalProperties": False,
}


_DIE = {"type": "string", "pattern": r"^\d*d\d+$", "description": "The dice rolled, e.g. \"1d6\"."}
_ROLL_KEY = r"^\d+(-\d+)?$"  # a die value "3" or an inclusive range "1-2"

EVENT = {
    "type": "object",
    "description": "What one events-table result does (5.0, GT 24.8, MK 24.8-24.10).",
    "properties": {
        "event": {"type": "string", "description": "Event id: no_effect, weather, orel_offensive, ditch_minefield…"},
        "text": {"type": "string", "description": "The result as printed."},
        "weather": {"type": "string", "description": "Weather event: the weather id (a key of tables.weather)."},
        "permanent": {"type": "boolean", "description": "The effect lasts for the rest of the game."},
        "subroll": {
            "type": "object",
            "description": "A further roll this result calls for: its dice and outcome by die value or range.",
            "properties": {"die": _DIE},
            "patternProperties": {_ROLL_KEY: {"type": "string", "description": "Outcome id for this roll."}},
            "additionalProperties": False,
        },
    },
    "required": ["event"],
    "additionalProperties": False,
}

EVENTS = {
    "type": "object",
    "description": "Events table: result by die value or range \"a-b\" (5.0, GT 24.8, MK 24.8-24.10).",
    "properties": {
        "die": _DIE,
        "results": {"type": "object", "description": "Result by die value (\"3\") or range (\"1-2\").",
                    "propertyNames": {"pattern": _ROLL_KEY, "description": "A die value or range like \"1-2\"."},
                    "additionalProperties": EVENT},
        "source": _SOURCE,
    },
    "required": ["results"],
    "additionalProperties": False,
}

_EFFECT = {"type": ["string", "null"], "description": "Effect as printed (null: none)."}
WEATHER_ROW = {
    "type": "object",
    "description": "Effects of one weather type (Weather Effects Chart).",
    "properties": {
        "command_radius": {"type": ["integer", "null"], "description": "Change to command radius (null: none)."},
        "movement": _EFFECT,
        "combat": _EFFECT,
        "air": _EFFECT,
        "los": {"type": ["integer", "null"], "description": "Line of sight in hexes (null: not printed)."},
    },
    "additionalProperties": False,
}

WEATHER = {
    "type": "object",
    "description": "Weather Effects Chart by weather id.",
    "properties": {"source": _SOURCE},
    "additionalProperties": WEATHER_ROW,
}

AIRBORNE_LANDING = {
    "type": "object",
    "description": "Airborne landing table (GT 28.5): result code by modified die roll, and the modifiers.",
    "properties": {
        "die": _DIE,
        "results": {"type": "object", "description": "Result code (AL, SC, EL…) by modified die value.",
                    "propertyNames": {"pattern": _ROLL_KEY, "description": "A die value or range like \"1-2\"."},
                    "additionalProperties": {"type": "string", "description": "Result code."}},
        "drm": {"type": "object", "description": "Die roll modifier by terrain or condition id.",
                "additionalProperties": {"type": "integer", "description": "Modifier added to the roll."}},
        "source": _SOURCE,
    },
    "required": ["results"],
    "additionalProperties": False,
}


def rules_schema(policies: list[dict[str, Any]]) -> dict[str, Any]:
    """Schema for the EFB manifest ``rules`` object; ``policies`` are ``{"name", "choices", "doc"}`` records."""
    return {
        "type": "object",
        "description": "East Front Battles tables and policy choices.",
        "properties": {
            "tables": {
                "type": "object",
                "description": "EFB tables (no TEC/CRT is printed: mark invented values illustrative).",
                "properties": {
                    "tec": {
                        "type": "object",
                        "description": "Terrain Effects Chart keyed by manifest terrain ids.",
                        "additionalProperties": TERRAIN_EFFECT,
                    },
                    "crt": {
                        "type": "object",
                        "description": "Combat results tables by name.",
                        "properties": {"mobile": CRT, "assault": CRT, "ranged": CRT},
                        "additionalProperties": CRT,
                    },
                    "stacking": {
                        "type": "array",
                        "description": "Stacking limits (9.2-9.4).",
                        "items": {"type": "object", "description": "Limit for a nationality and years.", "properties": {
                            **_NAT_ROW, "limit": {"type": "integer", "minimum": 1, "description": "Units per hex."},
                            "free_tags": {"type": "array", "items": {"type": "string", "description": "A counter tag."},
                                          "description": "Tags that stack free, max 1 per hex (GT heavy tanks)."}},
                            "required": ["nationality", "limit"], "additionalProperties": False},
                    },
                    "fire_control": {
                        "type": "array",
                        "description": "Ranged units per ranged combat (22.4).",
                        "items": {"type": "object", "description": "Limits for a nationality and years.",
                                  "properties": {
                            **_NAT_ROW,
                            "fpf_close_support": {"type": "integer", "description": "FPF and close support limit."},
                            "bombardment": {"type": "integer", "description": "Bombardment limit."}},
                            "required": ["nationality", "fpf_close_support", "bombardment"],
                            "additionalProperties": False},
                    },
                    "air_per_hex": {
                        "type": "array",
                        "description": "Airstrikes per hex (17.9); limit null = any number.",
                        "items": {"type": "object", "description": "Limit for a nationality and years.", "properties": {
                            **_NAT_ROW, "limit": {"type": ["integer", "null"], "description": "Air units per hex."}},
                            "required": ["nationality", "limit"], "additionalProperties": False},
                    },
                    "air_fpf": {
                        "type": "object",
                        "description": "Nationality -> first year GA may fire FPF (17.10).",
                        "additionalProperties": {"type": "integer", "description": "First year (e.g. 1943)."},
                    },
                    "ranged_max_differential": {"type": "integer", "description": "Ranged CRT cap (MK errata: 16)."},
                    "mobile_crt_from": {
                        "type": "object",
                        "description": "Nationality -> first year (e.g. 1942) it may use the Mobile CRT (11.11).",
                        "additionalProperties": {"type": "integer", "description": "First year (e.g. 1942)."},
                    },
                    "events": EVENTS,
                    "weather": WEATHER,
                    "airborne_landing": AIRBORNE_LANDING,
                    "x": EXTENSION,
                },
                "additionalProperties": False,
            },
            "policies": {
                "type": "object",
                "description": "Choices where the rulebooks contradict themselves (see docs/rules.md).",
                "properties": {
                    p["name"]: {"enum": list(p["choices"]), "description": p["doc"]} for p in policies
                },
                "additionalProperties": False,
            },
        },
        "additionalProperties": False,
    }
