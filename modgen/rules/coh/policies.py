"""Conflict of Heroes: Storms of Steel: named policies for the gaps and contradictions in the rulebook fragment."""

from __future__ import annotations

from modgen.systems.base import Policy

POLICIES: tuple[Policy, ...] = (
    Policy(
        "front_arc",
        default=120,
        choices=(120, 180),
        doc="Width in degrees of a unit's front arc, for fire outside the arc (15.5) and front against flank DR. "
        "The front/flank rule is in the missing core rules; 15.5's designer's note speaks of the 'front 120 "
        "degree arc' (two hexsides).",
        rule="CoH 15.5",
    ),
    Policy(
        "group_action_cost",
        default="highest",
        choices=("highest", "sum"),
        doc="AP cost of a group move or group fire (9.11 is not in the fragment): the highest member's cost (the "
        "17.0 example's group fire for 2APs) or the sum.",
        rule="CoH 17.0, 9.11",
    ),
    Policy(
        "hit_comparison",
        default="ge",
        choices=("ge", "gt"),
        doc="A hit needs attack total >= defence (ge, as every example in the fragment) or > (gt, the older "
        "Awakening the Bear summary sheet).",
        rule="CoH Fig 28-29, 18.4",
    ),
    Policy(
        "two_hit_threshold",
        default="ge_dv_plus_4",
        choices=("ge_dv_plus_4", "gt_dv_plus_4"),
        doc="The two-hits-from-one-roll rule (7.x) is missing; Fig 28 (17 vs 10) fits both readings. Mines use "
        "'4 more than the number' (>=).",
        rule="CoH Fig 28, 18.5",
    ),
    Policy(
        "suppressed_rally",
        default=8,
        choices=(8, 9),
        doc="Vehicle Suppressed rally number: 8 in the English text, 9 in the Russian.",
        rule="CoH 15.2",
    ),
    Policy(
        "gun_damaged_split",
        default="one_red_one_blue",
        choices=("one_red_one_blue", "either_colour"),
        doc="The two Gun Damaged counters: one red and one blue (Fig 29 shows a red one), or each disables a "
        "colour chosen when drawn. A reading of the counter data only: the checker disables the colour(s) the placed "
        "counter's hit_counters row lists (fp_disabled), whichever is chosen.",
        rule="CoH 15.2",
    ),
    Policy(
        "vehicle_cover",
        default="friendly_only",
        choices=("friendly_only", "any_vehicle"),
        doc="15.6 gives +1DM per vehicle in the hex, but Fig 29 gives a Soviet squad in a German tank's hex "
        "no bonus.",
        rule="CoH 15.6, Fig 29",
    ),
    Policy(
        "truck_fp_modifier",
        default="close_combat_modifier",
        choices=("close_combat_modifier", "printed_fp"),
        doc="Trucks have '-2FP and a range of 0': a close-combat modifier ('close_combat_modifier': "
        "fire_modifiers.truck in close combat and no fire beyond the hex) or the printed FP ('printed_fp': the "
        "counter's FP and range, with the vehicles' close-combat modifier).",
        rule="CoH 16.0",
    ),
    Policy(
        "light_damage_removal",
        default="never",
        choices=("never", "rally_as_suppressed"),
        doc="Light Damage has no effect and no rally number; the fragment never says it can be removed: 'never' (a "
        "rally off it is an error), or it rallies on the Suppressed number (policy suppressed_rally).",
        rule="CoH 15.2",
    ),
    Policy(
        "unload_payment",
        default="cap",
        choices=("cap", "first_action", "either"),
        doc="Which unload leaves the unloaded unit fresh (17.0 Opel Ex: 'unloading the gun for 4CAPs ... The gun "
        "remains fresh' in English, '4 AP' in Russian; Fig 26: a gun unloaded for APs after moving is spent with its "
        "vehicle): 'cap' one paid wholly in CAPs (the English text), 'first_action' one taken before the vehicle's "
        "activation has paid any AP (the Russian text), 'either' both.",
        rule="CoH 17.0",
    ),
    Policy(
        "los_model",
        default="sight_line",
        choices=("sight_line", "flat"),
        doc="Line of sight (section 11 is not in the fragment): 'sight_line' blocks where an intervening hex's "
        "ground level plus its obstacle (terrain table level, blocks_los, obstacle_height) rises above the straight "
        "line between the two units' levels (20.3 names levels L0 and L-1); 'flat' ignores levels and any "
        "blocking terrain between blocks.",
        rule="CoH 11.0, 20.3",
    ),
    Policy(
        "los_along_hexside",
        default="both",
        choices=("both", "either"),
        doc="A line running exactly along hexsides: blocked only when the hexes on both sides block ('both') or "
        "when either does. The fragment is silent.",
        rule="CoH 11.0",
    ),
    Policy(
        "smoke_blocks_los",
        default="no",
        choices=("no", "yes"),
        doc="The fragment gives smoke only as a DM (19.0 '+2DM smoke', 18.6 'terrain DM, such as woods or "
        "smoke'); 'yes' also makes a smoke hex an obstacle of height 1.",
        rule="CoH 19.0, 18.6",
    ),
    Policy(
        "smoke_dm",
        default="target_hex",
        choices=("target_hex", "target_or_line"),
        doc="Where smoke's +2DM counts: for units in the smoke hex (18.6 treats it as a hex's terrain DM), or also "
        "for fire traced through a smoke hex.",
        rule="CoH 19.0, 18.6",
    ),
    Policy(
        "fort_dm_colour",
        default="matching_fp",
        choices=("matching_fp", "any_fp"),
        doc="A red (trench) or blue (gun pit) fortification DM counts only against FP of its colour, as 18.2's "
        "black bunker DM 'adds DMs against both blue and red' implies; or against any FP.",
        rule="CoH 18.2",
    ),
    Policy(
        "cc_fort_dm",
        default="front",
        choices=("front", "flank"),
        doc="The DM of a gun pit or bunker in close combat. 18.0: 'In close combat situations, fortifications "
        "benefit all occupying unit(s)', read as the full (front) DM whatever the direction ('front'); or close "
        "combat as a flank attack (18.6: occupants 'defend with their flank defense against flank, artillery/mortar, "
        "and CC attacks'), so the bunker's flank shield and no gun pit DM ('flank'). Trenches and hasty defences "
        "give their DM from all directions either way.",
        rule="CoH 18.0, 18.2, 18.6",
    ),
    Policy(
        "gun_pit_vehicles",
        default="forbidden",
        choices=("forbidden", "allowed"),
        doc="'Some firefights may even allow vehicles to set up in gun pits' (18.2): set 'allowed' for those.",
        rule="CoH 18.2",
    ),
    Policy(
        "anti_aircraft_fire",
        default="blue_circle_only",
        choices=("blue_circle_only", "any_unit"),
        doc="The sentence on who may fire at airplanes is garbled; read as units with the blue AA circle only.",
        rule="CoH 20.0",
    ),
    Policy(
        "command_card_on_airplane",
        default="allowed",
        choices=("allowed", "forbidden"),
        doc="20.0 bans action cards on airplanes but allows command actions; whether a command action card "
        "counts as an action card is open.",
        rule="CoH 20.0",
    ),
    Policy(
        "ap_track",
        default="warn",
        choices=("warn", "error", "off"),
        doc="The side's AP track (the module's AP property, ap events) against the APs the checker charged the "
        "activation, compared once the activation is over (modgen.rules.coh.aptrack). The rulebook counts the APs "
        "left (Fig 27-29) but does not make a wrong count on the track sheet an illegal act: a mismatch is a "
        "warning by default, an error with 'error', not compared with 'off'. An activation during which the side "
        "never set its track gets no finding either way: keeping the track is optional.",
        rule="CoH 20.0, Fig 27-29",
    ),
)
