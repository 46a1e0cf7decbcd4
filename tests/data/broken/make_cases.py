"""Write the broken-data corpus: each case overrides file(s) of ``_base/`` and states the issues expected.

Run ``python tests/data/broken/make_cases.py`` after changing a case. Expected positions are written by hand as
(line, snippet): the column is where ``snippet`` starts on that line (plain string search, independent of
modgen's parser); the test also checks each position against the stdlib ``json`` decoder.
An expected message ending in "…" matches as a prefix.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASE = HERE / "_base"
G, C, M, S = "games/base.json", "counters/base.json", "maps/base.json", "scenarios/base/s1.json"


def edit(rel: str, line: int, old: str, new: str, text: str | None = None) -> str:
    """The base file ``rel`` with ``old`` replaced by ``new`` on ``line`` (1-based)."""
    lines = (text if text is not None else (BASE / rel).read_text()).split("\n")
    assert old in lines[line - 1], (rel, line, old)
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines)


# name: (why, {file: new content}, [(file, line, snippet or column, pointer or None, message)])
CASES: dict[str, tuple[str, dict[str, str | bytes], list[tuple[str, int, str | int, str | None, str]]]] = {}


EXIT: dict[str, int] = {}


def case(name: str, why: str, files: dict[str, str | bytes], *issues: tuple, exit: int = 1) -> None:
    CASES[name] = (why, files, list(issues))
    EXIT[name] = exit


# --- syntax ------------------------------------------------------------------------------------------------
case("syntax_trailing_comma", "trailing comma in the sides array",
     {G: edit(G, 6, '"#0000aa"}', '"#0000aa"},')},
     (G, 7, "]", None, "invalid JSON: trailing comma before ']'"))
case("syntax_missing_colon", "key without a colon",
     {G: edit(G, 3, '"id": "base"', '"id" "base"')},
     (G, 3, '"base"', None, "invalid JSON: expected ':' after key 'id', got '\"'"))
case("syntax_missing_comma", "two members without a comma between them",
     {C: edit(C, 2, '"kind": "unit",', '"kind": "unit"')},
     (C, 2, '"side"', None, "invalid JSON: expected ',' or '}' after the value of 'kind', got '\"'"))
case("syntax_single_quotes", "a string in single quotes",
     {M: edit(M, 4, '"clear"', "'clear'")},
     (M, 4, "'clear'", None, "invalid JSON: strings need double quotes, not single quotes"))
case("syntax_unterminated_string", "a string left open at the end of a line",
     {S: edit(S, 9, '"west"}', '"west}')},
     (S, 9, '"west', None, "invalid JSON: unterminated string (a string cannot span lines)"))
case("syntax_empty_file", "an empty scenario file", {S: ""},
     (S, 1, 1, None, "invalid JSON: the file is empty; expected a JSON value"))
case("syntax_extra_data", "a stray closing brace after the document",
     {S: (BASE / S).read_text() + "}\n"},
     (S, 12, "}", None, "invalid JSON: unexpected '}' after the JSON value (extra data)"))
case("syntax_python_literal", "Python's True instead of JSON's true",
     {M: edit(M, 3, '"h_off": 1', '"h_descend": True')},
     (M, 3, "True", None,
      "invalid JSON: unexpected word 'True'; expected a value (JSON spells them true, false, null)"))
case("syntax_not_utf8", "a Latin-1 byte in a title",
     {S: edit(S, 1, '"title": "S1"', '"title": "S\udce9"').encode("utf-8", "surrogateescape")},
     (S, 1, "\udce9", None, "invalid JSON: not UTF-8 text (byte 0xe9)"))
case("duplicate_key", "the same key twice in one object",
     {S: edit(S, 2, '"turns": {"count": 3},', '"turns": {"count": 3}, "turns": {"count": 2},')},
     (S, 2, '"turns": {"count": 2}', "/turns", "duplicate key (the later value silently wins)"))
case("top_level_array", "a counters file that is an array", {C: "[]\n"},
     (C, 1, 1, "", "expected a JSON object at the top level, got an array"))

case("schema_ref_wrong_kind", "a counters file pointing editors at the map schema (a warning: exit 0)",
     {C: edit(C, 1, "counters.schema.json", "map.schema.json")},
     (C, 1, '"../schema/map.schema.json"', "/$schema",
      "warning: this is a counters file; its \"$schema\" should name counters.schema.json"), exit=0)

# --- schema ------------------------------------------------------------------------------------------------
case("schema_wrong_type", "turn count as a string",
     {S: edit(S, 2, '"count": 3', '"count": "3"')},
     (S, 2, '"3"', "/turns/count", "expected an integer, got a string"))
case("schema_missing_required", "scenario without a title",
     {S: edit(S, 1, '"title": "S1", ', "")},
     (S, 1, 1, "", 'missing required property "title"'))
case("schema_enum", "a terrain kind that does not exist",
     {G: edit(G, 14, '"kind": "hex"', '"kind": "hexes"')},
     (G, 14, '"hexes"', "/terrain/clear/kind", 'expected one of "hex", "hexside", "line", "area"; got "hexes"'))
case("schema_bad_colour", "a five-digit colour",
     {G: edit(G, 6, '"#0000aa"', '"#0000a"')},
     (G, 6, '"#0000a"', "/sides/1/color", '"#0000a" is not a colour as #rrggbb'))
case("schema_negative_count", "a negative countermix count",
     {C: edit(C, 8, '"side": null,', '"side": null, "count": -1,')},
     (C, 8, "-1", "/counters/3/count", "expected a number >= 0, got -1"))
case("schema_bad_id", "a counter id with a space",
     {C: edit(C, 8, '"m.supp"', '"m supp"')},
     (C, 8, '"m supp"', "/counters/3/id",
      "\"m supp\" is not an id: letters, digits, '_', '.', '-'; starts with a letter or digit"))
case("schema_values_face_without_values", "a face of kind values that prints nothing",
     {C: edit(C, 3, '{"kind": "values", "values": {"attack": 2, "defense": 3, "movement": 4}}', '{"kind": "values"}')},
     (C, 3, '{"kind": "values"}', "/counters/0/faces/front", 'missing required property "values"'))
case("schema_unknown_source_field", "a provenance object with a field it does not have",
     {S: edit(S, 4, '"hex": "0202"}', '"hex": "0202", "source": {"values": "rulebook", "page": 3}}')},
     (S, 4, '"page"', "/setup/0/source", "unknown property 'page' (allowed: note, rule, values)"))
case("schema_setup_two_places", "a unit both on a hex and off the map",
     {S: edit(S, 6, '"r.hq", "off_map"', '"r.hq", "hex": "0101", "off_map"')},
     (S, 6, "{", "/setup/2", 'give only one of "hex", "pos", "off_map" (found hex, off_map)'))
case("schema_map_kind", "a map kind that does not exist",
     {M: edit(M, 2, '"kind": "hex"', '"kind": "hexagon"')},
     (M, 2, '"hexagon"', "/maps/0/kind", 'expected one of "hex", "table"; got "hexagon"'))
case("schema_grid_missing_rows", "a grid without its row count",
     {M: edit(M, 3, '"rows": 5, ', "")},
     (M, 3, '{"orientation"', "/maps/0/grid", 'missing required property "rows"'))
case("schema_bad_face_name", "a face name with a space",
     {C: edit(C, 5, '"back": {"kind": "blank"}', '"back side": {"kind": "blank"}')},
     (C, 5, '"back side"', "/counters/1/faces/back side",
      "invalid name \"back side\": expected an id: letters, digits, '_', '.', '-'; starts with a letter or digit"))

# --- cross-references: manifest ----------------------------------------------------------------------------
case("duplicate_formation", "two formations with one id; a counter then names the lost one",
     {G: edit(G, 11, '"id": "b1"', '"id": "r1"')},
     (G, 11, '"r1"', "/formations/2/id", "duplicate formation id 'r1'"),
     (C, 6, '"b1"', "/counters/2/formation", "unknown formation 'b1'"))
case("formation_cycle", "formations that are each other's parent",
     {G: edit(G, 9, '"parent": null', '"parent": "r2"')},
     (G, 9, '"r2"', "/formations/0/parent", "formation parents form a cycle: r1 -> r2 -> r1"))
case("formation_unknown_side", "a formation of a side that does not exist",
     {G: edit(G, 11, '"side": "blue"', '"side": "purple"')},
     (G, 11, '"purple"', "/formations/2/side", "unknown side 'purple' (sides: blue, red)"))
case("unknown_system", "a rule system no plugin provides",
     {G: edit(G, 3, '"efb"', '"chess"')},
     (G, 3, '"chess"', "/system", "unknown rule system 'chess' (installed: …"))
case("unknown_policy", "a policy the plugin does not declare",
     {G: edit(G, 19, '"policies": {}', '"policies": {"no_such_policy": 1}')},
     (G, 19, '"no_such_policy"', "/rules/policies/no_such_policy",
      "unknown policy 'no_such_policy' for system 'efb' (policies: …"))
case("missing_map_file", "a manifest naming a map file that does not exist",
     {G: edit(G, 20, '"../maps/base.json"', '"../maps/nope.json"')},
     (G, 20, '"../maps/nope.json"', "/files/maps/0", "file not found: maps/nope.json"))

case("layout_schema", "a game's own counter layout with a corner radius as text",
     {G: edit(G, 19, '"rules": {"policies": {}},',
              '"rules": {"policies": {}}, "counter_layouts": {"mine": {"extends": "generic", '
              '"corner_radius": "big"}},')},
     (G, 19, '"big"', "/counter_layouts/mine/corner_radius", "expected a number, got a string"))
case("layout_extends_unknown", "a game's own counter layout based on a layout that does not exist",
     {G: edit(G, 19, '"rules": {"policies": {}},',
              '"rules": {"policies": {}}, "counter_layouts": {"mine": {"extends": "nope"}},')},
     (G, 19, '"nope"', "/counter_layouts/mine/extends", "unknown counter layout 'nope' (known: …"))

# --- cross-references: counters ----------------------------------------------------------------------------
case("duplicate_unit", "two counters with one id; the scenario then names the lost one",
     {C: edit(C, 6, '"b.inf"', '"r.inf"')},
     (C, 6, '"r.inf"', "/counters/2/id", "duplicate counter id 'r.inf'"),
     (S, 5, '"b.inf"', "/setup/1/unit", "unknown unit 'b.inf' (not in counters/base.json; did you mean 'r.inf'?)"))
case("unknown_side", "a counter of a side that does not exist",
     {C: edit(C, 2, '"side": "red"', '"side": "green"')},
     (C, 2, '"green"', "/counters/0/side", "unknown side 'green' (sides: blue, red)"))
case("unknown_nationality", "a nationality its side does not have",
     {C: edit(C, 2, '"side": "red",', '"side": "red", "nationality": "green",')},
     (C, 2, '"green"', "/counters/0/nationality",
      "nationality 'green' is not a nationality of side 'red' (nationalities: red)"))
case("unknown_formation", "a counter of a formation that does not exist",
     {C: edit(C, 2, '"formation": "r1"', '"formation": "r9"')},
     (C, 2, '"r9"', "/counters/0/formation", "unknown formation 'r9'"))
case("missing_required_value", "a maneuver unit without movement (EFB needs attack, defense, movement)",
     {C: edit(C, 3, ', "movement": 4}', "}")},
     (C, 3, '{"attack"', "/counters/0/faces/front/values",
      "missing value movement: system 'efb' requires attack, defense, movement on face 'front' for class 'maneuver'"))
case("unknown_layout", "a counter layout nobody defines",
     {C: edit(C, 8, '"side": null,', '"side": null, "layout": "no-such-layout",')},
     (C, 8, '"no-such-layout"', "/counters/3/layout", "unknown counter layout 'no-such-layout' (known: …"))
case("counters_game_mismatch", "a counters file of another game",
     {C: edit(C, 1, '"game": "base"', '"game": "other"')},
     (C, 1, '"other"', "/game", "game 'other' does not match the manifest's id 'base'"))
case("mark_for_missing_value", "a print mark on a value the face does not print",
     {C: edit(C, 3, '"movement": 4}}', '"movement": 4}, "marks": {"range": ["boxed"]}}')},
     (C, 3, '"range"', "/counters/0/faces/front/marks/range",
      "mark for value 'range', which face 'front' does not print"))

# --- cross-references: maps --------------------------------------------------------------------------------
case("terrain_undeclared", "a hex terrain the manifest does not declare",
     {M: edit(M, 5, '"woods"', '"swamp"')},
     (M, 5, '"swamp"', "/maps/0/hexes/0202",
      "terrain 'swamp' is not declared in the manifest's \"terrain\" (games/base.json)"))
case("terrain_wrong_kind", "a hexside terrain filling a hex",
     {M: edit(M, 5, '"woods"', '"river"')},
     (M, 5, '"river"', "/maps/0/hexes/0202", "terrain 'river' is a hexside terrain, but is used here as hex"))
case("hexside_wrong_kind", "a line terrain used as a hexside",
     {M: edit(M, 6, '"type": "river"', '"type": "road"')},
     (M, 6, '"road"', "/maps/0/hexsides/0/type", "terrain 'road' is a line terrain, but is used here as hexside"))
case("hex_off_grid", "terrain for a hex beyond the 6x5 grid",
     {M: edit(M, 5, '"0202": "woods"', '"0202": "woods", "0707": "woods"')},
     (M, 5, '"0707"', "/maps/0/hexes/0707", "hex '0707' is not on map 'm' (columns 01–06, rows 01–05)"))
case("line_not_adjacent", "a road skipping a hex",
     {M: edit(M, 7, '"0101", "0201", "0301"', '"0101", "0301"')},
     (M, 7, '"0301"', "/maps/0/lines/0/hexes/1",
      "hex '0301' is not adjacent to the previous hex '0101'; a line runs through adjacent hexes"))
case("hexside_not_adjacent", "a river between hexes two apart",
     {M: edit(M, 6, '"0403"', '"0503"')},
     (M, 6, '["0303"', "/maps/0/hexsides/0/hexes",
      "hexes '0303' and '0503' are not adjacent, so they share no hexside"))
case("hexside_high_not_its_hex", "a scarp's high side naming a hex off the hexside",
     {M: edit(M, 6, '"type": "river"}', '"type": "river", "high": "0404"}')},
     (M, 6, '"0404"', "/maps/0/hexsides/0/high",
      "high '0404' is not one of the hexside's hexes ['0303', '0403']; it names the hex above"))
case("duplicate_area", "two areas with one id",
     {M: edit(M, 8, '{"id": "east"', '{"id": "west"')},
     (M, 8, '"west", "hexes"', "/maps/0/areas/1/id", "duplicate area id 'west' on map 'm'"))
case("table_positions_outside", "a free-form table with an objective and a set-up position off the table",
     {M: '{"$schema": "../schema/map.schema.json", "game": "base", "maps": [\n'
         '  {"id": "m", "kind": "table", "width_in": 48, "height_in": 32,\n'
         '   "objectives": [{"id": "o1", "pos": [50, 10]}]}\n'
         ']}\n',
      S: '{"$schema": "../../schema/scenario.schema.json", "id": "s1", "game": "base", "title": "S1", "map": "m",\n'
         ' "first_player": "red", "turns": {"count": 3},\n'
         ' "setup": [\n'
         '  {"unit": "r.inf", "pos": [10, 5], "facing": 90},\n'
         '  {"unit": "b.inf", "pos": [60, 5]}\n'
         ' ]\n'
         '}\n'},
     (M, 3, "[50", "/maps/0/objectives/0/pos", "position [50, 10] is outside the 48x32 in table"),
     (S, 5, "[60", "/setup/1/pos", "position [60, 5] is outside the 48x32 in table"))

# --- cross-references: scenarios ---------------------------------------------------------------------------
case("setup_unknown_unit", "set-up of a unit that is not in the counters",
     {S: edit(S, 4, '"r.inf"', '"r.tank"')},
     (S, 4, '"r.tank"', "/setup/0/unit", "unknown unit 'r.tank' (not in counters/base.json)"))
case("setup_unknown_hex", "set-up on a hex that is not on the map",
     {S: edit(S, 4, '"0202"', '"0909"')},
     (S, 4, '"0909"', "/setup/0/hex", "hex '0909' is not on map 'm' (columns 01–06, rows 01–05)"))
case("setup_twice", "one unit set up in two places",
     {S: edit(S, 5, '{"unit": "b.inf", "hex": "0504", "face": "back"}', '{"unit": "r.inf", "hex": "0504"}')},
     (S, 5, '"r.inf"', "/setup/1/unit", "unit 'r.inf' is set up twice (first at /setup/0)"))
case("setup_unknown_face", "set-up with a face the counter does not have",
     {S: edit(S, 5, '"back"', '"reduced"')},
     (S, 5, '"reduced"', "/setup/1/face", "unit 'b.inf' has no face 'reduced' (faces: front, back)"))
case("reinforcement_after_last_turn", "a reinforcement on turn 4 of 3",
     {S: edit(S, 9, '"turn": 2', '"turn": 4')},
     (S, 9, "4", "/reinforcements/0/turn", "turn 4 is beyond the scenario's 3 turns"))
case("reinforcement_unknown_area", "entry through an area the map does not define",
     {S: edit(S, 9, '"west"', '"north"')},
     (S, 9, '"north"', "/reinforcements/0/area", "unknown area 'north' on map 'm' (areas: east, west)"))
case("reinforcement_wrong_side", "a red unit arriving as blue",
     {S: edit(S, 9, '"side": "red"', '"side": "blue"')},
     (S, 9, '"r.hq"', "/reinforcements/0/units/0", "unit 'r.hq' belongs to side 'red', not 'blue'"))
case("strength_unknown_unit", "a scenario strength track for a unit that is not in the counters",
     {S: edit(S, 2, '"turns": {"count": 3},', '"turns": {"count": 3}, "strength": {"r.ghost": {"track": [3, 2, 1]}},')},
     (S, 2, '"r.ghost"', "/strength/r.ghost", "unknown unit 'r.ghost' (not in counters/base.json)"))
case("reinforcement_unknown_option", "a reinforcement that depends on an option the scenario does not offer",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "option": "historical"}')},
     (S, 9, '"historical"', "/reinforcements/0/option", "unknown option 'historical' (the scenario's options: none)"))
case("reschedule_after_last_turn", "an option moving a reinforcement group past the last turn",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "group": "hq"}')
         .replace(' ]\n}', ' ],\n "options": [{"id": "late", "name": "Late", '
                  '"reschedule": [{"group": "hq", "turn": 5}]}]\n}')},
     (S, 11, "5}", "/options/0/reschedule/0/turn", "turn 5 is beyond the scenario's 3 turns"))
case("reschedule_unknown_group", "an option moving a reinforcement group that does not exist",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "group": "hq"}')
         .replace(' ]\n}', ' ],\n "options": [{"id": "late", "name": "Late", '
                  '"reschedule": [{"group": "qh", "turn": 3}]}]\n}')},
     (S, 11, '"qh"', "/options/0/reschedule/0/group", "no reinforcement entry has group 'qh' (groups: hq)"))
case("command_unknown", "a command list naming a formation that does not exist",
     {S: edit(S, 2, '"turns": {"count": 3},',
              '"turns": {"count": 3}, "command": [{"hq": "r.hq", "commands": ["r1", "r7"]}],')},
     (S, 2, '"r7"', "/command/0/commands/1", "'r7' is neither a formation nor a unit"))
case("friendly_edge_unknown_area", "a friendly edge that is not a map area",
     {S: edit(S, 2, '"turns": {"count": 3},', '"turns": {"count": 3}, "friendly_edges": {"red": ["west", "south"]},')},
     (S, 2, '"south"', "/friendly_edges/red/1", "unknown area 'south' on map 'm' (areas: east, west)"))
case("first_player_not_a_side", "a first player that is not a side",
     {S: edit(S, 2, '"red"', '"green"')},
     (S, 2, '"green"', "/first_player", "'green' is not a side (sides: blue, red)"))
case("unknown_map", "a scenario on a map that does not exist",
     {S: edit(S, 1, '"map": "m"', '"map": "big"')},
     (S, 1, '"big"', "/map", "unknown map 'big' (maps: m)"))

# --- more cross-file cases ---------------------------------------------------------------------------------
case("missing_counters_file", "a manifest naming a counters file that does not exist (no cascade of unknown units)",
     {G: edit(G, 20, '"../counters/base.json"', '"../counters/gone.json"')},
     (G, 20, '"../counters/gone.json"', "/files/counters", "file not found: counters/gone.json"))
case("missing_rules_pdf", "a rules PDF that is not there",
     {G: edit(G, 20, '"scenarios": [', '"rules_pdf": "../rules.pdf", "scenarios": [')},
     (G, 20, '"../rules.pdf"', "/files/rules_pdf", "file not found: rules.pdf"))
case("duplicate_map_across_files", "a second map file reusing the first file's map id",
     {G: edit(G, 20, '["../maps/base.json"]', '["../maps/base.json", "../maps/more.json"]'),
      "maps/more.json": '{"$schema": "../schema/map.schema.json", "game": "base", "maps": [\n'
                        '  {"id": "m", "kind": "table", "width_in": 48, "height_in": 32}\n'
                        ']}\n'},
     ("maps/more.json", 2, '"m"', "/maps/0/id", "duplicate map id 'm' (also in maps/base.json)"))
case("duplicate_scenario", "two scenario files with the same id",
     {G: edit(G, 20, '["../scenarios/base/s1.json"]', '["../scenarios/base/s1.json", "../scenarios/base/s2.json"]'),
      "scenarios/base/s2.json": (BASE / S).read_text()},
     ("scenarios/base/s2.json", 1, '"s1"', "/id", "duplicate scenario id 's1' (also in scenarios/base/s1.json)"))
case("hex_on_a_table", "a set-up hex on a free-form table",
     {M: '{"$schema": "../schema/map.schema.json", "game": "base", "maps": [\n'
         '  {"id": "m", "kind": "table", "width_in": 48, "height_in": 32}\n'
         ']}\n',
      S: edit(S, 5, '"hex": "0504", "face": "back"', '"pos": [1, 1]')},
     (S, 4, '"0202"', "/setup/0/hex", "map 'm' is a table: give \"pos\" in inches, not a hex"))
case("table_polygon_outside", "a table terrain polygon reaching beyond the table edge",
     {G: edit(G, 17, '"road": {"name": "Road", "kind": "line"}',
              '"road": {"name": "Road", "kind": "line"}, "wood": {"name": "Wood", "kind": "area"}'),
      M: '{"$schema": "../schema/map.schema.json", "game": "base", "maps": [\n'
         '  {"id": "t", "kind": "table", "width_in": 48, "height_in": 32,\n'
         '   "terrain": [{"type": "wood", "polygon": [[1, 1], [5, 1], [5, 40]]}]},\n'
         '  {"id": "m", "kind": "hex", "grid": {"orientation": "flat", "columns": 6, "rows": 5, '
         '"numbering": {"h_off": 1, "v_off": 1}},\n'
         '   "areas": [{"id": "west", "edge": "west"}]}\n'
         ']}\n'},
     (M, 3, "[5, 40]", "/maps/0/terrain/0/polygon/2", "point [5, 40] is outside the 48x32 in table"))
case("area_terrain_on_hex_map", "a table (area) terrain filling a hex",
     {G: edit(G, 17, '"road": {"name": "Road", "kind": "line"}',
              '"road": {"name": "Road", "kind": "line"}, "wood": {"name": "Wood", "kind": "area"}'),
      M: edit(M, 5, '"woods"', '"wood"')},
     (M, 5, '"wood"', "/maps/0/hexes/0202", "terrain 'wood' is an area terrain, but is used here as hex"))
case("turn_labels_count", "three turns with two labels",
     {S: edit(S, 2, '{"count": 3}', '{"count": 3, "labels": ["1 Jul", "2 Jul"]}')},
     (S, 2, '["1 Jul"', "/turns/labels", "2 turn labels for 3 turns"))
case("side_not_in_scenario", "a scenario for red only that sets up a blue unit",
     {S: edit(S, 2, '"first_player": "red",', '"first_player": "red", "sides": ["red"],')},
     (S, 5, '"b.inf"', "/setup/1/unit",
      "unit 'b.inf' belongs to side 'blue', which does not take part in this scenario"))
case("hq_without_command_radius", "an EFB HQ that does not print its command radius",
     {C: edit(C, 5, ', "command_radius": 3}', "}")},
     (C, 5, '{"movement": 6}', "/counters/1/faces/front/values",
      "missing value command_radius: system 'efb' requires movement, command_radius on face 'front' for class 'hq'"))


# --- unknown and misspelt properties (closed schemas): reported at the object, located at the key -------------
case("unknown_key_manifest_files", "a misspelt \"scenarios\" in files would silently drop every scenario",
     {G: edit(G, 20, '"scenarios": [', '"scenarois": [')},
     (G, 20, '"scenarois"', "/files", "unknown property 'scenarois' (did you mean 'scenarios'?)"))
case("unknown_key_manifest_side", "British spelling of a side's colour",
     {G: edit(G, 6, '"color": "#0000aa"', '"colour": "#0000aa"')},
     (G, 6, '"colour"', "/sides/1", "unknown property 'colour' (did you mean 'color'?)"))
case("unknown_key_manifest_top", "a misspelt top-level section of the manifest",
     {G: edit(G, 19, '"rules": {', '"rule": {')},
     (G, 19, '"rule"', "", "unknown property 'rule' (did you mean 'rules'?)"))
case("unknown_key_terrain", "a misspelt key in a terrain type (two levels down in an open map of ids)",
     {G: edit(G, 15, '"kind": "hex"}', '"kind": "hex", "patern": "trees"}')},
     (G, 15, '"patern"', "/terrain/woods", "unknown property 'patern' (did you mean 'pattern'?)"))
case("unknown_key_counter", "a misspelt countermix count on a marker",
     {C: edit(C, 8, '"side": null,', '"side": null, "cuont": 4,')},
     (C, 8, '"cuont"', "/counters/3", "unknown property 'cuont' (did you mean 'count'?)"))
case("unknown_key_counter_face", "a misspelt \"values\" on a face: the values are lost, so they are also missing",
     {C: edit(C, 3, '"values": {"attack": 2', '"valeus": {"attack": 2')},
     (C, 3, '{"kind": "values"', "/counters/0/faces/front", 'missing required property "values"'),
     (C, 3, '"valeus"', "/counters/0/faces/front", "unknown property 'valeus' (did you mean 'values'?)"))
case("unknown_key_two_in_one_object", "two unknown keys in one counter: one issue each, in file order",
     {C: edit(C, 6, '"class": "maneuver",', '"class": "maneuver", "designaton": "1", "Name": "Blue",')},
     (C, 6, '"designaton"', "/counters/2", "unknown property 'designaton' (did you mean 'designation'?)"),
     (C, 6, '"Name"', "/counters/2", "unknown property 'Name' (did you mean 'name'?)"))
case("unknown_key_map", "a misspelt default terrain on a hex map",
     {M: edit(M, 4, '"default_terrain"', '"default_terain"')},
     (M, 4, '"default_terain"', "/maps/0", "unknown property 'default_terain' (did you mean 'default_terrain'?)"))
case("unknown_key_map_hexside", "a misspelt name on a hexside entry",
     {M: edit(M, 6, '"type": "river"}', '"type": "river", "nmae": "Elbe"}')},
     (M, 6, '"nmae"', "/maps/0/hexsides/0", "unknown property 'nmae' (did you mean 'name'?)"))
case("unknown_key_map_numbering", "a VASSAL-style camelCase numbering field (the grid also cannot be built)",
     {M: edit(M, 3, '"h_off": 1', '"hOff": 1')},
     (M, 3, '{"orientation"', "/maps/0/grid",
      "warning: hex labels and adjacency not checked: map 'm': grid.numbering: unknown field 'hOff'"),
     (M, 3, '"hOff"', "/maps/0/grid/numbering", "unknown property 'hOff' (did you mean 'h_off'?)"))
case("unknown_key_scenario_top", "a misspelt reinforcements list would silently schedule nothing",
     {S: edit(S, 8, '"reinforcements": [', '"reinforcments": [')},
     (S, 8, '"reinforcments"', "", "unknown property 'reinforcments' (did you mean 'reinforcements'?)"))
case("unknown_key_scenario_turns", "an unknown key without a near miss lists the allowed ones",
     {S: edit(S, 2, '"turns": {"count": 3}', '"turns": {"count": 3, "length": 5}')},
     (S, 2, '"length"', "/turns", "unknown property 'length' (allowed: count, labels, source)"))
case("unknown_key_setup", "a misspelt facing on a set-up entry",
     {S: edit(S, 4, '"hex": "0202"}', '"hex": "0202", "faceing": 60}')},
     (S, 4, '"faceing"', "/setup/0", "unknown property 'faceing' (did you mean 'facing'?)"))
case("unknown_key_reinforcement", "a misspelt group name key on a reinforcement entry",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "grup": "hq"}')},
     (S, 9, '"grup"', "/reinforcements/0", "unknown property 'grup' (did you mean 'group'?)"))
case("unknown_key_reinforcement_roll", "the old entry-level \"repeat\" spelt inside the roll as \"repeats\"",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "roll": {"die": "1d6", "on": [6], "repeats": "once"}}')},
     (S, 9, '"repeats"', "/reinforcements/0/roll", "unknown property 'repeats' (did you mean 'repeat'?)"))
case("unknown_key_roll_condition", "a roll condition in the old shape ({\"<side>_in_area\": …})",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "roll": {"die": "1d6", "on": [6], '
                                       '"requires": {"red_in_area": "east"}}}')},
     (S, 9, '{"red_in_area"', "/reinforcements/0/roll/requires", 'missing required properties "side", "in_area"'),
     (S, 9, '"red_in_area"', "/reinforcements/0/roll/requires",
      "unknown property 'red_in_area' (did you mean 'in_area'?)"))
case("roll_impossible_result", "a 1d6 roll that succeeds on 7",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "roll": {"die": "1d6", "on": [6, 7]}}')},
     (S, 9, "7]", "/reinforcements/0/roll/on/1", "1d6 cannot roll 7 (results 1-6)"))
case("roll_condition_unknown_area", "a roll condition naming an area the map does not define, and a non-side",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "roll": {"die": "2d6", "on": [12], "by_area": '
                                       '[{"side": "green", "in_area": "north", "on": [2]}]}}')},
     (S, 9, '"green"', "/reinforcements/0/roll/by_area/0/side", "'green' is not a side (sides: blue, red)"),
     (S, 9, '"north"', "/reinforcements/0/roll/by_area/0/in_area",
      "unknown area 'north' on map 'm' (areas: east, west)"))
case("pool_draw_unknown_box", "a reinforcement drawing from an off-map box no unit is set up in",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "pool_draw": {"pool": "pool", "count": 1}}')},
     (S, 9, '"pool",', "/reinforcements/0/pool_draw/pool",
      "no unit is set up in an off-map box 'pool' to draw from (boxes: reinforcements)"))
case("unknown_key_special_rule", "rule data beside \"params\" instead of inside it",
     {S: edit(S, 2, '"turns": {"count": 3},', '"turns": {"count": 3}, "special_rules": '
                                              '[{"id": "x", "text": "X", "param": {"n": 1}}],')},
     (S, 2, '"param"', "/special_rules/0", "unknown property 'param' (did you mean 'params'?)"))
case("misspelt_value_name", "a misspelt value name: the value the system needs is missing, and the hint names it",
     {C: edit(C, 3, '"movement": 4}', '"movment": 4}')},
     (C, 3, '{"attack": 2', "/counters/0/faces/front/values",
      "missing value movement: system 'efb' requires attack, defense, movement on face 'front' for class 'maneuver' "
      "(is 'movment' a misspelling of 'movement'?)"))
case("by_roll_results", "a by_roll whose results overlap and exceed the die",
     {S: edit(S, 9, '"area": "west"}', '"area": "west", "group": "hq"}')
         .replace(' ]\n}', ' ],\n "options": [{"id": "late", "name": "Late", "reschedule": [{"group": "hq", "turn": 2, '
                  '"roll": {"die": "1d6", "on": [1, 2, 3, 4, 5, 6]},\n  "by_roll": [{"on": [1, 2, 3], "turn": 2}, '
                  '{"on": [3, 7], "turn": 3}]}]}]\n}')},
     (S, 12, "3, 7]", "/options/0/reschedule/0/by_roll/1/on/0", "result 3 already picks turn 2 (by_roll/0)"),
     (S, 12, "7]", "/options/0/reschedule/0/by_roll/1/on/1", "1d6 cannot roll 7 (results 1-6)"))
case("value_name_near_miss", "a value name printed once that is a near miss of one the game prints often (a warning)",
     {C: edit(C, 8, '"text": "S"}}', '"text": "S"}, "back": {"kind": "values", "values": {"movment": 2}}}')},
     (C, 8, '"movment"', "/counters/3/faces/back/values/movment",
      "warning: value 'movment' is printed on this face only; did you mean 'movement' (3 faces)?"), exit=0)
case("misspelt_references", "misspelt ids of a formation, an area and an option get the nearest known id",
     {C: edit(C, 2, '"formation": "r1"', '"formation": "r_1"'),
      S: edit(S, 9, '"area": "west"}', '"area": "wset", "option": "lat"}')
         .replace(' ]\n}', ' ],\n "options": [{"id": "late", "name": "Late"}]\n}')},
     (C, 2, '"r_1"', "/counters/0/formation", "unknown formation 'r_1' (did you mean 'r1'?)"),
     (S, 9, '"wset"', "/reinforcements/0/area",
      "unknown area 'wset' on map 'm' (areas: east, west; did you mean 'west'?)"),
     (S, 9, '"lat"', "/reinforcements/0/option",
      "unknown option 'lat' (the scenario's options: late; did you mean 'late'?)"))

case("unknown_key_rules_crt", "a misspelt key in a column of an EFB combat results table (plugin rules schema)",
     {G: edit(G, 19, '"rules": {"policies": {}},',
              '"rules": {"tables": {"crt": {"mobile": {"columns": [{"label": "+0", "min": 0, "max": 0, '
              '"result": ["-", "-", "-", "-", "-", "-"]}]}}}, "policies": {}},')},
     (G, 19, '{"label"', "/rules/tables/crt/mobile/columns/0", 'missing required property "results"'),
     (G, 19, '"result"', "/rules/tables/crt/mobile/columns/0", "unknown property 'result' (did you mean 'results'?)"))
case("unknown_key_rules_tec_source", "misspelt keys in an EFB terrain effect and in its provenance record",
     {G: edit(G, 19, '"rules": {"policies": {}},',
              '"rules": {"tables": {"tec": {"woods": {"mp": 2, "shfit": -1, '
              '"source": {"rule": "EFB 13", "vaules": "illustrative"}}}}, "policies": {}},')},
     (G, 19, '"shfit"', "/rules/tables/tec/woods", "unknown property 'shfit' (did you mean 'shift'?)"),
     (G, 19, '{"rule"', "/rules/tables/tec/woods/source", 'missing required property "values"'),
     (G, 19, '"vaules"', "/rules/tables/tec/woods/source", "unknown property 'vaules' (did you mean 'values'?)"))
case("unknown_table_rules", "a misspelt table name in rules.tables",
     {G: edit(G, 19, '"rules": {"policies": {}},', '"rules": {"tables": {"stacknig": []}, "policies": {}},')},
     (G, 19, '"stacknig"', "/rules/tables", "unknown property 'stacknig' (did you mean 'stacking'?)"))

# --- names only the renderers read, and gaps found by a new designer (issue #20) -----------------------------
case("symbol_unknown_type", "a symbol type no drawer knows (counters/sheet/build used to fail naming no counter)",
     {C: edit(C, 2, '"class": "maneuver",', '"class": "maneuver", "symbol": {"types": ["panzer_division"]},')},
     (C, 2, '"panzer_division"', "/counters/0/symbol/types/0",
      "unknown symbol type 'panzer_division' (known: airborne, anti_aircraft, anti_tank, armour, …"))
case("symbol_misspelt_type", "a misspelt symbol type gets the nearest known one",
     {C: edit(C, 6, '"class": "maneuver",', '"class": "maneuver", "symbol": {"types": ["infantry", "armuor"]},')},
     (C, 6, '"armuor"', "/counters/2/symbol/types/1", "unknown symbol type 'armuor' (known: …"))
case("symbol_unknown_size", "a size marker that does not exist",
     {C: edit(C, 2, '"class": "maneuver",', '"class": "maneuver", "symbol": {"types": ["infantry"], "size": "IIII"},')},
     (C, 2, '"IIII"', "/counters/0/symbol/size",
      'expected one of "•", "••", "•••", "I", "II", "III", "X", "XX", "XXX", "XXXX", "battlegroup" or null, '
      'got a string "IIII"'))
case("symbol_unknown_hq_level", "an HQ level (drawn as the size marker) that is neither a marker nor an echelon",
     {C: edit(C, 4, '"class": "hq",', '"class": "hq", "symbol": {"types": ["hq"], "hq_level": "divison"},')},
     (C, 4, '"divison"', "/counters/1/symbol/hq_level", "unknown HQ level 'divison' (size markers: •, ••, •••, …"))
case("terrain_pattern_typo", "a misspelt fill pattern (drawn as a plain fill) and a misspelt hexside style",
     {G: edit(G, 16, '"kind": "hexside"}', '"kind": "hexside", "pattern": "dashd"}',
              edit(G, 15, '"kind": "hex"}', '"kind": "hex", "pattern": "tress"}'))},
     (G, 15, '"tress"', "/terrain/woods/pattern", "unknown fill pattern 'tress' for hex terrain 'woods' "
      "(known: trees, marsh, town, city, dots, hatch, hill, rough; did you mean 'trees'?)"),
     (G, 16, '"dashd"', "/terrain/river/pattern", "unknown hexside style 'dashd' for hexside terrain 'river' "
      "(known: solid, dashed, stream_dashed, bridge, embankment; did you mean 'dashed'?)"))
case("terrain_symbol_unknown", "a terrain symbol the map renderer does not draw",
     {G: edit(G, 14, '"kind": "hex"}', '"kind": "hex", "symbol": "castle"}')},
     (G, 14, '"castle"', "/terrain/clear/symbol",
      "unknown terrain symbol 'castle' (known: town, city, airfield, fort, star)"))
case("layout_font", "a font weight a counter layout does not have",
     {G: edit(G, 19, '"rules": {"policies": {}},',
              '"rules": {"policies": {}}, "counter_layouts": {"mine": {"extends": "generic", "faces": {"text": '
              '{"elements": [{"type": "text", "box": [0, 0, 1, 1], "text": "{designation}", "font": "heavy"}]}}}},')},
     (G, 19, '"heavy"', "/counter_layouts/mine/faces/text/elements/0/font",
      'expected one of "bold", "regular" or the path of a .ttf or .otf font file, got a string "heavy"'))
case("layout_cycle", "two counter layouts that extend each other",
     {G: edit(G, 19, '"rules": {"policies": {}},',
              '"rules": {"policies": {}}, "counter_layouts": {"a": {"extends": "b"}, "b": {"extends": "a"}},')},
     (G, 19, '"b"}', "/counter_layouts/a/extends", "counter layouts extend each other in a circle: a -> b -> a"))
case("place_label_hex_outside", "a place whose name would be printed on a hex that is not one of its own",
     {M: edit(M, 8, '"areas": [', '"places": [{"name": "Town", "hexes": ["0202", "0302"], "label_hex": "0404"}], '
              '"areas": [')},
     (M, 8, '"0404"', "/maps/0/places/0/label_hex", "label hex '0404' is not one of place 'Town''s hexes "
      "(0202, 0302): the name would be printed away from the place"))
case("setup_and_reinforcement", "a unit set up on a hex and also arriving as a reinforcement",
     {S: edit(S, 9, '"units": ["r.hq"]', '"units": ["r.hq", "r.inf"]')},
     (S, 9, '"r.inf"', "/reinforcements/0/units/1", "unit 'r.inf' is set up on the map at '0202' (/setup/0) and "
      "also arrives as a reinforcement; set it up off the map (\"off_map\") or drop one entry"))
case("terrain_misspelt", "a misspelt terrain id gets the nearest declared terrain of that kind",
     {G: edit(G, 15, '"woods": {"name": "Woods"', '"forest": {"name": "Forest"'),
      M: edit(M, 5, '"woods"', '"forrest"')},
     (M, 5, '"forrest"', "/maps/0/hexes/0202",
      "terrain 'forrest' is not declared in the manifest's \"terrain\" (games/base.json; did you mean 'forest'?)"))
case("hex_label_short", "a hex label without its leading zero: the grid's range and the well-formed label",
     {S: edit(S, 4, '"0202"', '"202"')},
     (S, 4, '"202"', "/setup/0/hex", "hex '202' is not on map 'm' (columns 01–06, rows 01–05; did you mean '0202'?)"))
case("rules_table_shape", "a plugin table given as an object: the message shows the shape the table takes",
     {G: edit(G, 19, '"rules": {"policies": {}},',
              '"rules": {"tables": {"stacking": {"max_units": 2}}, "policies": {}},')},
     (G, 19, '{"max_units"', "/rules/tables/stacking", "expected an array, got an object; expected shape: "
      '[{"nationality": <string>, "limit": <integer>, …}, …]'))
case("misspelt_face_and_command", "a misspelt face and a misspelt formation in a command list get the nearest id",
     {S: edit(S, 5, '"back"', '"bakc"', edit(S, 2, '"turns": {"count": 3},',
              '"turns": {"count": 3}, "command": [{"hq": "r.hq", "commands": ["r_2"]}],'))},
     (S, 2, '"r_2"', "/command/0/commands/0", "'r_2' is neither a formation nor a unit (did you mean 'r2'?)"),
     (S, 5, '"bakc"', "/setup/1/face", "unit 'b.inf' has no face 'bakc' (faces: front, back; did you mean 'back'?)"))


def main() -> None:
    for old in HERE.iterdir():
        if old.is_dir() and old.name != "_base":
            shutil.rmtree(old)
    for name, (why, files, issues) in CASES.items():
        root = HERE / name
        for rel, content in files.items():
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        expected = []
        for rel, line, where, ptr, message in issues:
            if isinstance(where, int):
                col = where
            else:
                raw = files[rel] if rel in files else (BASE / rel).read_text()
                text = raw.decode("utf-8", "surrogateescape") if isinstance(raw, bytes) else raw
                col = text.split("\n")[line - 1].index(where) + 1
            loc = f"{rel}:{line}:{col}:"
            expected.append(f"{loc} {message}" if ptr is None else f"{loc} {ptr or '/'}: {message}")
        (root / "expect.json").write_text(json.dumps({"why": why, "exit": EXIT[name], "issues": expected}, indent=2,
                                                     ensure_ascii=False) + "\n")
    print(f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
