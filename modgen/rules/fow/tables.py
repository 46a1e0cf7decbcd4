"""JSON Schema for the Flames of War tables a manifest's ``rules.tables`` may carry."""

from __future__ import annotations

from typing import Any

from modgen.rules.fow.policies import POLICIES
from modgen.rules.tablespec import NUMBER_OR_NULL, keyed, rules_object, table

NEED = {"type": ["string", "null"], "pattern": r"^([1-6]\+|6|Auto|-)$",
        "description": "A die need such as '3+', '6', 'Auto', or null/'-' where none applies."}

MOVEMENT_ROW = {
    "type": "object",
    "description": "One Mobility rating row, distances in inches (null where the rating cannot move).",
    "properties": {
        "group": {"enum": ["tracked", "other_tank", "gun", "infantry"], "description": "Row group in the table."},
        "tactical": NUMBER_OR_NULL,
        "terrain_dash": NUMBER_OR_NULL,
        "cross_country_dash": NUMBER_OR_NULL,
        "road_dash": NUMBER_OR_NULL,
        "cross": NEED,
        "cm": {"type": "object", "description": "The paired cm values as printed.",
               "additionalProperties": NUMBER_OR_NULL},
    },
    "required": ["tactical", "terrain_dash", "cross_country_dash", "road_dash", "cross"],
    "additionalProperties": False,
}

TERRAIN_ROW = {
    "type": "object",
    "description": "Terrain Chart row keyed by the manifest's terrain id.",
    "properties": {
        "dash": {"enum": ["road", "cross_country", "terrain", "impassable", "infantry_terrain_only"],
                 "description": "Which Dash speed applies (or Impassable)."},
        "difficult": {"type": ["boolean", "string"], "description": "Cross check needed (true), or a special need."},
        "height": {"enum": ["flat", "short", "tall", "short_or_tall"], "description": "Concealment height."},
        "bulletproof": {"type": "boolean", "description": "Gives Bulletproof Cover."},
    },
    "required": ["dash", "difficult", "height", "bulletproof"],
    "additionalProperties": False,
}

RATING_ROW = {
    "type": "object",
    "description": "A rating's die needs.",
    "additionalProperties": NEED,
}

TABLES: dict[str, Any] = {
    "movement": keyed("Mobility table (p.18): movement by Mobility rating.", MOVEMENT_ROW),
    "terrain": keyed("Terrain Chart (p.21) by terrain id.", TERRAIN_ROW),
    "motivation": keyed("Motivation ratings (p.10): Fearless/Confident/Reluctant → need.", RATING_ROW),
    "skill": keyed("Skill ratings (p.11): Veteran/Trained/Conscript → Tactics/Assault and Is Hit On.", RATING_ROW),
    "command_distance": table(
        "Command distance (p.18).",
        {"large_unit_teams": {"type": "integer", "description": "Teams at or above which the long distance applies."},
         "large": {"type": "number", "description": "Distance in inches for large Units."},
         "small": {"type": "number", "description": "Distance in inches for smaller Units."}},
        ["large_unit_teams", "large", "small"],
    ),
    "victory_points": table(
        "Victory Points table (p.93): by Units the winner lost.",
        {"rows": {"type": "array", "description": "Rows by winner's losses.", "items": {
            "type": "object", "description": "One result row.",
            "properties": {"losses_min": {"type": "integer", "description": "Fewest Units lost."},
                           "losses_max": {"type": ["integer", "null"], "description": "Most Units lost (null: none)."},
                           "result": {"type": "string", "description": "Result name."},
                           "winner": {"type": "integer", "description": "Winner's VP."},
                           "loser": {"type": "integer", "description": "Loser's VP."}},
            "required": ["losses_min", "losses_max", "result", "winner", "loser"],
            "additionalProperties": False}}},
        ["rows"],
    ),
}


def rules_schema() -> dict[str, Any]:
    """Schema of a FoW manifest's ``rules`` object."""
    return rules_object("Flames of War", TABLES, POLICIES)
