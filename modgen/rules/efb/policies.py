"""Named policies for every contradiction the EFB digest lists between Guards Tank (GT) and Minsk '44 (MK)."""

from __future__ import annotations

from modgen.systems.base import Policy

POLICIES: tuple[Policy, ...] = (
    Policy("rulebook", "mk", ("mk", "gt"),
           "Whose rule numbers findings cite: mk = Minsk '44 (the checks' own numbering), gt = Guards Tank (6.11-6.12 "
           "become 6.12-6.13, 13.4-13.9 become 13.3-13.8, 24.8/24.9 become 24.7/24.8, MK 24.10 weather effects "
           "becomes the GT 18.2 chart). See rules.number_for.", "EFB 6, 13, 18, 24"),
    Policy("road_movement_ezoc", "gt", ("gt", "mk"),
           "Road movement into an enemy ZOC: gt = allowed, the move stops there (GT 8.7(3)); mk = not allowed "
           "(MK 8.7(3), probably a translation error).", "EFB 8.7(3)"),
    Policy("halving_rounding", "retain", ("retain", "down"),
           "Halved movement allowances (OOC, disengagement, weather): retain = keep fractions (8.12 'remainders are "
           "retained'); down = round down (MK 7.7, 10.10, 24.10).", "EFB 7.7, 8.12, 10.10"),
    Policy("at_defender_cap", 2, (1, 2),
           "Most columns the defender may take for anti-tank (16.4): 2 (MK; also GT read as one -2 instance) or 1 "
           "(GT read literally).", "EFB 16.3, 16.4"),
    Policy("ooc_defensive_at", "allowed", ("allowed", "forbidden"),
           "Out-of-command AT units still give the defensive AT shift (GT 7.7, 16.5) or do not (a reading of "
           "MK 7.7).",
           "EFB 7.7, 16.5"),
    Policy("advance_minor_river", "engineer", ("engineer", "allowed"),
           "Advance after combat across a river without a bridge: engineer = 22.2(3) 'Assault Crossing' as printed: "
           "across a minor or major river only if an engineer took part in the attack, and never by the defender; "
           "allowed = 13.7 alone (MK 13.7, GT 13.6): minor rivers never block, major rivers always do.",
           "EFB 13.7, 22.2"),
    Policy("recovery_command", "radius", ("radius", "always_ooc"),
           "Command of a suppressed unit at the start of recovery: radius = by HQ radius as if not suppressed, so "
           "in-command units recover automatically (15.4); always_ooc = suppressed units are OOC (15.3) and must roll.",
           "EFB 15.3, 15.4"),
    Policy("zoc_major_river", "crosses", ("crosses", "bridge", "blocked"),
           "ZOC across a major river hexside: crosses (GT 10.3), only across a bridge, or never (MK 10.3 as "
           "printed, 'even with a bridge').", "EFB 10.3"),
    Policy("overstack_vp", "count", ("count", "no_count"),
           "Units eliminated for overstacking count for victory points (GT 9.1) or not (MK 9.1).", "EFB 9.1"),
    Policy("replacement_rail", "rail_as_road", ("rail_as_road", "special_rail"),
           "MK Soviet replacements 'may use the railroad normally': rail-as-road movement (8.8) only, or also SR3 "
           "special rail movement in the turn they return.",
           "MK 24.7"),
    Policy("road_exit_cost", "1/3", ("1/3", "1/2"),
           "MP to exit the map along a road (8.11): 1/3 (8.7, MK) or 1/2 (GT 8.11 example).", "EFB 8.11"),
    Policy("crt_edge", "clamp", ("clamp", "error"),
           "Shifted column past a table edge: clamp to the last column, or also warn (the CRT notes are missing).",
           "EFB 11.2"),
    Policy("one_time_rp", "expended_when_used", ("expended_when_used", "same_turn"),
           "One-time replacement points: kept until used (GT 6.13) or lost at the end of the turn granted (MK 6.12).",
           "EFB 6.12/6.13"),
    Policy("railroad_vp", "once", ("once", "each_turn"),
           "MK 24.5 railroad VP ('occupying any railroad hex … during turn 1 or 2'): paid once per stretch, at the "
           "value of the first turn a unit is there, or for every turn a unit is there (the book does not say).",
           "MK 24.5"),
    Policy("loc_ezoc", "friendly_occupied", ("friendly_occupied", "never"),
           "A line of communication may enter an enemy ZOC hex a friendly unit occupies (23.6, both books) or no "
           "enemy ZOC hex at all (the MK 24.5 scenario note).", "EFB 23.6, MK 24.5"),
    Policy("minimum_move", True, (True, False),
           "A unit may always move one hex by spending all its MF (8.4).", "EFB 8.4"),
    Policy("zero_mf_minimum_move", "forbidden", ("forbidden", "allowed"),
           "Does 8.4's minimum move ('all units may generally move a minimum of 1 hex ..., spending all of their "
           "MFs') let a unit with a movement factor of 0 move one hex? forbidden (the default) = no: it has no MF "
           "to spend, 'generally' admits exceptions, 13.6 (GT 13.5) has such units eliminated or suppressed rather "
           "than moved even by a retreat or advance, and MK 24.6 SR4 treats the Minsk garrison as a unit that stays "
           "where it starts; allowed = 8.4 read literally ('all units').", "EFB 8.4, 13.6, MK 24.6"),
    Policy("hq_zoc", "exerts", ("exerts", "none"),
           "Do HQ units exert a ZOC? 10.2 gives one to 'all effective ground combat units' (GT 10.2: 'all combat "
           "effective land units'). exerts (the default): 'combat effective' means not suppressed (15.3, 15.4 "
           "'restored to combat effectiveness'), HQs are ground units (9.5) and can be suppressed (15.3), and 2.6 "
           "defines no non-combat unit type; none = 'combat unit' read as excluding HQs (which print no attack "
           "factor).", "EFB 2.6, 10.2, 15.3"),
)
