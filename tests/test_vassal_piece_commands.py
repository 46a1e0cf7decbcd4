"""Piece commands in the built module (modgen.vassal.piece_traits) and their decoding (reader, adapter).

The engine test (tests/test_engine_pieces.py) proves the commands work in VASSAL; these tests pin the buildFile side
and decode logs written in VASSAL's command format (``+/id/type/state``, ``D/id/new/old``) from the built pieces.
"""

from __future__ import annotations

import copy
import zipfile
from pathlib import Path

import vassal_fixture as vf
from lxml import etree
from vassal_logs import add, log_text, save_text, stack, vsav

from modgen.data.model import load_game
from modgen.vassal import module as vmod
from modgen.vassal import piece_traits as pt
from modgen.vassal import sequence as se
from modgen.vassal import setups
from modgen.vassal import traits as tr
from modgen.vassal.adapter import adapt


def _build(tmp_path: Path, manifest: dict | None = None, counters: dict | None = None):
    over = {}
    if manifest is not None:
        over["manifest"] = manifest
    if counters is not None:
        over["counters"] = counters
    game = load_game(vf.write_workspace(tmp_path / "ws", **over))
    out = tmp_path / "x.vmod"
    vmod.build_module(game, out, **vf.STUBS)
    z = zipfile.ZipFile(out)
    root = etree.fromstring(z.read("buildFile.xml"))
    protos = {}
    for p in root.iter():
        if p.tag.endswith("PrototypeDefinition"):
            d = tr.parse_definition(p.text)
            protos[p.get("name")] = (d.types, d.states)
    slots = {}
    for s in root.iter("VASSAL.build.widget.PieceSlot"):
        d = tr.parse_definition(s.text)
        t, st = setups.expand_prototypes(d.types, d.states, protos)
        slots[tr.modgen_properties(t, st)["mg_unit"]] = (t, st)
    return game, slots


def _stepped_counters() -> dict:
    counters = copy.deepcopy(vf.COUNTERS)
    inf = next(c for c in counters["counters"] if c["id"] == "b.inf")
    inf["steps"] = {"track": [3, 2, 1], "value": "strength", "source": {"rule": "test", "values": "illustrative"}}
    return counters


def test_untried_unit_is_masked_for_its_side_and_restricted(tmp_path) -> None:
    _, slots = _build(tmp_path)
    types, states = slots["b.hq"]  # EFB: its back is "untried" (the plugin's masked_face)
    kinds = [tr.trait_kind(t) for t in types]
    assert kinds[0] == "restrict" and tr.parse_trait(types[0]).fields[:3] == ["Blue", "false", "true"]
    obs = tr.parse_trait(types[kinds.index("obs")])
    assert obs.fields[0] == pt.MASK_KEY and obs.fields[5] == "sides:Blue" and obs.fields[4] == pt.MASK_NAME
    assert states[kinds.index("obs")].startswith("Blue")
    # the Face layer turns front/spent only: the untried side is the mask, not a face to flip to
    face = next(tr.parse_trait(t) for t in types if tr.trait_kind(t) == "emb2")
    assert face.extra["name"] == tr.FACE_LAYER and len(face.extra["images"]) == 2
    # a unit with one face has no Face layer and no mask; markers have no owner
    assert "emb2" not in [tr.trait_kind(t) for t in slots["b.inf"][0]]
    assert "restrict" not in [tr.trait_kind(t) for t in slots["marker.supp"][0]]


def test_restricted_access_is_a_manifest_option(tmp_path) -> None:
    man = copy.deepcopy(vf.MANIFEST)
    man["vassal"]["restricted_access"] = False
    _, slots = _build(tmp_path, manifest=man)
    assert all("restrict" not in [tr.trait_kind(t) for t in t_s[0]] for t_s in slots.values())
    # the mask still names the owning side (only it may reveal)
    assert "obs" in [tr.trait_kind(t) for t in slots["b.hq"][0]]
    assert pt.restricted_access({"sides": [{"id": "a"}, {"id": "b"}]}) is True
    assert pt.restricted_access({"sides": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}) is False


def test_step_track_gets_step_loss_and_restore(tmp_path) -> None:
    _, slots = _build(tmp_path, counters=_stepped_counters())
    types, _ = slots["b.inf"]
    steps = next(tr.parse_trait(t) for t in types if tr.trait_kind(t) == "emb2")
    assert steps.extra["name"] == pt.STEP_LAYER and len(steps.extra["images"]) == 3
    assert steps.fields[3] == "Step loss" and steps.fields[27] == pt.STEP_LOSS_KEY
    assert steps.fields[6] == "Restore step" and steps.fields[28] == pt.RESTORE_KEY and steps.fields[17] == "false"
    reports = [tr.parse_trait(t).fields for t in types if tr.trait_kind(t) == "report"]
    assert [pt.STEP_LOSS_KEY] in [se.decode(f[0], ",") for f in reports]
    assert any("loses a step (step $Steps_Level$ of 3)" in f[1] for f in reports)
    assert any("deleted" in f[1] for f in reports)


def _piece_cmds(slots, unit, pid, state_edit=None):
    types, states = slots[unit]
    states = list(states)
    states[-1] = tr.basic_piece_state("main", 235, 96, pid)
    if state_edit:
        state_edit(types, states)
    return se.join_traits(types), states


def test_masked_setup_reveal_and_step_changes_decode(tmp_path) -> None:
    game, slots = _build(tmp_path, counters=_stepped_counters())
    hq_t, hq_s = _piece_cmds(slots, "b.hq", "101")
    inf_t, inf_s = _piece_cmds(slots, "b.inf", "102")
    kinds = [tr.trait_kind(t) for t in slots["b.hq"][0]]
    save = save_text([add("101", hq_t, se.join_traits(hq_s)), add("102", inf_t, se.join_traits(inf_s)),
                      stack("201", "main", 235, 96, "101", "102")])

    def with_state(states, i, value):
        s = list(states)
        s[i] = value
        return se.join_traits(s)

    revealed = with_state(hq_s, kinds.index("obs"), tr.obscurable_state(None))
    ik = [tr.trait_kind(t) for t in slots["b.inf"][0]]
    lost = with_state(inf_s, ik.index("emb2"), "2")
    lost2 = with_state(inf_s, ik.index("emb2"), "3")
    restored = with_state(inf_s, ik.index("emb2"), "2")
    steps = [["D/101/" + se.encode([revealed, se.join_traits(hq_s)], "/")],
             ["D/102/" + se.encode([lost, se.join_traits(inf_s)], "/")],
             ["D/102/" + se.encode([lost2, lost], "/")],
             ["D/102/" + se.encode([restored, lost2], "/")],
             ["D/101/" + se.encode([se.join_traits(hq_s), revealed], "/")]]
    res = adapt(vsav(log_text(save, steps)), game, scenario="s1", name="t.vlog")
    assert res.warnings == []
    ev = [{k: v for k, v in e.items() if k not in ("i", "source")} for e in res.events]
    # set up masked: it shows its untried side; the mask hides it from players, not from the log
    assert next(e for e in ev if e["type"] == "setup" and e["unit"] == "b.hq")["face"] == "back"
    played = ev[ev.index(next(e for e in ev if e["type"] == "reveal")):]
    assert played == [{"type": "reveal", "unit": "b.hq", "face": "front"},
                      {"type": "loss", "unit": "b.inf", "steps": 1},
                      {"type": "loss", "unit": "b.inf", "steps": 1},
                      {"type": "replacement", "unit": "b.inf", "steps": 1},
                      {"type": "flip", "unit": "b.hq", "face": "back"}]  # masked again: EFB 21.3 forbids it


def test_old_modules_face_layer_still_maps_every_face() -> None:
    # modules built before the Steps layer had one Face level per face (tests/test_adapter.py decodes those)
    assert pt.flip_faces(["front", "reduced"], None) == ["front"]
    assert pt.flip_faces(["front", "back", "spent"], "back") == ["front", "spent"]
