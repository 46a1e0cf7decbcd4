"""Flames of War 4th ed.: named policies for the contradictions and gaps flagged in the rulebook digest."""

from __future__ import annotations

from modgen.systems.base import Policy

POLICIES: tuple[Policy, ...] = (
    Policy(
        "slow_tank_road_dash",
        default=15,
        choices=(15, 16),
        doc="Slow Tank Road Dash is printed 15\"/40cm; 40cm is 16\". Inches: use the inch value as printed (15) "
        "or the cm-derived 16.",
        rule="FoW p.18 Mobility table",
    ),
    Policy(
        "half_tracked_cross_country_dash",
        default=18,
        choices=(18, 16),
        doc="Half-tracked Cross-country Dash is printed 18\"/40cm (40cm is 16\"). Use 18 as printed or 16.",
        rule="FoW p.18 Mobility table",
    ),
    Policy(
        "formation_last_stand",
        default="two_units",
        choices=("two_units", "two_units_in_good_spirits"),
        doc="Formation In Good Spirits: p.61 needs two Units on table or in Reserve; the QRS says two Units In "
        "Good Spirits.",
        rule="FoW p.61 vs QRS p.106",
    ),
    Policy(
        "reserves_800_points",
        default=460,
        choices=(460, 480),
        doc="Reserves table prints 460 points on table for an 800-point force; 60% would be 480.",
        rule="FoW p.96 Reserves table",
    ),
    Policy(
        "inside_buildings_height",
        default="short",
        choices=("short", "tall"),
        doc="The Terrain Chart gives Inside Buildings as Short; the prose calls buildings Tall.",
        rule="FoW p.21 vs pp.12-15",
    ),
    Policy(
        "field_of_fire_check",
        default="before_rotation",
        choices=("before_rotation", "after_rotation"),
        doc="Whether 'fully in front' (Hull Mounted, Gun Teams) is judged when declaring targets, which comes "
        "before Rotate to Face, or after rotating.",
        rule="FoW pp.32, 66",
    ),
    Policy(
        "command_distance_measure",
        default="nearest_edge",
        choices=("nearest_edge", "centre"),
        doc="The rulebook does not say between which points command distance is measured; ranges use the "
        "nearest base edge or hull.",
        rule="FoW p.18",
    ),
    Policy(
        "minefields_per_750_rounding",
        default="down",
        choices=("down", "up", "nearest"),
        doc="'One Minefield for each 750 points' gives no rounding for other force sizes.",
        rule="FoW p.100-102 missions",
    ),
    Policy(
        "leading_from_the_front_counterattack",
        default="better",
        choices=("better", "higher_number"),
        doc="Leading from the Front: the combined Unit has 'the higher of the two Units' Counterattack values'. "
        "better: the rating more likely to pass (Fearless 3+ over Confident 4+); higher_number: the larger need.",
        rule="FoW p.52",
    ),
    Policy(
        "units",
        default="inches",
        choices=("inches", "cm"),
        doc="Measure in inches or cm, agreed beforehand and never mixed; the paired values are not exact "
        "conversions.",
        rule="FoW p.4",
    ),
    Policy(
        "no_winner_victory_points",
        default="surviving_units",
        choices=("surviving_units", "destroyed_units"),
        doc="No winner: 'both players look up the number of Surviving Units the enemy force has as though their "
        "opponent was the winner and use the Loser's Points column'. surviving_units: as printed; destroyed_units: "
        "the enemy's Destroyed Units, as the table's 'Winner's Losses' column reads.",
        rule="FoW p.93",
    ),
    Policy(
        "bombardment_breakthrough_mixed",
        default="all",
        choices=("all", "any"),
        doc="p.66 re-rolls successful saves 'against Breakthrough Gun Weapons'; a Bombardment fired by mixed weapons "
        "is not addressed. all: only when every firing weapon is a Breakthrough Gun (as p.49 rates mixed weapons by "
        "the worst of them); any: when one of them is.",
        rule="FoW p.66 with p.49",
    ),
)
