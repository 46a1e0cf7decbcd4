"""Place-marker commands on units (modgen.vassal.piece_traits, RuleSystem.unit_markers) and their decoding.

VASSAL 3.6 ``PlaceMarker.myGetType`` writes ``placemark;`` + command;key;markerSpec;markerText;xOffset;yOffset;
matchRotation;afterBurnerKey;description;gpId;placement;above (placement 0 top of stack, 1 bottom, 2 above this
piece, 3 below it); ``ComponentPathBuilder.getId`` writes a path as ``class:name`` elements joined by ``/``. Logs are
written in VASSAL's command format: a placed marker is ``+/id/type/state`` off every map followed by
``M/id/map/x/y/underId/oldMap/oldX/oldY/oldUnder/player`` (``StackMetrics.merge``). The engine test
(tests/test_engine_pieces.py) proves the trait in VASSAL itself.
"""

from __future__ import annotations

import copy
import zipfile
from pathlib import Path

import pytest
import vassal_fixture as vf
from lxml import etree
from vassal_logs import add, log_text, piece, save_text, stack, tiny_game, vsav

from modgen.data.model import Game, load_game
from modgen.errors import DataError
from modgen.rules.coh import ConflictOfHeroes as CoH
from modgen.rules.efb import EFBSystem as EFB
from modgen.rules.fow import FlamesOfWar as FoW
from modgen.rules.tis import TaktykaIStrategia as TiS
from modgen.systems.base import UnitMarker
from modgen.vassal import module as vmod
from modgen.vassal import piece_traits as pt
from modgen.vassal import sequence as se
from modgen.vassal import traits as tr
from modgen.vassal.adapter import adapt


def _counters(*markers: tuple[str, str]) -> dict:
    counters = copy.deepcopy(vf.COUNTERS)
    for cid, name in markers:
        counters["counters"].append({"id": cid, "kind": "marker", "side": None, "class": "marker",
                                     "designation": name, "faces": {"front": {"kind": "text", "text": name}},
                                     "count": 5})
    return counters


def _build(tmp_path: Path, counters: dict):
    game = load_game(vf.write_workspace(tmp_path / "ws", counters=counters))
    out = tmp_path / "x.vmod"
    vmod.build_module(game, out, **vf.STUBS)
    root = etree.fromstring(zipfile.ZipFile(out).read("buildFile.xml"))
    return game, root


def _slot_definitions(root) -> dict[str, tuple[list[str], str]]:
    """mg_unit -> (trait types, slot gpid) of every PieceSlot."""
    out = {}
    for s in root.iter("VASSAL.build.widget.PieceSlot"):
        d = tr.parse_definition(s.text)
        out[tr.modgen_properties(d.types, d.states)["mg_unit"]] = (d.types, s.get("gpid"))
    return out


def _resolve(root, path: str):
    """Follow a component path down the buildFile as ComponentPathBuilder.getPath does (class, then entryName)."""
    node = root
    for element in se.decode(path, "/"):
        cls, *name = se.decode(element, ":")
        kids = [k for k in node if k.tag == cls]
        match = [k for k in kids if not name or k.get("entryName") == name[0]]
        node = (match or kids)[0]
    return node


def test_place_marker_field_order() -> None:
    t = tr.place_marker("Place Supp", "49,130", "A:x/B:y", "17", placement=tr.PLACE_BELOW, description="d")
    assert t.startswith("placemark;")
    f = se.decode(t[len("placemark;"):], ";")
    assert f == ["Place Supp", "49,130", "A:x/B:y", "null", "0", "0", "false", "", "d", "17", "3", "false"]
    with pytest.raises(ValueError):
        tr.place_marker("x", "49,130", "p", "1", placement=4)


def test_component_path_escapes_the_delimiters() -> None:
    path = tr.component_path([("VASSAL.build.module.PieceWindow", None), ("W", "a/b:c")])
    assert se.decode(path, "/") == ["VASSAL.build.module.PieceWindow", "W:a/b\\:c"]
    assert se.decode(se.decode(path, "/")[1], ":") == ["W", "a/b:c"]


def test_units_get_a_command_per_marker_of_the_game(tmp_path) -> None:
    # EFB offers Suppressed (15.2) and Out of command (7.1); the game has only the Suppressed counter
    game, root = _build(tmp_path, _counters(("marker.suppressed", "Suppressed")))
    slots = _slot_definitions(root)
    types, _ = slots["r.1/a;b"]
    place = [tr.parse_trait(t) for t in types if tr.trait_kind(t) == "placemark"]
    assert len(place) == 1
    f = place[0].fields
    assert f[0] == "Place Suppressed marker" and f[1] == "49,130" and f[3] == "null" and f[10] == "2"
    # the spec is the component path of the Suppressed marker's palette slot
    node = _resolve(root, f[2])
    assert node.tag == "VASSAL.build.widget.PieceSlot" and node.get("gpid") == slots["marker.suppressed"][1]
    # its report names the marker
    reports = [tr.parse_trait(t).fields for t in types if tr.trait_kind(t) == "report"]
    report = next(r for r in reports if se.decode(r[0], ",") == ["49,130"])
    assert report[1:] == ["$location$: Suppressed placed on $newPieceName$", "", "", "Report Place Suppressed marker",
                          "false"]
    # markers place nothing; the trait gpids clash with no slot and stay below nextPieceSlotId
    assert not any(tr.trait_kind(t) == "placemark" for t in slots["marker.suppressed"][0])
    trait_ids = [tr.parse_trait(t).fields[9] for ts, _ in slots.values() for t in ts if tr.trait_kind(t) == "placemark"]
    slot_ids = {g for _, g in slots.values()}
    assert len(set(trait_ids)) == len(trait_ids) and not set(trait_ids) & slot_ids
    assert max(map(int, trait_ids)) < int(root.get("nextPieceSlotId"))


def test_no_command_when_the_game_lacks_the_markers(tmp_path) -> None:
    _, root = _build(tmp_path, _counters())  # its marker.supp is not the marker.suppressed EFB offers
    assert not any(tr.trait_kind(t) == "placemark" for ts, _ in _slot_definitions(root).values() for t in ts)


class _Many:
    """A rule system offering more marker kinds than there are keys."""

    def counter_role(self, counter: dict) -> str:
        return "marker" if counter.get("kind") == "marker" else "unit"

    def unit_markers(self, counter: dict) -> tuple[UnitMarker, ...]:
        return tuple(UnitMarker(f"m{i}", f"Place m{i}") for i in range(11))


def test_keys_are_one_per_marker_and_limited() -> None:
    units = [{"id": "u", "kind": "unit"}, *({"id": f"m{i}", "kind": "marker"} for i in range(11))]
    with pytest.raises(DataError, match="more than 10"):
        pt.marker_keys(units, _Many())
    keys = pt.marker_keys(units[:4], _Many())
    assert keys == {"m0": "49,130", "m1": "50,130", "m2": "51,130"}
    assert [p.key for p in pt.placings_for(units[0], _Many(), keys)] == ["49,130", "50,130", "51,130"]


def test_plugins_declare_the_markers_their_rules_put_on_units() -> None:
    efb = [m.counter for m in EFB().unit_markers({"kind": "unit", "class": "maneuver"})]
    assert efb == ["marker.suppressed", "marker.ooc"]  # EFB 15.2, 7.1
    assert EFB().unit_markers({"kind": "unit", "class": "air"}) == ()
    assert [m.counter for m in CoH().unit_markers({"kind": "unit", "class": "foot"})] == ["hit.foot"]
    assert CoH().unit_markers({"kind": "unit", "class": "vehicle"}) == ()  # vehicle hits are drawn (15.2)
    fow_tank = [m.counter for m in FoW().unit_markers({"kind": "team", "class": "tank"})]
    assert fow_tank == ["marker.pinned_down", "marker.bailed_out", "marker.out_of_command"]
    assert "marker.bailed_out" not in [m.counter for m in FoW().unit_markers({"kind": "team", "class": "gun"})]
    tis = TiS().unit_markers({"kind": "unit", "class": "infantry"})
    assert [(m.counter, m.under) for m in tis] == [("marker.entrenched", True), ("marker.out_of_supply", False),
                                                   ("marker.stopped", False), ("marker.object_destroyed", False)]


# --- the log -----------------------------------------------------------------------------------------------------

def _two_units_in_0203() -> list[str]:
    """de.a and su.b stacked in hex 0203 (main 194,350)."""
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    tb, sb = piece("102", "B", "main", 194, 350, unit="su.b", side="soviet", faces=("front", "reduced"))
    return [add("101", ta, sa), add("102", tb, sb), stack("s1", "main", 194, 350, "101", "102")]


def _marker(pid: str, map_id: str | None, x: int, y: int, unit: str = "marker.supp") -> tuple[str, str]:
    return piece(pid, "Supp", map_id, x, y, unit=unit, side="", faces=("front",))


def _strip(events: list[dict]) -> list[dict]:
    return [{k: v for k, v in e.items() if k not in ("i", "source")} for e in events
            if e.get("source", {}).get("step") is not None]


def test_placed_marker_names_the_unit_it_was_placed_on() -> None:
    tm, sm = _marker("110", None, 0, 0)
    # Place Marker on de.a (the bottom piece): AddPiece off every map, then moved right above de.a
    placed = [add("110", tm, sm), "M/110/main/194/350/101/null/0/0/null/bob"]
    text = log_text(save_text(_two_units_in_0203()), [placed, ["-/110"]])
    assert _strip(adapt(vsav(text), tiny_game()).events) == [
        {"type": "marker", "hex": "0203", "marker": "supp", "on": True, "unit": "de.a"},
        {"type": "marker", "hex": "0203", "marker": "supp", "on": False, "unit": "de.a"}]


def test_placed_marker_gives_the_event_a_dragged_marker_gives() -> None:
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    save = save_text([add("101", ta, sa), stack("s1", "main", 194, 350, "101")])
    tm, sm = _marker("110", None, 0, 0)
    placed = adapt(vsav(log_text(save, [[add("110", tm, sm), "M/110/main/194/350/101/null/0/0/null/bob"]])),
                   tiny_game()).events
    td, sd = _marker("110", "main", 194, 350)
    dragged = adapt(vsav(log_text(save, [[add("110", td, sd)]])), tiny_game()).events
    assert _strip(placed) == _strip(dragged) == [
        {"type": "marker", "hex": "0203", "marker": "supp", "on": True, "unit": "de.a"}]


def test_marker_moved_to_another_unit_of_the_hex() -> None:
    tm, sm = _marker("110", None, 0, 0)
    steps = [[add("110", tm, sm), "M/110/main/194/350/101/null/0/0/null/bob"],
             ["M/110/main/194/350/102/main/194/350/101/bob"]]
    ev = _strip(adapt(vsav(log_text(save_text(_two_units_in_0203()), steps)), tiny_game()).events)
    assert ev[-2:] == [{"type": "marker", "hex": "0203", "marker": "supp", "on": False, "unit": "de.a"},
                       {"type": "marker", "hex": "0203", "marker": "supp", "on": True, "unit": "su.b"}]


def test_marker_placed_below_a_unit_still_names_it() -> None:
    # PLACE_BELOW: merged above the unit (the MovePiece names it), then the stack is reordered (a ChangePiece)
    tm, sm = _marker("110", None, 0, 0)
    steps = [[add("110", tm, sm), "M/110/main/194/350/102/null/0/0/null/bob",
              "D/s1/" + se.encode(["main;194;350;101;110;102;@@-1", "main;194;350;101;102;110;@@-1"], "/")]]
    ev = _strip(adapt(vsav(log_text(save_text(_two_units_in_0203()), steps)), tiny_game()).events)
    assert ev == [{"type": "marker", "hex": "0203", "marker": "supp", "on": True, "unit": "su.b"}]


def test_marker_placed_on_a_table_team() -> None:
    game = tiny_game()
    maps = {"maps": [{"id": "table", "kind": "table", "width_in": 24, "height_in": 24}]}
    game = Game(path=game.path, manifest={**game.manifest, "vassal": {"px_per_inch": 50}},
                counters_doc=game.counters_doc, maps_docs=[maps])
    ta, sa = piece("101", "A", "table", 300, 300, unit="de.a")
    save = save_text([add("101", ta, sa), stack("s1", "table", 300, 300, "101")])
    tm, sm = _marker("110", None, 0, 0)
    steps = [[add("110", tm, sm), "M/110/table/300/300/101/null/0/0/null/bob"], ["-/110"]]
    assert _strip(adapt(vsav(log_text(save, steps)), game).events) == [
        {"type": "marker", "marker": "supp", "on": True, "unit": "de.a"},
        {"type": "marker", "marker": "supp", "on": False, "unit": "de.a"}]
