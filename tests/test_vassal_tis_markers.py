"""The Arnhem module's place-marker commands for the TiS markers the checks read, and their decoding.

A unit's piece places the marker counters :meth:`TaktykaIStrategia.unit_markers` declares: Entrenched [12.1.8], Out
of supply [32.2.3], the Fighter Attacks on Units table's "Z - unit stopped", and for engineers a minefield [21.1.1]
and an AT barricade [12.4.1]; ground units other than artillery and HQs an Object destroyed marker [22.1.7]. The log
reader turns a placed ``marker.X`` counter into the ``marker`` event ``X`` the checks read
(:meth:`RuleSystem.marker_name`); other systems keep the counter id.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from vassal_logs import NUMBERING, add, log_text, piece, save_text, stack, vsav

from modgen.data.model import Game, load_game
from modgen.rules.tis import TaktykaIStrategia as TiS
from modgen.rules.tis import barricades, common, counterattacks, engineers, fortifications, objects
from modgen.vassal.adapter import adapt
from modgen.vassal.module import build_module
from tests.data_helpers import REPO


def _tis_game() -> Game:
    """A 6x5 hex map, a German engineer and a British infantry unit, and the TiS marker counters."""
    markers = ["marker.at_barricade", "marker.stopped", "marker.minefield", "marker.object_destroyed",
               "marker.entrenched"]
    counters = {"counters": [
        {"id": "de.a", "kind": "unit", "side": "german", "class": "engineer", "faces": {"front": {}, "back": {}}},
        {"id": "gb.b", "kind": "unit", "side": "allies", "class": "infantry", "faces": {"front": {}, "back": {}}},
        *({"id": m, "kind": "marker", "faces": {"front": {}}} for m in markers)]}
    maps = {"maps": [{"id": "main", "kind": "hex", "grid": {"orientation": "flat", "columns": 6, "rows": 5,
                                                             "numbering": NUMBERING}}]}
    manifest = {"id": "tiny", "system": "tis", "vassal": {"hex_px": 100},
                "sides": [{"id": "german", "name": "German"}, {"id": "allies", "name": "Allies"}]}
    return Game(path=Path("games/tiny.json"), manifest=manifest, counters_doc=counters, maps_docs=[maps])


def _placed_on_engineer(marker: str) -> list[dict]:
    """Place Marker ``marker`` from de.a in hex 0203 (VASSAL: AddPiece off every map, then MovePiece onto it)."""
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    tb, sb = piece("102", "B", "main", 194, 350, unit="gb.b", side="allies")
    save = save_text([add("101", ta, sa), add("102", tb, sb), stack("s1", "main", 194, 350, "101", "102")])
    tm, sm = piece("110", "M", None, 0, 0, unit=marker, side="", faces=("front",))
    steps = [[add("110", tm, sm), "M/110/main/194/350/101/null/0/0/null/bob"], ["-/110"]]
    events = adapt(vsav(log_text(save, steps)), _tis_game()).events
    return [{k: v for k, v in e.items() if k not in ("i", "source")} for e in events
            if e.get("source", {}).get("step") is not None]


@pytest.mark.parametrize(("counter", "read_by"), [
    ("marker.at_barricade", barricades.AT_BARRICADE),  # [12.4.1]
    ("marker.stopped", counterattacks.STOPPED[0]),  # Fighter Attacks on Units: Z - unit stopped
    ("marker.minefield", engineers.MINEFIELD),  # [21.1.1]
    ("marker.object_destroyed", objects.DESTROYED),  # [22.1.7]
    ("marker.entrenched", fortifications.ENTRENCHED),  # [12.1.8]
])
def test_placed_tis_marker_decodes_to_the_marker_the_check_reads(counter: str, read_by: str) -> None:
    assert _placed_on_engineer(counter) == [
        {"type": "marker", "hex": "0203", "marker": read_by, "on": True, "unit": "de.a"},
        {"type": "marker", "hex": "0203", "marker": read_by, "on": False, "unit": "de.a"}]


def test_engineers_place_minefields_and_barricades_21_1_1_12_4_1() -> None:
    eng = [m.counter for m in TiS().unit_markers({"kind": "unit", "class": "engineer"})]
    assert {"marker.minefield", "marker.at_barricade", "marker.stopped", "marker.object_destroyed"} <= set(eng)
    inf = [m.counter for m in TiS().unit_markers({"kind": "unit", "class": "infantry"})]
    assert "marker.minefield" not in inf and "marker.at_barricade" not in inf  # only engineers [21.1.1], [12.4.1]
    art = [m.counter for m in TiS().unit_markers({"kind": "unit", "class": "artillery"})]
    assert "marker.object_destroyed" not in art  # artillery does not demolish objects on the spot [22.1.7]
    assert TiS().unit_markers({"kind": "unit", "class": "air"}) == ()


def test_every_declared_marker_is_an_arnhem_counter_the_checks_read() -> None:
    """A marker the game's counters lack is not offered: the Arnhem counters hold every one."""
    doc = json.loads((REPO / "counters" / "arnhem44.json").read_text())
    ids = {c["id"]: c for c in doc["counters"] if c.get("kind") == "marker"}
    read = {barricades.AT_BARRICADE, *counterattacks.STOPPED, engineers.MINEFIELD, objects.DESTROYED,
            fortifications.ENTRENCHED, common.OUT_OF_SUPPLY}
    for cls in ("engineer", "infantry", "armour", "hq"):
        for m in TiS().unit_markers({"kind": "unit", "class": cls}):
            assert m.counter in ids, m.counter
            assert TiS().marker_name(ids[m.counter]) in read


def test_the_arnhem_module_offers_the_new_place_marker_commands(tmp_path: Path) -> None:
    """The built Arnhem module: every ground unit places Stopped (fighter Z); the 1st Airborne's engineers (the only
    engineer counter) a minefield [21.1.1] and an AT barricade [12.4.1]; artillery and HQs no Object destroyed marker
    [22.1.7]."""
    out = tmp_path / "arnhem44.vmod"
    build_module(load_game(REPO / "games" / "arnhem44.json"), out, workers=1)
    xml = zipfile.ZipFile(out).read("buildFile.xml").decode()
    n = {cmd: xml.count(f"placemark;{cmd};") for cmd in ("Place Entrenched counter", "Place Stopped (fighter Z) marker",
                                                           "Place Minefield", "Place AT barricade",
                                                           "Place Object destroyed marker")}
    doc = json.loads((REPO / "counters" / "arnhem44.json").read_text())
    ground = [u for u in doc["counters"] if u.get("kind", "unit") == "unit" and u.get("class") != "air"]
    assert n["Place Entrenched counter"] == n["Place Stopped (fighter Z) marker"] == len(ground)
    assert n["Place Minefield"] == n["Place AT barricade"] == sum(u.get("class") == "engineer" for u in ground) == 1
    assert n["Place Object destroyed marker"] == sum(u.get("class") not in ("artillery", "hq") for u in ground)
