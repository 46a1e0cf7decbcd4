"""Acceptance: the scenario .vsav files `modgen build` puts in a module decode back to exactly the scenario's setup,
plus the scheduled reinforcements waiting in their arrival boxes.

The expected side is the scenario JSON itself (unit, hex / off-map box / table position, face), an independent
source; the actual side goes build -> .vmod -> safe zip read -> !VCSK -> command tree -> reader -> adapter.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import bundled_games  # tests/ is on sys.path (rootdir conftest)

from modgen.data.model import load_game
from modgen.vassal.adapter import adapt
from modgen.vassal.archive import Archive
from modgen.vassal.module import build_module


def _steps(game) -> int | None:
    """How many facings our modules give pieces (docs/vassal.md "Can rotate"): none unless a scenario sets facings;
    free (1) with a table map, else 6 on flat-topped hexes, 12 on pointy-topped ones."""
    if not any("facing" in e for sc in game.scenarios.values() for e in sc.get("setup") or []):
        return None
    if any(m.get("kind") == "table" for m in game.maps):
        return 1
    return 12 if any(m.get("grid", {}).get("orientation") == "pointy" for m in game.maps) else 6


def _key(e, ppi, steps, expected):
    pos = e.get("pos")
    # table positions go through integer pixels: compare on the module's pixel grid
    pos = tuple(round(v * ppi) for v in pos) if pos else None
    facing = None
    if steps and not e.get("off_map"):
        facing = float(e.get("facing", 0)) if expected else float(e["facing"])
        if steps > 1:  # stepped rotators hold the nearest step
            facing = round(facing / (360 / steps)) * (360 / steps)
        facing = round(facing % 360, 3)
    return (e["unit"], e.get("hex"), e.get("off_map"), pos, e.get("face") or "front", facing)


def moved(scen) -> dict[str, str]:
    """Unit → set-up face of the scheduled units the set-up puts in an off-map box that is not a pool a pool_draw
    draws from: they wait by their arrival instead, keeping that face (docs/vassal.md)."""
    pools = {e["pool_draw"]["pool"] for e in scen.get("reinforcements") or [] if e.get("pool_draw")}
    scheduled = {u for e in scen.get("reinforcements") or [] for u in e["units"]}
    return {e["unit"]: e.get("face") or "front" for e in scen.get("setup") or []
            if e.get("off_map") and e["off_map"] not in pools and e["unit"] in scheduled}


def check_waiting(game, scen, waiting) -> None:
    """The units of ``reinforcements`` that ``setup`` does not place wait off-map, once each, first face up (or the
    set-up's face), in a box named after their arrival: "Turn <n> (<label>) — <side name>…" (docs/vassal.md)."""
    faces = moved(scen)
    placed = {e["unit"] for e in scen.get("setup") or []} - set(faces)
    sides = {s["id"]: s.get("name", s["id"]) for s in game.manifest.get("sides") or []}
    due: dict[str, dict] = {}
    # a unit named by several entries waits for the earliest
    for entry in sorted(scen.get("reinforcements") or [], key=lambda e: e["turn"]):
        for u in entry["units"]:
            if u not in placed:
                due.setdefault(u, entry)
    assert sorted(e["unit"] for e in waiting) == sorted(due)
    for e in waiting:
        entry = due[e["unit"]]
        head = f"Turn {entry['turn']}" + (f" — {sides[entry['side']]}" if entry.get("side") else "")
        assert e["off_map"].startswith(head), (e, entry)  # the box's id (its title has names)
        assert entry.get("area", "") in e["off_map"] or entry.get("group", "") in e["off_map"]
        assert e.get("face", "front") == faces.get(e["unit"], next(iter(game.unit(e["unit"])["faces"])))
    # one box per arrival: units of one entry wait together
    by_entry: dict[int, set[str]] = {}
    for e in waiting:
        by_entry.setdefault(id(due[e["unit"]]), set()).add(e["off_map"])
    assert all(len(boxes) == 1 for boxes in by_entry.values())


@pytest.fixture(scope="module", params=[p for p in bundled_games()], ids=lambda p: p.stem)
def built(request, tmp_path_factory):
    game = load_game(request.param)
    out = tmp_path_factory.mktemp(request.param.stem) / "module.vmod"
    build_module(game, out)
    return game, out


def test_every_scenario_setup_round_trips(built):
    game, vmod = built
    ppi = float((game.manifest.get("vassal") or {}).get("px_per_inch") or 30)
    assert game.scenarios, f"{game.id} has no scenarios"
    with Archive(vmod) as arc:
        vsavs = {n for n in arc.names() if n.endswith(".vsav")}
        assert len(vsavs) == len(game.scenarios)
        for sid, scen in game.scenarios.items():
            name = next(n for n in vsavs if n == f"{sid}.vsav" or n.startswith(sid))
            res = adapt(arc.read(name), game, scenario=sid, name=name)
            assert res.warnings == []
            steps = _steps(game)
            markers = {u["id"] for u in game.units if u.get("kind") == "marker"}
            waits = moved(scen)
            want = Counter(_key(e, ppi, None if e["unit"] in markers else steps, True)
                           for e in scen.get("setup") or [] if e["unit"] not in waits)
            placed = {e["unit"] for e in scen.get("setup") or []} - set(waits)
            waiting = [e for e in res.events if e["type"] == "setup" and e["unit"] not in placed]
            got = Counter(_key(e, ppi, None if e["unit"] in markers else steps, False)
                          for e in res.events if e["type"] == "setup" and e["unit"] in placed)
            assert got == want, (sid, got - want, want - got)
            check_waiting(game, scen, waiting)
            # nothing but the scenario start and the setup comes out of a fresh scenario
            assert {e["type"] for e in res.events} <= {"scenario_start", "setup"}
